/**
 * `consilium sweep merge OUT DIR...`: the shards of a sweep (run with
 * `--shard i/n` on separate machines or array tasks) become one sweep folder,
 * as if one machine had run the whole grid: the cells of every shard under
 * `OUT/cells/`, their LLM caches in `OUT/llm-cache/`, and the table and
 * figures written by the same code as a one-machine sweep, so byte for byte
 * the same. Nothing is re-run; a cell no shard finished is named, with the
 * shard that owes it. Conflicts (a cell, or a cache key, with different
 * contents in two folders) are reported and the first folder's kept.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../data/index";
import { mergeCacheFolders, stableStringify, type CacheConflict } from "../llm/index";
import type { Row } from "../core/index";
import { ConfigError } from "./config";
import { checkSweepFolder } from "./folder-guard";
import { SWEEP_PLAN_FILE, writeSweepOutputs, type SweepPlan, type SweepResult } from "./sweep";

/** A cell saved with different rows in two folders (the first folder's row is kept). */
export interface CellConflict {
  cell: number;
  key: string;
  kept: string;
  differs: string;
}

export interface SweepMergeResult extends Omit<SweepResult, "resumed"> {
  /** Cells taken from each source folder (in the order given). */
  cellsFrom: Array<{ dir: string; cells: number }>;
  cacheAppended: number;
  cellConflicts: CellConflict[];
  cacheConflicts: CacheConflict[];
  /** OUT/merge-report.json: the sources, the counts and every conflict. */
  report: string;
}

function readPlan(dir: string): SweepPlan {
  const file = path.join(dir, SWEEP_PLAN_FILE);
  if (!existsSync(file)) throw new ConfigError(`${dir} holds no ${SWEEP_PLAN_FILE}: not a sweep folder written by consilium sweep (with or without --shard)`);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as SweepPlan;
  } catch (error) {
    throw new ConfigError(`${file} is not readable JSON (${(error as Error).message})`);
  }
}

/** The first field in which two plans differ (the cache folder is each shard's own and never compared), or null. */
function planDifference(a: SweepPlan, b: SweepPlan): string | null {
  for (const field of ["experiment", "seed", "llm", "grid", "title", "note"] as const)
    if (stableStringify(a[field]) !== stableStringify(b[field])) return `${field} ${JSON.stringify(a[field])} vs ${JSON.stringify(b[field])}`;
  const at = a.cells.findIndex((cell, i) => cell.key !== b.cells[i]?.key);
  if (at >= 0 || a.cells.length !== b.cells.length)
    return `cell ${at + 1}'s key (a --set, --config, --data path or default differs between the two, so the cells ran different configs)`;
  return null;
}

/** How many shards the folders were split into, from their shard files (undefined for unsharded sweep folders). */
function shardCount(dirs: readonly string[]): number | undefined {
  for (const dir of dirs) {
    const match = readdirSync(dir)
      .map((entry) => /^shard-\d+-of-(\d+)\.json$/.exec(entry))
      .find((m) => m !== null);
    if (match) return Number(match[1]);
  }
  return undefined;
}

function cacheOf(dir: string, plan: SweepPlan): string {
  return plan.cacheDir ? path.resolve(dir, plan.cacheDir) : path.join(dir, "llm-cache");
}

/** A saved cell's content apart from its position (a grid that grew between shards' runs may renumber it). */
function rowContent(text: string): string {
  const { cell: _cell, ...rest } = JSON.parse(text) as Row;
  return stableStringify(rest);
}

/**
 * Merge sweep folders of one grid (shards, or partial runs) into `outDir`:
 * checks that their plans agree (same experiment, grid, seed, LLM and cell
 * keys), takes each cell from the first folder that has it, appends every
 * folder's LLM cache to `outDir/llm-cache`, and writes the whole table and
 * figures exactly as a one-machine sweep does. Throws a ConfigError naming
 * the cells no folder holds (and the shard that should have run them).
 *
 * @example
 * const merged = await mergeSweeps("runs/sweep-all", ["runs/shard0", "runs/shard1", "runs/shard2"]);
 * merged.files.csv; // "runs/sweep-all/sweep_sentimental.csv"
 */
export async function mergeSweeps(outDir: string, dirs: readonly string[]): Promise<SweepMergeResult> {
  if (dirs.length === 0) throw new ConfigError("sweep merge needs at least one sweep folder to merge");
  const sources = dirs.map((dir) => path.resolve(dir));
  const target = path.resolve(outDir);
  if (sources.includes(target)) throw new ConfigError(`sweep merge: OUT ${outDir} is also one of the folders to merge; give a new folder as OUT`);
  const plans = sources.map(readPlan);
  const plan = plans[0]!;
  plans.forEach((other, i) => {
    const difference = planDifference(plan, other);
    if (difference) throw new ConfigError(`${dirs[i]} is not a shard of the same sweep as ${dirs[0]}: ${difference}`);
  });
  checkSweepFolder(target, plan.experiment);
  if (existsSync(path.join(target, SWEEP_PLAN_FILE))) {
    const difference = planDifference(plan, readPlan(target));
    if (difference) throw new ConfigError(`${outDir} holds another sweep: ${difference}; give a new folder as OUT`);
  }

  const cellsFrom = sources.map((dir) => ({ dir, cells: 0 }));
  const cellConflicts: CellConflict[] = [];
  const missing: number[] = [];
  const rows: Row[] = [];
  mkdirSync(path.join(target, "cells"), { recursive: true });
  for (const { cell, key } of plan.cells) {
    const into = path.join(target, "cells", `${key}.json`);
    const holders = [...(existsSync(into) ? [target] : []), ...sources].filter((dir) => existsSync(path.join(dir, "cells", `${key}.json`)));
    if (holders.length === 0) {
      missing.push(cell);
      continue;
    }
    const first = holders[0]!;
    const text = readFileSync(path.join(first, "cells", `${key}.json`), "utf8");
    for (const other of holders.slice(1)) {
      if (rowContent(readFileSync(path.join(other, "cells", `${key}.json`), "utf8")) !== rowContent(text))
        cellConflicts.push({ cell, key, kept: first, differs: other });
    }
    if (first !== target) {
      copyFileSync(path.join(first, "cells", `${key}.json`), into);
      cellsFrom[sources.indexOf(first)]!.cells++;
    }
    // Today's position, as a resumed cell gets it.
    rows.push({ ...(JSON.parse(text) as Row), cell });
  }
  if (missing.length > 0) {
    const count = shardCount(sources);
    const owed = count
      ? ` (shard${new Set(missing.map((c) => (c - 1) % count)).size > 1 ? "s" : ""} ${[...new Set(missing.map((c) => (c - 1) % count))].join(", ")} of ${count})`
      : "";
    throw new ConfigError(
      `sweep merge: ${missing.length} of ${plan.cells.length} cells are in none of the folders: cell${missing.length > 1 ? "s" : ""} ${missing.join(", ")}${owed}; run the missing shard(s) (finished cells resume) and merge again`,
    );
  }

  const cache = mergeCacheFolders(
    path.join(target, "llm-cache"),
    sources.map((dir, i) => cacheOf(dir, plans[i]!)),
  );
  writeFileAtomic(path.join(target, SWEEP_PLAN_FILE), JSON.stringify({ ...plan, cacheDir: "llm-cache" }, null, 1) + "\n");
  const outputs = await writeSweepOutputs({ ...plan, cacheDir: "llm-cache" }, rows, target);
  const report = path.join(target, "merge-report.json");
  writeFileAtomic(
    report,
    JSON.stringify(
      { experiment: plan.experiment, cells: plan.cells.length, cellsFrom, cacheAppended: cache.appended, cellConflicts, cacheConflicts: cache.conflicts },
      null,
      1,
    ) + "\n",
  );
  return { ...outputs, cellsFrom, cacheAppended: cache.appended, cellConflicts, cacheConflicts: cache.conflicts, report };
}

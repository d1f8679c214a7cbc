/**
 * Parameter sweeps: the cartesian product of a grid, each cell one run of an
 * experiment, collected into one tidy table (a row per cell: the grid values,
 * then the run's summary numbers).
 *
 * The grid key `model` is the model ablation (FinMem §4 compares backbones):
 * `--grid model=gpt-4o-mini,gpt-4.1-mini` runs each cell with that endpoint
 * model (`--llm openai`, recorded in the sweep's LLM cache; `--llm replay`
 * replays them with no key), and "offline" names the embedded agents, so a
 * sweep can set a model beside the offline baseline.
 *
 * Resumable: each finished cell is saved under `<outDir>/cells/` and skipped on
 * a rerun; unfinished cells re-run against the shared LLM cache, so calls made
 * before a crash are not paid for twice.
 *
 * Shardable: with `shard` a process runs only its share of the cells (see
 * shard.ts) and every sweep folder records its plan (`sweep-plan.json`: the
 * grid, the key of every cell, the table's title), from which
 * `mergeSweeps` (sweep-merge.ts) assembles the shards' cells and caches into
 * the table a one-machine sweep writes.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "../data/index";
import { createModel, stableHash, mapConcurrent, type Model } from "../llm/index";
import { type Cell, type Progress, type Row, type Table, OFFLINE_LABEL, roundTableCells, silentProgress, toCsv, toMarkdown } from "../core/index";
import { ConfigError } from "./config";
import { loadExperiment } from "./registry";
import { prepareRun, resolveExperimentConfig, type RunOptions } from "./runner";
import { inShard, shardFileName, type Shard } from "./shard";

export interface SweepOptions extends Omit<RunOptions, "progress"> {
  outDir: string;
  progress?: Progress;
  /** Builds the model of a `model` grid value (tests, notebooks); default: createModel with the sweep's llm, seed and cache. */
  modelFactory?: (name: string) => Model;
  /** Run only this shard's cells (position mod count = index) and write no whole table: `mergeSweeps` assembles the shards. */
  shard?: Shard;
}

/** The grid key that selects the model of a cell instead of a config key. */
export const MODEL_GRID_KEY = "model";

/**
 * The model of each `model` grid value, built once and shared by the cells
 * that name it. "offline" is the embedded agents (recorded with the sweep's
 * cache); other names need --llm openai or replay (a ConfigError otherwise).
 */
function gridModels(values: readonly string[], options: SweepOptions, llm: string, seed: number): Map<string, Model> {
  if (values.length && options.model !== undefined)
    throw new ConfigError(`--grid ${MODEL_GRID_KEY}=... and --model ${options.model} both name the model; give one`);
  const out = new Map<string, Model>();
  for (const name of values) {
    if (out.has(name)) continue;
    if (options.modelFactory) {
      out.set(name, options.modelFactory(name));
      continue;
    }
    if (name === "offline") {
      out.set(
        name,
        llm === "replay"
          ? createModel({ llm: "replay", model: "offline", seed, cacheDir: options.cacheDir })
          : createModel({ llm: "offline", seed, cacheDir: options.cacheDir, cacheOffline: true }),
      );
      continue;
    }
    if (llm === "offline")
      throw new ConfigError(
        `--grid ${MODEL_GRID_KEY}=${name} needs --llm openai (or replay with the sweep's cache); offline runs only the embedded agents ("offline")`,
      );
    out.set(
      name,
      createModel({
        llm: llm as "openai" | "replay",
        model: name,
        seed,
        cacheDir: options.cacheDir,
        concurrency: options.concurrency,
        timeoutMs: options.timeoutMs,
        responseFormat: options.responseFormat,
        log: options.log,
      }),
    );
  }
  return out;
}

export interface SweepResult {
  table: Table;
  files: { csv: string; md: string; json: string };
  /** Figures of the experiment's `sweepFigures` (plotly JSON), written beside the table. */
  figures: string[];
  /** Cells loaded from a previous (interrupted) sweep. */
  resumed: number;
}

/** The file in every sweep folder that says which cells make up the whole grid (what a merge checks shards against). */
export const SWEEP_PLAN_FILE = "sweep-plan.json";

/** One cell of a sweep plan: its 1-based grid position, its key (its file under cells/) and its grid values. */
export interface SweepPlanCell {
  cell: number;
  key: string;
  values: Record<string, string>;
}

/**
 * What a sweep folder's `sweep-plan.json` records: everything the whole
 * table depends on besides the cells' rows. Shards of one sweep write equal
 * plans (the cache folder aside, which is where that shard kept its answers).
 */
export interface SweepPlan {
  experiment: string;
  grid: Record<string, string[]>;
  seed: number;
  llm: string;
  title: string;
  note: string;
  cells: SweepPlanCell[];
  /** The shard's LLM cache: relative to the sweep folder when inside it. */
  cacheDir: string;
}

/**
 * All combinations of the grid, in row-major order of the keys as given.
 *
 * @example
 * gridCells({ a: ["1", "2"], b: ["x"] }); // [{a:"1",b:"x"},{a:"2",b:"x"}]
 */
export function gridCells<V>(grid: Record<string, readonly V[]>): Array<Record<string, V>> {
  let cells: Array<Record<string, V>> = [{}];
  for (const [key, values] of Object.entries(grid)) {
    const next: Array<Record<string, V>> = [];
    for (const cell of cells) for (const value of values) next.push({ ...cell, [key]: value });
    cells = next;
  }
  return cells;
}

/**
 * Identity of a finished cell: everything its result depends on, i.e. the
 * fully resolved config (so a changed --config, --set or default re-runs it),
 * the data folder, seed and model.
 */
function cellKey(experiment: string, seed: number, llm: string, model: string, dataDir: string, config: Record<string, unknown>): string {
  return stableHash({ experiment, seed, llm, model, dataDir, config }).slice(0, 16);
}

/**
 * Run a grid. Cells share one model (and so one LLM cache) and run in
 * parallel up to `concurrency`; rows keep grid order whatever finishes first.
 *
 * @example
 * await runSweep("sentimental", { alpha: ["0.3", "0.5", "0.7"] }, { outDir: "runs/sweep" });
 */
export async function runSweep(experimentName: string, grid: Record<string, readonly string[]>, options: SweepOptions): Promise<SweepResult> {
  const cells = gridCells(grid);
  const progress = options.progress ?? silentProgress;
  const base = options.set ?? [];
  const llm = options.llm ?? "offline";
  const { experiment, ctx, model, modelLabel } = await prepareRun(experimentName, { ...options, progress: undefined, cacheOffline: true });
  const models = gridModels(grid[MODEL_GRID_KEY] ?? [], options, llm, ctx.seed);
  const modelOf = (cell: Record<string, string>): Model => (cell[MODEL_GRID_KEY] !== undefined ? models.get(cell[MODEL_GRID_KEY])! : model);
  // Validate every cell before spending anything on the first one.
  const configs = await Promise.all(
    cells.map(async (cell, i) => {
      const pairs = Object.entries(cell)
        .filter(([key]) => key !== MODEL_GRID_KEY)
        .map(([key, value]) => `${key}=${value}`);
      try {
        return await resolveExperimentConfig(experiment, ctx.dataDir, { ...options, set: [...base, ...pairs] });
      } catch (error) {
        throw new ConfigError(`sweep cell ${i + 1} (${pairs.join(", ")}): ${(error as Error).message}`);
      }
    }),
  );
  // configs was built from cells, one per cell: index i is in range by construction
  const keys = cells.map((cell, i) => cellKey(experimentName, ctx.seed, llm, modelOf(cell).id, ctx.dataDir, configs[i]!));
  const gridLabel = models.size ? `models: ${[...models.values()].map((m) => (m.isOffline ? OFFLINE_LABEL : m.id)).join(", ")}` : modelLabel;
  const plan: SweepPlan = {
    experiment: experimentName,
    grid: Object.fromEntries(Object.entries(grid).map(([key, values]) => [key, [...values]])),
    seed: ctx.seed,
    llm,
    title: `Sensitivity sweep — ${experimentName} (${Object.keys(grid).join(" x ")}) — ${gridLabel}`,
    note: `One row per grid cell; columns after the grid keys are the cell's measurements. Seed ${ctx.seed}, LLM ${llm}.`,
    cells: cells.map((values, i) => ({ cell: i + 1, key: keys[i]!, values })),
    cacheDir: options.cacheDir ? storedCacheDir(options.outDir, options.cacheDir) : "",
  };
  writeFileAtomic(path.join(options.outDir, SWEEP_PLAN_FILE), JSON.stringify(plan, null, 1) + "\n");
  const shard = options.shard;
  const mine = cells.map((_, i) => i).filter((i) => !shard || inShard(i, shard));
  let resumed = 0;
  progress.start(shard ? `sweep ${experimentName} shard ${shard.index}/${shard.count}` : `sweep ${experimentName}`, mine.length);
  const rows = await mapConcurrent(mine, options.concurrency ?? 2, async (i): Promise<Row> => {
    const cell = cells[i]!;
    const cellModel = modelOf(cell);
    const config = configs[i]!;
    const cellFile = path.join(options.outDir, "cells", `${keys[i]!}.json`);
    if (existsSync(cellFile)) {
      resumed++;
      progress.tick();
      // The grid may have been reordered or extended since: the position is today's.
      return { ...(JSON.parse(readFileSync(cellFile, "utf8")) as Row), cell: i + 1 };
    }
    const cellCtx = { ...ctx, model: cellModel, progress: silentProgress, concurrency: 1 };
    const measured = experiment.sweepCell ? await experiment.sweepCell(config, cellCtx) : (await experiment.run(config, cellCtx)).summary;
    const row: Row = { cell: i + 1 };
    for (const key of Object.keys(grid)) row[key] = key === MODEL_GRID_KEY ? cellModel.id : (config[key] as Cell);
    for (const [key, value] of Object.entries(measured)) if (!(key in row)) row[key] = value;
    row.model = cellModel.id;
    const saved = JSON.stringify(row);
    writeFileAtomic(cellFile, saved + "\n");
    progress.tick();
    // The table holds the row as saved, so a fresh cell, a resumed one and a merged shard's read the same.
    return JSON.parse(saved) as Row;
  });
  progress.done();
  if (shard) {
    const ran = mine.map((i) => ({ cell: i + 1, key: keys[i]! }));
    writeFileAtomic(path.join(options.outDir, shardFileName(shard)), JSON.stringify({ shard, cells: ran }, null, 1) + "\n");
    const table: Table = roundTableCells({
      name: `sweep_${experimentName}`,
      title: `${plan.title} — shard ${shard.index} of ${shard.count}`,
      rows,
      note: `Shard ${shard.index} of ${shard.count}: ${rows.length} of ${cells.length} cells (grid positions ${shard.index + 1}, ${shard.index + 1 + shard.count}, ...). Merge the shards' folders with consilium sweep merge OUT DIR... for the whole table. ${plan.note}`,
    });
    return { table, files: writeSweepTable(table, options.outDir), figures: [], resumed };
  }
  return { ...(await writeSweepOutputs(plan, rows, options.outDir)), resumed };
}

/** The cache folder as a plan records it: relative to the sweep folder when inside it, so a copied folder still finds it. */
function storedCacheDir(outDir: string, cacheDir: string): string {
  const relative = path.relative(path.resolve(outDir), path.resolve(cacheDir));
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : path.resolve(cacheDir);
}

/** Write a sweep table as CSV, Markdown (title, note, table) and JSON under `outDir`; returns the three paths. */
function writeSweepTable(table: Table, outDir: string): SweepResult["files"] {
  const files = {
    csv: path.join(outDir, `${table.name}.csv`),
    md: path.join(outDir, `${table.name}.md`),
    json: path.join(outDir, `${table.name}.json`),
  };
  writeFileAtomic(files.csv, toCsv(table));
  writeFileAtomic(files.md, `### ${table.title}\n\n${table.note}\n\n${toMarkdown(table)}`);
  writeFileAtomic(files.json, JSON.stringify(table, null, 1) + "\n");
  return files;
}

/**
 * The whole sweep's outputs from its plan and its rows in grid order: the
 * table (numbers rounded as every table's) and the experiment's sweep
 * figures. One function for the one-machine sweep and the merge of shards,
 * so both write the same bytes.
 *
 * @example
 * const { table, files } = await writeSweepOutputs(plan, rows, "runs/sweep-all");
 */
export async function writeSweepOutputs(plan: SweepPlan, rows: readonly Row[], outDir: string): Promise<Omit<SweepResult, "resumed">> {
  const experiment = await loadExperiment(plan.experiment);
  const table: Table = roundTableCells({ name: `sweep_${plan.experiment}`, title: plan.title, rows: [...rows], note: plan.note });
  const files = writeSweepTable(table, outDir);
  const figures = (experiment.sweepFigures?.(table) ?? []).map((figure) => {
    const file = path.join(outDir, "figures", `${figure.name.replace(/[^A-Za-z0-9._-]+/g, "_")}.json`);
    writeFileAtomic(file, JSON.stringify(figure) + "\n");
    return file;
  });
  return { table, files, figures };
}

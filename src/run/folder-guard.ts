/**
 * Run folders never mix. A run folder holds one run, and its config.json says
 * which (experiment, seed, model, resolved config). Before a run writes into a
 * folder:
 *
 *   - a path that is a file, or a non-empty folder that is not a run's, is refused;
 *   - a run of another experiment, seed, model or config is refused, naming what
 *     differs; `force` replaces its tables, figures and reports instead, and
 *     never touches its llm-cache/ (answers paid for, keyed so they never mix);
 *   - the same run resumes in place: a budget stop, an `onInvalid=fail` stop or
 *     a crash leaves config.json (written when the run starts) and the cache,
 *     and the rerun picks up from there.
 *
 * The default folder name carries a short hash of the run (defaultRunDir), so
 * two configs never share a default folder. Sweep folders get the same care
 * (checkSweepFolder): their cells are keyed by config and may grow, so a sweep
 * folder is refused only when it holds something else.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { stableHash, stableStringify } from "../llm/index";
import { ConfigError } from "./config";
import { writeRunConfigFile } from "./writer";

/** Which run a folder holds: what config.json records, and what a run about to start is. */
export interface RunIdentity {
  experiment: string;
  seed: number;
  /** "offline" or the endpoint model's name; absent when not known yet (replay without --model). */
  model?: string;
  config: Record<string, unknown>;
}

/** Everything a run folder may hold: the writer's files, the report, exported figures, a journal, the cache. */
const RUN_ENTRIES = new Set(["manifest.json", "config.json", "timings.json", "tables", "figures", "artifacts", "journal", "report.html", "llm-cache"]);
const CACHE_DIR = "llm-cache";
const FORCE_HINT = `add --force to replace its tables, figures and reports (its ${CACHE_DIR}/ is kept)`;

/**
 * Short hash of a run (experiment, seed, model when named, resolved config):
 * the tail of its default folder name.
 *
 * @example
 * runHash({ experiment: "sentimental", seed: 7, config: { alpha: 0.5 } }); // "3f9c0a1e" (8 hex digits)
 */
export function runHash(identity: RunIdentity): string {
  const { experiment, seed, model, config } = identity;
  return stableHash({ experiment, seed, config: asStored(config), ...(model !== undefined ? { model } : {}) }).slice(0, 8);
}

/**
 * The folder a run writes to when no --out is given:
 * `runs/<experiment>-seed<N>[-<llm>]-<hash>`, so another config (or model)
 * gets another folder and the same command finds its own again.
 *
 * @example
 * defaultRunDir({ experiment: "finmem", seed: 7, config }, "offline"); // "runs/finmem-seed7-1b2c3d4e"
 */
export function defaultRunDir(identity: RunIdentity, llm: string, root = "runs"): string {
  const mode = llm === "offline" ? "" : `-${llm}`;
  return path.join(root, `${identity.experiment}-seed${identity.seed}${mode}-${runHash(identity)}`);
}

/** Refuse a path that exists but is not a folder (before anything runs). */
function refuseFile(outDir: string): void {
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) throw new ConfigError(`--out ${outDir} is a file, not a folder; give a folder`);
}

function readRecorded(outDir: string): RunIdentity | null {
  const file = path.join(outDir, "config.json");
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<RunIdentity>;
    if (typeof parsed.experiment !== "string" || typeof parsed.config !== "object" || parsed.config === null) throw new Error("no experiment or config");
    return {
      experiment: parsed.experiment,
      seed: Number(parsed.seed),
      config: parsed.config,
      ...(typeof parsed.model === "string" ? { model: parsed.model } : {}),
    };
  } catch (error) {
    throw new ConfigError(`${file} does not say which run the folder holds (${(error as Error).message}); give another --out`);
  }
}

/**
 * Check a run folder before the run (and before any config is resolved): a
 * file, a folder of other things, or another experiment's run is refused
 * with one line (another experiment's run is replaced with `force`).
 *
 * @example
 * checkRunFolder("runs/sa", "finmem"); // throws: runs/sa holds a sentimental run, not finmem; ...
 */
export function checkRunFolder(outDir: string, experiment: string, options: { force?: boolean } = {}): void {
  refuseFile(outDir);
  if (!existsSync(outDir)) return;
  const recorded = readRecorded(outDir);
  if (!recorded) {
    const foreign = readdirSync(outDir)
      .filter((entry) => !RUN_ENTRIES.has(entry))
      .sort();
    if (foreign.length > 0) throw new ConfigError(`${outDir} is not empty and holds no run (${listed(foreign)}); give a new or empty folder as --out`);
    return;
  }
  if (recorded.experiment !== experiment && !options.force) {
    throw new ConfigError(`${outDir} holds a ${recorded.experiment} run, not ${experiment}; give another --out, or ${FORCE_HINT}`);
  }
}

/**
 * Take a folder for a run about to start: check it again with the run's full
 * identity (refusing a run of another seed, model or config, naming what
 * differs), clear it with `force`, then write config.json so an interrupted
 * run still says what it was. Returns what happened to the folder.
 *
 * @example
 * claimRunFolder("runs/sa", { experiment: "sentimental", seed: 7, model: "offline", config }, "offline"); // "new"
 */
export function claimRunFolder(
  outDir: string,
  identity: Required<RunIdentity>,
  llm: string,
  options: { force?: boolean } = {},
): "new" | "resumed" | "replaced" {
  checkRunFolder(outDir, identity.experiment, options);
  const recorded = existsSync(outDir) ? readRecorded(outDir) : null;
  const differences = recorded ? describeDifferences(recorded, identity) : [];
  if (differences.length > 0 && !options.force) {
    throw new ConfigError(`${outDir} holds another ${identity.experiment} run (${differences.join("; ")}); give another --out, or ${FORCE_HINT}`);
  }
  let outcome: "new" | "resumed" | "replaced" = recorded ? "resumed" : "new";
  if (options.force && existsSync(outDir)) {
    for (const entry of RUN_ENTRIES) if (entry !== CACHE_DIR) rmSync(path.join(outDir, entry), { recursive: true, force: true });
    outcome = recorded ? "replaced" : outcome;
  }
  writeRunConfigFile(outDir, { ...identity, llm });
  return outcome;
}

/**
 * What differs between the run a folder holds and the one about to start, one
 * phrase each ("alpha: 0.5 there, 0.3 here"), at most four.
 *
 * @example
 * describeDifferences({ experiment: "sentimental", seed: 7, config: { alpha: 0.5 } }, { experiment: "sentimental", seed: 7, config: { alpha: 0.3 } });
 * // ["alpha: 0.5 there, 0.3 here"]
 */
export function describeDifferences(recorded: RunIdentity, next: RunIdentity): string[] {
  const out: string[] = [];
  const phrase = (what: string, there: unknown, here: unknown) => `${what}: ${shown(there)} there, ${shown(here)} here`;
  if (recorded.experiment !== next.experiment) out.push(phrase("experiment", recorded.experiment, next.experiment));
  if (recorded.seed !== next.seed) out.push(phrase("seed", recorded.seed, next.seed));
  if (recorded.model !== undefined && next.model !== undefined && recorded.model !== next.model) out.push(phrase("model", recorded.model, next.model));
  // Compared as config.json stores them (the run in memory may hold undefined or non-finite values).
  const [there, here] = [asStored(recorded.config), asStored(next.config)];
  const keys = [...new Set([...Object.keys(there), ...Object.keys(here)])].sort();
  const changed = keys.filter((key) => stableStringify(there[key] ?? null) !== stableStringify(here[key] ?? null));
  for (const key of changed.slice(0, 4)) out.push(phrase(key, there[key], here[key]));
  if (changed.length > 4) out.push(`${changed.length - 4} more config keys`);
  return out;
}

function asStored(config: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(config)) as Record<string, unknown>;
}

function shown(value: unknown): string {
  const text = value === undefined ? "unset" : JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function listed(entries: readonly string[]): string {
  return `${entries.slice(0, 3).join(", ")}${entries.length > 3 ? `, and ${entries.length - 3} more` : ""}`;
}

/** What a sweep folder may hold: finished cells, the sweep table, its figures and the shared cache. */
function isSweepEntry(entry: string): boolean {
  return (
    entry === "cells" ||
    entry === "figures" ||
    entry === CACHE_DIR ||
    entry === "sweep-plan.json" ||
    entry === "merge-report.json" ||
    /^shard-\d+-of-\d+\.json$/.test(entry) ||
    /^sweep_.+\.(csv|md|json)$/.test(entry)
  );
}

/**
 * Check a sweep folder before the sweep: a file, a single run's folder, a
 * sweep of another experiment or a folder of other things is refused. The
 * same experiment's sweep resumes (its cells are keyed by config, so a
 * changed grid reuses what matches); `force` removes its cells, table and
 * figures first, never its llm-cache/.
 *
 * @example
 * checkSweepFolder("runs/sweep-sentimental-seed7", "sentimental");
 */
export function checkSweepFolder(outDir: string, experiment: string, options: { force?: boolean } = {}): void {
  refuseFile(outDir);
  if (!existsSync(outDir)) return;
  const entries = readdirSync(outDir).sort();
  if (entries.includes("config.json")) throw new ConfigError(`${outDir} holds a single run (config.json), not a sweep; give another --out`);
  const foreign = entries.filter((entry) => !isSweepEntry(entry));
  if (foreign.length > 0) throw new ConfigError(`${outDir} is not empty and holds no sweep (${listed(foreign)}); give a new or empty folder as --out`);
  const other = entries.find((entry) => /^sweep_.+\.json$/.test(entry) && entry !== `sweep_${experiment}.json`);
  if (other && !options.force) {
    throw new ConfigError(
      `${outDir} holds a sweep of ${other.slice("sweep_".length, -".json".length)}, not ${experiment}; give another --out, or ${FORCE_HINT}`,
    );
  }
  if (options.force) for (const entry of entries) if (entry !== CACHE_DIR) rmSync(path.join(outDir, entry), { recursive: true, force: true });
}

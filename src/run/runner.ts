/**
 * Runs one experiment the same way for the CLI, sweeps, notebooks and the
 * reproduction script: resolves the config, builds the model and embedder,
 * runs, and labels every table and figure with the model that produced it, so
 * that offline-agent results can never be mistaken for the paper's LLM results.
 */
import path from "node:path";
import {
  BudgetStopError,
  CachedModel,
  type BudgetStop,
  type ModelCacheEntry,
  createEmbedder,
  createModel,
  type EmbedderKind,
  type Model,
  type ResponseFormat,
  type UsageTotals,
} from "../llm/index";
import type { Embedder } from "../text/index";
import { DataFolder, resolveDataDir } from "../data/index";
import { ConfigError, parseSetPairs, readConfigFile, resolveConfig } from "./config";
import { type Experiment, type ExperimentResult, type Figure, type Progress, type RunContext, type Table, silentProgress, OFFLINE_LABEL } from "../core/index";

import { colourFiguresBySeries } from "../plot/index";
import { packageVersion } from "./paths";
import { loadExperiment } from "./registry";

export type LlmMode = "offline" | "openai" | "replay";

export interface RunOptions {
  llm?: LlmMode;
  /** Endpoint model name (openai / replay). */
  model?: string;
  seed?: number;
  /** Data folder; default: --data, then CONSILIUM_DATA, then the bundled datasets/. */
  dataDir?: string;
  /** JSON config file. */
  configFile?: string;
  /** Config values given programmatically (notebooks). */
  config?: Record<string, unknown>;
  /** `key=value` pairs (CLI --set). */
  set?: readonly string[];
  /** Where the record/replay cache lives (default: none for offline, required for replay). */
  cacheDir?: string;
  /** Run-level embedder: hashing (default), minilm (all-MiniLM-L6-v2, local) or openai. */
  embedder?: EmbedderKind;
  /** Also record offline answers in the cache (sweeps: resumable without recomputing). */
  cacheOffline?: boolean;
  concurrency?: number;
  /** Per-request timeout of endpoint calls in ms, the answer included (CLI --timeout SECONDS; default 60 000). */
  timeoutMs?: number;
  /** What endpoint requests ask as `response_format` (CLI --response-format; default json_object). */
  responseFormat?: ResponseFormat;
  /** Stop cleanly before the endpoint call that would pass this many calls (cache hits are free). */
  maxCalls?: number;
  /** Stop cleanly before the endpoint call whose worst case would pass this estimated USD. */
  maxCostUsd?: number;
  progress?: Progress;
  log?: (message: string) => void;
  /** The run folder being written (CLI --out): experiments may append to it while they run (RunContext.runDir). */
  runDir?: string;
  /**
   * Called once the config is resolved and the model built, before the
   * experiment runs (the CLI checks and claims its run folder here, knowing
   * the model a replay infers from its cache). A throw stops the run.
   */
  beforeRun?: (run: { experiment: string; seed: number; model: string; config: Record<string, unknown> }) => void;
  /** Injected model / embedder (tests, notebooks). */
  modelInstance?: Model;
  embedderInstance?: Embedder;
}

/** What a run produced, as plain data: everything `writeRunFolder` writes. */
export interface RunRecord {
  experiment: string;
  description: string;
  config: Record<string, unknown>;
  seed: number;
  dataDir: string;
  /** "offline" or the endpoint's model name. */
  model: string;
  offline: boolean;
  /** Label shown in titles: the model name, or the offline-agents notice. */
  modelLabel: string;
  result: ExperimentResult;
  usage: UsageTotals;
  versions: Record<string, string>;
  timings: { totalMs: number };
  /** The record/replay cache the run used and the entries it served or recorded (sorted by task, key). */
  llmCache?: { dir: string; entries: ModelCacheEntry[] };
  /** Set when a --max-calls / --max-cost limit stopped the run: no tables or figures, resumable from the cache. */
  stopped?: BudgetStop;
}

/**
 * A run's record with its tables and figures by name. The two lookups are
 * non-enumerable, so spreading, `Object.keys` and `JSON.stringify` see the
 * record alone and the files written from it stay what they were.
 */
export interface RunOutcome extends RunRecord {
  /** The table called `name`; throws, listing the run's table names, when there is none. */
  table(name: string): Table;
  /** The figure called `name`; throws, listing the run's figure names, when there is none. */
  figure(name: string): Figure;
}

/**
 * The item called `name` of a list of tables or figures; a miss throws an
 * error that lists every name the list has, so a typo is fixed at a glance.
 *
 * @example
 * byName(run.result.tables, "finmem_metrics", "table", 'run "finmem"').rows.length; // 2
 */
export function byName<T extends { name: string }>(items: readonly T[], name: string, kind: "table" | "figure", owner = "the list"): T {
  const found = items.find((item) => item.name === name);
  if (found) return found;
  const names = items.map((item) => item.name);
  throw new Error(`${owner} has no ${kind} "${name}"; its ${kind}s: ${names.length > 0 ? names.join(", ") : "none"}`);
}

/**
 * A record with the `table(name)` / `figure(name)` lookups attached (see RunOutcome).
 *
 * @example
 * withLookups(record).table("table2_drift").title; // "Table 2 — Drift per agent ..."
 */
export function withLookups(record: RunRecord): RunOutcome {
  const owner = `run "${record.experiment}"`;
  return Object.defineProperties(record as RunOutcome, {
    table: { value: (name: string): Table => byName(record.result.tables, name, "table", owner), enumerable: false },
    figure: { value: (name: string): Figure => byName(record.result.figures, name, "figure", owner), enumerable: false },
  });
}

export const DEFAULT_SEED = 7;

/**
 * Resolve an experiment's config from its layers without running it:
 * data-dependent defaults < config file < programmatic config < `--set` pairs,
 * then the experiment's own `resolve` (values that follow from other keys and
 * the data, e.g. FinMem's windows), so the result is what the run records.
 *
 * @example
 * await resolveExperimentConfig(experiment, dataDir, { set: ["alpha=0.3"] }); // { alpha: 0.3, ... }
 */
export async function resolveExperimentConfig(
  experiment: Experiment<Record<string, unknown>>,
  dataDir: string,
  options: Pick<RunOptions, "configFile" | "config" | "set">,
): Promise<Record<string, unknown>> {
  const layers: Array<Record<string, unknown>> = [experiment.defaults(dataDir) as Record<string, unknown>];
  if (options.configFile) layers.push(readConfigFile(options.configFile));
  if (options.config) layers.push(options.config);
  if (options.set?.length) layers.push(parseSetPairs(experiment.configSchema, options.set));
  const merged = resolveConfig(experiment.configSchema, layers);
  if (!experiment.resolve) return merged;
  try {
    return experiment.resolve(merged, dataDir);
  } catch (error) {
    // What the keys ask for does not exist in this data folder (e.g. FinMem's window=paper without news there): a config problem.
    throw new ConfigError((error as Error).message);
  }
}

/**
 * The defaults a run on `dataDir` would use for keys whose default depends on
 * the data or on other keys (for `consilium keys`): the experiment's
 * `defaults(dataDir)`, then what its `resolve` fills in from the schema
 * defaults. Nothing when the folder cannot supply them.
 *
 * @example
 * (await dataDependentDefaults(await loadExperiment("finmem"), "../shared/datasets")).trainStart; // "2020-03-13"
 */
export async function dataDependentDefaults(experiment: Experiment<Record<string, unknown>>, dataDir: string): Promise<Record<string, unknown>> {
  const fromData = experiment.defaults(dataDir) as Record<string, unknown>;
  try {
    const schemaDefaults = resolveConfig(experiment.configSchema, []);
    const resolved = await resolveExperimentConfig(experiment, dataDir, {});
    const out: Record<string, unknown> = { ...fromData };
    for (const [key, value] of Object.entries(resolved)) if (JSON.stringify(value) !== JSON.stringify(schemaDefaults[key])) out[key] = value;
    return out;
  } catch {
    return fromData;
  }
}

/**
 * Run an experiment by name.
 *
 * @example
 * const run = await runExperiment("sentimental", { seed: 7, set: ["candidates=3"] });
 * run.table("table4_final_sentiment").rows.length; // 3
 */
export async function runExperiment(name: string, options: RunOptions = {}): Promise<RunOutcome> {
  const prepared = await prepareRun(name, options);
  const { experiment, config, ctx, model } = prepared;
  options.beforeRun?.({ experiment: experiment.name, seed: ctx.seed, model: model.id, config });
  const started = performance.now();
  let raw: ExperimentResult;
  let stopped: BudgetStop | undefined;
  try {
    raw = await experiment.run(config, ctx);
  } catch (error) {
    if (!(error instanceof BudgetStopError)) throw error;
    // A clean stop at a spending limit: what was answered is in the cache, so a rerun resumes from there.
    stopped = error.stop;
    raw = { tables: [], figures: [], summary: { stopped: error.stop.reason } };
  }
  const totalMs = performance.now() - started;
  return withLookups({
    experiment: experiment.name,
    description: experiment.description,
    config,
    seed: ctx.seed,
    dataDir: ctx.dataDir,
    model: model.id,
    offline: model.isOffline,
    modelLabel: prepared.modelLabel,
    result: labelResult(raw, model.id, prepared.modelLabel),
    usage: model.usage(),
    versions: collectVersions(),
    timings: { totalMs },
    ...(model instanceof CachedModel && options.cacheDir ? { llmCache: { dir: options.cacheDir, entries: model.entriesUsed() } } : {}),
    ...(stopped ? { stopped } : {}),
  });
}

/**
 * The config a run of `name` would record, resolved as `prepareRun` does it
 * (data folder checked first) but without building a model: what the CLI
 * hashes into a run's default folder name.
 *
 * @example
 * await resolveRunConfig("sentimental", { set: ["alpha=0.3"] }); // { alpha: 0.3, ... }
 */
export async function resolveRunConfig(
  name: string,
  options: Pick<RunOptions, "dataDir" | "configFile" | "config" | "set"> = {},
): Promise<Record<string, unknown>> {
  const experiment = await loadExperiment(name);
  const dataDir = path.resolve(resolveDataDir(options.dataDir));
  DataFolder.open(dataDir);
  return resolveExperimentConfig(experiment, dataDir, options);
}

export interface PreparedRun {
  experiment: Experiment<Record<string, unknown>>;
  config: Record<string, unknown>;
  ctx: RunContext;
  model: Model;
  modelLabel: string;
}

/**
 * Everything a run needs before it starts: the experiment, its resolved
 * config, the model and the context. Throws before any work when the data
 * folder is missing or not a data folder (DataError), the config is invalid
 * (ConfigError) or the LLM options are inconsistent (LlmConfigError).
 *
 * @example
 * const { config, ctx } = await prepareRun("finmem", { seed: 7, set: ["ticker=ALTA"] });
 */
export async function prepareRun(name: string, options: RunOptions = {}): Promise<PreparedRun> {
  const experiment = await loadExperiment(name);
  const seed = options.seed ?? DEFAULT_SEED;
  const dataDir = path.resolve(resolveDataDir(options.dataDir));
  // Fail on a mistyped --data / CONSILIUM_DATA even for experiments that read only bundled files
  // (a run must never silently use other data than the one asked for).
  DataFolder.open(dataDir);
  const config = await resolveExperimentConfig(experiment, dataDir, options);
  const llm = options.llm ?? "offline";
  const model =
    options.modelInstance ??
    createModel({
      llm,
      model: options.model,
      seed,
      cacheDir: options.cacheDir,
      concurrency: options.concurrency,
      cacheOffline: options.cacheOffline,
      maxCalls: options.maxCalls,
      maxCostUsd: options.maxCostUsd,
      timeoutMs: options.timeoutMs,
      responseFormat: options.responseFormat,
      // Retries are shown as they happen, so a slow endpoint is never silent.
      log: options.log,
    });
  const embedder =
    options.embedderInstance ??
    createEmbedder({ kind: options.embedder ?? "hashing", cacheDir: options.cacheDir, llm, timeoutMs: options.timeoutMs, log: options.log });
  const ctx: RunContext = {
    model,
    embedder,
    seed,
    dataDir,
    progress: options.progress ?? silentProgress,
    log: options.log ?? (() => {}),
    concurrency: options.concurrency ?? 4,
    ...(options.runDir ? { runDir: path.resolve(options.runDir) } : {}),
  };
  return { experiment, config, ctx, model, modelLabel: model.isOffline ? OFFLINE_LABEL : `model: ${model.id}` };
}

/**
 * Add a `model` column to every table and the model label to every figure
 * title, so offline-agent results are never mistaken for LLM results; and
 * draw each series in one colour across the run's figures (src/plot/palette).
 *
 * @example
 * labelResult(result, "offline", OFFLINE_LABEL).tables[0].rows[0].model; // "offline"
 */
export function labelResult(result: ExperimentResult, modelId: string, modelLabel: string): ExperimentResult {
  return {
    ...result,
    tables: result.tables.map((table) => labelTable(table, modelId)),
    figures: colourFiguresBySeries(result.figures.map((figure) => labelFigure(figure, modelLabel))),
    summary: { ...result.summary, model: modelId },
  };
}

function labelTable(table: Table, modelId: string): Table {
  const columns = table.columns ?? Object.keys(table.rows[0] ?? {});
  return {
    ...table,
    columns: columns.includes("model") ? columns : [...columns, "model"],
    rows: table.rows.map((row) => ("model" in row ? row : { ...row, model: modelId })),
  };
}

function labelFigure(figure: Figure, modelLabel: string): Figure {
  if (figure.title.includes(modelLabel)) return figure;
  const layoutTitle = (figure.layout.title ?? {}) as Record<string, unknown>;
  const heading = typeof layoutTitle.text === "string" && layoutTitle.text !== "" ? layoutTitle.text : figure.title;
  // The label goes on its own smaller line so long titles are not clipped at print size.
  return {
    ...figure,
    title: `${figure.title} — ${modelLabel}`,
    layout: { ...figure.layout, title: { ...layoutTitle, text: `${heading}<br><sup>${modelLabel}</sup>` } },
  };
}

/**
 * Versions recorded in every run manifest (consilium, node and the libraries that shape results).
 *
 * @example
 * collectVersions().openai; // "6.49.0"
 */
export function collectVersions(): Record<string, string> {
  return {
    consilium: packageVersion(),
    node: process.versions.node,
    openai: packageVersion("openai"),
    zod: packageVersion("zod"),
    "ml-matrix": packageVersion("ml-matrix"),
    "plotly.js-dist-min": packageVersion("plotly.js-dist-min"),
  };
}

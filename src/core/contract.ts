/**
 * The contract between an experiment (one per paper) and everything that runs
 * it: the CLI, the sweeps, the notebooks and the reproduction script.
 *
 * An experiment receives a resolved config and a context (model, embedder,
 * seed, data) and returns tables and figures. It never writes files itself:
 * `runExperiment` (src/run/runner.ts) labels offline results, and
 * `writeRunFolder` (src/run/writer.ts) writes them.
 */
import type { z } from "zod";
import type { DryRunTaskStats, Model } from "../llm/index";
import type { Embedder } from "../text/index";

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

export interface Table {
  /** File-safe name, e.g. "table2_drift". */
  name: string;
  /** Human title, e.g. "Table 2 — Drift per agent". */
  title: string;
  rows: Row[];
  /** Column order (defaults to the keys of the first row). */
  columns?: string[];
  /** What the table reproduces and how to read it. */
  note?: string;
}

/** A plotly figure as plain JSON (data traces + layout), ready for plotly.js. */
export interface Figure {
  name: string;
  title: string;
  data: Array<Record<string, unknown>>;
  layout: Record<string, unknown>;
  /** Intended print size in inches (for 300-DPI export). */
  printSize?: { widthIn: number; heightIn: number };
}

export interface Progress {
  /** Start (or restart) a phase with a known number of steps. */
  start(label: string, total: number): void;
  tick(n?: number): void;
  done(): void;
}

export interface RunContext {
  model: Model;
  embedder: Embedder;
  seed: number;
  /** Data folder root (bundled `datasets/` by default). */
  dataDir: string;
  progress: Progress;
  /** Diagnostic messages (never printed with --json). */
  log(message: string): void;
  /** Upper bound on concurrent LLM calls / pipelines. */
  concurrency: number;
  /**
   * The run folder being written (`consilium run --out`), for files a run
   * appends while it works (the Blackboard journal); undefined in notebooks
   * and sweep cells, which then keep everything in memory.
   */
  runDir?: string;
}

export interface ExperimentResult {
  tables: Table[];
  figures: Figure[];
  /** Small headline numbers for the manifest and notebooks. */
  summary: Record<string, Cell>;
  /** Extra files for the run folder (e.g. the blackboard JSONL log, traces). */
  artifacts?: Array<{ path: string; content: string }>;
  /**
   * Config keys the run could not honour as given, with the values it used
   * and why (e.g. a market-cap prior without shares outstanding): written to
   * config.json and the manifest beside the requested config, never silently.
   */
  effective?: { config: Record<string, unknown>; notes: string[] };
  /** Model answers the run went on without (e.g. onInvalid=skip), counted for the manifest; absent = none. */
  gaps?: RunGaps;
}

/**
 * Model answers a run went on without — an answer that stayed invalid after
 * the repair round and was recorded as a gap instead of stopping the run —
 * in total and per task (every task the experiment can leave a gap in, 0
 * included). The manifest always carries it.
 */
export interface RunGaps {
  total: number;
  byTask: Record<string, number>;
}

/**
 * A read that looks past the session it serves by the protocol's design (e.g.
 * FinMem's training label, the close of t+1). `consilium lookahead` lists the
 * differences such a read explains apart instead of calling them leaks.
 */
export interface DeclaredRead {
  /** Short name, e.g. "training label t+1". */
  name: string;
  /** What is read, and why the protocol allows it. */
  reason: string;
  /** Sessions up to the audit date whose outputs the read can change when data after that date changes ("all": every one). */
  sessions: readonly string[] | "all";
  /** Columns of the daily tables it can change on those sessions ("all": every column). */
  columns: readonly string[] | "all";
  /** Prompt tasks (task names) it can change on those sessions ("all": every task). */
  tasks: readonly string[] | "all";
  /**
   * True for an evaluation after the fact that no decision reads (e.g. a
   * return from close t to close t+1): its columns are left out of the
   * comparison on those sessions, and the report lists them as not compared.
   */
  observer?: boolean;
}

/** A table of an experiment's result with one or more rows per session. */
export interface DailyTable {
  table: string;
  /** Column holding the session (YYYY-MM-DD; default "date"). */
  date?: string;
  /** Columns that tell apart the rows of one session (default: their order). */
  keys?: readonly string[];
}

/** What an experiment tells the look-ahead audit (src/run/lookahead.ts). */
export interface LookaheadContract<C> {
  /** Tables with rows per session to compare (default: every table with a "date" column). */
  dailyTables?: readonly DailyTable[];
  /** The reads that look ahead by design, for an audit of the sessions up to `date`. */
  declaredReads(config: C, dataDir: string, date: string): DeclaredRead[];
}

export interface Experiment<C extends Record<string, unknown> = Record<string, unknown>> {
  name: "sentimental" | "finmem" | "blackboard";
  description: string;
  /** zod object schema of the config; every key has the paper's default. */
  configSchema: z.ZodType<C>;
  /** Defaults that depend on the data folder (e.g. FinMem's ticker). */
  defaults(dataDir: string): Partial<C>;
  /**
   * Optional: fill values that depend on the data and on other keys once every
   * layer is merged (e.g. FinMem's windows from its `window` key); the result
   * is the config a run records in config.json.
   */
  resolve?(config: C, dataDir: string): C;
  /** Optional: how `consilium lookahead` reads this experiment (without it: every dated table, no declared reads). */
  lookahead?: LookaheadContract<C>;
  run(config: C, ctx: RunContext): Promise<ExperimentResult>;
  /**
   * One sweep cell's row (numbers only, no grid keys). Optional: without it a
   * sweep runs the whole experiment per cell and keeps its summary.
   */
  sweepCell?(config: C, ctx: RunContext): Promise<Row>;
  /** Optional: figures of a finished sweep's table (e.g. an ablation chart), written beside it. */
  sweepFigures?(table: Table): Figure[];
  /**
   * How `consilium run --dry-run` bounds the calls whose number depends on the
   * answers (stop rules, debates that end early). Absent: the count of a dry
   * run (offline answers) is the real run's count.
   */
  dryRun?: DryRunPlan<C>;
}

/** An experiment's knowledge of its answer-dependent loops, for the dry run (src/run/dry-run.ts). */
export interface DryRunPlan<C> {
  /** A config under which every answer-dependent loop runs to its maximum; the dry run renders that one. */
  worstCase?(config: C): { config: C; assumptions: string[] };
  /** Upper bounds, from the per-task counts the dry run observed, for loops no config can force to their maximum. */
  bound?(config: C, observed: readonly DryRunTaskStats[]): { stats: DryRunTaskStats[]; assumptions: string[] };
}

export const silentProgress: Progress = { start() {}, tick() {}, done() {} };

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
import type { Model } from "../llm/index";
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
}

export interface Experiment<C extends Record<string, unknown> = Record<string, unknown>> {
  name: "sentimental" | "finmem" | "blackboard";
  description: string;
  /** zod object schema of the config; every key has the paper's default. */
  configSchema: z.ZodType<C>;
  /** Defaults that depend on the data folder (e.g. FinMem's date windows). */
  defaults(dataDir: string): Partial<C>;
  run(config: C, ctx: RunContext): Promise<ExperimentResult>;
  /**
   * One sweep cell's row (numbers only, no grid keys). Optional: without it a
   * sweep runs the whole experiment per cell and keeps its summary.
   */
  sweepCell?(config: C, ctx: RunContext): Promise<Row>;
  /** Optional: figures of a finished sweep's table (e.g. an ablation chart), written beside it. */
  sweepFigures?(table: Table): Figure[];
}

export const silentProgress: Progress = { start() {}, tick() {}, done() {} };

/**
 * What one benchmark reports: our timing, the reference's timing measured in
 * the same invocation, their ratio, and a correctness cross-check.
 */
import type { Timing } from "./lib";

export interface BenchOptions {
  /** Smaller sizes / fewer runs (smoke test of the harness). */
  quick: boolean;
  /** Whether /usr/bin/python3 with numpy, pandas, scipy, gensim is usable. */
  python: boolean;
  /** Timed runs per side (after a warm-up). */
  runs: number;
  log: (message: string) => void;
}

export interface CrossCheck {
  /** What was compared, e.g. "max |w_ours - w_numpy| over final weights". */
  description: string;
  /** The measured discrepancy (or agreement score). */
  value: number | string;
  /** Whether it is within tolerance. */
  ok: boolean;
}

export interface BenchRow {
  /** Benchmark number and sub-case, e.g. "1", "6/200k". */
  id: string;
  name: string;
  /** One line: sizes and what the timed region contains. */
  workload: string;
  ours: Timing;
  /** Name of the reference (e.g. "numpy 1.24.2"); null when there is none. */
  referenceName: string | null;
  reference: Timing | null;
  /** Why the reference was not run, when it was not. */
  referenceSkipped?: string;
  /** ours.median / reference.median (< 1: we are faster). */
  ratio: number | null;
  /** Unit used in the table (ms unless said). */
  unit?: "ms";
  check: CrossCheck | null;
  /** Extra numbers worth printing (throughput, accuracy, usage...). */
  extra?: Record<string, number | string | boolean>;
}

export interface BenchSuite {
  id: number;
  name: string;
  run(options: BenchOptions): Promise<BenchRow[]>;
}

/** Ratio of medians, or null when there is no reference. */
export function ratioOf(ours: Timing, reference: Timing | null): number | null {
  if (!reference || !(reference.medianMs > 0)) return null;
  return ours.medianMs / reference.medianMs;
}

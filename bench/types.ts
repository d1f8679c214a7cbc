/**
 * What one benchmark reports: our timing, the reference's timing measured in
 * the same invocation, their ratio, and a correctness cross-check.
 */
import type { Timing } from "./lib";
import type { PairedTiming, RatioGoal } from "./paired";

export interface BenchOptions {
  /** Smaller sizes / fewer runs (smoke test of the harness). */
  quick: boolean;
  /** Whether /usr/bin/python3 with numpy, pandas, scipy, gensim is usable. */
  python: boolean;
  /** Whether that Python also imports nltk (the VADER reference). */
  nltk: boolean;
  /** The real-data folder (../shared/datasets by default) for the lines on real data; null when absent. */
  dataDir: string | null;
  /** Timed pairs (ours, reference) after warm-up; at least 9. */
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
  /** Geometric mean of the per-pair ratios ours_i / ref_i (< 1: we are faster); null without a reference. */
  ratio: number | null;
  /** 90 % paired-bootstrap interval of the ratio. */
  ratioInterval?: [number, number];
  /** Timed pairs behind the ratio. */
  pairs?: number;
  /** The goal for this line, if it has one. */
  goal?: RatioGoal;
  /** Whether the goal holds (upper end of the interval under it). */
  goalMet?: boolean;
  /** Set when the first measurement missed the goal and the line was measured once more. */
  remeasured?: { ratio: number; interval: [number, number] };
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

/** Ratio of medians, or null when there is no reference (lines whose reference is not paired run by run). */
export function ratioOf(ours: Timing, reference: Timing | null): number | null {
  if (!reference || !(reference.medianMs > 0)) return null;
  return ours.medianMs / reference.medianMs;
}

/**
 * The row fields of a paired measurement (with its goal and the first
 * attempt when it was re-measured).
 *
 * @example
 * Object.assign(row, pairedFields(await measureWithGoal(goal, measure), goal));
 */
export function pairedFields(
  m: { final: PairedTiming; first?: PairedTiming },
  goal?: RatioGoal,
): Pick<BenchRow, "ours" | "reference" | "ratio" | "ratioInterval" | "pairs" | "goal" | "goalMet" | "remeasured"> {
  const f = m.final;
  return {
    ours: f.ours,
    reference: f.reference,
    ratio: f.ratio,
    ratioInterval: f.interval,
    pairs: f.pairs.length,
    ...(goal ? { goal, goalMet: f.interval[1] < goal.maxRatio } : {}),
    ...(m.first ? { remeasured: { ratio: m.first.ratio, interval: m.first.interval } } : {}),
  };
}

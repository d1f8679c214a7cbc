/**
 * Shapes of the paper audit: one finding per published cell (or reported
 * number), with the value each reading of the formulas gives.
 */

/** A reading's value: a number, a feasible range (ties in any order / rounded inputs), or null when it cannot be computed. */
export type ReadingValue = number | { lo: number; hi: number } | null;

export type Verdict =
  /** Some reading gives the published value at the published rounding. */
  | "reproduced"
  /** Only when the inputs' own rounding (or an undetermined tie order) is allowed for. */
  | "within-rounding"
  /** No reading gives the published value. */
  | "not-reproduced"
  /** The value cannot be what the paper says it is (e.g. a negative standard deviation). */
  | "impossible"
  /** Two published statements of the same quantity disagree. */
  | "inconsistent"
  /** Nothing published is enough to recompute it. */
  | "unverifiable";

export const VERDICTS: readonly Verdict[] = ["reproduced", "within-rounding", "not-reproduced", "impossible", "inconsistent", "unverifiable"];

export interface Finding {
  paper: string;
  /** "Table 5", "§4 Results", ... */
  table: string;
  /** What was recomputed from what; findings are summarised per (paper, table, check). */
  check: string;
  /** Row label (candidate, metric). */
  row: string;
  /** Column label (agent, "Borda Count Rank", ...). */
  column: string;
  /** "Table 5 / Kimberly Carr / Borda Count Rank". */
  cell: string;
  published: number;
  /** Decimals as printed (tolerance = half a unit in the last place). */
  decimals: number;
  /** Which published inputs the readings use. */
  inputs: string;
  readings: Record<string, ReadingValue>;
  /** Readings that give the published value at its rounding. */
  matches: string[];
  /** Readings that only match allowing for rounded inputs / tie order. */
  roundingMatches: string[];
  /**
   * Explanations that neither the paper nor the authors' code state (e.g.
   * "this column equals the CFO's own ranks"). Shown, never counted in the verdict.
   */
  diagnostics?: Record<string, ReadingValue>;
  diagnosticMatches?: string[];
  verdict: Verdict;
  note?: string;
}

export interface AuditGroupSummary {
  paper: string;
  table: string;
  /** What is recomputed from what, e.g. "Borda Count Rank from the per-agent ranks". */
  check: string;
  cells: number;
  counts: Record<Verdict, number>;
  /** Per reading: how many cells it reproduces (exactly, or within rounding). */
  readingHits: Record<string, { exact: number; withinRounding: number }>;
  /** The reading(s) reproducing the most cells. */
  bestReadings: string[];
  /** Readings that reproduce every cell of the group (exactly or within rounding). */
  fullReadings: string[];
  /** Diagnostic explanations that fit every cell of the group. */
  fullDiagnostics: string[];
}

export interface AuditResult {
  findings: Finding[];
  summary: {
    groups: AuditGroupSummary[];
    totals: Record<Verdict, number>;
    /** Cells no reading reproduces (verdicts not-reproduced, impossible, inconsistent). */
    unreproduced: string[];
    /** Whether the checks against real prices ran (needs the shared datasets). */
    realDataChecked: boolean;
  };
}

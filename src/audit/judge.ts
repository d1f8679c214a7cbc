/**
 * Turning readings into a verdict for one published cell.
 */
import { overlaps, printedInterval, printsAs } from "./formulas";
import type { Finding, ReadingValue, Verdict } from "./types";

export interface CellSpec {
  paper: string;
  table: string;
  check: string;
  row: string;
  column: string;
  published: number;
  decimals: number;
  inputs: string;
  readings: Record<string, ReadingValue>;
  diagnostics?: Record<string, ReadingValue>;
  /** Force a verdict (impossible / inconsistent / unverifiable). */
  verdict?: Verdict;
  note?: string;
}

/**
 * How a reading relates to a published value: "exact" when a number prints
 * as the published value; "rounding" when a range (rounded inputs, tie
 * order) contains a value that does; otherwise "no".
 * @example compareReading(-0.2958, -0.3, 2) // "exact"; compareReading({ lo: 1, hi: 3 }, 2, 0) // "rounding"
 */
export function compareReading(value: ReadingValue, published: number, decimals: number): "exact" | "rounding" | "no" {
  if (value === null) return "no";
  if (typeof value === "number") return Number.isFinite(value) && printsAs(value, published, decimals) ? "exact" : "no";
  if (value.lo === value.hi) return printsAs(value.lo, published, decimals) ? "exact" : "no";
  return overlaps(value, printedInterval(published, decimals)) ? "rounding" : "no";
}

/**
 * A finding for one cell: which readings reproduce it and the verdict
 * (reproduced > within-rounding > not-reproduced, unless forced).
 * @example judgeCell({ paper: "P", table: "T", check: "x", row: "r", column: "c", published: 2, decimals: 0, inputs: "", readings: { a: 2 } }).verdict // "reproduced"
 */
export function judgeCell(spec: CellSpec): Finding {
  const matches: string[] = [];
  const roundingMatches: string[] = [];
  for (const [name, value] of Object.entries(spec.readings)) {
    const c = compareReading(value, spec.published, spec.decimals);
    if (c === "exact") matches.push(name);
    else if (c === "rounding") roundingMatches.push(name);
  }
  const diagnosticMatches = spec.diagnostics
    ? Object.entries(spec.diagnostics)
        .filter(([, v]) => compareReading(v, spec.published, spec.decimals) !== "no")
        .map(([k]) => k)
    : undefined;
  const verdict: Verdict = spec.verdict ?? (matches.length > 0 ? "reproduced" : roundingMatches.length > 0 ? "within-rounding" : "not-reproduced");
  const finding: Finding = {
    paper: spec.paper,
    table: spec.table,
    check: spec.check,
    row: spec.row,
    column: spec.column,
    cell: `${spec.table} / ${spec.row} / ${spec.column}`,
    published: spec.published,
    decimals: spec.decimals,
    inputs: spec.inputs,
    readings: spec.readings,
    matches,
    roundingMatches,
    verdict,
  };
  if (spec.diagnostics) {
    finding.diagnostics = spec.diagnostics;
    finding.diagnosticMatches = diagnosticMatches;
  }
  if (spec.note) finding.note = spec.note;
  return finding;
}

/**
 * Format a reading value for tables: numbers to `decimals + 2` places, ranges as "lo..hi".
 * @example formatReading({ lo: 2, hi: 4 }, 0) // "2..4"
 */
export function formatReading(value: ReadingValue, decimals: number): string {
  if (value === null) return "n/a";
  const f = (x: number) =>
    Number.isFinite(x) ? (Number.isInteger(x) && decimals === 0 ? String(x) : x.toFixed(Math.min(decimals + 2, 6))) : x > 0 ? "+inf" : "-inf";
  if (typeof value === "number") return f(value);
  return value.lo === value.hi ? f(value.lo) : `${f(value.lo)}..${f(value.hi)}`;
}

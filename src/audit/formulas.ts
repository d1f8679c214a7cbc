/**
 * The small formulas the audit recomputes published tables with, each in
 * every variant the papers' text or the authors' code allows. The variants
 * live here so the audit states its own arithmetic; a reading that is exactly
 * an experiment's exported function (valence, tier of a valence, calendar
 * dates) calls that function instead of restating it.
 */
import { utcDate } from "../data/index";
import { tierOfValence, valence } from "../sentimental/index";

/** A closed interval [lo, hi]. */
export interface Interval {
  lo: number;
  hi: number;
}

/**
 * Half a unit in the last printed place: 2 decimals -> 0.005.
 * @example halfUnit(2) // 0.005
 */
export function halfUnit(decimals: number): number {
  return 0.5 * 10 ** -decimals;
}

/**
 * The interval of true values that print as `value` with `decimals` decimals.
 * @example printedInterval(0.26, 2) // { lo: 0.255, hi: 0.265 }
 */
export function printedInterval(value: number, decimals: number): Interval {
  const h = halfUnit(decimals);
  return { lo: value - h, hi: value + h };
}

/**
 * Whether `value` prints as `published` at `decimals` decimals (ties at the
 * half-way point count either way, since papers round half-up or half-even).
 * @example printsAs(0.2958, -0.3, 2) // false; printsAs(-0.2958, -0.3, 2) // true
 */
export function printsAs(value: number, published: number, decimals: number): boolean {
  return Math.abs(value - published) <= halfUnit(decimals) + 1e-9;
}

/**
 * Whether two intervals overlap (touching counts).
 * @example overlaps({ lo: 0, hi: 1 }, { lo: 1, hi: 2 }) // true
 */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.lo <= b.hi + 1e-12 && b.lo <= a.hi + 1e-12;
}

/**
 * Product of two intervals (interval arithmetic).
 * @example intervalProduct({ lo: 0.255, hi: 0.265 }, { lo: 0.395, hi: 0.405 }) // { lo: 0.100725, hi: 0.107325 }
 */
export function intervalProduct(a: Interval, b: Interval): Interval {
  const c = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi];
  return { lo: Math.min(...c), hi: Math.max(...c) };
}

/**
 * Quotient of two intervals; unbounded when the divisor interval contains 0.
 * @example intervalQuotient({ lo: 1, hi: 2 }, { lo: 4, hi: 8 }) // { lo: 0.125, hi: 0.5 }
 */
export function intervalQuotient(a: Interval, b: Interval): Interval {
  if (b.lo <= 0 && b.hi >= 0) return { lo: -Infinity, hi: Infinity };
  return intervalProduct(a, { lo: 1 / b.hi, hi: 1 / b.lo });
}

export type TieMethod = "min" | "ordinal";

/**
 * Ranks, 1 = largest value ("descending"). Ties: "min" gives tied values the
 * smallest rank (pandas method="min", the authors' code); "ordinal" breaks
 * ties by position in the list (the table's row order).
 * @example rankDesc([0.1, 0.5, 0.5, -1], "min") // [3, 1, 1, 4]; with "ordinal": [3, 1, 2, 4]
 */
export function rankDesc(values: readonly number[], ties: TieMethod = "min"): number[] {
  return values.map((v, i) => {
    const above = values.filter((w) => w > v).length;
    if (ties === "min") return 1 + above;
    return 1 + above + values.slice(0, i).filter((w) => w === v).length;
  });
}

/**
 * Ranks, 1 = smallest value.
 * @example rankAsc([0.1, 0.5, -1]) // [2, 3, 1]
 */
export function rankAsc(values: readonly number[], ties: TieMethod = "min"): number[] {
  return rankDesc(
    values.map((v) => -v),
    ties,
  );
}

/**
 * The feasible rank range of each value when tied values may come in any
 * order: [1 + #greater, #greater + #equal].
 * @example rankRangeDesc([0.1, 0.1, 0.3]) // [{lo: 2, hi: 3}, {lo: 2, hi: 3}, {lo: 1, hi: 1}]
 */
export function rankRangeDesc(values: readonly number[]): Interval[] {
  return values.map((v) => {
    const above = values.filter((w) => w > v).length;
    const equal = values.filter((w) => w === v).length;
    return { lo: above + 1, hi: above + equal };
  });
}

/**
 * Borda as the authors' code does it: per item the SUM of the agents' ranks
 * (1 = an agent's favourite), then positions by DESCENDING rank sum, so
 * position 1 is the item with the largest rank sum — the least liked.
 * @example bordaCodePositions([[1, 2, 3], [1, 3, 2]]) // rank sums [2, 5, 5] -> positions [3, 1, 1]
 */
export function bordaCodePositions(agentRanks: ReadonlyArray<readonly number[]>, ties: TieMethod = "min"): number[] {
  const sums = columnSums(agentRanks);
  return rankDesc(sums, ties);
}

/**
 * Borda as Definition 3 of Sentimental Agents states it: an agent's top item
 * gets n points, its last 1 (points = n + 1 - rank); items ordered by
 * DESCENDING total points, so position 1 is the most liked.
 * @example bordaPaperPositions([[1, 2, 3], [1, 3, 2]]) // points [6, 3, 3] -> positions [1, 2, 2]
 */
export function bordaPaperPositions(agentRanks: ReadonlyArray<readonly number[]>, ties: TieMethod = "min"): number[] {
  const n = agentRanks[0]?.length ?? 0;
  const points = columnSums(agentRanks.map((ranks) => ranks.map((r) => n + 1 - r)));
  return rankDesc(points, ties);
}

/** Sums over agents per item: rows are agents, columns items. */
function columnSums(rows: ReadonlyArray<readonly number[]>): number[] {
  const n = rows[0]?.length ?? 0;
  rows.forEach((row, i) => {
    if (row.length !== n) throw new RangeError(`columnSums: agent ${i} ranks ${row.length} items, agent 0 ranks ${n}`);
  });
  return Array.from({ length: n }, (_, j) => rows.reduce((acc, row) => acc + row[j]!, 0));
}

/**
 * Valence (Definition 4): S < -0.5 -> -1, -0.5 <= S <= 0.5 -> 0, S > 0.5 -> +1.
 * @example valenceOf(0.59) // 1
 */
export function valenceOf(sentiment: number, threshold = 0.5): -1 | 0 | 1 {
  return valence(sentiment, threshold);
}

/**
 * Collective tier from the agents' valences of one item.
 * "veto": Tier 3 if any agent gives -1, else Tier 1 if any gives +1, else Tier 2.
 * "worst": the tier of the lowest valence (any -1 -> 3; all >= 0 but a 0 -> 2; all +1 -> 1).
 * "mean": the tier of the valence of the mean valence (rounded to the nearest of -1, 0, 1).
 * "majority": the tier held by a strict majority, else Tier 2.
 * @example collectiveTierOf([1, 0, 1], "veto") // 1; collectiveTierOf([1, 0, 1], "worst") // 2
 */
export function collectiveTierOf(valences: readonly number[], rule: "veto" | "worst" | "mean" | "majority"): 1 | 2 | 3 {
  const tier = tierOfValence;
  if (rule === "veto") return valences.includes(-1) ? 3 : valences.includes(1) ? 1 : 2;
  if (rule === "worst") return tier(Math.min(...valences));
  if (rule === "mean") {
    const m = valences.reduce((a, b) => a + b, 0) / valences.length;
    return tier(Math.abs(m) < 0.5 ? 0 : Math.sign(m));
  }
  for (const v of [1, 0, -1]) if (valences.filter((x) => x === v).length * 2 > valences.length) return tier(v);
  return 2;
}

/**
 * Growth annualised geometrically: (1 + R)^(periodsPerYear / periods) - 1.
 * @example annualizeGeometric(0.13434819, 166, 252) // 0.2109...
 */
export function annualizeGeometric(totalReturn: number, periods: number, periodsPerYear: number): number {
  return (1 + totalReturn) ** (periodsPerYear / periods) - 1;
}

/**
 * Simple (arithmetic) annualisation: R * periodsPerYear / periods.
 * @example annualizeSimple(0.1, 126, 252) // 0.2
 */
export function annualizeSimple(totalReturn: number, periods: number, periodsPerYear: number): number {
  return (totalReturn * periodsPerYear) / periods;
}

/**
 * Continuously compounded annual rate: ln(1 + R) * periodsPerYear / periods.
 * @example annualizeLog(Math.E - 1, 252, 252) // 1
 */
export function annualizeLog(totalReturn: number, periods: number, periodsPerYear: number): number {
  return (Math.log(1 + totalReturn) * periodsPerYear) / periods;
}

/**
 * Calendar days from one ISO date to another (exclusive of the first).
 * @example calendarDaysBetween("2025-01-01", "2025-08-29") // 240
 */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((utcDate(to).getTime() - utcDate(from).getTime()) / 86_400_000);
}

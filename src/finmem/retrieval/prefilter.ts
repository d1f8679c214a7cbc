/**
 * Exact top-K per layer without scoring every row exactly, in three stages
 * that each keep every row that can still be in the top K:
 *
 *   1. floor: per layer, the 2K rows with the largest recency + importance
 *      ("base") are scored exactly; their K-th best exact score F is a lower
 *      bound on the layer's K-th best exact score S_K (K real rows score at
 *      least F).
 *   2. reach (reads no embedding): a row's exact score is at most
 *      base_i + R_i with R_i >= |<e_i, q>| (Cauchy-Schwarz, |e_i| |q| with
 *      rounding margins: QuantizedIndex.relevancyReach). A row with
 *      base_i + R_i < F cannot reach the top K.
 *   3. int8 (reads the kept rows' int8 copies, quantized.ts): the interval
 *      [lo, hi] = approx + base -+ bound surely holds each kept row's exact
 *      score; T = max(F, the K-th largest lo) is again a lower bound on S_K,
 *      so only rows with hi >= T can be in the top K. Those few are re-scored
 *      with the exact scorer and ranked.
 *
 * Why no row is lost, ties included: at every stage the cut-off T satisfies
 * T <= S_K, and a row is dropped only when an upper bound on its exact score
 * is strictly below T, so its exact score is strictly below S_K, below every
 * row of the true top K however ties among equal scores are broken. The
 * upper bounds include the float64 rounding of the exact path (the margins of
 * quantized.ts, far above it). So the result equals, ids and float64 scores,
 * scoring every row exactly.
 *
 * Stage 2 pays because the day terms spread over [0, 2] while the relevancy
 * of unrelated texts stays near 0: on a year of events most rows are too old
 * or too unimportant to reach the floor whatever their relevancy. When they
 * are not, stage 2 keeps every row and the cost is stage 3 over all rows.
 */
import { TopK } from "../topk";
import type { QuantizedIndex } from "./quantized";

/** Below this many rows the exact scan is as fast (measured at 512 dimensions), so the pre-filter is not used. */
export const PREFILTER_MIN_ROWS = 4096;

/**
 * Stage 1 scores this many rows per place of K: a higher floor, so fewer rows
 * kept by stage 2 (on a year of events 2 keeps ~15 % fewer than 1; more
 * gain nothing measurable).
 */
export const FLOOR_ROWS_PER_K = 2;

/** What the pre-filter needs to know about the memory's rows. */
export interface PrefilterRows {
  /** Rows [0, n) exist (alive or not); the index holds all of them. */
  n: number;
  alive: Uint8Array;
  /** Layer code of each row (indexes `ks`). */
  layer: Uint8Array;
  /** bases[i]: the recency + importance term of row i (the score without relevancy), for i < n. */
  bases: Float64Array;
  /** Exact relevancy <e_i, q> as the exact path computes it. */
  exactRelevancy(i: number): number;
  /** The exact path's score of row i from its exact relevancy (retrievalScore, score.ts: same arithmetic, so the same float). */
  score(i: number, relevancy: number): number;
  /** Stage 1's rows from an earlier query (`rowsOfLargestBase`); checked, and chosen afresh when absent or stale. */
  floorRows?: readonly Int32Array[];
}

/** What the stages kept, for tests and benchmarks: rows after stage 2 and after stage 3. */
export interface PrefilterCounts {
  reached: number;
  rescored: number;
}

/** Counts of the last prefilteredTopK call (overwritten by each call). */
export const lastPrefilterCounts: PrefilterCounts = { reached: 0, rescored: 0 };

/**
 * Stage 1's rows: per layer, the ids of the FLOOR_ROWS_PER_K * `ks[l]` alive
 * rows of largest base (fewer when the layer has fewer), best first. They depend only on the
 * day terms, so a memory keeps them between queries until it changes and
 * passes them back as `PrefilterRows.floorRows`.
 *
 * @example
 * const floorRows = rowsOfLargestBase([5, 5, 5, 5], rows); // floorRows[l].length <= 5
 */
export function rowsOfLargestBase(ks: readonly number[], rows: Omit<PrefilterRows, "floorRows">): Int32Array[] {
  const { alive, layer, bases } = rows;
  const byBase = ks.map((k) => new TopK(k * FLOOR_ROWS_PER_K));
  const cut = Float64Array.from(byBase, (heap) => (heap.k === 0 ? Infinity : heap.threshold));
  for (let i = 0; i < rows.n; i++) {
    if (alive[i] === 0) continue;
    const l = layer[i]!;
    if (bases[i]! >= cut[l]!) {
      const heap = byBase[l]!;
      heap.push(bases[i]!, i);
      cut[l] = heap.threshold;
    }
  }
  return byBase.map((heap) => Int32Array.from(heap.sorted(), (e) => e.id));
}

/**
 * Stage 1: per layer, the exact K-th best score of `floorRows[l]`
 * (-Infinity with fewer than K of them, +Infinity for K = 0). Any K or more
 * distinct alive rows of the layer give a lower bound on its S_K (K rows
 * score at least their K-th best), so rows kept from an earlier query serve
 * as long as they are distinct and each is still alive in that layer; if
 * not, they are chosen again.
 */
function exactFloors(ks: readonly number[], rows: PrefilterRows): Float64Array {
  const { alive, layer } = rows;
  const stillValid = (ids: Int32Array, l: number): boolean =>
    new Set(ids).size === ids.length && ids.every((i) => i < rows.n && alive[i] === 1 && layer[i] === l);
  const given = rows.floorRows;
  const chosen = given && given.length === ks.length && given.every(stillValid) ? given : rowsOfLargestBase(ks, rows);
  return Float64Array.from(ks, (k, l) => {
    if (k === 0) return Infinity;
    const exact = new TopK(k);
    for (const id of chosen[l]!) exact.push(rows.score(id, rows.exactRelevancy(id)), id);
    return exact.threshold;
  });
}

/**
 * Per-layer exact top-K heaps via the three stages above. Returns null when
 * the index cannot serve the query (then score every row exactly).
 *
 * @example
 * const hit = prefilteredTopK(index, query, [5, 5, 5, 5], rows);
 * hit?.[0].sorted(); // layer 0's top 5, best first
 */
export function prefilteredTopK(index: QuantizedIndex, query: Float32Array, ks: readonly number[], rows: PrefilterRows): TopK[] | null {
  if (!index.usable || index.size < rows.n || !index.prepare(query)) return null;
  const { alive, layer, bases } = rows;
  if (bases.length < rows.n) throw new RangeError(`prefilteredTopK: ${bases.length} bases for ${rows.n} rows`);
  const layers = ks.length;
  // Each layer's cut-off, only ever raised to another lower bound on its S_K; +Infinity skips a layer with k = 0.
  const thresholds = exactFloors(ks, rows);
  const floors = thresholds.slice();

  // Stage 2: keep the rows whose reach attains the floor (the scan touches only typed arrays).
  const list = index.rowList();
  let kept = 0;
  for (let i = 0; i < rows.n; i++) {
    if (bases[i]! + index.relevancyReach(i) >= thresholds[layer[i]!]! && alive[i] !== 0) list[kept++] = i;
  }

  // Stage 3: int8 intervals of the kept rows; lo values raise the cut-off, hi values filter.
  index.approximateListed(kept);
  const { approx, bound } = index;
  const lowHeaps = ks.map((k) => new TopK(k));
  const candidates: number[][] = ks.map(() => []);
  const uppers: number[][] = ks.map(() => []);
  for (let c = 0; c < kept; c++) {
    const i = list[c]!;
    const l = layer[i]!;
    const centre = approx[c]! + bases[i]!;
    const hi = centre + bound[c]!;
    // The cut-off only rises, so a row above it now is a superset of the rows above the final one.
    if (!(hi >= thresholds[l]!)) continue;
    candidates[l]!.push(i);
    uppers[l]!.push(hi);
    const lo = centre - bound[c]!;
    const heap = lowHeaps[l]!;
    if (lo >= heap.threshold) {
      heap.push(lo, i);
      if (heap.threshold > thresholds[l]!) thresholds[l] = heap.threshold;
    }
  }
  let rescored = 0;
  const exact = ks.map((k) => new TopK(k));
  for (let l = 0; l < layers; l++) {
    const floor = Math.max(floors[l]!, lowHeaps[l]!.threshold);
    const heap = exact[l]!;
    const ids = candidates[l]!;
    const his = uppers[l]!;
    for (let c = 0; c < ids.length; c++) {
      if (his[c]! < floor) continue;
      const i = ids[c]!;
      rescored++;
      const s = rows.score(i, rows.exactRelevancy(i));
      if (s >= heap.threshold) heap.push(s, i);
    }
  }
  lastPrefilterCounts.reached = kept;
  lastPrefilterCounts.rescored = rescored;
  return exact;
}

/**
 * Exact top-K per layer through the int8 pre-filter (quantized.ts): every
 * row gets an interval [lo, hi] = approx + base -+ bound that surely holds
 * its exact score; per layer, T = the K-th largest lo is a lower bound on the
 * K-th largest exact score, so only rows with hi >= T can be in the top K.
 * Those few are re-scored with the exact scorer and ranked; the result is
 * identical (ids and float64 scores) to scoring every row exactly.
 *
 * Why no row is lost: K rows have exact >= lo >= T, so the K-th largest exact
 * score S_K >= T; a row with hi < T has exact <= hi < T <= S_K, strictly
 * below every row of the true top K, ties included.
 */
import { TopK } from "../topk";
import type { QuantizedIndex } from "./quantized";

/** Below this many rows the exact scan is as fast (measured at 512 dimensions), so the pre-filter is not used. */
export const PREFILTER_MIN_ROWS = 4096;

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
}

/**
 * Per-layer exact top-K heaps via the pre-filter. Returns null when the index
 * cannot serve the query (then score every row exactly).
 *
 * @example
 * const hit = prefilteredTopK(index, query, [5, 5, 5, 5], rows);
 * hit?.[0].sorted(); // layer 0's top 5, best first
 */
export function prefilteredTopK(index: QuantizedIndex, query: Float32Array, ks: readonly number[], rows: PrefilterRows): TopK[] | null {
  if (!index.usable || index.size < rows.n || !index.approximate(query)) return null;
  const { approx, bound } = index;
  const { alive, layer, bases } = rows;
  if (bases.length < rows.n) throw new RangeError(`prefilteredTopK: ${bases.length} bases for ${rows.n} rows`);
  const layers = ks.length;
  const lowHeaps = ks.map((k) => new TopK(k));
  const candidates: number[][] = ks.map(() => []);
  const uppers: number[][] = ks.map(() => []);
  // Each heap's threshold, kept in step with its pushes (a read per row otherwise); +Infinity skips
  // a layer with k = 0. The scan touches only typed arrays, as it runs over every row.
  const thresholds = Float64Array.from(lowHeaps, (heap) => (heap.k === 0 ? Infinity : heap.threshold));
  for (let i = 0; i < rows.n; i++) {
    if (alive[i] === 0) continue;
    const l = layer[i]!;
    const centre = approx[i]! + bases[i]!;
    const hi = centre + bound[i]!;
    // The threshold only rises, so a row above it now is a superset of the rows above the final one.
    if (!(hi >= thresholds[l]!)) continue;
    candidates[l]!.push(i);
    uppers[l]!.push(hi);
    const lo = centre - bound[i]!;
    if (lo >= thresholds[l]!) {
      const heap = lowHeaps[l]!;
      heap.push(lo, i);
      thresholds[l] = heap.threshold;
    }
  }
  const exact = ks.map((k) => new TopK(k));
  for (let l = 0; l < layers; l++) {
    const floor = lowHeaps[l]!.threshold;
    const heap = exact[l]!;
    const ids = candidates[l]!;
    const his = uppers[l]!;
    for (let c = 0; c < ids.length; c++) {
      if (his[c]! < floor) continue;
      const i = ids[c]!;
      const s = rows.score(i, rows.exactRelevancy(i));
      if (s >= heap.threshold) heap.push(s, i);
    }
  }
  return exact;
}

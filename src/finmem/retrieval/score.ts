/**
 * FinMem's retrieval score (Yu et al., arXiv 2311.13743, §2.2.2; each term as
 * in the authors' code): the one definition that the memory's exact scan,
 * its int8 pre-filter (prefilter.ts), the shown scores and the layer
 * statistics all use (memory.ts).
 */

/**
 * Recency term: exp(-delta / Q), delta = trading days since the event was
 * stored or last promoted, Q = the layer's recency constant.
 *
 * @example
 * recencyScore(3, 3); // Math.exp(-1) ≈ 0.3679
 */
export function recencyScore(delta: number, q: number): number {
  return Math.exp(-delta / q);
}

/**
 * Importance term: clamp(importance, 0, cap) / cap.
 *
 * @example
 * importanceScore(130); // 1
 * importanceScore(42); // 0.42
 */
export function importanceScore(importance: number, cap = 100): number {
  return (importance < 0 ? 0 : importance > cap ? cap : importance) / cap;
}

/**
 * The retrieval score of one event for a query:
 *
 *   score = relevancy + recency + importance
 *         = <e, q> + exp(-delta / Q_layer) + clamp(importance, 0, cap) / cap
 *
 * with relevancy the inner product of the L2-normalised embeddings (the
 * cosine; negative for signed embeddings, as in the code's inner product),
 * recency from `recencyScore` and importance from `importanceScore`. Added
 * left to right, (relevancy + recency) + importance, everywhere: a float64
 * sum depends on its order, and the pre-filter must reproduce the exact
 * scan's scores bit for bit.
 *
 * @example
 * retrievalScore(0.5, recencyScore(3, 3), importanceScore(42)); // 0.5 + 0.3679 + 0.42 ≈ 1.2879
 */
export function retrievalScore(relevancy: number, recency: number, importance: number): number {
  return relevancy + recency + importance;
}

/**
 * Sentence-transformers' pooling step: token vectors -> one sentence vector.
 */

/**
 * Mean pooling with the attention mask, then L2 normalisation, as the
 * sentence-transformers `Pooling(mean) -> Normalize` modules do:
 * `v = sum_t m_t h_t / max(sum_t m_t, 1e-9)`, `v / max(|v|, 1e-12)`.
 * `hidden` is the row-major `[batch, seq, dim]` last hidden state and `mask`
 * the `[batch, seq]` 0/1 attention mask: padded positions must not count, or a
 * sentence's vector would depend on the longest sentence of its batch.
 * Sums run in float64.
 *
 * @example
 * // one sentence of 2 tokens padded to 3, dim 2
 * meanPoolNormalize(Float32Array.of(1, 0, 0, 1, 9, 9), [1, 1, 0], 1, 3, 2) // [Float32Array [0.7071, 0.7071]]
 */
export function meanPoolNormalize(hidden: ArrayLike<number>, mask: ArrayLike<number | bigint>, batch: number, seq: number, dim: number): Float32Array[] {
  if (hidden.length !== batch * seq * dim) throw new RangeError(`meanPoolNormalize: hidden has ${hidden.length} values, expected ${batch}x${seq}x${dim}`);
  if (mask.length !== batch * seq) throw new RangeError(`meanPoolNormalize: mask has ${mask.length} values, expected ${batch}x${seq}`);
  const out: Float32Array[] = [];
  const sum = new Float64Array(dim);
  for (let b = 0; b < batch; b++) {
    sum.fill(0);
    let count = 0;
    for (let t = 0; t < seq; t++) {
      const m = Number(mask[b * seq + t]);
      if (m === 0) continue;
      count += m;
      const base = (b * seq + t) * dim;
      for (let d = 0; d < dim; d++) sum[d] += m * hidden[base + d]!;
    }
    const denom = Math.max(count, 1e-9);
    let norm = 0;
    for (let d = 0; d < dim; d++) {
      sum[d] /= denom;
      norm += sum[d]! * sum[d]!;
    }
    const inv = 1 / Math.max(Math.sqrt(norm), 1e-12);
    const v = new Float32Array(dim);
    for (let d = 0; d < dim; d++) v[d] = sum[d]! * inv;
    out.push(v);
  }
  return out;
}

/**
 * Bounded top-K selection without a full sort: a size-K min-heap keyed on
 * (score ascending, id descending), so its root is always the worst of the
 * kept candidates. Pushing n candidates costs O(n log K); the final order is
 * score descending, ties broken by the smaller id (the older event), which is
 * exactly what a stable sort of the candidates by descending score gives.
 */

/** True when candidate (sa, ia) ranks strictly below (sb, ib). */
function worse(sa: number, ia: number, sb: number, ib: number): boolean {
  return sa < sb || (sa === sb && ia > ib);
}

export class TopK {
  // Heap slots 0 .. count-1 (count <= k) are filled; every index read below
  // is a parent of a filled slot, the root of a full heap, or a child checked
  // against k, so the `!` reads are in range.
  private readonly scores: Float64Array;
  private readonly ids: Int32Array;
  private count = 0;

  constructor(readonly k: number) {
    if (!(k >= 0) || !Number.isInteger(k)) throw new RangeError(`TopK: k must be a non-negative integer, got ${k}`);
    this.scores = new Float64Array(k);
    this.ids = new Int32Array(k);
  }

  get size(): number {
    return this.count;
  }

  /** Lowest kept score (-Infinity while fewer than K are kept): a cheap pre-filter. */
  get threshold(): number {
    return this.count < this.k ? -Infinity : this.scores[0]!;
  }

  /**
   * Offer a candidate.
   *
   * @example
   * const top = new TopK(2); top.push(0.5, 1); top.push(0.9, 2); top.push(0.1, 3);
   * top.sorted(); // [{ id: 2, score: 0.9 }, { id: 1, score: 0.5 }]
   */
  push(score: number, id: number): void {
    const k = this.k;
    if (k === 0) return;
    if (this.count < k) {
      let i = this.count++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(score, id, this.scores[parent]!, this.ids[parent]!)) break;
        this.scores[i] = this.scores[parent]!;
        this.ids[i] = this.ids[parent]!;
        i = parent;
      }
      this.scores[i] = score;
      this.ids[i] = id;
      return;
    }
    if (!worse(this.scores[0]!, this.ids[0]!, score, id)) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= k) break;
      let child = left;
      const right = left + 1;
      if (right < k && worse(this.scores[right]!, this.ids[right]!, this.scores[left]!, this.ids[left]!)) child = right;
      if (!worse(this.scores[child]!, this.ids[child]!, score, id)) break;
      this.scores[i] = this.scores[child]!;
      this.ids[i] = this.ids[child]!;
      i = child;
    }
    this.scores[i] = score;
    this.ids[i] = id;
  }

  /** Kept candidates, best first (score descending, then id ascending). */
  sorted(): Array<{ id: number; score: number }> {
    const out: Array<{ id: number; score: number }> = [];
    for (let i = 0; i < this.count; i++) out.push({ id: this.ids[i]!, score: this.scores[i]! });
    out.sort((a, b) => b.score - a.score || a.id - b.id);
    return out;
  }
}

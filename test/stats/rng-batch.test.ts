/**
 * The batched generator and the branch-free compensated sum against the
 * loops they replace on hot paths: `fillUint32` is the `nextUint32` stream
 * (and leaves the generator where the single draws would), and `sum` equals
 * Neumaier's two-branch sum bit for bit, special values included.
 */
import { describe, expect, it } from "vitest";
import { sum } from "../../src/stats/descriptive";
import { Rng } from "../../src/stats/rng";

/** Neumaier's compensated sum with its two branches (the definition `sum` must reproduce). */
function neumaier(values: ArrayLike<number>): number {
  let total = 0;
  let compensation = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const t = total + v;
    if (Math.abs(total) >= Math.abs(v)) compensation += total - t + v;
    else compensation += v - t + total;
    total = t;
  }
  return total + compensation;
}

describe("Rng.fillUint32", () => {
  it.each([0, 1, 2, 7, 1000])("%i draws: the nextUint32 stream, and the same state afterwards", (count) => {
    const batch = new Rng("batch");
    const single = new Rng("batch");
    const drawn = batch.fillUint32(new Uint32Array(count));
    expect(Array.from(drawn)).toEqual(Array.from({ length: count }, () => single.nextUint32()));
    expect([batch.nextUint32(), batch.next(), batch.normal()]).toEqual([single.nextUint32(), single.next(), single.normal()]);
  });

  it("known first values of a seeded stream", () => {
    const a = new Rng(7).fillUint32(new Uint32Array(2));
    const b = new Rng(7);
    expect(Array.from(a)).toEqual([b.nextUint32(), b.nextUint32()]);
    expect(a[0]).toBeGreaterThan(0);
  });
});

describe("sum (TwoSum steps) equals Neumaier's branches bit for bit", () => {
  const same = (a: number, b: number): boolean => Object.is(a, b);

  it("on random mixtures of magnitudes, signs and special values", () => {
    const rng = new Rng("sum-fuzz");
    const special = [0, -0, 1e308, -1e308, Infinity, -Infinity, NaN, 5e-324, -5e-324, 1, -1, 2 ** 53, -(2 ** 53), 0.1];
    let mismatches = 0;
    for (let trial = 0; trial < 20_000; trial++) {
      const n = 1 + (trial % 17);
      const values = Array.from({ length: n }, () => (rng.next() < 0.15 ? special[rng.int(0, special.length)]! : (rng.next() - 0.5) * 10 ** rng.int(-20, 20)));
      if (!same(sum(values), neumaier(values))) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it("hand-checked cases: compensation, cancellation, overflow, empty", () => {
    expect(sum([0.1, 0.2, 0.3])).toBe(0.6);
    expect(sum([1, 1e100, 1, -1e100])).toBe(2);
    expect(sum([1e308, 1e308, -1e308])).toBe(neumaier([1e308, 1e308, -1e308]));
    expect(sum([])).toBe(0);
    expect(Object.is(sum([-0]), neumaier([-0]))).toBe(true);
  });
});

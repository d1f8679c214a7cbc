/**
 * The O(n) rolling statistics (running shifted sums, re-anchored exactly every
 * `window` steps) against the direct per-window formula, on series built to be
 * hard for running sums: a 70% crash, NaN gaps, constant stretches, a trend.
 */
import { describe, expect, it } from "vitest";
import { rollingMean, rollingStd, rollingSum, rollingVariance } from "../../src/stats/rolling";
import { Rng } from "../../src/stats/rng";

type Kind = "sum" | "mean" | "var" | "std";

/** Straightforward pandas-style rolling statistic, every window recomputed. */
function direct(values: ArrayLike<number>, window: number, minPeriods: number, kind: Kind, ddof: number): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const xs: number[] = [];
    for (let j = Math.max(0, i - window + 1); j <= i; j++) if (!Number.isNaN(values[j]!)) xs.push(values[j]!);
    if (xs.length < Math.max(minPeriods, 1)) {
      out[i] = NaN;
      continue;
    }
    const total = xs.reduce((a, b) => a + b, 0);
    const m = total / xs.length;
    if (kind === "sum") out[i] = total;
    else if (kind === "mean") out[i] = m;
    else if (xs.length - ddof <= 0) out[i] = NaN;
    else {
      const v = xs.every((x) => x === xs[0]) ? 0 : xs.reduce((a, x) => a + (x - m) * (x - m), 0) / (xs.length - ddof);
      out[i] = kind === "std" ? Math.sqrt(v) : v;
    }
  }
  return out;
}

function hardSeries(seed: number, n: number, withNaN: boolean): Float64Array {
  const rng = new Rng(seed);
  const x = new Float64Array(n);
  let p = 100;
  for (let t = 0; t < n; t++) {
    p *= 1 + rng.normal(0.0005, 0.02);
    if (t === Math.floor(n / 2)) p *= 0.3;
    x[t] = withNaN && rng.next() < 0.05 ? NaN : p;
    if (t > 300 && t < 360) x[t] = 42.1; // constant stretch (std exactly 0 inside it)
  }
  return x;
}

describe("O(n) rolling statistics equal the direct per-window computation", () => {
  const fns: Record<Kind, (x: Float64Array, w: number, o: { minPeriods: number; ddof: number }) => Float64Array> = {
    sum: (x, w, o) => rollingSum(x, w, o),
    mean: (x, w, o) => rollingMean(x, w, o),
    var: (x, w, o) => rollingVariance(x, w, o),
    std: (x, w, o) => rollingStd(x, w, o),
  };
  for (const withNaN of [false, true]) {
    it(`to 1e-10 relative, NaN positions identical (${withNaN ? "with" : "without"} NaN gaps)`, () => {
      const x = hardSeries(withNaN ? 2 : 1, 1500, withNaN);
      let worst = 0;
      let zeros = 0;
      // Mismatches are collected and asserted once: one expect per element (200,000 of them) cost seconds.
      const wrong: string[] = [];
      for (const window of [2, 5, 20, 63]) {
        for (const minPeriods of [window, 1]) {
          for (const ddof of [0, 1]) {
            for (const kind of Object.keys(fns) as Kind[]) {
              const fast = fns[kind](x, window, { minPeriods, ddof });
              const ref = direct(x, window, minPeriods, kind, ddof);
              const where = (i: number) => `${kind} window ${window} minPeriods ${minPeriods} ddof ${ddof} at ${i}: ${fast[i]} vs ${ref[i]}`;
              for (let i = 0; i < x.length; i++) {
                if (Number.isNaN(fast[i]!) !== Number.isNaN(ref[i]!)) wrong.push(`NaN ${where(i)}`);
                if (Number.isNaN(ref[i]!)) continue;
                if (ref[i] === 0) {
                  if (fast[i] !== 0) wrong.push(`not exactly 0 ${where(i)}`);
                  zeros++;
                  continue;
                }
                worst = Math.max(worst, Math.abs(fast[i]! - ref[i]!) / Math.abs(ref[i]!));
              }
            }
          }
        }
      }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(worst).toBeLessThan(1e-10);
      expect(zeros).toBeGreaterThan(0);
    });
  }

  it("is exact at the re-anchoring points (every `window` steps from the start)", () => {
    const x = hardSeries(3, 400, false);
    const fast = rollingStd(x, 20, { minPeriods: 1 });
    // The direct corrected two-pass formula, as the exact steps compute it.
    for (let i = 0; i < x.length; i += 20) {
      const xs = Array.from(x.slice(Math.max(0, i - 19), i + 1));
      if (xs.length < 2 || xs.every((v) => v === xs[0])) continue;
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      let acc = 0;
      let corr = 0;
      for (const v of xs) {
        acc += (v - m) * (v - m);
        corr += v - m;
      }
      expect(fast[i]).toBe(Math.sqrt(Math.max(0, acc - (corr * corr) / xs.length) / (xs.length - 1)));
    }
  });

  it("a series with Infinity keeps the direct semantics (NaN only while the Infinity is in the window)", () => {
    const x = [1, 2, Infinity, 4, 5, 6, 7, 8, 9];
    const sd = rollingStd(x, 5);
    expect(Array.from(sd.slice(4, 7)).every(Number.isNaN)).toBe(true);
    expect(sd[7]).toBeCloseTo(Math.sqrt(2.5), 14);
    expect(rollingMean(x, 5)[5]).toBe(Infinity);
    expect(rollingMean(x, 5)[7]).toBe(6);
  });
});

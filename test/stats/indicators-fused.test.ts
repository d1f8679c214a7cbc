/**
 * The fused RSI / MACD loops and the one-pass Bollinger bands against the
 * indicators composed from their definitions (diff, smma / ema via `ewm`,
 * rollingMean, rollingStd): bit-identical on random walks of many lengths,
 * flat stretches, a crash, and windows 1..30; series with NaN or infinities
 * take the composed path and still agree.
 */
import { describe, expect, it } from "vitest";
import { bollinger, diffWithZeroFirst, ema, macd, rsi, smma } from "../../src/stats/indicators";
import { rollingMean, rollingMeanStd, rollingStd } from "../../src/stats/rolling";
import { Rng } from "../../src/stats/rng";

function composedRsi(close: ArrayLike<number>, window: number): Float64Array {
  const change = diffWithZeroFirst(close);
  const up = smma(
    change.map((c) => (c > 0 ? c : 0)),
    window,
  );
  const down = smma(
    change.map((c) => (c < 0 ? -c : 0)),
    window,
  );
  return up.map((u, i) => (u === 0 && down[i] === 0 ? NaN : 100 - 100 / (1 + u / down[i]!)));
}

function composedMacd(close: ArrayLike<number>, fast: number, slow: number, signal: number, scale = 1) {
  const f = ema(close, fast);
  const s = ema(close, slow);
  const line = f.map((v, i) => v - s[i]!);
  const sig = ema(line, signal);
  return { macd: line, macds: sig, macdh: line.map((v, i) => scale * (v - sig[i]!)) };
}

function walk(seed: number, n: number): Float64Array {
  const rng = new Rng(seed);
  const out = new Float64Array(n);
  let p = 100;
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % 97 === 0)
      p *= 0.3; // a crash
    else if (!(i % 50 >= 10 && i % 50 < 14)) p *= Math.exp(rng.normal(0, 0.02)); // flat stretches stay flat
    out[i] = p;
  }
  return out;
}

/** Element-wise identity (Object.is, so NaN matches NaN and -0 is told from 0). */
function expectIdentical(a: Float64Array, b: Float64Array): void {
  expect(a.length).toBe(b.length);
  const differing: number[] = [];
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) differing.push(i);
  expect(differing).toEqual([]);
}

describe("fused indicators", () => {
  const lengths = [0, 1, 2, 3, 15, 27, 400, 5000];
  it("RSI is bit-identical to the composed definition", () => {
    for (const n of lengths) for (const w of [1, 2, 14, 30]) expectIdentical(rsi(walk(n + w, n), w), composedRsi(walk(n + w, n), w));
  });

  it("MACD is bit-identical to the composed definition (both histogram scales)", () => {
    for (const n of lengths)
      for (const [fa, sl, si, scale] of [
        [12, 26, 9, 1],
        [5, 35, 5, 2],
        [1, 2, 1, 1],
      ] as const) {
        const c = walk(3 * n + fa, n);
        const ours = macd(c, fa, sl, si, { histogramScale: scale });
        const ref = composedMacd(c, fa, sl, si, scale);
        expectIdentical(ours.macd, ref.macd);
        expectIdentical(ours.macds, ref.macds);
        expectIdentical(ours.macdh, ref.macdh);
      }
  });

  it("Bollinger's one-pass mean and std equal rollingMean and rollingStd", () => {
    for (const n of lengths)
      for (const [w, minPeriods] of [
        [20, 1],
        [20, 20],
        [3, 1],
        [7, 4],
      ] as const) {
        const c = walk(5 * n + w, n);
        const both = rollingMeanStd(c, w, { minPeriods, ddof: 1 });
        expectIdentical(both.mean, rollingMean(c, w, { minPeriods }));
        expectIdentical(both.std, rollingStd(c, w, { minPeriods, ddof: 1 }));
        const bands = bollinger(c, w, 2, { minPeriods });
        expectIdentical(bands.middle, both.mean);
        expectIdentical(
          bands.upper,
          both.mean.map((m, i) => m + 2 * both.std[i]!),
        );
      }
  });

  it("series with NaN or infinities take the composed path and agree with it", () => {
    const c = walk(9, 300);
    c[40] = NaN;
    c[41] = NaN;
    c[200] = Infinity;
    expectIdentical(rsi(c, 14), composedRsi(c, 14));
    const ours = macd(c, 12, 26, 9);
    const ref = composedMacd(c, 12, 26, 9);
    expectIdentical(ours.macd, ref.macd);
    expectIdentical(ours.macdh, ref.macdh);
    const both = rollingMeanStd(c, 20, { minPeriods: 1 });
    expectIdentical(both.mean, rollingMean(c, 20, { minPeriods: 1 }));
    expectIdentical(both.std, rollingStd(c, 20, { minPeriods: 1 }));
  });

  it("keeps the window check", () => {
    expect(() => rsi([1, 2, 3], 0)).toThrow(/window must be >= 1/);
  });
});

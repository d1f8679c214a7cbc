/**
 * The two-pass sums behind `performanceMetrics` (src/backtest/metrics-pass.ts)
 * against the stand-alone statistics they replace, bit for bit, and the
 * benchmark's per-array cache: a changed benchmark is recomputed, and the
 * caller's arrays are never written.
 */
import { describe, expect, it } from "vitest";
import { maxDrawdown, performanceMetrics, totalReturn } from "../../src/backtest/metrics";
import { seriesSums } from "../../src/backtest/metrics-pass";
import { centralMoments, covarianceWithMeans, mean, varianceWithMean } from "../../src/stats/descriptive";
import { Rng } from "../../src/stats/rng";

describe("seriesSums", () => {
  it("every field is the stand-alone statistic's double (random, constant, two-point and zero series)", () => {
    const rng = new Rng("sums");
    const cases: Float64Array[] = [Float64Array.of(0.01, -0.02), new Float64Array(40), new Float64Array(30).fill(0.003)];
    for (let c = 0; c < 40; c++) cases.push(Float64Array.from({ length: 2 + c * 13 }, () => rng.normal(0.0005, 0.01 + 0.01 * (c % 4))));
    for (const r of cases) {
      const n = r.length;
      const b = Float64Array.from({ length: n }, () => rng.normal(0, 0.01));
      const rfPeriod = 0.02 / 252;
      const meanB = mean(b);
      const s = seriesSums(r, rfPeriod, b, meanB);
      const excess = Float64Array.from(r, (x) => x - rfPeriod);
      const active = Float64Array.from(r, (x, i) => x - b[i]!);
      const em = mean(excess);
      const moments = centralMoments(excess);
      let downside = 0;
      for (const e of excess) if (e < 0) downside += e * e;
      expect(s.totalReturn).toBe(totalReturn(r));
      expect(s.maxDrawdown).toBe(maxDrawdown(r));
      expect(s.meanR).toBe(mean(r));
      expect(s.varianceR).toBe(varianceWithMean(r, mean(r), 1));
      expect(Array.from(s.excess)).toEqual(Array.from(excess));
      expect(s.excessMean).toBe(em);
      expect(s.excessVariance).toBe(varianceWithMean(excess, em, 1));
      expect([s.m2, s.m3, s.m4]).toEqual([moments.m2, moments.m3, moments.m4]);
      expect(s.downsideSq).toBe(downside);
      expect(s.covariance).toBe(covarianceWithMeans(r, b, mean(r), meanB, 1));
      expect(s.activeMean).toBe(mean(active));
      expect(s.activeVariance).toBe(varianceWithMean(active, mean(active), 1));
      const alone = seriesSums(r, rfPeriod, null, NaN);
      expect([alone.covariance, alone.activeMean, alone.activeVariance]).toEqual([NaN, NaN, NaN]);
      expect(alone.excessVariance).toBe(s.excessVariance);
    }
  });
});

describe("performanceMetrics' benchmark cache", () => {
  it("a benchmark changed in place is recomputed; the caller's arrays are not written", () => {
    const rng = new Rng("cache");
    const r = Float64Array.from({ length: 300 }, () => rng.normal(0.0004, 0.01));
    const b = Float64Array.from({ length: 300 }, () => rng.normal(0.0003, 0.008));
    const rCopy = r.slice();
    const first = performanceMetrics(r, { benchmark: b });
    expect(performanceMetrics(r, { benchmark: b })).toEqual(first);
    b[17] = b[17]! + 0.05;
    const fresh = performanceMetrics(r, { benchmark: Float64Array.from(b) });
    const changed = performanceMetrics(r, { benchmark: b });
    expect(changed).toEqual(fresh);
    expect(changed.beta).not.toBe(first.beta);
    expect(Array.from(r)).toEqual(Array.from(rCopy));
    // -0 and 0 are different values for the cache (Object.is), so a sign flip of a zero is seen too.
    const z = new Float64Array(300);
    performanceMetrics(r, { benchmark: z });
    z[3] = -0;
    expect(performanceMetrics(r, { benchmark: z })).toEqual(performanceMetrics(r, { benchmark: Float64Array.from(z) }));
  });

  it("errors keep their order: returns first, then trials, then the benchmark", () => {
    expect(() => performanceMetrics([0.01, NaN], { benchmark: [NaN, 0] })).toThrow("returns[1] is not a finite number");
    expect(() => performanceMetrics([0.01, 0.02], { trials: 0, benchmark: [NaN, 0] })).toThrow("trials must be >= 1");
    expect(() => performanceMetrics([0.01, 0.02], { benchmark: [NaN, 0] })).toThrow("benchmark[0] is not a finite number");
    expect(() => performanceMetrics([0.01, 0.02], { benchmark: [0.01] })).toThrow("benchmark has 1 returns, strategy has 2");
  });
});

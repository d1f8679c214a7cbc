/**
 * The fast paths of the metrics against the straightforward formulas:
 * `quantile` by selection equals the sorted-array definition exactly (ties,
 * NaN, -0 and Infinity included), the one-pass central moments equal the
 * `(x - m) ** k` sums to rounding, and `performanceMetrics` (shared means,
 * one quantile for VaR and CVaR) returns exactly what composing the public
 * one-metric functions returns.
 */
import { describe, expect, it } from "vitest";
import {
  deflatedSharpe,
  historicalCvar,
  historicalVar,
  maxDrawdown,
  drawdownSeries,
  performanceMetrics,
  annualizedReturn,
  totalReturn,
} from "../../src/backtest/metrics";
import {
  centralMoment,
  centralMoments,
  correlation,
  covariance,
  kurtosis,
  mean,
  quantile,
  quantileSorted,
  skewness,
  std,
  variance,
  varianceWithMean,
  covarianceWithMeans,
} from "../../src/stats/descriptive";
import { Rng } from "../../src/stats/rng";

function sortedQuantile(values: ArrayLike<number>, p: number): number {
  return quantileSorted(Float64Array.from(values).sort(), p);
}

describe("quantile by selection", () => {
  it("equals the sort-based definition exactly on random, tied and special inputs", () => {
    const rng = new Rng(4);
    const cases: number[][] = [
      [1],
      [2, 1],
      [3, 3, 3, 3],
      [1, 2, 2, 2, 3],
      [0, -0, 0, -0, 1],
      [NaN, 1, 2, 3],
      [-Infinity, 1, Infinity, 2],
      [Infinity, Infinity, 1],
    ];
    for (let c = 0; c < 200; c++) {
      const n = 1 + rng.int(0, 300);
      const levels = 1 + rng.int(0, 20);
      cases.push(Array.from({ length: n }, () => (c % 2 === 0 ? rng.normal(0, 1) : rng.int(0, levels))));
    }
    for (const values of cases) {
      for (const p of [0, 0.01, 1 - 0.95, 0.05, 0.25, 0.5, 0.9, 0.99, 1]) {
        expect(Object.is(quantile(values, p), sortedQuantile(values, p)), `${values.slice(0, 6).join(",")} p=${p}`).toBe(true);
      }
    }
  });

  it("does not reorder its input", () => {
    const x = [3, 1, 2];
    quantile(x, 0.5);
    expect(x).toEqual([3, 1, 2]);
  });
});

describe("one-pass central moments", () => {
  it("equal sum((x - m)^k) / n to 1e-12 relative and give hand-computed values", () => {
    expect(centralMoments([1, 2, 3, 4])).toEqual({ n: 4, mean: 2.5, m2: 1.25, m3: 0, m4: 2.5625 });
    const rng = new Rng(8);
    const x = Array.from({ length: 2520 }, () => rng.normal(0.0005, 0.012) + (rng.next() < 0.01 ? -0.08 : 0));
    const m = mean(x);
    for (const k of [2, 3, 4]) {
      const ref = x.reduce((a, v) => a + (v - m) ** k, 0) / x.length;
      expect(Math.abs(centralMoment(x, k) - ref) / Math.abs(ref)).toBeLessThan(1e-12);
    }
    const mo = centralMoments(x);
    expect(skewness(x)).toBe(mo.m3 / mo.m2 ** 1.5);
    expect(kurtosis(x)).toBe(mo.m4 / (mo.m2 * mo.m2));
    expect(centralMoment(x, 5)).toBeCloseTo(x.reduce((a, v) => a + (v - m) ** 5, 0) / x.length, 18);
  });

  it("the ...WithMean(s) variants are the same numbers as variance / covariance", () => {
    const rng = new Rng(9);
    const x = Array.from({ length: 500 }, () => rng.normal(0, 1));
    const y = Array.from({ length: 500 }, () => rng.normal(1, 2));
    expect(varianceWithMean(x, mean(x), 1)).toBe(variance(x, 1));
    expect(covarianceWithMeans(x, y, mean(x), mean(y), 1)).toBe(covariance(x, y, 1));
  });
});

describe("performanceMetrics equals the composition of the one-metric functions", () => {
  it("bit for bit, with and without a benchmark", () => {
    const rng = new Rng(12);
    const n = 2520;
    const b = Array.from({ length: n }, () => rng.normal(0.0003, 0.01));
    const r = b.map((v) => 1.2 * v + rng.normal(0.0001, 0.006));
    const rf = 0.02;
    const m = performanceMetrics(r, { benchmark: b, rf, trials: 10 });
    const excess = r.map((v) => v - rf / 252);
    const dsr = deflatedSharpe(r, { rf, trials: 10 });
    expect(m.totalReturn).toBe(totalReturn(r));
    expect(m.annualizedReturn).toBe(annualizedReturn(r));
    expect(m.annualizedVolatility).toBe(std(r, 1) * Math.sqrt(252));
    expect(m.sharpeMeanExcess).toBe((mean(excess) / std(excess, 1)) * Math.sqrt(252));
    expect(m.var95).toBe(historicalVar(r, 0.95));
    expect(m.cvar95).toBe(historicalCvar(r, 0.95));
    expect(m.maxDrawdown).toBe(Math.min(0, ...drawdownSeries(r)));
    expect(m.maxDrawdown).toBe(maxDrawdown(r));
    expect(m.skewness).toBe(skewness(excess));
    expect(m.kurtosis).toBe(kurtosis(excess));
    expect(m.sharpePerPeriod).toBe(dsr.sharpe);
    expect(m.deflatedSharpe).toBe(dsr.deflatedSharpe);
    expect(m.probabilisticSharpe).toBe(dsr.probabilisticSharpe);
    expect(m.beta).toBe(covariance(r, b, 1) / variance(b, 1));
    expect(m.alpha).toBe((mean(r) - m.beta * mean(b)) * 252);
    const active = r.map((v, i) => v - b[i]!);
    expect(m.trackingError).toBe(std(active, 1) * Math.sqrt(252));
    expect(m.informationRatio).toBe((mean(active) * 252) / m.trackingError);
    expect(m.correlation).toBe(correlation(r, b));
    expect(m.benchmarkAnnualizedReturn).toBe(annualizedReturn(b));
    const alone = performanceMetrics(r, { rf, trials: 10 });
    expect(Number.isNaN(alone.beta) && Number.isNaN(alone.correlation)).toBe(true);
    expect(alone.var95).toBe(m.var95);
  });
});

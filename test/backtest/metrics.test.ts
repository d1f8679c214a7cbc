import { describe, expect, it } from "vitest";
import {
  annualizedReturn,
  deflatedSharpe,
  drawdownSeries,
  expectedMaxSharpe,
  historicalCvar,
  historicalVar,
  maxDrawdown,
  monthlyReturns,
  performanceMetrics,
  probabilisticSharpe,
  rollingSharpe,
  totalReturn,
  turnoverSummary,
} from "../../src/backtest/metrics";
import { turnover } from "../../src/portfolio/index";
import { calc } from "../../src/cli/calc/metrics";
import { at } from "../helpers/checked";

// A tiny strategy and benchmark used throughout. Reference values were computed by hand
// where noted and with numpy/scipy at dev time (np.std(ddof=1), np.percentile, scipy.stats.skew,
// scipy.stats.kurtosis(fisher=False), scipy.stats.norm).
const R = [0.01, -0.02, 0.015, 0.003, -0.005, 0.012];
const B = [0.008, -0.015, 0.01, 0.002, -0.004, 0.009];

describe("return and drawdown building blocks", () => {
  it("total and annualized return by hand", () => {
    expect(totalReturn([0.1, -0.1])).toBeCloseTo(-0.01, 15); // 1.1 * 0.9 - 1
    // wealth 1.01, 0.9898, 1.004647, 1.007660941, 1.0026226363, 1.0146541079
    expect(totalReturn(R)).toBeCloseTo(0.014654107930539784, 15);
    // CAGR = 1.0146541079^(252/6) - 1
    expect(annualizedReturn(R)).toBeCloseTo(1.0146541079305398 ** 42 - 1, 13);
    expect(annualizedReturn([0.01, 0.01], 2)).toBeCloseTo(0.0201, 15);
  });

  it("drawdowns count the starting wealth as a peak", () => {
    // wealth 1.1, 0.55, 0.66 -> peaks 1.1, 1.1, 1.1 -> [0, -0.5, -0.4]
    const dd = drawdownSeries([0.1, -0.5, 0.2]);
    expect(dd[0]).toBe(0);
    expect(dd[1]).toBeCloseTo(-0.5, 15);
    expect(dd[2]).toBeCloseTo(-0.4, 15);
    expect(maxDrawdown([-0.1, 0.05])).toBeCloseTo(-0.1, 15);
    expect(maxDrawdown([0.01, 0.02])).toBe(0);
    // R: peak 1.01 then 0.9898 -> 0.9898 / 1.01 - 1 = -0.02
    expect(maxDrawdown(R)).toBeCloseTo(-0.02, 14);
  });

  it("historical VaR / CVaR as positive losses with numpy interpolation", () => {
    // sorted [-0.05, -0.01, 0, 0.02, 0.03]; h = 4 * 0.05 = 0.2 -> -0.05 + 0.2 * 0.04 = -0.042
    expect(historicalVar([0.03, -0.05, 0.0, 0.02, -0.01])).toBeCloseTo(0.042, 15);
    expect(historicalCvar([0.03, -0.05, 0.0, 0.02, -0.01])).toBeCloseTo(0.05, 15);
    // R sorted [-0.02, -0.005, 0.003, 0.01, 0.012, 0.015]; h = 0.25 -> -0.02 + 0.25 * 0.015 = -0.01625
    expect(historicalVar(R)).toBeCloseTo(0.01625, 15);
    expect(historicalCvar(R)).toBeCloseTo(0.02, 15);
  });

  it("rolling Sharpe (window 3) matches numpy", () => {
    const rs = rollingSharpe(R, 3, { rf: 0.02 });
    expect(rs[0]).toBeNaN();
    expect(rs[1]).toBeNaN();
    expect(rs[2]).toBeCloseTo(1.3311166512794432, 12);
    expect(rs[3]).toBeCloseTo(-0.6658633325394583, 12);
    expect(rs[4]).toBeCloseTo(6.708390735911568, 12);
    expect(rs[5]).toBeCloseTo(6.073574211992491, 12);
    expect(rollingSharpe(new Array(30).fill(0.001), 20)[25]).toBeNaN(); // zero std
  });

  it("monthly returns compound within calendar months", () => {
    const months = monthlyReturns(["2025-01-30", "2025-01-31", "2025-02-03"], [0.1, 0.1, -0.05]);
    expect(months.map((m) => m.month)).toEqual(["2025-01", "2025-02"]);
    expect(at(months, 0).return).toBeCloseTo(0.21, 15);
    expect(at(months, 1).return).toBeCloseTo(-0.05, 15);
    expect(() => monthlyReturns(["2025-01-01"], [0.1, 0.2])).toThrow(/1 dates for 2 returns/);
  });

  it("turnover helpers", () => {
    expect(turnover([0.5, 0.5], [0, 1])).toBe(1);
    expect(turnoverSummary([1, 0.2, 0.3], 30)).toEqual({ total: 1.5, perRebalance: 0.5, annualized: expect.closeTo(12.6, 12) });
  });
});

describe("Probabilistic and Deflated Sharpe Ratio (Bailey & Lopez de Prado)", () => {
  it("a DSR computed by hand step by step", () => {
    // SR = 0.1 per day, n = 253, skew = -0.5, kurtosis = 5 (Pearson), N = 10 trials.
    // 1. denominator term  1 - skew SR + (kurt - 1)/4 SR^2 = 1 + 0.05 + 0.01 = 1.06
    // 2. V[SR] (default)    = 1.06 / (n - 1) = 1.06 / 252 = 0.0042063492; sqrt = 0.0648563737
    // 3. z1 = Phi^-1(1 - 1/10) = 1.2815515655; z2 = Phi^-1(1 - 1/(10 e)) = 1.7892417646
    //    (1 - 0.5772156649) z1 + 0.5772156649 z2 = 0.5418387 + 1.0327596 = 1.5745983013
    // 4. SR_0 = 0.0648563737 * 1.5745983013 = 0.1021227358
    // 5. stat = (0.1 - 0.1021227358) sqrt(252) / sqrt(1.06) = -0.0327297951
    // 6. DSR = Phi(-0.0327297951) = 0.4869450318;  PSR(0) = Phi(0.1 sqrt(252)/sqrt(1.06)) = 0.9384472248
    const v = 1.06 / 252;
    expect(expectedMaxSharpe(10, 1)).toBeCloseTo(1.57459830134575, 12);
    const sr0 = expectedMaxSharpe(10, v);
    expect(sr0).toBeCloseTo(0.10212273582104675, 12);
    expect(probabilisticSharpe(0.1, sr0, 253, -0.5, 5)).toBeCloseTo(0.4869450317819981, 11);
    expect(probabilisticSharpe(0.1, 0, 253, -0.5, 5)).toBeCloseTo(0.9384472247647292, 12);
    // Normal returns: Phi(0.1 sqrt(252) / sqrt(1.005)).
    expect(probabilisticSharpe(0.1, 0, 253, 0, 3)).toBeCloseTo(0.943345882804017, 12);
  });

  it("one trial means no deflation; more trials deflate more", () => {
    expect(expectedMaxSharpe(1, 0.5)).toBe(0);
    const one = deflatedSharpe(R, { trials: 1 });
    expect(one.deflatedSharpe).toBeCloseTo(one.probabilisticSharpe, 15);
    const ten = deflatedSharpe(R, { trials: 10 });
    const hundred = deflatedSharpe(R, { trials: 100 });
    expect(ten.deflatedSharpe).toBeLessThan(one.deflatedSharpe);
    expect(hundred.deflatedSharpe).toBeLessThan(ten.deflatedSharpe);
  });

  it("an explicit trial-Sharpe variance overrides the default", () => {
    const d = deflatedSharpe(R, { trials: 10, sharpeVariance: 0 });
    expect(d.expectedMaxSharpe).toBe(0);
    expect(d.deflatedSharpe).toBeCloseTo(d.probabilisticSharpe, 15);
  });
});

describe("performanceMetrics on the tiny series", () => {
  const m = performanceMetrics(R, { benchmark: B, rf: 0.02, trials: 10 });

  it("return, volatility and both Sharpe definitions", () => {
    expect(m.n).toBe(6);
    expect(m.totalReturn).toBeCloseTo(0.014654107930539784, 15);
    expect(m.annualizedReturn).toBeCloseTo(0.8422847441935406, 12);
    expect(m.annualizedVolatility).toBeCloseTo(0.20885688880187792, 14);
    expect(m.sharpeCagr).toBeCloseTo(3.937072647738048, 11);
    expect(m.sharpeMeanExcess).toBeCloseTo(2.9206601874580604, 12);
  });

  it("Sortino with empyrical's downside deviation", () => {
    // excess = r - 0.02/252; downside = sqrt(mean(min(excess, 0)^2)) * sqrt(252) over all 6 periods
    expect(m.downsideDeviation).toBeCloseTo(0.1342281481925299, 14);
    expect(m.sortino).toBeCloseTo(4.544501345016304, 12);
  });

  it("drawdown, Calmar, VaR, CVaR", () => {
    expect(m.maxDrawdown).toBeCloseTo(-0.02, 14);
    expect(m.calmar).toBeCloseTo(0.8422847441935406 / 0.02, 10);
    expect(m.var95).toBeCloseTo(0.01625, 15);
    expect(m.cvar95).toBeCloseTo(0.02, 15);
  });

  it("beta and tracking error vs the benchmark", () => {
    // cov(r, b) / var(b) with ddof 1 is exactly 1.35 for these numbers
    expect(m.beta).toBeCloseTo(1.35, 13);
    expect(m.trackingError).toBeCloseTo(0.05537147279962852, 14);
    expect(m.benchmarkTotalReturn).toBeCloseTo(totalReturn(B), 15);
    expect(m.excessTotalReturn).toBeCloseTo(m.totalReturn - totalReturn(B), 15);
    expect(m.correlation).toBeGreaterThan(0.9);
  });

  it("moments, PSR and DSR", () => {
    expect(m.sharpePerPeriod).toBeCloseTo(0.18398429809860276, 13);
    expect(m.skewness).toBeCloseTo(-0.8253958951600597, 12);
    expect(m.kurtosis).toBeCloseTo(2.364278870269638, 12);
    expect(m.sharpeVariance).toBeCloseTo(0.23268103401269852, 13);
    expect(m.expectedMaxSharpe).toBeCloseTo(0.7595393369800874, 12);
    expect(m.probabilisticSharpe).toBeCloseTo(0.6485531479921471, 12);
    expect(m.deflatedSharpe).toBeCloseTo(0.11639922620278076, 12);
    expect(m.expectedMaxSharpeAnnualized).toBeCloseTo(0.7595393369800874 * Math.sqrt(252), 10);
  });

  it("benchmark fields are NaN without a benchmark; bad input is rejected", () => {
    const alone = performanceMetrics(R);
    expect(alone.beta).toBeNaN();
    expect(alone.trackingError).toBeNaN();
    expect(alone.rf).toBe(0.02);
    expect(alone.trials).toBe(10);
    expect(() => performanceMetrics([0.01])).toThrow(/at least 2/);
    expect(() => performanceMetrics([0.01, NaN])).toThrow(/returns\[1\]/);
    expect(() => performanceMetrics(R, { benchmark: [0.01] })).toThrow(/benchmark has 1 returns/);
  });
});

describe("calc metrics", () => {
  it("reports every metric, with null for undefined values", () => {
    const out = calc.run({ returns: R, benchmark: B, rf: 0.02, trials: 10 }) as Record<string, unknown>;
    for (const key of [
      "totalReturn",
      "annualizedReturn",
      "annualizedVolatility",
      "sharpeCagr",
      "sharpeMeanExcess",
      "sortino",
      "maxDrawdown",
      "calmar",
      "var95",
      "cvar95",
      "beta",
      "trackingError",
      "deflatedSharpe",
      "probabilisticSharpe",
      "rollingSharpe",
    ]) {
      expect(out, key).toHaveProperty(key);
    }
    expect(out.beta as number).toBeCloseTo(1.35, 13);
    expect((out.rollingSharpe as (number | null)[]).every((v) => v === null)).toBe(true); // window 20 > 6 periods
    const alone = calc.run({ returns: R }) as Record<string, unknown>;
    expect(alone.beta).toBeNull();
  });

  it("names the bad field", () => {
    expect(() => calc.run({ returns: [0.01] })).toThrow(/field "returns"/);
    expect(() => calc.run({ returns: R, benchmark: [0.1] })).toThrow(/"benchmark" has 1 values/);
  });
});

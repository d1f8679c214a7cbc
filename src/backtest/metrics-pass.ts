/**
 * The sums behind `performanceMetrics`, in two passes over a return series
 * instead of about twenty (one per statistic): V8 runs each pass at a few ns
 * per element, so the passes, not the arithmetic, were the cost of a risk
 * report. Every statistic keeps exactly its stand-alone arithmetic — the same
 * operations on the same operands in the same order — so each is the same
 * double as before (test/backtest/metrics-pass.test.ts):
 *
 *   pass 1  wealth = prod (1 + r_i) and the drawdown of it
 *           (`totalReturn`, `maxDrawdown`); the compensated sums of r,
 *           e = r - rf_p and a = r - b (`sum`, Knuth's TwoSum steps);
 *           sum of e^2 over e < 0 (the downside deviation)
 *   pass 2  about the means: sum d^2 and sum d for r, e and a
 *           (`varianceWithMean`), sum d^3, d^4 for e (`centralMoments`),
 *           sum (r - mean r)(b - mean b) (`covarianceWithMeans`)
 */
import { sum } from "../stats/index";

/** The sums of one series (see the module doc). */
export interface SeriesSums {
  n: number;
  totalReturn: number;
  maxDrawdown: number;
  meanR: number;
  varianceR: number;
  excess: Float64Array;
  excessMean: number;
  /** varianceWithMean(excess, excessMean, 1). */
  excessVariance: number;
  /** m2, m3, m4 of the excess returns about their mean (biased, / n). */
  m2: number;
  m3: number;
  m4: number;
  downsideSq: number;
  /** With a benchmark: covarianceWithMeans(r, b, meanR, meanB, 1), the active returns' mean and variance. */
  covariance: number;
  activeMean: number;
  activeVariance: number;
}

/** Neumaier-compensated sum state, advanced by TwoSum (the arithmetic of `sum`). */
function finishSum(total: number, compensation: number, values: Float64Array): number {
  const result = total + compensation;
  // `sum` recomputes a non-finite result with Neumaier's branches; so does this.
  return result - result === 0 ? result : sum(values);
}

/** (acc - c^2 / n) clipped at 0, over n - 1: `varianceWithMean`'s last step with ddof 1. */
function varianceFrom(acc: number, correction: number, n: number): number {
  return Math.max(0, acc - (correction * correction) / n) / (n - 1);
}

/**
 * The sums of `performanceMetrics` for finite returns r (the caller checks
 * them), excess returns over `rfPeriod`, and, when given, the active returns
 * over benchmark b (as long as r) with its mean `meanB`.
 *
 * @example
 * seriesSums(Float64Array.of(0.01, -0.02, 0.03), 0, null, 0).totalReturn; // 1.01 * 0.98 * 1.03 - 1
 */
export function seriesSums(r: Float64Array, rfPeriod: number, b: Float64Array | null, meanB: number): SeriesSums {
  const n = r.length;
  const excess = new Float64Array(n);
  const active = b ? new Float64Array(n) : null;
  let wealth = 1;
  let peak = 1;
  let worst = 0;
  let sumR = 0;
  let compR = 0;
  let sumE = 0;
  let compE = 0;
  let sumA = 0;
  let compA = 0;
  let downsideSq = 0;
  for (let i = 0; i < n; i++) {
    const x = r[i]!;
    wealth *= 1 + x;
    if (wealth > peak) peak = wealth;
    const dd = wealth / peak - 1;
    if (dd < worst) worst = dd;
    let t = sumR + x;
    let part = t - sumR;
    compR += sumR - (t - part) + (x - part);
    sumR = t;
    const e = x - rfPeriod;
    excess[i] = e;
    t = sumE + e;
    part = t - sumE;
    compE += sumE - (t - part) + (e - part);
    sumE = t;
    if (e < 0) downsideSq += e * e;
    if (active) {
      const a = x - b![i]!;
      active[i] = a;
      t = sumA + a;
      part = t - sumA;
      compA += sumA - (t - part) + (a - part);
      sumA = t;
    }
  }
  const meanR = finishSum(sumR, compR, r) / n;
  const excessMean = finishSum(sumE, compE, excess) / n;
  const activeMean = active ? finishSum(sumA, compA, active) / n : NaN;
  let accR = 0;
  let corrR = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  let cov = 0;
  let accA = 0;
  let corrA = 0;
  for (let i = 0; i < n; i++) {
    const d = r[i]! - meanR;
    accR += d * d;
    corrR += d;
    const de = excess[i]! - excessMean;
    const de2 = de * de;
    s1 += de;
    s2 += de2;
    s3 += de2 * de;
    s4 += de2 * de2;
    if (active) {
      cov += d * (b![i]! - meanB);
      const da = active[i]! - activeMean;
      accA += da * da;
      corrA += da;
    }
  }
  return {
    n,
    totalReturn: wealth - 1,
    maxDrawdown: worst,
    meanR,
    varianceR: varianceFrom(accR, corrR, n),
    excess,
    excessMean,
    excessVariance: varianceFrom(s2, s1, n),
    m2: s2 / n,
    m3: s3 / n,
    m4: s4 / n,
    downsideSq,
    covariance: active ? cov / (n - 1) : NaN,
    activeMean,
    activeVariance: active ? varianceFrom(accA, corrA, n) : NaN,
  };
}

/**
 * Performance and risk metrics of a daily return series, as reported by the
 * Blackboard paper (section 4 and appendix "Evaluation"): total and annualized
 * return, volatility, Sharpe (two named definitions), rolling Sharpe, Sortino,
 * maximum drawdown, Calmar, historical VaR / CVaR, beta and tracking error vs
 * a benchmark, turnover and the Deflated Sharpe Ratio.
 *
 * Conventions (all documented per field of `PerformanceMetrics`):
 * - returns are simple per-period returns; `periodsPerYear` = 252;
 * - the risk-free rate `rf` is annual (default 2%, the paper's) and is
 *   converted to a per-period rate rf / periodsPerYear (simple, as empyrical does
 *   when users pass rf / 252);
 * - standard deviations are sample (ddof = 1) unless said otherwise;
 * - max drawdown is reported as a NEGATIVE number (e.g. -0.1533, as the paper's
 *   "-15.33%"), measured on the wealth curve 1, (1+r_1), (1+r_1)(1+r_2), ...
 *   whose starting value 1 counts as a peak (empyrical's convention);
 * - VaR and CVaR are reported as POSITIVE daily losses (a 95% VaR of 0.02
 *   means a 2% daily loss).
 */
import {
  centralMoments,
  kurtosisOf,
  mean,
  quantile,
  skewnessOf,
  varianceWithMean,
  normalCdf,
  normalInverseCdf,
  rollingMean,
  rollingStd,
  type CentralMoments,
} from "../stats/index";
import { seriesSums } from "./metrics-pass";

/**
 * Euler-Mascheroni constant, used by the expected maximum of N Gaussian Sharpe ratios.
 *
 * @example
 * EULER_MASCHERONI; // 0.5772156649015329
 */
export const EULER_MASCHERONI = 0.5772156649015329;

/** Options of `performanceMetrics`. */
export interface MetricsOptions {
  /** Benchmark returns aligned with `returns` (e.g. SPY or equal weight). */
  benchmark?: ArrayLike<number>;
  /** Annual risk-free rate (default 0.02). */
  rf?: number;
  /** Number of strategy trials for the Deflated Sharpe Ratio (default 10). */
  trials?: number;
  /** Periods per year (default 252). */
  periodsPerYear?: number;
  /**
   * Variance of the (per-period, non-annualized) Sharpe ratios across the
   * trials, V[SR_n] in Bailey & Lopez de Prado (2014). Default: the estimated
   * variance of this strategy's Sharpe estimator,
   * (1 - skew SR + (kurt - 1)/4 SR^2) / (n - 1), i.e. we assume the trials'
   * Sharpe ratios are as dispersed as the estimation noise of one of them.
   */
  sharpeVariance?: number;
}

/** Every metric; ratios are annualized unless named per-period. */
export interface PerformanceMetrics {
  /** Number of return periods. */
  n: number;
  /** prod(1 + r) - 1. */
  totalReturn: number;
  /** CAGR: (1 + totalReturn)^(periodsPerYear / n) - 1. */
  annualizedReturn: number;
  /** std(r, ddof 1) * sqrt(periodsPerYear). */
  annualizedVolatility: number;
  /** (CAGR - rf) / annualizedVolatility — the paper's headline "Sharpe 1.0" style. */
  sharpeCagr: number;
  /** mean(r - rf_p) / std(r - rf_p) * sqrt(periodsPerYear), rf_p = rf / periodsPerYear. */
  sharpeMeanExcess: number;
  /** Per-period Sharpe mean(r - rf_p) / std(r - rf_p) used by the PSR / DSR. */
  sharpePerPeriod: number;
  /** empyrical downside deviation: sqrt(mean(min(r - rf_p, 0)^2)) * sqrt(periodsPerYear). */
  downsideDeviation: number;
  /** mean(r - rf_p) * periodsPerYear / downsideDeviation (empyrical `sortino_ratio`). */
  sortino: number;
  /** Most negative drawdown of the wealth curve (<= 0). */
  maxDrawdown: number;
  /** annualizedReturn / |maxDrawdown| (NaN when there is no drawdown). */
  calmar: number;
  /** Historical 95% VaR as a positive daily loss: -percentile(r, 5) (numpy linear interpolation). */
  var95: number;
  /** Historical 95% CVaR as a positive daily loss: -mean(r_i : r_i <= percentile(r, 5)). */
  cvar95: number;
  /** Biased sample skewness of the returns. */
  skewness: number;
  /** Pearson (non-excess) kurtosis of the returns. */
  kurtosis: number;
  /** PSR against a zero Sharpe: Phi(SR sqrt(n - 1) / sqrt(1 - skew SR + (kurt - 1)/4 SR^2)). */
  probabilisticSharpe: number;
  /** DSR: PSR against the expected maximum Sharpe of `trials` zero-skill trials. */
  deflatedSharpe: number;
  /** That expected maximum Sharpe, per period (SR_0 in Bailey & Lopez de Prado). */
  expectedMaxSharpe: number;
  /** expectedMaxSharpe * sqrt(periodsPerYear), for comparison with annualized Sharpes. */
  expectedMaxSharpeAnnualized: number;
  /** V[SR_n] used for the DSR (per-period units). */
  sharpeVariance: number;
  trials: number;
  rf: number;
  periodsPerYear: number;
  /** cov(r, b) / var(b) (ddof 1); NaN without a benchmark. */
  beta: number;
  /** annualized alpha: (mean(r) - beta mean(b)) * periodsPerYear; NaN without a benchmark. */
  alpha: number;
  /** std(r - b, ddof 1) * sqrt(periodsPerYear); NaN without a benchmark. */
  trackingError: number;
  /** mean(r - b) * periodsPerYear / trackingError; NaN without a benchmark. */
  informationRatio: number;
  /** corr(r, b); NaN without a benchmark. */
  correlation: number;
  /** Benchmark total return; NaN without a benchmark. */
  benchmarkTotalReturn: number;
  /** Benchmark CAGR; NaN without a benchmark. */
  benchmarkAnnualizedReturn: number;
  /** totalReturn - benchmarkTotalReturn (the paper's "excess of 3.35 points"); NaN without a benchmark. */
  excessTotalReturn: number;
}

/**
 * The metrics of the paper's risk report table, in column order (the
 * Blackboard experiment's `bb_performance` table prints exactly these).
 *
 * @example
 * RISK_REPORT_METRICS.map((k) => performanceMetrics(returns)[k]); // totalReturn, annualizedReturn, ...
 */
export const RISK_REPORT_METRICS: ReadonlyArray<keyof PerformanceMetrics> = [
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
  "alpha",
  "trackingError",
  "informationRatio",
  "excessTotalReturn",
  "probabilisticSharpe",
  "deflatedSharpe",
  "skewness",
  "kurtosis",
];

/** values - c as a new Float64Array (a plain loop: `Float64Array.from` with a callback is slow). */
function minus(values: ArrayLike<number>, c: number): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < out.length; i++) out[i] = values[i]! - c;
  return out;
}

/** The values as a Float64Array after checking each is finite; a Float64Array is used as it is (the metrics only read it). */
function toFloat64(name: string, values: ArrayLike<number>): Float64Array {
  const out = values instanceof Float64Array ? values : Float64Array.from(values);
  for (let i = 0; i < out.length; i++) {
    if (!Number.isFinite(out[i])) throw new RangeError(`${name}[${i}] is not a finite number (${out[i]})`);
  }
  return out;
}

/** What `performanceMetrics` needs of a benchmark series on its own. */
interface BenchmarkStats {
  /** The values the statistics were computed from (to tell a changed array). */
  values: Float64Array;
  mean: number;
  variance: number;
  totalReturn: number;
}

/**
 * The benchmark's own statistics, kept per benchmark array: a report scores
 * many strategies against one benchmark, and these would be recomputed for
 * each. A cached entry is used only when the array still holds exactly the
 * values it was computed from (one comparison pass, cheaper than the three
 * passes it saves), so the numbers are always those of a fresh computation.
 */
const benchmarkCache = new WeakMap<object, BenchmarkStats>();

function benchmarkStats(benchmark: ArrayLike<number>): BenchmarkStats {
  const cached = typeof benchmark === "object" ? benchmarkCache.get(benchmark) : undefined;
  if (cached && sameValues(cached.values, benchmark)) return cached;
  const b = toFloat64("benchmark", benchmark);
  const meanB = mean(b);
  const stats: BenchmarkStats = { values: b.slice(), mean: meanB, variance: varianceWithMean(b, meanB, 1), totalReturn: totalReturn(b) };
  if (typeof benchmark === "object") benchmarkCache.set(benchmark, stats);
  return stats;
}

/** Whether b holds exactly the values of a (same length, Object.is per entry). */
function sameValues(a: Float64Array, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/**
 * Compounded total return prod(1 + r) - 1.
 *
 * @example
 * totalReturn([0.1, -0.1]); // -0.01
 */
export function totalReturn(returns: ArrayLike<number>): number {
  let wealth = 1;
  for (let i = 0; i < returns.length; i++) wealth *= 1 + returns[i]!;
  return wealth - 1;
}

/**
 * CAGR over n / periodsPerYear years: (1 + total)^(periodsPerYear / n) - 1.
 *
 * @example
 * annualizedReturn([0.01, 0.01], 2); // (1.01^2)^(2/2) - 1 = 0.0201
 */
export function annualizedReturn(returns: ArrayLike<number>, periodsPerYear = 252): number {
  return cagrFromTotal(totalReturn(returns), returns.length, periodsPerYear);
}

function cagrFromTotal(total: number, n: number, periodsPerYear: number): number {
  if (n === 0) return NaN;
  const growth = 1 + total;
  if (growth <= 0) return -1;
  return growth ** (periodsPerYear / n) - 1;
}

/**
 * Wealth curve drawdowns W_t / max(1, W_1..W_t) - 1 (<= 0), one per return.
 *
 * @example
 * drawdownSeries([0.1, -0.5, 0.2]); // [0, -0.5, -0.4]
 */
export function drawdownSeries(returns: ArrayLike<number>): Float64Array {
  const out = new Float64Array(returns.length);
  let wealth = 1;
  let peak = 1;
  for (let i = 0; i < returns.length; i++) {
    wealth *= 1 + returns[i]!;
    if (wealth > peak) peak = wealth;
    out[i] = wealth / peak - 1;
  }
  return out;
}

/**
 * Maximum drawdown as a negative number (0 when the curve never falls).
 *
 * @example
 * maxDrawdown([0.1, -0.5, 0.2]); // -0.5
 * maxDrawdown([-0.1]);           // -0.1 (the starting wealth 1 is a peak)
 */
export function maxDrawdown(returns: ArrayLike<number>): number {
  // The minimum of drawdownSeries, without materialising it.
  let wealth = 1;
  let peak = 1;
  let worst = 0;
  for (let i = 0; i < returns.length; i++) {
    wealth *= 1 + returns[i]!;
    if (wealth > peak) peak = wealth;
    const dd = wealth / peak - 1;
    if (dd < worst) worst = dd;
  }
  return worst;
}

/**
 * Historical Value at Risk at `level` (default 0.95) as a positive loss:
 * -quantile(r, 1 - level) with numpy's linear interpolation.
 *
 * @example
 * historicalVar([-0.05, -0.01, 0.0, 0.02, 0.03], 0.95); // 0.042 (= -(-0.05 + 0.2 * 0.04))
 */
export function historicalVar(returns: ArrayLike<number>, level = 0.95): number {
  return -quantile(returns, 1 - level);
}

/**
 * Historical Conditional VaR (expected shortfall) at `level` as a positive
 * loss: minus the mean of the returns at or below the (1 - level) quantile.
 *
 * @example
 * historicalCvar([-0.05, -0.01, 0.0, 0.02, 0.03], 0.95); // 0.05
 */
export function historicalCvar(returns: ArrayLike<number>, level = 0.95): number {
  if (returns.length === 0) return NaN;
  return cvarBelow(returns, quantile(returns, 1 - level));
}

function cvarBelow(returns: ArrayLike<number>, cutoff: number): number {
  let total = 0;
  let count = 0;
  for (let i = 0; i < returns.length; i++) {
    const r = returns[i]!;
    if (r <= cutoff) {
      total += r;
      count++;
    }
  }
  return -(total / count);
}

/**
 * Rolling annualized Sharpe over a trailing window (default 20 days, the
 * paper's figure): mean(r - rf_p) / std(r - rf_p, ddof 1) * sqrt(periodsPerYear);
 * NaN until the window fills (and where the window is constant).
 *
 * @example
 * rollingSharpe(dailyReturns, 20, { rf: 0.02 }); // Float64Array, first 19 values NaN
 */
export function rollingSharpe(returns: ArrayLike<number>, window = 20, options: { rf?: number; periodsPerYear?: number } = {}): Float64Array {
  const periodsPerYear = options.periodsPerYear ?? 252;
  const rfPeriod = (options.rf ?? 0.02) / periodsPerYear;
  const excess = minus(returns, rfPeriod);
  const m = rollingMean(excess, window);
  const s = rollingStd(excess, window);
  const out = new Float64Array(excess.length);
  const scale = Math.sqrt(periodsPerYear);
  for (let i = 0; i < out.length; i++) out[i] = s[i]! > 0 ? (m[i]! / s[i]!) * scale : NaN;
  return out;
}

/**
 * Compounded calendar-month returns from ISO dates ("YYYY-MM-DD") aligned with the returns.
 *
 * @example
 * monthlyReturns(["2025-01-30", "2025-01-31", "2025-02-03"], [0.1, 0.1, -0.05]);
 * // [{ month: "2025-01", return: 0.21 }, { month: "2025-02", return: -0.05 }]
 */
export function monthlyReturns(dates: ReadonlyArray<string>, returns: ArrayLike<number>): { month: string; return: number }[] {
  if (dates.length !== returns.length) throw new RangeError(`monthlyReturns: ${dates.length} dates for ${returns.length} returns`);
  const out: { month: string; return: number }[] = [];
  let current = "";
  let wealth = 1;
  for (let i = 0; i < dates.length; i++) {
    const month = dates[i]!.slice(0, 7);
    if (!/^\d{4}-\d{2}$/.test(month)) throw new RangeError(`monthlyReturns: dates[${i}] = "${dates[i]}" is not an ISO date`);
    if (month !== current) {
      if (current !== "") out.push({ month: current, return: wealth - 1 });
      if (current !== "" && month < current) throw new RangeError(`monthlyReturns: dates are not sorted at index ${i}`);
      current = month;
      wealth = 1;
    }
    wealth *= 1 + returns[i]!;
  }
  if (current !== "") out.push({ month: current, return: wealth - 1 });
  return out;
}

/**
 * Summary of a backtest's turnover: the sum over rebalances, the mean per
 * rebalance and the annualized figure total / (nPeriods / periodsPerYear).
 *
 * @example
 * turnoverSummary([1, 0.2, 0.3], 30); // { total: 1.5, perRebalance: 0.5, annualized: 12.6 }
 */
export function turnoverSummary(
  turnovers: ArrayLike<number>,
  nPeriods: number,
  periodsPerYear = 252,
): { total: number; perRebalance: number; annualized: number } {
  let total = 0;
  for (let i = 0; i < turnovers.length; i++) total += turnovers[i]!;
  return {
    total,
    perRebalance: turnovers.length > 0 ? total / turnovers.length : NaN,
    annualized: nPeriods > 0 ? total / (nPeriods / periodsPerYear) : NaN,
  };
}

/**
 * Probabilistic Sharpe Ratio (Bailey & Lopez de Prado 2012):
 * PSR(SR*) = Phi((SR - SR*) sqrt(n - 1) / sqrt(1 - skew SR + (kurt - 1)/4 SR^2)),
 * with SR, SR* per period and `kurt` Pearson (non-excess).
 *
 * @example
 * probabilisticSharpe(0.1, 0, 253, 0, 3); // Phi(0.1 * sqrt(252) / sqrt(1.005)) = 0.94288...
 */
export function probabilisticSharpe(sharpe: number, benchmarkSharpe: number, n: number, skew: number, kurt: number): number {
  const denominator = 1 - skew * sharpe + ((kurt - 1) / 4) * sharpe * sharpe;
  if (!(n > 1) || !(denominator > 0)) return NaN;
  return normalCdf(((sharpe - benchmarkSharpe) * Math.sqrt(n - 1)) / Math.sqrt(denominator));
}

/**
 * Expected maximum of `trials` per-period Sharpe ratios of zero-skill
 * strategies whose Sharpes have variance `sharpeVariance` (Bailey & Lopez de
 * Prado 2014, eq. for SR_0, via the Euler-Mascheroni approximation):
 * SR_0 = sqrt(V) ((1 - g) Phi^-1(1 - 1/N) + g Phi^-1(1 - 1/(N e))). 0 for N <= 1.
 *
 * @example
 * expectedMaxSharpe(10, 1); // 1.5745...
 */
export function expectedMaxSharpe(trials: number, sharpeVariance: number): number {
  if (!(trials > 1)) return 0;
  if (!(sharpeVariance >= 0)) throw new RangeError(`expectedMaxSharpe: sharpeVariance must be >= 0 (got ${sharpeVariance})`);
  const g = EULER_MASCHERONI;
  const z = (1 - g) * normalInverseCdf(1 - 1 / trials) + g * normalInverseCdf(1 - 1 / (trials * Math.E));
  return Math.sqrt(sharpeVariance) * z;
}

/** Details of a Deflated Sharpe Ratio computation. */
export interface DeflatedSharpeResult {
  /** Per-period Sharpe of the excess returns. */
  sharpe: number;
  n: number;
  skewness: number;
  kurtosis: number;
  trials: number;
  sharpeVariance: number;
  expectedMaxSharpe: number;
  /** PSR against 0. */
  probabilisticSharpe: number;
  /** PSR against expectedMaxSharpe. */
  deflatedSharpe: number;
}

/**
 * Deflated Sharpe Ratio (Bailey & Lopez de Prado 2014) of a return series:
 * DSR = PSR(SR_0) with SR_0 = `expectedMaxSharpe(trials, V)`. See
 * `MetricsOptions.sharpeVariance` for the default V.
 *
 * @example
 * deflatedSharpe(dailyReturns, { trials: 10, rf: 0.02 }).deflatedSharpe; // probability in [0, 1]
 */
export function deflatedSharpe(
  returns: ArrayLike<number>,
  options: { trials?: number; rf?: number; periodsPerYear?: number; sharpeVariance?: number } = {},
): DeflatedSharpeResult {
  const periodsPerYear = options.periodsPerYear ?? 252;
  const rfPeriod = (options.rf ?? 0.02) / periodsPerYear;
  const trials = options.trials ?? 10;
  if (!(trials >= 1)) throw new RangeError(`deflatedSharpe: trials must be >= 1 (got ${trials})`);
  const excess = minus(returns, rfPeriod);
  return deflatedSharpeOfExcess(excess, mean(excess), trials, options.sharpeVariance);
}

/** `deflatedSharpe` of excess returns whose mean is already known. */
function deflatedSharpeOfExcess(excess: Float64Array, excessMean: number, trials: number, sharpeVarianceOption: number | undefined): DeflatedSharpeResult {
  const sd = Math.sqrt(varianceWithMean(excess, excessMean, 1));
  return deflatedSharpeFromSums(excess.length, excessMean, sd, centralMoments(excess), trials, sharpeVarianceOption);
}

/** `deflatedSharpeOfExcess` from the excess returns' mean, standard deviation (ddof 1) and central moments. */
function deflatedSharpeFromSums(
  n: number,
  excessMean: number,
  sd: number,
  moments: CentralMoments,
  trials: number,
  sharpeVarianceOption: number | undefined,
): DeflatedSharpeResult {
  const sharpe = sd > 0 ? excessMean / sd : NaN;
  const skew = skewnessOf(moments);
  const kurt = kurtosisOf(moments);
  const estimatorVariance = (1 - skew * sharpe + ((kurt - 1) / 4) * sharpe * sharpe) / (n - 1);
  const sharpeVariance = sharpeVarianceOption ?? estimatorVariance;
  const sr0 = Number.isFinite(sharpeVariance) ? expectedMaxSharpe(trials, sharpeVariance) : NaN;
  return {
    sharpe,
    n,
    skewness: skew,
    kurtosis: kurt,
    trials,
    sharpeVariance,
    expectedMaxSharpe: sr0,
    probabilisticSharpe: probabilisticSharpe(sharpe, 0, n, skew, kurt),
    deflatedSharpe: probabilisticSharpe(sharpe, sr0, n, skew, kurt),
  };
}

/**
 * Every metric of the paper's risk report for one return series (see
 * `PerformanceMetrics` for each definition).
 *
 * @example
 * const m = performanceMetrics(portfolioReturns, { benchmark: spyReturns, rf: 0.02, trials: 10 });
 * m.sharpeCagr; m.maxDrawdown; m.deflatedSharpe;
 */
export function performanceMetrics(returns: ArrayLike<number>, options: MetricsOptions = {}): PerformanceMetrics {
  const r = toFloat64("returns", returns);
  const n = r.length;
  if (n < 2) throw new RangeError(`performanceMetrics: need at least 2 returns (got ${n})`);
  const rf = options.rf ?? 0.02;
  const periodsPerYear = options.periodsPerYear ?? 252;
  const trials = options.trials ?? 10;
  const rfPeriod = rf / periodsPerYear;
  const sqrtYear = Math.sqrt(periodsPerYear);

  if (!(trials >= 1)) throw new RangeError(`deflatedSharpe: trials must be >= 1 (got ${trials})`);
  const bench = options.benchmark !== undefined ? benchmarkStats(options.benchmark) : null;
  if (bench && bench.values.length !== n) throw new RangeError(`performanceMetrics: benchmark has ${bench.values.length} returns, strategy has ${n}`);
  // Every sum in two passes (metrics-pass.ts), each the same double as its stand-alone function.
  const sums = seriesSums(r, rfPeriod, bench ? bench.values : null, bench ? bench.mean : NaN);
  const total = sums.totalReturn;
  const cagr = cagrFromTotal(total, n, periodsPerYear);
  const meanR = sums.meanR;
  const varR = sums.varianceR;
  const vol = Math.sqrt(varR) * sqrtYear;
  const excessMean = sums.excessMean;
  const excessSd = Math.sqrt(sums.excessVariance);
  const downsideDeviation = Math.sqrt(sums.downsideSq / n) * sqrtYear;
  const mdd = sums.maxDrawdown;
  const dsr = deflatedSharpeFromSums(n, excessMean, excessSd, { n, mean: excessMean, m2: sums.m2, m3: sums.m3, m4: sums.m4 }, trials, options.sharpeVariance);
  const cutoff = quantile(r, 1 - 0.95); // exactly historicalVar(r, 0.95)'s quantile

  const metrics: PerformanceMetrics = {
    n,
    totalReturn: total,
    annualizedReturn: cagr,
    annualizedVolatility: vol,
    sharpeCagr: vol > 0 ? (cagr - rf) / vol : NaN,
    sharpeMeanExcess: excessSd > 0 ? (excessMean / excessSd) * sqrtYear : NaN,
    sharpePerPeriod: dsr.sharpe,
    downsideDeviation,
    sortino: downsideDeviation > 0 ? (excessMean * periodsPerYear) / downsideDeviation : excessMean > 0 ? Infinity : NaN,
    maxDrawdown: mdd,
    calmar: mdd < 0 ? cagr / Math.abs(mdd) : NaN,
    var95: -cutoff,
    cvar95: cvarBelow(r, cutoff),
    skewness: dsr.skewness,
    kurtosis: dsr.kurtosis,
    probabilisticSharpe: dsr.probabilisticSharpe,
    deflatedSharpe: dsr.deflatedSharpe,
    expectedMaxSharpe: dsr.expectedMaxSharpe,
    expectedMaxSharpeAnnualized: dsr.expectedMaxSharpe * sqrtYear,
    sharpeVariance: dsr.sharpeVariance,
    trials,
    rf,
    periodsPerYear,
    beta: NaN,
    alpha: NaN,
    trackingError: NaN,
    informationRatio: NaN,
    correlation: NaN,
    benchmarkTotalReturn: NaN,
    benchmarkAnnualizedReturn: NaN,
    excessTotalReturn: NaN,
  };

  if (bench) {
    const meanB = bench.mean;
    const varB = bench.variance;
    const cov = sums.covariance;
    const beta = varB > 0 ? cov / varB : NaN;
    const activeMean = sums.activeMean;
    const te = Math.sqrt(sums.activeVariance) * sqrtYear;
    metrics.beta = beta;
    metrics.alpha = (meanR - beta * meanB) * periodsPerYear;
    metrics.trackingError = te;
    metrics.informationRatio = te > 0 ? (activeMean * periodsPerYear) / te : NaN;
    // correlation(r, b) = cov / (std(r, 1) std(b, 1)), NaN when either is constant.
    const sdR = Math.sqrt(varR);
    const sdB = Math.sqrt(varB);
    metrics.correlation = sdR > 0 && sdB > 0 ? cov / (sdR * sdB) : NaN;
    metrics.benchmarkTotalReturn = bench.totalReturn;
    metrics.benchmarkAnnualizedReturn = cagrFromTotal(metrics.benchmarkTotalReturn, n, periodsPerYear);
    metrics.excessTotalReturn = total - metrics.benchmarkTotalReturn;
  }
  return metrics;
}

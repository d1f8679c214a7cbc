/**
 * Trading metrics exactly as the FinMem code defines them
 * (`../shared/papers/REFERENCE-NOTES.md`, FinMem section):
 *
 *   r_t  = direction_t * ln(P_{t+1} / P_t)          direction in {+1 buy, 0 hold, -1 sell}
 *   cumulative return        = sum_t r_t
 *   annualised volatility    = sample std(r) (ddof 1) * sqrt(252)
 *   Sharpe ratio             = (mean(r) * 252) / annualised volatility   (risk-free rate 0)
 *   max drawdown             = max_t (1 - W_t / max_{s<=t} W_s),  W_0 = 1, W_t = prod_{u<=t} (1 + r_u)
 *
 * Buy-and-hold is the same arithmetic with direction +1 every day. The max
 * drawdown is reported as a positive fraction; the wealth path starts at
 * W_0 = 1 and the running peak includes it, as the authors' metrics script
 * does (`cumulative_returns = [1]`, `peak = cumulative_returns[0]`), so a
 * loss on the first day counts as a drawdown.
 *
 * Sharpe annualisation: the reference notes give "annualised mean return /
 * annualised vol" (the default `sharpe`). The authors' script annualises the
 * cumulative return by the number of PRICES in the window,
 * Rp = sum(r) / ((n + 1) / 252) for n returns, which is reported beside it as
 * `sharpeCode` (= sharpe * n / (n + 1)).
 */

import { maxDrawdown } from "../backtest/index";
import { mean, std, sum } from "../stats/index";

export const TRADING_DAYS_PER_YEAR = 252;

export interface FinMemMetrics {
  /** Number of daily returns. */
  days: number;
  cumulativeReturn: number;
  annualizedReturn: number;
  annualizedVolatility: number;
  sharpe: number;
  /** The authors' script's Sharpe: (sum(r) / ((n + 1) / 252)) / annualised volatility. */
  sharpeCode: number;
  maxDrawdown: number;
}

/**
 * Daily strategy log returns r_t = direction_t * ln(P_{t+1} / P_t) for the
 * days t whose next price exists (`closes` has one more element than the
 * returns produced).
 *
 * @example
 * dailyLogReturns([1, -1], [100, 110, 99]); // [ln 1.1, -ln(0.9)]
 */
export function dailyLogReturns(directions: ArrayLike<number>, closes: ArrayLike<number>): number[] {
  const n = Math.min(directions.length, closes.length - 1);
  const out: number[] = [];
  for (let t = 0; t < n; t++) {
    const p0 = closes[t]!,
      p1 = closes[t + 1]!;
    if (!(p0 > 0 && p1 > 0)) throw new RangeError(`dailyLogReturns: prices must be > 0 (index ${t})`);
    out.push(directions[t]! * Math.log(p1 / p0));
  }
  return out;
}

/**
 * Cumulative-return series: running sum of r_t (what the FinMem figures plot).
 *
 * @example
 * cumulativeSeries([0.1, -0.05]); // [0.1, 0.05]
 */
export function cumulativeSeries(returns: ArrayLike<number>): number[] {
  const out: number[] = [];
  let s = 0;
  for (let i = 0; i < returns.length; i++) {
    s += returns[i]!;
    out.push(s);
  }
  return out;
}

/**
 * Max drawdown of the wealth path W_0 = 1, W_t = W_{t-1} * (1 + r_t), as a
 * positive fraction: max_t (1 - W_t / max_{s<=t} W_s), the peak including W_0.
 *
 * @example
 * maxDrawdownOf([0.1, -0.5, 0.2]); // 0.5  (W = 1, 1.1, 0.55, 0.66; peak 1.1)
 * maxDrawdownOf([-0.1, 0.05]);     // 0.1  (W = 1, 0.9, 0.945; peak 1)
 */
export function maxDrawdownOf(returns: ArrayLike<number>): number {
  // Same wealth path and peak (W_0 = 1 included) as the project's maxDrawdown, sign flipped;
  // `0 -` rather than unary minus so a path that never falls gives +0, not -0.
  return 0 - maxDrawdown(returns);
}

/**
 * The FinMem metrics of one daily return series.
 *
 * @example
 * const m = finmemMetrics([0.01, -0.02, 0.03]);
 * m.cumulativeReturn; // 0.02
 * m.sharpe;           // (0.02/3*252) / (std([0.01,-0.02,0.03], ddof 1) * sqrt(252))
 * m.sharpeCode;       // (0.02 / (4/252)) / (same volatility) = m.sharpe * 3/4
 */
export function finmemMetrics(returns: ArrayLike<number>): FinMemMetrics {
  const n = returns.length;
  const total = sum(returns);
  const annualizedVolatility = std(returns, 1) * Math.sqrt(TRADING_DAYS_PER_YEAR);
  const annualizedReturn = mean(returns) * TRADING_DAYS_PER_YEAR;
  return {
    days: n,
    cumulativeReturn: total,
    annualizedReturn,
    annualizedVolatility,
    sharpe: annualizedVolatility > 0 ? annualizedReturn / annualizedVolatility : NaN,
    sharpeCode: annualizedVolatility > 0 && n > 0 ? total / ((n + 1) / TRADING_DAYS_PER_YEAR) / annualizedVolatility : NaN,
    maxDrawdown: maxDrawdownOf(returns),
  };
}

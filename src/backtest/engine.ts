/**
 * Daily portfolio accounting for the Blackboard paper's backtest (appendix
 * "Horizon and rebalancing", "Costs and slippage"): rebalance every N trading
 * days (N = 10 by default, 1 = daily), turnover-proportional frictions
 * (5 bps fees + 5 bps slippage per unit of two-sided turnover), cash and
 * weights tracked every day, weights drifting with prices between rebalances.
 *
 * Timing convention (market-on-close): on a rebalance date t the rule sees
 * prices up to and including t's close (the BL covariance uses only returns
 * before t), trades at t's close, and holds from there; so day t's return
 * contains only the trading cost, and the new weights earn from t+1 on.
 * With `executionLag` L > 0 the weights decided at t's close are traded at
 * the close of session t+L (the book drifts in between, and turnover and
 * costs are measured against the drifted book on the trade date); a decision
 * whose trade date falls after the window is never executed (listed in
 * `unexecuted`). L = 0 is the paper's convention.
 *
 * Accounting on test day t (index k in the test window, V_{-1} = initial value):
 *   h_i <- h_i * P_i(t) / P_i(t-1)                       (k > 0; cash unchanged)
 *   V   = sum_i h_i + cash
 *   on a rebalance: w_pre = h / V, turnover = sum_i |w_i - w_pre_i|,
 *                   cost = V * turnover * (fees + slippage) / 10^4,
 *                   V <- V - cost, h = V * w, cash = V * (1 - sum_i w_i)
 *   r_t = V_t / V_{t-1} - 1
 */

/** Prices of a universe aligned on one trading calendar. */
export interface AlignedMarket {
  /** Ascending trading dates (history before the test window included). */
  dates: readonly string[];
  tickers: readonly string[];
  /** close[i][t]: price of tickers[i] on dates[t]; NaN before the ticker's first bar. */
  close: readonly Float64Array[];
}

/** The window, schedule, frictions and timing of a backtest. */
export interface BacktestConfig {
  /** First and last test dates (inclusive; snapped to trading days inside). */
  start: string;
  end: string;
  /** Rebalance every N trading days of the test window (1 = daily). Default 10. */
  rebalanceEvery?: number;
  /** Fees in basis points per unit of turnover. Default 5. */
  feesBps?: number;
  /** Slippage in basis points per unit of turnover. Default 5. */
  slippageBps?: number;
  /** Starting capital. Default 1,000,000 (the paper's). */
  initialValue?: number;
  /** Sessions between the close the rule reads and the close it trades at. Default 0 (the paper). */
  executionLag?: number;
}

/** What a weight rule sees on a rebalance date. */
export interface RebalanceContext {
  date: string;
  /** Index of `date` in `market.dates`. */
  dayIndex: number;
  /** 0-based counter of decisions (rebalance dates). */
  step: number;
  /** Weights just before trading (drifted since the last rebalance; zeros at the start). */
  currentWeights: Float64Array;
  /** Portfolio value before costs. */
  value: number;
}

/** Target weights per ticker (same order as `market.tickers`); 1 - sum stays in cash. */
export type WeightRule = (ctx: RebalanceContext) => ArrayLike<number> | Promise<ArrayLike<number>>;

export interface RebalanceRecord {
  /** Decision date (the close the rule read). */
  date: string;
  /** Trade date: `executionLag` sessions after `date`. */
  tradeDate: string;
  step: number;
  /** Weights just before trading, on the trade date. */
  preWeights: Float64Array;
  targetWeights: Float64Array;
  /** sum_i |target_i - pre_i|. */
  turnover: number;
  cost: number;
  /** Portfolio value on the trade date before costs. */
  valueBefore: number;
  /** Tickers with a non-zero target weight. */
  names: number;
}

export interface BacktestResult {
  /** Test dates. */
  dates: string[];
  /** End-of-day portfolio value (after any trade that day). */
  values: number[];
  /** Daily simple returns, r_t = V_t / V_{t-1} - 1 (first relative to the initial value). */
  returns: number[];
  /** End-of-day weights (after trading), one Float64Array per test date. */
  weights: Float64Array[];
  /** End-of-day cash. */
  cash: number[];
  rebalances: RebalanceRecord[];
  /** Decision dates whose trade date fell after the window (executionLag > 0). */
  unexecuted: string[];
  /** Sum of turnover over all rebalances. */
  totalTurnover: number;
  totalCosts: number;
}

/**
 * Indices of the test window in `dates`: first date >= start to last date <= end.
 *
 * @example
 * testWindow(["2024-12-31", "2025-01-02", "2025-01-03"], "2025-01-01", "2025-01-02"); // { first: 1, last: 1 }
 */
export function testWindow(dates: readonly string[], start: string, end: string): { first: number; last: number } {
  let first = 0;
  while (first < dates.length && dates[first]! < start) first++;
  let last = dates.length - 1;
  while (last >= 0 && dates[last]! > end) last--;
  if (first > last) throw new RangeError(`backtest: no trading day between ${start} and ${end} (calendar ${dates[0] ?? "-"} .. ${dates.at(-1) ?? "-"})`);
  return { first, last };
}

/**
 * Run the daily accounting described in the module doc with `rule` called on
 * every rebalance date (test days 0, N, 2N, ...). Throws when a rule puts
 * weight on a ticker without a price that day, or returns a wrong length.
 *
 * @example
 * const res = await runBacktest(market, { start: "2025-01-01", end: "2025-08-29" }, () => [0.5, 0.5]);
 * res.values.at(-1); // final portfolio value
 */
export async function runBacktest(market: AlignedMarket, config: BacktestConfig, rule: WeightRule): Promise<BacktestResult> {
  const every = config.rebalanceEvery ?? 10;
  if (!Number.isInteger(every) || every < 1) throw new RangeError(`backtest: rebalanceEvery must be an integer >= 1, got ${every}`);
  const lag = config.executionLag ?? 0;
  if (!Number.isInteger(lag) || lag < 0) throw new RangeError(`backtest: executionLag must be an integer >= 0, got ${lag}`);
  const costRate = ((config.feesBps ?? 5) + (config.slippageBps ?? 5)) / 10_000;
  if (!(costRate >= 0)) throw new RangeError("backtest: feesBps and slippageBps must be >= 0");
  const initial = config.initialValue ?? 1_000_000;
  const n = market.tickers.length;
  checkAligned(market, "backtest");
  const { first, last } = testWindow(market.dates, config.start, config.end);
  // The market is aligned (n columns of dates.length prices) and t stays in the test
  // window, so the price, holding and weight reads below (i < n) are in range.

  const holdings = new Float64Array(n);
  let cash = initial;
  let previousValue = initial;
  let decisions = 0;
  const pending: Array<{ date: string; step: number; target: Float64Array; tradeIndex: number }> = [];
  const out: BacktestResult = { dates: [], values: [], returns: [], weights: [], cash: [], rebalances: [], unexecuted: [], totalTurnover: 0, totalCosts: 0 };

  for (let t = first; t <= last; t++) {
    const k = t - first;
    if (k > 0) driftHoldings(market, holdings, t);
    let value = cash;
    for (let i = 0; i < n; i++) value += holdings[i]!;

    if (k % every === 0) {
      const date = market.dates[t]!;
      const target = Float64Array.from(await rule({ date, dayIndex: t, step: decisions, currentWeights: weightsOf(holdings, value), value }));
      if (target.length !== n) throw new RangeError(`backtest: rule returned ${target.length} weights for ${n} tickers on ${date}`);
      pending.push({ date, step: decisions++, target, tradeIndex: t + lag });
    }
    while (pending.length > 0 && pending[0]!.tradeIndex === t) {
      const order = pending.shift()!;
      const pre = weightsOf(holdings, value);
      const turnover = checkedTurnover(market, order.target, pre, t);
      const cost = value * turnover * costRate;
      const valueBefore = value;
      value -= cost;
      let invested = 0;
      let names = 0;
      for (let i = 0; i < n; i++) {
        holdings[i] = value * order.target[i]!;
        invested += holdings[i]!;
        if (order.target[i] !== 0) names++;
      }
      cash = value - invested;
      out.rebalances.push({
        date: order.date,
        tradeDate: market.dates[t]!,
        step: order.step,
        preWeights: pre,
        targetWeights: order.target,
        turnover,
        cost,
        valueBefore,
        names,
      });
      out.totalTurnover += turnover;
      out.totalCosts += cost;
    }

    out.dates.push(market.dates[t]!);
    out.values.push(value);
    out.returns.push(previousValue !== 0 ? value / previousValue - 1 : 0);
    out.weights.push(weightsOf(holdings, value));
    out.cash.push(cash);
    previousValue = value;
  }
  out.unexecuted = pending.map((p) => p.date);
  return out;
}

/** Holdings move with prices from day t-1 to day t (cash unchanged). */
function driftHoldings(market: AlignedMarket, holdings: Float64Array, t: number): void {
  for (let i = 0; i < holdings.length; i++) {
    const h = holdings[i]!;
    if (h === 0) continue;
    const col = market.close[i]!;
    const p0 = col[t - 1]!;
    const p1 = col[t]!;
    if (!(p0 > 0) || !(p1 > 0)) throw new RangeError(`backtest: ${market.tickers[i]} is held but has no price on ${market.dates[t - 1]} or ${market.dates[t]}`);
    holdings[i] = h * (p1 / p0);
  }
}

/** Holdings as weights of the portfolio value (zeros when the value is 0). */
function weightsOf(holdings: Float64Array, value: number): Float64Array {
  const w = new Float64Array(holdings.length);
  if (value !== 0) for (let i = 0; i < holdings.length; i++) w[i] = holdings[i]! / value;
  return w;
}

/** sum_i |target_i - pre_i|, after checking every target weight is finite and priced on day t. */
function checkedTurnover(market: AlignedMarket, target: Float64Array, pre: Float64Array, t: number): number {
  let turnover = 0;
  for (let i = 0; i < target.length; i++) {
    const w = target[i]!;
    if (!Number.isFinite(w)) throw new RangeError(`backtest: weight of ${market.tickers[i]} on ${market.dates[t]} is not finite (${w})`);
    if (w !== 0 && !(market.close[i]![t]! > 0)) throw new RangeError(`backtest: weight ${w} on ${market.tickers[i]}, which has no price on ${market.dates[t]}`);
    turnover += Math.abs(w - pre[i]!);
  }
  return turnover;
}

/**
 * Buy-and-hold of one price series over the test window, invested at the
 * first test day's close without costs (the SPY benchmark).
 *
 * @example
 * buyAndHold(["d0", "d1"], Float64Array.of(100, 110), "d0", "d1").values; // [1e6, 1.1e6]
 */
export function buyAndHold(
  dates: readonly string[],
  close: ArrayLike<number>,
  start: string,
  end: string,
  initialValue = 1_000_000,
): { dates: string[]; values: number[]; returns: number[] } {
  if (close.length !== dates.length) throw new RangeError(`buyAndHold: ${close.length} prices for ${dates.length} dates`);
  const { first, last } = testWindow(dates, start, end);
  const p0 = close[first]!;
  if (!(p0 > 0)) throw new RangeError(`buyAndHold: no price on ${dates[first]}`);
  const out = { dates: [] as string[], values: [] as number[], returns: [] as number[] };
  for (let t = first; t <= last; t++) {
    const p = close[t]!;
    if (!(p > 0)) throw new RangeError(`buyAndHold: no price on ${dates[t]}`);
    out.dates.push(dates[t]!);
    out.values.push((initialValue * p) / p0);
    out.returns.push(t === first ? 0 : p / close[t - 1]! - 1);
  }
  return out;
}

/**
 * Equal weights over the tickers that have a price on the rebalance date and
 * `minHistory` prices before it (the equal-weight benchmark's rule).
 *
 * @example
 * const rule = equalWeightRule(market, 252);
 */
export function equalWeightRule(market: AlignedMarket, minHistory = 0): WeightRule {
  return ({ dayIndex }) => {
    const eligible = eligibleTickers(market, dayIndex, minHistory);
    const w = new Float64Array(market.tickers.length);
    for (const i of eligible) w[i] = 1 / eligible.length;
    return w;
  };
}

/**
 * Indices of tickers with a price on `dayIndex` and valid prices on the
 * `minHistory + 1` days before it (enough for `minHistory` returns that end
 * the day before the decision date).
 *
 * @example
 * eligibleTickers(market, 300, 252); // e.g. [0, 1, 3]
 */
export function eligibleTickers(market: AlignedMarket, dayIndex: number, minHistory: number, index?: EligibilityIndex): number[] {
  checkAligned(market, "eligibleTickers");
  if (!Number.isInteger(dayIndex) || dayIndex < 0 || dayIndex >= market.dates.length) {
    throw new RangeError(`eligibleTickers: day ${dayIndex} is outside the calendar (${market.dates.length} dates)`);
  }
  const out: number[] = [];
  const from = dayIndex - minHistory - 1;
  if (minHistory > 0 && from < 0) return out;
  // Eligible: no price in [from, dayIndex] missing or <= 0 (only dayIndex itself without a history).
  const earliest = minHistory > 0 ? from : dayIndex;
  if (index) {
    if (index.length !== market.tickers.length)
      throw new RangeError(`eligibleTickers: the index has ${index.length} columns for ${market.tickers.length} tickers`);
    for (let i = 0; i < index.length; i++) if (index[i]![dayIndex]! < earliest) out.push(i);
    return out;
  }
  for (let i = 0; i < market.tickers.length; i++) {
    const col = market.close[i]!;
    let ok = true;
    for (let t = dayIndex; t >= earliest; t--)
      if (!(col[t]! > 0)) {
        ok = false;
        break;
      }
    if (ok) out.push(i);
  }
  return out;
}

/** Per ticker and day, the last index <= day whose close is missing or <= 0 (-1 if none). */
export type EligibilityIndex = readonly Int32Array[];

/**
 * The eligibility index of a price matrix, built in one pass so that
 * `eligibleTickers` reads one entry per ticker instead of scanning its
 * lookback window. It describes the closes as they are now: build it again
 * after changing them.
 *
 * @example
 * const index = eligibilityIndex(market);
 * eligibleTickers(market, 300, 252, index); // the same tickers as without the index
 */
export function eligibilityIndex(market: AlignedMarket): EligibilityIndex {
  checkAligned(market, "eligibilityIndex");
  return market.close.map((col) => {
    const last = new Int32Array(col.length);
    let bad = -1;
    for (let t = 0; t < col.length; t++) {
      if (!(col[t]! > 0)) bad = t;
      last[t] = bad;
    }
    return last;
  });
}

/** Throws unless `market` has one price column per ticker, each as long as the calendar. */
function checkAligned(market: AlignedMarket, label: string): void {
  const { dates, tickers, close } = market;
  if (close.length !== tickers.length) throw new RangeError(`${label}: ${close.length} price columns for ${tickers.length} tickers`);
  for (let i = 0; i < close.length; i++) {
    const length = close[i]!.length;
    if (length !== dates.length) throw new RangeError(`${label}: ${tickers[i]} has ${length} prices for ${dates.length} dates`);
  }
}

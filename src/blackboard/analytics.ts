/**
 * What a quant reads off a Blackboard run beyond the risk report: trading per rebalance, whether the views were right, where the
 * return came from, and where the chosen book sits against the frontier.
 *
 * - View hit rate: for each rebalance, the holding period runs from its
 *   trade date's close to the next rebalance's trade date (or the window's
 *   last day); a BUY hits when its return beats the equal-weight mean of all
 *   eligible tickers over that period, a SELL when it falls short of it.
 * - Attribution: ticker i's contribution is sum_t w_i(t-1) r_i(t) over the
 *   window (end-of-day weights of the day before, daily simple returns):
 *   arithmetic and before costs, so the contributions add up to the sum of
 *   the book's daily gross returns, not to its compounded net return.
 * - Frontier: the long-only frontier of the last rebalance under mu_BL and
 *   Sigma_BL with the run's weight bounds, and where the chosen book, the
 *   prior (w_mkt) and equal weights sit on the same axes.
 */
import type { AlignedMarket, ExecutedRebalance } from "../backtest/index";
import { longOnlyBounds, longOnlyFrontier, portfolioMoments, type FrontierPoint } from "../portfolio/index";
import type { BacktestRun } from "./backtests";
import { itemAt } from "./lookup";
import type { RebalanceRecord } from "./rebalance";

/** One rebalance's view hit rate. */
export interface HitRateRow {
  date: string;
  periodEnd: string;
  eligible: number;
  buys: number;
  /** Share of BUY names beating the cross-section (NaN without BUYs). */
  buyHitRate: number;
  /** Mean BUY return minus the cross-sectional mean. */
  buyExcess: number;
  sells: number;
  sellHitRate: number;
  sellExcess: number;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/**
 * Hit rates of every agent rebalance (see module doc). Rebalances whose trade
 * never happened (after the window) are left out.
 *
 * @example
 * viewHitRates(market, agents.rebalances, portfolio.rebalances, portfolio.dates.at(-1)!)[0].buyHitRate; // e.g. 0.6
 */
export function viewHitRates(
  market: AlignedMarket,
  agentRebalances: readonly RebalanceRecord[],
  trades: readonly ExecutedRebalance[],
  lastDate: string,
): HitRateRow[] {
  const tradeOf = new Map(trades.map((t) => [t.date, t.tradeDate]));
  const index = new Map(market.dates.map((d, i) => [d, i]));
  const executed = agentRebalances.filter((r) => r.positions.length > 0 && tradeOf.has(r.allocation.date));
  return executed.map((r, k) => {
    const start = tradeOf.get(r.allocation.date)!;
    const next = executed[k + 1];
    const periodEnd = next ? tradeOf.get(next.allocation.date)! : lastDate;
    const i0 = index.get(start)!;
    const i1 = index.get(periodEnd)!;
    const ret = r.positions.map((p) => {
      const col = itemAt(market.close, p.index, "price column");
      return col[i1]! / col[i0]! - 1;
    });
    const all = mean(ret);
    const side = (action: string, beats: (x: number) => boolean) => {
      const xs = r.positions.flatMap((p, i) => (p.decision.action === action && p.viewed ? [ret[i]!] : []));
      return { count: xs.length, hit: xs.length ? xs.filter(beats).length / xs.length : NaN, excess: mean(xs) - all };
    };
    const buy = side("BUY", (x) => x > all);
    const sell = side("SELL", (x) => x < all);
    return {
      date: r.allocation.date,
      periodEnd,
      eligible: r.positions.length,
      buys: buy.count,
      buyHitRate: buy.hit,
      buyExcess: buy.excess,
      sells: sell.count,
      sellHitRate: sell.hit,
      sellExcess: sell.excess,
    };
  });
}

/** Hits over all rebalances: (hits, calls) pooled, not a mean of rates. */
export function pooledHitRate(rows: readonly HitRateRow[], side: "buy" | "sell"): number {
  let hits = 0;
  let calls = 0;
  for (const r of rows) {
    const count = side === "buy" ? r.buys : r.sells;
    const rate = side === "buy" ? r.buyHitRate : r.sellHitRate;
    if (count > 0) {
      hits += rate * count;
      calls += count;
    }
  }
  return calls ? hits / calls : NaN;
}

/** One ticker's attribution. */
export interface AttributionRow {
  ticker: string;
  meanWeight: number;
  contribution: number;
  daysHeld: number;
}

/**
 * Per-ticker return attribution of a backtest (see module doc), largest
 * |contribution| first.
 *
 * @example
 * attribution(market, runs.portfolio)[0]; // { ticker, meanWeight, contribution, daysHeld }
 */
export function attribution(market: AlignedMarket, run: BacktestRun): AttributionRow[] {
  const index = new Map(market.dates.map((d, i) => [d, i]));
  const rows = market.tickers.map((ticker, i) => {
    let contribution = 0;
    let weightSum = 0;
    let held = 0;
    for (let t = 1; t < run.dates.length; t++) {
      const w = itemAt(run.weights, t - 1, "end-of-day weights")[i]!;
      weightSum += w;
      if (w === 0) continue;
      held++;
      const d = index.get(run.dates[t]!)!;
      const col = itemAt(market.close, i, "price column");
      contribution += w * (col[d]! / col[d - 1]! - 1);
    }
    return { ticker, meanWeight: run.dates.length > 1 ? weightSum / (run.dates.length - 1) : 0, contribution, daysHeld: held };
  });
  return rows.sort((a, b) => Math.abs(b.contribution) - Math.abs(a.contribution) || (a.ticker < b.ticker ? -1 : 1));
}

/**
 * The sum of a backtest's daily returns before costs, sum_t (r_t + cost_t /
 * V_{t-1}), which the attribution's contributions add up to.
 *
 * @example
 * grossReturnSum(runs.portfolio); // = attribution(market, runs.portfolio) summed over tickers
 */
export function grossReturnSum(run: BacktestRun): number {
  const costByDate = new Map<string, number>();
  for (const r of run.rebalances) costByDate.set(r.tradeDate, (costByDate.get(r.tradeDate) ?? 0) + r.cost);
  let sum = 0;
  for (let t = 0; t < run.dates.length; t++) {
    const before = t === 0 ? run.values[0]! / (1 + run.returns[0]!) : run.values[t - 1]!;
    sum += run.returns[t]! + (costByDate.get(run.dates[t]!) ?? 0) / before;
  }
  return sum;
}

/** The frontier of a rebalance and the books placed on it. */
export interface FrontierStudy {
  date: string;
  frontier: FrontierPoint[];
  chosen: { expectedReturn: number; volatility: number };
  prior: { expectedReturn: number; volatility: number };
  equalWeight: { expectedReturn: number; volatility: number };
}

/**
 * The long-only frontier of the last rebalance with at least two eligible
 * tickers (null when there is none), under its mu_BL and Sigma_BL and the
 * run's weight bounds.
 *
 * @example
 * lastFrontier(agents.rebalances, { minWeight: 0, maxWeight: 1 })?.chosen.volatility;
 */
export function lastFrontier(rebalances: readonly RebalanceRecord[], bounds: { minWeight: number; maxWeight: number }, points = 25): FrontierStudy | null {
  const last = [...rebalances].reverse().find((r) => r.positions.length >= 2);
  if (!last) return null;
  const { allocation } = last;
  const n = allocation.eligible.length;
  const { lower, upper } = longOnlyBounds(n, bounds);
  const mu = allocation.muBL;
  const sigma = allocation.sigmaBL;
  return {
    date: allocation.date,
    frontier: longOnlyFrontier(mu, sigma, n, lower, upper, points),
    chosen: portfolioMoments(mu, sigma, n, allocation.weights),
    prior: portfolioMoments(mu, sigma, n, allocation.wMkt),
    equalWeight: portfolioMoments(mu, sigma, n, new Array<number>(n).fill(1 / n)),
  };
}

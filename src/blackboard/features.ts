/**
 * Checkable indicator values for the agents (the Blackboard paper's
 * "classical indicators ... serve as checkable features within each chain"):
 * stockstats-convention RSI(14), MACD(12, 26, 9) and Bollinger(20, 2) from
 * src/stats/indicators, plus simple trend / risk numbers, all read on the
 * last bar of a point-in-time price series. Values are rounded to 6
 * significant digits, so the numbers an agent sees, cites and that a checker
 * recomputes are the same numbers.
 */
import type { PriceSeries } from "../data/index";
import { bollinger, macd, rsi } from "../stats/index";
import { itemAt } from "./lookup";

export const INDICATOR_NAMES = [
  "close",
  "rsi_14",
  "macd",
  "macds",
  "macdh",
  "boll_ub",
  "boll",
  "boll_lb",
  "pct_b",
  "sma_50",
  "ret_5d",
  "ret_20d",
  "ret_60d",
  "vol_20d",
  "vol_60d",
  "drawdown_252d",
] as const;
export type IndicatorName = (typeof INDICATOR_NAMES)[number];

export interface IndicatorSnapshot {
  ticker: string;
  /** Date of the last bar used. */
  date: string;
  /** Date of the first bar used. */
  from: string;
  /** Number of bars available. */
  bars: number;
  values: Record<IndicatorName, number>;
  /** How the price levels among `values` are stated in prompts (e.g. "as traded on each day", "adjusted as of 2025-08-29"); absent = the file's closes. */
  price_basis?: string;
  /** The factor that puts the levels among `values` (the file's basis, what the offline agents and checks read) on the prompt's basis; absent = 1. */
  level_factor?: number;
}

/** The indicators that are price levels (in the stock's currency), put on the run's price basis; the others are ratios, returns or RSI. */
export const PRICE_LEVEL_INDICATORS: readonly string[] = ["close", "macd", "macds", "macdh", "boll_ub", "boll", "boll_lb", "sma_50"];

/**
 * Indicator values as a prompt shows them: the price levels times `factor`
 * (the run's price basis: split ratios, or 100 / base when rebased), rounded
 * as the snapshot is; ratios, returns and RSI as they are.
 *
 * @example
 * shownIndicatorValues({ close: 297.1, rsi_14: 40 }, 3); // { close: 891.3, rsi_14: 40 }
 */
export function shownIndicatorValues<T extends Record<string, number>>(values: T, factor = 1): T {
  if (factor === 1) return values;
  const out: Record<string, number> = { ...values };
  for (const k of PRICE_LEVEL_INDICATORS) if (k in out) out[k] = roundSig(out[k]! * factor);
  return out as T;
}

/**
 * Round to `digits` significant digits (NaN and 0 unchanged).
 *
 * @example
 * roundSig(56.123456789); // 56.1235
 */
export function roundSig(x: number, digits = 6): number {
  if (!Number.isFinite(x) || x === 0) return x;
  return Number(x.toPrecision(digits));
}

/**
 * Indicators on the last bar of `series` (closes as stockstats uses them):
 * rsi_14, macd / macds / macdh, Bollinger upper / middle / lower and
 * %b = (close - lower) / (upper - lower), 50-day SMA, 5/20/60-day simple
 * returns, annualised 20/60-day volatility of daily returns (sample std x
 * sqrt 252), and the drawdown from the 252-day closing high (<= 0). Values
 * needing more bars than available are NaN.
 *
 * @example
 * indicatorSnapshot(view.window("AAPL", 300)).values.rsi_14; // e.g. 61.2345
 */
export function indicatorSnapshot(series: PriceSeries): IndicatorSnapshot {
  const close = series.close;
  const n = close.length;
  if (n === 0) throw new RangeError(`indicatorSnapshot: no bars for ${series.ticker}`);
  const last = n - 1;
  // n > 0 was checked above, and every index below is bounded by n or by a `n > k` test.
  const lastClose = close[last]!;
  const ret = (k: number) => (n > k ? lastClose / close[last - k]! - 1 : NaN);
  const vol = (k: number) => {
    if (n <= k) return NaN;
    let s = 0,
      s2 = 0;
    for (let t = n - k; t < n; t++) {
      const x = close[t]! / close[t - 1]! - 1;
      s += x;
      s2 += x * x;
    }
    const mean = s / k;
    return Math.sqrt(Math.max(0, (s2 - k * mean * mean) / (k - 1)) * 252);
  };
  let sma = NaN;
  if (n >= 50) {
    let s = 0;
    for (let t = n - 50; t < n; t++) s += close[t]!;
    sma = s / 50;
  }
  let peak = -Infinity;
  for (let t = Math.max(0, n - 252); t < n; t++) peak = Math.max(peak, close[t]!);
  // The kernels return one value per bar; a shorter output is a bug there, so name it.
  const onLastBar = (values: ArrayLike<number>, name: string) => itemAt(values, last, `${name} of ${series.ticker}`);
  const m = macd(close, 12, 26, 9);
  const b = bollinger(close, 20, 2);
  const upper = onLastBar(b.upper, "upper Bollinger band");
  const lower = onLastBar(b.lower, "lower Bollinger band");
  const width = upper - lower;
  const values: Record<IndicatorName, number> = {
    close: lastClose,
    rsi_14: onLastBar(rsi(close, 14), "RSI(14)"),
    macd: onLastBar(m.macd, "MACD"),
    macds: onLastBar(m.macds, "MACD signal"),
    macdh: onLastBar(m.macdh, "MACD histogram"),
    boll_ub: upper,
    boll: onLastBar(b.middle, "middle Bollinger band"),
    boll_lb: lower,
    pct_b: width > 0 ? (lastClose - lower) / width : NaN,
    sma_50: sma,
    ret_5d: ret(5),
    ret_20d: ret(20),
    ret_60d: ret(60),
    vol_20d: vol(20),
    vol_60d: vol(60),
    drawdown_252d: lastClose / peak - 1,
  };
  for (const k of INDICATOR_NAMES) values[k] = roundSig(values[k]);
  const dates = series.dates;
  return {
    ticker: series.ticker,
    date: itemAt(dates, last, `date of ${series.ticker}'s last bar`),
    from: itemAt(dates, 0, `date of ${series.ticker}'s first bar`),
    bars: n,
    values,
  };
}

/**
 * Whether a cited value matches the computed one: |cited - actual| <=
 * 1e-3 x max(1, |actual|) (a model may drop trailing digits, not invent numbers).
 *
 * @example
 * citationMatches(56.12, 56.1235); // true (0.006% off); citationMatches(57, 56.1235); // false
 */
export function citationMatches(cited: number, actual: number): boolean {
  if (!Number.isFinite(actual) || !Number.isFinite(cited)) return false;
  return Math.abs(cited - actual) <= 1e-3 * Math.max(1, Math.abs(actual));
}

/**
 * Replace NaN by null for JSON prompts (JSON has no NaN).
 *
 * @example
 * jsonSafe({ rsi_14: NaN, close: 10 }); // { rsi_14: null, close: 10 }
 */
export function jsonSafe(values: Record<string, number>): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [k, v] of Object.entries(values)) out[k] = Number.isFinite(v) ? v : null;
  return out;
}

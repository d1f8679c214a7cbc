/**
 * Reading closes out of a price series with the missing case named: every
 * column of a `PriceSeries` has one entry per date, and a point-in-time view
 * of a trading day ends on that day, so these only fail on malformed data.
 */
import type { PriceSeries } from "../data/index";

/**
 * The adjusted close on row `i` of a series.
 *
 * @example
 * adjCloseAt(folder.prices("MSFT"), 0); // the first adjusted close
 */
export function adjCloseAt(series: PriceSeries, i: number): number {
  const close = series.adjClose[i];
  if (close === undefined) throw new RangeError(`finmem: ${series.ticker} has ${series.dates.length} dates but no adjusted close on row ${i}`);
  return close;
}

/**
 * The latest close known as of `date` (the close of `date` itself when it is a trading day).
 *
 * @example
 * latestClose(folder.asOf("2021-01-04").prices("MSFT").adjClose, "MSFT", "2021-01-04"); // the close of 2021-01-04
 */
export function latestClose(closes: ArrayLike<number>, ticker: string, date: string): number {
  const close = closes[closes.length - 1];
  if (close === undefined) throw new RangeError(`finmem: no ${ticker} price known as of ${date}`);
  return close;
}

/**
 * Aligning per-ticker price files on one trading calendar for the backtest
 * engine. Adjusted closes are used (total-return accounting); a day a ticker
 * lacks after its first bar carries its last price forward (a zero return),
 * and days before its first bar are NaN (the ticker is then not eligible).
 */
import type { PriceSeries } from "../data/index";
import type { AlignedMarket } from "./engine";

/**
 * Align `series` on `calendar` (ascending ISO dates). Dates of a series that
 * are not on the calendar are ignored.
 *
 * @example
 * alignSeries(["d1", "d2", "d3"], [{ ticker: "A", dates: ["d2"], adjClose: Float64Array.of(5), ... }]).close[0]; // [NaN, 5, 5]
 */
export function alignSeries(calendar: readonly string[], series: readonly PriceSeries[], field: "adjClose" | "close" = "adjClose"): AlignedMarket {
  const close = series.map((s) => {
    const col = new Float64Array(calendar.length).fill(NaN);
    const values = s[field];
    if (values.length !== s.dates.length) throw new RangeError(`alignSeries: ${s.ticker} has ${values.length} ${field} values for ${s.dates.length} dates`);
    let j = 0;
    let last = NaN;
    for (let t = 0; t < calendar.length; t++) {
      const d = calendar[t]!;
      while (j < s.dates.length && s.dates[j]! < d) {
        last = values[j]!;
        j++;
      }
      if (j < s.dates.length && s.dates[j] === d) {
        last = values[j]!;
        j++;
      }
      col[t] = last;
    }
    return col;
  });
  return { dates: calendar.slice(), tickers: series.map((s) => s.ticker), close };
}

/**
 * The same market cut after calendar index `lastIndex` (inclusive): what a
 * backtest could have known on that day. Used by the truncation tests.
 *
 * @example
 * truncateMarket(market, 10).dates.length; // 11
 */
export function truncateMarket(market: AlignedMarket, lastIndex: number): AlignedMarket {
  return {
    dates: market.dates.slice(0, lastIndex + 1),
    tickers: market.tickers.slice(),
    close: market.close.map((c) => c.slice(0, lastIndex + 1)),
  };
}

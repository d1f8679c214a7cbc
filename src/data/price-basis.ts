/**
 * Price levels as a trader saw them, for what an agent is shown.
 *
 * A fetched `Close` is split-adjusted as of the download day (and `AdjClose`
 * adds dividends): on 2022-08-24, before TSLA's 3:1 split, the file says
 * about 297 where the tape said about 891. Returns are right either way (they
 * are computed from adjusted closes); a *level* in a prompt is not, since no
 * trader saw it that day. So a prompt shows levels on one of three bases:
 *
 * - `as-traded`: a split table is known (the folder's `prices/_splits.csv`,
 *   which the price fetcher writes, or a `splits` file the user gives): the
 *   level of session t is Close_t x the product of the ratios of the splits
 *   whose ex-date is after t (a ticker without rows had no split);
 * - `adjusted`: no split table: the file's Close as it is, and the prompt says
 *   "adjusted as of <the series' last date>";
 * - `rebased`: the anonymised control: 100 x AdjClose_t / AdjClose_start, so a
 *   level cannot name a firm.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DataError } from "./errors";
import { parseSplits, splitFactor, SPLITS_FILE, type Split } from "./splits";
import type { PriceSeries } from "./types";

/** How the price levels shown to an agent are stated (module comment). */
export type PriceBasis =
  { kind: "as-traded"; splits: readonly Split[]; source: string } | { kind: "adjusted"; asOf: string } | { kind: "rebased"; start: string; base: number };

/**
 * The split table to use: the file the user gives (`splitsFile`, an error when
 * it is missing), else the folder's `prices/_splits.csv`, else null (unknown).
 *
 * @example
 * splitTable("mydata")?.table.get("TSLA"); // [{ date: "2020-08-31", numerator: 5, ... }, { date: "2022-08-25", numerator: 3, ... }]
 * splitTable("../shared/datasets"); // null (no split table there)
 */
export function splitTable(dataDir: string, splitsFile = ""): { table: Map<string, Split[]>; source: string } | null {
  const file = splitsFile !== "" ? splitsFile : join(dataDir, "prices", SPLITS_FILE);
  if (!existsSync(file)) {
    if (splitsFile !== "") throw new DataError("splits file not found", { file });
    return null;
  }
  const table = new Map<string, Split[]>();
  for (const s of parseSplits(readFileSync(file, "utf8"), file)) {
    const list = table.get(s.ticker);
    if (list) list.push(s);
    else table.set(s.ticker, [s]);
  }
  return { table, source: file };
}

/**
 * The basis of a ticker's shown levels: as traded when a split table is
 * known (rows of other tickers only = no split), else adjusted as of the
 * series' last date.
 *
 * @example
 * priceBasisFor("TSLA", series, splitTable("mydata")).kind; // "as-traded"
 * priceBasisFor("MSFT", series, null); // { kind: "adjusted", asOf: "2025-08-29" }
 */
export function priceBasisFor(ticker: string, series: PriceSeries, table: { table: Map<string, Split[]>; source: string } | null): PriceBasis {
  if (table) return { kind: "as-traded", splits: table.table.get(ticker) ?? [], source: table.source };
  return { kind: "adjusted", asOf: series.dates.at(-1) ?? "" };
}

/**
 * The rebased basis of a series: 100 at its first session on or after `start`.
 *
 * @example
 * rebasedBasis(series, "2021-01-04").kind; // "rebased"
 */
export function rebasedBasis(series: PriceSeries, start: string): PriceBasis {
  let i = series.dates.findIndex((d) => d >= start);
  if (i < 0) i = series.dates.length - 1;
  const base = series.adjClose[i];
  if (base === undefined || !(base > 0)) throw new RangeError(`rebasedBasis: ${series.ticker} has no positive adjusted close on or after ${start}`);
  return { kind: "rebased", start: series.dates[i]!, base };
}

/**
 * The factor that puts a level computed from the file's closes on session
 * `date` onto a basis: the split ratios after `date` (as-traded: a chart as a
 * trader saw it that day), 1 (adjusted), 100 / base (rebased; from the file's
 * Close, which equals AdjClose in folders without dividends).
 *
 * @example
 * levelFactor({ kind: "as-traded", splits: [{ ticker: "TSLA", date: "2022-08-25", numerator: 3, denominator: 1 }], source: "f" }, "2022-08-24"); // 3
 * levelFactor({ kind: "adjusted", asOf: "2025-08-29" }, "2022-08-24"); // 1
 */
export function levelFactor(basis: PriceBasis, date: string): number {
  switch (basis.kind) {
    case "as-traded":
      return splitFactor(basis.splits, date);
    case "adjusted":
      return 1;
    case "rebased":
      return 100 / basis.base;
  }
}

/**
 * The level shown for row `i` of a series on a basis: Close_i x the split
 * ratios after date_i (as-traded), Close_i (adjusted), or
 * 100 x AdjClose_i / base (rebased).
 *
 * @example
 * shownPrice({ kind: "as-traded", splits: [{ ticker: "TSLA", date: "2022-08-25", numerator: 3, denominator: 1 }], source: "f" }, tsla, iAug24); // 891.29 (file: 297.10)
 */
export function shownPrice(basis: PriceBasis, series: PriceSeries, i: number): number {
  const close = series.close[i];
  const date = series.dates[i];
  if (close === undefined || date === undefined) throw new RangeError(`shownPrice: ${series.ticker} has no row ${i}`);
  switch (basis.kind) {
    case "as-traded":
      return close * splitFactor(basis.splits, date);
    case "adjusted":
      return close;
    case "rebased":
      return (100 * series.adjClose[i]!) / basis.base;
  }
}

/**
 * The level shown for a date (the last row on or before it; NaN when none).
 *
 * @example
 * shownPriceOn(basis, series, "2022-08-24"); // the as-traded close of that day
 */
export function shownPriceOn(basis: PriceBasis, series: PriceSeries, date: string): number {
  let i = -1;
  for (let k = 0; k < series.dates.length && series.dates[k]! <= date; k++) i = k;
  return i < 0 ? Number.NaN : shownPrice(basis, series, i);
}

/**
 * How a prompt states the basis, after the levels it shows.
 *
 * @example
 * priceBasisNote({ kind: "adjusted", asOf: "2025-08-29" }); // "adjusted as of 2025-08-29"
 * priceBasisNote({ kind: "as-traded", splits: [], source: "f" }); // "as traded on each day"
 */
export function priceBasisNote(basis: PriceBasis): string {
  switch (basis.kind) {
    case "as-traded":
      return "as traded on each day";
    case "adjusted":
      return `adjusted as of ${basis.asOf}`;
    case "rebased":
      return `rebased to 100 on ${basis.start}`;
  }
}

/**
 * Daily price files: `prices/<TICKER>.csv` with the header
 * `Date,Open,High,Low,Close,AdjClose,Volume` (Yahoo's `Adj Close` is accepted
 * too, column names are matched case-insensitively, extra columns ignored).
 * Dates must be ascending and unique; every number finite; prices > 0,
 * volume >= 0. A file without an adjusted-close column uses Close for it.
 */
import { basename } from "node:path";
import { readFileSync } from "node:fs";
import { parseCsv, csvCell, type CsvTable } from "./csv";
import { normalizeDate } from "./dates";
import { DataError } from "./errors";
import type { PriceSeries } from "./types";

export const PRICE_COLUMNS = ["Date", "Open", "High", "Low", "Close", "AdjClose", "Volume"] as const;

/** One of the canonical price columns. */
type PriceColumn = (typeof PRICE_COLUMNS)[number];

const ALIASES: Record<PriceColumn, readonly string[]> = {
  Date: ["date", "timestamp", "datetime"],
  Open: ["open"],
  High: ["high"],
  Low: ["low"],
  Close: ["close"],
  AdjClose: ["adjclose", "adj close", "adj_close", "adjusted_close", "adjusted close"],
  Volume: ["volume"],
};

export interface ParsedPrices {
  series: PriceSeries;
  /** True when the file had no adjusted-close column (AdjClose copied from Close). */
  adjCloseMissing: boolean;
  /** 1-based line number of each row (for later checks that point at lines). */
  lines: Int32Array;
}

/**
 * Ticker implied by a price file name: `prices/BRK-B.csv` -> "BRK-B".
 *
 * @example
 * tickerFromFile("/data/prices/AAPL.csv"); // "AAPL"
 */
export function tickerFromFile(file: string): string {
  return basename(file).replace(/\.csv$/i, "");
}

/**
 * Parse price CSV text into a column-oriented `PriceSeries`, throwing a
 * `DataError` (file, line, field) on the first problem.
 *
 * @example
 * const { series } = parsePrices("Date,Open,High,Low,Close,AdjClose,Volume\n2024-01-02,1,2,0.5,1.5,1.5,100\n", "X.csv");
 * series.close[0]; // 1.5
 */
export function parsePrices(text: string, file: string, ticker = tickerFromFile(file)): ParsedPrices {
  return pricesFromTable(parseCsv(text, file), ticker);
}

/** Read and parse one price file. @example loadPrices("datasets/prices/SPY.csv").series.dates.length; */
export function loadPrices(file: string, ticker = tickerFromFile(file)): ParsedPrices {
  return parsePrices(readFileSync(file, "utf8"), file, ticker);
}

/**
 * Map each required column to its index in a header (case-insensitive, with
 * aliases). Missing required columns throw; a missing AdjClose maps to -1.
 *
 * @example
 * resolvePriceColumns(["Date","Open","High","Low","Close","Adj Close","Volume"], "x.csv").AdjClose; // 5
 */
export function resolvePriceColumns(header: readonly string[], file: string): Record<PriceColumn, number> {
  const lower = header.map((h) => h.trim().toLowerCase());
  const out = {} as Record<PriceColumn, number>;
  const missing: string[] = [];
  for (const col of PRICE_COLUMNS) {
    const idx = lower.findIndex((h) => ALIASES[col].includes(h));
    if (idx < 0 && col !== "AdjClose") missing.push(col);
    out[col] = idx;
  }
  if (missing.length > 0) {
    throw new DataError(
      `missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (header: ${header.join(",")}; expected ${PRICE_COLUMNS.join(",")})`,
      { file, line: 1, field: missing[0] },
    );
  }
  return out;
}

function pricesFromTable(table: CsvTable, ticker: string): ParsedPrices {
  const { file, records } = table;
  const cols = resolvePriceColumns(table.header, file);
  if (records.length === 0) throw new DataError("empty file (header but no rows)", { file, line: 2 });
  const n = records.length;
  const dates: string[] = new Array(n);
  const open = new Float64Array(n),
    high = new Float64Array(n),
    low = new Float64Array(n);
  const close = new Float64Array(n),
    adjClose = new Float64Array(n),
    volume = new Float64Array(n);
  const lines = new Int32Array(n);
  // Every record has one cell per header column and `cols` indexes the header (AdjClose is
  // read only when present), so the cell reads below are in range.
  const num = (cells: string[], col: "Open" | "High" | "Low" | "Close" | "AdjClose" | "Volume", line: number): number => {
    const raw = cells[cols[col]]!.trim();
    const v = raw === "" ? NaN : Number(raw);
    if (!Number.isFinite(v)) {
      throw new DataError(raw === "" ? "empty value" : `non-numeric value "${raw}"`, { file, line, field: col });
    }
    if (col === "Volume" ? v < 0 : v <= 0) {
      throw new DataError(`${col === "Volume" ? "negative volume" : "price must be > 0"}: ${raw}`, { file, line, field: col });
    }
    return v;
  };
  for (let i = 0; i < n; i++) {
    const { line, cells } = records[i]!;
    lines[i] = line;
    const rawDate = cells[cols.Date]!;
    const date = normalizeDate(rawDate);
    if (date === null) throw new DataError(`invalid date "${rawDate}" (expected YYYY-MM-DD)`, { file, line, field: "Date" });
    if (i > 0) {
      const prev = dates[i - 1]!;
      if (date === prev) throw new DataError(`duplicate date ${date} (also on line ${lines[i - 1]})`, { file, line, field: "Date" });
      if (date < prev) throw new DataError(`dates not ascending: ${date} after ${prev} (line ${lines[i - 1]})`, { file, line, field: "Date" });
    }
    dates[i] = date;
    open[i] = num(cells, "Open", line);
    high[i] = num(cells, "High", line);
    low[i] = num(cells, "Low", line);
    close[i] = num(cells, "Close", line);
    adjClose[i] = cols.AdjClose >= 0 ? num(cells, "AdjClose", line) : close[i]!;
    volume[i] = num(cells, "Volume", line);
  }
  return { series: { ticker, dates, open, high, low, close, adjClose, volume }, adjCloseMissing: cols.AdjClose < 0, lines };
}

/**
 * Bars [start, end) of a series as an independent copy: the typed arrays own
 * fresh buffers (`slice`, not `subarray`), so the result cannot reach bars
 * outside the range.
 *
 * @example
 * rangeSeries(series, 5, 10).close.length; // 5
 */
export function rangeSeries(s: PriceSeries, start: number, end: number): PriceSeries {
  const a = Math.max(0, Math.min(start, s.dates.length));
  const b = Math.max(a, Math.min(end, s.dates.length));
  return {
    ticker: s.ticker,
    dates: Object.freeze(s.dates.slice(a, b)),
    open: s.open.slice(a, b),
    high: s.high.slice(a, b),
    low: s.low.slice(a, b),
    close: s.close.slice(a, b),
    adjClose: s.adjClose.slice(a, b),
    volume: s.volume.slice(a, b),
  };
}

/**
 * Render a series as CSV in the canonical column order (prices with up to 6
 * decimals, volume as an integer), the format every loader reads.
 *
 * @example
 * formatPricesCsv(series).split("\n")[0]; // "Date,Open,High,Low,Close,AdjClose,Volume"
 */
export function formatPricesCsv(s: PriceSeries, decimals = 6): string {
  for (const field of ["open", "high", "low", "close", "adjClose", "volume"] as const) {
    if (s[field].length !== s.dates.length)
      throw new RangeError(`formatPricesCsv: ${s.ticker} has ${s[field].length} ${field} values for ${s.dates.length} dates`);
  }
  const f = (v: number): string => String(Number(v.toFixed(decimals)));
  const out: string[] = [PRICE_COLUMNS.join(",")];
  for (let i = 0; i < s.dates.length; i++) {
    out.push([csvCell(s.dates[i]!), f(s.open[i]!), f(s.high[i]!), f(s.low[i]!), f(s.close[i]!), f(s.adjClose[i]!), String(Math.round(s.volume[i]!))].join(","));
  }
  return out.join("\n") + "\n";
}

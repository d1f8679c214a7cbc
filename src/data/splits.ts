/**
 * Stock splits of a data folder: `prices/_splits.csv`,
 *
 *   ticker,date,numerator,denominator
 *   AAPL,2020-08-31,4,1
 *
 * `date` is the ex-date (the first session traded on the new basis) and a
 * holder's share count is multiplied by numerator / denominator (4:1 -> x4,
 * a 1-for-10 reverse split is 1,10). The price fetcher writes every split
 * Yahoo reports up to the download day, because the `Close` it stores is
 * split-adjusted as of that day for all of them (while shares reported in
 * filings are not): this file is what puts the two on one basis. A ticker
 * without rows had no split. Errors name file, line and field.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { csvCell, parseCsv, readCsv } from "./csv";
import { normalizeDate } from "./dates";
import { DataError } from "./errors";

export const SPLITS_FILE = "_splits.csv";
export const SPLIT_COLUMNS = ["ticker", "date", "numerator", "denominator"] as const;

export interface Split {
  ticker: string;
  /** Ex-date, YYYY-MM-DD. */
  date: string;
  numerator: number;
  denominator: number;
}

/**
 * Parse `_splits.csv` text: the four columns (any order), positive finite
 * ratios, valid dates; sorted by ticker then date.
 *
 * @example
 * parseSplits("ticker,date,numerator,denominator\nAAPL,2020-08-31,4,1\n", "_splits.csv")[0].numerator; // 4
 */
export function parseSplits(text: string, file: string): Split[] {
  return splitsFromTable(parseCsv(text, file));
}

function splitsFromTable(table: ReturnType<typeof parseCsv>): Split[] {
  const file = table.file;
  const idx = SPLIT_COLUMNS.map((c) => table.header.findIndex((h) => h.toLowerCase() === c));
  SPLIT_COLUMNS.forEach((c, i) => {
    if (idx[i]! < 0) throw new DataError(`missing column (header: ${table.header.join(",")})`, { file, line: 1, field: c });
  });
  const [iT, iD, iN, iDen] = idx as [number, number, number, number];
  const out: Split[] = [];
  for (const { line, cells } of table.records) {
    const ticker = cells[iT]!.trim();
    if (ticker === "") throw new DataError("empty ticker", { file, line, field: "ticker" });
    const date = normalizeDate(cells[iD]!);
    if (date === null) throw new DataError(`invalid date "${cells[iD]}" (expected YYYY-MM-DD)`, { file, line, field: "date" });
    const num = Number(cells[iN]);
    const den = Number(cells[iDen]);
    if (!(Number.isFinite(num) && num > 0)) throw new DataError(`expected a positive number, got "${cells[iN]}"`, { file, line, field: "numerator" });
    if (!(Number.isFinite(den) && den > 0)) throw new DataError(`expected a positive number, got "${cells[iDen]}"`, { file, line, field: "denominator" });
    out.push({ ticker, date, numerator: num, denominator: den });
  }
  return sortSplits(out);
}

function sortSplits(splits: Split[]): Split[] {
  return splits.sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/**
 * The splits of a folder by ticker, or null when it has no `prices/_splits.csv`
 * (then reported share counts cannot be put on the price file's basis).
 *
 * @example
 * loadSplits("mydata")?.get("NVDA"); // [{ date: "2021-07-20", numerator: 4, ... }, { date: "2024-06-10", numerator: 10, ... }]
 */
export function loadSplits(dir: string): Map<string, Split[]> | null {
  const file = join(dir, "prices", SPLITS_FILE);
  if (!existsSync(file)) return null;
  const byTicker = new Map<string, Split[]>();
  for (const s of splitsFromTable(readCsv(file))) {
    const list = byTicker.get(s.ticker);
    if (list) list.push(s);
    else byTicker.set(s.ticker, [s]);
  }
  return byTicker;
}

/**
 * `_splits.csv` text (header always, rows sorted by ticker then date).
 *
 * @example
 * formatSplits([{ ticker: "AAPL", date: "2020-08-31", numerator: 4, denominator: 1 }]);
 * // "ticker,date,numerator,denominator\nAAPL,2020-08-31,4,1\n"
 */
export function formatSplits(splits: readonly Split[]): string {
  const rows = sortSplits([...splits]).map((s) => [s.ticker, s.date, s.numerator, s.denominator].map(csvCell).join(","));
  return [SPLIT_COLUMNS.join(","), ...rows].join("\n") + "\n";
}

/**
 * Product of numerator / denominator over the splits whose ex-date lies in
 * (after, through]: how many shares one share held after `after`'s close
 * has become by `through`. `through` undefined = no upper bound.
 *
 * @example
 * splitFactor([{ ticker: "X", date: "2024-06-10", numerator: 10, denominator: 1 }], "2024-05-17", "2024-06-14"); // 10
 * splitFactor([{ ticker: "X", date: "2024-06-10", numerator: 10, denominator: 1 }], "2024-05-17", "2024-06-07"); // 1
 */
export function splitFactor(splits: readonly Split[], after: string, through?: string): number {
  let f = 1;
  for (const s of splits) if (s.date > after && (through === undefined || s.date <= through)) f *= s.numerator / s.denominator;
  return f;
}

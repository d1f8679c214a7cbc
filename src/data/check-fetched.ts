/**
 * `data check` for the files the fetchers add to a data folder:
 *
 * - `fundamentals/*.jsonl`: every record validated (errors name line and
 *   field); warnings for a repeated accession, a `date` other than the session
 *   its acceptance time counts for (a date-only reader would see it early or
 *   late), and a share count that moves by 1.5x or more (up or down) between
 *   filings with no split to explain it (a class or unit mix-up: Alphabet's
 *   all-class count in place of GOOGL's A + B is x1.84); notes for records
 *   without shares.
 * - `prices/_splits.csv`: columns and values, a split of a ticker without a
 *   price file, and the basis check: on a listed split's ex-date the file's
 *   Close must not fall by the split ratio (that would mean the Close is not
 *   split-adjusted while the split record says it is, and market caps would
 *   be off by the ratio) — an error.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DataError } from "./errors";
import { toFundamentals, type FundamentalsRecord } from "./fundamentals";
import { parseJsonl } from "./jsonl";
import { loadPrices } from "./prices";
import { knownAtSession } from "./sessions";
import { parseSplits, splitFactor, type Split } from "./splits";

export interface FetchedFileReport {
  path: string;
  kind: "fundamentals" | "splits" | "ledger";
  rows: number;
  errors: string[];
  warnings: string[];
  notes: string[];
  span?: { first: string; last: string };
}

const MAX_LISTED = 8;

/**
 * A move of the share count between two filings this large (either way) that
 * no split explains is flagged. Buybacks and issuance move a large company's
 * count by a few percent a year; 1.5x is far outside that and well inside the
 * mix-ups seen (a multi-class total for one class pair, thousands for units).
 */
export const SHARE_MOVE_FLAG = 1.5;

function capped(list: string[]): string[] {
  return list.length > MAX_LISTED ? [...list.slice(0, MAX_LISTED), `... and ${list.length - MAX_LISTED} more of the same kind`] : list;
}

function describe(e: unknown): string {
  return e instanceof DataError ? `line ${e.line ?? "?"}: ${e.field !== undefined ? `field "${e.field}": ` : ""}${e.detail}` : (e as Error).message;
}

/**
 * Check one fundamentals file (see the module comment).
 *
 * @example
 * checkFundamentalsFile("mydata/fundamentals/AAPL.jsonl", "fundamentals/AAPL.jsonl", splits).errors; // []
 */
export function checkFundamentalsFile(file: string, path: string, splits: ReadonlyMap<string, Split[]> | null): FetchedFileReport {
  const report: FetchedFileReport = { path, kind: "fundamentals", rows: 0, errors: [], warnings: [], notes: [] };
  const errors: string[] = [];
  const records: Array<{ line: number; r: FundamentalsRecord }> = [];
  const lines = readFileSync(file, "utf8").split("\n");
  lines.forEach((raw, i) => {
    if (raw.trim() === "") return;
    try {
      for (const rec of parseJsonl(raw, file)) records.push({ line: i + 1, r: toFundamentals({ line: i + 1, value: rec.value }, file) });
    } catch (e) {
      errors.push(describe(e));
    }
  });
  report.rows = records.length + errors.length;
  report.errors.push(...capped(errors));
  if (report.rows === 0) report.errors.push("line 1: empty file (no records)");
  const seen = new Map<string, number>();
  const offDate: string[] = [];
  for (const { line, r } of records) {
    const first = seen.get(r.accession);
    if (first !== undefined) report.warnings.push(`line ${line}: accession ${r.accession} repeated (first on line ${first})`);
    else seen.set(r.accession, line);
    const session = knownAtSession({ date: r.date, datetime: r.datetime });
    if (session !== r.date) offDate.push(`line ${line}: date ${r.date} but accepted ${r.datetime}, which counts for ${session}`);
  }
  if (offDate.length > 0) report.warnings.push(...capped(offDate));
  const withShares = records.filter((x) => x.r.shares_outstanding !== null).sort((a, b) => (a.r.datetime < b.r.datetime ? -1 : 1));
  if (records.length > 0 && withShares.length < records.length)
    report.notes.push(`${records.length - withShares.length} of ${records.length} record(s) without a share count`);
  for (let i = 1; i < withShares.length; i++) {
    const a = withShares[i - 1]!.r,
      b = withShares[i]!.r;
    const own = splits?.get(b.ticker) ?? [];
    const ratio = b.shares_outstanding!.value / (a.shares_outstanding!.value * splitFactor(own, a.shares_outstanding!.as_of, b.shares_outstanding!.as_of));
    if (ratio >= SHARE_MOVE_FLAG || ratio <= 1 / SHARE_MOVE_FLAG)
      report.warnings.push(
        `line ${withShares[i]!.line}: shares outstanding x${ratio.toFixed(2)} since ${a.accession} with no split recorded between: a share-class or unit mix-up, or a split missing from prices/_splits.csv`,
      );
  }
  const dates = records.map((x) => x.r.date).sort();
  if (dates.length > 0) report.span = { first: dates[0]!, last: dates[dates.length - 1]! };
  return report;
}

/**
 * Check `prices/_splits.csv` against the folder's price files (see the module comment).
 *
 * @example
 * checkSplitsFile("mydata", "prices/_splits.csv").errors; // []
 */
export function checkSplitsFile(dir: string, path: string): { report: FetchedFileReport; splits: Map<string, Split[]> | null } {
  const report: FetchedFileReport = {
    path,
    kind: "splits",
    rows: 0,
    errors: [],
    warnings: [],
    notes: ["metadata: splits the Close is adjusted for (market caps put reported shares on that basis)"],
  };
  let list: Split[];
  try {
    list = parseSplits(readFileSync(join(dir, path), "utf8"), join(dir, path));
  } catch (e) {
    report.errors.push(describe(e));
    return { report, splits: null };
  }
  report.rows = list.length;
  const byTicker = new Map<string, Split[]>();
  for (const s of list) byTicker.set(s.ticker, [...(byTicker.get(s.ticker) ?? []), s]);
  for (const [ticker, splits] of byTicker) {
    const file = join(dir, "prices", `${ticker}.csv`);
    if (!existsSync(file)) {
      report.warnings.push(`${ticker}: split(s) listed but no prices/${ticker}.csv`);
      continue;
    }
    let series;
    try {
      series = loadPrices(file, ticker).series;
    } catch {
      continue; // the price file's own report has the error
    }
    for (const s of splits) {
      const i = series.dates.indexOf(s.date);
      if (i <= 0) continue; // outside the file's span, or its first day
      const move = series.close[i]! / series.close[i - 1]!;
      const r = s.numerator / s.denominator;
      if (r !== 1 && Math.abs(move * r - 1) < 0.15)
        report.errors.push(
          `${ticker} ${s.date}: Close moves x${move.toFixed(3)} on the ex-date of the listed ${s.numerator}:${s.denominator} split: the Close is not split-adjusted, so shares x Close would be off by x${r}; refetch the prices or remove the split row`,
        );
    }
  }
  return { report, splits: byTicker };
}

/**
 * `data check` for the resume ledgers the fetchers leave in a data folder
 * (`prices/_yahoo_ledger.json`, `news/_gdelt_ledger.json`,
 * `filings/_edgar_ledger.json`: `{"source", "units": {key: entry}}`, see
 * `fetch/ledger.ts`). Every unit a fetch recorded as failed
 * (`{"status": "failed", "ticker", "unit", "error"}`) is an error, one line per
 * ticker and ledger naming how many of its units failed, the first of them and
 * its error, because what it lacks is missing from the folder, not absent
 * from the source: a ticker whose news fetch failed must not pass for one
 * without news. A rerun of the same fetch retries the failed units; the
 * error goes away when they succeed.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FetchedFileReport } from "./check-fetched";

/** A ledger file's name: `_<source>_ledger.json`. */
const LEDGER_FILE = /^_[a-z0-9]+_ledger\.json$/i;

/** The folders fetchers write ledgers into. */
const LEDGER_FOLDERS = ["prices", "news", "filings"] as const;

/**
 * The ledger files of a data folder, relative paths, sorted.
 *
 * @example
 * ledgerFiles("mydata"); // ["filings/_edgar_ledger.json", "news/_gdelt_ledger.json"]
 */
export function ledgerFiles(dir: string): string[] {
  const out: string[] = [];
  for (const sub of LEDGER_FOLDERS) {
    const folder = join(dir, sub);
    if (!existsSync(folder)) continue;
    for (const f of readdirSync(folder).sort()) if (LEDGER_FILE.test(f)) out.push(`${sub}/${f}`);
  }
  return out;
}

interface Failure {
  ticker: string;
  unit: string;
  error: string;
}

/**
 * Check one ledger (see the module comment). An unreadable ledger is a
 * warning: the fetch starts that source afresh, so nothing is lost but time.
 *
 * @example
 * checkLedgerFile("mydata", "news/_gdelt_ledger.json").errors;
 * // ['GOOGL: news fetch failed for 1 of 7 unit(s), first 2024-03-01T00:00Z..2024-04-01T00:00Z: "GDELT GOOGL ...: HTTP 500 after 7 attempts"; rerun the fetch to retry']
 */
export function checkLedgerFile(dir: string, path: string): FetchedFileReport {
  const report: FetchedFileReport = { path, kind: "ledger", rows: 0, errors: [], warnings: [], notes: [] };
  let units: Record<string, unknown>;
  try {
    const parsed = JSON.parse(readFileSync(join(dir, path), "utf8")) as { units?: unknown };
    if (parsed.units === null || typeof parsed.units !== "object" || Array.isArray(parsed.units)) throw new Error('no "units" object');
    units = parsed.units as Record<string, unknown>;
  } catch (e) {
    report.warnings.push(`unreadable resume ledger (${(e as Error).message}): the next fetch starts this source afresh`);
    return report;
  }
  const keys = Object.keys(units).sort();
  report.rows = keys.length;
  const byTicker = new Map<string, { units: number; failures: Failure[] }>();
  for (const key of keys) {
    const entry = units[key] as Record<string, unknown> | null;
    const ticker = typeof entry?.["ticker"] === "string" ? entry["ticker"] : key.split("|")[0]!;
    const row = byTicker.get(ticker) ?? { units: 0, failures: [] };
    row.units++;
    if (entry?.["status"] === "failed") {
      const unit = typeof entry["unit"] === "string" ? entry["unit"] : key;
      row.failures.push({ ticker, unit, error: typeof entry["error"] === "string" ? entry["error"] : "no error recorded" });
    }
    byTicker.set(ticker, row);
  }
  const what = path.split("/")[0]; // the folder names the fetch: "news fetch failed"
  for (const [ticker, row] of [...byTicker].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const first = row.failures[0];
    if (!first) continue;
    report.errors.push(
      `${ticker}: ${what} fetch failed for ${row.failures.length} of ${row.units} unit(s), first ${first.unit}: ${JSON.stringify(first.error)}; rerun the fetch to retry`,
    );
  }
  if (report.errors.length === 0) report.notes.push(`metadata: resume ledger of a fetch (${keys.length} unit(s)), no failure recorded`);
  return report;
}

/**
 * Fundamentals of a data folder: `fundamentals/<TICKER>.jsonl`, one record
 * per 10-K / 10-Q with the values that filing first reported and the shares
 * outstanding on its cover:
 *
 *   {"date": "2024-11-01", "datetime": "2024-11-01T10:01:36Z", "ticker": "AAPL", "cik": "0000320193",
 *    "accession": "0000320193-24-000123", "form": "10-K", "period": "2024-09-28", "filing_date": "2024-11-01",
 *    "source": "SEC EDGAR ...",
 *    "metrics": {"revenue": {"value": 391035000000, "unit": "USD", "concept": "us-gaap:...", "start": "2023-10-01", "end": "2024-09-28"}, ...},
 *    "shares_outstanding": {"value": 15115823000, "as_of": "2024-10-18", "source": "cover (inline XBRL)", "classes": [...]}}
 *
 * `datetime` is the EDGAR acceptance time (UTC) and `date` the session it
 * counts for under the known-at rule (accepted after the 16:00 New York close
 * -> the next session). Loaders validate like the others: a problem names
 * file, line and field.
 */
import { join } from "node:path";
import { DataError } from "./errors";
import { listDataFiles } from "./files";
import { readJsonl, type JsonlRecord } from "./jsonl";
import { knownAtSession, parseStampUtc } from "./sessions";
import { normalizeDate } from "./dates";

export const FUNDAMENTALS_DIR = "fundamentals";

/**
 * The metrics a record may carry, in the order they are checked on load (the
 * EDGAR fetcher's concept table, `fetch/edgar-facts.ts`, lists them in this order).
 *
 * @example
 * METRIC_NAMES.includes("revenue"); // true
 */
export const METRIC_NAMES = [
  "revenue",
  "net_income",
  "total_assets",
  "total_liabilities",
  "stockholders_equity",
  "cash",
  "operating_cash_flow",
  "capital_expenditure",
  "eps_basic",
  "eps_diluted",
] as const;

export type MetricName = (typeof METRIC_NAMES)[number];

/** One metric as its filing first reported it. */
export interface MetricValue {
  value: number;
  unit: string;
  /** "us-gaap:Revenues", or "derived: ..." for computed liabilities. */
  concept: string;
  /** Start of the duration (null for balance-sheet instants). */
  start: string | null;
  end: string;
}

export interface ShareClassCount {
  member: string | null;
  letter: string | null;
  value: number;
  weight: number;
}

export interface SharesOutstanding {
  /** Shares in the listed ticker's units (classes converted by their weights). */
  value: number;
  /** The count's as-of date (cover date, or the balance-sheet date). */
  as_of: string;
  source: string;
  classes?: ShareClassCount[];
}

export interface FundamentalsRecord {
  date: string;
  datetime: string;
  ticker: string;
  cik: string;
  accession: string;
  form: string;
  period: string | null;
  filing_date: string | null;
  source: string;
  metrics: Partial<Record<MetricName, MetricValue | null>>;
  shares_outstanding: SharesOutstanding | null;
}

type Loc = { file: string; line: number };

function need(cond: boolean, message: string, loc: Loc, field: string): void {
  if (!cond) throw new DataError(message, { ...loc, field });
}

function isDate(v: unknown): v is string {
  return typeof v === "string" && normalizeDate(v) === v;
}

function checkMetric(name: string, v: unknown, loc: Loc): void {
  if (v === null) return;
  const f = `metrics.${name}`;
  need(typeof v === "object" && !Array.isArray(v), "expected an object or null", loc, f);
  const m = v as Record<string, unknown>;
  need(typeof m["value"] === "number" && Number.isFinite(m["value"]), "value must be a finite number", loc, `${f}.value`);
  need(typeof m["unit"] === "string" && m["unit"] !== "", "unit must be a string", loc, `${f}.unit`);
  need(typeof m["concept"] === "string" && m["concept"] !== "", "concept must be a string", loc, `${f}.concept`);
  need(isDate(m["end"]), "end must be YYYY-MM-DD", loc, `${f}.end`);
  need(m["start"] === null || m["start"] === undefined || isDate(m["start"]), "start must be YYYY-MM-DD or null", loc, `${f}.start`);
}

function checkShares(v: unknown, loc: Loc): void {
  if (v === null) return;
  need(typeof v === "object" && !Array.isArray(v), "expected an object or null", loc, "shares_outstanding");
  const s = v as Record<string, unknown>;
  need(typeof s["value"] === "number" && Number.isFinite(s["value"]) && s["value"] > 0, "value must be a positive number", loc, "shares_outstanding.value");
  need(isDate(s["as_of"]), "as_of must be YYYY-MM-DD", loc, "shares_outstanding.as_of");
  need(typeof s["source"] === "string", "source must be a string", loc, "shares_outstanding.source");
  need(s["classes"] === undefined || Array.isArray(s["classes"]), "classes must be an array", loc, "shares_outstanding.classes");
}

/**
 * Validate one fundamentals record (required fields, dates, stamps, metric
 * and share objects); the value is returned typed.
 *
 * @example
 * toFundamentals({ line: 1, value: record }, "fundamentals/AAPL.jsonl").shares_outstanding?.value;
 */
export function toFundamentals(rec: JsonlRecord, file: string): FundamentalsRecord {
  const loc = { file, line: rec.line };
  const v = rec.value;
  for (const f of ["ticker", "cik", "accession", "form", "source"])
    need(typeof v[f] === "string" && (v[f] as string).trim() !== "", "missing or empty string", loc, f);
  need(isDate(v["date"]), `invalid date ${JSON.stringify(v["date"])} (expected YYYY-MM-DD)`, loc, "date");
  need(typeof v["datetime"] === "string", "missing acceptance time", loc, "datetime");
  let stamp: number | null = null;
  try {
    stamp = parseStampUtc(v["datetime"] as string);
  } catch {
    // reported below
  }
  need(stamp !== null, `unreadable time stamp ${JSON.stringify(v["datetime"])}`, loc, "datetime");
  need(v["period"] === null || v["period"] === undefined || isDate(v["period"]), "period must be YYYY-MM-DD or null", loc, "period");
  const metrics = v["metrics"];
  need(typeof metrics === "object" && metrics !== null && !Array.isArray(metrics), "expected an object", loc, "metrics");
  for (const name of METRIC_NAMES) checkMetric(name, (metrics as Record<string, unknown>)[name] ?? null, loc);
  checkShares(v["shares_outstanding"] ?? null, loc);
  return {
    ...(v as unknown as FundamentalsRecord),
    period: (v["period"] as string | null) ?? null,
    filing_date: (v["filing_date"] as string | null) ?? null,
    shares_outstanding: (v["shares_outstanding"] as SharesOutstanding | null) ?? null,
  };
}

/** The instant a record became public (its acceptance), ms. @example acceptedMs(record); // Date.parse(record.datetime) */
export function acceptedMs(r: FundamentalsRecord): number {
  return parseStampUtc(r.datetime) ?? Date.parse(`${r.date}T00:00:00Z`);
}

/**
 * Every fundamentals record of a folder by ticker, in acceptance order.
 * Throws a `DataError` (file, line, field) on the first invalid record.
 *
 * @example
 * loadFundamentals("mydata").get("AAPL")?.at(-1)?.form; // "10-K"
 */
export function loadFundamentals(dir: string): Map<string, FundamentalsRecord[]> {
  const out = new Map<string, FundamentalsRecord[]>();
  for (const file of listDataFiles(dir, FUNDAMENTALS_DIR, ".jsonl")) {
    for (const rec of readJsonl(file)) {
      const r = Object.freeze(toFundamentals(rec, file));
      const list = out.get(r.ticker) ?? [];
      list.push(r);
      out.set(r.ticker, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => acceptedMs(a) - acceptedMs(b));
  return out;
}

/** The shares a ticker had on record at a session, and where the number came from. */
export interface SharesKnown {
  shares: number;
  asOf: string;
  accession: string;
  form: string;
  /** Acceptance time of the filing (UTC). */
  accepted: string;
  /** The session the filing counts for (known-at rule). */
  knownAt: string;
  source: string;
}

/**
 * Shares outstanding as known at the close of `session`: the latest filing
 * with a share count whose known-at session is on or before it (a filing
 * accepted after the close counts from the next session).
 *
 * @example
 * sharesKnownAt(records, "2024-11-01"); // the count of the last filing accepted before 16:00 New York on 2024-11-01
 */
export function sharesKnownAt(records: readonly FundamentalsRecord[], session: string): SharesKnown | null {
  let best: FundamentalsRecord | null = null;
  for (const r of records) {
    if (r.shares_outstanding === null) continue;
    if (knownAtSession({ date: r.date, datetime: r.datetime }) > session) continue;
    if (best === null || acceptedMs(r) >= acceptedMs(best)) best = r;
  }
  if (best === null || best.shares_outstanding === null) return null;
  return {
    shares: best.shares_outstanding.value,
    asOf: best.shares_outstanding.as_of,
    accession: best.accession,
    form: best.form,
    accepted: best.datetime,
    knownAt: knownAtSession({ date: best.date, datetime: best.datetime }),
    source: best.shares_outstanding.source,
  };
}

/** Path of a ticker's fundamentals file. @example fundamentalsFile("mydata", "AAPL"); // "mydata/fundamentals/AAPL.jsonl" */
export function fundamentalsFile(dir: string, ticker: string): string {
  return join(dir, FUNDAMENTALS_DIR, `${ticker}.jsonl`);
}

/**
 * Ticker -> SEC CIK table of `consilium data fetch filings`, kept in the data
 * folder as `filings/_cik.csv` so it can be read and edited:
 *
 *   ticker,cik,name,share_classes,source
 *   AAPL,0000320193,Apple Inc.,,company_tickers.json
 *   BRK-B,0001067983,Berkshire Hathaway Inc,A:1500;B:1,built-in classes
 *
 * Rows come from, in order of precedence: a `--cik-map FILE` in the same
 * format (ticker and cik required), the universe file's CIK column, the
 * folder's own `filings/_cik.csv` (your edits survive reruns), and EDGAR's
 * `company_tickers.json` (fetched once, only when a ticker is still unmapped).
 *
 * `share_classes` says which share classes make up a ticker's shares
 * outstanding, as `letter:weight` pairs. Multi-class issuers report cover
 * shares per class (XBRL dimension StatementClassOfStockAxis, members such as
 * CommonClassAMember); the weight converts a class into the listed ticker's
 * shares. Berkshire's class A converts into 1,500 class B shares, so BRK-B is
 * `A:1500;B:1`; Alphabet's GOOGL (class A) counts the unlisted class B, which
 * converts 1:1 into A, and leaves class C to GOOG. Empty = the filing's
 * undimensioned total, or the sum of every class it reports.
 */
import { existsSync } from "node:fs";
import { csvCell, readCsv } from "../csv";
import { DataError } from "../errors";
import { cik10 } from "./edgar";

export interface ShareClassWeight {
  /** Class letter as in the XBRL member name (CommonClassAMember -> "A"). */
  letter: string;
  weight: number;
}

export interface CikEntry {
  ticker: string;
  /** 10-digit CIK. */
  cik: string;
  name: string | null;
  shareClasses: ShareClassWeight[];
  source: string;
}

/** Share-class definitions of multi-class issuers in the shared data set and the S&P 500. */
export const BUILTIN_SHARE_CLASSES: Readonly<Record<string, string>> = {
  "BRK-A": "A:1;B:0.000666666666667",
  "BRK-B": "A:1500;B:1",
  GOOGL: "A:1;B:1",
  GOOG: "C:1",
  META: "A:1;B:1",
  FOXA: "A:1",
  FOX: "B:1",
  NWSA: "A:1",
  NWS: "B:1",
};

/**
 * Parse `letter:weight;letter:weight`.
 *
 * @example
 * parseShareClasses("A:1500;B:1"); // [{ letter: "A", weight: 1500 }, { letter: "B", weight: 1 }]
 */
export function parseShareClasses(spec: string): ShareClassWeight[] {
  if (spec.trim() === "") return [];
  return spec.split(";").map((part) => {
    const m = /^\s*([A-Za-z])\s*:\s*([0-9.eE+-]+)\s*$/.exec(part);
    const weight = m ? Number(m[2]) : NaN;
    if (!m || !(Number.isFinite(weight) && weight >= 0)) throw new RangeError(`share class "${part.trim()}" is not letter:weight (e.g. A:1500)`);
    return { letter: m[1]!.toUpperCase(), weight };
  });
}

/** The inverse of `parseShareClasses`. @example formatShareClasses([{ letter: "A", weight: 1500 }]); // "A:1500" */
export function formatShareClasses(classes: readonly ShareClassWeight[]): string {
  return classes.map((c) => `${c.letter}:${c.weight}`).join(";");
}

/**
 * Read a CIK table (`ticker,cik[,name,share_classes,source]`); errors name
 * file, line and field.
 *
 * @example
 * readCikTable("filings/_cik.csv").get("AAPL")?.cik; // "0000320193"
 */
export function readCikTable(file: string, defaultSource = file): Map<string, CikEntry> {
  const table = readCsv(file);
  const lower = table.header.map((h) => h.toLowerCase());
  const col = (name: string): number => lower.indexOf(name);
  for (const required of ["ticker", "cik"])
    if (col(required) < 0) throw new DataError(`missing column (header: ${table.header.join(",")})`, { file, line: 1, field: required });
  const out = new Map<string, CikEntry>();
  for (const { line, cells } of table.records) {
    const cell = (name: string): string => (col(name) >= 0 ? cells[col(name)]!.trim() : "");
    const ticker = cell("ticker");
    if (ticker === "") throw new DataError("empty ticker", { file, line, field: "ticker" });
    let cik: string;
    try {
      cik = cik10(cell("cik"));
    } catch (e) {
      throw new DataError((e as Error).message, { file, line, field: "cik" });
    }
    let shareClasses: ShareClassWeight[];
    try {
      shareClasses = parseShareClasses(cell("share_classes"));
    } catch (e) {
      throw new DataError((e as Error).message, { file, line, field: "share_classes" });
    }
    out.set(ticker, { ticker, cik, name: cell("name") || null, shareClasses, source: cell("source") || defaultSource });
  }
  return out;
}

/**
 * `filings/_cik.csv` text, sorted by ticker.
 *
 * @example
 * formatCikTable([{ ticker: "AAPL", cik: "0000320193", name: "Apple Inc.", shareClasses: [], source: "company_tickers.json" }]);
 */
export function formatCikTable(entries: Iterable<CikEntry>): string {
  const rows = [...entries]
    .sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0))
    .map((e) => [e.ticker, e.cik, e.name ?? "", formatShareClasses(e.shareClasses), e.source].map(csvCell).join(","));
  return ["ticker,cik,name,share_classes,source", ...rows].join("\n") + "\n";
}

/**
 * EDGAR's `company_tickers.json` ({"0": {"cik_str": 320193, "ticker": "AAPL",
 * "title": "Apple Inc."}, ...}) as entries keyed by ticker. EDGAR writes
 * class tickers with a dash (BRK-B), like Yahoo.
 *
 * @example
 * parseCompanyTickers('{"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."}}').get("AAPL")?.cik; // "0000320193"
 */
export function parseCompanyTickers(text: string): Map<string, CikEntry> {
  const json = JSON.parse(text) as Record<string, { cik_str?: unknown; ticker?: unknown; title?: unknown }>;
  const out = new Map<string, CikEntry>();
  for (const row of Object.values(json)) {
    if (typeof row?.ticker !== "string" || (typeof row.cik_str !== "number" && typeof row.cik_str !== "string")) continue;
    const ticker = row.ticker.toUpperCase().replace(/\./g, "-");
    if (out.has(ticker)) continue; // the list is ordered by market value: the first row is the listed issuer
    out.set(ticker, {
      ticker,
      cik: cik10(row.cik_str),
      name: typeof row.title === "string" ? row.title : null,
      shareClasses: [],
      source: "company_tickers.json",
    });
  }
  return out;
}

/**
 * Merge the sources of the table (earlier arguments win) and fill built-in
 * share classes where a row has none.
 *
 * @example
 * mergeCikTables([fromOption, fromUniverse, fromFolder, fromEdgar]).get("BRK-B")?.shareClasses; // [{ A, 1500 }, { B, 1 }]
 */
export function mergeCikTables(sources: ReadonlyArray<ReadonlyMap<string, CikEntry>>): Map<string, CikEntry> {
  const out = new Map<string, CikEntry>();
  for (const source of sources) for (const [t, e] of source) if (!out.has(t)) out.set(t, { ...e, shareClasses: [...e.shareClasses] });
  for (const e of out.values()) {
    const builtin = BUILTIN_SHARE_CLASSES[e.ticker];
    if (e.shareClasses.length === 0 && builtin) {
      e.shareClasses = parseShareClasses(builtin);
      e.source = `${e.source}; built-in share classes`;
    }
  }
  return out;
}

/** The folder's own table, or an empty one. @example readFolderCikTable("mydata/filings/_cik.csv").size; */
export function readFolderCikTable(file: string): Map<string, CikEntry> {
  return existsSync(file) ? readCikTable(file) : new Map();
}

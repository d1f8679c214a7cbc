/**
 * Which words find a company's news in GDELT: the name map of
 * `consilium data fetch news`.
 *
 * Each ticker maps to search terms that are OR'ed into one GDELT DOC query,
 * e.g. AAPL -> `("Apple Inc" OR AAPL)`. The built-in map below covers the
 * tickers of the shared data set; it is a starting point, not a tuned
 * retrieval model. Edit it without touching code: `--print-names > names.csv`
 * writes the effective map, `--names names.csv` reads it back (CSV columns
 * `ticker,terms`, terms separated by `|`). For a ticker in neither, the
 * universe file's company name is used (legal suffixes stripped), and a
 * ticker with no name at all is skipped with a message rather than searched
 * as a bare symbol (short symbols such as KO, ON or ALL are ordinary words
 * to a full-text search).
 *
 * GDELT's query rules that shape the terms (learned from its error answers):
 * a multi-word phrase must be quoted, a quoted single short word is rejected
 * ("The specified phrase is too short."), OR'ed terms must be in parentheses,
 * and keywords under 3 characters are refused.
 */
import { readCsv } from "../csv";
import { DataError } from "../errors";

/** Built-in search terms by ticker (company names first, then a distinctive symbol). */
export const BUILTIN_NEWS_TERMS: Readonly<Record<string, readonly string[]>> = {
  AAPL: ["Apple Inc", "AAPL"],
  ABBV: ["AbbVie", "ABBV"],
  ADBE: ["Adobe", "ADBE"],
  AMD: ["Advanced Micro Devices", "AMD"],
  AMT: ["American Tower"],
  AMZN: ["Amazon", "AMZN"],
  BA: ["Boeing"],
  BAC: ["Bank of America"],
  "BRK-B": ["Berkshire Hathaway"],
  CAT: ["Caterpillar"],
  CMCSA: ["Comcast", "CMCSA"],
  COIN: ["Coinbase"],
  COP: ["ConocoPhillips"],
  COST: ["Costco"],
  CRM: ["Salesforce"],
  CSCO: ["Cisco", "CSCO"],
  CVX: ["Chevron"],
  DIS: ["Walt Disney", "Disney"],
  DUK: ["Duke Energy"],
  FCX: ["Freeport-McMoRan"],
  GE: ["General Electric", "GE Aerospace"],
  GOOGL: ["Alphabet", "Google", "GOOGL"],
  GS: ["Goldman Sachs"],
  HD: ["Home Depot"],
  HON: ["Honeywell"],
  INTC: ["Intel", "INTC"],
  JNJ: ["Johnson & Johnson", "JNJ"],
  JPM: ["JPMorgan"],
  KO: ["Coca-Cola"],
  LIN: ["Linde"],
  LLY: ["Eli Lilly"],
  LMT: ["Lockheed Martin"],
  MA: ["Mastercard"],
  MCD: ["McDonald's"],
  META: ["Meta Platforms", "Facebook"],
  MRK: ["Merck"],
  MSFT: ["Microsoft", "MSFT"],
  NEE: ["NextEra Energy"],
  NEM: ["Newmont"],
  NFLX: ["Netflix", "NFLX"],
  NKE: ["Nike"],
  NVDA: ["Nvidia", "NVDA"],
  ORCL: ["Oracle", "ORCL"],
  PEP: ["PepsiCo"],
  PFE: ["Pfizer"],
  PG: ["Procter & Gamble"],
  PLD: ["Prologis"],
  SBUX: ["Starbucks", "SBUX"],
  SLB: ["Schlumberger", "SLB"],
  SO: ["Southern Company"],
  SPG: ["Simon Property"],
  TSLA: ["Tesla", "TSLA"],
  UNH: ["UnitedHealth"],
  UPS: ["United Parcel Service"],
  V: ["Visa Inc"],
  VZ: ["Verizon"],
  WFC: ["Wells Fargo"],
  WMT: ["Walmart"],
  XOM: ["Exxon", "ExxonMobil"],
};

/** Legal-form words dropped from a company name before it becomes a search phrase. */
const LEGAL_SUFFIX =
  /[,.]?\s+(?:inc|incorporated|corp|corporation|co|company|ltd|limited|plc|holdings?|group|n\.?v|s\.?a|ag|se|lp|llc|trust|the)\.?$|\s*\((?:the|class [a-z])\)$|\s+class [a-z]$/i;

/**
 * A company name as a search phrase: legal suffixes and share-class words
 * stripped, trailing punctuation removed.
 *
 * @example
 * companyPhrase("Apple Inc."); // "Apple"
 * companyPhrase("Berkshire Hathaway Inc. Class B"); // "Berkshire Hathaway"
 */
export function companyPhrase(name: string): string {
  let s = name.trim();
  for (let guard = 0; guard < 4; guard++) {
    const next = s.replace(LEGAL_SUFFIX, "").trim();
    if (next === s) break;
    s = next;
  }
  return s.replace(/[.,;:]+$/, "").trim();
}

/**
 * One search term in GDELT syntax: phrases (anything beyond a single plain
 * word) quoted; single words bare. Throws on a term GDELT would refuse.
 *
 * @example
 * gdeltTerm("Apple Inc"); // '"Apple Inc"'
 * gdeltTerm("AAPL");      // "AAPL"
 */
export function gdeltTerm(term: string): string {
  const t = term.replace(/"/g, "").replace(/\s+/g, " ").trim();
  if (/^[A-Za-z0-9]+$/.test(t)) {
    if (t.length < 3) throw new RangeError(`search term "${t}" is shorter than 3 characters (GDELT refuses it): use the company name`);
    return t;
  }
  if (t.replace(/[^A-Za-z0-9]/g, "").length < 4) throw new RangeError(`search phrase "${t}" is too short for GDELT`);
  return `"${t}"`;
}

/**
 * The GDELT DOC query for a set of terms: OR'ed in parentheses, optionally
 * restricted to a source language (`sourcelang:english`).
 *
 * @example
 * gdeltQuery(["Apple Inc", "AAPL"], "english"); // '("Apple Inc" OR AAPL) sourcelang:english'
 */
export function gdeltQuery(terms: readonly string[], language: string | null): string {
  if (terms.length === 0) throw new RangeError("no search terms");
  const parts = terms.map(gdeltTerm);
  const core = parts.length === 1 ? parts[0]! : `(${parts.join(" OR ")})`;
  return language ? `${core} sourcelang:${language}` : core;
}

/**
 * Read a names file: CSV with `ticker` and `terms` columns (`|`-separated
 * terms). Errors name file, line and field.
 *
 * @example
 * readNamesFile("names.csv").get("AAPL"); // ["Apple Inc", "AAPL"]
 */
export function readNamesFile(file: string): Map<string, string[]> {
  const table = readCsv(file);
  const lower = table.header.map((h) => h.toLowerCase());
  const iT = lower.indexOf("ticker");
  const iTerms = lower.indexOf("terms");
  if (iT < 0) throw new DataError(`missing column (header: ${table.header.join(",")})`, { file, line: 1, field: "ticker" });
  if (iTerms < 0) throw new DataError(`missing column (header: ${table.header.join(",")})`, { file, line: 1, field: "terms" });
  const out = new Map<string, string[]>();
  for (const { line, cells } of table.records) {
    const ticker = cells[iT]!.trim();
    if (ticker === "") throw new DataError("empty ticker", { file, line, field: "ticker" });
    const terms = cells[iTerms]!.split("|")
      .map((t) => t.trim())
      .filter((t) => t !== "");
    if (terms.length === 0) throw new DataError("no search terms", { file, line, field: "terms" });
    for (const t of terms) {
      try {
        gdeltTerm(t);
      } catch (e) {
        throw new DataError((e as Error).message, { file, line, field: "terms" });
      }
    }
    out.set(ticker, terms);
  }
  return out;
}

/**
 * The effective search terms per ticker: the names file, else the built-in
 * map, else the company name from the universe; tickers with none are listed
 * in `missing`.
 *
 * @example
 * resolveNewsTerms(["AAPL", "ZZZZ"], new Map(), new Map([["ZZZZ", "Zed Holdings Inc."]])).terms.get("ZZZZ"); // ["Zed"]
 */
export function resolveNewsTerms(
  tickers: readonly string[],
  fromFile: ReadonlyMap<string, string[]>,
  companyNames: ReadonlyMap<string, string>,
): { terms: Map<string, string[]>; missing: string[] } {
  const terms = new Map<string, string[]>();
  const missing: string[] = [];
  for (const t of tickers) {
    const named = companyNames.get(t);
    const chosen = fromFile.get(t) ?? BUILTIN_NEWS_TERMS[t] ?? (named ? [companyPhrase(named)] : undefined);
    if (chosen && chosen.length > 0) terms.set(t, [...chosen]);
    else missing.push(t);
  }
  return { terms, missing };
}

/**
 * The names CSV for a set of tickers (what `--print-names` writes).
 *
 * @example
 * formatNamesFile(new Map([["AAPL", ["Apple Inc", "AAPL"]]])); // "ticker,terms\nAAPL,Apple Inc|AAPL\n"
 */
export function formatNamesFile(terms: ReadonlyMap<string, readonly string[]>): string {
  const cell = (s: string): string => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return ["ticker,terms", ...[...terms].map(([t, ts]) => `${cell(t)},${cell(ts.join("|"))}`)].join("\n") + "\n";
}

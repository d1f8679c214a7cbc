/**
 * `consilium data fetch filings`: 10-K and 10-Q filings of each ticker from
 * SEC EDGAR, with their acceptance time, MD&A text and first-reported
 * fundamentals (see `edgar-filing.ts` for one filing, `../fundamentals.ts` and
 * `cik-map.ts` for the files).
 *
 * Requests per ticker: the submissions index (plus older pages when the
 * range reaches back), the companyfacts file, then two per filing (header,
 * primary document). Paced at one request every 150 ms (under 7 per second,
 * below EDGAR's 10), retried on 429 / 5xx; EDGAR's block page stops the run.
 * Besides the filings of the range, the last 10-K / 10-Q filed before `from`
 * is fetched too, so the share count in force when the range starts is known.
 *
 * Resumable: each finished filing is recorded in `filings/_edgar_ledger.json`
 * after its records are written, and the index and companyfacts answers are
 * kept in `filings/_edgar_cache/` until the ticker is complete, so a rerun
 * after a kill sends no request for anything it already has. A failure is
 * recorded there too, at the filing (or the index) where it happened: the
 * next run retries it and `data check` reports it until then.
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../atomic";
import { formatCikTable, mergeCikTables, parseCompanyTickers, readCikTable, readFolderCikTable, type CikEntry } from "./cik-map";
import {
  cik10,
  companyFactsUrl,
  companyTickersUrl,
  edgarHosts,
  inspectEdgar,
  secUserAgent,
  submissionsPageUrl,
  submissionsUrl,
  type EdgarHosts,
} from "./edgar";
import { indexCompanyFacts, type Fact } from "./edgar-facts";
import { processFiling, type FilingTextRecord } from "./edgar-filing";
import { laterFiling, parseSubmissions, parseSubmissionsPage, type FilingRef } from "./edgar-submissions";
import { checkFetchArgs } from "./args";
import { fundamentalsFile, type FundamentalsRecord } from "../fundamentals";
import { FetchError, PoliteHttp } from "./http";
import { KeyedJsonl } from "./keyed-jsonl";
import { FetchLedger } from "./ledger";

export interface EdgarFetchOptions {
  tickers: string[];
  from: string;
  to: string;
  outDir: string;
  /** Declared User-Agent (default $CONSILIUM_SEC_USER_AGENT); required. */
  userAgent?: string;
  /** A CIK table overriding every other source (`ticker,cik[,name,share_classes]`). */
  cikMapFile?: string;
  /** Ticker -> CIK from a universe file. */
  universeCiks?: ReadonlyMap<string, string>;
  forms?: readonly string[];
  /** Store the full primary document's text instead of the MD&A. */
  fullText?: boolean;
  /** Pause between requests, ms (default 150). */
  delayMs?: number;
  retries?: number;
  backoffMs?: number;
  timeoutMs?: number;
  hosts?: Partial<EdgarHosts>;
  /** Refetch filings the ledger lists. */
  force?: boolean;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  progress?: (index: number, count: number, ticker: string, requests: number) => void;
}

export interface EdgarTickerResult {
  ticker: string;
  cik: string | null;
  status: "fetched" | "skipped" | "failed" | "no-cik";
  /** Filings of the range on record (this run's and earlier runs'). */
  filings: number;
  /** Of them, with a text record / with a share count. */
  withText: number;
  withShares: number;
  /** Filings processed in this run. */
  fetched: number;
  requests: number;
  malformed: number;
  /** Fundamentals records per month of their session date. */
  byMonth: Record<string, number>;
  error?: string;
}

const LEDGER = "_edgar_ledger.json";

/** The CIK table for the tickers, asking EDGAR's ticker list only when one is still unmapped; written to filings/_cik.csv. */
async function resolveCiks(o: EdgarFetchOptions, http: PoliteHttp, hosts: EdgarHosts): Promise<Map<string, CikEntry>> {
  const file = join(o.outDir, "filings", "_cik.csv");
  const fromOption = o.cikMapFile ? readCikTable(o.cikMapFile) : new Map<string, CikEntry>();
  const fromUniverse = new Map<string, CikEntry>();
  for (const [t, c] of o.universeCiks ?? []) fromUniverse.set(t, { ticker: t, cik: cik10(c), name: null, shareClasses: [], source: "universe file" });
  const folder = readFolderCikTable(file);
  let merged = mergeCikTables([fromOption, fromUniverse, folder]);
  if (o.tickers.some((t) => !merged.has(t))) {
    const res = await http.get(companyTickersUrl(hosts), "EDGAR company_tickers.json");
    if (!res.ok) throw new FetchError(`EDGAR company_tickers.json: HTTP ${res.status}`, false, res.status);
    merged = mergeCikTables([fromOption, fromUniverse, folder, parseCompanyTickers(res.text)]);
  }
  const keep = new Map(folder);
  for (const t of o.tickers) {
    const e = merged.get(t);
    if (e) keep.set(t, e);
  }
  writeFileAtomic(file, formatCikTable(keep.values()));
  return merged;
}

/** GET JSON through the ticker's cache file (kept until the ticker completes). */
async function cachedJson(http: PoliteHttp, url: string, cacheFile: string, label: string, allow404 = false): Promise<unknown | null> {
  if (existsSync(cacheFile)) {
    try {
      return JSON.parse(readFileSync(cacheFile, "utf8"));
    } catch {
      // a torn cache file is fetched again
    }
  }
  const res = await http.get(url, label);
  if (res.status === 404 && allow404) return null;
  if (!res.ok) throw new FetchError(`${label}: HTTP ${res.status}`, false, res.status);
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch (e) {
    throw new FetchError(`${label}: not JSON (${(e as Error).message})`, false, res.status);
  }
  writeFileAtomic(cacheFile, res.text);
  return json;
}

/**
 * Fetch every ticker's filings of [from, to]; one result per ticker. Throws
 * before any request when the User-Agent is missing, and a `FetchError` when
 * EDGAR is unreachable (`offline`) or blocks the client (`blocked`).
 *
 * @example
 * await fetchEdgarFilings({ tickers: ["AAPL"], from: "2024-01-01", to: "2025-08-29", outDir: "mydata", userAgent: "Jane Doe jane@example.org" });
 */
export async function fetchEdgarFilings(o: EdgarFetchOptions): Promise<EdgarTickerResult[]> {
  checkFetchArgs(o.tickers, o.from, o.to);
  const userAgent = secUserAgent(o.userAgent);
  const hosts = edgarHosts(o.hosts);
  const log = o.log ?? (() => {});
  const http = new PoliteHttp({
    name: "SEC EDGAR",
    headers: { "User-Agent": userAgent, "Accept-Encoding": "gzip, deflate" },
    delayMs: o.delayMs ?? 150,
    retries: o.retries ?? 4,
    backoffMs: o.backoffMs ?? 2000,
    timeoutMs: o.timeoutMs ?? 60_000,
    inspect: inspectEdgar,
    fetch: o.fetch,
    sleep: o.sleep,
    log,
  });
  const ciks = await resolveCiks(o, http, hosts);
  const ledger = FetchLedger.open(join(o.outDir, "filings", LEDGER), "edgar");
  const results: EdgarTickerResult[] = [];
  for (const [k, ticker] of o.tickers.entries()) {
    o.progress?.(k, o.tickers.length, ticker, http.requests);
    const entry = ciks.get(ticker);
    if (!entry) {
      log(`${ticker}: no CIK (not in EDGAR's ticker list: add it to a --cik-map file); filings skipped`);
      results.push({ ticker, cik: null, status: "no-cik", filings: 0, withText: 0, withShares: 0, fetched: 0, requests: 0, malformed: 0, byMonth: {} });
      continue;
    }
    results.push(await fetchTicker(entry, o, http, hosts, ledger));
  }
  return results;
}

async function fetchTicker(entry: CikEntry, o: EdgarFetchOptions, http: PoliteHttp, hosts: EdgarHosts, ledger: FetchLedger): Promise<EdgarTickerResult> {
  const { ticker } = entry;
  const log = o.log ?? (() => {});
  const before = http.requests;
  const rangeKey = `${ticker}|range|${o.from}|${o.to}`;
  if (o.force) ledger.forget(`${ticker}|`);
  const texts = KeyedJsonl.load<FilingTextRecord>(join(o.outDir, "filings", `${ticker}.jsonl`), "accession", "datetime");
  const funds = KeyedJsonl.load<FundamentalsRecord & Record<string, unknown>>(fundamentalsFile(o.outDir, ticker), "accession", "datetime");
  const result: EdgarTickerResult = {
    ticker,
    cik: entry.cik,
    status: "skipped",
    filings: 0,
    withText: 0,
    withShares: 0,
    fetched: 0,
    requests: 0,
    malformed: 0,
    byMonth: {},
  };
  const cacheDir = join(o.outDir, "filings", "_edgar_cache");
  // The unit in progress, so that a failure is recorded where it happened.
  let unit = { key: rangeKey, name: `${o.from}..${o.to}` };
  try {
    if (!ledger.isDone(rangeKey)) {
      const refs = await listFilings(entry, o, http, hosts, cacheDir, result);
      const factsJson = await cachedJson(
        http,
        companyFactsUrl(hosts, entry.cik),
        join(cacheDir, `CIK${entry.cik}.companyfacts.json`),
        `EDGAR ${ticker} companyfacts`,
        true,
      );
      const indexed =
        factsJson === null ? { byAccession: new Map<string, Fact[]>(), malformed: [] } : indexCompanyFacts(factsJson, `companyfacts CIK${entry.cik}.json`);
      for (const m of indexed.malformed.slice(0, 5)) log(`${m}: skipped`);
      result.malformed += indexed.malformed.length;
      for (const ref of refs) {
        if (ledger.isDone(`${ticker}|${ref.accession}`)) continue;
        unit = { key: `${ticker}|${ref.accession}`, name: `${ref.form} ${ref.accession}` };
        const done = await processFiling(ref, {
          http,
          hosts,
          entry,
          facts: indexed.byAccession.get(ref.accession) ?? [],
          fullText: o.fullText ?? false,
          cacheDir,
        });
        if (done.text) texts.upsert(done.text);
        funds.upsert(done.fundamentals as FundamentalsRecord & Record<string, unknown>);
        texts.write();
        funds.write();
        ledger.mark(`${ticker}|${ref.accession}`, { form: ref.form, text: done.text !== null, shares: done.fundamentals.shares_outstanding !== null });
        result.fetched++;
        log(`${ticker} ${ref.form} ${ref.accession}: ${done.notes.join("; ")}`);
        for (const w of done.warnings) log(`${ticker} ${ref.form} ${ref.accession}: warning: ${w}`);
      }
      ledger.mark(rangeKey, { filings: refs.length, malformed: result.malformed });
      clearCache(cacheDir, entry.cik);
      result.status = http.requests > before ? "fetched" : "skipped";
    } else result.malformed = Number(ledger.get(rangeKey)?.["malformed"] ?? 0);
  } catch (e) {
    if (!(e instanceof FetchError) || e.offline || e.blocked) throw e;
    log(`${ticker}: ${e.message}`);
    ledger.fail(unit.key, ticker, unit.name, e.message);
    result.status = "failed";
    result.error = e.message;
  }
  for (const r of funds.values()) {
    const filed = r.filing_date ?? r.date;
    if (filed < o.from || filed > o.to) continue;
    result.filings++;
    if (r.shares_outstanding !== null) result.withShares++;
    if (texts.has(r.accession)) result.withText++;
    result.byMonth[r.date.slice(0, 7)] = (result.byMonth[r.date.slice(0, 7)] ?? 0) + 1;
  }
  result.requests = http.requests - before;
  return result;
}

/** Drop a finished ticker's cached index pages and companyfacts (and the folder once empty). */
function clearCache(cacheDir: string, cik: string): void {
  if (!existsSync(cacheDir)) return;
  for (const f of readdirSync(cacheDir)) if (f.startsWith(`CIK${cik}`)) rmSync(join(cacheDir, f), { force: true });
  if (readdirSync(cacheDir).length === 0) rmSync(cacheDir, { recursive: true, force: true });
}

/**
 * The ticker's 10-K / 10-Q of the range and the last one filed before it,
 * oldest first (index and older pages through the cache).
 */
async function listFilings(
  entry: CikEntry,
  o: EdgarFetchOptions,
  http: PoliteHttp,
  hosts: EdgarHosts,
  cacheDir: string,
  result: EdgarTickerResult,
): Promise<FilingRef[]> {
  const forms = o.forms ?? ["10-K", "10-Q"];
  const json = await cachedJson(
    http,
    submissionsUrl(hosts, entry.cik),
    join(cacheDir, `CIK${entry.cik}.submissions.json`),
    `EDGAR ${entry.ticker} submissions`,
  );
  let index;
  try {
    index = parseSubmissions(json, forms, o.from, o.to);
  } catch (e) {
    throw new FetchError(`EDGAR ${entry.ticker} submissions CIK${entry.cik}.json: ${(e as Error).message}`, false);
  }
  const refs = [...index.filings];
  const malformed = [...index.malformed];
  let before = index.before;
  const readPage = async (page: string): Promise<void> => {
    const pageJson = await cachedJson(http, submissionsPageUrl(hosts, page), join(cacheDir, page), `EDGAR ${entry.ticker} ${page}`);
    const parsed = parseSubmissionsPage((pageJson ?? {}) as Record<string, unknown>, page, forms, o.from, o.to);
    refs.push(...parsed.filings);
    malformed.push(...parsed.malformed);
    before = laterFiling(before, parsed.before);
  };
  for (const page of index.pages) await readPage(page);
  if (before === null && index.pageBefore !== null) await readPage(index.pageBefore);
  // The last filing before --from: its share count is the one in force when the range starts.
  if (before !== null) refs.push(before);
  for (const m of malformed.slice(0, 5)) (o.log ?? (() => {}))(`submissions CIK${entry.cik}.json ${m}: skipped`);
  result.malformed += malformed.length;
  const unique = new Map(refs.map((r) => [r.accession, r]));
  return [...unique.values()].sort((a, b) => (a.filingDate < b.filingDate ? -1 : a.filingDate > b.filingDate ? 1 : a.accession < b.accession ? -1 : 1));
}

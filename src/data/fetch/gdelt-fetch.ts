/**
 * `consilium data fetch news --source gdelt`: headlines with timestamps from
 * the GDELT DOC 2.0 API into `news/<TICKER>.jsonl` (see `news-store.ts` for
 * the record, `news-names.ts` for the queries).
 *
 * Coverage: each ticker's range is cut into calendar months, the first from
 * the close of the last session before `from` (what is seen after it counts
 * for the range's first session); a window that
 * returns the API's cap of 250 records is halved until a query returns fewer
 * (down to `minWindowHours`; a window still full at that size is kept with
 * its 250 most relevant records and listed as capped). Pacing: one request
 * every `delayMs` (6 s by default; GDELT asks for at most one every 5 s).
 * Throttling (GDELT's plain-text "Please limit requests ...", status 429 or
 * 200) is retried after 20 s, 40 s, ... up to 5 min, without Retry-After;
 * when retries run out the run stops (rerun later: it resumes). Resumable:
 * every finished (or split) window is recorded in `news/_gdelt_ledger.json`
 * after the news file is written, and skipped by the next run; changing a
 * ticker's query starts its windows afresh. Faults: GDELT's invalid JSON is
 * repaired, or its unreadable records skipped and counted (`gdelt.ts`); an
 * answer that cannot be read at all fails its window and the pull goes on;
 * a refused query or an HTTP error fails the ticker. Every failure is kept in
 * the ledger (retried by the next run, reported by `data check`).
 * `news/_gdelt_coverage.json` says
 * what was asked, what came back per month, which windows were capped, how
 * many records were malformed, and that only headlines (no article text)
 * exist.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../atomic";
import { checkFetchArgs } from "./args";
import {
  GDELT_ARCHIVE_START,
  GDELT_BASE_URL,
  GDELT_MAX_RECORDS,
  GDELT_URL_ENV,
  gdeltUrl,
  GdeltAnswerError,
  inspectGdelt,
  newsWindows,
  parseGdeltAnswer,
  splitWindow,
  windowLabel,
  type Window,
} from "./gdelt";
import { FetchError, PoliteHttp } from "./http";
import { FetchLedger } from "./ledger";
import { gdeltQuery, readNamesFile, resolveNewsTerms } from "./news-names";
import { NewsStore } from "./news-store";

export interface GdeltFetchOptions {
  tickers: string[];
  from: string;
  to: string;
  outDir: string;
  /** Names file (`ticker,terms`), overriding the built-in map. */
  namesFile?: string;
  /** Company names (from a universe file) for tickers in neither map. */
  companyNames?: ReadonlyMap<string, string>;
  /** `sourcelang:` restriction (default "english"; null = every language). */
  language?: string | null;
  /** Smallest window a capped query is split down to, hours (default 1). */
  minWindowHours?: number;
  /** Pause between requests, ms (default 6000). */
  delayMs?: number;
  retries?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  timeoutMs?: number;
  /** Refetch windows the ledger lists. */
  force?: boolean;
  /** API base URL (default $CONSILIUM_GDELT_URL, else GDELT's). */
  baseUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  /** Progress callback (ticker index, count, ticker, requests so far, records so far). */
  progress?: (index: number, count: number, ticker: string, requests: number, records: number) => void;
}

export interface GdeltTickerResult {
  ticker: string;
  status: "fetched" | "skipped" | "failed" | "no-query";
  query: string | null;
  /** Records in the ticker's file after the run. */
  records: number;
  /** Requests sent for this ticker in this run. */
  requests: number;
  windows: number;
  cappedWindows: string[];
  /** Windows whose fetch failed (kept in the ledger for `data check`; a rerun retries them). */
  failedWindows: string[];
  malformed: number;
  /** Records per month of their session date ("2024-03": 412). */
  byMonth: Record<string, number>;
  file: string;
  error?: string;
}

interface TickerPlan {
  ticker: string;
  query: string;
  file: string;
}

const LEDGER = "_gdelt_ledger.json";
const COVERAGE = "_gdelt_coverage.json";

/**
 * Fetch every ticker's headlines; returns one result per ticker. Throws a
 * `FetchError` when GDELT is unreachable (`offline`) or keeps throttling
 * after every retry (the files and ledger written so far are kept).
 *
 * @example
 * await fetchGdeltNews({ tickers: ["AAPL"], from: "2025-01-01", to: "2025-03-31", outDir: "mydata" });
 */
export async function fetchGdeltNews(options: GdeltFetchOptions): Promise<GdeltTickerResult[]> {
  const { tickers, outDir } = options;
  checkFetchArgs(tickers, options.from, options.to);
  const log = options.log ?? (() => {});
  const from = options.from < GDELT_ARCHIVE_START ? GDELT_ARCHIVE_START : options.from;
  if (from !== options.from) log(`GDELT DOC 2.0 searches from ${GDELT_ARCHIVE_START} on: news before it cannot be fetched (range starts ${from})`);
  const http = new PoliteHttp({
    name: "GDELT",
    headers: { "User-Agent": "consilium-data-fetch (research; one request every few seconds)" },
    delayMs: options.delayMs ?? 6000,
    retries: options.retries ?? 6,
    backoffMs: options.backoffMs ?? 20_000,
    maxBackoffMs: options.maxBackoffMs ?? 300_000,
    timeoutMs: options.timeoutMs ?? 60_000,
    inspect: inspectGdelt,
    fetch: options.fetch,
    sleep: options.sleep,
    log,
  });
  const ledger = FetchLedger.open(join(outDir, "news", LEDGER), "gdelt");
  const fromFile = options.namesFile ? readNamesFile(options.namesFile) : new Map<string, string[]>();
  const { terms, missing } = resolveNewsTerms(tickers, fromFile, options.companyNames ?? new Map());
  const results: GdeltTickerResult[] = [];
  for (const [k, ticker] of tickers.entries()) {
    const file = join(outDir, "news", `${ticker}.jsonl`);
    const tickerTerms = terms.get(ticker);
    options.progress?.(k, tickers.length, ticker, http.requests, 0);
    if (missing.includes(ticker) || !tickerTerms) {
      log(`${ticker}: no company name or search terms (add it to a --names file); news skipped`);
      results.push(emptyResult(ticker, "no-query", null, file));
      continue;
    }
    let query: string;
    try {
      query = gdeltQuery(tickerTerms, options.language === undefined ? "english" : options.language);
    } catch (e) {
      log(`${ticker}: ${(e as Error).message} (fix it in a --names file); news skipped`);
      results.push({ ...emptyResult(ticker, "no-query", null, file), error: (e as Error).message });
      continue;
    }
    const plan: TickerPlan = { ticker, query, file };
    results.push(await fetchTicker(plan, from, options, http, ledger));
    writeCoverage(outDir, from, options.to, results);
  }
  return results;
}

/** A ticker's result before any window is fetched. */
function emptyResult(ticker: string, status: GdeltTickerResult["status"], query: string | null, file: string): GdeltTickerResult {
  return { ticker, status, query, records: 0, requests: 0, windows: 0, cappedWindows: [], failedWindows: [], malformed: 0, byMonth: {}, file };
}

/** Whether an error stops the whole run (unreachable, blocked, throttled past every retry) rather than one ticker or window. */
function stopsTheRun(e: unknown): boolean {
  return !(e instanceof FetchError) || e.offline || e.blocked || e.status === 429 || /throttled/.test(e.message);
}

async function fetchTicker(plan: TickerPlan, from: string, o: GdeltFetchOptions, http: PoliteHttp, ledger: FetchLedger): Promise<GdeltTickerResult> {
  const { ticker, query, file } = plan;
  const log = o.log ?? (() => {});
  const prefix = `${ticker}|${query}|`;
  if (o.force) ledger.forget(prefix);
  // Failures recorded under an earlier query of the ticker are no longer what this pull lacks.
  ledger.delete(ledger.keys(`${ticker}|`).filter((k) => !k.startsWith(prefix) && ledger.get(k)?.["status"] === "failed"));
  const store = NewsStore.load(file, ticker);
  const minMs = Math.max(1, o.minWindowHours ?? 1) * 3_600_000;
  const before = http.requests;
  const queue: Window[] = newsWindows(from, o.to);
  const result = emptyResult(ticker, "skipped", query, file);
  const failures: string[] = [];
  while (queue.length > 0) {
    const w = queue.shift()!;
    const key = prefix + windowLabel(w);
    const seen = ledger.get(key);
    if (seen?.["status"] === "split") {
      queue.unshift(...splitWindow(w));
      continue;
    }
    if (seen?.["status"] === "done") continue;
    const where = `GDELT ${ticker} ${windowLabel(w)}`;
    try {
      const res = await http.get(gdeltUrl(query, w.startMs, w.endMs, o.baseUrl ?? (process.env[GDELT_URL_ENV] || GDELT_BASE_URL)), where);
      if (!res.ok) throw new FetchError(`${where}: HTTP ${res.status}: ${res.text.trim().slice(0, 200)}`, false, res.status);
      const { articles, malformed, repairs } = parseGdeltAnswer(res.text, where);
      if (repairs > 0) log(`${where}: repaired ${repairs} invalid escape(s) or control character(s) in GDELT's JSON`);
      for (const m of malformed.slice(0, 5)) log(`${m.where}: skipped (${m.reason})`);
      if (malformed.length > 5) log(`${where}: ${malformed.length - 5} more malformed record(s) skipped`);
      const full = articles.length + malformed.length >= GDELT_MAX_RECORDS;
      store.add(articles);
      store.write();
      const counts = { malformed: malformed.length, ...(repairs > 0 ? { repaired: repairs } : {}) };
      if (full && w.endMs - w.startMs > minMs) {
        ledger.mark(key, { status: "split", ...counts });
        queue.unshift(...splitWindow(w));
        continue;
      }
      if (full) log(`${where}: still ${GDELT_MAX_RECORDS} records at the smallest window: kept the ${GDELT_MAX_RECORDS} most relevant (capped)`);
      ledger.mark(key, { status: "done", records: articles.length, capped: full, ...counts });
    } catch (e) {
      if (stopsTheRun(e)) throw e;
      const message = (e as Error).message;
      log(message.startsWith(where) ? message : `${where}: ${message}`);
      ledger.fail(key, ticker, windowLabel(w), message);
      failures.push(message);
      // An unreadable answer concerns its window; a refused query or an HTTP error would repeat for every window.
      if (!(e instanceof GdeltAnswerError)) break;
    }
  }
  result.status = failures.length > 0 ? "failed" : http.requests > before ? "fetched" : "skipped";
  if (failures.length > 0) result.error = failures.length === 1 ? failures[0] : `${failures[0]} (and ${failures.length - 1} more failed window(s))`;
  return summarise(result, store, ledger, prefix, http.requests - before);
}

/** Fill a ticker's counts from the ledger and the file (so a resumed run reports the whole pull). */
function summarise(r: GdeltTickerResult, store: NewsStore, ledger: FetchLedger, prefix: string, requests: number): GdeltTickerResult {
  for (const key of ledger.keys(prefix)) {
    const e = ledger.get(key)!;
    r.malformed += typeof e["malformed"] === "number" ? e["malformed"] : 0;
    if (e["status"] === "failed") r.failedWindows.push(key.slice(prefix.length));
    if (e["status"] !== "done") continue;
    r.windows++;
    if (e["capped"] === true) r.cappedWindows.push(key.slice(prefix.length));
  }
  r.records = store.size;
  r.requests = requests;
  for (const rec of store.records()) r.byMonth[rec.date.slice(0, 7)] = (r.byMonth[rec.date.slice(0, 7)] ?? 0) + 1;
  return r;
}

/** `news/_gdelt_coverage.json`: what was asked and what came back, per ticker and month. */
function writeCoverage(outDir: string, from: string, to: string, results: readonly GdeltTickerResult[]): void {
  const file = join(outDir, "news", COVERAGE);
  let earlier: Record<string, unknown> = {};
  try {
    earlier = (JSON.parse(readFileSync(file, "utf8")) as { tickers?: Record<string, unknown> }).tickers ?? {};
  } catch {
    // first run, or an unreadable file: rebuilt from this run
  }
  const tickers: Record<string, unknown> = { ...earlier };
  for (const r of results) {
    // What the folder holds, not how this run went (a resumed pull writes the same file as an uninterrupted one).
    const { ticker: _t, file: _f, requests: _r, status: _s, ...rest } = r;
    tickers[r.ticker] = { from, to, ...rest };
  }
  const coverage = {
    source: "GDELT DOC 2.0 API (https://www.gdeltproject.org/), artlist mode",
    notes: [
      "Headlines and URLs only: the API returns no article text, so summary is null and agents read the headline.",
      "datetime is GDELT's seendate (UTC): when GDELT first saw the article, never before publication (conservative for point-in-time use). date is the NYSE session it counts for under the known-at rule.",
      "Coverage is GDELT's crawl of online news, not a licensed newswire: outlets, languages and volume vary over time; windows listed as capped had more than 250 matches at the smallest window and keep the 250 most relevant.",
      "Queries match company names and symbols anywhere in the article text, so some headlines concern other subjects.",
    ],
    tickers: Object.fromEntries(Object.entries(tickers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
  writeFileAtomic(file, JSON.stringify(coverage, null, 1) + "\n");
}

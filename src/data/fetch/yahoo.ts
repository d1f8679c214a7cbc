/**
 * `consilium data fetch`: daily OHLCV with adjusted close from Yahoo
 * Finance into `<out>/prices/<TICKER>.csv`.
 *
 * We call Yahoo's public chart endpoint directly
 * (`/v8/finance/chart/<T>?period1=..&period2=..&interval=1d&events=div,splits`)
 * with an injectable `fetch` and base URL rather than going through
 * yahoo-finance2: one small, documented request per ticker, no cookie/crumb
 * machinery, and tests can point the base URL at a loopback server.
 * Yahoo's `close` is split-adjusted (not dividend-adjusted) and `adjclose`
 * is split- and dividend-adjusted, both as of the download date; they become
 * `Close` and `AdjClose`.
 *
 * Resumable: a ticker whose file already covers the requested NYSE trading
 * days (or whose earlier fetch of a covering range is recorded in
 * `prices/_fetch.json`) is skipped; files are written atomically (temp file
 * + rename). A partly covering file is re-downloaded whole, over the union
 * of its own span and the requested one (so extending a folder never drops
 * the rows it already had), because Yahoo re-adjusts history after every
 * split and dividend. Rate-limited (delay
 * between requests), retried on 429 / 5xx with exponential backoff (honouring
 * Retry-After), and a DNS / connection failure stops the run with
 * "cannot reach Yahoo Finance (offline?)" (the shared client of `http.ts`).
 *
 * Unfinished sessions: while a session trades (and for a while after its
 * bell) Yahoo's bar for it is the live intraday one, which changes until the
 * close. Only bars of sessions closed `BAR_SETTLE_MS` before the download
 * (16:00 New York, 13:00 on early closes, daylight saving applied) are
 * stored, and `_fetch.json` records the span as covered only through the last
 * such day, so a rerun after the close fetches the final bar.
 *
 * Failures: a ticker whose download failed is listed in
 * `prices/_yahoo_ledger.json` (written only when one fails; cleared when it
 * succeeds), which `data check` reports.
 *
 * Splits: the request runs through the download day so that Yahoo's split
 * events cover every split the stored `Close` is adjusted for; they go to
 * `prices/_splits.csv` (see `splits.ts`), which is what lets reported share
 * counts be put on the same basis for market caps.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, isoOf, utcDate } from "../dates";
import { newYorkDate, sessionCloseUtc } from "../sessions";
import { checkFetchArgs } from "./args";
import { isTradingDay, tradingDays } from "../calendar";
import { loadPrices, formatPricesCsv } from "../prices";
import { writeFileAtomic } from "../atomic";
import { FetchError, PoliteHttp } from "./http";
import { FetchLedger } from "./ledger";
import { formatSplits, loadSplits, SPLITS_FILE, type Split } from "../splits";
import type { PriceSeries } from "../types";

export const YAHOO_BASE_URL = "https://query1.finance.yahoo.com";
/** Environment variable that overrides the chart API's base URL (tests point it at a loopback server). */
export const YAHOO_URL_ENV = "CONSILIUM_YAHOO_URL";

export interface FetchOptions {
  tickers: string[];
  /** First date, inclusive (YYYY-MM-DD). */
  from: string;
  /** Last date, inclusive (YYYY-MM-DD). */
  to: string;
  /** Data folder; files go to `<outDir>/prices/`. */
  outDir: string;
  /** Pause between requests, ms (default 1500). */
  delayMs?: number;
  /** Retries after a 429 / 5xx / timeout (default 4). */
  retries?: number;
  /** First backoff delay, doubled each retry (default 2000 ms). */
  backoffMs?: number;
  /** Per-request timeout (default 30 s). */
  timeoutMs?: number;
  /** Re-download even when the file covers the range. */
  force?: boolean;
  /** Base URL of the chart API (default $CONSILIUM_YAHOO_URL, else Yahoo's). */
  baseUrl?: string;
  /** The download day (default the UTC date of `now`): split events are requested through it. */
  today?: string;
  /** The instant of the download, ms since the epoch (default now): bars of sessions not final by then are left out. */
  now?: number;
  /** Injected fetch (default global fetch). */
  fetch?: typeof fetch;
  /** Injected sleep (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  /** Called before each ticker (index, count, ticker): the one-line progress display of `data fetch all`. */
  progress?: (index: number, count: number, ticker: string) => void;
}

export interface FetchResult {
  ticker: string;
  status: "fetched" | "skipped" | "failed";
  rows: number;
  first?: string;
  last?: string;
  file: string;
  error?: string;
}

interface ChartResponse {
  chart?: {
    result?: Array<{
      meta?: { symbol?: string; exchangeTimezoneName?: string; gmtoffset?: number };
      timestamp?: number[];
      indicators?: {
        quote?: Array<{
          open?: Array<number | null>;
          high?: Array<number | null>;
          low?: Array<number | null>;
          close?: Array<number | null>;
          volume?: Array<number | null>;
        }>;
        adjclose?: Array<{ adjclose?: Array<number | null> }>;
      };
      events?: { splits?: Record<string, { date?: number; numerator?: number; denominator?: number }> };
    }> | null;
    error?: { code?: string; description?: string } | null;
  };
}

/** How long after a session's close its daily bar counts as final (the closing auction's prints arrive in the minutes after the bell). */
export const BAR_SETTLE_MS = 30 * 60_000;

/**
 * Whether a session's daily bar is final at an instant: its close (16:00 New
 * York, 13:00 on early-close days, with US daylight saving) plus
 * `BAR_SETTLE_MS` has passed.
 *
 * @example
 * barIsFinal("2024-11-29", Date.UTC(2024, 10, 29, 18, 30)); // true (early close 13:00 EST = 18:00 UTC)
 * barIsFinal("2024-03-08", Date.UTC(2024, 2, 8, 20, 45)); // false (16:00 EST = 21:00 UTC)
 */
export function barIsFinal(date: string, nowMs: number): boolean {
  return sessionCloseUtc(date) + BAR_SETTLE_MS <= nowMs;
}

/**
 * The last calendar day whose session (if any) has a final bar at an instant:
 * New York's today, or yesterday while today's session is trading or settling.
 *
 * @example
 * finalThrough(Date.UTC(2024, 0, 12, 16, 23)); // "2024-01-11" (Friday 11:23 New York: the session is trading)
 * finalThrough(Date.UTC(2024, 0, 13, 3, 0)); // "2024-01-12"
 */
export function finalThrough(nowMs: number): string {
  const today = newYorkDate(nowMs);
  return isTradingDay(today) && !barIsFinal(today, nowMs) ? addDays(today, -1) : today;
}

/**
 * Unix seconds of a date's UTC midnight.
 *
 * @example
 * unixSeconds("2024-01-01"); // 1704067200
 */
export function unixSeconds(date: string): number {
  return Math.floor(utcDate(date).getTime() / 1000);
}

/**
 * The chart URL for one ticker and inclusive date range (period2 is the day
 * after `to`, because Yahoo's period2 is exclusive).
 *
 * @example
 * chartUrl("AAPL", "2024-01-01", "2024-01-31");
 * // "https://query1.finance.yahoo.com/v8/finance/chart/AAPL?period1=1704067200&period2=1706745600&interval=1d&events=div%2Csplits&includeAdjustedClose=true"
 */
export function chartUrl(ticker: string, from: string, to: string, baseUrl = YAHOO_BASE_URL): string {
  const q = new URLSearchParams({
    period1: String(unixSeconds(from)),
    period2: String(unixSeconds(addDays(to, 1))),
    interval: "1d",
    events: "div,splits",
    includeAdjustedClose: "true",
  });
  return `${baseUrl.replace(/\/$/, "")}/v8/finance/chart/${encodeURIComponent(ticker)}?${q.toString()}`;
}

function localDate(ts: number, timeZone: string | undefined, gmtoffset: number | undefined): string {
  if (timeZone) {
    try {
      // en-CA formats as YYYY-MM-DD.
      return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(ts * 1000));
    } catch {
      // unknown zone: fall back to the offset
    }
  }
  return isoOf(new Date((ts + (gmtoffset ?? 0)) * 1000));
}

/**
 * Convert a Yahoo chart JSON response to a `PriceSeries` within [from, to].
 * Bars with a missing open/high/low/close are dropped (Yahoo emits nulls on
 * halted days); duplicate dates keep the last bar.
 *
 * @example
 * const s = parseChart(json, "AAPL", "2024-01-01", "2024-01-31");
 * s.dates[0]; // "2024-01-02"
 */
export function parseChart(json: unknown, ticker: string, from: string, to: string): PriceSeries {
  const chart = (json as ChartResponse).chart;
  if (!chart) throw new FetchError(`${ticker}: unexpected response (no "chart" object)`, false);
  if (chart.error) throw new FetchError(`${ticker}: Yahoo Finance error ${chart.error.code ?? ""}: ${chart.error.description ?? ""}`.trim(), false);
  const result = chart.result?.[0];
  if (!result) throw new FetchError(`${ticker}: Yahoo Finance returned no result`, false);
  const ts = result.timestamp ?? [];
  const quote = result.indicators?.quote?.[0] ?? {};
  const adj = result.indicators?.adjclose?.[0]?.adjclose;
  const byDate = new Map<string, [number, number, number, number, number, number]>();
  for (let i = 0; i < ts.length; i++) {
    const o = quote.open?.[i],
      h = quote.high?.[i],
      l = quote.low?.[i],
      c = quote.close?.[i];
    if (o == null || h == null || l == null || c == null || !(c > 0)) continue;
    const date = localDate(ts[i]!, result.meta?.exchangeTimezoneName, result.meta?.gmtoffset);
    if (date < from || date > to) continue;
    const a = adj?.[i];
    byDate.set(date, [o, h, l, c, a == null ? c : a, quote.volume?.[i] ?? 0]);
  }
  const bars = [...byDate].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  const n = bars.length;
  const open = new Float64Array(n),
    high = new Float64Array(n),
    low = new Float64Array(n),
    close = new Float64Array(n),
    adjClose = new Float64Array(n),
    volume = new Float64Array(n);
  bars.forEach(([, [o, h, l, c, a, v]], i) => {
    open[i] = o;
    high[i] = h;
    low[i] = l;
    close[i] = c;
    adjClose[i] = a;
    volume[i] = v;
  });
  return { ticker, dates: bars.map(([date]) => date), open, high, low, close, adjClose, volume };
}

/**
 * The split events of a chart response (ex-dates in New York time), sorted.
 * Malformed events (missing date, non-positive ratio) are left out.
 *
 * @example
 * parseChartSplits({ chart: { result: [{ events: { splits: { "1598880600": { date: 1598880600, numerator: 4, denominator: 1 } } } }] } }, "AAPL");
 * // [{ ticker: "AAPL", date: "2020-08-31", numerator: 4, denominator: 1 }]
 */
export function parseChartSplits(json: unknown, ticker: string): Split[] {
  const result = (json as ChartResponse).chart?.result?.[0];
  const events = result?.events?.splits ?? {};
  const out: Split[] = [];
  for (const e of Object.values(events)) {
    const { date, numerator, denominator } = e;
    if (typeof date !== "number" || !(typeof numerator === "number" && numerator > 0) || !(typeof denominator === "number" && denominator > 0)) continue;
    out.push({ ticker, date: localDate(date, result?.meta?.exchangeTimezoneName ?? "America/New_York", result?.meta?.gmtoffset), numerator, denominator });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

interface FetchLog {
  [ticker: string]: { from: string; to: string; rows: number; splits?: number };
}

/** Tickers whose download failed (the shared ledger format; see `ledger.ts`). */
const LEDGER = "_yahoo_ledger.json";

function readFetchLog(file: string): FetchLog {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as FetchLog;
  } catch {
    return {};
  }
}

/** Does an existing file already hold every NYSE trading day of [from, to]? */
function fileCovers(file: string, from: string, to: string): { covers: boolean; rows: number; first?: string; last?: string } {
  if (!existsSync(file)) return { covers: false, rows: 0 };
  try {
    const s = loadPrices(file).series;
    const days = tradingDays(from, to);
    const first = s.dates[0],
      last = s.dates[s.dates.length - 1];
    const firstDay = days[0],
      lastDay = days[days.length - 1];
    const covers = firstDay === undefined || lastDay === undefined || (first !== undefined && last !== undefined && first <= firstDay && last >= lastDay);
    return { covers, rows: s.dates.length, first, last };
  } catch {
    return { covers: false, rows: 0 }; // a corrupt file is simply fetched again
  }
}

/** Replace one ticker's rows of `prices/_splits.csv` (atomic write). */
function writeTickerSplits(outDir: string, ticker: string, splits: readonly Split[]): void {
  const all = [...(loadSplits(outDir) ?? new Map<string, Split[]>())].filter(([t]) => t !== ticker).flatMap(([, list]) => list);
  writeFileAtomic(join(outDir, "prices", SPLITS_FILE), formatSplits([...all, ...splits]));
}

/**
 * Download the tickers one after another into `<outDir>/prices/`, and each
 * ticker's splits through the download day into `prices/_splits.csv`.
 * Throws `FetchError` with `offline: true` when Yahoo cannot be reached;
 * other per-ticker failures are reported in the results and the run goes on.
 *
 * @example
 * await fetchYahooPrices({ tickers: ["AAPL", "MSFT"], from: "2024-01-01", to: "2025-08-29", outDir: "mydata" });
 */
export async function fetchYahooPrices(options: FetchOptions): Promise<FetchResult[]> {
  const { tickers, from, to, outDir } = options;
  checkFetchArgs(tickers, from, to);
  const log = options.log ?? (() => {});
  const http = new PoliteHttp({
    name: "Yahoo Finance",
    headers: { "User-Agent": "Mozilla/5.0 (consilium data fetch)" },
    delayMs: options.delayMs ?? 1500,
    retries: options.retries ?? 4,
    backoffMs: options.backoffMs ?? 2000,
    honourRetryAfter: true,
    timeoutMs: options.timeoutMs ?? 30_000,
    fetch: options.fetch,
    sleep: options.sleep,
    log,
  });
  const baseUrl = options.baseUrl ?? (process.env[YAHOO_URL_ENV] || YAHOO_BASE_URL);
  const now = options.now ?? Date.now();
  const today = options.today ?? new Date(now).toISOString().slice(0, 10);
  const finalTo = finalThrough(now);
  const logFile = join(outDir, "prices", "_fetch.json");
  const fetchLog = readFetchLog(logFile);
  const failures = FetchLedger.open(join(outDir, "prices", LEDGER), "yahoo");
  const results: FetchResult[] = [];
  for (const [k, ticker] of tickers.entries()) {
    options.progress?.(k, tickers.length, ticker);
    const file = join(outDir, "prices", `${ticker}.csv`);
    const have = fileCovers(file, from, to);
    const logged = fetchLog[ticker];
    if (!options.force && have.rows > 0 && (have.covers || (logged !== undefined && logged.from <= from && logged.to >= to))) {
      log(`${ticker}: ${file} already covers ${from} .. ${to}; skipped`);
      results.push({ ticker, status: "skipped", rows: have.rows, first: have.first, last: have.last, file });
      continue;
    }
    // Keep what the file already holds: fetch the union of its span and the request.
    const spanFrom = !options.force && have.first !== undefined && have.first < from ? have.first : from;
    const spanTo = !options.force && have.last !== undefined && have.last > to ? have.last : to;
    // Bars of sessions still trading (or settling) are not stored, and the span is covered only through the last final day.
    const keepTo = spanTo < finalTo ? spanTo : finalTo;
    if (keepTo < spanTo) {
      log(`${ticker}: sessions after ${keepTo} have not closed yet (${new Date(now).toISOString()}): their bars are left out`);
      if (tradingDays(spanFrom, keepTo).length === 0) {
        results.push({ ticker, status: "skipped", rows: have.rows, first: have.first, last: have.last, file });
        continue;
      }
    }
    try {
      const json = await getChart(http, chartUrl(ticker, spanFrom, spanTo > today ? spanTo : today, baseUrl), ticker);
      const series = parseChart(json, ticker, spanFrom, keepTo);
      if (series.dates.length === 0) throw new FetchError(`${ticker}: no bars between ${spanFrom} and ${keepTo}`, false);
      const splits = parseChartSplits(json, ticker);
      writeFileAtomic(file, formatPricesCsv(series));
      writeTickerSplits(outDir, ticker, splits);
      fetchLog[ticker] = { from: spanFrom, to: keepTo, rows: series.dates.length, splits: splits.length };
      const sorted: FetchLog = Object.fromEntries(Object.entries(fetchLog).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
      writeFileAtomic(logFile, JSON.stringify(sorted, null, 2) + "\n");
      log(
        `${ticker}: ${series.dates.length} bars ${series.dates[0]} .. ${series.dates[series.dates.length - 1]}${splits.length > 0 ? `, ${splits.length} split(s)` : ""}`,
      );
      results.push({ ticker, status: "fetched", rows: series.dates.length, first: series.dates[0], last: series.dates[series.dates.length - 1], file });
      failures.delete([ticker]);
    } catch (e) {
      if (e instanceof FetchError && e.offline) throw e;
      log(`${ticker}: ${(e as Error).message}`);
      failures.fail(ticker, ticker, `${spanFrom}..${keepTo}`, (e as Error).message);
      results.push({ ticker, status: "failed", rows: 0, file, error: (e as Error).message });
    }
  }
  return results;
}

/** One chart request: JSON on success; Yahoo's error object turned into a FetchError otherwise. */
async function getChart(http: PoliteHttp, url: string, ticker: string): Promise<unknown> {
  const res = await http.get(url, ticker);
  let json: unknown;
  try {
    json = JSON.parse(res.text);
  } catch {
    throw new FetchError(`${ticker}: HTTP ${res.status}, response is not JSON`, false, res.status);
  }
  if (!res.ok) {
    const err = (json as ChartResponse).chart?.error;
    throw new FetchError(`${ticker}: HTTP ${res.status}${err ? ` ${err.code ?? ""}: ${err.description ?? ""}` : ""}`, false, res.status);
  }
  return json;
}

/**
 * `consilium data fetch [prices|news|filings|all] ...`: the downloaders of
 * the data layer behind one command (`data fetch --tickers ...` without a
 * source keeps meaning prices).
 */
import { parseArgs } from "node:util";
import { resolve } from "node:path";
import {
  fetchAll,
  fetchEdgarFilings,
  fetchGdeltNews,
  fetchYahooPrices,
  formatCheckReport,
  formatNamesFile,
  formatSummary,
  readNamesFile,
  resolveNewsTerms,
  secUserAgent,
  type FetchResult,
} from "../data/index";
import { parseDateOption, parseIntOption, UsageError } from "./usage";

/** The two output streams the command writes to. */
export interface FetchIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Usage of each `data fetch` source (`data fetch <source> --help`). */
export const FETCH_USAGES: Readonly<Record<"prices" | "news" | "filings" | "all", string>> = {
  prices: `  fetch [prices] --tickers A,B --from YYYY-MM-DD --to YYYY-MM-DD --out DIR
        [--delay-ms 1500] [--retries 4] [--force] [--base-url URL]
                                        daily OHLCV + adjusted close and splits from Yahoo Finance
`,
  news: `  fetch news --source gdelt --tickers A,B --from --to --out DIR [--names FILE] [--print-names]
        [--lang english|any] [--min-window-hours 1] [--delay-ms 6000] [--force] [--base-url URL]
                                        headlines with GDELT's first-seen time (UTC) from the GDELT DOC 2.0 API
`,
  filings: `  fetch filings --tickers A,B --from --to --out DIR --user-agent "Name email" [--cik-map FILE]
        [--full-text] [--delay-ms 150] [--force]
                                        10-K / 10-Q from SEC EDGAR: acceptance time, MD&A, first-reported
                                        fundamentals and shares outstanding (User-Agent also from CONSILIUM_SEC_USER_AGENT)
`,
  all: `  fetch all --universe FILE --from --to --out DIR --user-agent "Name email" [--names FILE] [--cik-map FILE]
        [--skip news,filings] [--benchmark SPY] [--full-text] [--min-window-hours 1] [--delay-ms N (all sources)]
                                        prices, news and filings for a universe, a summary, then data check
`,
};

const BASE_URLS = "  Base URLs: CONSILIUM_YAHOO_URL, CONSILIUM_GDELT_URL, CONSILIUM_EDGAR_DATA_URL, CONSILIUM_EDGAR_WWW_URL.\n";

export const FETCH_USAGE = `${FETCH_USAGES.prices}${FETCH_USAGES.news}${FETCH_USAGES.filings}${FETCH_USAGES.all}${BASE_URLS}`;

const COMMON = {
  tickers: { type: "string" },
  from: { type: "string" },
  to: { type: "string" },
  out: { type: "string" },
  "delay-ms": { type: "string" },
  retries: { type: "string" },
  force: { type: "boolean" },
  "base-url": { type: "string" },
} as const;

function tickerList(raw: string): string[] {
  return raw
    .split(",")
    .map((t) => t.trim().toUpperCase())
    .filter((t) => t !== "");
}

function optionalInt(v: string | undefined, name: string): number | undefined {
  return v === undefined ? undefined : parseIntOption(v, name, 0);
}

/**
 * Run `data fetch ...`; returns the exit code (0 ok, 1 a download failed or
 * the source is unreachable, 2 a bad command line or a missing User-Agent).
 * `FetchError`s and `UsageError`s propagate to `dataCommand`, which prints them.
 *
 * @example
 * await fetchCommand(["news", "--source", "gdelt", "--tickers", "AAPL", "--from", "2025-01-01", "--to", "2025-01-31", "--out", "mydata"], io);
 */
export async function fetchCommand(argv: string[], io: FetchIo): Promise<number> {
  const [first, ...rest] = argv;
  switch (first) {
    case "news":
      return fetchNews(rest, io);
    case "filings":
      return fetchFilings(rest, io);
    case "all":
      return fetchEverything(rest, io);
    case "prices":
      return fetchPrices(rest, io);
    default:
      return fetchPrices(argv, io);
  }
}

function missing(io: FetchIo, usage: string): number {
  io.stderr(`usage: consilium data fetch ${usage}\n`);
  return 2;
}

/** --from / --to as calendar dates in order: a typo is a usage error (exit 2) before the first polite wait. */
function checkSpan(values: { from?: string; to?: string }): { from: string; to: string } {
  const from = parseDateOption(values.from, "from");
  const to = parseDateOption(values.to, "to");
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  return { from, to };
}

/** EDGAR's fair-access User-Agent, checked before any request: missing is a setup problem (exit 2), not a failed download. */
function checkUserAgent(option: string | undefined): void {
  try {
    secUserAgent(option);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

function printPrices(result: readonly FetchResult[], io: FetchIo): void {
  for (const r of result) {
    io.stdout(
      r.status === "failed"
        ? `${r.ticker.padEnd(8)} failed   ${r.error}\n`
        : `${r.ticker.padEnd(8)} ${r.status.padEnd(8)} ${String(r.rows).padStart(5)} rows  ${r.first} .. ${r.last}  ${r.file}\n`,
    );
  }
}

async function fetchPrices(argv: string[], io: FetchIo): Promise<number> {
  const { values } = parseArgs({ args: argv, options: COMMON });
  if (!values.tickers || !values.from || !values.to || !values.out) return missing(io, "--tickers AAPL,MSFT --from 2024-01-01 --to 2025-08-29 --out DIR");
  checkSpan(values);
  const result = await fetchYahooPrices({
    tickers: tickerList(values.tickers),
    from: values.from,
    to: values.to,
    outDir: resolve(values.out),
    delayMs: parseIntOption(values["delay-ms"], "delay-ms", 1500),
    retries: parseIntOption(values.retries, "retries", 4),
    force: values.force ?? false,
    baseUrl: values["base-url"],
    log: (m) => io.stderr(m + "\n"),
  });
  printPrices(result, io);
  return result.some((r) => r.status === "failed") ? 1 : 0;
}

async function fetchNews(argv: string[], io: FetchIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      ...COMMON,
      source: { type: "string" },
      names: { type: "string" },
      "print-names": { type: "boolean" },
      lang: { type: "string" },
      "min-window-hours": { type: "string" },
    },
  });
  if ((values.source ?? "gdelt") !== "gdelt") {
    io.stderr(`data fetch news: unknown --source "${values.source}" (only gdelt is available)\n`);
    return 2;
  }
  if (values["print-names"] && values.tickers) {
    const { terms, missing: none } = resolveNewsTerms(tickerList(values.tickers), values.names ? readNamesFile(values.names) : new Map(), new Map());
    io.stdout(formatNamesFile(terms));
    if (none.length > 0) io.stderr(`no built-in terms for: ${none.join(", ")} (add rows for them)\n`);
    return 0;
  }
  if (!values.tickers || !values.from || !values.to || !values.out)
    return missing(io, "news --source gdelt --tickers AAPL,MSFT --from 2025-01-01 --to 2025-08-29 --out DIR");
  checkSpan(values);
  const result = await fetchGdeltNews({
    tickers: tickerList(values.tickers),
    from: values.from,
    to: values.to,
    outDir: resolve(values.out),
    namesFile: values.names,
    language: values.lang === "any" ? null : (values.lang ?? "english"),
    minWindowHours: optionalInt(values["min-window-hours"], "min-window-hours"),
    delayMs: optionalInt(values["delay-ms"], "delay-ms"),
    retries: optionalInt(values.retries, "retries"),
    force: values.force ?? false,
    baseUrl: values["base-url"],
    log: (m) => io.stderr(m + "\n"),
    progress: (i, n, t, req) => io.stderr(`[news ${i + 1}/${n}] ${t} (${req} GDELT requests so far)\n`),
  });
  for (const r of result) {
    const capped = r.cappedWindows.length > 0 ? `, ${r.cappedWindows.length} capped window(s)` : "";
    const bad = r.malformed > 0 ? `, ${r.malformed} malformed record(s) skipped` : "";
    io.stdout(
      `${r.ticker.padEnd(8)} ${r.status.padEnd(8)} ${String(r.records).padStart(6)} headlines  ${r.requests} request(s)${capped}${bad}${r.error ? `  ${r.error}` : ""}\n`,
    );
  }
  return result.some((r) => r.status === "failed") ? 1 : 0;
}

async function fetchFilings(argv: string[], io: FetchIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { ...COMMON, "user-agent": { type: "string" }, "cik-map": { type: "string" }, "full-text": { type: "boolean" } },
  });
  if (!values.tickers || !values.from || !values.to || !values.out)
    return missing(io, 'filings --tickers AAPL,MSFT --from 2024-01-01 --to 2025-08-29 --out DIR --user-agent "Name email"');
  checkSpan(values);
  checkUserAgent(values["user-agent"]);
  const result = await fetchEdgarFilings({
    tickers: tickerList(values.tickers),
    from: values.from,
    to: values.to,
    outDir: resolve(values.out),
    userAgent: values["user-agent"],
    cikMapFile: values["cik-map"],
    fullText: values["full-text"] ?? false,
    delayMs: optionalInt(values["delay-ms"], "delay-ms"),
    retries: optionalInt(values.retries, "retries"),
    force: values.force ?? false,
    log: (m) => io.stderr(m + "\n"),
    progress: (i, n, t, req) => io.stderr(`[filings ${i + 1}/${n}] ${t} (${req} EDGAR requests so far)\n`),
  });
  for (const r of result) {
    io.stdout(
      `${r.ticker.padEnd(8)} ${r.status.padEnd(8)} ${String(r.filings).padStart(3)} filing(s), ${r.withText} with text, ${r.withShares} with shares  ${r.requests} request(s)${r.malformed ? `, ${r.malformed} malformed skipped` : ""}${r.error ? `  ${r.error}` : ""}\n`,
    );
  }
  return result.some((r) => r.status === "failed") ? 1 : 0;
}

async function fetchEverything(argv: string[], io: FetchIo): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      universe: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      out: { type: "string" },
      "user-agent": { type: "string" },
      names: { type: "string" },
      "cik-map": { type: "string" },
      skip: { type: "string" },
      benchmark: { type: "string" },
      "full-text": { type: "boolean" },
      "min-window-hours": { type: "string" },
      "delay-ms": { type: "string" },
    },
  });
  if (!values.universe || !values.from || !values.to || !values.out)
    return missing(io, 'all --universe FILE --from 2024-01-01 --to 2025-08-29 --out DIR --user-agent "Name email"');
  // One pause for every source (a local mirror or a test server); the defaults respect each source's limits.
  const delayAll = optionalInt(values["delay-ms"], "delay-ms");
  const skip = (values.skip ?? "").split(",").filter((s): s is "prices" | "news" | "filings" => ["prices", "news", "filings"].includes(s));
  checkSpan(values);
  if (!skip.includes("filings")) checkUserAgent(values["user-agent"]);
  const result = await fetchAll({
    universeFile: values.universe,
    from: values.from,
    to: values.to,
    outDir: resolve(values.out),
    userAgent: values["user-agent"],
    namesFile: values.names,
    cikMapFile: values["cik-map"],
    skip,
    benchmark: values.benchmark === "none" ? null : values.benchmark,
    fullText: values["full-text"] ?? false,
    minWindowHours: optionalInt(values["min-window-hours"], "min-window-hours"),
    delays: delayAll === undefined ? undefined : { prices: delayAll, news: delayAll, filings: delayAll },
    log: (m) => io.stderr(m + "\n"),
    progress: (line) => io.stderr(line + "\n"),
  });
  printPrices(result.prices, io);
  io.stdout("\n" + formatSummary(result) + "\n" + formatCheckReport(result.check));
  const failed = [...result.prices, ...result.news, ...result.filings].some((r) => r.status === "failed");
  return failed || !result.check.ok ? 1 : 0;
}

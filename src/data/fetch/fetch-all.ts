/**
 * `consilium data fetch all --universe FILE --from --to --out DIR`: prices
 * (Yahoo Finance, with splits), news (GDELT) and filings with fundamentals
 * (SEC EDGAR) for every ticker of a universe, with one progress display,
 * then a summary of what each analyst will have (records per ticker and
 * month, by the session they count for) and `data check` on the folder.
 *
 * Every stage resumes (see each fetcher), so a killed pull is rerun with the
 * same command. The benchmark (SPY by default) is added to the prices, and
 * `prices/_manifest.csv` records each ticker's name and sector from the
 * universe file (no share counts: those are dated, in fundamentals/).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../atomic";
import { checkDataFolder, type CheckReport } from "../check";
import { csvCell, readCsv } from "../csv";
import { fetchEdgarFilings, type EdgarTickerResult } from "./edgar-fetch";
import { fetchYahooPrices, type FetchResult } from "./yahoo";
import { fetchGdeltNews, type GdeltTickerResult } from "./gdelt-fetch";
import { loadPrices } from "../prices";
import { readUniverse, type UniverseMember } from "./universe";

export interface FetchAllOptions {
  universeFile: string;
  from: string;
  to: string;
  outDir: string;
  /** Added to the price download (default "SPY"; null for none). */
  benchmark?: string | null;
  userAgent?: string;
  namesFile?: string;
  cikMapFile?: string;
  /** Stages to leave out. */
  skip?: ReadonlyArray<"prices" | "news" | "filings">;
  /** Per-source pauses between requests, ms. */
  delays?: { prices?: number; news?: number; filings?: number };
  minWindowHours?: number;
  fullText?: boolean;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string) => void;
  /** The progress display: one short line describing where the pull is. */
  progress?: (line: string) => void;
}

/** What one ticker has in one month. */
export interface SummaryRow {
  ticker: string;
  month: string;
  prices: number;
  news: number;
  filings: number;
}

export interface FetchAllResult {
  universe: UniverseMember[];
  prices: FetchResult[];
  news: GdeltTickerResult[];
  filings: EdgarTickerResult[];
  summary: SummaryRow[];
  check: CheckReport;
}

function writeManifest(outDir: string, universe: readonly UniverseMember[], benchmark: string | null): void {
  const file = join(outDir, "prices", "_manifest.csv");
  const rows = new Map<string, string[]>();
  if (existsSync(file)) {
    const t = readCsv(file);
    const i = t.header.map((h) => h.toLowerCase()).indexOf("ticker");
    if (t.header.join(",") === "ticker,type,sector,name" && i === 0) for (const r of t.records) rows.set(r.cells[0]!, r.cells);
  }
  for (const m of universe) rows.set(m.ticker, [m.ticker, "stock", m.sector ?? "", m.name ?? ""]);
  if (benchmark) rows.set(benchmark, [benchmark, "ETF", "", rows.get(benchmark)?.[3] ?? "benchmark"]);
  const lines = [...rows.values()].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)).map((r) => r.map(csvCell).join(","));
  writeFileAtomic(file, ["ticker,type,sector,name", ...lines].join("\n") + "\n");
}

/** Records per ticker and month across prices, news and filings. */
function summarise(
  outDir: string,
  universe: readonly UniverseMember[],
  news: readonly GdeltTickerResult[],
  filings: readonly EdgarTickerResult[],
): SummaryRow[] {
  const rows: SummaryRow[] = [];
  for (const { ticker } of universe) {
    const months = new Map<string, SummaryRow>();
    const row = (month: string): SummaryRow => {
      let r = months.get(month);
      if (!r) months.set(month, (r = { ticker, month, prices: 0, news: 0, filings: 0 }));
      return r;
    };
    const priceFile = join(outDir, "prices", `${ticker}.csv`);
    if (existsSync(priceFile)) for (const d of loadPrices(priceFile, ticker).series.dates) row(d.slice(0, 7)).prices++;
    for (const [m, n] of Object.entries(news.find((r) => r.ticker === ticker)?.byMonth ?? {})) row(m).news += n;
    for (const [m, n] of Object.entries(filings.find((r) => r.ticker === ticker)?.byMonth ?? {})) row(m).filings += n;
    rows.push(...[...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1)));
  }
  return rows;
}

/**
 * Run the three stages and the folder check.
 *
 * @example
 * const r = await fetchAll({ universeFile: "universe.csv", from: "2024-01-01", to: "2025-08-29", outDir: "mydata", userAgent: "Jane Doe jane@example.org" });
 * r.check.ok; // true
 */
export async function fetchAll(o: FetchAllOptions): Promise<FetchAllResult> {
  const universe = readUniverse(o.universeFile);
  if (universe.length === 0) throw new Error(`${o.universeFile}: no tickers`);
  const tickers = universe.map((m) => m.ticker);
  const skip = new Set(o.skip ?? []);
  const benchmark = o.benchmark === undefined ? "SPY" : o.benchmark;
  const stages = (["prices", "news", "filings"] as const).filter((s) => !skip.has(s));
  const show = (stage: string, i: number, n: number, ticker: string, extra = ""): void =>
    o.progress?.(`[${stages.indexOf(stage as (typeof stages)[number]) + 1}/${stages.length} ${stage}] ${i + 1}/${n} ${ticker}${extra}`);
  const common = { from: o.from, to: o.to, outDir: o.outDir, fetch: o.fetch, sleep: o.sleep, log: o.log };
  let prices: FetchResult[] = [];
  if (!skip.has("prices")) {
    const priceTickers = benchmark && !tickers.includes(benchmark) ? [...tickers, benchmark] : tickers;
    prices = await fetchYahooPrices({ ...common, tickers: priceTickers, delayMs: o.delays?.prices, progress: (i, n, t) => show("prices", i, n, t) });
    writeManifest(o.outDir, universe, benchmark);
  }
  const news = skip.has("news")
    ? []
    : await fetchGdeltNews({
        ...common,
        tickers,
        namesFile: o.namesFile,
        companyNames: new Map(universe.filter((m) => m.name).map((m) => [m.ticker, m.name!])),
        delayMs: o.delays?.news,
        minWindowHours: o.minWindowHours,
        progress: (i, n, t, req) => show("news", i, n, t, ` (${req} GDELT requests so far)`),
      });
  const filings = skip.has("filings")
    ? []
    : await fetchEdgarFilings({
        ...common,
        tickers,
        userAgent: o.userAgent,
        cikMapFile: o.cikMapFile,
        universeCiks: new Map(universe.filter((m) => m.cik).map((m) => [m.ticker, m.cik!])),
        fullText: o.fullText,
        delayMs: o.delays?.filings,
        progress: (i, n, t, req) => show("filings", i, n, t, ` (${req} EDGAR requests so far)`),
      });
  const summary = summarise(o.outDir, universe, news, filings);
  writeFileAtomic(
    join(o.outDir, "_fetch_summary.csv"),
    ["ticker,month,prices,news,filings", ...summary.map((r) => [r.ticker, r.month, r.prices, r.news, r.filings].join(","))].join("\n") + "\n",
  );
  return { universe, prices, news, filings, summary, check: checkDataFolder(o.outDir) };
}

/**
 * The summary as text: per ticker, its months with counts (what the
 * technical, news and fundamentals analysts will read), and what is absent.
 *
 * @example
 * formatSummary(result); // "ticker  month    prices  news  filings\nAAPL    2024-01  21      812   0 ..."
 */
export function formatSummary(r: FetchAllResult): string {
  const out: string[] = ["What each analyst will have (records per ticker and month; news and filings by the session they count for):", ""];
  out.push(`${"ticker".padEnd(8)} ${"month".padEnd(8)} ${"prices".padStart(6)} ${"news".padStart(6)} ${"filings".padStart(7)}`);
  for (const row of r.summary)
    out.push(
      `${row.ticker.padEnd(8)} ${row.month.padEnd(8)} ${String(row.prices).padStart(6)} ${String(row.news).padStart(6)} ${String(row.filings).padStart(7)}`,
    );
  // A failed fetch is reported as such, never as a ticker without news or filings.
  const failed = (list: ReadonlyArray<{ ticker: string; status: string }>): string[] => list.filter((x) => x.status === "failed").map((x) => x.ticker);
  const noNews = r.news.filter((n) => n.records === 0 && n.status !== "failed").map((n) => n.ticker);
  const noShares = r.filings.filter((f) => f.withShares === 0 && f.status !== "failed").map((f) => f.ticker);
  const failures = (["prices", "news", "filings"] as const).map((stage) => [stage, failed(r[stage])] as const).filter(([, ts]) => ts.length > 0);
  const capped = r.news.reduce((a, n) => a + n.cappedWindows.length, 0);
  out.push("");
  out.push("technical analyst: prices/ (Close and AdjClose); news analyst: news/ headlines only (GDELT has no article text);");
  out.push(
    "fundamentals analyst: filings/ (MD&A text) and fundamentals/ (first-reported values); social analyst: nothing fetched (no social source), it reports no posts.",
  );
  for (const [stage, tickers] of failures)
    out.push(`${stage} fetch FAILED for: ${tickers.join(", ")} (data check lists each failure; rerun the same command to retry)`);
  if (noNews.length > 0) out.push(`no news for: ${noNews.join(", ")}`);
  if (capped > 0) out.push(`${capped} GDELT window(s) still hit the 250-record cap at the smallest window (see news/_gdelt_coverage.json)`);
  if (noShares.length > 0) out.push(`no share counts (the market-cap prior cannot use these): ${noShares.join(", ")}`);
  return out.join("\n") + "\n";
}

/**
 * A data folder on disk and its point-in-time views.
 *
 *   prices/<TICKER>.csv   daily bars (`_manifest.csv` and other `_*` files are metadata)
 *   news/*.jsonl          {date, ticker, source, headline, summary, datetime?}
 *   filings/*.jsonl       {date, ticker, form, source, text}
 *   social/*.jsonl        {date, id, title, body, ...}
 *   resumes/*.jsonl       {id, labels, text, name?}
 *   jobs/*.json           JobDescription or JobDescription[]
 *
 * Files are parsed lazily on first use and cached per `DataFolder` instance.
 * Experiments read market data only through `asOf(date)`, a view that can
 * return nothing stamped after `date`.
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { readCsv } from "./csv";
import { isIsoDate, lastIndexAtOrBefore } from "./dates";
import { DataError } from "./errors";
import { listDataFiles } from "./files";
import { readJsonl, type JsonlRecord } from "./jsonl";
import { loadPrices, rangeSeries, tickerFromFile } from "./prices";
import { loadJobs, toFiling, toNews, toResume, toSocial } from "./records";
export { bundledDataDir, resolveDataDir, projectRoot } from "./paths";
export { DataError } from "./errors";
import type { Filing, JobDescription, NewsRecord, PriceSeries, Resume, SocialPost, TickerInfo } from "./types";
import { validateOnLoad } from "./validate";

export interface OpenOptions {
  /** Run the light load-time checks (default true). */
  validate?: boolean;
}

/** Number of leading records whose `date` is <= `date` (records sorted by date). */
function countAtOrBefore<T extends { date: string }>(sorted: readonly T[], date: string): number {
  let lo = 0,
    hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.date <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sortByDate<T extends { date: string }>(rows: T[]): T[] {
  // Array.prototype.sort is stable: same-day rows keep file order.
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Records of one kind, all of them (sorted by date) and grouped by the tickers they concern. */
interface ByTicker<T> {
  all: T[];
  byTicker: Map<string, T[]>;
}

function byTicker<T>(all: T[], tickersOf: (row: T) => readonly string[]): ByTicker<T> {
  const m = new Map<string, T[]>();
  for (const r of all) {
    for (const t of tickersOf(r)) {
      let list = m.get(t);
      if (!list) m.set(t, (list = []));
      list.push(r);
    }
  }
  return { all, byTicker: m };
}

function recordsOf<T>(cache: ByTicker<T>, ticker: string | undefined): readonly T[] {
  return ticker === undefined ? cache.all : (cache.byTicker.get(ticker) ?? []);
}

/**
 * A data folder with cached, validated readers.
 *
 * @example
 * const data = DataFolder.open(bundledDataDir());
 * data.tickers();                      // ["ALTA", ..., "SPY", ...]
 * const view = data.asOf("2025-01-02");
 * view.window("SPY", 252).close.length; // 252
 */
export class DataFolder {
  readonly dir: string;
  private readonly priceCache = new Map<string, PriceSeries>();
  private tickerList: string[] | null = null;
  private infoCache: Map<string, TickerInfo> | null = null;
  private newsCache: ByTicker<NewsRecord> | null = null;
  private filingsCache: ByTicker<Filing> | null = null;
  private socialCache: ByTicker<SocialPost> | null = null;
  private resumeList: Resume[] | null = null;
  private jobList: JobDescription[] | null = null;
  private calendarDates: string[] | null = null;

  private constructor(dir: string) {
    this.dir = dir;
  }

  /**
   * Open a data folder. Throws a `DataError` when it does not exist, has none
   * of the known sub-folders, or a price file lacks required columns.
   *
   * @example
   * const data = DataFolder.open("../shared/datasets");
   */
  static open(dir: string, options: OpenOptions = {}): DataFolder {
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      throw new DataError("data folder not found (expected a directory with prices/, news/, ... sub-folders)", { file: dir });
    }
    if (options.validate !== false) validateOnLoad(dir);
    return new DataFolder(dir);
  }

  /** Tickers with a price file, sorted. @example data.tickers().includes("SPY"); // true */
  tickers(): string[] {
    return this.tickerNames().slice();
  }

  /** The cached ticker list itself (callers inside the class do not mutate it). */
  private tickerNames(): readonly string[] {
    if (!this.tickerList) this.tickerList = listDataFiles(this.dir, "prices", ".csv").map(tickerFromFile).sort();
    return this.tickerList;
  }

  /** True when `prices/<ticker>.csv` exists. @example data.hasPrices("SPY"); // true */
  hasPrices(ticker: string): boolean {
    return this.tickerNames().includes(ticker);
  }

  /**
   * The full daily series of one ticker (cached; treat as read-only).
   * Experiments should read prices through `asOf(date)` instead.
   *
   * @example
   * data.prices("SPY").adjClose.length;
   */
  prices(ticker: string): PriceSeries {
    let s = this.priceCache.get(ticker);
    if (!s) {
      const file = join(this.dir, "prices", `${ticker}.csv`);
      if (!this.hasPrices(ticker)) {
        const have = this.tickerNames();
        throw new DataError(`no price file for ticker "${ticker}" (have: ${have.slice(0, 12).join(", ")}${have.length > 12 ? ", ..." : ""})`, { file });
      }
      s = loadPrices(file, ticker).series;
      this.priceCache.set(ticker, s);
    }
    return s;
  }

  /**
   * Static ticker metadata from `prices/_manifest.csv` (columns ticker, type,
   * sector | gics_sector, name | security, shares_outstanding, synthetic),
   * with "unknown"/null defaults for tickers it does not list.
   *
   * @example
   * data.tickerInfo("SPY").type; // "ETF"
   */
  tickerInfo(ticker: string): TickerInfo {
    if (!this.infoCache) this.infoCache = readManifest(join(this.dir, "prices", "_manifest.csv"));
    return this.infoCache.get(ticker) ?? { ticker, type: "unknown", sector: null, name: null, sharesOutstanding: null, synthetic: false };
  }

  /**
   * News of every file, sorted by date (file order within a day), optionally
   * for one ticker. `text` = headline ?? summary.
   *
   * @example
   * data.news("TSLA")[0].text;
   */
  news(ticker?: string): readonly NewsRecord[] {
    return recordsOf(this.newsIndex(), ticker);
  }

  /** Tickers that have news. @example data.newsTickers(); // ["BTC-USD", "ETH-USD", ...] */
  newsTickers(): string[] {
    return [...this.newsIndex().byTicker.keys()].sort();
  }

  private newsIndex(): ByTicker<NewsRecord> {
    return (this.newsCache ??= byTicker(this.readDated("news", toNews), (n) => [n.ticker]));
  }

  /** Filings sorted by date, optionally for one ticker. @example data.filings("MSFT").map((f) => f.form); */
  filings(ticker?: string): readonly Filing[] {
    this.filingsCache ??= byTicker(this.readDated("filings", toFiling), (f) => [f.ticker]);
    return recordsOf(this.filingsCache, ticker);
  }

  /**
   * Social posts sorted by date; `tickers` holds the $CASHTAGs and known
   * tickers each post mentions. With a ticker, only posts mentioning it.
   *
   * @example
   * data.social("ALTA").length;
   */
  social(ticker?: string): readonly SocialPost[] {
    if (!this.socialCache) {
      const known = new Set([...this.tickerNames(), ...this.newsTickers()]);
      this.socialCache = byTicker(
        this.readDated("social", (r, f) => toSocial(r, f, known)),
        (p) => p.tickers ?? [],
      );
    }
    return recordsOf(this.socialCache, ticker);
  }

  /** Every record of `<sub>/*.jsonl`, validated by `toRecord`, frozen, sorted by date (file order within a day). */
  private readDated<T extends { date: string }>(sub: string, toRecord: (rec: JsonlRecord, file: string) => T): T[] {
    const rows: T[] = [];
    for (const f of listDataFiles(this.dir, sub, ".jsonl")) for (const r of readJsonl(f)) rows.push(Object.freeze(toRecord(r, f)));
    return sortByDate(rows);
  }

  /**
   * Every resume of `resumes/*.jsonl`, in file order. Ids must be unique
   * across the files (candidates are selected and reported by id), as
   * `data check` requires.
   *
   * @example
   * data.resumes().length; // 10 (bundled)
   */
  resumes(): readonly Resume[] {
    if (!this.resumeList) {
      const rows: Resume[] = [];
      const firstSeen = new Map<string, string>();
      for (const f of listDataFiles(this.dir, "resumes", ".jsonl")) {
        for (const r of readJsonl(f)) {
          const resume = toResume(r, f);
          const earlier = firstSeen.get(resume.id);
          if (earlier !== undefined) throw new DataError(`duplicate resume id "${resume.id}" (first on ${earlier})`, { file: f, line: r.line, field: "id" });
          firstSeen.set(resume.id, `${f}:${r.line}`);
          rows.push(Object.freeze(resume));
        }
      }
      this.resumeList = rows;
    }
    return this.resumeList;
  }

  /** Every job description of `jobs/*.json`. @example data.jobs()[0].title; // "Head of Technology" */
  jobs(): readonly JobDescription[] {
    if (!this.jobList) this.jobList = listDataFiles(this.dir, "jobs", ".json").flatMap((f) => loadJobs(f).map((j) => Object.freeze(j)));
    return this.jobList;
  }

  /**
   * Trading calendar of the folder: SPY's dates when SPY is present,
   * otherwise the union of all price dates.
   *
   * @example
   * data.calendar().at(-1); // last trading day in the folder
   */
  calendar(): readonly string[] {
    if (!this.calendarDates) {
      if (this.hasPrices("SPY")) this.calendarDates = this.prices("SPY").dates.slice();
      else {
        const all = new Set<string>();
        for (const t of this.tickerNames()) for (const d of this.prices(t).dates) all.add(d);
        this.calendarDates = [...all].sort();
      }
    }
    return this.calendarDates;
  }

  /**
   * A point-in-time view: every reader returns only rows stamped <= `date`.
   *
   * @example
   * data.asOf("2024-12-31").prices("SPY").dates.at(-1); // <= "2024-12-31"
   */
  asOf(date: string): PointInTimeView {
    return new PointInTimeView(this, date);
  }
}

/**
 * What an agent may know on `date`. Every reader returns copies or frozen
 * rows stamped <= `date`; price arrays own fresh buffers (no `subarray`), and
 * the folder behind the view is held in a true private field, so nothing
 * reachable from the view carries a later row.
 *
 * @example
 * const view = data.asOf("2025-03-31");
 * view.window("SPY", 20).dates.length; // 20
 * view.news("ALTA").every((n) => n.date <= "2025-03-31"); // true
 */
export class PointInTimeView {
  readonly date: string;
  readonly #folder: DataFolder;
  readonly #prices = new Map<string, PriceSeries>();

  constructor(folder: DataFolder, date: string) {
    if (!isIsoDate(date)) throw new RangeError(`asOf: invalid date "${date}" (expected YYYY-MM-DD)`);
    this.date = date;
    this.#folder = folder;
    Object.freeze(this);
  }

  /** Tickers with at least one bar on or before the view date. @example view.tickers(); */
  tickers(): string[] {
    return this.#folder.tickers().filter((t) => {
      const d = this.#folder.prices(t).dates;
      const first = d[0];
      return first !== undefined && first <= this.date;
    });
  }

  /** Bars up to and including the view date (an independent copy). @example view.prices("SPY").close; */
  prices(ticker: string): PriceSeries {
    const s = this.#visiblePrices(ticker);
    return rangeSeries(s, 0, s.dates.length);
  }

  /** The cached bars up to the view date (never handed out: callers get copies). */
  #visiblePrices(ticker: string): PriceSeries {
    let s = this.#prices.get(ticker);
    if (!s) {
      const full = this.#folder.prices(ticker);
      s = rangeSeries(full, 0, lastIndexAtOrBefore(full.dates, this.date) + 1);
      this.#prices.set(ticker, s);
    }
    return s;
  }

  /**
   * The last `n` bars on or before the view date (fewer when history is short).
   *
   * @example
   * view.window("SPY", 252).dates.length; // 252 once a year of history exists
   */
  window(ticker: string, n: number): PriceSeries {
    if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`window: n must be a non-negative integer, got ${n}`);
    const s = this.#visiblePrices(ticker);
    return rangeSeries(s, s.dates.length - n, s.dates.length);
  }

  /** News stamped <= the view date. @example view.news("ALTA").at(-1)?.date; */
  news(ticker?: string): NewsRecord[] {
    const rows = this.#folder.news(ticker);
    return rows.slice(0, countAtOrBefore(rows, this.date));
  }

  /** Filings stamped <= the view date. @example view.filings("ALTA").map((f) => f.form); */
  filings(ticker?: string): Filing[] {
    const rows = this.#folder.filings(ticker);
    return rows.slice(0, countAtOrBefore(rows, this.date));
  }

  /** Social posts stamped <= the view date. @example view.social("ALTA").length; */
  social(ticker?: string): SocialPost[] {
    const rows = this.#folder.social(ticker);
    return rows.slice(0, countAtOrBefore(rows, this.date));
  }

  /** Resumes (undated). @example view.resumes().length; */
  resumes(): Resume[] {
    return this.#folder.resumes().slice();
  }

  /** Job descriptions (undated). @example view.jobs()[0].id; */
  jobs(): JobDescription[] {
    return this.#folder.jobs().slice();
  }

  /** Static ticker metadata (no dated values). @example view.tickerInfo("SPY").type; */
  tickerInfo(ticker: string): TickerInfo {
    return { ...this.#folder.tickerInfo(ticker) };
  }

  /** Trading days on or before the view date. @example view.calendar().at(-1); // <= view.date */
  calendar(): string[] {
    const cal = this.#folder.calendar();
    return cal.slice(0, lastIndexAtOrBefore(cal, this.date) + 1);
  }

  /**
   * A view at an earlier (or the same) date. Moving forward is refused: a
   * view can only ever narrow what is visible.
   *
   * @example
   * view.asOf("2025-01-02"); // ok when view.date >= "2025-01-02"
   */
  asOf(date: string): PointInTimeView {
    if (date > this.date) throw new RangeError(`asOf: cannot move a point-in-time view forward from ${this.date} to ${date}`);
    return new PointInTimeView(this.#folder, date);
  }
}

function readManifest(file: string): Map<string, TickerInfo> {
  const out = new Map<string, TickerInfo>();
  if (!existsSync(file)) return out;
  const table = readCsv(file);
  const h = table.header.map((c) => c.toLowerCase());
  const col = (...names: string[]): number => h.findIndex((c) => names.includes(c));
  const iTicker = col("ticker", "symbol");
  if (iTicker < 0) throw new DataError("manifest needs a ticker column", { file, line: 1, field: "ticker" });
  const iType = col("type"),
    iSector = col("sector", "gics_sector"),
    iName = col("name", "security");
  const iShares = col("shares_outstanding", "shares"),
    iSynth = col("synthetic");
  for (const { line, cells } of table.records) {
    const get = (i: number): string | null => {
      const cell = cells[i]?.trim() ?? "";
      return cell !== "" ? cell : null;
    };
    const sharesRaw = get(iShares);
    const shares = sharesRaw === null ? null : Number(sharesRaw);
    if (shares !== null && !Number.isFinite(shares)) throw new DataError(`non-numeric value "${sharesRaw}"`, { file, line, field: table.header[iShares] });
    const ticker = get(iTicker);
    if (ticker === null) throw new DataError("missing ticker", { file, line, field: table.header[iTicker] });
    out.set(ticker, {
      ticker,
      type: get(iType) ?? "unknown",
      sector: get(iSector),
      name: get(iName),
      sharesOutstanding: shares,
      synthetic: (get(iSynth) ?? "").toLowerCase() === "true",
    });
  }
  return out;
}

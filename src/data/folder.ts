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
 * return no price row after `date` and no news item, social post or filing
 * that is not yet known at `date`'s close under the known-at rule of
 * sessions.ts (a timestamped record stamped after a session's close counts
 * for the next session; a date-only record on its own date by default, or on
 * the next session with `knownAt: { dateOnly: "next-session" }`).
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
import { knownAtSession, type KnownAtOptions, type Stamped } from "./sessions";
import type { Filing, JobDescription, NewsRecord, PriceSeries, Resume, SocialPost, TickerInfo } from "./types";
import { validateOnLoad } from "./validate";

export interface OpenOptions {
  /** Run the light load-time checks (default true). */
  validate?: boolean;
  /**
   * When news, social posts and filings become known (sessions.ts): date-only
   * records on their own session (default, as the FinMem and TradingAgents
   * pipelines do) or deferred to the next one; how stamps without an offset are read.
   */
  knownAt?: KnownAtOptions;
}

/** Number of leading entries <= `key` in an ascending list of ISO dates. */
function countAtOrBefore(sorted: readonly string[], key: string): number {
  let lo = 0,
    hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Records of one kind in the order they become known, with the session each becomes known on (same index). */
export interface KnownIndex<T> {
  rows: readonly T[];
  sessions: readonly string[];
}

/**
 * The time stamp the known-at rule reads for a record: a news item's
 * `datetime`, a social post's `created_utc` (or `created`, as some exports
 * name it); filings carry only a date.
 */
function stampOf(record: object): Stamped {
  const r = record as { date: string; datetime?: unknown; created_utc?: unknown; created?: unknown };
  const stamp = [r.datetime, r.created_utc, r.created].find((v): v is string => typeof v === "string" && v.trim() !== "");
  return { date: r.date, datetime: stamp ?? null };
}

/** Records (sorted by date) re-ordered by the session they become known on; a stable sort keeps date order within a session. */
function indexByKnownAt<T extends { date: string }>(rows: readonly T[], options: KnownAtOptions, kind: string, dir: string): KnownIndex<T> {
  const keyed = rows.map((row, i) => {
    try {
      return { row, i, session: knownAtSession(stampOf(row), options) };
    } catch (error) {
      // The loaders reject unreadable stamps with file and line (records.ts); this is the backstop.
      throw new DataError(`${kind} record ${i + 1} in date order (dated ${row.date}): ${(error as Error).message}`, {
        file: join(dir, kind),
        field: "datetime",
      });
    }
  });
  keyed.sort((a, b) => (a.session < b.session ? -1 : a.session > b.session ? 1 : a.i - b.i));
  return { rows: keyed.map((k) => k.row), sessions: keyed.map((k) => k.session) };
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

/** The kinds of dated text records a view filters with the known-at rule. */
export type DatedKind = "news" | "filings" | "social";

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
  /** The known-at rule of this folder's views (see OpenOptions.knownAt). */
  readonly knownAt: Readonly<KnownAtOptions>;
  private readonly priceCache = new Map<string, PriceSeries>();
  private tickerList: string[] | null = null;
  private infoCache: Map<string, TickerInfo> | null = null;
  private newsCache: ByTicker<NewsRecord> | null = null;
  private filingsCache: ByTicker<Filing> | null = null;
  private socialCache: ByTicker<SocialPost> | null = null;
  private resumeList: Resume[] | null = null;
  private jobList: JobDescription[] | null = null;
  private calendarDates: string[] | null = null;
  private readonly knownIndexes = new Map<string, KnownIndex<unknown>>();

  private constructor(dir: string, knownAt: KnownAtOptions) {
    this.dir = dir;
    this.knownAt = Object.freeze({ ...knownAt });
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
    return new DataFolder(dir, options.knownAt ?? {});
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
   * Records of one kind (optionally of one ticker) in the order they become
   * known, each with its known-at session under `rule` (cached per rule).
   *
   * @example
   * const { rows, sessions } = data.knownIndex("news", "TSLA", {});
   * sessions[0]; // the session on which rows[0] becomes known
   */
  knownIndex<K extends DatedKind>(kind: K, ticker: string | undefined, rule: KnownAtOptions): KnownIndex<RecordOf<K>> {
    const key = `${kind}|${ticker ?? "*"}|${rule.dateOnly ?? "same-session"}|${rule.naiveZone ?? "UTC"}`;
    let index = this.knownIndexes.get(key);
    if (!index) {
      const rows: readonly { date: string }[] = kind === "news" ? this.news(ticker) : kind === "filings" ? this.filings(ticker) : this.social(ticker);
      index = indexByKnownAt(rows, rule, kind, this.dir);
      this.knownIndexes.set(key, index);
    }
    return index as KnownIndex<RecordOf<K>>;
  }

  /**
   * A point-in-time view: prices up to `date`, and the news, posts and
   * filings known at `date`'s close under the folder's known-at rule (or `knownAt`).
   *
   * @example
   * data.asOf("2024-12-31").prices("SPY").dates.at(-1); // <= "2024-12-31"
   * data.asOf("2024-12-31", { dateOnly: "next-session" }).news("ALTA"); // items dated 2024-12-31 are not in
   */
  asOf(date: string, knownAt: KnownAtOptions = this.knownAt): PointInTimeView {
    return new PointInTimeView(this, date, knownAt);
  }
}

/** The record type of a dated kind. */
export type RecordOf<K extends DatedKind> = K extends "news" ? NewsRecord : K extends "filings" ? Filing : SocialPost;

/**
 * What an agent may know at the close of `date`. Prices: bars dated <= `date`.
 * News, social posts and filings: those whose known-at session (sessions.ts)
 * is <= `date`, in the order they became known (date order within a session),
 * each keeping its own date and stamp. Every reader returns copies or frozen
 * rows; price arrays own fresh buffers (no `subarray`), and the folder behind
 * the view is held in a true private field, so nothing reachable from the
 * view carries a later row.
 *
 * @example
 * const view = data.asOf("2025-03-31");
 * view.window("SPY", 20).dates.length; // 20
 * view.news("ALTA").every((n) => n.date <= "2025-03-31"); // true
 * view.news("TSLA", "2025-03-28"); // the items that became known on 2025-03-31 (the weekend's and Friday evening's)
 */
export class PointInTimeView {
  readonly date: string;
  /** The known-at rule this view applies. */
  readonly knownAt: Readonly<KnownAtOptions>;
  readonly #folder: DataFolder;
  readonly #prices = new Map<string, PriceSeries>();

  constructor(folder: DataFolder, date: string, knownAt: KnownAtOptions = folder.knownAt) {
    if (!isIsoDate(date)) throw new RangeError(`asOf: invalid date "${date}" (expected YYYY-MM-DD)`);
    this.date = date;
    this.knownAt = Object.freeze({ ...knownAt });
    this.#folder = folder;
    Object.freeze(this);
  }

  /** Records of a kind known at the view's close, and with `knownAfter` only those that became known after that session. */
  #known<K extends DatedKind>(kind: K, ticker: string | undefined, knownAfter: string | undefined): RecordOf<K>[] {
    const { rows, sessions } = this.#folder.knownIndex(kind, ticker, this.knownAt);
    const from = knownAfter === undefined ? 0 : countAtOrBefore(sessions, knownAfter);
    return rows.slice(from, Math.max(from, countAtOrBefore(sessions, this.date)));
  }

  /**
   * The session on which a record becomes known under this view's rule.
   *
   * @example
   * view.knownAtSession({ date: "2024-03-01", datetime: "2024-03-01 21:30:00" }); // "2024-03-04"
   */
  knownAtSession(record: { date: string; datetime?: string | null; created_utc?: string }): string {
    return knownAtSession(stampOf(record), this.knownAt);
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

  /**
   * News known at the view's close; with `knownAfter` (a session), only the
   * items that became known after it.
   *
   * @example
   * view.news("ALTA").at(-1)?.date;
   * view.news("TSLA", previousSession); // what is new today
   */
  news(ticker?: string, knownAfter?: string): NewsRecord[] {
    return this.#known("news", ticker, knownAfter);
  }

  /** Filings known at the view's close (`knownAfter` as for news). @example view.filings("ALTA").map((f) => f.form); */
  filings(ticker?: string, knownAfter?: string): Filing[] {
    return this.#known("filings", ticker, knownAfter);
  }

  /** Social posts known at the view's close, by `created_utc` (`knownAfter` as for news). @example view.social("ALTA").length; */
  social(ticker?: string, knownAfter?: string): SocialPost[] {
    return this.#known("social", ticker, knownAfter);
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
    return new PointInTimeView(this.#folder, date, this.knownAt);
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

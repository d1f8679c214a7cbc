/**
 * The agents' data tools, all answered from a point-in-time view (nothing
 * stamped after the decision date is reachable) and all recorded with their
 * arguments, as the paper's audit log does ("tool calls record function names
 * and arguments sufficient for audit, e.g. indicator requests and evaluation
 * dates"). Windows follow the paper: news and Reddit posts over a 7-day
 * rolling window ending on the decision date.
 *
 * What is knowable at the decision date's close follows the data layer's
 * rule (`isKnownBy`, src/data/sessions.ts): a time-stamped post or article
 * counts for the session whose 16:00 New York close it precedes (13:00 on
 * early closes, with US daylight-saving time), so one stamped after the
 * close of the decision date waits for the next session; a date-only item
 * counts on the session after its date under the view's `dateOnly:
 * "next-session"` (the experiment's default) or on its own date's session
 * under `"same-session"`; weekend and holiday items roll forward.
 */
import { type KnownAtOptions, type PointInTimeView, type PriceBasis, addDays, isKnownBy, levelFactor, priceBasisNote, sessionCloseUtc } from "../data/index";
import { indicatorSnapshot, roundSig, type IndicatorSnapshot } from "./features";

/** Named numbers a Chain-of-Alpha step may cite, all as of `date`. */
export interface AlphaFacts {
  ticker: string;
  date: string;
  values: Record<string, number>;
  /** The factor that puts the price levels among `values` on the prompt's basis (absent = 1; see IndicatorSnapshot). */
  level_factor?: number;
}

/** GICS sector -> SPDR sector ETF (the macro analyst's sector proxy). */
export const SECTOR_ETFS: Readonly<Record<string, string>> = {
  "Information Technology": "XLK",
  "Communication Services": "XLC",
  "Consumer Discretionary": "XLY",
  "Consumer Staples": "XLP",
  "Health Care": "XLV",
  Financials: "XLF",
  Industrials: "XLI",
  Energy: "XLE",
  Utilities: "XLU",
  "Real Estate": "XLRE",
  Materials: "XLB",
};

export interface ToolCall {
  seq: number;
  agent: string;
  tool: string;
  args: Record<string, string | number | null>;
  /** One-line summary of what came back (no raw text: the trace is redacted). */
  result: string;
}

export interface DatedText {
  date: string;
  text: string;
  /** Reddit score for posts (engagement weight), null otherwise. */
  score: number | null;
}

export interface FilingText {
  date: string;
  form: string;
  text: string;
}

export interface MacroContext {
  benchmark: { ticker: string; indicators: IndicatorSnapshot } | null;
  /** The sector ETF's indicators (null when the universe lists no sector or the folder has no prices for its ETF). */
  sector: { name: string; etf: string; indicators: IndicatorSnapshot } | null;
  /** The ticker's sector as the universe lists it, with its SPDR ETF (null when it has none), whether or not the ETF has prices; null without a sector. */
  listedSector: { name: string; etf: string | null } | null;
}

/**
 * Whether an item dated `date` with an optional time stamp (UTC unless it
 * carries an offset) is knowable at the close of the session `decisionDate`
 * under the known-at rule `rule` (`isKnownBy` of the data layer; see the
 * module doc; the data layer's default reads a date-only item on its own session).
 *
 * @example
 * knownAtClose("2025-01-02", "2025-01-02 20:30:00", "2025-01-02"); // true (the winter close is 21:00 UTC)
 * knownAtClose("2025-07-01", "2025-07-01 20:30:00", "2025-07-01"); // false (the summer close is 20:00 UTC)
 * knownAtClose("2025-01-02", undefined, "2025-01-02"); // true (date only, same-session)
 * knownAtClose("2025-01-02", undefined, "2025-01-02", { dateOnly: "next-session" }); // false
 */
export function knownAtClose(date: string, stamp: string | undefined, decisionDate: string, rule: KnownAtOptions = {}): boolean {
  return isKnownBy({ date, datetime: stamp ?? null }, decisionDate, rule);
}

/**
 * The close of a session as an ISO UTC instant, as the tool calls record it.
 *
 * @example
 * closeUtc("2025-01-02"); // "2025-01-02T21:00:00Z"
 */
export function closeUtc(session: string): string {
  return new Date(sessionCloseUtc(session)).toISOString().replace(".000Z", "Z");
}

/** Bars of history handed to the indicator tool (enough for the 252-day drawdown and EMA warm-up). */
export const INDICATOR_BARS = 300;

function clip(text: string, max: number): string {
  const t = text.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : t.slice(0, max - 1) + "…";
}

/**
 * Point-in-time data tools of one ticker pipeline, recording every call.
 *
 * @example
 * const tools = new ToolBox(data.asOf("2025-03-03"), "AAPL");
 * tools.indicators("market_analyst").values.rsi_14;
 * tools.calls; // [{ seq: 0, agent: "market_analyst", tool: "get_indicators", args: { ticker: "AAPL", ... } }]
 */
export class ToolBox {
  readonly calls: ToolCall[] = [];
  private readonly snapshots = new Map<string, IndicatorSnapshot | null>();

  constructor(
    readonly view: PointInTimeView,
    readonly ticker: string,
    readonly benchmarkTicker = "SPY",
    /** The basis of each ticker's price levels in what the agents read (src/data/price-basis.ts); absent = the file's closes, unannotated. */
    readonly priceBasisOf?: (ticker: string) => PriceBasis,
  ) {}

  get date(): string {
    return this.view.date;
  }

  private record(agent: string, tool: string, args: ToolCall["args"], result: string): void {
    this.calls.push({ seq: this.calls.length, agent, tool, args, result });
  }

  /** get_indicators: RSI / MACD / Bollinger / trend / risk numbers on the last bar <= date (cached per ticker). */
  indicators(agent: string, ticker = this.ticker): IndicatorSnapshot | null {
    let snap = this.snapshots.get(ticker);
    if (snap === undefined) {
      snap = null;
      if (this.view.tickers().includes(ticker)) {
        const series = this.view.window(ticker, INDICATOR_BARS);
        if (series.dates.length > 0) snap = this.onPriceBasis(ticker, indicatorSnapshot(series));
      }
      this.snapshots.set(ticker, snap);
    }
    this.record(
      agent,
      "get_indicators",
      { ticker, end_date: this.date, bars: INDICATOR_BARS },
      snap ? `${snap.bars} bars to ${snap.date}` : "no price history",
    );
    return snap;
  }

  /**
   * get_news: the ticker's news dated in (date - days, date] and known at the
   * decision date's close (`knownAtClose`), newest last, at most `limit`.
   */
  news(agent: string, days = 7, limit = 20): DatedText[] {
    const from = addDays(this.date, -days + 1);
    const rows = this.view.news(this.ticker).filter((n) => n.date >= from && knownAtClose(n.date, n.datetime, this.date, this.view.knownAt));
    const out = rows.slice(-limit).map((n) => ({ date: n.date, text: clip(n.text, 400), score: null }));
    this.record(
      agent,
      "get_news",
      { ticker: this.ticker, start_date: from, end_date: this.date, known_by: closeUtc(this.date), limit },
      `${out.length} of ${rows.length} items`,
    );
    return out;
  }

  /**
   * get_social: posts mentioning the ticker dated in (date - days, date] and
   * created before the decision date's close (`knownAtClose`), at most
   * `limit` (highest score kept).
   */
  social(agent: string, days = 7, limit = 20): DatedText[] {
    const from = addDays(this.date, -days + 1);
    const rows = this.view.social(this.ticker).filter((p) => p.date >= from && knownAtClose(p.date, p.created_utc, this.date, this.view.knownAt));
    const ranked = rows
      .map((p, i) => ({ p, i }))
      .sort((a, b) => (b.p.score ?? 0) - (a.p.score ?? 0) || a.i - b.i)
      .slice(0, limit)
      .sort((a, b) => a.i - b.i);
    const out = ranked.map(({ p }) => ({ date: p.date, text: clip(`${p.title}. ${p.body}`, 400), score: p.score ?? null }));
    this.record(
      agent,
      "get_social",
      { ticker: this.ticker, start_date: from, end_date: this.date, known_by: closeUtc(this.date), limit },
      `${out.length} of ${rows.length} posts`,
    );
    return out;
  }

  /** get_filings: the latest `limit` filings of the ticker no older than `maxAgeDays` and known at the close (`knownAtClose`). */
  filings(agent: string, maxAgeDays = 400, limit = 2): FilingText[] {
    const from = addDays(this.date, -maxAgeDays);
    const rows = this.view.filings(this.ticker).filter((f) => f.date >= from && knownAtClose(f.date, f.datetime, this.date, this.view.knownAt));
    const out = rows.slice(-limit).map((f) => ({ date: f.date, form: f.form, text: clip(f.text, 2000) }));
    this.record(agent, "get_filings", { ticker: this.ticker, start_date: from, end_date: this.date, limit }, `${out.length} filings`);
    return out;
  }

  /** get_macro: indicators of the benchmark (SPY) and of the ticker's sector ETF when the data folder has them, and the sector the universe lists. */
  macro(agent: string): MacroContext {
    const info = this.view.tickerInfo(this.ticker);
    const etf = info.sector ? (SECTOR_ETFS[info.sector] ?? null) : null;
    const bench = this.ticker !== this.benchmarkTicker ? this.indicatorsQuiet(this.benchmarkTicker) : null;
    const sector = etf ? this.indicatorsQuiet(etf) : null;
    const out: MacroContext = {
      benchmark: bench ? { ticker: this.benchmarkTicker, indicators: bench } : null,
      sector: sector && etf && info.sector ? { name: info.sector, etf, indicators: sector } : null,
      listedSector: info.sector ? { name: info.sector, etf } : null,
    };
    this.record(
      agent,
      "get_macro",
      { ticker: this.ticker, end_date: this.date, benchmark: this.benchmarkTicker, sector_etf: etf },
      `benchmark ${out.benchmark ? "ok" : "missing"}, sector ${out.sector ? out.sector.etf : "missing"}`,
    );
    return out;
  }

  /**
   * get_risk_metrics: the checkable facts the trader and risk managers use:
   * every indicator of the ticker plus beta_60d = cov(r, r_SPY) / var(r_SPY)
   * over the last 60 daily returns on common dates (NaN when unavailable).
   */
  riskFacts(agent: string): AlphaFacts | null {
    const snap = this.indicatorsQuiet(this.ticker);
    if (!snap) {
      this.record(agent, "get_risk_metrics", { ticker: this.ticker, end_date: this.date, beta_window: 60 }, "no price history");
      return null;
    }
    const beta = this.ticker === this.benchmarkTicker ? 1 : betaVs(this.view, this.ticker, this.benchmarkTicker, 60);
    const values: Record<string, number> = { ...snap.values, beta_60d: roundSig(beta) };
    this.record(
      agent,
      "get_risk_metrics",
      { ticker: this.ticker, end_date: this.date, beta_window: 60 },
      `vol_20d ${values.vol_20d}, drawdown_252d ${values.drawdown_252d}, beta_60d ${values.beta_60d}`,
    );
    return { ticker: this.ticker, date: snap.date, values, ...(snap.level_factor !== undefined ? { level_factor: snap.level_factor } : {}) };
  }

  /**
   * The snapshot with its prompt basis: the factor of its last bar and the
   * basis named. The values stay on the file's basis, so the offline agents
   * and the checks read the same numbers under every basis; the prompts show
   * the levels times the factor (`shownIndicatorValues`).
   */
  private onPriceBasis(ticker: string, snap: IndicatorSnapshot): IndicatorSnapshot {
    const basis = this.priceBasisOf?.(ticker);
    if (!basis) return snap;
    return { ...snap, price_basis: priceBasisNote(basis), level_factor: levelFactor(basis, snap.date) };
  }

  private indicatorsQuiet(ticker: string): IndicatorSnapshot | null {
    const before = this.calls.length;
    const snap = this.indicators("(macro)", ticker);
    this.calls.length = before;
    return snap;
  }
}

/**
 * Beta of `ticker` against `benchmark` over the last `window` daily simple
 * returns on dates both have (ddof cancels in the ratio); NaN with < 20 returns.
 *
 * @example
 * betaVs(view, "AAPL", "SPY", 60); // e.g. 1.12
 */
export function betaVs(view: PointInTimeView, ticker: string, benchmark: string, window: number): number {
  if (!view.tickers().includes(benchmark) || !view.tickers().includes(ticker)) return NaN;
  const a = view.window(ticker, window + 40);
  const b = view.window(benchmark, window + 40);
  for (const s of [a, b]) {
    if (s.adjClose.length !== s.dates.length) throw new RangeError(`betaVs: ${s.ticker} has ${s.adjClose.length} prices for ${s.dates.length} dates`);
  }
  const bIndex = new Map(b.dates.map((d, i) => [d, i]));
  const ra: number[] = [];
  const rb: number[] = [];
  // i < a.dates.length, and j, jPrev index b.dates: both series have one price per date (checked above).
  for (let i = 1; i < a.dates.length; i++) {
    const j = bIndex.get(a.dates[i]!);
    const jPrev = bIndex.get(a.dates[i - 1]!);
    if (j === undefined || jPrev === undefined || jPrev !== j - 1) continue;
    ra.push(a.adjClose[i]! / a.adjClose[i - 1]! - 1);
    rb.push(b.adjClose[j]! / b.adjClose[jPrev]! - 1);
  }
  const n = Math.min(window, ra.length);
  if (n < 20) return NaN;
  const xa = ra.slice(-n);
  const xb = rb.slice(-n);
  const ma = xa.reduce((s, x) => s + x, 0) / n;
  const mb = xb.reduce((s, x) => s + x, 0) / n;
  let cov = 0,
    varB = 0;
  // xa and xb both hold the last n returns (ra and rb grow together and n <= ra.length).
  for (let i = 0; i < n; i++) {
    cov += (xa[i]! - ma) * (xb[i]! - mb);
    varB += (xb[i]! - mb) ** 2;
  }
  return varB > 0 ? cov / varB : NaN;
}

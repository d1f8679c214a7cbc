/**
 * FinMem profiling module (Yu et al., arXiv 2311.13743, §2.1): the agent's
 * professional background (an introduction to the stock's trading sector and
 * an overview of its historical performance over the training window) and
 * its risk inclination: risk-seeking, risk-averse, or self-adaptive, which
 * is risk-seeking while the recent cumulative return (default: 3 trading
 * days) is positive and switches to risk-averse when it falls below zero.
 *
 * The profile text doubles as the retrieval query (the FinMem code queries
 * memory with the agent's character string). The risk inclination is kept
 * out of the query so that the query, and with it the cached relevancies,
 * stays constant over a run.
 */
import { priceBasisNote, shownPriceOn, type PriceBasis, type PriceSeries, type TickerInfo } from "../data/index";
import { adjCloseAt } from "./prices";

export type RiskMode = "seeking" | "averse" | "adaptive";
export type RiskState = "seeking" | "averse";

export interface PerformanceOverview {
  start: string;
  end: string;
  days: number;
  firstClose: number;
  lastClose: number;
  /** Simple return over the window, P_end / P_start - 1. */
  totalReturn: number;
  /** Sample std of daily log returns * sqrt(252). */
  annualizedVolatility: number;
  /** Largest peak-to-trough fall of the close, positive fraction. */
  maxDrawdown: number;
  /** OLS slope of ln(close) on the day index, times 252 (annual log drift). */
  trendSlopeAnnual: number;
  /** "upward" when the annual drift > +5%, "downward" when < -5%, else "sideways". */
  trend: "upward" | "downward" | "sideways";
}

export interface Profile {
  ticker: string;
  sector: string | null;
  name: string | null;
  sectorIntro: string;
  overview: PerformanceOverview | null;
  /** The character string used as the retrieval query (adjusted closes). */
  text: string;
  /** The character string shown in every prompt: `text` with the levels on the run's price basis. */
  prompt: string;
}

/** One-paragraph introductions of the GICS sectors. */
export const SECTOR_INTROS: Readonly<Record<string, string>> = {
  "Information Technology":
    "The information technology sector covers software, cloud services, semiconductors and hardware; its stocks move with enterprise IT spending, product cycles, margins and interest-rate expectations.",
  "Communication Services":
    "The communication services sector covers media, streaming, entertainment, interactive platforms and telecoms; subscriber growth, content costs and advertising demand drive its stocks.",
  "Consumer Discretionary":
    "The consumer discretionary sector covers autos, retail, e-commerce and leisure; its stocks follow consumer confidence, delivery volumes, pricing power and the business cycle.",
  "Consumer Staples":
    "The consumer staples sector covers food, beverages, household products and grocery retail; demand is steady and margins follow input costs and pricing.",
  "Health Care":
    "The health care sector covers pharmaceuticals, biotechnology, devices and insurers; drug pipelines, trial results, approvals and policy drive its stocks.",
  Financials:
    "The financials sector covers banks, insurers, exchanges, payments and crypto-asset platforms; interest rates, credit quality, trading volumes and regulation drive its stocks.",
  Industrials:
    "The industrials sector covers aerospace, machinery, transport and conglomerates; order books, supply chains and the economic cycle drive its stocks.",
  Energy: "The energy sector covers oil, gas and energy services; commodity prices, production volumes and capital discipline drive its stocks.",
  Utilities: "The utilities sector covers regulated electricity, gas and water providers; rates, regulation and interest rates drive its stocks.",
  "Real Estate": "The real estate sector covers REITs and property services; occupancy, rents and interest rates drive its stocks.",
  Materials: "The materials sector covers chemicals, metals and mining; commodity prices and industrial demand drive its stocks.",
};

/** GICS sector and name of the tickers the FinMem paper trades (used when the data folder has no manifest row). */
export const KNOWN_TICKERS: Readonly<Record<string, { sector: string; name: string }>> = {
  TSLA: { sector: "Consumer Discretionary", name: "Tesla, Inc." },
  NFLX: { sector: "Communication Services", name: "Netflix" },
  AMZN: { sector: "Consumer Discretionary", name: "Amazon" },
  MSFT: { sector: "Information Technology", name: "Microsoft" },
  COIN: { sector: "Financials", name: "Coinbase" },
};

/**
 * Introduction to the ticker's trading sector.
 *
 * @example
 * sectorIntroduction("MSFT", null).startsWith("Microsoft (MSFT) belongs to the Information Technology sector"); // true
 */
export function sectorIntroduction(
  ticker: string,
  info: Pick<TickerInfo, "sector" | "name"> | null,
): { sector: string | null; name: string | null; text: string } {
  const known = KNOWN_TICKERS[ticker];
  const sector = info?.sector && !info.sector.startsWith("n/a") ? info.sector : (known?.sector ?? null);
  const name = info?.name ?? known?.name ?? null;
  const who = name ? `${name} (${ticker})` : ticker;
  if (!sector) return { sector, name, text: `${who} is the stock this agent trades; its sector is not recorded in the data folder.` };
  const intro = SECTOR_INTROS[sector] ?? `It is traded as part of the ${sector} sector.`;
  return { sector, name, text: `${who} belongs to the ${sector} sector. ${intro}` };
}

/**
 * Historical performance over [start, end] (inclusive) from daily closes:
 * total return, annualised volatility of log returns (ddof 1, x sqrt 252),
 * max drawdown of the close, and the trend as the annualised OLS slope of
 * ln(close) on the day index. Returns null with fewer than 2 bars.
 *
 * @example
 * performanceOverview(series, "2020-03-13", "2020-12-31")?.trend; // "upward"
 */
export function performanceOverview(series: PriceSeries, start: string, end: string): PerformanceOverview | null {
  const idx: number[] = [];
  for (let i = 0; i < series.dates.length; i++) if (series.dates[i]! >= start && series.dates[i]! <= end) idx.push(i);
  if (idx.length < 2) return null;
  const closes = idx.map((i) => adjCloseAt(series, i));
  const logs = closes.map((c) => Math.log(c));
  const rets = logs.slice(1).map((l, i) => l - logs[i]!);
  const m = rets.reduce((a, b) => a + b, 0) / rets.length;
  const sd = rets.length > 1 ? Math.sqrt(rets.reduce((a, r) => a + (r - m) ** 2, 0) / (rets.length - 1)) : 0;
  let peak = -Infinity,
    mdd = 0;
  for (const c of closes) {
    if (c > peak) peak = c;
    mdd = Math.max(mdd, 1 - c / peak);
  }
  const n = logs.length;
  const xMean = (n - 1) / 2;
  const yMean = logs.reduce((a, b) => a + b, 0) / n;
  let sxy = 0,
    sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - xMean) * (logs[i]! - yMean);
    sxx += (i - xMean) ** 2;
  }
  const slope = (sxy / sxx) * 252;
  return {
    start: series.dates[idx[0]!]!,
    end: series.dates[idx[idx.length - 1]!]!,
    days: n,
    firstClose: closes[0]!,
    lastClose: closes[n - 1]!,
    totalReturn: closes[n - 1]! / closes[0]! - 1,
    annualizedVolatility: sd * Math.sqrt(252),
    maxDrawdown: mdd,
    trendSlopeAnnual: slope,
    trend: slope > 0.05 ? "upward" : slope < -0.05 ? "downward" : "sideways",
  };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** Price levels as a prompt shows them (src/data/price-basis.ts): the window's first and last level and how they are stated. */
export interface ShownLevels {
  first: number;
  last: number;
  /** e.g. "as traded on each day", "adjusted as of 2025-08-29". */
  note: string;
}

/**
 * The overview as one sentence: with `shown`, the levels as a prompt states
 * them, followed by their basis in brackets; without it, the adjusted closes
 * (the retrieval query's wording, kept as it was so retrieval does not move).
 *
 * @example
 * describeOverview(o); // "From 2020-03-13 to ... the stock moved from 135.20 to 220.10 (+62.8%), ..."
 * describeOverview(o, { first: 406, last: 660, note: "as traded on each day" }); // "... moved from 406.00 to 660.00 (as traded on each day; return from adjusted closes +62.8%), ..."
 */
export function describeOverview(o: PerformanceOverview, shown?: ShownLevels): string {
  const total = `${o.totalReturn >= 0 ? "+" : ""}${pct(o.totalReturn)}`;
  const moved = shown
    ? `${shown.first.toFixed(2)} to ${shown.last.toFixed(2)} (${shown.note}; return from adjusted closes ${total})`
    : `${o.firstClose.toFixed(2)} to ${o.lastClose.toFixed(2)} (${total})`;
  return (
    `From ${o.start} to ${o.end} (${o.days} trading days) the stock moved from ${moved}, with annualised volatility ${pct(o.annualizedVolatility)}, ` +
    `a maximum drawdown of ${pct(o.maxDrawdown)} and an ${o.trend === "sideways" ? "sideways" : o.trend} trend ` +
    `(annualised log drift ${o.trendSlopeAnnual >= 0 ? "+" : ""}${pct(o.trendSlopeAnnual)}).`
  ).replace("an sideways", "a sideways");
}

/**
 * Build the agent profile (character string) of a ticker: `text` is the
 * retrieval query (adjusted closes, as it always was), `prompt` what a model
 * is shown (levels on `basis`: as traded, adjusted as of a date, or rebased;
 * the same as `text` when no basis is given).
 *
 * @example
 * const p = buildProfile("MSFT", info, trainSeries, "2020-03-13", "2020-12-31");
 * p.text; // "You are an experienced trader of Microsoft (MSFT) ..."
 */
export function buildProfile(
  ticker: string,
  info: Pick<TickerInfo, "sector" | "name"> | null,
  series: PriceSeries | null,
  trainStart: string,
  trainEnd: string,
  basis?: PriceBasis,
): Profile {
  const intro = sectorIntroduction(ticker, info);
  const overview = series ? performanceOverview(series, trainStart, trainEnd) : null;
  const who = intro.name ? `${intro.name} (${ticker})` : ticker;
  const head =
    `You are an experienced trader of ${who} who makes daily investment decisions from news, quarterly and annual reports, and price movements. ` +
    `${intro.text} `;
  const none = "No price history is available for the training window.";
  const text = head + (overview ? `Historical financial performance overview: ${describeOverview(overview)}` : none);
  const shown = overview && series && basis ? shownLevels(series, overview, basis) : undefined;
  const prompt = head + (overview ? `Historical financial performance overview: ${describeOverview(overview, shown)}` : none);
  return { ticker, sector: intro.sector, name: intro.name, sectorIntro: intro.text, overview, text, prompt };
}

function shownLevels(series: PriceSeries, o: PerformanceOverview, basis: PriceBasis): ShownLevels {
  return { first: shownPriceOn(basis, series, o.start), last: shownPriceOn(basis, series, o.end), note: priceBasisNote(basis) };
}

/**
 * The risk state for today. Fixed modes return themselves; "adaptive"
 * (FinMem's self-adaptive character) is risk-seeking when the recent
 * cumulative return is > 0, risk-averse when < 0, and keeps the previous
 * state when it is exactly 0 (or unknown; the first state is risk-seeking).
 *
 * @example
 * riskState("adaptive", -0.012, "seeking"); // "averse"
 */
export function riskState(mode: RiskMode, recentCumulativeReturn: number | null, previous: RiskState = "seeking"): RiskState {
  if (mode !== "adaptive") return mode;
  if (recentCumulativeReturn === null || !Number.isFinite(recentCumulativeReturn) || recentCumulativeReturn === 0) return previous;
  return recentCumulativeReturn > 0 ? "seeking" : "averse";
}

/**
 * Recent cumulative log return of the stock over the last `window` trading
 * days, ln(P_t / P_{t-window}), from closes known on day t (null when the
 * history is too short).
 *
 * @example
 * recentCumulativeReturn([100, 101, 99, 102], 3); // ln(102/100)
 */
export function recentCumulativeReturn(closes: ArrayLike<number>, window: number): number | null {
  const n = closes.length;
  if (window < 1 || n <= window) return null;
  return Math.log(closes[n - 1]! / closes[n - 1 - window]!);
}

/** Prompt text describing a risk state. @example riskInstruction("averse"); */
export function riskInstruction(state: RiskState, mode: RiskMode): string {
  const base =
    state === "seeking"
      ? "You are risk-seeking: you act on moderately positive evidence, favour buying on upside potential, and tolerate short-term losses."
      : "You are risk-averse: you need strong evidence to buy, protect capital first, and sell or hold when signals are mixed or negative.";
  return mode === "adaptive" ? `${base} (Self-adaptive character: this inclination follows the sign of the stock's recent cumulative return.)` : base;
}

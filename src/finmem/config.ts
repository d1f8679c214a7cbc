/**
 * Configuration of the FinMem experiment (Yu et al., arXiv 2311.13743).
 *
 * Defaults. Memory constants are the authors' code values (constants.ts).
 * `riskMode` defaults to "adaptive": the paper's FinMem runs use the
 * self-adaptive risk character (risk-seeking vs risk-averse are its ablation).
 * `shallowQ` defaults to "code" (3 trading days); "paper" gives the paper-era 14.
 * Date windows depend on the data (see `chooseFinMemDefaults`): on
 * ../shared/datasets that is MSFT, train 2020-03-13 .. 2020-12-31, test
 * 2021-01-01 .. 2021-05-06 (the span of the INVESTOR-BENCH news); the paper's
 * own headline window (2022-10-06 .. 2023-04-10) has no MSFT news in the data.
 */
import { z } from "zod";
import { addDays, daysInMonth, type DataFolder } from "../data/index";
import { memoryParams } from "./constants";
import { DEFAULT_LOOP_OPTIONS, type FinMemLoopOptions } from "./loop";

const isoOrEmpty = z.string().refine((s) => s === "" || /^\d{4}-\d{2}-\d{2}$/.test(s), "expected YYYY-MM-DD (or empty for the data-dependent default)");

export const finmemConfigSchema = z.object({
  /** Ticker to trade ("" = chosen from the data folder). */
  ticker: z.string().default(""),
  trainStart: isoOrEmpty.default(""),
  trainEnd: isoOrEmpty.default(""),
  testStart: isoOrEmpty.default(""),
  testEnd: isoOrEmpty.default(""),
  /** Cognitive span: events retrieved per layer. */
  topK: z.number().int().min(1).max(100).default(5),
  riskMode: z.enum(["seeking", "averse", "adaptive"]).default("adaptive"),
  /** Shallow-layer recency Q: "code" = 3, "paper" = 14, or a number of trading days. */
  shallowQ: z.union([z.enum(["code", "paper"]), z.coerce.number().positive()]).default("code"),
  /** "context" = the run's embedder (--embedder), "hashing", "tfidf" (fitted on training-window text), "openai" (requires --embedder openai). */
  embedder: z.enum(["context", "hashing", "tfidf", "openai"]).default("context"),
  /** Extended reflection every N trading days (5 = weekly; 0 = off). */
  extendedReflectionEvery: z.number().int().min(0).default(5),
  feedbackWindow: z.number().int().min(0).default(7),
  /** Position whose P&L drives feedback: "direction" (direction_t) or "cumulative" (the authors' Portfolio holding). */
  feedbackPosition: z.enum(["direction", "cumulative"]).default("direction"),
  /** Score the last test day with the first close after testEnd ("score") or not ("drop", as the authors' script). */
  lastTestDay: z.enum(["score", "drop"]).default("score"),
  momentumWindow: z.number().int().min(1).default(3),
  riskWindow: z.number().int().min(1).default(3),
  /** Cap on news items summarised per day (0 = all). */
  maxNewsPerDay: z.number().int().min(0).default(0),
});
export type FinMemConfig = z.output<typeof finmemConfigSchema>;

/** The traded ticker and the train / test windows of a config. */
export type FinMemWindows = Pick<FinMemConfig, "ticker" | "trainStart" | "trainEnd" | "testStart" | "testEnd">;

/**
 * The ticker and the four window dates of a config, in this key order (the
 * loop options and the run summary list them so, and their JSON is compared
 * byte for byte across runs).
 *
 * @example
 * windowsOf({ ...config, topK: 3 }); // { ticker, trainStart, trainEnd, testStart, testEnd }
 */
export function windowsOf(config: FinMemWindows): FinMemWindows {
  return { ticker: config.ticker, trainStart: config.trainStart, trainEnd: config.trainEnd, testStart: config.testStart, testEnd: config.testEnd };
}

/**
 * The ticker with prices and news that best supports a FinMem run: one with
 * filings first, then the most news, ties alphabetical (undefined when there
 * is no candidate).
 */
function mostCoveredTicker(folder: DataFolder, candidates: readonly string[]): string | undefined {
  const ranked = candidates
    .map((t) => ({ t, filings: folder.filings(t).length > 0 ? 1 : 0, news: folder.news(t).length }))
    .sort((a, b) => b.filings - a.filings || b.news - a.news || (a.t < b.t ? -1 : 1));
  return ranked[0]?.t;
}

/**
 * The train / test split date inside `inSpan` (the trading days between the
 * first and last usable news day, at least 4): the first of the month nearest
 * to two thirds of the calendar span when that leaves at least 20 trading
 * days on each side, else the trading day two thirds of the way through.
 */
function splitDate(first: string, last: string, inSpan: readonly string[]): string {
  const spanDays = (Date.parse(last) - Date.parse(first)) / 86_400_000;
  const twoThirds = addDays(first, Math.round((2 * spanDays) / 3));
  const [y, m, d] = twoThirds.split("-").map(Number) as [number, number, number];
  const thisMonth = `${twoThirds.slice(0, 7)}-01`;
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  const snapped = d - 1 <= daysInMonth(y, m) - d + 1 ? thisMonth : nextMonth;
  const beforeSnap = inSpan.filter((x) => x < snapped).length;
  const afterSnap = inSpan.filter((x) => x >= snapped).length;
  if (beforeSnap >= 20 && afterSnap >= 20) return snapped;
  const twoThirdsDay = inSpan[Math.floor((2 * inSpan.length) / 3)];
  if (twoThirdsDay === undefined) throw new RangeError(`finmem: no trading day between ${first} and ${last} to split the windows at`);
  return twoThirdsDay;
}

/**
 * The data-dependent defaults: the ticker among those with prices and news
 * that has filings, then the most news (ties alphabetical); train from its
 * first news day, test from the first of the month nearest to two thirds of
 * the news span (at least 20 trading days on each side, else the unsnapped
 * two-thirds point) to its last news day.
 *
 * @example
 * chooseFinMemDefaults(DataFolder.open("../shared/datasets"));
 * // { ticker: "MSFT", trainStart: "2020-03-13", trainEnd: "2020-12-31", testStart: "2021-01-01", testEnd: "2021-05-06" }
 */
export function chooseFinMemDefaults(folder: DataFolder, ticker?: string): FinMemWindows | null {
  const priced = new Set(folder.tickers());
  const candidates = folder.newsTickers().filter((t) => priced.has(t));
  if (candidates.length === 0) return null;
  const chosen = ticker && ticker !== "" ? ticker : mostCoveredTicker(folder, candidates);
  if (chosen === undefined) return null;
  const news = folder.news(chosen);
  const dates = folder.prices(chosen).dates;
  const firstNews = news[0];
  const lastNews = news[news.length - 1];
  const firstPrice = dates[0];
  // The last price day has no next close to score, so the span ends one day before it.
  const lastScorable = dates[dates.length - 2];
  if (firstNews === undefined || lastNews === undefined || firstPrice === undefined || lastScorable === undefined || dates.length < 3) return null;
  const first = firstNews.date > firstPrice ? firstNews.date : firstPrice;
  const last = lastNews.date < lastScorable ? lastNews.date : lastScorable;
  const inSpan = dates.filter((d) => d >= first && d <= last);
  if (inSpan.length < 4) return null;
  const split = splitDate(first, last, inSpan);
  return { ticker: chosen, trainStart: first, trainEnd: addDays(split, -1), testStart: split, testEnd: last };
}

/**
 * Loop options from a resolved config (windows must be filled).
 *
 * @example
 * loopOptionsFromConfig({ ...config, shallowQ: "paper" }).memory.layers.shallow.recencyQ; // 14
 */
export function loopOptionsFromConfig(config: FinMemConfig): FinMemLoopOptions {
  return {
    ...DEFAULT_LOOP_OPTIONS,
    ...windowsOf(config),
    topK: config.topK,
    riskMode: config.riskMode,
    riskWindow: config.riskWindow,
    momentumWindow: config.momentumWindow,
    feedbackWindow: config.feedbackWindow,
    feedbackPosition: config.feedbackPosition,
    extendedReflectionEvery: config.extendedReflectionEvery,
    maxNewsPerDay: config.maxNewsPerDay,
    memory: memoryParams({ shallowQ: config.shallowQ }),
  };
}

/**
 * Fill empty ticker / window keys from the data folder.
 *
 * @example
 * resolveWindows(finmemConfigSchema.parse({}), DataFolder.open("../shared/datasets")).ticker; // "MSFT"
 */
export function resolveWindows(config: FinMemConfig, folder: DataFolder): FinMemConfig {
  if (config.ticker && config.trainStart && config.trainEnd && config.testStart && config.testEnd) return config;
  const d = chooseFinMemDefaults(folder, config.ticker || undefined);
  if (!d)
    throw new Error(
      `finmem: cannot choose default windows: no ticker with both prices/ and news/ in ${folder.dir}; set ticker, trainStart, trainEnd, testStart, testEnd`,
    );
  return {
    ...config,
    ticker: config.ticker || d.ticker,
    trainStart: config.trainStart || d.trainStart,
    trainEnd: config.trainEnd || d.trainEnd,
    testStart: config.testStart || d.testStart,
    testEnd: config.testEnd || d.testEnd,
  };
}

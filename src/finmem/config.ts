/**
 * Configuration of the FinMem experiment (Yu et al., arXiv 2311.13743): every
 * key documented with whose reading its default and options follow
 * (`consilium keys finmem`). Defaults follow the paper where it speaks, the
 * authors' code (pipiku915/FinMem-LLM-StockTrading) where it is silent; where
 * they disagree both are options. Memory constants are the code's values
 * (constants.ts); the windows are in windows.ts.
 */
import { z } from "zod";
import { documented, isoDateOrEmptyKey } from "../core/index";
import type { DataFolder } from "../data/index";
import { memoryParams } from "./constants";
import { DEFAULT_LOOP_OPTIONS } from "./loop";
import type { FinMemLoopOptions } from "./loop-types";
import { anchoredWindows, defaultTicker, describeWindows, paperWindows, windowsOf, type FinMemWindows } from "./windows";

const isoOrEmpty = isoDateOrEmptyKey();

const windowDate = (which: string) =>
  documented(isoOrEmpty.default(""), {
    description: `${which} (YYYY-MM-DD); empty = from the \`window\` key. A date set here wins over the window's.`,
    source: "ours",
  });

export const finmemConfigSchema = z.object({
  ticker: documented(z.string().default(""), {
    description: "Ticker to trade; empty = the data folder's ticker with prices and news that has filings, then the most news.",
    source: "data",
  }),
  window: documented(z.enum(["anchored", "paper"]).default("anchored"), {
    description:
      "Train / test windows: anchored on the ticker's first news day (trainMonths of training, then testMonths of test; never moves when later data is added), " +
      "or the paper's windows (train 2021-08-17 .. 2022-10-05, test 2022-10-06 .. 2023-04-10) for its tickers TSLA, NFLX, AMZN, MSFT, COIN (an error when the data has no news there).",
    readings: { anchored: "ours", paper: "paper" },
  }),
  trainMonths: documented(z.number().int().min(1).max(120).default(9), {
    description: "window=anchored: months of training from the first news day (the paper: six months to a year of training suffice).",
    source: "ours",
  }),
  testMonths: documented(z.number().int().min(1).max(120).default(4), {
    description: "window=anchored: months of test after the training window (9 + 4 fit the 14 months of MSFT news in ../shared/datasets).",
    source: "ours",
  }),
  trainStart: windowDate("First training day"),
  trainEnd: windowDate("Last training day"),
  testStart: windowDate("First test day"),
  testEnd: windowDate("Last test day"),
  topK: documented(z.number().int().min(1).max(100).default(5), {
    description: "Cognitive span K: events retrieved per layer (the paper ablates 1, 3, 5, 10; the authors' TSLA config uses 3).",
    source: "ours",
  }),
  riskMode: documented(z.enum(["seeking", "averse", "adaptive"]).default("adaptive"), {
    description:
      "Risk inclination of the profile: self-adaptive (risk-seeking while the riskWindow-day cumulative return is positive, risk-averse when negative), or fixed.",
    readings: { adaptive: "paper", seeking: "paper", averse: "paper" },
  }),
  shallowQ: documented(z.union([z.enum(["code", "paper"]), z.coerce.number().positive()]).default("code"), {
    description: 'Recency constant Q of the shallow layer: "code" = 3 trading days, "paper" = 14 (a paper-era description), or a number of days.',
    readings: { code: "code", paper: "paper" },
  }),
  embedder: documented(z.enum(["context", "hashing", "tfidf", "minilm", "openai"]).default("context"), {
    description:
      "Embedder of events and of the profile query: the run's (--embedder), hashing, TF-IDF fitted on the training window's text (read as of trainEnd: " +
      "a declared look-ahead for training days), all-MiniLM-L6-v2 on the CPU (a local real sentence embedder; bash scripts/setup-minilm.sh), " +
      "or the endpoint's (needs --embedder openai; the code uses OpenAI embeddings).",
    readings: { context: "ours", hashing: "ours", tfidf: "ours", minilm: "ours", openai: "code" },
  }),
  profileOverview: documented(z.enum(["window", "asOf"]).default("window"), {
    description:
      "The profile's historical performance overview: over the whole training window (the paper; every training prompt then quotes prices up to trainEnd, " +
      "a look-ahead by design), or asOf: on training day t over trainStart .. t only. Test days see the full training window either way.",
    readings: { window: "paper", asOf: "ours" },
  }),
  prompts: documented(z.enum(["authors", "neutral"]).default("authors"), {
    description:
      "Prompt set a real model is sent (src/finmem/prompts/<set>; the offline agents read none). It differs in the test decision: authors = choose buy or sell, hold only when the choice is really hard (the code's prompt); neutral = buy, sell and hold offered alike, what is the same every day first.",
    readings: { authors: "code", neutral: "ours" },
  }),
  promptDir: documented(z.string().default(""), {
    description:
      'Folder of your own prompt templates (a copy of src/finmem/prompts/<set>, edited); "" = the built-in set named by prompts, which still fixes the test decision\'s task version. Checked when loaded: an unknown placeholder, a missing required one or a misspelt file is an error naming the file and line.',
    source: "ours",
  }),
  extendedReflectionEvery: documented(z.number().int().min(0).default(5), {
    description: "Extended reflection every N trading days of a phase (5 = weekly, the paper's tracking period; 0 = off; the code has none).",
    source: "paper",
  }),
  extendedReflectionLayer: documented(z.enum(["deep", "reflection"]).default("deep"), {
    description: "Layer that stores extended reflections: deep (the paper) or the reflection layer with the daily reflections.",
    readings: { deep: "paper", reflection: "ours" },
  }),
  feedbackWindow: documented(z.number().int().min(0).default(7), {
    description: "Feedback lag W: the sign of the last W days' P&L moves the access counters of the ids cited W days earlier (0 = off).",
    source: "code",
  }),
  feedbackPosition: documented(z.enum(["cumulative", "direction"]).default("cumulative"), {
    description:
      "Position whose P&L drives feedback: the code's running holding (sum of the directions so far; training feedback has both signs), or direction_t. " +
      "With direction and the training action equal to the next-day label, every training P&L is >= 0, so training feedback is positive by construction and cited importance grows without bound.",
    readings: { cumulative: "code", direction: "ours" },
  }),
  invalidCitations: documented(z.enum(["hold", "drop"]).default("hold"), {
    description:
      "An answer citing an id not shown in that layer (after the repair round): hold with no citations (the code), or drop: keep the decision, drop the bad ids and count them.",
    readings: { hold: "code", drop: "ours" },
  }),
  onInvalid: documented(z.enum(["fail", "skip"]).default("fail"), {
    description:
      "A summary whose model answer stays invalid after the repair round: fail stops the run (the recorded answers stay in the cache, so rerunning resumes), skip stores no memory for that input and records a gap. An invalid reflection holds with no exposure (a training day keeps the label) and is a gap either way, as in the authors' code; every gap is in artifacts/gaps.json, the tables' notes and the manifest.",
    readings: { fail: "ours", skip: "ours" },
  }),
  lastTestDay: documented(z.enum(["score", "drop"]).default("score"), {
    description: "Score the last test day with the first close after testEnd (score), or only pairs inside the window (drop, the authors' metrics script).",
    readings: { score: "ours", drop: "code" },
  }),
  momentumWindow: documented(z.number().int().min(1).default(3), {
    description: "Momentum window M of the test observation: the sign of P_t - P_{t-M}.",
    source: "code",
  }),
  riskWindow: documented(z.number().int().min(1).default(3), {
    description: "Window of the self-adaptive risk switch: the cumulative return over the last N trading days (the paper: three days).",
    source: "paper",
  }),
  maxNewsPerDay: documented(z.number().int().min(0).default(0), {
    description: "Cap on news items summarised per day, in the order they became known (0 = all); for cost control with real models.",
    source: "ours",
  }),
  dateOnly: documented(z.enum(["same-session", "next-session"]).default("next-session"), {
    description:
      "When a news item or filing with a date but no time becomes known: on the next session (our default, departing from the authors on purpose for the no-look-ahead rule: " +
      "a date says nothing about the hour, and results are usually released after the close), or on its own date's session (same-session, as the authors' pipelines do; " +
      "`consilium lookahead` lists it as a declared read). Timestamped items always count for the session whose 16:00 New York close (13:00 early closes) they precede.",
    readings: { "same-session": "code", "next-session": "departs" },
  }),
  splits: documented(z.string().default(""), {
    description:
      "Split table (ticker,date,numerator,denominator; ex-dates) that puts price levels in prompts on the basis traded that day; empty = the data folder's prices/_splits.csv " +
      "(the price fetcher writes it). Without either, prompts say the levels are adjusted as of the series' last date. Returns always come from adjusted closes.",
    source: "ours",
  }),
  anonymize: documented(z.boolean().default(false), {
    description:
      "A control for what a model remembers: in every prompt the ticker becomes a stable pseudonym, the company's names and aliases are masked, calendar dates become " +
      'relative sessions ("session t-3") and price levels are rebased to 100 at the window\'s start. The offline agents read unmasked inputs and decide the same.',
    source: "ours",
  }),
  ablate: documented(z.enum(["none", "memory"]).default("none"), {
    description:
      "memory: also run with no memory shown (momentum and risk inclination only) and put it as a row beside the full run in finmem_metrics, " +
      "with the share of directional test days on which the two decide differently (does memory decide anything?).",
    source: "ours",
  }),
  toneBaseWindow: documented(z.number().int().min(1).default(20), {
    description:
      "Offline agents only: sessions over which the base rate of news tone is measured; a shown news item counts by how far its tone is from that base rate, not by its sign.",
    source: "ours",
  }),
});
export type FinMemConfig = z.output<typeof finmemConfigSchema>;

/**
 * The data-dependent default: the ticker (see `defaultTicker`); the windows
 * follow from `window` once the other keys are known (`resolveWindows`).
 *
 * @example
 * chooseFinMemDefaults(DataFolder.open("../shared/datasets")); // { ticker: "MSFT" }
 */
export function chooseFinMemDefaults(folder: DataFolder): Pick<FinMemConfig, "ticker"> | null {
  const ticker = defaultTicker(folder);
  return ticker === undefined ? null : { ticker };
}

/** The windows the `window` key gives for a config's ticker. */
function windowDefaults(config: FinMemConfig, folder: DataFolder, ticker: string): FinMemWindows {
  return config.window === "paper" ? paperWindows(folder, ticker) : anchoredWindows(folder, ticker, config.trainMonths, config.testMonths);
}

/**
 * Fill the empty ticker / window keys: the ticker from the data folder, the
 * dates from `window` (dates set explicitly are kept).
 *
 * @example
 * resolveWindows(finmemConfigSchema.parse({}), DataFolder.open("../shared/datasets")).testStart; // "2020-12-13"
 */
export function resolveWindows(config: FinMemConfig, folder: DataFolder): FinMemConfig {
  if (config.ticker && config.trainStart && config.trainEnd && config.testStart && config.testEnd) return config;
  const ticker = config.ticker || defaultTicker(folder);
  if (ticker === undefined)
    throw new Error(`finmem: cannot choose a ticker: no ticker with both prices/ and news/ in ${folder.dir}; set ticker (and the windows)`);
  const d = windowDefaults(config, folder, ticker);
  return {
    ...config,
    ticker,
    trainStart: config.trainStart || d.trainStart,
    trainEnd: config.trainEnd || d.trainEnd,
    testStart: config.testStart || d.testStart,
    testEnd: config.testEnd || d.testEnd,
  };
}

/**
 * One line saying where a resolved config's windows come from (printed at the start of a run).
 *
 * @example
 * windowsNotice(config, folder); // "finmem: MSFT, train 2020-03-13 .. 2020-12-12, test 2020-12-13 .. 2021-04-12 (window=anchored: ...)"
 */
export function windowsNotice(config: FinMemConfig, folder: DataFolder): string {
  const origin =
    config.window === "paper"
      ? "window=paper: the paper's windows"
      : `window=anchored: the first ${config.ticker} news day + ${config.trainMonths} months of training, then ${config.testMonths} months of test`;
  const sameAsWindow = (): boolean => {
    try {
      const d = windowDefaults(config, folder, config.ticker);
      return d.trainStart === config.trainStart && d.trainEnd === config.trainEnd && d.testStart === config.testStart && d.testEnd === config.testEnd;
    } catch {
      return false;
    }
  };
  const fromWindow = sameAsWindow();
  return describeWindows(windowsOf(config), fromWindow ? origin : "dates set in the config", folder);
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
    extendedReflectionLayer: config.extendedReflectionLayer,
    profileOverview: config.profileOverview,
    prompts: config.prompts,
    promptDir: config.promptDir,
    invalidCitations: config.invalidCitations,
    onInvalid: config.onInvalid,
    maxNewsPerDay: config.maxNewsPerDay,
    toneBaseWindow: config.toneBaseWindow,
    memory: memoryParams({ shallowQ: config.shallowQ }),
  };
}

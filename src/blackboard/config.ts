/**
 * Configuration of the Blackboard + Black-Litterman experiment: the zod
 * schema with its defaults, every key documented (`consilium keys
 * blackboard`) with whose reading its default follows — the paper's text,
 * the authors' code (their multithreaded script), or ours where both are
 * silent — and the default universe.
 */
import { z } from "zod";
import { documented, isoDateKey } from "../core/index";
import { DataFolder } from "../data/index";
import { SECTOR_ETFS } from "./tools";

const isoDate = isoDateKey();

/** Window, universe and cadence. */
const scheduleKeys = {
  tickers: documented(z.union([z.string(), z.array(z.string())]).default(""), {
    description: "Universe: a comma-separated string or a list; empty = the data folder's stocks (at most maxTickers).",
    source: "data",
  }),
  start: documented(isoDate.default("2025-01-01"), { description: "First test date (the paper's horizon starts 2025-01-01).", source: "paper" }),
  end: documented(isoDate.default("2025-08-29"), { description: "Last test date (the paper's horizon ends 2025-08-29).", source: "paper" }),
  lookback: documented(z.number().int().min(20).default(252), {
    description: "Trading days of returns behind the covariance and the eligibility filter (a ticker needs lookback + 1 prices before the date).",
    source: "paper",
  }),
  rebalanceEvery: documented(z.number().int().min(1).default(10), {
    description:
      "Trading days between rebalances: 10 = the appendix's 'default every 10 trading days' and the abstract's biweekly study; 1 = the main text's daily re-run of the agents.",
    source: "paper",
  }),
  executionLag: documented(z.number().int().min(0).max(20).default(0), {
    description:
      "Sessions between the close the agents read and the close the book trades at: 0 = the paper (trade at the close just read, market-on-close), 1 = the next session's close.",
    source: "paper",
  }),
  maxTickers: documented(z.number().int().min(1).default(60), {
    description: "Largest universe taken from the data folder when tickers is empty.",
    source: "ours",
  }),
  benchmark: documented(z.string().default("SPY"), { description: "Benchmark ticker of the risk report (the paper compares with SPY).", source: "paper" }),
  dateOnly: documented(z.enum(["same-session", "next-session"]).default("next-session"), {
    description:
      "When a news item, post or filing with a date but no time becomes known to the analysts: on the next session (our default, departing from the authors on purpose for the no-look-ahead rule: " +
      "a date says nothing about the hour, and results are usually released after the close), or on its own date's session (same-session, as the authors' pipelines do; " +
      "`consilium lookahead` lists it as a declared read). Timestamped items always count for the session whose 16:00 New York close (13:00 early closes) they precede.",
    readings: { "same-session": "code", "next-session": "departs" },
  }),
  splits: documented(z.string().default(""), {
    description:
      "Split table (ticker,date,numerator,denominator; ex-dates) that puts the price levels the agents read (close, SMA, Bollinger bands, MACD) on the basis of each decision date; " +
      "empty = the data folder's prices/_splits.csv (the price fetcher writes it). Without either, the agents' data says the levels are adjusted as of the series' last date. Returns are unchanged.",
    source: "ours",
  }),
  anonymize: documented(z.boolean().default(false), {
    description:
      "A control for what a model remembers: in every prompt the tickers become stable pseudonyms, the companies' names and aliases are masked, calendar dates become " +
      'relative sessions ("session t-3") and price levels are rebased to 100 at `start`. The offline agents read unmasked inputs and decide the same.',
    source: "ours",
  }),
  rerunAgents: documented(z.boolean().default(true), {
    description:
      "true: the agents re-run on every rebalance date (the paper's text); false: they run on Day 0 only and later rebalances reuse those views (the authors' multithreaded script; a ticker eligible only later gets no agent view).",
    source: "paper",
  }),
};

/** Black-Litterman prior, views and confidence. */
const viewKeys = {
  delta: documented(z.number().positive().default(3), {
    description: "Risk aversion delta of the prior pi = delta Sigma w_mkt and of the optimiser.",
    source: "paper",
  }),
  tau: documented(z.number().positive().default(0.025), { description: "Prior uncertainty scalar tau.", source: "paper" }),
  omegaScale: documented(z.number().positive().default(0.5), {
    description: "c in Omega = c diag(tau Sigma) (the paper's confidence scaling factor).",
    source: "paper",
  }),
  viewSize: documented(z.number().positive().max(1).default(0.02), {
    description: "Annualised return of a BUY view (a SELL is minus it): the paper's +-2 %.",
    source: "paper",
  }),
  holdView: documented(z.enum(["zero", "none"]).default("zero"), {
    description: "HOLD as a 0 % absolute view (the paper: P = I, every retained ticker gets a view) or as no view at all, so the prior stands for that ticker.",
    readings: { zero: "paper", none: "ours" },
  }),
  viewMode: documented(z.enum(["fixed", "confidence", "omega"]).default("fixed"), {
    description:
      "How a view's confidence C enters: fixed (Q = +-viewSize, the paper), confidence (Q = +-viewSize x C), or omega (Q fixed, Omega_ii = c tau Sigma_ii / max(C, 0.05): the paper's future work i, confidence through Omega).",
    readings: { fixed: "paper" },
  }),
  confidence: documented(z.enum(["judge", "consensus"]).default("judge"), {
    description:
      "The confidence C of a view: judge = the risk judge's RiskAssessment confidence (what the paper hands to BL); consensus = (research manager's + judge's confidence) / 2 x the share of the four voices (the research manager's view and the three risk managers' final positions) that agree with the judge's action.",
    readings: { judge: "paper" },
  }),
  marketWeights: documented(z.enum(["marketCap", "holdings", "equal"]).default("marketCap"), {
    description:
      "w_mkt of the prior: marketCap = market caps at the close of each decision date (the paper's text): that close x the shares of the last filing known by it (fundamentals/, known-at rule; else the universe file's sharesOutstanding); a rebalance without every cap uses equal weights (ours), counted per rebalance in the console, config.json (effective), the manifest and the report. holdings = the current book, 1/N when flat (the authors' code), equal = 1/N.",
    readings: { marketCap: "paper", holdings: "code", equal: "ours" },
  }),
  covariance: documented(z.enum(["sample", "ledoit-wolf"]).default("sample"), {
    description: "Covariance estimator: the sample covariance (ddof 1, x 252; the paper) or Ledoit-Wolf shrinkage to constant correlation.",
    readings: { sample: "paper", "ledoit-wolf": "ours" },
  }),
  topK: documented(z.number().int().min(0).default(0), {
    description:
      "Top-k view filtering (named in the paper's conclusion): run the debates only for the k tickers with the strongest analyst signal (|confidence-weighted mean signal|); the others get no view, so the prior stands for them. 0 = every ticker (the paper's runs).",
    source: "paper",
  }),
  historyDays: documented(z.number().int().min(0).max(366).default(30), {
    description:
      "Calendar days of earlier blackboard messages for the same ticker (FinalReports and RiskAssessments, filtered by ticker, type and date window) that the researchers, research manager and risk judge read: the paper's queryable context. 0 = none.",
    source: "ours",
  }),
};

/** Portfolio construction and frictions. */
const bookKeys = {
  longOnly: documented(z.union([z.boolean(), z.enum(["clip", "optimize", "none"])]).default("clip"), {
    description:
      "clip: the unconstrained BL weights with negatives clipped and renormalised (the paper); optimize: the exact long-only maximiser of mu_BL'w - (delta/2) w'Sigma_BL w - turnoverPenalty |w - w_prev|_1 with sum(w) = 1 and minWeight <= w <= maxWeight; none: the paper's normalised long-short solution. true / false are accepted as clip / none.",
    readings: { clip: "paper", none: "paper" },
  }),
  maxWeight: documented(z.number().gt(0).max(1).default(1), {
    description:
      "Upper bound per asset of a long-only book (1 = none, the paper). Fewer than 1 / maxWeight eligible tickers is an error, never a silent raise.",
    source: "paper",
  }),
  minWeight: documented(z.number().min(0).max(1).default(0), {
    description: "Lower bound per eligible asset of a long-only book (0 = none).",
    source: "paper",
  }),
  turnoverPenalty: documented(z.number().min(0).default(0), {
    description: "lambda of the L1 turnover term of longOnly=optimize, in return units per unit of turnover (the paper's future work iv); 0 = none.",
    source: "paper",
  }),
  sizing: documented(z.enum(["none", "trader", "risk"]).default("none"), {
    description:
      "Whether position sizes reach the weights: none (the paper: only the views reach BL); trader = each BL weight x the trader's size_scale x (1 - hedge ratio of the hedging chain); risk = x the risk judge's position_scale x (1 - hedge ratio). The freed weight stays in cash; a book above 100 % is scaled back to 100 %; maxWeight still holds.",
    readings: { none: "paper" },
  }),
  feesBps: documented(z.number().min(0).default(5), { description: "Fees in basis points per unit of two-sided turnover.", source: "paper" }),
  slippageBps: documented(z.number().min(0).default(5), { description: "Slippage in basis points per unit of two-sided turnover.", source: "paper" }),
};

/** The agents and the study. */
const studyKeys = {
  debateRounds: documented(z.number().int().min(1).max(10).default(2), {
    description: "Rounds of the bull/bear and risk debates ('typically 2-3 rounds per side'), fewer on consensus or when no new evidence emerges.",
    source: "paper",
  }),
  ablate: documented(z.enum(["none", "debate", "risk", "alpha", "views"]).default("none"), {
    description:
      "Ablation of one component (the paper's future work vi): debate = no bull/bear debate (the manager weighs the analysts' evidence directly); risk = no risk layer (the trader's proposal is the view); alpha = no Chain-of-Alpha (the trader passes the research view through); views = no agents, prior only.",
    readings: { none: "paper" },
  }),
  traceTicker: documented(z.string().default(""), {
    description: "Ticker of the appendix trace and the perturbation (empty = the Day-0 BUY with the largest weight).",
    source: "ours",
  }),
  trials: documented(z.number().int().min(1).default(10), { description: "Trials behind the Deflated Sharpe Ratio.", source: "ours" }),
  onInvalid: documented(z.enum(["fail", "skip"]).default("fail"), {
    description:
      "An agent's answer that stays invalid after the repair round: fail stops the run (the recorded answers stay in the cache, so rerunning resumes); skip gives that ticker no view at that rebalance (the prior stands, view source gap), records the gap (artifacts/gaps.json, the tables' notes, the manifest) and goes on.",
    readings: { fail: "ours", skip: "ours" },
  }),
};

/** What a real model is sent (the offline agents read no prompt). */
const promptKeys = {
  prompts: documented(z.enum(["paper"]).default("paper"), {
    description:
      "Prompt set a real model is sent (src/blackboard/prompts/<set>/, one file per agent task): paper = the paper's protocol (its roles, typed messages and fields, §3.2) in the project's words, the one built-in set. The offline agents read none.",
    source: "ours",
  }),
  promptDir: documented(z.string().default(""), {
    description:
      'Folder of your own prompt templates (a copy of src/blackboard/prompts/paper, edited; syntax and placeholders in src/blackboard/prompts/README.md); "" = the built-in set named by prompts. Checked when the run starts: an unknown, misplaced or missing placeholder, an unknown or missing file is an error naming the file and line.',
    source: "ours",
  }),
};

export const blackboardConfigSchema = z.object({ ...scheduleKeys, ...viewKeys, ...bookKeys, ...studyKeys, ...promptKeys });
export type BlackboardConfig = z.infer<typeof blackboardConfigSchema>;

/** The long-only construction of a run (`longOnly` true / false are the old aliases of clip / none). */
export type LongOnlyMode = "clip" | "optimize" | "none";

/**
 * The `longOnly` key as a mode.
 *
 * @example
 * longOnlyMode(true); // "clip"
 * longOnlyMode("optimize"); // "optimize"
 */
export function longOnlyMode(value: BlackboardConfig["longOnly"]): LongOnlyMode {
  return value === true ? "clip" : value === false ? "none" : value;
}

/**
 * Combinations of keys that cannot work together, as one error naming the
 * keys (checked before any agent runs).
 *
 * @example
 * checkConfig({ ...config, longOnly: "none", maxWeight: 0.2 }); // throws: maxWeight applies to long-only books
 */
export function checkConfig(config: BlackboardConfig): void {
  const mode = longOnlyMode(config.longOnly);
  const problems: string[] = [];
  if (mode === "none" && (config.maxWeight < 1 || config.minWeight > 0))
    problems.push('"maxWeight" / "minWeight" bound long-only books only (longOnly=clip or optimize)');
  if (mode !== "optimize" && config.turnoverPenalty > 0) problems.push('"turnoverPenalty" needs longOnly=optimize (clipping has no objective to penalise)');
  if (mode === "none" && config.sizing !== "none") problems.push('"sizing" scales long-only books only (longOnly=clip or optimize)');
  if (config.minWeight > config.maxWeight) problems.push(`"minWeight" ${config.minWeight} exceeds "maxWeight" ${config.maxWeight}`);
  if (config.ablate === "views" && config.topK > 0) problems.push('"topK" filters agent views, and ablate=views has none');
  if (problems.length) throw new Error(`blackboard: ${problems.join("; ")}`);
}

/**
 * Default universe: tickers the manifest marks as stocks (or, without a
 * manifest type, everything but the benchmark and the sector ETFs), sorted,
 * at most `max`.
 *
 * @example
 * defaultUniverse(DataFolder.open("../shared/datasets"), 60).length; // 59
 */
export function defaultUniverse(data: DataFolder, max: number, benchmark = "SPY"): string[] {
  const etfs = new Set(Object.values(SECTOR_ETFS));
  const all = data.tickers().filter((t) => t !== benchmark);
  const stocks = all.filter((t) => data.tickerInfo(t).type.toLowerCase() === "stock");
  const pool = stocks.length ? stocks : all.filter((t) => !etfs.has(t) && data.tickerInfo(t).type.toLowerCase() !== "etf");
  return pool.slice(0, max);
}

/**
 * The experiment's data-dependent defaults: the data folder's stock universe
 * (at most 60 tickers, opened without validation); none when the folder
 * cannot be opened, so the schema's defaults apply.
 *
 * @example
 * blackboardDefaults("datasets").tickers; // ["ALTA", "AQLW", ...]
 */
export function blackboardDefaults(dataDir: string): Partial<BlackboardConfig> {
  try {
    return { tickers: defaultUniverse(DataFolder.open(dataDir, { validate: false }), 60) };
  } catch {
    return {};
  }
}

/**
 * The `tickers` key as a list: split on commas, trimmed, empties dropped,
 * first occurrence kept.
 *
 * @example
 * parseTickers(" AAPL,MSFT,,AAPL "); // ["AAPL", "MSFT"]
 */
export function parseTickers(value: string | string[]): string[] {
  const list = Array.isArray(value) ? value : value.split(",");
  return [...new Set(list.map((t) => t.trim()).filter((t) => t !== ""))];
}

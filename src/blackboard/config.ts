/**
 * Configuration of the Blackboard + Black-Litterman experiment: the zod
 * schema with its defaults, and the default universe. Which keys choose
 * between the paper's text and the authors' code is told in the module doc
 * of experiment.ts.
 */
import { z } from "zod";
import { DataFolder } from "../data/index";
import { SECTOR_ETFS } from "./tools";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

export const blackboardConfigSchema = z.object({
  /** Universe: comma-separated string or list; empty = the data folder's stocks (at most maxTickers). */
  tickers: z.union([z.string(), z.array(z.string())]).default(""),
  start: isoDate.default("2025-01-01"),
  end: isoDate.default("2025-08-29"),
  lookback: z.number().int().min(20).default(252),
  rebalanceEvery: z.number().int().min(1).default(10),
  delta: z.number().positive().default(3),
  tau: z.number().positive().default(0.025),
  omegaScale: z.number().positive().default(0.5),
  longOnly: z.boolean().default(true),
  feesBps: z.number().min(0).default(5),
  slippageBps: z.number().min(0).default(5),
  debateRounds: z.number().int().min(1).max(10).default(2),
  viewMode: z.enum(["fixed", "confidence"]).default("fixed"),
  marketWeights: z.enum(["marketCap", "holdings", "equal"]).default("marketCap"),
  /** Covariance estimator: the paper's sample covariance or Ledoit-Wolf shrinkage. */
  covariance: z.enum(["sample", "ledoit-wolf"]).default("sample"),
  /** Optional upper bound per asset on long-only weights (1 = none, the paper's default). */
  maxWeight: z.number().gt(0).max(1).default(1),
  rerunAgents: z.boolean().default(true),
  maxTickers: z.number().int().min(1).default(60),
  benchmark: z.string().default("SPY"),
  /** Ticker of the appendix trace and the perturbation (empty = the Day-0 BUY with the largest weight). */
  traceTicker: z.string().default(""),
  /** Trials for the Deflated Sharpe Ratio. */
  trials: z.number().int().min(1).default(10),
});
export type BlackboardConfig = z.infer<typeof blackboardConfigSchema>;

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

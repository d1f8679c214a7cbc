/**
 * `consilium run blackboard`: the third paper's study. On every rebalance
 * date the per-ticker agent threads run in parallel (under ctx.concurrency,
 * sharing nothing but the blackboard, read by ticker), their RiskAssessments
 * become absolute Black-Litterman views, and the daily engine tracks the
 * portfolio against SPY and an equal-weight book, net of 5 bps fees + 5 bps
 * slippage per unit of turnover.
 *
 * Paper text vs authors' code, both available:
 * - market weights of the prior: text "w_mkt" (market-cap; `marketWeights=marketCap`,
 *   default; falls back to equal weights when the data has no shares outstanding,
 *   reported in the summary) vs code "current holdings, 1/N when flat" (`holdings`);
 * - rebalancing: appendix default every 10 trading days (`rebalanceEvery=10`);
 *   the main text's daily re-run is `rebalanceEvery=1`;
 * - agents: re-run on every rebalance (text) or only on Day 0 with views
 *   reused afterwards (the multithreaded script; `rerunAgents=false`); a
 *   ticker that only becomes eligible after Day 0 then gets HOLD (q = 0,
 *   labelled `default_hold` in bb_views).
 *
 * What reaches the optimizer: only the judge's categorical `final_action`
 * (q = +-0.02 / 0) and, with `viewMode=confidence`, its `confidence`. The
 * risk team's `position_scale` (volatility / drawdown sizing) is logged on the
 * blackboard but, as in the paper's BL layer, does not scale the weights.
 *
 * Timing: agents read data up to and including the decision day's close
 * (posts and articles stamped after 20:00 UTC that day are dropped), the
 * covariance uses returns up to the day before, and the engine trades at that
 * close; messages are stamped from 21:00:00Z of the decision day.
 *
 * The steps live in their own modules: config.ts (the keys), rebalance.ts
 * (the agents on each rebalance date), backtests.ts (the three backtests and
 * their metrics), day-zero.ts (perturbation and trace), report.ts (tables
 * and summary) and figures.ts.
 */
import type { Experiment, ExperimentResult, RunContext } from "../core/index";
import { DataFolder } from "../data/index";
import { evaluateStrategies, runBacktests } from "./backtests";
import { blackboardConfigSchema, blackboardDefaults, defaultUniverse, parseTickers, type BlackboardConfig } from "./config";
import { dayZeroStudy } from "./day-zero";
import { blackboardDryRun } from "./dry-run";
import { blackboardFigures } from "./figures";
import { blackboardSummary, blackboardTables, type BlackboardOutcome } from "./report";

/**
 * The universe of a run, checked against the data folder: the `tickers` key
 * (or the folder's stocks), at most `maxTickers`, each with a price file, as
 * well as the benchmark; and a window with start <= end.
 *
 * @example
 * checkedUniverse(config, DataFolder.open("datasets"), "datasets"); // ["ALTA", "AQLW", ...]
 */
export function checkedUniverse(config: BlackboardConfig, data: DataFolder, dataDir: string): string[] {
  let tickers = parseTickers(config.tickers);
  if (tickers.length === 0) tickers = defaultUniverse(data, config.maxTickers, config.benchmark);
  tickers = tickers.slice(0, config.maxTickers);
  const missing = tickers.filter((t) => !data.hasPrices(t));
  if (missing.length) throw new Error(`blackboard: no price file for ${missing.join(", ")} in ${dataDir}/prices (config key "tickers")`);
  if (!data.hasPrices(config.benchmark))
    throw new Error(`blackboard: benchmark ${config.benchmark} has no price file in ${dataDir}/prices (config key "benchmark")`);
  if (config.start > config.end) throw new Error(`blackboard: start ${config.start} is after end ${config.end}`);
  return tickers;
}

/**
 * Runs the whole study (see module doc): the universe, the three backtests
 * with the agents on every rebalance, their metrics, the Day-0 perturbation
 * and trace, then tables, figures, summary and the blackboard log.
 *
 * @example
 * const result = await runBlackboard(blackboardConfigSchema.parse({ tickers: "ALTA,BRIX", start: "2025-06-02", end: "2025-06-30" }), ctx);
 * result.summary.traceTicker;
 */
export async function runBlackboard(config: BlackboardConfig, ctx: RunContext): Promise<ExperimentResult> {
  const data = DataFolder.open(ctx.dataDir);
  const tickers = checkedUniverse(config, data, ctx.dataDir);
  const runs = await runBacktests(config, tickers, data, ctx);
  const strategies = evaluateStrategies(runs, config);
  const dayZero = dayZeroStudy(runs, config);
  const outcome: BlackboardOutcome = { config, tickers, runs, strategies, dayZero };
  const artifacts = [{ path: "blackboard.jsonl", content: runs.agents.board.toJsonl("canonical") }];
  if (dayZero.trace) artifacts.push({ path: "trace.json", content: JSON.stringify(dayZero.trace, null, 2) + "\n" });
  return {
    tables: blackboardTables(outcome),
    figures: blackboardFigures(runs.portfolio.dates, strategies.all, dayZero.perturbation, dayZero.date),
    summary: blackboardSummary(outcome),
    artifacts,
  };
}

/**
 * The experiment as registered for `consilium run blackboard` (src/run/registry.ts).
 *
 * @example
 * const run = await runExperiment("blackboard", { seed: 7, set: ["tickers=ALTA,BRIX", "start=2025-06-02", "end=2025-06-30"] });
 */
export const blackboardExperiment: Experiment<BlackboardConfig> = {
  name: "blackboard",
  description:
    "Blackboard multi-agent portfolio: analysts, bull/bear and risk debates, Chain-of-Alpha, Black-Litterman allocation and a daily backtest vs SPY and equal weight.",
  configSchema: blackboardConfigSchema as unknown as Experiment<BlackboardConfig>["configSchema"],
  defaults: blackboardDefaults,
  run: runBlackboard,
  dryRun: blackboardDryRun,
};

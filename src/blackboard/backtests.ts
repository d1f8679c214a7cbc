/**
 * The three daily backtests of the study over the same window, costs and
 * execution lag: the agents' Black-Litterman book (rebalanced every
 * `rebalanceEvery` trading days, see rebalance.ts), an equal-weight book on
 * the same schedule and a buy-and-hold of the benchmark; and what each of
 * them measured (the risk report metrics vs the benchmark and the rolling
 * 20- and 60-day Sharpe).
 */
import {
  alignSeries,
  buyAndHold,
  eligibleTickers,
  equalWeightRule,
  testWindow,
  performanceMetrics,
  rollingSharpe,
  runBacktest,
  type AlignedMarket,
  type PerformanceMetrics,
} from "../backtest/index";
import type { RunContext } from "../core/index";
import type { DataFolder } from "../data/index";
import { longOnlyBounds } from "../portfolio/index";
import { blWeightRule, type AllocatorOptions } from "./allocator";
import { longOnlyMode, type BlackboardConfig } from "./config";
import { capsSourceFor, summarizePriors, type ResolvedPrior } from "./prior";
import { itemAt } from "./lookup";
import { AgentRebalancer, type RebalanceRecord } from "./rebalance";

/** A daily backtest of the engine (values, returns, cash, rebalances, turnover and costs). */
export type BacktestRun = Awaited<ReturnType<typeof runBacktest>>;

/** The three backtests and the agents' record of the BL one. */
export interface BlackboardBacktests {
  market: AlignedMarket;
  allocatorOptions: AllocatorOptions;
  /** The prior the rebalances used (marketCap falls back to equal on a date without every cap), counted. */
  prior: ResolvedPrior;
  portfolio: BacktestRun;
  equalWeight: BacktestRun;
  benchmark: ReturnType<typeof buyAndHold>;
  agents: AgentRebalancer;
  /** The first rebalance with an eligible ticker (where the paper runs the full pipeline). */
  dayZero: RebalanceRecord;
}

/**
 * The allocator's options from the config; marketCap reads its caps from
 * the folder's filings (`fundamentals/`) when it has share counts, else from
 * the universe file (prior.ts), and each rebalance records the prior it used.
 *
 * @example
 * allocatorOptionsFor(config, DataFolder.open("../shared/datasets")).caps?.kind; // "universe"
 */
export function allocatorOptionsFor(config: BlackboardConfig, data: DataFolder): AllocatorOptions {
  return {
    lookback: config.lookback,
    delta: config.delta,
    tau: config.tau,
    omegaScale: config.omegaScale,
    viewSize: config.viewSize,
    viewMode: config.viewMode,
    holdView: config.holdView,
    longOnly: longOnlyMode(config.longOnly),
    maxWeight: config.maxWeight,
    minWeight: config.minWeight,
    turnoverPenalty: config.turnoverPenalty,
    marketWeights: config.marketWeights,
    ...(config.marketWeights === "marketCap" ? { caps: capsSourceFor(data) } : {}),
    covariance: config.covariance,
    sizing: config.sizing !== "none",
  };
}

function capsLabel(kind: "filings" | "universe"): string {
  return kind === "filings"
    ? "fundamentals/ (close x the shares of the last filing known at each decision date's close)"
    : "the universe file's sharesOutstanding x each decision date's close (the folder has no share counts in fundamentals/)";
}

/**
 * Run the BL backtest with the agents (progress: one tick per rebalance),
 * then the equal-weight book and the benchmark's buy-and-hold, net of
 * `feesBps` + `slippageBps` per unit of turnover. Throws when no ticker is
 * ever eligible (too little history before `start`).
 *
 * @example
 * const runs = await runBacktests(config, ["ALTA", "BRIX"], DataFolder.open("datasets"), ctx);
 * runs.portfolio.values.at(-1); // final value of the 1,000,000 start
 */
export async function runBacktests(config: BlackboardConfig, tickers: readonly string[], data: DataFolder, ctx: RunContext): Promise<BlackboardBacktests> {
  const calendar = data.calendar();
  const market = alignSeries(
    calendar,
    tickers.map((t) => data.prices(t)),
  );
  const benchClose = itemAt(alignSeries(calendar, [data.prices(config.benchmark)]).close, 0, `${config.benchmark} price column`);
  const allocatorOptions = allocatorOptionsFor(config, data);
  if (allocatorOptions.caps) ctx.log(`blackboard: marketWeights=marketCap from ${capsLabel(allocatorOptions.caps.kind)}`);
  checkBoundsOnEveryRebalance(market, config);
  const agents = new AgentRebalancer(data, tickers, config, ctx);

  const days = calendar.filter((d) => d >= config.start && d <= config.end).length;
  ctx.progress.start("blackboard rebalances", Math.ceil(days / config.rebalanceEvery));
  const costs = {
    start: config.start,
    end: config.end,
    rebalanceEvery: config.rebalanceEvery,
    feesBps: config.feesBps,
    slippageBps: config.slippageBps,
    executionLag: config.executionLag,
  };
  const rule = blWeightRule(
    market,
    allocatorOptions,
    (date, eligible) => agents.decide(date, eligible),
    (allocation, rctx) => agents.record(allocation, rctx),
  );
  const portfolio = await runBacktest(market, costs, rule);
  ctx.progress.done();
  const equalWeight = await runBacktest(market, costs, equalWeightRule(market, config.lookback));
  const benchmark = buyAndHold(calendar, benchClose, config.start, config.end);
  const dayZero = agents.rebalances.find((r) => r.positions.length > 0);
  if (!dayZero) throw new Error(`blackboard: no ticker has ${config.lookback + 1} prices before ${config.start}; lower "lookback" or move "start"`);
  const allocations = agents.rebalances.filter((r) => r.positions.length > 0).map((r) => r.allocation);
  const prior = summarizePriors(config.marketWeights, allocatorOptions.caps?.kind ?? null, allocations);
  if (prior.reason) ctx.log(`blackboard: ${prior.reason}`);
  return { market, allocatorOptions, prior, portfolio, equalWeight, benchmark, agents, dayZero };
}

/**
 * Throws before any agent runs when a long-only book cannot meet the weight
 * bounds on some rebalance date (fewer than 1 / maxWeight eligible tickers,
 * or more than 1 / minWeight), naming the date and the fix.
 *
 * @example
 * checkBoundsOnEveryRebalance(market, { ...config, maxWeight: 0.1 }); // throws on a date with fewer than 10 eligible tickers
 */
export function checkBoundsOnEveryRebalance(market: AlignedMarket, config: BlackboardConfig): void {
  if (longOnlyMode(config.longOnly) === "none" || (config.maxWeight >= 1 && config.minWeight <= 0)) return;
  const { first, last } = testWindow(market.dates, config.start, config.end);
  for (let t = first; t <= last; t += config.rebalanceEvery) {
    const n = eligibleTickers(market, t, config.lookback).length;
    if (n === 0) continue;
    try {
      longOnlyBounds(n, { minWeight: config.minWeight, maxWeight: config.maxWeight }, `on ${market.dates[t]} (${n} eligible tickers)`);
    } catch (error) {
      // The message carries the cause (tslab's TypeScript 5.0 lib has no ErrorOptions).
      // eslint-disable-next-line preserve-caught-error
      throw new Error(`blackboard: ${(error as Error).message} (config keys "maxWeight" / "minWeight")`);
    }
  }
}

/** One strategy of the risk report: its daily series and what they measure. */
export interface StrategyResult {
  name: string;
  values: number[];
  returns: number[];
  turnover: number;
  costs: number;
  /** Risk report metrics vs the benchmark (rf 2%). */
  metrics: PerformanceMetrics;
  /** Rolling 20-day Sharpe ratio (annualized, rf 2%); NaN before the window fills. */
  rollingSharpe: Float64Array;
  /** Rolling 60-day Sharpe ratio (annualized, rf 2%); NaN before the window fills. */
  rollingSharpe60: Float64Array;
}

/** The three strategies by role, and in report order (`all`: BL portfolio, equal weight, benchmark). */
export interface Strategies {
  portfolio: StrategyResult;
  equalWeight: StrategyResult;
  benchmark: StrategyResult;
  all: StrategyResult[];
}

/**
 * Metrics of the three backtests against the benchmark's returns (rf 2%,
 * Deflated Sharpe over `trials`) and their rolling 20- and 60-day Sharpe.
 *
 * @example
 * evaluateStrategies(runs, config).portfolio.metrics.sharpeCagr;
 */
export function evaluateStrategies(runs: BlackboardBacktests, config: BlackboardConfig): Strategies {
  const { portfolio, equalWeight, benchmark } = runs;
  const strategy = (name: string, values: number[], returns: number[], turnover: number, costs: number): StrategyResult => ({
    name,
    values,
    returns,
    turnover,
    costs,
    metrics: performanceMetrics(returns, { benchmark: benchmark.returns, rf: 0.02, trials: config.trials }),
    rollingSharpe: rollingSharpe(returns, 20, { rf: 0.02 }),
    rollingSharpe60: rollingSharpe(returns, 60, { rf: 0.02 }),
  });
  const all = [
    strategy("BL portfolio", portfolio.values, portfolio.returns, portfolio.totalTurnover, portfolio.totalCosts),
    strategy("Equal weight", equalWeight.values, equalWeight.returns, equalWeight.totalTurnover, equalWeight.totalCosts),
    strategy(config.benchmark, benchmark.values, benchmark.returns, 0, 0),
  ] as const;
  return { portfolio: all[0], equalWeight: all[1], benchmark: all[2], all: [...all] };
}

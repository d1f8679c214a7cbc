/**
 * `consilium run blackboard`: the third paper's study. On every rebalance
 * date the per-ticker agent threads run in parallel (under ctx.concurrency,
 * sharing nothing but the blackboard, read by ticker), their RiskAssessments
 * become absolute Black-Litterman views, and the daily engine tracks the
 * portfolio against SPY and an equal-weight book, net of 5 bps fees + 5 bps
 * slippage per unit of turnover.
 *
 * Paper text vs authors' code, both available (every key: config.ts, or
 * `consilium keys blackboard`):
 * - market weights of the prior: text "w_mkt" (market-cap; `marketWeights=marketCap`,
 *   default; without shares outstanding in the data the run uses equal
 *   weights and says so in config.json (`effective`), the manifest and the
 *   tables) vs code "current holdings, 1/N when flat" (`holdings`);
 * - rebalancing: appendix default every 10 trading days (`rebalanceEvery=10`),
 *   the abstract's biweekly study; the main text's daily re-run is
 *   `rebalanceEvery=1`;
 * - agents: re-run on every rebalance (text) or only on Day 0 with views
 *   reused afterwards (the multithreaded script; `rerunAgents=false`).
 *
 * What reaches the optimizer by default: only the judge's categorical
 * `final_action` (q = +-viewSize / 0); with `viewMode=confidence|omega` its
 * confidence (through Q or Omega); with `sizing=trader|risk` the trader's
 * size and hedge ratio. The long-only book is the paper's clipping by
 * default, the exact optimiser with `longOnly=optimize`.
 *
 * Timing: agents read data up to and including the decision day's close
 * (posts and articles count from the session whose New York close they
 * precede: the data layer's known-at rule), the covariance uses returns up to
 * the day before, and the engine trades at that close (`executionLag=0`) or
 * `executionLag` sessions later; messages are stamped from 21:00:00Z of the
 * decision day.
 *
 * The steps live in their own modules: config.ts (the keys), rebalance.ts
 * (the agents on each rebalance date, with the journal of journal.ts),
 * backtests.ts (the three backtests and their metrics), day-zero.ts
 * (perturbation and trace), analytics.ts (hit rate, attribution, frontier),
 * report.ts and report-trading.ts (tables and summary), figures.ts and
 * quant-figures.ts. The agents of a thread (pipeline.ts) are tasks in
 * analysts.ts, researchers.ts, alpha.ts and risk.ts, over the inputs of
 * agent-inputs.ts; what a real model is sent is in prompts/<set>/*.md
 * (prompt-set.ts, tasks.ts), and the offline stand-ins are in offline/.
 */
import { countGaps, dateOnlyDeclaredReads, withGapNote, type Experiment, type ExperimentResult, type RunContext } from "../core/index";
import { DataFolder, relativeSessionLabel } from "../data/index";
import { AnonymizingModel, type Model } from "../llm/index";
import { companyAliases, Masker } from "../text/index";
import { attribution, lastFrontier, viewHitRates } from "./analytics";
import { evaluateStrategies, runBacktests, type BlackboardBacktests } from "./backtests";
import { blackboardConfigSchema, blackboardDefaults, checkConfig, defaultUniverse, parseTickers, type BlackboardConfig } from "./config";
import { dayZeroStudy } from "./day-zero";
import { gapNote } from "./gaps";
import { blackboardDryRun } from "./dry-run";
import { blackboardFigures } from "./figures";
import type { ResolvedPrior } from "./prior";
import { blackboardAblationFigure } from "./quant-figures";
import { blackboardSummary, blackboardTables, type BlackboardAnalytics, type BlackboardOutcome } from "./report";
import { BLACKBOARD_TASK_NAMES } from "./tasks";
import { TOKENS_PER_CHAR } from "./usage";
import { weightMoves } from "./view-vs-weight";

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
 * and trace, the analytics, then tables, figures, summary and the blackboard
 * log; closes the run journal when the run has a folder.
 *
 * @example
 * const result = await runBlackboard(blackboardConfigSchema.parse({ tickers: "ALTA,BRIX", start: "2025-06-02", end: "2025-06-30" }), ctx);
 * result.summary.traceTicker;
 */
export async function runBlackboard(config: BlackboardConfig, ctx: RunContext): Promise<ExperimentResult> {
  checkConfig(config);
  const data = DataFolder.open(ctx.dataDir, { knownAt: { dateOnly: config.dateOnly } });
  const tickers = checkedUniverse(config, data, ctx.dataDir);
  const runs = await runBacktests(config, tickers, data, config.anonymize ? { ...ctx, model: anonymizedModel(ctx.model, tickers, data) } : ctx);
  const strategies = evaluateStrategies(runs, config);
  const dayZero = dayZeroStudy(runs, config);
  const analytics = analyticsOf(runs, config);
  const outcome: BlackboardOutcome = { config, tickers, runs, strategies, dayZero, analytics };
  const artifacts = [{ path: "blackboard.jsonl", content: runs.agents.board.toJsonl("canonical") }];
  if (dayZero.trace) artifacts.push({ path: "trace.json", content: JSON.stringify(dayZero.trace, null, 2) + "\n" });
  const gaps = runs.agents.gaps;
  if (gaps.length > 0) artifacts.push({ path: "gaps.json", content: JSON.stringify(gaps, null, 2) + "\n" });
  const result: ExperimentResult = {
    tables: withGapNote(blackboardTables(outcome), gapNote(gaps)),
    figures: blackboardFigures({
      dates: runs.portfolio.dates,
      strategies: strategies.all,
      perturbation: dayZero.perturbation,
      date: dayZero.date,
      book: { tickers, weights: runs.portfolio.weights, cashShare: runs.portfolio.cash.map((c, t) => c / runs.portfolio.values[t]!) },
      trades: runs.portfolio.rebalances.map((r) => ({ date: r.tradeDate, turnover: r.turnover, cost: r.cost })),
      hitRates: analytics.hitRates,
      frontier: analytics.frontier,
    }),
    summary: blackboardSummary(outcome),
    artifacts,
    ...(runs.prior.reason ? { effective: priorEffective(runs.prior) } : {}),
    gaps: countGaps(gaps, BLACKBOARD_TASK_NAMES),
  };
  runs.agents.finish();
  return result;
}

/**
 * The run's model behind the anonymised control (`anonymize=true`): every
 * message masked for every ticker of the universe (pseudonyms; names from the
 * folder's universe file and their aliases), with dates relative to the
 * call's session. The benchmark and sector ETFs keep their names: they name
 * no firm.
 *
 * @example
 * anonymizedModel(ctx.model, ["MSFT", "NFLX"], data); // prompts say "Company ZZ... (ZZ...)", "session t-3"
 */
export function anonymizedModel(model: Model, tickers: readonly string[], data: DataFolder): Model {
  const entities = tickers.map((ticker) => {
    const name = data.tickerInfo(ticker).name;
    return { ticker, names: name ? companyAliases(name) : [] };
  });
  const masker = new Masker({ entities, relativeDate: relativeSessionLabel });
  return new AnonymizingModel(model, (text, session) => masker.mask(text, session));
}

/**
 * config.json's effective section when the prior is not the requested one:
 * marketWeights as used ("equal" on every rebalance, or "mixed") and the
 * rebalances per prior.
 */
function priorEffective(prior: ResolvedPrior): { config: Record<string, unknown>; notes: string[] } {
  return { config: { marketWeights: prior.used, priorRebalances: prior.rebalances }, notes: prior.reason ? [prior.reason] : [] };
}

/** Hit rates, attribution, the last frontier, the weight moves (bb_view_vs_weight) and the model usage of a run. */
function analyticsOf(runs: BlackboardBacktests, config: BlackboardConfig): BlackboardAnalytics {
  const lastDate = runs.portfolio.dates.at(-1) ?? config.end;
  return {
    hitRates: viewHitRates(runs.market, runs.agents.rebalances, runs.portfolio.rebalances, lastDate),
    attribution: attribution(runs.market, runs.portfolio),
    frontier: lastFrontier(runs.agents.rebalances, { minWeight: config.minWeight, maxWeight: config.maxWeight }),
    moves: weightMoves(runs.market, runs.agents.rebalances, runs.allocatorOptions),
    usage: { tasks: runs.agents.usage.tasks(), tokensPerChar: TOKENS_PER_CHAR },
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
  sweepFigures: (table) => (table.rows.some((r) => "ablate" in r) ? [blackboardAblationFigure(table)] : []),
  dryRun: blackboardDryRun,
  lookahead: { declaredReads: (config, _dataDir, date) => dateOnlyDeclaredReads(config.dateOnly, date) },
};

/**
 * The figure of an ablation sweep table (`consilium sweep blackboard --grid
 * ablate=none,debate,risk,alpha,views`), re-exported for notebooks.
 *
 * @example
 * blackboardAblationFigure(sweep.table).name; // "bb_ablation"
 */
export { blackboardAblationFigure };

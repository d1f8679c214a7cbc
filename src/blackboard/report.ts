/**
 * The tables and the headline summary of the Blackboard experiment: the risk
 * report, the daily values, the BL weights and the agents' views per
 * rebalance, the Day-0 perturbation and trace, then the trading and
 * analytics tables of report-trading.ts. Numbers in table cells go through
 * `roundTableCells` (10 significant digits), so the same seed prints the
 * same digits.
 */
import { RISK_REPORT_METRICS } from "../backtest/index";
import { roundTableCells, tableNumber, type Cell, type Row, type Table } from "../core/index";
import { grossReturnSum, pooledHitRate, type AttributionRow, type FrontierStudy, type HitRateRow } from "./analytics";
import type { BlackboardBacktests, Strategies } from "./backtests";
import { longOnlyMode, type BlackboardConfig } from "./config";
import type { DayZeroStudy } from "./day-zero";
import type { RebalanceRecord, ViewRecord } from "./rebalance";
import { attributionTable, frontierTable, hitRateTable, rebalanceTable, usageTable, viewFlipRate } from "./report-trading";
import type { TaskUsage } from "./usage";
import { viewVsWeightNote, viewVsWeightRows, type WeightMove } from "./view-vs-weight";

/** A table cell: 10 significant digits, null for NaN and infinities. */
const cell = (x: number): Cell => tableNumber(x);

/** The analytics of a run (analytics.ts) and its model usage (usage.ts). */
export interface BlackboardAnalytics {
  hitRates: HitRateRow[];
  attribution: AttributionRow[];
  frontier: FrontierStudy | null;
  /** Every eligible ticker's weight move per rebalance and its Black-Litterman parts (view-vs-weight.ts). */
  moves: WeightMove[];
  usage: { tasks: TaskUsage[]; tokensPerChar: number };
}

/** Everything the tables and the summary are made from. */
export interface BlackboardOutcome {
  config: BlackboardConfig;
  tickers: readonly string[];
  runs: BlackboardBacktests;
  strategies: Strategies;
  dayZero: DayZeroStudy;
  analytics: BlackboardAnalytics;
}

/** "Prior: equal weights (marketWeights=marketCap asked for; ...)" for table notes. */
export function priorNote(runs: BlackboardBacktests): string {
  const { prior } = runs;
  const counts = Object.entries(prior.rebalances)
    .map(([mode, n]) => `${mode} ${n}`)
    .join(", ");
  const from = prior.source ? ` from ${prior.source === "filings" ? "the filings' shares as known at each decision date" : "the universe file's shares"}` : "";
  return prior.reason
    ? `Prior: ${prior.used} weights (rebalances: ${counts}) — ${prior.reason}.`
    : `Prior: ${prior.used} weights${from} (marketWeights=${prior.requested}; rebalances: ${counts}).`;
}

/**
 * The tables, in report order: bb_performance, bb_daily_values, bb_weights,
 * bb_views, bb_view_vs_weight, bb_perturbation, bb_trace, bb_rebalances,
 * bb_hit_rate, bb_attribution, bb_frontier, bb_usage.
 *
 * @example
 * blackboardTables(outcome).map((t) => t.name)[0]; // "bb_performance"
 */
export function blackboardTables(outcome: BlackboardOutcome): Table[] {
  const { config, runs, strategies, dayZero, analytics } = outcome;
  const { perturbation } = dayZero;
  const grossSum = grossReturnSum(runs.portfolio);
  const tables: Table[] = [
    {
      name: "bb_performance",
      title: "Risk report — BL portfolio vs equal weight and the benchmark",
      rows: performanceRows(strategies),
      note: `Daily returns net of ${config.feesBps} bps fees + ${config.slippageBps} bps slippage per unit of turnover (costs: dollars of the 1,000,000 start; costs_pct: as a share of it), trades ${config.executionLag === 0 ? "at the close the agents read" : `${config.executionLag} session(s) after it`}; rf 2%; beta, alpha, tracking error and excess return vs ${config.benchmark}. sharpeCagr = (CAGR - rf) / vol (the paper's headline style); sharpeMeanExcess = mean excess return / std x sqrt(252). Deflated Sharpe with ${config.trials} trials. ${priorNote(runs)}`,
    },
    { name: "bb_daily_values", title: "Daily portfolio values vs benchmark and equal weight", rows: dailyValueRows(runs, strategies) },
    {
      name: "bb_weights",
      title: "Black-Litterman weights per rebalance",
      rows: weightRows(runs.agents.rebalances),
      note: `q = absolute view (empty without a view: the prior stands), omega = its Omega_ii, pi = equilibrium prior, mu_bl = posterior mean (annualized); book_weight = the optimiser's weight (longOnly=${longOnlyMode(config.longOnly)}), weight = after sizing (sizing=${config.sizing}); weight_before = drifted weight just before trading. ${priorNote(runs)}`,
    },
    {
      name: "bb_views",
      title: "Agent views per rebalance",
      rows: runs.agents.views.map(viewRow),
      note:
        (config.ablate === "views"
          ? "No agents (ablate=views): every ticker has no view, so the prior stands."
          : config.rerunAgents
            ? "Agents re-run on every rebalance date."
            : "Agents run on Day 0 only; later rebalances reuse those views (source = reused; default_hold = eligible only after Day 0, so no agent view).") +
        (config.topK > 0 ? ` Top-k filtering: debates ran for the ${config.topK} tickers with the largest |signal| (source = filtered: no view).` : "") +
        ` Confidence rule: ${config.confidence}.`,
    },
    {
      name: "bb_view_vs_weight",
      title: "Why each weight moved — prior weight, view, posterior weight and the main reason",
      rows: viewVsWeightRows(analytics.moves),
      note: viewVsWeightNote(analytics.moves),
    },
    {
      name: "bb_perturbation",
      title: `Perturbation — ${perturbation.ticker} ${perturbation.from} -> ${perturbation.to} on ${dayZero.date}`,
      rows: perturbation.shifts.slice(0, 12).map((s) => ({ ticker: s.ticker, before: cell(s.before), after: cell(s.after), delta: cell(s.delta) })),
      note: "One-step view flip holding every other input fixed (the paper's WAB case); the 12 largest |weight changes|.",
    },
    {
      name: "bb_trace",
      title: `Trace — ${dayZero.ticker} on ${dayZero.date}`,
      rows: traceRows(dayZero),
      note: "Messages of one thread in order; the full redacted trace (tool calls with arguments, decision, weights) is the trace.json artifact.",
    },
    rebalanceTable(runs, config.executionLag),
    hitRateTable(analytics.hitRates),
    attributionTable(analytics.attribution, grossSum),
    frontierTable(analytics.frontier),
    usageTable(analytics.usage.tasks, analytics.usage.tokensPerChar),
  ];
  return tables.map(roundTableCells);
}

function performanceRows(strategies: Strategies): Row[] {
  return strategies.all.map((s) => {
    const row: Row = { strategy: s.name, start_value: cell(1_000_000), final_value: cell(s.values.at(-1) ?? NaN), days: s.returns.length };
    for (const k of RISK_REPORT_METRICS) row[k] = cell(s.metrics[k] as number);
    row.turnover = cell(s.turnover);
    row.costs = cell(s.costs);
    row.costs_pct = cell(s.costs / 1_000_000);
    return row;
  });
}

function dailyValueRows(runs: BlackboardBacktests, strategies: Strategies): Row[] {
  const { portfolio, benchmark, equalWeight } = strategies;
  const dates = runs.portfolio.dates;
  const columns: Record<string, ArrayLike<number>> = {
    portfolio: portfolio.values,
    benchmark: benchmark.values,
    equal_weight: equalWeight.values,
    portfolio_return: portfolio.returns,
    benchmark_return: benchmark.returns,
    equal_weight_return: equalWeight.returns,
    cash: runs.portfolio.cash,
    rolling_sharpe_20d: portfolio.rollingSharpe,
    rolling_sharpe_60d: portfolio.rollingSharpe60,
  };
  for (const [name, column] of Object.entries(columns)) {
    if (column.length !== dates.length) throw new RangeError(`blackboard: ${name} has ${column.length} days, the BL backtest ${dates.length}`);
  }
  return dates.map((date, t) => {
    const row: Row = { date };
    // Every column has one entry per date (checked above).
    for (const [name, column] of Object.entries(columns)) row[name] = cell(column[t]!);
    return row;
  });
}

function weightRows(rebalances: readonly RebalanceRecord[]): Row[] {
  return rebalances.flatMap(({ allocation, positions }) =>
    positions.map((p) => ({
      date: allocation.date,
      ticker: p.ticker,
      action: p.decision.action,
      confidence: p.decision.confidence,
      q: cell(p.q),
      omega: cell(p.omega),
      w_mkt: cell(p.wMkt),
      pi: cell(p.pi),
      mu_bl: cell(p.muBL),
      weight_before: cell(p.weightBefore),
      book_weight: cell(p.bookWeight),
      size: p.decision.size ?? null,
      weight: cell(p.weight),
    })),
  );
}

function viewRow(view: ViewRecord): Row {
  const { report, proposal, assessment } = view.thread ?? {};
  return {
    date: view.date,
    ticker: view.ticker,
    source: view.source,
    signal: view.signal,
    research_view: report?.view ?? null,
    research_confidence: report?.confidence ?? null,
    research_score: report?.score ?? null,
    debate_rounds: report?.debate_rounds ?? null,
    stop_reason: report?.stop_reason ?? null,
    proposal: proposal?.action ?? null,
    final_action: view.decision.action,
    has_view: view.decision.view !== false,
    confidence: view.decision.confidence,
    risk_level: assessment?.risk_level ?? null,
  };
}

function traceRows(dayZero: DayZeroStudy): Row[] {
  return (dayZero.trace?.messages ?? []).map((m) => ({
    timestamp: m.timestamp,
    type: m.type,
    sender: m.sender.role,
    intent: m.intent,
    target: m.target,
    summary: summarizeMessage(m.type, m.content as unknown as Record<string, unknown>),
  }));
}

/**
 * Mean, sample standard deviation, min and max of the finite values (NaN
 * when there are none; the std needs two).
 *
 * @example
 * finiteSpread([1, NaN, 3]); // { mean: 2, std: 1.4142135623730951, min: 1, max: 3 }
 */
export function finiteSpread(values: ArrayLike<number>): { mean: number; std: number; min: number; max: number } {
  const finite = Array.from(values).filter(Number.isFinite);
  const mean = finite.length ? finite.reduce((a, b) => a + b, 0) / finite.length : NaN;
  const std = finite.length > 1 ? Math.sqrt(finite.reduce((a, b) => a + (b - mean) ** 2, 0) / (finite.length - 1)) : NaN;
  return { mean, std, min: finite.length ? Math.min(...finite) : NaN, max: finite.length ? Math.max(...finite) : NaN };
}

/**
 * Headline numbers for the manifest: size of the run, the BL portfolio's
 * risk report, the benchmark's and equal weight's total return, the spread
 * of the rolling 20- and 60-day Sharpe, trading (turnover, costs, view flips),
 * view hit rates, model calls and tokens, the construction and prior used,
 * and the Day-0 study's ticker.
 *
 * @example
 * blackboardSummary(outcome).sharpeCagr;
 */
export function blackboardSummary(outcome: BlackboardOutcome): Record<string, Cell> {
  const { config, tickers, runs, strategies, dayZero, analytics } = outcome;
  const m = strategies.portfolio.metrics;
  const rolling = finiteSpread(strategies.portfolio.rollingSharpe);
  const rolling60 = finiteSpread(strategies.portfolio.rollingSharpe60);
  const flips = viewFlipRate(runs);
  const tasks = analytics.usage.tasks;
  const sum = (pick: (t: TaskUsage) => number) => tasks.reduce((a, t) => a + pick(t), 0);
  const chars = sum((t) => t.promptChars);
  return {
    tickers: tickers.length,
    days: runs.portfolio.dates.length,
    rebalances: runs.portfolio.rebalances.length,
    unexecutedRebalances: runs.portfolio.unexecuted.length,
    messages: runs.agents.board.size,
    totalReturn: cell(m.totalReturn),
    benchmarkTotalReturn: cell(strategies.benchmark.metrics.totalReturn),
    equalWeightTotalReturn: cell(strategies.equalWeight.metrics.totalReturn),
    excessVsBenchmark: cell(m.excessTotalReturn),
    annualizedReturn: cell(m.annualizedReturn),
    annualizedVolatility: cell(m.annualizedVolatility),
    sharpeCagr: cell(m.sharpeCagr),
    sharpeMeanExcess: cell(m.sharpeMeanExcess),
    sortino: cell(m.sortino),
    maxDrawdown: cell(m.maxDrawdown),
    deflatedSharpe: cell(m.deflatedSharpe),
    finalValue: cell(runs.portfolio.values.at(-1) ?? NaN),
    turnover: cell(runs.portfolio.totalTurnover),
    costs: cell(runs.portfolio.totalCosts),
    costsPct: cell(runs.portfolio.totalCosts / 1_000_000),
    viewFlipRate: cell(flips.rate),
    movesAgainstCall: analytics.moves.filter((x) => x.againstCall).length,
    buySellCalls: analytics.moves.filter((x) => x.viewed && x.action !== "HOLD").length,
    buyHitRate: cell(pooledHitRate(analytics.hitRates, "buy")),
    sellHitRate: cell(pooledHitRate(analytics.hitRates, "sell")),
    rollingSharpeMean: cell(rolling.mean),
    rollingSharpeStd: cell(rolling.std),
    rollingSharpeMin: cell(rolling.min),
    rollingSharpeMax: cell(rolling.max),
    rollingSharpe60Mean: cell(rolling60.mean),
    rollingSharpe60Std: cell(rolling60.std),
    modelCalls: sum((t) => t.calls),
    promptChars: chars,
    promptTokensEstimate: Number.isFinite(analytics.usage.tokensPerChar) ? Math.round(chars * analytics.usage.tokensPerChar) : null,
    promptTokens: sum((t) => t.promptTokens),
    completionTokens: sum((t) => t.completionTokens),
    longOnly: longOnlyMode(config.longOnly),
    executionLag: config.executionLag,
    ablate: config.ablate,
    topK: config.topK,
    marketWeightsRequested: runs.prior.requested,
    marketWeightsUsed: runs.prior.used,
    marketWeightsSource: runs.prior.source,
    priorMarketCapRebalances: runs.prior.rebalances.marketCap ?? 0,
    priorEqualRebalances: runs.prior.rebalances.equal ?? 0,
    traceTicker: dayZero.ticker,
    traceDate: dayZero.date,
  };
}

/**
 * One line per blackboard message for the bb_trace table.
 *
 * @example
 * summarizeMessage("RiskAssessment", { final_action: "BUY", confidence: 0.7, risk_level: "Medium" }); // "BUY (confidence 0.7, risk Medium)"
 */
export function summarizeMessage(type: string, c: Record<string, unknown>): string {
  switch (type) {
    case "AnalysisReport":
      return `${c.analyst}: ${c.stance} (signal ${c.signal}, confidence ${c.confidence})`;
    case "DebateComment":
      return `${c.side} r${c.round}: ${String(c.argument).slice(0, 160)}`;
    case "FinalReport":
      return `${c.view} (confidence ${c.confidence}, ${c.stop_reason})`;
    case "TradeProposal":
      return `${c.action} x${c.size_scale} (conviction ${c.conviction})`;
    case "RiskDebateComment":
      return `${c.stance} r${c.round}: ${c.recommended_action} x${c.position_scale}${c.concedes ? " (concedes)" : ""}`;
    case "RiskPosition":
      return `${c.stance}: ${c.action}, risk ${c.risk_level}`;
    case "RiskRecommendation":
      return `${c.stance}: ${(c.actions as string[]).join("; ")}`;
    case "RiskAlert":
      return `${c.metric}: ${c.message}`;
    case "RiskAssessment":
      return `${c.final_action} (confidence ${c.confidence}, risk ${c.risk_level})`;
    case "TradeDecision":
      return `${c.action}: q ${c.view_q}, held weight ${c.weight_before} -> ${c.weight_after}`;
    default:
      return type;
  }
}

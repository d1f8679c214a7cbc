/**
 * The tables and the headline summary of the Blackboard experiment: the risk
 * report, the daily values, the BL weights and the agents' views per
 * rebalance, the Day-0 perturbation and trace. Numbers in table cells are
 * rounded to 8 decimals (`cell`), so the same seed prints the same digits.
 */
import { RISK_REPORT_METRICS } from "../backtest/index";
import { roundTableCells, tableNumber, type Cell, type Row, type Table } from "../core/index";
import type { BlackboardBacktests, Strategies } from "./backtests";
import type { BlackboardConfig } from "./config";
import type { DayZeroStudy } from "./day-zero";
import type { RebalanceRecord, ViewRecord } from "./rebalance";

/** A table cell: rounded to 8 decimals, null for NaN and infinities. */
const cell = (x: number): Cell => tableNumber(x);

/** Everything the tables and the summary are made from. */
export interface BlackboardOutcome {
  config: BlackboardConfig;
  tickers: readonly string[];
  runs: BlackboardBacktests;
  strategies: Strategies;
  dayZero: DayZeroStudy;
}

/**
 * The six tables, in report order: bb_performance, bb_daily_values,
 * bb_weights, bb_views, bb_perturbation, bb_trace.
 *
 * @example
 * blackboardTables(outcome).map((t) => t.name)[0]; // "bb_performance"
 */
export function blackboardTables(outcome: BlackboardOutcome): Table[] {
  const { config, runs, strategies, dayZero } = outcome;
  const { perturbation } = dayZero;
  const tables: Table[] = [
    {
      name: "bb_performance",
      title: "Risk report — BL portfolio vs equal weight and the benchmark",
      rows: performanceRows(strategies),
      note: `Daily returns net of ${config.feesBps} bps fees + ${config.slippageBps} bps slippage per unit of turnover; rf 2%; beta, alpha, tracking error and excess return vs ${config.benchmark}. sharpeCagr = (CAGR - rf) / vol (the paper's headline style); sharpeMeanExcess = mean excess return / std x sqrt(252). Deflated Sharpe with ${config.trials} trials.`,
    },
    { name: "bb_daily_values", title: "Daily portfolio values vs benchmark and equal weight", rows: dailyValueRows(runs, strategies) },
    {
      name: "bb_weights",
      title: "Black-Litterman weights per rebalance",
      rows: weightRows(runs.agents.rebalances),
      note: "q = absolute view, pi = equilibrium prior, mu_bl = posterior mean (annualized); weight_before = drifted weight just before trading.",
    },
    {
      name: "bb_views",
      title: "Agent views per rebalance",
      rows: runs.agents.views.map(viewRow),
      note: config.rerunAgents
        ? "Agents re-run on every rebalance date."
        : "Agents run on Day 0 only; later rebalances reuse those views (source = reused; default_hold = eligible only after Day 0, so no view).",
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
  ];
  return tables.map(roundTableCells);
}

function performanceRows(strategies: Strategies): Row[] {
  return strategies.all.map((s) => {
    const row: Row = { strategy: s.name, start_value: cell(1_000_000), final_value: cell(s.values.at(-1) ?? NaN), days: s.returns.length };
    for (const k of RISK_REPORT_METRICS) row[k] = cell(s.metrics[k] as number);
    row.turnover = cell(s.turnover);
    row.costs = cell(s.costs);
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
      w_mkt: cell(p.wMkt),
      pi: cell(p.pi),
      mu_bl: cell(p.muBL),
      weight_before: cell(p.weightBefore),
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
    research_view: report?.view ?? null,
    research_confidence: report?.confidence ?? null,
    research_score: report?.score ?? null,
    debate_rounds: report?.debate_rounds ?? null,
    stop_reason: report?.stop_reason ?? null,
    proposal: proposal?.action ?? null,
    final_action: view.decision.action,
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
 * of the rolling 20-day Sharpe, the prior used and the Day-0 study's ticker.
 *
 * @example
 * blackboardSummary(outcome).sharpeCagr;
 */
export function blackboardSummary(outcome: BlackboardOutcome): Record<string, Cell> {
  const { tickers, runs, strategies, dayZero } = outcome;
  const m = strategies.portfolio.metrics;
  const rolling = finiteSpread(strategies.portfolio.rollingSharpe);
  return {
    tickers: tickers.length,
    days: runs.portfolio.dates.length,
    rebalances: runs.portfolio.rebalances.length,
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
    rollingSharpeMean: cell(rolling.mean),
    rollingSharpeStd: cell(rolling.std),
    rollingSharpeMin: cell(rolling.min),
    rollingSharpeMax: cell(rolling.max),
    marketWeightsUsed: runs.allocatorOptions.marketWeights,
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
      return `${c.action}: q ${c.view_q}, weight ${c.weight_before} -> ${c.weight_after}`;
    default:
      return type;
  }
}

/**
 * The tables, summary and artifacts of a FinMem run (Yu et al., arXiv
 * 2311.13743): the daily decisions, the memory layers over time, the
 * cumulative-return curves and the metrics against buy-and-hold as the
 * FinMem code defines them, and the project's standard risk report beside them.
 */
import { performanceMetrics, type PerformanceMetrics } from "../backtest/index";
import { roundTableCells, tableNumber, type ExperimentResult, type Row, type Table } from "../core/index";
import type { FinMemConfig } from "./config";
import { LAYERS } from "./constants";
import type { TestEvaluation } from "./evaluation";
import type { FinMemLoopResult } from "./loop";
import type { FinMemMetrics } from "./metrics";
import { windowsOf } from "./windows";

function metricsRow(strategy: string, ticker: string, start: string, end: string, m: FinMemMetrics): Row {
  return {
    strategy,
    ticker,
    start,
    end,
    days: m.days,
    cumulative_return: tableNumber(m.cumulativeReturn),
    annualized_return: tableNumber(m.annualizedReturn),
    annualized_volatility: tableNumber(m.annualizedVolatility),
    sharpe: tableNumber(m.sharpe),
    sharpe_code: tableNumber(m.sharpeCode),
    max_drawdown: tableNumber(m.maxDrawdown),
  };
}

function riskRow(strategy: string, m: PerformanceMetrics): Row {
  return {
    strategy,
    total_return: tableNumber(m.totalReturn),
    annualized_return: tableNumber(m.annualizedReturn),
    annualized_volatility: tableNumber(m.annualizedVolatility),
    sharpe: tableNumber(m.sharpeMeanExcess),
    sortino: tableNumber(m.sortino),
    max_drawdown: tableNumber(m.maxDrawdown),
    calmar: tableNumber(m.calmar),
    var95: tableNumber(m.var95),
    cvar95: tableNumber(m.cvar95),
    beta: tableNumber(m.beta),
    tracking_error: tableNumber(m.trackingError),
    deflated_sharpe: tableNumber(m.deflatedSharpe),
    rf: m.rf,
  };
}

/**
 * `finmem_decisions`: one row per trading day of the run (both phases), with
 * the realised strategy return on scored test days.
 *
 * @example
 * decisionsTable(run, evaluation, "MSFT").rows[0]?.phase; // "train"
 */
export function decisionsTable(run: FinMemLoopResult, evaluation: TestEvaluation, ticker: string): Table {
  const returnOf = new Map(evaluation.days.map((e) => [e.date, e.strategyReturn]));
  return {
    name: "finmem_decisions",
    title: `FinMem daily decisions — ${ticker}`,
    note:
      "One row per trading day. Training days: the action is the next-day label and the reason explains it; test days: the agent's decision. " +
      "cited_* = memory ids cited by the reflection per layer; valid = false when the model output was invalid (forced hold); dropped_citations = ids not shown in their layer, dropped (invalidCitations=drop). " +
      "new_events = records that became known since the previous day (known-at rule: after the 16:00 New York close counts for the next session); profile_through = last close the day's profile overview covers. " +
      "strategy_return = direction * ln(P_{t+1}/P_t) (test days).",
    rows: run.days.map((d) => ({
      date: d.date,
      phase: d.phase,
      decision: d.decision,
      direction: d.direction,
      risk_state: d.riskState,
      momentum: d.momentumSign,
      close: tableNumber(d.close),
      strategy_return: d.phase === "test" ? tableNumber(returnOf.get(d.date) ?? NaN) : null,
      new_events: d.newEvents,
      shown_events: d.shownEvents,
      cited_shallow: d.cited.shallow.join(" "),
      cited_intermediate: d.cited.intermediate.join(" "),
      cited_deep: d.cited.deep.join(" "),
      cited_reflection: d.cited.reflection.join(" "),
      feedback: d.feedback ? d.feedback.sign : null,
      feedback_source: d.feedback ? d.feedback.sourceDate : null,
      valid: d.valid,
      dropped_citations: d.droppedCitations,
      profile_through: d.profileThrough,
      reason: d.reason,
    })),
  };
}

/**
 * `finmem_memory_layers`: one row per (day, layer) with the end-of-day layer statistics.
 *
 * @example
 * memoryLayersTable(run, "MSFT").rows.length; // run.days.length * 4
 */
export function memoryLayersTable(run: FinMemLoopResult, ticker: string): Table {
  return {
    name: "finmem_memory_layers",
    title: `FinMem memory layers over time — ${ticker}`,
    note: "Alive events per layer at the end of each day (after decay, clean-up and promotion), with mean importance, recency and retrieval score (relevancy to the profile + recency + importance/100).",
    rows: run.days.flatMap((d) =>
      d.layers.map((s) => ({
        date: d.date,
        phase: d.phase,
        layer: s.layer,
        count: s.count,
        mean_importance: tableNumber(s.meanImportance),
        mean_recency: tableNumber(s.meanRecency),
        mean_score: tableNumber(s.meanScore),
      })),
    ),
  };
}

/**
 * `finmem_cumulative_returns`: the daily and cumulative returns of FinMem and buy-and-hold over the test window.
 *
 * @example
 * cumulativeReturnsTable(evaluation, "MSFT").rows.at(-1)?.finmem_cumulative; // the window's cumulative return
 */
export function cumulativeReturnsTable(evaluation: TestEvaluation, ticker: string): Table {
  return {
    name: "finmem_cumulative_returns",
    title: `FinMem vs buy-and-hold cumulative return — ${ticker}`,
    note: "Test window. Daily r_t = direction_t * ln(P_{t+1}/P_t); cumulative = running sum (FinMem code).",
    rows: evaluation.days.map((e) => ({
      date: e.date,
      direction: e.direction,
      finmem_return: tableNumber(e.strategyReturn),
      buy_hold_return: tableNumber(e.buyHoldReturn),
      finmem_cumulative: tableNumber(e.finmemCumulative),
      buy_hold_cumulative: tableNumber(e.buyHoldCumulative),
    })),
  };
}

/**
 * `finmem_metrics`: FinMem and buy-and-hold with the FinMem code's metric definitions.
 *
 * @example
 * metricsTable(evaluation, config).rows.map((r) => r.sharpe); // [FinMem, buy-and-hold]
 */
export function metricsTable(evaluation: TestEvaluation, config: Pick<FinMemConfig, "ticker" | "lastTestDay">): Table {
  const { start, end } = evaluation;
  return {
    name: "finmem_metrics",
    title: `FinMem metrics vs buy-and-hold — ${config.ticker}, ${start} .. ${end}`,
    note:
      "As the FinMem code defines them: cumulative return = sum of daily log returns; annualised volatility = sample std * sqrt(252); Sharpe = annualised mean / annualised volatility (rf 0); " +
      "sharpe_code = the authors' script's variant, sum(r) / ((n + 1) / 252) / annualised volatility; max drawdown on the wealth path 1, cumprod(1 + r_t), positive. " +
      (config.lastTestDay === "score"
        ? "The last test day is scored with the first close after testEnd."
        : "The last test day is not scored (pairs inside the window only)."),
    rows: [metricsRow("FinMem", config.ticker, start, end, evaluation.finmem), metricsRow("Buy and hold", config.ticker, start, end, evaluation.buyHold)],
  };
}

/**
 * `finmem_risk_report`: the project's standard performanceMetrics on simple
 * daily returns direction * (P_{t+1}/P_t - 1), benchmark buy-and-hold; null
 * with fewer than two scored days (no volatility to report).
 *
 * @example
 * riskReportTable(evaluation, "MSFT")?.rows[0]?.sortino;
 */
export function riskReportTable(evaluation: TestEvaluation, ticker: string): Table | null {
  if (evaluation.days.length < 2) return null;
  const simple = evaluation.days.map((e) => e.direction * (e.nextClose / e.close - 1));
  const simpleBh = evaluation.days.map((e) => e.nextClose / e.close - 1);
  return {
    name: "finmem_risk_report",
    title: `Project risk report (simple daily returns) — ${ticker}`,
    note: "The project's standard performanceMetrics (src/backtest/metrics) on simple daily returns direction * (P_{t+1}/P_t - 1), benchmark = buy-and-hold, its default rf (2%/yr) and 10 trials for the deflated Sharpe. Not the FinMem code's definitions (see finmem_metrics).",
    rows: [
      riskRow("FinMem", performanceMetrics(simple, { benchmark: simpleBh })),
      riskRow("Buy and hold", performanceMetrics(simpleBh, { benchmark: simpleBh })),
    ],
  };
}

/**
 * Every table of a FinMem run, in report order.
 *
 * @example
 * finmemTables(run, evaluation, config).map((t) => t.name); // ["finmem_decisions", ..., "finmem_risk_report"]
 */
export function finmemTables(run: FinMemLoopResult, evaluation: TestEvaluation, config: FinMemConfig): Table[] {
  const tables = [
    decisionsTable(run, evaluation, config.ticker),
    memoryLayersTable(run, config.ticker),
    cumulativeReturnsTable(evaluation, config.ticker),
    metricsTable(evaluation, config),
  ];
  const risk = riskReportTable(evaluation, config.ticker);
  if (risk) tables.push(risk);
  return tables.map(roundTableCells);
}

/**
 * The run summary: windows, counts, the headline metrics of FinMem and
 * buy-and-hold, the test-day decisions and the final size of each layer.
 *
 * @example
 * finmemSummary(run, evaluation, config).cumulativeReturn; // FinMem's cumulative log return, 6 decimals
 */
export function finmemSummary(run: FinMemLoopResult, evaluation: TestEvaluation, config: FinMemConfig): ExperimentResult["summary"] {
  const { finmem, buyHold } = evaluation;
  const trainDays = run.days.filter((d) => d.phase === "train").length;
  const testDecisions = (decision: string) => run.days.filter((d) => d.phase === "test" && d.decision === decision).length;
  const summary: ExperimentResult["summary"] = {
    ...windowsOf(config),
    topK: config.topK,
    riskMode: config.riskMode,
    trainDays,
    testDays: run.days.length - trainDays,
    eventsStored: run.eventsStored,
    invalidOutputs: run.invalidOutputs,
    repairedOutputs: run.repairedOutputs,
    droppedCitations: run.droppedCitations,
    cumulativeReturn: tableNumber(finmem.cumulativeReturn),
    sharpe: tableNumber(finmem.sharpe),
    sharpeCode: tableNumber(finmem.sharpeCode),
    annualizedVolatility: tableNumber(finmem.annualizedVolatility),
    maxDrawdown: tableNumber(finmem.maxDrawdown),
    buyHoldCumulativeReturn: tableNumber(buyHold.cumulativeReturn),
    buyHoldSharpe: tableNumber(buyHold.sharpe),
    buyHoldMaxDrawdown: tableNumber(buyHold.maxDrawdown),
    testBuys: testDecisions("buy"),
    testSells: testDecisions("sell"),
    testHolds: testDecisions("hold"),
  };
  const finalLayers = run.days[run.days.length - 1]?.layers ?? [];
  for (const l of LAYERS) summary[`finalEvents_${l}`] = finalLayers.find((s) => s.layer === l)?.count ?? 0;
  return summary;
}

/**
 * The run's artifacts: every day record as JSON lines (layer statistics
 * rounded), the agent's profile text and, when the run has gaps, gaps.json.
 *
 * @example
 * finmemArtifacts(run).map((a) => a.path); // ["finmem_days.jsonl", "finmem_profile.txt"]
 */
export function finmemArtifacts(run: FinMemLoopResult): NonNullable<ExperimentResult["artifacts"]> {
  const dayLine = (d: FinMemLoopResult["days"][number]) =>
    JSON.stringify({
      ...d,
      layers: d.layers.map((s) => ({
        ...s,
        meanScore: tableNumber(s.meanScore),
        meanImportance: tableNumber(s.meanImportance),
        meanRecency: tableNumber(s.meanRecency),
      })),
    });
  return [
    { path: "finmem_days.jsonl", content: run.days.map(dayLine).join("\n") + "\n" },
    { path: "finmem_profile.txt", content: `${run.profile.text}\n` },
    ...(run.gaps.length > 0 ? [{ path: "gaps.json", content: `${JSON.stringify(run.gaps, null, 2)}\n` }] : []),
  ];
}

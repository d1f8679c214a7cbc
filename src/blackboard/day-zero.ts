/**
 * The study's two looks at Day 0, the first rebalance with an eligible ticker
 * (where the paper runs the full pipeline): the WAB-style perturbation (flip
 * one ticker's view, hold every other input fixed, re-solve) and the
 * appendix trace of that ticker's thread (messages, tool calls, decision and
 * resulting weights).
 */
import { perturbViews } from "../portfolio/index";
import { covarianceFor, longOnlyUpperBound, trailingReturnColumns } from "./allocator";
import type { BlackboardBacktests } from "./backtests";
import type { BlackboardConfig } from "./config";
import { round8 } from "./numbers";
import type { PositionRecord } from "./rebalance";
import { buildTrace, type DecisionTrace } from "./trace";

/** A one-view perturbation of the Day-0 allocation (`perturbViews`). */
export type Perturbation = ReturnType<typeof perturbViews>;

export interface DayZeroStudy {
  date: string;
  /** The ticker of the trace and of the perturbation. */
  ticker: string;
  perturbation: Perturbation;
  /** Null only when the ticker's thread did not run on Day 0. */
  trace: DecisionTrace | null;
}

/**
 * The ticker to study: `requested` when given (it must be eligible on Day 0),
 * else the first BUY with the largest weight (the first largest weight when
 * there is no BUY).
 *
 * @example
 * pickTracePosition("", "2025-01-02", positions).ticker; // e.g. "BRIX"
 */
export function pickTracePosition(requested: string, date: string, positions: readonly PositionRecord[]): PositionRecord {
  if (requested) {
    const found = positions.find((p) => p.ticker === requested);
    if (!found) throw new Error(`blackboard: traceTicker ${requested} is not eligible on ${date} (eligible: ${positions.map((p) => p.ticker).join(", ")})`);
    return found;
  }
  let best: PositionRecord | undefined;
  for (const p of positions) {
    const isBuy = p.decision.action === "BUY";
    const bestIsBuy = best?.decision.action === "BUY";
    const better = best === undefined || (isBuy && !bestIsBuy) || (isBuy === bestIsBuy && p.weight > best.weight);
    if (better) best = p;
  }
  if (!best) throw new Error(`blackboard: no eligible ticker on ${date} to trace`);
  return best;
}

/**
 * Perturbation and trace on Day 0 for `config.traceTicker` (or the pick of
 * `pickTracePosition`). The perturbation re-solves with the Day-0 covariance,
 * market weights and views, so its baseline is exactly the Day-0 allocation.
 *
 * @example
 * dayZeroStudy(runs, config).perturbation.shifts[0]; // { ticker, before, after, delta }
 */
export function dayZeroStudy(runs: BlackboardBacktests, config: BlackboardConfig): DayZeroStudy {
  const { market, dayZero } = runs;
  const { allocation, positions } = dayZero;
  const picked = pickTracePosition(config.traceTicker, allocation.date, positions);
  const tickers = positions.map((p) => p.ticker);
  const sigma = covarianceFor(trailingReturnColumns(market, allocation.eligible, market.dates.indexOf(allocation.date), config.lookback), config.covariance);
  const perturbation = perturbViews({
    tickers,
    sigma,
    decisions: positions.map((p) => p.decision.action),
    viewOptions: config.viewMode === "confidence" ? { mode: "confidence-scaled", confidences: positions.map((p) => p.decision.confidence) } : { mode: "fixed" },
    market: { mode: "market-cap", marketCaps: allocation.wMkt },
    delta: config.delta,
    tau: config.tau,
    omegaScale: config.omegaScale,
    ticker: picked.ticker,
    longOnly: config.longOnly,
    upper: longOnlyUpperBound(runs.allocatorOptions.maxWeight, tickers.length),
  });
  return { date: allocation.date, ticker: picked.ticker, perturbation, trace: dayZeroTrace(runs, picked) };
}

/** The appendix trace of one Day-0 thread, with the ticker's weights and the ten largest of the book. */
function dayZeroTrace(runs: BlackboardBacktests, picked: PositionRecord): DecisionTrace | null {
  const thread = runs.agents.dayZeroThreads.get(picked.ticker);
  if (!thread) return null;
  const { date } = runs.dayZero.allocation;
  const decision = {
    research_view: thread.report.view,
    research_confidence: thread.report.confidence,
    proposal: thread.proposal.action,
    final_action: thread.assessment.final_action,
    confidence: thread.assessment.confidence,
  };
  const weights = {
    ticker: {
      before: round8(picked.weightBefore),
      after: round8(picked.weight),
      view_q: round8(picked.q),
      prior_return: round8(picked.pi),
      posterior_return: round8(picked.muBL),
    },
    top: runs.dayZero.positions
      .map((p) => ({ ticker: p.ticker, weight: round8(p.weight) }))
      .sort((a, b) => b.weight - a.weight || (a.ticker < b.ticker ? -1 : 1))
      .slice(0, 10),
  };
  return buildTrace(runs.agents.board, date, picked.ticker, thread.toolCalls, thread.llmCalls, decision, weights);
}

/**
 * The study's two looks at Day 0, the first rebalance with an eligible ticker
 * (where the paper runs the full pipeline): the WAB-style perturbation (flip
 * one ticker's view, hold every other input fixed, re-solve) and the
 * appendix trace of that ticker's thread (messages, tool calls, decision and
 * resulting weights).
 */
import { flipView, type ViewLabel } from "../portfolio/index";
import { covarianceFor, trailingReturnColumns } from "./allocator";
import type { BlackboardBacktests } from "./backtests";
import type { BlackboardConfig } from "./config";
import { applySizing, constructPortfolio, type Decision } from "./construction";
import { round8 } from "./numbers";
import type { PositionRecord } from "./rebalance";
import { buildTrace, type DecisionTrace } from "./trace";

/** One ticker's weight before and after the perturbation. */
export interface WeightShift {
  ticker: string;
  before: number;
  after: number;
  /** after - before. */
  delta: number;
}

/** A one-view perturbation of the Day-0 allocation, re-solved with the run's own construction. */
export interface Perturbation {
  ticker: string;
  from: ViewLabel;
  to: ViewLabel;
  /** Every eligible ticker, largest |delta| first (ties by ticker). */
  shifts: WeightShift[];
  /** sum |delta|. */
  turnover: number;
}

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
 * `pickTracePosition`). The perturbation flips that ticker's view
 * (`flipView`: BUY/SELL -> HOLD, HOLD -> BUY) and re-solves with the Day-0
 * covariance, market weights, other views and the run's construction
 * (longOnly mode, bounds, holdView, viewMode, sizing), so its baseline is
 * exactly the Day-0 allocation.
 *
 * @example
 * dayZeroStudy(runs, config).perturbation.shifts[0]; // { ticker, before, after, delta }
 */
export function dayZeroStudy(runs: BlackboardBacktests, config: BlackboardConfig): DayZeroStudy {
  const { market, dayZero, allocatorOptions } = runs;
  const { allocation, positions } = dayZero;
  const picked = pickTracePosition(config.traceTicker, allocation.date, positions);
  const n = positions.length;
  const rows = covarianceFor(trailingReturnColumns(market, allocation.eligible, market.dates.indexOf(allocation.date), config.lookback), config.covariance);
  const sigma = Float64Array.from(rows.flat());
  const previous = positions.map((p) => p.weightBefore);
  const solve = (decisions: readonly Decision[]) => {
    const book = constructPortfolio(sigma, n, decisions, allocation.wMkt, previous, allocatorOptions, allocation.date).weights;
    return allocatorOptions.sizing
      ? applySizing(
          book,
          decisions.map((d) => d.size ?? 1),
          allocatorOptions.maxWeight ?? 1,
        )
      : book;
  };
  const from = picked.decision.action;
  const to = flipView(from);
  const flipped = positions.map((p) => (p.ticker === picked.ticker ? { ...p.decision, action: to, view: true } : p.decision));
  const before = solve(positions.map((p) => p.decision));
  const after = solve(flipped);
  const shifts = positions.map((p, i) => ({ ticker: p.ticker, before: before[i]!, after: after[i]!, delta: after[i]! - before[i]! }));
  shifts.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
  const perturbation = { ticker: picked.ticker, from, to, shifts, turnover: shifts.reduce((acc, x) => acc + Math.abs(x.delta), 0) };
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
    // The decision handed to BL (the trader's proposal when the risk layer is ablated).
    final_action: picked.decision.action,
    confidence: picked.decision.confidence,
  };
  const weights = {
    ticker: {
      before: round8(picked.weightBefore),
      after: round8(picked.weight),
      view_q: picked.viewed ? round8(picked.q) : null,
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

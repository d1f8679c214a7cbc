/**
 * Why each weight moved: per rebalance and ticker, the prior weight, the
 * view, the posterior weight and the Black-Litterman arithmetic that took
 * one to the other (the bb_view_vs_weight table).
 *
 * With absolute views on the viewed tickers V (P = rows V of I):
 *   mu_BL = pi + K (q - pi_V),   K = tau Sigma P^T (P tau Sigma P^T + Omega)^-1
 *   raw   = B mu_BL,             B = (delta Sigma_BL)^-1
 *         = B pi + sum_j (B K)_{.j} (q_j - pi_j)
 * and the paper's long-only book is w = max(raw, 0) / t with t = sum max(raw, 0).
 * With t0 = sum (B pi), the move w_i - w_mkt,i splits exactly into
 *   own view        (B K)_{ij} (q_j - pi_j) / t for j = i
 *   other views     the same for every j != i (they reach i through the covariance)
 *   covariance      ((B pi)_i - w_mkt,i t0) / t: the no-view book under Sigma_BL = Sigma + M is not w_mkt
 *   renormalisation w_mkt,i (t0 - t) / t: the views change the book's total, so every weight is rescaled
 *   constraints     the rest: clipping at zero, weight bounds, the exact optimiser, sizing
 * The main reason is the largest of these with the move's sign; an own-view
 * term against the call (a BUY whose q = +2 % lies below the prior return
 * pi_i, so the view lowers the weight) is reported as "the prior". Sigma is
 * recomputed from the same trailing returns the allocator used.
 */
import type { AlignedMarket } from "../backtest/index";
import { tableNumber, type Row } from "../core/index";
import { choleskyInverse, choleskyLower, choleskySolveLower } from "../stats/index";
import { covarianceFor, trailingReturnColumns, type AllocatorOptions } from "./allocator";
import { itemAt } from "./lookup";
import type { RebalanceRecord } from "./rebalance";

/** The parts a weight move splits into (see module doc), in the order of the table's columns. */
export const MOVE_PARTS = ["own_view", "other_views", "covariance", "renormalisation", "constraints"] as const;
export type MovePart = (typeof MOVE_PARTS)[number];

/** A move smaller than this (in weight) is no move. */
export const MOVE_EPSILON = 1e-6;

/** One ticker at one rebalance: the move from the prior weight and its parts. */
export interface WeightMove {
  date: string;
  ticker: string;
  action: "BUY" | "HOLD" | "SELL";
  viewed: boolean;
  q: number;
  pi: number;
  priorWeight: number;
  weight: number;
  move: number;
  parts: Record<MovePart, number>;
  /** The ticker whose view moved this one most in the move's direction among the other views (null without other views). */
  topOther: { ticker: string; action: string; part: number } | null;
  mainReason: "own view" | "the prior" | "other views" | "covariance" | "renormalisation" | "constraints" | "no move";
  /** A BUY whose weight fell, or a SELL whose weight rose, by more than MOVE_EPSILON. */
  againstCall: boolean;
  /** The sentence of the table, rendered from the numbers above. */
  reason: string;
}

/**
 * The moves of every eligible ticker of every rebalance (see module doc).
 *
 * @example
 * weightMoves(runs.market, runs.agents.rebalances, runs.allocatorOptions).filter((m) => m.againstCall).length;
 */
export function weightMoves(market: AlignedMarket, rebalances: readonly RebalanceRecord[], options: AllocatorOptions): WeightMove[] {
  return rebalances.flatMap((r) => rebalanceMoves(market, r, options));
}

function rebalanceMoves(market: AlignedMarket, record: RebalanceRecord, options: AllocatorOptions): WeightMove[] {
  const { allocation, positions } = record;
  const n = allocation.eligible.length;
  if (n === 0) return [];
  const dayIndex = market.dates.indexOf(allocation.date);
  if (dayIndex < 0) throw new RangeError(`bb_view_vs_weight: rebalance date ${allocation.date} is not a market date`);
  const sigma = covarianceFor(trailingReturnColumns(market, allocation.eligible, dayIndex, options.lookback), options.covariance ?? "sample");
  const tau = options.tau;
  const viewedIdx = allocation.viewed.flatMap((v, i) => (v ? [i] : []));
  const k = viewedIdx.length;
  // A = tau Sigma_VV + Omega (k x k); K^T = A^-1 (tau Sigma_V.) (k x n).
  const a = new Float64Array(k * k);
  viewedIdx.forEach((vi, r) => viewedIdx.forEach((vj, c) => (a[r * k + c] = tau * sigma[vi]![vj]! + (r === c ? allocation.omega[vi]! : 0))));
  const kt = new Float64Array(k * n);
  viewedIdx.forEach((vi, r) => {
    for (let j = 0; j < n; j++) kt[r * n + j] = tau * sigma[vi]![j]!;
  });
  if (k > 0) {
    const lower = choleskyLower(a, k);
    if (!lower) throw new Error(`bb_view_vs_weight: P tau Sigma P^T + Omega is not positive definite on ${allocation.date}`);
    choleskySolveLower(lower, k, kt, n);
  }
  // B = (delta Sigma_BL)^-1.
  const sbl = Float64Array.from(allocation.sigmaBL, (x) => options.delta * x);
  const lowerBL = choleskyLower(sbl, n);
  if (!lowerBL) throw new Error(`bb_view_vs_weight: Sigma_BL is not positive definite on ${allocation.date}`);
  const b = choleskyInverse(lowerBL, n);
  const pi = allocation.pi;
  const bPi = Array.from({ length: n }, (_, i) => dot(b, i, n, (j) => pi[j]!));
  // BK (n x k): column r is B times column r of K = row r of K^T.
  const bk = new Float64Array(n * k);
  for (let r = 0; r < k; r++) for (let i = 0; i < n; i++) bk[i * k + r] = dot(b, i, n, (j) => kt[r * n + j]!);
  const gap = viewedIdx.map((vi) => allocation.q[vi]! - pi[vi]!);
  const raw = bPi.map((x, i) => x + gap.reduce((acc, g, r) => acc + bk[i * k + r]! * g, 0));
  const t = raw.reduce((acc, x) => acc + Math.max(0, x), 0);
  const t0 = bPi.reduce((acc, x) => acc + x, 0);
  const rowOf = new Map(viewedIdx.map((vi, r) => [vi, r]));
  return positions.map((p, i) => {
    const wMkt = allocation.wMkt[i]!;
    const own = rowOf.has(i) ? (bk[i * k + rowOf.get(i)!]! * gap[rowOf.get(i)!]!) / t : 0;
    const contributions = viewedIdx.filter((vi) => vi !== i).map((vi) => ({ vi, part: (bk[i * k + rowOf.get(vi)!]! * gap[rowOf.get(vi)!]!) / t }));
    const others = contributions.reduce((acc, c) => acc + c.part, 0);
    const covariance = (bPi[i]! - wMkt * t0) / t;
    const renormalisation = (wMkt * (t0 - t)) / t;
    const move = p.weight - wMkt;
    const parts: Record<MovePart, number> = {
      own_view: own,
      other_views: others,
      covariance,
      renormalisation,
      constraints: move - own - others - covariance - renormalisation,
    };
    const sign = Math.sign(move);
    const top = contributions.filter((c) => Math.sign(c.part) === sign).sort((x, y) => Math.abs(y.part) - Math.abs(x.part))[0];
    const topOther = top ? { ticker: itemAt(positions, top.vi, "position").ticker, action: allocation.decisions[top.vi]!.action, part: top.part } : null;
    const action = p.decision.action;
    const m: Omit<WeightMove, "mainReason" | "reason"> = {
      date: allocation.date,
      ticker: p.ticker,
      action,
      viewed: p.viewed,
      q: p.q,
      pi: p.pi,
      priorWeight: wMkt,
      weight: p.weight,
      move,
      parts,
      topOther,
      againstCall: p.viewed && ((action === "BUY" && move < -MOVE_EPSILON) || (action === "SELL" && move > MOVE_EPSILON)),
    };
    const mainReason = mainReasonOf(m);
    return { ...m, mainReason, reason: reasonSentence({ ...m, mainReason }) };
  });
}

/** Row i of a row-major n x n matrix times the vector x. */
function dot(m: Float64Array, i: number, n: number, x: (j: number) => number): number {
  let acc = 0;
  for (let j = 0; j < n; j++) acc += m[i * n + j]! * x(j);
  return acc;
}

/**
 * The main reason of a move: the largest part with the move's sign; an own
 * view that moves the weight against its call is "the prior" (its q lies on
 * the other side of pi).
 *
 * @example
 * mainReasonOf({ move: -0.01, action: "BUY", parts: { own_view: -0.008, other_views: -0.002, ... } }); // "the prior"
 */
export function mainReasonOf(m: Pick<WeightMove, "move" | "action" | "parts">): WeightMove["mainReason"] {
  if (Math.abs(m.move) <= MOVE_EPSILON) return "no move";
  const sign = Math.sign(m.move);
  const best = MOVE_PARTS.filter((k) => Math.sign(m.parts[k]) === sign).sort((x, y) => Math.abs(m.parts[y]) - Math.abs(m.parts[x]))[0]!;
  if (best === "own_view") {
    const callSign = m.action === "BUY" ? 1 : m.action === "SELL" ? -1 : 0;
    return callSign === sign ? "own view" : "the prior";
  }
  return best === "other_views" ? "other views" : best;
}

const pp = (x: number) => `${x >= 0 ? "+" : "-"}${Math.abs(100 * x).toFixed(2)} pp`;
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

/**
 * The table's sentence for one move, from its numbers only: the call, the
 * weights, the main reason and its part; for "the prior", q against pi.
 *
 * @example
 * reasonSentence(move); // "BUY: BL prior weight w_mkt 4.00% -> posterior weight 3.10% (-0.90 pp), against the call; main reason the prior (-1.20 pp): q +2.00% is below the prior return 3.40%."
 *
 * The prior weight is the Black-Litterman market prior w_mkt, not the weight
 * held before the rebalance (a TradeDecision's weight_before, the drifted
 * book), so the sentence names it as such.
 */
export function reasonSentence(m: Omit<WeightMove, "reason">): string {
  const call = m.viewed ? m.action : "no view";
  const head = `${call}: BL prior weight w_mkt ${pct(m.priorWeight)} -> posterior weight ${pct(m.weight)} (${pp(m.move)})${m.againstCall ? ", against the call" : ""}`;
  if (m.mainReason === "no move") return `${head}; no move.`;
  const key: MovePart =
    m.mainReason === "own view" || m.mainReason === "the prior" ? "own_view" : m.mainReason === "other views" ? "other_views" : m.mainReason;
  let detail = "";
  if (m.mainReason === "the prior") detail = `: q ${m.q >= 0 ? "+" : ""}${pct(m.q)} is ${m.q < m.pi ? "below" : "above"} the prior return ${pct(m.pi)}`;
  if (m.mainReason === "other views" && m.topOther) detail = `, largest ${m.topOther.ticker} ${m.topOther.action} (${pp(m.topOther.part)})`;
  const sign = Math.sign(m.move);
  const against = MOVE_PARTS.filter((k) => Math.sign(m.parts[k]) === -sign && Math.abs(m.parts[k]) > MOVE_EPSILON).sort(
    (x, y) => Math.abs(m.parts[y]) - Math.abs(m.parts[x]),
  )[0];
  const offset = against ? `; against it ${against.replace("_", " ")} (${pp(m.parts[against])})` : "";
  return `${head}; main reason ${m.mainReason} (${pp(m.parts[key])})${detail}${offset}.`;
}

/**
 * The rows of bb_view_vs_weight.
 *
 * @example
 * viewVsWeightRows(moves)[0].main_reason; // "other views"
 */
export function viewVsWeightRows(moves: readonly WeightMove[]): Row[] {
  return moves.map((m) => ({
    date: m.date,
    ticker: m.ticker,
    action: m.viewed ? m.action : null,
    q: m.viewed ? tableNumber(m.q) : null,
    pi: tableNumber(m.pi),
    prior_weight: tableNumber(m.priorWeight),
    weight: tableNumber(m.weight),
    move: tableNumber(m.move),
    own_view: tableNumber(m.parts.own_view),
    other_views: tableNumber(m.parts.other_views),
    covariance: tableNumber(m.parts.covariance),
    renormalisation: tableNumber(m.parts.renormalisation),
    constraints: tableNumber(m.parts.constraints),
    top_other: m.topOther ? `${m.topOther.ticker} ${m.topOther.action}` : null,
    main_reason: m.mainReason,
    against_call: m.againstCall,
    reason: m.reason,
  }));
}

/**
 * The table note: what the parts are and the count of moves against the call.
 *
 * @example
 * viewVsWeightNote(moves); // "... 12 of 300 BUY/SELL calls moved against the call (BUY 9 of 140, SELL 3 of 160) ..."
 */
export function viewVsWeightNote(moves: readonly WeightMove[]): string {
  const calls = (a: string) => moves.filter((m) => m.viewed && m.action === a);
  const against = (a: string) => calls(a).filter((m) => m.againstCall).length;
  const reasons = new Map<string, number>();
  for (const m of moves.filter((x) => x.againstCall)) reasons.set(m.mainReason, (reasons.get(m.mainReason) ?? 0) + 1);
  const byReason = [...reasons]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .map(([r, c]) => `${r} ${c}`)
    .join(", ");
  const total = calls("BUY").length + calls("SELL").length;
  return (
    `Moves against the call: ${against("BUY") + against("SELL")} of ${total} BUY/SELL calls (BUY whose weight fell below the prior weight: ${against("BUY")} of ${calls("BUY").length}; ` +
    `SELL whose weight rose above it: ${against("SELL")} of ${calls("SELL").length})${byReason ? `; main reasons: ${byReason}` : ""}. ` +
    "prior_weight = the Black-Litterman prior w_mkt (not the held, drifted weight before the rebalance: a TradeDecision's weight_before). " +
    "move = weight - prior_weight, split exactly into own_view + other_views + covariance + renormalisation + constraints: with raw = (delta Sigma_BL)^-1 mu_BL = B pi + B K (q - pi), " +
    "the own and other views are the terms of B K (q - pi) divided by the book total t; covariance = the no-view book B pi (normalised) minus the prior weight; " +
    "renormalisation = the rescaling of the book by the views' change of its total; constraints = clipping at zero, bounds, optimiser and sizing. " +
    "main_reason = the largest part with the move's sign; 'the prior' = the own view moved the weight against its call because q lies on the other side of the prior return pi."
  );
}

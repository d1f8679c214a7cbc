/**
 * Collective decision protocols of Sentimental Agents (§3.2, Definitions 3-5):
 * Borda count, tiered list from valence, and the gut-feeling list from
 * volatility and conviction. Every protocol reads one score per agent and
 * item, the *decision basis*: the agent's final opinion S_i^O(t) at the last
 * round (§6.2.3, the default), or, as the authors' code does, the mean of its
 * statement sentiments ("average", the code's default) or its last
 * statement's sentiment ("last_value").
 *
 * Paper text vs authors' code (both offered as named options, text default):
 * - Borda "paper": the top item of each agent gets n points, the last 1; items
 *   are ranked by descending total. "code": per-agent ranks (1 = highest
 *   sentiment) are summed and sorted so that position 1 is the LARGEST rank
 *   sum, i.e. the least-liked item. The paper's Table 5 follows the code.
 * - Conviction "paper": score / volatility (§6.2.3 text). "code": score x
 *   volatility. The paper's printed Table 8 is a product, not a quotient: it
 *   equals Table 4 x Table 7 cell by cell (CFO on Kimberly Carr: -0.51 x 0.58
 *   = -0.30; RPM on Justin Davis: 0.37 x 0.34 = 0.13). With the code's
 *   settings (basis "mean", conviction "code") the run's own Table 8 is its
 *   Table 4 x Table 7 in every cell.
 * - Volatility is the population std (authors' code). The paper's Table 7
 *   prints negative volatilities (e.g. VPE on Mikayla Garrison, -0.47), which
 *   no standard deviation can be; we follow the code's definition.
 * - Gut feeling (Definition 5) reads two ways: a Borda count over each
 *   agent's conviction ranks (the shape of Table 9: per-agent ranks + a Borda
 *   rank; our `rank`), or a ranking by the total conviction T^I_j = sum_i I
 *   (the formula in the text; our `totalConvictionRank`). Both are reported.
 */
import { mean, std } from "../stats/index";

export type BordaVariant = "paper" | "code";
export const BORDA_VARIANTS: readonly BordaVariant[] = ["paper", "code"];

export type ConvictionVariant = "paper" | "code";
export const CONVICTION_VARIANTS: readonly ConvictionVariant[] = ["paper", "code"];

export type TierRule = "veto" | "mean" | "majority";

/** The per-agent score every protocol reads: eq. 4's final opinion (text), or the code's mean / last statement sentiment. */
export type DecisionBasis = "opinion" | "mean" | "last";
export const DECISION_BASES: readonly DecisionBasis[] = ["opinion", "mean", "last"];

/**
 * The decision score of one agent toward one item: its final opinion
 * ("opinion"), the mean of its statement sentiments ("mean") or the last
 * one ("last"). An agent with no valid statement (every turn a gap) keeps
 * the prior 0.
 *
 * @example
 * decisionScore({ finalOpinion: 0.35, statementSentiments: [0.2, 0.6] }, "opinion"); // 0.35
 * decisionScore({ finalOpinion: 0.35, statementSentiments: [0.2, 0.6] }, "mean");    // 0.4
 * decisionScore({ finalOpinion: 0.35, statementSentiments: [0.2, 0.6] }, "last");    // 0.6
 */
export function decisionScore(agent: { finalOpinion: number; statementSentiments: readonly number[] }, basis: DecisionBasis): number {
  const s = agent.statementSentiments;
  if (basis === "opinion") return agent.finalOpinion;
  if (basis === "mean") return s.length > 0 ? mean(s) : 0;
  if (basis === "last") return s.at(-1) ?? 0;
  throw new RangeError(`decisionScore: unknown basis "${String(basis)}"; choose one of ${DECISION_BASES.join(", ")}`);
}
export const TIER_RULES: readonly TierRule[] = ["veto", "mean", "majority"];

/** Valence thresholds of Definition 4. */
export const VALENCE_THRESHOLD = 0.5;

/**
 * Competition ("min") ranking in descending order of value: the largest value
 * gets rank 1, ties share the smallest rank (pandas `rank(method="min",
 * ascending=False)`), e.g. [5, 9, 9, 1] -> [3, 1, 1, 4].
 *
 * @example
 * rankDescending([0.2, 0.9, 0.9, -0.4]); // [3, 1, 1, 4]
 */
export function rankDescending(values: readonly number[]): number[] {
  for (const [i, v] of values.entries()) {
    if (!Number.isFinite(v)) throw new RangeError(`rankDescending: value ${i} is not finite (${v})`);
  }
  return values.map((v) => 1 + values.filter((w) => w > v).length);
}

export interface BordaResult {
  variant: BordaVariant;
  /** [agent][item]: the agent's rank of the item, 1 = its highest score. */
  agentRanks: number[][];
  /** [agent][item]: Borda points (paper: n + 1 - rank; code: the rank itself). */
  points: number[][];
  /** Per item: total points (paper) or rank sum (code). */
  totals: number[];
  /** Per item: collective position, 1 = first place; ties share the smallest position. */
  rank: number[];
}

/**
 * Borda count over an [agent][item] score matrix (Definition 3).
 * "paper": P = n + 1 - rank_i(j), T_j = sum_i P, position by descending T.
 * "code": T_j = sum_i rank_i(j), position by descending T (1 = worst item).
 *
 * @example
 * // 3 agents x 4 items
 * const b = bordaCount([[0.9, 0.1, -0.2, 0.5], [0.3, 0.6, -0.8, 0.0], [0.7, -0.1, 0.2, 0.4]], "paper");
 * b.totals; // [11, 7, 4, 8]
 * b.rank;   // [1, 3, 4, 2]
 */
export function bordaCount(scores: readonly (readonly number[])[], variant: BordaVariant = "paper"): BordaResult {
  if (scores.length === 0) throw new RangeError("bordaCount: need at least one agent");
  const n = scores[0]!.length;
  scores.forEach((row, i) => {
    if (row.length !== n) throw new RangeError(`bordaCount: agent ${i} scored ${row.length} items, agent 0 scored ${n}`);
  });
  const agentRanks = scores.map((row) => rankDescending(row));
  let points: number[][];
  if (variant === "paper") points = agentRanks.map((ranks) => ranks.map((r) => n + 1 - r));
  else if (variant === "code") points = agentRanks.map((ranks) => ranks.slice());
  else throw new RangeError(`bordaCount: unknown variant "${String(variant)}"; choose one of ${BORDA_VARIANTS.join(", ")}`);
  const totals = Array.from({ length: n }, (_, j) => points.reduce((acc, row) => acc + row[j]!, 0));
  return { variant, agentRanks, points, totals, rank: rankDescending(totals) };
}

/**
 * Valence of a sentiment (Definition 4): -1 below -0.5, +1 above 0.5, else 0
 * (both thresholds inclusive on the neutral side).
 *
 * @example
 * valence(-0.51); // -1
 * valence(0.5);   // 0
 * valence(0.51);  // 1
 */
export function valence(sentiment: number, threshold = VALENCE_THRESHOLD): -1 | 0 | 1 {
  if (sentiment < -threshold) return -1;
  if (sentiment > threshold) return 1;
  return 0;
}

/**
 * Tier of a valence (Definition 4): +1 -> Tier 1, 0 -> Tier 2, -1 -> Tier 3.
 *
 * @example
 * tierOfValence(1);  // 1
 * tierOfValence(-1); // 3
 */
export function tierOfValence(v: number): 1 | 2 | 3 {
  if (v > 0) return 1;
  if (v < 0) return 3;
  return 2;
}

/**
 * Collective tier of one item from the agents' final sentiments.
 * - "veto" (default; Definition 4 "given the items that each individual can't
 *   accept, and the items they like the most", and consistent with the
 *   paper's Tables 3 and 6): Tier 3 if any agent's valence is -1; otherwise
 *   Tier 1 if any agent's valence is +1; otherwise Tier 2.
 * - "mean": the tier of the valence of the mean final sentiment.
 * - "majority": the tier of the valence held by a strict majority of agents,
 *   Tier 2 when there is none.
 *
 * @example
 * collectiveTier([-0.6, 0.1, 0.7], "veto");     // 3
 * collectiveTier([-0.6, 0.1, 0.7], "mean");     // 2
 * collectiveTier([0.6, 0.7, 0.1], "majority");  // 1
 */
export function collectiveTier(finalSentiments: readonly number[], rule: TierRule = "veto", threshold = VALENCE_THRESHOLD): 1 | 2 | 3 {
  if (finalSentiments.length === 0) throw new RangeError("collectiveTier: need at least one agent");
  const valences = finalSentiments.map((s) => valence(s, threshold));
  if (rule === "veto") {
    if (valences.includes(-1)) return 3;
    if (valences.includes(1)) return 1;
    return 2;
  }
  if (rule === "mean") return tierOfValence(valence(mean(finalSentiments), threshold));
  if (rule === "majority") {
    for (const v of [1, 0, -1] as const) {
      if (valences.filter((x) => x === v).length * 2 > valences.length) return tierOfValence(v);
    }
    return 2;
  }
  throw new RangeError(`collectiveTier: unknown rule "${String(rule)}"; choose one of ${TIER_RULES.join(", ")}`);
}

/**
 * Volatility ν of an agent toward an item: population standard deviation
 * (ddof = 0, as in the authors' code) of its statement sentiments S_O over the
 * conversation. 0 for a single statement.
 *
 * @example
 * volatility([0.2, 0.4, 0.6]); // 0.16329931618554522
 */
export function volatility(statementSentiments: readonly number[]): number {
  if (statementSentiments.length === 0) throw new RangeError("volatility: no statements");
  return std(statementSentiments, 0);
}

export interface ConvictionOptions {
  variant?: ConvictionVariant;
  /**
   * "paper" only: the volatility is floored at this value before dividing, so
   * that an agent that never wavered (ν = 0) gets a large but finite
   * conviction `S / floor` instead of ±Infinity.
   */
  volatilityFloor?: number;
}

/** Default floor of the volatility in the "paper" conviction (see ConvictionOptions). */
export const DEFAULT_VOLATILITY_FLOOR = 0.01;

/**
 * Conviction I of an agent toward an item (Definition 5), from its decision
 * score S (decisionScore) and its volatility ν:
 * - "paper": S / max(ν, floor) — the paper's text;
 * - "code": S x ν — the authors' code (the form of the paper's Table 8).
 *
 * @example
 * conviction({ score: 0.4, statementSentiments: [0.2, 0.6] }, { variant: "paper" }); // 0.4 / 0.2 = 2
 * conviction({ score: 0.4, statementSentiments: [0.2, 0.6] }, { variant: "code" });  // 0.4 * 0.2 = 0.08
 */
export function conviction(agent: { score: number; statementSentiments: readonly number[] }, options: ConvictionOptions = {}): number {
  const variant = options.variant ?? "paper";
  const nu = agent.statementSentiments.length > 0 ? volatility(agent.statementSentiments) : 0;
  if (variant === "paper") {
    const floor = options.volatilityFloor ?? DEFAULT_VOLATILITY_FLOOR;
    if (!(floor > 0)) throw new RangeError(`conviction: volatilityFloor must be > 0, got ${floor}`);
    return agent.score / Math.max(nu, floor);
  }
  if (variant === "code") return agent.score * nu;
  throw new RangeError(`conviction: unknown variant "${String(variant)}"; choose one of ${CONVICTION_VARIANTS.join(", ")}`);
}

export interface GutFeelingResult extends BordaResult {
  /** [agent][item] conviction I_{m_i, j}. */
  convictions: number[][];
  /** Per item: total conviction T^I_j = sum_i I_{m_i, j}. */
  totalConviction: number[];
  /** Per item: position by descending T^I_j (1 = largest total conviction; ties share the smallest). */
  totalConvictionRank: number[];
}

/**
 * Gut-feeling list (Definition 5): each agent ranks the items by its
 * conviction, and the ranks are combined with the Borda count (same variant
 * as the Borda list); the total conviction T^I_j = sum_i I_{m_i,j} and the
 * ranking by it (descending) are reported alongside.
 *
 * @example
 * const g = gutFeeling([[2, -1], [0.5, 0.1]], "paper");
 * g.rank;                // [1, 2]
 * g.totalConviction;     // [2.5, -0.9]
 * g.totalConvictionRank; // [1, 2]
 */
export function gutFeeling(convictions: readonly (readonly number[])[], variant: BordaVariant = "paper"): GutFeelingResult {
  // bordaCount has checked the shape: at least one agent, every row n items long.
  const borda = bordaCount(convictions, variant);
  const n = convictions[0]!.length;
  const totalConviction = Array.from({ length: n }, (_, j) => convictions.reduce((acc, row) => acc + row[j]!, 0));
  return { ...borda, convictions: convictions.map((r) => r.slice()), totalConviction, totalConvictionRank: rankDescending(totalConviction) };
}

/**
 * Opinion dynamics of Sentimental Agents (Ondula et al., KiL'24, §3.1 and
 * Algorithm 1): the non-Bayesian update of an agent's opinion from the
 * sentiment of its newest statement, the opinion change, and the rule that
 * ends a conversation.
 *
 * Paper text vs authors' code (both offered, text is the default):
 * - "all-below-tolerance" (Algorithm 1): the conversation ends when EVERY
 *   agent's change in a round is below the tolerance, or at max rounds.
 * - "first-below-tolerance" (public code): it ends as soon as ANY agent's
 *   change is below the tolerance. We evaluate it at the end of the round so
 *   that every agent keeps one opinion per round (equal participation).
 */

/** How a conversation decides it has converged. */
export type StopRule = "all-below-tolerance" | "first-below-tolerance";

export const STOP_RULES: readonly StopRule[] = ["all-below-tolerance", "first-below-tolerance"];

/** The opinion an agent holds before its first statement (paper and code: 0). */
export const PRIOR_OPINION = 0;

export interface OpinionUpdate {
  /** Updated opinion S_i^O(t), clipped to [-1, 1]. */
  opinion: number;
  /** Opinion change ΔS_i^O(t) = |S_i^O(t) - S_i^O(t-1)| (eq. 5). */
  change: number;
  /** Signed change S_i^O(t) - S_i^O(t-1) (used by the bias analysis option "signed"). */
  signedChange: number;
}

/**
 * Non-Bayesian update (eq. 4) with clipping as in the authors' code:
 * `s = clip(alpha * e + (1 - alpha) * prior, -1, 1)`, change `|s - prior|` (eq. 5),
 * where `e` is S_O, the mean sentiment of the statement's arguments (eq. 2).
 *
 * @example
 * updateOpinion(0, 0.8, 0.5);   // { opinion: 0.4, change: 0.4, signedChange: 0.4 }
 * updateOpinion(0.4, -0.2, 0.5); // { opinion: 0.1, change: 0.3, signedChange: -0.3 } (up to rounding)
 */
export function updateOpinion(prior: number, statementSentiment: number, alpha: number): OpinionUpdate {
  if (!(alpha >= 0 && alpha <= 1)) throw new RangeError(`updateOpinion: alpha must be in [0, 1], got ${alpha}`);
  if (!Number.isFinite(prior) || !Number.isFinite(statementSentiment)) {
    throw new RangeError(`updateOpinion: prior and sentiment must be finite, got ${prior}, ${statementSentiment}`);
  }
  const raw = alpha * statementSentiment + (1 - alpha) * prior;
  const opinion = Math.min(1, Math.max(-1, raw));
  const signedChange = opinion - prior;
  return { opinion, change: Math.abs(signedChange), signedChange };
}

/**
 * Applies eq. 4 repeatedly from the prior 0 to a sequence of statement
 * sentiments; returns the opinion after each one.
 *
 * @example
 * opinionPath([1, 1, 1], 0.5).map((u) => u.opinion); // [0.5, 0.75, 0.875]
 */
export function opinionPath(sentiments: readonly number[], alpha: number, prior = PRIOR_OPINION): OpinionUpdate[] {
  const out: OpinionUpdate[] = [];
  let current = prior;
  for (const e of sentiments) {
    const u = updateOpinion(current, e, alpha);
    out.push(u);
    current = u.opinion;
  }
  return out;
}

/**
 * Whether the conversation stops after round `round` (1-based) given every
 * agent's opinion change in that round.
 * - "all-below-tolerance": all changes < tolerance (Algorithm 1, line 8);
 * - "first-below-tolerance": at least one change < tolerance (authors' code);
 * - either way, it stops when `round >= maxRounds`.
 *
 * @example
 * shouldStop([0.001, 0.2], 0.01, "all-below-tolerance", 2, 5);   // false
 * shouldStop([0.001, 0.2], 0.01, "first-below-tolerance", 2, 5); // true
 * shouldStop([0.3, 0.2], 0.01, "all-below-tolerance", 5, 5);     // true (max rounds)
 */
export function shouldStop(changes: readonly number[], tolerance: number, rule: StopRule, round: number, maxRounds: number): boolean {
  if (round >= maxRounds) return true;
  if (changes.length === 0) return false;
  if (rule === "all-below-tolerance") return changes.every((c) => c < tolerance);
  if (rule === "first-below-tolerance") return changes.some((c) => c < tolerance);
  throw new RangeError(`shouldStop: unknown stop rule "${String(rule)}"; choose one of ${STOP_RULES.join(", ")}`);
}

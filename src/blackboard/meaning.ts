/**
 * Meaning checks shared by the Blackboard agent tasks: an answer that passes
 * its schema can still contradict itself (a bullish stance on a negative
 * signal, a BUY view on a negative score) or point at something it was never
 * shown (an evidence id not in its brief). Each returns the reason a model
 * is told in the repair round, or null. The thresholds are the loosest that
 * still catch a contradiction: the offline agents, whose stance and view
 * follow the signal and score with a 0.15 dead band, pass every one.
 */
import { z } from "zod";
import { quotedIds } from "./debate";
import type { Action } from "./messages";

/** How far a neutral stance or a HOLD view may lean: at most half the [-1, 1] scale. */
export const NEUTRAL_LEAN = 0.5;

/**
 * A stance must agree with the sign of the signal it reports: bullish needs
 * signal > 0, bearish signal < 0, neutral |signal| <= NEUTRAL_LEAN.
 *
 * @example
 * stanceSignalProblem("bullish", -0.4); // 'stance "bullish" contradicts signal -0.4: bullish needs a signal above 0'
 * stanceSignalProblem("neutral", 0.1); // null
 */
export function stanceSignalProblem(stance: "bullish" | "neutral" | "bearish", signal: number): string | null {
  if (stance === "bullish" && !(signal > 0)) return `stance "bullish" contradicts signal ${signal}: bullish needs a signal above 0`;
  if (stance === "bearish" && !(signal < 0)) return `stance "bearish" contradicts signal ${signal}: bearish needs a signal below 0`;
  if (stance === "neutral" && Math.abs(signal) > NEUTRAL_LEAN)
    return `stance "neutral" contradicts signal ${signal}: a neutral stance needs |signal| <= ${NEUTRAL_LEAN} (else say bullish or bearish)`;
  return null;
}

/**
 * The signal each stance allows, as `stanceSignalProblem` checks it (the
 * schema a model is shown says the same, shown-schema.ts `agreeing`).
 *
 * @example
 * STANCE_SIGNAL_RANGES.bullish.safeParse(0.2).success; // true
 */
export const STANCE_SIGNAL_RANGES = {
  bullish: z.number().gt(0).max(1),
  neutral: z.number().min(-NEUTRAL_LEAN).max(NEUTRAL_LEAN),
  bearish: z.number().min(-1).lt(0),
} as const;

/**
 * The score each view allows, as `viewScoreProblem` checks it.
 *
 * @example
 * VIEW_SCORE_RANGES.SELL.safeParse(0.1).success; // false
 */
export const VIEW_SCORE_RANGES = {
  BUY: z.number().gt(0).max(1),
  HOLD: z.number().min(-NEUTRAL_LEAN).max(NEUTRAL_LEAN),
  SELL: z.number().min(-1).lt(0),
} as const;

/**
 * A view must agree with its score: BUY needs score > 0, SELL score < 0,
 * HOLD |score| <= NEUTRAL_LEAN.
 *
 * @example
 * viewScoreProblem("BUY", -0.2); // 'view BUY contradicts score -0.2: BUY needs a score above 0'
 * viewScoreProblem("HOLD", 0.05); // null
 */
export function viewScoreProblem(view: Action, score: number): string | null {
  if (view === "BUY" && !(score > 0)) return `view BUY contradicts score ${score}: BUY needs a score above 0`;
  if (view === "SELL" && !(score < 0)) return `view SELL contradicts score ${score}: SELL needs a score below 0`;
  if (view === "HOLD" && Math.abs(score) > NEUTRAL_LEAN)
    return `view HOLD contradicts score ${score}: HOLD needs |score| <= ${NEUTRAL_LEAN} (else BUY or SELL)`;
  return null;
}

/**
 * Ids cited in a list or quoted as "[id]" in a text that were not shown.
 *
 * @example
 * unshownIds(["market.rsi", "news.x"], ["Why [risk.beta]?"], new Set(["market.rsi"])); // ["news.x", "risk.beta"]
 */
export function unshownIds(cited: readonly string[], texts: ReadonlyArray<string | null>, shown: ReadonlySet<string>): string[] {
  const all = [...cited, ...texts.flatMap((t) => quotedIds(t))];
  return [...new Set(all.filter((id) => !shown.has(id)))];
}

/**
 * A decision must be one that was offered.
 *
 * @example
 * offeredProblem("final_action", "SELL", ["BUY", "HOLD"]); // "final_action SELL was not offered: choose one of BUY, HOLD"
 */
export function offeredProblem<T extends string>(field: string, chosen: T, offered: readonly T[]): string | null {
  return offered.includes(chosen) ? null : `${field} ${chosen} was not offered: choose one of ${[...new Set(offered)].join(", ")}`;
}

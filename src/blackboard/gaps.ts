/**
 * Agent answers that stayed invalid after the repair round (config key
 * `onInvalid`). With `fail` (the default) the run stops with
 * InvalidAnswerError, which says whose answer it was and how to resume from
 * the LLM cache. With `skip` the ticker gets no view at that rebalance (the
 * prior stands, as for a ticker top-k did not retain) and the gap is kept:
 * in the run's artifacts (gaps.json), in every table's note and in the
 * manifest's `gaps` count per task.
 */
import { LlmError, type LlmOutputError } from "../llm/index";

/** One answer a thread went on without (onInvalid = skip). */
export interface AnswerGap {
  date: string;
  ticker: string;
  /** The agent whose answer it was (e.g. "bull_researcher"). */
  agent: string;
  task: string;
  /** The last validation error. */
  error: string;
  /** The start of the model's last answer, as it came (GAP_ANSWER_CHARS at most): what it said, kept with the gap. */
  answer?: string;
}

/** How much of a rejected answer a gap keeps (enough to see what the model did wrong, not a whole runaway answer). */
export const GAP_ANSWER_CHARS = 400;

/**
 * An answer that stayed invalid under onInvalid = fail: says whose it was and how to resume.
 *
 * @example
 * new InvalidAnswerError(gap, err).message; // "blackboard: trader of ALTA on 2025-01-02: task ... Every answer received so far is in the run's LLM cache ..."
 */
export class InvalidAnswerError extends LlmError {
  constructor(
    readonly gap: AnswerGap,
    readonly invalid: LlmOutputError,
  ) {
    super(
      `blackboard: the ${gap.agent} of ${gap.ticker} on ${gap.date}: ${invalid.message}. ` +
        "Every answer received so far is in the run's LLM cache (--cache DIR; by default <out>/llm-cache): rerun the same command " +
        "with the same --out/--cache and the recorded calls replay from it, so only this answer is asked again; or add --set onInvalid=skip " +
        "to give such a ticker no view at that rebalance (the prior stands), record the gap and go on.",
      invalid.task,
    );
  }
}

/**
 * The tables' note on gaps: how many, whose, and what became of them; null without gaps.
 *
 * @example
 * gapNote([gap]); // "Gaps: 1 answer(s) stayed invalid after repair (onInvalid=skip: trader of ALTA on 2025-01-02; ...): ..."
 */
export function gapNote(gaps: readonly AnswerGap[]): string | null {
  if (gaps.length === 0) return null;
  const listed = gaps
    .slice(0, 5)
    .map((g) => `${g.agent} of ${g.ticker} on ${g.date}`)
    .join("; ");
  return (
    `Gaps: ${gaps.length} answer(s) stayed invalid after repair (onInvalid=skip: ${listed}${gaps.length > 5 ? "; ..." : ""}; all in artifacts/gaps.json): ` +
    "that ticker has no view at that rebalance (source gap), so the prior stands for it."
  );
}

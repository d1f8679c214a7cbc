/**
 * FinMem's answers that stayed invalid after the repair round. A reflection
 * that does becomes what the authors' code makes of it — a test day holds
 * with no exposure, a training day keeps the label's action and cites
 * nothing — and an extended reflection stores no lesson; each is counted as
 * a gap whatever `onInvalid` says. A summary that does stops the run under
 * `onInvalid=fail` (the default: InvalidAnswerError says how to resume from
 * the cache) or, under `skip`, stores no memory for that input and is
 * counted. Every gap is in gaps.json, every table's note and the manifest.
 */
import { LlmError, type LlmOutputError } from "../llm/index";
import type { Phase } from "./loop-types";

/** One answer the run went on without. */
export interface FinMemGap {
  /** The trading day it happened on. */
  date: string;
  phase: Phase;
  task: string;
  /** The last validation error. */
  error: string;
  /** What the run did instead ("hold with no exposure", "no memory stored for the news item dated ...", ...). */
  outcome: string;
}

/** The names of FinMem's four tasks (what the manifest counts gaps by). */
export const FINMEM_TASK_NAMES: readonly string[] = ["finmem.summarize", "finmem.reflect.train", "finmem.reflect.test", "finmem.reflect.extended"];

/**
 * A summary that stayed invalid under onInvalid = fail: says which input and how to resume.
 *
 * @example
 * new InvalidAnswerError("2021-01-04", "news", "2021-01-04", err).message; // "finmem: the summary of the news item dated 2021-01-04 (day 2021-01-04): ... rerun ..."
 */
export class InvalidAnswerError extends LlmError {
  constructor(
    readonly day: string,
    readonly kind: string,
    readonly itemDate: string,
    readonly invalid: LlmOutputError,
  ) {
    super(
      `finmem: the summary of the ${kind === "news" ? "news item" : `${kind} filing`} dated ${itemDate} (day ${day}): ${invalid.message}. ` +
        "Every answer received so far is in the run's LLM cache (--cache DIR; by default <out>/llm-cache): rerun the same command " +
        "with the same --out/--cache and the recorded calls replay from it, so only this answer is asked again; or add --set onInvalid=skip " +
        "to store no memory for such an input, record the gap and go on.",
      invalid.task,
    );
  }
}

/**
 * The tables' note on gaps: how many of each kind and what became of them; null without gaps.
 *
 * @example
 * finmemGapNote(gaps); // "Gaps: 2 answer(s) stayed invalid after repair (finmem.reflect.test 2021-03-02: hold with no exposure; ...; all in artifacts/gaps.json)."
 */
export function finmemGapNote(gaps: readonly FinMemGap[]): string | null {
  if (gaps.length === 0) return null;
  const listed = gaps
    .slice(0, 5)
    .map((g) => `${g.task} ${g.date}: ${g.outcome}`)
    .join("; ");
  return (
    `Gaps: ${gaps.length} answer(s) stayed invalid after repair (${listed}${gaps.length > 5 ? "; ..." : ""}; all in artifacts/gaps.json): ` +
    "a test reflection holds with no exposure, a training reflection keeps the label's action and cites nothing, an extended reflection stores no lesson, " +
    "a summary (onInvalid=skip) stores no memory."
  );
}

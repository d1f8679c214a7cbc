/**
 * A Blackboard agent task as two halves: what a model is asked — only its
 * judgement (a stance, a view, an argument, the ids it relies on) — and how
 * the code completes that answer into the board message of the paper's full
 * typed schema (messages.ts) with what it already knows: the analyst and its
 * data window, the metrics it measured, the side or stance and round of a
 * debate turn, the rounds and stop reason of a debate, the date and value of
 * a cited indicator, the judge's volatility, drawdown and votes. A model is
 * never asked to copy a number or a date back (one that rounds would void
 * the answer); the offline agents answer the same judgement fields and go
 * through the same completion.
 */
import { defineTask, type Task } from "../llm/index";

/** A task whose answer `A` the code completes into the board content `C`. */
export interface BoardTask<I, A, C> extends Task<I, A> {
  /** The board message's content: the answer with what the code knows filled in (a pure function of answer and input). */
  complete(answer: A, input: I): C;
}

/**
 * Declare a Blackboard task (`defineTask`'s checks, plus `complete`).
 *
 * @example
 * const task = defineBoardTask({ ...spec, complete: (answer, input) => ({ ...answer, round: input.round }) });
 * task.complete(await model.run(task, input).then((r) => r.output), input).round; // input.round
 */
export function defineBoardTask<I, A, C>(spec: Task<I, A> & { complete(answer: A, input: I): C }): BoardTask<I, A, C> {
  // defineTask freezes a copy of every own property of the spec, `complete` included.
  return defineTask<I, A>(spec) as BoardTask<I, A, C>;
}

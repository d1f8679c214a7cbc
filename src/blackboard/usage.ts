/**
 * Calls and tokens of a run, per task (the cost side of the top-k view
 * filtering the paper mentions to limit inference cost). Every model call of every thread is counted, with the
 * tokens the model reports (0 for the offline agents) and the characters of
 * the prompt a real model receives (`task.render(input)` plus the task's JSON
 * schema instruction), rendered even offline.
 *
 * The token estimate converts prompt characters to o200k_base tokens (the
 * tokenizer of the gpt-4o family) at a fixed ratio, `TOKENS_PER_CHAR`,
 * measured with js-tiktoken on these prompts (test/blackboard/usage.test.ts
 * checks it still holds); building the tokenizer costs seconds, too much to
 * pay on every run.
 */
import { schemaInstruction, type ChatMessage, type ModelResult, type Task } from "../llm/index";

/**
 * o200k_base tokens per prompt character of the blackboard agents' prompts
 * (JSON-heavy, schema instruction included): 0.290 on every prompt of a
 * thread of the bundled market (ALTA, 2025-01-02), measured with js-tiktoken 1.0.21.
 */
export const TOKENS_PER_CHAR = 0.29;

/** One task's counts. */
export interface TaskUsage {
  task: string;
  calls: number;
  repaired: number;
  /** Characters of the prompts a real model receives. */
  promptChars: number;
  /** Reported by the model (0 for the offline agents). */
  promptTokens: number;
  completionTokens: number;
}

/** What a prompt costs in characters (roles are a few tokens each, ignored). */
export function promptChars(messages: readonly ChatMessage[]): number {
  return messages.reduce((n, m) => n + m.content.length, 0);
}

/**
 * Counts calls per task (see module doc).
 *
 * @example
 * const meter = new UsageMeter();
 * meter.record(task, input, result);
 * meter.tasks()[0].promptChars * TOKENS_PER_CHAR; // estimated prompt tokens
 */
export class UsageMeter {
  private readonly byTask = new Map<string, TaskUsage>();
  private readonly instructionChars = new Map<string, number>();

  /** Count one call of `task` on `input`. */
  record<I, O>(task: Task<I, O>, input: I, result: ModelResult<O>): void {
    const row = this.byTask.get(task.name) ?? { task: task.name, calls: 0, repaired: 0, promptChars: 0, promptTokens: 0, completionTokens: 0 };
    row.calls++;
    if (result.repaired) row.repaired++;
    row.promptTokens += result.usage.promptTokens;
    row.completionTokens += result.usage.completionTokens;
    row.promptChars += promptChars(task.render(input)) + this.instruction(task);
    this.byTask.set(task.name, row);
  }

  /** Per-task counts, by task name. */
  tasks(): TaskUsage[] {
    return [...this.byTask.values()].map((r) => ({ ...r })).sort((a, b) => (a.task < b.task ? -1 : a.task > b.task ? 1 : 0));
  }

  /** The schema instruction appended to the system prompt (the same for every call of a task). */
  private instruction<I, O>(task: Task<I, O>): number {
    let n = this.instructionChars.get(task.name);
    if (n === undefined) {
      n = schemaInstruction(task.schema).length + 2;
      this.instructionChars.set(task.name, n);
    }
    return n;
  }
}

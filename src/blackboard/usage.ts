/**
 * Calls and tokens of a run, per task (the cost side of top-k view filtering,
 * issue 14 item 7). Every model call of every thread is counted with the
 * characters of the prompt a real model receives (`task.render(input)`,
 * rendered even offline) and the tokens the model reports (0 offline).
 *
 * The token estimate converts prompt characters to o200k_base tokens (the
 * tokenizer of the gpt-4o family, js-tiktoken) at a ratio measured on a
 * deterministic sample: every prompt of one thread, chosen by (date,
 * ticker) rather than by completion order, so the estimate does not depend
 * on concurrency.
 */
import type { ChatMessage, ModelResult, Task } from "../llm/index";

/** One task's counts. */
export interface TaskUsage {
  task: string;
  calls: number;
  cached: number;
  repaired: number;
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
 * meter.calibrateOn("2025-01-02", "AAPL");
 * meter.record(task, input, result, "2025-01-02", "AAPL");
 * await meter.tokensPerChar(); // e.g. 0.31
 */
export class UsageMeter {
  private readonly byTask = new Map<string, TaskUsage>();
  private readonly sample: string[] = [];
  private calibration: string | null = null;

  /** The thread whose prompts calibrate the characters-to-tokens ratio (the first call wins). */
  calibrateOn(date: string, ticker: string): void {
    this.calibration ??= `${date}|${ticker}`;
  }

  /** Count one call of `task` on `input` made for the thread (date, ticker). */
  record<I, O>(task: Task<I, O>, input: I, result: ModelResult<O>, date: string, ticker: string): void {
    const messages = task.render(input);
    const row = this.byTask.get(task.name) ?? { task: task.name, calls: 0, cached: 0, repaired: 0, promptChars: 0, promptTokens: 0, completionTokens: 0 };
    row.calls++;
    if (result.cached) row.cached++;
    if (result.repaired) row.repaired++;
    row.promptChars += promptChars(messages);
    row.promptTokens += result.usage.promptTokens;
    row.completionTokens += result.usage.completionTokens;
    this.byTask.set(task.name, row);
    if (this.calibration === `${date}|${ticker}`) this.sample.push(messages.map((m) => m.content).join("\n"));
  }

  /** Per-task counts, by task name. */
  tasks(): TaskUsage[] {
    return [...this.byTask.values()].sort((a, b) => (a.task < b.task ? -1 : a.task > b.task ? 1 : 0));
  }

  /**
   * o200k_base tokens per prompt character on the calibration thread's
   * prompts, sorted so that their order does not matter (NaN without a sample).
   */
  async tokensPerChar(): Promise<number> {
    if (this.sample.length === 0) return NaN;
    const [{ Tiktoken }, { default: ranks }] = await Promise.all([import("js-tiktoken/lite"), import("js-tiktoken/ranks/o200k_base")]);
    const encoder = new Tiktoken(ranks);
    const texts = this.sample.slice().sort();
    let tokens = 0;
    let chars = 0;
    for (const text of texts) {
      tokens += encoder.encode(text).length;
      chars += text.length;
    }
    return chars > 0 ? tokens / chars : NaN;
  }
}

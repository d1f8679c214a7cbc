/**
 * A Model that costs a run without calling one: every call renders the exact
 * request a real endpoint would receive (the task's messages with the JSON
 * schema instruction, as OpenAIModel sends them), counts its prompt tokens
 * with the target model's tokenizer, estimates the completion from the task
 * schema, and answers with the offline agent so the experiment goes on and the
 * next prompts are rendered from realistic inputs. Per task it keeps the call
 * count, the token totals and the longest prefix shared by all its requests
 * (the part a provider's prompt cache can reuse).
 */
import { estimateOutputTokens, worstCaseOutputTokens } from "./output-estimate";
import { withSchemaInstruction } from "./task";
import type { TokenCounter } from "./tokenizer";
import type { CallOptions, ChatMessage, Model, ModelResult, Task, UsageTotals } from "./types";
import { emptyUsage } from "./types";

/** What a dry run saw of one task. */
export interface DryRunTaskStats {
  task: string;
  calls: number;
  promptTokens: number;
  /** Largest prompt of one call. */
  maxPromptTokens: number;
  /** Estimated completion tokens (see output-estimate.ts). */
  outputTokens: number;
  /** Worst-case completion tokens (max_tokens, or WORST_CASE_FACTOR x the estimate). */
  worstOutputTokens: number;
  /** Tokens of the longest prefix every request of the task starts with. */
  stablePrefixTokens: number;
}

function serialise(messages: readonly ChatMessage[]): string {
  return messages.map((m) => `<|${m.role}|>${m.content}`).join("\n");
}

function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * Wraps a model that answers without a network (the offline agents) and
 * records what a real run against `targetModel` would send.
 *
 * @example
 * const dry = new DryRunModel(new OfflineModel({ seed: 7 }), await tokenCounter("gpt-4o-mini"), "gpt-4o-mini");
 * await experiment.run(config, { ...ctx, model: dry });
 * dry.stats(); // per task: calls, prompt tokens, output estimate, stable prefix
 */
export class DryRunModel implements Model {
  readonly isOffline = true;
  private readonly perTask = new Map<string, DryRunTaskStats & { prefix: string }>();

  constructor(
    private readonly inner: Model,
    readonly counter: TokenCounter,
    readonly id: string,
    private readonly maxTokens?: number,
  ) {}

  resolveParams<I, O>(task: Task<I, O>, options?: CallOptions): { temperature: number; seed: number | null } {
    return this.inner.resolveParams?.(task, options) ?? { temperature: options?.temperature ?? task.temperature ?? 0, seed: options?.seed ?? null };
  }

  async run<I, O>(task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
    const messages = withSchemaInstruction(task, input);
    const promptTokens = this.counter.countMessages(messages);
    const answer = await this.inner.run(task, input, options);
    const outputTokens = estimateOutputTokens(task.schema, answer.output, this.counter.count);
    const text = serialise(messages);
    const seen = this.perTask.get(task.name);
    if (!seen) {
      this.perTask.set(task.name, {
        task: task.name,
        calls: 1,
        promptTokens,
        maxPromptTokens: promptTokens,
        outputTokens,
        worstOutputTokens: worstCaseOutputTokens(outputTokens, this.maxTokens),
        stablePrefixTokens: 0,
        prefix: text,
      });
    } else {
      seen.calls++;
      seen.promptTokens += promptTokens;
      seen.maxPromptTokens = Math.max(seen.maxPromptTokens, promptTokens);
      seen.outputTokens += outputTokens;
      seen.worstOutputTokens += worstCaseOutputTokens(outputTokens, this.maxTokens);
      seen.prefix = seen.prefix.slice(0, commonPrefixLength(seen.prefix, text));
    }
    return { ...answer, usage: { promptTokens, completionTokens: outputTokens }, model: this.id, cached: false };
  }

  /** Per-task totals, sorted by task name (a task called once has its whole prompt as prefix). */
  stats(): DryRunTaskStats[] {
    return [...this.perTask.values()]
      .map(({ prefix, ...s }) => ({ ...s, stablePrefixTokens: s.calls > 1 ? this.counter.count(prefix) : 0 }))
      .sort((a, b) => (a.task < b.task ? -1 : a.task > b.task ? 1 : 0));
  }

  usage(): UsageTotals {
    const totals = emptyUsage();
    for (const s of this.perTask.values()) {
      totals.calls += s.calls;
      totals.promptTokens += s.promptTokens;
      totals.completionTokens += s.outputTokens;
    }
    return totals;
  }
}

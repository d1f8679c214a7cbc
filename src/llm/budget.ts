/**
 * Spending limits for a real-model run: `--max-calls N` and `--max-cost USD`.
 * The BudgetModel sits between the record/replay cache and the endpoint, so
 * answers served from the cache cost nothing and never count: a run stopped
 * at a limit resumes from its cache. Before each call it reserves the call's
 * worst case — one call, and prompt tokens (counted with the model's
 * tokenizer) x input price + worst-case completion (output-estimate.ts) x
 * output price — and refuses the call, with a BudgetStopError, when the
 * calls made or in flight plus this one would pass a limit. Cost reserved for
 * calls in flight is replaced by their reported usage when they return.
 */
import { LlmError } from "./errors";
import { estimateOutputTokens, worstCaseOutputTokens } from "./output-estimate";
import { estimateCostUsd, type PriceTable } from "./pricing";
import { withSchemaInstruction } from "./task";
import { tokenCounter, type TokenCounter } from "./tokenizer";
import type { CallOptions, Model, ModelResult, Task, UsageTotals } from "./types";

export interface BudgetLimits {
  /** Most endpoint calls (cache hits excluded). */
  maxCalls?: number;
  /** Most estimated USD (price table), counting each call's worst case before it is made. */
  maxCostUsd?: number;
  /** Client max_tokens, which caps a call's completion. */
  maxTokens?: number;
  prices?: PriceTable;
}

/** Why a run stopped early, as the manifest records it. */
export interface BudgetStop {
  reason: "max-calls" | "max-cost";
  limit: number;
  /** Endpoint calls made, or under way, when the refused call came (they finish and are cached). */
  callsMade: number;
  /** Estimated USD spent before the stop. */
  spentUsd: number;
  /** The task of the call that was refused, and that call's worst case in USD. */
  task: string;
  worstCaseUsd: number;
  message: string;
}

/** Thrown before a call that would pass a limit; the run stops cleanly and can be resumed from its cache. */
export class BudgetStopError extends LlmError {
  constructor(readonly stop: BudgetStop) {
    super(stop.message);
    this.name = "BudgetStopError";
  }
}

/**
 * Enforces BudgetLimits around an endpoint model.
 *
 * @example
 * const model = new CachedModel(new BudgetModel(openai, { maxCalls: 50 }), { dir, mode: "record" });
 */
export class BudgetModel implements Model {
  readonly isOffline: boolean;
  readonly id: string;
  private made = 0;
  private inFlight = 0;
  private spent = 0;
  private reserved = 0;
  private counter: Promise<TokenCounter> | null = null;

  constructor(
    private readonly inner: Model,
    private readonly limits: BudgetLimits,
  ) {
    this.id = inner.id;
    this.isOffline = inner.isOffline;
    for (const [name, value] of [
      ["maxCalls", limits.maxCalls],
      ["maxCostUsd", limits.maxCostUsd],
    ] as const) {
      if (value !== undefined && !(value >= 0 && Number.isFinite(value)))
        throw new RangeError(`BudgetModel: ${name} must be a finite number >= 0, got ${value}`);
    }
  }

  resolveParams<I, O>(task: Task<I, O>, options?: CallOptions): { temperature: number; seed: number | null } {
    return this.inner.resolveParams?.(task, options) ?? { temperature: options?.temperature ?? task.temperature ?? 0, seed: options?.seed ?? null };
  }

  private async worstCaseUsd<I, O>(task: Task<I, O>, input: I): Promise<number> {
    if (this.limits.maxCostUsd === undefined) return 0;
    this.counter ??= tokenCounter(this.id);
    const counter = await this.counter;
    const promptTokens = counter.countMessages(withSchemaInstruction(task, input));
    // Without an answer to follow, the estimate assumes the schema's skeleton and default array lengths.
    const completionTokens = worstCaseOutputTokens(estimateOutputTokens(task.schema, undefined, counter.count), this.limits.maxTokens);
    return estimateCostUsd(this.id, { promptTokens, completionTokens }, this.limits.prices);
  }

  private refuse(reason: BudgetStop["reason"], limit: number, task: string, worstCaseUsd: number): never {
    const what = reason === "max-calls" ? `--max-calls ${limit} reached` : `--max-cost ${limit} USD would be passed`;
    const callsMade = this.made + this.inFlight;
    const message = `stopped before a call of ${task}: ${what} (${callsMade} endpoint calls made, ~${this.spent.toFixed(4)} USD spent, this call's worst case ${worstCaseUsd.toFixed(4)} USD); rerun with a higher limit or none to continue from the cache`;
    throw new BudgetStopError({ reason, limit, callsMade, spentUsd: this.spent, task, worstCaseUsd, message });
  }

  async run<I, O>(task: Task<I, O>, input: I, options?: CallOptions): Promise<ModelResult<O>> {
    const { maxCalls, maxCostUsd } = this.limits;
    const worst = await this.worstCaseUsd(task, input);
    if (maxCalls !== undefined && this.made + this.inFlight + 1 > maxCalls) this.refuse("max-calls", maxCalls, task.name, worst);
    if (maxCostUsd !== undefined && this.spent + this.reserved + worst > maxCostUsd) this.refuse("max-cost", maxCostUsd, task.name, worst);
    this.inFlight++;
    this.reserved += worst;
    try {
      const result = await this.inner.run(task, input, options);
      this.made++;
      this.spent += estimateCostUsd(this.id, result.usage, this.limits.prices);
      return result;
    } finally {
      this.inFlight--;
      this.reserved -= worst;
    }
  }

  usage(): UsageTotals {
    return this.inner.usage();
  }
}

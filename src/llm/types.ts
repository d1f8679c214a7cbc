/**
 * The one narrow model interface every LLM call in Consilium goes through.
 *
 * A *task* is a typed LLM call: it renders its input to chat messages, names
 * the zod schema its output must satisfy, and carries an *offline policy*
 * that produces a schema-valid output from the same input without any model
 * (the embedded, data-grounded baseline agents). A *model* runs tasks:
 * OpenAI-compatible endpoints, the offline policies, or a record/replay cache
 * wrapped around either. An endpoint is only a text provider: JSON
 * extraction, validation and the repair round sit above it (run-task.ts).
 */
import type { z } from "zod";
import type { Rng } from "../stats/index";

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** What an offline policy may know about the call besides its input. */
export interface OfflineContext {
  /** Sampling temperature requested for this call (scales the policy's randomness). */
  temperature: number;
  /** The run seed (the rng is already derived from it, the task and the input). */
  seed: number;
}

export interface Task<I, O> {
  /** Stable identifier, e.g. "sentimental.statement". */
  readonly name: string;
  /** Bump when the prompt or schema changes: part of the cache key. */
  readonly version: number;
  /** zod schema the output must satisfy (also used to describe the JSON to the model). */
  readonly schema: z.ZodType<O>;
  /** Default temperature for this task (the paper's values), overridable per call. */
  readonly temperature?: number;
  /**
   * The schema of this input's answer as a model is shown it (the schema
   * instruction and a `json_schema` response format), when it can say more
   * than `schema`: the ids that were shown and the options that were offered
   * become enums, so a model that decodes to the schema can only pick among
   * them. It must accept no answer that `schema` plus `validate` reject;
   * answers are still checked with those two (their messages say what was
   * wrong). Optional: `schema` is shown when absent.
   */
  schemaFor?(input: I): z.ZodType<O>;
  /** Chat messages for a real model. Must ask for a single JSON object. */
  render(input: I): ChatMessage[];
  /** Data-grounded baseline policy: a schema-valid output without any model. */
  offline(input: I, rng: Rng, ctx: OfflineContext): O;
  /**
   * Optional semantic check beyond the schema (e.g. "cited ids must be among
   * those shown"). Return an error message to trigger a repair, or null.
   */
  validate?(output: O, input: I): string | null;
}

/**
 * Options of one model call (the run's own options are `RunOptions` in
 * src/run/runner.ts). Each overrides the model-wide setting and the task's
 * default for this call only.
 */
export interface CallOptions {
  /** Sampling temperature of this call. */
  temperature?: number;
  /** Seed passed to the endpoint (when it supports one) and to offline policies. */
  seed?: number;
  /** Aborts the call, its retries and its repair round. */
  signal?: AbortSignal;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /**
   * The part of promptTokens the provider served from its prompt cache
   * (OpenAI's and vLLM's `usage.prompt_tokens_details.cached_tokens`), billed
   * at the cached-input price; absent when the provider does not say.
   */
  cachedPromptTokens?: number;
}

export interface ModelResult<O> {
  output: O;
  usage: Usage;
  /** True when the answer came from the record/replay cache. */
  cached: boolean;
  /** "offline" for the embedded agents, else the endpoint's model name. */
  model: string;
  latencyMs: number;
  /** True when the first answer was invalid and a repair round was needed. */
  repaired: boolean;
  /** Keys the answer held that the task's schema has no place for, dropped when it was read (answers read from text; absent when none). */
  extraKeys?: number;
}

export interface UsageTotals {
  calls: number;
  cacheHits: number;
  networkCalls: number;
  repairs: number;
  promptTokens: number;
  completionTokens: number;
  /** Estimated cost in USD from the price table (0 for offline / unknown models). */
  estimatedCostUsd: number;
  /**
   * Keys the accepted answers held that their task's schema has no place for
   * (ignored). Reported by models that read answers from text (an endpoint),
   * so a run's manifest shows it for them, 0 included; absent for the others.
   */
  extraKeys?: number;
  /**
   * Prompt tokens the provider served from its prompt cache (a stable
   * prefix seen before), summed over the network calls; reported by endpoint
   * models, 0 included, so a manifest shows how much of the prompt the
   * provider cached; absent for the others.
   */
  cachedPromptTokens?: number;
}

export interface Model {
  /** "offline" or the endpoint's model name. */
  readonly id: string;
  /** True when outputs come from the embedded offline agents. */
  readonly isOffline: boolean;
  run<I, O>(task: Task<I, O>, input: I, options?: CallOptions): Promise<ModelResult<O>>;
  /** Running totals since the model was created. */
  usage(): UsageTotals;
  /**
   * The sampling parameters this model would use for a call (optional; the
   * record/replay cache keys on them, falling back to the call options and
   * the task defaults when absent).
   */
  resolveParams?<I, O>(task: Task<I, O>, options?: CallOptions): { temperature: number; seed: number | null };
}

/**
 * Zeroed usage totals (a fresh model's `usage()`).
 *
 * @example
 * emptyUsage().calls; // 0
 */
export function emptyUsage(): UsageTotals {
  return { calls: 0, cacheHits: 0, networkCalls: 0, repairs: 0, promptTokens: 0, completionTokens: 0, estimatedCostUsd: 0 };
}

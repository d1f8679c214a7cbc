/**
 * Completion-token estimates from a task's output schema (its JSON Schema)
 * and one schema-valid answer (the offline agent's): the JSON skeleton — keys,
 * punctuation, enum values, numbers — is counted exactly with the tokenizer,
 * array lengths follow the answer, and every free-text string counts the
 * larger of its answer's tokens and FREE_TEXT_TOKENS (a real model tends to
 * write more than the offline agents); a string the answer fills with one
 * short word (an id, a ticker, a label) counts as that word. The worst case of one call is the
 * client's `max_tokens` when one is set, else WORST_CASE_FACTOR times the
 * estimate (an assumption, printed as such: the task schemas do not bound
 * their strings).
 */
import type { z } from "zod";
import { taskJsonSchema } from "./task";

/** Assumed tokens of one free-text field written by a real model (a few sentences). */
export const FREE_TEXT_TOKENS = 80;
/** Worst case of a call's completion without a max_tokens limit: this many times the estimate. */
export const WORST_CASE_FACTOR = 4;
/** Items assumed for an array when the answer has none to follow. */
const ASSUMED_ITEMS = 3;

type JsonSchema = Record<string, unknown>;

function estimateValue(schema: JsonSchema, value: unknown, count: (text: string) => number): number {
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (options?.length) return Math.max(...options.map((o) => estimateValue(o, value, count)));
  if (Array.isArray(schema.enum)) return Math.max(1, ...schema.enum.map((v) => count(JSON.stringify(v))));
  if (schema.const !== undefined) return count(JSON.stringify(schema.const));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  if (type === "object" || schema.properties) {
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const record = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    let total = 2; // braces
    for (const [key, sub] of Object.entries(props)) total += count(`"${key}": `) + 1 + estimateValue(sub, record[key], count);
    // Free-form maps (z.record): the answer's own keys.
    if (!schema.properties && schema.additionalProperties && typeof schema.additionalProperties === "object") {
      for (const [key, v] of Object.entries(record)) total += count(`"${key}": `) + 1 + estimateValue(schema.additionalProperties as JsonSchema, v, count);
    }
    return total;
  }
  if (type === "array") {
    const items = (schema.items ?? {}) as JsonSchema;
    const list = Array.isArray(value) ? value : Array.from({ length: ASSUMED_ITEMS }, () => undefined);
    return 2 + list.reduce<number>((sum, v) => sum + 1 + estimateValue(items, v, count), 0);
  }
  if (type === "string") {
    const text = typeof value === "string" ? value : "";
    const own = count(JSON.stringify(text));
    // Dates, ids, labels and other word-like strings are as long as the answer's; prose may be longer.
    const wordLike = typeof value === "string" && value.length <= 24 && !/\s/.test(value);
    return schema.pattern || schema.format || wordLike ? Math.max(own, 2) : Math.max(own, FREE_TEXT_TOKENS);
  }
  if (type === "number" || type === "integer") return Math.max(1, count(JSON.stringify(value ?? 0.123)));
  return 1; // boolean, null
}

/**
 * Estimated completion tokens of one answer to a task.
 *
 * @example
 * estimateOutputTokens(statementTask.schema, { statement: "A fine fit." }, counter.count); // ~ 85
 */
export function estimateOutputTokens(schema: z.ZodType, answer: unknown, count: (text: string) => number): number {
  const json = taskJsonSchema(schema);
  return Object.keys(json).length ? estimateValue(json, answer, count) : count(JSON.stringify(answer ?? {}));
}

/**
 * The worst-case completion of one call: `maxTokens` when the client sets it, else WORST_CASE_FACTOR x the estimate.
 *
 * @example
 * worstCaseOutputTokens(120);      // 480
 * worstCaseOutputTokens(120, 300); // 300
 */
export function worstCaseOutputTokens(estimate: number, maxTokens?: number): number {
  return maxTokens && maxTokens > 0 ? maxTokens : WORST_CASE_FACTOR * estimate;
}

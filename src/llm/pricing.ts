/**
 * Estimated USD cost of LLM calls. The table lists list prices (USD per one
 * million tokens) of a few well-known OpenAI models as published on
 * openai.com/api/pricing; treat the result as an estimate, not a bill.
 * Unknown models (local Ollama / vLLM servers) cost 0.
 */
import type { Usage } from "./types";

export interface ModelPrice {
  /** USD per 1M prompt (input) tokens. */
  inputPerMillion: number;
  /** USD per 1M completion (output) tokens. */
  outputPerMillion: number;
  /** USD per 1M prompt tokens the provider served from its prompt cache; absent: no discount (the input price). */
  cachedInputPerMillion?: number;
}

export type PriceTable = Readonly<Record<string, ModelPrice>>;

/** Default list prices, USD per 1M tokens (cached input: the price of prompt tokens served from the provider's prompt cache). */
export const DEFAULT_PRICES: PriceTable = {
  "gpt-4o": { inputPerMillion: 2.5, outputPerMillion: 10, cachedInputPerMillion: 1.25 },
  "gpt-4o-mini": { inputPerMillion: 0.15, outputPerMillion: 0.6, cachedInputPerMillion: 0.075 },
  "gpt-4.1": { inputPerMillion: 2, outputPerMillion: 8, cachedInputPerMillion: 0.5 },
  "gpt-4.1-mini": { inputPerMillion: 0.4, outputPerMillion: 1.6, cachedInputPerMillion: 0.1 },
  "gpt-4.1-nano": { inputPerMillion: 0.1, outputPerMillion: 0.4, cachedInputPerMillion: 0.025 },
  "gpt-4-turbo": { inputPerMillion: 10, outputPerMillion: 30 },
  "gpt-4": { inputPerMillion: 30, outputPerMillion: 60 },
  "gpt-3.5-turbo": { inputPerMillion: 0.5, outputPerMillion: 1.5 },
  "o3-mini": { inputPerMillion: 1.1, outputPerMillion: 4.4, cachedInputPerMillion: 0.55 },
  "text-embedding-3-small": { inputPerMillion: 0.02, outputPerMillion: 0 },
  "text-embedding-3-large": { inputPerMillion: 0.13, outputPerMillion: 0 },
  "text-embedding-ada-002": { inputPerMillion: 0.1, outputPerMillion: 0 },
};

/**
 * Price of a model: exact name first, else the longest table entry that is a
 * prefix of the name followed by "-" (so dated snapshots such as
 * "gpt-4o-mini-2024-07-18" price as "gpt-4o-mini"), else zero. `overrides`
 * entries take precedence over the defaults.
 *
 * @example
 * priceFor("gpt-4o-mini-2024-07-18"); // { inputPerMillion: 0.15, outputPerMillion: 0.6 }
 * priceFor("llama3.1:8b");            // { inputPerMillion: 0, outputPerMillion: 0 }
 */
export function priceFor(model: string, overrides: PriceTable = {}): ModelPrice {
  const table: Record<string, ModelPrice> = { ...DEFAULT_PRICES, ...overrides };
  const exact = table[model];
  if (exact) return exact;
  let best: { name: string; price: ModelPrice } | undefined;
  for (const [name, price] of Object.entries(table)) {
    if (model.startsWith(name + "-") && (best === undefined || name.length > best.name.length)) best = { name, price };
  }
  return best?.price ?? { inputPerMillion: 0, outputPerMillion: 0 };
}

/**
 * cost = (promptTokens - cached) * input/1e6 + cached * cachedInput/1e6 +
 * completionTokens * output/1e6 (USD), `cached` the prompt tokens the
 * provider served from its prompt cache (0 when it does not say; the cached
 * price is the input price for models without a published discount).
 *
 * @example
 * estimateCostUsd("gpt-4o", { promptTokens: 1_000_000, completionTokens: 100_000 }); // 3.5
 * estimateCostUsd("gpt-4o", { promptTokens: 1_000_000, completionTokens: 100_000, cachedPromptTokens: 800_000 }); // 2.5
 */
export function estimateCostUsd(model: string, usage: Usage, overrides: PriceTable = {}): number {
  const price = priceFor(model, overrides);
  const cached = Math.min(usage.cachedPromptTokens ?? 0, usage.promptTokens);
  const cachedPrice = price.cachedInputPerMillion ?? price.inputPerMillion;
  return ((usage.promptTokens - cached) * price.inputPerMillion + cached * cachedPrice + usage.completionTokens * price.outputPerMillion) / 1e6;
}

/** Shared tasks and settings for the LLM-layer tests. */
import { z } from "zod";
import { defineTask } from "../../src/llm/task";
import type { OpenAIModelConfig } from "../../src/llm/openai-client";

export const FAKE_KEY = "sk-test-SECRET-0123456789abcdef";

export interface RateInput {
  text: string;
  /** When given, the score must be one of these (exercises task.validate). */
  allowed?: number[];
  sample?: number;
}

export const rateSchema = z.object({
  score: z.number().int().min(1).max(5),
  reason: z.string().min(1),
});
export type Rate = z.infer<typeof rateSchema>;

/** A small but real task: rate a text 1-5; the offline policy counts words and adds seeded noise. */
export const rateTask = defineTask<RateInput, Rate>({
  name: "test.rate",
  version: 1,
  temperature: 0.3,
  schema: rateSchema,
  render: (input) => [
    { role: "system", content: "You rate texts." },
    { role: "user", content: `Rate this text from 1 to 5 and give a reason as JSON {"score", "reason"}: ${input.text}` },
  ],
  offline: (input, rng, ctx) => {
    const words = input.text.split(/\s+/).filter(Boolean).length;
    const noise = ctx.temperature > 0 ? rng.int(-1, 2) : 0;
    const score = Math.min(5, Math.max(1, Math.round(words / 2) + noise));
    return { score, reason: `${words} words, noise ${noise}, draw ${rng.next().toFixed(6)}` };
  },
  validate: (output, input) => (input.allowed && !input.allowed.includes(output.score) ? `score must be one of ${input.allowed.join(", ")}` : null),
});

/** Fast retry settings for tests: tiny backoff, a no-op sleep that records the requested waits. */
export function fastRetry(waits: number[] = []): Pick<OpenAIModelConfig, "retryBaseDelayMs" | "retryMaxDelayMs" | "sleep" | "maxRetries"> {
  return {
    retryBaseDelayMs: 2,
    retryMaxDelayMs: 10,
    maxRetries: 3,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}

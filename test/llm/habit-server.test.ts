/**
 * The habit server (src/llm/testing/habit-server.ts) and the real-model path
 * read through it: every habit cites where it was reported and shows in at
 * least one answer in ten, it knows only the schema, it is reproducible, and
 * OpenAIModel turns its answers into valid outputs with repairs only where no
 * reading can help (an empty answer, a refusal).
 */
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmOutputError } from "../../src/llm/errors";
import { mapConcurrent } from "../../src/llm/limit";
import { OpenAIModel } from "../../src/llm/openai-client";
import type { ResponseFormat } from "../../src/llm/response-format";
import { defineTask, withSchemaInstruction } from "../../src/llm/task";
import { HABIT_SOURCES, HABITS, startHabitServer, type HabitServer, type HabitServerOptions } from "../../src/llm/testing/habit-server";
import { fastRetry } from "./fixtures";

const servers: HabitServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.stop();
});

async function server(options: HabitServerOptions = {}): Promise<HabitServer> {
  const s = await startHabitServer(options);
  servers.push(s);
  return s;
}

const viewSchema = z.object({
  stance: z.enum(["bullish", "neutral", "bearish"]),
  action: z.enum(["BUY", "HOLD", "SELL"]),
  confidence: z.number().min(0).max(1),
  round: z.number().int().min(1),
  concedes: z.boolean(),
  summary: z.string().min(1),
  evidence: z.array(z.object({ id: z.string().min(1), direction: z.union([z.literal(-1), z.literal(0), z.literal(1)]) })),
});
const viewTask = defineTask({
  name: "test.habit-view",
  version: 1,
  temperature: 0,
  schema: viewSchema,
  render: (ticker: string) => [
    { role: "system", content: "You are an analyst." },
    { role: "user", content: `Your view on ${ticker}?` },
  ],
  offline: () => ({ stance: "neutral" as const, action: "HOLD" as const, confidence: 0.5, round: 1, concedes: false, summary: "flat", evidence: [] }),
});
const scoresTask = defineTask({
  name: "test.habit-scores",
  version: 1,
  temperature: 0,
  schema: z.object({ scores: z.array(z.number().min(-1).max(1)) }),
  render: (args: string[]) => [
    { role: "system", content: "Score each numbered argument in [-1, 1]." },
    { role: "user", content: args.map((a, i) => `${i + 1}. ${a}`).join("\n") },
  ],
  offline: (args) => ({ scores: args.map(() => 0) }),
  validate: (output, args) => (output.scores.length === args.length ? null : `expected ${args.length} scores`),
});

/** `calls` calls of the view task through OpenAIModel, 8 at a time; outputs by ticker and the failures. */
async function habitRun(habits: HabitServer, calls: number, responseFormat: ResponseFormat = "none") {
  const model = new OpenAIModel({ model: "habit", apiKey: "x", baseURL: habits.baseURL, responseFormat, concurrency: 8, ...fastRetry() });
  const gaps: LlmOutputError[] = [];
  const outputs = await mapConcurrent(
    Array.from({ length: calls }, (_, i) => `T${i}`),
    8,
    async (ticker) => {
      try {
        return (await model.run(viewTask, ticker)).output;
      } catch (error) {
        if (!(error instanceof LlmOutputError)) throw error;
        gaps.push(error);
        return null;
      }
    },
  );
  return { model, outputs, gaps };
}

describe("habit server", () => {
  it("cites a public thread for every habit and server behaviour it plays", () => {
    for (const habit of HABITS) expect(HABIT_SOURCES[habit].length).toBeGreaterThan(0);
    for (const urls of Object.values(HABIT_SOURCES))
      for (const url of urls) expect(url).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+\/(issues|pull)\/\d+$/);
  });

  it("shows each habit in at least one first answer in ten; every accepted answer is valid; repairs only for empty answers and refusals; at most 2 % gaps", async () => {
    const habits = await server({ seed: 11 });
    const { model, outputs, gaps } = await habitRun(habits, 300);
    const stats = habits.stats();
    for (const habit of HABITS) expect(stats.firstByHabit[habit] / stats.firstRequests, habit).toBeGreaterThanOrEqual(0.1);
    for (const output of outputs) if (output !== null) expect(viewSchema.safeParse(output).success).toBe(true);
    // Every other habit is read (case, strings, extra keys, prose, fences, <think>) or re-asked with more tokens (a cut):
    // only an answer without content reaches the repair round.
    expect(model.usage().repairs).toBe(stats.firstByHabit["empty-content"] + stats.firstByHabit.refusal);
    expect(model.usage().extraKeys).toBeGreaterThan(0);
    expect(gaps.length / 300).toBeLessThanOrEqual(0.02);
  });

  it("is reproducible for a seed whatever the concurrency, and differs for another seed", async () => {
    const a = await habitRun(await server({ seed: 5 }), 40);
    const b = await habitRun(await server({ seed: 5 }), 40);
    const c = await habitRun(await server({ seed: 6 }), 40);
    expect(b.outputs).toEqual(a.outputs);
    expect(c.outputs).not.toEqual(a.outputs);
  });

  it("knows only the schema: from response_format's json_schema, else the instruction in the system message", async () => {
    const habits = await server({ habits: [] });
    const messages = withSchemaInstruction(viewTask, "X");
    const ask = async (body: Record<string, unknown>) => {
      const response = await fetch(`${habits.baseURL}/chat/completions`, { method: "POST", body: JSON.stringify({ model: "m", ...body }) });
      return ((await response.json()) as { choices: Array<{ message: { content: string } }> }).choices[0]!.message.content;
    };
    expect(viewSchema.safeParse(JSON.parse(await ask({ messages }))).success).toBe(true);
    const only = { type: "object", properties: { n: { type: "integer", minimum: 3, maximum: 3 } }, required: ["n"] };
    const declared = await ask({
      messages: [{ role: "user", content: "hi" }],
      response_format: { type: "json_schema", json_schema: { name: "n", schema: only } },
    });
    expect(JSON.parse(declared)).toEqual({ n: 3 });
    expect(await ask({ messages: [{ role: "user", content: "hi" }] })).not.toMatch(/^\{/);
  });

  it("answers one item per numbered line of the prompt, as a model asked for one score per argument does", async () => {
    const habits = await server({ seed: 2 });
    const model = new OpenAIModel({ model: "habit", apiKey: "x", baseURL: habits.baseURL, responseFormat: "none", ...fastRetry() });
    for (let n = 1; n <= 6; n++)
      expect(
        (
          await model.run(
            scoresTask,
            Array.from({ length: n }, (_, i) => `argument ${i}`),
          )
        ).output.scores,
      ).toHaveLength(n);
  });

  it("with latency, answers after it", async () => {
    const habits = await server({ habits: [], latencyMs: [120, 150] });
    const model = new OpenAIModel({ model: "habit", apiKey: "x", baseURL: habits.baseURL, ...fastRetry() });
    const started = performance.now();
    await model.run(viewTask, "X");
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });
});

/**
 * OpenAIModel over a loopback server, as real servers answer: the response
 * formats it asks for (json_schema, json_object, none), a refusal and a
 * cut-off answer on the wire, and the extra keys counted in usage().
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { OpenAIModel } from "../../src/llm/openai-client";
import { parseResponseFormat } from "../../src/llm/response-format";
import { defineTask, taskJsonSchema } from "../../src/llm/task";
import { HABITS, startHabitServer } from "../../src/llm/testing/habit-server";
import { okJson, okText, startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { FAKE_KEY, fastRetry, rateTask } from "./fixtures";

let server: FakeOpenAI;

beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => server.reset());

function model(extra: Partial<ConstructorParameters<typeof OpenAIModel>[0]> = {}): OpenAIModel {
  return new OpenAIModel({ model: "m", apiKey: FAKE_KEY, baseURL: server.baseURL, seed: 7, timeoutMs: 2000, ...fastRetry(), ...extra });
}

/** A task with an enum, numbers and an integer, as FinMem's and the Blackboard's are. */
const viewTask = defineTask({
  name: "test.view",
  version: 1,
  temperature: 0,
  schema: z.object({
    stance: z.enum(["bullish", "neutral", "bearish"]),
    confidence: z.number().min(0).max(1),
    round: z.number().int().min(1),
    summary: z.string().min(1),
  }),
  render: (ticker: string) => [
    { role: "system", content: "You are an analyst." },
    { role: "user", content: `Your view on ${ticker}?` },
  ],
  offline: () => ({ stance: "neutral" as const, confidence: 0.5, round: 1, summary: "flat" }),
});

describe("response formats", () => {
  it("json_schema sends the task's JSON Schema under its name, not strict", async () => {
    server.enqueueChat(okJson({ score: 3, reason: "r" }));
    await model({ responseFormat: "json_schema" }).run(rateTask, { text: "x" });
    expect(server.chatRequests()[0]!.response_format).toEqual({
      type: "json_schema",
      json_schema: { name: "test_rate", schema: taskJsonSchema(rateTask.schema), strict: false },
    });
  });

  it("json_object is the default (JSON mode)", async () => {
    server.enqueueChat(okJson({ score: 3, reason: "r" }));
    await model().run(rateTask, { text: "x" });
    expect(server.chatRequests()[0]!.response_format).toEqual({ type: "json_object" });
  });

  it("none sends no response_format, keeps the schema in the prompt, and reads a fenced, mis-cased, stringly answer", async () => {
    server.enqueueChat(okText('Here it is:\n```json\n{"stance": "BEARISH", "confidence": "0.7", "round": "2", "summary": "weak", "why": "x"}\n```'));
    const m = model({ responseFormat: "none" });
    const result = await m.run(viewTask, "ALTA");
    const body = server.chatRequests()[0]!;
    expect(body.response_format).toBeUndefined();
    expect(body.messages[0]!.content).toContain(JSON.stringify(taskJsonSchema(viewTask.schema)));
    expect(result).toMatchObject({ output: { stance: "bearish", confidence: 0.7, round: 2, summary: "weak" }, repaired: false });
    expect(m.usage().extraKeys).toBe(1);
  });

  it("each format against the habit server: json_schema constrained, json_object, none; a server that rejects json_schema says what to set", async () => {
    for (const responseFormat of ["json_schema", "json_object", "none"] as const) {
      // The answer-less habits (an empty answer, a refusal) are the repair round's business, not the format's.
      const habits = await startHabitServer({ seed: 3, jsonSchema: "constrain", habits: HABITS.filter((h) => h !== "empty-content" && h !== "refusal") });
      const m = new OpenAIModel({ model: "habit", apiKey: "x", baseURL: habits.baseURL, responseFormat, ...fastRetry() });
      for (let i = 0; i < 20; i++) {
        const { output } = await m.run(viewTask, `T${i}`);
        expect(viewTask.schema.safeParse(output).success).toBe(true);
      }
      expect(Object.keys(habits.stats().responseFormats)).toEqual([responseFormat]);
      if (responseFormat === "json_schema") expect(habits.requests[0]!.body.response_format?.json_schema?.schema).toEqual(taskJsonSchema(viewTask.schema));
      await habits.stop();
    }
    const rejecting = await startHabitServer({ jsonSchema: "reject" });
    const error = await new OpenAIModel({ model: "habit", apiKey: "x", baseURL: rejecting.baseURL, responseFormat: "json_schema", ...fastRetry() })
      .run(viewTask, "T")
      .catch((e: unknown) => e as Error);
    expect((error as Error).message).toMatch(/HTTP 400\).*json_schema/);
    expect((error as Error).message).toContain("--response-format json_object or none");
    expect(rejecting.requests).toHaveLength(1);
    await rejecting.stop();
  });

  it("parses --response-format values and names the allowed ones", () => {
    expect(parseResponseFormat(undefined)).toBeUndefined();
    expect(parseResponseFormat("none")).toBe("none");
    expect(() => parseResponseFormat("json")).toThrow(/json_schema, json_object, none/);
  });
});

describe("answers as real servers send them", () => {
  it("a refusal on the wire goes to the repair round, quoted", async () => {
    server.enqueueChat(okText(null, { refusal: "I'm sorry, I can't help with that." }), okJson({ score: 2, reason: "r" }));
    const result = await model().run(rateTask, { text: "x" });
    expect(result.repaired).toBe(true);
    const repair = server.chatRequests()[1]!;
    expect(repair.messages[2]).toEqual({ role: "assistant", content: "I'm sorry, I can't help with that." });
    expect(repair.messages[3]!.content).toContain("the model refused instead of answering");
  });

  it("null content goes to the repair round saying the answer was empty", async () => {
    server.enqueueChat(okText(null), okJson({ score: 2, reason: "r" }));
    await model().run(rateTask, { text: "x" });
    expect(server.chatRequests()[1]!.messages[3]!.content).toContain('the answer was empty (no content, finish_reason "stop")');
  });

  it("an answer cut at max_tokens is asked again once with twice the limit, logged, and not counted as a call or a repair", async () => {
    const lines: string[] = [];
    server.enqueueChat(okText('{"score": 3, "re', { finishReason: "length" }), okJson({ score: 3, reason: "whole" }));
    const m = model({ maxTokens: 600, log: (line) => lines.push(line) });
    const result = await m.run(rateTask, { text: "x" });
    expect(result).toMatchObject({ output: { reason: "whole" }, repaired: false });
    expect(server.chatRequests().map((b) => b.max_tokens)).toEqual([600, 1200]);
    expect(m.usage()).toMatchObject({ calls: 1, repairs: 0, networkCalls: 2, extraKeys: 0 });
    expect(lines).toEqual(['chat "test.rate" (model m): the answer was cut off at the token limit; asking once more with max_tokens 1200']);
  });
});

/**
 * runTask over a tiny in-memory provider (no HTTP): JSON extraction, the
 * repair round with its exact prompt, the typed error after a failed repair,
 * redaction, and that parameters and usage are resolved and summed above the
 * provider.
 */
import { describe, expect, it } from "vitest";
import { LlmOutputError, LlmTransportError } from "../../src/llm/errors";
import { extractJson } from "../../src/llm/json";
import {
  longerMaxTokens,
  MIN_LONGER_MAX_TOKENS,
  repairMessage,
  runTask,
  type TextCompletion,
  type TextProvider,
  type TextRequest,
} from "../../src/llm/run-task";
import { taskJsonSchema, withSchemaInstruction } from "../../src/llm/task";
import { FAKE_KEY, rateTask } from "./fixtures";

/** Answers each request with the next scripted text or completion (an Error is thrown instead), and keeps the requests. */
function scriptedProvider(
  answers: Array<string | Partial<TextCompletion> | Error>,
  extra: Partial<TextProvider> = {},
): TextProvider & { requests: TextRequest[] } {
  const requests: TextRequest[] = [];
  return {
    id: "in-memory",
    requests,
    ...extra,
    complete: async (request): Promise<TextCompletion> => {
      requests.push(request);
      const next = answers.shift();
      if (next === undefined) throw new Error("no scripted answer left");
      if (next instanceof Error) throw next;
      const base: TextCompletion = { text: "", usage: { promptTokens: 10, completionTokens: 5 }, finishReason: "stop" };
      return typeof next === "string" ? { ...base, text: next } : { ...base, ...next };
    },
  };
}

describe("runTask", () => {
  it("asks with the schema instruction and the resolved parameters, and extracts JSON from prose and fences", async () => {
    const provider = scriptedProvider(['Sure:\n```json\n{"score": 3, "reason": "ok"}\n```'], { defaults: { seed: 7 } });
    const result = await runTask(provider, rateTask, { text: "x" });
    expect(result).toMatchObject({ output: { score: 3, reason: "ok" }, repaired: false, cached: false, model: "in-memory" });
    expect(result.usage).toEqual({ promptTokens: 10, completionTokens: 5 });
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]).toMatchObject({ task: "test.rate", round: "answer", params: { temperature: 0.3, seed: 7 } });
    expect(provider.requests[0]!.messages).toEqual(withSchemaInstruction(rateTask, { text: "x" }));
    expect(provider.requests[0]!.schema).toEqual(taskJsonSchema(rateTask.schema));
    expect(provider.requests[0]!.maxTokens).toBeUndefined();
  });

  it("call options beat the provider's defaults", async () => {
    const provider = scriptedProvider(['{"score": 2, "reason": "r"}'], { defaults: { temperature: 1, seed: 7 } });
    await runTask(provider, rateTask, { text: "x" }, { temperature: 0, seed: 3 });
    expect(provider.requests[0]!.params).toEqual({ temperature: 0, seed: 3 });
  });

  it("repairs an unparsable answer once: the raw answer as the assistant turn, then the exact repair prompt", async () => {
    const provider = scriptedProvider(['{"score": 3, "reason": ', '{"score": 3, "reason": "fixed"}']);
    const result = await runTask(provider, rateTask, { text: "x" });
    expect(result).toMatchObject({ output: { score: 3, reason: "fixed" }, repaired: true });
    expect(result.usage).toEqual({ promptTokens: 20, completionTokens: 10 });
    const [first, repair] = provider.requests;
    expect(repair!.round).toBe("repair");
    expect(repair!.messages.slice(0, 2)).toEqual(first!.messages);
    expect(repair!.messages[2]).toEqual({ role: "assistant", content: '{"score": 3, "reason": ' });
    expect(repair!.messages[3]!.role).toBe("user");
    expect(repair!.messages[3]!.content).toMatch(/^Your previous answer was rejected: invalid JSON: the answer is not valid JSON \(/);
  });

  it("repairs a schema violation and a task.validate failure with their own messages", async () => {
    const schema = scriptedProvider(['{"score": 9, "reason": "high"}', '{"score": 5, "reason": "max"}']);
    expect((await runTask(schema, rateTask, { text: "x" })).output.score).toBe(5);
    expect(schema.requests[1]!.messages[3]!.content).toBe(repairMessage("score: Too big: expected number to be <=5"));
    const semantic = scriptedProvider(['{"score": 2, "reason": "r"}', '{"score": 4, "reason": "r"}']);
    expect((await runTask(semantic, rateTask, { text: "x", allowed: [1, 4] })).output.score).toBe(4);
    expect(semantic.requests[1]!.messages[3]!.content).toBe(repairMessage("score must be one of 1, 4"));
  });

  it("keeps the repair prompt's wording (part of every recorded prompt hash)", () => {
    expect(repairMessage("E")).toBe(
      "Your previous answer was rejected: E\n" +
        "Reply again with only the corrected JSON object (no prose, no code fences), conforming to the schema given in the system message.",
    );
  });

  it("throws LlmOutputError naming both failures when the repair is invalid too", async () => {
    const provider = scriptedProvider(["not json", '{"score":0,"reason":""}']);
    const error = (await runTask(provider, rateTask, { text: "x" }).catch((e: unknown) => e)) as LlmOutputError;
    expect(error).toBeInstanceOf(LlmOutputError);
    expect(error.task).toBe("test.rate");
    expect(error.lastOutput).toBe('{"score":0,"reason":""}');
    expect(error.validationError).toMatch(/^score: Too small: .*; reason: Too small/);
    expect(error.finishReason).toBe("stop");
    expect(error.message).toBe(
      `task "test.rate" (model in-memory): invalid output after one repair round: ${error.validationError} ` +
        `(first answer: invalid JSON: ${(extractJson("not json") as { error: string }).error})`,
    );
    expect(provider.requests).toHaveLength(2);
  });

  it("redacts what leaves it with the provider's redact, but re-sends the raw answer to the provider", async () => {
    const leak = `{"score": 0, "reason": "${FAKE_KEY}"}`;
    const provider = scriptedProvider([leak, leak], { redact: (text) => text.split(FAKE_KEY).join("[redacted]") });
    const error = (await runTask(provider, rateTask, { text: "x" }).catch((e: unknown) => e)) as LlmOutputError;
    expect(error).toBeInstanceOf(LlmOutputError);
    expect(error.lastOutput).toBe('{"score": 0, "reason": "[redacted]"}');
    expect(`${error.message} ${error.validationError}`).not.toContain(FAKE_KEY);
    expect(provider.requests[1]!.messages[2]!.content).toBe(leak);
  });

  it("lets the provider's transport errors through, with no repair round", async () => {
    const failure = new LlmTransportError("down", "test.rate", 503, 5);
    const provider = scriptedProvider([failure]);
    await expect(runTask(provider, rateTask, { text: "x" })).rejects.toBe(failure);
    expect(provider.requests).toHaveLength(1);
  });

  it("reads what real models send: an enum in another case, numbers as strings, extra keys dropped and counted", async () => {
    const provider = scriptedProvider(['{"score": " 4 ", "reason": "fine", "explanation": "x", "notes": "y"}']);
    const result = await runTask(provider, rateTask, { text: "x" });
    expect(result).toMatchObject({ output: { score: 4, reason: "fine" }, repaired: false, extraKeys: 2 });
    expect(provider.requests).toHaveLength(1);
    const clean = await runTask(scriptedProvider(['{"score": 4, "reason": "fine"}']), rateTask, { text: "x" });
    expect(clean).not.toHaveProperty("extraKeys");
  });

  it("asks once more with a larger token limit when an invalid answer was cut off (finish_reason length), then accepts", async () => {
    const provider = scriptedProvider(
      [{ text: '{"score": 3, "rea', finishReason: "length", usage: { promptTokens: 10, completionTokens: 700 } }, '{"score": 3, "reason": "whole"}'],
      { maxTokens: 700 },
    );
    const result = await runTask(provider, rateTask, { text: "x" });
    expect(result).toMatchObject({ output: { score: 3, reason: "whole" }, repaired: false });
    expect(provider.requests.map((r) => [r.round, r.maxTokens])).toEqual([
      ["answer", undefined],
      ["longer", 1400],
    ]);
    expect(provider.requests[1]!.messages).toEqual(provider.requests[0]!.messages);
    expect(longerMaxTokens(undefined, 300)).toBe(MIN_LONGER_MAX_TOKENS);
  });

  it("a cut-off answer cut off again goes to the repair round (saying why, with the larger limit), then to LlmOutputError", async () => {
    const cut = { text: '{"score": 3, "rea', finishReason: "length" };
    const provider = scriptedProvider([cut, cut, cut]);
    const error = (await runTask(provider, rateTask, { text: "x" }).catch((e: unknown) => e)) as LlmOutputError;
    expect(error).toBeInstanceOf(LlmOutputError);
    expect(error.finishReason).toBe("length");
    expect(provider.requests.map((r) => [r.round, r.maxTokens])).toEqual([
      ["answer", undefined],
      ["longer", MIN_LONGER_MAX_TOKENS],
      ["repair", MIN_LONGER_MAX_TOKENS],
    ]);
    expect(provider.requests[2]!.messages[3]!.content).toMatch(
      /^Your previous answer was rejected: the answer was cut off at the token limit \(finish_reason "length"\): invalid JSON: /,
    );
  });

  it("the one longer re-ask also serves a repair answer the token limit cut off", async () => {
    const provider = scriptedProvider([{ text: "" }, { text: '{"score": 2, "re', finishReason: "length" }, '{"score": 2, "reason": "r"}']);
    const result = await runTask(provider, rateTask, { text: "x" });
    expect(result).toMatchObject({ output: { score: 2 }, repaired: true });
    expect(provider.requests.map((r) => [r.round, r.maxTokens])).toEqual([
      ["answer", undefined],
      ["repair", undefined],
      ["longer", MIN_LONGER_MAX_TOKENS],
    ]);
    expect(provider.requests[2]!.messages).toEqual(provider.requests[1]!.messages);
  });

  it("a valid answer that reports finish_reason length is accepted as it is", async () => {
    const provider = scriptedProvider([{ text: '{"score": 2, "reason": "r"}', finishReason: "length" }]);
    expect((await runTask(provider, rateTask, { text: "x" })).output.score).toBe(2);
    expect(provider.requests).toHaveLength(1);
  });

  it("an empty answer goes to the repair round saying it was empty", async () => {
    const provider = scriptedProvider([{ text: "" }, '{"score": 2, "reason": "r"}']);
    const result = await runTask(provider, rateTask, { text: "x" });
    expect(result.repaired).toBe(true);
    expect(provider.requests[1]!.messages[2]).toEqual({ role: "assistant", content: "" });
    expect(provider.requests[1]!.messages[3]!.content).toBe(repairMessage('the answer was empty (no content, finish_reason "stop")'));
  });

  it("a refusal goes to the repair round quoting it, as the assistant's turn too", async () => {
    const provider = scriptedProvider([{ text: "", refusal: "I can't help with that." }, '{"score": 2, "reason": "r"}']);
    const result = await runTask(provider, rateTask, { text: "x" });
    expect(result.repaired).toBe(true);
    expect(provider.requests[1]!.messages[2]).toEqual({ role: "assistant", content: "I can't help with that." });
    expect(provider.requests[1]!.messages[3]!.content).toBe(repairMessage('the model refused instead of answering: "I can\'t help with that."'));
  });
});

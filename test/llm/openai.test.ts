import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LlmOutputError, LlmTransportError } from "../../src/llm/errors";
import { OpenAIModel } from "../../src/llm/openai-client";
import { hang, httpError, okJson, okText, startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { FAKE_KEY, fastRetry, rateTask } from "./fixtures";

let server: FakeOpenAI;

beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => server.reset());

function model(extra: Partial<ConstructorParameters<typeof OpenAIModel>[0]> = {}, waits: number[] = []): OpenAIModel {
  return new OpenAIModel({ model: "gpt-4o-mini", apiKey: FAKE_KEY, baseURL: server.baseURL, seed: 7, timeoutMs: 2000, ...fastRetry(waits), ...extra });
}

describe("OpenAIModel", () => {
  it("returns the validated output, usage and cost of a well-formed answer", async () => {
    server.enqueueChat(okJson({ score: 4, reason: "clear" }, { usage: { prompt_tokens: 1000, completion_tokens: 200 } }));
    const m = model();
    const result = await m.run(rateTask, { text: "a fine text" });
    expect(result.output).toEqual({ score: 4, reason: "clear" });
    expect(result).toMatchObject({ cached: false, repaired: false, model: "gpt-4o-mini", usage: { promptTokens: 1000, completionTokens: 200 } });
    // gpt-4o-mini: 0.15 $/1M in, 0.60 $/1M out -> 1000*0.15e-6 + 200*0.6e-6
    expect(m.usage().estimatedCostUsd).toBeCloseTo(0.00027, 12);
    expect(m.usage()).toMatchObject({ calls: 1, networkCalls: 1, repairs: 0, promptTokens: 1000, completionTokens: 200 });
  });

  it("sends JSON mode, the task temperature, the seed, the schema and the bearer key", async () => {
    server.enqueueChat(okJson({ score: 2, reason: "r" }));
    await model().run(rateTask, { text: "x" });
    const [req] = server.requests;
    expect(req!.headers["authorization"]).toBe(`Bearer ${FAKE_KEY}`);
    const body = server.chatRequests()[0]!;
    expect(body.model).toBe("gpt-4o-mini");
    expect(body.temperature).toBe(0.3);
    expect(body.seed).toBe(7);
    expect(body.response_format).toEqual({ type: "json_object" });
    expect(body.messages[0]!.role).toBe("system");
    expect(body.messages[0]!.content).toContain("You rate texts.");
    expect(body.messages[0]!.content).toContain('"score":{"type":"integer","minimum":1,"maximum":5}');
    expect(body.messages).toHaveLength(2);
  });

  it("omits response_format with responseFormat none and lets call options override temperature", async () => {
    server.enqueueChat(okJson({ score: 2, reason: "r" }));
    await model({ responseFormat: "none" }).run(rateTask, { text: "x" }, { temperature: 0 });
    const body = server.chatRequests()[0]!;
    expect(body.response_format).toBeUndefined();
    expect(body.temperature).toBe(0);
  });

  it("accepts JSON wrapped in prose and code fences without a repair", async () => {
    server.enqueueChat(okText('Here you go:\n```json\n{"score": 3, "reason": "ok"}\n```'));
    const result = await model().run(rateTask, { text: "x" });
    expect(result.output).toEqual({ score: 3, reason: "ok" });
    expect(result.repaired).toBe(false);
  });

  it("repairs malformed JSON by re-asking once with the bad answer and the parse error", async () => {
    server.enqueueChat(okText('{"score": 3, "reason": '), okJson({ score: 3, reason: "fixed" }));
    const m = model();
    const result = await m.run(rateTask, { text: "x" });
    expect(result.output).toEqual({ score: 3, reason: "fixed" });
    expect(result.repaired).toBe(true);
    expect(result.usage).toEqual({ promptTokens: 20, completionTokens: 10 });
    const repair = server.chatRequests()[1]!;
    expect(repair.messages).toHaveLength(4);
    expect(repair.messages[2]).toEqual({ role: "assistant", content: '{"score": 3, "reason": ' });
    expect(repair.messages[3]!.role).toBe("user");
    expect(repair.messages[3]!.content).toContain("invalid JSON");
    expect(m.usage().repairs).toBe(1);
  });

  it("repairs a schema violation, telling the model which field failed", async () => {
    server.enqueueChat(okJson({ score: 9, reason: "too high" }), okJson({ score: 5, reason: "max" }));
    const result = await model().run(rateTask, { text: "x" });
    expect(result.output.score).toBe(5);
    expect(result.repaired).toBe(true);
    expect(server.chatRequests()[1]!.messages[3]!.content).toMatch(/score: Too big/);
  });

  it("repairs a task.validate failure with the task's own message", async () => {
    server.enqueueChat(okJson({ score: 2, reason: "r" }), okJson({ score: 4, reason: "r" }));
    const result = await model().run(rateTask, { text: "x", allowed: [1, 4] });
    expect(result.output.score).toBe(4);
    expect(server.chatRequests()[1]!.messages[3]!.content).toContain("score must be one of 1, 4");
  });

  it("gives up with LlmOutputError when the repair answer is also invalid", async () => {
    server.enqueueChat(okText("not json"), okJson({ score: 0, reason: "" }));
    const error = await model()
      .run(rateTask, { text: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmOutputError);
    const e = error as LlmOutputError;
    expect(e.task).toBe("test.rate");
    expect(e.lastOutput).toBe('{"score":0,"reason":""}');
    expect(e.validationError).toMatch(/score: Too small/);
    expect(server.chatRequests()).toHaveLength(2);
  });

  it("retries a 429, waiting what Retry-After asks", async () => {
    const waits: number[] = [];
    server.enqueueChat(httpError(429, { retryAfter: 2 }), okJson({ score: 1, reason: "r" }));
    const m = model({}, waits);
    const result = await m.run(rateTask, { text: "x" });
    expect(result.output.score).toBe(1);
    expect(waits).toEqual([2000]);
    expect(m.usage().networkCalls).toBe(2);
  });

  it("retries 5xx with full-jitter exponential backoff (waits within the doubling ceilings)", async () => {
    const waits: number[] = [];
    server.enqueueChat(httpError(500), httpError(503), httpError(502), okJson({ score: 2, reason: "r" }));
    const result = await model({ retryBaseDelayMs: 100, retryMaxDelayMs: 250 }, waits).run(rateTask, { text: "x" });
    expect(result.output.score).toBe(2);
    expect(waits).toHaveLength(3);
    [100, 200, 250].forEach((ceiling, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(0);
      expect(waits[i]).toBeLessThan(ceiling);
    });
  });

  it("uses the same jitter for the same seed (reproducible retry schedule)", async () => {
    const a: number[] = [];
    const b: number[] = [];
    server.enqueueChat(httpError(500), okJson({ score: 2, reason: "r" }));
    await model({ retryBaseDelayMs: 1000 }, a).run(rateTask, { text: "x" });
    server.enqueueChat(httpError(500), okJson({ score: 2, reason: "r" }));
    await model({ retryBaseDelayMs: 1000 }, b).run(rateTask, { text: "x" });
    expect(a).toEqual(b);
    expect(a[0]).toBeGreaterThan(0);
  });

  it("retries after a per-request timeout", async () => {
    server.enqueueChat(hang(5000), okJson({ score: 3, reason: "after timeout" }));
    const m = model({ timeoutMs: 150 });
    const result = await m.run(rateTask, { text: "x" });
    expect(result.output.reason).toBe("after timeout");
    expect(m.usage().networkCalls).toBe(2);
  });

  it("gives up with LlmTransportError after maxRetries transient failures", async () => {
    server.enqueueChat(httpError(500), httpError(500), httpError(500));
    const error = await model({ maxRetries: 2 })
      .run(rateTask, { text: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmTransportError);
    expect(error).toMatchObject({ status: 500, attempts: 3, task: "test.rate" });
    expect(server.chatRequests()).toHaveLength(3);
  });

  it("gives up after repeated timeouts with LlmTransportError (no status)", async () => {
    server.enqueueChat(hang(5000), hang(5000));
    const error = await model({ timeoutMs: 100, maxRetries: 1 })
      .run(rateTask, { text: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmTransportError);
    expect(error).toMatchObject({ status: undefined, attempts: 2 });
  });

  it("retries connection failures, then gives up with LlmTransportError", async () => {
    const closed = await startFakeOpenAI();
    const deadURL = closed.baseURL;
    await closed.stop();
    const waits: number[] = [];
    const error = await model({ baseURL: deadURL, maxRetries: 2 }, waits)
      .run(rateTask, { text: "x" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmTransportError);
    expect(error).toMatchObject({ status: undefined, attempts: 3 });
    expect(waits).toHaveLength(2);
  });

  it("does not retry when the caller aborts", async () => {
    server.enqueueChat(hang(5000));
    const controller = new AbortController();
    const pending = model()
      .run(rateTask, { text: "x" }, { signal: controller.signal })
      .catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 50);
    const error = await pending;
    expect(error).toBeInstanceOf(LlmTransportError);
    expect((error as Error).message).toMatch(/aborted by the caller/);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it("does not retry a 400, and scrubs an echoed API key from the error message", async () => {
    server.enqueueChat(httpError(401, { message: `Incorrect API key provided: ${FAKE_KEY}. Authorization: Bearer ${FAKE_KEY}` }));
    const error = (await model()
      .run(rateTask, { text: "x" })
      .catch((e: unknown) => e)) as LlmTransportError;
    expect(error).toBeInstanceOf(LlmTransportError);
    expect(error.status).toBe(401);
    expect(error.attempts).toBe(1);
    expect(error.message).toContain("[REDACTED]");
    expect(error.message).not.toContain(FAKE_KEY);
    expect(error.message).not.toContain("SECRET");
    expect(String(error.stack)).not.toContain(FAKE_KEY);
    expect(JSON.stringify(error)).not.toContain(FAKE_KEY);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it("never exposes the key through the model object", async () => {
    const m = model();
    const { inspect } = await import("node:util");
    expect(JSON.stringify(m)).not.toContain(FAKE_KEY);
    expect(inspect(m, { depth: 10 })).not.toContain(FAKE_KEY);
  });

  it("keeps at most `concurrency` requests in flight", async () => {
    server.enqueueChat(...Array.from({ length: 10 }, (_, i) => okJson({ score: 1 + (i % 5), reason: `r${i}` }, { delayMs: 50 })));
    const m = model({ concurrency: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => m.run(rateTask, { text: `t${i}` })));
    expect(results).toHaveLength(10);
    expect(server.chatRequests()).toHaveLength(10);
    expect(server.maxInFlight).toBe(3);
  });
});

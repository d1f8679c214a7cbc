/**
 * MockModel: handlers per task (a value, a function, a list), what it records
 * of every call, the fallbacks for unhandled tasks, and its usage totals.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LlmOutputError } from "../../src/llm/errors";
import { MockModel, type MockCall } from "../../src/llm/mock";
import { OfflineModel } from "../../src/llm/offline";
import { defineTask, withSchemaInstruction } from "../../src/llm/task";
import { rateTask } from "./fixtures";

const echoTask = defineTask({
  name: "test.echo",
  version: 2,
  schema: z.object({ said: z.string() }),
  render: (text: string) => [{ role: "user", content: `Echo as JSON {"said"}: ${text}` }],
  offline: (text: string) => ({ said: text }),
});

describe("MockModel", () => {
  it("answers a value handler with a fresh copy on every call, labelled with its id", async () => {
    const model = new MockModel({ id: "scripted", handlers: { "test.rate": { score: 3, reason: "fixed" } } });
    const a = await model.run(rateTask, { text: "x" });
    a.output.score = 1;
    const b = await model.run(rateTask, { text: "y" });
    expect(b).toEqual({
      output: { score: 3, reason: "fixed" },
      usage: { promptTokens: 0, completionTokens: 0 },
      cached: false,
      model: "scripted",
      latencyMs: 0,
      repaired: false,
    });
  });

  it("calls a function handler with the input and the recorded call", async () => {
    const seen: MockCall[] = [];
    const model = new MockModel({
      handlers: {
        "test.echo": async (text: string, call: MockCall) => {
          seen.push(call);
          return { said: `${text} #${call.turn}` };
        },
      },
    });
    expect((await model.run(echoTask, "hi")).output).toEqual({ said: "hi #0" });
    expect((await model.run(echoTask, "ho")).output).toEqual({ said: "ho #1" });
    expect(seen).toEqual(model.calls);
  });

  it("consumes a list in order and throws once it is exhausted", async () => {
    const model = new MockModel({ handlers: { "test.echo": [{ said: "one" }, { said: "two" }] } });
    expect((await model.run(echoTask, "a")).output.said).toBe("one");
    expect((await model.run(echoTask, "b")).output.said).toBe("two");
    await expect(model.run(echoTask, "c")).rejects.toThrow('MockModel: task "test.echo" was called 3 times, but its list holds 2 answers');
  });

  it("throws an Error given as a value or a list item (a failing model)", async () => {
    const failure = new LlmOutputError("bad", "test.echo", "{}", "said: Invalid input");
    await expect(new MockModel({ handlers: { "test.echo": failure } }).run(echoTask, "a")).rejects.toBe(failure);
    const flaky = new MockModel({ handlers: { "test.echo": [failure, { said: "ok" }] } });
    await expect(flaky.run(echoTask, "a")).rejects.toBe(failure);
    expect((await flaky.run(echoTask, "b")).output.said).toBe("ok");
  });

  it("returns handler answers unchecked, so a test can feed the caller an invalid one", async () => {
    const model = new MockModel({ handlers: { "test.rate": { score: 99, reason: "" } } });
    expect((await model.run(rateTask, { text: "x" })).output.score).toBe(99);
  });

  it("records task, version, input, the messages an endpoint would read, options, order and turn", async () => {
    const model = new MockModel({ handlers: { "test.echo": { said: "s" }, "test.rate": { score: 1, reason: "r" } } });
    const input = { text: "a text" };
    await model.run(echoTask, "one");
    await model.run(rateTask, input, { temperature: 0, seed: 5 });
    await model.run(echoTask, "two");
    expect(model.calls.map((c) => [c.seq, c.task, c.version, c.turn])).toEqual([
      [0, "test.echo", 2, 0],
      [1, "test.rate", 1, 0],
      [2, "test.echo", 2, 1],
    ]);
    const rate = model.callsOf(rateTask)[0]!;
    expect(rate.input).toBe(input);
    expect(rate.options).toEqual({ temperature: 0, seed: 5 });
    expect(rate.messages).toEqual(withSchemaInstruction(rateTask, input));
    expect(model.callsOf("test.echo").map((c) => c.input)).toEqual(["one", "two"]);
    expect(model.calls[0]!.options).toEqual({});
  });

  it("throws on a task without a handler by default, naming the handlers it has", async () => {
    const model = new MockModel({ handlers: { "test.echo": { said: "s" } } });
    await expect(model.run(rateTask, { text: "x" })).rejects.toThrow('MockModel: no handler for task "test.rate" (handlers: test.echo)');
    expect(model.calls).toHaveLength(1);
  });

  it('answers unhandled tasks with their offline policy (as OfflineModel) under unhandled: "offline"', async () => {
    const model = new MockModel({ seed: 7, unhandled: "offline", handlers: { "test.echo": { said: "s" } } });
    const offline = new OfflineModel({ seed: 7 });
    for (const options of [{}, { temperature: 1.5 }]) {
      expect((await model.run(rateTask, { text: "three words here" }, options)).output).toEqual(
        (await offline.run(rateTask, { text: "three words here" }, options)).output,
      );
    }
    expect(model.resolveParams(rateTask)).toEqual(offline.resolveParams(rateTask));
    expect(model.isOffline).toBe(false);
  });

  it("passes unhandled calls on to a fallback model unchanged, taking its id, flag and parameters", async () => {
    const inner = new OfflineModel({ seed: 3, temperature: 0.2 });
    const model = new MockModel({ unhandled: inner });
    expect([model.id, model.isOffline]).toEqual(["offline", true]);
    const result = await model.run(rateTask, { text: "x" }, { seed: 9 });
    expect(result).toEqual(await inner.run(rateTask, { text: "x" }, { seed: 9 }));
    expect(model.resolveParams(rateTask, { seed: 9 })).toEqual({ temperature: 0.2, seed: 9 });
    expect(model.callsOf(rateTask)).toHaveLength(1);
  });

  it("totals the answers it returned: calls, tokens and their cost at its id's price", async () => {
    const usage = { promptTokens: 1000, completionTokens: 500 };
    const model = new MockModel({ id: "gpt-4o-mini", usagePerCall: usage, handlers: { "test.echo": { said: "s" } } });
    expect((await model.run(echoTask, "a")).usage).toEqual(usage);
    await model.run(echoTask, "b");
    const totals = model.usage();
    expect(totals).toMatchObject({ calls: 2, cacheHits: 0, networkCalls: 0, repairs: 0, promptTokens: 2000, completionTokens: 1000 });
    expect(totals.estimatedCostUsd).toBeCloseTo(2 * 0.00045, 12); // 0.15 $/1M in, 0.60 $/1M out
  });
});

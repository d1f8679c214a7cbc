import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OfflinePolicyError } from "../../src/llm/errors";
import { stableHash } from "../../src/llm/json";
import { OfflineModel } from "../../src/llm/offline";
import { defineTask } from "../../src/llm/task";
import { deriveRng } from "../../src/stats/rng";
import { rateTask } from "./fixtures";

const texts = ["one", "one two three", "a b c d e f g h", "the quick brown fox", "x y"];

describe("OfflineModel", () => {
  it("is labelled offline and costs nothing", async () => {
    const model = new OfflineModel({ seed: 1 });
    const result = await model.run(rateTask, { text: "a b c" });
    expect(result).toMatchObject({ model: "offline", cached: false, repaired: false, usage: { promptTokens: 0, completionTokens: 0 } });
    expect(model.id).toBe("offline");
    expect(model.isOffline).toBe(true);
    expect(model.usage()).toEqual({ calls: 1, cacheHits: 0, networkCalls: 0, repairs: 0, promptTokens: 0, completionTokens: 0, estimatedCostUsd: 0 });
  });

  it("draws from deriveRng(seed, task, version, stableHash(input))", async () => {
    const input = { text: "a b c d" };
    const result = await new OfflineModel({ seed: 42 }).run(rateTask, input);
    const rng = deriveRng(42, "test.rate", 1, stableHash(input));
    const expected = rateTask.offline(input, rng, { temperature: 0.3, seed: 42 });
    expect(result.output).toEqual(expected);
  });

  it("gives the same outputs for the same seed whatever the call order or concurrency", async () => {
    const forward = new OfflineModel({ seed: 9 });
    const a = [];
    for (const text of texts) a.push((await forward.run(rateTask, { text })).output);
    const backward = new OfflineModel({ seed: 9 });
    const b = await Promise.all([...texts].reverse().map((text) => backward.run(rateTask, { text })));
    expect(b.map((r) => r.output).reverse()).toEqual(a);
    // Interleaving unrelated calls does not shift the streams either.
    const interleaved = new OfflineModel({ seed: 9 });
    await interleaved.run(rateTask, { text: "unrelated" });
    expect((await interleaved.run(rateTask, { text: texts[2]! })).output).toEqual(a[2]);
  });

  it("changes with the seed and with the input (key order of the input does not matter)", async () => {
    const outputs = async (seed: number) => Promise.all(texts.map(async (text) => (await new OfflineModel({ seed }).run(rateTask, { text })).output.reason));
    expect(await outputs(1)).not.toEqual(await outputs(2));
    const m = new OfflineModel({ seed: 3 });
    const x = await m.run(rateTask, { text: "p q", sample: 1 });
    const y = await m.run(rateTask, { sample: 1, text: "p q" });
    const z2 = await m.run(rateTask, { text: "p q", sample: 2 });
    expect(y.output).toEqual(x.output);
    expect(z2.output.reason).not.toEqual(x.output.reason);
  });

  it("passes temperature (call > model override > task) and seed to the policy", async () => {
    const seen: Array<{ temperature: number; seed: number }> = [];
    const probe = defineTask<{ n: number }, { ok: boolean }>({
      name: "test.probe",
      version: 1,
      temperature: 0.4,
      schema: z.object({ ok: z.boolean() }),
      render: () => [{ role: "user", content: "{}" }],
      offline: (_input, _rng, ctx) => {
        seen.push(ctx);
        return { ok: true };
      },
    });
    await new OfflineModel({ seed: 5 }).run(probe, { n: 1 });
    await new OfflineModel({ seed: 5, temperature: 0 }).run(probe, { n: 1 });
    await new OfflineModel({ seed: 5, temperature: 0 }).run(probe, { n: 1 }, { temperature: 1.2, seed: 8 });
    expect(seen).toEqual([
      { temperature: 0.4, seed: 5 },
      { temperature: 0, seed: 5 },
      { temperature: 1.2, seed: 8 },
    ]);
  });

  it("throws OfflinePolicyError when a policy breaks its own schema or validate()", async () => {
    const broken = defineTask<string, { score: number }>({
      name: "test.broken",
      version: 1,
      schema: z.object({ score: z.number().max(1) }),
      render: () => [],
      offline: () => ({ score: 7 }),
    });
    const error = await new OfflineModel({ seed: 1 }).run(broken, "x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OfflinePolicyError);
    expect((error as Error).message).toMatch(/test\.broken.*score: Too big/);
    await expect(new OfflineModel({ seed: 1 }).run(rateTask, { text: "a b c d e f", allowed: [1] })).rejects.toThrow(/score must be one of 1/);
  });
});

describe("defineTask", () => {
  const base = {
    schema: z.object({}),
    render: () => [],
    offline: () => ({}),
  };
  it("rejects bad names, versions and temperatures", () => {
    expect(() => defineTask({ ...base, name: "", version: 1 })).toThrow(/name/);
    expect(() => defineTask({ ...base, name: "a b", version: 1 })).toThrow(/name/);
    expect(() => defineTask({ ...base, name: "ok", version: 0 })).toThrow(/version/);
    expect(() => defineTask({ ...base, name: "ok", version: 1.5 })).toThrow(/version/);
    expect(() => defineTask({ ...base, name: "ok", version: 1, temperature: 3 })).toThrow(/temperature/);
    expect(defineTask({ ...base, name: "finmem.reflect-v2_x", version: 3 }).version).toBe(3);
  });
});

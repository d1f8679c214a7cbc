/**
 * Provider-side prompt caching counted: what an OpenAI-compatible server says
 * it served from its prompt cache (`usage.prompt_tokens_details.cached_tokens`,
 * OpenAI and vLLM) reaches each answer's usage, the model's totals, the
 * record/replay cache, a run's manifest and the estimated cost (cached input
 * at its own price); a server that says nothing leaves every byte as before.
 * The dry run states the stable-prefix share under every prompt set.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CachedModel, replayOnlyModel } from "../../src/llm/cache";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIModel } from "../../src/llm/openai-client";
import { estimateCostUsd } from "../../src/llm/pricing";
import { dryRunExperiment, renderDryRun } from "../../src/run/dry-run";
import { runExperiment } from "../../src/run/runner";
import { writeRunFolder } from "../../src/run/writer";
import { okJson, startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { LoopbackModel } from "../helpers/loopback-model";
import { FAKE_KEY, rateTask } from "./fixtures";

let server: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => server.reset());

const CACHED = { prompt_tokens: 2048, completion_tokens: 100, prompt_tokens_details: { cached_tokens: 1536 } };
const model = (name = "gpt-4o-mini") => new OpenAIModel({ model: name, apiKey: FAKE_KEY, baseURL: server.baseURL, seed: 7, maxRetries: 0 });

describe("estimateCostUsd with cached prompt tokens", () => {
  it("prices the cached part at the cached-input price, and at the input price where none is published", () => {
    // gpt-4o: 1.25 $/1M cached, 2.5 in, 10 out: 200k * 2.5 + 800k * 1.25 + 100k * 10
    expect(estimateCostUsd("gpt-4o", { promptTokens: 1_000_000, completionTokens: 100_000, cachedPromptTokens: 800_000 })).toBeCloseTo(2.5, 12);
    expect(estimateCostUsd("gpt-4o", { promptTokens: 1_000_000, completionTokens: 100_000 })).toBeCloseTo(3.5, 12);
    // gpt-4: no discount published, so caching changes nothing
    expect(estimateCostUsd("gpt-4", { promptTokens: 1_000_000, completionTokens: 0, cachedPromptTokens: 900_000 })).toBeCloseTo(30, 12);
    // A server claiming more cached than prompt tokens is capped at the prompt
    expect(estimateCostUsd("gpt-4o-mini", { promptTokens: 1000, completionTokens: 0, cachedPromptTokens: 5000 })).toBeCloseTo(1000 * 0.075e-6, 15);
  });
});

describe("OpenAIModel reads prompt_tokens_details.cached_tokens", () => {
  it("into the answer's usage, the totals and the cost", async () => {
    server.enqueueChat(okJson({ score: 4, reason: "r" }, { usage: CACHED }), okJson({ score: 3, reason: "r" }, { usage: CACHED }));
    const m = model();
    const first = await m.run(rateTask, { text: "one" });
    await m.run(rateTask, { text: "two" });
    expect(first.usage).toEqual({ promptTokens: 2048, completionTokens: 100, cachedPromptTokens: 1536 });
    expect(m.usage()).toMatchObject({ calls: 2, promptTokens: 4096, completionTokens: 200, cachedPromptTokens: 3072 });
    // gpt-4o-mini: (512 * 0.15 + 1536 * 0.075 + 100 * 0.6) / 1e6 per call
    expect(m.usage().estimatedCostUsd).toBeCloseTo((2 * (512 * 0.15 + 1536 * 0.075 + 100 * 0.6)) / 1e6, 15);
  });

  it("leaves the usage as before when the server says nothing (0 in the totals)", async () => {
    server.enqueueChat(okJson({ score: 4, reason: "r" }, { usage: { prompt_tokens: 2048, completion_tokens: 100 } }));
    const m = model();
    const result = await m.run(rateTask, { text: "one" });
    expect(result.usage).toEqual({ promptTokens: 2048, completionTokens: 100 });
    expect(m.usage().cachedPromptTokens).toBe(0);
    expect(m.usage().estimatedCostUsd).toBeCloseTo((2048 * 0.15 + 100 * 0.6) / 1e6, 15);
  });

  it("records the cached count in the model cache, and a replay hands it back; a silent server's line has no such field", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "consilium-prompt-cache-"));
    server.enqueueChat(
      okJson({ score: 4, reason: "r" }, { usage: CACHED }),
      okJson({ score: 2, reason: "r" }, { usage: { prompt_tokens: 9, completion_tokens: 1 } }),
    );
    const recording = new CachedModel(model(), { dir, mode: "record" });
    await recording.run(rateTask, { text: "cached" });
    await recording.run(rateTask, { text: "silent" });
    const lines = readFileSync(path.join(dir, "test.rate.jsonl"), "utf8").trim().split("\n");
    expect(lines[0]).toContain('"usage":{"cachedPromptTokens":1536,"completionTokens":100,"promptTokens":2048}');
    expect(lines[1]).toContain('"usage":{"completionTokens":1,"promptTokens":9}');
    const replay = new CachedModel(replayOnlyModel("gpt-4o-mini", { seed: 7 }), { dir, mode: "replay" });
    expect((await replay.run(rateTask, { text: "cached" })).usage).toEqual({ promptTokens: 2048, completionTokens: 100, cachedPromptTokens: 1536 });
  });
});

describe("a run's manifest", () => {
  it("says how many prompt tokens the provider served from its cache, and the cost counts them at the cached price", async () => {
    const usage = { prompt_tokens: 1200, completion_tokens: 50, prompt_tokens_details: { cached_tokens: 1024 } };
    const remote = model();
    const run = await runExperiment("sentimental", {
      seed: 7,
      set: ["candidates=1", "runs=1", "maxRounds=1"],
      modelInstance: new LoopbackModel(new OfflineModel({ seed: 7 }), remote, server, usage),
    });
    const outDir = mkdtempSync(path.join(tmpdir(), "consilium-prompt-cache-run-"));
    writeRunFolder(run, outDir, "openai");
    const manifest = JSON.parse(readFileSync(path.join(outDir, "manifest.json"), "utf8")) as { usage: Record<string, number> };
    const calls = server.chatRequests().length;
    expect(calls).toBeGreaterThan(0);
    expect(manifest.usage).toMatchObject({ networkCalls: calls, promptTokens: 1200 * calls, cachedPromptTokens: 1024 * calls, completionTokens: 50 * calls });
    expect(manifest.usage.estimatedCostUsd).toBeCloseTo((calls * (176 * 0.15 + 1024 * 0.075 + 50 * 0.6)) / 1e6, 12);
    expect(readdirSync(outDir)).toContain("manifest.json");
  });
});

describe("the dry run's stable prefix under every prompt set", () => {
  it("renders the run under each built-in set: the authors' keep their order, the neutral one puts shared parts first and shares more", async () => {
    const set = ["candidates=2", "runs=1", "maxRounds=2"];
    const report = await dryRunExperiment("sentimental", { seed: 7, set, model: "gpt-4o-mini", allPromptSets: true });
    expect(report.promptSet).toBe("authors");
    expect(report.promptSets.map((s) => [s.set, s.order])).toEqual([
      ["authors", "source"],
      ["neutral", "shared parts first"],
    ]);
    const [authors, neutral] = report.promptSets;
    // The run's own set is the report's: the same share as its totals.
    expect(authors!.stablePrefixShare).toBe(report.totals.stablePrefixShare);
    expect(neutral!.stablePrefixShare).toBeGreaterThan(authors!.stablePrefixShare);
    // The neutral set's own report agrees with what the authors' run said of it.
    const direct = await dryRunExperiment("sentimental", { seed: 7, set: [...set, "prompts=neutral"], model: "gpt-4o-mini" });
    expect(direct.totals.stablePrefixShare).toBe(neutral!.stablePrefixShare);
    expect(direct.promptSets.map((s) => s.set)).toEqual(["neutral"]);
    // Cached-price estimate: each cacheable task's prefix after its first call, at 0.075 instead of 0.15 $/1M.
    const cacheable = report.tasks.reduce((a, t) => a + (t.stablePrefixTokens >= 1024 ? t.stablePrefixTokens * (t.calls - 1) : 0), 0);
    expect(report.providerCache.cachedPromptTokens).toBe(cacheable);
    expect(report.providerCache.costUsd).toBeCloseTo(report.totals.costUsd - (cacheable * 0.075) / 1e6, 12);
    const text = renderDryRun(report);
    expect(text).toContain("stable prefix by prompt set (this run: authors):");
    expect(text).toMatch(/ {2}- neutral: \d+% stable, \d+% cacheable \(reordered: what every call shares first\)/);
  });
});

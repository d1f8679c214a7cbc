import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type CachedEmbedder, CachedModel, replayOnlyModel, writeCacheSnapshot } from "../../src/llm/cache";
import { LlmCacheError, LlmTransportError, ReplayMissError } from "../../src/llm/errors";
import { createEmbedder, createModel } from "../../src/llm/factory";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIModel } from "../../src/llm/openai-client";
import { httpError, okJson, startFakeOpenAI } from "../helpers/fake-openai";
import { FAKE_KEY, fastRetry, rateTask } from "./fixtures";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "consilium-llm-cache-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

/** Every file under `root`, recursively. */
function allFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const p = path.join(root, name);
    return statSync(p).isDirectory() ? allFiles(p) : [p];
  });
}

describe("record / replay", () => {
  it("records over the network, then replays with the server stopped and no API key", async () => {
    const server = await startFakeOpenAI();
    server.enqueueChat(okJson({ score: 4, reason: "first" }), okJson({ score: 2, reason: "second" }));
    const recorder = createModel({ llm: "openai", model: "gpt-4o-mini", seed: 7, cacheDir: dir, apiKey: FAKE_KEY, baseURL: server.baseURL });
    const a = await recorder.run(rateTask, { text: "alpha" });
    const b = await recorder.run(rateTask, { text: "beta" });
    const again = await recorder.run(rateTask, { text: "alpha" });
    expect(a.cached).toBe(false);
    expect(again).toMatchObject({ cached: true, output: { score: 4, reason: "first" }, latencyMs: 0 });
    expect(recorder.usage()).toMatchObject({ calls: 3, cacheHits: 1, networkCalls: 2 });
    expect(server.requests[0]!.headers["authorization"]).toBe(`Bearer ${FAKE_KEY}`);
    await server.stop();

    vi.stubEnv("OPENAI_API_KEY", "");
    const replay = createModel({ llm: "replay", model: "gpt-4o-mini", seed: 7, cacheDir: dir });
    const ra = await replay.run(rateTask, { text: "alpha" });
    const rb = await replay.run(rateTask, { text: "beta" });
    expect(ra).toEqual({ ...a, cached: true, latencyMs: 0 });
    expect(rb.output).toEqual(b.output);
    expect(rb.usage).toEqual(b.usage);
    expect(replay.usage()).toMatchObject({ calls: 2, cacheHits: 2, networkCalls: 0 });
    expect(replay.id).toBe("gpt-4o-mini");
    expect(replay.isOffline).toBe(false);
  });

  it("throws ReplayMissError on a miss and never calls the inner model", async () => {
    const inner = replayOnlyModel("gpt-4o-mini", { seed: 7 });
    const spy = vi.spyOn(inner, "run");
    const replay = new CachedModel(inner, { dir, mode: "replay" });
    const error = await replay.run(rateTask, { text: "never recorded" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReplayMissError);
    expect((error as ReplayMissError).key).toMatch(/^[0-9a-f]{64}$/);
    expect((error as ReplayMissError).message).toContain('task "test.rate"');
    expect(spy).not.toHaveBeenCalled();
  });

  it("misses when the seed, temperature, task version or model differ (they are all in the key)", async () => {
    const recorder = new CachedModel(new OfflineModel({ seed: 1 }), { dir, mode: "record" });
    await recorder.run(rateTask, { text: "alpha" });
    const replay = (id: string, seed: number) => new CachedModel(replayOnlyModel(id, { seed }), { dir, mode: "replay" });
    await expect(replay("offline", 1).run(rateTask, { text: "alpha" })).resolves.toMatchObject({ cached: true });
    await expect(replay("offline", 2).run(rateTask, { text: "alpha" })).rejects.toBeInstanceOf(ReplayMissError);
    await expect(replay("gpt-4o", 1).run(rateTask, { text: "alpha" })).rejects.toBeInstanceOf(ReplayMissError);
    await expect(replay("offline", 1).run(rateTask, { text: "alpha" }, { temperature: 0.9 })).rejects.toBeInstanceOf(ReplayMissError);
    await expect(replay("offline", 1).run({ ...rateTask, version: 2 }, { text: "alpha" })).rejects.toBeInstanceOf(ReplayMissError);
  });

  it("never writes the API key into the cache, even after errors and repairs", async () => {
    const server = await startFakeOpenAI();
    server.enqueueChat(
      httpError(429, { retryAfter: 0 }),
      okJson({ score: 9, reason: "bad" }),
      okJson({ score: 3, reason: `echo Bearer ${FAKE_KEY}` }),
      httpError(401, { message: `Incorrect API key provided: ${FAKE_KEY}` }),
    );
    const model = new CachedModel(new OpenAIModel({ model: "gpt-4o-mini", apiKey: FAKE_KEY, baseURL: server.baseURL, seed: 7, ...fastRetry() }), {
      dir,
      mode: "record",
    });
    await model.run(rateTask, { text: "alpha" });
    const error = (await model.run(rateTask, { text: "beta" }).catch((e: unknown) => e)) as LlmTransportError;
    await server.stop();
    expect(error).toBeInstanceOf(LlmTransportError);
    expect(error.message).not.toContain(FAKE_KEY);
    const files = allFiles(dir);
    expect(files.map((f) => path.relative(dir, f))).toEqual(["test.rate.jsonl"]);
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      expect(text).not.toContain(FAKE_KEY);
      expect(text).not.toContain("SECRET");
    }
    expect(server.requests.every((r) => r.headers["authorization"] === `Bearer ${FAKE_KEY}`)).toBe(true);
  });

  it("stores canonical JSON lines without timestamps", async () => {
    const model = new CachedModel(new OfflineModel({ seed: 3 }), { dir, mode: "record" });
    await model.run(rateTask, { text: "one two three" });
    const line = readFileSync(path.join(dir, "test.rate.jsonl"), "utf8").trimEnd();
    const entry = JSON.parse(line) as Record<string, unknown>;
    expect(Object.keys(entry)).toEqual(["key", "model", "output", "params", "repaired", "task", "usage", "version"]);
    expect(entry).toMatchObject({ model: "offline", task: "test.rate", version: 1, params: { temperature: 0.3, seed: 3 } });
  });

  it("hands back a recorded output in the same key order a replay will, so prompts built from it match", async () => {
    const inner = new OfflineModel({ seed: 3 });
    // a model that writes its JSON keys in reverse alphabetical order
    vi.spyOn(inner, "run").mockImplementation(async () => ({
      output: { score: 0.5, reason: "r", label: "x" } as never,
      usage: { promptTokens: 0, completionTokens: 0 },
      cached: false,
      model: "offline",
      latencyMs: 0,
      repaired: false,
    }));
    const recorded = await new CachedModel(inner, { dir, mode: "record" }).run(rateTask, { text: "order" });
    const replayed = await new CachedModel(replayOnlyModel("offline", { seed: 3 }), { dir, mode: "replay" }).run(rateTask, { text: "order" });
    expect(Object.keys(recorded.output as object)).toEqual(["label", "reason", "score"]);
    expect(JSON.stringify(recorded.output)).toBe(JSON.stringify(replayed.output));
  });

  it("shares one inner call between concurrent identical requests", async () => {
    const inner = new OfflineModel({ seed: 5 });
    const spy = vi.spyOn(inner, "run");
    const model = new CachedModel(inner, { dir, mode: "record" });
    const results = await Promise.all([1, 2, 3].map(() => model.run(rateTask, { text: "same" })));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(results.map((r) => r.cached)).toEqual([false, true, true]);
    expect(new Set(results.map((r) => JSON.stringify(r.output))).size).toBe(1);
    expect(readFileSync(path.join(dir, "test.rate.jsonl"), "utf8").trimEnd().split("\n")).toHaveLength(1);
  });

  it("skips a torn last line with a warning and truncates it before appending", async () => {
    const first = new CachedModel(new OfflineModel({ seed: 5 }), { dir, mode: "record" });
    const kept = await first.run(rateTask, { text: "kept" });
    const file = path.join(dir, "test.rate.jsonl");
    const good = readFileSync(file, "utf8");
    appendFileSync(file, '{"key":"abc","task":"test.ra');

    const warnings: string[] = [];
    const replay = new CachedModel(replayOnlyModel("offline", { seed: 5 }), { dir, mode: "replay", log: (m) => warnings.push(m) });
    await expect(replay.run(rateTask, { text: "kept" })).resolves.toMatchObject({ output: kept.output, cached: true });
    expect(warnings.join("\n")).toMatch(/torn last line/);
    expect(readFileSync(file, "utf8")).toBe(good + '{"key":"abc","task":"test.ra'); // replay never writes

    const recorder = new CachedModel(new OfflineModel({ seed: 5 }), { dir, mode: "record", log: () => {} });
    await recorder.run(rateTask, { text: "new" });
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines).toHaveLength(3); // two entries + trailing ""
    lines.slice(0, 2).forEach((l) => expect(() => JSON.parse(l)).not.toThrow());
  });

  it("rejects a corrupt line in the middle with file and line number", async () => {
    writeFileSync(path.join(dir, "test.rate.jsonl"), '{"key":"a"\n{"key":"b"}\n');
    const replay = new CachedModel(replayOnlyModel("offline"), { dir, mode: "replay" });
    const error = await replay.run(rateTask, { text: "x" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCacheError);
    expect((error as LlmCacheError).line).toBe(1);
    expect((error as Error).message).toContain("test.rate.jsonl:1");
  });

  it("names the missing field of a malformed entry", async () => {
    writeFileSync(path.join(dir, "test.rate.jsonl"), '{"key":"a","task":"t","model":"m","version":1,"output":{}}\n');
    const replay = new CachedModel(replayOnlyModel("offline"), { dir, mode: "replay" });
    await expect(replay.run(rateTask, { text: "x" })).rejects.toThrow(/test\.rate\.jsonl:1: field "usage"/);
  });

  it("offline runs through the cache show hits on the second run (cacheOffline)", async () => {
    const run = async () => {
      const model = createModel({ llm: "offline", seed: 11, cacheDir: dir, cacheOffline: true });
      const outputs = [];
      for (const text of ["a b", "c d e", "f"]) outputs.push((await model.run(rateTask, { text })).output);
      return { outputs, usage: model.usage() };
    };
    const first = await run();
    const second = await run();
    expect(first.usage).toMatchObject({ calls: 3, cacheHits: 0 });
    expect(second.usage).toMatchObject({ calls: 3, cacheHits: 3 });
    expect(second.outputs).toEqual(first.outputs);
    const direct = createModel({ llm: "offline", seed: 11, cacheDir: dir });
    expect(direct).toBeInstanceOf(OfflineModel); // not cached unless asked
  });

  it("writes a sorted, byte-reproducible snapshot of the entries a run used", async () => {
    const snapshot = async (order: string[]) => {
      const cacheDir = mkdtempSync(path.join(tmpdir(), "consilium-llm-snap-"));
      const model = new CachedModel(new OfflineModel({ seed: 2 }), { dir: cacheDir, mode: "record" });
      await Promise.all(order.map((text) => model.run(rateTask, { text })));
      const out = path.join(cacheDir, "snapshot");
      const [file] = writeCacheSnapshot(out, model.entriesUsed());
      const text = readFileSync(file!, "utf8");
      rmSync(cacheDir, { recursive: true, force: true });
      return text;
    };
    const a = await snapshot(["x", "y y", "z z z"]);
    const b = await snapshot(["z z z", "x", "y y"]);
    expect(a).toBe(b);
    expect(a.trimEnd().split("\n")).toHaveLength(3);
  });
});

describe("CachedEmbedder", () => {
  it("records embeddings, replays them offline, and misses loudly", async () => {
    const server = await startFakeOpenAI({ embeddingDimension: 4 });
    const recorder = createEmbedder({ kind: "openai", cacheDir: dir, apiKey: FAKE_KEY, baseURL: server.baseURL });
    const first = await recorder.embed(["alpha", "beta", "alpha"]);
    expect(server.embeddingRequests()).toHaveLength(1);
    expect(server.embeddingRequests()[0]!.input).toEqual(["alpha", "beta"]); // duplicates embedded once
    const second = await recorder.embed(["beta"]);
    expect(server.embeddingRequests()).toHaveLength(1);
    expect(Array.from(second[0]!)).toEqual(Array.from(first[1]!));
    expect(Array.from(first[2]!)).toEqual(Array.from(first[0]!));
    expect(first[2]).not.toBe(first[0]);
    await server.stop();

    vi.stubEnv("OPENAI_API_KEY", "");
    const replay = createEmbedder({ kind: "openai", llm: "replay", cacheDir: dir });
    const replayed = await replay.embed(["alpha", "beta"]);
    expect(replayed.map((v) => Array.from(v))).toEqual([Array.from(first[0]!), Array.from(first[1]!)]);
    expect(replay.dimension).toBe(4);
    await expect(replay.embed(["gamma"])).rejects.toBeInstanceOf(ReplayMissError);
    expect((replay as CachedEmbedder).stats()).toEqual({ calls: 3, cacheHits: 2 });
    for (const file of allFiles(dir)) expect(readFileSync(file, "utf8")).not.toContain(FAKE_KEY);
  });
});

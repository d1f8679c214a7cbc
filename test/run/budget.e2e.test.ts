/**
 * --max-calls / --max-cost against the loopback server: the run stops
 * cleanly before the call that would pass the limit (the server saw exactly
 * the allowed requests), the manifest says why, and a rerun without the
 * limit completes from the cache (the answered calls are hits, not requests).
 * The factory wires the BudgetModel inside the cache; a cost limit counts a
 * call's worst case before it is made.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { BudgetModel, BudgetStopError, CachedModel, createModel, defineTask, MockModel } from "../../src/llm/index";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIModel } from "../../src/llm/openai-client";
import { runExperiment } from "../../src/run/runner";
import { writeRunFolder } from "../../src/run/writer";
import { main } from "../../src/cli/main";
import { okJson, startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { LoopbackModel } from "../helpers/loopback-model";

const SET = ["candidates=2", "runs=1", "maxRounds=2"];
const echo = defineTask({
  name: "test.echo",
  version: 1,
  temperature: 0,
  schema: z.object({ n: z.number() }),
  render: (n: number) => [{ role: "user", content: `Reply as JSON {"n": ${n}}` }],
  offline: (n: number) => ({ n }),
});
let server: FakeOpenAI;
let dir = "";
beforeAll(async () => {
  server = await startFakeOpenAI();
  dir = mkdtempSync(path.join(os.tmpdir(), "consilium-budget-"));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The factory's chain for a limited real-model run, with the loopback model as the endpoint. */
function limitedModel(cacheDir: string, limits: { maxCalls?: number; maxCostUsd?: number }) {
  const remote = new OpenAIModel({ model: "gpt-4o-mini", baseURL: server.baseURL, apiKey: "sk-test", maxRetries: 0 });
  const endpoint = new LoopbackModel(new OfflineModel({ seed: 7 }), remote, server);
  const inner = limits.maxCalls !== undefined || limits.maxCostUsd !== undefined ? new BudgetModel(endpoint, limits) : endpoint;
  return new CachedModel(inner, { dir: cacheDir, mode: "record" });
}

describe("spending limits", () => {
  it.each([1, 4])("stops at --max-calls, says why in the manifest, and resumes from the cache (concurrency %i)", async (concurrency) => {
    const cacheDir = path.join(dir, `cache-calls-${concurrency}`);
    server.reset();
    const limited = limitedModel(cacheDir, { maxCalls: 5 });
    const stopped = await runExperiment("sentimental", { seed: 7, set: SET, concurrency, modelInstance: limited, cacheDir });
    // Calls in flight at the stop still finish and are cached: wait for them (bounded, no timing assertion).
    for (let i = 0; i < 500 && limited.entriesUsed().length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.chatRequests()).toHaveLength(5);
    expect(stopped.stopped).toMatchObject({ reason: "max-calls", limit: 5, callsMade: 5 });
    expect(stopped.result.tables).toHaveLength(0);
    const outDir = path.join(dir, `run-stopped-${concurrency}`);
    writeRunFolder(stopped, outDir, "openai");
    const manifest = JSON.parse(readFileSync(path.join(outDir, "manifest.json"), "utf8")) as { stopped?: { reason: string; message: string } };
    expect(manifest.stopped?.reason).toBe("max-calls");
    expect(manifest.stopped?.message).toMatch(/--max-calls 5 reached/);

    server.reset();
    const resumed = await runExperiment("sentimental", { seed: 7, set: SET, concurrency, modelInstance: limitedModel(cacheDir, {}), cacheDir });
    expect(resumed.stopped).toBeUndefined();
    expect(resumed.result.tables.length).toBeGreaterThan(0);
    expect(resumed.usage.cacheHits).toBe(5);
    expect(server.chatRequests()).toHaveLength(resumed.usage.calls - 5);
  });

  it("stops before the first call when its worst case alone passes --max-cost", async () => {
    const cacheDir = path.join(dir, "cache-cost");
    server.reset();
    const run = await runExperiment("sentimental", {
      seed: 7,
      set: SET,
      concurrency: 1,
      modelInstance: limitedModel(cacheDir, { maxCostUsd: 1e-6 }),
      cacheDir,
    });
    expect(run.stopped).toMatchObject({ reason: "max-cost", callsMade: 0, spentUsd: 0 });
    expect(run.stopped!.worstCaseUsd).toBeGreaterThan(1e-6);
    expect(server.chatRequests()).toHaveLength(0);
  });

  it("counts reported usage and each call's worst case against --max-cost", async () => {
    const usage = { promptTokens: 1000, completionTokens: 500 }; // 0.00045 USD at gpt-4o-mini's prices
    const stub = new MockModel({ id: "gpt-4o-mini", usagePerCall: usage, handlers: { [echo.name]: (n: number) => ({ n }) } });
    const probe = new BudgetModel(stub, { maxCostUsd: 1 });
    const worst = await (probe as unknown as { worstCaseUsd(t: typeof echo, i: number): Promise<number> }).worstCaseUsd(echo, 1);
    const limit = worst + 3.5 * 0.00045; // room for the worst case after 3 calls, not after 4
    const model = new BudgetModel(stub, { maxCostUsd: limit });
    let stop: BudgetStopError | null = null;
    for (let i = 0; i < 10 && !stop; i++) await model.run(echo, 1).catch((e: BudgetStopError) => (stop = e));
    expect(stop).toBeInstanceOf(BudgetStopError);
    expect(stub.calls).toHaveLength(4);
    expect(stop!.stop.callsMade).toBe(4);
    expect(stop!.stop.spentUsd).toBeCloseTo(4 * 0.00045, 12);
  });

  it("the factory puts the limit inside the cache, so cache hits are free", async () => {
    const cacheDir = path.join(dir, "cache-factory");
    const task = echo;
    const make = (maxCalls?: number) =>
      createModel({ llm: "record", model: "gpt-4o-mini", seed: 7, cacheDir, maxCalls, baseURL: server.baseURL, apiKey: "sk-test" });
    server.reset();
    server.enqueueChat(okJson({ n: 1 }));
    const first = make(1);
    expect((await first.run(task, 1)).output).toEqual({ n: 1 });
    await expect(first.run(task, 2)).rejects.toBeInstanceOf(BudgetStopError);
    expect(server.chatRequests()).toHaveLength(1);
    server.enqueueChat(okJson({ n: 2 }));
    const again = make(1); // a fresh budget: the cached call costs nothing
    expect((await again.run(task, 1)).cached).toBe(true);
    expect((await again.run(task, 2)).output).toEqual({ n: 2 });
    expect(server.chatRequests()).toHaveLength(2);
  });

  it("the CLI refuses the limits without an endpoint", async () => {
    const err: string[] = [];
    const code = await main(["run", "sentimental", "--max-calls", "3", "--out", path.join(dir, "cli")], {
      stdout: () => {},
      stderr: (s) => err.push(s),
      readStdin: async () => "",
    });
    expect(code).toBe(2);
    expect(err.join("")).toMatch(/--llm openai/);
    expect(existsSync(path.join(dir, "cli"))).toBe(false);
  });
});

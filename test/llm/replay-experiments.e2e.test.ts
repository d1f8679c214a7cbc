/**
 * Record every LLM call of an experiment over real HTTP (loopback), stop the
 * server, and replay: the rerun must make zero network calls and reproduce
 * the recorded tables exactly. Prompts that embed earlier model outputs must
 * render identically in both runs for this to hold.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CachedModel } from "../../src/llm/cache";
import { stableStringify } from "../../src/llm/json";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIModel } from "../../src/llm/openai-client";
import { runExperiment } from "../../src/run/runner";
import { startFakeOpenAI } from "../helpers/fake-openai";
import { LoopbackModel } from "../helpers/loopback-model";

const SMALL: Record<string, string[]> = {
  sentimental: ["candidates=2", "maxRounds=2", "runs=1"],
  finmem: ["trainStart=2024-06-03", "trainEnd=2024-07-31", "testStart=2024-08-01", "testEnd=2024-08-30"],
  blackboard: ["tickers=ALTA,BRIX,SPY", "start=2025-06-02", "end=2025-06-30", "rebalanceEvery=10"],
};

describe.each(Object.keys(SMALL))("record then replay: %s", (name) => {
  it("replays with the server stopped, zero network calls, identical tables", async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), `consilium-replay-${name}-`));
    const server = await startFakeOpenAI();
    let recorded: Awaited<ReturnType<typeof runExperiment>>;
    try {
      const remote = new OpenAIModel({
        model: "loopback-model",
        apiKey: "sk-test-not-a-real-key-000",
        baseURL: server.baseURL,
        seed: 7,
        maxRetries: 0,
        concurrency: 1,
      });
      const model = new CachedModel(new LoopbackModel(new OfflineModel({ seed: 7 }), remote, server), { dir: cacheDir, mode: "record" });
      recorded = await runExperiment(name, { modelInstance: model, seed: 7, set: SMALL[name] });
    } finally {
      await server.stop();
    }
    expect(recorded.usage.networkCalls).toBeGreaterThan(0);
    expect(recorded.model).toBe("loopback-model");

    const replayed = await runExperiment(name, { llm: "replay", model: "loopback-model", cacheDir, seed: 7, set: SMALL[name] });
    expect(replayed.usage.networkCalls).toBe(0);
    expect(replayed.usage.cacheHits).toBe(replayed.usage.calls);
    expect(replayed.usage.calls).toBe(recorded.usage.calls);
    expect(stableStringify(replayed.result.tables)).toBe(stableStringify(recorded.result.tables));
  });
});

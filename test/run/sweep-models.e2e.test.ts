/**
 * The model ablation over real HTTP: `--grid model=A,B` runs each cell with
 * its model through the OpenAI client and a loopback server, records every
 * model in the sweep's cache, and a replay in a fresh folder gives the same
 * rows with the server gone. (The sweep's grid, resume and errors:
 * sweep.test.ts.)
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CachedModel, recordedModels } from "../../src/llm/cache";
import { stableStringify } from "../../src/llm/json";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIModel } from "../../src/llm/openai-client";
import { runSweep } from "../../src/run/sweep";
import { startFakeOpenAI } from "../helpers/fake-openai";
import { LoopbackModel } from "../helpers/loopback-model";

describe("runSweep with --grid model=A,B (the model ablation)", () => {
  const FINMEM = ["trainStart=2024-06-03", "trainEnd=2024-07-31", "testStart=2024-08-01", "testEnd=2024-08-30", "extendedReflectionEvery=0"];

  it("runs each cell with its model, records every model in the sweep's cache, and replays them with no network", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "consilium-sweep-models-"));
    const cacheDir = path.join(outDir, "llm-cache");
    const server = await startFakeOpenAI();
    let recorded: Awaited<ReturnType<typeof runSweep>>;
    try {
      const modelFactory = (name: string) =>
        new CachedModel(
          new LoopbackModel(
            new OfflineModel({ seed: 7 }),
            new OpenAIModel({ model: name, apiKey: "sk-test-not-a-real-key-000", baseURL: server.baseURL, seed: 7, maxRetries: 0, concurrency: 1 }),
            server,
          ),
          { dir: cacheDir, mode: "record" },
        );
      recorded = await runSweep(
        "finmem",
        { model: ["loop-a", "loop-b"], topK: ["3"] },
        { outDir, seed: 7, set: FINMEM, cacheDir, modelFactory, concurrency: 1 },
      );
    } finally {
      await server.stop();
    }
    expect(recorded.table.rows.map((r) => [r.cell, r.model, r.topK])).toEqual([
      [1, "loop-a", 3],
      [2, "loop-b", 3],
    ]);
    expect(recorded.table.title).toContain("models: loop-a, loop-b");
    expect(recordedModels(cacheDir).sort()).toEqual(["loop-a", "loop-b"]);
    const requests = server.chatRequests();
    expect(new Set(requests.map((r) => r.model))).toEqual(new Set(["loop-a", "loop-b"]));

    // Replay in a fresh folder: every answer from the cache (the server is gone), the same rows.
    const again = await runSweep(
      "finmem",
      { model: ["loop-a", "loop-b"], topK: ["3"] },
      { outDir: mkdtempSync(path.join(tmpdir(), "consilium-sweep-replay-")), seed: 7, set: FINMEM, llm: "replay", cacheDir, concurrency: 1 },
    );
    expect(stableStringify(again.table.rows)).toBe(stableStringify(recorded.table.rows));
  });
});

import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CachedModel, recordedModels } from "../../src/llm/cache";
import { stableStringify } from "../../src/llm/json";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIModel } from "../../src/llm/openai-client";
import { gridCells, runSweep } from "../../src/run/sweep";
import { startFakeOpenAI } from "../helpers/fake-openai";
import { LoopbackModel } from "../helpers/loopback-model";

const SMALL = ["candidates=2", "runs=1", "maxRounds=2"];

describe("gridCells", () => {
  it("is the cartesian product in row-major order of the keys", () => {
    expect(gridCells({ a: ["1", "2"], b: ["x", "y"] })).toEqual([
      { a: "1", b: "x" },
      { a: "1", b: "y" },
      { a: "2", b: "x" },
      { a: "2", b: "y" },
    ]);
    expect(gridCells({})).toEqual([{}]);
  });
});

describe("runSweep", () => {
  it("resumes finished cells, keeps grid order, and re-runs cells whose resolved config changed", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "consilium-sweep-"));
    const first = await runSweep("sentimental", { alpha: ["0.3", "0.7"] }, { outDir, seed: 3, set: SMALL });
    expect(first.resumed).toBe(0);
    expect(first.table.rows.map((r) => [r.cell, r.alpha, r.model])).toEqual([
      [1, 0.3, "offline"],
      [2, 0.7, "offline"],
    ]);
    expect(readdirSync(path.join(outDir, "cells"))).toHaveLength(2);

    // A grid extended in front: the two finished cells are reused at their new positions.
    const second = await runSweep("sentimental", { alpha: ["0.5", "0.3", "0.7"] }, { outDir, seed: 3, set: SMALL });
    expect(second.resumed).toBe(2);
    expect(second.table.rows.map((r) => [r.cell, r.alpha])).toEqual([
      [1, 0.5],
      [2, 0.3],
      [3, 0.7],
    ]);
    expect(second.table.rows[1]).toEqual({ ...first.table.rows[0], cell: 2 });
    expect(readFileSync(second.files.csv, "utf8").split("\n")).toHaveLength(3 + 2); // header + 3 rows + trailing newline

    // Another base setting is another experiment: nothing may be reused.
    const changed = await runSweep("sentimental", { alpha: ["0.3"] }, { outDir, seed: 3, set: ["candidates=2", "runs=1", "maxRounds=3"] });
    expect(changed.resumed).toBe(0);
    const reseeded = await runSweep("sentimental", { alpha: ["0.3"] }, { outDir, seed: 4, set: SMALL });
    expect(reseeded.resumed).toBe(0);
  });

  it("rejects a bad grid value before running any cell, naming the cell and key", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "consilium-sweep-bad-"));
    await expect(runSweep("sentimental", { alpha: ["0.3", "high"] }, { outDir, seed: 3, set: SMALL })).rejects.toThrow(
      /sweep cell 2 \(alpha=high\): invalid value for config key "alpha"/,
    );
    expect(readdirSync(outDir).filter((f) => f !== "llm-cache")).toEqual([]);
  });
});

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

  it("names the problem when a model needs an endpoint and none is configured", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "consilium-sweep-models-bad-"));
    await expect(runSweep("sentimental", { model: ["gpt-4o-mini"] }, { outDir, seed: 3, set: SMALL })).rejects.toThrow(
      /--grid model=gpt-4o-mini needs --llm openai/,
    );
    const offline = await runSweep("sentimental", { model: ["offline"] }, { outDir, seed: 3, set: SMALL });
    expect(offline.table.rows.map((r) => r.model)).toEqual(["offline"]);
  });
});

import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { gridCells, runSweep } from "../../src/run/sweep";

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

/** The model grid without a network (recorded and replayed over loopback HTTP: sweep-models.e2e.test.ts). */
describe("runSweep with --grid model=A,B (the model ablation)", () => {
  it("names the problem when a model needs an endpoint and none is configured", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "consilium-sweep-models-bad-"));
    await expect(runSweep("sentimental", { model: ["gpt-4o-mini"] }, { outDir, seed: 3, set: SMALL })).rejects.toThrow(
      /--grid model=gpt-4o-mini needs --llm openai/,
    );
    const offline = await runSweep("sentimental", { model: ["offline"] }, { outDir, seed: 3, set: SMALL });
    expect(offline.table.rows.map((r) => r.model)).toEqual(["offline"]);
  });
});

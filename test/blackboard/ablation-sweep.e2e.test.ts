/**
 * `consilium sweep blackboard --grid ablate=...`: one cell
 * per ablation, one summary table whose rows are those of separate runs, and
 * the ablation figure beside it.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bundledDataDir } from "../../src/data/paths";
import { runExperiment } from "../../src/run/runner";
import { runSweep } from "../../src/run/sweep";
import { useTempDirs } from "./helpers/temp-dirs";

const tempDir = useTempDirs();
const SMALL = ["tickers=ALTA,BRIX,CORV,DYNL", "start=2025-06-02", "end=2025-07-15", "rebalanceEvery=10"];
const ABLATIONS = ["none", "debate", "risk", "alpha", "views"];

describe("sweep blackboard --grid ablate", () => {
  it("gives one row per ablation equal to its own run, and the ablation figure", async () => {
    const outDir = tempDir("bb-sweep-");
    const sweep = await runSweep("blackboard", { ablate: ABLATIONS }, { outDir, seed: 7, dataDir: bundledDataDir(), set: SMALL });
    expect(sweep.table.rows.map((r) => r.ablate)).toEqual(ABLATIONS);
    for (const ablate of ABLATIONS) {
      const alone = await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), set: [...SMALL, `ablate=${ablate}`] });
      const row = sweep.table.rows.find((r) => r.ablate === ablate)!;
      for (const key of ["totalReturn", "turnover", "costs", "modelCalls", "messages"])
        expect([ablate, key, row[key]]).toEqual([ablate, key, alone.result.summary[key]]);
    }
    const calls = Object.fromEntries(sweep.table.rows.map((r) => [r.ablate as string, r.modelCalls as number]));
    expect(calls.views).toBe(0);
    for (const a of ["debate", "risk", "alpha"]) expect(calls[a]).toBeLessThan(calls.none!);

    expect(sweep.figures).toHaveLength(1);
    const figure = JSON.parse(readFileSync(sweep.figures[0]!, "utf8")) as { data: Array<{ name: string; x: string[]; y: Array<number | null> }> };
    const returns = figure.data.find((t) => t.name === "total return")!;
    expect(returns.x).toHaveLength(ABLATIONS.length);
    expect(returns.y).toEqual(sweep.table.rows.map((r) => r.totalReturn));
  }, 120_000);
});

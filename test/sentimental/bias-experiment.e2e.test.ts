import { independentBiasLabel, offlineContext } from "./helpers";
import { describe, expect, it } from "vitest";
import type { RunContext, Table } from "../../src/core/contract";
import { defaultSentimentalConfig, sentimentalExperiment } from "../../src/sentimental/index";

const ctx = (seed: number): RunContext => offlineContext(seed, 2);
const table = (tables: Table[], name: string): Table => {
  const t = tables.find((x) => x.name === name);
  if (!t) throw new Error(`missing table ${name}`);
  return t;
};

describe("bias test on whole runs (10 candidates, 5 rounds)", () => {
  // A pinned seed: with no peer influence at all the tested label must be "none"
  // (the untested paper reading calls most of these runs "negativity").
  it.each([7])("independent formation, seed %i: bias = none", async (seed) => {
    const result = await sentimentalExperiment.run(defaultSentimentalConfig({ opinionFormation: "independent", runs: 1 }), ctx(seed));
    const all = table(result.tables, "bias_summary").rows.find((r) => r["scope"] === "all")!;
    expect(all["bias"]).toBe("none");
    expect(all["p_null_log_ratio"] as number).toBeGreaterThanOrEqual(0.05);
    expect(all["permutations"]).toBe(999);
    expect(result.summary["bias"]).toBe("none");
  });
  // The label's false-positive rate with no peer influence, over seeds 1..24: a test at 0.05 should call about 1 of 24
  // runs biased (at most 3 with 95 % probability). Measured 0 of 24 with biasNull = candidate-rounds; seeds 25..96 give
  // 3 of 72 and seeds 97..296 give 7 of 200 (scripts/bias-null-calibration.ts). The earlier null, which shuffled each
  // (advisor, candidate) conversation on its own, gave 2 of 24 here by these seeds' luck: 13 of 72 on 25..96 when it was replaced.
  it("independent formation: the tested label calls at most 3 of 24 seeds biased", async () => {
    let biased = 0;
    for (let seed = 1; seed <= 24; seed++) if ((await independentBiasLabel(seed)).bias !== "none") biased++;
    expect(biased).toBeLessThanOrEqual(3);
  }, 120_000);
  it("biasNull reaches the label's p-value", async () => {
    const joint = await independentBiasLabel(7);
    const perConversation = await independentBiasLabel(7, "conversation");
    expect(perConversation.p).not.toBe(joint.p);
    expect(await independentBiasLabel(7, "candidate-rounds")).toEqual(joint);
  });
  it("the dynamic run tables the null p-values for both fits and the label statistic", async () => {
    const result = await sentimentalExperiment.run(defaultSentimentalConfig({ runs: 1 }), ctx(7));
    for (const name of ["bias_regression", "bias_regression_intercept"]) {
      const rows = table(result.tables, name).rows;
      expect(rows.length).toBe(8); // all + 3 agents, 2 signs
      for (const row of rows) {
        expect(row["p_null"] as number, `${name} ${row["scope"]} ${row["sign"]}`).toBeGreaterThan(0);
        expect(row["p_null"] as number).toBeLessThanOrEqual(1);
      }
    }
    const summary = table(result.tables, "bias_summary").rows;
    for (const row of summary) {
      const p = row["p_null_log_ratio"] as number;
      expect(p).toBeGreaterThan(0);
      expect(row["bias"]).toBe(p < 0.05 ? ((row["log_ratio"] as number) > (row["null_median_log_ratio"] as number) ? "positivity" : "negativity") : "none");
    }
    // p-values are multiples of 1 / (B + 1) = 1 / 1000 up to the factor 2 of the two-sided test
    expect(Math.round((summary[0]!["p_null_log_ratio"] as number) * 1000) % 2).toBe(0);
  });
});

import { LEGEND_KEY, tableNumber } from "../../src/core/index";
import { offlineContext } from "./helpers";
import { describe, expect, it, onTestFinished } from "vitest";
import type { RunContext, Table } from "../../src/core/contract";
import { defaultSentimentalConfig, sentimentalExperiment, sentimentalSweepCell } from "../../src/sentimental/index";
import { runSweep } from "../../src/run/sweep";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const ctx = (seed: number): RunContext => offlineContext(seed, 3);

const small = defaultSentimentalConfig({ candidates: 3, maxRounds: 3 });
const table = (tables: Table[], name: string): Table => {
  const t = tables.find((x) => x.name === name);
  if (!t) throw new Error(`missing table ${name}`);
  return t;
};

describe("sentimental experiment (offline agents)", () => {
  it("produces every table and figure with the expected shapes", async () => {
    const result = await sentimentalExperiment.run(small, ctx(7));
    const names = result.tables.map((t) => t.name);
    for (const name of [
      "sentiment_by_round",
      "table2_drift",
      "table3_ranking_metrics",
      "table4_final_sentiment",
      "table5_borda_ranks",
      "table6_valence",
      "table7_volatility",
      "table8_conviction",
      "table9_gut_feeling",
      "nuance",
      "platitudinal",
      "defensibility",
      "bias_observations",
      "bias_regression",
      "bias_summary",
    ]) {
      expect(names).toContain(name);
    }
    // 3 candidates x 3 agents x 3 rounds (tolerance 1e-5 never fires).
    const rounds = table(result.tables, "sentiment_by_round");
    expect(rounds.rows).toHaveLength(27);
    for (const row of rounds.rows) {
      for (const key of ["sentiment", "opinion"] as const) {
        expect(row[key]).toBeGreaterThanOrEqual(-1);
        expect(row[key]).toBeLessThanOrEqual(1);
      }
      expect(row["change"]).toBeGreaterThanOrEqual(0);
    }
    for (const name of [
      "table2_drift",
      "table3_ranking_metrics",
      "table4_final_sentiment",
      "table5_borda_ranks",
      "table6_valence",
      "table7_volatility",
      "table8_conviction",
      "table9_gut_feeling",
      "nuance",
      "platitudinal",
    ]) {
      expect(table(result.tables, name).rows, name).toHaveLength(3);
    }
    const t4 = table(result.tables, "table4_final_sentiment");
    expect(Object.keys(t4.rows[0]!)).toEqual(["candidate", "CFO", "VPE", "RPM"]);
    // Final sentiment = the last round's opinion in the per-round log.
    const last = rounds.rows.find((r) => r["candidate_name"] === t4.rows[0]!["candidate"] && r["agent"] === "CFO" && r["round"] === 3)!;
    expect(t4.rows[0]!["CFO"]).toBe(last["opinion"]);
    // Borda (paper) ranks are a permutation-with-ties of 1..3; valences in {-1, 0, 1}; tiers in {1, 2, 3}.
    for (const row of table(result.tables, "table5_borda_ranks").rows) expect([1, 2, 3]).toContain(row["borda_rank"]);
    for (const row of table(result.tables, "table6_valence").rows) {
      for (const a of ["CFO", "VPE", "RPM"]) expect([-1, 0, 1]).toContain(row[a]);
      expect([1, 2, 3]).toContain(row["tier"]);
    }
    for (const row of table(result.tables, "table7_volatility").rows) for (const a of ["CFO", "VPE", "RPM"]) expect(row[a]).toBeGreaterThanOrEqual(0);
    // Bias observations: rounds 2..3 for every agent and candidate.
    expect(table(result.tables, "bias_observations").rows).toHaveLength(18);
    expect(result.figures.map((f) => f.name)).toEqual([
      "figure4_sentiment_change",
      "figure5_platitudinal",
      "figure6_nuance",
      "figure7_bias",
      "figure_adoption",
    ]);
    // Figure 4: per candidate x agent, S_O and the opinion (top row) and the change (bottom row).
    // Plus three legend-only keys (solid = S_O, dashed = opinion, lower panels = change).
    const figure4 = result.figures[0]!.data as Array<{ meta?: unknown }>;
    expect(figure4.filter((trace) => trace.meta !== LEGEND_KEY)).toHaveLength(3 * 3 * 3);
    expect(figure4.filter((trace) => trace.meta === LEGEND_KEY)).toHaveLength(3);
    // Nuance: at most topics x top words distinct words, at least top words.
    for (const row of table(result.tables, "nuance").rows) {
      expect(row["nuance"]).toBeGreaterThanOrEqual(10);
      expect(row["nuance"]).toBeLessThanOrEqual(50);
    }
    // Between-run platitudinal score exists (runs = 2) and is a similarity.
    for (const row of table(result.tables, "platitudinal").rows) {
      expect(row["between_runs"]).toBeGreaterThan(0);
      expect(row["between_runs"]).toBeLessThanOrEqual(1);
    }
    expect(result.artifacts?.map((a) => a.path)).toEqual(["brief.json", "mental_models.json", "conversation.jsonl", "scenario.json"]);
    expect(result.summary["candidates"]).toBe(3);
  });

  it("tables agree with each other and with the paper's formulas (recomputed from the per-round log)", async () => {
    const config = { ...small, runs: 1 };
    const result = await sentimentalExperiment.run(config, ctx(5));
    const rounds = table(result.tables, "sentiment_by_round").rows;
    const agents = ["CFO", "VPE", "RPM"];
    const t4 = table(result.tables, "table4_final_sentiment").rows;
    const names = t4.map((r) => r["candidate"] as string);
    const log = (name: string, agent: string) =>
      rounds.filter((r) => r["candidate_name"] === name && r["agent"] === agent).sort((a, b) => (a["round"] as number) - (b["round"] as number));
    for (const name of names) {
      for (const agent of agents) {
        const turns = log(name, agent);
        // eq. 4 and eq. 5 from the prior 0, alpha 0.5
        let prior = 0;
        for (const t of turns) {
          const expected = Math.max(-1, Math.min(1, 0.5 * (t["sentiment"] as number) + 0.5 * prior));
          expect(t["opinion"]).toBeCloseTo(expected, 7);
          expect(t["change"]).toBeCloseTo(Math.abs(expected - prior), 7);
          prior = expected;
        }
      }
    }
    const col = (name: string, agent: string) => t4.map((r) => r[agent] as number)[names.indexOf(name)]!;
    const rankDesc = (xs: number[]) => xs.map((x) => 1 + xs.filter((y) => y > x).length);
    // Table 5: per-agent ranks of Table 4; Borda (Definition 3) points n + 1 - rank, n = 3.
    const t5 = table(result.tables, "table5_borda_ranks").rows;
    for (const agent of agents) expect(t5.map((r) => r[agent])).toEqual(rankDesc(names.map((n) => col(n, agent))));
    const totals = t5.map((r) => agents.reduce((acc, a) => acc + 4 - (r[a] as number), 0));
    expect(t5.map((r) => r["borda_total"])).toEqual(totals);
    expect(t5.map((r) => r["borda_rank"])).toEqual(rankDesc(totals));
    // Table 6: valence thresholds +/-0.5 on Table 4; veto tier rule.
    const t6 = table(result.tables, "table6_valence").rows;
    t6.forEach((r, i) => {
      const v = agents.map((a) => (col(names[i]!, a) > 0.5 ? 1 : col(names[i]!, a) < -0.5 ? -1 : 0));
      expect(agents.map((a) => r[a])).toEqual(v);
      expect(r["tier"]).toBe(v.includes(-1) ? 3 : v.includes(1) ? 1 : 2);
    });
    // Table 7: population std of S_O; Table 8: final / max(volatility, 0.01).
    const t7 = table(result.tables, "table7_volatility").rows;
    const t8 = table(result.tables, "table8_conviction").rows;
    names.forEach((name, i) => {
      for (const agent of agents) {
        const s = log(name, agent).map((t) => t["sentiment"] as number);
        const m = s.reduce((a, b) => a + b, 0) / s.length;
        const sd = Math.sqrt(s.reduce((a, b) => a + (b - m) ** 2, 0) / s.length);
        expect(t7[i]![agent]).toBeCloseTo(sd, 7);
        // eight significant digits in every cell: a quotient of two rounded cells agrees to ~1e-8
        expect(t8[i]![agent]).toBeCloseTo(col(name, agent) / Math.max(sd, 0.01), 6);
      }
      expect(t8[i]!["total_conviction"]).toBeCloseTo(
        agents.reduce((acc, a) => acc + (t8[i]![a] as number), 0),
        6,
      );
    });
    // Table 9: per-agent ranks of Table 8, Borda over them; total conviction rank.
    const t9 = table(result.tables, "table9_gut_feeling").rows;
    for (const agent of agents) expect(t9.map((r) => r[agent])).toEqual(rankDesc(t8.map((r) => r[agent] as number)));
    const gutTotals = t9.map((r) => agents.reduce((acc, a) => acc + 4 - (r[a] as number), 0));
    expect(t9.map((r) => r["gut_feeling_rank"])).toEqual(rankDesc(gutTotals));
    expect(t9.map((r) => r["total_conviction_rank"])).toEqual(rankDesc(t8.map((r) => r["total_conviction"] as number)));
    // Table 3 collects the three collective outcomes.
    const t3 = table(result.tables, "table3_ranking_metrics").rows;
    expect(t3.map((r) => r["borda_count"])).toEqual(t5.map((r) => r["borda_rank"]));
    expect(t3.map((r) => r["tiered"])).toEqual(t6.map((r) => r["tier"]));
    expect(t3.map((r) => r["gut_feeling"])).toEqual(t9.map((r) => r["gut_feeling_rank"]));
    // Table 2 (distance) = 1 - mean per-round similarity to the MMS.
    const t2 = table(result.tables, "table2_drift").rows;
    const perRound = table(result.tables, "drift_by_round").rows;
    names.forEach((name, i) => {
      for (const agent of agents) {
        const sims = perRound.filter((r) => r["candidate"] === name && r["agent"] === agent).map((r) => r["similarity"] as number);
        expect(sims).toHaveLength(3);
        expect(t2[i]![agent]).toBeCloseTo(1 - sims.reduce((a, b) => a + b, 0) / 3, 7);
      }
    });
    // Figure 7 data: OLS through the origin per sign, slope = sum(xy) / sum(x^2), recomputed.
    const obs = table(result.tables, "bias_observations").rows.map((r) => ({ x: r["peer_sentiment"] as number, y: r["change"] as number }));
    const reg = table(result.tables, "bias_regression").rows.filter((r) => r["scope"] === "all");
    for (const [sign, keep] of [
      ["negative", (x: number) => x < 0],
      ["positive", (x: number) => x > 0],
    ] as const) {
      const sub = obs.filter((o) => keep(o.x));
      const row = reg.find((r) => r["sign"] === sign)!;
      expect(row["n"]).toBe(sub.length);
      if (sub.length < 2) continue;
      const slope = sub.reduce((a, o) => a + o.x * o.y, 0) / sub.reduce((a, o) => a + o.x * o.x, 0);
      expect(row["slope"]).toBeCloseTo(slope, 7);
    }
    // Figure 4's dashed line is the opinion column of the log.
    const fig4 = result.figures[0]!.data as Array<Record<string, unknown>>;
    const cfoOpinion = fig4.find((t) => t["name"] === "CFO opinion")!;
    // (the figure plots full precision; table cells keep eight significant digits)
    expect((cfoOpinion["y"] as number[]).map((y) => tableNumber(y))).toEqual(log(names[0]!, "CFO").map((t) => t["opinion"]));
  });

  it("same seed => identical results; different seed => different", async () => {
    const a = await sentimentalExperiment.run(small, ctx(11));
    const b = await sentimentalExperiment.run(small, { ...ctx(11), concurrency: 1 });
    const c = await sentimentalExperiment.run(small, ctx(12));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(table(a.tables, "sentiment_by_round"))).not.toBe(JSON.stringify(table(c.tables, "sentiment_by_round")));
  });

  it("code variants change the decision tables as documented", async () => {
    const result = await sentimentalExperiment.run({ ...small, borda: "code", conviction: "code", runs: 1 }, ctx(7));
    const paper = await sentimentalExperiment.run({ ...small, runs: 1 }, ctx(7));
    const t5 = table(result.tables, "table5_borda_ranks").rows;
    const t5p = table(paper.tables, "table5_borda_ranks").rows;
    // Same per-agent ranks; code's rank sum = 3 * (n + 1) - paper's points total.
    t5.forEach((row, i) => {
      expect(row["CFO"]).toBe(t5p[i]!["CFO"]);
      expect(row["borda_total"]).toBe(3 * 4 - (t5p[i]!["borda_total"] as number));
    });
    // conviction "code" on the default basis (the eq. 4 final opinion): Table 8 = Table 4 x Table 7.
    const t4 = table(result.tables, "table4_final_sentiment").rows;
    const vol = table(result.tables, "table7_volatility").rows;
    const conv = table(result.tables, "table8_conviction").rows;
    conv.forEach((row, i) => {
      for (const a of ["CFO", "VPE", "RPM"]) expect(row[a]).toBeCloseTo((t4[i]![a] as number) * (vol[i]![a] as number), 7);
    });
  });

  it("runs on resumes from a data folder (first N by id, or a seeded sample)", async () => {
    const shared = `${process.cwd()}/../shared/datasets`;
    const { existsSync } = await import("node:fs");
    if (!existsSync(`${shared}/resumes`)) return;
    const config = defaultSentimentalConfig({ candidates: 2, maxRounds: 2, runs: 1, resumes: "data" });
    const result = await sentimentalExperiment.run(config, { ...ctx(7), dataDir: shared });
    expect(table(result.tables, "table4_final_sentiment").rows.map((r) => r["candidate"])).toEqual(["Candidate urd-0001", "Candidate urd-0002"]);
    const sampled = await sentimentalExperiment.run({ ...config, selection: "sample" }, { ...ctx(7), dataDir: shared });
    expect(table(sampled.tables, "table4_final_sentiment").rows).toHaveLength(2);
  });
});

describe("sentimental sweep", () => {
  it("expands the grid and returns one tidy row per cell, resuming finished cells", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "consilium-sweep-"));
    onTestFinished(() => rmSync(outDir, { recursive: true, force: true }));
    const options = { outDir, seed: 7, set: ["candidates=2", "maxRounds=3"], concurrency: 2 };
    const { table: t } = await runSweep("sentimental", { alpha: ["0.3", "0.7"], tolerance: ["0.001"] }, options);
    expect(t.rows).toHaveLength(2);
    expect(t.rows.map((r) => r["alpha"])).toEqual([0.3, 0.7]);
    for (const row of t.rows) {
      expect(row["sentiment_range"]).toBeCloseTo((row["sentiment_max"] as number) - (row["sentiment_min"] as number), 7);
      expect(["positivity", "negativity", "none", "undetermined"]).toContain(row["bias"]);
      expect(row["model"]).toBe("offline");
    }
    // the cell row is exactly what the experiment's sweepCell measures for that config
    const direct = await sentimentalSweepCell(defaultSentimentalConfig({ candidates: 2, maxRounds: 3, alpha: 0.3, tolerance: 0.001 }), ctx(7));
    expect(t.rows[0]!["slope_negative"]).toBe(tableNumber(direct["slope_negative"] as number));
    const again = await runSweep("sentimental", { alpha: ["0.3", "0.7"], tolerance: ["0.001"] }, options);
    expect(again.resumed).toBe(2);
    expect(again.table.rows).toEqual(t.rows);
    await expect(runSweep("sentimental", { beta: ["1"] }, options)).rejects.toThrow(/unknown config key "beta"/);
    await expect(runSweep("sentimental", { alpha: ["2"] }, options)).rejects.toThrow(/sweep cell 1 \(alpha=2\)/);
  });
});

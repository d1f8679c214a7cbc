/**
 * One decision score per advisor and candidate (config key decisionBasis)
 * behind ranks, valence, tiers and conviction: with the
 * authors' code's settings (basis "mean", conviction "code") the run's own
 * Table 8 is its Table 4 x Table 7 in all 30 cells, as the paper's printed
 * tables are.
 */
import { describe, expect, it } from "vitest";
import type { RunContext, Table } from "../../src/core/contract";
import { silentProgress } from "../../src/core/contract";
import { bundledDataDir } from "../../src/data/paths";
import { OfflineModel } from "../../src/llm/offline";
import { defaultSentimentalConfig, rankDescending, sentimentalExperiment, valence, type SentimentalConfig } from "../../src/sentimental/index";
import { HashingEmbedder } from "../../src/text/embedding";

const AGENTS = ["CFO", "VPE", "RPM"] as const;

function ctx(): RunContext {
  return {
    model: new OfflineModel({ seed: 7 }),
    embedder: new HashingEmbedder(),
    seed: 7,
    dataDir: bundledDataDir(),
    progress: silentProgress,
    log: () => {},
    concurrency: 2,
  };
}

const table = (tables: Table[], name: string): Table => tables.find((t) => t.name === name)!;
const cell = (t: Table, i: number, a: string): number => t.rows[i]![a] as number;

async function tablesFor(overrides: Partial<SentimentalConfig>) {
  const result = await sentimentalExperiment.run(defaultSentimentalConfig({ runs: 1, retrieval: "tfidf", ...overrides }), ctx());
  const rounds = table(result.tables, "sentiment_by_round").rows;
  const series = (candidate: string, agent: string) =>
    rounds.filter((r) => r["candidate_name"] === candidate && r["agent"] === agent).map((r) => ({ s: r["sentiment"] as number, o: r["opinion"] as number }));
  return {
    t4: table(result.tables, "table4_final_sentiment"),
    t5: table(result.tables, "table5_borda_ranks"),
    t6: table(result.tables, "table6_valence"),
    t7: table(result.tables, "table7_volatility"),
    t8: table(result.tables, "table8_conviction"),
    series,
  };
}

describe("decision basis", () => {
  it("with the code's settings (mean, conviction=code) Table 8 = Table 4 x Table 7 in every cell, Table 4 = the mean statement sentiment", async () => {
    const { t4, t7, t8, series } = await tablesFor({ decisionBasis: "mean", conviction: "code" });
    expect(t4.rows).toHaveLength(10);
    t4.rows.forEach((row, i) => {
      for (const a of AGENTS) {
        const s = series(row["candidate"] as string, a).map((x) => x.s);
        expect(cell(t4, i, a)).toBeCloseTo(s.reduce((x, y) => x + y, 0) / s.length, 7);
        expect(cell(t8, i, a)).toBeCloseTo(cell(t4, i, a) * cell(t7, i, a), 7);
      }
    });
  });

  it("basis last: Table 4 = the last statement's sentiment, and conviction reads it (not the mean)", async () => {
    const { t4, t7, t8, series } = await tablesFor({ decisionBasis: "last", conviction: "code" });
    t4.rows.forEach((row, i) => {
      for (const a of AGENTS) {
        expect(cell(t4, i, a)).toBeCloseTo(series(row["candidate"] as string, a).at(-1)!.s, 7);
        expect(cell(t8, i, a)).toBeCloseTo(cell(t4, i, a) * cell(t7, i, a), 7);
      }
    });
  });

  it("basis opinion (the text's default) with the paper's conviction: Table 8 = Table 4 / max(Table 7, floor)", async () => {
    const { t4, t7, t8, series } = await tablesFor({});
    t4.rows.forEach((row, i) => {
      for (const a of AGENTS) {
        expect(cell(t4, i, a)).toBeCloseTo(series(row["candidate"] as string, a).at(-1)!.o, 7);
        expect(cell(t8, i, a)).toBeCloseTo(cell(t4, i, a) / Math.max(cell(t7, i, a), 0.01), 5);
      }
    });
  });

  it("ranks, valence and tiers read the same score as Table 4", async () => {
    for (const decisionBasis of ["mean", "last"] as const) {
      const { t4, t5, t6 } = await tablesFor({ decisionBasis, tierRule: "veto" });
      for (const a of AGENTS) {
        const scores = t4.rows.map((_, i) => cell(t4, i, a));
        expect(t5.rows.map((r) => r[a])).toEqual(rankDescending(scores));
        expect(t6.rows.map((r) => r[a])).toEqual(scores.map((s) => valence(s)));
      }
      t6.rows.forEach((row) => {
        const v = AGENTS.map((a) => row[a] as number);
        expect(row["tier"]).toBe(v.includes(-1) ? 3 : v.includes(1) ? 1 : 2);
      });
    }
  });
});

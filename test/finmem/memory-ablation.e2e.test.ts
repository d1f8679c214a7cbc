/**
 * ablate=memory: the run with no memory shown sits beside the full run in
 * finmem_metrics, with the share of directional test days on which the two
 * differ. On the ../shared/datasets tickers other than MSFT and TSLA (default
 * windows) memory changes at least 15 % of the directional days, and each such
 * day is explained by the memory contributions its reason states: without
 * them the stated rule gives the memory-free run's decision. (Runs six whole
 * experiments on the real folder: .e2e, out of test:fast.)
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { silentProgress, type RunContext } from "../../src/core/contract";
import { DataFolder } from "../../src/data/folder";
import { finmemConfigSchema, type FinMemConfig } from "../../src/finmem/config";
import { runFinMemExperiment } from "../../src/finmem/experiment";
import { decisionDifference, MEMORY_ABLATED_STRATEGY } from "../../src/finmem/memory-ablation";
import type { DayRecord } from "../../src/finmem/loop-types";
import { OfflineModel } from "../../src/llm/offline";
import { HashingEmbedder } from "../../src/text/embedding";

const SHARED = path.resolve(process.cwd(), "../shared/datasets");
const ctx = (): RunContext => ({
  model: new OfflineModel({ seed: 7 }),
  embedder: new HashingEmbedder(),
  seed: 7,
  dataDir: SHARED,
  progress: silentProgress,
  log: () => {},
  concurrency: 4,
});

/** The stated amounts of a decision's reason (quoted snippets removed): each term, the total and the thresholds, in thousandths. */
function stated(reason: string) {
  const text = reason.replace(/"[^"]*"/g, '""');
  const rule = /buy above ([+-]\d+\.\d{3}), sell below ([+-]\d+\.\d{3})/.exec(text)!;
  const before = text.split(" Total ")[0]!;
  const terms = [...before.slice(before.indexOf(" else hold.")).matchAll(/: ([+-]\d+\.\d{3})(?=[;.])/g)].map((m) => Math.round(Number(m[1]) * 1000));
  const momentum = Math.round(
    Number(/-day momentum[^:]*: [^:]*: ([+-]\d+\.\d{3})\./.exec(text)?.[1] ?? /momentum unknown[^:]*: ([+-]\d+\.\d{3})/.exec(text)![1]) * 1000,
  );
  const total = Math.round(Number(/Total ([+-]\d+\.\d{3})/.exec(text)![1]) * 1000);
  const buy = Math.round(Number(rule[1]) * 1000);
  const sell = Math.round(Number(rule[2]) * 1000);
  const decide = (x: number) => (x > buy ? "buy" : x < sell ? "sell" : "hold");
  return { terms, momentum, total, decide };
}

describe("decisionDifference", () => {
  it("counts days on which either run buys or sells, and those that differ", () => {
    const day = (date: string, decision: DayRecord["decision"]) => ({ date, phase: "test", decision }) as DayRecord;
    const full = [day("d1", "buy"), day("d2", "hold"), day("d3", "sell"), day("d4", "hold")];
    const ablated = [day("d1", "buy"), day("d2", "buy"), day("d3", "hold"), day("d4", "hold")];
    expect(decisionDifference(full, ablated)).toEqual({ directional: 3, differing: 2, share: 2 / 3, dates: ["d2", "d3"] });
  });
});

describe.skipIf(!existsSync(SHARED))("ablate=memory on ../shared/datasets", () => {
  it("covers the tickers with prices and news other than MSFT and TSLA", () => {
    const folder = DataFolder.open(SHARED);
    const priced = new Set(folder.tickers());
    expect(folder.newsTickers().filter((t) => priced.has(t) && t !== "MSFT" && t !== "TSLA")).toEqual(["HON", "JNJ", "NFLX"]);
  });

  it.each(["HON", "JNJ", "NFLX"])(
    "%s: memory changes >= 15 % of directional test days, each explained by its stated memory drivers",
    { timeout: 300_000 },
    async (ticker) => {
      const out = await runFinMemExperiment(finmemConfigSchema.parse({ ticker, ablate: "memory" }) as FinMemConfig, ctx());
      const ablated = out.ablated!;
      expect(ablated.difference.share, ticker).toBeGreaterThanOrEqual(0.15);
      // The row beside the full run, with the share.
      const metrics = out.result.tables.find((t) => t.name === "finmem_metrics")!;
      expect(metrics.rows.map((r) => r.strategy)).toEqual(["FinMem", MEMORY_ABLATED_STRATEGY, "Buy and hold"]);
      expect(metrics.rows[1]!.directional_days_differing).toBeCloseTo(ablated.difference.share, 6);
      expect(metrics.rows[1]!.cumulative_return).toBeCloseTo(ablated.finmem.cumulativeReturn, 6);
      const memoryFree = new Map(ablated.run.days.filter((d) => d.phase === "test").map((d) => [d.date, d]));
      for (const date of ablated.difference.dates) {
        const full = out.run.days.find((d) => d.date === date && d.phase === "test")!;
        const bare = memoryFree.get(date)!;
        const s = stated(full.reason);
        // The stated memory contributions (every term but the momentum) move the total from the momentum term alone.
        const memory = s.terms.slice(0, -1).reduce((a, b) => a + b, 0);
        expect(s.terms.at(-1)).toBe(s.momentum);
        expect(memory + s.momentum, `${ticker} ${date}`).toBe(s.total);
        expect(memory).not.toBe(0);
        expect(s.decide(s.total)).toBe(full.decision);
        expect(s.decide(s.momentum), `${ticker} ${date}: ${full.reason}`).toBe(bare.decision);
        // The memory-free run states the momentum term alone as its total.
        const b = stated(bare.reason);
        expect(b.total).toBe(b.momentum);
        expect(b.momentum).toBe(s.momentum);
      }
    },
  );
});

/**
 * The offline FinMem baseline on the real folder (../shared/datasets; skipped
 * without it): it trades both ways on the MSFT and TSLA test windows, cites
 * filings, learns from feedback of both signs, and keeps importance bounded.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { silentProgress, type RunContext } from "../../src/core/contract";
import { finmemConfigSchema, type FinMemConfig } from "../../src/finmem/config";
import { LAYERS } from "../../src/finmem/constants";
import { runFinMemExperiment, type FinMemOutcome } from "../../src/finmem/experiment";
import { OfflineModel } from "../../src/llm/offline";
import { HashingEmbedder } from "../../src/text/embedding";

const SHARED = path.resolve(process.cwd(), "../shared/datasets");

function ctx(seed = 7): RunContext {
  return { model: new OfflineModel({ seed }), embedder: new HashingEmbedder(), seed, dataDir: SHARED, progress: silentProgress, log: () => {}, concurrency: 4 };
}

const run = (config: Record<string, unknown>) => runFinMemExperiment(finmemConfigSchema.parse(config) as FinMemConfig, ctx());

/** Shares of buy and sell decisions over the test window. */
function mix(out: FinMemOutcome): { buy: number; sell: number; days: number } {
  const test = out.run.days.filter((d) => d.phase === "test");
  return {
    buy: test.filter((d) => d.decision === "buy").length / test.length,
    sell: test.filter((d) => d.decision === "sell").length / test.length,
    days: test.length,
  };
}

/** Citations of filing events (10-Q, 10-K) over the run. */
function filingCitations(out: FinMemOutcome): number {
  let n = 0;
  for (const d of out.run.days) for (const l of LAYERS) for (const id of d.cited[l]) if (/^10-/.test(out.run.memory.describe(id).kind)) n++;
  return n;
}

describe.skipIf(!existsSync(SHARED))("offline FinMem on ../shared/datasets", () => {
  it("MSFT (default windows): buys and sells, cites a filing, training feedback of both signs, importance bounded", async () => {
    const out = await run({});
    expect([out.config.ticker, out.config.testStart, out.config.testEnd]).toEqual(["MSFT", "2020-12-13", "2021-04-12"]);
    const m = mix(out);
    expect(m.days).toBe(81);
    expect(m.buy).toBeGreaterThanOrEqual(0.05);
    expect(m.sell).toBeGreaterThanOrEqual(0.05);
    expect(filingCitations(out)).toBeGreaterThanOrEqual(1);
    // The authors' running holding: training feedback is not positive by construction.
    const train = out.run.days.filter((d) => d.phase === "train" && d.feedback);
    const positive = train.filter((d) => d.feedback!.sign > 0).length;
    const negative = train.filter((d) => d.feedback!.sign < 0).length;
    expect(positive).toBeGreaterThan(0);
    expect(negative).toBeGreaterThan(0.2 * train.length);
    // Retrieval caps importance at 100; a runaway took one press release to 6,195. Nothing comes near that now.
    let maxImportance = 0;
    for (let id = 0; id < out.run.memory.size; id++) maxImportance = Math.max(maxImportance, out.run.memory.importance(id));
    expect(maxImportance).toBeLessThan(500);
    expect(out.run.invalidOutputs).toBe(0);
  });

  it("TSLA: buys and sells on the paper's test window (2022-10-06 .. 2023-04-10) and on its default window", async () => {
    const paper = await run({ ticker: "TSLA", trainStart: "2022-06-27", trainEnd: "2022-10-05", testStart: "2022-10-06", testEnd: "2023-04-10" });
    const anchored = await run({ ticker: "TSLA" });
    expect([anchored.config.trainStart, anchored.config.testStart, anchored.config.testEnd]).toEqual(["2022-06-27", "2023-03-27", "2023-07-26"]);
    for (const out of [paper, anchored]) {
      const m = mix(out);
      expect(m.buy, out.config.testStart).toBeGreaterThanOrEqual(0.05);
      expect(m.sell, out.config.testStart).toBeGreaterThanOrEqual(0.05);
      // Not buy-and-hold in disguise.
      expect(out.finmem.cumulativeReturn).not.toBeCloseTo(out.buyHold.cumulativeReturn, 6);
    }
    expect(mix(paper).days).toBe(127);
  });

  it("window=paper: the paper's windows for TSLA, a clear error for MSFT (no news there)", async () => {
    const { resolveWindows } = await import("../../src/finmem/config");
    const { DataFolder } = await import("../../src/data/folder");
    const folder = DataFolder.open(SHARED);
    const tsla = resolveWindows(finmemConfigSchema.parse({ ticker: "TSLA", window: "paper" }) as FinMemConfig, folder);
    expect([tsla.trainStart, tsla.trainEnd, tsla.testStart, tsla.testEnd]).toEqual(["2021-08-17", "2022-10-05", "2022-10-06", "2023-04-10"]);
    expect(() => resolveWindows(finmemConfigSchema.parse({ ticker: "MSFT", window: "paper" }) as FinMemConfig, folder)).toThrow(
      /window=paper: .* has no MSFT news inside the paper's training window 2021-08-17 \.\. 2022-10-05 \(its news spans 2020-03-13 \.\. 2021-05-06\)/,
    );
    expect(() => resolveWindows(finmemConfigSchema.parse({ ticker: "NVDA", window: "paper" }) as FinMemConfig, folder)).toThrow(
      /paper's tickers TSLA, NFLX, AMZN, MSFT, COIN, not NVDA/,
    );
  });
});

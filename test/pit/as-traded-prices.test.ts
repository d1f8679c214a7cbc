/**
 * Price levels in prompts are the ones traded that day; returns come from
 * adjusted closes. Across TSLA's 3:1 split (ex-date 2022-08-25) the fixture's
 * closes are adjusted as of the download day (2022-08-24 reads 297.10) and its
 * split table says 3:1, so the training prompt of 2022-08-24 must quote
 * 891.29 (the close on the tape) for that day and 296.07 for the next, with
 * the -0.35 % change of the adjusted closes. Without a split table the prompt
 * says the levels are adjusted as of the series' last date.
 */
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILTIN_TASKS } from "../../src/blackboard/tasks";
import { ToolBox } from "../../src/blackboard/tools";
import { DataFolder } from "../../src/data/folder";
import { priceBasisFor, priceBasisNote, shownPriceOn, splitTable } from "../../src/data/price-basis";
import { createModel } from "../../src/llm/factory";
import { RecordingModel } from "../../src/llm/recording";
import { runExperiment } from "../../src/run/runner";
import { useTempDirs } from "../blackboard/helpers/temp-dirs";

const FIXTURE = path.resolve(__dirname, "../fixtures/tsla-split");
const WINDOWS = ["ticker=TSLA", "trainStart=2022-08-15", "trainEnd=2022-08-31", "testStart=2022-09-01", "testEnd=2022-09-09"];
const tempDir = useTempDirs();

async function trainPrompt(dataDir: string, set: string[] = []): Promise<{ system: string; user: string }> {
  const rec = new RecordingModel(createModel({ llm: "offline", seed: 7 }));
  await runExperiment("finmem", { seed: 7, dataDir, modelInstance: rec, set: [...WINDOWS, ...set] });
  const p = rec.prompts.find((x) => x.task === "finmem.reflect.train" && x.session === "2022-08-24")!;
  return { system: p.messages![0]!.content, user: p.messages![1]!.content };
}

describe("prices in prompts as traded that day", () => {
  it("the split table turns the adjusted close into the as-traded one, before and after the ex-date", () => {
    const series = DataFolder.open(FIXTURE).prices("TSLA");
    const basis = priceBasisFor("TSLA", series, splitTable(FIXTURE));
    expect(basis.kind).toBe("as-traded");
    expect(series.close[series.dates.indexOf("2022-08-24")]).toBeCloseTo(297.09668, 5);
    expect(shownPriceOn(basis, series, "2022-08-24")).toBeCloseTo(891.29, 2);
    expect(shownPriceOn(basis, series, "2022-08-25")).toBeCloseTo(296.07, 2);
    // A weekend date takes the last session's level.
    expect(shownPriceOn(basis, series, "2022-08-21")).toBeCloseTo(3 * series.close[series.dates.indexOf("2022-08-19")]!, 6);
    expect(priceBasisNote(basis)).toBe("as traded on each day");
  });

  it("FinMem's training prompt on 2022-08-24 quotes the as-traded closes and the adjusted change", async () => {
    const { system, user } = await trainPrompt(FIXTURE);
    expect(user).toContain("the price of TSLA went down from 891.29 to 296.07 (-0.35%; prices as traded on each day) on the next trading day");
    // The profile's levels too: 2022-08-15 traded at 3 x 309.32 = 927.96, 2022-08-31 at 275.61.
    expect(system).toContain("the stock moved from 927.96 to 275.61 (as traded on each day; return from adjusted closes -10.9%)");
  });

  it("without a split table the prompt says the levels are adjusted as of the last date", async () => {
    const dir = path.join(tempDir("pit-nosplits-"), "data");
    cpSync(FIXTURE, dir, { recursive: true });
    rmSync(path.join(dir, "prices", "_splits.csv"));
    const { user } = await trainPrompt(dir);
    expect(user).toContain("went down from 297.10 to 296.07 (-0.35%; prices adjusted as of 2022-09-30)");
    // A splits file the user gives works the same as the folder's.
    const given = await trainPrompt(dir, [`splits=${path.join(FIXTURE, "prices", "_splits.csv")}`]);
    expect(given.user).toContain("from 891.29 to 296.07");
  });

  it("the Blackboard's market analyst reads the levels of 2022-08-24 as traded (the offline agents read the file's)", () => {
    const folder = DataFolder.open(FIXTURE);
    const basis = priceBasisFor("TSLA", folder.prices("TSLA"), splitTable(FIXTURE));
    const tools = new ToolBox(folder.asOf("2022-08-24"), "TSLA", "SPY", () => basis);
    const snap = tools.indicators("market_analyst")!;
    expect(snap.values.close).toBeCloseTo(297.097, 2);
    expect(snap.level_factor).toBe(3);
    const user = BUILTIN_TASKS.marketAnalyst.render({ ticker: "TSLA", date: "2022-08-24", windowFrom: snap.from, indicators: snap })[1]!.content;
    const shown = JSON.parse(user) as { data: { price_basis: string; indicators: Record<string, number> } };
    expect(shown.data.price_basis).toBe("as traded on each day");
    expect(shown.data.indicators.close).toBeCloseTo(891.29, 1);
    expect(shown.data.indicators.sma_50).toBeCloseTo(3 * snap.values.sma_50, 0);
    expect(shown.data.indicators.rsi_14).toBe(snap.values.rsi_14);
  });
});

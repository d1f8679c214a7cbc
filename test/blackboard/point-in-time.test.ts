/**
 * Point-in-time hygiene of the agents, end to end: a copy of the bundled data
 * folder with every row after day T deleted (prices, news, social posts,
 * filings) must give the agents exactly the same messages on T, and the
 * experiment exactly the same views and weights up to T, as the full folder.
 * Any read of a later row (an indicator window reaching past T, a news item
 * dated T+1, a covariance window that includes T+1) would break equality.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Blackboard } from "../../src/blackboard/log";
import { runTickerPipeline } from "../../src/blackboard/pipeline";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { createModel } from "../../src/llm/factory";
import { runExperiment } from "../../src/run/runner";
import { useTempDirs } from "./helpers/temp-dirs";

const tempDir = useTempDirs();

const START = "2025-05-01";
const EVERY = 5;
/** T is itself a rebalance date (test day 30 with rebalanceEvery 5), so a leak of even one day shows. */
const T = DataFolder.open(bundledDataDir())
  .calendar()
  .filter((d) => d >= START)[6 * EVERY]!;

/** Copy the bundled folder and drop every dated row after `cut`. */
function truncatedCopy(cut: string): string {
  const dir = path.join(tempDir("bb-pit-"), "data");
  cpSync(bundledDataDir(), dir, { recursive: true });
  let dropped = 0;
  for (const sub of ["prices", "news", "social", "filings"]) {
    for (const name of readdirSync(path.join(dir, sub)).filter((n) => !n.startsWith("_"))) {
      const file = path.join(dir, sub, name);
      const lines = readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l.trim() !== "");
      const keep = name.endsWith(".csv")
        ? lines.filter((l, i) => i === 0 || l.slice(0, 10) <= cut)
        : lines.filter((l) => (JSON.parse(l) as { date: string }).date <= cut);
      dropped += lines.length - keep.length;
      writeFileSync(file, keep.join("\n") + "\n");
    }
  }
  expect(dropped).toBeGreaterThan(1000); // the cut really removed the future
  return dir;
}

describe("point-in-time: deleting every row after T changes nothing up to T", () => {
  const cutDir = truncatedCopy(T);
  const full = DataFolder.open(bundledDataDir());
  const cut = DataFolder.open(cutDir);

  it("the cut folder really ends at T", () => {
    expect(cut.calendar().at(-1)).toBe(T);
    expect(full.calendar().at(-1)! > T).toBe(true);
  });

  it("one ticker thread on T writes byte-identical messages and tool calls", async () => {
    for (const ticker of ["ALTA", "DYNL"]) {
      const runOn = async (data: DataFolder) => {
        const board = Blackboard.inMemory();
        const model = createModel({ llm: "offline", seed: 5 });
        const res = await runTickerPipeline(data, ticker, T, { model, seed: 5, board, debateRounds: 3 });
        return { log: board.toJsonl("canonical"), tools: JSON.stringify(res.toolCalls), action: res.assessment?.final_action };
      };
      const a = await runOn(full);
      const b = await runOn(cut);
      expect(a.log.split("\n").length).toBeGreaterThan(20);
      expect(b.log).toBe(a.log);
      expect(b.tools).toBe(a.tools);
    }
  });

  it("the experiment's views and weights up to T are identical with and without the later data", async () => {
    const set = ["tickers=ALTA,BRIX,CORV,DYNL,ECHW", `start=${START}`, `rebalanceEvery=${EVERY}`];
    const long = await runExperiment("blackboard", { seed: 3, dataDir: bundledDataDir(), set: [...set, "end=2025-07-31"] });
    const short = await runExperiment("blackboard", { seed: 3, dataDir: cutDir, set: [...set, `end=${T}`] });
    for (const name of ["bb_weights", "bb_views"]) {
      const upTo = (rows: Array<Record<string, unknown>>) => rows.filter((r) => (r.date as string) <= T);
      const l = upTo(long.result.tables.find((t) => t.name === name)!.rows);
      const s = short.result.tables.find((t) => t.name === name)!.rows;
      expect(s.length).toBe(7 * 5);
      expect(s.at(-1)!.date).toBe(T);
      expect(s).toEqual(l);
    }
    const daily = (r: typeof long) => r.result.tables.find((t) => t.name === "bb_daily_values")!.rows.filter((x) => (x.date as string) <= T);
    expect(daily(short)).toEqual(daily(long));
  });
});

/**
 * The look-ahead audit (`consilium lookahead`): two runs, on the data and on
 * a copy poisoned after D, compared session by session at the level of the
 * daily tables and of the prompts a real model would receive.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main";
import type { Experiment } from "../../src/core/contract";
import { addDays } from "../../src/data/dates";
import { tradingDays } from "../../src/data/calendar";
import { DataFolder, type PointInTimeView } from "../../src/data/folder";
import { loopOptionsFromConfig, resolveWindows, type FinMemConfig } from "../../src/finmem/config";
import { evaluateTestWindow } from "../../src/finmem/evaluation";
import { finmemExperiment } from "../../src/finmem/experiment";
import { runFinMem } from "../../src/finmem/loop";
import { finmemTables } from "../../src/finmem/report";
import { formatLookahead, runLookahead, type LookaheadReport } from "../../src/run/lookahead";

const SHARED = path.resolve(process.cwd(), "../shared/datasets");
const hasShared = existsSync(SHARED);

/** MSFT windows pinned (a few months around the 2020-07-30 10-K and the 2020-10-27 10-Q). */
const MSFT = ["ticker=MSFT", "trainStart=2020-06-01", "trainEnd=2020-09-30", "testStart=2020-10-01", "testEnd=2020-12-31"];
const D_TRAIN = "2020-08-03";
const D_TEST = "2020-11-16";

const previousSession = (d: string) => tradingDays(addDays(d, -10), addDays(d, -1)).at(-1)!;
const statuses = (r: LookaheadReport) => [...new Set(r.sessions.map((s) => s.status))];

describe.skipIf(!hasShared)("lookahead finmem on ../shared/datasets, windows pinned", () => {
  it("D in training, the paper's window overview: every difference up to D is a declared read", async () => {
    const r = await runLookahead("finmem", { at: D_TRAIN, dataDir: SHARED, set: MSFT });
    expect(r.firstLeak).toBeNull();
    expect(r.declaredReads.map((d) => d.name)).toEqual(["training label t+1", "profile overview of the training window"]);
    expect(r.declaredReads[0]!.sessions).toEqual([D_TRAIN]);
    const before = r.sessions.filter((s) => s.session < D_TRAIN);
    expect(before.length).toBe(tradingDays("2020-06-01", "2020-07-31").length);
    // The overview reads closes up to trainEnd, so every training prompt differs: explained, not a leak.
    expect(before.every((s) => s.status === "declared" && s.declared.join() === "profile overview of the training window")).toBe(true);
    expect(r.sessions.at(-1)!.session).toBe(D_TRAIN);
    expect(r.after.differing).toBeGreaterThan(50);
    expect(formatLookahead(r)).toContain("Result: no look-ahead beyond the declared reads");
  });

  it("D in training, profileOverview=asOf: identical before D; on D only the training label (t+1) differs", async () => {
    const r = await runLookahead("finmem", { at: D_TRAIN, dataDir: SHARED, set: [...MSFT, "profileOverview=asOf"] });
    expect(r.firstLeak).toBeNull();
    expect(r.declaredReads.map((d) => d.name)).toEqual(["training label t+1"]);
    expect(r.sessions.filter((s) => s.session < D_TRAIN).every((s) => s.status === "identical")).toBe(true);
    const d = r.sessions.at(-1)!;
    expect([d.session, d.status, d.declared]).toEqual([D_TRAIN, "declared", ["training label t+1"]]);
    // The differing prompts on D are the label's: the training reflection and the weekly review that quotes it (no summary).
    expect(d.differences.filter((x) => x.kind === "prompt").map((x) => x.where)).toEqual(["finmem.reflect.extended", "finmem.reflect.train"]);
    expect(r.sessions.reduce((n, s) => n + s.prompts, 0)).toBeGreaterThan(400);
  });

  it("D in test: identical up to D under both overviews (the scoring column is an evaluation, not compared)", async () => {
    for (const overview of ["window", "asOf"]) {
      const r = await runLookahead("finmem", {
        at: D_TEST,
        dataDir: SHARED,
        set: [...MSFT, `profileOverview=${overview}`],
        records: overview === "asOf" ? "rewrite" : "remove",
      });
      expect(r.firstLeak, overview).toBeNull();
      expect(statuses(r), overview).toEqual(["identical"]);
      expect(r.declaredReads.map((x) => [x.name, x.observer === true])).toEqual([["scoring t -> t+1", true]]);
      expect(r.after.differing).toBeGreaterThan(20);
      expect(formatLookahead(r)).toContain(`Result: no look-ahead: every session up to ${D_TEST} is identical.`);
    }
  });

  it("reports an injected leak (news read two sessions ahead) at its first day, with the field", async () => {
    // A deliberate leak: on session t the loop is handed the news and filings known two sessions later.
    const aheadOf = (d: string) => tradingDays(addDays(d, 1), addDays(d, 20))[1]!;
    const leakyFolder = (folder: DataFolder) =>
      ({
        asOf(d: string): PointInTimeView {
          const now = folder.asOf(d);
          const ahead = folder.asOf(aheadOf(d));
          return {
            date: d,
            knownAt: {},
            prices: (t: string) => now.prices(t),
            tickerInfo: (t: string) => now.tickerInfo(t),
            news: (t: string, after?: string) => ahead.news(t, after),
            filings: (t: string, after?: string) => ahead.filings(t, after),
          } as unknown as PointInTimeView;
        },
      }) as unknown as DataFolder;
    const leaky: Experiment<FinMemConfig> = {
      ...finmemExperiment,
      async run(raw, ctx) {
        const folder = DataFolder.open(ctx.dataDir);
        const config = resolveWindows(raw, folder);
        const run = await runFinMem(loopOptionsFromConfig(config), { folder: leakyFolder(folder), model: ctx.model, embedder: ctx.embedder, seed: ctx.seed });
        const evaluation = evaluateTestWindow(run.days, folder.prices(config.ticker), config);
        return { tables: finmemTables(run, evaluation, config), figures: [], summary: {} };
      },
    };
    const r = await runLookahead(leaky as unknown as Experiment<Record<string, unknown>>, {
      at: D_TEST,
      dataDir: SHARED,
      set: [...MSFT, "profileOverview=asOf"],
    });
    // Two sessions before D the leaky run reads the items dated D (date-only), which the poisoned copy removes:
    // a date alone does not say they came before D's close.
    const firstLeak = previousSession(previousSession(D_TEST));
    expect(r.firstLeak?.session).toBe(firstLeak);
    expect(r.sessions.filter((s) => s.session < firstLeak).every((s) => s.status === "identical")).toBe(true);
    const fields = r.firstLeak!.differences.filter((d) => d.declaredBy === null).map((d) => `${d.where}.${d.field.split(" ")[0]}`);
    expect(fields).toContain("finmem_decisions.new_events");
    // The original run summarised items that only become known after D: the poisoned copy has no such prompts.
    const prompt = r.firstLeak!.differences.find((d) => d.where === "finmem.summarize")!;
    expect(prompt.field).toMatch(/^prompt count \(\d+ of \d+ prompts differ\)$/);
    expect([prompt.a, prompt.b]).toEqual(["present", "absent"]);
    expect(formatLookahead(r)).toContain(`Result: LOOK-AHEAD from ${firstLeak}`);
  });
});

describe.skipIf(!hasShared)("TSLA test window 2022-10-06 .. 2023-04-10: records stamped after D's close", () => {
  const TSLA = ["ticker=TSLA", "trainStart=2022-06-27", "trainEnd=2022-10-05", "testStart=2022-10-06", "testEnd=2023-04-10", "profileOverview=asOf"];

  it("change no decision row and no prompt up to D (sessions with after-close headlines on D itself)", async () => {
    const news = DataFolder.open(SHARED).news("TSLA");
    for (const at of ["2022-10-06", "2023-01-18", "2023-04-10"]) {
      // D's own date carries headlines stamped at or after its close: the ones a same-day read would have used.
      expect(news.filter((n) => n.date === at && n.datetime! >= `${at} 20:00`).length, at).toBeGreaterThan(0);
      const r = await runLookahead("finmem", { at, dataDir: SHARED, set: TSLA });
      expect(r.firstLeak, at).toBeNull();
      expect(statuses(r), at).toEqual(["identical"]);
      expect(r.poison.recordsRemoved).toBeGreaterThan(0);
      expect(r.after.differing, at).toBe(r.after.sessions);
    }
  });
});

describe("lookahead blackboard (no declared reads: every dated table and every prompt compared)", () => {
  const BB = ["tickers=ALTA,BRIX,CORV", "start=2025-06-02", "end=2025-06-30", "rebalanceEvery=5"];

  it("keeps decisions, weights and prompts identical up to a rebalance day on the bundled data", async () => {
    const r = await runLookahead("blackboard", { at: "2025-06-16", set: BB });
    expect(r.declaredReads).toEqual([]);
    expect(r.firstLeak).toBeNull();
    expect(r.sessions.map((s) => s.session)).toEqual(tradingDays("2025-06-02", "2025-06-16"));
    expect(statuses(r)).toEqual(["identical"]);
    // bb_weights and bb_views rows of the rebalance days were compared, and the prompts of every analyst and debate.
    expect(r.sessions.find((s) => s.session === "2025-06-16")!.rows).toBeGreaterThan(6);
    expect(r.sessions.reduce((n, s) => n + s.prompts, 0)).toBeGreaterThan(100);
    expect(r.after.differing).toBeGreaterThan(0);
  });

  it.skipIf(!hasShared)("and on the TSLA headline period of ../shared/datasets (timestamped news around the close)", async () => {
    const r = await runLookahead("blackboard", {
      at: "2022-11-15",
      dataDir: SHARED,
      set: ["tickers=TSLA,AAPL,MSFT", "start=2022-11-01", "end=2022-12-15", "rebalanceEvery=5"],
    });
    expect(r.firstLeak).toBeNull();
    expect(statuses(r)).toEqual(["identical"]);
    expect(r.after.differing).toBeGreaterThan(0);
  });
});

describe("consilium lookahead (command line)", () => {
  const io = () => {
    const out = { stdout: "", stderr: "" };
    return { out, io: { stdout: (t: string) => (out.stdout += t), stderr: (t: string) => (out.stderr += t), readStdin: async () => "" } };
  };

  it("prints the per-session report and exits 0 without a look-ahead", async () => {
    const { out, io: cli } = io();
    const code = await main(
      ["lookahead", "blackboard", "--at", "2025-06-09", "--set", "tickers=ALTA,BRIX", "--set", "start=2025-06-02", "--set", "end=2025-06-20"],
      cli,
    );
    expect(code).toBe(0);
    expect(out.stdout).toContain("lookahead blackboard --at 2025-06-09 (offline agents; seed 7)");
    expect(out.stdout).toMatch(/2025-06-02 \.\. 2025-06-09 \(6 sessions\): identical/);
  });

  it("refuses a date that is not a session, naming it", async () => {
    const { out, io: cli } = io();
    expect(await main(["lookahead", "finmem", "--at", "2025-06-07"], cli)).toBe(2);
    expect(out.stderr).toContain("--at 2025-06-07 is not a NYSE session");
    expect(await main(["lookahead", "finmem"], cli)).toBe(2);
  });
});

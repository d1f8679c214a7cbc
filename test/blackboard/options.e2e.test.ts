/**
 * The experiment's named options end to end on the bundled market (offline):
 * top-k view filtering, each ablation, the execution lag, the exact
 * optimiser, sizing, the checks that refuse impossible settings before any
 * agent runs, the analytics tables, and the prior the run says it used.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseBlackboard } from "../../src/blackboard/log";
import type { MessageType } from "../../src/blackboard/messages";
import { main } from "../../src/cli/main";
import { addDays } from "../../src/data/dates";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { findDailyReturns, tearSheet } from "../../src/report/index";
import { OfflineModel } from "../../src/llm/offline";
import { RecordingModel } from "../../src/llm/recording";
import { runExperiment } from "../../src/run/runner";
import { useTempDirs } from "./helpers/temp-dirs";

const tempDir = useTempDirs();

const SMALL = ["tickers=ALTA,BRIX,CORV,DYNL,ECHW,FLXM", "start=2025-06-02", "end=2025-07-15", "rebalanceEvery=10"];

async function run(extra: string[] = []) {
  return runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), set: [...SMALL, ...extra] });
}

const rows = (r: Awaited<ReturnType<typeof run>>, name: string) => r.result.tables.find((t) => t.name === name)!.rows;
const types = (r: Awaited<ReturnType<typeof run>>) =>
  new Set(parseBlackboard(r.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content, "bb").messages.map((m) => m.type as MessageType));

describe("top-k view filtering", () => {
  it("debates only the k strongest analyst signals, leaves the others without a view, and costs fewer calls", async () => {
    const full = await run();
    const top = await run(["topK=2"]);
    const views = rows(top, "bb_views");
    const dates = [...new Set(views.map((v) => v.date as string))];
    for (const date of dates) {
      const day = views.filter((v) => v.date === date);
      const kept = day.filter((v) => v.source === "agents");
      expect(kept).toHaveLength(2);
      const weakestKept = Math.min(...kept.map((v) => Math.abs(v.signal as number)));
      for (const v of day.filter((x) => x.source === "filtered")) {
        expect(Math.abs(v.signal as number)).toBeLessThanOrEqual(weakestKept);
        expect(v.has_view).toBe(false);
      }
    }
    const filtered = rows(top, "bb_weights").filter((w) => views.some((v) => v.date === w.date && v.ticker === w.ticker && v.source === "filtered"));
    expect(filtered.length).toBe(4 * dates.length);
    expect(filtered.every((w) => w.q === null && w.omega === null)).toBe(true);
    // Every ticker's analysts run; only k threads go further.
    const calls = (r: typeof full) => rows(r, "bb_usage").find((u) => u.task === "total")!.calls as number;
    const analystCalls = 5 * 6 * dates.length;
    // Debates vary in length, so the remaining calls are about 2/6 of the full run's, not exactly.
    expect(calls(top) - analystCalls).toBeLessThan(((calls(full) - analystCalls) * 2) / 6 + 20);
    expect(calls(top) - analystCalls).toBeGreaterThan(((calls(full) - analystCalls) * 2) / 6 - 20);
    expect(top.result.summary.modelCalls).toBe(calls(top));
    expect(top.result.summary.promptTokensEstimate as number).toBeLessThan(full.result.summary.promptTokensEstimate as number);
  });
});

describe("ablations", () => {
  it("each removes its component from the board, and views=prior holds the prior", async () => {
    const full = await run();
    expect([...types(full)]).toEqual(expect.arrayContaining(["DebateComment", "RiskDebateComment", "RiskAssessment"]));
    const noDebate = await run(["ablate=debate"]);
    expect(types(noDebate).has("DebateComment")).toBe(false);
    expect(rows(noDebate, "bb_views").every((v) => v.stop_reason === "no_debate" && v.debate_rounds === 0)).toBe(true);
    const noRisk = await run(["ablate=risk"]);
    for (const t of ["RiskDebateComment", "RiskPosition", "RiskRecommendation", "RiskAssessment", "RiskAlert"] as const)
      expect(types(noRisk).has(t)).toBe(false);
    expect(rows(noRisk, "bb_views").every((v) => v.final_action === v.proposal)).toBe(true);
    const noAlpha = await run(["ablate=alpha"]);
    const proposals = parseBlackboard(noAlpha.result.artifacts![0]!.content, "bb").messages.filter((m) => m.type === "TradeProposal");
    expect(proposals.every((m) => (m.content as { chains: unknown[] }).chains.length === 0)).toBe(true);
    expect(rows(noAlpha, "bb_usage").some((u) => u.task === "blackboard.trader")).toBe(false);
    const prior = await run(["ablate=views"]);
    expect([...types(prior)]).toEqual(["TradeDecision"]);
    expect(prior.result.summary.modelCalls).toBe(0);
    // No view at all: the clipped book is the prior (market-cap weights on the bundled market).
    for (const w of rows(prior, "bb_weights")) expect(w.weight as number).toBeCloseTo(w.w_mkt as number, 12);
  });
});

describe("timing, construction and sizing", () => {
  it("executionLag=1 trades the next session and starts in cash", async () => {
    const lagged = await run(["executionLag=1"]);
    const calendar = DataFolder.open(bundledDataDir()).calendar();
    for (const r of rows(lagged, "bb_rebalances")) expect(r.trade_date).toBe(calendar[calendar.indexOf(r.decision_date as string) + 1]);
    const daily = rows(lagged, "bb_daily_values");
    expect(daily[0]!.portfolio).toBe(1_000_000);
    expect(daily[0]!.cash).toBe(1_000_000);
    expect(lagged.result.summary.executionLag).toBe(1);
  });

  it("longOnly=optimize with maxWeight caps every weight; sizing=trader keeps cash when sizes shrink", async () => {
    const optimized = await run(["longOnly=optimize", "maxWeight=0.25"]);
    expect(Math.max(...rows(optimized, "bb_weights").map((w) => w.weight as number))).toBeLessThanOrEqual(0.25 + 1e-12);
    const clipped = await run(["maxWeight=0.25"]);
    expect(rows(clipped, "bb_weights").map((w) => w.weight)).not.toEqual(rows(optimized, "bb_weights").map((w) => w.weight));
    const sized = await run(["sizing=trader"]);
    const weights = rows(sized, "bb_weights");
    for (const w of weights) expect(w.weight as number).toBeCloseTo(Math.min(1, (w.book_weight as number) * (w.size as number)), 6);
    expect(rows(sized, "bb_rebalances").some((r) => (r.cash_after as number) > 0.01)).toBe(true);
  });

  it("refuses impossible settings before any agent runs, naming the keys", async () => {
    await expect(run(["maxWeight=0.1"])).rejects.toThrow(
      /infeasible weight bounds on 2025-06-02 \(6 eligible tickers\): 6 assets x maxWeight 0.1 = 0.6 < 1.*"maxWeight"/,
    );
    await expect(run(["longOnly=none", "maxWeight=0.5"])).rejects.toThrow(/"maxWeight" \/ "minWeight" bound long-only books only/);
    await expect(run(["turnoverPenalty=0.01"])).rejects.toThrow(/"turnoverPenalty" needs longOnly=optimize/);
  });
});

describe("analytics tables", () => {
  it("attribution adds up to the gross daily returns; hit rates and rebalances line up with the engine", async () => {
    const r = await run();
    const contributions = rows(r, "bb_attribution").reduce((s, a) => s + (a.contribution as number), 0);
    const trades = rows(r, "bb_rebalances");
    expect(trades.map((t) => t.turnover as number).reduce((a, b) => a + b, 0)).toBeCloseTo(r.result.summary.turnover as number, 8);
    expect(trades.map((t) => t.cost as number).reduce((a, b) => a + b, 0)).toBeCloseTo(r.result.summary.costs as number, 4);
    const hits = rows(r, "bb_hit_rate");
    expect(hits.map((h) => h.decision_date)).toEqual(trades.map((t) => t.decision_date));
    expect(hits.every((h) => h.buys === 0 || ((h.buy_hit_rate as number) >= 0 && (h.buy_hit_rate as number) <= 1))).toBe(true);
    const frontier = rows(r, "bb_frontier");
    const line = frontier.filter((p) => String(p.point).startsWith("frontier"));
    expect(line).toHaveLength(25);
    for (let k = 1; k < line.length; k++) expect(line[k]!.expected_return as number).toBeGreaterThan(line[k - 1]!.expected_return as number);
    expect(frontier.map((p) => p.point).slice(25)).toEqual(["chosen book", "prior (w_mkt)", "equal weight"]);
    expect(contributions).toBeCloseTo(sumOfGross(r), 10);
    // The tear sheet shows the costs next to the net returns.
    const daily = findDailyReturns(r.result.tables)!;
    expect(daily.trading).toMatchObject({ source: "bb_rebalances", rebalances: trades.length });
    expect(daily.trading!.turnover).toBeCloseTo(r.result.summary.turnover as number, 8);
    const metrics = tearSheet(daily).metrics.rows;
    const costRow = metrics.find((m) => m.metric === "Trading costs ($)")!;
    expect(costRow[daily.series[0].name]).toBeCloseTo(r.result.summary.costs as number, 2);
    expect(costRow[daily.series[1]!.name]).toBeNull();
    expect(metrics.map((m) => m.metric)).toEqual(
      expect.arrayContaining(["Rebalances", "Turnover (sum of |Δw|)", "Turnover per year", "Trading costs (% of the value at the first trade)"]),
    );
  });
});

/** The run's gross daily returns summed from its daily table: sum(r_t) + sum(cost_t / V_{t-1}). */
function sumOfGross(r: Awaited<ReturnType<typeof run>>): number {
  const daily = rows(r, "bb_daily_values");
  const cost = new Map(rows(r, "bb_rebalances").map((t) => [t.trade_date as string, t.cost as number]));
  let sum = 0;
  daily.forEach((d, t) => {
    const before = t === 0 ? 1_000_000 : (daily[t - 1]!.portfolio as number);
    sum += (d.portfolio_return as number) + (cost.get(d.date as string) ?? 0) / before;
  });
  return sum;
}

describe("the prior the run used, in config.json and the manifest", () => {
  it("says marketCap when the data has shares, and records no effective override", async () => {
    const out = path.join(tempDir("bb-cfg-"), "run");
    const code = await main(["run", "blackboard", "--out", out, "--data", bundledDataDir(), ...SMALL.flatMap((s) => ["--set", s])], {
      stdout: () => {},
      stderr: () => {},
      readStdin: async () => "",
    });
    expect(code).toBe(0);
    const config = JSON.parse(readFileSync(path.join(out, "config.json"), "utf8")) as Record<string, unknown>;
    expect(config.effective).toBeUndefined();
    const manifest = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as { summary: Record<string, unknown> };
    expect(manifest.summary).toMatchObject({ marketWeightsRequested: "marketCap", marketWeightsUsed: "marketCap" });
    expect(JSON.parse(readFileSync(path.join(out, "journal", "run.json"), "utf8"))).toMatchObject({ complete: true });
  });
});

describe("history retrieval (historyDays)", () => {
  it("hands each judge and researcher only its own ticker's earlier decisions, as the board holds them", async () => {
    const model = new RecordingModel(new OfflineModel({ seed: 7 }));
    const set = ["tickers=ALTA,BRIX,CORV", "start=2025-06-02", "end=2025-06-27", "rebalanceEvery=5", "historyDays=30"];
    const r = await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), modelInstance: model, set });
    const board = parseBlackboard(r.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content, "bb").messages;
    const decided = new Map(
      board
        .filter((m) => m.type === "RiskAssessment")
        .map((m) => [`${m.timestamp.slice(0, 10)}|${m.ticker}`, (m.content as { final_action: string }).final_action]),
    );
    const researched = new Map(
      board.filter((m) => m.type === "FinalReport").map((m) => [`${m.timestamp.slice(0, 10)}|${m.ticker}`, (m.content as { view: string }).view]),
    );
    type Brief = { brief: { ticker: string; date: string; history: Array<{ date: string; research_view: string | null; final_action: string | null }> } };
    const briefs = model.prompts
      .filter((p) => p.task === "blackboard.risk_judge" || p.task === "blackboard.researcher")
      .map((p) => (JSON.parse(p.messages![1]!.content) as Brief).brief);
    let entries = 0;
    for (const b of briefs) {
      const earlier = [...decided.keys()].filter((k) => k.endsWith(`|${b.ticker}`) && k.slice(0, 10) < b.date && k.slice(0, 10) >= addDays(b.date, -30));
      expect(b.history.map((h) => h.date)).toEqual(earlier.map((k) => k.slice(0, 10)).sort());
      for (const h of b.history) {
        entries++;
        expect([h.research_view, h.final_action]).toEqual([researched.get(`${h.date}|${b.ticker}`), decided.get(`${h.date}|${b.ticker}`)]);
      }
    }
    expect(entries).toBeGreaterThan(20);
  });
});

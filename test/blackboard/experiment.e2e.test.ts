import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultUniverse } from "../../src/blackboard/config";
import { blackboardExperiment } from "../../src/blackboard/experiment";
import { parseBlackboard } from "../../src/blackboard/log";
import { MESSAGE_TYPES } from "../../src/blackboard/messages";
import type { DecisionTrace } from "../../src/blackboard/trace";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { runExperiment } from "../../src/run/runner";

const SMALL = ["tickers=ALTA,BRIX,CORV,DYNL,ECHW,FLXM,GLDH,HVNM", "start=2025-06-02", "end=2025-07-31", "rebalanceEvery=10"];

async function small(seed: number, concurrency: number, extra: string[] = []) {
  return runExperiment("blackboard", { seed, concurrency, dataDir: bundledDataDir(), set: [...SMALL, ...extra] });
}

describe("blackboard experiment, offline, bundled market", () => {
  it("is deterministic for a seed, whatever the concurrency, and labelled offline", async () => {
    const a = await small(11, 1);
    const b = await small(11, 6);
    expect(JSON.stringify(b.result)).toBe(JSON.stringify(a.result));
    expect(a.offline).toBe(true);
    expect(a.result.figures[0]!.title).toContain("offline");
    const c = await small(12, 4);
    expect(c.result.artifacts![0]!.content).not.toBe(a.result.artifacts![0]!.content); // ids depend on the seed
  });

  it("writes a blackboard log that validates line by line, with every message type, and a complete trace", async () => {
    const run = await small(7, 4);
    const { tables, artifacts, summary } = run.result;
    const log = artifacts!.find((f) => f.path === "blackboard.jsonl")!;
    const parsed = parseBlackboard(log.content, "blackboard.jsonl");
    expect(parsed.warnings).toEqual([]);
    expect(parsed.messages.length).toBe(summary.messages);
    const types = new Set(parsed.messages.map((m) => m.type));
    for (const t of MESSAGE_TYPES.filter((t) => t !== "RiskAlert")) expect(types.has(t)).toBe(true);

    const trace = JSON.parse(artifacts!.find((f) => f.path === "trace.json")!.content) as DecisionTrace;
    expect(trace.date).toBe("2025-06-02");
    expect(trace.messages[0]!.type).toBe("AnalysisReport");
    expect(trace.messages.at(-1)!.type).toBe("TradeDecision");
    expect(trace.messages.every((m) => m.ticker === trace.ticker && m.timestamp.startsWith(trace.date))).toBe(true);
    const tools = new Set(trace.tool_calls.map((c) => c.tool));
    for (const t of ["get_indicators", "get_news", "get_social", "get_filings", "get_macro", "get_risk_metrics"]) expect(tools.has(t)).toBe(true);
    expect(trace.tool_calls.every((c) => c.args.end_date === trace.date)).toBe(true);
    expect(trace.llm_calls.every((c) => c.model === "offline")).toBe(true);
    const decision = trace.messages.at(-1)!.content as { weight_after: number; action: string };
    expect(decision.weight_after).toBeCloseTo(trace.weights.ticker.after, 8);
    expect(decision.action).toBe(trace.decision.final_action);
    const w = tables.find((t) => t.name === "bb_weights")!.rows.find((r) => r.date === trace.date && r.ticker === trace.ticker)!;
    expect(w.weight).toBeCloseTo(trace.weights.ticker.after, 8);
    // Day 0 starts in cash: nothing held before the first trade.
    expect(trace.weights.ticker.before).toBe(0);
    expect(w.weight_before).toBe(trace.weights.ticker.before);
    // Timestamps sit after the close the agents read (market-on-close trading).
    expect(trace.messages.every((m) => m.timestamp >= `${trace.date}T21:00:00Z`)).toBe(true);
    // Cross-examination: the opening turn asks, every later turn answers the previous question.
    const debate = trace.messages.filter((m) => m.type === "DebateComment");
    expect(debate.length).toBeGreaterThanOrEqual(2);
    expect(debate[0]!.intent).toBe("ask");
    for (const m of debate.slice(1)) expect(["answer", "concede"]).toContain(m.intent);
    for (let k = 1; k < debate.length; k++) expect(debate[k]!.reply_to).toBe(debate[k - 1]!.message_id);

    // Views: every agent run stops within the configured rounds, for a stated reason.
    const views = tables.find((t) => t.name === "bb_views")!.rows;
    expect(views.length).toBe(8 * (summary.rebalances as number));
    for (const v of views) {
      expect(v.debate_rounds as number).toBeLessThanOrEqual(2);
      expect(["max_rounds", "consensus", "no_new_evidence"]).toContain(v.stop_reason);
    }
    // Weights per rebalance sum to 1 and are long-only.
    const byDate = new Map<string, number>();
    for (const r of tables.find((t) => t.name === "bb_weights")!.rows) {
      expect(r.weight as number).toBeGreaterThanOrEqual(0);
      byDate.set(r.date as string, (byDate.get(r.date as string) ?? 0) + (r.weight as number));
    }
    for (const s of byDate.values()) expect(s).toBeCloseTo(1, 6);

    // Risk report: the benchmark row is SPY's price return over the window.
    const perf = tables.find((t) => t.name === "bb_performance")!.rows;
    expect(perf.map((r) => r.strategy)).toEqual(["BL portfolio", "Equal weight", "SPY"]);
    const spy = DataFolder.open(bundledDataDir()).prices("SPY");
    const p0 = spy.adjClose[spy.dates.indexOf("2025-06-02")]!;
    const p1 = spy.adjClose[spy.dates.indexOf("2025-07-31")]!;
    expect(perf[2]!.totalReturn).toBeCloseTo(p1 / p0 - 1, 8);
    expect(perf[2]!.beta).toBeCloseTo(1, 8);
    // The perturbation's baseline is exactly the Day-0 allocation.
    const perturb = tables.find((t) => t.name === "bb_perturbation")!.rows;
    expect(perturb.length).toBeGreaterThan(0);
    const day0 = tables.find((t) => t.name === "bb_weights")!.rows.filter((r) => r.date === "2025-06-02");
    for (const p of perturb) expect(p.before).toBeCloseTo(day0.find((r) => r.ticker === p.ticker)!.weight as number, 8);
    expect(run.result.figures.map((f) => f.name)).toEqual([
      "bb_equity_curve",
      "bb_rolling_sharpe",
      "bb_drawdown",
      "bb_perturbation",
      "bb_weights_over_time",
      "bb_turnover_costs",
      "bb_hit_rate",
      "bb_frontier",
    ]);
  });

  it("reuses Day-0 views when agents are not re-run", async () => {
    const run = await small(7, 4, ["rerunAgents=false"]);
    const views = run.result.tables.find((t) => t.name === "bb_views")!.rows;
    const day0 = views.filter((v) => v.date === "2025-06-02");
    expect(day0.every((v) => v.source === "agents")).toBe(true);
    const later = views.filter((v) => v.date !== "2025-06-02");
    expect(later.length).toBeGreaterThan(0);
    for (const v of later) {
      expect(v.source).toBe("reused");
      expect(v.final_action).toBe(day0.find((d) => d.ticker === v.ticker)!.final_action);
    }
    const log = parseBlackboard(run.result.artifacts![0]!.content, "bb.jsonl").messages;
    expect(log.filter((m) => m.type === "AnalysisReport").every((m) => m.timestamp.startsWith("2025-06-02"))).toBe(true);
  });

  it("caps weights with maxWeight and accepts Ledoit-Wolf covariance", async () => {
    const run = await small(7, 4, ["maxWeight=0.2", "covariance=ledoit-wolf"]);
    const rows = run.result.tables.find((t) => t.name === "bb_weights")!.rows;
    expect(Math.max(...rows.map((r) => r.weight as number))).toBeLessThanOrEqual(0.2 + 1e-9);
    const perturb = run.result.tables.find((t) => t.name === "bb_perturbation")!.rows;
    expect(Math.max(...perturb.map((r) => r.after as number))).toBeLessThanOrEqual(0.2 + 1e-9);
  });

  it("defaults to the data folder's stocks and rejects unknown tickers with the config key", async () => {
    const data = DataFolder.open(bundledDataDir());
    const universe = defaultUniverse(data, 60);
    expect(universe.length).toBeGreaterThanOrEqual(20);
    expect(universe).not.toContain("SPY");
    expect(blackboardExperiment.defaults(bundledDataDir()).tickers).toEqual(universe);
    await expect(runExperiment("blackboard", { dataDir: bundledDataDir(), set: ["tickers=NOPE"] })).rejects.toThrow(/NOPE.*"tickers"/);
  });
});

const shared = path.resolve(process.cwd(), "../shared/datasets");

describe.skipIf(!existsSync(shared))("blackboard experiment on ../shared/datasets (short window)", () => {
  it("runs offline on real S&P 500 prices with point-in-time agents", async () => {
    const run = await runExperiment("blackboard", {
      seed: 7,
      dataDir: shared,
      set: ["tickers=AAPL,MSFT,JPM,XOM,KO,NVDA", "start=2025-03-03", "end=2025-04-30", "rebalanceEvery=10"],
    });
    const { summary, tables } = run.result;
    expect(summary.tickers).toBe(6);
    expect(summary.marketWeightsUsed).toBe("equal"); // no shares outstanding in this folder
    // March 3-31 has 21 sessions, April 21 (Good Friday closed).
    expect(summary.days).toBe(42);
    expect(summary.days).toBe(
      DataFolder.open(shared)
        .calendar()
        .filter((d) => d >= "2025-03-03" && d <= "2025-04-30").length,
    );
    const perf = tables.find((t) => t.name === "bb_performance")!.rows;
    expect(Number.isFinite(perf[0]!.totalReturn as number)).toBe(true);
    const macro = parseBlackboard(run.result.artifacts![0]!.content, "bb.jsonl").messages.find(
      (m) => m.type === "AnalysisReport" && (m.content as { analyst: string }).analyst === "macro",
    )!;
    // The macro analyst saw SPY and the sector ETF (XLK for AAPL).
    expect(Object.keys((macro.content as { metrics: Record<string, number> }).metrics)).toEqual(expect.arrayContaining(["market_ret_20d", "sector_ret_20d"]));
  });

  it("holds a ticker that becomes eligible only after Day 0 at the prior when agents are not re-run (default_hold)", async () => {
    // COIN lists on 2021-04-14, so it has the 253 prices of a 252-day window only from mid-April 2022; KO has them on Day 0.
    const run = await runExperiment("blackboard", {
      seed: 7,
      dataDir: shared,
      set: ["tickers=COIN,KO", "start=2022-03-01", "end=2022-05-31", "rerunAgents=false"],
    });
    const views = run.result.tables.find((t) => t.name === "bb_views")!.rows;
    const held = views.filter((v) => v.source === "default_hold");
    expect(held.map((v) => [v.date, v.ticker])).toEqual([
      ["2022-04-27", "COIN"],
      ["2022-05-11", "COIN"],
      ["2022-05-25", "COIN"],
    ]);
    for (const v of held) {
      expect(v).toMatchObject({ final_action: "HOLD", confidence: 0.5, research_view: null, proposal: null, risk_level: null });
    }
    expect(views.filter((v) => v.ticker === "KO").map((v) => v.source)).toEqual(["agents", ...Array(6).fill("reused")]);
    const coinWeights = run.result.tables.find((t) => t.name === "bb_weights")!.rows.filter((r) => r.ticker === "COIN");
    expect(coinWeights.map((r) => r.q)).toEqual([0, 0, 0]); // q = 0: the prior
    // No agent ran for COIN: its only messages are the optimizer's decisions, each opening its thread (sequence 0).
    const coin = parseBlackboard(run.result.artifacts![0]!.content, "bb.jsonl").messages.filter((m) => m.ticker === "COIN");
    expect(coin.map((m) => m.type)).toEqual(["TradeDecision", "TradeDecision", "TradeDecision"]);
    expect(coin.every((m) => m.timestamp.endsWith("T21:00:00Z"))).toBe(true);
  });
});

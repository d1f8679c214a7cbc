/**
 * onInvalid: an answer that stays invalid after the repair round. With the
 * default `fail` the run stops with InvalidAnswerError saying whose answer it
 * was and how to resume from the cache; with `skip` that ticker has no view
 * at that rebalance (source gap, the prior stands), what its thread posted
 * stays on the board, and the gap is in gaps.json, every table's note and
 * the manifest's count per task (always present, 0 included).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { TextAnalystInput, TraderInput } from "../../src/blackboard/agent-inputs";
import { InvalidAnswerError } from "../../src/blackboard/gaps";
import { parseBlackboard } from "../../src/blackboard/log";
import { BLACKBOARD_TASK_NAMES, BUILTIN_TASKS } from "../../src/blackboard/tasks";
import { bundledDataDir } from "../../src/data/paths";
import { LlmOutputError, MockModel } from "../../src/llm/index";
import { runExperiment, writeRunFolder } from "../../src/run/index";
import { useTempDirs } from "./helpers/temp-dirs";

const tempDir = useTempDirs();
const SET = ["tickers=ALTA,BRIX", "start=2025-03-03", "end=2025-03-31"];

/** Offline answers, except that BRIX's trader never gives a valid one. */
function brokenTrader(): MockModel {
  return new MockModel({
    unhandled: "offline",
    handlers: {
      "blackboard.trader": (input: TraderInput) => {
        if (input.ticker === "BRIX") throw new LlmOutputError("invalid output after one repair round", "blackboard.trader", "{}", "chains: Required");
        return BUILTIN_TASKS.trader.offline(input, null as never, null as never);
      },
    },
  });
}

/** Offline answers, except that BRIX's news and social analysts never give a valid one (each says so with a raw answer). */
function brokenTextAnalysts(): MockModel {
  const broken = (kind: "news" | "social") => (input: TextAnalystInput) => {
    if (input.ticker === "BRIX")
      throw new LlmOutputError("invalid output after one repair round", `blackboard.analyst.${kind}`, `{"signal": 3, "said": "${kind}"}`, "signal: Too big");
    return BUILTIN_TASKS[`${kind}Analyst`].offline(input, null as never, null as never);
  };
  return new MockModel({ unhandled: "offline", handlers: { "blackboard.analyst.news": broken("news"), "blackboard.analyst.social": broken("social") } });
}

describe("onInvalid for the Blackboard", () => {
  it("fail (the default) stops the run, naming the agent, ticker and date, and how to resume", async () => {
    const run = runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), modelInstance: brokenTrader(), set: SET });
    await expect(run).rejects.toThrow(InvalidAnswerError);
    await expect(run).rejects.toThrow(/the trader of BRIX on 2025-03-\d\d: .*rerun the same command with the same --out\/--cache .* --set onInvalid=skip/);
  });

  it("skip: the ticker has no view at that rebalance, and the gap is in the artifacts, the notes and the manifest", async () => {
    const run = await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), modelInstance: brokenTrader(), set: [...SET, "onInvalid=skip"] });
    const views = run.result.tables.find((t) => t.name === "bb_views")!.rows;
    const brix = views.filter((r) => r.ticker === "BRIX");
    expect(brix.length).toBeGreaterThan(0);
    expect(brix.map((r) => [r.source, r.has_view, r.final_action])).toEqual(brix.map(() => ["gap", false, "HOLD"]));
    expect(views.filter((r) => r.ticker === "ALTA").every((r) => r.source === "agents")).toBe(true);
    // The weights table: BRIX has no view (the prior stands) on every rebalance.
    expect(
      run.result.tables
        .find((t) => t.name === "bb_weights")!
        .rows.filter((r) => r.ticker === "BRIX")
        .map((r) => r.q),
    ).toEqual(brix.map(() => null));

    const gaps = JSON.parse(run.result.artifacts!.find((a) => a.path === "gaps.json")!.content) as Array<Record<string, string>>;
    expect(gaps).toHaveLength(brix.length);
    expect(gaps[0]).toMatchObject({ ticker: "BRIX", agent: "trader", task: "blackboard.trader", error: "chains: Required" });
    for (const t of run.result.tables) expect(t.note).toMatch(/Gaps: \d+ answer\(s\) stayed invalid after repair \(onInvalid=skip: trader of BRIX on/);
    expect(run.result.gaps).toEqual({
      total: gaps.length,
      byTask: { ...Object.fromEntries(BLACKBOARD_TASK_NAMES.map((t) => [t, 0])), "blackboard.trader": gaps.length },
    });

    // What BRIX's threads posted before the trader stays on the board, and the optimizer's TradeDecision follows it with a fresh id.
    const board = parseBlackboard(run.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content, "bb").messages;
    const brixTypes = new Set(board.filter((m) => m.ticker === "BRIX").map((m) => m.type));
    expect([...brixTypes].sort()).toEqual(["AnalysisReport", "DebateComment", "FinalReport", "TradeDecision"]);
    expect(new Set(board.map((m) => m.message_id)).size).toBe(board.length);

    const dir = tempDir("bb-gaps-");
    writeRunFolder(run, dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { gaps: unknown; artifacts: string[] };
    expect(manifest.gaps).toEqual(run.result.gaps);
    expect(manifest.artifacts).toContain("artifacts/gaps.json");
  });

  it("skip on analysts: every invalid analyst is a gap with its answer kept; the valid reports of that thread are posted before it stops", async () => {
    const run = await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), modelInstance: brokenTextAnalysts(), set: [...SET, "onInvalid=skip"] });
    const gaps = JSON.parse(run.result.artifacts!.find((a) => a.path === "gaps.json")!.content) as Array<Record<string, string>>;
    const firstDate = gaps[0]!.date!;
    expect(gaps.filter((g) => g.date === firstDate).map((g) => [g.ticker, g.agent, g.answer])).toEqual([
      ["BRIX", "news_analyst", '{"signal": 3, "said": "news"}'],
      ["BRIX", "social_analyst", '{"signal": 3, "said": "social"}'],
    ]);
    const views = run.result.tables.find((t) => t.name === "bb_views")!.rows.filter((r) => r.ticker === "BRIX");
    expect(gaps).toHaveLength(2 * views.length);
    expect(run.result.gaps!.byTask).toMatchObject({ "blackboard.analyst.news": views.length, "blackboard.analyst.social": views.length });
    const board = parseBlackboard(run.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content, "bb").messages;
    const onFirst = board.filter((m) => m.ticker === "BRIX" && m.timestamp.startsWith(firstDate));
    expect(onFirst.map((m) => [m.type, m.sender.role])).toEqual([
      ["AnalysisReport", "market_analyst"],
      ["AnalysisReport", "fundamentals_analyst"],
      ["AnalysisReport", "macro_analyst"],
      ["TradeDecision", "portfolio_optimizer"],
    ]);
    expect(new Set(board.map((m) => m.message_id)).size).toBe(board.length);
  });

  it("a run without gaps counts 0 for every task in the manifest", async () => {
    const run = await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), set: SET });
    expect(run.result.gaps).toEqual({ total: 0, byTask: Object.fromEntries(BLACKBOARD_TASK_NAMES.map((t) => [t, 0])) });
    expect(run.result.artifacts!.some((a) => a.path === "gaps.json")).toBe(false);
    const dir = tempDir("bb-nogaps-");
    expect(writeRunFolder(run, dir).gaps.total).toBe(0);
  });
});

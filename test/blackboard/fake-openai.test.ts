/**
 * The blackboard experiment through an OpenAI-compatible endpoint: a loopback
 * fake server answers every agent task from the rendered prompt (it parses
 * the JSON the prompt carries), and the first trader answer names an
 * indicator that is not among the facts so that the citation check forces a
 * repair round.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBlackboard } from "../../src/blackboard/log";
import type { DecisionTrace } from "../../src/blackboard/trace";
import { bundledDataDir } from "../../src/data/paths";
import { createModel } from "../../src/llm/factory";
import { runExperiment } from "../../src/run/runner";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { ANALYST_MARKER, fakeAgents } from "./helpers/fake-agents";

const KEY = "sk-test-blackboard-0123456789";
let server: FakeOpenAI;

beforeAll(async () => {
  server = await startFakeOpenAI({ chat: fakeAgents({ hallucinateFirstTrader: true }).answer });
});
afterAll(async () => {
  await server.stop();
});

describe("blackboard experiment through an OpenAI-compatible endpoint (loopback fake)", () => {
  it("runs every agent as an LLM task, repairs a bad citation, and labels results with the model", async () => {
    const model = createModel({ llm: "openai", model: "gpt-fake", seed: 7, baseURL: server.baseURL, apiKey: KEY, maxRetries: 0 });
    const run = await runExperiment("blackboard", {
      seed: 7,
      dataDir: bundledDataDir(),
      modelInstance: model,
      concurrency: 3,
      set: ["tickers=ALTA,BRIX,CORV", "start=2025-06-02", "end=2025-06-06", "rebalanceEvery=10", "traceTicker=BRIX"],
    });
    expect(run.offline).toBe(false);
    const views = run.result.tables.find((t) => t.name === "bb_views")!.rows;
    expect(views.map((v) => v.final_action)).toEqual(["BUY", "BUY", "BUY"]);
    expect(views.every((v) => v.model === "gpt-fake")).toBe(true);
    // Debate: bull cites one id in round 1 and the same in round 2 -> no new evidence after 2 rounds.
    expect(views.every((v) => v.stop_reason === "no_new_evidence" && v.debate_rounds === 2)).toBe(true);

    // 3 tickers x (5 analysts + 4 debate turns + manager + trader + 3 risk turns (consensus in round 1) + 3 positions + judge) + 1 repair.
    expect(server.chatRequests()).toHaveLength(3 * 18 + 1);
    expect(model.usage().repairs).toBe(1);
    const bodies = server.chatRequests();
    expect(bodies.every((b) => b.model === "gpt-fake" && b.seed === 7)).toBe(true);
    expect(bodies.every((b) => !JSON.stringify(b).includes(KEY))).toBe(true);
    // Point-in-time: every market-analyst prompt shows indicators as of the decision date.
    const market = bodies.filter((b) => b.messages[0]!.content.includes("market (technical) analyst"));
    expect(market).toHaveLength(3);
    for (const b of market) expect(JSON.parse(b.messages[1]!.content).data.as_of).toBe("2025-06-02");

    const log = parseBlackboard(run.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content, "bb.jsonl");
    expect(log.messages.filter((m) => m.type === "RiskAssessment")).toHaveLength(3);
    const trace = JSON.parse(run.result.artifacts!.find((a) => a.path === "trace.json")!.content) as DecisionTrace;
    expect(trace.ticker).toBe("BRIX");
    expect(trace.llm_calls.every((c) => c.model === "gpt-fake")).toBe(true);
    expect(JSON.stringify(trace)).not.toContain(KEY);
    const proposal = log.messages.find((m) => m.type === "TradeProposal" && m.ticker === "ALTA")!;
    expect((proposal.content as { chains: unknown[] }).chains).toHaveLength(3);
  });

  it("shows each thread its ticker's earlier decisions (only earlier sessions), and top-k cuts the debates to k tickers", async () => {
    const before = server.chatRequests().length;
    const model = createModel({ llm: "openai", model: "gpt-fake", seed: 7, baseURL: server.baseURL, apiKey: KEY, maxRetries: 0 });
    const set = ["tickers=ALTA,BRIX,CORV", "start=2025-06-02", "end=2025-06-20", "rebalanceEvery=5", "topK=1"];
    await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), modelInstance: model, concurrency: 3, set });
    const bodies = server.chatRequests().slice(before);
    const prompts = (marker: string) =>
      bodies
        .filter((b) => b.messages[0]!.content.includes(marker))
        .map(
          (b) =>
            JSON.parse(b.messages[1]!.content) as { brief: { ticker: string; date: string; history: Array<{ date: string; final_action: string | null }> } },
        );
    const researchers = prompts("researcher in a structured cross-examination");
    const judges = prompts("You are the risk judge");
    // Three rebalances (06-02, 06-09, 06-16), one debated ticker each (all three have the same analyst signal: the first by name).
    expect(new Set(judges.map((j) => `${j.brief.date}|${j.brief.ticker}`))).toEqual(new Set(["2025-06-02|ALTA", "2025-06-09|ALTA", "2025-06-16|ALTA"]));
    const analysts = bodies.filter((b) => b.messages[0]!.content.includes(ANALYST_MARKER));
    expect(analysts).toHaveLength(3 * 3 * 5);
    for (const p of [...researchers, ...judges]) for (const h of p.brief.history) expect(h.date < p.brief.date).toBe(true);
    const last = judges.find((j) => j.brief.date === "2025-06-16")!;
    expect(last.brief.history.map((h) => [h.date, h.final_action])).toEqual([
      ["2025-06-02", "BUY"],
      ["2025-06-09", "BUY"],
    ]);
    expect(researchers.find((r) => r.brief.date === "2025-06-02")!.brief.history).toEqual([]);
  });
});

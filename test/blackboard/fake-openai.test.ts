/**
 * The blackboard experiment through an OpenAI-compatible endpoint: a loopback
 * fake server answers every agent task from the rendered prompt (it parses
 * the JSON the prompt carries), and the first trader answer cites a wrong
 * indicator value so that the citation check forces a repair round.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alphaChains } from "../../src/blackboard/alpha";
import { parseBlackboard } from "../../src/blackboard/log";
import type { DecisionTrace } from "../../src/blackboard/trace";
import { bundledDataDir } from "../../src/data/paths";
import { createModel } from "../../src/llm/factory";
import { runExperiment } from "../../src/run/runner";
import { okJson, startFakeOpenAI, type ChatBehaviour, type ChatRequestBody, type FakeOpenAI } from "../helpers/fake-openai";

const KEY = "sk-test-blackboard-0123456789";
let server: FakeOpenAI;
let traderRequests = 0;

function answer(req: ChatRequestBody): ChatBehaviour {
  const system = req.messages[0]!.content;
  const user = JSON.parse(req.messages[1]!.content) as Record<string, any>;
  const repair = req.messages.length > 2;
  if (system.includes("Write one AnalysisReport")) {
    return okJson({
      analyst: user.analyst,
      signal: 0.4,
      stance: "bullish",
      confidence: 0.6,
      summary: `LLM view of ${user.ticker}`,
      evidence: [{ id: `${user.analyst}.llm`, claim: `${user.analyst} looks constructive`, direction: 1, strength: 0.5, source: "llm", value: null }],
      metrics: {},
      window: user.window,
    });
  }
  if (system.includes("researcher in a structured cross-examination")) {
    const side = /You are the BULL/.test(system) ? "bull" : "bear";
    const ids = (user.brief.evidence as Array<{ id: string }>).map((e) => e.id);
    return okJson({
      side,
      round: user.round,
      argument: `${side} argument`,
      cited_evidence: side === "bull" ? ids.slice(0, 1) : [],
      question: "why?",
      answer: user.transcript.length ? "because" : null,
      concedes: false,
      conviction: 0.6,
    });
  }
  if (system.includes("You are the research manager")) {
    return okJson({
      view: "BUY",
      confidence: 0.7,
      thesis: "constructive",
      bull_case: ["a"],
      bear_case: [],
      supporting_evidence: [],
      score: 0.4,
      debate_rounds: user.rounds,
      stop_reason: user.stop_reason,
    });
  }
  if (system.includes("You are the trader")) {
    traderRequests++;
    const facts = { ticker: user.ticker, date: user.facts.date, values: user.facts.values };
    const chains = alphaChains(facts);
    if (!repair && traderRequests === 1) chains[1]!.steps[0]!.citation.value += 42; // hallucinated number
    return okJson({ action: "BUY", conviction: 0.7, size_scale: 1, rationale: "chains agree", chains });
  }
  if (system.includes("Debate the trade")) {
    const stance = /You are the (AGGRESSIVE|CONSERVATIVE|NEUTRAL)/.exec(system)![1]!.toLowerCase();
    return okJson({
      stance,
      round: user.round,
      argument: `${stance} view`,
      cited_evidence: [],
      question: null,
      answer: null,
      recommended_action: "BUY",
      position_scale: 1,
      concedes: false,
    });
  }
  if (system.includes("The debate on")) {
    const stance = /You are the (AGGRESSIVE|CONSERVATIVE|NEUTRAL)/.exec(system)![1]!.toLowerCase();
    return okJson({
      position: { stance, action: "BUY", confidence: "Medium", risk_level: "Medium", rationale: "ok" },
      recommendation: { stance, actions: ["hold size"], priority: "Medium", position_scale: 1 },
    });
  }
  if (system.includes("You are the risk judge")) {
    const m = user.brief.metrics as { vol_20d: number | null; drawdown_252d: number | null };
    const votes = Object.fromEntries((user.positions as Array<{ stance: string; action: string }>).map((p) => [p.stance, p.action]));
    return okJson({
      final_action: "BUY",
      confidence: 0.65,
      risk_level: "Medium",
      volatility: m.vol_20d ?? 0,
      drawdown: Math.min(0, m.drawdown_252d ?? 0),
      position_scale: 1,
      rationale: "all agree",
      votes,
    });
  }
  return { kind: "status", status: 400, message: `unexpected prompt: ${system.slice(0, 80)}` };
}

beforeAll(async () => {
  server = await startFakeOpenAI({ chat: answer });
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
});

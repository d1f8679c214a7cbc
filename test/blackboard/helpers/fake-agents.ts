/**
 * A loopback fake of an OpenAI-compatible model for the blackboard agents:
 * it answers every agent task from the JSON its prompt carries (constructive
 * views, BUY everywhere), so that the experiment runs end to end through the
 * real-model path. With `hallucinateFirstTrader`, the first trader answer
 * cites a wrong indicator value, so that the citation check forces a repair.
 */
import { alphaChains } from "../../../src/blackboard/offline/alpha";
import { okJson, type ChatBehaviour, type ChatRequestBody } from "../../helpers/fake-openai";

export interface FakeAgents {
  answer(req: ChatRequestBody): ChatBehaviour;
  traderRequests(): number;
}

/** The fake agents (see module doc). */
export function fakeAgents(options: { hallucinateFirstTrader?: boolean } = {}): FakeAgents {
  let traderRequests = 0;
  const answer = (req: ChatRequestBody): ChatBehaviour => {
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
      if (options.hallucinateFirstTrader && !repair && traderRequests === 1) chains[1]!.steps[0]!.citation.value += 42; // hallucinated number
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
  };
  return { answer, traderRequests: () => traderRequests };
}

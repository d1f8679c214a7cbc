/**
 * A loopback fake of an OpenAI-compatible model for the blackboard agents:
 * it answers every agent task from the JSON its prompt carries (constructive
 * views, BUY everywhere), so that the experiment runs end to end through the
 * real-model path, answering only the judgement each task asks for. With
 * `hallucinateFirstTrader`, the first trader answer names an indicator that
 * is not among the facts, so that the citation check forces a repair.
 */
import { alphaChains } from "../../../src/blackboard/offline/alpha";
import { okJson, type ChatBehaviour, type ChatRequestBody } from "../../helpers/fake-openai";

/** A phrase of every analyst prompt's system message. */
export const ANALYST_MARKER = "Write your judgement for the AnalysisReport";

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
    if (system.includes(ANALYST_MARKER)) {
      return okJson({
        signal: 0.4,
        stance: "bullish",
        confidence: 0.6,
        summary: `LLM view of ${user.ticker}`,
        evidence: [{ id: "llm", claim: "looks constructive", direction: 1, strength: 0.5, source: "llm", value: null }],
      });
    }
    if (system.includes("researcher in a structured cross-examination")) {
      const side = /You are the BULL/.test(system) ? "bull" : "bear";
      const ids = (user.brief.evidence as Array<{ id: string }>).map((e) => e.id);
      return okJson({
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
      });
    }
    if (system.includes("You are the trader")) {
      traderRequests++;
      const facts = { ticker: user.ticker, date: user.facts.date, values: user.facts.values };
      const chains = alphaChains(facts).map((c) => ({ ...c, steps: c.steps.map((s) => ({ statement: s.statement, indicator: s.citation.indicator })) }));
      if (options.hallucinateFirstTrader && !repair && traderRequests === 1) chains[1]!.steps[0]!.indicator = "adx_14"; // an indicator it was not shown
      // Constructive, but never a BUY against a clearly falling tilt (the trader's meaning check).
      const action = chains[1]!.value < -0.5 ? "HOLD" : "BUY";
      return okJson({ action, conviction: 0.7, size_scale: 1, rationale: "chains agree", chains });
    }
    if (system.includes("Debate the trade")) {
      const stance = /You are the (AGGRESSIVE|CONSERVATIVE|NEUTRAL)/.exec(system)![1]!.toLowerCase();
      return okJson({
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
        position: { action: "BUY", confidence: "Medium", risk_level: "Medium", rationale: `${stance}: ok` },
        recommendation: { actions: ["hold size"], priority: "Medium", position_scale: 1 },
      });
    }
    if (system.includes("You are the risk judge")) {
      return okJson({ final_action: "BUY", confidence: 0.65, risk_level: "Medium", position_scale: 1, rationale: "all agree" });
    }
    return { kind: "status", status: 400, message: `unexpected prompt: ${system.slice(0, 80)}` };
  };
  return { answer, traderRequests: () => traderRequests };
}

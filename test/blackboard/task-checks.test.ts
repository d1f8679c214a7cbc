/**
 * The meaning checks a model's answer passes before it counts (a failed
 * check gets one repair round with the reason; docs/real-models.md lists
 * them per task): a stance agrees with its signal, a view or action with its
 * score or tilt, a decision is one that was offered, a cited or quoted id is
 * one the brief showed. Each check is tested on its own violation, so
 * turning it off fails here; the offline agents' answers are the honest
 * reference and pass every one. Also: what the code fills in after the
 * answer (the analyst's window and metrics, the judge's numbers and votes).
 */
import { describe, expect, it } from "vitest";
import { researchBrief, riskBrief, type RiskJudgeInput } from "../../src/blackboard/agent-inputs";
import { checkTraderAnswer, type TraderAnswer } from "../../src/blackboard/alpha";
import { analystAnswer, checkAnalystAnswer, marketAnalystTask, newsAnalystTask, type AnalystAnswer } from "../../src/blackboard/analysts";
import { marketAnalystPolicy } from "../../src/blackboard/offline/analysts";
import { alphaChains, traderPolicy } from "../../src/blackboard/offline/alpha";
import { managerPolicy, researcherPolicy } from "../../src/blackboard/offline/researchers";
import { riskJudgePolicy, riskManagerPolicy } from "../../src/blackboard/offline/risk";
import { checkManagerAnswer, checkResearcherAnswer, type ManagerAnswer, type ResearcherAnswer } from "../../src/blackboard/researchers";
import { checkJudgeAnswer, checkRiskManagerAnswer, riskJudgeTask, type RiskManagerAnswer } from "../../src/blackboard/risk";
import type { AlphaFacts } from "../../src/blackboard/tools";
import { RISK_FACTS, RISK_PROPOSAL, RISK_REPORT, snapshot } from "./helpers/agent-fixtures";

const date = "2025-01-02";
const marketInput = { ticker: "AAA", date, windowFrom: "2024-01-02", indicators: snapshot({ rsi_14: 75, macdh: 0.25 }) };
const report = marketAnalystPolicy(marketInput);
const brief = researchBrief("AAA", date, [report]);
const shownId = report.evidence[0]!.id;

describe("analysts: the stance agrees with the signal, evidence ids are unique", () => {
  const honest = analystAnswer(report);
  const answer = (patch: Partial<AnalystAnswer>): AnalystAnswer => ({ ...honest, ...patch });

  it("the offline answer passes", () => expect(checkAnalystAnswer("market", honest)).toBeNull());
  it("bullish on a negative signal, bearish on a positive one, neutral on a strong one are rejected", () => {
    expect(checkAnalystAnswer("market", answer({ stance: "bullish", signal: -0.3 }))).toMatch(/stance "bullish" contradicts signal -0.3/);
    expect(checkAnalystAnswer("market", answer({ stance: "bullish", signal: 0 }))).toMatch(/bullish needs a signal above 0/);
    expect(checkAnalystAnswer("market", answer({ stance: "bearish", signal: 0.2 }))).toMatch(/stance "bearish" contradicts signal 0.2/);
    expect(checkAnalystAnswer("market", answer({ stance: "neutral", signal: 0.8 }))).toMatch(/stance "neutral" contradicts signal 0.8/);
    expect(checkAnalystAnswer("market", answer({ stance: "neutral", signal: -0.4 }))).toBeNull();
  });
  it("two items with the same board id are rejected (with or without the analyst prefix)", () => {
    const e = honest.evidence[0]!;
    expect(checkAnalystAnswer("market", answer({ evidence: [e, { ...e, id: e.id.replace(/^market\./, "") }] }))).toMatch(/duplicate evidence id/);
  });
  it("the task runs the check", () => expect(marketAnalystTask.validate!(answer({ stance: "bearish", signal: 0.5 }), marketInput)).toMatch(/contradicts/));

  it("the report carries the code's analyst, window and metrics, and the computed value of an indicator source", () => {
    const stray: AnalystAnswer = {
      signal: 0.5,
      stance: "bullish",
      confidence: 0.5,
      summary: "s",
      evidence: [
        { id: "rsi", claim: "c", direction: 1, strength: 0.5, source: "rsi_14", value: 70 },
        { id: "market.gut", claim: "c", direction: 1, strength: 0.5, source: "chart reading", value: 3 },
      ],
    };
    const posted = marketAnalystTask.complete(stray, marketInput);
    expect(posted.analyst).toBe("market");
    expect(posted.window).toEqual({ from: "2024-01-02", to: date });
    expect(posted.metrics).toEqual(report.metrics);
    expect(posted.evidence.map((e) => [e.id, e.value])).toEqual([
      ["market.rsi", 75],
      ["market.gut", 3],
    ]);
    // The offline analyst's answer completes into exactly the report it wrote.
    expect(marketAnalystTask.complete(analystAnswer(report), marketInput)).toEqual(report);
    const news = { ticker: "AAA", date, windowFrom: "2024-12-27", items: [{ date, text: "Record profit, great quarter.", score: null }] };
    expect(newsAnalystTask.complete(stray, news).metrics).toMatchObject({ items: 1, positive: 1, negative: 0 });
  });
});

describe("researchers: every cited or quoted id is in the brief", () => {
  const input = { brief, side: "bull" as const, round: 1, maxRounds: 2, transcript: [] };
  const { side: _s, round: _r, ...honest } = researcherPolicy(input);
  const turn = (patch: Partial<ResearcherAnswer>): ResearcherAnswer => ({ ...honest, ...patch });

  it("the offline turn passes", () => expect(checkResearcherAnswer(honest, input)).toBeNull());
  it("a cited id not in the brief is rejected", () =>
    expect(checkResearcherAnswer(turn({ cited_evidence: [shownId, "news.item9"] }), input)).toMatch(/unknown evidence ids news.item9/));
  it("an id quoted in the question or the answer that is not in the brief is rejected", () => {
    expect(checkResearcherAnswer(turn({ cited_evidence: [], question: "Why should [macro.market_trend] matter?" }), input)).toMatch(/macro.market_trend/);
    expect(checkResearcherAnswer(turn({ cited_evidence: [], answer: `[${shownId}] holds, unlike [news.tone].` }), input)).toMatch(/news.tone/);
  });
});

describe("research manager: the view agrees with the score, supporting ids are in the brief", () => {
  const input = { brief, transcript: [], rounds: 0, stopReason: "no_debate" as const };
  const { debate_rounds: _d, stop_reason: _s, ...honest } = managerPolicy(input);
  const final = (patch: Partial<ManagerAnswer>): ManagerAnswer => ({ ...honest, ...patch });

  it("the offline report passes", () => expect(checkManagerAnswer(honest, input)).toBeNull());
  it("BUY on a negative score, SELL on a positive one, HOLD on a strong one are rejected", () => {
    expect(checkManagerAnswer(final({ view: "BUY", score: -0.2 }), input)).toMatch(/view BUY contradicts score -0.2/);
    expect(checkManagerAnswer(final({ view: "SELL", score: 0.1 }), input)).toMatch(/view SELL contradicts score 0.1/);
    expect(checkManagerAnswer(final({ view: "HOLD", score: -0.9 }), input)).toMatch(/view HOLD contradicts score -0.9/);
    expect(checkManagerAnswer(final({ view: "HOLD", score: 0.3 }), input)).toBeNull();
  });
  it("a supporting id not in the brief is rejected", () =>
    expect(checkManagerAnswer(final({ supporting_evidence: ["fundamentals.filing0"] }), input)).toMatch(/unknown evidence ids fundamentals.filing0/));
});

describe("trader: indicators among the facts, three chains in range, an action that does not fight the tilt", () => {
  const facts: AlphaFacts = { ticker: "AAA", date, values: { ...snapshot({ rsi_14: 60, macdh: 0.3 }).values, beta_60d: NaN } };
  const input = { ticker: "AAA", date, report: { view: "BUY" as const, confidence: 0.7, score: 0.3, thesis: "t" }, facts };
  const proposal = traderPolicy(input);
  const honest: TraderAnswer = {
    ...proposal,
    chains: proposal.chains.map((c) => ({ ...c, steps: c.steps.map((s) => ({ statement: s.statement, indicator: s.citation.indicator })) })),
  };
  const withChain = (name: string, patch: Partial<TraderAnswer["chains"][number]>): TraderAnswer => ({
    ...honest,
    chains: honest.chains.map((c) => (c.chain === name ? { ...c, ...patch } : c)),
  });

  it("the offline proposal passes", () => {
    expect(alphaChains(facts)).toHaveLength(3);
    expect(checkTraderAnswer(honest, input)).toBeNull();
  });
  it("an indicator not among the facts, or one without a value, is rejected", () => {
    expect(checkTraderAnswer(withChain("hedging", { steps: [{ statement: "s", indicator: "adx_14" }] }), input)).toMatch(/hedging chain cites adx_14/);
    expect(checkTraderAnswer(withChain("hedging", { steps: [{ statement: "s", indicator: "beta_60d" }] }), input)).toMatch(/cites beta_60d/);
  });
  it("anything but the three chains is rejected", () =>
    expect(checkTraderAnswer({ ...honest, chains: honest.chains.slice(1) }, input)).toMatch(/chains must be exactly/));
  it("a chain value out of its range is rejected", () => {
    expect(checkTraderAnswer(withChain("directional", { value: 1.5 }), input)).toMatch(/directional chain's value is a tilt in \[-1, 1\]/);
    expect(checkTraderAnswer(withChain("hedging", { value: -0.1 }), input)).toMatch(/hedge ratio in \[0, 1\]/);
    expect(checkTraderAnswer(withChain("volatility", { value: 3 }), input)).toMatch(/position scale in \[0, 2\]/);
  });
  it("BUY against a clearly negative tilt and SELL against a clearly positive one are rejected", () => {
    expect(checkTraderAnswer({ ...withChain("directional", { value: -0.75 }), action: "BUY" }, input)).toMatch(
      /action BUY contradicts the directional tilt -0.75/,
    );
    expect(checkTraderAnswer({ ...withChain("directional", { value: 0.75 }), action: "SELL" }, input)).toMatch(
      /action SELL contradicts the directional tilt 0.75/,
    );
    expect(checkTraderAnswer({ ...withChain("directional", { value: -0.75 }), action: "HOLD" }, input)).toBeNull();
  });
  it("without facts there is nothing to cite", () => expect(checkTraderAnswer(honest, { ...input, facts: null })).toMatch(/no indicator facts to cite/));
});

describe("risk team: cited and quoted ids in the brief; the judge's action one the managers took", () => {
  const riskInput = riskBrief("AAA", date, RISK_REPORT, RISK_PROPOSAL, RISK_FACTS);
  const managerInput = { brief: riskInput, stance: "neutral" as const, round: 1, maxRounds: 2, transcript: [] };
  const { stance: _s, round: _r, ...honestTurn } = riskManagerPolicy(managerInput);
  const turn = (patch: Partial<RiskManagerAnswer>): RiskManagerAnswer => ({ ...honestTurn, ...patch });
  const positions = [
    { stance: "aggressive" as const, action: "BUY" as const, position_scale: 1.25 },
    { stance: "conservative" as const, action: "HOLD" as const, position_scale: 0.6 },
    { stance: "neutral" as const, action: "BUY" as const, position_scale: 1 },
  ];
  const judgeInput: RiskJudgeInput = { brief: riskInput, transcript: [], positions };
  const { volatility: _v, drawdown: _d, votes: _votes, ...honestVerdict } = riskJudgePolicy(judgeInput);

  it("the offline answers pass", () => {
    expect(checkRiskManagerAnswer(honestTurn, managerInput)).toBeNull();
    expect(checkJudgeAnswer(honestVerdict, judgeInput)).toBeNull();
  });
  it("a risk manager citing or quoting an id not in the brief is rejected", () => {
    expect(checkRiskManagerAnswer(turn({ cited_evidence: ["market.rsi"] }), managerInput)).toMatch(/unknown evidence ids market.rsi/);
    expect(checkRiskManagerAnswer(turn({ cited_evidence: [], question: "What of [risk.liquidity]?" }), managerInput)).toMatch(/risk.liquidity/);
  });
  it("a final action no manager took is rejected (the proposal's when there are no positions)", () => {
    expect(checkJudgeAnswer({ ...honestVerdict, final_action: "SELL" }, judgeInput)).toMatch(/final_action SELL was not offered: choose one of BUY, HOLD/);
    expect(checkJudgeAnswer({ ...honestVerdict, final_action: "HOLD" }, { ...judgeInput, positions: [] })).toMatch(/choose one of BUY/);
  });
  it("the assessment carries the brief's volatility and drawdown and the managers' votes, whatever the judge thinks of them", () => {
    const posted = riskJudgeTask.complete({ ...honestVerdict, rationale: "vol looks like 0.7 to me" }, judgeInput);
    expect(posted).toMatchObject({ volatility: 0.45, drawdown: -0.1, votes: { aggressive: "BUY", conservative: "HOLD", neutral: "BUY" } });
    expect(riskJudgeTask.complete(honestVerdict, judgeInput)).toEqual(riskJudgePolicy(judgeInput));
  });
});

/**
 * What a model's answer is checked against before it reaches the board (a
 * failed check gets one repair round): the market analyst's cited indicator
 * numbers and the risk judge's numbers and votes. The offline agents' answers
 * are the honest reference.
 */
import { describe, expect, it } from "vitest";
import { riskBrief } from "../../src/blackboard/agent-inputs";
import { checkIndicatorNumbers, marketAnalystTask } from "../../src/blackboard/analysts";
import { marketAnalystPolicy } from "../../src/blackboard/offline/analysts";
import { riskJudgePolicy } from "../../src/blackboard/offline/risk";
import { checkAssessment } from "../../src/blackboard/risk";
import { RISK_FACTS, RISK_PROPOSAL, RISK_REPORT, snapshot } from "./helpers/agent-fixtures";

describe("a model's answers are checked", () => {
  it("market analyst: an LLM report must quote the computed indicator values", () => {
    const snap = snapshot({ rsi_14: 75, macdh: 0.25 });
    const input = { ticker: "AAA", date: "2025-01-02", windowFrom: "2024-01-02", indicators: snap };
    const honest = marketAnalystPolicy(input);
    expect(checkIndicatorNumbers(honest, snap)).toBeNull();
    expect(marketAnalystTask.validate!(honest, input)).toBeNull();
    const inventedMetric = { ...honest, metrics: { ...honest.metrics, rsi_14: 31 } };
    expect(marketAnalystTask.validate!(inventedMetric, input)).toMatch(/metrics\.rsi_14 is 31, computed 75/);
    const inventedEvidence = { ...honest, evidence: honest.evidence.map((e) => (e.id === "market.macd" ? { ...e, value: -0.4 } : e)) };
    expect(checkIndicatorNumbers(inventedEvidence, snap)).toMatch(/evidence "market.macd" cites macdh = -0.4, computed 0.25/);
    // Names that are not indicators of the snapshot are free text for the model.
    expect(checkIndicatorNumbers({ ...honest, metrics: { my_score: 3 } }, snap)).toBeNull();
  });

  it("the judge's numbers and votes are checked against the brief and the positions", () => {
    const brief = riskBrief("AAA", "2025-01-02", RISK_REPORT, RISK_PROPOSAL, RISK_FACTS);
    const positions = [
      { stance: "aggressive" as const, action: "BUY" as const, position_scale: 1.25 },
      { stance: "conservative" as const, action: "HOLD" as const, position_scale: 0.6 },
      { stance: "neutral" as const, action: "BUY" as const, position_scale: 1 },
    ];
    const input = { brief, transcript: [], positions };
    const a = riskJudgePolicy(input);
    expect(checkAssessment(a, input)).toBeNull();
    expect(checkAssessment({ ...a, volatility: 0.2 }, input)).toMatch(/volatility must be metrics.vol_20d = 0.45/);
    expect(checkAssessment({ ...a, drawdown: -0.3 }, input)).toMatch(/drawdown/);
    expect(checkAssessment({ ...a, votes: { ...a.votes, conservative: "BUY" } }, input)).toMatch(/votes.conservative must be HOLD/);
    expect(checkAssessment({ ...a, votes: { ...a.votes, judge: "SELL" } }, input)).toMatch(/no manager named judge/);
  });
});

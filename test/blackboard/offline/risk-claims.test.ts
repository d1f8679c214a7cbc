/**
 * The offline risk managers argue from the position and the evidence
 * (src/blackboard/offline/risk.ts): an item's direction is read against the
 * bet, an aggressive manager on a SELL speaks of the underweight, every
 * recommendation quotes one item with its value and limit, and different
 * evidence gives different recommendations (no fixed list).
 */
import { describe, expect, it } from "vitest";
import { riskBrief } from "../../../src/blackboard/agent-inputs";
import type { FinalReport, TradeProposal } from "../../../src/blackboard/messages";
import { betDirection, printedPair, riskJudgePolicy, riskPositionPolicy, riskReading, riskTurn } from "../../../src/blackboard/offline/risk";
import { sameRecordsOnce } from "../../../src/blackboard/offline/researchers";
import type { Evidence } from "../../../src/blackboard/messages";
import { printedRelationProblems, sizeProblems } from "../helpers/board-claims";

function brief(action: TradeProposal["action"], tilt: number, values: Record<string, number>) {
  const report: FinalReport = {
    view: action,
    confidence: 0.8,
    thesis: "t",
    bull_case: [],
    bear_case: [],
    supporting_evidence: [],
    score: action === "SELL" ? -0.4 : 0.4,
    debate_rounds: 2,
    stop_reason: "max_rounds",
  };
  const proposal: TradeProposal = {
    action,
    conviction: 0.8,
    size_scale: 1,
    rationale: "r",
    chains: [
      { chain: "directional", steps: [{ statement: "s", citation: { indicator: "ret_20d", date: "2025-01-02", value: 0 } }], conclusion: "c", value: tilt },
    ],
  };
  return riskBrief("AAA", "2025-01-02", report, proposal, { ticker: "AAA", date: "2025-01-02", values });
}

describe("offline risk managers argue from the position", () => {
  const calm = { vol_20d: 0.15, vol_60d: 0.16, drawdown_252d: -0.02, beta_60d: 0.7 };

  it("reads the tilt against the bet: a down-tilt backs an underweight and cuts against an overweight", () => {
    const sell = brief("SELL", -0.6, calm);
    const tilt = sell.evidence.find((e) => e.id === "risk.tilt")!;
    expect(tilt.direction).toBe(-1);
    expect(betDirection(tilt, "SELL")).toBe(1);
    expect(betDirection(tilt, "BUY")).toBe(-1);
    expect(betDirection(tilt, "HOLD")).toBe(0);
  });

  it("an aggressive manager on a SELL speaks of the underweight and quotes each item with its value and limit", () => {
    const b = brief("SELL", -0.6, calm);
    const { recommendation } = riskPositionPolicy({ brief: b, stance: "aggressive", transcript: [] });
    expect(recommendation.actions).toEqual([
      "Press the underweight up to size scale 1.25 (1.25 x the proposal's 1.00): the proposal's conviction [risk.conviction] is 0.80, above 0.70.",
      // strengths: conviction 0.80, volatility |0.15 - 0.275| / 0.2 = 0.625, tilt 0.60 (beta 0.30 is fourth).
      "Press the underweight up to size scale 1.25 (1.25 x the proposal's 1.00): the 20-day volatility [risk.vol20] is 15.0%, below the 20.0% calm level.",
      "Press the underweight up to size scale 1.25 (1.25 x the proposal's 1.00): the Chain-of-Alpha directional tilt [risk.tilt] is -0.60, below -0.30 (down).",
    ]);
    const buy = riskPositionPolicy({ brief: brief("BUY", 0.6, calm), stance: "aggressive", transcript: [] }).recommendation.actions;
    expect(buy.every((t) => t.startsWith("Add to the overweight up to size scale 1.25 (1.25 x the proposal's 1.00)"))).toBe(true);
  });

  it("a conservative manager turns a risky BUY into the prior weight on the items against it; different numbers give different texts", () => {
    const risky = { vol_20d: 0.45, vol_60d: 0.3, drawdown_252d: -0.2, beta_60d: 1.5 };
    const b = brief("BUY", 0.6, risky);
    expect(
      riskReading(
        b,
        b.evidence.find((e) => e.id === "risk.vol20")!,
      ),
    ).toEqual({ value: 0.45, limit: 0.35, text: "is 45.0%, above the managers' 35.0% limit" });
    const actions = riskPositionPolicy({ brief: b, stance: "conservative", transcript: [] }).recommendation.actions;
    expect(riskPositionPolicy({ brief: b, stance: "conservative", transcript: [] }).position.action).toBe("HOLD");
    // strengths: volatility |0.45 - 0.275| / 0.2 = 0.875, drawdown 0.2 / 0.3 = 0.667, beta 0.50 = vol trend 0.45 / 0.30 - 1 (id order breaks the tie).
    expect(actions).toEqual([
      "Do not add above the prior weight: the 20-day volatility [risk.vol20] is 45.0%, above the managers' 35.0% limit.",
      "Do not add above the prior weight: the drawdown from the 252-day high [risk.drawdown] is 20.0%, past the managers' 15.0% limit.",
      "Do not add above the prior weight: the 60-day beta [risk.beta] is 1.50, above 1.30.",
    ]);
    const other = riskPositionPolicy({
      brief: brief("BUY", 0.6, { ...risky, vol_20d: 0.55, drawdown_252d: -0.25, beta_60d: 1.6 }),
      stance: "conservative",
      transcript: [],
    }).recommendation.actions;
    expect(other.some((t) => actions.includes(t))).toBe(false);
  });

  it("every risk turn is rendered from its claims; the question names an item by a noun phrase", () => {
    const b = brief("SELL", -0.6, calm);
    const t = riskTurn({ brief: b, stance: "aggressive", round: 1, maxRounds: 2, transcript: [] });
    expect(t.comment.argument).toBe([...t.claims.argument].map((c) => c.text).join(" "));
    expect(t.comment.question).toBe(
      "How do the other managers weigh the proposal's conviction [risk.conviction] (0.80, above 0.70) against the proposed SELL at size scale 1.00?",
    );
  });

  it("a stated relation holds on the printed digits: no '0.70, above 0.70', no 'not rising' on a rise", () => {
    expect(printedPair(0.7004, 0.7, (x, d) => x.toFixed(d), 2)).toEqual({ value: "0.7004", limit: "0.7000", relation: "above" });
    expect(printedPair(0.7, 0.7, (x, d) => x.toFixed(d), 2).relation).toBe("at");
    // The sample's case: conviction 0.7004 is above 0.70, and the sentence prints enough digits to show it.
    const b = brief("SELL", -0.6, { vol_20d: 0.44, vol_60d: 0.404, drawdown_252d: -0.188, beta_60d: 0.55 });
    const conv = riskReading(b, { ...b.evidence.find((e) => e.id === "risk.conviction")!, value: 0.7004 });
    expect(conv.text).toBe("is 0.7004, above 0.7000");
    // 20-day 44.0% against the 60-day 40.4%: up, but by less than 10% (1.1 x 40.4% = 44.4%) — not "not rising".
    const trend = riskReading(
      b,
      b.evidence.find((e) => e.id === "risk.vol_trend")!,
    );
    expect(trend.text).toBe("is up by less than 10% (20-day 44.0%, below 1.1 x the 60-day 40.4% = 44.4%)");
    expect(printedRelationProblems(`The volatility trend [risk.vol_trend] ${trend.text}.`)).toEqual([]);
    // The checker fails the sample's false sentences.
    expect(printedRelationProblems("the proposal's conviction [risk.conviction] is 0.70, above 0.70.")).toHaveLength(1);
    expect(printedRelationProblems("is not rising (20-day 44.0%, above the 60-day 40.4%)")).toHaveLength(1);
    expect(printedRelationProblems("is rising (20-day 44.0%, above 1.1 x the 60-day 40.4% = 44.4%)")).toHaveLength(1);
  });

  it("a size says what it is a multiple of: the size scale, and its multiple of the proposal's", () => {
    const b = { ...brief("BUY", 0.6, { vol_20d: 0.15, vol_60d: 0.16, drawdown_252d: -0.02, beta_60d: 0.7 }) };
    const proposed = { ...b, proposal: { ...b.proposal, size_scale: 0.828004 } };
    const t = riskTurn({ brief: proposed, stance: "aggressive", round: 1, maxRounds: 2, transcript: [] });
    expect(t.comment.argument).toMatch(/^Aggressive stance: BUY at size scale 1\.04 \(1\.25 x the proposal's 0\.83\), the overweight\./);
    expect(sizeProblems(t.comment.argument, 0.828004)).toEqual([]);
    expect(sizeProblems("BUY at 1.04x the proposed size", 0.828004)).toHaveLength(1);
    expect(sizeProblems("BUY at size scale 1.04 (1.25 x the proposal's 0.50)", 0.5)).toHaveLength(1);
  });

  it("the managers' limits are named apart from the board's alert limits", () => {
    const b = brief("BUY", 0.6, { vol_20d: 0.3, vol_60d: 0.3, drawdown_252d: -0.188, beta_60d: 0.7 });
    expect(b.alerts).toHaveLength(0);
    const dd = riskReading(
      b,
      b.evidence.find((e) => e.id === "risk.drawdown")!,
    );
    expect(dd.text).toBe("is 18.8%, past the managers' 15.0% limit");
    const transcript = [riskTurn({ brief: b, stance: "neutral", round: 1, maxRounds: 1, transcript: [] }).comment];
    const positions = (["aggressive", "conservative", "neutral"] as const).map((stance) => {
      const p = riskPositionPolicy({ brief: b, stance, transcript });
      return { stance, action: p.position.action, position_scale: p.recommendation.position_scale };
    });
    expect(riskJudgePolicy({ brief: b, transcript, positions }).rationale).toContain(
      "0 alert(s) (the board alerts above 40.0% 20-day volatility or a drawdown past 20.0%)",
    );
  });

  it("a side weighs a social post once: not again beside the mean tone it is part of", () => {
    const ev = (id: string, direction: -1 | 0 | 1): Evidence => ({ id, claim: id, direction, strength: 0.5 }) as Evidence;
    const bull = [ev("social.tone", 1), ev("social.item0", 1), ev("market.macd", 1), ev("news.item0", 1)];
    expect(sameRecordsOnce(bull).map((e) => e.id)).toEqual(["social.tone", "market.macd", "news.item0"]);
  });
});

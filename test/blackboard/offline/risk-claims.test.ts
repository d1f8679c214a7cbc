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
import { betDirection, riskPositionPolicy, riskReading, riskTurn } from "../../../src/blackboard/offline/risk";

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
      "Press the underweight up to 1.25x the proposed size: the proposal's conviction [risk.conviction] is 0.80, above 0.70.",
      // strengths: conviction 0.80, volatility |0.15 - 0.275| / 0.2 = 0.625, tilt 0.60 (beta 0.30 is fourth).
      "Press the underweight up to 1.25x the proposed size: the 20-day volatility [risk.vol20] is 15.0%, below the 20.0% calm level.",
      "Press the underweight up to 1.25x the proposed size: the Chain-of-Alpha directional tilt [risk.tilt] is -0.60, below -0.30 (down).",
    ]);
    const buy = riskPositionPolicy({ brief: brief("BUY", 0.6, calm), stance: "aggressive", transcript: [] }).recommendation.actions;
    expect(buy.every((t) => t.startsWith("Add to the overweight up to 1.25x"))).toBe(true);
  });

  it("a conservative manager turns a risky BUY into the prior weight on the items against it; different numbers give different texts", () => {
    const risky = { vol_20d: 0.45, vol_60d: 0.3, drawdown_252d: -0.2, beta_60d: 1.5 };
    const b = brief("BUY", 0.6, risky);
    expect(
      riskReading(
        b,
        b.evidence.find((e) => e.id === "risk.vol20")!,
      ),
    ).toEqual({ value: 0.45, limit: 0.35, text: "is 45.0%, above the 35.0% limit" });
    const actions = riskPositionPolicy({ brief: b, stance: "conservative", transcript: [] }).recommendation.actions;
    expect(riskPositionPolicy({ brief: b, stance: "conservative", transcript: [] }).position.action).toBe("HOLD");
    // strengths: volatility |0.45 - 0.275| / 0.2 = 0.875, drawdown 0.2 / 0.3 = 0.667, beta 0.50 = vol trend 0.45 / 0.30 - 1 (id order breaks the tie).
    expect(actions).toEqual([
      "Do not add above the prior weight: the 20-day volatility [risk.vol20] is 45.0%, above the 35.0% limit.",
      "Do not add above the prior weight: the drawdown from the 252-day high [risk.drawdown] is 20.0%, past the 15.0% limit.",
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
    expect(t.comment.question).toBe("How do the other managers weigh the proposal's conviction [risk.conviction] (0.80, above 0.70) against a SELL at 1.00x?");
  });
});

/**
 * What the offline debaters may say (src/blackboard/offline/claims.ts and the
 * checks of test/blackboard/helpers/board-claims.ts): items are named by noun
 * phrases, a verb phrase in a question slot is caught, a comparison with the
 * sides swapped is caught, and a concession quoting a stale weight is caught.
 */
import { describe, expect, it } from "vitest";
import { researchBrief } from "../../../src/blackboard/agent-inputs";
import type { AnalysisReport, DebateComment, Evidence, FinalReport } from "../../../src/blackboard/messages";
import { nounPhrase, stated, weighed } from "../../../src/blackboard/offline/claims";
import { comparisonProblems, concessionProblems, debateQuestionProblems, isNounPhrase } from "../helpers/board-claims";

const ev = (id: string, claim: string, direction: -1 | 0 | 1 = 1, strength = 0.5, source = "x"): Evidence => ({ id, claim, direction, strength, source });

function report(analyst: AnalysisReport["analyst"], confidence: number, evidence: Evidence[]): AnalysisReport {
  return { analyst, signal: 0, stance: "neutral", confidence, summary: "s", evidence, metrics: {}, window: { from: "2025-01-01", to: "2025-01-02" } };
}

describe("noun phrases for board items", () => {
  const cases: Array<[Evidence, string]> = [
    [ev("market.macd", "MACD histogram -0.585 (MACD -0.978 vs signal -0.393) is negative"), "the MACD histogram"],
    [ev("market.rsi", "RSI(14) 38.61 below 50 shows negative momentum"), "the RSI(14) reading"],
    [ev("fundamentals.filing0", "10-Q filed 2024-11-01: mean sentence tone 0.025 over 6 sentences"), "the 10-Q filed 2024-11-01"],
    [ev("news.item3", '2024-12-30: "Shares improve after the update" (compound 0.796)'), "the news item of 2024-12-30"],
    [ev("social.item0", '2024-12-30: "to the moon" (compound 0.5)'), "the social post of 2024-12-30"],
    [ev("macro.market_trend", "Market (SPY) 20-day return -2.9%"), "the market (SPY) 20-day return"],
    [ev("macro.sector_sma50", "Technology sector (XLK) is 1.1% below its 50-day SMA"), "the Technology sector (XLK) position against its 50-day SMA"],
    [ev("risk.drawdown", "12.0% below the 252-day high"), "the drawdown from the 252-day high"],
  ];
  it.each(cases)("%o is named %s, a noun phrase", (e, np) => {
    expect(nounPhrase(e)).toBe(np);
    expect(isNounPhrase(nounPhrase(e))).toBe(true);
  });

  it("a claim (a clause) is not a noun phrase: the issue's example is caught", () => {
    expect(isNounPhrase("MACD histogram -0.585 (MACD -0.978 vs signal -0.393) is negative")).toBe(false);
    expect(isNounPhrase("RSI(14) 38.61 below 50 shows negative momentum")).toBe(false);
    expect(isNounPhrase('2024-12-30: "Shares improve" (compound 0.796)')).toBe(false);
  });

  it("stated weights are the two-decimal values every comparison uses", () => {
    expect(stated(0.4249)).toBe(0.42);
    expect(stated(0.425)).toBe(Number((0.425).toFixed(2)));
    expect(weighed(ev("market.macd", "c"), 0.5)).toBe("the MACD histogram [market.macd] (weight 0.50)");
  });
});

describe("the board checks catch what the issue found", () => {
  // market confidence 1 -> factor 1; news confidence 0 -> factor 0.5.
  const brief = researchBrief("AAA", "2025-01-02", [
    report("market", 1, [ev("market.macd", "MACD histogram -0.585 is negative", -1, 1, "macdh")]),
    report("fundamentals", 0, [ev("fundamentals.filing0", "10-Q filed 2024-11-01: mean sentence tone 0.03", 1, 0.14, "tone")]),
  ]);
  const macd = brief.evidence[0]!;
  const filing = brief.evidence[1]!;

  it("a question with a verb phrase in a slot fails; the template's own question passes", () => {
    const good = `Why should ${weighed(macd, 1)} outweigh ${weighed(filing, 0.07)}?`;
    expect(debateQuestionProblems(good, brief)).toEqual([]);
    const verb = `Why should ${macd.claim} [market.macd] (weight 1.00) outweigh ${weighed(filing, 0.07)}?`;
    expect(debateQuestionProblems(verb, brief)).toEqual([`verb phrase in a noun slot: "${macd.claim}"`]);
  });

  it("a comparison with the sides swapped, or a weight that is not the board's, fails", () => {
    expect(
      comparisonProblems(`The MACD histogram [market.macd] (weight 1.00) outweighs the 10-Q filed 2024-11-01 [fundamentals.filing0] (weight 0.07).`, brief),
    ).toEqual([]);
    // The "10-Q ... (weight 0.07) outweighs MACD histogram ... (weight 1.00)".
    expect(
      comparisonProblems(`The 10-Q filed 2024-11-01 [fundamentals.filing0] (weight 0.07) outweighs the MACD histogram [market.macd] (weight 1.00).`, brief),
    ).toHaveLength(1);
    expect(
      comparisonProblems(`The MACD histogram [market.macd] (weight 0.90) outweighs the 10-Q filed 2024-11-01 [fundamentals.filing0] (weight 0.07).`, brief)[0],
    ).toMatch(/stated weight 0.90, board 1/);
  });

  it("a concession quoting a weight other than the FinalReport's fails", () => {
    const transcript: DebateComment[] = [
      { side: "bull", round: 1, argument: "a", cited_evidence: ["fundamentals.filing0"], question: null, answer: null, concedes: false, conviction: 0.1 },
      { side: "bear", round: 1, argument: "b", cited_evidence: ["market.macd"], question: null, answer: null, concedes: false, conviction: 0.9 },
    ];
    const report: FinalReport = {
      view: "SELL",
      confidence: 0.9,
      thesis: "AAA: SELL (score -0.446 ...). Bull evidence weight 0.07 from 1 item(s), bear 1.00 from 1; debate ended after 2 round(s) (consensus).",
      bull_case: [],
      bear_case: [],
      supporting_evidence: [],
      score: -0.446,
      debate_rounds: 2,
      stop_reason: "consensus",
    };
    const turn = (argument: string): DebateComment => ({ ...transcript[0]!, round: 2, argument, cited_evidence: [], concedes: true });
    const honest = turn("Bull concedes: the bear evidence cited (weight 1.00) outweighs ours (weight 0.07), and ...");
    expect(concessionProblems(honest, report, [...transcript, honest], brief)).toEqual([]);
    // A stale weight: the whole pool instead of what was cited (the 254 of 258).
    const stale = turn("Bull concedes: the bear evidence cited (weight 1.35) outweighs ours (weight 0.07), and ...");
    expect(concessionProblems(stale, report, [...transcript, stale], brief)).toHaveLength(2);
  });
});

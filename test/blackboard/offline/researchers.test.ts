/**
 * The offline bull / bear researchers and research manager
 * (src/blackboard/offline/researchers.ts) in the debate protocol: strongest
 * evidence first, cross-examination whose comparisons agree with the stated
 * weights, the 3:1 concession quoting the FinalReport's weights, and the
 * manager's score (B - R) / (B + R + 1).
 */
import { describe, expect, it } from "vitest";
import { researchBrief } from "../../../src/blackboard/agent-inputs";
import { runDebate } from "../../../src/blackboard/debate";
import type { AnalysisReport, DebateComment } from "../../../src/blackboard/messages";
import { managerPolicy, researcherPolicy } from "../../../src/blackboard/offline/researchers";

function report(analyst: AnalysisReport["analyst"], confidence: number, evidence: AnalysisReport["evidence"]): AnalysisReport {
  return { analyst, signal: 0, stance: "neutral", confidence, summary: "s", evidence, metrics: {}, window: { from: "2025-01-01", to: "2025-01-02" } };
}

function emptyTurn(side: "bull" | "bear"): DebateComment {
  return { side, round: 1, argument: "x", cited_evidence: [], question: null, answer: null, concedes: false, conviction: 0.5 };
}

describe("offline researchers and research manager", () => {
  // market confidence 0.6 -> weight factor 0.8; news confidence 0.2 -> factor 0.6.
  const brief = researchBrief("AAA", "2025-01-02", [
    report("market", 0.6, [
      { id: "market.a", claim: "MACD positive", direction: 1, strength: 0.9, source: "macdh" },
      { id: "market.b", claim: "above SMA", direction: 1, strength: 0.5, source: "sma_50" },
      { id: "market.c", claim: "vol 20%", direction: 0, strength: 0.2, source: "vol_20d" },
    ]),
    report("news", 0.2, [{ id: "news.x", claim: "lawsuit", direction: -1, strength: 0.4, source: "vader" }]),
  ]);

  async function debate(maxRounds: number) {
    return runDebate<DebateComment>({
      speakers: ["bull", "bear"],
      maxRounds,
      speak: async (side, round, transcript) => researcherPolicy({ brief, side: side as "bull" | "bear", round, maxRounds, transcript: transcript.slice() }),
      cited: (c) => c.cited_evidence,
      concedes: (c) => c.concedes,
    });
  }

  it("cites the strongest evidence first, cross-examines, and the outweighed side concedes in round 2", async () => {
    const out = await debate(3);
    const [bull1, bear1, bull2, bear2] = out.transcript;
    expect(bull1!.cited_evidence).toEqual(["market.a", "market.b"]);
    // Weights: market.a 0.9 x 0.8 = 0.72, market.b 0.5 x 0.8 = 0.40, news.x 0.4 x 0.6 = 0.24.
    expect(bull1!.argument).toBe("Bull case for AAA: MACD positive [market.a] (weight 0.72); above SMA [market.b] (weight 0.40).");
    expect(bull1!.question).toBe("Why should the vader reading [news.x] (weight 0.24) outweigh the macdh reading [market.a] (weight 0.72)?");
    expect(bull1!.answer).toBeNull();
    expect(bear1!.cited_evidence).toEqual(["news.x"]);
    // Asked to defend news.x (0.24) against market.a (0.72), the bear says the heavier one is the bull's.
    expect(bear1!.answer).toBe(
      "The macdh reading [market.a] (weight 0.72) outweighs the vader reading [news.x] (weight 0.24) on its own. The vader reading [news.x] (weight 0.24) still supports the downside case.",
    );
    expect(bull2!.answer).toBe(
      "The macdh reading [market.a] (weight 0.72) outweighs the vader reading [news.x] (weight 0.24). The sma_50 reading [market.b] (weight 0.40) also supports the upside case.",
    );
    expect(bull2!.cited_evidence).toEqual([]);
    expect(bull2!.concedes).toBe(false);
    // Bull cited 0.72 + 0.40 = 1.12 > 3 x (0.24 cited + 0 uncited): the bear concedes with the weights the FinalReport states.
    expect(bear2!.concedes).toBe(true);
    expect(bear2!.argument).toBe(
      "Bear concedes: the bull evidence cited (weight 1.12) outweighs ours (weight 0.24), and our uncited evidence (weight 0.00) cannot bring us within 3:1 (1.12 > 3 x 0.24).",
    );
    expect(out.stopReason).toBe("consensus");
    expect(bear1!.conviction).toBeCloseTo(0.24 / 1.36, 6);
  });

  it("the manager nets the cited evidence: score = (B - R) / (B + R + 1)", async () => {
    const out = await debate(3);
    const final = managerPolicy({ brief, transcript: out.transcript, rounds: out.rounds, stopReason: out.stopReason });
    const score = (1.12 - 0.24) / (1.12 + 0.24 + 1);
    expect(final.score).toBeCloseTo(score, 6);
    expect(final.view).toBe("BUY");
    expect(final.confidence).toBeCloseTo(0.5 + score, 6);
    expect(final.supporting_evidence).toEqual(["market.a", "market.b"]);
    expect(final.bear_case).toEqual(["lawsuit"]);
    expect(final.stop_reason).toBe("consensus");
    expect(final.thesis).toContain("Bull evidence weight 1.12 from 2 item(s), bear 0.24 from 1");
    expect(final.thesis).toContain(`BUY (score +${score.toFixed(3)} = (B - R) / (B + R + 1); BUY above +0.15, SELL below -0.15)`);
  });

  it("an answer whose item is lighter adds its next item only when the two together outweigh the other side's", () => {
    // bull: a 0.40, b 0.30 (market factor 1.0); bear: x 0.50 (news factor 1.0).
    const b2 = researchBrief("AAA", "2025-01-02", [
      report("market", 1, [
        { id: "market.a", claim: "a up", direction: 1, strength: 0.4, source: "s" },
        { id: "market.b", claim: "b up", direction: 1, strength: 0.3, source: "s" },
      ]),
      report("news", 1, [{ id: "news.x", claim: "x down", direction: -1, strength: 0.5, source: "vader" }]),
    ]);
    const question = "Why should the s reading [market.a] (weight 0.40) outweigh the vader reading [news.x] (weight 0.50)?";
    const bull = researcherPolicy({ brief: b2, side: "bull", round: 1, maxRounds: 2, transcript: [{ ...emptyTurn("bear"), question }] });
    expect(bull.answer).toBe(
      "The vader reading [news.x] (weight 0.50) outweighs the s reading [market.a] (weight 0.40) on its own. " +
        "Together, the s reading [market.a] and the s reading [market.b] (weight 0.70) outweigh the vader reading [news.x] (weight 0.50); both support the upside case.",
    );
  });

  it("a side without evidence concedes once the other side has cited some; no evidence at all ends on no new evidence", async () => {
    const oneSided = researchBrief("AAA", "2025-01-02", [report("market", 1, [{ id: "market.a", claim: "up", direction: 1, strength: 0.5, source: "x" }])]);
    const bull = researcherPolicy({ brief: oneSided, side: "bull", round: 1, maxRounds: 2, transcript: [] });
    // Nothing cited yet: there is no weight to concede to.
    expect(researcherPolicy({ brief: oneSided, side: "bear", round: 1, maxRounds: 2, transcript: [] }).concedes).toBe(false);
    const first = researcherPolicy({ brief: oneSided, side: "bear", round: 1, maxRounds: 2, transcript: [bull] });
    expect(first.concedes).toBe(true);
    expect(first.argument).toContain("the bull evidence cited (weight 0.50) outweighs ours (weight 0.00)");
    const empty = researchBrief("AAA", "2025-01-02", [report("market", 1, [])]);
    const out = await runDebate<DebateComment>({
      speakers: ["bull", "bear"],
      maxRounds: 2,
      speak: async (side, round, transcript) =>
        researcherPolicy({ brief: empty, side: side as "bull" | "bear", round, maxRounds: 2, transcript: transcript.slice() }),
      cited: (c) => c.cited_evidence,
      concedes: (c) => c.concedes,
    });
    expect(out.stopReason).toBe("no_new_evidence");
    expect(managerPolicy({ brief: empty, transcript: out.transcript, rounds: out.rounds, stopReason: out.stopReason }).view).toBe("HOLD");
  });
});

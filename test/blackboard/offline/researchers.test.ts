/**
 * The offline bull / bear researchers and research manager
 * (src/blackboard/offline/researchers.ts) in the debate protocol: strongest
 * evidence first, cross-examination, the 3:1 concession, and the manager's
 * score (B - R) / (B + R + 1).
 */
import { describe, expect, it } from "vitest";
import { researchBrief } from "../../../src/blackboard/agent-inputs";
import { runDebate } from "../../../src/blackboard/debate";
import type { AnalysisReport, DebateComment } from "../../../src/blackboard/messages";
import { managerPolicy, researcherPolicy } from "../../../src/blackboard/offline/researchers";

function report(analyst: AnalysisReport["analyst"], confidence: number, evidence: AnalysisReport["evidence"]): AnalysisReport {
  return { analyst, signal: 0, stance: "neutral", confidence, summary: "s", evidence, metrics: {}, window: { from: "2025-01-01", to: "2025-01-02" } };
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
    expect(bull1!.question).toContain("lawsuit");
    expect(bull1!.answer).toBeNull();
    expect(bear1!.cited_evidence).toEqual(["news.x"]);
    expect(bear1!.answer).not.toBeNull();
    expect(bull2!.cited_evidence).toEqual([]);
    expect(bull2!.concedes).toBe(false);
    // Bear weight 0.4 x 0.6 = 0.24; bull 0.9 x 0.8 + 0.5 x 0.8 = 1.12 > 3 x 0.24.
    expect(bear2!.concedes).toBe(true);
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
  });

  it("a side without evidence concedes on its first turn; no evidence at all ends on no new evidence", async () => {
    const oneSided = researchBrief("AAA", "2025-01-02", [report("market", 1, [{ id: "market.a", claim: "up", direction: 1, strength: 0.5, source: "x" }])]);
    const first = researcherPolicy({ brief: oneSided, side: "bear", round: 1, maxRounds: 2, transcript: [] });
    expect(first.concedes).toBe(true);
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

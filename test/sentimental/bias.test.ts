import { describe, expect, it } from "vitest";
import { analyzeBias, biasLabel, biasObservations, type BiasObservation, type BiasTurn } from "../../src/sentimental/bias";

function turn(agent: string, round: number, order: number, sentiment: number, opinion: number, signedChange: number): BiasTurn {
  return { candidate: "c1", agent, round, order, sentiment, opinion, change: Math.abs(signedChange), signedChange };
}

describe("biasObservations", () => {
  // Round-robin A, B, C over two rounds.
  const turns: BiasTurn[] = [
    turn("A", 1, 0, 0.5, 0.25, 0.25),
    turn("B", 1, 1, -0.4, -0.2, -0.2),
    turn("C", 1, 2, 0.2, 0.1, 0.1),
    turn("A", 2, 0, 0.1, 0.175, -0.075),
    turn("B", 2, 1, -0.6, -0.4, -0.2),
    turn("C", 2, 2, 0.0, 0.05, -0.05),
  ];
  it("uses each peer's most recent statement at the time the agent speaks, from round 2", () => {
    const obs = biasObservations(turns);
    expect(obs.map((o) => o.agent)).toEqual(["A", "B", "C"]);
    expect(obs[0]!.peerSentiment).toBeCloseTo((-0.4 + 0.2) / 2, 12); // B and C from round 1
    expect(obs[1]!.peerSentiment).toBeCloseTo((0.1 + 0.2) / 2, 12); // A from round 2, C from round 1
    expect(obs[2]!.peerSentiment).toBeCloseTo((0.1 - 0.6) / 2, 12); // A and B from round 2
    expect(obs.map((o) => o.change)).toEqual([0.075, 0.2, 0.05]);
  });
  it("offers the signed change and the peers' opinions as variants", () => {
    const obs = biasObservations(turns, { changeMeasure: "signed", peerMeasure: "opinion" });
    expect(obs[0]!.change).toBeCloseTo(-0.075, 12);
    expect(obs[0]!.peerSentiment).toBeCloseTo((-0.2 + 0.1) / 2, 12);
  });
});

describe("analyzeBias", () => {
  const obs = (x: number, y: number): BiasObservation => ({ candidate: "c", agent: "A", round: 2, peerSentiment: x, change: y });
  it("fits OLS through the origin separately per sign (hand-computed)", () => {
    // negative side: y = -0.5 x exactly; positive side x = [1, 2], y = [1, 3]:
    // slope = (1 + 6) / (1 + 4) = 1.4, SSR = 0.16 + 0.04 = 0.2, uncentered R^2 = 1 - 0.2 / 10 = 0.98.
    const observations = [obs(-0.2, 0.1), obs(-0.4, 0.2), obs(-0.6, 0.3), obs(1, 1), obs(2, 3), obs(0, 0.5)];
    const a = analyzeBias(observations, []);
    expect(a.negative.n).toBe(3);
    expect(a.negative.slope).toBeCloseTo(-0.5, 12);
    expect(a.negative.r2).toBeCloseTo(1, 12);
    expect(a.positive.n).toBe(2);
    expect(a.positive.slope).toBeCloseTo(1.4, 12);
    expect(a.positive.r2).toBeCloseTo(0.98, 12);
    expect(a.positive.se).toBeCloseTo(Math.sqrt(0.2 / 1 / 5), 12);
    expect(a.slopeRatio).toBeCloseTo(2.8, 12);
    expect(a.bias).toBe("positivity");
    expect(a.saliencyBias).toBe(true); // |1.4| > 1
  });
  it("labels negativity bias and reports undetermined when a side has too few points", () => {
    const a = analyzeBias([obs(-0.5, 0.4), obs(-0.25, 0.2), obs(0.5, 0.1), obs(0.25, 0.05)], []);
    expect(a.negative.slope).toBeCloseTo(-0.8, 12);
    expect(a.positive.slope).toBeCloseTo(0.2, 12);
    expect(a.bias).toBe("negativity");
    expect(a.saliencyBias).toBe(false);
    const b = analyzeBias([obs(-0.5, 0.4), obs(0.5, 0.1), obs(0.25, 0.05)], []);
    expect(Number.isNaN(b.negative.slope)).toBe(true);
    expect(b.bias).toBe("undetermined");
  });
  it("computes the code's share measures", () => {
    const turns: BiasTurn[] = [0.5, -0.2, 0.1, 0, -0.7].map((s, i) => ({
      candidate: "c",
      agent: "A",
      round: i + 1,
      order: 0,
      sentiment: s,
      opinion: 0,
      change: 0,
      signedChange: 0,
    }));
    // |changes| 0.1 0.1 0.1 0.5 -> std (ddof 0) = sqrt(0.03) = 0.1732: one salient step of four
    const a = analyzeBias([obs(-0.1, 0.1), obs(-0.2, 0.1), obs(0.1, 0.1), obs(0.2, 0.5)], turns);
    expect(a.salientShare).toBeCloseTo(0.25, 12);
    expect(a.positiveShare).toBeCloseTo(0.4, 12);
    expect(a.negativeShare).toBeCloseTo(0.4, 12);
    expect(a.sentimentMin).toBe(-0.7);
    expect(a.sentimentMax).toBe(0.5);
  });
  it("biasLabel compares slope magnitudes (the paper's 29% steeper positive slope)", () => {
    expect(biasLabel(-0.31, 0.4)).toBe("positivity");
    expect(biasLabel(-0.5, 0.2)).toBe("negativity");
    expect(biasLabel(-0.5, 0.52, 0.1)).toBe("none");
    expect(biasLabel(NaN, 0.52)).toBe("undetermined");
  });
});

import { describe, expect, it } from "vitest";
import { analyzeBias, biasLabel, biasObservations, testedBiasLabel, type BiasObservation, type BiasTurn } from "../../src/sentimental/bias";
import { biasNull, logSlopeRatio, permutationP, signSlopes, slopeOf } from "../../src/sentimental/bias-null";
import { ols } from "../../src/stats/ols";
import { Rng } from "../../src/stats/rng";

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
    expect(a.steeperSide).toBe("positivity");
    // six observations of one conversation: the null cannot make anything significant
    expect(a.bias).toBe("none");
    expect(a.saliencyBias).toBe(true); // |1.4| > 1
  });
  it("labels negativity bias and reports undetermined when a side has too few points", () => {
    const a = analyzeBias([obs(-0.5, 0.4), obs(-0.25, 0.2), obs(0.5, 0.1), obs(0.25, 0.05)], []);
    expect(a.negative.slope).toBeCloseTo(-0.8, 12);
    expect(a.positive.slope).toBeCloseTo(0.2, 12);
    expect(a.steeperSide).toBe("negativity");
    expect(a.saliencyBias).toBe(false);
    const b = analyzeBias([obs(-0.5, 0.4), obs(0.5, 0.1), obs(0.25, 0.05)], []);
    expect(Number.isNaN(b.negative.slope)).toBe(true);
    expect(b.steeperSide).toBe("undetermined");
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

describe("bias null (permutation test)", () => {
  it("slopes through the origin and with an intercept match the closed forms and stats/ols", () => {
    expect(slopeOf([1, 2, 3], [2, 4, 7], "origin")).toBeCloseTo(31 / 14, 12);
    expect(slopeOf([1, 2, 3], [2, 4, 7], "intercept")).toBeCloseTo(2.5, 12);
    expect(slopeOf([1, 2], [2, 4], "intercept")).toBeNaN(); // 2 points cannot identify slope + intercept with a residual
    expect(slopeOf([0, 0], [1, 2], "origin")).toBeNaN();
    const x = [-0.9, -0.5, -0.2, -0.7, 0.3, 0.6, 0.1, 0.8];
    const y = [0.5, 0.2, 0.1, 0.4, 0.05, 0.3, 0.02, 0.35];
    const s = signSlopes(x, y, "intercept");
    const neg = ols(
      x.filter((v) => v < 0).map((v) => [v]),
      y.filter((_, i) => x[i]! < 0),
    );
    expect(s.negative).toBeCloseTo(neg.coefficients[1]!, 12);
    const a = analyzeBias(
      x.map((v, i) => ({ candidate: "c", agent: "A", round: 2 + i, peerSentiment: v, change: y[i]! })),
      [],
      { permutations: 99, rng: new Rng(1) },
    );
    expect(a.negativeIntercept.slope).toBeCloseTo(neg.coefficients[1]!, 12);
    expect(a.negativeIntercept.intercept).toBeCloseTo(neg.coefficients[0]!, 12);
    expect(a.negativeIntercept.p).toBeCloseTo(neg.pValues[1]!, 12);
    expect(a.negativeIntercept.r2).toBeCloseTo(neg.r2, 12);
    expect(logSlopeRatio(-0.31, 0.4)).toBeCloseTo(Math.log(0.4 / 0.31), 12);
  });
  it("permutation p-values are two-sided with the +1 correction", () => {
    expect(permutationP(3, [0, 1, 2, 4])).toBeCloseTo(0.8, 12); // 2 min(1 + 1, 1 + 3) / 5
    expect(permutationP(10, [0, 1, 2, 4])).toBeCloseTo(0.4, 12); // 2 (1 + 0) / 5
    expect(permutationP(1, [1, 1, 1])).toBe(1);
    expect(permutationP(NaN, [1, 2])).toBeNaN();
    expect(permutationP(5, [NaN, 2, 0])).toBeCloseTo(2 / 3, 12); // NaN draws are left out: valid = 2
  });
  it("the tested label needs significance, and takes its direction from the null's median", () => {
    expect(testedBiasLabel(0.4, 0.1, 0.003, 0.05)).toBe("positivity");
    expect(testedBiasLabel(-0.2, 0.1, 0.003, 0.05)).toBe("negativity");
    // below the paper's "steeper" cut but above what shuffled peers give: still reads as positivity
    expect(testedBiasLabel(-0.1, -0.6, 0.01, 0.05)).toBe("positivity");
    expect(testedBiasLabel(-0.6, -0.5, 0.41, 0.05)).toBe("none");
    expect(testedBiasLabel(NaN, 0, 0.01, 0.05)).toBe("undetermined");
  });

  // 30 conversations x 4 rounds; |change| has its own level per conversation and decays with the round.
  function synthetic(influence: (peer: number) => number, seed: number): BiasObservation[] {
    const rng = new Rng(seed);
    const out: BiasObservation[] = [];
    for (let c = 0; c < 10; c++) {
      for (const agent of ["A", "B", "C"]) {
        const level = rng.uniform(0.05, 0.4);
        const tone = rng.uniform(-0.6, 0.6);
        for (let round = 2; round <= 5; round++) {
          const peer = Math.max(-1, Math.min(1, tone + rng.normal(0, 0.3)));
          out.push({ candidate: `c${c}`, agent, round, peerSentiment: peer, change: Math.abs(level / round + influence(peer) + rng.normal(0, 0.02)) });
        }
      }
    }
    return out;
  }
  it("says none without influence although both origin slopes are 'significant' by their t-tests", () => {
    const observations = synthetic(() => 0, 3);
    const a = analyzeBias(observations, [], { permutations: 999, rng: new Rng(11) });
    expect(a.negative.slope).toBeLessThan(0);
    expect(a.positive.slope).toBeGreaterThan(0);
    expect(a.negative.p).toBeLessThan(1e-4);
    expect(a.positive.p).toBeLessThan(1e-4);
    expect(a.negative.pNull).toBeGreaterThan(0.05);
    expect(a.positive.pNull).toBeGreaterThan(0.05);
    expect(a.pLogRatio).toBeGreaterThan(0.05);
    expect(a.bias).toBe("none");
    expect(a.validPermutations).toBe(999);
  });
  it("detects a change driven by positive peers only (positivity) and by negative peers only (negativity)", () => {
    const pos = analyzeBias(
      synthetic((p) => Math.max(0, p) * 0.5, 5),
      [],
      { permutations: 999, rng: new Rng(1) },
    );
    expect(pos.positive.pNull).toBeLessThan(0.01);
    expect(pos.pLogRatio).toBeLessThan(0.01);
    expect(pos.bias).toBe("positivity");
    expect(pos.labelFit).toBe("origin");
    expect(pos.logRatio).toBeCloseTo(logSlopeRatio(pos.negative.slope, pos.positive.slope), 12);
    const negObservations = synthetic((p) => Math.max(0, -p) * 0.5, 5);
    const neg = analyzeBias(negObservations, [], { permutations: 999, rng: new Rng(1), labelFit: "intercept" });
    expect(neg.labelFit).toBe("intercept");
    expect(neg.bias).toBe("negativity");
    // biasFit = intercept: the label statistic and its null are the intercept fit's, not the origin fit's
    expect(neg.logRatio).toBeCloseTo(logSlopeRatio(neg.negativeIntercept.slope, neg.positiveIntercept.slope), 12);
    expect(neg.logRatio).not.toBeCloseTo(logSlopeRatio(neg.negative.slope, neg.positive.slope), 3);
    const [originNull, interceptNull] = biasNull(negObservations, 999, new Rng(1));
    expect(neg.pLogRatio).toBe(interceptNull.pLogRatio);
    expect(neg.nullMedianLogRatio).toBe(interceptNull.nullMedianLogRatio);
    expect(neg.nullMedianLogRatio).not.toBe(originNull.nullMedianLogRatio);
  });
  it("is reproducible from its seed, and a conversation observed once has nothing to permute", () => {
    const observations = synthetic(() => 0, 8);
    expect(biasNull(observations, 199, new Rng(4))).toEqual(biasNull(observations, 199, new Rng(4)));
    expect(biasNull(observations, 199, new Rng(4))).not.toEqual(biasNull(observations, 199, new Rng(5)));
    // one observation per conversation: a within-group shuffle changes nothing, so every draw equals the observed value
    const single = observations.filter((o) => o.round === 2);
    const [origin] = biasNull(single, 50, new Rng(1));
    expect(origin.nullMedianLogRatio).toBeCloseTo(origin.logRatio, 12);
    expect(origin.pLogRatio).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { analyzeBias, biasObservations, type BiasTurn } from "../../src/sentimental/bias";
import { biasNull, permutedPeerSentiments, type BiasNullScheme, type NullObservation } from "../../src/sentimental/bias-null";
import { updateOpinion } from "../../src/sentimental/opinion";
import { Rng } from "../../src/stats/rng";

// Peer sentiments coded as candidate * 100 + advisor * 10 + round, so a draw says where each value came from.
function coded(candidates: number, agents: readonly string[], rounds: readonly number[]): NullObservation[] {
  const out: NullObservation[] = [];
  for (let c = 1; c <= candidates; c++)
    agents.forEach((agent, a) => {
      for (const round of rounds) out.push({ candidate: `c${c}`, agent, round, peerSentiment: c * 100 + (a + 1) * 10 + round, change: 0.1 });
    });
  return out;
}
const roundOf = (code: number) => code % 10;
const agentOf = (code: number) => Math.floor(code / 10) % 10;
const candidateOf = (code: number) => Math.floor(code / 100);

describe("permutedPeerSentiments", () => {
  const observations = coded(2, ["A", "B", "C"], [2, 3, 4]);
  it("candidate-rounds: values stay in their own conversation, and all of a candidate's advisors take the same round", () => {
    const rng = new Rng(3);
    const seen = new Set<string>();
    for (let draw = 0; draw < 200; draw++) {
      const xs = permutedPeerSentiments(observations, rng);
      observations.forEach((o, i) => {
        expect(candidateOf(xs[i]!)).toBe(candidateOf(o.peerSentiment));
        expect(agentOf(xs[i]!)).toBe(agentOf(o.peerSentiment));
      });
      for (const candidate of ["c1", "c2"]) {
        // the round each advisor's round-r observation now reads, per advisor: one mapping for the candidate
        const maps = ["A", "B", "C"].map((agent) =>
          [2, 3, 4].map((r) => roundOf(xs[observations.findIndex((o) => o.candidate === candidate && o.agent === agent && o.round === r)]!)).join(""),
        );
        expect(new Set(maps).size).toBe(1);
        seen.add(maps[0]!);
      }
    }
    expect([...seen].sort()).toEqual(["234", "243", "324", "342", "423", "432"]); // every permutation of 3 rounds occurs
  });
  it("conversation: each advisor is shuffled on its own (the earlier scheme)", () => {
    const rng = new Rng(3);
    let misaligned = 0;
    for (let draw = 0; draw < 50; draw++) {
      const xs = permutedPeerSentiments(observations, rng, "conversation");
      const a2 = roundOf(xs[observations.findIndex((o) => o.candidate === "c1" && o.agent === "A" && o.round === 2)]!);
      const b2 = roundOf(xs[observations.findIndex((o) => o.candidate === "c1" && o.agent === "B" && o.round === 2)]!);
      if (a2 !== b2) misaligned++;
    }
    expect(misaligned).toBeGreaterThan(20); // independent shuffles agree about a third of the time
  });
  it("leaves a round in place when an advisor of the candidate has no observation in it (a gap)", () => {
    const gapped = observations.filter((o) => !(o.candidate === "c1" && o.agent === "B" && o.round === 3));
    const rng = new Rng(5);
    const moved = new Set<number>();
    for (let draw = 0; draw < 100; draw++) {
      const xs = permutedPeerSentiments(gapped, rng);
      gapped.forEach((o, i) => {
        if (o.candidate === "c1" && o.round === 3) expect(xs[i]).toBe(o.peerSentiment);
        if (o.candidate === "c1" && o.round !== 3) moved.add(roundOf(xs[i]!));
      });
    }
    expect([...moved].sort()).toEqual([2, 4]); // the complete rounds 2 and 4 still swap
  });
  it("gives an advisor's second observation in a round its own slot", () => {
    // one conversation, every observation in round 2 (as a hand-made table may have): they still permute
    const flat = [0.1, 0.2, 0.3].map((peerSentiment) => ({ candidate: "c", agent: "A", round: 2, peerSentiment, change: 0 }));
    const rng = new Rng(2);
    const firsts = new Set<number>();
    for (let draw = 0; draw < 30; draw++) firsts.add(permutedPeerSentiments(flat, rng)[0]!);
    expect([...firsts].sort()).toEqual([0.1, 0.2, 0.3]);
  });
});

// 10 candidates, 3 advisors, 5 rounds, no one hears anyone: each advisor's statements sit near its own view of the
// candidate and barely move between rounds (as the offline panel's do), so its eq. 4 change decays the same way in
// every conversation, and an advisor's peers share a statement with its other peers (A's and B's peers both hold C's).
function unheardTurns(seed: number, noise: number): BiasTurn[] {
  const rng = new Rng(seed);
  const turns: BiasTurn[] = [];
  for (let c = 0; c < 10; c++) {
    const quality = rng.uniform(-0.6, 0.6);
    const advisors = ["A", "B", "C"].map((agent) => ({ agent, lean: rng.normal(0, 0.15), opinion: 0 }));
    for (let round = 1; round <= 5; round++)
      advisors.forEach((advisor, order) => {
        const sentiment = Math.max(-1, Math.min(1, quality + advisor.lean + rng.normal(0, noise)));
        const u = updateOpinion(advisor.opinion, sentiment, 0.5);
        turns.push({ candidate: `c${c}`, agent: advisor.agent, round, order, sentiment, opinion: u.opinion, change: u.change, signedChange: u.signedChange });
        advisor.opinion = u.opinion;
      });
  }
  return turns;
}

function biasedShare(scheme: BiasNullScheme, datasets: number): number {
  let biased = 0;
  for (let seed = 1; seed <= datasets; seed++) {
    const turns = unheardTurns(seed, 0.02);
    if (analyzeBias(biasObservations(turns), turns, { permutations: 199, rng: new Rng(1000 + seed), nullScheme: scheme }).bias !== "none") biased++;
  }
  return biased;
}

describe("bias null calibration with no peer influence", () => {
  // At 0.05 a calibrated label calls about 20 of 400 such runs biased; 28 is the binomial 97.5 % point.
  it("candidate-rounds calls at most 28 of 400 runs biased; shuffling each conversation on its own calls more", () => {
    const joint = biasedShare("candidate-rounds", 400);
    const perConversation = biasedShare("conversation", 400);
    expect(joint).toBeLessThanOrEqual(28);
    expect(perConversation).toBeGreaterThan(28);
  });
  it("biasNull uses the scheme it is given", () => {
    const turns = unheardTurns(1, 0.02);
    const observations = biasObservations(turns);
    const [joint] = biasNull(observations, 199, new Rng(2));
    const [perConversation] = biasNull(observations, 199, new Rng(2), "conversation");
    expect(joint.pLogRatio).not.toBe(perConversation.pLogRatio);
    expect(biasNull(observations, 199, new Rng(2), "candidate-rounds")[0]).toEqual(joint);
  });
});

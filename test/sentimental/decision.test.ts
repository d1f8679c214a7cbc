import { describe, expect, it } from "vitest";
import {
  bordaCount,
  collectiveTier,
  conviction,
  decisionScore,
  gutFeeling,
  rankDescending,
  tierOfValence,
  valence,
  volatility,
} from "../../src/sentimental/decision";

// Per-agent ranks of the paper's Table 5 (CFO, VPE, RPM) and its final "Borda Count Rank" column.
const TABLE5 = [
  { name: "Kimberly Carr", ranks: [9, 5, 3], borda: 4 },
  { name: "Melissa Morgan", ranks: [10, 6, 10], borda: 2 },
  { name: "Mikayla Garrison", ranks: [2, 9, 4], borda: 7 },
  { name: "Emily Marshall", ranks: [3, 8, 6], borda: 4 },
  { name: "Justin Davis", ranks: [5, 4, 2], borda: 8 },
  { name: "Tamara Brown", ranks: [6, 7, 7], borda: 3 },
  { name: "Taylor Mahoney", ranks: [8, 10, 9], borda: 1 },
  { name: "Joshua Alvarado", ranks: [4, 3, 1], borda: 9 },
  { name: "Melissa Baldwin", ranks: [1, 1, 5], borda: 10 },
  { name: "James Wallace", ranks: [7, 2, 8], borda: 4 },
];
// Scores whose descending ranks are Table 5's ranks: score = -rank.
const table5Scores = [0, 1, 2].map((a) => TABLE5.map((c) => -c.ranks[a]!));

describe("rankDescending", () => {
  it("gives rank 1 to the largest value and the minimum rank to ties", () => {
    expect(rankDescending([0.2, 0.9, 0.9, -0.4])).toEqual([3, 1, 1, 4]);
    expect(rankDescending([5])).toEqual([1]);
  });
  it("rejects NaN", () => {
    expect(() => rankDescending([0.1, NaN])).toThrow(/not finite/);
  });
});

describe("bordaCount", () => {
  // Hand-worked 3 agents x 4 items.
  const scores = [
    [0.9, 0.1, -0.2, 0.5], // ranks 1 3 4 2 -> points 4 2 1 3
    [0.3, 0.6, -0.8, 0.0], // ranks 2 1 4 3 -> points 3 4 1 2
    [0.7, -0.1, 0.2, 0.4], // ranks 1 4 3 2 -> points 4 1 2 3
  ];
  it("paper variant (Definition 3): n points to the top item, ranked by descending total", () => {
    const b = bordaCount(scores, "paper");
    expect(b.agentRanks).toEqual([
      [1, 3, 4, 2],
      [2, 1, 4, 3],
      [1, 4, 3, 2],
    ]);
    expect(b.points).toEqual([
      [4, 2, 1, 3],
      [3, 4, 1, 2],
      [4, 1, 2, 3],
    ]);
    expect(b.totals).toEqual([11, 7, 4, 8]);
    expect(b.rank).toEqual([1, 3, 4, 2]);
  });
  it("code variant: rank sums, position 1 = largest rank sum", () => {
    const b = bordaCount(scores, "code");
    expect(b.totals).toEqual([4, 8, 11, 7]);
    expect(b.rank).toEqual([4, 2, 1, 3]);
  });
  it("code variant reproduces the paper's Table 5 Borda Count Rank column", () => {
    const b = bordaCount(table5Scores, "code");
    expect(b.agentRanks).toEqual([0, 1, 2].map((a) => TABLE5.map((c) => c.ranks[a])));
    expect(b.totals).toEqual([17, 26, 15, 17, 11, 20, 27, 8, 7, 17]);
    expect(b.rank).toEqual(TABLE5.map((c) => c.borda));
  });
  it("paper variant on Table 5's ranks puts the best-liked candidate first", () => {
    const b = bordaCount(table5Scores, "paper");
    expect(b.totals).toEqual([16, 7, 18, 16, 22, 13, 6, 25, 26, 16]);
    expect(b.rank).toEqual([5, 9, 4, 5, 3, 8, 10, 2, 1, 5]);
  });
  it("rejects ragged input", () => {
    expect(() => bordaCount([[1, 2], [1]], "paper")).toThrow(/agent 1 scored 1 items/);
  });
});

describe("valence and tiers (Definition 4)", () => {
  it("uses strict thresholds at +/-0.5", () => {
    expect(valence(-0.5)).toBe(0);
    expect(valence(0.5)).toBe(0);
    expect(valence(-0.5000001)).toBe(-1);
    expect(valence(0.5000001)).toBe(1);
    expect(valence(0)).toBe(0);
    expect(valence(-1)).toBe(-1);
    expect(valence(1)).toBe(1);
  });
  it("maps valence +1/0/-1 to tiers 1/2/3", () => {
    expect([1, 0, -1].map(tierOfValence)).toEqual([1, 2, 3]);
  });
  it("veto rule: any -1 is Tier 3, else any +1 is Tier 1 (paper's Tables 3 and 6)", () => {
    expect(collectiveTier([-0.51, -0.13, 0.26], "veto")).toBe(3); // Kimberly Carr
    expect(collectiveTier([0.3, 0.1, 0.2], "veto")).toBe(2);
    expect(collectiveTier([0.6, 0.1, 0.2], "veto")).toBe(1);
    expect(collectiveTier([0.6, -0.7, 0.2], "veto")).toBe(3);
  });
  it("mean and majority rules", () => {
    expect(collectiveTier([-0.6, 0.1, 0.7], "mean")).toBe(2); // mean 0.0667
    expect(collectiveTier([0.6, 0.7, 0.1], "mean")).toBe(2); // mean 0.4667 -> valence 0
    expect(collectiveTier([0.6, 0.9, 0.1], "mean")).toBe(1); // mean 0.5333
    expect(collectiveTier([0.6, 0.7, 0.1], "majority")).toBe(1);
    expect(collectiveTier([-0.6, -0.7, 0.9], "majority")).toBe(3);
    expect(collectiveTier([-0.6, 0.0, 0.9], "majority")).toBe(2); // no majority
  });
});

describe("volatility and conviction (Definition 5)", () => {
  it("volatility is the population std (ddof 0)", () => {
    expect(volatility([0.2, 0.6])).toBeCloseTo(0.2, 12);
    expect(volatility([0.2, 0.4, 0.6])).toBeCloseTo(Math.sqrt(0.08 / 3), 12);
    expect(volatility([0.3])).toBe(0);
  });
  it("paper conviction = decision score / volatility", () => {
    expect(conviction({ score: 0.4, statementSentiments: [0.2, 0.6] }, { variant: "paper" })).toBeCloseTo(2, 12);
    expect(conviction({ score: -0.3, statementSentiments: [-0.1, -0.5] }, { variant: "paper" })).toBeCloseTo(-1.5, 12);
  });
  it("paper conviction floors a zero volatility instead of dividing by 0", () => {
    expect(conviction({ score: 0.3, statementSentiments: [0.3, 0.3, 0.3] }, { variant: "paper" })).toBeCloseTo(30, 9);
    expect(conviction({ score: 0.3, statementSentiments: [0.3, 0.3] }, { variant: "paper", volatilityFloor: 0.1 })).toBeCloseTo(3, 12);
  });
  it("code conviction = decision score x volatility (the score, not a mean computed on the side)", () => {
    expect(conviction({ score: 0.4, statementSentiments: [0.2, 0.6] }, { variant: "code" })).toBeCloseTo(0.08, 12);
    // last statement 0.6 as the score: 0.6 x 0.2
    expect(conviction({ score: 0.6, statementSentiments: [0.2, 0.6] }, { variant: "code" })).toBeCloseTo(0.12, 12);
    expect(conviction({ score: 0.3, statementSentiments: [0.3, 0.3] }, { variant: "code" })).toBe(0);
  });
  it("decision score: eq. 4 final opinion, mean or last statement sentiment; the prior 0 with no valid statement", () => {
    const agent = { finalOpinion: 0.35, statementSentiments: [0.2, -0.1, 0.6] };
    expect(decisionScore(agent, "opinion")).toBe(0.35);
    expect(decisionScore(agent, "mean")).toBeCloseTo(0.7 / 3, 12);
    expect(decisionScore(agent, "last")).toBe(0.6);
    expect(decisionScore({ finalOpinion: 0, statementSentiments: [] }, "mean")).toBe(0);
    expect(decisionScore({ finalOpinion: 0, statementSentiments: [] }, "last")).toBe(0);
  });
  it("gut feeling ranks by conviction with the Borda count and reports total conviction", () => {
    const g = gutFeeling(
      [
        [2, -1, 0.5],
        [0.5, 0.1, 0.7],
      ],
      "paper",
    );
    // agent 0 ranks 1 3 2 -> points 3 1 2; agent 1 ranks 2 3 1 -> points 2 1 3
    expect(g.totals).toEqual([5, 2, 5]);
    expect(g.rank).toEqual([1, 3, 1]);
    expect(g.totalConviction[0]).toBeCloseTo(2.5, 12);
    expect(g.totalConviction[1]).toBeCloseTo(-0.9, 12);
    expect(g.totalConviction[2]).toBeCloseTo(1.2, 12);
    // Definition 5's formula read literally: rank by T^I (2.5 > 1.2 > -0.9).
    expect(g.totalConvictionRank).toEqual([1, 3, 2]);
    // The code variant of the Borda count over the same conviction ranks: rank sums 3 6 3, position 1 = largest.
    const c = gutFeeling(
      [
        [2, -1, 0.5],
        [0.5, 0.1, 0.7],
      ],
      "code",
    );
    expect(c.totals).toEqual([3, 6, 3]);
    expect(c.rank).toEqual([2, 1, 2]);
  });
});

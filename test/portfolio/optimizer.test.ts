/**
 * The exact long-only optimiser against independent references: scipy
 * solutions polished on their active set (fixtures/gen_qp_cases.py, committed
 * as fixtures/qp_cases.json), the KKT conditions checked without the solver's
 * multipliers, and the limits of the turnover penalty.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  absoluteViewsPosterior,
  blackLitterman,
  confidenceOmega,
  longOnly,
  longOnlyBounds,
  longOnlyFrontier,
  longOnlyKkt,
  meanVarianceWeightsDense,
  optimizeLongOnly,
  portfolioMoments,
  subsetViewsPosterior,
  type MeanVarianceProblem,
} from "../../src/portfolio/index";

interface QpCase {
  n: number;
  delta: number;
  maxWeight: number;
  minWeight: number;
  turnoverPenalty: number;
  mu: number[];
  sigma: number[][];
  previous: number[] | null;
  weights: number[];
}

const fixture = JSON.parse(readFileSync(path.join(__dirname, "fixtures", "qp_cases.json"), "utf8")) as { cases: QpCase[] };

function problemOf(c: QpCase): MeanVarianceProblem {
  const { lower, upper } = longOnlyBounds(c.n, { minWeight: c.minWeight, maxWeight: c.maxWeight });
  return {
    mu: c.mu,
    sigma: c.sigma.flat(),
    n: c.n,
    delta: c.delta,
    lower,
    upper,
    turnoverPenalty: c.turnoverPenalty,
    previous: c.previous ?? undefined,
  };
}

const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.max(...Array.from(a, (x, i) => Math.abs(x - b[i]!)));

describe("optimizeLongOnly against scipy (polished on its active set)", () => {
  it("has cases with and without maxWeight, minWeight and the turnover penalty", () => {
    expect(fixture.cases.length).toBeGreaterThanOrEqual(40);
    expect(fixture.cases.some((c) => c.maxWeight < 1 && c.turnoverPenalty === 0)).toBe(true);
    expect(fixture.cases.some((c) => c.maxWeight === 1 && c.turnoverPenalty === 0)).toBe(true);
    expect(fixture.cases.some((c) => c.minWeight > 0 && c.turnoverPenalty > 0)).toBe(true);
    // The bounds bind in the bounded cases, else they would test nothing.
    const binding = fixture.cases.filter((x) => x.maxWeight < 1 && Math.max(...x.weights) > x.maxWeight - 1e-9);
    expect(binding.length).toBeGreaterThanOrEqual(15);
  });

  it.each(fixture.cases.map((c, i) => [i, c] as const))("case %i matches the reference to 1e-9 and satisfies KKT", (_i, c) => {
    const problem = problemOf(c);
    const solution = optimizeLongOnly(problem);
    expect(maxAbsDiff(solution.weights, c.weights)).toBeLessThan(1e-9);
    const kkt = longOnlyKkt(problem, solution.weights);
    expect(kkt.primal).toBeLessThan(1e-12);
    expect(kkt.dual).toBeLessThan(1e-12);
  });

  it("is not clipping: the clipped mean-variance weights miss the optimum and fail KKT", () => {
    let differ = 0;
    for (const c of fixture.cases.filter((x) => x.maxWeight === 1 && x.minWeight === 0 && x.turnoverPenalty === 0)) {
      const flat = Float64Array.from(c.sigma.flat());
      const clipped = longOnly(meanVarianceWeightsDense(c.mu, flat, c.n, c.delta).raw);
      if (maxAbsDiff(clipped, c.weights) > 1e-6) {
        differ++;
        expect(longOnlyKkt(problemOf(c), clipped).dual).toBeGreaterThan(1e-6);
      }
    }
    expect(differ).toBeGreaterThanOrEqual(3);
  });
});

describe("the turnover penalty", () => {
  const c = fixture.cases.find((x) => x.n === 8 && x.maxWeight === 0.3 && x.turnoverPenalty === 0)!;
  const base = problemOf(c);
  const previous = Array.from({ length: 8 }, (_, i) => (i < 4 ? 0.2 : 0.05));

  it("with lambda 0 equals the plain optimiser", () => {
    const plain = optimizeLongOnly(base);
    const zero = optimizeLongOnly({ ...base, turnoverPenalty: 0, previous });
    expect(zero.weights).toEqual(plain.weights);
  });

  it("with a large lambda returns the previous weights when they are feasible", () => {
    const held = optimizeLongOnly({ ...base, turnoverPenalty: 10, previous });
    expect(maxAbsDiff(held.weights, previous)).toBeLessThan(1e-12);
  });

  it("trades less as lambda grows, and stays optimal (KKT) along the way", () => {
    let last = Infinity;
    for (const lambda of [0, 0.0005, 0.002, 0.01, 0.05, 0.5]) {
      const problem = { ...base, turnoverPenalty: lambda, previous };
      const w = optimizeLongOnly(problem).weights;
      const traded = w.reduce((s, x, i) => s + Math.abs(x - previous[i]!), 0);
      expect(traded).toBeLessThanOrEqual(last + 1e-12);
      last = traded;
      expect(longOnlyKkt(problem, w).dual).toBeLessThan(1e-12);
    }
    expect(last).toBeLessThan(1e-12);
  });

  it("moves from a cash start (previous all zero) to a fully invested book", () => {
    const problem = { ...base, turnoverPenalty: 0.01, previous: new Array(8).fill(0) };
    const w = optimizeLongOnly(problem).weights;
    expect(w.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(longOnlyKkt(problem, w).dual).toBeLessThan(1e-12);
  });
});

describe("bounds", () => {
  it("rejects bounds no fully invested book can meet, naming the fix", () => {
    expect(() => longOnlyBounds(3, { maxWeight: 0.3 }, "on 2025-01-02")).toThrow(
      /infeasible weight bounds on 2025-01-02: 3 assets x maxWeight 0.3 = 0.9 < 1; raise maxWeight to at least 0.333333/,
    );
    expect(() => longOnlyBounds(4, { minWeight: 0.3 })).toThrow(/4 assets x minWeight 0.3 = 1.2 > 1/);
    expect(() => longOnlyBounds(4, { minWeight: 0.3, maxWeight: 0.2 })).toThrow(/minWeight 0.3 exceeds maxWeight 0.2/);
    expect(longOnlyBounds(4, { maxWeight: 0.25 }).upper).toEqual(Float64Array.of(0.25, 0.25, 0.25, 0.25));
  });
});

describe("long-only frontier", () => {
  const c = fixture.cases.find((x) => x.n === 12 && x.maxWeight === 1 && x.turnoverPenalty === 0)!;
  const sigma = c.sigma.flat();
  const { lower, upper } = longOnlyBounds(12);

  it("rises in both return and volatility, and the optimiser's portfolio sits on it", () => {
    const points = longOnlyFrontier(c.mu, sigma, 12, lower, upper, 30);
    expect(points.length).toBe(30);
    for (let k = 1; k < points.length; k++) {
      expect(points[k]!.expectedReturn).toBeGreaterThan(points[k - 1]!.expectedReturn);
      expect(points[k]!.volatility).toBeGreaterThanOrEqual(points[k - 1]!.volatility - 1e-12);
    }
    const chosen = portfolioMoments(c.mu, sigma, 12, c.weights);
    // Minimum variance at the optimum's own return is the optimum's variance.
    const atSameReturn = longOnlyFrontier(c.mu, sigma, 12, lower, upper, 2);
    expect(atSameReturn[0]!.volatility).toBeLessThanOrEqual(chosen.volatility + 1e-12);
    const inside = points.filter((p) => p.expectedReturn <= chosen.expectedReturn).at(-1)!;
    expect(inside.volatility).toBeLessThanOrEqual(chosen.volatility + 1e-9);
  });
});

describe("views on a subset of the assets", () => {
  const s = [
    [0.04, 0.01, 0.006],
    [0.01, 0.09, 0.012],
    [0.006, 0.012, 0.0625],
  ];
  const flat = Float64Array.from(s.flat());

  it("equals the general Black-Litterman formula with P = the viewed rows of I", () => {
    const sub = subsetViewsPosterior(flat, 3, { assets: [0, 2], q: [0.02, -0.01] });
    const general = blackLitterman({
      sigma: s,
      q: [0.02, -0.01],
      p: [
        [1, 0, 0],
        [0, 0, 1],
      ],
    });
    for (let i = 0; i < 3; i++) expect(sub.muBL[i]).toBeCloseTo(general.muBL[i]!, 14);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(sub.sigmaBL[i * 3 + j]).toBeCloseTo(general.sigmaBL[i]![j]!, 14);
  });

  it("is the prior without views and absoluteViewsPosterior with a view on every asset", () => {
    const none = subsetViewsPosterior(flat, 3, { assets: [], q: [] });
    expect(Array.from(none.muBL)).toEqual(Array.from(none.pi));
    for (let i = 0; i < 9; i++) expect(none.sigmaBL[i]).toBeCloseTo(1.025 * flat[i]!, 15);
    const all = subsetViewsPosterior(flat, 3, { assets: [0, 1, 2], q: [0.02, 0, -0.02] });
    expect(Array.from(all.muBL)).toEqual(Array.from(absoluteViewsPosterior(flat, 3, [0.02, 0, -0.02]).muBL));
  });

  it("reads Omega from confidence as c tau Sigma_ii / C (floored at 0.05)", () => {
    expect(Array.from(confidenceOmega([0.001, 0.002, 0.004], [1, 0.5, 0], 0.5))).toEqual([0.0005, 0.002, 0.04]);
  });
});

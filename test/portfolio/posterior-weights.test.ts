/**
 * The weights-only route for absolute views (src/portfolio/posterior-weights.ts)
 * against the explicit one: Sigma_BL formed, then (delta Sigma_BL)^-1 mu_BL,
 * and against a textbook ml-matrix computation; and the construction's lazy
 * Sigma_BL equals the posterior's.
 */
import { describe, expect, it } from "vitest";
import { Matrix, inverse } from "ml-matrix";
import { constructPortfolio, type ConstructionOptions, type Decision } from "../../src/blackboard/construction";
import { absoluteViewsPosterior, absoluteViewsWeights, meanVarianceWeightsDense } from "../../src/portfolio/index";
import { composedWeights } from "../../src/portfolio/posterior-weights";
import { Rng } from "../../src/stats/rng";

function randomCovariance(rng: Rng, n: number, t: number): Float64Array {
  const r = Array.from({ length: t }, () => Array.from({ length: n }, () => 0.02 * (rng.next() - 0.5)));
  const mean = Array.from({ length: n }, (_, j) => r.reduce((a, row) => a + row[j]!, 0) / t);
  const s = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let acc = 0;
      for (let k = 0; k < t; k++) acc += (r[k]![i]! - mean[i]!) * (r[k]![j]! - mean[j]!);
      s[i * n + j] = s[j * n + i] = (252 * acc) / (t - 1);
    }
  }
  return s;
}

const maxRel = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!) / Math.max(1e-12, Math.abs(b[i]!)));
  return m;
};

describe("absoluteViewsWeights", () => {
  it.each([
    [2, 1],
    [7, 2],
    [30, 3],
    [60, 4],
  ])("n = %i (seed %i): equals (delta Sigma_BL)^-1 mu_BL of the explicit posterior and a textbook inverse", (n, seed) => {
    const rng = new Rng(seed);
    const sigma = randomCovariance(rng, n, Math.max(2 * n, 40));
    const q = Array.from({ length: n }, (_, i) => [0.02, 0, -0.02][i % 3]!);
    const wMkt = Array.from({ length: n }, () => 0.5 + rng.next());
    const total = wMkt.reduce((a, b) => a + b, 0);
    const options = { wMkt: wMkt.map((w) => w / total), delta: 2.5, tau: 0.05, omegaDiagonal: Array.from({ length: n }, () => 0.001 + 0.01 * rng.next()) };
    const fast = absoluteViewsWeights(sigma, n, q, options);
    const post = absoluteViewsPosterior(sigma, n, q, options);
    const explicit = meanVarianceWeightsDense(post.muBL, post.sigmaBL, n, options.delta).raw;
    expect(maxRel(fast.raw, explicit)).toBeLessThan(1e-12);
    expect(Array.from(fast.muBL)).toEqual(Array.from(post.muBL));
    // Textbook: mu = pi + tS(tS + O)^-1(q - pi), Sigma_BL = S + tS - tS(tS + O)^-1 tS, w = (delta Sigma_BL)^-1 mu.
    const s = new Matrix(Array.from({ length: n }, (_, i) => Array.from(sigma.subarray(i * n, i * n + n))));
    const ts = s.clone().mul(options.tau);
    const o = Matrix.diag(options.omegaDiagonal);
    const gain = ts.mmul(inverse(ts.clone().add(o)));
    const pi = s.mmul(Matrix.columnVector(options.wMkt)).mul(options.delta);
    const mu = pi.clone().add(gain.mmul(Matrix.columnVector(q).sub(pi)));
    const sigmaBL = s.clone().add(ts).sub(gain.mmul(ts));
    const w = inverse(sigmaBL.mul(options.delta)).mmul(mu).to1DArray();
    expect(maxRel(fast.raw, w)).toBeLessThan(1e-9);
  });
});

describe("constructPortfolio with a view on every asset", () => {
  const n = 12;
  const sigma = randomCovariance(new Rng(9), n, 60);
  const decisions: Decision[] = Array.from({ length: n }, (_, i) => ({ action: (["BUY", "HOLD", "SELL"] as const)[i % 3]!, confidence: 0.6 }));
  const options: ConstructionOptions = { delta: 3, tau: 0.025, omegaScale: 0.5, viewMode: "fixed", longOnly: "clip" };
  const wMkt = new Array<number>(n).fill(1 / n);

  it("clip: weights from the weights-only route equal the explicit route's; Sigma_BL is the posterior's when read", () => {
    const built = constructPortfolio(sigma, n, decisions, wMkt, null, options, "test");
    const post = absoluteViewsPosterior(sigma, n, built.q, { wMkt, delta: 3, tau: 0.025, omegaScale: 0.5 });
    const raw = meanVarianceWeightsDense(post.muBL, post.sigmaBL, n, 3).raw;
    const positive = raw.map((r) => Math.max(0, r));
    const sum = positive.reduce((a, b) => a + b, 0);
    expect(
      maxRel(
        built.weights,
        positive.map((p) => p / sum),
      ),
    ).toBeLessThan(1e-12);
    expect(Array.from(built.sigmaBL)).toEqual(Array.from(post.sigmaBL));
  });

  it("none (long-short): the normalised solution, summing to 1", () => {
    const built = constructPortfolio(sigma, n, decisions, wMkt, null, { ...options, longOnly: "none" }, "test");
    const post = absoluteViewsPosterior(sigma, n, built.q, { wMkt, delta: 3, tau: 0.025, omegaScale: 0.5 });
    expect(maxRel(built.weights, meanVarianceWeightsDense(post.muBL, post.sigmaBL, n, 3).weights)).toBeLessThan(1e-12);
    expect(built.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(built.weights.some((w) => w < 0)).toBe(true);
  });
});

describe("absoluteViewsWeights' WebAssembly route", () => {
  const bits = (x: ArrayLike<number>): string[] => Array.from(x, (v) => (Object.is(v, -0) ? "-0" : String(v)));

  it.each([1, 2, 5, 8, 9, 31, 60, 61])("n = %i: pi, mu_BL, Omega and the raw weights are the composed route's, bit for bit", (n) => {
    const rng = new Rng(50 + n);
    const sigma = randomCovariance(rng, n, Math.max(2 * n, 40));
    // A slightly asymmetric Sigma: both routes read (Sigma + Sigma^T) / 2 the same way.
    if (n > 1) sigma[1] = sigma[1]! * (1 + 1e-13);
    const q = Array.from({ length: n }, (_, i) => [0.02, 0, -0.02][i % 3]!);
    for (const options of [
      { delta: 3, tau: 0.025, omegaScale: 0.5 },
      {
        wMkt: Array.from({ length: n }, (_, i) => (i + 1) / ((n * (n + 1)) / 2)),
        delta: 2.5,
        tau: 0.05,
        omegaDiagonal: Array.from({ length: n }, () => 0.001 + 0.01 * rng.next()),
      },
    ]) {
      const fast = absoluteViewsWeights(sigma, n, q, options);
      const composed = composedWeights(sigma, n, q, options);
      for (const key of ["pi", "muBL", "omegaDiagonal", "raw"] as const) expect(bits(fast[key])).toEqual(bits(composed[key]));
    }
  });

  it("the same errors as the composed route", () => {
    const sigma = Float64Array.of(0.04, 0, 0, 0.09);
    const bad = Float64Array.of(0.04, 0, NaN, 0.09);
    expect(() => absoluteViewsWeights(bad, 2, [0.02, -0.02])).toThrow("sigma[1][0] is not finite (NaN)");
    expect(() => composedWeights(bad, 2, [0.02, -0.02])).toThrow("sigma[1][0] is not finite (NaN)");
    expect(() => absoluteViewsWeights(sigma, 2, [0.02])).toThrow("q has 1 views but p has 2 rows");
    expect(() => absoluteViewsWeights(Float64Array.of(0, 0, 0, 0.09), 2, [0.02, -0.02])).toThrow("not positive definite");
    expect(() => absoluteViewsWeights(sigma, 2, [0.02, -0.02], { wMkt: [1] })).toThrow("wMkt has 1 entries");
    // Sigma's finiteness is checked before the views, on both routes.
    expect(() => absoluteViewsWeights(bad, 2, [0.02])).toThrow("sigma[1][0] is not finite (NaN)");
    expect(() => composedWeights(bad, 2, [0.02])).toThrow("sigma[1][0] is not finite (NaN)");
  });
});

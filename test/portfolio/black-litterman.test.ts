import { describe, expect, it } from "vitest";
import { Matrix } from "ml-matrix";
import { BL_DEFAULTS, blackLitterman, blackLittermanPortfolio, impliedPrior, meanVarianceWeights, viewOmega } from "../../src/portfolio";
import { calc } from "../../src/cli/calc/bl";
import { at, at2 } from "../helpers/checked";

const SIGMA_2 = [
  [0.04, 0.01],
  [0.01, 0.09],
];

describe("Black-Litterman posterior", () => {
  it("uses the paper's defaults", () => {
    expect(BL_DEFAULTS).toEqual({ delta: 3, tau: 0.025, omegaScale: 0.5 });
  });

  it("prior pi = delta Sigma w_mkt", () => {
    // 3 * [0.04*0.6 + 0.01*0.4, 0.01*0.6 + 0.09*0.4] = 3 * [0.028, 0.042]
    const pi = impliedPrior(SIGMA_2, [0.6, 0.4], 3);
    expect(pi[0]).toBeCloseTo(0.084, 15);
    expect(pi[1]).toBeCloseTo(0.126, 15);
  });

  it("Omega = c diag(diag(P tau Sigma P^T))", () => {
    const omega = viewOmega(SIGMA_2, Matrix.eye(2), 0.025, 0.5);
    expect(at2(omega, 0, 0)).toBeCloseTo(0.5 * 0.025 * 0.04, 16);
    expect(at2(omega, 1, 1)).toBeCloseTo(0.5 * 0.025 * 0.09, 16);
    expect(at2(omega, 0, 1)).toBe(0);
  });

  it("diagonal Sigma, P = I, c = 0.5 gives mu_i = (pi_i + 2 q_i) / 3 exactly", () => {
    const sigma = [
      [0.04, 0, 0],
      [0, 0.09, 0],
      [0, 0, 0.0625],
    ];
    const wMkt = [0.5, 0.3, 0.2];
    const q = [0.02, 0, -0.02];
    const post = blackLitterman({ sigma, wMkt, q });
    post.pi.forEach((pi, i) => expect(post.muBL[i]).toBeCloseTo((pi + 2 * at(q, i)) / 3, 15));
    // General c: mu_i = (c pi_i + q_i) / (1 + c).
    const c = 2;
    const post2 = blackLitterman({ sigma, wMkt, q, omegaScale: c });
    post2.pi.forEach((pi, i) => expect(post2.muBL[i]).toBeCloseTo((c * pi + at(q, i)) / (1 + c), 15));
  });

  it("tau cancels out of mu_BL when Omega is proportional to tau, but not out of Sigma_BL", () => {
    const a = blackLitterman({ sigma: SIGMA_2, wMkt: [0.6, 0.4], q: [0.02, -0.02], tau: 0.025 });
    const b = blackLitterman({ sigma: SIGMA_2, wMkt: [0.6, 0.4], q: [0.02, -0.02], tau: 0.5 });
    a.muBL.forEach((m, i) => expect(b.muBL[i]).toBeCloseTo(m, 15));
    expect(at2(b.sigmaBL, 0, 0)).not.toBeCloseTo(at2(a.sigmaBL, 0, 0), 6);
    // M scales linearly in tau here: M(0.5) = 20 M(0.025).
    expect(at2(b.posteriorMeanCovariance, 0, 1)).toBeCloseTo(20 * at2(a.posteriorMeanCovariance, 0, 1), 14);
  });

  it("2x2 correlated case matches the textbook (inverse) form", () => {
    // By hand with tau Sigma = [[0.001, 0.00025], [0.00025, 0.00225]], Omega = diag(0.0005, 0.001125),
    // pi = [0.084, 0.126], q = [0.02, -0.02]; evaluated with numpy as
    //   M = inv(inv(tau Sigma) + P' inv(Omega) P),  mu = M (inv(tau Sigma) pi + P' inv(Omega) q).
    const post = blackLitterman({ sigma: SIGMA_2, wMkt: [0.6, 0.4], q: [0.02, -0.02] });
    expect(post.muBL[0]).toBeCloseTo(0.03795, 14);
    expect(post.muBL[1]).toBeCloseTo(0.025675, 14);
    expect(at2(post.posteriorMeanCovariance, 0, 0)).toBeCloseTo(0.00033125, 16);
    expect(at2(post.posteriorMeanCovariance, 0, 1)).toBeCloseTo(2.8125e-5, 16);
    expect(at2(post.posteriorMeanCovariance, 1, 1)).toBeCloseTo(0.0007453125, 16);
    expect(at2(post.sigmaBL, 0, 0)).toBeCloseTo(0.04033125, 15);
    expect(at2(post.sigmaBL, 0, 1)).toBeCloseTo(0.010028125, 15);
    expect(at2(post.sigmaBL, 1, 0)).toBe(at2(post.sigmaBL, 0, 1));
    expect(at2(post.sigmaBL, 1, 1)).toBeCloseTo(0.0907453125, 15);
  });

  it("relative views with a non-identity P match the textbook form", () => {
    // numpy reference (textbook inverse form), 3 assets, views: asset0 - asset1 = 3%, asset2 = -1%.
    const sigma = [
      [0.04, 0.006, 0.004],
      [0.006, 0.0625, 0.01],
      [0.004, 0.01, 0.09],
    ];
    const post = blackLitterman({
      sigma,
      wMkt: [0.5, 0.3, 0.2],
      p: [
        [1, -1, 0],
        [0, 0, 1],
      ],
      q: [0.03, -0.01],
    });
    expect(post.muBL[0]).toBeCloseTo(0.07301180957067291, 14);
    expect(post.muBL[1]).toBeCloseTo(0.053011081723869265, 14);
    expect(post.muBL[2]).toBeCloseTo(0.01589137655308156, 14);
    expect(at2(post.sigmaBL, 0, 1)).toBeCloseTo(0.006496114733259523, 15);
    expect(at2(post.sigmaBL, 2, 2)).toBeCloseTo(0.09074926190183294, 15);
  });

  it("works with a singular Sigma (more assets than observations)", () => {
    // Rank-1 covariance: the equivalent form never inverts Sigma.
    const v = [0.1, 0.2, 0.15];
    const sigma = v.map((a) => v.map((b) => a * b));
    const post = blackLitterman({ sigma, q: [0.02, 0, -0.02] });
    post.muBL.forEach((m) => expect(Number.isFinite(m)).toBe(true));
  });

  it("rejects malformed input", () => {
    expect(() => blackLitterman({ sigma: SIGMA_2, q: [0.02] })).toThrow(/q has 1 views but p has 2 rows/);
    expect(() => blackLitterman({ sigma: [[0.04, 0.01]], q: [0.02] })).toThrow(/square/);
    expect(() =>
      blackLitterman({
        sigma: [
          [0, 0],
          [0, 0.09],
        ],
        q: [0, 0],
      }),
    ).toThrow(/positive definite/);
  });
});

describe("weights from the posterior", () => {
  it("2x2 weights = (delta Sigma_BL)^-1 mu_BL normalised", () => {
    // numpy: raw = solve(3 * Sigma_BL, mu_BL) = [0.29840182, 0.06133565]; w = raw / sum(raw)
    const out = blackLittermanPortfolio({ sigma: SIGMA_2, q: [0.02, -0.02], market: { mode: "holdings", holdings: [0.6, 0.4] } });
    expect(out.rawWeights[0]).toBeCloseTo(0.2984018212221548, 13);
    expect(out.rawWeights[1]).toBeCloseTo(0.06133564827263021, 13);
    expect(out.weights[0]).toBeCloseTo(0.829498861047836, 13);
    expect(out.weights[1]).toBeCloseTo(0.17050113895216404, 13);
    expect(out.weightsLongOnly).toEqual(out.weights.map((w) => expect.closeTo(w, 14)));
  });

  it("weights sum to 1 and the long-only variant is non-negative", () => {
    const sigma = [
      [0.04, 0.018, 0.012, 0.01],
      [0.018, 0.0625, 0.02, 0.015],
      [0.012, 0.02, 0.09, 0.03],
      [0.01, 0.015, 0.03, 0.0484],
    ];
    const out = blackLittermanPortfolio({ sigma, decisions: ["BUY", "SELL", "SELL", "HOLD"] });
    expect(out.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    expect(out.weightsLongOnly.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    for (const w of out.weightsLongOnly) expect(w).toBeGreaterThanOrEqual(0);
    // The BUY asset gets the largest weight, a SELL asset the smallest.
    const order = out.weights.map((w, i): [number, number] => [w, i]).sort((a, b) => b[0] - a[0]);
    expect(at(order, 0)[1]).toBe(0);
    // Reverse optimization is exact: mean-variance weights of (pi, Sigma) give back w_mkt = 1/N.
    meanVarianceWeights(out.posterior.pi, sigma, 3).weights.forEach((w) => expect(w).toBeCloseTo(0.25, 13));
    // Views equal to the prior leave the mean at pi (only Sigma_BL changes).
    const neutral = blackLittermanPortfolio({ sigma, q: out.posterior.pi });
    neutral.posterior.muBL.forEach((m, i) => expect(m).toBeCloseTo(at(out.posterior.pi, i), 15));
  });

  it("confidence-scaled views shrink towards the prior", () => {
    const sigma = [
      [0.04, 0],
      [0, 0.09],
    ];
    const full = blackLittermanPortfolio({ sigma, decisions: ["BUY", "HOLD"] });
    const half = blackLittermanPortfolio({
      sigma,
      decisions: ["BUY", "HOLD"],
      viewOptions: { mode: "confidence-scaled", confidences: [0.5, 1] },
    });
    expect(half.posterior.q[0]).toBeCloseTo(0.01, 15);
    expect(half.posterior.muBL[0]).toBeLessThan(at(full.posterior.muBL, 0));
  });
});

describe("calc bl", () => {
  it("returns pi, muBL, sigmaBL, weights and weightsLongOnly", () => {
    const out = calc.run({ sigma: SIGMA_2, wMkt: [0.6, 0.4], q: [0.02, -0.02], delta: 3, tau: 0.025, omegaScale: 0.5 }) as {
      pi: number[];
      muBL: number[];
      sigmaBL: number[][];
      weights: number[];
      weightsLongOnly: number[];
    };
    expect(out.pi[0]).toBeCloseTo(0.084, 15);
    expect(out.muBL[1]).toBeCloseTo(0.025675, 14);
    expect(at2(out.sigmaBL, 1, 1)).toBeCloseTo(0.0907453125, 15);
    expect(out.weights[0]).toBeCloseTo(0.829498861047836, 13);
    expect(out.weightsLongOnly[1]).toBeCloseTo(0.17050113895216404, 13);
  });

  it("names the bad field", () => {
    expect(() => calc.run({ sigma: SIGMA_2, wMkt: [0.6], q: [0, 0] })).toThrow(/"wMkt" has 1 values/);
    expect(() => calc.run({ sigma: SIGMA_2, wMkt: [0.6, 0.4], q: [0] })).toThrow(/"q" has 1 views/);
    expect(() => calc.run({ sigma: [[0.04, "x"]], wMkt: [1], q: [0] })).toThrow(/field "sigma.0.1"/);
  });
});

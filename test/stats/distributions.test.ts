import { describe, expect, it } from "vitest";
import { logGamma, normalCdf, normalInverseCdf, normalPdf, regularizedIncompleteBeta, studentTCdf, studentTTwoSidedP } from "../../src/stats/distributions";

// Reference values produced at dev time with scipy 1.17.1:
//   scipy.stats.norm.cdf / norm.ppf, scipy.stats.t.cdf, 2 * t.sf(|t|), scipy.special.betainc.
describe("normal distribution", () => {
  it("CDF matches scipy to 1e-15 absolute", () => {
    const cases: [number, number][] = [
      [-3, 0.0013498980316300933],
      [-1.5, 0.06680720126885807],
      [-0.3, 0.3820885778110474],
      [0, 0.5],
      [0.7, 0.758036347776927],
      [1.959963984540054, 0.975],
      [4, 0.9999683287581669],
      [9, 1],
    ];
    for (const [x, p] of cases) expect(Math.abs(normalCdf(x) - p)).toBeLessThan(1e-15);
    // Far tail: relative accuracy.
    expect(normalCdf(-8) / 6.22096057427174e-16).toBeCloseTo(1, 6);
  });

  it("CDF is symmetric: Phi(x) + Phi(-x) = 1", () => {
    for (const x of [0.1, 0.5, 1.3, 2.7, 5.5]) expect(normalCdf(x) + normalCdf(-x)).toBeCloseTo(1, 15);
  });

  it("PDF at 0 and 1", () => {
    expect(normalPdf(0)).toBeCloseTo(1 / Math.sqrt(2 * Math.PI), 16);
    expect(normalPdf(1)).toBeCloseTo(0.24197072451914337, 16);
  });

  it("inverse CDF matches scipy and round-trips", () => {
    const cases: [number, number][] = [
      [1e-10, -6.361340902404056],
      [0.001, -3.090232306167813],
      [0.02, -2.053748910631823],
      [0.3, -0.5244005127080409],
      [0.5, 0],
      [0.9, 1.2815515655446004],
      [0.975, 1.959963984540054],
      [0.999, 3.090232306167813],
    ];
    for (const [p, x] of cases) expect(Math.abs(normalInverseCdf(p) - x)).toBeLessThan(1e-9 * Math.max(1, Math.abs(x)));
    for (const p of [0.01, 0.2, 0.5, 0.77, 0.95]) expect(normalCdf(normalInverseCdf(p))).toBeCloseTo(p, 14);
    expect(normalInverseCdf(0)).toBe(-Infinity);
    expect(normalInverseCdf(1)).toBe(Infinity);
    expect(() => normalInverseCdf(1.5)).toThrow(/\[0, 1\]/);
  });
});

describe("incomplete beta and Student t", () => {
  it("logGamma gives log factorials", () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 13);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 13);
    expect(logGamma(101)).toBeCloseTo(363.73937555556347, 9);
  });

  it("regularized incomplete beta matches scipy.special.betainc", () => {
    // I_0.5(2, 3) = 11/16 exactly (binomial identity).
    expect(regularizedIncompleteBeta(0.5, 2, 3)).toBeCloseTo(0.6875, 14);
    expect(regularizedIncompleteBeta(0.1, 0.5, 0.5)).toBeCloseTo(0.20483276469913345, 13);
    expect(regularizedIncompleteBeta(0.9, 10, 2)).toBeCloseTo(0.6973568802000002, 13);
    expect(regularizedIncompleteBeta(0.3, 50, 60) / 0.0003434115187662847).toBeCloseTo(1, 10);
    expect(regularizedIncompleteBeta(0, 2, 3)).toBe(0);
    expect(regularizedIncompleteBeta(1, 2, 3)).toBe(1);
  });

  it("Student t CDF and two-sided p match scipy", () => {
    const cases: [number, number, number, number][] = [
      [2, 10, 0.9633059826146299, 0.07338803477074037],
      [0.5, 3, 0.6742760175759245, 0.651447964848151],
      [-1.2, 7, 0.1345859684136033, 0.2691719368272066],
      [10, 2, 0.9950737714883372, 0.00985245702332569],
      [3.3, 1, 0.9063422290681207, 0.18731554186375868],
      [0.01, 100, 0.5039793948827858, 0.9920412102344285],
    ];
    for (const [t, df, cdf, p] of cases) {
      expect(studentTCdf(t, df)).toBeCloseTo(cdf, 12);
      expect(studentTTwoSidedP(t, df)).toBeCloseTo(p, 12);
    }
  });

  it("t with 1 df is Cauchy: F(t) = 1/2 + atan(t)/pi", () => {
    for (const t of [-3, -0.4, 0.9, 7]) expect(studentTCdf(t, 1)).toBeCloseTo(0.5 + Math.atan(t) / Math.PI, 13);
  });

  it("large df approaches the normal", () => {
    expect(studentTCdf(1.96, 1e7)).toBeCloseTo(normalCdf(1.96), 6);
  });
});

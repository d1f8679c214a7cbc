import { describe, expect, it } from "vitest";
import { ols, olsThroughOrigin } from "../../src/stats/ols";
import { calc } from "../../src/cli/calc/ols";

describe("olsThroughOrigin (statsmodels no-constant conventions)", () => {
  // Hand computation for x = [1,2,3,4], y = [2.1,3.9,6.2,7.8]:
  //   sum x^2 = 30, sum xy = 59.7 -> slope = 1.99
  //   residuals 0.11, -0.08, 0.23, -0.16 -> SSR = 0.097
  //   sigma^2 = 0.097 / 3, se = sqrt(0.097 / 3 / 30) = 0.0328295...
  //   t = 1.99 / se = 60.616..., two-sided p with 3 df
  //   sum y^2 = 118.9 -> uncentered R^2 = 1 - 0.097 / 118.9
  // Cross-checked with numpy/scipy (statsmodels.OLS(y, x).fit() reports the same numbers).
  const fit = olsThroughOrigin([1, 2, 3, 4], [2.1, 3.9, 6.2, 7.8]);

  it("matches the hand-computed fit", () => {
    expect(fit.slope).toBeCloseTo(1.99, 14);
    expect(fit.ssr).toBeCloseTo(0.097, 14);
    expect(fit.se).toBeCloseTo(0.03282952600598706, 14);
    expect(fit.t).toBeCloseTo(60.61616605847697, 10);
    expect(fit.p / 9.891906611799288e-6).toBeCloseTo(1, 9);
    expect(fit.r2).toBeCloseTo(1 - 0.097 / 118.9, 14);
    expect(fit.n).toBe(4);
    expect(fit.dfResid).toBe(3);
  });

  it("R^2 is uncentered, not centered", () => {
    // y = [1, 1.1, 0.9] around a non-zero mean: centered R^2 would be tiny, uncentered is large.
    const r = olsThroughOrigin([1, 1, 1], [1, 1.1, 0.9]);
    expect(r.slope).toBeCloseTo(1, 14);
    expect(r.r2).toBeCloseTo(1 - 0.02 / 3.02, 14);
  });

  it("a negative relation gives a negative t and the same p as its mirror", () => {
    const neg = olsThroughOrigin([1, 2, 3, 4], [-2.1, -3.9, -6.2, -7.8]);
    expect(neg.t).toBeCloseTo(-fit.t, 10);
    expect(neg.p).toBeCloseTo(fit.p, 15);
  });

  it("rejects bad input with the offending index", () => {
    expect(() => olsThroughOrigin([1, 2], [1])).toThrow(/x has 2 values but y has 1/);
    expect(() => olsThroughOrigin([1, NaN], [1, 2])).toThrow(/x\[1\]/);
    expect(() => olsThroughOrigin([0, 0], [1, 2])).toThrow(/all zeros/);
  });

  it("calc ols returns the same numbers and validates input", () => {
    const out = calc.run({ x: [1, 2, 3, 4], y: [2.1, 3.9, 6.2, 7.8] }) as Record<string, number>;
    expect(out.slope).toBeCloseTo(1.99, 14);
    expect(out.se).toBeCloseTo(fit.se, 15);
    expect(out.p).toBeCloseTo(fit.p, 15);
    expect(out.r2).toBeCloseTo(fit.r2, 15);
    expect(() => calc.run({ x: [1, 2], y: [1, "a"] })).toThrow(/field "y.1"/);
    expect(() => calc.run({ x: [1, 2, 3], y: [1, 2] })).toThrow(/"x" has 3 values but "y" has 2/);
  });
});

describe("ols with intercept", () => {
  it("matches numpy least squares with statsmodels inference", () => {
    // Reference: numpy.linalg.lstsq on [1, x], sigma^2 = SSR / (n - 2), cov = sigma^2 (X'X)^-1,
    // p = 2 * scipy.stats.t.sf(|t|, 2); adjR2 = 1 - (n - 1)/(n - 2) (1 - R^2).
    const r = ols([[1], [2], [3], [4]], [3, 5, 7, 9.5]);
    expect(r.coefficients[0]).toBeCloseTo(0.75, 12);
    expect(r.coefficients[1]).toBeCloseTo(2.15, 12);
    expect(r.standardErrors[0]).toBeCloseTo(0.23717082451262803, 12);
    expect(r.standardErrors[1]).toBeCloseTo(0.08660254037844371, 12);
    expect(r.tStats[1]).toBeCloseTo(24.826061575153947, 9);
    expect(r.pValues[0]).toBeCloseTo(0.08712907082472261, 12);
    expect(r.pValues[1]).toBeCloseTo(0.0016185605429700721, 12);
    expect(r.r2).toBeCloseTo(0.9967654986522911, 12);
    expect(r.adjR2).toBeCloseTo(0.9951482479784367, 12);
    expect(r.dfResid).toBe(2);
  });

  it("without intercept reproduces olsThroughOrigin", () => {
    const x = [1, 2, 3, 4];
    const y = [2.1, 3.9, 6.2, 7.8];
    const general = ols(
      x.map((v) => [v]),
      y,
      { intercept: false },
    );
    const simple = olsThroughOrigin(x, y);
    expect(general.coefficients[0]).toBeCloseTo(simple.slope, 13);
    expect(general.standardErrors[0]).toBeCloseTo(simple.se, 13);
    expect(general.pValues[0]).toBeCloseTo(simple.p, 13);
    expect(general.r2).toBeCloseTo(simple.r2, 13);
  });

  it("recovers an exact two-regressor plane and rejects collinearity", () => {
    const X: Array<[number, number]> = [
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 5],
    ];
    const y = X.map(([a, b]) => 1 + 2 * a - 3 * b);
    const r = ols(X, y);
    expect(r.coefficients[0]).toBeCloseTo(1, 10);
    expect(r.coefficients[1]).toBeCloseTo(2, 10);
    expect(r.coefficients[2]).toBeCloseTo(-3, 10);
    expect(r.ssr).toBeLessThan(1e-20);
    expect(() =>
      ols(
        [
          [1, 2],
          [2, 4],
          [3, 6],
        ],
        [1, 2, 3],
      ),
    ).toThrow(/rank deficient/);
  });
});

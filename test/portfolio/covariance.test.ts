import { describe, expect, it } from "vitest";
import { isSpd } from "../../src/stats/linalg";
import { ledoitWolf, sampleCovariance, sampleCovarianceOfColumns, simpleReturns, trailingWindow } from "../../src/portfolio";
import { at, at2 } from "../helpers/checked";

// 8 days x 3 assets of returns used for the numpy references below.
const R = [
  [0.01, 0.02, -0.005],
  [-0.012, 0.004, 0.01],
  [0.003, -0.008, 0.002],
  [0.02, 0.011, -0.004],
  [-0.006, -0.002, 0.007],
  [0.009, 0.015, -0.01],
  [-0.004, 0.001, 0.003],
  [0.011, -0.003, 0.006],
];

describe("returns and windows", () => {
  it("simple returns", () => {
    const r = simpleReturns([100, 110, 99]);
    expect(r[0]).toBeCloseTo(0.1, 15);
    expect(r[1]).toBeCloseTo(-0.1, 15);
    expect(() => simpleReturns([100, 0, 5])).toThrow(/index 1/);
  });

  it("the trailing window excludes the decision date", () => {
    const dates = ["2025-01-02", "2025-01-03", "2025-01-06", "2025-01-07", "2025-01-08"];
    expect(trailingWindow(dates, "2025-01-07", 2)).toEqual({ start: 0, end: 3 });
    // A decision date that is not a trading day: everything strictly before it.
    expect(trailingWindow(dates, "2025-01-07T00:00", 2)).toEqual({ start: 1, end: 4 });
    expect(trailingWindow(dates, "2025-01-09", 4)).toEqual({ start: 0, end: 5 });
    expect(trailingWindow(dates, "2025-01-06", 2)).toBeNull();
  });
});

describe("sample covariance", () => {
  it("equals numpy.cov(ddof=1) * 252", () => {
    // numpy: np.cov(R.T, ddof=1) * 252
    const cov = sampleCovariance(R);
    expect(at2(cov, 0, 0)).toBeCloseTo(0.028327500000000005, 15);
    expect(at2(cov, 0, 1)).toBeCloseTo(0.011186999999999999, 15);
    expect(at2(cov, 0, 2)).toBeCloseTo(-0.012847500000000003, 15);
    expect(at2(cov, 1, 1)).toBeCloseTo(0.023741999999999996, 15);
    expect(at2(cov, 1, 2)).toBeCloseTo(-0.012303, 15);
    expect(at2(cov, 2, 2)).toBeCloseTo(0.0118395, 15);
    expect(at2(cov, 2, 0)).toBe(at2(cov, 0, 2));
  });

  it("column input, no annualization, and validation", () => {
    const cols = [0, 1, 2].map((j) => Float64Array.from(R, (row) => at(row, j)));
    const a = sampleCovarianceOfColumns(cols, { annualize: 1 });
    expect(at2(a, 0, 1) * 252).toBeCloseTo(0.011186999999999999, 15);
    expect(() =>
      sampleCovariance([
        [0.01, NaN],
        [0.02, 0.01],
      ]),
    ).toThrow(/asset 1 at period 0/);
  });
});

describe("Ledoit-Wolf shrinkage", () => {
  it("identity target matches the scikit-learn ledoit_wolf formula", () => {
    // numpy re-implementation of sklearn.covariance.ledoit_wolf (demeaned, divisor T) * 252.
    const lw = ledoitWolf(R, { target: "identity" });
    expect(lw.shrinkage).toBeCloseTo(0.2871612373930977, 12);
    expect(at2(lw.covariance, 0, 0)).toBeCloseTo(0.023021543901940666, 14);
    expect(at2(lw.covariance, 0, 1)).toBeCloseTo(0.006977711332622989, 14);
    expect(at2(lw.covariance, 2, 2)).toBeCloseTo(0.012737419073810884, 14);
  });

  it("constant-correlation target matches Ledoit & Wolf (2004)", () => {
    // numpy matrix-form implementation of "Honey, I shrunk the sample covariance matrix" * 252.
    const lw = ledoitWolf(R);
    expect(lw.target).toBe("constant-correlation");
    expect(lw.shrinkage).toBeCloseTo(0.11760349317233822, 12);
    expect(at2(lw.covariance, 0, 1)).toBeCloseTo(0.007744363614046381, 14);
    expect(at2(lw.covariance, 1, 2)).toBeCloseTo(-0.010076480138591587, 14);
    expect(at2(lw.covariance, 2, 2)).toBeCloseTo(0.0103595625, 14);
    expect(isSpd(lw.covariance)).toBe(true);
  });

  it("makes a singular sample covariance positive definite", () => {
    // 3 observations of 4 assets: the sample covariance has rank 2.
    const few = [
      [0.01, 0.02, -0.01, 0.004],
      [-0.01, 0.0, 0.02, -0.003],
      [0.005, -0.015, 0.01, 0.012],
    ];
    expect(isSpd(sampleCovariance(few))).toBe(false);
    const lw = ledoitWolf(few, { target: "identity" });
    expect(lw.shrinkage).toBeGreaterThan(0);
    expect(isSpd(lw.covariance)).toBe(true);
  });
});

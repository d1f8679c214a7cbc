import { describe, expect, it } from "vitest";
import * as ss from "simple-statistics";
import { correlation, covariance, kurtosis, max, mean, min, quantile, skewness, std, sum, variance } from "../../src/stats/descriptive";

describe("descriptive statistics", () => {
  const data = [2, 4, 4, 4, 5, 5, 7, 9];

  it("mean, variance and std with ddof", () => {
    expect(mean(data)).toBe(5);
    expect(variance(data)).toBe(4); // population: sum of squares 32 / 8
    expect(std(data)).toBe(2);
    expect(variance(data, 1)).toBeCloseTo(32 / 7, 15);
    expect(std(Float64Array.from(data), 1)).toBeCloseTo(Math.sqrt(32 / 7), 15);
    expect(variance([1], 1)).toBeNaN();
    expect(mean([])).toBeNaN();
  });

  it("agrees with simple-statistics", () => {
    const xs = [0.013, -0.021, 0.004, 0.017, -0.008, 0.002, 0.011, -0.015, 0.006];
    expect(variance(xs, 1)).toBeCloseTo(ss.sampleVariance(xs), 16);
    expect(std(xs)).toBeCloseTo(ss.standardDeviation(xs), 16);
    expect(
      covariance(
        xs,
        xs.map((x) => 2 * x + 1),
        1,
      ),
    ).toBeCloseTo(
      ss.sampleCovariance(
        xs,
        xs.map((x) => 2 * x + 1),
      ),
      16,
    );
  });

  it("compensated sum keeps precision", () => {
    const values = [1e16, 1, -1e16];
    expect(sum(values)).toBe(1);
    expect(sum([0.1, 0.2, 0.3])).toBe(0.6);
  });

  it("skewness and Pearson kurtosis (scipy bias=True, fisher=False)", () => {
    // devs of [1,2,3,10] from mean 4: -3,-2,-1,6 -> m2 = 12.5, m3 = 45 -> 45 / 12.5^1.5
    expect(skewness([1, 2, 3, 10])).toBeCloseTo(1.0182337649086284, 14);
    // devs of [1,2,3,4]: m2 = 1.25, m4 = 2.5625 -> 2.5625 / 1.5625 = 1.64
    expect(kurtosis([1, 2, 3, 4])).toBeCloseTo(1.64, 14);
    expect(skewness([1, 2, 3])).toBeCloseTo(0, 15);
    expect(skewness([5, 5, 5])).toBeNaN();
  });

  it("quantile uses numpy's linear interpolation", () => {
    // numpy.percentile([1,2,3,4], [5, 25, 50, 90]) = [1.15, 1.75, 2.5, 3.7]
    expect(quantile([4, 1, 3, 2], 0.05)).toBeCloseTo(1.15, 15);
    expect(quantile([1, 2, 3, 4], 0.25)).toBeCloseTo(1.75, 15);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.9)).toBeCloseTo(3.7, 15);
    expect(quantile([1, 2, 3, 4], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
    expect(() => quantile([1], 2)).toThrow();
  });

  it("min, max, covariance, correlation", () => {
    expect(min([3, -1, 2])).toBe(-1);
    expect(max(Float64Array.of(3, -1, 2))).toBe(3);
    expect(min([1, NaN, 0])).toBeNaN();
    expect(covariance([1, 2, 3], [1, 2, 4])).toBeCloseTo(1.5, 15);
    expect(correlation([1, 2, 3], [6, 4, 2])).toBeCloseTo(-1, 15);
    expect(correlation([1, 1, 1], [1, 2, 3])).toBeNaN();
  });
});

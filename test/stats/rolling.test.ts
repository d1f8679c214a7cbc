import { describe, expect, it } from "vitest";
import { rollingApply, rollingMean, rollingStd, rollingSum, rollingVariance } from "../../src/stats/rolling";
import { at } from "../helpers/checked";

function expectSeries(actual: ArrayLike<number>, expected: (number | null)[], digits = 12): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((e, i) => {
    if (e === null) expect(actual[i], `index ${i}`).toBeNaN();
    else expect(actual[i], `index ${i}`).toBeCloseTo(e, digits);
  });
}

describe("rolling windows (pandas rolling semantics)", () => {
  it("NaN until the window fills, then trailing values only", () => {
    expectSeries(rollingSum([1, 2, 3, 4], 2), [null, 3, 5, 7]);
    expectSeries(rollingMean([1, 2, 3, 4], 2), [null, 1.5, 2.5, 3.5]);
    // [1,2,4]: mean 7/3, var (16+1+25)/9/2 = 7/3; [2,4,8]: var (64+4+100)/9/2 = 28/3
    expectSeries(rollingVariance([1, 2, 4, 8], 3), [null, null, 7 / 3, 28 / 3]);
    expectSeries(rollingStd([1, 2, 4, 8], 3), [null, null, Math.sqrt(7 / 3), Math.sqrt(28 / 3)]);
  });

  it("minPeriods allows partial windows (stockstats' min_periods=1)", () => {
    expectSeries(rollingMean([1, 2, 3, 4], 3, { minPeriods: 1 }), [1, 1.5, 2, 3]);
    // A single value has no sample std.
    expectSeries(rollingStd([1, 2, 3], 3, { minPeriods: 1 }), [null, Math.SQRT1_2, 1]);
    expectSeries(rollingStd([1, 2, 3], 3, { minPeriods: 1, ddof: 0 }), [0, 0.5, Math.sqrt(2 / 3)]);
  });

  it("skips NaN inputs and counts only valid observations", () => {
    expectSeries(rollingMean([1, NaN, 3, 5], 2), [null, null, null, 4]);
    expectSeries(rollingMean([1, NaN, 3, 5], 2, { minPeriods: 1 }), [1, 1, 3, 4]);
  });

  it("constant windows have zero std", () => {
    expectSeries(rollingStd([2, 2, 2, 2], 3), [null, null, 0, 0]);
  });

  it("rollingApply passes the valid window values oldest first", () => {
    expectSeries(
      rollingApply([1, 2, 4, 7], 2, (w) => at(w, w.length - 1) - at(w, 0)),
      [null, 1, 2, 3],
    );
  });

  it("rejects bad windows", () => {
    expect(() => rollingMean([1, 2], 0)).toThrow(/window/);
    expect(() => rollingMean([1, 2], 2, { minPeriods: 3 })).toThrow(/minPeriods/);
  });
});

import { describe, expect, it } from "vitest";
import { applyBounds, longOnly, marketWeights, meanVarianceWeights, turnover, viewsFromDecisions } from "../../src/portfolio";
import { at } from "../helpers/checked";

describe("views and market weights", () => {
  it("maps BUY / HOLD / SELL to +0.02 / 0 / -0.02", () => {
    expect(Array.from(viewsFromDecisions(["BUY", "HOLD", "SELL"]))).toEqual([0.02, 0, -0.02]);
    expect(Array.from(viewsFromDecisions(["BUY", "SELL"], { magnitude: 0.05 }))).toEqual([0.05, -0.05]);
    expect(Array.from(viewsFromDecisions(["BUY", "SELL"], { mode: "confidence-scaled", confidences: [0.5, 0.25] }))).toEqual([0.01, -0.005]);
    expect(() => viewsFromDecisions(["BUY"], { mode: "confidence-scaled" })).toThrow(/confidences/);
    expect(() => viewsFromDecisions(["MAYBE" as never])).toThrow(/BUY, HOLD or SELL/);
  });

  it("market weights: caps, holdings (1/N when flat), equal", () => {
    expect(Array.from(marketWeights(2, { mode: "market-cap", marketCaps: [3, 1] }))).toEqual([0.75, 0.25]);
    const held = marketWeights(2, { mode: "holdings", holdings: [0.2, 0.6] });
    expect(held[0]).toBeCloseTo(0.25, 15);
    expect(held[1]).toBeCloseTo(0.75, 15);
    expect(Array.from(marketWeights(4, { mode: "holdings", holdings: [0, 0, 0, 0] }))).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(Array.from(marketWeights(2))).toEqual([0.5, 0.5]);
    expect(() => marketWeights(2, { mode: "market-cap", marketCaps: [1, -1] })).toThrow(/marketCaps\[1\]|market-cap\[1\]/);
  });
});

describe("mean-variance weights", () => {
  it("diagonal case by hand", () => {
    // raw = mu / (3 sigma^2) = [0.03/0.12, 0.03/0.27] = [0.25, 0.1111]; w = raw / 0.3611
    const { raw, weights } = meanVarianceWeights(
      [0.03, 0.03],
      [
        [0.04, 0],
        [0, 0.09],
      ],
      3,
    );
    expect(raw[0]).toBeCloseTo(0.25, 15);
    expect(raw[1]).toBeCloseTo(1 / 9, 15);
    expect(weights[0]).toBeCloseTo(0.25 / (0.25 + 1 / 9), 15);
    expect(at(weights, 0) + at(weights, 1)).toBeCloseTo(1, 15);
  });
});

describe("long-only and bounds", () => {
  it("clips negatives and renormalises", () => {
    const w = longOnly([0.5, -0.2, 0.7]);
    expect(w[0]).toBeCloseTo(0.5 / 1.2, 15);
    expect(w[1]).toBe(0);
    expect(w[2]).toBeCloseTo(0.7 / 1.2, 15);
  });

  it("all-negative fallbacks: equal (default), prior, cash", () => {
    expect(longOnly([-1, -2])).toEqual([0.5, 0.5]);
    expect(longOnly([-1, -2], { fallback: "prior", prior: [0.3, 0.7] })).toEqual([0.3, 0.7]);
    expect(longOnly([-1, -2], { fallback: "cash" })).toEqual([0, 0]);
  });

  it("bounds redistribute in proportion to the free weights", () => {
    // clip 0.7 -> 0.5; the gap 0.2 goes to [0.2, 0.1] in ratio 2:1 -> [0.3333, 0.1667]
    const w = applyBounds([0.7, 0.2, 0.1], 0, 0.5);
    expect(w[0]).toBeCloseTo(0.5, 15);
    expect(w[1]).toBeCloseTo(1 / 3, 14);
    expect(w[2]).toBeCloseTo(1 / 6, 14);
    // A cascade: the second asset also hits the cap after redistribution.
    const cascade = applyBounds([0.6, 0.35, 0.05], 0, 0.4);
    expect(cascade[0]).toBeCloseTo(0.4, 14);
    expect(cascade[1]).toBeCloseTo(0.4, 14);
    expect(cascade[2]).toBeCloseTo(0.2, 14);
    // Lower bounds lift small weights and take weight from the others.
    const lifted = applyBounds([0.9, 0.1, 0], 0.1, 1);
    expect(lifted.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    for (const v of lifted) expect(v).toBeGreaterThanOrEqual(0.1 - 1e-15);
    expect(() => applyBounds([0.5, 0.5], 0, 0.4)).toThrow(/infeasible/);
    const bounded = longOnly([0.9, 0.05, 0.05], { upper: 0.5 });
    expect(Math.max(...bounded)).toBeCloseTo(0.5, 14);
  });

  it("turnover is the two-sided sum of weight changes", () => {
    expect(turnover([0.5, 0.5], [0.2, 0.8])).toBeCloseTo(0.6, 15);
    expect(turnover([1, 0], [0, 1])).toBe(2);
  });
});

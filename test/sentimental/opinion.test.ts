import { describe, expect, it } from "vitest";
import { opinionPath, shouldStop, updateOpinion } from "../../src/sentimental/opinion";

describe("non-Bayesian update (eq. 4) and change (eq. 5)", () => {
  it("mixes the statement sentiment with the prior", () => {
    const u = updateOpinion(0, 0.8, 0.5);
    expect(u.opinion).toBeCloseTo(0.4, 15);
    expect(u.change).toBeCloseTo(0.4, 15);
    const v = updateOpinion(0.4, -0.2, 0.5);
    expect(v.opinion).toBeCloseTo(0.1, 15);
    expect(v.change).toBeCloseTo(0.3, 15);
    expect(v.signedChange).toBeCloseTo(-0.3, 15);
  });
  it("follows a hand-computed path from the prior 0", () => {
    // alpha 0.3: 0.3*0.5 = 0.15; 0.3*(-0.5) + 0.7*0.15 = -0.045; 0.3*1 + 0.7*(-0.045) = 0.2685
    const path = opinionPath([0.5, -0.5, 1], 0.3);
    expect(path.map((u) => u.opinion)).toEqual([expect.closeTo(0.15, 12), expect.closeTo(-0.045, 12), expect.closeTo(0.2685, 12)]);
    expect(path.map((u) => u.change)).toEqual([expect.closeTo(0.15, 12), expect.closeTo(0.195, 12), expect.closeTo(0.3135, 12)]);
  });
  it("clips to [-1, 1]", () => {
    expect(updateOpinion(0.8, 3, 0.5).opinion).toBe(1);
    expect(updateOpinion(0.8, 3, 0.5).change).toBeCloseTo(0.2, 15);
    expect(updateOpinion(-0.9, -5, 0.5).opinion).toBe(-1);
  });
  it("alpha 1 keeps only the newest statement, alpha 0 never moves", () => {
    expect(updateOpinion(0.7, -0.2, 1).opinion).toBeCloseTo(-0.2, 15);
    expect(updateOpinion(0.7, -0.2, 0).opinion).toBeCloseTo(0.7, 15);
  });
  it("rejects alpha outside [0, 1]", () => {
    expect(() => updateOpinion(0, 0.5, 1.2)).toThrow(/alpha/);
  });
});

describe("stop rules", () => {
  it("all-below-tolerance (Algorithm 1) needs every agent below the tolerance", () => {
    expect(shouldStop([0.001, 0.2], 0.01, "all-below-tolerance", 2, 5)).toBe(false);
    expect(shouldStop([0.001, 0.002], 0.01, "all-below-tolerance", 2, 5)).toBe(true);
  });
  it("first-below-tolerance (authors' code) stops on any agent below the tolerance", () => {
    expect(shouldStop([0.001, 0.2], 0.01, "first-below-tolerance", 2, 5)).toBe(true);
    expect(shouldStop([0.1, 0.2], 0.01, "first-below-tolerance", 2, 5)).toBe(false);
  });
  it("always stops at max rounds; the tolerance comparison is strict", () => {
    expect(shouldStop([0.3, 0.2], 0.01, "all-below-tolerance", 5, 5)).toBe(true);
    expect(shouldStop([0.01], 0.01, "all-below-tolerance", 1, 5)).toBe(false);
  });
  it("hand-computed sequences: when each rule ends the conversation", () => {
    // A always says 0.6, B always 0 (alpha 0.5, tolerance 0.01, max 10 rounds):
    // A's changes 0.3, 0.15, 0.075, 0.0375, 0.01875, 0.009375; B's are all 0.
    const stopRound = (rule: "all-below-tolerance" | "first-below-tolerance") => {
      let a = 0,
        b = 0;
      for (let round = 1; ; round++) {
        const ua = updateOpinion(a, 0.6, 0.5),
          ub = updateOpinion(b, 0, 0.5);
        a = ua.opinion;
        b = ub.opinion;
        if (shouldStop([ua.change, ub.change], 0.01, rule, round, 10)) return round;
      }
    };
    expect(stopRound("all-below-tolerance")).toBe(6);
    expect(stopRound("first-below-tolerance")).toBe(1);
  });
});

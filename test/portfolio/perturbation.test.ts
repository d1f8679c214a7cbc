import { describe, expect, it } from "vitest";
import { flipView, perturbViews } from "../../src/portfolio";
import { at } from "../helpers/checked";

const TICKERS = ["WAB", "SPY", "XLI", "AAPL"];
// Annualized covariance: WAB correlated with XLI (industrials) and SPY.
const SIGMA = [
  [0.09, 0.03, 0.045, 0.02],
  [0.03, 0.04, 0.035, 0.03],
  [0.045, 0.035, 0.05, 0.025],
  [0.02, 0.03, 0.025, 0.0784],
];

describe("view perturbation (the paper's WAB case)", () => {
  it("default flips", () => {
    expect(flipView("BUY")).toBe("HOLD");
    expect(flipView("SELL")).toBe("HOLD");
    expect(flipView("HOLD")).toBe("BUY");
  });

  it("downgrading BUY -> HOLD lowers that asset's weight and mean, weights still sum to 1", () => {
    const result = perturbViews({ tickers: TICKERS, sigma: SIGMA, decisions: ["BUY", "HOLD", "HOLD", "HOLD"], ticker: "WAB" });
    expect(result.from).toBe("BUY");
    expect(result.to).toBe("HOLD");
    const wab = result.shifts.find((s) => s.ticker === "WAB");
    expect(wab?.delta).toBeLessThan(0);
    expect(result.muShift[0]).toBeLessThan(0);
    // Freed weight goes elsewhere: the shifts sum to zero.
    expect(result.shifts.reduce((a, s) => a + s.delta, 0)).toBeCloseTo(0, 14);
    expect(result.perturbed.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    // Shifts are sorted by magnitude.
    for (let i = 1; i < result.shifts.length; i++) {
      expect(Math.abs(at(result.shifts, i - 1).delta)).toBeGreaterThanOrEqual(Math.abs(at(result.shifts, i).delta));
    }
    expect(result.turnover).toBeCloseTo(
      result.shifts.reduce((a, s) => a + Math.abs(s.delta), 0),
      15,
    );
  });

  it("upgrading SELL -> HOLD raises the weight", () => {
    const result = perturbViews({ tickers: TICKERS, sigma: SIGMA, decisions: ["SELL", "BUY", "HOLD", "BUY"], ticker: "WAB", to: "HOLD" });
    expect(result.shifts.find((s) => s.ticker === "WAB")?.delta).toBeGreaterThan(0);
  });

  it("a larger omegaScale (less confident views) moves weights toward the prior", () => {
    const base = perturbViews({
      tickers: TICKERS,
      sigma: SIGMA,
      decisions: ["BUY", "HOLD", "HOLD", "HOLD"],
      ticker: "WAB",
      omegaScaleTo: 50,
      longOnly: false,
    });
    expect(base.to).toBe("BUY");
    // With equal market weights the prior portfolio is 1/N; the BUY tilt on WAB shrinks.
    expect(base.perturbed[0]).toBeLessThan(at(base.baseline, 0));
    expect(Math.abs(at(base.perturbed, 0) - 0.25)).toBeLessThan(Math.abs(at(base.baseline, 0) - 0.25));
  });

  it("rejects an unknown ticker", () => {
    expect(() => perturbViews({ tickers: TICKERS, sigma: SIGMA, decisions: ["BUY", "HOLD", "HOLD", "HOLD"], ticker: "MSFT" })).toThrow(/MSFT is not among/);
  });
});

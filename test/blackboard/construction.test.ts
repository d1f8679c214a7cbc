/**
 * Portfolio construction of one rebalance (construction.ts through
 * `allocate`) on the bundled market, against independent computations: the
 * textbook Black-Litterman formula with explicit inverses (ml-matrix), the
 * prior when no ticker has a view, the KKT conditions of the optimiser, and
 * the sizing rule.
 */
import { inverse, Matrix } from "ml-matrix";
import { describe, expect, it } from "vitest";
import { alignSeries, eligibleTickers } from "../../src/backtest/index";
import { allocate, covarianceFor, trailingReturnColumns, type AllocatorOptions, type Decision } from "../../src/blackboard/allocator";
import { applySizing } from "../../src/blackboard/construction";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { longOnlyBounds, longOnlyKkt } from "../../src/portfolio/index";

const data = DataFolder.open(bundledDataDir());
const tickers = data
  .tickers()
  .filter((t) => data.tickerInfo(t).type === "stock")
  .slice(0, 10);
const market = alignSeries(
  data.calendar(),
  tickers.map((t) => data.prices(t)),
);
const t = market.dates.indexOf("2025-04-15");
const eligible = eligibleTickers(market, t, 252);
const n = eligible.length;
const actions = ["BUY", "HOLD", "SELL", "BUY", "SELL"] as const;
const decisions: Decision[] = eligible.map((_, k) => ({ action: actions[k % actions.length]!, confidence: 0.3 + 0.05 * k }));
const base: AllocatorOptions = { lookback: 252, delta: 3, tau: 0.025, omegaScale: 0.5, longOnly: "clip", viewMode: "fixed", marketWeights: "equal" };
const sigmaRows = covarianceFor(trailingReturnColumns(market, eligible, t, 252), "sample");

/** The textbook posterior: mu = [(tau S)^-1 + P' W^-1 P]^-1 [(tau S)^-1 pi + P' W^-1 q], Sigma_BL = S + that inverse. */
function textbook(q: number[], viewed: boolean[], omega: number[], wMkt: number[]) {
  const s = new Matrix(sigmaRows);
  const pi = s.mmul(Matrix.columnVector(wMkt)).mul(3);
  const rows = viewed.flatMap((v, i) => (v ? [i] : []));
  const p = new Matrix(rows.length, n);
  rows.forEach((i, r) => p.set(r, i, 1));
  const wInv = Matrix.diag(rows.map((i) => 1 / omega[i]!));
  const tsInv = inverse(s.clone().mul(0.025));
  const m = inverse(tsInv.clone().add(p.transpose().mmul(wInv).mmul(p)));
  const mu = m.mmul(
    tsInv.mmul(pi).add(
      p
        .transpose()
        .mmul(wInv)
        .mmul(Matrix.columnVector(rows.map((i) => q[i]!))),
    ),
  );
  return { mu: mu.to1DArray(), sigmaBL: s.clone().add(m) };
}

function clipped(mu: number[], sigmaBL: Matrix): number[] {
  const raw = inverse(sigmaBL.clone().mul(3)).mmul(Matrix.columnVector(mu)).to1DArray();
  const pos = raw.map((w) => Math.max(0, w));
  const total = pos.reduce((a, b) => a + b, 0);
  return pos.map((w) => w / total);
}

const maxAbsDiff = (a: readonly number[], b: readonly number[]) => Math.max(...a.map((x, i) => Math.abs(x - b[i]!)));

describe("one rebalance's construction against the textbook formula", () => {
  it("the paper's views on every ticker: clipped BL weights (and not 1/N)", () => {
    const a = allocate(market, t, eligible, decisions, base, null);
    const q = decisions.map((d) => ({ BUY: 0.02, HOLD: 0, SELL: -0.02 })[d.action]);
    const omega = sigmaRows.map((row, i) => 0.5 * 0.025 * row[i]!);
    const ref = textbook(q, new Array(n).fill(true), omega, new Array(n).fill(1 / n));
    expect(maxAbsDiff(a.muBL, ref.mu)).toBeLessThan(1e-12);
    expect(maxAbsDiff(a.weights, clipped(ref.mu, ref.sigmaBL))).toBeLessThan(1e-9);
    expect(maxAbsDiff(a.weights, new Array(n).fill(1 / n))).toBeGreaterThan(0.02);
    expect(a.omega).toEqual(omega.map((x) => expect.closeTo(x, 15)));
  });

  it("holdView=none: a HOLD has no view; all HOLD leaves exactly the prior (clip)", () => {
    const withNone = allocate(market, t, eligible, decisions, { ...base, holdView: "none" }, null);
    const q = decisions.map((d) => ({ BUY: 0.02, HOLD: 0, SELL: -0.02 })[d.action]);
    const viewed = decisions.map((d) => d.action !== "HOLD");
    const omega = sigmaRows.map((row, i) => 0.5 * 0.025 * row[i]!);
    const ref = textbook(q, viewed, omega, new Array(n).fill(1 / n));
    expect(withNone.viewed).toEqual(viewed);
    expect(maxAbsDiff(withNone.muBL, ref.mu)).toBeLessThan(1e-12);
    expect(withNone.q.filter((x, i) => !viewed[i]).every(Number.isNaN)).toBe(true);

    const allHold = eligible.map(() => ({ action: "HOLD" as const, confidence: 0.5 }));
    const prior = [0.3, ...new Array(n - 1).fill(0.7 / (n - 1))];
    const current = new Float64Array(market.tickers.length);
    eligible.forEach((i, k) => (current[i] = prior[k]!));
    const none = allocate(market, t, eligible, allHold, { ...base, holdView: "none", marketWeights: "holdings" }, current);
    expect(maxAbsDiff(none.weights, prior)).toBeLessThan(1e-12);
    // The paper's HOLD = 0 % view pulls every posterior mean to 0 and the book away from the prior.
    const zero = allocate(market, t, eligible, allHold, { ...base, marketWeights: "holdings" }, current);
    expect(zero.weights.reduce((s, w, i) => s + Math.abs(w - prior[i]!), 0)).toBeGreaterThan(0.1);
  });

  it("viewMode=omega: Omega_ii = c tau Sigma_ii / max(C, 0.05) enters the posterior", () => {
    const a = allocate(market, t, eligible, decisions, { ...base, viewMode: "omega" }, null);
    const omega = sigmaRows.map((row, i) => (0.5 * 0.025 * row[i]!) / Math.max(decisions[i]!.confidence, 0.05));
    const q = decisions.map((d) => ({ BUY: 0.02, HOLD: 0, SELL: -0.02 })[d.action]);
    const ref = textbook(q, new Array(n).fill(true), omega, new Array(n).fill(1 / n));
    expect(maxAbsDiff(a.omega, omega)).toBeLessThan(1e-15);
    expect(maxAbsDiff(a.muBL, ref.mu)).toBeLessThan(1e-12);
  });

  it("viewMode=confidence scales Q by C, and viewSize sets the magnitude", () => {
    const a = allocate(market, t, eligible, decisions, { ...base, viewMode: "confidence", viewSize: 0.05 }, null);
    expect(a.q).toEqual(decisions.map((d) => ({ BUY: 0.05, HOLD: 0, SELL: -0.05 })[d.action] * d.confidence));
  });

  it("longOnly=optimize with bounds and a turnover penalty meets the KKT conditions of its problem", () => {
    const current = new Float64Array(market.tickers.length);
    eligible.forEach((i, k) => (current[i] = 1 / n + (k % 2 ? 0.01 : -0.01)));
    for (const extra of [{}, { maxWeight: 0.2 }, { maxWeight: 0.25, minWeight: 0.02, turnoverPenalty: 0.003 }]) {
      const options = { ...base, longOnly: "optimize" as const, ...extra };
      const a = allocate(market, t, eligible, decisions, options, current);
      const { lower, upper } = longOnlyBounds(n, options);
      const previous = eligible.map((i) => current[i]!);
      const kkt = longOnlyKkt({ mu: a.muBL, sigma: a.sigmaBL, n, delta: 3, lower, upper, turnoverPenalty: options.turnoverPenalty ?? 0, previous }, a.weights);
      expect(kkt.primal).toBeLessThan(1e-12);
      expect(kkt.dual).toBeLessThan(1e-12);
      expect(Math.max(...a.weights)).toBeLessThanOrEqual((options.maxWeight ?? 1) + 1e-12);
    }
  });

  it("names the date and the fix when the bounds are infeasible", () => {
    expect(() => allocate(market, t, eligible, decisions, { ...base, maxWeight: 0.05 }, null)).toThrow(
      new RegExp(`infeasible weight bounds on 2025-04-15 \\(${n} eligible tickers\\): ${n} assets x maxWeight 0.05`),
    );
  });

  it("sizing scales each weight by the thread's size and leaves the rest in cash", () => {
    expect(applySizing([0.6, 0.4], [0.5, 1])).toEqual([0.3, 0.4]);
    expect(applySizing([0.6, 0.4], [2, 2])).toEqual([0.6, 0.4]);
    expect(applySizing([0.3, 0.7], [2, 1], 0.5)).toEqual([expect.closeTo(0.6 / 1.3, 15), 0.5]);
    const sized = decisions.map((d, k) => ({ ...d, size: k % 2 ? 0.5 : 1 }));
    const a = allocate(market, t, eligible, sized, { ...base, sizing: true }, null);
    expect(a.weights).toEqual(a.bookWeights.map((w, k) => w * (k % 2 ? 0.5 : 1)));
    expect(a.fullWeights.reduce((s, w) => s + w, 0)).toBeLessThan(1);
  });
});

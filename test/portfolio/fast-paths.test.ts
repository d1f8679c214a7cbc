/**
 * The fast paths of the Black-Litterman backtest against the straightforward
 * formulas: the rolling covariance (TrailingCovariance) against a fresh
 * two-pass sample covariance of every window, the P = I / diagonal-Omega
 * posterior (M = Omega - Omega A^-1 Omega) against the general form
 * (M = tau Sigma - tau Sigma A^-1 tau Sigma), the flat mean-variance solve
 * against the ml-matrix one, and the allocator's rule against per-day `allocate`.
 */
import { describe, expect, it } from "vitest";
import { Matrix, inverse } from "ml-matrix";
import { runBacktest, type AlignedMarket } from "../../src/backtest/engine";
import { allocate, blWeightRule, trailingReturnColumns, type AllocatorOptions, type Decision } from "../../src/blackboard/allocator";
import {
  absoluteViewsPosterior,
  blackLitterman,
  meanVarianceWeights,
  meanVarianceWeightsDense,
  sampleCovarianceOfColumns,
  TrailingCovariance,
} from "../../src/portfolio";
import { Rng } from "../../src/stats/rng";

/** Seeded one-factor market; `drift` adds a trend so that window means are large relative to the noise. */
function market(seed: number, n: number, days: number, drift = 0.0004): AlignedMarket {
  const rng = new Rng(seed);
  const factor = Array.from({ length: days }, () => rng.normal(drift, 0.01));
  const close = Array.from({ length: n }, () => {
    const beta = rng.uniform(0.5, 1.5);
    const idio = rng.uniform(0.005, 0.02);
    const col = new Float64Array(days);
    col[0] = 100;
    for (let t = 1; t < days; t++) col[t] = col[t - 1]! * (1 + beta * factor[t]! + rng.normal(0, idio));
    return col;
  });
  const dates = Array.from({ length: days }, (_, t) => `D${String(t).padStart(5, "0")}`);
  return { dates, tickers: close.map((_, i) => `T${i}`), close };
}

function flat(rows: number[][]): Float64Array {
  return Float64Array.from(rows.flat());
}

/** max_ij |a_ij - b_ij| / sqrt(b_ii b_jj): the error on the correlation scale. */
function scaledError(a: Float64Array, b: Float64Array, n: number): number {
  let worst = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) worst = Math.max(worst, Math.abs(a[i * n + j]! - b[i * n + j]!) / Math.sqrt(b[i * n + i]! * b[j * n + j]!));
  }
  return worst;
}

function maxRelative(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let scale = 0;
  for (let i = 0; i < b.length; i++) scale = Math.max(scale, Math.abs(b[i]!));
  let worst = 0;
  for (let i = 0; i < b.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / scale);
  return worst;
}

describe("TrailingCovariance (rolling sums, re-anchored every 63 days by default)", () => {
  const m = market(11, 12, 700);
  const assets = m.tickers.map((_, i) => i);
  const direct = (t: number, lookback: number): Float64Array => flat(sampleCovarianceOfColumns(trailingReturnColumns(m, assets, t, lookback)));

  it("equals the direct two-pass covariance of every daily window to 1e-12 (and bit for bit on anchor days)", () => {
    const rolling = new TrailingCovariance({ lookback: 252 });
    let worst = 0;
    for (let t = 253; t < 700; t++) {
      const fast = rolling.at(m.close, assets, t);
      const ref = direct(t, 252);
      if ((t - 253) % rolling.reanchorEvery === 0) expect(Array.from(fast)).toEqual(Array.from(ref));
      worst = Math.max(worst, scaledError(fast, ref, assets.length));
    }
    expect(worst).toBeLessThan(1e-12);
    expect(worst).toBeGreaterThan(0); // the updates really ran (they are not bit-identical)
    expect(rolling.reanchorEvery).toBe(63);
    expect(rolling.counts.anchors).toBe(Math.ceil((700 - 253) / 63));
    expect(rolling.counts.updates).toBe(700 - 253 - rolling.counts.anchors);
  });

  it("handles windows moving several days at a time, a trending market and ddof / annualize options", () => {
    const trending = market(5, 6, 600, 0.01);
    const cols = trending.tickers.map((_, i) => i);
    const rolling = new TrailingCovariance({ lookback: 60, ddof: 0, annualize: 1 });
    let worst = 0;
    for (let t = 61; t < 600; t += 10) {
      const ref = flat(sampleCovarianceOfColumns(trailingReturnColumns(trending, cols, t, 60), { ddof: 0, annualize: 1 }));
      worst = Math.max(worst, scaledError(rolling.at(trending.close, cols, t), ref, cols.length));
    }
    expect(worst).toBeLessThan(1e-12);
    expect(rolling.counts.updates).toBeGreaterThan(0);
  });

  it("re-anchors when the assets change or the day goes back", () => {
    const rolling = new TrailingCovariance({ lookback: 100 });
    rolling.at(m.close, [0, 1, 2], 300);
    rolling.at(m.close, [0, 1, 2], 301);
    expect(rolling.counts).toEqual({ anchors: 1, updates: 1 });
    const changed = rolling.at(m.close, [0, 2], 302);
    expect(rolling.counts.anchors).toBe(2);
    expect(Array.from(changed)).toEqual(Array.from(flat(sampleCovarianceOfColumns(trailingReturnColumns(m, [0, 2], 302, 100)))));
    rolling.at(m.close, [0, 2], 250);
    expect(rolling.counts.anchors).toBe(3);
  });

  it("names an asset index without a close series, or with too few closes for the day", () => {
    const rolling = new TrailingCovariance({ lookback: 2, annualize: 1 });
    expect(() => rolling.at([Float64Array.of(100, 101, 99, 100)], [1], 3)).toThrow("TrailingCovariance: asset index 1 has no close series (1 series)");
    expect(() => rolling.at([Float64Array.of(100, 101, 99)], [0], 4)).toThrow("TrailingCovariance: asset index 0 has 3 closes, day 4 needs 4");
    expect(rolling.counts).toEqual({ anchors: 0, updates: 0 });
  });

  it("rejects a non-finite return like sampleCovarianceOfColumns, and too short a history", () => {
    const bad = market(3, 2, 50);
    bad.close[1]![30] = NaN;
    const rolling = new TrailingCovariance({ lookback: 10, annualize: 1 });
    rolling.at(bad.close, [0, 1], 25);
    expect(() => rolling.at(bad.close, [0, 1], 31)).toThrow(/return of asset 1 .* not finite/);
    expect(() => new TrailingCovariance({ lookback: 10 }).at(bad.close, [0], 10)).toThrow(/fewer than 11 prices/);
  });
});

describe("Black-Litterman with P = I and diagonal Omega", () => {
  const m = market(21, 25, 300);
  const assets = m.tickers.map((_, i) => i);
  const sigmaRows = sampleCovarianceOfColumns(trailingReturnColumns(m, assets, 299, 252));
  const n = assets.length;
  const q = assets.map((i) => [0.02, 0, -0.02][i % 3]!);
  const tau = 0.025;
  const c = 0.5;
  const delta = 3;

  /** The general form, written out with ml-matrix inverses (no Cholesky, no identity). */
  function generalForm(omegaDiag: number[]) {
    const sigma = new Matrix(sigmaRows);
    const ts = sigma.clone().mul(tau);
    const a = ts.clone().add(Matrix.diag(omegaDiag));
    const aInv = inverse(a);
    const pi = sigma.mmul(Matrix.columnVector(new Array(n).fill(1 / n))).mul(delta);
    const muBL = pi.clone().add(ts.mmul(aInv).mmul(Matrix.columnVector(q).sub(pi)));
    const mMat = ts.clone().sub(ts.mmul(aInv).mmul(ts));
    return { muBL: muBL.to1DArray(), m: mMat.to1DArray(), sigmaBL: sigma.clone().add(mMat).to1DArray() };
  }

  it("M = Omega - Omega A^-1 Omega equals tau Sigma - tau Sigma A^-1 tau Sigma to 1e-12", () => {
    const fast = absoluteViewsPosterior(flat(sigmaRows), n, q, { delta, tau, omegaScale: c });
    const ref = generalForm(sigmaRows.map((row, i) => c * tau * row[i]!));
    expect(maxRelative(fast.posteriorMeanCovariance, ref.m)).toBeLessThan(1e-12);
    expect(maxRelative(fast.sigmaBL, ref.sigmaBL)).toBeLessThan(1e-12);
    expect(maxRelative(fast.muBL, ref.muBL)).toBeLessThan(1e-12);
    // M is exactly symmetric and positive definite (smaller than tau Sigma on the diagonal).
    for (let i = 0; i < n; i++) {
      expect(fast.posteriorMeanCovariance[i * n + i]!).toBeGreaterThan(0);
      expect(fast.posteriorMeanCovariance[i * n + i]!).toBeLessThan(tau * sigmaRows[i]![i]!);
      for (let j = 0; j < n; j++) expect(fast.posteriorMeanCovariance[i * n + j]).toBe(fast.posteriorMeanCovariance[j * n + i]);
    }
  });

  it("blackLitterman takes the identity path for P = I (default or explicit) and the general path otherwise, with the same posterior", () => {
    const viaDefault = blackLitterman({ sigma: sigmaRows, q, delta, tau, omegaScale: c });
    const viaExplicitIdentity = blackLitterman({ sigma: sigmaRows, q, p: Matrix.eye(n), delta, tau, omegaScale: c });
    expect(viaExplicitIdentity).toEqual(viaDefault);
    // A permutation P (general path): the same views in another order give the same posterior.
    const perm = assets.map((_, r) => (r * 7) % n);
    const p = Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, j) => (j === perm[r] ? 1 : 0)));
    const general = blackLitterman({ sigma: sigmaRows, q: perm.map((j) => q[j]!), p, delta, tau, omegaScale: c });
    expect(maxRelative(viaDefault.muBL, general.muBL)).toBeLessThan(1e-12);
    expect(maxRelative(viaDefault.posteriorMeanCovariance.flat(), general.posteriorMeanCovariance.flat())).toBeLessThan(1e-12);
    expect(maxRelative(viaDefault.sigmaBL.flat(), general.sigmaBL.flat())).toBeLessThan(1e-12);
  });

  it("an explicit diagonal Omega takes the identity path; a non-diagonal one falls back to the general form", () => {
    const omegaDiag = sigmaRows.map((row, i) => 0.01 * tau * row[i]! * (1 + (i % 4)));
    const diag = blackLitterman({ sigma: sigmaRows, q, omega: Matrix.diag(omegaDiag), delta, tau });
    const ref = generalForm(omegaDiag);
    expect(maxRelative(diag.posteriorMeanCovariance.flat(), ref.m)).toBeLessThan(1e-12);
    expect(diag.omega[2]![2]).toBe(omegaDiag[2]);
    const full = Matrix.diag(omegaDiag);
    full.set(0, 1, 1e-7);
    full.set(1, 0, 1e-7);
    const fallback = blackLitterman({ sigma: sigmaRows, q, omega: full, delta, tau });
    const sigma = new Matrix(sigmaRows);
    const ts = sigma.clone().mul(tau);
    const mRef = ts
      .clone()
      .sub(ts.mmul(inverse(ts.clone().add(full))).mmul(ts))
      .to1DArray();
    expect(maxRelative(fallback.posteriorMeanCovariance.flat(), mRef)).toBeLessThan(1e-12);
  });

  it("the flat mean-variance solve gives bit-identical weights to the ml-matrix path", () => {
    const post = blackLitterman({ sigma: sigmaRows, q });
    const viaMatrix = meanVarianceWeights(post.muBL, new Matrix(post.sigmaBL), delta);
    const viaRows = meanVarianceWeights(post.muBL, post.sigmaBL, delta);
    const viaDense = meanVarianceWeightsDense(post.muBL, flat(post.sigmaBL), n, delta);
    expect(viaRows).toEqual(viaMatrix);
    expect(viaDense).toEqual(viaMatrix);
  });
});

describe("blWeightRule (rolling covariance) against per-day allocate (fresh covariance)", () => {
  it("gives the same weights every day to 1e-12, and identical ones on anchor days", async () => {
    const m = market(31, 15, 340);
    const options: AllocatorOptions = { lookback: 252, delta: 3, tau: 0.025, omegaScale: 0.5, longOnly: true, viewMode: "fixed", marketWeights: "equal" };
    const actions = ["BUY", "HOLD", "SELL"] as const;
    const decide = (_d: string, tickers: string[]): Decision[] => tickers.map((_, i) => ({ action: actions[i % 3]!, confidence: 0.6 }));
    const seen: Array<{ dayIndex: number; weights: Float64Array }> = [];
    const rule = blWeightRule(m, options, decide, (a, ctx) => void seen.push({ dayIndex: ctx.dayIndex, weights: a.fullWeights }));
    await runBacktest(m, { start: m.dates[253]!, end: m.dates.at(-1)!, rebalanceEvery: 1 }, rule);
    expect(seen.length).toBe(340 - 253);
    let worst = 0;
    for (const [k, s] of seen.entries()) {
      const eligible = m.tickers.map((_, i) => i);
      const ref = allocate(m, s.dayIndex, eligible, decide("", m.tickers.slice()), options, null).fullWeights;
      if (k % 63 === 0) expect(Array.from(s.weights)).toEqual(Array.from(ref));
      for (let i = 0; i < ref.length; i++) worst = Math.max(worst, Math.abs(s.weights[i]! - ref[i]!));
    }
    expect(worst).toBeLessThan(1e-12);
  });
});

describe("the WebAssembly kernels of the backtest's hot path", () => {
  const bits = (x: ArrayLike<number>): string[] => Array.from(x, (v) => (Object.is(v, -0) ? "-0" : String(v)));

  it.each([1, 2, 7, 9, 17, 60])(
    "TrailingCovariance, %i assets: the SIMD kernel's matrices equal the scalar loops' bit for bit (updates and re-anchors)",
    (n) => {
      const m = market(70 + n, n, 420);
      const assets = Array.from({ length: n }, (_, i) => i);
      const simd = new TrailingCovariance({ lookback: 252 });
      const scalar = new TrailingCovariance({ lookback: 252, simd: false });
      const reused = new Float64Array(n * n);
      for (let day = 253; day < 420; day += 1 + (day % 3)) {
        const expected = scalar.at(m.close, assets, day);
        expect(bits(simd.at(m.close, assets, day))).toEqual(bits(expected));
        expect(bits(simd.at(m.close, assets, day + 1, reused))).toEqual(bits(scalar.at(m.close, assets, day + 1)));
      }
      expect(simd.counts).toEqual(scalar.counts);
      expect(simd.counts.anchors).toBeGreaterThan(2);
    },
  );

  it("TrailingCovariance refuses an output buffer of the wrong size", () => {
    const m = market(3, 2, 300);
    expect(() => new TrailingCovariance({ lookback: 252 }).at(m.close, [0, 1], 260, new Float64Array(3))).toThrow("out has 3 entries for 2 x 2");
  });

  it("blWeightRule without onAllocation (one reused covariance buffer) gives the weights of the rule with it", async () => {
    const m = market(21, 9, 285);
    const opts: AllocatorOptions = { lookback: 252, delta: 3, tau: 0.025, omegaScale: 0.5, longOnly: true, viewMode: "fixed", marketWeights: "equal" };
    const decide = (_date: string, tickers: string[]): Decision[] =>
      tickers.map((_, i) => ({ action: (["BUY", "HOLD", "SELL"] as const)[i % 3]!, confidence: 0.6 }));
    const config = { start: m.dates[253]!, end: m.dates.at(-1)!, rebalanceEvery: 1 };
    const eager: string[][] = [];
    const kept: Array<{ sigmaBL: Float64Array }> = [];
    const without = await runBacktest(m, config, blWeightRule(m, opts, decide));
    const withHook = await runBacktest(
      m,
      config,
      blWeightRule(m, opts, decide, (a) => void eager.push(bits(a.sigmaBL))),
    );
    const keeping = await runBacktest(
      m,
      config,
      blWeightRule(m, opts, decide, (a) => void kept.push(a)),
    );
    expect(without.rebalances.map((r) => bits(r.targetWeights))).toEqual(withHook.rebalances.map((r) => bits(r.targetWeights)));
    expect(bits(without.values)).toEqual(bits(withHook.values));
    expect(bits(keeping.values)).toEqual(bits(withHook.values));
    // An allocation handed out keeps its own covariance: Sigma_BL read after the backtest is the one read at its rebalance.
    expect(kept.map((a) => bits(a.sigmaBL))).toEqual(eager);
    expect(new Set(eager.map((e) => e.join())).size).toBe(eager.length);
  });
});

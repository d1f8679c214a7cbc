/**
 * Prototype of the fix proposed for benchmark 1 (not used by the library):
 * the same daily Black-Litterman backtest as `runBacktest` + `blWeightRule`,
 * on flat Float64Arrays end to end:
 *   - covariance by a rolling update of the window's sums and cross-products
 *     (O(N^2) per day instead of O(N^2 T)), re-anchored with a full two-pass
 *     computation every `refreshEvery` days to bound the rounding drift;
 *   - BL posterior with P = I and one Cholesky factor of A = tau Sigma + Omega,
 *     using M = Omega - Omega A^-1 Omega (Omega diagonal) instead of the
 *     N^3 product tau Sigma A^-1 tau Sigma (no ml-matrix objects, no
 *     number[][] round trips);
 *   - mean-variance weights by a second Cholesky solve.
 * Prints its time next to the library's and the max difference of weights.
 *
 *   node --import tsx bench/prototypes/bl-fast.ts
 */
import { runBacktest } from "../../src/backtest/engine";
import { blWeightRule } from "../../src/blackboard/allocator";
import { choleskyLower, choleskySolveLower } from "../../src/stats/linalg";
import { maxAbsDiff, syntheticMarket } from "../data";
import { timeIt } from "../lib";

const N = 60;
const LOOKBACK = 252;
const TEST_DAYS = 166;
const DELTA = 3;
const TAU = 0.025;
const C = 0.5;
const COST = 10 / 10_000;

export interface Result {
  values: number[];
  finalWeights: Float64Array;
}

/**
 * Solves (L L^T) X = B in place for a row-major B with `cols` columns, row by
 * row so that the inner loop runs over contiguous memory.
 */
function solveRowsInPlace(l: Float64Array, n: number, b: Float64Array, cols: number): void {
  for (let i = 0; i < n; i++) {
    const bi = i * cols;
    for (let k = 0; k < i; k++) {
      const f = l[i * n + k]!;
      if (f === 0) continue;
      const bk = k * cols;
      for (let c = 0; c < cols; c++) b[bi + c] -= f * b[bk + c]!;
    }
    const d = 1 / l[i * n + i]!;
    for (let c = 0; c < cols; c++) b[bi + c] *= d;
  }
  for (let i = n - 1; i >= 0; i--) {
    const bi = i * cols;
    for (let k = i + 1; k < n; k++) {
      const f = l[k * n + i]!;
      if (f === 0) continue;
      const bk = k * cols;
      for (let c = 0; c < cols; c++) b[bi + c] -= f * b[bk + c]!;
    }
    const d = 1 / l[i * n + i]!;
    for (let c = 0; c < cols; c++) b[bi + c] *= d;
  }
}

/** Full two-pass sums for the window of returns [from, to) (returns stored day-major). */
function windowSums(ret: Float64Array, from: number, to: number, s: Float64Array, cp: Float64Array): void {
  s.fill(0);
  cp.fill(0);
  for (let t = from; t < to; t++) {
    const row = t * N;
    for (let i = 0; i < N; i++) {
      const ri = ret[row + i]!;
      s[i] += ri;
      const base = i * N;
      for (let j = i; j < N; j++) cp[base + j] += ri * ret[row + j]!;
    }
  }
}

export function backtestFast(close: readonly Float64Array[], first: number, q: Float64Array, refreshEvery = 21): Result {
  const days = close[0]!.length;
  // ret[t * N + i] = return of asset i on day t (t >= 1).
  const ret = new Float64Array(days * N);
  for (let t = 1; t < days; t++) for (let i = 0; i < N; i++) ret[t * N + i] = close[i]![t]! / close[i]![t - 1]! - 1;
  const s = new Float64Array(N);
  const cp = new Float64Array(N * N);
  const sigma = new Float64Array(N * N);
  const a = new Float64Array(N * N);
  const pi = new Float64Array(N);
  const gap = new Float64Array(N);
  const holdings = new Float64Array(N);
  let cash = 1_000_000;
  const values: number[] = [];
  let w = new Float64Array(N);
  for (let t = first; t < days; t++) {
    // Window: returns of days t - LOOKBACK .. t - 1.
    const from = t - LOOKBACK;
    if ((t - first) % refreshEvery === 0) windowSums(ret, from, t, s, cp);
    else {
      const add = (t - 1) * N;
      const drop = (from - 1) * N;
      for (let i = 0; i < N; i++) {
        const ai = ret[add + i]!;
        const di = ret[drop + i]!;
        s[i] += ai - di;
        const base = i * N;
        for (let j = i; j < N; j++) cp[base + j] += ai * ret[add + j]! - di * ret[drop + j]!;
      }
    }
    const scale = 252 / (LOOKBACK - 1);
    for (let i = 0; i < N; i++) {
      for (let j = i; j < N; j++) {
        const v = (cp[i * N + j]! - (s[i]! * s[j]!) / LOOKBACK) * scale;
        sigma[i * N + j] = v;
        sigma[j * N + i] = v;
      }
    }
    // pi = delta Sigma w_mkt, w_mkt = 1/N.
    for (let i = 0; i < N; i++) {
      let acc = 0;
      for (let j = 0; j < N; j++) acc += sigma[i * N + j]!;
      pi[i] = (DELTA * acc) / N;
    }
    // A = tau Sigma + Omega, Omega = c tau diag(Sigma).
    for (let k = 0; k < N * N; k++) a[k] = TAU * sigma[k]!;
    for (let i = 0; i < N; i++) a[i * N + i] = a[i * N + i]! * (1 + C);
    const la = choleskyLower(a, N)!;
    // mu = pi + tau Sigma A^-1 (q - pi)
    for (let i = 0; i < N; i++) gap[i] = q[i]! - pi[i]!;
    choleskySolveLower(la, N, gap, 1);
    const mu = new Float64Array(N);
    for (let i = 0; i < N; i++) {
      let acc = 0;
      for (let j = 0; j < N; j++) acc += sigma[i * N + j]! * gap[j]!;
      mu[i] = pi[i]! + TAU * acc;
    }
    // M = tau Sigma - tau Sigma A^-1 tau Sigma = Omega - Omega A^-1 Omega (tau Sigma = A - Omega,
    // Omega diagonal), so Sigma_BL = Sigma + Omega - Omega A^-1 Omega needs A^-1 but no N^3 product.
    const inv = new Float64Array(N * N);
    for (let i = 0; i < N; i++) inv[i * N + i] = 1;
    solveRowsInPlace(la, N, inv, N);
    const bl = new Float64Array(N * N);
    for (let i = 0; i < N; i++) {
      const oi = C * TAU * sigma[i * N + i]!;
      for (let j = i; j < N; j++) {
        const oj = C * TAU * sigma[j * N + j]!;
        const m = (i === j ? oi : 0) - oi * oj * 0.5 * (inv[i * N + j]! + inv[j * N + i]!);
        const v = DELTA * (sigma[i * N + j]! + m);
        bl[i * N + j] = v;
        bl[j * N + i] = v;
      }
    }
    const lb = choleskyLower(bl, N)!;
    choleskySolveLower(lb, N, mu, 1); // mu now holds the raw weights
    let total = 0;
    for (let i = 0; i < N; i++) total += mu[i]! > 0 ? mu[i]! : 0;
    w = new Float64Array(N);
    for (let i = 0; i < N; i++) w[i] = total > 0 ? (mu[i]! > 0 ? mu[i]! / total : 0) : 1 / N;
    // Accounting as src/backtest/engine.ts.
    if (t > first) for (let i = 0; i < N; i++) holdings[i] = holdings[i]! * (close[i]![t]! / close[i]![t - 1]!);
    let value = cash;
    for (let i = 0; i < N; i++) value += holdings[i]!;
    let turnover = 0;
    for (let i = 0; i < N; i++) turnover += Math.abs(w[i]! - holdings[i]! / value);
    value -= value * turnover * COST;
    let invested = 0;
    for (let i = 0; i < N; i++) {
      holdings[i] = value * w[i]!;
      invested += holdings[i]!;
    }
    cash = value - invested;
    values.push(value);
  }
  return { values, finalWeights: w };
}

async function main(): Promise<void> {
  const days = LOOKBACK + TEST_DAYS + 1;
  const market = syntheticMarket(7, N, days);
  const first = LOOKBACK + 1;
  const actions = ["BUY", "HOLD", "SELL"] as const;
  const q = Float64Array.from({ length: N }, (_, i) => [0.02, 0, -0.02][i % 3]!);
  const options = { lookback: LOOKBACK, delta: DELTA, tau: TAU, omegaScale: C, longOnly: true, viewMode: "fixed" as const, marketWeights: "equal" as const };
  let lib: Result = { values: [], finalWeights: new Float64Array(0) };
  const libTime = await timeIt(async () => {
    const rule = blWeightRule(market, options, (_d, tickers) => tickers.map((_, i) => ({ action: actions[i % 3]!, confidence: 0.6 })));
    const res = await runBacktest(market, { start: market.dates[first]!, end: market.dates.at(-1)!, rebalanceEvery: 1, feesBps: 5, slippageBps: 5 }, rule);
    lib = { values: res.values, finalWeights: res.rebalances.at(-1)!.targetWeights };
  }, 7, 1);
  let fast: Result = lib;
  const fastTime = await timeIt(() => {
    fast = backtestFast(market.close, first, q);
  }, 7, 1);
  const wd = maxAbsDiff(lib.finalWeights, fast.finalWeights).maxAbs;
  const vd = maxAbsDiff(lib.values.map((v) => v / 1e6), fast.values.map((v) => v / 1e6)).maxAbs;
  console.log(`library  : median ${libTime.medianMs.toFixed(1)} ms (IQR ${libTime.iqrMs.toFixed(1)})`);
  console.log(`prototype: median ${fastTime.medianMs.toFixed(1)} ms (IQR ${fastTime.iqrMs.toFixed(1)})  speed-up ${(libTime.medianMs / fastTime.medianMs).toFixed(1)}x`);
  console.log(`max |w diff| ${wd.toExponential(1)}, max |V diff| / V0 ${vd.toExponential(1)}`);
}

if (process.argv[1]?.endsWith("bl-fast.ts")) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * From a posterior to portfolio weights (Blackboard paper, section 3.3):
 * unconstrained mean-variance weights w* = (delta Sigma_BL)^-1 mu_BL,
 * normalised so that 1^T w* = 1, and a long-only variant obtained by clipping
 * negative components and renormalising; optional per-asset bounds.
 */
import { Matrix } from "ml-matrix";
import { choleskyLower, choleskySolveLower, solveSpd, toMatrix, type MatrixLike } from "../stats/index";
import { BL_DEFAULTS } from "./black-litterman";

/** Unconstrained mean-variance weights. */
export interface MeanVarianceWeights {
  /** (delta Sigma)^-1 mu before normalisation. */
  raw: number[];
  /** raw / sum(raw). */
  weights: number[];
}

/**
 * w = (delta Sigma)^-1 mu (Cholesky solve), normalised to sum 1. Throws when
 * sum(raw) is zero. When sum(raw) < 0 the division flips every sign (the
 * paper's normalisation taken literally); use `longOnly(raw)` for an
 * economically meaningful long-only book in that case.
 *
 * @example
 * meanVarianceWeights([0.03, 0.03], [[0.04, 0], [0, 0.09]], 3).weights; // [0.6923, 0.3077]
 */
export function meanVarianceWeights(mu: ArrayLike<number>, sigma: MatrixLike, delta: number = BL_DEFAULTS.delta): MeanVarianceWeights {
  if (!(delta > 0)) throw new RangeError(`meanVarianceWeights: delta must be > 0 (got ${delta})`);
  if (sigma instanceof Matrix) {
    const raw = solveSpd(scaleRows(sigma, delta), mu, "meanVarianceWeights (delta Sigma_BL)").to1DArray();
    return normaliseWeights(raw);
  }
  const n = sigma.length;
  const flat = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const row = sigma[i]!;
    if (row.length !== n) throw new RangeError(`meanVarianceWeights (delta Sigma_BL): matrix must be square (got ${n}x${row.length})`);
    for (let j = 0; j < n; j++) flat[i * n + j] = row[j]!;
  }
  return meanVarianceWeightsDense(mu, flat, n, delta);
}

/**
 * `meanVarianceWeights` for a flat row-major n x n Sigma (no ml-matrix
 * objects): Cholesky of (delta Sigma + (delta Sigma)^T) / 2, then one solve.
 * Same arithmetic as `meanVarianceWeights`, so the same numbers.
 *
 * @example
 * meanVarianceWeightsDense([0.03, 0.03], Float64Array.of(0.04, 0, 0, 0.09), 2, 3).weights; // [0.6923, 0.3077]
 */
export function meanVarianceWeightsDense(mu: ArrayLike<number>, sigma: Float64Array, n: number, delta: number = BL_DEFAULTS.delta): MeanVarianceWeights {
  const label = "meanVarianceWeights (delta Sigma_BL)";
  if (!(delta > 0)) throw new RangeError(`meanVarianceWeights: delta must be > 0 (got ${delta})`);
  if (sigma.length !== n * n) throw new RangeError(`${label}: matrix must be square (got ${sigma.length} values for n = ${n})`);
  if (mu.length !== n) throw new RangeError(`${label}: right-hand side has ${mu.length} rows, matrix has ${n}`);
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      const v = 0.5 * (sigma[i * n + j]! * delta + sigma[j * n + i]! * delta);
      a[i * n + j] = v;
      a[j * n + i] = v;
    }
  }
  const lower = choleskyLower(a, n);
  if (lower === null) {
    throw new Error(`${label}: matrix is not symmetric positive definite (singular covariance or zero-variance asset?)`);
  }
  const x = Float64Array.from(mu);
  choleskySolveLower(lower, n, x, 1);
  return normaliseWeights(Array.from(x));
}

/**
 * w = raw / sum(raw): the paper's normalised (long-short) solution from the
 * raw mean-variance weights; an error when they sum to zero.
 *
 * @example
 * normaliseWeights([2, -1]).weights; // [2, -1]
 * normaliseWeights([1, 3]).weights; // [0.25, 0.75]
 */
export function normaliseWeights(raw: number[]): MeanVarianceWeights {
  const total = raw.reduce((a, b) => a + b, 0);
  if (!(Math.abs(total) > 1e-15)) throw new Error("meanVarianceWeights: raw weights sum to zero, cannot normalise to 1");
  return { raw, weights: raw.map((w) => w / total) };
}

/**
 * Alias named after the paper's step: weights from the BL posterior.
 *
 * @example
 * blWeights(post.muBL, post.sigmaBL, 3).weights;
 */
export const blWeights = meanVarianceWeights;

/** What `longOnly` returns when no weight is positive. */
export type LongOnlyFallback = "equal" | "prior" | "cash";

/** Options for `longOnly`. */
export interface LongOnlyOptions {
  /**
   * When every weight is <= 0: "equal" (1/N, default — stay fully invested
   * like the paper's book), "prior" (the market weights given in `prior`), or
   * "cash" (all zeros; the book sums to 0).
   */
  fallback?: LongOnlyFallback;
  prior?: ArrayLike<number>;
  /** Optional per-asset bounds applied after clipping (see `applyBounds`). */
  lower?: number | ArrayLike<number>;
  upper?: number | ArrayLike<number>;
}

/**
 * The numbers of a typed (or any array-like) array as a plain array, by a
 * loop: `Array.from` on a typed array walks the iterator protocol, about ten
 * times slower in V8, which a daily backtest pays several times per rebalance.
 *
 * @example
 * numberArray(Float64Array.of(0.25, 0.75)); // [0.25, 0.75]
 */
export function numberArray(values: ArrayLike<number>): number[] {
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]!;
  return out;
}

/**
 * Long-only weights: clip negatives to 0 and renormalise to sum 1 (the
 * paper's "element-wise clipping of negative components"). Apply it to the
 * RAW solution (before normalisation) so that a negative raw sum cannot flip
 * signs; for a positive raw sum the result equals clipping the normalised weights.
 *
 * @example
 * longOnly([0.5, -0.2, 0.7]); // [0.4167, 0, 0.5833]
 * longOnly([-1, -2]);         // [0.5, 0.5] (fallback "equal")
 */
export function longOnly(weights: ArrayLike<number>, options: LongOnlyOptions = {}): number[] {
  const n = weights.length;
  const clipped = new Array<number>(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    if (Number.isNaN(w)) throw new RangeError("longOnly: weight is NaN");
    clipped[i] = w > 0 ? w : 0;
    total += clipped[i]!;
  }
  let out: number[];
  if (total > 0) {
    out = clipped.map((w) => w / total);
  } else {
    const fallback = options.fallback ?? "equal";
    if (fallback === "cash") return new Array<number>(n).fill(0);
    if (fallback === "prior") {
      if (!options.prior || options.prior.length !== n) throw new RangeError(`longOnly: fallback "prior" needs ${n} prior weights`);
      out = Array.from(options.prior);
    } else {
      out = new Array<number>(n).fill(1 / n);
    }
  }
  if (options.lower !== undefined || options.upper !== undefined) out = applyBounds(out, options.lower ?? 0, options.upper ?? 1);
  return out;
}

/**
 * Per-asset bounds lower_i <= w_i <= upper_i with sum(w) = 1 by iterative
 * clip-and-redistribute: clip to the bounds, then spread the gap 1 - sum(w)
 * over the assets that can still move in that direction (in proportion to
 * their weights), clip again, and repeat until the gap closes.
 * Throws when the bounds are infeasible (sum(lower) > 1 or sum(upper) < 1).
 *
 * @example
 * applyBounds([0.7, 0.2, 0.1], 0, 0.5); // [0.5, 0.3333, 0.1667]
 */
export function applyBounds(weights: ArrayLike<number>, lower: number | ArrayLike<number>, upper: number | ArrayLike<number>): number[] {
  const n = weights.length;
  const lo = expand("lower", lower, n);
  const hi = expand("upper", upper, n);
  let sumLo = 0;
  let sumHi = 0;
  for (let i = 0; i < n; i++) {
    if (lo[i]! > hi[i]!) throw new RangeError(`applyBounds: lower[${i}] = ${lo[i]} exceeds upper[${i}] = ${hi[i]}`);
    sumLo += lo[i]!;
    sumHi += hi[i]!;
  }
  if (sumLo > 1 + 1e-12 || sumHi < 1 - 1e-12) throw new RangeError(`applyBounds: infeasible bounds (sum lower ${sumLo}, sum upper ${sumHi}, target 1)`);
  const w = Array.from(weights, (v, i) => Math.min(hi[i]!, Math.max(lo[i]!, v)));
  for (let iteration = 0; iteration < 10 * n + 10; iteration++) {
    const gap = 1 - w.reduce((a, b) => a + b, 0);
    if (Math.abs(gap) < 1e-14) break;
    // Shares: when adding weight, in proportion to the current weights of the assets below
    // their upper bound (keeps the optimizer's relative preferences); when removing, in
    // proportion to the weight above the lower bound. Equal room-based shares if all are 0.
    let shares = w.map((v, i) => (gap > 0 ? (v < hi[i]! ? Math.max(v, 0) : 0) : Math.max(v - lo[i]!, 0)));
    let total = shares.reduce((a, b) => a + b, 0);
    if (!(total > 0)) {
      shares = w.map((v, i) => (gap > 0 ? hi[i]! - v : v - lo[i]!));
      total = shares.reduce((a, b) => a + b, 0);
    }
    if (!(total > 0)) break;
    for (let i = 0; i < n; i++) w[i] = Math.min(hi[i]!, Math.max(lo[i]!, w[i]! + (gap * shares[i]!) / total));
  }
  return w;
}

/**
 * Turnover between two weight vectors: sum_i |w_new_i - w_old_i| (two-sided;
 * a full switch from one asset to another is 2). Fees in the backtest are
 * charged per unit of this quantity.
 *
 * @example
 * turnover([0.5, 0.5], [0.2, 0.8]); // 0.6
 */
export function turnover(previous: ArrayLike<number>, next: ArrayLike<number>): number {
  if (previous.length !== next.length) throw new RangeError(`turnover: ${previous.length} vs ${next.length} weights`);
  let total = 0;
  for (let i = 0; i < next.length; i++) total += Math.abs(next[i]! - previous[i]!);
  return total;
}

function expand(name: string, value: number | ArrayLike<number>, n: number): number[] {
  if (typeof value === "number") return new Array<number>(n).fill(value);
  if (value.length !== n) throw new RangeError(`applyBounds: ${name} has ${value.length} entries for ${n} weights`);
  return Array.from(value);
}

function scaleRows(sigma: MatrixLike, factor: number): Matrix {
  return toMatrix(sigma).clone().mul(factor);
}

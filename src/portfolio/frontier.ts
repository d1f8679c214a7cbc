/**
 * The long-only efficient frontier of a rebalance (Markowitz 1952): for
 * target returns r between the minimum-variance portfolio's return and the
 * largest return the bounds allow,
 *
 *   minimise w' Sigma w  subject to  mu'w = r, sum(w) = 1, lower <= w <= upper,
 *
 * each an exact QP (`solveBudgetQp`). Points are (volatility, return) pairs in
 * the units of mu and Sigma (annualised in the Blackboard experiment).
 */
import { solveBudgetQp } from "./optimizer";

/** One frontier portfolio. */
export interface FrontierPoint {
  expectedReturn: number;
  volatility: number;
  weights: number[];
}

/**
 * sqrt(w' Sigma w) and mu'w of a portfolio (flat row-major Sigma).
 *
 * @example
 * portfolioMoments([0.1, 0.2], Float64Array.of(0.04, 0, 0, 0.09), 2, [0.5, 0.5]); // { expectedReturn: 0.15, volatility: 0.18 }
 */
export function portfolioMoments(
  mu: ArrayLike<number>,
  sigma: ArrayLike<number>,
  n: number,
  w: ArrayLike<number>,
): { expectedReturn: number; volatility: number } {
  let ret = 0;
  let variance = 0;
  for (let i = 0; i < n; i++) {
    ret += mu[i]! * w[i]!;
    for (let j = 0; j < n; j++) variance += w[i]! * 0.5 * (sigma[i * n + j]! + sigma[j * n + i]!) * w[j]!;
  }
  return { expectedReturn: ret, volatility: Math.sqrt(Math.max(0, variance)) };
}

/** The largest mu'w with sum(w) = 1 inside the bounds: fill the best assets first. */
function maxReturn(mu: ArrayLike<number>, n: number, lower: ArrayLike<number>, upper: ArrayLike<number>): number {
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => mu[b]! - mu[a]! || a - b);
  let left = 1;
  let ret = 0;
  for (let i = 0; i < n; i++) {
    left -= lower[i]!;
    ret += mu[i]! * lower[i]!;
  }
  for (const i of order) {
    const add = Math.min(left, upper[i]! - lower[i]!);
    ret += mu[i]! * add;
    left -= add;
  }
  return ret;
}

/**
 * `points` frontier portfolios with target returns evenly spaced from the
 * minimum-variance portfolio's return to (just below) the largest feasible
 * return.
 *
 * @example
 * longOnlyFrontier([0.1, 0.2], Float64Array.of(0.04, 0, 0, 0.09), 2, [0, 0], [1, 1], 5)[0].volatility; // the minimum-variance volatility
 */
export function longOnlyFrontier(
  mu: ArrayLike<number>,
  sigma: ArrayLike<number>,
  n: number,
  lower: ArrayLike<number>,
  upper: ArrayLike<number>,
  points = 25,
): FrontierPoint[] {
  if (!Number.isInteger(points) || points < 2) throw new RangeError(`longOnlyFrontier: points must be an integer >= 2, got ${points}`);
  const twoSigma = Float64Array.from(sigma, (v) => 2 * v);
  const zero = new Float64Array(n);
  const minVar = solveBudgetQp(twoSigma, zero, n, lower, upper).x;
  const rMin = portfolioMoments(mu, sigma, n, minVar).expectedReturn;
  const rMax = maxReturn(mu, n, lower, upper);
  const out: FrontierPoint[] = [{ ...portfolioMoments(mu, sigma, n, minVar), weights: minVar }];
  // Stop a hair short of the top: there the return constraint leaves a single vertex and quadprog may call it inconsistent.
  const top = rMax - 1e-9 * Math.max(1e-12, Math.abs(rMax - rMin));
  for (let k = 1; k < points; k++) {
    const r = rMin + ((top - rMin) * k) / (points - 1);
    if (!(r > rMin)) break;
    const w = solveBudgetQp(twoSigma, zero, n, lower, upper, [{ a: mu, b: r }]).x;
    out.push({ ...portfolioMoments(mu, sigma, n, w), weights: w });
  }
  return out;
}

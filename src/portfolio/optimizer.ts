/**
 * The exact long-only mean-variance optimiser (the Blackboard paper's long-only option as a true QP; the
 * paper's future work iv for the turnover term):
 *
 *   maximise   mu'w - (delta / 2) w' Sigma w - lambda |w - w_prev|_1
 *   subject to sum(w) = 1,  lower_i <= w_i <= upper_i
 *
 * Each quadratic programme is solved by quadprog (Goldfarb-Idnani dual
 * active-set method, exact up to rounding; `solveBudgetQp`). The L1 turnover
 * term is piecewise linear with a kink at w_prev_i; it is handled exactly by
 * an outer loop over the side of the kink each weight sits on: on a side s_i
 * (+1 above w_prev_i, -1 below) the term is linear, lambda s_i (w_i - w_prev_i),
 * and w_i is boxed to that side, so the restricted problem is an ordinary QP.
 * At its solution a weight resting on its kink whose bound multiplier exceeds
 * 2 lambda would gain by crossing (the subgradient condition
 * |g_i - nu| <= lambda fails), so it changes side and the QP is solved again;
 * the previous solution stays feasible, the objective never rises, and the
 * loop stops when no weight wants to cross: then the KKT conditions of the
 * full problem hold (`longOnlyKkt` checks them independently).
 *
 * lambda = 0 is the plain optimiser; a lambda larger than every gain from
 * trading returns w_prev itself when w_prev is feasible.
 */
import quadprog from "quadprog";

/** Per-asset bounds of a fully invested book. */
export interface WeightBounds {
  lower: Float64Array;
  upper: Float64Array;
}

/**
 * Bounds minWeight <= w_i <= maxWeight for n assets that must sum to 1;
 * throws a RangeError naming the keys when no such book exists
 * (maxWeight * n < 1, minWeight * n > 1, or minWeight > maxWeight).
 *
 * @example
 * longOnlyBounds(4, { maxWeight: 0.3 }).upper; // [0.3, 0.3, 0.3, 0.3]
 * longOnlyBounds(3, { maxWeight: 0.3 }); // throws: 3 assets x maxWeight 0.3 = 0.9 < 1
 */
export function longOnlyBounds(n: number, options: { minWeight?: number; maxWeight?: number } = {}, where = ""): WeightBounds {
  const lo = options.minWeight ?? 0;
  const hi = options.maxWeight ?? 1;
  const at = where ? ` ${where}` : "";
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`longOnlyBounds: n must be a positive integer, got ${n}`);
  if (!(lo >= 0) || !(hi > 0) || !(hi <= 1)) throw new RangeError(`weight bounds must satisfy 0 <= minWeight and 0 < maxWeight <= 1 (got ${lo}, ${hi})`);
  if (lo > hi) throw new RangeError(`minWeight ${lo} exceeds maxWeight ${hi}`);
  // A relative slack keeps exact cases such as 4 x 0.25 = 1 feasible despite rounding.
  if (hi * n < 1 - 1e-12) {
    throw new RangeError(`infeasible weight bounds${at}: ${n} assets x maxWeight ${hi} = ${fmt(hi * n)} < 1; raise maxWeight to at least ${fmt(1 / n)}`);
  }
  if (lo * n > 1 + 1e-12) {
    throw new RangeError(`infeasible weight bounds${at}: ${n} assets x minWeight ${lo} = ${fmt(lo * n)} > 1; lower minWeight to at most ${fmt(1 / n)}`);
  }
  return { lower: new Float64Array(n).fill(lo), upper: new Float64Array(n).fill(hi) };
}

const fmt = (x: number) => String(Math.round(x * 1e6) / 1e6);

/** A long-only mean-variance problem (see the module doc). */
export interface MeanVarianceProblem {
  /** Expected returns (e.g. mu_BL). */
  mu: ArrayLike<number>;
  /** Covariance, flat row-major n x n (e.g. Sigma_BL); symmetrised as (S + S') / 2. */
  sigma: ArrayLike<number>;
  n: number;
  /** Risk aversion. */
  delta: number;
  lower: ArrayLike<number>;
  upper: ArrayLike<number>;
  /** lambda >= 0 of the L1 turnover term (default 0). */
  turnoverPenalty?: number;
  /** w_prev, required when turnoverPenalty > 0 (need not sum to 1: cash or departed assets). */
  previous?: ArrayLike<number>;
}

/** The optimum and how it was reached. */
export interface MeanVarianceSolution {
  weights: number[];
  /** mu'w - (delta / 2) w' Sigma w - lambda |w - w_prev|_1 at the optimum. */
  utility: number;
  /** QPs solved (1 without a turnover term). */
  qpSolves: number;
}

/** A QP solution with its multipliers (quadprog's sign convention: D x - d = A multipliers). */
export interface BudgetQpSolution {
  x: number[];
  /** Multiplier of sum(x) = 1. */
  budget: number;
  /** Multipliers of x_i >= lower_i and of x_i <= upper_i (>= 0; 0 when the bound was not in the problem). */
  lowerMultipliers: number[];
  upperMultipliers: number[];
  /** Multipliers of the extra equalities, in order. */
  equalityMultipliers: number[];
}

/**
 * minimise 1/2 x' D x - d' x subject to sum(x) = 1, lower <= x <= upper and
 * optional extra equalities a'x = b, with D = (S + S') / 2 for a flat
 * row-major S (n x n, positive definite), by quadprog. Throws when D is not
 * positive definite or the constraints are inconsistent.
 *
 * @example
 * solveBudgetQp(Float64Array.of(2, 0, 0, 2), [1, 0], 2, [0, 0], [1, 1]).x; // [0.75, 0.25]
 */
export function solveBudgetQp(
  s: ArrayLike<number>,
  d: ArrayLike<number>,
  n: number,
  lower: ArrayLike<number>,
  upper: ArrayLike<number>,
  equalities: ReadonlyArray<{ a: ArrayLike<number>; b: number }> = [],
): BudgetQpSolution {
  if (s.length !== n * n || d.length !== n || lower.length !== n || upper.length !== n) {
    throw new RangeError(`solveBudgetQp: sizes do not match n = ${n} (D ${s.length}, d ${d.length}, bounds ${lower.length}/${upper.length})`);
  }
  // 1-based arrays, as quadprog (a Fortran port) expects; index 0 unused.
  const dmat: number[][] = [[]];
  const dvec: number[] = [0];
  for (let i = 0; i < n; i++) {
    const row: number[] = [0];
    for (let j = 0; j < n; j++) row.push(0.5 * (s[i * n + j]! + s[j * n + i]!));
    dmat.push(row);
    dvec.push(d[i]!);
  }
  const columns: Array<{ coef: (i: number) => number; b: number }> = [{ coef: () => 1, b: 1 }];
  for (const eq of equalities) columns.push({ coef: (i) => eq.a[i]!, b: eq.b });
  const meq = columns.length;
  const lowerColumn: number[] = [];
  const upperColumn: number[] = [];
  // An upper bound of 1 is implied by sum(x) = 1 when no lower bound is negative.
  const impliedUnitCap = Array.from(lower).every((v) => v >= 0);
  for (let i = 0; i < n; i++) {
    lowerColumn.push(columns.length);
    columns.push({ coef: (k) => (k === i ? 1 : 0), b: lower[i]! });
  }
  for (let i = 0; i < n; i++) {
    if (upper[i]! >= 1 && impliedUnitCap) {
      upperColumn.push(-1);
      continue;
    }
    upperColumn.push(columns.length);
    columns.push({ coef: (k) => (k === i ? -1 : 0), b: -upper[i]! });
  }
  const amat: number[][] = [[]];
  for (let i = 0; i < n; i++) amat.push([0, ...columns.map((c) => c.coef(i))]);
  const bvec = [0, ...columns.map((c) => c.b)];
  const res = quadprog.solveQP(dmat, dvec, amat, bvec, meq);
  if (res.message) throw new Error(`quadratic programme: ${res.message}`);
  const multiplier = (column: number) => (column < 0 ? 0 : (res.Lagrangian[column + 1] ?? 0));
  return {
    x: res.solution.slice(1, n + 1),
    budget: multiplier(0),
    lowerMultipliers: lowerColumn.map(multiplier),
    upperMultipliers: upperColumn.map(multiplier),
    equalityMultipliers: equalities.map((_, k) => multiplier(k + 1)),
  };
}

/** Which sides of its kink w_prev_i a weight may take: both, or only one when w_prev_i lies at or beyond a bound. */
type Sides = "both" | "up" | "down";

/**
 * Solve the long-only mean-variance problem exactly (see module doc).
 * Throws when the bounds cannot sum to 1, Sigma is not positive definite,
 * or the turnover term has no w_prev.
 *
 * @example
 * optimizeLongOnly({ mu: [0.08, 0.05], sigma: [0.04, 0, 0, 0.09], n: 2, delta: 3, lower: [0, 0], upper: [1, 1] }).weights;
 * // [0.7692, 0.2308]: 3 (0.04 w1 - 0.09 w2) = 0.03 with w1 + w2 = 1
 */
export function optimizeLongOnly(problem: MeanVarianceProblem): MeanVarianceSolution {
  const { n, delta } = problem;
  const lambda = problem.turnoverPenalty ?? 0;
  checkProblem(problem, lambda);
  const dScaled = Float64Array.from(problem.sigma, (v) => v * delta);
  const plain = solveBudgetQp(dScaled, problem.mu, n, problem.lower, problem.upper);
  if (lambda === 0) return { weights: plain.x, utility: utility(problem, plain.x), qpSolves: 1 };

  const prev = Array.from(problem.previous!);
  const sides: Sides[] = prev.map((p, i) => (p <= problem.lower[i]! ? "up" : p >= problem.upper[i]! ? "down" : "both"));
  const side: number[] = plain.x.map((w, i) => (sides[i] === "up" ? 1 : sides[i] === "down" ? -1 : w >= prev[i]! ? 1 : -1));
  const visited = new Set<string>();
  for (let solves = 2; solves <= 10 * n + 10; solves++) {
    const lo = side.map((s, i) => (s > 0 ? Math.max(problem.lower[i]!, sides[i] === "both" ? prev[i]! : -Infinity) : problem.lower[i]!));
    const hi = side.map((s, i) => (s < 0 ? Math.min(problem.upper[i]!, sides[i] === "both" ? prev[i]! : Infinity) : problem.upper[i]!));
    const d = side.map((s, i) => problem.mu[i]! - lambda * s);
    const qp = solveBudgetQp(dScaled, d, n, lo, hi);
    visited.add(side.join(""));
    // The weight resting on its kink that gains most by crossing it (multiplier above 2 lambda).
    let flip = -1;
    let excess = 1e-12 * (1 + lambda);
    for (let i = 0; i < n; i++) {
      if (sides[i] !== "both") continue;
      const m = side[i]! > 0 ? qp.lowerMultipliers[i]! : qp.upperMultipliers[i]!;
      if (m - 2 * lambda > excess) {
        excess = m - 2 * lambda;
        flip = i;
      }
    }
    if (flip < 0) return { weights: qp.x, utility: utility(problem, qp.x), qpSolves: solves };
    side[flip] = -side[flip]!;
    if (visited.has(side.join(""))) return { weights: qp.x, utility: utility(problem, qp.x), qpSolves: solves };
  }
  throw new Error(`optimizeLongOnly: no optimum after ${10 * n + 10} quadratic programmes (turnoverPenalty ${lambda})`);
}

function checkProblem(problem: MeanVarianceProblem, lambda: number): void {
  const { n } = problem;
  if (!(problem.delta > 0)) throw new RangeError(`optimizeLongOnly: delta must be > 0 (got ${problem.delta})`);
  if (!(lambda >= 0) || !Number.isFinite(lambda)) throw new RangeError(`optimizeLongOnly: turnoverPenalty must be a finite number >= 0 (got ${lambda})`);
  if (problem.mu.length !== n || problem.sigma.length !== n * n) {
    throw new RangeError(`optimizeLongOnly: ${problem.mu.length} expected returns and ${problem.sigma.length} covariance entries for n = ${n}`);
  }
  for (let i = 0; i < n; i++) if (!Number.isFinite(problem.mu[i])) throw new RangeError(`optimizeLongOnly: mu[${i}] is not finite`);
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    lo += problem.lower[i]!;
    hi += problem.upper[i]!;
  }
  if (lo > 1 + 1e-12 || hi < 1 - 1e-12) throw new RangeError(`optimizeLongOnly: bounds cannot sum to 1 (sum of lower ${lo}, of upper ${hi})`);
  if (lambda > 0 && (!problem.previous || problem.previous.length !== n)) {
    throw new RangeError(`optimizeLongOnly: a turnover penalty needs the ${n} previous weights`);
  }
}

/**
 * mu'w - (delta / 2) w' Sigma w - lambda |w - w_prev|_1.
 *
 * @example
 * utility({ mu: [0.1], sigma: [0.04], n: 1, delta: 3, lower: [0], upper: [1] }, [1]); // 0.1 - 0.06 = 0.04
 */
export function utility(problem: MeanVarianceProblem, w: ArrayLike<number>): number {
  const { n } = problem;
  let ret = 0;
  let variance = 0;
  let l1 = 0;
  for (let i = 0; i < n; i++) {
    ret += problem.mu[i]! * w[i]!;
    let row = 0;
    for (let j = 0; j < n; j++) row += 0.5 * (problem.sigma[i * n + j]! + problem.sigma[j * n + i]!) * w[j]!;
    variance += w[i]! * row;
    if (problem.previous) l1 += Math.abs(w[i]! - problem.previous[i]!);
  }
  return ret - 0.5 * problem.delta * variance - (problem.turnoverPenalty ?? 0) * l1;
}

/** How far a candidate is from satisfying the KKT conditions of `MeanVarianceProblem`. */
export interface KktReport {
  /** Largest bound or budget violation. */
  primal: number;
  /** Gap of the tightest interval for the budget multiplier nu (0 when one nu satisfies every condition). */
  dual: number;
}

/**
 * The KKT conditions of the long-only problem, checked without trusting any
 * solver's multipliers: with g = delta Sigma w - mu, there must be one nu with
 * (per asset) nu = g_i + lambda sign(w_i - w_prev_i) when w_i is strictly
 * inside its bounds and off its kink; |nu - g_i| <= lambda on the kink;
 * nu <= g_i + lambda sigma_up at the lower bound and nu >= g_i + lambda
 * sigma_down at the upper bound (sigma = the slope of |w_i - w_prev_i| when
 * leaving the bound). `tolerance` decides when a weight counts as on a bound.
 *
 * @example
 * longOnlyKkt(problem, optimizeLongOnly(problem).weights); // { primal: ~1e-16, dual: ~1e-16 }
 */
export function longOnlyKkt(problem: MeanVarianceProblem, w: ArrayLike<number>, tolerance = 1e-9): KktReport {
  const { n, delta } = problem;
  const lambda = problem.turnoverPenalty ?? 0;
  let primal = 0;
  let sum = 0;
  let nuLow = -Infinity;
  let nuHigh = Infinity;
  for (let i = 0; i < n; i++) {
    const wi = w[i]!;
    const lo = problem.lower[i]!;
    const hi = problem.upper[i]!;
    const p = problem.previous?.[i] ?? NaN;
    sum += wi;
    primal = Math.max(primal, lo - wi, wi - hi);
    let g = -problem.mu[i]!;
    for (let j = 0; j < n; j++) g += delta * 0.5 * (problem.sigma[i * n + j]! + problem.sigma[j * n + i]!) * w[j]!;
    const atLo = wi - lo <= tolerance;
    const atHi = hi - wi <= tolerance;
    const atKink = lambda > 0 && Math.abs(wi - p) <= tolerance;
    if (atKink && !atLo && !atHi) {
      nuLow = Math.max(nuLow, g - lambda);
      nuHigh = Math.min(nuHigh, g + lambda);
      continue;
    }
    // Slope of lambda |w - p| when moving up from w (sigmaUp) or down from w (sigmaDown).
    const up = lambda === 0 ? 0 : wi >= p - tolerance ? lambda : -lambda;
    const down = lambda === 0 ? 0 : wi <= p + tolerance ? -lambda : lambda;
    if (!atLo) nuLow = Math.max(nuLow, g + down);
    if (!atHi) nuHigh = Math.min(nuHigh, g + up);
  }
  primal = Math.max(primal, Math.abs(sum - 1));
  return { primal: Math.max(0, primal), dual: Math.max(0, nuLow - nuHigh) };
}

/**
 * Covariance estimation for the Black-Litterman prior (Blackboard paper,
 * section 3.3 / appendix): the sample covariance (ddof 1) of simple daily
 * returns over a trailing 252-day window that EXCLUDES the decision date,
 * annualized by x 252. Optional Ledoit-Wolf shrinkage.
 */
import { covarianceOfColumns } from "../stats/linalg";

/** Options for `sampleCovariance`. */
export interface SampleCovarianceOptions {
  /** Divisor n - ddof (default 1, pandas `DataFrame.cov()`). */
  ddof?: number;
  /** Multiply by this many periods per year (default 252; 1 = no annualization). */
  annualize?: number;
}

/**
 * Simple returns r_t = p_t / p_{t-1} - 1 (length n - 1).
 *
 * @example
 * simpleReturns([100, 110, 99]); // [0.1, -0.1]
 */
export function simpleReturns(prices: ArrayLike<number>): Float64Array {
  const n = prices.length;
  const out = new Float64Array(Math.max(n - 1, 0));
  for (let t = 1; t < n; t++) {
    const prev = prices[t - 1];
    if (!(prev > 0) || !Number.isFinite(prices[t])) {
      throw new RangeError(`simpleReturns: price at index ${prev > 0 ? t : t - 1} is not a positive finite number`);
    }
    out[t - 1] = prices[t] / prev - 1;
  }
  return out;
}

/**
 * Index range of the trailing window used on `decisionDate`: the last
 * `lookback + 1` prices dated STRICTLY BEFORE the decision date, which give
 * `lookback` returns. Dates are ISO strings sorted ascending. Returns
 * `{ start, end }` with `end` exclusive (slice(start, end) of the prices), or
 * null when fewer than lookback + 1 prices precede the date (the asset is then
 * excluded at that rebalance, as the paper does).
 *
 * @example
 * trailingWindow(["2025-01-02", "2025-01-03", "2025-01-06", "2025-01-07"], "2025-01-07", 2);
 * // { start: 0, end: 3 } -> prices of 01-02, 01-03, 01-06; the 01-07 close is never used
 */
export function trailingWindow(
  dates: ReadonlyArray<string>,
  decisionDate: string,
  lookback: number,
): { start: number; end: number } | null {
  if (!Number.isInteger(lookback) || lookback < 1) throw new RangeError(`trailingWindow: lookback must be an integer >= 1 (got ${lookback})`);
  // Binary search for the first date >= decisionDate.
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid] < decisionDate) lo = mid + 1;
    else hi = mid;
  }
  const end = lo;
  const start = end - (lookback + 1);
  if (start < 0) return null;
  return { start, end };
}

/**
 * Sample covariance of a returns matrix given as rows = periods, columns =
 * assets (like a pandas DataFrame of returns), annualized. Returns N x N rows.
 *
 * @example
 * sampleCovariance([[0.01, 0.02], [-0.01, 0.0], [0.02, 0.01]], { annualize: 1 });
 * // [[0.000233.., 0.0001], [0.0001, 0.0001]]
 */
export function sampleCovariance(
  returns: ReadonlyArray<ArrayLike<number>>,
  options: SampleCovarianceOptions = {},
): number[][] {
  return sampleCovarianceOfColumns(rowsToColumns(returns), options);
}

/**
 * Same as `sampleCovariance` but for asset columns (`columns[i]` = asset i's
 * returns), the fast path for a backtest that keeps one Float64Array per ticker.
 *
 * @example
 * sampleCovarianceOfColumns([Float64Array.of(0.01, -0.01, 0.02), Float64Array.of(0.02, 0, 0.01)]);
 */
export function sampleCovarianceOfColumns(
  columns: ReadonlyArray<ArrayLike<number>>,
  options: SampleCovarianceOptions = {},
): number[][] {
  const ddof = options.ddof ?? 1;
  const annualize = options.annualize ?? 252;
  checkFinite(columns);
  const cov = covarianceOfColumns(columns, ddof);
  if (annualize !== 1) for (const row of cov) for (let j = 0; j < row.length; j++) row[j] *= annualize;
  return cov;
}

/** Shrinkage target for `ledoitWolf`. */
export type ShrinkageTarget = "constant-correlation" | "identity";

/** Result of a Ledoit-Wolf estimate. */
export interface ShrunkCovariance {
  covariance: number[][];
  /** Shrinkage intensity in [0, 1] on the target. */
  shrinkage: number;
  target: ShrinkageTarget;
}

/**
 * Ledoit-Wolf shrinkage of the sample covariance towards a structured target,
 * annualized like `sampleCovariance`. As in both Ledoit-Wolf papers the sample
 * covariance here uses the divisor T (ddof 0) and the returns are demeaned.
 *
 * - "constant-correlation" (default): Ledoit & Wolf (2004), "Honey, I shrunk
 *   the sample covariance matrix": F_ij = rbar sqrt(s_ii s_jj), F_ii = s_ii,
 *   intensity = clip(kappa / T, 0, 1), kappa = (pi - rho) / gamma.
 * - "identity": Ledoit & Wolf (2004), "A well-conditioned estimator for
 *   large-dimensional covariance matrices": F = mu I with mu = trace(S)/N
 *   (the same estimator as scikit-learn's `ledoit_wolf`).
 *
 * @example
 * ledoitWolf(returnsRows, { target: "constant-correlation" }).shrinkage; // e.g. 0.3
 */
export function ledoitWolf(
  returns: ReadonlyArray<ArrayLike<number>>,
  options: { target?: ShrinkageTarget; annualize?: number } = {},
): ShrunkCovariance {
  const target = options.target ?? "constant-correlation";
  const annualize = options.annualize ?? 252;
  const columns = rowsToColumns(returns);
  checkFinite(columns);
  const n = columns.length;
  const t = n > 0 ? columns[0].length : 0;
  if (n === 0 || t < 2) throw new RangeError(`ledoitWolf: need at least 2 periods and 1 asset (got ${t} x ${n})`);
  const x = columns.map((col) => {
    let s = 0;
    for (let k = 0; k < t; k++) s += col[k];
    const m = s / t;
    return Float64Array.from(col, (v) => v - m);
  });
  const s = covarianceOfColumns(x, 0);
  let shrinkage: number;
  let f: number[][];
  if (target === "identity") {
    let trace = 0;
    for (let i = 0; i < n; i++) trace += s[i][i];
    const mu = trace / n;
    f = s.map((row, i) => row.map((_, j) => (i === j ? mu : 0)));
    // delta = ||S - mu I||_F^2 / N ; beta = (1 / (N T^2)) sum_t ||x_t x_t^T - S||_F^2, capped by delta.
    let delta = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) delta += (s[i][j] - f[i][j]) ** 2;
    delta /= n;
    let beta = 0;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let acc = 0;
        for (let k = 0; k < t; k++) acc += (x[i][k] * x[j][k]) ** 2;
        beta += acc / t - s[i][j] ** 2;
      }
    }
    beta /= n * t;
    beta = Math.min(beta, delta);
    shrinkage = delta > 0 ? beta / delta : 0;
  } else {
    const sd = s.map((row, i) => Math.sqrt(row[i]));
    let rSum = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) rSum += s[i][j] / (sd[i] * sd[j]);
    const rbar = n > 1 ? rSum / (n * (n - 1)) : 0;
    f = s.map((row, i) => row.map((v, j) => (i === j ? v : rbar * sd[i] * sd[j])));
    // pi_ij = (1/T) sum_t (x_i x_j - s_ij)^2; theta_ij = (1/T) sum_t x_i^3 x_j - s_ii s_ij.
    let piSum = 0;
    let rhoDiag = 0;
    let rhoOff = 0;
    const theta: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let acc = 0;
        let acc3 = 0;
        for (let k = 0; k < t; k++) {
          const xi = x[i][k];
          const xj = x[j][k];
          acc += (xi * xj) ** 2;
          acc3 += xi * xi * xi * xj;
        }
        const pij = acc / t - s[i][j] ** 2;
        piSum += pij;
        if (i === j) rhoDiag += pij;
        theta[i][j] = acc3 / t - s[i][i] * s[i][j];
      }
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        rhoOff += (Math.sqrt(s[j][j] / s[i][i]) * theta[i][j] + Math.sqrt(s[i][i] / s[j][j]) * theta[j][i]) / 2;
      }
    }
    const rho = rhoDiag + rbar * rhoOff;
    let gamma = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) gamma += (f[i][j] - s[i][j]) ** 2;
    const kappa = gamma > 0 ? (piSum - rho) / gamma : 0;
    shrinkage = Math.max(0, Math.min(1, kappa / t));
  }
  const covariance = s.map((row, i) => row.map((v, j) => annualize * (shrinkage * f[i][j] + (1 - shrinkage) * v)));
  return { covariance, shrinkage, target };
}

function rowsToColumns(rows: ReadonlyArray<ArrayLike<number>>): Float64Array[] {
  if (rows.length === 0) return [];
  const n = rows[0].length;
  const t = rows.length;
  const columns = Array.from({ length: n }, () => new Float64Array(t));
  for (let k = 0; k < t; k++) {
    const row = rows[k];
    if (row.length !== n) throw new RangeError(`returns row ${k} has ${row.length} assets, row 0 has ${n}`);
    for (let i = 0; i < n; i++) columns[i][k] = row[i];
  }
  return columns;
}

function checkFinite(columns: ReadonlyArray<ArrayLike<number>>): void {
  for (let i = 0; i < columns.length; i++) {
    const col = columns[i];
    for (let k = 0; k < col.length; k++) {
      if (!Number.isFinite(col[k])) throw new RangeError(`covariance: return of asset ${i} at period ${k} is not finite (${col[k]})`);
    }
  }
}

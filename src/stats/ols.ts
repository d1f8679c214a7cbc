/**
 * Ordinary least squares with the inference statsmodels reports.
 *
 * `olsThroughOrigin` is the regression the Sentimental Agents paper fits: an
 * agent's sentiment change on its peers' recent sentiment with no intercept.
 * statsmodels conventions for a no-constant model (`sm.OLS(y, x).fit()`):
 * - slope b = sum(x y) / sum(x^2);
 * - residual degrees of freedom n - 1, sigma^2 = SSR / (n - 1);
 * - se(b) = sqrt(sigma^2 / sum(x^2)), t = b / se, two-sided Student-t p-value;
 * - R^2 is UNCENTERED: 1 - SSR / sum(y^2) (statsmodels' `rsquared` when the
 *   model has no constant), not the centered 1 - SSR / sum((y - mean y)^2).
 */
import { Matrix, QrDecomposition } from "ml-matrix";
import { solveSpd } from "./linalg";
import { studentTTwoSidedP } from "./distributions";

/** Result of a one-regressor, no-intercept OLS fit. */
export interface OlsThroughOriginResult {
  slope: number;
  /** Standard error of the slope. */
  se: number;
  /** t statistic slope / se. */
  t: number;
  /** Two-sided p-value with n - 1 degrees of freedom. */
  p: number;
  /** Uncentered R^2 = 1 - SSR / sum(y^2). */
  r2: number;
  n: number;
  /** Sum of squared residuals. */
  ssr: number;
  /** Residual degrees of freedom (n - 1). */
  dfResid: number;
}

function checkSeries(name: string, x: ArrayLike<number>, y: ArrayLike<number>): void {
  if (x.length !== y.length) throw new RangeError(`${name}: x has ${x.length} values but y has ${y.length}`);
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(x[i])) throw new RangeError(`${name}: x[${i}] is not a finite number (${x[i]})`);
    if (!Number.isFinite(y[i])) throw new RangeError(`${name}: y[${i}] is not a finite number (${y[i]})`);
  }
}

/**
 * OLS of y on x without an intercept, with statsmodels' inference (see module doc).
 * Needs n >= 2 and x not all zero. With n = 1 or a perfect fit, se = 0 and t, p
 * follow IEEE arithmetic (t = +-Infinity, p = 0) or NaN when undefined.
 *
 * @example
 * olsThroughOrigin([1, 2, 3, 4], [2.1, 3.9, 6.2, 7.8]);
 * // slope 1.99, se 0.0328295, t 60.6162, p 9.8919e-6, r2 0.9991842
 */
export function olsThroughOrigin(x: ArrayLike<number>, y: ArrayLike<number>): OlsThroughOriginResult {
  checkSeries("olsThroughOrigin", x, y);
  const n = x.length;
  if (n < 1) throw new RangeError("olsThroughOrigin: need at least one observation");
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxx += x[i]! * x[i]!;
    sxy += x[i]! * y[i]!;
    syy += y[i]! * y[i]!;
  }
  if (!(sxx > 0)) throw new RangeError("olsThroughOrigin: x is all zeros, the slope is undefined");
  const slope = sxy / sxx;
  let ssr = 0;
  for (let i = 0; i < n; i++) {
    const e = y[i]! - slope * x[i]!;
    ssr += e * e;
  }
  const dfResid = n - 1;
  const sigma2 = dfResid > 0 ? ssr / dfResid : NaN;
  const se = Math.sqrt(sigma2 / sxx);
  const t = slope / se;
  const p = dfResid > 0 && !Number.isNaN(t) ? studentTTwoSidedP(t, dfResid) : NaN;
  const r2 = syy > 0 ? 1 - ssr / syy : NaN;
  return { slope, se, t, p, r2, n, ssr, dfResid };
}

/** Options for the general `ols`. */
export interface OlsOptions {
  /** Prepend a column of ones (default true). Its coefficient comes first. */
  intercept?: boolean;
}

/** Result of a general OLS fit; arrays are in coefficient order (intercept first when present). */
export interface OlsResult {
  coefficients: number[];
  standardErrors: number[];
  tStats: number[];
  pValues: number[];
  /** Centered R^2 with an intercept, uncentered without (statsmodels). */
  r2: number;
  /** 1 - (n - kConst) / dfResid * (1 - r2) (statsmodels `rsquared_adj`). */
  adjR2: number;
  ssr: number;
  /** SSR / dfResid. */
  sigma2: number;
  dfResid: number;
  n: number;
  residuals: Float64Array;
}

/**
 * General OLS y = X b + e solved by Householder QR (ml-matrix), coefficient
 * covariance sigma^2 (X^T X)^-1 via a Cholesky solve. `X` is given as rows
 * (n observations x k regressors).
 *
 * @example
 * ols([[1], [2], [3], [4]], [3, 5, 7, 9.5]).coefficients; // [0.75, 2.15] (intercept, slope)
 */
export function ols(X: ReadonlyArray<ArrayLike<number>>, y: ArrayLike<number>, options: OlsOptions = {}): OlsResult {
  const intercept = options.intercept ?? true;
  const n = X.length;
  if (n !== y.length) throw new RangeError(`ols: X has ${n} rows but y has ${y.length} values`);
  if (n === 0) throw new RangeError("ols: no observations");
  const kRaw = X[0]!.length;
  const k = kRaw + (intercept ? 1 : 0);
  if (k === 0) throw new RangeError("ols: no regressors");
  if (n < k) throw new RangeError(`ols: ${n} observations cannot identify ${k} coefficients`);
  const design = new Matrix(n, k);
  for (let i = 0; i < n; i++) {
    const row = X[i]!;
    if (row.length !== kRaw) throw new RangeError(`ols: row ${i} has ${row.length} regressors, row 0 has ${kRaw}`);
    let c = 0;
    if (intercept) design.set(i, c++, 1);
    for (let j = 0; j < kRaw; j++) {
      const v = row[j];
      if (v === undefined || !Number.isFinite(v)) throw new RangeError(`ols: X[${i}][${j}] is not a finite number (${v})`);
      design.set(i, c++, v);
    }
    if (!Number.isFinite(y[i])) throw new RangeError(`ols: y[${i}] is not a finite number (${y[i]})`);
  }
  const yVec = Matrix.columnVector(Array.from(y));
  const qr = new QrDecomposition(design);
  if (!qr.isFullRank()) throw new Error("ols: design matrix is rank deficient (collinear regressors)");
  const beta = qr.solve(yVec).to1DArray();
  const residuals = new Float64Array(n);
  let ssr = 0;
  let yMean = 0;
  for (let i = 0; i < n; i++) yMean += y[i]! / n;
  let tss = 0;
  for (let i = 0; i < n; i++) {
    let fitted = 0;
    for (let j = 0; j < k; j++) fitted += design.get(i, j) * beta[j]!;
    const yi = y[i]!;
    const e = yi - fitted;
    residuals[i] = e;
    ssr += e * e;
    const centered = intercept ? yi - yMean : yi;
    tss += centered * centered;
  }
  const dfResid = n - k;
  const sigma2 = dfResid > 0 ? ssr / dfResid : NaN;
  const xtx = design.transpose().mmul(design);
  const xtxInv = solveSpd(xtx, Matrix.eye(k), "ols (X^T X)");
  const standardErrors = beta.map((_, j) => Math.sqrt(sigma2 * xtxInv.get(j, j)));
  const tStats = beta.map((b, j) => b / standardErrors[j]!);
  const pValues = tStats.map((t) => (dfResid > 0 && !Number.isNaN(t) ? studentTTwoSidedP(t, dfResid) : NaN));
  const r2 = tss > 0 ? 1 - ssr / tss : NaN;
  const kConst = intercept ? 1 : 0;
  const adjR2 = dfResid > 0 ? 1 - ((n - kConst) / dfResid) * (1 - r2) : NaN;
  return { coefficients: beta, standardErrors, tStats, pValues, r2, adjR2, ssr, sigma2, dfResid, n, residuals };
}

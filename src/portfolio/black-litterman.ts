/**
 * Black-Litterman posterior (He & Litterman 1999; Blackboard paper eq. (1)).
 *
 *   prior      pi      = delta Sigma w_mkt
 *   views      P mu = Q + eps,  eps ~ N(0, Omega),  Omega = c diag(diag(P tau Sigma P^T))
 *   posterior  mu_BL   = [(tau Sigma)^-1 + P^T Omega^-1 P]^-1 [(tau Sigma)^-1 pi + P^T Omega^-1 Q]
 *              M       = [(tau Sigma)^-1 + P^T Omega^-1 P]^-1
 *              Sigma_BL = Sigma + M
 *
 * Computed in the algebraically equivalent form that needs only one SPD solve
 * with A = P tau Sigma P^T + Omega (k x k, always SPD when Omega > 0) and no
 * inverse of Sigma (which is singular when assets outnumber days):
 *   mu_BL = pi + tau Sigma P^T A^-1 (Q - P pi)
 *   M     = tau Sigma - tau Sigma P^T A^-1 P tau Sigma
 *
 * Paper defaults: delta 3.0, tau 0.025, c (omegaScale) 0.5, P = I.
 * Because Omega is proportional to tau here, tau cancels out of mu_BL (it
 * still scales M). With Sigma diagonal and P = I, mu_i = (c pi_i + q_i) / (1 + c),
 * i.e. (pi_i + 2 q_i) / 3 at c = 0.5.
 */
import { Matrix } from "ml-matrix";
import { choleskyLower, choleskySolveLower, columnVector, toMatrix, type MatrixLike } from "../stats/linalg";

/**
 * The paper's Black-Litterman constants (section 3.3).
 *
 * @example
 * blackLitterman({ sigma, q, ...BL_DEFAULTS });
 */
export const BL_DEFAULTS = { delta: 3.0, tau: 0.025, omegaScale: 0.5 } as const;

/** Inputs of `blackLitterman`. Sigma is annualized, like Q. */
export interface BlackLittermanInput {
  /** N x N prior covariance (annualized). */
  sigma: MatrixLike;
  /** Market weights for the prior; ignored when `pi` is given. Default 1/N. */
  wMkt?: ArrayLike<number>;
  /** Prior mean; default delta * Sigma * wMkt. */
  pi?: ArrayLike<number>;
  /** k view returns. */
  q: ArrayLike<number>;
  /** k x N pick matrix; default identity (k = N absolute views). */
  p?: MatrixLike;
  /** Risk aversion (default 3.0). */
  delta?: number;
  /** Prior uncertainty scalar (default 0.025). */
  tau?: number;
  /** c in Omega = c diag(diag(P tau Sigma P^T)) (default 0.5). */
  omegaScale?: number;
  /** A full k x k view covariance that replaces the diagonal Omega. */
  omega?: MatrixLike;
}

/** Posterior of `blackLitterman` (plain arrays, JSON-ready). */
export interface BlackLittermanResult {
  pi: number[];
  muBL: number[];
  /** Sigma + M. */
  sigmaBL: number[][];
  /** M = [(tau Sigma)^-1 + P^T Omega^-1 P]^-1, the posterior covariance of the mean. */
  posteriorMeanCovariance: number[][];
  omega: number[][];
  p: number[][];
  q: number[];
  delta: number;
  tau: number;
  omegaScale: number;
}

/**
 * Reverse-optimized equilibrium returns pi = delta Sigma w.
 *
 * @example
 * impliedPrior([[0.04, 0], [0, 0.09]], [0.5, 0.5], 3); // [0.06, 0.135]
 */
export function impliedPrior(sigma: MatrixLike, wMkt: ArrayLike<number>, delta: number = BL_DEFAULTS.delta): number[] {
  const s = toMatrix(sigma);
  checkSquare("sigma", s);
  if (wMkt.length !== s.rows) throw new RangeError(`impliedPrior: wMkt has ${wMkt.length} entries, sigma is ${s.rows}x${s.rows}`);
  return s.mmul(columnVector(wMkt)).mul(delta).to1DArray();
}

/**
 * The paper's diagonal view uncertainty Omega = c diag(diag(P tau Sigma P^T)).
 *
 * @example
 * viewOmega([[0.04, 0], [0, 0.09]], Matrix.eye(2), 0.025, 0.5); // diag(0.0005, 0.001125)
 */
export function viewOmega(sigma: MatrixLike, p: MatrixLike, tau: number, omegaScale: number): number[][] {
  const s = toMatrix(sigma);
  const pm = toMatrix(p);
  const k = pm.rows;
  const out: number[][] = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const ps = pm.mmul(s);
  for (let r = 0; r < k; r++) {
    let v = 0;
    for (let j = 0; j < pm.columns; j++) v += ps.get(r, j) * pm.get(r, j);
    out[r][r] = omegaScale * tau * v;
  }
  return out;
}

/**
 * Black-Litterman posterior mean and covariance (see module doc).
 *
 * @example
 * const post = blackLitterman({ sigma: [[0.04, 0], [0, 0.09]], wMkt: [0.5, 0.5], q: [0.02, -0.02] });
 * post.muBL; // [(0.06 + 0.04)/3, (0.135 - 0.04)/3] = [0.0333.., 0.0316..]
 */
export function blackLitterman(input: BlackLittermanInput): BlackLittermanResult {
  const delta = input.delta ?? BL_DEFAULTS.delta;
  const tau = input.tau ?? BL_DEFAULTS.tau;
  const omegaScale = input.omegaScale ?? BL_DEFAULTS.omegaScale;
  if (!(delta > 0)) throw new RangeError(`blackLitterman: delta must be > 0 (got ${delta})`);
  if (!(tau > 0)) throw new RangeError(`blackLitterman: tau must be > 0 (got ${tau})`);
  if (!(omegaScale > 0) && input.omega === undefined) throw new RangeError(`blackLitterman: omegaScale must be > 0 (got ${omegaScale})`);
  const sigma = toMatrix(input.sigma);
  checkSquare("sigma", sigma);
  checkFiniteMatrix("sigma", sigma);
  const n = sigma.rows;
  const wMkt = input.wMkt ?? new Float64Array(n).fill(1 / n);
  const pi = input.pi ? Array.from(input.pi) : impliedPrior(sigma, wMkt, delta);
  if (pi.length !== n) throw new RangeError(`blackLitterman: pi has ${pi.length} entries for ${n} assets`);
  const p = input.p ? toMatrix(input.p) : Matrix.eye(n);
  if (p.columns !== n) throw new RangeError(`blackLitterman: p has ${p.columns} columns for ${n} assets`);
  const k = p.rows;
  const q = Array.from(input.q);
  if (q.length !== k) throw new RangeError(`blackLitterman: q has ${q.length} views but p has ${k} rows`);
  for (let i = 0; i < k; i++) if (!Number.isFinite(q[i])) throw new RangeError(`blackLitterman: q[${i}] is not finite (${q[i]})`);

  // Dense row-major arithmetic (see linalg.ts for why): S = tau Sigma, SPt = S P^T (n x k),
  // A = P S P^T + Omega (k x k).
  const identityViews = input.p === undefined;
  const s = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) s[i * n + j] = tau * 0.5 * (sigma.get(i, j) + sigma.get(j, i));
  const pd = new Float64Array(k * n);
  for (let r = 0; r < k; r++) for (let j = 0; j < n; j++) pd[r * n + j] = p.get(r, j);
  const spt = identityViews ? s.slice() : multiply(s, n, n, transpose(pd, k, n), k);
  const a = identityViews ? s.slice() : multiply(pd, k, n, spt, k);
  let omega: Matrix;
  if (input.omega) {
    omega = toMatrix(input.omega);
    if (omega.rows !== k || omega.columns !== k) throw new RangeError(`blackLitterman: omega must be ${k}x${k}`);
  } else {
    omega = new Matrix(k, k);
    for (let r = 0; r < k; r++) omega.set(r, r, omegaScale * a[r * k + r]);
  }
  for (let r = 0; r < k; r++) for (let c = 0; c < k; c++) a[r * k + c] += 0.5 * (omega.get(r, c) + omega.get(c, r));
  const lower = choleskyLower(a, k);
  if (lower === null) {
    throw new Error("blackLitterman: P tau Sigma P^T + Omega is not positive definite (zero-variance asset or zero Omega?)");
  }
  // mu_BL = pi + SPt A^-1 (Q - P pi)
  const gap = new Float64Array(k);
  for (let r = 0; r < k; r++) {
    let ppi = 0;
    for (let j = 0; j < n; j++) ppi += pd[r * n + j] * pi[j];
    gap[r] = q[r] - ppi;
  }
  choleskySolveLower(lower, k, gap, 1);
  const muBL = pi.map((v, i) => {
    let acc = v;
    for (let r = 0; r < k; r++) acc += spt[i * k + r] * gap[r];
    return acc;
  });
  // M = S - SPt A^-1 SPt^T
  const y = choleskySolveLower(lower, k, transpose(spt, n, k), n); // k x n
  const correction = multiply(spt, n, k, y, n);
  const m: number[][] = Array.from({ length: n }, () => new Array<number>(n));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      const v = s[i * n + j] - 0.5 * (correction[i * n + j] + correction[j * n + i]);
      m[i][j] = v;
      m[j][i] = v;
    }
  }
  const sigmaRows = symmetricRows(sigma);
  const sigmaBL = sigmaRows.map((row, i) => row.map((v, j) => v + m[i][j]));
  return {
    pi,
    muBL,
    sigmaBL,
    posteriorMeanCovariance: m,
    omega: omega.to2DArray(),
    p: p.to2DArray(),
    q,
    delta,
    tau,
    omegaScale,
  };
}

/** Row-major product of an (r x inner) and an (inner x c) matrix. */
function multiply(a: Float64Array, rows: number, inner: number, b: Float64Array, cols: number): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    for (let t = 0; t < inner; t++) {
      const av = a[i * inner + t];
      if (av === 0) continue;
      const bRow = t * cols;
      const oRow = i * cols;
      for (let j = 0; j < cols; j++) out[oRow + j] += av * b[bRow + j];
    }
  }
  return out;
}

function transpose(a: Float64Array, rows: number, cols: number): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out[j * rows + i] = a[i * cols + j];
  return out;
}

function symmetricRows(m: Matrix): number[][] {
  const n = m.rows;
  const out: number[][] = Array.from({ length: n }, () => new Array<number>(n));
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) out[i][j] = 0.5 * (m.get(i, j) + m.get(j, i));
  return out;
}

function checkSquare(name: string, m: Matrix): void {
  if (m.rows !== m.columns || m.rows === 0) throw new RangeError(`${name} must be a non-empty square matrix (got ${m.rows}x${m.columns})`);
}

function checkFiniteMatrix(name: string, m: Matrix): void {
  for (let i = 0; i < m.rows; i++) {
    for (let j = 0; j < m.columns; j++) {
      if (!Number.isFinite(m.get(i, j))) throw new RangeError(`${name}[${i}][${j}] is not finite (${m.get(i, j)})`);
    }
  }
}

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
 * With absolute views on every asset (P = I) and a diagonal Omega — the
 * paper's setting — tau Sigma = A - Omega turns M into
 *   M     = Omega - Omega A^-1 Omega
 * which needs A^-1 (n^3/3 from the Cholesky factor) but not the n^3 product
 * tau Sigma A^-1 tau Sigma; `blackLitterman` takes that path automatically
 * (`absoluteViewsPosterior`, flat Float64Arrays, used by the backtest) and the
 * general form otherwise. mu_BL is the same arithmetic on both paths; M agrees
 * to rounding (tested to 1e-12 relative).
 *
 * Paper defaults: delta 3.0, tau 0.025, c (omegaScale) 0.5, P = I.
 * Because Omega is proportional to tau here, tau cancels out of mu_BL (it
 * still scales M). With Sigma diagonal and P = I, mu_i = (c pi_i + q_i) / (1 + c),
 * i.e. (pi_i + 2 q_i) / 3 at c = 0.5.
 */
import { Matrix } from "ml-matrix";
import { choleskyInverse, choleskyLower, choleskySolveLower, columnVector, toMatrix, type MatrixLike } from "../stats/index";

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
  const ps = pm.mmul(s);
  return Array.from({ length: k }, (_, r) => {
    let v = 0;
    for (let j = 0; j < pm.columns; j++) v += ps.get(r, j) * pm.get(r, j);
    const row = new Array<number>(k).fill(0);
    row[r] = omegaScale * tau * v;
    return row;
  });
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

  const identityViews = input.p === undefined || isIdentity(p);
  const omegaDiagonal = input.omega === undefined ? null : diagonalOf(toMatrix(input.omega), k);
  if (identityViews && (input.omega === undefined || omegaDiagonal !== null)) {
    const flat = new Float64Array(n * n);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) flat[i * n + j] = sigma.get(i, j);
    const post = absoluteViewsPosterior(flat, n, q, { pi, delta, tau, omegaScale, omegaDiagonal: omegaDiagonal ?? undefined });
    const rows = (a: Float64Array): number[][] => Array.from({ length: n }, (_, i) => Array.from(a.subarray(i * n, (i + 1) * n)));
    const omegaRows: number[][] = Array.from({ length: n }, (_, i) => {
      const row = new Array<number>(n).fill(0);
      row[i] = post.omegaDiagonal[i]!;
      return row;
    });
    return {
      pi,
      muBL: Array.from(post.muBL),
      sigmaBL: rows(post.sigmaBL),
      posteriorMeanCovariance: rows(post.posteriorMeanCovariance),
      omega: input.omega ? toMatrix(input.omega).to2DArray() : omegaRows,
      p: p.to2DArray(),
      q,
      delta,
      tau,
      omegaScale,
    };
  }

  // Dense row-major arithmetic (see linalg.ts for why): S = tau Sigma, SPt = S P^T (n x k),
  // A = P S P^T + Omega (k x k).
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
    for (let r = 0; r < k; r++) omega.set(r, r, omegaScale * a[r * k + r]!);
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
    for (let j = 0; j < n; j++) ppi += pd[r * n + j]! * pi[j]!;
    gap[r] = q[r]! - ppi;
  }
  choleskySolveLower(lower, k, gap, 1);
  const muBL = pi.map((v, i) => {
    let acc = v;
    for (let r = 0; r < k; r++) acc += spt[i * k + r]! * gap[r]!;
    return acc;
  });
  // M = S - SPt A^-1 SPt^T
  const y = choleskySolveLower(lower, k, transpose(spt, n, k), n); // k x n
  const correction = multiply(spt, n, k, y, n);
  const m: number[][] = Array.from({ length: n }, () => new Array<number>(n));
  for (let i = 0; i < n; i++) {
    const mi = m[i]!;
    for (let j = 0; j <= i; j++) {
      const v = s[i * n + j]! - 0.5 * (correction[i * n + j]! + correction[j * n + i]!);
      mi[j] = v;
      m[j]![i] = v;
    }
  }
  const sigmaRows = symmetricRows(sigma);
  const sigmaBL = sigmaRows.map((row, i) => {
    const mi = m[i]!;
    return row.map((v, j) => v + mi[j]!);
  });
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

/** Options of `absoluteViewsPosterior`. */
export interface AbsoluteViewsOptions {
  /** Market weights of the prior (default 1/N); ignored when `pi` is given. */
  wMkt?: ArrayLike<number>;
  /** Prior mean (default delta Sigma wMkt). */
  pi?: ArrayLike<number>;
  delta?: number;
  tau?: number;
  /** c in Omega = c diag(tau Sigma) (default 0.5); ignored when `omegaDiagonal` is given. */
  omegaScale?: number;
  /** Explicit diagonal of Omega (all > 0). */
  omegaDiagonal?: ArrayLike<number>;
}

/** Posterior on flat arrays (row-major n x n matrices). */
export interface AbsoluteViewsPosterior {
  pi: Float64Array;
  muBL: Float64Array;
  /** Sigma + M. */
  sigmaBL: Float64Array;
  /** M = Omega - Omega A^-1 Omega. */
  posteriorMeanCovariance: Float64Array;
  omegaDiagonal: Float64Array;
}

/**
 * Black-Litterman posterior for absolute views on every asset (P = I) with a
 * diagonal Omega, on a flat row-major Sigma (n x n, symmetrized as
 * (Sigma + Sigma^T) / 2 like `blackLitterman`):
 *   A     = tau Sigma + Omega = L L^T
 *   mu_BL = pi + tau Sigma A^-1 (Q - pi)
 *   M     = Omega - Omega A^-1 Omega     (= tau Sigma - tau Sigma A^-1 tau Sigma)
 *   Sigma_BL = Sigma + M
 * Same results as `blackLitterman` with P = I (which calls it); no ml-matrix
 * objects, for the per-day loop of a backtest.
 *
 * @example
 * absoluteViewsPosterior(Float64Array.of(0.04, 0, 0, 0.09), 2, [0.02, -0.02]).muBL;
 * // [(0.06 + 0.04) / 3, (0.135 - 0.04) / 3]
 */
export function absoluteViewsPosterior(sigma: Float64Array, n: number, q: ArrayLike<number>, options: AbsoluteViewsOptions = {}): AbsoluteViewsPosterior {
  const { pi, sym, omega, lower, muBL } = absoluteViewsMean(sigma, n, q, options);
  // M = Omega - Omega A^-1 Omega, Sigma_BL = sym + M.
  const inv = choleskyInverse(lower, n);
  const m = inv; // overwritten in place
  const sigmaBL = sym;
  for (let i = 0; i < n; i++) {
    const oi = omega[i]!;
    const row = i * n;
    for (let j = 0; j < n; j++) {
      const v = (i === j ? oi : 0) - oi * omega[j]! * inv[row + j]!;
      m[row + j] = v;
      sigmaBL[row + j] += v;
    }
  }
  return { pi, muBL, sigmaBL, posteriorMeanCovariance: m, omegaDiagonal: omega };
}

/**
 * The checks of every absolute-views routine: delta, tau (and omegaScale
 * unless Omega is given) > 0, Sigma a finite n x n matrix, one finite view
 * per asset. Returns the parameters with the paper's defaults filled in.
 * `firstNonFinite` replaces the finiteness scan of Sigma by a caller's faster
 * one (the checks keep their order).
 *
 * @example
 * checkAbsoluteViews(Float64Array.of(0.04, 0, 0, 0.09), 2, [0.02, -0.02], {}); // { delta: 3, tau: 0.025, omegaScale: 0.5 }
 */
export function checkAbsoluteViews(
  sigma: Float64Array,
  n: number,
  q: ArrayLike<number>,
  options: AbsoluteViewsOptions,
  checks: { firstNonFinite?: () => number } = {},
): { delta: number; tau: number; omegaScale: number } {
  const delta = options.delta ?? BL_DEFAULTS.delta;
  const tau = options.tau ?? BL_DEFAULTS.tau;
  const omegaScale = options.omegaScale ?? BL_DEFAULTS.omegaScale;
  if (!(delta > 0)) throw new RangeError(`blackLitterman: delta must be > 0 (got ${delta})`);
  if (!(tau > 0)) throw new RangeError(`blackLitterman: tau must be > 0 (got ${tau})`);
  if (!(omegaScale > 0) && options.omegaDiagonal === undefined) throw new RangeError(`blackLitterman: omegaScale must be > 0 (got ${omegaScale})`);
  if (!(n > 0) || sigma.length !== n * n) throw new RangeError(`sigma must be a non-empty square matrix (got ${sigma.length} values for n = ${n})`);
  // A caller may scan Sigma faster itself (the WebAssembly route of absoluteViewsWeights): index of the first non-finite entry or -1.
  let bad = -1;
  if (checks.firstNonFinite) bad = checks.firstNonFinite();
  else
    for (let k = 0; k < n * n; k++)
      if (!Number.isFinite(sigma[k])) {
        bad = k;
        break;
      }
  if (bad >= 0) throw new RangeError(`sigma[${Math.floor(bad / n)}][${bad % n}] is not finite (${sigma[bad]})`);
  if (q.length !== n) throw new RangeError(`blackLitterman: q has ${q.length} views but p has ${n} rows`);
  for (let i = 0; i < n; i++) if (!Number.isFinite(q[i])) throw new RangeError(`blackLitterman: q[${i}] is not finite (${q[i]})`);
  return { delta, tau, omegaScale };
}

/** The posterior mean of absolute views and the pieces it is built from (shared with `absoluteViewsWeights`). */
export interface AbsoluteViewsMean {
  pi: Float64Array;
  muBL: Float64Array;
  /** (Sigma + Sigma^T) / 2, flat row-major. */
  sym: Float64Array;
  /** A = tau sym + Omega, flat row-major. */
  a: Float64Array;
  /** Its Cholesky factor L (A = L L^T). */
  lower: Float64Array;
  /** A^-1 (Q - pi). */
  gapSolved: Float64Array;
  omega: Float64Array;
  /** True when pi = delta Sigma wMkt (not given by the caller). */
  impliedPi: boolean;
  wMkt: ArrayLike<number>;
  delta: number;
  tau: number;
}

/**
 * mu_BL = pi + tau Sigma A^-1 (Q - pi) with A = tau Sigma + Omega = L L^T
 * (the first half of `absoluteViewsPosterior`), with the inputs checked.
 *
 * @example
 * absoluteViewsMean(Float64Array.of(0.04, 0, 0, 0.09), 2, [0.02, -0.02]).muBL;
 * // [(0.06 + 0.04) / 3, (0.135 - 0.04) / 3]
 */
export function absoluteViewsMean(sigma: Float64Array, n: number, q: ArrayLike<number>, options: AbsoluteViewsOptions = {}): AbsoluteViewsMean {
  const { delta, tau, omegaScale } = checkAbsoluteViews(sigma, n, q, options);
  // pi = delta Sigma w (summed in the order of ml-matrix's mmul, then scaled).
  let pi: Float64Array;
  if (options.pi) {
    if (options.pi.length !== n) throw new RangeError(`blackLitterman: pi has ${options.pi.length} entries for ${n} assets`);
    pi = Float64Array.from(options.pi);
  } else {
    const w = options.wMkt ?? new Float64Array(n).fill(1 / n);
    if (w.length !== n) throw new RangeError(`impliedPrior: wMkt has ${w.length} entries, sigma is ${n}x${n}`);
    pi = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let acc = 0;
      for (let j = 0; j < n; j++) acc += sigma[i * n + j]! * w[j]!;
      pi[i] = acc * delta;
    }
  }
  // sym = (Sigma + Sigma^T) / 2, S = tau sym, A = S + Omega.
  const sym = new Float64Array(n * n);
  const a = new Float64Array(n * n);
  // One triangle, mirrored: 0.5 (x + y) is the same double as 0.5 (y + x).
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      const v = 0.5 * (sigma[i * n + j]! + sigma[j * n + i]!);
      const t = tau * v;
      sym[i * n + j] = v;
      sym[j * n + i] = v;
      a[i * n + j] = t;
      a[j * n + i] = t;
    }
  }
  const omega = new Float64Array(n);
  if (options.omegaDiagonal) {
    if (options.omegaDiagonal.length !== n) throw new RangeError(`blackLitterman: omega must be ${n}x${n}`);
    for (let i = 0; i < n; i++) omega[i] = options.omegaDiagonal[i]!;
  } else {
    for (let i = 0; i < n; i++) omega[i] = omegaScale * a[i * n + i]!;
  }
  for (let i = 0; i < n; i++) a[i * n + i] += omega[i]!;
  const lower = choleskyLower(a, n);
  if (lower === null) {
    throw new Error("blackLitterman: P tau Sigma P^T + Omega is not positive definite (zero-variance asset or zero Omega?)");
  }
  // mu_BL = pi + S A^-1 (Q - pi)
  const gap = new Float64Array(n);
  for (let i = 0; i < n; i++) gap[i] = q[i]! - pi[i]!;
  choleskySolveLower(lower, n, gap, 1);
  const muBL = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let acc = pi[i]!;
    const row = i * n;
    for (let r = 0; r < n; r++) acc += tau * sym[row + r]! * gap[r]!;
    muBL[i] = acc;
  }
  return { pi, muBL, sym, a, lower, gapSolved: gap, omega, impliedPi: !options.pi, wMkt: options.wMkt ?? new Float64Array(n).fill(1 / n), delta, tau };
}

/** True for a square identity matrix. */
function isIdentity(p: Matrix): boolean {
  if (p.rows !== p.columns) return false;
  for (let i = 0; i < p.rows; i++) for (let j = 0; j < p.columns; j++) if (p.get(i, j) !== (i === j ? 1 : 0)) return false;
  return true;
}

/** The diagonal of a k x k matrix that is diagonal with a positive diagonal, else null. */
function diagonalOf(m: Matrix, k: number): Float64Array | null {
  if (m.rows !== k || m.columns !== k) return null;
  const d = new Float64Array(k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) if (i !== j && m.get(i, j) !== 0) return null;
    const v = m.get(i, i);
    if (!(v > 0)) return null;
    d[i] = v;
  }
  return d;
}

/** Row-major product of an (r x inner) and an (inner x c) matrix. */
function multiply(a: Float64Array, rows: number, inner: number, b: Float64Array, cols: number): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    for (let t = 0; t < inner; t++) {
      const av = a[i * inner + t]!;
      if (av === 0) continue;
      const bRow = t * cols;
      const oRow = i * cols;
      for (let j = 0; j < cols; j++) out[oRow + j] += av * b[bRow + j]!;
    }
  }
  return out;
}

function transpose(a: Float64Array, rows: number, cols: number): Float64Array {
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) out[j * rows + i] = a[i * cols + j]!;
  return out;
}

function symmetricRows(m: Matrix): number[][] {
  const n = m.rows;
  return Array.from({ length: n }, (_, i) => {
    const row = new Array<number>(n);
    for (let j = 0; j < n; j++) row[j] = 0.5 * (m.get(i, j) + m.get(j, i));
    return row;
  });
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

/**
 * Black-Litterman with absolute views on a subset V of the assets (P = the
 * rows of I for V), for tickers that have no view — a HOLD read as "no view",
 * or a ticker the top-k filter did not retain — so that the prior stands for
 * them (up to what their correlation with viewed assets implies):
 *
 *   S = tau Sigma,  A = S_VV + Omega_V  (k x k, SPD)
 *   mu_BL = pi + S_{.,V} A^-1 (Q - pi_V)
 *   M     = S - S_{.,V} A^-1 S_{V,.}
 *   Sigma_BL = Sigma + M
 *
 * With no view at all (k = 0) the posterior is the prior: mu_BL = pi,
 * Sigma_BL = (1 + tau) Sigma. With a view on every asset in order it is
 * `absoluteViewsPosterior` itself (the same arithmetic, so the same numbers).
 */
import { choleskyLower, choleskySolveLower } from "../stats/index";
import { absoluteViewsPosterior, BL_DEFAULTS, type AbsoluteViewsOptions } from "./black-litterman";

/** Views on some assets: indices (ascending, distinct), view returns and, optionally, their Omega diagonal. */
export interface SubsetViews {
  assets: readonly number[];
  q: ArrayLike<number>;
  /** Omega_ii per view (all > 0); default c tau Sigma_ii. */
  omega?: ArrayLike<number>;
}

/** Posterior on flat arrays (row-major n x n), as `absoluteViewsPosterior` returns it. */
export interface SubsetViewsPosterior {
  pi: Float64Array;
  muBL: Float64Array;
  sigmaBL: Float64Array;
  posteriorMeanCovariance: Float64Array;
  /** Omega_ii of each view, in the order of `assets`. */
  omegaDiagonal: Float64Array;
  assets: number[];
}

/**
 * The posterior for views on a subset of the assets (see module doc).
 *
 * @example
 * const post = subsetViewsPosterior(Float64Array.of(0.04, 0, 0, 0.09), 2, { assets: [0], q: [0.02] });
 * post.muBL[1]; // pi_1 = 3 x 0.09 x 0.5 = 0.135: no view and no correlation, so the prior stands
 */
export function subsetViewsPosterior(
  sigma: Float64Array,
  n: number,
  views: SubsetViews,
  options: Omit<AbsoluteViewsOptions, "omegaDiagonal"> = {},
): SubsetViewsPosterior {
  const k = views.assets.length;
  if (views.q.length !== k) throw new RangeError(`subsetViewsPosterior: ${views.q.length} view returns for ${k} viewed assets`);
  if (views.omega && views.omega.length !== k) throw new RangeError(`subsetViewsPosterior: ${views.omega.length} Omega entries for ${k} views`);
  views.assets.forEach((a, r) => {
    if (!Number.isInteger(a) || a < 0 || a >= n) throw new RangeError(`subsetViewsPosterior: viewed asset ${a} is outside 0..${n - 1}`);
    if (r > 0 && a <= views.assets[r - 1]!) throw new RangeError("subsetViewsPosterior: viewed assets must be ascending and distinct");
  });
  if (k === n) {
    const post = absoluteViewsPosterior(sigma, n, views.q, { ...options, omegaDiagonal: views.omega });
    return { ...post, assets: views.assets.slice() };
  }
  const tau = options.tau ?? BL_DEFAULTS.tau;
  const omegaScale = options.omegaScale ?? BL_DEFAULTS.omegaScale;
  const pi = priorMean(sigma, n, options);
  const sym = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) sym[i * n + j] = 0.5 * (sigma[i * n + j]! + sigma[j * n + i]!);
  const omega = new Float64Array(k);
  const a = new Float64Array(k * k);
  for (let r = 0; r < k; r++) {
    const ar = views.assets[r]!;
    for (let c = 0; c < k; c++) a[r * k + c] = tau * sym[ar * n + views.assets[c]!]!;
    omega[r] = views.omega ? views.omega[r]! : omegaScale * a[r * k + r]!;
    if (!(omega[r]! > 0)) throw new RangeError(`subsetViewsPosterior: Omega of view ${r} must be > 0 (got ${omega[r]})`);
    a[r * k + r] += omega[r]!;
    if (!Number.isFinite(views.q[r])) throw new RangeError(`subsetViewsPosterior: q[${r}] is not finite (${views.q[r]})`);
  }
  const muBL = Float64Array.from(pi);
  const m = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) m[i] = tau * sym[i]!;
  if (k > 0) {
    const lower = choleskyLower(a, k);
    if (lower === null) throw new Error("blackLitterman: P tau Sigma P^T + Omega is not positive definite (zero-variance asset or zero Omega?)");
    const gap = new Float64Array(k);
    for (let r = 0; r < k; r++) gap[r] = views.q[r]! - pi[views.assets[r]!]!;
    choleskySolveLower(lower, k, gap, 1);
    // Y = A^-1 S_{V,.} (k x n), then M = S - S_{.,V} Y.
    const y = new Float64Array(k * n);
    for (let r = 0; r < k; r++) for (let j = 0; j < n; j++) y[r * n + j] = tau * sym[views.assets[r]! * n + j]!;
    choleskySolveLower(lower, k, y, n);
    for (let i = 0; i < n; i++) {
      let acc = 0;
      for (let r = 0; r < k; r++) {
        const s = tau * sym[i * n + views.assets[r]!]!;
        acc += s * gap[r]!;
        for (let j = 0; j < n; j++) m[i * n + j] -= s * y[r * n + j]!;
      }
      muBL[i] += acc;
    }
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < i; j++) {
        const v = 0.5 * (m[i * n + j]! + m[j * n + i]!);
        m[i * n + j] = v;
        m[j * n + i] = v;
      }
    }
  }
  const sigmaBL = new Float64Array(n * n);
  for (let i = 0; i < n * n; i++) sigmaBL[i] = sym[i]! + m[i]!;
  return { pi, muBL, sigmaBL, posteriorMeanCovariance: m, omegaDiagonal: omega, assets: views.assets.slice() };
}

/** pi = delta Sigma w_mkt (or the given pi), after the checks `absoluteViewsPosterior` makes. */
function priorMean(sigma: Float64Array, n: number, options: Omit<AbsoluteViewsOptions, "omegaDiagonal">): Float64Array {
  const delta = options.delta ?? BL_DEFAULTS.delta;
  const tau = options.tau ?? BL_DEFAULTS.tau;
  if (!(delta > 0)) throw new RangeError(`blackLitterman: delta must be > 0 (got ${delta})`);
  if (!(tau > 0)) throw new RangeError(`blackLitterman: tau must be > 0 (got ${tau})`);
  if (!(n > 0) || sigma.length !== n * n) throw new RangeError(`sigma must be a non-empty square matrix (got ${sigma.length} values for n = ${n})`);
  for (let i = 0; i < n * n; i++) if (!Number.isFinite(sigma[i])) throw new RangeError(`sigma[${Math.floor(i / n)}][${i % n}] is not finite (${sigma[i]})`);
  if (options.pi) {
    if (options.pi.length !== n) throw new RangeError(`blackLitterman: pi has ${options.pi.length} entries for ${n} assets`);
    return Float64Array.from(options.pi);
  }
  const w = options.wMkt ?? new Float64Array(n).fill(1 / n);
  if (w.length !== n) throw new RangeError(`impliedPrior: wMkt has ${w.length} entries, sigma is ${n}x${n}`);
  const pi = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let acc = 0;
    for (let j = 0; j < n; j++) acc += sigma[i * n + j]! * w[j]!;
    pi[i] = acc * delta;
  }
  return pi;
}

/**
 * Omega from a view's confidence (the paper's future work i, "confidence
 * through Omega"): Omega_ii = c tau Sigma_ii / max(C_i, floor). A fully
 * confident view (C = 1) keeps the paper's Omega = c tau Sigma_ii; at C = 0.5
 * the view's variance doubles, so it pulls half as hard relative to the prior
 * (for a diagonal Sigma the posterior tilt is q weighted by 1 / (1 + c / C)).
 * The floor (default 0.05) keeps Omega finite for a zero confidence.
 *
 * @example
 * confidenceOmega([0.001], [0.5], 0.5); // [0.001]: 0.5 x 0.001 / 0.5
 */
export function confidenceOmega(tauSigmaDiagonal: ArrayLike<number>, confidences: ArrayLike<number>, omegaScale: number, floor = 0.05): Float64Array {
  if (confidences.length !== tauSigmaDiagonal.length)
    throw new RangeError(`confidenceOmega: ${confidences.length} confidences for ${tauSigmaDiagonal.length} views`);
  return Float64Array.from(tauSigmaDiagonal, (v, i) => {
    const c = confidences[i]!;
    if (!(c >= 0 && c <= 1)) throw new RangeError(`confidenceOmega: confidences[${i}] must be in [0, 1] (got ${c})`);
    return (omegaScale * v) / Math.max(c, floor);
  });
}

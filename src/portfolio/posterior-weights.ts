/**
 * Mean-variance weights of the absolute-views Black-Litterman posterior
 * (P = I, diagonal Omega) without forming Sigma_BL — the per-rebalance step of
 * the Blackboard paper's backtest (§3.3), where only the weights are needed.
 *
 * With S = tau Sigma and A = S + Omega, the posterior covariance of the mean
 * is M = Omega - Omega A^-1 Omega = (S^-1 + Omega^-1)^-1 = S A^-1 Omega, so
 *
 *   Sigma_BL = Sigma + S A^-1 Omega = Sigma A^-1 (A + tau Omega)
 *   Sigma^-1 mu_BL = Sigma^-1 pi + tau A^-1 (Q - pi) = delta w_mkt + tau A^-1 (Q - pi)
 *   raw w = (delta Sigma_BL)^-1 mu_BL = (A + tau Omega)^-1 A [w_mkt + (tau / delta) A^-1 (Q - pi)]
 *
 * (pi = delta Sigma w_mkt, He & Litterman's implied prior). A^-1 (Q - pi) is
 * already solved for mu_BL, so the weights cost one more Cholesky
 * factorisation (of A + tau Omega) where the explicit route needs the inverse
 * of A and a factorisation of Sigma_BL: about half the multiply-adds. The
 * result equals `meanVarianceWeightsDense(mu_BL, Sigma_BL)` to rounding
 * (tested to 1e-12 relative).
 *
 * Speed: a daily backtest calls this once per rebalance, so the n x n
 * matrices live in one scratch buffer reused from call to call (nothing of it
 * escapes: the results are fresh length-n arrays) and both factorisations and
 * solves run in the WebAssembly SIMD kernel (src/stats/cholesky-kernel.ts).
 * Every number is the same arithmetic in the same order as
 * `absoluteViewsMean` + the scalar Cholesky loops, so the results are
 * bit-identical to that composition (test/portfolio/posterior-weights.test.ts),
 * which still runs on engines without WebAssembly SIMD.
 */
import { choleskyLower, choleskySolveLower, WasmCholesky } from "../stats/index";
import { absoluteViewsMean, checkAbsoluteViews, type AbsoluteViewsOptions } from "./black-litterman";

/** What `absoluteViewsWeights` returns: the posterior mean and the unnormalised weights. */
export interface AbsoluteViewsWeights {
  pi: Float64Array;
  muBL: Float64Array;
  omegaDiagonal: Float64Array;
  /** (delta Sigma_BL)^-1 mu_BL, not normalised. */
  raw: Float64Array;
}

/**
 * raw w = (delta Sigma_BL)^-1 mu_BL for absolute views on every asset (see
 * the module doc for the identity). The prior must be the implied one
 * (no `pi` option), since the identity uses Sigma^-1 pi = delta w_mkt.
 *
 * @example
 * absoluteViewsWeights(Float64Array.of(0.04, 0, 0, 0.09), 2, [0.02, -0.02]).raw;
 * // equals meanVarianceWeightsDense(post.muBL, post.sigmaBL, 2, 3).raw for post = absoluteViewsPosterior(...)
 */
export function absoluteViewsWeights(
  sigma: Float64Array,
  n: number,
  q: ArrayLike<number>,
  options: Omit<AbsoluteViewsOptions, "pi"> = {},
): AbsoluteViewsWeights {
  const chol = sharedCholesky();
  return chol ? weightsWithKernel(chol, sigma, n, q, options) : composedWeights(sigma, n, q, options);
}

let cholesky: WasmCholesky | null | undefined;
/** One kernel for this module (calls are synchronous, so they never interleave). */
function sharedCholesky(): WasmCholesky | null {
  if (cholesky === undefined) cholesky = WasmCholesky.create();
  return cholesky;
}

/**
 * `composedWeights`' arithmetic, entry for entry, in the kernel's memory:
 * Sigma copied into `m`, S = tau sym(Sigma) in `s` (the same doubles as
 * `absoluteViewsMean`'s tau * sym_ij), A = S + Omega in `a`; pi in `x`,
 * A^-1 (Q - pi) in `y`, mu_BL in `z` and the weights in `w`.
 */
function weightsWithKernel(
  kernel: WasmCholesky,
  sigma: Float64Array,
  n: number,
  q: ArrayLike<number>,
  options: Omit<AbsoluteViewsOptions, "pi">,
): AbsoluteViewsWeights {
  // Sigma goes into the kernel's memory (once its shape is checked), where its finiteness scan runs.
  const scan = (): number => {
    kernel.reserve(n);
    kernel.m.set(sigma);
    return kernel.firstNonFinite(kernel.m);
  };
  const { delta, tau, omegaScale } = checkAbsoluteViews(sigma, n, q, options, { firstNonFinite: scan });
  const w = options.wMkt ?? new Float64Array(n).fill(1 / n);
  if (w.length !== n) throw new RangeError(`impliedPrior: wMkt has ${w.length} entries, sigma is ${n}x${n}`);
  const { a, m, s, x: pi, y: gap, z: mu, w: vec } = kernel;
  for (let j = 0; j < n; j++) vec[j] = w[j]!;
  kernel.matvec(m, vec, pi, delta);
  kernel.symmetricScaled(m, s, tau);
  const omega = new Float64Array(n);
  if (options.omegaDiagonal) {
    if (options.omegaDiagonal.length !== n) throw new RangeError(`blackLitterman: omega must be ${n}x${n}`);
    for (let i = 0; i < n; i++) omega[i] = options.omegaDiagonal[i]!;
  } else {
    for (let i = 0; i < n; i++) omega[i] = omegaScale * s[i * n + i]!;
  }
  a.set(s);
  for (let i = 0; i < n; i++) a[i * n + i] += omega[i]!;
  if (!kernel.factorInPlace()) throw new Error("blackLitterman: P tau Sigma P^T + Omega is not positive definite (zero-variance asset or zero Omega?)");
  // mu_BL = pi + S A^-1 (Q - pi)
  for (let i = 0; i < n; i++) gap[i] = q[i]! - pi[i]!;
  kernel.solve(gap);
  mu.set(pi);
  kernel.matvecAdd(s, gap, mu);
  const muBL = mu.slice();
  const piOut = pi.slice();
  // raw w = (A + tau Omega)^-1 A [w_mkt + (tau / delta) A^-1 (Q - pi)]
  for (let i = 0; i < n; i++) pi[i] = w[i]! + (tau / delta) * gap[i]!;
  kernel.matvec(a, pi, vec);
  for (let i = 0; i < n; i++) a[i * n + i] += tau * omega[i]!;
  if (!kernel.factorInPlace()) throw new Error("absoluteViewsWeights: A + tau Omega is not positive definite (zero-variance asset?)");
  kernel.solve(vec);
  return { pi: piOut, muBL, omegaDiagonal: omega, raw: vec.slice() };
}

/**
 * The weights composed from `absoluteViewsMean` and the scalar Cholesky
 * loops: the route without WebAssembly SIMD, and the reference the kernel
 * route is tested against (bit for bit).
 *
 * @example
 * composedWeights(Float64Array.of(0.04, 0, 0, 0.09), 2, [0.02, -0.02]).raw; // as absoluteViewsWeights
 */
export function composedWeights(sigma: Float64Array, n: number, q: ArrayLike<number>, options: Omit<AbsoluteViewsOptions, "pi"> = {}): AbsoluteViewsWeights {
  const mean = absoluteViewsMean(sigma, n, q, options);
  const { a, gapSolved, omega, wMkt, delta, tau } = mean;
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) y[i] = wMkt[i]! + (tau / delta) * gapSolved[i]!;
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const row = i * n;
    let acc = 0;
    for (let j = 0; j < n; j++) acc += a[row + j]! * y[j]!;
    z[i] = acc;
  }
  for (let i = 0; i < n; i++) a[i * n + i] += tau * omega[i]!;
  const lower = choleskyLower(a, n);
  if (lower === null) throw new Error("absoluteViewsWeights: A + tau Omega is not positive definite (zero-variance asset?)");
  choleskySolveLower(lower, n, z, 1);
  return { pi: mean.pi, muBL: mean.muBL, omegaDiagonal: omega, raw: z };
}

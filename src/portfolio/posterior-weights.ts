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
 */
import { choleskyLower, choleskySolveLower } from "../stats/index";
import { absoluteViewsMean, type AbsoluteViewsOptions } from "./black-litterman";

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

/**
 * One call from agents' decisions to portfolio weights, the Blackboard
 * paper's optimizer step: Q from BUY / HOLD / SELL, prior from market
 * weights, Black-Litterman posterior, mean-variance weights normalised to 1,
 * and the long-only (optionally bounded) variant.
 */
import type { MatrixLike } from "../stats/index";
import { BL_DEFAULTS, blackLitterman, type BlackLittermanResult } from "./black-litterman";
import { marketWeights, viewsFromDecisions, type MarketWeightsSpec, type ViewLabel, type ViewOptions } from "./views";
import { longOnly, meanVarianceWeights, type LongOnlyFallback } from "./weights";

/** Inputs of `blackLittermanPortfolio`. */
export interface BlackLittermanPortfolioInput {
  /** N x N annualized covariance (e.g. `sampleCovariance` over the trailing 252 days). */
  sigma: MatrixLike;
  /** One decision per asset (absolute views, P = I). Ignored when `q` is given. */
  decisions?: ReadonlyArray<ViewLabel>;
  /** Explicit views (overrides `decisions`). */
  q?: ArrayLike<number>;
  /** k x N pick matrix for explicit `q` (default identity). */
  p?: MatrixLike;
  /** How decisions become Q (magnitude 0.02, fixed or confidence-scaled). */
  viewOptions?: ViewOptions;
  /** Market weights for the prior (default equal 1/N). */
  market?: MarketWeightsSpec;
  delta?: number;
  tau?: number;
  omegaScale?: number;
  /** Long-only fallback when every raw weight is <= 0 (default "equal"). */
  longOnlyFallback?: LongOnlyFallback;
  /** Optional per-asset bounds on the long-only weights. */
  lower?: number | ArrayLike<number>;
  upper?: number | ArrayLike<number>;
}

/** Output of `blackLittermanPortfolio`. */
export interface BlackLittermanPortfolio {
  posterior: BlackLittermanResult;
  wMkt: number[];
  /** (delta Sigma_BL)^-1 mu_BL before normalisation. */
  rawWeights: number[];
  /** rawWeights / sum(rawWeights) (may contain shorts). */
  weights: number[];
  /** Negatives clipped, renormalised, bounds applied. */
  weightsLongOnly: number[];
}

/**
 * Decisions -> BL posterior -> weights (see module doc). Paper defaults:
 * delta 3, tau 0.025, omegaScale 0.5, Q = +-0.02 / 0, equal market weights
 * unless `market` says otherwise.
 *
 * @example
 * const out = blackLittermanPortfolio({ sigma: [[0.04, 0.01], [0.01, 0.09]], decisions: ["BUY", "SELL"] });
 * out.weightsLongOnly; // sums to 1, all >= 0
 */
export function blackLittermanPortfolio(input: BlackLittermanPortfolioInput): BlackLittermanPortfolio {
  const delta = input.delta ?? BL_DEFAULTS.delta;
  const n = Array.isArray(input.sigma) ? input.sigma.length : (input.sigma as { rows: number }).rows;
  let q: ArrayLike<number>;
  if (input.q) q = input.q;
  else if (input.decisions) {
    if (input.decisions.length !== n) throw new RangeError(`blackLittermanPortfolio: ${input.decisions.length} decisions for ${n} assets`);
    q = viewsFromDecisions(input.decisions, input.viewOptions);
  } else throw new RangeError("blackLittermanPortfolio: pass decisions or q");
  const wMkt = Array.from(marketWeights(n, input.market ?? { mode: "equal" }));
  const posterior = blackLitterman({
    sigma: input.sigma,
    wMkt,
    q,
    p: input.p,
    delta,
    tau: input.tau,
    omegaScale: input.omegaScale,
  });
  const { raw, weights } = meanVarianceWeights(posterior.muBL, posterior.sigmaBL, delta);
  const weightsLongOnly = longOnly(raw, {
    fallback: input.longOnlyFallback ?? "equal",
    prior: wMkt,
    lower: input.lower,
    upper: input.upper,
  });
  return { posterior, wMkt, rawWeights: raw, weights, weightsLongOnly };
}

/**
 * Portfolio construction for the Blackboard paper: covariance estimation,
 * Black-Litterman posterior, mean-variance / long-only weights, and view
 * perturbation analysis. One module per concept.
 *
 * @example
 * import { blackLitterman, sampleCovarianceOfColumns } from "../portfolio/index";
 */

export { blackLittermanPortfolio } from "./allocate";
export { absoluteViewsPosterior, BL_DEFAULTS, blackLitterman, impliedPrior, viewOmega } from "./black-litterman";
export { ledoitWolf, sampleCovariance, sampleCovarianceOfColumns, simpleReturns, TrailingCovariance, trailingWindow } from "./covariance";
export { flipView, perturbViews } from "./perturbation";
export { marketWeights, viewsFromDecisions, type ViewLabel } from "./views";
export { applyBounds, longOnly, meanVarianceWeights, meanVarianceWeightsDense, turnover } from "./weights";

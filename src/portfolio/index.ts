/**
 * Portfolio construction for the Blackboard paper: covariance estimation,
 * Black-Litterman posterior (views on every asset or on a subset, Omega from
 * confidence), mean-variance weights (the paper's clipping and the exact
 * long-only optimiser with bounds and a turnover penalty), the efficient
 * frontier, and view perturbation analysis. One module per concept.
 *
 * @example
 * import { blackLitterman, optimizeLongOnly, sampleCovarianceOfColumns } from "../portfolio/index";
 */

export { blackLittermanPortfolio } from "./allocate";
export { absoluteViewsPosterior, absoluteViewsMean, BL_DEFAULTS, blackLitterman, impliedPrior, viewOmega, type AbsoluteViewsMean } from "./black-litterman";
export { absoluteViewsWeights, type AbsoluteViewsWeights } from "./posterior-weights";
export { ledoitWolf, sampleCovariance, sampleCovarianceOfColumns, simpleReturns, TrailingCovariance, trailingWindow } from "./covariance";
export { longOnlyFrontier, portfolioMoments, type FrontierPoint } from "./frontier";
export {
  longOnlyBounds,
  longOnlyKkt,
  optimizeLongOnly,
  solveBudgetQp,
  utility,
  type KktReport,
  type MeanVarianceProblem,
  type MeanVarianceSolution,
  type WeightBounds,
} from "./optimizer";
export { confidenceOmega, subsetViewsPosterior, type SubsetViews, type SubsetViewsPosterior } from "./partial-views";
export { flipView, perturbViews } from "./perturbation";
export { DEFAULT_VIEW_MAGNITUDE, marketWeights, viewSign, viewsFromDecisions, type ViewLabel } from "./views";
export { applyBounds, longOnly, meanVarianceWeights, meanVarianceWeightsDense, normaliseWeights, numberArray, turnover } from "./weights";

/**
 * Portfolio construction for the Blackboard paper: covariance estimation,
 * Black-Litterman posterior, mean-variance / long-only weights, and view
 * perturbation analysis. One module per concept, re-exported here.
 *
 * @example
 * import { sampleCovarianceOfColumns, blackLittermanPortfolio } from "../portfolio";
 */
export * from "./covariance";
export * from "./views";
export * from "./black-litterman";
export * from "./weights";
export * from "./allocate";
export * from "./perturbation";

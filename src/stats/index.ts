/**
 * Statistics kernels: a seeded random generator (every random choice in
 * Consilium flows from it), descriptive statistics, distributions, OLS with
 * statsmodels conventions, rolling windows, EWM and the trading indicators,
 * and the dense linear algebra the portfolio layer needs.
 *
 * @example
 * import { deriveRng, olsThroughOrigin } from "../stats/index";
 */

export {
  centralMoment,
  centralMoments,
  type CentralMoments,
  correlation,
  covariance,
  covarianceWithMeans,
  kurtosis,
  kurtosisOf,
  max,
  mean,
  min,
  quantile,
  quantileSorted,
  skewness,
  skewnessOf,
  std,
  sum,
  variance,
  varianceWithMean,
} from "./descriptive";
export { logGamma, normalCdf, normalInverseCdf, normalPdf, regularizedIncompleteBeta, studentTCdf, studentTTwoSidedP } from "./distributions";
export { ewmAlpha, type EwmOptions } from "./ewm";
export { bollinger, diffWithZeroFirst, ema, ewm, macd, rsi, smma } from "./indicators";
export {
  centeredCrossProducts,
  choleskyInverse,
  choleskyLower,
  choleskySolve,
  choleskySolveLower,
  columnVector,
  covarianceOfColumns,
  covarianceOfColumnsDense,
  isSpd,
  solveSpd,
  symmetrize,
  toMatrix,
  type MatrixLike,
} from "./linalg";
export { WasmCholesky } from "./cholesky-kernel";
export { WasmCrossProducts } from "./cross-products-kernel";
export { ols, olsThroughOrigin, type OlsOptions, type OlsResult, type OlsThroughOriginResult } from "./ols";
export { deriveRng, hashString32, Rng } from "./rng";
export { rollingApply, rollingMean, rollingMeanStd, rollingStd, rollingSum, rollingVariance } from "./rolling";

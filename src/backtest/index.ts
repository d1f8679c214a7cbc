/**
 * Backtesting: the rebalancing engine with costs, market alignment, and every
 * performance and risk metric of the Blackboard paper (Sharpe, Sortino,
 * drawdown, Calmar, VaR/CVaR, turnover, beta, tracking error, deflated Sharpe).
 *
 * @example
 * import { runBacktest, performanceMetrics } from "../backtest/index";
 */

export {
  buyAndHold,
  eligibleTickers,
  eligibilityIndex,
  type EligibilityIndex,
  equalWeightRule,
  runBacktest,
  testWindow,
  type AlignedMarket,
  type BacktestConfig,
  type BacktestResult,
  type RebalanceContext,
  type RebalanceRecord as ExecutedRebalance,
  type WeightRule,
} from "./engine";
export { alignSeries, truncateMarket } from "./market";
export {
  annualizedReturn,
  deflatedSharpe,
  drawdownSeries,
  expectedMaxSharpe,
  historicalCvar,
  historicalVar,
  maxDrawdown,
  monthlyReturns,
  performanceMetrics,
  probabilisticSharpe,
  RISK_REPORT_METRICS,
  rollingSharpe,
  totalReturn,
  turnoverSummary,
  type PerformanceMetrics,
} from "./metrics";

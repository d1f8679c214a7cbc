/**
 * The Blackboard + structured debate + Black-Litterman paper: typed blackboard
 * messages and the JSONL log, analysts, bull/bear and risk debates,
 * Chain-of-Alpha, the Black-Litterman allocator, figures and the experiment.
 *
 * @example
 * import { blackboardExperiment, Blackboard } from "../blackboard/index";
 */

export { allocate, blWeightRule, trailingReturnColumns, type AllocatorOptions, type Decision } from "./allocator";
export { alphaChains, hedgeRatio, passThroughProposal, traderPolicy, traderTask, verifyCitations } from "./alpha";
export { attribution, grossReturnSum, lastFrontier, pooledHitRate, viewHitRates } from "./analytics";
export {
  checkIndicatorNumbers,
  fundamentalsAnalystPolicy,
  macroAnalystPolicy,
  marketAnalystPolicy,
  marketAnalystTask,
  newsAnalystPolicy,
  reportFromEvidence,
  socialAnalystPolicy,
} from "./analysts";
export { runDebate } from "./debate";
export { blackboardConfigSchema, checkConfig, defaultUniverse, longOnlyMode, type BlackboardConfig } from "./config";
export { applySizing, constructPortfolio, hasView } from "./construction";
export { blackboardExperiment } from "./experiment";
export { citationMatches, type IndicatorSnapshot } from "./features";
export { drawdownFigure, equityCurveFigure, rollingSharpeFigure, weightShiftFigure } from "./figures";
export { JOURNAL_DIR, RunJournal } from "./journal";
export { Blackboard, parseBlackboard, readBlackboardFile } from "./log";
export {
  checkMessage,
  CONTENT_SCHEMAS,
  MESSAGE_TYPES,
  messageId,
  simulatedTimestamp,
  type AnalysisReport,
  type BlackboardMessage,
  type DebateComment,
  type FinalReport,
  type MessageType,
  type Role,
  type TradeProposal,
} from "./messages";
export { finishThread, runTickerPipeline, startThread, stopThread } from "./pipeline";
export { capsSourceFor, filingCaps, priorWeights, summarizePriors, universeCaps, type CapsSource, type ResolvedPrior } from "./prior";
export {
  blackboardAblationFigure,
  frontierFigure,
  hitRateFigure,
  rollingSharpeWindowsFigure,
  turnoverCostFigure,
  weightsOverTimeFigure,
} from "./quant-figures";
export { decisionOf, retainedTickers } from "./rebalance";
export { managerPolicy, researchBrief, researcherPolicy } from "./researchers";
export { checkAssessment, riskAlerts, riskBrief, riskJudgePolicy, riskManagerPolicy, stanceAction } from "./risk";
export { closeUtc, knownAtClose, ToolBox } from "./tools";
export { type DecisionTrace } from "./trace";

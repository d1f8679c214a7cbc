/**
 * The Blackboard + structured debate + Black-Litterman paper: typed blackboard
 * messages and the JSONL log, analysts, bull/bear and risk debates,
 * Chain-of-Alpha, the Black-Litterman allocator, figures and the experiment.
 *
 * @example
 * import { blackboardExperiment, Blackboard } from "../blackboard/index";
 */

export { allocate, blWeightRule, trailingReturnColumns, type AllocatorOptions, type Decision } from "./allocator";
export { alphaChains, traderPolicy, traderTask, verifyCitations } from "./alpha";
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
export { blackboardConfigSchema, defaultUniverse, type BlackboardConfig } from "./config";
export { blackboardExperiment } from "./experiment";
export { citationMatches, type IndicatorSnapshot } from "./features";
export { drawdownFigure, equityCurveFigure, rollingSharpeFigure, weightShiftFigure } from "./figures";
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
export { runTickerPipeline } from "./pipeline";
export { managerPolicy, researchBrief, researcherPolicy } from "./researchers";
export { checkAssessment, riskAlerts, riskBrief, riskJudgePolicy, riskManagerPolicy, stanceAction } from "./risk";
export { knownAtClose, ToolBox } from "./tools";
export { type DecisionTrace } from "./trace";

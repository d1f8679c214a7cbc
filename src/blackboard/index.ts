/**
 * The Blackboard + structured debate + Black-Litterman paper: typed blackboard
 * messages and the JSONL log, analysts, bull/bear and risk debates,
 * Chain-of-Alpha (the agent tasks, their prompt sets and their offline
 * stand-ins), the Black-Litterman allocator, figures and the experiment.
 *
 * @example
 * import { blackboardExperiment, Blackboard } from "../blackboard/index";
 */

export { allocate, blWeightRule, trailingReturnColumns, type AllocatorOptions, type Decision } from "./allocator";
export { researchBrief, riskAlerts, riskBrief, RISK_LIMITS, type PastView, type ResearchBrief, type RiskBrief } from "./agent-inputs";
export { checkTraderAnswer, hedgeRatio, passThroughProposal, tradeProposal, traderTask, traderTaskFrom, verifyCitations, type TraderAnswer } from "./alpha";
export { attribution, grossReturnSum, lastFrontier, pooledHitRate, viewHitRates } from "./analytics";
export { analystReport, analystTasks, checkAnalystAnswer, marketAnalystTask, type AnalystAnswer } from "./analysts";
export { defineBoardTask, type BoardTask } from "./board-task";
export { quotedIds, runDebate } from "./debate";
export { blackboardConfigSchema, checkConfig, defaultUniverse, longOnlyMode, type BlackboardConfig } from "./config";
export { applySizing, constructPortfolio, hasView } from "./construction";
export { blackboardExperiment } from "./experiment";
export { citationMatches, type IndicatorSnapshot } from "./features";
export { drawdownFigure, equityCurveFigure, rollingSharpeFigure, weightShiftFigure } from "./figures";
export { gapNote, InvalidAnswerError, type AnswerGap } from "./gaps";
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
export { offeredProblem, stanceSignalProblem, unshownIds, viewScoreProblem } from "./meaning";
export { finishThread, runTickerPipeline, startThread, stopThread, ThreadGapError } from "./pipeline";
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
export { alphaChains, traderPolicy } from "./offline/alpha";
export {
  fundamentalsAnalystPolicy,
  macroAnalystPolicy,
  marketAnalystPolicy,
  newsAnalystPolicy,
  reportFromEvidence,
  socialAnalystPolicy,
} from "./offline/analysts";
export { managerPolicy, researcherPolicy } from "./offline/researchers";
export { riskJudgePolicy, riskManagerPolicy, stanceAction } from "./offline/risk";
export {
  BLACKBOARD_PROMPT_FILES,
  BLACKBOARD_PROMPTS,
  builtinBlackboardPromptDir,
  resolveBlackboardPrompts,
  type BlackboardPromptFile,
  type BlackboardPrompts,
} from "./prompt-set";
export {
  checkManagerAnswer,
  checkResearcherAnswer,
  researcherTaskFrom,
  researchManagerTaskFrom,
  type ManagerAnswer,
  type ResearcherAnswer,
} from "./researchers";
export {
  checkJudgeAnswer,
  checkRiskManagerAnswer,
  riskAssessment,
  riskJudgeTaskFrom,
  riskManagerTaskFrom,
  riskPositionTaskFrom,
  type RiskJudgeAnswer,
  type RiskManagerAnswer,
  type RiskPositionAnswer,
} from "./risk";
export { BLACKBOARD_TASK_NAMES, blackboardTasks, BUILTIN_TASKS, promptTasks, type BlackboardTasks } from "./tasks";
export { closeUtc, knownAtClose, ToolBox } from "./tools";
export { type DecisionTrace } from "./trace";

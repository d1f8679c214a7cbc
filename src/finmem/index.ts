/**
 * FinMem (Yu et al., arXiv 2311.13743): profile with risk modes, layered
 * long-term memory (recency, relevancy, importance; decay; promotion),
 * working memory, the train/test loop, metrics, figures and ablations.
 *
 * @example
 * import { finmemExperiment, LayeredMemory } from "../finmem/index";
 */

export { runFinMemAblation } from "./ablation";
export { FINMEM_MEMORY_DEFAULTS, LAYERS, memoryParams, resolveShallowQ, type Layer, type MemoryParams } from "./constants";
export { chooseFinMemDefaults, finmemConfigSchema, loopOptionsFromConfig, resolveWindows, type FinMemConfig } from "./config";
export { FINMEM_DAILY_TABLES, finmemDeclaredReads } from "./declared-reads";
export {
  explainTestDecision,
  explainTrainReflection,
  explainWeek,
  offlineExtendedReflection,
  offlineTestDecision,
  offlineTrainReflection,
  OFFLINE_THRESHOLDS,
} from "./offline/offline-policy";
export { movePhrase, recordedOutcome, renderDecision, renderTrainReflection, renderWeek, type DecisionClaims } from "./offline/claims";
export { companyFromInput, relevanceOf, type CompanyNames } from "./offline/company";
export { decisionDifference, MEMORY_ABLATED_STRATEGY, type DecisionDifference } from "./memory-ablation";
export { eventSentiment, eventTone, toneClass, ToneTracker, toneSurprise, type ToneBaseline } from "./offline/tone";
export { addMonths, anchoredWindows, PAPER_TICKERS, PAPER_WINDOWS, paperWindows } from "./windows";
export { finmemExperiment, runFinMemExperiment } from "./experiment";
export { centralSentenceIndices, extractiveSummary, splitSentimentTag } from "./offline/extractive";
export { cumulativeReturnFigure, finmemAblationFigure, memoryLayersFigure } from "./figures";
export { DEFAULT_LOOP_OPTIONS, runFinMem, type FinMemLoopDeps } from "./loop";
export type { DayRecord, FinMemLoopOptions } from "./loop-types";
export { newsText } from "./steps";
export { evaluate } from "./evaluation";
export { LayeredMemory } from "./memory";
export { importanceScore, recencyScore, retrievalScore } from "./retrieval/score";
export { cumulativeSeries, dailyLogReturns, finmemMetrics, maxDrawdownOf } from "./metrics";
export { buildProfile, performanceOverview, recentCumulativeReturn, riskState } from "./profile";
export {
  checkCitations,
  extendedReflectionTask,
  finmemTasks,
  testReflectionTask,
  neutralTestReflectionTask,
  summarizeTask,
  testReflectionTaskFor,
  trainReflectionTask,
  type FinMemTasks,
} from "./tasks";
export type { ShownMemories } from "./reflection-io";
export {
  builtinFinMemPromptDir,
  FINMEM_PROMPT_FILES,
  FINMEM_PROMPT_SET_NAMES,
  FINMEM_PROMPTS,
  resolveFinMemPrompts,
  type FinMemPromptFile,
  type FinMemPromptSet,
  type FinMemPromptSetName,
} from "./prompt-set";
export { TopK } from "./topk";
export { momentumObservation, routeLayer, testReflection, trainObservation } from "./working-memory";

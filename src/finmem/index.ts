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
export { offlineTestDecision, offlineTrainReflection, OFFLINE_THRESHOLDS } from "./offline-policy";
export { eventTone, toneClass, ToneTracker, toneSurprise, type ToneBaseline } from "./tone";
export { addMonths, anchoredWindows, PAPER_TICKERS, PAPER_WINDOWS, paperWindows } from "./windows";
export { finmemExperiment, runFinMemExperiment } from "./experiment";
export { centralSentenceIndices, extractiveSummary, splitSentimentTag } from "./extractive";
export { cumulativeReturnFigure, finmemAblationFigure, memoryLayersFigure } from "./figures";
export { DEFAULT_LOOP_OPTIONS, newsText, runFinMem, type DayRecord, type FinMemLoopDeps, type FinMemLoopOptions } from "./loop";
export { evaluate } from "./evaluation";
export { importanceScore, LayeredMemory, recencyScore } from "./memory";
export { cumulativeSeries, dailyLogReturns, finmemMetrics, maxDrawdownOf } from "./metrics";
export { buildProfile, performanceOverview, recentCumulativeReturn, riskState } from "./profile";
export { checkCitations, eventSentiment, extendedReflectionTask, testReflectionTask, trainReflectionTask, type ShownMemories } from "./tasks";
export { TopK } from "./topk";
export { momentumObservation, routeLayer, testReflection, trainObservation } from "./working-memory";

/**
 * FinMem (Yu et al., arXiv 2311.13743): profile, layered long-term memory,
 * working memory, the train/test loop, metrics and ablations.
 *
 * @example
 * import { finmemExperiment, LayeredMemory } from "../finmem";
 */
export * from "./constants";
export { TopK } from "./topk";
export { LayeredMemory, recencyScore, importanceScore, type NewEvent, type ScoredEvent, type Retrieved, type StepReport, type LayerStats } from "./memory";
export * from "./profile";
export * from "./extractive";
export * from "./tasks";
export * from "./working-memory";
export * from "./metrics";
export * from "./loop";
export * from "./experiment";
export * from "./ablation";

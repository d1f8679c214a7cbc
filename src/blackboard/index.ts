/**
 * The Blackboard + structured debate + Black-Litterman paper: typed blackboard
 * messages and log, the agent threads, the BL allocator and the experiment.
 *
 * @example
 * import { blackboardExperiment, Blackboard } from "../blackboard";
 */
export * from "./messages";
export * from "./log";
export * from "./features";
export * from "./tools";
export * from "./analysts";
export * from "./debate";
export * from "./researchers";
export * from "./alpha";
export * from "./risk";
export * from "./pipeline";
export * from "./allocator";
export * from "./trace";
export { blackboardExperiment, blackboardConfigSchema, defaultUniverse, type BlackboardConfig } from "./experiment";

/**
 * The three experiments by name. Imports are lazy so that a command touching one
 * paper does not load the other two.
 */
import type { Experiment } from "../core/index";

export const EXPERIMENT_NAMES = ["sentimental", "finmem", "blackboard"] as const;
export type ExperimentName = (typeof EXPERIMENT_NAMES)[number];

/**
 * Type guard for the three experiment names.
 *
 * @example
 * isExperimentName("finmem"); // true
 */
export function isExperimentName(name: string): name is ExperimentName {
  return (EXPERIMENT_NAMES as readonly string[]).includes(name);
}

/**
 * Load an experiment module by name.
 *
 * @example
 * (await loadExperiment("blackboard")).name; // "blackboard"
 */
export async function loadExperiment(name: string): Promise<Experiment<Record<string, unknown>>> {
  switch (name) {
    case "sentimental":
      return (await import("../sentimental/index")).sentimentalExperiment as unknown as Experiment<Record<string, unknown>>;
    case "finmem":
      return (await import("../finmem/index")).finmemExperiment as unknown as Experiment<Record<string, unknown>>;
    case "blackboard":
      return (await import("../blackboard/index")).blackboardExperiment as unknown as Experiment<Record<string, unknown>>;
    default:
      throw new Error(`unknown experiment "${name}"; choose one of ${EXPERIMENT_NAMES.join(", ")}`);
  }
}

/**
 * FinMem memory constants (Yu et al., arXiv 2311.13743) with the values found
 * in the authors' public code (pipiku915/FinMem-LLM-StockTrading, see
 * `../shared/papers/REFERENCE-NOTES.md`). Every value is a default that the
 * experiment config can override.
 *
 * Paper text vs code: the only constant where they differ is the recency
 * decay Q of the shallow layer: the code uses 3 trading days, a paper-era
 * description uses 14. Both are offered as `shallowQ: "code" | "paper"`;
 * "code" is the default because the issue and the reference notes treat the
 * code's 3 as the primary value and the 14 as the paper-era variant.
 */

/** The four memory layers, in the order they are shown to the model. */
export const LAYERS = ["shallow", "intermediate", "deep", "reflection"] as const;
export type Layer = (typeof LAYERS)[number];

/** Layer index (position in {@link LAYERS}), used by the typed-array store. */
export const LAYER_INDEX: Readonly<Record<Layer, number>> = { shallow: 0, intermediate: 1, deep: 2, reflection: 3 };

/** Prompt / output-schema name of each layer in the FinMem code. */
export const LAYER_FIELD: Readonly<Record<Layer, "short_memory_index" | "middle_memory_index" | "long_memory_index" | "reflection_memory_index">> = {
  shallow: "short_memory_index",
  intermediate: "middle_memory_index",
  deep: "long_memory_index",
  reflection: "reflection_memory_index",
};

/** A discrete distribution as [value, probability] pairs (probabilities sum to 1). */
export type Discrete = ReadonlyArray<readonly [value: number, probability: number]>;

export interface LayerParams {
  /** Recency decay constant Q: recency = exp(-delta / Q), delta in trading days. */
  recencyQ: number;
  /** Multiplicative importance decay applied once per trading day. */
  importanceDecay: number;
  /** Distribution of the importance a new event of this layer starts with. */
  initialImportance: Discrete;
}

export interface MemoryParams {
  layers: Readonly<Record<Layer, LayerParams>>;
  /** shallow -> intermediate when importance >= this (60). */
  promoteShallowAt: number;
  /** intermediate -> deep when importance >= this (80). */
  promoteIntermediateAt: number;
  /** intermediate -> shallow when importance < this (60). */
  demoteIntermediateBelow: number;
  /** deep -> intermediate when importance < this (80). */
  demoteDeepBelow: number;
  /** Clean-up: drop an event whose recency falls below this (0.05). */
  cleanupRecencyBelow: number;
  /** Clean-up: drop an event whose importance falls below this (5). */
  cleanupImportanceBelow: number;
  /** Feedback: importance += feedbackStep * accessCounter after the counter moves by +/-1 (5). */
  feedbackStep: number;
  /** Importance is capped here before scaling to [0, 1] (100). */
  importanceCap: number;
  /**
   * Passes of the promotion/demotion cascade per day (default 2, as the
   * authors' code's `BrainDB.step` runs `for _ in range(2)`; the paper text
   * is silent). With 2 passes a deep event below 60 falls through
   * intermediate to shallow in one day; with 1 it moves one layer per day.
   */
  cascadePasses?: number;
}

/** Shallow-layer Q of the authors' code (trading days). */
export const SHALLOW_Q_CODE = 3;
/** Shallow-layer Q of the paper-era description (trading days). */
export const SHALLOW_Q_PAPER = 14;

/**
 * The defaults of the FinMem code.
 *
 * @example
 * FINMEM_MEMORY_DEFAULTS.layers.deep.recencyQ; // 365
 */
export const FINMEM_MEMORY_DEFAULTS: MemoryParams = {
  layers: {
    shallow: {
      recencyQ: SHALLOW_Q_CODE,
      importanceDecay: 0.92,
      initialImportance: [
        [50, 0.5],
        [70, 0.45],
        [90, 0.05],
      ],
    },
    intermediate: {
      recencyQ: 90,
      importanceDecay: 0.967,
      initialImportance: [
        [40, 0.05],
        [60, 0.8],
        [80, 0.15],
      ],
    },
    deep: {
      recencyQ: 365,
      importanceDecay: 0.988,
      initialImportance: [
        [40, 0.05],
        [60, 0.15],
        [80, 0.8],
      ],
    },
    reflection: {
      recencyQ: 365,
      importanceDecay: 0.988,
      initialImportance: [
        [40, 0.05],
        [60, 0.15],
        [80, 0.8],
      ],
    },
  },
  promoteShallowAt: 60,
  promoteIntermediateAt: 80,
  demoteIntermediateBelow: 60,
  demoteDeepBelow: 80,
  cleanupRecencyBelow: 0.05,
  cleanupImportanceBelow: 5,
  feedbackStep: 5,
  importanceCap: 100,
  cascadePasses: 2,
};

/**
 * Resolve the shallow-layer Q option: "code" = 3, "paper" = 14, or an explicit
 * positive number of trading days.
 *
 * @example
 * resolveShallowQ("paper"); // 14
 */
export function resolveShallowQ(option: "code" | "paper" | number): number {
  if (option === "code") return SHALLOW_Q_CODE;
  if (option === "paper") return SHALLOW_Q_PAPER;
  if (!(option > 0) || !Number.isFinite(option)) throw new RangeError(`shallowQ must be "code", "paper" or a positive number, got ${option}`);
  return option;
}

/**
 * Memory parameters with overrides (shallow Q option, per-layer Q values).
 *
 * @example
 * memoryParams({ shallowQ: "paper" }).layers.shallow.recencyQ; // 14
 */
export function memoryParams(overrides: { shallowQ?: "code" | "paper" | number; base?: MemoryParams } = {}): MemoryParams {
  const base = overrides.base ?? FINMEM_MEMORY_DEFAULTS;
  const shallowQ = overrides.shallowQ === undefined ? base.layers.shallow.recencyQ : resolveShallowQ(overrides.shallowQ);
  return { ...base, layers: { ...base.layers, shallow: { ...base.layers.shallow, recencyQ: shallowQ } } };
}

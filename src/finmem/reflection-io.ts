/**
 * The inputs and outputs of FinMem's LLM tasks (tasks.ts): the zod schemas of
 * the answers (the FinMem code's field names) and the typed inputs, shared by
 * the tasks and the offline policies.
 */
import { z } from "zod";
import { LAYERS, LAYER_FIELD, type Layer } from "./constants";
import type { RiskMode, RiskState } from "./profile";
import type { ToneBaseline } from "./offline/tone";

/** A memory event as shown to the model. */
export interface ShownEvent {
  id: number;
  date: string;
  kind: string;
  text: string;
  /** Retrieval score (relevancy + recency + importance). */
  score: number;
}

export type ShownMemories = Record<Layer, ShownEvent[]>;

const idList = z.array(z.number().int()).default([]);

/** The four cited-id lists every reflection output ends with (one per layer, see LAYER_FIELD). */
const citationFields = {
  short_memory_index: idList,
  middle_memory_index: idList,
  long_memory_index: idList,
  reflection_memory_index: idList,
};

export const trainReflectionSchema = z.object({
  summary_reason: z.string().min(1),
  ...citationFields,
});
export type TrainReflection = z.output<typeof trainReflectionSchema>;
/** The cited-id lists of a reflection output. */
export type CitationLists = Pick<TrainReflection, keyof typeof citationFields>;

export const testReflectionSchema = z.object({
  investment_decision: z.enum(["buy", "sell", "hold"]),
  summary_reason: z.string().min(1),
  ...citationFields,
});
export type TestReflection = z.output<typeof testReflectionSchema>;
export type Decision = TestReflection["investment_decision"];

/** A cited-id list that can hold only the ids shown in its layer (an empty list when none was shown). */
function shownIdList(shown: readonly number[]) {
  const ids = [...new Set(shown)];
  return ids.length > 0 ? z.array(z.literal(ids as [number, ...number[]])).default([]) : z.array(z.number().int()).max(0).default([]);
}

/** The four cited-id lists with each layer's shown ids as its enum. */
function shownCitationFields(memories: ShownMemories) {
  const fields = {} as Record<(typeof LAYER_FIELD)[Layer], ReturnType<typeof shownIdList>>;
  for (const layer of LAYERS) fields[LAYER_FIELD[layer]] = shownIdList(memories[layer].map((e) => e.id));
  return fields;
}

/**
 * The train reflection's schema as a model is shown it for these memories:
 * each cited-id list an array of the ids shown in its layer (an enum), empty
 * when the layer showed none. It accepts exactly what the general schema and
 * the "ids must be among those shown" check accept together, so a model that
 * decodes to the schema cannot cite an id it was not shown.
 *
 * @example
 * trainReflectionSchemaFor({ shallow: [event4], intermediate: [], deep: [], reflection: [] });
 * // short_memory_index: {type: "array", items: {enum: [4]}}, middle_memory_index: {maxItems: 0}, ...
 */
export function trainReflectionSchemaFor(memories: ShownMemories): z.ZodType<TrainReflection> {
  return z.object({ summary_reason: z.string().min(1), ...shownCitationFields(memories) }) as unknown as z.ZodType<TrainReflection>;
}

/**
 * The test decision's schema as a model is shown it for these memories (the
 * cited-id lists as in `trainReflectionSchemaFor`).
 *
 * @example
 * testReflectionSchemaFor(memories); // {investment_decision, summary_reason, short_memory_index: [shown shallow ids], ...}
 */
export function testReflectionSchemaFor(memories: ShownMemories): z.ZodType<TestReflection> {
  return z.object({
    investment_decision: z.enum(["buy", "sell", "hold"]),
    summary_reason: z.string().min(1),
    ...shownCitationFields(memories),
  }) as unknown as z.ZodType<TestReflection>;
}

export const summarySchema = z.object({
  summary: z.string().min(1),
  sentiment: z.enum(["positive", "negative", "neutral"]),
});
export type SummaryOutput = z.output<typeof summarySchema>;

export const extendedReflectionSchema = z.object({
  summary_reason: z.string().min(1),
});
export type ExtendedReflection = z.output<typeof extendedReflectionSchema>;

export interface SummarizeInput {
  ticker: string;
  date: string;
  /** "news" | "10-Q" | "10-K" | other filing form. */
  kind: string;
  text: string;
  /** Sentences to keep (offline policy; also stated in the prompt). */
  sentences: number;
}

export interface ReflectionInputBase {
  ticker: string;
  date: string;
  /** The agent's character string (profile). */
  profile: string;
  memories: ShownMemories;
  /** Base rate of each event class's tone on the day (offline policies only; not rendered). */
  toneBase: ToneBaseline;
  /** "drop": ids not shown are dropped by the loop instead of voiding the answer, so `validate` lets them through. */
  invalidCitations?: "hold" | "drop";
}

export interface TrainReflectionInput extends ReflectionInputBase {
  /** The label from adjusted closes (the move and its log change). */
  move: { close: number; nextClose: number; logChange: number; direction: "up" | "down" | "flat" };
  /** The two levels as the prompt states them (as traded, adjusted as of a date, or rebased) and that basis; absent = the adjusted closes of `move`. */
  shownPrices?: { close: number; nextClose: number; basis: string };
}

export interface TestReflectionInput extends ReflectionInputBase {
  /** The run's `prompts` key: the authors' code (buy or sell; hold for the really hard case) or neutral; picks the built-in task (testReflectionTaskFor) when none is given. */
  wording: "authors" | "neutral";
  risk: { mode: RiskMode; state: RiskState; instruction: string };
  momentum: { window: number; sign: -1 | 0 | 1; cumulativeLogChange: number | null };
}

export interface ExtendedReflectionInput {
  ticker: string;
  date: string;
  profile: string;
  windowStart: string;
  windowEnd: string;
  /** ln(P_windowEnd / P_before-window) from prices known on `date` (null if unknown). */
  marketLogChange: number | null;
  /** Each day's decision with the stock's next-day log change ln(P_{t+1}/P_t) when already known on `date`. */
  records: Array<{ date: string; decision: string; reason: string; nextDayLogChange: number | null }>;
}

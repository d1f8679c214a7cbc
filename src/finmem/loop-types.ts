/**
 * The types of the FinMem daily loop (loop.ts): its options and the record it
 * keeps of each trading day.
 */
import type { PriceBasis } from "../data/index";
import type { Layer, MemoryParams } from "./constants";
import type { LayerStats } from "./memory";
import type { RiskMode, RiskState } from "./profile";
import type { Decision } from "./reflection-io";

export interface FinMemLoopOptions {
  ticker: string;
  trainStart: string;
  trainEnd: string;
  testStart: string;
  testEnd: string;
  /** Cognitive span: events retrieved per layer (paper ablates 1/3/5/10). */
  topK: number;
  riskMode: RiskMode;
  /** Window of the self-adaptive risk switch (trading days). */
  riskWindow: number;
  /** Momentum window M of the test observation (trading days). */
  momentumWindow: number;
  /** Feedback lag W: P&L over the last W days goes to the ids cited W days earlier. */
  feedbackWindow: number;
  /** Position whose P&L drives feedback: "cumulative" (the code's accumulating holding, default) or "direction" (direction_t). */
  feedbackPosition: "cumulative" | "direction";
  /** Extended reflection every N trading days of a phase (0 = off). */
  extendedReflectionEvery: number;
  /** Layer of the extended reflections: "deep" (the paper) or "reflection". */
  extendedReflectionLayer: "deep" | "reflection";
  /** The profile's performance overview: the whole training window (the paper) or, on training days, up to the day. */
  profileOverview: "window" | "asOf";
  /** Built-in prompt set (prompts/<set>/): the test decision's wording and task version. */
  prompts: "authors" | "neutral";
  /** Folder of the user's own prompt templates ("" = the built-in set of `prompts`). */
  promptDir: string;
  /** An answer citing ids not shown: "hold" (the code) or "drop" the bad ids and keep the decision. */
  invalidCitations: "hold" | "drop";
  /** A summary whose answer stays invalid: "fail" stops the run, "skip" stores no memory for it and counts a gap (an invalid reflection is a hold and a gap either way). */
  onInvalid: "fail" | "skip";
  memory: MemoryParams;
  /** Sentences kept by summaries (news / filings). */
  summarySentences: { news: number; filing: number };
  /** Cap on news items summarised per day (0 = all), for cost control with real models. */
  maxNewsPerDay: number;
  /** Sessions of the news / reflection tone base rate (offline policies, tone.ts). */
  toneBaseWindow: number;
  /** "memory": show no memory on any day (decisions on momentum and risk alone; the ablate=memory row). Absent = "none". */
  ablate?: "none" | "memory";
  /**
   * How price levels are stated in prompts (src/data/price-basis.ts); absent =
   * as traded when the folder has `prices/_splits.csv`, else adjusted as of the
   * last row up to testEnd (the experiment passes the basis dated by the file's
   * last row). Returns always come from adjusted closes.
   */
  priceBasis?: PriceBasis;
}

export type Phase = "train" | "test";

export interface DayRecord {
  date: string;
  phase: Phase;
  /** Index of the day within its phase. */
  phaseDay: number;
  decision: Decision;
  direction: -1 | 0 | 1;
  reason: string;
  cited: Record<Layer, number[]>;
  valid: boolean;
  error: string | null;
  repaired: boolean;
  /** Cited ids dropped because they were not shown in their layer (invalidCitations=drop). */
  droppedCitations: number;
  riskState: RiskState;
  momentumSign: -1 | 0 | 1;
  /** Adjusted close on the day (known on the day). */
  close: number;
  newEvents: number;
  shownEvents: number;
  /** Last close date the day's profile overview covers (null: no overview). */
  profileThrough: string | null;
  feedback: { sign: number; sourceDate: string; ids: number; pnl: number } | null;
  extendedReflection: string | null;
  /** Layer statistics at the end of the day (after the memory step). */
  layers: LayerStats[];
}

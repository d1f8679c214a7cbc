/**
 * FinMem working memory (Yu et al., arXiv 2311.13743, §2.2.1): the three
 * operations that turn raw inputs into memory and memory into decisions.
 *
 * - Summarisation: each raw input is summarised (LLM task) and routed by its
 *   time sensitivity: daily news -> shallow, 10-Q -> intermediate,
 *   10-K -> deep; reflections -> the reflection layer.
 * - Observation: in training the next-day price move is the label; in
 *   testing only the momentum, the sign of the price change over the last M
 *   (default 3) trading days, computed from prices known on the day.
 * - Reflection: the immediate reflection (one LLM call per day) and the
 *   extended reflection over a tracking window, whose lesson is stored in the
 *   reflection layer.
 */
import { LlmOutputError, mapConcurrent, type Model } from "../llm/index";
import { LAYERS, LAYER_FIELD, type Layer } from "./constants";
import type { Retrieved } from "./memory";
import type { CitationLists, Decision, ExtendedReflectionInput, ShownMemories, TestReflectionInput, TrainReflectionInput } from "./reflection-io";
import { checkCitations, citedIds, extendedReflectionTask, summarizeTask, testReflectionTaskFor, trainReflectionTask } from "./tasks";

/**
 * Memory layer of an input kind: 10-K -> deep, 10-Q -> intermediate,
 * reflections -> reflection, everything else (daily news, other forms) -> shallow.
 *
 * @example
 * routeLayer("10-K"); // "deep"
 */
export function routeLayer(kind: string): Layer {
  const k = kind.toUpperCase();
  if (k.startsWith("10-K")) return "deep";
  if (k.startsWith("10-Q")) return "intermediate";
  if (k === "REFLECTION" || k === "EXTENDED-REFLECTION") return "reflection";
  return "shallow";
}

export interface RawInput {
  kind: string;
  date: string;
  text: string;
}

export interface SummarisedEvent {
  kind: string;
  date: string;
  layer: Layer;
  /** Summary followed by "(Sentiment: x)", the event text stored in memory. */
  text: string;
}

/** An input whose summary stayed invalid after the repair round. */
export interface SummaryFailure {
  input: RawInput;
  error: LlmOutputError;
}

/**
 * Summarise raw inputs (concurrently, results in input order) into memory
 * events; `task` is the run's prompt set's (default: the built-in one). An
 * input whose summary stays invalid after the repair round gives no event
 * and is listed in `failures` (in input order, after every summary settled),
 * for the caller to stop on or count; any other error propagates.
 *
 * @example
 * const { events } = await summariseInputs(model, "MSFT", "2021-01-04", [{ kind: "news", date: "2021-01-04", text }], 4);
 * events[0].layer; // "shallow"
 */
export async function summariseInputs(
  model: Model,
  ticker: string,
  date: string,
  inputs: readonly RawInput[],
  concurrency: number,
  sentences: { news: number; filing: number } = { news: 2, filing: 4 },
  task = summarizeTask,
): Promise<{ events: SummarisedEvent[]; failures: SummaryFailure[] }> {
  const results = await mapConcurrent(inputs, Math.max(1, concurrency), async (raw): Promise<SummarisedEvent | SummaryFailure> => {
    const n = raw.kind === "news" ? sentences.news : sentences.filing;
    try {
      const { output } = await model.run(task, { ticker, date, kind: raw.kind, text: raw.text, sentences: n });
      return { kind: raw.kind, date: raw.date, layer: routeLayer(raw.kind), text: `${output.summary} (Sentiment: ${output.sentiment})` };
    } catch (err) {
      if (err instanceof LlmOutputError) return { input: raw, error: err };
      throw err;
    }
  });
  const failures = results.filter((r): r is SummaryFailure => "error" in r);
  return { events: results.filter((r): r is SummarisedEvent => !("error" in r)), failures };
}

/**
 * Training observation: the next-day move is the label.
 *
 * @example
 * trainObservation(100, 101).direction; // "up"
 */
export function trainObservation(close: number, nextClose: number): TrainReflectionInput["move"] {
  const logChange = Math.log(nextClose / close);
  return { close, nextClose, logChange, direction: logChange > 0 ? "up" : logChange < 0 ? "down" : "flat" };
}

/**
 * Test observation: momentum = sign of the price change over the last
 * `window` trading days, P_t - P_{t-window} (the sum of the last `window`
 * daily price changes), from closes known on day t.
 *
 * @example
 * momentumObservation([10, 11, 10.5, 12], 3); // { window: 3, sign: 1, cumulativeLogChange: ln(1.2) }
 */
export function momentumObservation(closes: ArrayLike<number>, window: number): TestReflectionInput["momentum"] {
  const n = closes.length;
  if (n <= window) return { window, sign: 0, cumulativeLogChange: null };
  const change = closes[n - 1]! - closes[n - 1 - window]!;
  return { window, sign: change > 0 ? 1 : change < 0 ? -1 : 0, cumulativeLogChange: Math.log(closes[n - 1]! / closes[n - 1 - window]!) };
}

/**
 * Retrieved events in the shape shown to the model.
 *
 * @example
 * showMemories(memory.retrieve(query, 5)).shallow[0]; // { id, date, kind, text, score }
 */
export function showMemories(retrieved: Retrieved): ShownMemories {
  const out = {} as ShownMemories;
  for (const l of LAYERS) out[l] = retrieved[l].map((e) => ({ id: e.id, date: e.date, kind: e.kind, text: e.text, score: Number(e.score.toFixed(6)) }));
  return out;
}

export interface ReflectionOutcome {
  decision: Decision;
  reason: string;
  cited: Record<Layer, number[]>;
  /** False when the model's answer stayed invalid (wrong schema or ids not shown): decision forced to hold. */
  valid: boolean;
  error: string | null;
  repaired: boolean;
  /** Cited ids dropped because they were not shown in their layer (invalidCitations "drop"). */
  dropped: number;
}

/**
 * Empty cited-id lists for every layer (a fresh object each call: callers keep it in their day record).
 *
 * @example
 * noCitations(); // { shallow: [], intermediate: [], deep: [], reflection: [] }
 */
export function noCitations(): Record<Layer, number[]> {
  return { shallow: [], intermediate: [], deep: [], reflection: [] };
}

/** The output with every cited id that was not shown in its layer removed, and how many were removed. */
function dropUnshown<O extends CitationLists>(output: O, memories: ShownMemories): { output: O; dropped: number } {
  let dropped = 0;
  const kept = { ...output };
  for (const l of LAYERS) {
    const shown = new Set(memories[l].map((e) => e.id));
    const field = LAYER_FIELD[l];
    kept[field] = output[field].filter((id) => shown.has(id));
    dropped += output[field].length - kept[field].length;
  }
  return { output: kept, dropped };
}

/**
 * Run a reflection and check its citations: with "hold" an answer citing an
 * id not shown in that layer is void (output null), as in the code; with
 * "drop" the bad ids are removed and counted. An answer the model could not
 * repair into the schema is void either way.
 */
async function guarded<O extends CitationLists>(
  run: () => Promise<{ output: O; repaired: boolean }>,
  memories: ShownMemories,
  policy: "hold" | "drop" = "hold",
): Promise<{ output: O | null; error: string | null; repaired: boolean; dropped: number }> {
  try {
    const { output, repaired } = await run();
    if (policy === "drop") return { ...dropUnshown(output, memories), error: null, repaired };
    const problem = checkCitations(output, memories);
    return problem ? { output: null, error: problem, repaired, dropped: 0 } : { output, error: null, repaired, dropped: 0 };
  } catch (err) {
    if (err instanceof LlmOutputError) return { output: null, error: err.validationError || err.message, repaired: true, dropped: 0 };
    throw err;
  }
}

/**
 * Immediate reflection in test mode. An answer that is still invalid after the
 * model's repair round becomes "hold" with no citations and `valid: false`; so
 * does one citing ids that were not shown, unless `input.invalidCitations` is
 * "drop" (the bad ids are dropped and counted, the decision kept). `task`
 * is the run's prompt set's (default: the built-in one of `input.wording`).
 *
 * @example
 * const r = await testReflection(model, input); r.decision; // "buy" | "sell" | "hold"
 */
export async function testReflection(model: Model, input: TestReflectionInput, task = testReflectionTaskFor(input.wording)): Promise<ReflectionOutcome> {
  const g = await guarded(() => model.run(task, input), input.memories, input.invalidCitations);
  if (!g.output)
    return {
      decision: "hold",
      reason: `invalid model output -> hold (${g.error})`,
      cited: noCitations(),
      valid: false,
      error: g.error,
      repaired: g.repaired,
      dropped: 0,
    };
  const { investment_decision: decision, summary_reason: reason } = g.output;
  return { decision, reason, cited: citedIds(g.output), valid: true, error: null, repaired: g.repaired, dropped: g.dropped };
}

/**
 * Immediate reflection in training mode: the action is the label, buy when
 * the next close is higher and sell when lower, as in the FinMem code; an
 * unchanged close gives hold here (the code acts -1 and skips the
 * reflection; that day's own P&L is 0 either way). The
 * reflection explains the move and cites memories. Invalid output keeps the
 * label's action but cites nothing (ids not shown: as for the test reflection).
 * `task` is the run's prompt set's (default: the built-in one).
 *
 * @example
 * const r = await trainReflection(model, input); r.decision; // follows input.move.direction
 */
export async function trainReflection(model: Model, input: TrainReflectionInput, task = trainReflectionTask): Promise<ReflectionOutcome> {
  const decision: Decision = input.move.direction === "up" ? "buy" : input.move.direction === "down" ? "sell" : "hold";
  const g = await guarded(() => model.run(task, input), input.memories, input.invalidCitations);
  if (!g.output)
    return { decision, reason: `invalid model output (${g.error})`, cited: noCitations(), valid: false, error: g.error, repaired: g.repaired, dropped: 0 };
  return { decision, reason: g.output.summary_reason, cited: citedIds(g.output), valid: true, error: null, repaired: g.repaired, dropped: g.dropped };
}

/**
 * Extended reflection over a tracking window: the lesson to store in memory,
 * or, when the model's answer stayed invalid, no lesson and why; `task` is
 * the run's prompt set's (default: the built-in one).
 *
 * @example
 * (await extendedReflection(model, input)).lesson; // "2021-01-04..2021-01-08: MSFT showed a rise of ..."
 */
export async function extendedReflection(
  model: Model,
  input: ExtendedReflectionInput,
  task = extendedReflectionTask,
): Promise<{ lesson: string; error: null } | { lesson: null; error: string }> {
  try {
    return { lesson: (await model.run(task, input)).output.summary_reason, error: null };
  } catch (err) {
    if (err instanceof LlmOutputError) return { lesson: null, error: err.validationError || err.message };
    throw err;
  }
}

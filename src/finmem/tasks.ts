/**
 * The LLM tasks of FinMem's working memory (Yu et al., arXiv 2311.13743,
 * §2.2.1). What a real model is sent comes from a prompt set's template files
 * (prompt-set.ts, `src/finmem/prompts/<set>/*.md`); what the offline agents
 * answer comes from seeded, data-grounded policies (offline/; labelled
 * offline wherever their results appear):
 *
 * - `finmem.summarize` (summarize.md): one raw input (news item, 10-Q, 10-K)
 *   -> a short investment-relevant summary and its sentiment. Offline: the
 *   most central sentences by TF-IDF centrality, sentiment from the item's
 *   own tag or VADER.
 * - `finmem.reflect.train` (reflect-train.md): the next-day move is known;
 *   explain it, citing memory ids per layer.
 * - `finmem.reflect.test` (reflect-test.md): no future prices; decide buy /
 *   sell / hold from the top-K memories per layer, momentum and the risk
 *   inclination. The wording follows `prompts`: "authors" (the code's: choose
 *   buy or sell, hold only when the choice is really hard) or "neutral" (the
 *   three offered alike).
 * - `finmem.reflect.extended` (reflect-extended.md): review the immediate
 *   reflections of a tracking window against the realised market; the lesson
 *   is stored in memory.
 *
 * Output schema of the reflections (FinMem code): `{investment_decision,
 * summary_reason, short_memory_index, middle_memory_index, long_memory_index,
 * reflection_memory_index}` with integer ids; each list may only hold ids
 * shown in that layer (a model is shown them as the list's enum, `schemaFor`;
 * checked by `validate`, which triggers the model's
 * repair round; what a still-invalid answer becomes is the loop's
 * `invalidCitations` choice).
 *
 * Inputs carry `toneBase` (the base rate of each event class's tone, for the
 * offline policies); it is never rendered, so a real model sees exactly the
 * authors' protocol. The offline policies never read the prompt, so a prompt
 * set or an edited template changes only what a real model is sent.
 */
import { defineTask, promptTemplate, renderTemplate, type CompiledTemplate, type Task, type TemplateItem, type TemplateValues } from "../llm/index";
import { LAYERS, LAYER_FIELD, type Layer } from "./constants";
import { extractiveSummary } from "./offline/extractive";
import { offlineExtendedReflection, offlineTestDecision, offlineTrainReflection } from "./offline/offline-policy";
import { resolveFinMemPrompts, type FinMemPromptFile, type FinMemPromptSet, type FinMemPromptSetName } from "./prompt-set";
import {
  extendedReflectionSchema,
  summarySchema,
  testReflectionSchema,
  testReflectionSchemaFor,
  trainReflectionSchema,
  trainReflectionSchemaFor,
  type CitationLists,
  type ExtendedReflection,
  type ExtendedReflectionInput,
  type ShownMemories,
  type SummarizeInput,
  type SummaryOutput,
  type TestReflection,
  type TestReflectionInput,
  type TrainReflection,
  type TrainReflectionInput,
} from "./reflection-io";

/**
 * Cited ids by layer, read from a reflection output.
 *
 * @example
 * citedIds(output).shallow; // output.short_memory_index
 */
export function citedIds(output: CitationLists): Record<Layer, number[]> {
  const out = {} as Record<Layer, number[]>;
  for (const l of LAYERS) out[l] = [...output[LAYER_FIELD[l]]];
  return out;
}

/**
 * The "ids must be among those shown" check: null when every cited id of
 * each layer list was shown in that layer, else a message naming the bad ids.
 *
 * @example
 * checkCitations({ short_memory_index: [9], middle_memory_index: [], long_memory_index: [], reflection_memory_index: [] }, memories);
 * // 'short_memory_index cites id 9, which was not shown in the shallow layer (shown: 1, 4)'
 */
export function checkCitations(output: CitationLists, memories: ShownMemories): string | null {
  const problems: string[] = [];
  for (const l of LAYERS) {
    const shown = new Set(memories[l].map((e) => e.id));
    for (const id of output[LAYER_FIELD[l]]) {
      if (!shown.has(id)) problems.push(`${LAYER_FIELD[l]} cites id ${id}, which was not shown in the ${l} layer (shown: ${[...shown].join(", ") || "none"})`);
    }
  }
  return problems.length ? problems.join("; ") : null;
}

/**
 * A log change as the prompts state it: the simple change in percent,
 * 100 (e^x - 1), with 2 decimals.
 *
 * @example
 * percentChange(Math.log(1.0123)); // "1.23"
 */
export function percentChange(logChange: number): string {
  return (100 * (Math.exp(logChange) - 1)).toFixed(2);
}

/**
 * The shown memories as the reflection templates' per-layer lists
 * (`{{#shallow}}...{{/shallow}}`, items `id`, `date`, `kind`, `text`).
 *
 * @example
 * memoryValues(memories).shallow; // [{ id: 4, date: "2021-01-04", kind: "news", text: "..." }]
 */
export function memoryValues(memories: ShownMemories): Record<Layer, TemplateItem[]> {
  const out = {} as Record<Layer, TemplateItem[]>;
  for (const l of LAYERS) out[l] = memories[l].map((e) => ({ id: e.id, date: e.date, kind: e.kind, text: e.text }));
  return out;
}

/**
 * What summarize.md is given.
 *
 * @example
 * summarizeValues({ ticker: "MSFT", date: "2021-01-04", kind: "10-Q", text, sentences: 4 }).isNews; // false
 */
export function summarizeValues(input: SummarizeInput): TemplateValues {
  return { ticker: input.ticker, date: input.date, isNews: input.kind === "news", kind: input.kind, sentences: input.sentences, text: input.text };
}

/**
 * What reflect-train.md is given: the move with prices and change formatted, and the shown memories.
 *
 * @example
 * trainValues(input).changePct; // "1.23" for a next close 1.23 % above today's
 */
export function trainValues(input: TrainReflectionInput): TemplateValues {
  return {
    profile: input.profile,
    ticker: input.ticker,
    date: input.date,
    direction: input.move.direction,
    close: (input.shownPrices?.close ?? input.move.close).toFixed(2),
    nextClose: (input.shownPrices?.nextClose ?? input.move.nextClose).toFixed(2),
    priceBasis: input.shownPrices?.basis ?? "",
    changePct: percentChange(input.move.logChange),
    ...memoryValues(input.memories),
  };
}

/**
 * What reflect-test.md is given: the risk instruction, the momentum (its
 * percent empty when the history is too short) and the shown memories.
 *
 * @example
 * testValues(input).momentumDirection; // "positive" | "negative" | "flat"
 */
export function testValues(input: TestReflectionInput): TemplateValues {
  const m = input.momentum;
  return {
    profile: input.profile,
    ticker: input.ticker,
    date: input.date,
    riskInstruction: input.risk.instruction,
    momentumWindow: m.window,
    momentumPct: m.cumulativeLogChange === null ? "" : percentChange(m.cumulativeLogChange),
    momentumDirection: m.sign > 0 ? "positive" : m.sign < 0 ? "negative" : "flat",
    ...memoryValues(input.memories),
  };
}

/**
 * What reflect-extended.md is given: the window, the market's change and
 * each day's decision (changes empty when not known on the day of the review).
 *
 * @example
 * extendedValues(input).records; // [{ date: "2021-01-04", decision: "buy", nextDayPct: "0.85", reason: "..." }, ...]
 */
export function extendedValues(input: ExtendedReflectionInput): TemplateValues {
  return {
    profile: input.profile,
    ticker: input.ticker,
    date: input.date,
    windowStart: input.windowStart,
    windowEnd: input.windowEnd,
    marketPct: input.marketLogChange === null ? "" : percentChange(input.marketLogChange),
    records: input.records.map((r) => ({
      date: r.date,
      decision: r.decision,
      nextDayPct: r.nextDayLogChange === null ? "" : percentChange(r.nextDayLogChange),
      reason: r.reason,
    })),
  };
}

/** A task's template, read when a prompt is rendered (so the built-in sets load on first use). */
type TemplateSource = () => CompiledTemplate;

function summarizeTaskFrom(template: TemplateSource): Task<SummarizeInput, SummaryOutput> {
  return defineTask<SummarizeInput, SummaryOutput>({
    name: "finmem.summarize",
    version: 1,
    temperature: 0,
    schema: summarySchema,
    render: (input) => renderTemplate(template(), summarizeValues(input)),
    offline: (input) => extractiveSummary(input.text, input.sentences),
  });
}

function trainReflectionTaskFrom(template: TemplateSource): Task<TrainReflectionInput, TrainReflection> {
  return defineTask<TrainReflectionInput, TrainReflection>({
    name: "finmem.reflect.train",
    version: 2,
    schema: trainReflectionSchema,
    // "drop" lets unshown ids through (the loop drops them), so the model is shown the general schema then.
    schemaFor: (input) => (input.invalidCitations === "drop" ? trainReflectionSchema : trainReflectionSchemaFor(input.memories)),
    render: (input) => renderTemplate(template(), trainValues(input)),
    offline: (input) => offlineTrainReflection(input),
    validate: (output, input) => (input.invalidCitations === "drop" ? null : checkCitations(output, input.memories)),
  });
}

/** The test decision's version per wording: 3 since the neutral wording's static part moved first, so recordings made before no longer replay for it. */
const TEST_VERSION: Record<FinMemPromptSetName, number> = { authors: 2, neutral: 3 };

function testReflectionTaskFrom(template: TemplateSource, wording: FinMemPromptSetName): Task<TestReflectionInput, TestReflection> {
  return defineTask<TestReflectionInput, TestReflection>({
    name: "finmem.reflect.test",
    version: TEST_VERSION[wording],
    schema: testReflectionSchema,
    schemaFor: (input) => (input.invalidCitations === "drop" ? testReflectionSchema : testReflectionSchemaFor(input.memories)),
    render: (input) => renderTemplate(template(), testValues(input)),
    offline: (input, rng, ctx) => offlineTestDecision(input, rng, ctx),
    validate: (output, input) => (input.invalidCitations === "drop" ? null : checkCitations(output, input.memories)),
  });
}

function extendedReflectionTaskFrom(template: TemplateSource): Task<ExtendedReflectionInput, ExtendedReflection> {
  return defineTask<ExtendedReflectionInput, ExtendedReflection>({
    name: "finmem.reflect.extended",
    version: 1,
    schema: extendedReflectionSchema,
    render: (input) => renderTemplate(template(), extendedValues(input)),
    offline: (input) => offlineExtendedReflection(input),
  });
}

/** The four tasks of one prompt set. */
export interface FinMemTasks {
  set: FinMemPromptSet;
  summarize: Task<SummarizeInput, SummaryOutput>;
  trainReflection: Task<TrainReflectionInput, TrainReflection>;
  testReflection: Task<TestReflectionInput, TestReflection>;
  extendedReflection: Task<ExtendedReflectionInput, ExtendedReflection>;
}

const tasksBySet = new WeakMap<FinMemPromptSet, FinMemTasks>();

/**
 * The tasks of a prompt set (built once per loaded set). The test decision's
 * version follows the set's wording (`prompts`: authors 2, neutral 3).
 *
 * @example
 * const tasks = finmemTasks(resolveFinMemPrompts({ prompts: "neutral", promptDir: "" }));
 * tasks.testReflection.version; // 3
 */
export function finmemTasks(set: FinMemPromptSet): FinMemTasks {
  const known = tasksBySet.get(set);
  if (known) return known;
  const t = (name: FinMemPromptFile) => () => promptTemplate(set, name);
  const tasks: FinMemTasks = {
    set,
    summarize: summarizeTaskFrom(t("summarize")),
    trainReflection: trainReflectionTaskFrom(t("reflect-train")),
    testReflection: testReflectionTaskFrom(t("reflect-test"), set.wording),
    extendedReflection: extendedReflectionTaskFrom(t("reflect-extended")),
  };
  tasksBySet.set(set, tasks);
  return tasks;
}

/** A built-in set's template, loaded on first render. */
const builtin = (wording: FinMemPromptSetName, name: FinMemPromptFile) => () => promptTemplate(resolveFinMemPrompts({ prompts: wording, promptDir: "" }), name);

/**
 * `finmem.summarize` of the built-in sets (summarize.md is the same in both):
 * one raw input -> summary + sentiment.
 *
 * @example
 * await model.run(summarizeTask, { ticker: "MSFT", date: "2021-01-04", kind: "news", text, sentences: 2 });
 */
export const summarizeTask = summarizeTaskFrom(builtin("authors", "summarize"));

/**
 * `finmem.reflect.train` of the built-in sets: explain the known next-day move, citing memories.
 *
 * @example
 * const { output } = await model.run(trainReflectionTask, input);
 * output.short_memory_index; // ids whose sentiment agrees with the move
 */
export const trainReflectionTask = trainReflectionTaskFrom(builtin("authors", "reflect-train"));

/**
 * `finmem.reflect.test`: decide buy / sell / hold with no future data, in
 * the authors' wording (version 2).
 *
 * @example
 * const { output } = await model.run(testReflectionTask, input);
 * output.investment_decision; // "buy" | "sell" | "hold"
 */
export const testReflectionTask = testReflectionTaskFrom(builtin("authors", "reflect-test"), "authors");

/**
 * The neutral wording's test decision: version 3 since its static part moved
 * first, so recordings made before no longer replay for it.
 *
 * @example
 * neutralTestReflectionTask.version; // 3
 */
export const neutralTestReflectionTask = testReflectionTaskFrom(builtin("neutral", "reflect-test"), "neutral");

/**
 * The built-in test-decision task of a wording.
 *
 * @example
 * testReflectionTaskFor("neutral").version; // 3
 */
export function testReflectionTaskFor(wording: TestReflectionInput["wording"]): Task<TestReflectionInput, TestReflection> {
  return wording === "neutral" ? neutralTestReflectionTask : testReflectionTask;
}

/**
 * `finmem.reflect.extended` of the built-in sets: review a tracking window's reflections.
 *
 * @example
 * const { output } = await model.run(extendedReflectionTask, input);
 * output.summary_reason; // stored in the reflection layer
 */
export const extendedReflectionTask = extendedReflectionTaskFrom(builtin("authors", "reflect-extended"));

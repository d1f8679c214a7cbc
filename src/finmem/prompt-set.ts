/**
 * Prompt sets of FinMem: which template files a set holds, the placeholders
 * each file may use, and loading a set from the repository
 * (`src/finmem/prompts/<set>/`) or from a user's copy (`promptDir`).
 *
 * Built-in sets: "authors" asks the test decision as the authors' code does
 * (choose buy or sell; hold only when that choice is really hard; momentum
 * explained and to be weighed); "neutral" offers buy, sell and hold alike and
 * puts what does not change from day to day first (the profile and the ask as
 * system), so that providers can cache that prefix. The summary, training and
 * extended-reflection files are the same in both sets.
 *
 * What a file is given is computed from the task input (tasks.ts): numbers
 * already formatted (prices and percentages with 2 decimals), the shown
 * memories as one list per layer. The agent's profile and its risk
 * instruction come from the profiling module (profile.ts) as they are: the
 * profile is also the retrieval query, so it is data of the agent, not prompt
 * wording. The JSON shape each task must answer with is appended to the
 * system message by the model layer.
 */
import path from "node:path";
import { projectRoot } from "../data/index";
import { resolvePromptFolder, type PlaceholderSpec, type PromptCatalog, type PromptFolder } from "../llm/index";

export type FinMemPromptSetName = "authors" | "neutral";
export const FINMEM_PROMPT_SET_NAMES: readonly FinMemPromptSetName[] = ["authors", "neutral"];

const memoryLayer = (layer: string, what: string): PlaceholderSpec[string] => ({
  kind: "list",
  doc: `the top events of the ${layer} layer shown today (${what}), best first; empty when the layer has none`,
  fields: { id: "the event id, to cite", date: "the date of the information", kind: "news, 10-Q, 10-K, reflection, ...", text: "the stored event text" },
  required: true,
});

/** The shown memories, one list per layer, as both reflection files use them. */
const SHOWN_MEMORIES: PlaceholderSpec = {
  shallow: memoryLayer("shallow", "daily news; cited in short_memory_index"),
  intermediate: memoryLayer("intermediate", "quarterly reports and promoted events; cited in middle_memory_index"),
  deep: memoryLayer("deep", "annual reports, extended reflections and promoted events; cited in long_memory_index"),
  reflection: memoryLayer("reflection", "the agent's earlier reflections; cited in reflection_memory_index"),
};

const DAY: PlaceholderSpec = {
  profile: { kind: "text", doc: "the agent's profile: trader of the ticker, sector introduction, the training window's performance overview", required: true },
  ticker: { kind: "text", doc: "the traded ticker, e.g. MSFT", required: true },
  date: { kind: "text", doc: "today's trading day (YYYY-MM-DD)" },
};

/** Every prompt file a set holds and the placeholders it may use. */
export const FINMEM_PROMPT_FILES = {
  summarize: {
    ticker: { kind: "text", doc: "the ticker the text is about", required: true },
    date: { kind: "text", doc: "the trading day the text became known (YYYY-MM-DD)" },
    isNews: { kind: "flag", doc: "true for a news item, false for a filing" },
    kind: { kind: "text", doc: "news, or the filing form (10-Q, 10-K, ...)" },
    sentences: { kind: "text", doc: "the most sentences the summary may have (summarySentences: news 2, filings 4)" },
    text: { kind: "text", doc: "the raw text to summarise", required: true },
  },
  "reflect-train": {
    ...DAY,
    direction: { kind: "text", doc: "the known next-day move: up, down or flat", required: true },
    close: { kind: "text", doc: "today's close on the price basis (as traded when splits are known), 2 decimals" },
    nextClose: { kind: "text", doc: "the next trading day's close on the price basis (the training label), 2 decimals" },
    changePct: { kind: "text", doc: "the next-day change in percent from adjusted closes, 2 decimals with its sign when negative" },
    priceBasis: { kind: "text", doc: 'how the two levels are stated: "as traded on each day", "adjusted as of <date>" or "rebased to 100 on <date>"' },
    ...SHOWN_MEMORIES,
  },
  "reflect-test": {
    ...DAY,
    riskInstruction: { kind: "text", doc: "the risk inclination of the day (risk-seeking or risk-averse, and whether it is self-adaptive)", required: true },
    momentumWindow: { kind: "text", doc: "the momentum window M in trading days (momentumWindow)" },
    momentumPct: { kind: "text", doc: "the cumulative price change over the last M trading days in percent, 2 decimals; empty when the history is shorter" },
    momentumDirection: { kind: "text", doc: "the sign of that change: positive, negative or flat" },
    ...SHOWN_MEMORIES,
  },
  "reflect-extended": {
    ...DAY,
    windowStart: { kind: "text", doc: "the first day of the reviewed window" },
    windowEnd: { kind: "text", doc: "the last day of the reviewed window" },
    marketPct: { kind: "text", doc: "the stock's change over the window in percent, 2 decimals; empty when unknown" },
    records: {
      kind: "list",
      doc: "the window's daily decisions, oldest first",
      fields: {
        date: "the day",
        decision: "buy, sell or hold",
        nextDayPct: "the stock's next-day change in percent, 2 decimals; empty when not yet known",
        reason: "the reason given that day",
      },
      required: true,
    },
  },
} satisfies Record<string, PlaceholderSpec>;

export type FinMemPromptFile = keyof typeof FINMEM_PROMPT_FILES;

/**
 * Folder of a built-in prompt set in the repository.
 *
 * @example
 * builtinFinMemPromptDir("neutral"); // "<repo>/src/finmem/prompts/neutral"
 */
export function builtinFinMemPromptDir(name: FinMemPromptSetName): string {
  return path.join(projectRoot(), "src", "finmem", "prompts", name);
}

/** What a FinMem prompt folder holds: all four files, each checked against its placeholders. */
export const FINMEM_PROMPTS: PromptCatalog<FinMemPromptFile> = {
  experiment: "finmem",
  files: FINMEM_PROMPT_FILES,
  builtinDir: (set) => builtinFinMemPromptDir(set as FinMemPromptSetName),
  defaultSet: "authors",
};

/** A loaded, checked FinMem prompt folder. */
export interface FinMemPromptSet extends PromptFolder<FinMemPromptFile> {
  /**
   * The `prompts` key of the run: the built-in set loaded, or the one a
   * `promptDir` stands in for. It fixes the test decision's task version
   * (authors 2, neutral 3), so a copy of a built-in set replays its answers.
   */
  wording: FinMemPromptSetName;
}

const builtins = new Map<string, PromptFolder<FinMemPromptFile>>();
const sets = new WeakMap<PromptFolder<FinMemPromptFile>, FinMemPromptSet>();

/**
 * The prompt set a run uses: the user's folder when `promptDir` is set
 * (checked on every call; an error names the file and line), else the
 * built-in set named by `prompts` (loaded once per process).
 *
 * @example
 * resolveFinMemPrompts({ prompts: "neutral", promptDir: "" }).label; // "neutral"
 * resolveFinMemPrompts({ prompts: "authors", promptDir: "my-prompts" }).dir; // "<cwd>/my-prompts"
 */
export function resolveFinMemPrompts(options: { prompts: FinMemPromptSetName; promptDir: string }): FinMemPromptSet {
  const folder = resolvePromptFolder(FINMEM_PROMPTS, { set: options.prompts, promptDir: options.promptDir }, builtins);
  // One set object per loaded folder and wording, so that the tasks built from it (tasks.ts) are built once.
  let set = sets.get(folder);
  if (!set || set.wording !== options.prompts) {
    set = { ...folder, wording: options.prompts };
    sets.set(folder, set);
  }
  return set;
}

/**
 * The LLM tasks of FinMem's working memory (Yu et al., arXiv 2311.13743,
 * §2.2.1) with real prompts for an endpoint and seeded, data-grounded
 * offline policies (offline-policy.ts; labelled offline wherever their results appear):
 *
 * - `finmem.summarize`: one raw input (news item, 10-Q, 10-K) -> a short
 *   investment-relevant summary and its sentiment. Offline: the most central
 *   sentences by TF-IDF centrality, sentiment from the item's own tag or VADER.
 * - `finmem.reflect.train`: the next-day move is known; explain it, citing
 *   memory ids per layer.
 * - `finmem.reflect.test`: no future prices; decide buy / sell / hold from the
 *   top-K memories per layer, momentum and the risk inclination. The wording
 *   follows `prompts`: "authors" (the code's: choose buy or sell, hold only
 *   when the choice is really hard) or "neutral" (the three offered alike).
 * - `finmem.reflect.extended`: review the immediate reflections of a tracking
 *   window against the realised market; the lesson is stored in memory.
 *
 * Output schema of the reflections (FinMem code): `{investment_decision,
 * summary_reason, short_memory_index, middle_memory_index, long_memory_index,
 * reflection_memory_index}` with integer ids; each list may only hold ids
 * shown in that layer (checked by `validate`, which triggers the model's
 * repair round; what a still-invalid answer becomes is the loop's
 * `invalidCitations` choice).
 *
 * Inputs carry `toneBase` (the base rate of each event class's tone, for the
 * offline policies); it is never rendered, so a real model sees exactly the
 * authors' protocol.
 */
import { defineTask, type ChatMessage } from "../llm/index";
import { polarityScores } from "../text/index";
import { LAYERS, LAYER_FIELD, type Layer } from "./constants";
import { extractiveSummary, splitSentimentTag } from "./extractive";
import { offlineTestDecision, offlineTrainReflection } from "./offline-policy";
import {
  extendedReflectionSchema,
  summarySchema,
  testReflectionSchema,
  trainReflectionSchema,
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

export {
  extendedReflectionSchema,
  summarySchema,
  testReflectionSchema,
  trainReflectionSchema,
  type CitationLists,
  type Decision,
  type ExtendedReflection,
  type ExtendedReflectionInput,
  type ReflectionInputBase,
  type ShownEvent,
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

const vaderCache = new Map<string, number>();

/**
 * VADER compound of an event's text without its trailing "(Sentiment: x)"
 * label: the label word itself is in VADER's lexicon ("positive" alone scores
 * +0.56), so scoring it would count the summariser's label instead of the text.
 * Memoised; a pure function of the text.
 *
 * @example
 * eventSentiment("Shares surged on strong results. (Sentiment: positive)") > 0; // true
 * eventSentiment("Revenue was flat. (Sentiment: positive)"); // 0
 */
export function eventSentiment(text: string): number {
  let v = vaderCache.get(text);
  if (v === undefined) {
    v = polarityScores(splitSentimentTag(text).body).compound;
    if (vaderCache.size > 100_000) vaderCache.clear();
    vaderCache.set(text, v);
  }
  return v;
}

/** The momentum observation as the prompt states it. */
function momentumText(m: TestReflectionInput["momentum"], wording: TestReflectionInput["wording"]): string {
  if (m.cumulativeLogChange === null) return `Not enough price history for the ${m.window}-day momentum.`;
  const move =
    `Momentum: the cumulative price change over the last ${m.window} trading days is ${(100 * (Math.exp(m.cumulativeLogChange) - 1)).toFixed(2)}% ` +
    `(${m.sign > 0 ? "positive" : m.sign < 0 ? "negative" : "flat"}).`;
  // The authors' prompt explains what momentum is and asks the agent to weigh it.
  return wording === "authors"
    ? `${move} Momentum is the tendency of a stock that has risen (or fallen) over the last few days to keep moving the same way for a while; take it into account.`
    : move;
}

/**
 * The user message of the test decision. "authors": the agent must choose buy
 * or sell and may answer hold only when that choice is really hard (the
 * code's protocol); "neutral": buy, sell and hold are offered alike.
 */
function testPrompt(input: TestReflectionInput): string {
  const ask =
    input.wording === "authors"
      ? 'Reason from the memories, the momentum and your risk inclination. Give "investment_decision": choose exactly one of buy or sell; ' +
        'only when choosing between buy and sell is really hard may you answer hold. Give a concise "summary_reason", and the ids of the memories that most influenced the decision, ' +
        "each in the list of its own layer. Cite only ids shown above."
      : 'Reason from the memories, the momentum and your risk inclination. Give "investment_decision" (buy, sell or hold), a concise ' +
        '"summary_reason", and the ids of the memories that most influenced the decision, each in the list of its own layer. Cite only ids shown above.';
  const opening =
    input.wording === "authors"
      ? `Date: ${input.date}. Make today's investment decision on ${input.ticker}: buy or sell; you do not know future prices.`
      : `Date: ${input.date}. You must decide today whether to buy, sell or hold ${input.ticker}; you do not know future prices.`;
  return (
    `${opening}\n\n${momentumText(input.momentum, input.wording)}\n\n` +
    `Your memory, the top events of each layer by relevancy, recency and importance:\n\n${formatMemories(input.memories)}\n\n${ask}`
  );
}

function formatMemories(memories: ShownMemories): string {
  const titles: Record<Layer, string> = {
    shallow: "Short-term (shallow) memory — daily news",
    intermediate: "Mid-term (intermediate) memory — quarterly reports and promoted events",
    deep: "Long-term (deep) memory — annual reports and promoted events",
    reflection: "Reflection memory — your earlier reflections",
  };
  return LAYERS.map((l) => {
    const items = memories[l];
    const body = items.length ? items.map((e) => `  [id ${e.id}] (${e.date}, ${e.kind}) ${e.text}`).join("\n") : "  (none)";
    return `${titles[l]} — cite ids in "${LAYER_FIELD[l]}":\n${body}`;
  }).join("\n\n");
}

/**
 * `finmem.summarize`: one raw input -> summary + sentiment.
 *
 * @example
 * await model.run(summarizeTask, { ticker: "MSFT", date: "2021-01-04", kind: "news", text, sentences: 2 });
 */
export const summarizeTask = defineTask<SummarizeInput, SummaryOutput>({
  name: "finmem.summarize",
  version: 1,
  temperature: 0,
  schema: summarySchema,
  render(input): ChatMessage[] {
    const what = input.kind === "news" ? "a news item" : `a ${input.kind} filing summary`;
    return [
      {
        role: "system",
        content:
          "You are a financial analyst building the memory of a trading agent. Extract only what matters for an investment decision " +
          `on ${input.ticker}: facts, numbers, guidance, and the market sentiment they imply.`,
      },
      {
        role: "user",
        content:
          `Summarise ${what} about ${input.ticker} dated ${input.date} in at most ${input.sentences} sentences, keeping the key investment insights, ` +
          `and label its sentiment for ${input.ticker} as positive, negative or neutral. Answer as JSON {"summary": string, "sentiment": "positive"|"negative"|"neutral"}.\n\n` +
          `Text:\n${input.text}`,
      },
    ];
  },
  offline(input) {
    return extractiveSummary(input.text, input.sentences);
  },
});

/**
 * `finmem.reflect.train`: explain the known next-day move, citing memories.
 *
 * @example
 * const { output } = await model.run(trainReflectionTask, input);
 * output.short_memory_index; // ids whose sentiment agrees with the move
 */
export const trainReflectionTask = defineTask<TrainReflectionInput, TrainReflection>({
  name: "finmem.reflect.train",
  version: 2,
  schema: trainReflectionSchema,
  render(input): ChatMessage[] {
    const pct = (100 * (Math.exp(input.move.logChange) - 1)).toFixed(2);
    return [
      { role: "system", content: input.profile },
      {
        role: "user",
        content:
          `Date: ${input.date}. Training mode: the price of ${input.ticker} went ${input.move.direction} from ${input.move.close.toFixed(2)} to ` +
          `${input.move.nextClose.toFixed(2)} (${pct}%) on the next trading day.\n\n` +
          `Your memory, the top events of each layer by relevancy, recency and importance:\n\n${formatMemories(input.memories)}\n\n` +
          'Explain why the stock moved this way, reasoning from the memories above. Summarise the reason in "summary_reason" and cite the ids of ' +
          "the memories that support your explanation, each in the list of its own layer. Cite only ids shown above; use empty lists when none apply.",
      },
    ];
  },
  offline(input) {
    return offlineTrainReflection(input);
  },
  validate(output, input) {
    return input.invalidCitations === "drop" ? null : checkCitations(output, input.memories);
  },
});

/**
 * `finmem.reflect.test`: decide buy / sell / hold with no future data.
 *
 * @example
 * const { output } = await model.run(testReflectionTask, input);
 * output.investment_decision; // "buy" | "sell" | "hold"
 */
export const testReflectionTask = defineTask<TestReflectionInput, TestReflection>({
  name: "finmem.reflect.test",
  version: 2,
  schema: testReflectionSchema,
  render(input): ChatMessage[] {
    return [
      { role: "system", content: `${input.profile}\n\n${input.risk.instruction}` },
      { role: "user", content: testPrompt(input) },
    ];
  },
  offline(input, rng, ctx) {
    return offlineTestDecision(input, rng, ctx);
  },
  validate(output, input) {
    return input.invalidCitations === "drop" ? null : checkCitations(output, input.memories);
  },
});

/**
 * `finmem.reflect.extended`: review a tracking window's reflections.
 *
 * @example
 * const { output } = await model.run(extendedReflectionTask, input);
 * output.summary_reason; // stored in the reflection layer
 */
export const extendedReflectionTask = defineTask<ExtendedReflectionInput, ExtendedReflection>({
  name: "finmem.reflect.extended",
  version: 1,
  schema: extendedReflectionSchema,
  render(input): ChatMessage[] {
    const rows = input.records
      .map(
        (r) =>
          `- ${r.date}: ${r.decision}; next-day stock move ${r.nextDayLogChange === null ? "unknown yet" : `${(100 * (Math.exp(r.nextDayLogChange) - 1)).toFixed(2)}%`}; reason: ${r.reason}`,
      )
      .join("\n");
    const market = input.marketLogChange === null ? "unknown" : `${(100 * (Math.exp(input.marketLogChange) - 1)).toFixed(2)}%`;
    return [
      { role: "system", content: input.profile },
      {
        role: "user",
        content:
          `Extended reflection for ${input.ticker} over ${input.windowStart} .. ${input.windowEnd} (today is ${input.date}). The stock changed ${market} over the window.\n` +
          `Your daily decisions and reasons:\n${rows}\n\nRe-evaluate these decisions against the realised market trend: which reasoning worked, ` +
          'which did not, and what should guide future decisions? Answer in "summary_reason" (a few sentences).',
      },
    ];
  },
  offline(input) {
    const known = input.records.filter(
      (r): r is (typeof input.records)[number] & { nextDayLogChange: number } => r.nextDayLogChange !== null && r.decision !== "hold",
    );
    const right = known.filter((r) => (r.decision === "buy" ? 1 : -1) * r.nextDayLogChange > 0).length;
    const pnl = known.reduce((a, r) => a + (r.decision === "buy" ? 1 : -1) * r.nextDayLogChange, 0);
    const holds = input.records.filter((r) => r.decision === "hold").length;
    const market = input.marketLogChange;
    const trendWord =
      market === null
        ? "an unknown trend"
        : market > 0
          ? `a rise of ${(100 * (Math.exp(market) - 1)).toFixed(2)}%`
          : `a fall of ${(100 * (1 - Math.exp(market))).toFixed(2)}%`;
    const buys = input.records.filter((r) => r.decision === "buy").length;
    const sells = input.records.filter((r) => r.decision === "sell").length;
    const bias = buys > sells ? "buy" : sells > buys ? "sell" : "balanced";
    const aligned = market === null || bias === "balanced" ? null : market > 0 === (bias === "buy");
    // Lexicon-free wording: this text is stored in the reflection layer and
    // VADER-scored later, so boilerplate must not add sentiment of its own.
    const lesson =
      aligned === null
        ? "Weigh memories by relevance and recency."
        : aligned
          ? `The ${bias} tilt matched the market trend; memories in line with the prevailing trend were the ones to follow.`
          : `The ${bias} tilt went against the market trend; momentum and filings deserve more weight before acting on daily news.`;
    return {
      summary_reason:
        `${input.windowStart}..${input.windowEnd}: ${input.ticker} showed ${trendWord}. ${buys} buy, ${sells} sell, ${holds} hold decisions; ` +
        `${right} of ${known.length} directional decisions with a known outcome were right (log P&L ${(100 * pnl).toFixed(2)}%). ${lesson}`,
    };
  },
});

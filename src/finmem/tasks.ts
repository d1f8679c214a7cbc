/**
 * The LLM tasks of FinMem's working memory (Yu et al., arXiv 2311.13743,
 * §2.2.1) with real prompts for an endpoint and seeded, data-grounded
 * offline policies (labelled offline wherever their results appear):
 *
 * - `finmem.summarize`: one raw input (news item, 10-Q, 10-K) -> a short
 *   investment-relevant summary and its sentiment. Offline: the most central
 *   sentences by TF-IDF centrality, sentiment from the item's own tag or VADER.
 * - `finmem.reflect.train`: the next-day move is known; explain it, citing
 *   memory ids per layer. Offline: cites the retrieved events whose VADER
 *   sentiment agrees with the move, strongest (retrieval score x |sentiment|) first.
 * - `finmem.reflect.test`: no future prices; decide buy / sell / hold from the
 *   top-K memories per layer, momentum and the risk inclination. Offline:
 *   evidence = sum(score_e * vader_e) / sum(score_e) over the shown events
 *   (vader_e = VADER compound of the event text without its sentiment label),
 *   plus 0.25 * momentum sign, plus temperature-scaled Gaussian noise
 *   (sd 0.02 * temperature); risk-seeking buys above +0.05 and sells below
 *   -0.25, risk-averse buys above +0.25 and sells below -0.05; it cites the
 *   events whose weighted sentiment pushed towards the decision.
 * - `finmem.reflect.extended`: review the immediate reflections of a tracking
 *   window against the realised market; the lesson is stored in memory.
 *
 * Output schema of the reflections (FinMem code): `{investment_decision,
 * summary_reason, short_memory_index, middle_memory_index, long_memory_index,
 * reflection_memory_index}` with integer ids; each list may only hold ids
 * shown in that layer (checked by `validate`, which triggers the model's
 * repair round; a still-invalid answer becomes "hold" in the loop).
 */
import { z } from "zod";
import { defineTask, type ChatMessage } from "../llm/index";
import { polarityScores } from "../text/index";
import { LAYERS, LAYER_FIELD, type Layer } from "./constants";
import { extractiveSummary, splitSentimentTag } from "./extractive";
import type { RiskMode, RiskState } from "./profile";

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
}

export interface TrainReflectionInput extends ReflectionInputBase {
  move: { close: number; nextClose: number; logChange: number; direction: "up" | "down" | "flat" };
}

export interface TestReflectionInput extends ReflectionInputBase {
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

const snippet = (text: string, n = 90): string => {
  const body = splitSentimentTag(text).body;
  return body.length > n ? `${body.slice(0, n - 1)}…` : body;
};

interface Contribution {
  event: ShownEvent;
  layer: Layer;
  sentiment: number;
  weight: number;
}

function contributions(memories: ShownMemories): Contribution[] {
  const out: Contribution[] = [];
  for (const l of LAYERS) for (const e of memories[l]) out.push({ event: e, layer: l, sentiment: eventSentiment(e.text), weight: Math.max(e.score, 0) });
  return out;
}

function idsOf(cited: Contribution[]): CitationLists {
  const ids: CitationLists = { short_memory_index: [], middle_memory_index: [], long_memory_index: [], reflection_memory_index: [] };
  for (const c of cited) ids[LAYER_FIELD[c.layer]].push(c.event.id);
  return ids;
}

/** Events cited by the offline policies: at most this many. */
export const OFFLINE_CITATIONS = 3;

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
  version: 1,
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
    const dir = input.move.direction === "up" ? 1 : input.move.direction === "down" ? -1 : 0;
    const all = contributions(input.memories);
    const agreeing = all
      .filter((c) => dir !== 0 && Math.sign(c.sentiment) === dir)
      .sort((a, b) => b.weight * Math.abs(b.sentiment) - a.weight * Math.abs(a.sentiment) || a.event.id - b.event.id)
      .slice(0, OFFLINE_CITATIONS);
    const pct = (100 * (Math.exp(input.move.logChange) - 1)).toFixed(2);
    const moveText =
      dir === 0 ? `${input.ticker} was unchanged on the next trading day` : `${input.ticker} ${dir > 0 ? "rose" : "fell"} ${pct}% on the next trading day`;
    // The wording around the cited snippets has no VADER lexicon words, so the
    // stored reflection's sentiment is that of the evidence it cites.
    const reason =
      agreeing.length === 0
        ? `${moveText}; none of the ${all.length} retrieved memories has sentiment in the direction of the move, so the move is not explained by memory.`
        : `${moveText}, in line with ${agreeing.length} memor${agreeing.length === 1 ? "y" : "ies"} whose sentiment points the same way: ` +
          agreeing.map((c) => `[${c.event.id}] ${snippet(c.event.text)}`).join("; ");
    return { summary_reason: reason, ...idsOf(agreeing) };
  },
  validate(output, input) {
    return checkCitations(output, input.memories);
  },
});

/** Decision thresholds of the offline test policy per risk state: buy above `buy`, sell below `sell`. */
export const OFFLINE_THRESHOLDS: Readonly<Record<RiskState, { buy: number; sell: number }>> = {
  seeking: { buy: 0.05, sell: -0.25 },
  averse: { buy: 0.25, sell: -0.05 },
};
/** Weight of the momentum sign in the offline test policy. */
export const OFFLINE_MOMENTUM_WEIGHT = 0.25;

/**
 * The offline test-policy evidence: retrieval-score-weighted mean VADER
 * compound of the shown events' contributions (0 when none are shown).
 */
function weightedEvidence(all: readonly Contribution[]): number {
  let num = 0,
    den = 0;
  for (const c of all) {
    num += c.weight * c.sentiment;
    den += c.weight;
  }
  return den > 0 ? num / den : 0;
}

/**
 * `finmem.reflect.test`: decide buy / sell / hold with no future data.
 *
 * @example
 * const { output } = await model.run(testReflectionTask, input);
 * output.investment_decision; // "buy" | "sell" | "hold"
 */
export const testReflectionTask = defineTask<TestReflectionInput, TestReflection>({
  name: "finmem.reflect.test",
  version: 1,
  schema: testReflectionSchema,
  render(input): ChatMessage[] {
    const m = input.momentum;
    const momentumText =
      m.cumulativeLogChange === null
        ? `Not enough price history for the ${m.window}-day momentum.`
        : `Momentum: the cumulative price change over the last ${m.window} trading days is ${(100 * (Math.exp(m.cumulativeLogChange) - 1)).toFixed(2)}% ` +
          `(${m.sign > 0 ? "positive" : m.sign < 0 ? "negative" : "flat"}).`;
    return [
      { role: "system", content: `${input.profile}\n\n${input.risk.instruction}` },
      {
        role: "user",
        content:
          `Date: ${input.date}. You must decide today whether to buy, sell or hold ${input.ticker}; you do not know future prices.\n\n` +
          `${momentumText}\n\nYour memory, the top events of each layer by relevancy, recency and importance:\n\n${formatMemories(input.memories)}\n\n` +
          'Reason from the memories, the momentum and your risk inclination. Give "investment_decision" (buy, sell or hold), a concise ' +
          '"summary_reason", and the ids of the memories that most influenced the decision, each in the list of its own layer. Cite only ids shown above.',
      },
    ];
  },
  offline(input, rng, ctx) {
    const all = contributions(input.memories);
    const evidence = weightedEvidence(all);
    const noise = rng.normal() * 0.02 * ctx.temperature;
    const score = evidence + OFFLINE_MOMENTUM_WEIGHT * input.momentum.sign + noise;
    const th = OFFLINE_THRESHOLDS[input.risk.state];
    const decision: Decision = score > th.buy ? "buy" : score < th.sell ? "sell" : "hold";
    const push = decision === "buy" ? 1 : decision === "sell" ? -1 : Math.sign(evidence);
    const drivers = all
      .map((c) => ({ c, v: c.weight * c.sentiment }))
      .filter(({ v }) => (push === 0 ? v !== 0 : Math.sign(v) === push))
      .sort((a, b) => Math.abs(b.v) - Math.abs(a.v) || a.c.event.id - b.c.event.id)
      .slice(0, OFFLINE_CITATIONS)
      .map(({ c }) => c);
    const momentumWord = input.momentum.sign > 0 ? "up" : input.momentum.sign < 0 ? "down" : "flat";
    const reason =
      `Risk-${input.risk.state} (${input.risk.mode}); score-weighted memory sentiment ${evidence >= 0 ? "+" : ""}${evidence.toFixed(3)} over ${all.length} memories, ` +
      `${input.momentum.window}-day momentum ${momentumWord}; total ${score >= 0 ? "+" : ""}${score.toFixed(3)} vs buy > ${th.buy}, sell < ${th.sell}: ${decision}.` +
      (drivers.length ? ` Drivers: ${drivers.map((c) => `[${c.event.id}] ${snippet(c.event.text, 70)}`).join("; ")}` : "");
    return { investment_decision: decision, summary_reason: reason, ...idsOf(drivers) };
  },
  validate(output, input) {
    return checkCitations(output, input.memories);
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

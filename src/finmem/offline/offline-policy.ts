/**
 * FinMem's offline agents: seeded, data-grounded policies for the reflection
 * tasks (labelled offline wherever their results appear). They read only what
 * a real model is shown (the retrieved events, the momentum, the risk state)
 * plus the base rate of each event class's tone (tone.ts), so they judge an
 * event by its surprise, not by the sign of the summariser's label.
 *
 * Test decision:
 *   z_e      = tone surprise of shown event e against its class base (tone.ts)
 *   m_c      = sum_e w_e z_e / sum_e w_e over the shown events of class c,
 *              w_e = max(retrieval score, 0) * exp(-age_e / tau_c), age in
 *              calendar days, tau = {news 7, reflection 21, filing 30}: news
 *              is priced in within days, a report's surprise within weeks
 *   evidence = sum_c W_c F_c m_c / sum_c W_c over the classes shown, W =
 *              {news 1, filing 0.5, reflection 0.5}: one filing weighs half
 *              as much as all the news shown together (one report against a
 *              day's worth of press), the agent's own reflections as much;
 *              F_c = exp(-age / tau_c) of the class's newest item, so stale
 *              evidence fades instead of speaking for its whole class
 *   score    = evidence + 0.25 * momentum sign + N(0, (0.02 * temperature)^2)
 *   risk-seeking buys above +0.05 and sells below -0.35; risk-averse buys
 *   above +0.35 and sells below -0.05; hold in between. It cites the events
 *   whose weighted surprise pushed towards the decision, strongest first.
 * Training: cites the events whose surprise agrees with the known next-day
 * move, those with the largest share of the evidence (|pull_e|, pull_e =
 * (W_c F_c / sum W) (w_e / sum w_c) z_e, the decomposition above) first. The age discount keeps both policies
 * from explaining every day with the same old, much-retrieved item (whose
 * importance the feedback would then inflate without bound).
 * Extended reflection: counts the window's decisions, how many directional
 * ones with a known next day were right and their log P&L, and states
 * whether the window's buy / sell tilt matched the market trend.
 */
import type { Rng } from "../../stats/index";
import type { OfflineContext } from "../../llm/index";
import { LAYERS, LAYER_FIELD, type Layer } from "../constants";
import { splitSentimentTag } from "./extractive";
import type { RiskState } from "../profile";
import type {
  CitationLists,
  Decision,
  ExtendedReflection,
  ExtendedReflectionInput,
  ShownEvent,
  ShownMemories,
  TestReflection,
  TestReflectionInput,
  TrainReflection,
  TrainReflectionInput,
} from "../reflection-io";
import { toneClass, toneSurprise, type ToneBaseline, type ToneClass } from "./tone";

/** Decision thresholds of the offline test policy per risk state: buy above `buy`, sell below `sell`. */
export const OFFLINE_THRESHOLDS: Readonly<Record<RiskState, { buy: number; sell: number }>> = {
  seeking: { buy: 0.05, sell: -0.35 },
  averse: { buy: 0.35, sell: -0.05 },
};
/** Weight of the momentum sign in the offline test policy. */
export const OFFLINE_MOMENTUM_WEIGHT = 0.25;
/** Weight of each event class in the offline evidence. */
export const CLASS_WEIGHTS: Readonly<Record<ToneClass, number>> = { news: 1, filing: 0.5, reflection: 0.5 };
/** Age (calendar days) over which an event's weight falls by e, per class. */
export const FRESHNESS_DAYS: Readonly<Record<ToneClass, number>> = { news: 7, filing: 30, reflection: 21 };
/** Events cited by the offline policies: at most this many. */
export const OFFLINE_CITATIONS = 3;

interface Contribution {
  event: ShownEvent;
  layer: Layer;
  cls: ToneClass;
  /** Tone surprise z_e. */
  surprise: number;
  /** Retrieval weight w_e. */
  weight: number;
  /** Share of the evidence: (W_c F_c / sum W) (w_e / sum w_c) z_e. */
  pull: number;
}

/** Every shown event with its surprise and its share of the evidence; and the evidence. */
function contributions(memories: ShownMemories, baseline: ToneBaseline, today: string): { all: Contribution[]; evidence: number } {
  const all: Contribution[] = [];
  const freshest = new Map<ToneClass, number>();
  for (const layer of LAYERS)
    for (const event of memories[layer]) {
      const cls = toneClass(event.kind);
      const age = Math.max(0, (Date.parse(today) - Date.parse(event.date)) / 86_400_000);
      const fresh = Math.exp(-(Number.isFinite(age) ? age : 0) / FRESHNESS_DAYS[cls]);
      freshest.set(cls, Math.max(freshest.get(cls) ?? 0, fresh));
      all.push({ event, layer, cls, surprise: toneSurprise(event.text, event.kind, baseline), weight: Math.max(event.score, 0) * fresh, pull: 0 });
    }
  const classWeight = new Map<ToneClass, number>();
  for (const c of all) classWeight.set(c.cls, (classWeight.get(c.cls) ?? 0) + c.weight);
  let totalW = 0;
  for (const [cls, w] of classWeight) if (w > 0) totalW += CLASS_WEIGHTS[cls];
  let evidence = 0;
  for (const c of all) {
    const w = classWeight.get(c.cls) ?? 0;
    // A class counts with its weight W_c times the freshness F_c of its newest item, against the undiscounted total:
    // stale evidence (a lone report from months ago) fades instead of speaking for its whole class.
    const classShare = (CLASS_WEIGHTS[c.cls] * (freshest.get(c.cls) ?? 0)) / totalW;
    c.pull = w > 0 && totalW > 0 ? classShare * (c.weight / w) * c.surprise : 0;
    evidence += c.pull;
  }
  return { all, evidence };
}

function idsOf(cited: readonly Contribution[]): CitationLists {
  const ids: CitationLists = { short_memory_index: [], middle_memory_index: [], long_memory_index: [], reflection_memory_index: [] };
  for (const c of cited) ids[LAYER_FIELD[c.layer]].push(c.event.id);
  return ids;
}

/**
 * An event's text shortened for a stored reason (without its sentiment label).
 *
 * @example
 * snippet("Azure grew 50% this quarter. (Sentiment: positive)"); // "Azure grew 50% this quarter."
 */
export function snippet(text: string, n = 90): string {
  const body = splitSentimentTag(text).body;
  return body.length > n ? `${body.slice(0, n - 1)}…` : body;
}

const signed = (x: number, digits = 3) => `${x >= 0 ? "+" : ""}${x.toFixed(digits)}`;
const cite = (cs: readonly Contribution[], n: number) => cs.map((c) => `[${c.event.id}] ${snippet(c.event.text, n)}`).join("; ");

/**
 * The offline training reflection: the known move, explained by the shown
 * events whose tone surprise points the same way.
 *
 * @example
 * offlineTrainReflection(input).short_memory_index; // ids of news whose tone beat their base rate on an up day
 */
export function offlineTrainReflection(input: TrainReflectionInput): TrainReflection {
  const dir = input.move.direction === "up" ? 1 : input.move.direction === "down" ? -1 : 0;
  const { all } = contributions(input.memories, input.toneBase, input.date);
  const agreeing = all
    .filter((c) => dir !== 0 && Math.sign(c.pull) === dir)
    .sort((a, b) => Math.abs(b.pull) - Math.abs(a.pull) || a.event.id - b.event.id)
    .slice(0, OFFLINE_CITATIONS);
  const pct = (100 * (Math.exp(input.move.logChange) - 1)).toFixed(2);
  const moveText =
    dir === 0 ? `${input.ticker} was unchanged on the next trading day` : `${input.ticker} ${dir > 0 ? "rose" : "fell"} ${pct}% on the next trading day`;
  // The wording around the cited snippets has no VADER lexicon words, so the
  // stored reflection's tone is that of the evidence it cites.
  const reason =
    agreeing.length === 0
      ? `${moveText}; none of the ${all.length} retrieved memories departs from its base rate in the direction of the move, so the move is not explained by memory.`
      : `${moveText}, in line with ${agreeing.length} memor${agreeing.length === 1 ? "y" : "ies"} whose tone departs from its base rate the same way: ` +
        cite(agreeing, 90);
  return { summary_reason: reason, ...idsOf(agreeing) };
}

/**
 * The offline test decision (module comment): evidence from the shown
 * events' tone surprises, the momentum sign and seeded noise against the
 * risk state's thresholds.
 *
 * @example
 * offlineTestDecision(input, rng, { temperature: 0.7, seed: 7 }).investment_decision; // "buy" | "sell" | "hold"
 */
export function offlineTestDecision(input: TestReflectionInput, rng: Rng, ctx: OfflineContext): TestReflection {
  const { all, evidence } = contributions(input.memories, input.toneBase, input.date);
  const noise = rng.normal() * 0.02 * ctx.temperature;
  const score = evidence + OFFLINE_MOMENTUM_WEIGHT * input.momentum.sign + noise;
  const th = OFFLINE_THRESHOLDS[input.risk.state];
  const decision: Decision = score > th.buy ? "buy" : score < th.sell ? "sell" : "hold";
  const push = decision === "buy" ? 1 : decision === "sell" ? -1 : Math.sign(evidence);
  const drivers = all
    .filter((c) => (push === 0 ? c.pull !== 0 : Math.sign(c.pull) === push))
    .sort((a, b) => Math.abs(b.pull) - Math.abs(a.pull) || a.event.id - b.event.id)
    .slice(0, OFFLINE_CITATIONS);
  const momentumWord = input.momentum.sign > 0 ? "up" : input.momentum.sign < 0 ? "down" : "flat";
  const classes = [...new Set(all.map((c) => c.cls))].join(", ") || "none";
  const reason =
    `Risk-${input.risk.state} (${input.risk.mode}); memory tone against its base rate ${signed(evidence)} over ${all.length} memories (${classes}), ` +
    `${input.momentum.window}-day momentum ${momentumWord}; total ${signed(score)} vs buy > ${th.buy}, sell < ${th.sell}: ${decision}.` +
    (drivers.length ? ` Drivers: ${cite(drivers, 70)}` : "");
  return { investment_decision: decision, summary_reason: reason, ...idsOf(drivers) };
}

/**
 * The offline extended reflection: the window's decision counts, the share of
 * directional decisions with a known next day that were right, their log
 * P&L sum_t d_t ln(P_{t+1}/P_t) (d = +1 buy, -1 sell), and a lesson from
 * whether the buy / sell tilt matched the market trend.
 *
 * @example
 * offlineExtendedReflection(input).summary_reason; // "2021-01-04..2021-01-08: MSFT showed a rise of 1.20%. 3 buy, 1 sell, 1 hold decisions; ..."
 */
export function offlineExtendedReflection(input: ExtendedReflectionInput): ExtendedReflection {
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
}

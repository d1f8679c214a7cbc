/**
 * FinMem's offline agents: seeded, data-grounded policies for the reflection
 * tasks (labelled offline wherever their results appear). They read only what
 * a real model is shown (the retrieved memories, the momentum, the risk
 * state, the ticker and the profile that names the company) plus the base
 * rate of each event class's tone (tone.ts). Every reason is rendered from
 * recorded claims (claims.ts); the decision follows from the stated numbers.
 *
 * What a shown memory counts for (value v_e):
 *   - a news item or filing about the company (company.ts: it names the
 *     company, its ticker or an alias, or is the company's own report, and
 *     does not say it is about something else): its tone surprise z_e
 *     against its class's base (tone.ts), capped at +-SURPRISE_CAP sd;
 *   - one that says it is not about the company, or never names it: stored
 *     and shown, but no tone (v_e = 0, listed as not counted);
 *   - a reflection: the outcome it recorded (a training reflection's
 *     next-day move, an extended reflection's week), v = clip(move % /
 *     (OUTCOME_SCALE_PCT * sqrt(sessions)), -1, 1).
 *     The agent's own earlier test decisions record no outcome (what followed
 *     was not known when they were written), so they are no evidence of
 *     today's tone.
 * Weights: w_e = max(retrieval score, 0) * exp(-age_e / tau_c), age in
 * calendar days, tau = {news 7, reflection 21, filing 30}; a class c counts
 * with W_c = {news 1, filing 0.5, reflection 0.5} times F_c, the freshness
 * of its newest counted item, against sum W_c over the classes counted:
 *   contribution_e = G * (W_c F_c / sum W) * (w_e / sum_{c} w) * v_e,  G = MEMORY_GAIN
 *   momentum term  = 0.25 * sign(P_t - P_{t-M})
 *   total          = sum of the contributions (each rounded to 0.001 first,
 *                    so the stated total is the exact sum of what is stated)
 *   risk-seeking buys above +0.05 and sells below -0.35; risk-averse buys
 *   above +0.35 and sells below -0.05; hold in between.
 * The reason lists the three largest contributions, the sum of the other
 * counted memories, the momentum term, the total and the rule; the answer
 * cites the listed drivers that push the way of the decision (feedback then
 * credits or blames the memories the decision followed, not those it overruled).
 *
 * Training: the known next-day move, explained by the counted memories whose
 * contribution has the move's sign (the cited ids), largest first.
 * Extended reflection: the week's move, each directional decision that went
 * right or wrong with the next day's move, the holds, and the week's log P&L.
 */
import type { Rng } from "../../stats/index";
import type { OfflineContext } from "../../llm/index";
import { LAYERS, LAYER_FIELD, type Layer } from "../constants";
import { splitSentences } from "../../text/index";
import { splitSentimentTag } from "./extractive";
import type { RiskState } from "../profile";
import type {
  CitationLists,
  Decision,
  ExtendedReflection,
  ExtendedReflectionInput,
  ReflectionInputBase,
  ShownEvent,
  TestReflection,
  TestReflectionInput,
  TrainReflection,
  TrainReflectionInput,
} from "../reflection-io";
import {
  recordedOutcome,
  renderDecision,
  renderTrainReflection,
  renderWeek,
  type DecisionClaims,
  type NoToneClaim,
  type OutcomeClaim,
  type ToneClaim,
  type TrainClaims,
  type WeekClaims,
} from "./claims";
import { companyFromInput, relevanceOf, type CompanyNames } from "./company";
import { eventTone, MIN_BASE_EVENTS, SD_FLOOR, toneClass, type ToneBase, type ToneBaseline, type ToneClass } from "./tone";

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
/** Events listed (and cited) by the offline policies: at most this many. */
export const OFFLINE_CITATIONS = 3;
/**
 * Gain G of the memory evidence (the weighted mean surprise, in sd): 2, so
 * memories 1/8 sd above their bases on average weigh as much as the momentum
 * sign (0.25), and memories that clearly disagree with the 3-day momentum
 * overrule it (at G = 1 they turned a buy into a hold but never into a sell).
 */
export const MEMORY_GAIN = 2;
/**
 * A recorded outcome counts fully (v = +-1) when the move it states is at
 * least 1 % per square-root session (a typical daily move of a large stock):
 * 1 % over a day, 2.24 % over a five-session week; smaller moves count in
 * proportion, so a 0.1 % week is not read as a trend.
 */
export const OUTCOME_SCALE_PCT = 1;
/** Cap of a tone surprise (sd): one outlier against a quiet base must not outweigh everything else. */
export const SURPRISE_CAP = 3;

/**
 * An event's text shortened for a stored reason (without its sentiment label).
 *
 * @example
 * snippet("Azure grew 50% this quarter. (Sentiment: positive)"); // "Azure grew 50% this quarter."
 */
export function snippet(text: string, n = 90): string {
  const body = splitSentimentTag(text).body.replace(/\s+/g, " ").replace(/"/g, "'");
  return body.length > n ? `${body.slice(0, n - 1)}…` : body;
}

/**
 * The base an event's tone is read against, as tone.ts chooses it (a filing
 * against its earlier reports of the same form, else the recent news), with
 * words for it; null when there is none yet.
 *
 * @example
 * toneBaseOf("news", { news: { mean: 0.1, sd: 0.05, n: 37 }, reflection: null, filing: {} })?.words; // "the mean of 37 recent news items"
 */
export function toneBaseOf(kind: string, baseline: ToneBaseline): { base: ToneBase; words: string } | null {
  const cls = toneClass(kind);
  const news = baseline.news && baseline.news.n >= MIN_BASE_EVENTS.news ? baseline.news : null;
  const newsWords = (b: ToneBase) => `the mean of ${b.n} recent news items`;
  if (cls === "filing") {
    const form = baseline.filing[kind.toUpperCase()];
    if (form && form.n >= MIN_BASE_EVENTS.filing) return { base: form, words: `the mean of ${form.n} ${kind.toUpperCase()} reports so far` };
    return news ? { base: news, words: newsWords(news) } : null;
  }
  if (cls === "news") return news ? { base: news, words: newsWords(news) } : null;
  return null;
}

/**
 * The sentence of a text that names the company (its first mention), with
 * list numbers and markdown emphasis removed: what a reason quotes of an item.
 * The whole text when the mention is not in a sentence of its own.
 *
 * @example
 * mentionSentence("1. **Growth**: Sales rose. Netflix added 8 million members.", "Netflix"); // "Netflix added 8 million members."
 */
export function mentionSentence(text: string, mention: string): string {
  const clean = (s: string) =>
    s
      .replace(/\*\*|__|^#+\s*/g, "")
      .replace(/^\s*\d+\.\s+/, "")
      .trim();
  const sentences = splitSentences(text);
  const hit = sentences.find((s) => s.includes(mention)) ?? sentences[0] ?? text;
  return clean(hit);
}

/** A counted memory before rounding: its claim (without the contribution) and its raw contribution. */
interface Counted {
  claim: Omit<ToneClaim, "milli"> | Omit<OutcomeClaim, "milli">;
  cls: ToneClass;
  value: number;
  weight: number;
  fresh: number;
  raw: number;
}

/** The memories read for a day: what counts (with contributions in thousandths), and what does not and why. */
export interface MemoryReading {
  company: CompanyNames;
  counted: Array<ToneClaim | OutcomeClaim>;
  noTone: NoToneClaim[];
}

function readEvent(
  event: ShownEvent,
  layer: Layer,
  input: ReflectionInputBase,
  company: CompanyNames,
): Omit<Counted, "weight" | "fresh" | "raw"> | NoToneClaim {
  const cls = toneClass(event.kind);
  const base = { id: event.id, layer, date: event.date };
  if (cls === "reflection") {
    const outcome = recordedOutcome(event.text, input.ticker);
    if (!outcome) return { kind: "no-tone", ...base, why: "no-outcome", cited: snippet(event.text, 60) };
    const value = Math.max(-1, Math.min(1, outcome.pct / (OUTCOME_SCALE_PCT * Math.sqrt(outcome.sessions))));
    return { cls, value, claim: { kind: "outcome", ...base, cited: outcome.clause, direction: outcome.direction, value } };
  }
  const body = splitSentimentTag(event.text).body;
  const rel = relevanceOf(body, company, cls === "filing");
  // Narrowed with `in`, not `!rel.about`: tslab's non-strict TypeScript does not narrow a union on a boolean literal.
  if ("why" in rel) return { kind: "no-tone", ...base, why: rel.why, cited: "clause" in rel ? snippet(rel.clause, 120) : snippet(event.text, 60) };
  const chosen = toneBaseOf(event.kind, input.toneBase);
  if (!chosen) return { kind: "no-tone", ...base, why: "no-base", cited: snippet(event.text, 60) };
  const surprise = (eventTone(event.text) - chosen.base.mean) / Math.max(chosen.base.sd, SD_FLOOR);
  const value = Math.max(-SURPRISE_CAP, Math.min(SURPRISE_CAP, surprise));
  const cited = snippet(mentionSentence(body, rel.mention), 90);
  return { cls, value, claim: { kind: "tone", ...base, eventKind: event.kind, cited, surprise, value, base: chosen.words } };
}

/**
 * Read the shown memories of a reflection input (module comment): each
 * counted one with its contribution in thousandths, each other one with why
 * it carries no tone.
 *
 * @example
 * readMemories(input).counted.map((c) => [c.id, c.milli]); // [[558, 143], [540, -20], ...]
 */
export function readMemories(input: ReflectionInputBase): MemoryReading {
  const company = companyFromInput(input.ticker, input.profile);
  const counted: Counted[] = [];
  const noTone: NoToneClaim[] = [];
  for (const layer of LAYERS)
    for (const event of input.memories[layer]) {
      const read = readEvent(event, layer, input, company);
      if ("kind" in read) {
        noTone.push(read);
        continue;
      }
      const age = Math.max(0, (Date.parse(input.date) - Date.parse(event.date)) / 86_400_000);
      const fresh = Math.exp(-(Number.isFinite(age) ? age : 0) / FRESHNESS_DAYS[read.cls]);
      counted.push({ ...read, weight: Math.max(event.score, 0) * fresh, fresh, raw: 0 });
    }
  const classWeight = new Map<ToneClass, number>();
  const freshest = new Map<ToneClass, number>();
  for (const c of counted) {
    classWeight.set(c.cls, (classWeight.get(c.cls) ?? 0) + c.weight);
    freshest.set(c.cls, Math.max(freshest.get(c.cls) ?? 0, c.fresh));
  }
  let totalW = 0;
  for (const [cls, w] of classWeight) if (w > 0) totalW += CLASS_WEIGHTS[cls];
  for (const c of counted) {
    const w = classWeight.get(c.cls) ?? 0;
    const share = totalW > 0 ? (CLASS_WEIGHTS[c.cls] * (freshest.get(c.cls) ?? 0)) / totalW : 0;
    c.raw = w > 0 ? MEMORY_GAIN * share * (c.weight / w) * c.value : 0;
  }
  return { company, counted: counted.map((c) => ({ ...c.claim, milli: Math.round(1000 * c.raw) }) as ToneClaim | OutcomeClaim), noTone };
}

const byStrength = (a: { milli: number; id: number }, b: { milli: number; id: number }) => Math.abs(b.milli) - Math.abs(a.milli) || a.id - b.id;

function idsOf(cited: ReadonlyArray<{ id: number; layer: Layer }>): CitationLists {
  const ids: CitationLists = { short_memory_index: [], middle_memory_index: [], long_memory_index: [], reflection_memory_index: [] };
  for (const c of cited) ids[LAYER_FIELD[c.layer]].push(c.id);
  return ids;
}

/**
 * The claims of a test decision (module comment): drivers, the other counted
 * memories summed, the momentum term and the rule applied to the total.
 *
 * @example
 * explainTestDecision(input).rule.decision; // "buy" | "sell" | "hold"
 */
export function explainTestDecision(input: TestReflectionInput): DecisionClaims {
  const { company, counted, noTone } = readMemories(input);
  const nonzero = counted.filter((c) => c.milli !== 0).sort(byStrength);
  const drivers = nonzero.slice(0, OFFLINE_CITATIONS);
  const listed = new Set(drivers.map((d) => d.id));
  const rest = counted.filter((c) => !listed.has(c.id));
  const others = rest.length ? { kind: "others" as const, ids: rest.map((c) => c.id), milli: rest.reduce((a, c) => a + c.milli, 0) } : null;
  const momentum = {
    kind: "momentum" as const,
    window: input.momentum.window,
    logChange: input.momentum.cumulativeLogChange,
    sign: input.momentum.sign,
    milli: Math.round(1000 * OFFLINE_MOMENTUM_WEIGHT * input.momentum.sign),
  };
  const totalMilli = drivers.reduce((a, d) => a + d.milli, 0) + (others?.milli ?? 0) + momentum.milli;
  const th = OFFLINE_THRESHOLDS[input.risk.state];
  const decision: Decision = totalMilli > Math.round(1000 * th.buy) ? "buy" : totalMilli < Math.round(1000 * th.sell) ? "sell" : "hold";
  const push = decision === "buy" ? 1 : decision === "sell" ? -1 : Math.sign(totalMilli - momentum.milli);
  return {
    ticker: input.ticker,
    company,
    drivers,
    cited: drivers.filter((d) => Math.sign(d.milli) === push),
    others,
    momentum,
    noTone,
    rule: { kind: "rule", risk: input.risk.state, mode: input.risk.mode, totalMilli, buy: th.buy, sell: th.sell, decision },
  };
}

/**
 * The offline test decision: the claims of `explainTestDecision`, rendered;
 * the cited ids are the listed drivers that push the way of the decision. Deterministic (the rng and the
 * temperature are not used: the decision is the stated rule on the stated total).
 *
 * @example
 * offlineTestDecision(input, rng, { temperature: 0.7, seed: 7 }).investment_decision; // "buy" | "sell" | "hold"
 */
export function offlineTestDecision(input: TestReflectionInput, _rng?: Rng, _ctx?: OfflineContext): TestReflection {
  const claims = explainTestDecision(input);
  return { investment_decision: claims.rule.decision, summary_reason: renderDecision(claims), ...idsOf(claims.cited) };
}

/**
 * The claims of a training reflection: the known move and the counted
 * memories whose contribution has its sign, largest first.
 *
 * @example
 * explainTrainReflection(input).agreeing.map((c) => c.id); // ids of news about the company whose tone beat its base on an up day
 */
export function explainTrainReflection(input: TrainReflectionInput): TrainClaims {
  const dir = input.move.direction === "up" ? 1 : input.move.direction === "down" ? -1 : 0;
  const { company, counted } = readMemories(input);
  const agreeing = counted
    .filter((c) => dir !== 0 && Math.sign(c.milli) === dir)
    .sort(byStrength)
    .slice(0, OFFLINE_CITATIONS);
  return {
    ticker: input.ticker,
    company,
    move: { close: input.move.close, nextClose: input.move.nextClose, logChange: input.move.logChange },
    agreeing,
    counted: counted.length,
  };
}

/**
 * The offline training reflection: the known move, explained by the counted
 * memories that point the same way (the cited ids).
 *
 * @example
 * offlineTrainReflection(input).summary_reason; // "MSFT rose 1.20 % on the next trading day (212.25 to 214.80). In the same direction: ..."
 */
export function offlineTrainReflection(input: TrainReflectionInput): TrainReflection {
  const claims = explainTrainReflection(input);
  return { summary_reason: renderTrainReflection(claims), ...idsOf(claims.agreeing) };
}

/**
 * The claims of an extended reflection: the window, its move, each decision
 * with the next day's move (when known on the day of the review) and the log
 * P&L sum_t d_t ln(P_{t+1}/P_t) of the directional ones (d = +1 buy, -1 sell).
 *
 * @example
 * explainWeek(input).logPnl; // 0.0062
 */
export function explainWeek(input: ExtendedReflectionInput): WeekClaims {
  const decisions = input.records.map((r) => ({ date: r.date, decision: r.decision, nextDayLogChange: r.nextDayLogChange }));
  let logPnl = 0;
  for (const d of decisions) if (d.nextDayLogChange !== null && d.decision !== "hold") logPnl += (d.decision === "buy" ? 1 : -1) * d.nextDayLogChange;
  return {
    ticker: input.ticker,
    start: input.windowStart,
    end: input.windowEnd,
    sessions: input.records.length,
    marketLogChange: input.marketLogChange,
    decisions,
    logPnl,
  };
}

/**
 * The offline extended reflection: what went right and wrong over the week,
 * with the numbers (claims.ts renderWeek).
 *
 * @example
 * offlineExtendedReflection(input).summary_reason; // "Week 2021-01-04..2021-01-08 (5 sessions): MSFT rose 1.20 %. Went right: ..."
 */
export function offlineExtendedReflection(input: ExtendedReflectionInput): ExtendedReflection {
  return { summary_reason: renderWeek(explainWeek(input)) };
}

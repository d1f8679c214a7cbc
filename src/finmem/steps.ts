/**
 * The steps of one FinMem trading day (loop.ts runs them in order; the module
 * comment there lists them): store the inputs that became known, retrieve,
 * reflect, store the reflection, act, give feedback, reflect over the
 * tracking window. Each step reads data only through the point-in-time view
 * it is given, except the training label (the next close, by design).
 */
import { priceBasisNote, shownPriceOn, type PointInTimeView, type PriceBasis } from "../data/index";
import type { Model } from "../llm/index";
import type { Embedder } from "../text/index";
import { LAYERS, type Layer } from "./constants";
import type { LayeredMemory } from "./memory";
import { latestClose } from "./prices";
import { recentCumulativeReturn, riskInstruction, type RiskState } from "./profile";
import type { ProfileSchedule } from "./profile-schedule";
import type { ReflectionInputBase, ShownMemories, TestReflectionInput } from "./reflection-io";
import type { ToneBaseline, ToneTracker } from "./offline/tone";
import type { FinMemTasks } from "./tasks";
import { InvalidAnswerError, type FinMemGap } from "./gaps";
import type { DayRecord, FinMemLoopOptions, Phase } from "./loop-types";
import { embedEach, embedOne } from "./vectors";
import {
  extendedReflection,
  noCitations,
  summariseInputs,
  testReflection,
  trainObservation,
  trainReflection,
  type RawInput,
  type ReflectionOutcome,
} from "./working-memory";

/** What a run fixes before its first day. */
export interface RunSetup {
  o: FinMemLoopOptions;
  model: Model;
  /** The tasks of the run's prompt set (`promptDir`, else the built-in set of `prompts`). */
  tasks: FinMemTasks;
  embedder: Embedder;
  concurrency: number;
  /** The profile (and its embedding, the retrieval query) of each day. */
  profiles: ProfileSchedule;
  memory: LayeredMemory;
  /** The trading day after each price date known as of testEnd (where a training label is read). */
  nextDateOf: ReadonlyMap<string, string>;
  /** Opens the view of a later session: only the training label may use it. */
  labelView(date: string): PointInTimeView;
  /** How price levels are stated in prompts (as traded, adjusted as of a date, or rebased). */
  priceBasis: PriceBasis;
}

/** What the run carries from one day to the next. */
export interface LoopState {
  /** The last processed session: records that became known after it and by today are new. */
  lastSeen: string;
  /** Index of the day in the run (0 = first day), the tone tracker's clock. */
  dayIndex: number;
  phase: Phase | null;
  /** Records of the current phase so far (feedback and extended reflection look back over them). */
  phaseDays: DayRecord[];
  /** Position held after each day of the phase (see feedbackPosition). */
  positions: number[];
  risk: RiskState;
  tones: ToneTracker;
  invalidOutputs: number;
  repairedOutputs: number;
  droppedCitations: number;
  eventsStored: number;
  /** Answers the run went on without (gaps.ts), in the order they happened. */
  gaps: FinMemGap[];
}

/**
 * The text of a news item: headline and summary together when both exist
 * (synthetic and GDELT-style items carry the tone in either), else whichever exists.
 *
 * @example
 * newsText({ headline: "Alta rallies", summary: "Alta closed up 3%." }); // "Alta rallies. Alta closed up 3%."
 */
export function newsText(n: { headline: string | null; summary: string | null }): string {
  const h = (n.headline ?? "").trim();
  const s = (n.summary ?? "").trim();
  if (h && s) return `${/[.!?]$/.test(h) ? h : `${h}.`} ${s}`;
  return h || s;
}

/**
 * News (capped at maxNewsPerDay, in the order they became known) and
 * non-empty filings that became known after session `since` and by the
 * view's close; each keeps its own date.
 */
export function newInputs(view: PointInTimeView, o: Pick<FinMemLoopOptions, "ticker" | "maxNewsPerDay">, since: string): RawInput[] {
  const raw: RawInput[] = [];
  let news = view.news(o.ticker, since);
  if (o.maxNewsPerDay > 0) news = news.slice(0, o.maxNewsPerDay);
  for (const n of news) {
    const text = newsText(n);
    if (text) raw.push({ kind: "news", date: n.date, text });
  }
  for (const f of view.filings(o.ticker, since)) if (f.text.trim()) raw.push({ kind: f.form, date: f.date, text: f.text });
  return raw;
}

/**
 * Step 2: summarise the day's new inputs, embed them, add them to their
 * layers and their tones to the base rates; returns how many were stored. A
 * summary that stays invalid stops the run (onInvalid = fail, saying how to
 * resume) or stores nothing for that input and is a gap (skip).
 */
export async function storeInputs(setup: RunSetup, state: LoopState, view: PointInTimeView, phase: Phase): Promise<number> {
  const { o, memory } = setup;
  const raw = newInputs(view, o, state.lastSeen);
  state.lastSeen = view.date;
  const summarize = setup.tasks.summarize;
  const { events, failures } = await summariseInputs(setup.model, o.ticker, view.date, raw, setup.concurrency, o.summarySentences, summarize);
  const first = failures[0];
  if (first && o.onInvalid === "fail") throw new InvalidAnswerError(view.date, first.input.kind, first.input.date, first.error);
  for (const f of failures) {
    const what = f.input.kind === "news" ? "news item" : `${f.input.kind} filing`;
    const error = f.error.validationError || f.error.message;
    state.gaps.push({ date: view.date, phase, task: summarize.name, error, outcome: `no memory stored for the ${what} dated ${f.input.date}` });
  }
  const texts = events.map((e) => e.text);
  const vectors = events.length ? await embedEach(setup.embedder, texts, "events") : [];
  // embedEach returns one vector per event.
  events.forEach((e, i) => {
    memory.add({ text: e.text, embedding: vectors[i]!, layer: e.layer, date: e.date, kind: e.kind });
    state.tones.add(state.dayIndex, e.kind, e.text);
  });
  state.eventsStored += events.length;
  return events.length;
}

/** What the reflection of a day is given. */
export interface ReflectionContext {
  date: string;
  close: number;
  profile: string;
  shown: ShownMemories;
  toneBase: ToneBaseline;
}

/** Step 4, training: explain the move to the next close (the label, read by design); a day without a next price holds. */
export async function trainStep(setup: RunSetup, day: ReflectionContext): Promise<ReflectionOutcome> {
  const { o } = setup;
  const next = setup.nextDateOf.get(day.date);
  if (next === undefined) {
    return { decision: "hold", reason: "no next-day price: no label", cited: noCitations(), valid: true, error: null, repaired: false, dropped: 0 };
  }
  const labelSeries = setup.labelView(next).prices(o.ticker);
  const labelClose = latestClose(labelSeries.adjClose, o.ticker, next);
  const shown = { close: shownPriceOn(setup.priceBasis, labelSeries, day.date), nextClose: shownPriceOn(setup.priceBasis, labelSeries, next) };
  return trainReflection(
    setup.model,
    {
      ...reflectionBase(setup, day),
      move: trainObservation(day.close, labelClose),
      shownPrices: { ...shown, basis: priceBasisNote(setup.priceBasis) },
    },
    setup.tasks.trainReflection,
  );
}

/** What both reflections are given about the day. */
function reflectionBase(setup: RunSetup, day: ReflectionContext): ReflectionInputBase {
  return {
    ticker: setup.o.ticker,
    date: day.date,
    profile: day.profile,
    memories: day.shown,
    toneBase: day.toneBase,
    invalidCitations: setup.o.invalidCitations,
  };
}

/** Step 4, test: decide from memories, momentum and the risk inclination (no future data). */
export async function testStep(
  setup: RunSetup,
  day: ReflectionContext,
  risk: RiskState,
  momentum: TestReflectionInput["momentum"],
): Promise<ReflectionOutcome> {
  const { o } = setup;
  return testReflection(
    setup.model,
    {
      ...reflectionBase(setup, day),
      wording: o.prompts,
      risk: { mode: o.riskMode, state: risk, instruction: riskInstruction(risk, o.riskMode) },
      momentum,
    },
    setup.tasks.testReflection,
  );
}

/** Step 5: a valid reflection's reason joins the reflection layer (and the reflections' tone base). */
export async function storeReflection(setup: RunSetup, state: LoopState, date: string, outcome: ReflectionOutcome): Promise<void> {
  if (!(outcome.valid && outcome.reason)) return;
  const embedding = await embedOne(setup.embedder, outcome.reason, "reflection");
  setup.memory.add({ text: outcome.reason, embedding, layer: "reflection", date, kind: "reflection" });
  state.tones.add(state.dayIndex, "reflection", outcome.reason);
}

/**
 * Step 7: once the phase has W earlier days, the sign of the P&L of the
 * positions over the last W days, sum_{u=t-W}^{t-1} position_u (P_{u+1} -
 * P_u), moves the access counters of the ids cited on the first of them (a
 * zero P&L changes nothing).
 */
export function giveFeedback(setup: RunSetup, state: LoopState, record: DayRecord): void {
  const W = setup.o.feedbackWindow;
  const j = record.phaseDay;
  if (!(W > 0 && j >= W)) return;
  const { phaseDays, positions } = state;
  let pnl = 0;
  // u + 1 <= j < phaseDays.length = positions.length (today's record and position are in).
  for (let u = j - W; u < j; u++) pnl += positions[u]! * (phaseDays[u + 1]!.close - phaseDays[u]!.close);
  const source = phaseDays[j - W]!;
  const ids = LAYERS.flatMap((l) => source.cited[l]);
  const sign = pnl > 0 ? 1 : pnl < 0 ? -1 : 0;
  const changed = setup.memory.feedback(ids, sign);
  record.feedback = { sign, sourceDate: source.date, ids: changed, pnl };
}

/** Step 8: every N days of a phase, review the last N decisions against the market and store the review (deep layer by default, as the paper). */
export async function extendedReflectionStep(setup: RunSetup, state: LoopState, record: DayRecord, closes: Float64Array, profile: string): Promise<void> {
  const N = setup.o.extendedReflectionEvery;
  const j = record.phaseDay;
  if (!(N > 0 && (j + 1) % N === 0)) return;
  // (j + 1) % N === 0 with j >= 0 means j + 1 >= N: the window holds exactly N days.
  const window = state.phaseDays.slice(j + 1 - N);
  const { lesson: text, error } = await extendedReflection(
    setup.model,
    {
      ticker: setup.o.ticker,
      date: record.date,
      profile,
      windowStart: window[0]!.date,
      windowEnd: record.date,
      marketLogChange: recentCumulativeReturn(closes, N),
      records: window.map((d, k) => ({
        date: d.date,
        decision: d.decision,
        reason: d.reason,
        nextDayLogChange: k + 1 < window.length ? Math.log(window[k + 1]!.close / d.close) : null,
      })),
    },
    setup.tasks.extendedReflection,
  );
  if (text === null) {
    state.gaps.push({ date: record.date, phase: record.phase, task: setup.tasks.extendedReflection.name, error, outcome: "no lesson stored" });
    return;
  }
  if (!text) return;
  const embedding = await embedOne(setup.embedder, text, "extended reflection");
  const layer: Layer = setup.o.extendedReflectionLayer;
  setup.memory.add({ text, embedding, layer, date: record.date, kind: "extended-reflection" });
  state.tones.add(state.dayIndex, "extended-reflection", text);
  record.extendedReflection = text;
}

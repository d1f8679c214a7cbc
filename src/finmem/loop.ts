/**
 * The FinMem daily loop (Yu et al., arXiv 2311.13743; mechanics of the
 * authors' code as recorded in `../shared/papers/REFERENCE-NOTES.md`): a
 * training phase that fills and shapes memory with the next-day label
 * visible, then a test phase with no future data. Memory carries over from
 * training to testing; the position history used for feedback restarts.
 *
 * One trading day t (in this order):
 *   1. view = folder.asOf(t): the only window onto data for the decision;
 *   2. store: news and filings dated after the previous processed day and
 *      <= t are summarised and added (news -> shallow, 10-Q -> intermediate,
 *      10-K -> deep), then embedded;
 *   3. retrieve the top K events of each layer for the profile query;
 *   4. reflect (one LLM call): training: explain the move t -> t+1 (the label,
 *      read through folder.asOf(t+1)); the action is the label. Test: decide
 *      from memories, momentum (last M days) and the risk inclination;
 *      invalid output -> hold (counted);
 *   5. store the reflection's reason in the reflection layer;
 *   6. act: direction_t = +1 buy, -1 sell, 0 hold;
 *   7. feedback: once the phase has W (7) earlier days, the sign of the
 *      position's P&L over the last W days, sum_{u=t-W}^{t-1} position_u *
 *      (P_{u+1} - P_u) (prices <= t), moves the access counter of the ids
 *      cited by the reflection of day t-W (a zero P&L gives no feedback).
 *      position_u = direction_u by default (the position the metrics score);
 *      `feedbackPosition: "cumulative"` uses the authors' Portfolio instead,
 *      whose holding accumulates, position_u = sum_{v<=u} direction_v. (The
 *      authors' code also cites the reflection of date_series[-W], i.e. W-1
 *      trading days back, while its P&L window starts W days back; here the
 *      cited day is the first day of the P&L window, as the notes state.);
 *   8. every N days of a phase, an extended reflection reviews the last N
 *      reflections against the realised market and is stored in the
 *      reflection layer;
 *   9. memory.step(): decay, clean-up, promotion/demotion (see memory.ts);
 *  10. layer statistics are recorded.
 * The daily returns r_t = direction_t * ln(P_{t+1} / P_t) are computed after
 * the loop by `evaluate` (evaluation.ts; an observer's view, the agent never
 * sees P_{t+1} in test).
 *
 * Differences from the authors' code, kept on purpose: the training label of
 * a flat next day is "hold" here (the code acts -1 and skips the reflection);
 * the feedback history restarts with the test phase (the code reloads the
 * training checkpoint's portfolio, so its first test-day feedback can refer
 * to a training day); retrieval scores every alive event exactly (the code
 * merges a top-K-by-similarity and a top-K-by-recency+importance candidate
 * set and shuffles the result).
 *
 * Point-in-time guard: prices, news and filings are only read through
 * `DataFolder.asOf(day)`; the only later read is the training label (asOf(t+1)),
 * which the paper's training phase makes visible by design. The profile's
 * performance overview covers the training window (as in the paper), so it
 * is constant over the run and known before any test day.
 */
import type { DataFolder, PointInTimeView } from "../data/index";
import type { Model } from "../llm/index";
import type { Embedder } from "../text/index";
import type { Progress } from "../core/index";
import { deriveRng } from "../stats/index";
import { FINMEM_MEMORY_DEFAULTS, LAYERS, type Layer, type MemoryParams } from "./constants";
import { LayeredMemory, type LayerStats } from "./memory";
import { latestClose } from "./prices";
import { buildProfile, recentCumulativeReturn, riskInstruction, riskState, type Profile, type RiskMode, type RiskState } from "./profile";
import type { Decision, ShownMemories, TestReflectionInput } from "./tasks";
import {
  extendedReflection,
  momentumObservation,
  noCitations,
  showMemories,
  summariseInputs,
  testReflection,
  trainObservation,
  trainReflection,
  type RawInput,
  type ReflectionOutcome,
} from "./working-memory";

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
  /** Position whose P&L drives feedback: "direction" (direction_t, default) or "cumulative" (the code's accumulating holding). */
  feedbackPosition: "direction" | "cumulative";
  /** Extended reflection every N trading days of a phase (0 = off). */
  extendedReflectionEvery: number;
  memory: MemoryParams;
  /** Sentences kept by summaries (news / filings). */
  summarySentences: { news: number; filing: number };
  /** Cap on news items summarised per day (0 = all), for cost control with real models. */
  maxNewsPerDay: number;
}

export const DEFAULT_LOOP_OPTIONS: Omit<FinMemLoopOptions, "ticker" | "trainStart" | "trainEnd" | "testStart" | "testEnd"> = {
  topK: 5,
  riskMode: "adaptive",
  riskWindow: 3,
  momentumWindow: 3,
  feedbackWindow: 7,
  feedbackPosition: "direction",
  extendedReflectionEvery: 5,
  memory: FINMEM_MEMORY_DEFAULTS,
  summarySentences: { news: 2, filing: 4 },
  maxNewsPerDay: 0,
};

export interface FinMemLoopDeps {
  folder: DataFolder;
  model: Model;
  embedder: Embedder;
  seed: number;
  concurrency?: number;
  progress?: Progress;
  log?: (message: string) => void;
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
  riskState: RiskState;
  momentumSign: -1 | 0 | 1;
  /** Adjusted close on the day (known on the day). */
  close: number;
  newEvents: number;
  shownEvents: number;
  feedback: { sign: number; sourceDate: string; ids: number; pnl: number } | null;
  extendedReflection: string | null;
  /** Layer statistics at the end of the day (after the memory step). */
  layers: LayerStats[];
}

export interface FinMemLoopResult {
  options: FinMemLoopOptions;
  profile: Profile;
  days: DayRecord[];
  invalidOutputs: number;
  repairedOutputs: number;
  eventsStored: number;
  memory: LayeredMemory;
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

type Momentum = TestReflectionInput["momentum"];

const directionOf = (d: Decision): -1 | 0 | 1 => (d === "buy" ? 1 : d === "sell" ? -1 : 0);

/**
 * Trading days of the run: price dates in the train and test windows, known as of testEnd.
 *
 * @example
 * runCalendar(folder, windows)[0]; // { date: "2020-03-13", phase: "train" }
 */
export function runCalendar(
  folder: DataFolder,
  o: Pick<FinMemLoopOptions, "ticker" | "trainStart" | "trainEnd" | "testStart" | "testEnd">,
): Array<{ date: string; phase: Phase }> {
  const dates = folder.asOf(o.testEnd).prices(o.ticker).dates;
  const out: Array<{ date: string; phase: Phase }> = [];
  for (const d of dates) {
    if (d >= o.trainStart && d <= o.trainEnd) out.push({ date: d, phase: "train" });
    else if (d >= o.testStart && d <= o.testEnd) out.push({ date: d, phase: "test" });
  }
  return out;
}

function checkWindows(o: FinMemLoopOptions): void {
  const order = [o.trainStart, o.trainEnd, o.testStart, o.testEnd];
  if (!(o.trainStart <= o.trainEnd && o.trainEnd < o.testStart && o.testStart <= o.testEnd)) {
    throw new RangeError(`finmem: windows must satisfy trainStart <= trainEnd < testStart <= testEnd, got ${order.join(", ")}`);
  }
  if (!(Number.isInteger(o.topK) && o.topK >= 1)) throw new RangeError(`finmem: topK must be an integer >= 1, got ${o.topK}`);
}

/** What a run fixes before its first day. */
interface RunSetup {
  o: FinMemLoopOptions;
  folder: DataFolder;
  model: Model;
  embedder: Embedder;
  concurrency: number;
  profile: Profile;
  /** Embedding of the profile text: the retrieval query of every day. */
  query: Float32Array;
  memory: LayeredMemory;
  /** The trading day after each price date known as of testEnd (where a training label is read). */
  nextDateOf: ReadonlyMap<string, string>;
}

/** What the run carries from one day to the next. */
interface LoopState {
  /** The last processed day: inputs dated after it and up to today are new. */
  lastSeen: string;
  phase: Phase | null;
  /** Records of the current phase so far (feedback and extended reflection look back over them). */
  phaseDays: DayRecord[];
  /** Position held after each day of the phase (see feedbackPosition). */
  positions: number[];
  risk: RiskState;
  invalidOutputs: number;
  repairedOutputs: number;
  eventsStored: number;
}

/** The embedder's vectors for `texts`, checked to be one per text. */
async function embedEach(embedder: Embedder, texts: readonly string[], what: string): Promise<Float32Array[]> {
  const vectors = await embedder.embed(texts);
  if (vectors.length !== texts.length)
    throw new Error(`finmem: embedder ${embedder.id} returned ${vectors.length} of the ${texts.length} vectors asked for (${what})`);
  return vectors;
}

/** The embedder's vector for one text. */
async function embedOne(embedder: Embedder, text: string, what: string): Promise<Float32Array> {
  const [vector] = await embedEach(embedder, [text], what);
  if (vector === undefined) throw new Error(`finmem: embedder ${embedder.id} returned no vector for the ${what}`);
  return vector;
}

/**
 * Everything fixed before day one: the profile (from the training window,
 * read as of trainEnd) and its embedding as the query, the memory with its
 * seeded rng, the next-day map for training labels, and the day before the
 * first run day as the initial `lastSeen` (so the first day stores only its own inputs).
 */
async function prepareRun(o: FinMemLoopOptions, deps: FinMemLoopDeps, firstDate: string): Promise<{ setup: RunSetup; lastSeen: string }> {
  const { folder, embedder } = deps;
  const profileView = folder.asOf(o.trainEnd);
  const profile = buildProfile(o.ticker, profileView.tickerInfo(o.ticker), profileView.prices(o.ticker), o.trainStart, o.trainEnd);
  const query = await embedOne(embedder, profile.text, "profile");
  const memory = new LayeredMemory(deriveRng(deps.seed, "finmem", "memory", o.ticker), o.memory);
  const firstView = folder.asOf(firstDate).prices(o.ticker).dates;
  const lastSeen = firstView.length >= 2 ? firstView[firstView.length - 2]! : "";
  const allDates = folder.asOf(o.testEnd).prices(o.ticker).dates;
  const nextDateOf = new Map<string, string>();
  for (let i = 0; i + 1 < allDates.length; i++) nextDateOf.set(allDates[i]!, allDates[i + 1]!);
  const concurrency = Math.max(1, deps.concurrency ?? 4);
  return { setup: { o, folder, model: deps.model, embedder, concurrency, profile, query, memory, nextDateOf }, lastSeen };
}

/** News (capped at maxNewsPerDay) and non-empty filings dated after `since`, as known in `view`. */
function newInputs(view: PointInTimeView, o: FinMemLoopOptions, since: string): RawInput[] {
  const raw: RawInput[] = [];
  let news = view.news(o.ticker).filter((n) => n.date > since);
  if (o.maxNewsPerDay > 0) news = news.slice(0, o.maxNewsPerDay);
  for (const n of news) {
    const text = newsText(n);
    if (text) raw.push({ kind: "news", date: n.date, text });
  }
  for (const f of view.filings(o.ticker)) if (f.date > since && f.text.trim()) raw.push({ kind: f.form, date: f.date, text: f.text });
  return raw;
}

/** Step 2: summarise the day's new inputs, embed them and add them to their layers; returns how many events were stored. */
async function storeInputs(setup: RunSetup, state: LoopState, view: PointInTimeView, date: string): Promise<number> {
  const { o, memory } = setup;
  const raw = newInputs(view, o, state.lastSeen);
  state.lastSeen = date;
  const events = await summariseInputs(setup.model, o.ticker, date, raw, setup.concurrency, o.summarySentences);
  const vectors = events.length
    ? await embedEach(
        setup.embedder,
        events.map((e) => e.text),
        "events",
      )
    : [];
  // embedEach returns one vector per event.
  events.forEach((e, i) => memory.add({ text: e.text, embedding: vectors[i]!, layer: e.layer, date: e.date, kind: e.kind }));
  state.eventsStored += events.length;
  return events.length;
}

/** Step 4, training: explain the move to the next close (the label); a day without a next price holds. */
async function trainStep(setup: RunSetup, date: string, close: number, shown: ShownMemories): Promise<ReflectionOutcome> {
  const { o } = setup;
  const next = setup.nextDateOf.get(date);
  if (next === undefined) {
    return { decision: "hold", reason: "no next-day price: no label", cited: noCitations(), valid: true, error: null, repaired: false };
  }
  const labelClose = latestClose(setup.folder.asOf(next).prices(o.ticker).adjClose, o.ticker, next);
  const move = trainObservation(close, labelClose);
  return trainReflection(setup.model, { ticker: o.ticker, date, profile: setup.profile.text, memories: shown, move });
}

/** Step 4, test: decide from memories, momentum and the risk inclination (no future data). */
async function testStep(setup: RunSetup, date: string, shown: ShownMemories, risk: RiskState, momentum: Momentum): Promise<ReflectionOutcome> {
  const { o } = setup;
  return testReflection(setup.model, {
    ticker: o.ticker,
    date,
    profile: setup.profile.text,
    memories: shown,
    risk: { mode: o.riskMode, state: risk, instruction: riskInstruction(risk, o.riskMode) },
    momentum,
  });
}

/** Step 5: a valid reflection's reason joins the reflection layer. */
async function storeReflection(setup: RunSetup, date: string, outcome: ReflectionOutcome): Promise<void> {
  if (!(outcome.valid && outcome.reason)) return;
  const embedding = await embedOne(setup.embedder, outcome.reason, "reflection");
  setup.memory.add({ text: outcome.reason, embedding, layer: "reflection", date, kind: "reflection" });
}

/** What a day has produced by the time it acts. */
interface DayObservation {
  date: string;
  phase: Phase;
  outcome: ReflectionOutcome;
  momentum: Momentum;
  close: number;
  newEvents: number;
  shownEvents: number;
}

/** Step 6: act on the outcome (direction_t) and record the day and the position it leaves. */
function act(setup: RunSetup, state: LoopState, day: DayObservation): DayRecord {
  const { outcome } = day;
  const record: DayRecord = {
    date: day.date,
    phase: day.phase,
    phaseDay: state.phaseDays.length,
    decision: outcome.decision,
    direction: directionOf(outcome.decision),
    reason: outcome.reason,
    cited: outcome.cited,
    valid: outcome.valid,
    error: outcome.error,
    repaired: outcome.repaired,
    riskState: state.risk,
    momentumSign: day.momentum.sign,
    close: day.close,
    newEvents: day.newEvents,
    shownEvents: day.shownEvents,
    feedback: null,
    extendedReflection: null,
    layers: [],
  };
  state.phaseDays.push(record);
  const j = record.phaseDay;
  // positions holds one entry per earlier day of the phase, so j - 1 is in range when j > 0.
  const held = setup.o.feedbackPosition === "cumulative" ? (j > 0 ? state.positions[j - 1]! : 0) + record.direction : record.direction;
  state.positions.push(held);
  return record;
}

/**
 * Step 7: once the phase has W earlier days, the sign of the P&L of the
 * positions over the last W days moves the access counters of the ids cited
 * on the first of them (a zero P&L changes nothing).
 */
function giveFeedback(setup: RunSetup, state: LoopState, record: DayRecord): void {
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

/** Step 8: every N days of a phase, review the last N decisions against the market and store the review. */
async function extendedReflectionStep(setup: RunSetup, state: LoopState, record: DayRecord, closes: Float64Array): Promise<void> {
  const N = setup.o.extendedReflectionEvery;
  const j = record.phaseDay;
  if (!(N > 0 && (j + 1) % N === 0)) return;
  // (j + 1) % N === 0 with j >= 0 means j + 1 >= N: the window holds exactly N days.
  const window = state.phaseDays.slice(j + 1 - N);
  const text = await extendedReflection(setup.model, {
    ticker: setup.o.ticker,
    date: record.date,
    profile: setup.profile.text,
    windowStart: window[0]!.date,
    windowEnd: record.date,
    marketLogChange: recentCumulativeReturn(closes, N),
    records: window.map((d, k) => ({
      date: d.date,
      decision: d.decision,
      reason: d.reason,
      nextDayLogChange: k + 1 < window.length ? Math.log(window[k + 1]!.close / d.close) : null,
    })),
  });
  if (!text) return;
  const embedding = await embedOne(setup.embedder, text, "extended reflection");
  setup.memory.add({ text, embedding, layer: "reflection", date: record.date, kind: "extended-reflection" });
  record.extendedReflection = text;
}

/** One trading day, steps 1 to 10 of the module comment. */
async function runDay(setup: RunSetup, state: LoopState, date: string, phase: Phase): Promise<DayRecord> {
  const { o, memory } = setup;
  const view = setup.folder.asOf(date);
  const closes = view.prices(o.ticker).adjClose;
  const close = latestClose(closes, o.ticker, date);
  const newEvents = await storeInputs(setup, state, view, date);
  const shown = showMemories(memory.retrieve(setup.query, o.topK));
  const shownEvents = LAYERS.reduce((a, l) => a + shown[l].length, 0);
  state.risk = riskState(o.riskMode, recentCumulativeReturn(closes, o.riskWindow), state.risk);
  const momentum = momentumObservation(closes, o.momentumWindow);
  const outcome = phase === "train" ? await trainStep(setup, date, close, shown) : await testStep(setup, date, shown, state.risk, momentum);
  if (!outcome.valid) state.invalidOutputs++;
  if (outcome.repaired) state.repairedOutputs++;
  await storeReflection(setup, date, outcome);
  const record = act(setup, state, { date, phase, outcome, momentum, close, newEvents, shownEvents });
  giveFeedback(setup, state, record);
  await extendedReflectionStep(setup, state, record, closes);
  // 9-10: decay, clean-up and promotion, then the end-of-day layer statistics.
  memory.step();
  record.layers = memory.stats(setup.query);
  return record;
}

/**
 * Run FinMem over the training and test windows.
 *
 * @example
 * const folder = DataFolder.open("../shared/datasets");
 * const run = await runFinMem({ ...DEFAULT_LOOP_OPTIONS, ticker: "MSFT", trainStart: "2020-03-13", trainEnd: "2020-12-31",
 *   testStart: "2021-01-01", testEnd: "2021-05-06" }, { folder, model, embedder: new HashingEmbedder(), seed: 7 });
 * run.days.filter((d) => d.phase === "test").map((d) => d.decision);
 */
export async function runFinMem(options: FinMemLoopOptions, deps: FinMemLoopDeps): Promise<FinMemLoopResult> {
  checkWindows(options);
  const o = options;
  const log = deps.log ?? (() => {});
  const calendar = runCalendar(deps.folder, o);
  const first = calendar[0];
  if (first === undefined) throw new RangeError(`finmem: no trading days of ${o.ticker} in ${o.trainStart}..${o.testEnd}`);
  const { setup, lastSeen } = await prepareRun(o, deps, first.date);
  const state: LoopState = {
    lastSeen,
    phase: null,
    phaseDays: [],
    positions: [],
    risk: o.riskMode === "adaptive" ? "seeking" : o.riskMode,
    invalidOutputs: 0,
    repairedOutputs: 0,
    eventsStored: 0,
  };
  const days: DayRecord[] = [];
  deps.progress?.start(`finmem ${o.ticker}`, calendar.length);
  for (const { date, phase } of calendar) {
    if (phase !== state.phase) {
      // Memory carries over into the test phase; the position history used for feedback restarts.
      state.phase = phase;
      state.phaseDays = [];
      state.positions = [];
      log(`finmem: ${phase} phase from ${date}`);
    }
    days.push(await runDay(setup, state, date, phase));
    deps.progress?.tick();
  }
  deps.progress?.done();
  const { invalidOutputs, repairedOutputs, eventsStored } = state;
  return { options: o, profile: setup.profile, days, invalidOutputs, repairedOutputs, eventsStored, memory: setup.memory };
}

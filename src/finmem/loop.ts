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
import type { DataFolder, PriceSeries } from "../data/index";
import type { Model } from "../llm/index";
import type { Embedder } from "../text/index";
import type { Progress } from "../core/index";
import { deriveRng } from "../stats/index";
import { FINMEM_MEMORY_DEFAULTS, LAYERS, type Layer, type MemoryParams } from "./constants";
import { LayeredMemory, type LayerStats } from "./memory";
import { buildProfile, recentCumulativeReturn, riskInstruction, riskState, type Profile, type RiskMode, type RiskState } from "./profile";
import type { Decision } from "./tasks";
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
  const { folder, model, embedder } = deps;
  const log = deps.log ?? (() => {});
  const concurrency = Math.max(1, deps.concurrency ?? 4);
  const calendar = runCalendar(folder, o);
  if (calendar.length === 0) throw new RangeError(`finmem: no trading days of ${o.ticker} in ${o.trainStart}..${o.testEnd}`);

  const profileView = folder.asOf(o.trainEnd);
  const profile = buildProfile(o.ticker, profileView.tickerInfo(o.ticker), profileView.prices(o.ticker), o.trainStart, o.trainEnd);
  const [query] = await embedder.embed([profile.text]);
  const memory = new LayeredMemory(deriveRng(deps.seed, "finmem", "memory", o.ticker), o.memory);

  const firstView = folder.asOf(calendar[0]!.date).prices(o.ticker).dates;
  let lastSeen = firstView.length >= 2 ? firstView[firstView.length - 2]! : "";
  const allDates = folder.asOf(o.testEnd).prices(o.ticker).dates;
  const nextDateOf = new Map<string, string>();
  for (let i = 0; i + 1 < allDates.length; i++) nextDateOf.set(allDates[i]!, allDates[i + 1]!);

  const days: DayRecord[] = [];
  let phaseDays: DayRecord[] = [];
  /** Position held after each day of the phase (see feedbackPosition). */
  let positions: number[] = [];
  let currentPhase: Phase | null = null;
  let risk: RiskState = o.riskMode === "adaptive" ? "seeking" : o.riskMode;
  let invalidOutputs = 0,
    repairedOutputs = 0,
    eventsStored = 0;
  deps.progress?.start(`finmem ${o.ticker}`, calendar.length);

  for (const { date, phase } of calendar) {
    if (phase !== currentPhase) {
      currentPhase = phase;
      phaseDays = [];
      positions = [];
      log(`finmem: ${phase} phase from ${date}`);
    }
    const view = folder.asOf(date);
    const series: PriceSeries = view.prices(o.ticker);
    const closes = series.adjClose;
    const close = closes[closes.length - 1]!;

    // 2. store new inputs
    const raw: RawInput[] = [];
    let news = view.news(o.ticker).filter((n) => n.date > lastSeen);
    if (o.maxNewsPerDay > 0) news = news.slice(0, o.maxNewsPerDay);
    for (const n of news) {
      const text = newsText(n);
      if (text) raw.push({ kind: "news", date: n.date, text });
    }
    for (const f of view.filings(o.ticker)) if (f.date > lastSeen && f.text.trim()) raw.push({ kind: f.form, date: f.date, text: f.text });
    lastSeen = date;
    const events = await summariseInputs(model, o.ticker, date, raw, concurrency, o.summarySentences);
    const vectors = events.length ? await embedder.embed(events.map((e) => e.text)) : [];
    events.forEach((e, i) => memory.add({ text: e.text, embedding: vectors[i]!, layer: e.layer, date: e.date, kind: e.kind }));
    eventsStored += events.length;

    // 3. retrieve
    const shown = showMemories(memory.retrieve(query!, o.topK));
    const shownEvents = LAYERS.reduce((a, l) => a + shown[l].length, 0);

    // 4. reflect
    risk = riskState(o.riskMode, recentCumulativeReturn(closes, o.riskWindow), risk);
    const momentum = momentumObservation(closes, o.momentumWindow);
    let outcome: ReflectionOutcome;
    if (phase === "train") {
      const next = nextDateOf.get(date);
      if (next === undefined) {
        outcome = { decision: "hold", reason: "no next-day price: no label", cited: noCitations(), valid: true, error: null, repaired: false };
      } else {
        const labelSeries = folder.asOf(next).prices(o.ticker).adjClose;
        const move = trainObservation(close, labelSeries[labelSeries.length - 1]!);
        outcome = await trainReflection(model, { ticker: o.ticker, date, profile: profile.text, memories: shown, move });
      }
    } else {
      outcome = await testReflection(model, {
        ticker: o.ticker,
        date,
        profile: profile.text,
        memories: shown,
        risk: { mode: o.riskMode, state: risk, instruction: riskInstruction(risk, o.riskMode) },
        momentum,
      });
    }
    if (!outcome.valid) invalidOutputs++;
    if (outcome.repaired) repairedOutputs++;

    // 5. the reflection's reason joins the reflection layer
    if (outcome.valid && outcome.reason) {
      const [v] = await embedder.embed([outcome.reason]);
      memory.add({ text: outcome.reason, embedding: v!, layer: "reflection", date, kind: "reflection" });
    }

    // 6. act
    const record: DayRecord = {
      date,
      phase,
      phaseDay: phaseDays.length,
      decision: outcome.decision,
      direction: directionOf(outcome.decision),
      reason: outcome.reason,
      cited: outcome.cited,
      valid: outcome.valid,
      error: outcome.error,
      repaired: outcome.repaired,
      riskState: risk,
      momentumSign: momentum.sign,
      close,
      newEvents: events.length,
      shownEvents,
      feedback: null,
      extendedReflection: null,
      layers: [],
    };
    phaseDays.push(record);
    const j = record.phaseDay;
    positions.push(o.feedbackPosition === "cumulative" ? (j > 0 ? positions[j - 1]! : 0) + record.direction : record.direction);

    // 7. feedback on the ids cited W days earlier
    const W = o.feedbackWindow;
    if (W > 0 && j >= W) {
      let pnl = 0;
      for (let u = j - W; u < j; u++) pnl += positions[u]! * (phaseDays[u + 1]!.close - phaseDays[u]!.close);
      const source = phaseDays[j - W]!;
      const ids = LAYERS.flatMap((l) => source.cited[l]);
      const sign = pnl > 0 ? 1 : pnl < 0 ? -1 : 0;
      const changed = memory.feedback(ids, sign);
      record.feedback = { sign, sourceDate: source.date, ids: changed, pnl };
    }

    // 8. extended reflection over the tracking window
    const N = o.extendedReflectionEvery;
    if (N > 0 && (j + 1) % N === 0) {
      const window = phaseDays.slice(j + 1 - N);
      const text = await extendedReflection(model, {
        ticker: o.ticker,
        date,
        profile: profile.text,
        windowStart: window[0]!.date,
        windowEnd: date,
        marketLogChange: recentCumulativeReturn(closes, N),
        records: window.map((d, k) => ({
          date: d.date,
          decision: d.decision,
          reason: d.reason,
          nextDayLogChange: k + 1 < window.length ? Math.log(window[k + 1]!.close / d.close) : null,
        })),
      });
      if (text) {
        const [v] = await embedder.embed([text]);
        memory.add({ text, embedding: v!, layer: "reflection", date, kind: "extended-reflection" });
        record.extendedReflection = text;
      }
    }

    // 9-10. end of day
    memory.step();
    record.layers = memory.stats(query);
    days.push(record);
    deps.progress?.tick();
  }
  deps.progress?.done();
  return { options: o, profile, days, invalidOutputs, repairedOutputs, eventsStored, memory };
}

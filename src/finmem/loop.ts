/**
 * The FinMem daily loop (Yu et al., arXiv 2311.13743; mechanics of the
 * authors' code as recorded in `../shared/papers/REFERENCE-NOTES.md`): a
 * training phase that fills and shapes memory with the next-day label
 * visible, then a test phase with no future data. Memory carries over from
 * training to testing; the position history used for feedback restarts.
 *
 * One trading day t (in this order; the steps are in steps.ts):
 *   1. view = folder.asOf(t): prices up to t, and the news and filings known
 *      at t's close under the known-at rule (src/data/sessions.ts: a stamp
 *      at or after the 16:00 New York close counts for the next session; a
 *      date-only record on its own session, or the next one with
 *      dateOnly=next-session);
 *   2. store: the records that became known after the previous run day and
 *      by t's close are summarised and added (news -> shallow, 10-Q ->
 *      intermediate, 10-K -> deep), then embedded; each keeps its own date;
 *   3. retrieve the top K events of each layer for the day's profile query
 *      (profile-schedule.ts);
 *   4. reflect (one LLM call): training: explain the move t -> t+1 (the label,
 *      read through folder.asOf(t+1)); the action is the label. Test: decide
 *      from memories, momentum (last M days) and the risk inclination;
 *      an answer that stays invalid -> hold, or with invalidCitations=drop
 *      the ids not shown are dropped and counted; an invalid reflection is a
 *      gap (gaps.ts), as is a summary that stays invalid under onInvalid=skip
 *      (no memory stored; onInvalid=fail stops the run);
 *   5. store the reflection's reason in the reflection layer;
 *   6. act: direction_t = +1 buy, -1 sell, 0 hold;
 *   7. feedback: once the phase has W (7) earlier days, the sign of the
 *      position's P&L over the last W days, sum_{u=t-W}^{t-1} position_u *
 *      (P_{u+1} - P_u) (prices <= t), moves the access counter of the ids
 *      cited by the reflection of day t-W (a zero P&L gives no feedback).
 *      position_u is the authors' Portfolio holding by default, which
 *      accumulates: position_u = sum_{v<=u} direction_v (feedbackPosition =
 *      "cumulative"); "direction" uses direction_u, which in training (action
 *      = label) makes every P&L >= 0 and so every feedback positive. (The
 *      authors' code also cites the reflection of date_series[-W], i.e. W-1
 *      trading days back, while its P&L window starts W days back; here the
 *      cited day is the first day of the P&L window, as the notes state.);
 *   8. every N days of a phase, an extended reflection reviews the last N
 *      reflections against the realised market and is stored in the deep
 *      layer (the paper; extendedReflectionLayer=reflection keeps it with the
 *      daily reflections);
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
 * What a prompt can see: a test prompt holds nothing after its day. A
 * training prompt holds its label (the close of t+1) and, under the paper's
 * profileOverview=window, the training window's overview (closes up to
 * trainEnd); under profileOverview=asOf no close after t+1. The experiment
 * declares these reads (experiment.ts) and `consilium lookahead` checks them.
 */
import { priceBasisFor, splitTable, type DataFolder } from "../data/index";
import type { Model } from "../llm/index";
import type { Embedder } from "../text/index";
import type { Progress } from "../core/index";
import { deriveRng } from "../stats/index";
import { FINMEM_MEMORY_DEFAULTS, LAYERS } from "./constants";
import type { FinMemGap } from "./gaps";
import { LayeredMemory } from "./memory";
import { latestClose } from "./prices";
import { recentCumulativeReturn, riskState, type Profile } from "./profile";
import { profileSchedule } from "./profile-schedule";
import { extendedReflectionStep, giveFeedback, storeInputs, storeReflection, testStep, trainStep, type LoopState, type RunSetup } from "./steps";
import type { Decision, TestReflectionInput } from "./reflection-io";
import type { DayRecord, FinMemLoopOptions, Phase } from "./loop-types";
import { noMemoriesShown } from "./memory-ablation";
import { ToneTracker } from "./offline/tone";
import { resolveFinMemPrompts } from "./prompt-set";
import { finmemTasks } from "./tasks";
import { momentumObservation, showMemories, type ReflectionOutcome } from "./working-memory";

export const DEFAULT_LOOP_OPTIONS: Omit<FinMemLoopOptions, "ticker" | "trainStart" | "trainEnd" | "testStart" | "testEnd"> = {
  topK: 5,
  riskMode: "adaptive",
  riskWindow: 3,
  momentumWindow: 3,
  feedbackWindow: 7,
  feedbackPosition: "cumulative",
  extendedReflectionEvery: 5,
  extendedReflectionLayer: "deep",
  profileOverview: "window",
  prompts: "authors",
  promptDir: "",
  invalidCitations: "hold",
  onInvalid: "fail",
  memory: FINMEM_MEMORY_DEFAULTS,
  summarySentences: { news: 2, filing: 4 },
  maxNewsPerDay: 0,
  toneBaseWindow: 20,
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

export interface FinMemLoopResult {
  options: FinMemLoopOptions;
  /** The profile of the last day (the window profile on test days). */
  profile: Profile;
  days: DayRecord[];
  invalidOutputs: number;
  repairedOutputs: number;
  droppedCitations: number;
  eventsStored: number;
  /** Answers the run went on without: invalid reflections (holds), extended reflections and, under onInvalid=skip, summaries. */
  gaps: FinMemGap[];
  memory: LayeredMemory;
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

/**
 * Everything fixed before day one: the prompt set's tasks (a bad `promptDir`
 * fails here, naming the file and line), the profile schedule, the memory
 * with its seeded rng, the next-day map for training labels, and the session
 * before the first run day as the initial `lastSeen` (so the first day stores
 * what became known after it).
 */
function prepareRun(o: FinMemLoopOptions, deps: FinMemLoopDeps, firstDate: string): { setup: RunSetup; lastSeen: string } {
  const { folder, embedder } = deps;
  const tasks = finmemTasks(resolveFinMemPrompts({ prompts: o.prompts, promptDir: o.promptDir }));
  const memory = new LayeredMemory(deriveRng(deps.seed, "finmem", "memory", o.ticker), o.memory);
  const firstView = folder.asOf(firstDate).prices(o.ticker).dates;
  const lastSeen = firstView.length >= 2 ? firstView[firstView.length - 2]! : "";
  const allDates = folder.asOf(o.testEnd).prices(o.ticker).dates;
  const nextDateOf = new Map<string, string>();
  for (let i = 0; i + 1 < allDates.length; i++) nextDateOf.set(allDates[i]!, allDates[i + 1]!);
  const concurrency = Math.max(1, deps.concurrency ?? 4);
  // The experiment passes the basis (dated by the price file's last row); a caller that does not gets the folder's split table, else "adjusted as of" testEnd's last row.
  const priceBasis = o.priceBasis ?? priceBasisFor(o.ticker, folder.asOf(o.testEnd).prices(o.ticker), folder.dir ? splitTable(folder.dir) : null);
  const profiles = profileSchedule({ ...o, priceBasis }, folder, embedder);
  const labelView = (date: string) => folder.asOf(date);
  return { setup: { o, model: deps.model, tasks, embedder, concurrency, profiles, memory, nextDateOf, labelView, priceBasis }, lastSeen };
}

/** Step 6: act on the outcome (direction_t) and record the day and the position it leaves. */
function act(setup: RunSetup, state: LoopState, day: Omit<DayRecord, "phaseDay" | "direction" | "feedback" | "extendedReflection" | "layers">): DayRecord {
  const direction = directionOf(day.decision);
  const record: DayRecord = { ...day, phaseDay: state.phaseDays.length, direction, feedback: null, extendedReflection: null, layers: [] };
  state.phaseDays.push(record);
  const j = record.phaseDay;
  // positions holds one entry per earlier day of the phase, so j - 1 is in range when j > 0.
  const held = setup.o.feedbackPosition === "cumulative" ? (j > 0 ? state.positions[j - 1]! : 0) + direction : direction;
  state.positions.push(held);
  return record;
}

/** The day record's fields that come from the reflection outcome. */
function outcomeFields(outcome: ReflectionOutcome) {
  const { decision, reason, cited, valid, error, repaired, dropped } = outcome;
  return { decision, reason, cited, valid, error, repaired, droppedCitations: dropped };
}

/** One trading day, steps 1 to 10 of the module comment. */
async function runDay(setup: RunSetup, state: LoopState, deps: FinMemLoopDeps, date: string, phase: Phase): Promise<DayRecord> {
  const { o, memory } = setup;
  const view = deps.folder.asOf(date);
  const closes = view.prices(o.ticker).adjClose;
  const close = latestClose(closes, o.ticker, date);
  const newEvents = await storeInputs(setup, state, view, phase);
  const { profile, query } = await setup.profiles.profileFor(date, phase);
  const shown = o.ablate === "memory" ? noMemoriesShown() : showMemories(memory.retrieve(query, o.topK));
  const shownEvents = LAYERS.reduce((a, l) => a + shown[l].length, 0);
  state.risk = riskState(o.riskMode, recentCumulativeReturn(closes, o.riskWindow), state.risk);
  const momentum: Momentum = momentumObservation(closes, o.momentumWindow);
  const day = { date, close, profile: profile.prompt, shown, toneBase: state.tones.baseline(state.dayIndex) };
  const outcome = phase === "train" ? await trainStep(setup, day) : await testStep(setup, day, state.risk, momentum);
  if (!outcome.valid) {
    state.invalidOutputs++;
    const task = phase === "train" ? setup.tasks.trainReflection.name : setup.tasks.testReflection.name;
    state.gaps.push({
      date,
      phase,
      task,
      error: outcome.error ?? "",
      outcome: phase === "test" ? "hold with no exposure" : "the label's action, nothing cited",
    });
  }
  if (outcome.repaired) state.repairedOutputs++;
  state.droppedCitations += outcome.dropped;
  await storeReflection(setup, state, date, outcome);
  const record = act(setup, state, {
    date,
    phase,
    ...outcomeFields(outcome),
    riskState: state.risk,
    momentumSign: momentum.sign,
    close,
    newEvents,
    shownEvents,
    profileThrough: profile.overview?.end ?? null,
  });
  giveFeedback(setup, state, record);
  await extendedReflectionStep(setup, state, record, closes, profile.prompt);
  // 9-10: decay, clean-up and promotion, then the end-of-day layer statistics.
  memory.step();
  record.layers = memory.stats(query);
  state.dayIndex++;
  return record;
}

/**
 * Run FinMem over the training and test windows.
 *
 * @example
 * const folder = DataFolder.open("../shared/datasets");
 * const run = await runFinMem({ ...DEFAULT_LOOP_OPTIONS, ticker: "MSFT", trainStart: "2020-03-13", trainEnd: "2020-12-12",
 *   testStart: "2020-12-13", testEnd: "2021-04-12" }, { folder, model, embedder: new HashingEmbedder(), seed: 7 });
 * run.days.filter((d) => d.phase === "test").map((d) => d.decision);
 */
export async function runFinMem(options: FinMemLoopOptions, deps: FinMemLoopDeps): Promise<FinMemLoopResult> {
  checkWindows(options);
  const o = options;
  const log = deps.log ?? (() => {});
  const calendar = runCalendar(deps.folder, o);
  const first = calendar[0];
  if (first === undefined) throw new RangeError(`finmem: no trading days of ${o.ticker} in ${o.trainStart}..${o.testEnd}`);
  const { setup, lastSeen } = prepareRun(o, deps, first.date);
  const state: LoopState = {
    lastSeen,
    dayIndex: 0,
    phase: null,
    phaseDays: [],
    positions: [],
    risk: o.riskMode === "adaptive" ? "seeking" : o.riskMode,
    tones: new ToneTracker(o.toneBaseWindow),
    invalidOutputs: 0,
    repairedOutputs: 0,
    droppedCitations: 0,
    eventsStored: 0,
    gaps: [],
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
    days.push(await runDay(setup, state, deps, date, phase));
    deps.progress?.tick();
  }
  deps.progress?.done();
  const { invalidOutputs, repairedOutputs, droppedCitations, eventsStored, gaps } = state;
  return { options: o, profile: setup.profiles.latest(), days, invalidOutputs, repairedOutputs, droppedCitations, eventsStored, gaps, memory: setup.memory };
}

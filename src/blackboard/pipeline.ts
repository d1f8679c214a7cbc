/**
 * One ticker's thread for one decision date (Blackboard paper §3.1 and §4:
 * "each asset ... is assigned to a thread that coordinates multiple
 * specialized agents ... who communicate exclusively through a
 * schema-constrained blackboard"):
 *
 *   analysts (5 AnalysisReports)
 *   -> bull / bear cross-examination (DebateComments) -> research manager (FinalReport)
 *   -> trader with Chain-of-Alpha (TradeProposal)
 *   -> RiskAlerts -> aggressive / conservative / neutral debate (RiskDebateComments)
 *   -> RiskPosition + RiskRecommendation per manager -> judge (RiskAssessment)
 *
 * Every stage reads its inputs back from the blackboard by ticker, date and
 * type (the paper's "isolation via ticker-based message filtering"), and no
 * state is shared with other tickers' threads. Data comes only from
 * `data.asOf(date)`; the only earlier messages a thread reads are its own
 * ticker's FinalReports and RiskAssessments of the previous `historyDays`
 * calendar days (`Thread.history`: filtered by ticker, type and date window,
 * all stamped on earlier sessions, so nothing of the decision date's other
 * threads and nothing later).
 *
 * A thread runs in two phases so that top-k view filtering can rank the
 * tickers between them: `startThread` (the analysts) and `finishThread` (the
 * rest). Ablations drop a stage: ablate=debate (no bull/bear turns: the
 * manager weighs the analysts' evidence), alpha (the trader passes the
 * research view through, no chains), risk (no risk debate or judge: the
 * trader's proposal is the view, and no RiskAssessment is posted).
 */
import { type DataFolder, type PriceBasis, addDays } from "../data/index";
import { LlmOutputError, type Model } from "../llm/index";
import { researchBrief, riskBrief, type PastView, type RiskBrief } from "./agent-inputs";
import { passThroughProposal } from "./alpha";
import type { BoardTask } from "./board-task";
import { runDebate } from "./debate";
import { GAP_ANSWER_CHARS, InvalidAnswerError, type AnswerGap } from "./gaps";
import type { Blackboard } from "./log";
import {
  messageId,
  simulatedTimestamp,
  type AnalysisReport,
  type BlackboardMessage,
  type ContentByType,
  type DebateComment,
  type FinalReport,
  type Intent,
  type MessageType,
  type RiskAssessment,
  type RiskDebateComment,
  type RiskStance,
  type Role,
  type TradeProposal,
} from "./messages";
import { BUILTIN_TASKS, type BlackboardTasks } from "./tasks";
import { ToolBox, type AlphaFacts, type ToolCall } from "./tools";
import type { UsageMeter } from "./usage";

/** A stage a run leaves out (the "views" ablation runs no thread at all). */
export type ThreadAblation = "none" | "debate" | "risk" | "alpha";

export interface PipelineOptions {
  model: Model;
  seed: number;
  board: Blackboard;
  /** Rounds of the researcher debate (the paper: 2-3 per side). */
  debateRounds: number;
  /** Rounds of the risk debate (default: debateRounds). */
  riskRounds?: number;
  benchmarkTicker?: string;
  /** The basis of each ticker's price levels in the agents' data (as traded, adjusted as of a date, rebased); absent = the file's closes. */
  priceBasisOf?: (ticker: string) => PriceBasis;
  /** Stage to leave out (default none). */
  ablate?: ThreadAblation;
  /** Calendar days of this ticker's earlier FinalReports / RiskAssessments the thread reads (default 0). */
  historyDays?: number;
  /** Counts every model call (calls, prompt size, tokens). */
  usage?: UsageMeter;
  /** The agent tasks of the run's prompt set (default: the built-in "paper" set). */
  tasks?: BlackboardTasks;
  /**
   * An answer that stays invalid after the repair round: "fail" (default)
   * throws InvalidAnswerError; "skip" throws ThreadGapError, which carries
   * the gap and what the thread recorded, so the caller can leave the ticker
   * without a view and go on.
   */
  onInvalid?: "fail" | "skip";
}

/** One model call of the thread, for the trace (no latency: traces must be reproducible). */
export interface LlmCallRecord {
  seq: number;
  agent: string;
  task: string;
  model: string;
  cached: boolean;
  repaired: boolean;
}

/** What every thread leaves behind, finished or stopped after its analysts. */
export interface ThreadRecord {
  ticker: string;
  date: string;
  toolCalls: ToolCall[];
  llmCalls: LlmCallRecord[];
  messageIds: string[];
  /** Next free message sequence number of this (date, ticker) thread. */
  nextSeq: number;
}

export interface PipelineResult extends ThreadRecord {
  /** The risk judge's verdict; null when the risk layer is ablated. */
  assessment: RiskAssessment | null;
  report: FinalReport;
  proposal: TradeProposal;
}

/** A thread after its analysts: their reports are on the board. */
export interface StartedThread {
  ticker: string;
  /** Confidence-weighted mean analyst signal (in [-1, 1]), what top-k ranks by |signal|. */
  signal: number;
  /** The thread's state, for `finishThread` / `stopThread`. */
  readonly handle: unknown;
}

/**
 * A thread that stopped on an answer that stayed invalid (onInvalid = skip):
 * the gap, and what the thread recorded up to it (its messages stay on the
 * board; the next free sequence number keeps later messages of the thread
 * from reusing an id).
 *
 * @example
 * try { await finishThread(started); } catch (err) { if (err instanceof ThreadGapError) gaps.push(err.gap); }
 */
export class ThreadGapError extends Error {
  constructor(
    readonly gap: AnswerGap,
    readonly record: ThreadRecord,
    /** The other answers of the same step that stayed invalid too (the analysts run together), in thread order. */
    readonly alsoInvalid: readonly AnswerGap[] = [],
  ) {
    super(`blackboard: ${gap.agent} of ${gap.ticker} on ${gap.date}: ${gap.error}`);
    this.name = "ThreadGapError";
  }
}

/**
 * Every promise's value, in order, once all have settled; the first
 * rejection in order is rethrown (so which failure a run reports does not
 * depend on which call finished first, and nothing is still running).
 */
async function allInOrder<T>(promises: ReadonlyArray<Promise<T>>): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<T>).value);
}

/**
 * Posts messages of one (date, ticker) thread with deterministic ids,
 * simulated timestamps and sequence numbers.
 *
 * @example
 * const poster = new Poster(board, 7, "2025-01-02", "AAPL");
 * poster.post("market_analyst", "AnalysisReport", "inform", "all", report, null);
 */
export class Poster {
  readonly ids: string[] = [];
  constructor(
    readonly board: Blackboard,
    readonly seed: number,
    readonly date: string,
    readonly ticker: string,
    public seq = 0,
  ) {}

  post<T extends MessageType>(role: Role, type: T, intent: Intent, target: string, content: ContentByType[T], replyTo: string | null): BlackboardMessage<T> {
    const senderId = `${role}@${this.ticker}`;
    const message = {
      message_id: messageId(this.seed, this.date, this.ticker, senderId, this.seq),
      sender: { id: senderId, role },
      intent,
      type,
      target,
      timestamp: simulatedTimestamp(this.date, this.seq),
      ticker: this.ticker,
      content,
      reply_to: replyTo,
    } as BlackboardMessage<T>;
    this.seq++;
    const posted = this.board.post(message);
    this.ids.push(posted.message_id);
    return posted;
  }
}

const ANALYST_ROLES: Record<AnalysisReport["analyst"], Role> = {
  market: "market_analyst",
  news: "news_analyst",
  social: "social_analyst",
  fundamentals: "fundamentals_analyst",
  macro: "macro_analyst",
};

const RISK_ROLES: Record<RiskStance, Role> = {
  aggressive: "aggressive_risk_manager",
  neutral: "neutral_risk_manager",
  conservative: "conservative_risk_manager",
};

/**
 * The intent of a debate turn on the board: concede, else answer (it answers a
 * question), else ask, else argue.
 *
 * @example
 * turnIntent({ concedes: false, answer: "Margins held.", question: "Why?" }); // "answer"
 */
function turnIntent(turn: { concedes: boolean; answer?: string | null; question?: string | null }): Intent {
  return turn.concedes ? "concede" : turn.answer ? "answer" : turn.question ? "ask" : "argue";
}

/** The stances of the risk debate, in speaking order. */
const RISK_STANCES: readonly RiskStance[] = ["aggressive", "conservative", "neutral"];

/**
 * Run the full thread for `ticker` on `date` (see module doc): analysts,
 * research debate, trader, risk debate and judge, each step reading its
 * inputs back from the blackboard.
 *
 * @example
 * const res = await runTickerPipeline(data, "AAPL", "2025-01-02", { model, seed: 7, board, debateRounds: 2 });
 * res.assessment?.final_action; // "BUY" | "HOLD" | "SELL"
 */
export async function runTickerPipeline(data: DataFolder, ticker: string, date: string, options: PipelineOptions): Promise<PipelineResult> {
  return finishThread(await startThread(data, ticker, date, options));
}

/**
 * Phase 1 of a thread: the five analysts post their reports; returns the
 * confidence-weighted mean signal sum(signal x confidence) / sum(confidence)
 * (0 when every confidence is 0).
 *
 * @example
 * const started = await startThread(data, "AAPL", "2025-01-02", options);
 * Math.abs(started.signal); // what topK ranks by
 */
export async function startThread(data: DataFolder, ticker: string, date: string, options: PipelineOptions): Promise<StartedThread> {
  const thread = new Thread(data, ticker, date, options);
  const reports = await postAnalystReports(thread);
  const weight = reports.reduce((s, r) => s + r.confidence, 0);
  const signal = weight > 0 ? reports.reduce((s, r) => s + r.signal * r.confidence, 0) / weight : 0;
  return { ticker, signal, handle: thread };
}

/**
 * Phase 2: research debate (unless ablated), trader, risk debate and judge (unless ablated).
 *
 * @example
 * const result = await finishThread(await startThread(data, "AAPL", "2025-01-02", options));
 */
export async function finishThread(started: StartedThread): Promise<PipelineResult> {
  const thread = threadOf(started);
  const ablate = thread.options.ablate ?? "none";
  const { report, finalMsg } = await researchDebate(thread);
  const { proposal, proposalMsg, facts } = await tradeProposal(thread, finalMsg);
  let assessment: RiskAssessment | null = null;
  if (ablate !== "risk") {
    const brief = riskBrief(thread.ticker, thread.date, thread.latest("FinalReport"), thread.latest("TradeProposal"), facts, thread.history());
    const lastRiskMessageId = await riskDebate(thread, brief, proposalMsg);
    assessment = await riskJudgement(thread, brief, lastRiskMessageId, finalMsg);
  }
  return { ...stopThread(started), assessment, report, proposal };
}

/**
 * A thread stopped after its analysts (a ticker top-k did not retain): what it recorded.
 *
 * @example
 * stopThread(started).nextSeq; // 5: the five AnalysisReports
 */
export function stopThread(started: StartedThread): ThreadRecord {
  return threadOf(started).record();
}

function threadOf(started: StartedThread): Thread {
  if (!(started.handle instanceof Thread)) throw new TypeError(`blackboard: the thread of ${started.ticker} was not started by startThread`);
  return started.handle;
}

/** One (date, ticker) thread in progress: its tools, poster and model calls, shared by the steps. */
class Thread {
  readonly tools: ToolBox;
  readonly poster: Poster;
  readonly llmCalls: LlmCallRecord[] = [];
  readonly tasks: BlackboardTasks;

  constructor(
    data: DataFolder,
    readonly ticker: string,
    readonly date: string,
    readonly options: PipelineOptions,
  ) {
    this.tools = new ToolBox(data.asOf(date), ticker, options.benchmarkTicker ?? "SPY", options.priceBasisOf);
    this.poster = new Poster(options.board, options.seed, date, ticker);
    this.tasks = options.tasks ?? BUILTIN_TASKS;
  }

  /**
   * Run a task for `agent` and complete its answer into the board content,
   * recording the call in the order it was made (not the order it
   * finished). An answer that stays invalid throws InvalidAnswerError, or
   * with onInvalid = skip ThreadGapError.
   */
  async call<I, A, C>(agent: string, task: BoardTask<I, A, C>, input: I): Promise<C> {
    const seq = this.llmCalls.length;
    this.llmCalls.push({ seq, agent, task: task.name, model: "", cached: false, repaired: false });
    let res;
    try {
      res = await this.options.model.run(task, input);
    } catch (err) {
      if (!(err instanceof LlmOutputError)) throw err;
      const gap: AnswerGap = {
        date: this.date,
        ticker: this.ticker,
        agent,
        task: task.name,
        error: err.validationError || err.message,
        ...(err.lastOutput ? { answer: err.lastOutput.slice(0, GAP_ANSWER_CHARS) } : {}),
      };
      if ((this.options.onInvalid ?? "fail") === "fail") throw new InvalidAnswerError(gap, err);
      throw new ThreadGapError(gap, this.record());
    }
    this.llmCalls[seq] = { seq, agent, task: task.name, model: res.model, cached: res.cached, repaired: res.repaired };
    this.options.usage?.record(task, input, res);
    return task.complete(res.output, input);
  }

  /** What the thread recorded so far. */
  record(): ThreadRecord {
    return {
      ticker: this.ticker,
      date: this.date,
      toolCalls: this.tools.calls,
      llmCalls: this.llmCalls,
      messageIds: this.poster.ids,
      nextSeq: this.poster.seq,
    };
  }

  /**
   * This ticker's decisions of the previous `historyDays` calendar days, read
   * from the blackboard (ticker, type and date-window filter), oldest first.
   */
  history(): PastView[] {
    const days = this.options.historyDays ?? 0;
    if (days <= 0) return [];
    const messages = this.options.board.query<"FinalReport" | "RiskAssessment">({
      ticker: this.ticker,
      type: ["FinalReport", "RiskAssessment"],
      from: addDays(this.date, -days),
      to: addDays(this.date, -1),
    });
    const byDate = new Map<string, PastView>();
    for (const m of messages) {
      const date = m.timestamp.slice(0, 10);
      const view = byDate.get(date) ?? { date, research_view: null, research_confidence: null, final_action: null, final_confidence: null };
      if (m.type === "FinalReport") {
        view.research_view = m.content.view;
        view.research_confidence = m.content.confidence;
      } else {
        view.final_action = m.content.final_action;
        view.final_confidence = m.content.confidence;
      }
      byDate.set(date, view);
    }
    return [...byDate.values()];
  }

  /** This thread's messages of a type on the board (ticker and date filter: the paper's isolation). */
  fromThread<T extends MessageType>(type: T, role?: Role): Array<BlackboardMessage<T>> {
    return this.options.board.query<T>({ ticker: this.ticker, type, role, from: this.date, to: this.date });
  }

  /** Content of this thread's latest message of a type; throws when an earlier step did not post one. */
  latest<T extends MessageType>(type: T): ContentByType[T] {
    const message = this.fromThread(type).at(-1);
    if (!message) throw new Error(`blackboard: no ${type} of ${this.ticker} on ${this.date} on the board`);
    return message.content;
  }
}

/**
 * Step 1: the five analysts (independent: run concurrently, post in a fixed
 * order). When one answer stays invalid (onInvalid = skip), the others' valid
 * reports are still posted, in the same order, before the thread stops: what
 * the thread did before the gap stays on the board, as for a gap later in
 * the thread, instead of being dropped with it.
 */
async function postAnalystReports(thread: Thread): Promise<AnalysisReport[]> {
  const { tools, ticker, date, tasks } = thread;
  const snapshot = tools.indicators("market_analyst");
  const news = tools.news("news_analyst");
  const social = tools.social("social_analyst");
  const filings = tools.filings("fundamentals_analyst");
  const macro = tools.macro("macro_analyst");
  const week = addDays(date, -6);
  const settled = await Promise.allSettled([
    thread.call("market_analyst", tasks.marketAnalyst, { ticker, date, windowFrom: snapshot?.from ?? date, indicators: snapshot }),
    thread.call("news_analyst", tasks.newsAnalyst, { ticker, date, windowFrom: week, items: news }),
    thread.call("social_analyst", tasks.socialAnalyst, { ticker, date, windowFrom: week, items: social }),
    thread.call("fundamentals_analyst", tasks.fundamentalsAnalyst, { ticker, date, windowFrom: addDays(date, -400), filings }),
    thread.call("macro_analyst", tasks.macroAnalyst, { ticker, date, windowFrom: macro.benchmark?.indicators.from ?? date, macro }),
  ]);
  const failures = settled.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason as unknown);
  // Any other failure (transport, a bug) stops the run as before; only gaps keep the valid reports.
  const other = failures.find((reason) => !(reason instanceof ThreadGapError));
  if (other !== undefined) throw other;
  const reports = settled.filter((r): r is PromiseFulfilledResult<AnalysisReport> => r.status === "fulfilled").map((r) => r.value);
  for (const r of reports) thread.poster.post(ANALYST_ROLES[r.analyst], "AnalysisReport", "inform", "all", r, null);
  // Each gap's record was taken when its answer failed: take it again, with the reports just posted (and the next free
  // sequence number); every invalid analyst counts, not only the first.
  const gaps = (failures as ThreadGapError[]).map((f) => f.gap);
  if (gaps.length > 0) throw new ThreadGapError(gaps[0]!, thread.record(), gaps.slice(1));
  return reports;
}

/** Step 2: bull / bear cross-examination over the reports on the board (unless ablated), then the research manager's FinalReport. */
async function researchDebate(thread: Thread): Promise<{ report: FinalReport; finalMsg: BlackboardMessage<"FinalReport"> }> {
  const { poster, options } = thread;
  const brief = researchBrief(
    thread.ticker,
    thread.date,
    thread.fromThread("AnalysisReport").map((m) => m.content),
    thread.history(),
  );
  const debateMessages: Array<BlackboardMessage<"DebateComment">> = [];
  const debate = options.ablate === "debate" ? { rounds: 0, stopReason: "no_debate" as const } : await bullBearDebate(thread, brief, debateMessages);
  const report = await thread.call("research_manager", thread.tasks.researchManager, {
    brief,
    transcript: thread.fromThread("DebateComment").map((m) => m.content),
    rounds: debate.rounds,
    stopReason: debate.stopReason,
  });
  const finalMsg = poster.post("research_manager", "FinalReport", "summarize", "all", report, debateMessages.at(-1)?.message_id ?? null);
  return { report, finalMsg };
}

/** The bull / bear turns, each posted as it is made (into `debateMessages`). */
async function bullBearDebate(
  thread: Thread,
  brief: ReturnType<typeof researchBrief>,
  debateMessages: Array<BlackboardMessage<"DebateComment">>,
): Promise<{ rounds: number; stopReason: FinalReport["stop_reason"] }> {
  const { poster, options } = thread;
  return runDebate<DebateComment>({
    speakers: ["bull", "bear"],
    maxRounds: options.debateRounds,
    speak: async (side, round, transcript) => {
      const comment = await thread.call(`${side}_researcher`, thread.tasks.researcher, {
        brief,
        side: side as "bull" | "bear",
        round,
        maxRounds: options.debateRounds,
        transcript: transcript.slice(),
      });
      const msg = poster.post(
        side === "bull" ? "bull_researcher" : "bear_researcher",
        "DebateComment",
        turnIntent(comment),
        side === "bull" ? "bear_researcher" : "bull_researcher",
        comment,
        debateMessages.at(-1)?.message_id ?? null,
      );
      debateMessages.push(msg);
      return comment;
    },
    cited: (c) => c.cited_evidence,
    concedes: (c) => c.concedes,
  });
}

/** Step 3: the trader turns the latest FinalReport into a TradeProposal with Chain-of-Alpha over the risk facts. */
async function tradeProposal(
  thread: Thread,
  finalMsg: BlackboardMessage<"FinalReport">,
): Promise<{ proposal: TradeProposal; proposalMsg: BlackboardMessage<"TradeProposal">; facts: AlphaFacts | null }> {
  const facts = thread.tools.riskFacts("trader");
  const latestReport = thread.latest("FinalReport");
  const report = { view: latestReport.view, confidence: latestReport.confidence, score: latestReport.score, thesis: latestReport.thesis };
  // Without Chain-of-Alpha there is nothing for the trader to reason with: the view passes through (no model call).
  const proposal =
    thread.options.ablate === "alpha"
      ? passThroughProposal(report)
      : await thread.call("trader", thread.tasks.trader, { ticker: thread.ticker, date: thread.date, report, facts });
  const proposalMsg = thread.poster.post("trader", "TradeProposal", "propose", "risk_judge", proposal, finalMsg.message_id);
  return { proposal, proposalMsg, facts };
}

/** Step 4: RiskAlerts, then the aggressive / conservative / neutral debate; returns the id of its last message (null when none). */
async function riskDebate(thread: Thread, brief: RiskBrief, proposalMsg: BlackboardMessage<"TradeProposal">): Promise<string | null> {
  const { poster, options } = thread;
  for (const alert of brief.alerts) poster.post("conservative_risk_manager", "RiskAlert", "alert", "all", alert, proposalMsg.message_id);
  const riskRounds = options.riskRounds ?? options.debateRounds;
  const riskMessages: Array<BlackboardMessage<"RiskDebateComment">> = [];
  await runDebate<RiskDebateComment>({
    speakers: RISK_STANCES,
    maxRounds: riskRounds,
    speak: async (stance, round, transcript) => {
      const s = stance as RiskStance;
      const comment = await thread.call(RISK_ROLES[s], thread.tasks.riskManager, {
        brief,
        stance: s,
        round,
        maxRounds: riskRounds,
        transcript: transcript.slice(),
      });
      const msg = poster.post(
        RISK_ROLES[s],
        "RiskDebateComment",
        turnIntent(comment),
        "all",
        comment,
        riskMessages.at(-1)?.message_id ?? proposalMsg.message_id,
      );
      riskMessages.push(msg);
      return comment;
    },
    cited: (c) => c.cited_evidence,
    concedes: (c) => c.concedes,
    consensus: (roundTurns) => {
      const first = roundTurns[0];
      return first !== undefined && roundTurns.length === RISK_STANCES.length && roundTurns.every((t) => t.recommended_action === first.recommended_action);
    },
  });
  return riskMessages.at(-1)?.message_id ?? null;
}

/** Step 5: each manager's RiskPosition and RiskRecommendation, then the judge's RiskAssessment (the view for the optimizer). */
async function riskJudgement(
  thread: Thread,
  brief: RiskBrief,
  lastRiskMessageId: string | null,
  finalMsg: BlackboardMessage<"FinalReport">,
): Promise<RiskAssessment> {
  const { poster } = thread;
  const riskTranscript = thread.fromThread("RiskDebateComment").map((m) => m.content);
  const positions = await allInOrder(
    RISK_STANCES.map(async (stance) => ({
      stance,
      output: await thread.call(RISK_ROLES[stance], thread.tasks.riskPosition, { brief, stance, transcript: riskTranscript }),
    })),
  );
  for (const { stance, output } of positions) {
    const role = RISK_ROLES[stance];
    const pos = poster.post(role, "RiskPosition", "recommend", "risk_judge", output.position, lastRiskMessageId);
    poster.post(role, "RiskRecommendation", "recommend", "risk_judge", output.recommendation, pos.message_id);
  }
  const posted = thread.fromThread("RiskPosition").map((m) => m.content);
  const recs = thread.fromThread("RiskRecommendation").map((m) => m.content);
  const assessment = await thread.call("risk_judge", thread.tasks.riskJudge, {
    brief,
    transcript: riskTranscript,
    positions: posted.map((p) => ({ stance: p.stance, action: p.action, position_scale: recs.find((r) => r.stance === p.stance)?.position_scale ?? 1 })),
  });
  poster.post("risk_judge", "RiskAssessment", "assess", "portfolio_optimizer", assessment, finalMsg.message_id);
  return assessment;
}

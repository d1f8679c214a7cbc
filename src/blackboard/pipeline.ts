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
 * `data.asOf(date)`.
 */
import { type DataFolder, addDays } from "../data/index";
import type { Model, Task } from "../llm/index";
import { traderTask } from "./alpha";
import { fundamentalsAnalystTask, macroAnalystTask, marketAnalystTask, newsAnalystTask, socialAnalystTask } from "./analysts";
import { runDebate } from "./debate";
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
import { researchBrief, researcherTask, researchManagerTask } from "./researchers";
import { riskBrief, riskJudgeTask, riskManagerTask, riskPositionTask, type RiskBrief } from "./risk";
import { ToolBox, type AlphaFacts, type ToolCall } from "./tools";

export interface PipelineOptions {
  model: Model;
  seed: number;
  board: Blackboard;
  /** Rounds of the researcher debate (the paper: 2-3 per side). */
  debateRounds: number;
  /** Rounds of the risk debate (default: debateRounds). */
  riskRounds?: number;
  benchmarkTicker?: string;
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

export interface PipelineResult {
  ticker: string;
  date: string;
  assessment: RiskAssessment;
  report: FinalReport;
  proposal: TradeProposal;
  toolCalls: ToolCall[];
  llmCalls: LlmCallRecord[];
  messageIds: string[];
  /** Next free message sequence number of this (date, ticker) thread. */
  nextSeq: number;
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
 * res.assessment.final_action; // "BUY" | "HOLD" | "SELL"
 */
export async function runTickerPipeline(data: DataFolder, ticker: string, date: string, options: PipelineOptions): Promise<PipelineResult> {
  const thread = new Thread(data, ticker, date, options);
  await postAnalystReports(thread);
  const { report, finalMsg } = await researchDebate(thread);
  const { proposal, proposalMsg, facts } = await tradeProposal(thread, finalMsg);
  const brief = riskBrief(ticker, date, thread.latest("FinalReport"), thread.latest("TradeProposal"), facts);
  const lastRiskMessageId = await riskDebate(thread, brief, proposalMsg);
  const assessment = await riskJudgement(thread, brief, lastRiskMessageId, finalMsg);
  const { tools, llmCalls, poster } = thread;
  return { ticker, date, assessment, report, proposal, toolCalls: tools.calls, llmCalls, messageIds: poster.ids, nextSeq: poster.seq };
}

/** One (date, ticker) thread in progress: its tools, poster and model calls, shared by the steps. */
class Thread {
  readonly tools: ToolBox;
  readonly poster: Poster;
  readonly llmCalls: LlmCallRecord[] = [];

  constructor(
    data: DataFolder,
    readonly ticker: string,
    readonly date: string,
    readonly options: PipelineOptions,
  ) {
    this.tools = new ToolBox(data.asOf(date), ticker, options.benchmarkTicker ?? "SPY");
    this.poster = new Poster(options.board, options.seed, date, ticker);
  }

  /** Run a task for `agent`, recording the call in the order it was made (not the order it finished). */
  async call<I, O>(agent: string, task: Task<I, O>, input: I): Promise<O> {
    const seq = this.llmCalls.length;
    this.llmCalls.push({ seq, agent, task: task.name, model: "", cached: false, repaired: false });
    const res = await this.options.model.run(task, input);
    this.llmCalls[seq] = { seq, agent, task: task.name, model: res.model, cached: res.cached, repaired: res.repaired };
    return res.output;
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

/** Step 1: the five analysts (independent: run concurrently, post in a fixed order). */
async function postAnalystReports(thread: Thread): Promise<void> {
  const { tools, ticker, date } = thread;
  const snapshot = tools.indicators("market_analyst");
  const news = tools.news("news_analyst");
  const social = tools.social("social_analyst");
  const filings = tools.filings("fundamentals_analyst");
  const macro = tools.macro("macro_analyst");
  const week = addDays(date, -6);
  const reports = await Promise.all([
    thread.call("market_analyst", marketAnalystTask, { ticker, date, windowFrom: snapshot?.from ?? date, indicators: snapshot }),
    thread.call("news_analyst", newsAnalystTask, { ticker, date, windowFrom: week, items: news }),
    thread.call("social_analyst", socialAnalystTask, { ticker, date, windowFrom: week, items: social }),
    thread.call("fundamentals_analyst", fundamentalsAnalystTask, { ticker, date, windowFrom: addDays(date, -400), filings }),
    thread.call("macro_analyst", macroAnalystTask, { ticker, date, windowFrom: macro.benchmark?.indicators.from ?? date, macro }),
  ]);
  for (const r of reports) thread.poster.post(ANALYST_ROLES[r.analyst], "AnalysisReport", "inform", "all", r, null);
}

/** Step 2: bull / bear cross-examination over the reports on the board, then the research manager's FinalReport. */
async function researchDebate(thread: Thread): Promise<{ report: FinalReport; finalMsg: BlackboardMessage<"FinalReport"> }> {
  const { poster, options } = thread;
  const brief = researchBrief(
    thread.ticker,
    thread.date,
    thread.fromThread("AnalysisReport").map((m) => m.content),
  );
  const debateMessages: Array<BlackboardMessage<"DebateComment">> = [];
  const debate = await runDebate<DebateComment>({
    speakers: ["bull", "bear"],
    maxRounds: options.debateRounds,
    speak: async (side, round, transcript) => {
      const comment = await thread.call(`${side}_researcher`, researcherTask, {
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
  const report = await thread.call("research_manager", researchManagerTask, {
    brief,
    transcript: thread.fromThread("DebateComment").map((m) => m.content),
    rounds: debate.rounds,
    stopReason: debate.stopReason,
  });
  const finalMsg = poster.post("research_manager", "FinalReport", "summarize", "all", report, debateMessages.at(-1)?.message_id ?? null);
  return { report, finalMsg };
}

/** Step 3: the trader turns the latest FinalReport into a TradeProposal with Chain-of-Alpha over the risk facts. */
async function tradeProposal(
  thread: Thread,
  finalMsg: BlackboardMessage<"FinalReport">,
): Promise<{ proposal: TradeProposal; proposalMsg: BlackboardMessage<"TradeProposal">; facts: AlphaFacts | null }> {
  const facts = thread.tools.riskFacts("trader");
  const latestReport = thread.latest("FinalReport");
  const proposal = await thread.call("trader", traderTask, {
    ticker: thread.ticker,
    date: thread.date,
    report: { view: latestReport.view, confidence: latestReport.confidence, score: latestReport.score, thesis: latestReport.thesis },
    facts,
  });
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
      const comment = await thread.call(RISK_ROLES[s], riskManagerTask, { brief, stance: s, round, maxRounds: riskRounds, transcript: transcript.slice() });
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
  const positions = await Promise.all(
    RISK_STANCES.map(async (stance) => ({
      stance,
      output: await thread.call(RISK_ROLES[stance], riskPositionTask, { brief, stance, transcript: riskTranscript }),
    })),
  );
  for (const { stance, output } of positions) {
    const role = RISK_ROLES[stance];
    const pos = poster.post(role, "RiskPosition", "recommend", "risk_judge", output.position, lastRiskMessageId);
    poster.post(role, "RiskRecommendation", "recommend", "risk_judge", output.recommendation, pos.message_id);
  }
  const posted = thread.fromThread("RiskPosition").map((m) => m.content);
  const recs = thread.fromThread("RiskRecommendation").map((m) => m.content);
  const assessment = await thread.call("risk_judge", riskJudgeTask, {
    brief,
    transcript: riskTranscript,
    positions: posted.map((p) => ({ stance: p.stance, action: p.action, position_scale: recs.find((r) => r.stance === p.stance)?.position_scale ?? 1 })),
  });
  poster.post("risk_judge", "RiskAssessment", "assess", "portfolio_optimizer", assessment, finalMsg.message_id);
  return assessment;
}

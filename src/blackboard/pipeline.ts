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
import { riskBrief, riskJudgeTask, riskManagerTask, riskPositionTask } from "./risk";
import { ToolBox, type ToolCall } from "./tools";

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

/**
 * Run the full thread for `ticker` on `date` (see module doc).
 *
 * @example
 * const res = await runTickerPipeline(data, "AAPL", "2025-01-02", { model, seed: 7, board, debateRounds: 2 });
 * res.assessment.final_action; // "BUY" | "HOLD" | "SELL"
 */
export async function runTickerPipeline(data: DataFolder, ticker: string, date: string, options: PipelineOptions): Promise<PipelineResult> {
  const { model, board } = options;
  const view = data.asOf(date);
  const tools = new ToolBox(view, ticker, options.benchmarkTicker ?? "SPY");
  const poster = new Poster(board, options.seed, date, ticker);
  const llmCalls: LlmCallRecord[] = [];
  const call = async <I, O>(agent: string, task: Task<I, O>, input: I): Promise<O> => {
    const seq = llmCalls.length;
    llmCalls.push({ seq, agent, task: task.name, model: "", cached: false, repaired: false });
    const res = await model.run(task, input);
    llmCalls[seq] = { seq, agent, task: task.name, model: res.model, cached: res.cached, repaired: res.repaired };
    return res.output;
  };
  const fromThread = <T extends MessageType>(type: T, role?: Role) => board.query<T>({ ticker, type, role, from: date, to: date });

  // 1. Analysts (independent: run concurrently, post in a fixed order).
  const snapshot = tools.indicators("market_analyst");
  const news = tools.news("news_analyst");
  const social = tools.social("social_analyst");
  const filings = tools.filings("fundamentals_analyst");
  const macro = tools.macro("macro_analyst");
  const week = addDays(date, -6);
  const reports = await Promise.all([
    call("market_analyst", marketAnalystTask, { ticker, date, windowFrom: snapshot?.from ?? date, indicators: snapshot }),
    call("news_analyst", newsAnalystTask, { ticker, date, windowFrom: week, items: news }),
    call("social_analyst", socialAnalystTask, { ticker, date, windowFrom: week, items: social }),
    call("fundamentals_analyst", fundamentalsAnalystTask, { ticker, date, windowFrom: addDays(date, -400), filings }),
    call("macro_analyst", macroAnalystTask, { ticker, date, windowFrom: macro.benchmark?.indicators.from ?? date, macro }),
  ]);
  for (const r of reports) poster.post(ANALYST_ROLES[r.analyst], "AnalysisReport", "inform", "all", r, null);

  // 2. Researcher debate, from the reports on the board.
  const brief = researchBrief(
    ticker,
    date,
    fromThread("AnalysisReport").map((m) => m.content),
  );
  const debateMessages: Array<BlackboardMessage<"DebateComment">> = [];
  const debate = await runDebate<DebateComment>({
    speakers: ["bull", "bear"],
    maxRounds: options.debateRounds,
    speak: async (side, round, transcript) => {
      const comment = await call(`${side}_researcher`, researcherTask, {
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
  const report = await call("research_manager", researchManagerTask, {
    brief,
    transcript: fromThread("DebateComment").map((m) => m.content),
    rounds: debate.rounds,
    stopReason: debate.stopReason,
  });
  const finalMsg = poster.post("research_manager", "FinalReport", "summarize", "all", report, debateMessages.at(-1)?.message_id ?? null);

  // 3. Trader with Chain-of-Alpha.
  const facts = tools.riskFacts("trader");
  const latestReport = fromThread("FinalReport").at(-1)!.content;
  const proposal = await call("trader", traderTask, {
    ticker,
    date,
    report: { view: latestReport.view, confidence: latestReport.confidence, score: latestReport.score, thesis: latestReport.thesis },
    facts,
  });
  const proposalMsg = poster.post("trader", "TradeProposal", "propose", "risk_judge", proposal, finalMsg.message_id);

  // 4. Risk team.
  const rBrief = riskBrief(ticker, date, latestReport, fromThread("TradeProposal").at(-1)!.content, facts);
  for (const alert of rBrief.alerts) poster.post("conservative_risk_manager", "RiskAlert", "alert", "all", alert, proposalMsg.message_id);
  const riskRounds = options.riskRounds ?? options.debateRounds;
  const riskMessages: Array<BlackboardMessage<"RiskDebateComment">> = [];
  const stances: RiskStance[] = ["aggressive", "conservative", "neutral"];
  await runDebate<RiskDebateComment>({
    speakers: stances,
    maxRounds: riskRounds,
    speak: async (stance, round, transcript) => {
      const s = stance as RiskStance;
      const comment = await call(RISK_ROLES[s], riskManagerTask, { brief: rBrief, stance: s, round, maxRounds: riskRounds, transcript: transcript.slice() });
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
    consensus: (roundTurns) => roundTurns.length === stances.length && roundTurns.every((t) => t.recommended_action === roundTurns[0]!.recommended_action),
  });
  const riskTranscript = fromThread("RiskDebateComment").map((m) => m.content);
  const positions = await Promise.all(stances.map((s) => call(RISK_ROLES[s], riskPositionTask, { brief: rBrief, stance: s, transcript: riskTranscript })));
  positions.forEach((p, i) => {
    const role = RISK_ROLES[stances[i]!];
    const pos = poster.post(role, "RiskPosition", "recommend", "risk_judge", p.position, riskMessages.at(-1)?.message_id ?? null);
    poster.post(role, "RiskRecommendation", "recommend", "risk_judge", p.recommendation, pos.message_id);
  });
  const posted = fromThread("RiskPosition").map((m) => m.content);
  const recs = fromThread("RiskRecommendation").map((m) => m.content);
  const assessment = await call("risk_judge", riskJudgeTask, {
    brief: rBrief,
    transcript: riskTranscript,
    positions: posted.map((p) => ({ stance: p.stance, action: p.action, position_scale: recs.find((r) => r.stance === p.stance)?.position_scale ?? 1 })),
  });
  poster.post("risk_judge", "RiskAssessment", "assess", "portfolio_optimizer", assessment, finalMsg.message_id);

  return { ticker, date, assessment, report, proposal, toolCalls: tools.calls, llmCalls, messageIds: poster.ids, nextSeq: poster.seq };
}

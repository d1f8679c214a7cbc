/**
 * Typed blackboard messages (the third paper, §3.1 "Blackboard"): every
 * message is an envelope `{message_id, sender: {id, role}, intent, type,
 * target, timestamp, ticker, content, reply_to}` whose `content` follows the
 * zod schema of its `type`. Ids and timestamps are derived from the run seed
 * and the simulated decision date, never from the wall clock, so the same
 * seed always yields the same log.
 */
import { z } from "zod";
import { hashString32 } from "../stats/index";

/** Agent roles of the paper's four groups (analysts, researchers, risk, execution). */
export const ROLES = [
  "market_analyst",
  "news_analyst",
  "social_analyst",
  "fundamentals_analyst",
  "macro_analyst",
  "bull_researcher",
  "bear_researcher",
  "research_manager",
  "trader",
  "aggressive_risk_manager",
  "neutral_risk_manager",
  "conservative_risk_manager",
  "risk_judge",
  "portfolio_optimizer",
] as const;
export type Role = (typeof ROLES)[number];

export const MESSAGE_TYPES = [
  "AnalysisReport",
  "DebateComment",
  "FinalReport",
  "TradeProposal",
  "RiskDebateComment",
  "RiskPosition",
  "RiskRecommendation",
  "RiskAlert",
  "RiskAssessment",
  "TradeDecision",
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export const INTENTS = ["inform", "argue", "ask", "answer", "concede", "summarize", "propose", "recommend", "alert", "assess", "decide"] as const;
export type Intent = (typeof INTENTS)[number];

export const ACTIONS = ["BUY", "HOLD", "SELL"] as const;
export type Action = (typeof ACTIONS)[number];

const unit = z.number().min(0).max(1);
const signed = z.number().min(-1).max(1);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

/** One checkable piece of evidence an analyst puts on the board; debaters cite it by `id`. */
export const EvidenceSchema = z.object({
  id: z.string().min(1),
  claim: z.string().min(1),
  /** +1 supports a higher price, -1 a lower one, 0 neutral context. */
  direction: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  /** Strength in [0, 1]. */
  strength: unit,
  source: z.string().min(1),
  value: z.number().nullable().optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const ANALYSTS = ["market", "news", "social", "fundamentals", "macro"] as const;
export type AnalystKind = (typeof ANALYSTS)[number];

export const AnalysisReportSchema = z.object({
  analyst: z.enum(ANALYSTS),
  /** Net directional signal in [-1, 1]. */
  signal: signed,
  stance: z.enum(["bullish", "neutral", "bearish"]),
  confidence: unit,
  summary: z.string().min(1),
  evidence: z.array(EvidenceSchema),
  /** Raw numbers the analyst read (indicator values, sentiment means, counts). */
  metrics: z.record(z.string(), z.number()),
  /** Point-in-time window of the inputs. */
  window: z.object({ from: isoDate, to: isoDate }),
});
export type AnalysisReport = z.infer<typeof AnalysisReportSchema>;

export const DebateCommentSchema = z.object({
  side: z.enum(["bull", "bear"]),
  round: z.number().int().min(1),
  argument: z.string().min(1),
  /** Evidence ids (from the analyst reports) this comment relies on. */
  cited_evidence: z.array(z.string()),
  /** Cross-examination: the question put to the other side (null when none). */
  question: z.string().nullable(),
  /** Answer to the other side's last question (null on the opening turn). */
  answer: z.string().nullable(),
  /** The speaker accepts the other side's view: ends the debate on consensus. */
  concedes: z.boolean(),
  conviction: unit,
});
export type DebateComment = z.infer<typeof DebateCommentSchema>;

export const FinalReportSchema = z.object({
  view: z.enum(ACTIONS),
  confidence: unit,
  thesis: z.string().min(1),
  bull_case: z.array(z.string()),
  bear_case: z.array(z.string()),
  supporting_evidence: z.array(z.string()),
  /** Net weighted score of the cited evidence in [-1, 1]. */
  score: signed,
  debate_rounds: z.number().int().min(0),
  /** Why the debate ended; "no_debate" when the debate was ablated (ablate=debate). */
  stop_reason: z.enum(["max_rounds", "consensus", "no_new_evidence", "no_debate"]),
});
export type FinalReport = z.infer<typeof FinalReportSchema>;

/** One Chain-of-Alpha step: a statement and the indicator value it relies on (checkable). */
export const ChainStepSchema = z.object({
  statement: z.string().min(1),
  citation: z.object({
    indicator: z.string().min(1),
    date: isoDate,
    value: z.number(),
  }),
});
export type ChainStep = z.infer<typeof ChainStepSchema>;

export const ChainSchema = z.object({
  chain: z.enum(["volatility", "directional", "hedging"]),
  steps: z.array(ChainStepSchema).min(1),
  conclusion: z.string().min(1),
  /** Chain output: directional -> [-1, 1] tilt; volatility -> position scale; hedging -> hedge ratio. */
  value: z.number(),
});
export type Chain = z.infer<typeof ChainSchema>;

export const TradeProposalSchema = z.object({
  action: z.enum(ACTIONS),
  conviction: unit,
  /** Suggested scale of the position relative to the equilibrium weight (1 = unchanged). */
  size_scale: z.number().min(0).max(2),
  rationale: z.string().min(1),
  chains: z.array(ChainSchema),
});
export type TradeProposal = z.infer<typeof TradeProposalSchema>;

export const RISK_STANCES = ["aggressive", "neutral", "conservative"] as const;
export type RiskStance = (typeof RISK_STANCES)[number];

export const RiskDebateCommentSchema = z.object({
  stance: z.enum(RISK_STANCES),
  round: z.number().int().min(1),
  argument: z.string().min(1),
  cited_evidence: z.array(z.string()),
  question: z.string().nullable(),
  answer: z.string().nullable(),
  recommended_action: z.enum(ACTIONS),
  /** Scale applied to the proposal's size (0 = no position, 1 = as proposed). */
  position_scale: z.number().min(0).max(2),
  concedes: z.boolean(),
});
export type RiskDebateComment = z.infer<typeof RiskDebateCommentSchema>;

export const RiskPositionSchema = z.object({
  stance: z.enum(RISK_STANCES),
  action: z.enum(ACTIONS),
  confidence: z.enum(["Low", "Medium", "High"]),
  risk_level: z.enum(["Low", "Medium", "High"]),
  rationale: z.string().min(1),
});
export type RiskPosition = z.infer<typeof RiskPositionSchema>;

export const RiskRecommendationSchema = z.object({
  stance: z.enum(RISK_STANCES),
  actions: z.array(z.string().min(1)).min(1),
  priority: z.enum(["Low", "Medium", "High"]),
  position_scale: z.number().min(0).max(2),
});
export type RiskRecommendation = z.infer<typeof RiskRecommendationSchema>;

export const RiskAlertSchema = z.object({
  metric: z.enum(["volatility", "drawdown", "concentration", "data"]),
  value: z.number(),
  limit: z.number(),
  severity: z.enum(["Low", "Medium", "High"]),
  message: z.string().min(1),
});
export type RiskAlert = z.infer<typeof RiskAlertSchema>;

export const RiskAssessmentSchema = z.object({
  /** The view handed to Black-Litterman. */
  final_action: z.enum(ACTIONS),
  confidence: unit,
  risk_level: z.enum(["Low", "Medium", "High"]),
  /** Annualised volatility and drawdown the judge weighed. */
  volatility: z.number().min(0),
  drawdown: z.number().max(0),
  position_scale: z.number().min(0).max(2),
  rationale: z.string().min(1),
  votes: z.record(z.string(), z.enum(ACTIONS)),
});
export type RiskAssessment = z.infer<typeof RiskAssessmentSchema>;

export const TradeDecisionSchema = z.object({
  action: z.enum(ACTIONS),
  /** The absolute BL view q_i for this ticker; null when it has no view (the prior stands). */
  view_q: z.number().nullable(),
  confidence: unit,
  weight_before: z.number(),
  weight_after: z.number(),
  prior_return: z.number(),
  posterior_return: z.number(),
});
export type TradeDecision = z.infer<typeof TradeDecisionSchema>;

/** Content schema per message type. */
export const CONTENT_SCHEMAS = {
  AnalysisReport: AnalysisReportSchema,
  DebateComment: DebateCommentSchema,
  FinalReport: FinalReportSchema,
  TradeProposal: TradeProposalSchema,
  RiskDebateComment: RiskDebateCommentSchema,
  RiskPosition: RiskPositionSchema,
  RiskRecommendation: RiskRecommendationSchema,
  RiskAlert: RiskAlertSchema,
  RiskAssessment: RiskAssessmentSchema,
  TradeDecision: TradeDecisionSchema,
} as const;

export interface ContentByType {
  AnalysisReport: AnalysisReport;
  DebateComment: DebateComment;
  FinalReport: FinalReport;
  TradeProposal: TradeProposal;
  RiskDebateComment: RiskDebateComment;
  RiskPosition: RiskPosition;
  RiskRecommendation: RiskRecommendation;
  RiskAlert: RiskAlert;
  RiskAssessment: RiskAssessment;
  TradeDecision: TradeDecision;
}

/** Envelope without the typed content (the part every message shares). */
export const EnvelopeSchema = z.object({
  message_id: z.string().regex(/^m-[0-9a-f]{16}$/, "expected m- followed by 16 hex digits"),
  sender: z.object({ id: z.string().min(1), role: z.enum(ROLES) }),
  intent: z.enum(INTENTS),
  type: z.enum(MESSAGE_TYPES),
  /** Recipient role, or "all" for a broadcast. */
  target: z.string().min(1),
  timestamp: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/, "expected YYYY-MM-DDTHH:MM:SSZ"),
  ticker: z.string().min(1),
  content: z.unknown(),
  reply_to: z.string().nullable(),
});

/** A validated message; `content` is typed by `type`. */
export type BlackboardMessage<T extends MessageType = MessageType> = {
  [K in T]: Omit<z.infer<typeof EnvelopeSchema>, "type" | "content"> & { type: K; content: ContentByType[K] };
}[T];

export type MessageIssue = { field: string; message: string };

/**
 * Validate an unknown value as a blackboard message: the envelope, then the
 * content schema of its type. Returns the first issue with a dotted field
 * path (e.g. `content.confidence`) so that file readers can report
 * `file:line: field "content.confidence": ...`.
 *
 * @example
 * checkMessage({}).ok; // false, issue.field === "message_id"
 */
export function checkMessage(value: unknown): { ok: true; message: BlackboardMessage } | { ok: false; issue: MessageIssue } {
  const env = EnvelopeSchema.safeParse(value);
  if (!env.success) return { ok: false, issue: firstIssue(env.error, "") };
  const schema = CONTENT_SCHEMAS[env.data.type] as z.ZodType;
  const content = schema.safeParse(env.data.content);
  if (!content.success) return { ok: false, issue: firstIssue(content.error, "content") };
  return { ok: true, message: { ...env.data, content: content.data } as BlackboardMessage };
}

function firstIssue(error: z.ZodError, prefix: string): MessageIssue {
  const issue = error.issues[0];
  // A failed parse always carries an issue; should one ever come without, report the error as a whole.
  if (!issue) return { field: prefix === "" ? "(root)" : prefix, message: error.message };
  const path = [prefix, ...issue.path.map(String)].filter((p) => p !== "").join(".");
  return { field: path === "" ? "(root)" : path, message: issue.message };
}

/**
 * Deterministic message id: two FNV-1a hashes of
 * `seed|date|ticker|senderId|sequence` (with different salts) as 16 hex digits.
 *
 * @example
 * messageId(7, "2025-01-02", "AAPL", "market_analyst", 0); // "m-" + 16 hex digits, same every run
 */
export function messageId(seed: number, date: string, ticker: string, senderId: string, sequence: number): string {
  const key = `${seed}|${date}|${ticker}|${senderId}|${sequence}`;
  const a = hashString32(`a|${key}`).toString(16).padStart(8, "0");
  const b = hashString32(`b|${key}`).toString(16).padStart(8, "0");
  return `m-${a}${b}`;
}

/** Simulated clock of a decision day: the thread starts at 21:00:00Z. */
export const SIMULATED_START_UTC = 21 * 3600;

/**
 * Simulated timestamp of the `sequence`-th message of a pipeline on `date`:
 * 21:00:00Z plus one second per message. The backtest trades market-on-close
 * and the agents read that day's close, so the thread is stamped after the
 * US close (16:00 New York = 20:00Z in summer, 21:00Z in winter), never at
 * the wall-clock time of the run. Room for 10,800 messages per thread.
 *
 * @example
 * simulatedTimestamp("2025-01-02", 3); // "2025-01-02T21:00:03Z"
 */
export function simulatedTimestamp(date: string, sequence: number): string {
  const total = SIMULATED_START_UTC + sequence;
  if (!Number.isInteger(sequence) || sequence < 0 || total >= 24 * 3600)
    throw new RangeError(`simulatedTimestamp: sequence ${sequence} out of range [0, ${24 * 3600 - SIMULATED_START_UTC})`);
  const hh = Math.floor(total / 3600);
  const mm = Math.floor((total % 3600) / 60);
  const ss = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date}T${two(hh)}:${two(mm)}:${two(ss)}Z`;
}

/**
 * The risk team (Blackboard paper §3.2): aggressive, conservative and
 * neutral risk managers debate the trade with the same ask / answer protocol
 * as the researchers, "focused on exposure, drawdown tolerance, and scenario
 * stress testing"; each states a RiskPosition and a RiskRecommendation; the
 * judge consolidates them into the RiskAssessment handed to Black-Litterman.
 *
 * Offline policies scale by volatility and drawdown:
 * - aggressive keeps the proposal (upgrades HOLD to BUY on an up-tilt with a
 *   positive research score), size x 1.25;
 * - conservative downgrades BUY to HOLD when 20-day vol > 35%, drawdown
 *   < -15% or beta > 1.3, and HOLD to SELL when vol > 50% and drawdown < -25%;
 *   size x 0.6;
 * - neutral downgrades BUY to HOLD only when vol > 50% or drawdown < -30%.
 * From round 2 on, the aggressive (conservative) manager concedes to the
 * neutral one when the risk-reducing (risk-adding) evidence outweighs its
 * own 2:1. The aggressive manager cites only risk-adding evidence, the
 * conservative one only risk-reducing evidence, the neutral one both; each
 * question quotes a specific item of the brief ([id]) against the previous
 * speaker's recommendation, and each answer defends the speaker's own
 * recommendation with the item asked about and its own evidence.
 * The judge takes the majority action (the neutral manager's on a
 * three-way split), confidence = research confidence x (0.5 + 0.5 x share of
 * agreeing votes), and the median size scale.
 */
import { z } from "zod";
import { defineTask, type Task } from "../llm/index";
import {
  RiskAssessmentSchema,
  RiskDebateCommentSchema,
  RiskPositionSchema,
  RiskRecommendationSchema,
  type Action,
  type Evidence,
  type FinalReport,
  type RiskAlert,
  type RiskAssessment,
  type RiskDebateComment,
  type RiskPosition,
  type RiskRecommendation,
  type RiskStance,
  type TradeProposal,
} from "./messages";
import { clamp, round6 } from "./numbers";
import { quotedIds, type PastView } from "./researchers";
import type { AlphaFacts } from "./tools";

export const RISK_LIMITS = {
  conservativeVol: 0.35,
  neutralVol: 0.5,
  conservativeDrawdown: -0.15,
  neutralDrawdown: -0.3,
  highBeta: 1.3,
  alertVol: 0.4,
  alertDrawdown: -0.2,
} as const;

export interface RiskBrief {
  ticker: string;
  date: string;
  report: Pick<FinalReport, "view" | "confidence" | "score" | "thesis">;
  proposal: Pick<TradeProposal, "action" | "conviction" | "size_scale" | "rationale"> & { tilt: number; hedge: number };
  metrics: { vol_20d: number | null; vol_60d: number | null; drawdown_252d: number | null; beta_60d: number | null };
  /** direction +1 = argues for more risk, -1 = for less. */
  evidence: Evidence[];
  alerts: RiskAlert[];
  /** Earlier decisions on this ticker inside the history window (from the blackboard), oldest first. */
  history: PastView[];
}

export interface RiskManagerInput {
  brief: RiskBrief;
  stance: RiskStance;
  round: number;
  maxRounds: number;
  transcript: RiskDebateComment[];
}

export interface RiskPositionInput {
  brief: RiskBrief;
  stance: RiskStance;
  transcript: RiskDebateComment[];
}

export interface RiskPositionOutput {
  position: RiskPosition;
  recommendation: RiskRecommendation;
}

export interface RiskJudgeInput {
  brief: RiskBrief;
  transcript: RiskDebateComment[];
  positions: Array<{ stance: RiskStance; action: Action; position_scale: number }>;
}

const finite = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * The risk brief: metrics from the facts, signed risk evidence and alerts.
 *
 * @example
 * riskBrief("AAPL", "2025-01-02", report, proposal, facts).evidence.map((e) => e.id); // ["risk.vol20", ...]
 */
export function riskBrief(
  ticker: string,
  date: string,
  report: FinalReport,
  proposal: TradeProposal,
  facts: AlphaFacts | null,
  history: readonly PastView[] = [],
): RiskBrief {
  const v = facts?.values ?? {};
  const metrics = { vol_20d: finite(v.vol_20d), vol_60d: finite(v.vol_60d), drawdown_252d: finite(v.drawdown_252d), beta_60d: finite(v.beta_60d) };
  const tilt = proposal.chains.find((c) => c.chain === "directional")?.value ?? 0;
  const hedge = proposal.chains.find((c) => c.chain === "hedging")?.value ?? 0;
  const ev: Evidence[] = [];
  const add = (id: string, claim: string, direction: -1 | 0 | 1, strength: number, source: string, value: number | null) =>
    ev.push({ id, claim, direction, strength: round6(clamp(strength, 0, 1)), source, value });
  const { vol_20d: vol, vol_60d: vol60, drawdown_252d: dd, beta_60d: beta } = metrics;
  if (vol !== null)
    add(
      "risk.vol20",
      `20-day annualised volatility ${pct(vol)}`,
      vol > RISK_LIMITS.conservativeVol ? -1 : vol < 0.2 ? 1 : 0,
      Math.abs(vol - 0.275) / 0.2,
      "vol_20d",
      vol,
    );
  if (vol !== null && vol60 !== null)
    add(
      "risk.vol_trend",
      `volatility ${vol > vol60 * 1.1 ? "rising" : "not rising"} (20d ${pct(vol)} vs 60d ${pct(vol60)})`,
      vol > vol60 * 1.1 ? -1 : 1,
      Math.abs(vol / vol60 - 1),
      "vol_60d",
      vol60,
    );
  if (dd !== null)
    add(
      "risk.drawdown",
      `${pct(-dd)} below the 252-day high`,
      dd < RISK_LIMITS.conservativeDrawdown ? -1 : dd > -0.05 ? 1 : 0,
      dd < -0.05 ? Math.abs(dd) / 0.3 : 0.3,
      "drawdown_252d",
      dd,
    );
  if (beta !== null)
    add("risk.beta", `60-day beta ${beta.toFixed(2)}`, beta > RISK_LIMITS.highBeta ? -1 : beta < 0.8 ? 1 : 0, Math.abs(beta - 1), "beta_60d", beta);
  add("risk.tilt", `Chain-of-Alpha directional tilt ${tilt.toFixed(2)}`, tilt > 0.3 ? 1 : tilt < -0.3 ? -1 : 0, Math.abs(tilt), "directional_chain", tilt);
  add(
    "risk.conviction",
    `proposal conviction ${proposal.conviction.toFixed(2)}`,
    proposal.conviction > 0.7 ? 1 : proposal.conviction < 0.4 ? -1 : 0,
    proposal.conviction,
    "trade_proposal",
    proposal.conviction,
  );
  return {
    ticker,
    date,
    report: { view: report.view, confidence: report.confidence, score: report.score, thesis: report.thesis },
    proposal: { action: proposal.action, conviction: proposal.conviction, size_scale: proposal.size_scale, rationale: proposal.rationale, tilt, hedge },
    metrics,
    evidence: ev,
    alerts: riskAlerts(metrics),
    history: history.slice(),
  };
}

/**
 * Alerts raised before the risk debate: volatility above 40% (High above
 * 60%), drawdown below -20% (High below -35%), missing price data.
 *
 * @example
 * riskAlerts({ vol_20d: 0.7, vol_60d: 0.5, drawdown_252d: -0.1, beta_60d: 1 })[0].severity; // "High"
 */
export function riskAlerts(m: RiskBrief["metrics"]): RiskAlert[] {
  const out: RiskAlert[] = [];
  if (m.vol_20d === null) out.push({ metric: "data", value: 0, limit: 0, severity: "Medium", message: "No volatility estimate: not enough price history." });
  else if (m.vol_20d > RISK_LIMITS.alertVol)
    out.push({
      metric: "volatility",
      value: m.vol_20d,
      limit: RISK_LIMITS.alertVol,
      severity: m.vol_20d > 0.6 ? "High" : "Medium",
      message: `20-day volatility ${pct(m.vol_20d)} exceeds the ${pct(RISK_LIMITS.alertVol)} limit.`,
    });
  if (m.drawdown_252d !== null && m.drawdown_252d < RISK_LIMITS.alertDrawdown)
    out.push({
      metric: "drawdown",
      value: m.drawdown_252d,
      limit: RISK_LIMITS.alertDrawdown,
      severity: m.drawdown_252d < -0.35 ? "High" : "Medium",
      message: `Drawdown ${pct(m.drawdown_252d)} breaches the ${pct(RISK_LIMITS.alertDrawdown)} limit.`,
    });
  return out;
}

const down = (a: Action): Action => (a === "BUY" ? "HOLD" : "SELL");

/**
 * The action a stance recommends before any concession (limits in RISK_LIMITS).
 *
 * @example
 * stanceAction(briefWithVol45pct, "conservative"); // "HOLD" for a BUY proposal
 */
export function stanceAction(brief: RiskBrief, stance: RiskStance): Action {
  const a = brief.proposal.action;
  const { vol_20d: vol, drawdown_252d: dd, beta_60d: beta } = brief.metrics;
  const v = vol ?? 0,
    d = dd ?? 0,
    b = beta ?? 1;
  if (stance === "aggressive") return a === "HOLD" && brief.proposal.tilt > 0.3 && brief.report.score > 0 ? "BUY" : a;
  if (stance === "conservative") {
    if (a === "BUY" && (v > RISK_LIMITS.conservativeVol || d < RISK_LIMITS.conservativeDrawdown || b > RISK_LIMITS.highBeta)) return "HOLD";
    if (a === "HOLD" && v > RISK_LIMITS.neutralVol && d < -0.25) return "SELL";
    return a;
  }
  if (a === "BUY" && (v > RISK_LIMITS.neutralVol || d < RISK_LIMITS.neutralDrawdown)) return down(a);
  return a;
}

function stanceScale(brief: RiskBrief, stance: RiskStance): number {
  const base = brief.proposal.size_scale;
  return round6(clamp(stance === "aggressive" ? base * 1.25 : stance === "conservative" ? base * 0.6 : base, 0, 2));
}

const weightOf = (list: Evidence[]) => list.reduce((s, e) => s + e.strength, 0);
const strongestFirst = (a: Evidence, b: Evidence) => b.strength - a.strength || (a.id < b.id ? -1 : 1);

const cite = (e: Evidence) => `${e.claim} [${e.id}]`;

/** What a stance argues for, as its answers say it. */
const STANCE_CASE: Record<RiskStance, string> = {
  aggressive: "for keeping or adding risk",
  conservative: "for cutting risk",
  neutral: "for the balanced position",
};

/**
 * The answer of `stance` to the previous speaker's question: it defends its
 * own recommendation with the item the question quoted (when it is one of
 * its own) or its strongest fresh item.
 */
function riskAnswer(question: string, stance: RiskStance, action: Action, scale: number, mine: Evidence[], fresh: Evidence[], brief: RiskBrief): string {
  const ids = quotedIds(question);
  const asked = brief.evidence.find((e) => ids.includes(e.id));
  const own = asked && mine.includes(asked) ? asked : (fresh[0] ?? mine[0]);
  const position = `${action} at ${scale.toFixed(2)}x`;
  if (asked && own && asked !== own) return `${cite(asked)} is weighed in our ${position}; ${cite(own)} argues ${STANCE_CASE[stance]}.`;
  if (own) return `Our ${position} rests on ${cite(own)}, which argues ${STANCE_CASE[stance]}.`;
  return `Our ${position} rests on the evidence already cited.`;
}

/**
 * Offline risk-manager turn (see module doc).
 *
 * @example
 * riskManagerPolicy({ brief, stance: "conservative", round: 1, maxRounds: 2, transcript: [] }).recommended_action;
 */
export function riskManagerPolicy(input: RiskManagerInput): RiskDebateComment {
  const { brief, stance } = input;
  const pro = brief.evidence.filter((e) => e.direction === 1).sort(strongestFirst);
  const contra = brief.evidence.filter((e) => e.direction === -1).sort(strongestFirst);
  const mine = stance === "aggressive" ? pro : stance === "conservative" ? contra : [...contra, ...pro].sort(strongestFirst);
  const cited = new Set(input.transcript.filter((t) => t.stance === stance).flatMap((t) => t.cited_evidence));
  const fresh = mine.filter((e) => !cited.has(e.id)).slice(0, 2);
  const neutralAction = stanceAction(brief, "neutral");
  let action = stanceAction(brief, stance);
  let concedes = false;
  if (input.round >= 2 && action !== neutralAction) {
    if (stance === "aggressive" && weightOf(contra) > 2 * weightOf(pro)) concedes = true;
    if (stance === "conservative" && weightOf(pro) > 2 * weightOf(contra)) concedes = true;
    if (concedes) action = neutralAction;
  }
  const scale = stanceScale(brief, stance);
  const previous = input.transcript.at(-1) ?? null;
  const answer = previous?.question ? riskAnswer(previous.question, stance, action, scale, mine, fresh, brief) : null;
  // Put the strongest item of this stance not yet quoted to the previous speaker's recommendation.
  const quoted = new Set(input.transcript.filter((t) => t.stance === stance).flatMap((t) => quotedIds(t.question)));
  const item = mine.find((e) => !quoted.has(e.id)) ?? mine[0] ?? brief.evidence[0];
  const challenge = input.transcript.filter((t) => t.stance !== stance).at(-1);
  const question =
    concedes || !item
      ? null
      : challenge
        ? `How does the ${challenge.stance} manager's ${challenge.recommended_action} at ${challenge.position_scale.toFixed(2)}x account for ${cite(item)}?`
        : `How do the other managers weigh ${cite(item)} against a ${brief.proposal.action} at ${brief.proposal.size_scale.toFixed(2)}x?`;
  const label = stance.charAt(0).toUpperCase() + stance.slice(1);
  return {
    stance,
    round: input.round,
    argument: concedes
      ? `${label} manager concedes to the neutral view (${action}).`
      : `${label} stance: ${action} at ${scale.toFixed(2)}x size. ${fresh.map(cite).join("; ") || "No new evidence"}.`,
    cited_evidence: fresh.map((e) => e.id),
    question,
    answer,
    recommended_action: action,
    position_scale: scale,
    concedes,
  };
}

function riskLevel(vol: number | null): RiskPosition["risk_level"] {
  if (vol === null) return "High";
  return vol < 0.25 ? "Low" : vol < 0.4 ? "Medium" : "High";
}

/**
 * Offline RiskPosition + RiskRecommendation of one manager after the debate.
 *
 * @example
 * riskPositionPolicy({ brief, stance: "aggressive", transcript }).position.stance; // "aggressive"
 */
export function riskPositionPolicy(input: RiskPositionInput): RiskPositionOutput {
  const { brief, stance } = input;
  const last = input.transcript.filter((t) => t.stance === stance).at(-1);
  const action = last?.recommended_action ?? stanceAction(brief, stance);
  const scale = last?.position_scale ?? stanceScale(brief, stance);
  const conf = brief.report.confidence;
  const level = riskLevel(brief.metrics.vol_20d);
  const actions =
    stance === "aggressive"
      ? [action === "BUY" ? "Increase position size" : "Keep exposure", "Focus on growth and momentum", "Accept short-term volatility"]
      : stance === "conservative"
        ? [
            "Cap position size",
            brief.metrics.drawdown_252d !== null && brief.metrics.drawdown_252d < -0.1 ? "Set a stop below the recent low" : "Keep a trailing stop",
            "Hedge index beta if volatility rises",
          ]
        : ["Size in line with the volatility target", "Rebalance on schedule", "Review if alerts trigger"];
  return {
    position: {
      stance,
      action,
      confidence: conf > 0.7 ? "High" : conf > 0.5 ? "Medium" : "Low",
      risk_level: level,
      rationale: `${stance} view: ${action} at ${scale.toFixed(2)}x; volatility ${brief.metrics.vol_20d === null ? "n/a" : pct(brief.metrics.vol_20d)}, drawdown ${brief.metrics.drawdown_252d === null ? "n/a" : pct(brief.metrics.drawdown_252d)}.`,
    },
    recommendation: { stance, actions, priority: level === "High" || stance === "aggressive" ? "High" : "Medium", position_scale: scale },
  };
}

/**
 * Offline risk judge (see module doc).
 *
 * @example
 * riskJudgePolicy({ brief, transcript, positions }).final_action;
 */
export function riskJudgePolicy(input: RiskJudgeInput): RiskAssessment {
  const { brief } = input;
  const votes: Record<string, Action> = {};
  const counts = new Map<Action, number>();
  for (const p of input.positions) {
    votes[p.stance] = p.action;
    counts.set(p.action, (counts.get(p.action) ?? 0) + 1);
  }
  let final: Action = votes.neutral ?? brief.proposal.action;
  for (const [action, c] of counts) if (c >= 2) final = action;
  const agree = input.positions.filter((p) => p.action === final).length / Math.max(1, input.positions.length);
  const scales = input.positions.map((p) => p.position_scale).sort((a, b) => a - b);
  const scale = scales[Math.floor(scales.length / 2)] ?? brief.proposal.size_scale;
  return {
    final_action: final,
    confidence: round6(clamp(brief.report.confidence * (0.5 + 0.5 * agree), 0, 1)),
    risk_level: riskLevel(brief.metrics.vol_20d),
    volatility: round6(Math.max(0, brief.metrics.vol_20d ?? 0)),
    drawdown: round6(Math.min(0, brief.metrics.drawdown_252d ?? 0)),
    position_scale: round6(scale),
    rationale:
      `Votes ${Object.entries(votes)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}; final ${final} with ${(agree * 100).toFixed(0)}% agreement; ${brief.alerts.length} alert(s).` + judgeHistoryNote(brief.history, final),
    votes,
  };
}

/** " Last final action HOLD on 2025-01-02." — or "" without history. */
function judgeHistoryNote(history: readonly PastView[], final: Action): string {
  const last = [...history].reverse().find((h) => h.final_action !== null);
  return last ? ` Last final action ${last.final_action} on ${last.date}${last.final_action === final ? " (unchanged)" : ""}.` : "";
}

function checkIds(ids: readonly string[], brief: RiskBrief): string | null {
  const known = new Set(brief.evidence.map((e) => e.id));
  const bad = ids.filter((id) => !known.has(id));
  return bad.length ? `unknown evidence ids ${bad.join(", ")}` : null;
}

const STANCE_PROMPTS: Record<RiskStance, string> = {
  aggressive: "You are the AGGRESSIVE risk manager: champion upside and growth, accept volatility when the thesis is strong.",
  conservative: "You are the CONSERVATIVE risk manager: protect capital, focus on drawdown tolerance, volatility and stress scenarios.",
  neutral: "You are the NEUTRAL risk manager: balance upside against risk and look for the sensible middle ground.",
};

/**
 * Risk-manager debate turn as an LLM task (stance-specific system prompt).
 *
 * @example
 * const { output } = await model.run(riskManagerTask, { brief, stance: "neutral", round: 1, maxRounds: 2, transcript: [] });
 */
export const riskManagerTask: Task<RiskManagerInput, RiskDebateComment> = defineTask<RiskManagerInput, RiskDebateComment>({
  name: "blackboard.risk_manager",
  version: 2,
  schema: RiskDebateCommentSchema as z.ZodType<RiskDebateComment>,
  temperature: 0.7,
  render: (input) => [
    {
      role: "system",
      content:
        `${STANCE_PROMPTS[input.stance]} Debate the trade on ${input.brief.ticker} (${input.brief.date}) with the other risk managers. ` +
        "Answer the previous speaker's question (answer; null if none) by defending your own recommendation, ask one question about a specific item of the brief (question; quote evidence as [id]), cite risk evidence ids that support your stance, " +
        "recommend BUY / HOLD / SELL and a position_scale in [0, 2]; set concedes to true if you accept the neutral manager's view. " +
        `Fields: stance ("${input.stance}"), round (${input.round}), argument, cited_evidence, question, answer, recommended_action, position_scale, concedes.`,
    },
    { role: "user", content: JSON.stringify({ brief: input.brief, round: input.round, max_rounds: input.maxRounds, transcript: input.transcript }) },
  ],
  offline: (input) => riskManagerPolicy(input),
  validate: (out, input) => {
    if (out.stance !== input.stance) return `stance must be "${input.stance}"`;
    if (out.round !== input.round) return `round must be ${input.round}`;
    return checkIds(out.cited_evidence, input.brief);
  },
});

/**
 * A risk manager's final RiskPosition + RiskRecommendation as an LLM task.
 *
 * @example
 * const { output } = await model.run(riskPositionTask, { brief, stance: "aggressive", transcript });
 */
export const riskPositionTask: Task<RiskPositionInput, RiskPositionOutput> = defineTask<RiskPositionInput, RiskPositionOutput>({
  name: "blackboard.risk_position",
  version: 2,
  schema: z.object({ position: RiskPositionSchema, recommendation: RiskRecommendationSchema }) as z.ZodType<RiskPositionOutput>,
  temperature: 0.2,
  render: (input) => [
    {
      role: "system",
      content:
        `${STANCE_PROMPTS[input.stance]} The debate on ${input.brief.ticker} is over. State your final RiskPosition ` +
        "{stance, action BUY/HOLD/SELL, confidence Low/Medium/High, risk_level Low/Medium/High, rationale} and RiskRecommendation " +
        "{stance, actions (list of concrete steps), priority Low/Medium/High, position_scale in [0, 2]} as {position, recommendation}.",
    },
    { role: "user", content: JSON.stringify({ brief: input.brief, transcript: input.transcript }) },
  ],
  offline: (input) => riskPositionPolicy(input),
  validate: (out, input) =>
    out.position.stance !== input.stance || out.recommendation.stance !== input.stance
      ? `stance must be "${input.stance}" in position and recommendation`
      : null,
});

/**
 * The risk judge as an LLM task: debate + positions -> RiskAssessment for Black-Litterman.
 *
 * @example
 * const { output } = await model.run(riskJudgeTask, { brief, transcript, positions });
 */
export const riskJudgeTask: Task<RiskJudgeInput, RiskAssessment> = defineTask<RiskJudgeInput, RiskAssessment>({
  name: "blackboard.risk_judge",
  version: 2,
  schema: RiskAssessmentSchema as z.ZodType<RiskAssessment>,
  temperature: 0.2,
  render: (input) => [
    {
      role: "system",
      content:
        `You are the risk judge. Consolidate the risk managers' debate and positions on ${input.brief.ticker} (${input.brief.date}) into the RiskAssessment ` +
        "that the portfolio optimizer will use: final_action BUY/HOLD/SELL, confidence in [0, 1], risk_level, volatility (copy metrics.vol_20d, 0 if null), " +
        "drawdown (copy metrics.drawdown_252d, 0 if null), position_scale in [0, 2], rationale (say whether it changes the last final action in the brief's history), votes (stance -> action).",
    },
    { role: "user", content: JSON.stringify({ brief: input.brief, transcript: input.transcript, positions: input.positions }) },
  ],
  offline: (input) => riskJudgePolicy(input),
  validate: (out, input) => checkAssessment(out, input),
});

/**
 * The judge's numbers and votes are checkable: volatility and drawdown must be
 * the brief's vol_20d and drawdown_252d (0 when unknown, `citationMatches`
 * tolerance), and `votes` must record exactly each manager's final action.
 *
 * @example
 * checkAssessment(riskJudgePolicy(input), input); // null
 */
export function checkAssessment(out: RiskAssessment, input: RiskJudgeInput): string | null {
  const vol = input.brief.metrics.vol_20d ?? 0;
  const dd = input.brief.metrics.drawdown_252d ?? 0;
  const near = (a: number, b: number) => Math.abs(a - b) <= 1e-3 * Math.max(1, Math.abs(b));
  if (!near(out.volatility, vol)) return `volatility must be metrics.vol_20d = ${vol}, got ${out.volatility}`;
  if (!near(out.drawdown, Math.min(0, dd))) return `drawdown must be metrics.drawdown_252d = ${Math.min(0, dd)}, got ${out.drawdown}`;
  for (const p of input.positions) {
    if (out.votes[p.stance] !== p.action) return `votes.${p.stance} must be ${p.action} (that manager's position), got ${out.votes[p.stance] ?? "nothing"}`;
  }
  const extra = Object.keys(out.votes).filter((k) => !input.positions.some((p) => p.stance === k));
  return extra.length ? `votes has no manager named ${extra.join(", ")}` : null;
}

/**
 * The offline risk team of the Blackboard paper: data-grounded stand-ins for
 * the model (results labelled offline) that argue from the risk brief
 * (agent-inputs.ts) and scale by volatility and drawdown:
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
import {
  RISK_LIMITS,
  type PastView,
  type RiskBrief,
  type RiskJudgeInput,
  type RiskManagerInput,
  type RiskPositionInput,
  type RiskPositionOutput,
} from "../agent-inputs";
import { quotedIds } from "../debate";
import type { Action, Evidence, RiskAssessment, RiskDebateComment, RiskPosition, RiskStance } from "../messages";
import { clamp, round6 } from "../numbers";

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

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

/**
 * The offline risk team of the Blackboard paper: data-grounded stand-ins for
 * the model (results labelled offline) that argue from the position on the
 * table and the risk evidence of the brief (agent-inputs.ts). Every sentence
 * is rendered from a recorded claim (claims.ts): an item of the brief, its
 * value and the limit it is read against (`riskReading`).
 *
 * The position is the active bet against the Black-Litterman prior: a BUY is
 * an overweight, a SELL an underweight, a HOLD the prior weight.
 * - aggressive keeps the proposal (upgrades HOLD to BUY on an up-tilt with a
 *   positive research score), size x 1.25;
 * - conservative downgrades BUY to HOLD when 20-day vol > 35%, drawdown
 *   < -15% or beta > 1.3, and HOLD to SELL when vol > 50% and drawdown < -25%;
 *   size x 0.6;
 * - neutral downgrades BUY to HOLD only when vol > 50% or drawdown < -30%.
 * What an item argues for is read against the bet (`betDirection`): calm
 * volatility, a shallow drawdown, a low beta or a high conviction argue for
 * keeping the bet at size (+1), their opposites for cutting it (-1); the
 * directional tilt argues for the bet when it points the bet's way and
 * against it when it points the other way. The aggressive manager cites only
 * items for the bet, the conservative one only items against it, the neutral
 * one both. From round 2 on, the aggressive (conservative) manager concedes
 * to the neutral one when the items against (for) the bet outweigh its own
 * 2:1. Each question names an item of the brief ([id], its value and limit)
 * against the previous speaker's recommendation; each answer defends the
 * speaker's own recommendation with its own item. Each recommendation
 * quotes one item of the stance with its value and limit and says what to do
 * with the overweight / underweight / prior weight.
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
import { nounPhrase, rendered, type Claim } from "./claims";

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
  return round6(clamp(brief.proposal.size_scale * STANCE_SIZE[stance], 0, 2));
}

/** The size multiple of each stance on the proposal's size. */
export const STANCE_SIZE: Record<RiskStance, number> = { aggressive: 1.25, neutral: 1, conservative: 0.6 };

/** The limits the tilt and the conviction of the brief are read against (agent-inputs.ts). */
const TILT_LIMIT = 0.3;
const CONVICTION_HIGH = 0.7;
const CONVICTION_LOW = 0.4;

/** What a position is against the prior, as the sentences say it. */
export function positionPhrase(action: Action): string {
  return action === "BUY" ? "the overweight" : action === "SELL" ? "the underweight" : "the prior weight";
}

/**
 * Two numbers printed so that the relation a sentence states holds on the
 * printed digits: start at `digits` decimals and add decimals (up to 4 more)
 * until the printed values differ; when they never do, the relation is "at".
 * Rounding is monotone, so the printed relation never reverses the true one.
 *
 * @example
 * printedPair(0.7004, 0.7, (x, d) => x.toFixed(d), 2); // { value: "0.7004", limit: "0.7000", relation: "above" }
 * printedPair(0.7, 0.7, (x, d) => x.toFixed(d), 2); // { value: "0.70", limit: "0.70", relation: "at" }
 */
export function printedPair(
  value: number,
  limit: number,
  format: (x: number, digits: number) => string,
  digits: number,
): { value: string; limit: string; relation: "above" | "below" | "at" } {
  for (let d = digits; d <= digits + 4; d++) {
    const a = format(value, d),
      b = format(limit, d);
    const x = parseFloat(a),
      y = parseFloat(b);
    if (x !== y) return { value: a, limit: b, relation: x > y ? "above" : "below" };
  }
  return { value: format(value, digits), limit: format(limit, digits), relation: "at" };
}

const pctD = (x: number, d: number) => `${(100 * x).toFixed(d)}%`;
const fixedD = (x: number, d: number) => x.toFixed(d);

/**
 * "is 45.0%, above the 35.0% limit": an item's value read against one limit,
 * the relation word taken from the printed digits (`printedPair`), so "0.70,
 * above 0.70" cannot be written ("0.704, above 0.700", or "at 0.70").
 */
function against(value: number, limit: number, format: (x: number, d: number) => string, digits: number, wording: (l: string) => string): string {
  const p = printedPair(value, limit, format, digits);
  return `is ${p.value}, ${p.relation} ${wording(p.limit)}`;
}

/**
 * What a risk item says, read against the limits of the brief: the value as
 * stated, the limit it is compared with, and the phrase ("is 45.0%, above
 * the 35.0% limit"). The numbers are those of agent-inputs.ts's riskBrief.
 * The relation is decided on the value and printed so that it holds on the
 * printed digits (`printedPair`). The managers' limits (RISK_LIMITS
 * conservativeVol, conservativeDrawdown) are named as the managers' own, apart
 * from the board's alert limits (alertVol, alertDrawdown).
 *
 * @example
 * riskReading(brief, { id: "risk.vol20", value: 0.45, ... }); // { value: 0.45, limit: 0.35, text: "is 45.0%, above the managers' 35.0% limit" }
 */
export function riskReading(brief: RiskBrief, e: Evidence): { value: number; limit: number; text: string } {
  const m = brief.metrics;
  const v = e.value ?? 0;
  const managers = (l: string) => `the managers' ${l} limit`;
  switch (e.id) {
    case "risk.vol20":
      return v > RISK_LIMITS.conservativeVol
        ? { value: v, limit: RISK_LIMITS.conservativeVol, text: against(v, RISK_LIMITS.conservativeVol, pctD, 1, managers) }
        : v < 0.2
          ? { value: v, limit: 0.2, text: against(v, 0.2, pctD, 1, (l) => `the ${l} calm level`) }
          : { value: v, limit: RISK_LIMITS.conservativeVol, text: `is ${pct(v)}, between ${pct(0.2)} and ${managers(pct(RISK_LIMITS.conservativeVol))}` };
    case "risk.vol_trend": {
      // The 20-day volatility against 1.1 x the 60-day one: "rising" only above that mark; between the two it is up, but by less than 10%.
      const v20 = m.vol_20d ?? 0;
      const mark = 1.1 * v;
      const rising = v20 > mark;
      const toMark = printedPair(v20, mark, pctD, 1);
      const toV60 = printedPair(v20, v, pctD, 1);
      const text = rising
        ? `is rising (20-day ${toMark.value}, ${toMark.relation} 1.1 x the 60-day ${pct(v)} = ${toMark.limit})`
        : v20 > v
          ? `is up by less than 10% (20-day ${toMark.value}, ${toMark.relation} 1.1 x the 60-day ${pct(v)} = ${toMark.limit})`
          : `is not rising (20-day ${toV60.value}, ${toV60.relation} the 60-day ${toV60.limit})`;
      return { value: v20, limit: round6(mark), text };
    }
    case "risk.drawdown":
      return v < RISK_LIMITS.conservativeDrawdown
        ? { value: v, limit: RISK_LIMITS.conservativeDrawdown, text: pastLimit(-v, -RISK_LIMITS.conservativeDrawdown, "past", managers) }
        : v > -0.05
          ? { value: v, limit: -0.05, text: pastLimit(-v, 0.05, "within", (l) => `${l} of the high`) }
          : { value: v, limit: RISK_LIMITS.conservativeDrawdown, text: pastLimit(-v, -RISK_LIMITS.conservativeDrawdown, "inside", managers) };
    case "risk.beta":
      return v > RISK_LIMITS.highBeta
        ? { value: v, limit: RISK_LIMITS.highBeta, text: against(v, RISK_LIMITS.highBeta, fixedD, 2, (l) => l) }
        : v < 0.8
          ? { value: v, limit: 0.8, text: against(v, 0.8, fixedD, 2, (l) => l) }
          : { value: v, limit: RISK_LIMITS.highBeta, text: `is ${v.toFixed(2)}, between 0.80 and ${RISK_LIMITS.highBeta.toFixed(2)}` };
    case "risk.tilt":
      return v > TILT_LIMIT
        ? { value: v, limit: TILT_LIMIT, text: `${against(v, TILT_LIMIT, fixedD, 2, (l) => `+${l}`)} (up)` }
        : v < -TILT_LIMIT
          ? { value: v, limit: -TILT_LIMIT, text: `${against(v, -TILT_LIMIT, fixedD, 2, (l) => l)} (down)` }
          : { value: v, limit: TILT_LIMIT, text: `is ${v.toFixed(2)}, within ${TILT_LIMIT.toFixed(2)} of zero (no direction)` };
    case "risk.conviction":
      return v > CONVICTION_HIGH
        ? { value: v, limit: CONVICTION_HIGH, text: against(v, CONVICTION_HIGH, fixedD, 2, (l) => l) }
        : v < CONVICTION_LOW
          ? { value: v, limit: CONVICTION_LOW, text: against(v, CONVICTION_LOW, fixedD, 2, (l) => l) }
          : { value: v, limit: CONVICTION_HIGH, text: `is ${v.toFixed(2)}, between ${CONVICTION_LOW.toFixed(2)} and ${CONVICTION_HIGH.toFixed(2)}` };
    default:
      return { value: v, limit: 0, text: `reads ${v}` };
  }
}

/**
 * A drawdown (as a positive depth) against a depth limit: "is 18.8%, past the
 * managers' 15.0% limit"; when the printed digits cannot tell the two apart
 * the sentence says "at" instead of `word`.
 */
function pastLimit(depth: number, limit: number, word: string, wording: (l: string) => string): string {
  const p = printedPair(depth, limit, pctD, 1);
  return `is ${p.value}, ${p.relation === "at" ? "at" : word} ${wording(p.limit)}`;
}

/**
 * What an item argues for, read against the bet `action` (see module doc):
 * +1 keep or enlarge the bet, -1 cut it, 0 neither.
 *
 * @example
 * betDirection({ id: "risk.tilt", direction: -1, value: -0.6, ... }, "SELL"); // 1: a down-tilt backs the underweight
 */
export function betDirection(e: Evidence, action: Action): -1 | 0 | 1 {
  if (e.id !== "risk.tilt") return e.direction;
  const tilt = e.value ?? 0;
  const points: -1 | 0 | 1 = tilt > TILT_LIMIT ? 1 : tilt < -TILT_LIMIT ? -1 : 0;
  if (action === "HOLD") return points === 1 ? 1 : 0; // an up-tilt is what would add a position
  return points === 0 ? 0 : points === (action === "BUY" ? 1 : -1) ? 1 : -1;
}

const strongestFirst = (a: Evidence, b: Evidence) => b.strength - a.strength || (a.id < b.id ? -1 : 1);
const weightOf = (list: Evidence[]) => list.reduce((s, e) => s + e.strength, 0);

/** The items a stance argues with, strongest first, and the items for and against the bet. */
function stancePools(brief: RiskBrief, stance: RiskStance) {
  const bet = brief.proposal.action;
  const pro = brief.evidence.filter((e) => betDirection(e, bet) === 1).sort(strongestFirst);
  const contra = brief.evidence.filter((e) => betDirection(e, bet) === -1).sort(strongestFirst);
  const mine = stance === "aggressive" ? pro : stance === "conservative" ? contra : [...contra, ...pro].sort(strongestFirst);
  return { pro, contra, mine };
}

/** An item named in a sentence: "the 20-day volatility [risk.vol20] (45.0%, above the 35.0% limit)". */
const named = (brief: RiskBrief, e: Evidence) =>
  `${nounPhrase(e)} [${e.id}] (${riskReading(brief, e)
    .text.replace(/^is /, "")
    .replace(/ \((.*)\)$/, ": $1")})`;
/** An item as a clause: "the 20-day volatility [risk.vol20] is 45.0%, above the 35.0% limit". */
const clause = (brief: RiskBrief, e: Evidence) => `${nounPhrase(e)} [${e.id}] ${riskReading(brief, e).text}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/**
 * A size as what it is a multiple of: the size scale (1 = the full view size)
 * and its multiple of the proposal's size scale, "size scale 1.04 (1.25 x the
 * proposal's 0.83)" — so a stance's 1.04 is not read as 1.04 x the proposal.
 */
const sizeText = (scale: number, proposed: number) => {
  if (proposed <= 0) return `size scale ${scale.toFixed(2)} (the proposal's is 0.00)`;
  const multiple = scale / proposed;
  return multiple.toFixed(2) === "1.00"
    ? `size scale ${scale.toFixed(2)} (the proposal's)`
    : `size scale ${scale.toFixed(2)} (${multiple.toFixed(2)} x the proposal's ${proposed.toFixed(2)})`;
};

function itemClaim(kind: Claim["kind"], brief: RiskBrief, e: Evidence, text: string): Claim {
  const r = riskReading(brief, e);
  return { kind, item: e.id, cited: [e.id], score: round6(r.value), threshold: round6(r.limit), text };
}

/** What each stance argues for, as its answers say it. */
const STANCE_CASE: Record<RiskStance, string> = {
  aggressive: "for keeping the bet at size",
  conservative: "for cutting the bet",
  neutral: "for the balanced size",
};

/** The answer to the previous speaker's question: the speaker's own item (the one asked about when it is its own) for its position. */
function riskAnswerClaims(
  question: string,
  brief: RiskBrief,
  stance: RiskStance,
  mine: Evidence[],
  fresh: Evidence[],
  scale: number,
  position: string,
): Claim[] {
  const ids = quotedIds(question);
  const asked = brief.evidence.find((e) => ids.includes(e.id));
  const own = asked && mine.includes(asked) ? asked : (fresh[0] ?? mine[0]);
  if (own && asked && own !== asked)
    return [itemClaim("risk_answer", brief, own, `Against ${named(brief, asked)}, ${clause(brief, own)}, which argues ${STANCE_CASE[stance]}: ${position}.`)];
  if (own) return [itemClaim("risk_answer", brief, own, `${capital(clause(brief, own))}, which argues ${STANCE_CASE[stance]}: ${position}.`)];
  return [
    {
      kind: "risk_stance",
      item: null,
      cited: [],
      score: scale,
      threshold: round6(brief.proposal.size_scale),
      text: `No item on the board argues ${STANCE_CASE[stance]}; we recommend ${position} by the ${stance} rule.`,
    },
  ];
}

/** One offline risk-manager turn: the comment and the claims its argument, question and answer are rendered from. */
export interface RiskTurn {
  comment: RiskDebateComment;
  claims: { argument: Claim[]; question: Claim[]; answer: Claim[] };
}

/**
 * Offline risk-manager turn with its claims (see module doc).
 *
 * @example
 * riskTurn({ brief, stance: "conservative", round: 1, maxRounds: 2, transcript: [] }).claims.argument[0].kind; // "risk_stance"
 */
export function riskTurn(input: RiskManagerInput): RiskTurn {
  const { brief, stance } = input;
  const { pro, contra, mine } = stancePools(brief, stance);
  const cited = new Set(input.transcript.filter((t) => t.stance === stance).flatMap((t) => t.cited_evidence));
  const fresh = mine.filter((e) => !cited.has(e.id)).slice(0, 2);
  const neutralAction = stanceAction(brief, "neutral");
  let action = stanceAction(brief, stance);
  let concedes = false;
  let ratio = 0;
  if (input.round >= 2 && action !== neutralAction) {
    const [own, other] = stance === "aggressive" ? [pro, contra] : [contra, pro];
    ratio = weightOf(other) / Math.max(1e-12, weightOf(own));
    if (stance !== "neutral" && weightOf(other) > 2 * weightOf(own)) concedes = true;
    if (concedes) action = neutralAction;
  }
  const scale = stanceScale(brief, stance);
  const label = capital(stance);
  const position = `${action} at ${sizeText(scale, brief.proposal.size_scale)}`;
  const argument: Claim[] = [
    {
      kind: concedes ? "risk_concede" : "risk_stance",
      item: null,
      cited: concedes ? (stance === "aggressive" ? contra : pro).map((e) => e.id) : [],
      score: round6(concedes ? ratio : scale),
      threshold: concedes ? 2 : round6(brief.proposal.size_scale),
      text: concedes
        ? `${label} manager concedes to the neutral view (${action}): the items ${stance === "aggressive" ? "against" : "for"} the bet ` +
          (ratio > 1e6 ? "are on the board and ours are not." : `weigh ${ratio.toFixed(2)} times ours, more than 2:1.`)
        : `${label} stance: ${position}, ${positionPhrase(action)}.`,
    },
    ...(concedes ? [] : fresh.map((e) => itemClaim("risk_answer", brief, e, `${capital(clause(brief, e))}.`))),
  ];
  const previous = input.transcript.at(-1) ?? null;
  const answer = previous?.question ? riskAnswerClaims(previous.question, brief, stance, mine, fresh, scale, position) : [];
  // Put the strongest item of this stance not yet quoted to the previous speaker's recommendation.
  const quoted = new Set(input.transcript.filter((t) => t.stance === stance).flatMap((t) => quotedIds(t.question)));
  const item = mine.find((e) => !quoted.has(e.id)) ?? mine[0] ?? brief.evidence[0];
  const challenge = input.transcript.filter((t) => t.stance !== stance).at(-1);
  const question: Claim[] =
    concedes || !item
      ? []
      : [
          itemClaim(
            "risk_ask",
            brief,
            item,
            challenge
              ? `How does the ${challenge.stance} manager's ${challenge.recommended_action} at size scale ${challenge.position_scale.toFixed(2)} account for ${named(brief, item)}?`
              : `How do the other managers weigh ${named(brief, item)} against the proposed ${brief.proposal.action} at size scale ${brief.proposal.size_scale.toFixed(2)}?`,
          ),
        ];
  const comment: RiskDebateComment = {
    stance,
    round: input.round,
    argument: rendered(argument)!,
    cited_evidence: fresh.map((e) => e.id),
    question: rendered(question),
    answer: rendered(answer),
    recommended_action: action,
    position_scale: scale,
    concedes,
  };
  return { comment, claims: { argument, question, answer } };
}

/**
 * Offline risk-manager turn (see module doc): `riskTurn`'s comment.
 *
 * @example
 * riskManagerPolicy({ brief, stance: "conservative", round: 1, maxRounds: 2, transcript: [] }).recommended_action;
 */
export function riskManagerPolicy(input: RiskManagerInput): RiskDebateComment {
  return riskTurn(input).comment;
}

function riskLevel(vol: number | null): RiskPosition["risk_level"] {
  if (vol === null) return "High";
  return vol < 0.25 ? "Low" : vol < 0.4 ? "Medium" : "High";
}

/**
 * What a stance recommends doing with the position because of one item:
 * the verb depends on the stance, the position and the item (see module doc).
 * A HOLD read on the tilt waits for the research view, so it quotes that view
 * and its score from the brief ("the research view is HOLD at score +0.083").
 */
function recommendationVerb(stance: RiskStance, action: Action, e: Evidence, scale: number, proposed: number, report: RiskBrief["report"]): string {
  const pos = positionPhrase(action);
  const size = sizeText(scale, proposed);
  if (action === "HOLD") {
    const view = `(the research view is ${report.view} at score ${report.score >= 0 ? "+" : ""}${report.score.toFixed(3)})`;
    if (stance === "aggressive") return e.id === "risk.tilt" ? `Be ready to add above the prior weight ${view}` : "Keep the prior weight, with room to add";
    if (stance === "conservative" || betDirection(e, action) === -1) return "Do not add above the prior weight";
    return e.id === "risk.tilt" ? `Keep the prior weight until the research view turns ${view}` : "Keep the prior weight";
  }
  if (stance === "aggressive") return action === "BUY" ? `Add to ${pos} up to ${size}` : `Press ${pos} up to ${size}`;
  if (stance === "conservative") {
    if (action === "BUY" && e.id === "risk.beta") return `Hedge the index beta of ${pos}`;
    if (action === "BUY" && e.id === "risk.drawdown") return `Stop out ${pos} if the drawdown deepens`;
    if (action === "SELL" && e.id === "risk.drawdown") return `Cut ${pos} to ${size} (rebound risk after the fall)`;
    return `Cut ${pos} to ${size}`;
  }
  return betDirection(e, action) === -1 ? `Keep ${pos} no larger than ${size}` : `Keep ${pos} at ${size}`;
}

/** One offline manager's position and recommendation, with the claims the recommendation's actions are rendered from. */
export interface RiskPositionTurn extends RiskPositionOutput {
  claims: Claim[];
}

/**
 * Offline RiskPosition + RiskRecommendation of one manager after the debate,
 * with the claims of its recommendations: up to three, one per item of the
 * stance (strongest first), each quoting the item with its value and limit.
 *
 * @example
 * riskPositionTurn({ brief, stance: "aggressive", transcript }).claims[0].kind; // "recommend"
 */
export function riskPositionTurn(input: RiskPositionInput): RiskPositionTurn {
  const { brief, stance } = input;
  const last = input.transcript.filter((t) => t.stance === stance).at(-1);
  const action = last?.recommended_action ?? stanceAction(brief, stance);
  const scale = last?.position_scale ?? stanceScale(brief, stance);
  const conf = brief.report.confidence;
  const level = riskLevel(brief.metrics.vol_20d);
  const mine = stancePools({ ...brief, proposal: { ...brief.proposal, action } }, stance).mine;
  const items = mine.length ? mine.slice(0, 3) : brief.evidence.filter((e) => e.id === "risk.vol20");
  const claims: Claim[] = items.map((e) =>
    itemClaim("recommend", brief, e, `${recommendationVerb(stance, action, e, scale, brief.proposal.size_scale, brief.report)}: ${clause(brief, e)}.`),
  );
  if (claims.length === 0)
    claims.push({
      kind: "recommend",
      item: null,
      cited: [],
      score: scale,
      threshold: round6(brief.proposal.size_scale),
      text: `Keep ${positionPhrase(action)} at ${sizeText(scale, brief.proposal.size_scale)}: no risk metric on the board (not enough price history).`,
    });
  return {
    position: {
      stance,
      action,
      confidence: conf > 0.7 ? "High" : conf > 0.5 ? "Medium" : "Low",
      risk_level: level,
      rationale: `${stance} view: ${action} at size scale ${scale.toFixed(2)} (${positionPhrase(action)}); volatility ${brief.metrics.vol_20d === null ? "n/a" : pct(brief.metrics.vol_20d)}, drawdown ${brief.metrics.drawdown_252d === null ? "n/a" : pct(brief.metrics.drawdown_252d)}.`,
    },
    recommendation: {
      stance,
      actions: claims.map((c) => c.text),
      priority: level === "High" || stance === "aggressive" ? "High" : "Medium",
      position_scale: scale,
    },
    claims,
  };
}

/**
 * Offline RiskPosition + RiskRecommendation of one manager after the debate (`riskPositionTurn` without its claims).
 *
 * @example
 * riskPositionPolicy({ brief, stance: "aggressive", transcript }).position.stance; // "aggressive"
 */
export function riskPositionPolicy(input: RiskPositionInput): RiskPositionOutput {
  const { position, recommendation } = riskPositionTurn(input);
  return { position, recommendation };
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
  let majority = false;
  for (const [action, c] of counts)
    if (c >= 2) {
      final = action;
      majority = true;
    }
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
        .join(
          ", ",
        )}; final ${final} (${majority ? "the majority" : "no majority: the neutral manager's action"}) with ${(agree * 100).toFixed(0)}% agreement, ` +
      `${positionPhrase(final)} at the median size scale ${scale.toFixed(2)}; ${brief.alerts.length} alert(s) ${alertLimitsText}.` +
      judgeHistoryNote(brief.history, final),
    votes,
  };
}

/**
 * The board's alert limits, named apart from the managers' own (the
 * managers read 35% volatility and a 15% drawdown; the board alerts at 40%
 * and 20%), so "past the managers' 15.0% limit" beside "0 alert(s)" is not a
 * contradiction.
 */
const alertLimitsText = `(the board alerts above ${pct(RISK_LIMITS.alertVol)} 20-day volatility or a drawdown past ${pct(-RISK_LIMITS.alertDrawdown)})`;

/** " Last final action HOLD on 2025-01-02." — or "" without history. */
function judgeHistoryNote(history: readonly PastView[], final: Action): string {
  const last = [...history].reverse().find((h) => h.final_action !== null);
  return last ? ` Last final action ${last.final_action} on ${last.date}${last.final_action === final ? " (unchanged)" : ""}.` : "";
}

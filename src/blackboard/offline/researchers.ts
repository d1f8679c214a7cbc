/**
 * The offline bull and bear researchers and research manager of the
 * Blackboard paper: data-grounded stand-ins for the model (results labelled
 * offline) that argue only from the research brief (agent-inputs.ts).
 *
 * Each side cites its strongest not-yet-cited evidence (two items per turn)
 * and only evidence of its own direction (+1 for the bull, -1 for the bear);
 * it asks the other side why that side's strongest item should outweigh its
 * own strongest one, quoting both claims with their ids; it answers the other
 * side's question by defending the item asked about with its own evidence
 * ("... supports the upside case" for the bull, "... the downside case" for
 * the bear); and it concedes once the other side's evidence outweighs its own
 * by ~3:1 (or it has none).
 * The manager nets the cited evidence, weighted by the confidence of the
 * analyst that produced it: score = (B - R) / (B + R + 1), BUY above +0.15,
 * SELL below -0.15, HOLD otherwise. Without a debate (ablate=debate) it nets
 * every directional item of the brief instead. Earlier views of the ticker
 * (the brief's `history`, read from the blackboard) are quoted in the thesis.
 */
import type { ManagerInput, PastView, ResearchBrief, ResearcherInput } from "../agent-inputs";
import { quotedIds } from "../debate";
import type { DebateComment, Evidence, FinalReport } from "../messages";
import { round6 } from "../numbers";

/** The manager's score above which the view is BUY (below minus it, SELL). */
export const VIEW_THRESHOLD = 0.15;
/** A side concedes when the other side's evidence weight is this many times its own. */
export const CONCEDE_RATIO = 3;
const PER_TURN = 2;

/**
 * Weight of a piece of evidence: strength x (0.5 + 0.5 x confidence of the analyst that produced it).
 *
 * @example
 * evidenceWeight(brief, { id: "market.rsi", strength: 0.5, ... }); // 0.5 x (0.5 + 0.5 x market confidence)
 */
export function evidenceWeight(brief: ResearchBrief, e: Evidence): number {
  const analyst = e.id.split(".")[0];
  const conf = brief.reports.find((r) => r.analyst === analyst)?.confidence ?? 0.5;
  return e.strength * (0.5 + 0.5 * conf);
}

function sidePool(brief: ResearchBrief, side: "bull" | "bear"): Evidence[] {
  const dir = side === "bull" ? 1 : -1;
  return brief.evidence
    .filter((e) => e.direction === dir)
    .sort((a, b) => evidenceWeight(brief, b) - evidenceWeight(brief, a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

const total = (brief: ResearchBrief, list: Evidence[]) => list.reduce((acc, e) => acc + evidenceWeight(brief, e), 0);

const cite = (e: Evidence) => `${e.claim} [${e.id}]`;

/** The case a side argues, as its answers name it. */
const CASE: Record<"bull" | "bear", string> = { bull: "upside", bear: "downside" };

/**
 * The answer of `side` to the other side's question: the question quotes one
 * of this side's items (the one it is asked to defend) and one of theirs;
 * the answer defends the first with this side's next strongest item.
 */
function answerTo(question: string, side: "bull" | "bear", mine: Evidence[], theirs: Evidence[], weight: (e: Evidence) => number): string {
  const ids = quotedIds(question);
  const asked = mine.find((e) => ids.includes(e.id));
  const against = theirs.find((e) => ids.includes(e.id));
  const support = mine.find((e) => e !== asked) ?? null;
  if (!asked) {
    const best = mine[0];
    return best ? `${cite(best)} still supports the ${CASE[side]} case.` : "We have no evidence on the board for our case.";
  }
  const head = against
    ? `${cite(asked)} (weight ${weight(asked).toFixed(2)}) outweighs ${cite(against)} (weight ${weight(against).toFixed(2)})`
    : `${cite(asked)} stands`;
  return support ? `${head}, and ${cite(support)} also supports the ${CASE[side]} case.` : `${head}; it supports the ${CASE[side]} case.`;
}

/**
 * Offline bull / bear turn (see module doc).
 *
 * @example
 * researcherPolicy({ brief, side: "bull", round: 1, maxRounds: 2, transcript: [] }).cited_evidence; // two strongest positive ids
 */
export function researcherPolicy(input: ResearcherInput): DebateComment {
  const { brief, side } = input;
  const other = side === "bull" ? "bear" : "bull";
  const mine = sidePool(brief, side);
  const theirs = sidePool(brief, other);
  const citedByMe = new Set(input.transcript.filter((t) => t.side === side).flatMap((t) => t.cited_evidence));
  const fresh = mine.filter((e) => !citedByMe.has(e.id)).slice(0, PER_TURN);
  const myWeight = total(brief, mine);
  const theirWeight = total(brief, theirs);
  const previous = input.transcript.at(-1) ?? null;
  const concedes = theirWeight > 0 && (mine.length === 0 || (input.round >= 2 && myWeight * CONCEDE_RATIO < theirWeight));
  const label = side === "bull" ? "Bull" : "Bear";
  const weight = (e: Evidence) => evidenceWeight(brief, e);

  const answer = previous?.question ? answerTo(previous.question, side, mine, theirs, weight) : null;
  // Challenge the other side's strongest item not yet challenged, against this side's strongest.
  const asked = new Set(input.transcript.filter((t) => t.side === side).flatMap((t) => quotedIds(t.question)));
  const target = theirs.find((e) => !asked.has(e.id)) ?? theirs[0];
  const lead = mine[0];
  const question =
    concedes || !lead ? null : target ? `Why should ${cite(target)} outweigh ${cite(lead)}?` : `What evidence on the board answers ${cite(lead)}?`;
  const argument = concedes
    ? `${label} concedes: the ${other} evidence (weight ${theirWeight.toFixed(2)}) outweighs ours (${myWeight.toFixed(2)}).`
    : fresh.length
      ? `${label} case for ${brief.ticker}: ${fresh.map(cite).join("; ")}.`
      : `${label} case for ${brief.ticker}: no new evidence beyond what we cited.`;
  return {
    side,
    round: input.round,
    argument,
    cited_evidence: concedes ? [] : fresh.map((e) => e.id),
    question,
    answer,
    concedes,
    conviction: round6(myWeight + theirWeight > 0 ? myWeight / (myWeight + theirWeight) : 0.5),
  };
}

/**
 * Offline research manager (see module doc).
 *
 * @example
 * managerPolicy({ brief, transcript, rounds: 2, stopReason: "max_rounds" }).view; // "BUY" | "HOLD" | "SELL"
 */
export function managerPolicy(input: ManagerInput): FinalReport {
  const { brief } = input;
  const byId = new Map(brief.evidence.map((e) => [e.id, e]));
  const cited = (side: "bull" | "bear") => {
    // Without a debate the manager weighs every directional item of the brief itself.
    if (input.stopReason === "no_debate") return brief.evidence.filter((e) => e.direction === (side === "bull" ? 1 : -1));
    const ids = new Set(input.transcript.filter((t) => t.side === side).flatMap((t) => t.cited_evidence));
    return [...ids].map((id) => byId.get(id)).filter((e): e is Evidence => e !== undefined);
  };
  const bull = cited("bull");
  const bear = cited("bear");
  const b = total(brief, bull);
  const r = total(brief, bear);
  const score = (b - r) / (b + r + 1);
  const view = score > VIEW_THRESHOLD ? "BUY" : score < -VIEW_THRESHOLD ? "SELL" : "HOLD";
  const confidence = view === "HOLD" ? 0.5 : Math.min(1, 0.5 + Math.abs(score));
  const winners = view === "BUY" ? bull : view === "SELL" ? bear : [...bull, ...bear];
  return {
    view,
    confidence: round6(confidence),
    thesis:
      `${brief.ticker}: ${view} (score ${score >= 0 ? "+" : ""}${score.toFixed(2)}). ` +
      `Bull evidence weight ${b.toFixed(2)} from ${bull.length} item(s), bear ${r.toFixed(2)} from ${bear.length}; ` +
      (input.stopReason === "no_debate"
        ? "no debate (ablated): every analyst item weighed."
        : `debate ended after ${input.rounds} round(s) (${input.stopReason.replace(/_/g, " ")}).`) +
      historyNote(brief.history, view),
    bull_case: bull.map((e) => e.claim),
    bear_case: bear.map((e) => e.claim),
    supporting_evidence: winners.map((e) => e.id),
    score: round6(Math.max(-1, Math.min(1, score))),
    debate_rounds: input.rounds,
    stop_reason: input.stopReason,
  };
}

/** " Previously BUY on 2025-01-02 (final HOLD); view unchanged." — or "" without history. */
function historyNote(history: readonly PastView[], view: FinalReport["view"]): string {
  const last = history.at(-1);
  if (!last) return "";
  const then = last.research_view ?? last.final_action;
  const final = last.final_action && last.final_action !== last.research_view ? ` (final ${last.final_action})` : "";
  return ` Previously ${then ?? "no view"} on ${last.date}${final}; view ${then === view ? "unchanged" : `changed to ${view}`}.`;
}

/**
 * The offline bull and bear researchers and research manager of the
 * Blackboard paper: data-grounded stand-ins for the model (results labelled
 * offline) that argue only from the research brief (agent-inputs.ts) and say
 * only what the numbers on the board support. Every sentence is rendered from
 * a recorded claim (claims.ts; `researcherTurn` returns them).
 *
 * Weight of an item: strength x (0.5 + 0.5 x confidence of its analyst),
 * stated to two decimals; every comparison is made on the stated weights.
 * A side weighs each underlying record once (`sameRecordsOnce`: a post or
 * headline is not weighed again beside the mean tone it is part of).
 * - Argument: the side's two strongest items not yet cited, with weights.
 * - Question: "Why should <other side's strongest item not yet asked about>
 *   outweigh <our strongest item>?", both named by noun phrases with id and weight.
 * - Answer: the item of ours the question names is set against theirs, and
 *   the sentence says which one is heavier ("A (weight a) outweighs B (weight
 *   b)" only when a > b); when theirs is heavier, our next item is added when
 *   the two together outweigh it.
 * - Concession (round 2 on, or at once without evidence): when the other
 *   side's cited weight exceeds 3 x (our cited + our still uncited weight); it
 *   quotes the cited weights, which are the FinalReport's (the debate ends on it).
 * The manager nets the cited evidence: score = (B - R) / (B + R + 1), BUY
 * above +0.15, SELL below -0.15, HOLD otherwise. Without a debate
 * (ablate=debate) it nets every directional item of the brief instead.
 * Earlier views of the ticker (the brief's `history`, read from the
 * blackboard) are quoted in the thesis.
 */
import type { ManagerInput, PastView, ResearchBrief, ResearcherInput } from "../agent-inputs";
import { quotedIds } from "../debate";
import type { DebateComment, Evidence, FinalReport } from "../messages";
import { round6 } from "../numbers";
import { nounPhrase, rendered, stated, weighed, type Claim } from "./claims";

/** The manager's score above which the view is BUY (below minus it, SELL). */
export const VIEW_THRESHOLD = 0.15;
/** A side concedes when the other side's cited weight is more than this many times all of its own. */
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

/**
 * A side's evidence with each underlying record counted once: a text
 * analyst's mean tone (`news.tone`, `social.tone`) is the mean over its items
 * (`news.item0`, ...), so an item on the same side as its analyst's mean tone
 * is already in that side's weight and is left out; items on the other side
 * of their mean stay (the mean does not argue for them).
 *
 * @example
 * sameRecordsOnce([socialTone, socialItem0, marketMacd]); // [socialTone, marketMacd] when both social ids point up
 */
export function sameRecordsOnce(side: readonly Evidence[]): Evidence[] {
  const aggregates = new Set(side.filter((e) => /\.tone$/.test(e.id)).map((e) => e.id.split(".")[0]));
  return side.filter((e) => !(/\.item\d+$/.test(e.id) && aggregates.has(e.id.split(".")[0]!)));
}

function sidePool(brief: ResearchBrief, side: "bull" | "bear"): Evidence[] {
  const dir = side === "bull" ? 1 : -1;
  return sameRecordsOnce(brief.evidence.filter((e) => e.direction === dir)).sort(
    (a, b) => evidenceWeight(brief, b) - evidenceWeight(brief, a) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

const total = (brief: ResearchBrief, list: Evidence[]) => list.reduce((acc, e) => acc + evidenceWeight(brief, e), 0);

/**
 * The evidence each side cited over a debate, in first-citation order, and
 * its total weight: what the manager nets and a concession quotes.
 *
 * @example
 * citedBySide(brief, transcript).bull.weight; // sum of the bull's cited weights
 */
export function citedBySide(brief: ResearchBrief, transcript: readonly DebateComment[]): Record<"bull" | "bear", { items: Evidence[]; weight: number }> {
  const byId = new Map(brief.evidence.map((e) => [e.id, e]));
  const of = (side: "bull" | "bear") => {
    const ids = new Set(transcript.filter((t) => t.side === side).flatMap((t) => t.cited_evidence));
    const items = [...ids].map((id) => byId.get(id)).filter((e): e is Evidence => e !== undefined);
    return { items, weight: total(brief, items) };
  };
  return { bull: of("bull"), bear: of("bear") };
}

const cite = (e: Evidence, w: number) => `${e.claim} [${e.id}] (weight ${stated(w).toFixed(2)})`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The case a side argues, as its answers name it. */
const CASE: Record<"bull" | "bear", string> = { bull: "upside", bear: "downside" };

/** A claim with its rendered sentence. */
function claim(kind: Claim["kind"], item: Evidence | null, cited: Evidence[], score: number, threshold: number, text: string): Claim {
  return { kind, item: item?.id ?? null, cited: cited.map((e) => e.id), score: round6(score), threshold: round6(threshold), text };
}

/**
 * The answer of `side` to the other side's question (see module doc): the
 * question names one of this side's items and one of theirs.
 */
function answerClaims(question: string, side: "bull" | "bear", mine: Evidence[], theirs: Evidence[], w: (e: Evidence) => number): Claim[] {
  const ids = quotedIds(question);
  const asked = mine.find((e) => ids.includes(e.id));
  const against = theirs.find((e) => ids.includes(e.id));
  const support = mine.find((e) => e !== asked) ?? null;
  const theCase = `the ${CASE[side]} case`;
  if (!asked) {
    const best = mine[0];
    return best
      ? [claim("support", best, [best], w(best), 0, `${capital(weighed(best, w(best)))} supports ${theCase}.`)]
      : [claim("no_case", null, [], 0, 0, `We have no evidence on the board for ${theCase}.`)];
  }
  const a = w(asked);
  const out: Claim[] = [];
  if (!against) {
    out.push(claim("support", asked, [asked], a, 0, `${capital(weighed(asked, a))} supports ${theCase}.`));
  } else {
    const b = w(against);
    if (a > b) out.push(claim("compare", asked, [asked, against], a - b, 0, `${capital(weighed(asked, a))} outweighs ${weighed(against, b)}.`));
    else if (a === b) out.push(claim("tie", asked, [asked, against], 0, 0, `${capital(weighed(asked, a))} weighs as much as ${weighed(against, b)}.`));
    else {
      out.push(claim("compare", against, [against, asked], b - a, 0, `${capital(weighed(against, b))} outweighs ${weighed(asked, a)} on its own.`));
      const s = support ? w(support) : 0;
      if (support && stated(a + s) > b)
        out.push(
          claim(
            "together",
            asked,
            [asked, support, against],
            stated(a + s) - b,
            0,
            `Together, ${nounPhrase(asked)} [${asked.id}] and ${nounPhrase(support)} [${support.id}] (weight ${stated(a + s).toFixed(2)}) outweigh ${weighed(against, b)}; both support ${theCase}.`,
          ),
        );
      else out.push(claim("support", asked, [asked], a, 0, `${capital(weighed(asked, a))} still supports ${theCase}.`));
      return out;
    }
  }
  if (support) out.push(claim("support", support, [support], w(support), 0, `${capital(weighed(support, w(support)))} also supports ${theCase}.`));
  return out;
}

/** The concession sentence: the cited weights (the FinalReport's) and the 3:1 rule it follows. */
function concession(
  label: string,
  other: "bull" | "bear",
  theirs: Evidence[],
  w: { theirCited: number; myCited: number; uncited: number; reach: number },
): Claim {
  return claim(
    "concede",
    null,
    theirs,
    w.theirCited - CONCEDE_RATIO * w.reach,
    0,
    `${label} concedes: the ${other} evidence cited (weight ${w.theirCited.toFixed(2)}) outweighs ours (weight ${w.myCited.toFixed(2)}), ` +
      `and our uncited evidence (weight ${w.uncited.toFixed(2)}) cannot bring us within ${CONCEDE_RATIO}:1 ` +
      `(${w.theirCited.toFixed(2)} > ${CONCEDE_RATIO} x ${w.reach.toFixed(2)}).`,
  );
}

/** One offline bull / bear turn: the DebateComment and the claims its argument, question and answer are rendered from. */
export interface ResearcherTurn {
  comment: DebateComment;
  claims: { argument: Claim[]; question: Claim[]; answer: Claim[] };
}

/**
 * Offline bull / bear turn with its claims (see module doc).
 *
 * @example
 * researcherTurn({ brief, side: "bull", round: 1, maxRounds: 2, transcript: [] }).claims.argument[0].kind; // "case"
 */
export function researcherTurn(input: ResearcherInput): ResearcherTurn {
  const { brief, side } = input;
  const other = side === "bull" ? "bear" : "bull";
  const mine = sidePool(brief, side);
  const theirs = sidePool(brief, other);
  const w = (e: Evidence) => stated(evidenceWeight(brief, e));
  const citedByMe = new Set(input.transcript.filter((t) => t.side === side).flatMap((t) => t.cited_evidence));
  const fresh = mine.filter((e) => !citedByMe.has(e.id)).slice(0, PER_TURN);
  const cited = citedBySide(brief, input.transcript);
  const myCited = stated(cited[side].weight);
  const theirCited = stated(cited[other].weight);
  const uncited = stated(
    total(
      brief,
      mine.filter((e) => !citedByMe.has(e.id)),
    ),
  );
  const reach = stated(myCited + uncited);
  const concedes = theirCited > 0 && (input.round >= 2 || mine.length === 0) && theirCited > CONCEDE_RATIO * reach;
  const label = side === "bull" ? "Bull" : "Bear";
  const previous = input.transcript.at(-1) ?? null;

  const answer = previous?.question && !concedes ? answerClaims(previous.question, side, mine, theirs, w) : [];
  // Challenge the other side's strongest item not yet challenged, against this side's strongest.
  const askedBefore = new Set(input.transcript.filter((t) => t.side === side).flatMap((t) => quotedIds(t.question)));
  const target = theirs.find((e) => !askedBefore.has(e.id)) ?? theirs[0];
  const lead = mine[0];
  const question: Claim[] =
    concedes || !lead
      ? []
      : target
        ? [claim("ask", target, [target, lead], w(target), w(lead), `Why should ${weighed(target, w(target))} outweigh ${weighed(lead, w(lead))}?`)]
        : [claim("ask", lead, [lead], w(lead), 0, `What evidence on the board answers ${weighed(lead, w(lead))}?`)];
  const argument: Claim[] = concedes
    ? [concession(label, other, cited[other].items, { theirCited, myCited, uncited, reach })]
    : fresh.length
      ? [
          claim(
            "case",
            null,
            fresh,
            stated(fresh.reduce((acc, e) => acc + w(e), 0)),
            0,
            `${label} case for ${brief.ticker}: ${fresh.map((e) => cite(e, w(e))).join("; ")}.`,
          ),
        ]
      : [
          claim(
            "no_case",
            null,
            [],
            0,
            0,
            mine.length
              ? `${label} case for ${brief.ticker}: no new evidence beyond what we cited.`
              : `${label} case for ${brief.ticker}: no ${side === "bull" ? "bullish" : "bearish"} evidence on the board.`,
          ),
        ];
  const myWeight = total(brief, mine);
  const theirWeight = total(brief, theirs);
  const comment: DebateComment = {
    side,
    round: input.round,
    argument: rendered(argument)!,
    cited_evidence: concedes ? [] : fresh.map((e) => e.id),
    question: rendered(question),
    answer: rendered(answer),
    concedes,
    conviction: round6(myWeight + theirWeight > 0 ? myWeight / (myWeight + theirWeight) : 0.5),
  };
  return { comment, claims: { argument, question, answer } };
}

/**
 * Offline bull / bear turn (see module doc): `researcherTurn`'s comment.
 *
 * @example
 * researcherPolicy({ brief, side: "bull", round: 1, maxRounds: 2, transcript: [] }).cited_evidence; // two strongest positive ids
 */
export function researcherPolicy(input: ResearcherInput): DebateComment {
  return researcherTurn(input).comment;
}

/**
 * Offline research manager (see module doc).
 *
 * @example
 * managerPolicy({ brief, transcript, rounds: 2, stopReason: "max_rounds" }).view; // "BUY" | "HOLD" | "SELL"
 */
export function managerPolicy(input: ManagerInput): FinalReport {
  const { brief } = input;
  const debated = citedBySide(brief, input.transcript);
  // Without a debate the manager weighs every directional item of the brief itself.
  const cited = (side: "bull" | "bear") =>
    input.stopReason === "no_debate" ? sameRecordsOnce(brief.evidence.filter((e) => e.direction === (side === "bull" ? 1 : -1))) : debated[side].items;
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
      `${brief.ticker}: ${view} (score ${score >= 0 ? "+" : ""}${score.toFixed(3)} = (B - R) / (B + R + 1); BUY above +${VIEW_THRESHOLD.toFixed(2)}, SELL below -${VIEW_THRESHOLD.toFixed(2)}). ` +
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

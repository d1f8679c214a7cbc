/**
 * How an offline advisor takes up a peer's argument: it works out which
 * requirement of the ad the argument spoke to (the requirement whose stems
 * and noun phrases the argument carries best; none for a general verdict
 * such as an opener or a recommendation), compares the argument's tone with
 * its own reading of the resume on that point, and answers accordingly
 * (phrasing.ts `echoSentence`): agreement, partial agreement, or
 * disagreement quoting the clause the peer left out.
 */
import { isContentStem, stemsOf } from "./job-reading";
import type { EchoReply, EchoStance } from "./phrasing";
import { evidenceScore, type Evidence } from "./resume-reading";
import type { PeerStatement } from "../types";

/** One argument a peer made, as a candidate for an echo. */
export interface EchoOption {
  agent: string;
  argument: string;
  sentiment: number;
  /** The round of the peer's statement. */
  round: number;
}

/** An argument speaks to a requirement when its evidence score for it reaches this. */
export const TOPIC_MATCH = 0.3;
/** An argument takes a stance when |f(A)| reaches this: a neutral one ("The resume speaks to part of ...") is not agreed or disagreed with. */
export const STANCE_MIN = 0.05;

/**
 * Every argument with a stance (|sentiment| >= STANCE_MIN) the peers made in their latest statements, in speaking order.
 *
 * @example
 * echoOptions([{ role: "Chief Financial Officer", arguments: ["a", "b"], argumentSentiments: [0.2, -0.5], ... }]);
 * // [{ agent: "Chief Financial Officer", argument: "a", sentiment: 0.2, round: 1 }, { ..., argument: "b", sentiment: -0.5, round: 1 }]
 */
export function echoOptions(peers: readonly PeerStatement[]): EchoOption[] {
  return peers.flatMap((p) =>
    p.arguments
      .map((argument, i) => ({ agent: p.role, argument, sentiment: p.argumentSentiments[i] ?? 0, round: p.round }))
      .filter((o) => Math.abs(o.sentiment) >= STANCE_MIN),
  );
}

/**
 * The speaker's reply to one peer argument: the requirement it is about
 * (best evidence score >= TOPIC_MATCH over the speaker's own evidence; the
 * candidate's name and the peer's title do not count; the job title's own
 * item only when the peer named it or no other item fits), and whether the
 * speaker's reading agrees with the argument's tone. For a general verdict
 * the speaker's own base stance decides.
 *
 * @example
 * const reply = understandEcho(option, evidence, new Set([3, 7]), weights, 0.4, "Ada Obi");
 * reply.relation; // "agree" when the peer's concern is a gap in the speaker's reading too
 */
export function understandEcho(
  option: EchoOption,
  evidence: readonly Evidence[],
  myPriorities: ReadonlySet<number>,
  weights: ReadonlyMap<string, number>,
  baseStance: number,
  candidateName: string,
): EchoReply {
  const ignore = new Set(stemsOf(`${candidateName} ${option.agent}`));
  const stems = new Set(stemsOf(option.argument).filter((s) => isContentStem(s) && !ignore.has(s)));
  let best: { e: Evidence; score: number } | null = null;
  // The job title's own item carries one or two words ("technology"): it is the peer's point when the peer named it
  // or when no specific item fits, not whenever a word of the title occurs.
  const named = evidence.filter((e) => e.requirement.role && option.argument.includes(e.requirement.label));
  for (const pool of [named, evidence.filter((e) => !e.requirement.role), evidence]) {
    for (const e of pool) {
      const score = evidenceScore(e.requirement, stems, weights);
      if (score >= TOPIC_MATCH && (!best || score > best.score)) best = { e, score };
    }
    if (best) break;
  }
  const peerPositive = option.sentiment >= 0;
  const said = { peerRole: option.agent, argument: option.argument, argumentSentiment: option.sentiment, peerRound: option.round, peerPositive };
  if (!best) {
    const agree = baseStance >= 0 === peerPositive;
    return { ...said, evidence: null, relation: agree ? "agree" : "disagree", mine: false };
  }
  return { ...said, evidence: best.e, relation: relationTo(best.e, peerPositive), mine: myPriorities.has(best.e.requirement.id) };
}

/**
 * Agreement of the speaker's verdict on a requirement with a positive or
 * negative peer argument about it: a met point agrees with praise and
 * contradicts a concern; a gap, missing or merely partial support agrees
 * with a concern and contradicts praise; a mixed picture half agrees.
 */
function relationTo(e: Evidence, peerPositive: boolean): EchoStance {
  if (e.verdict === "mixed") return "partly";
  const good = e.verdict === "met";
  return good === peerPositive ? "agree" : "disagree";
}

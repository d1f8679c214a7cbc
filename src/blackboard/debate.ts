/**
 * The structured debate protocol shared by the researcher debate (bull vs
 * bear) and the risk debate (aggressive / neutral / conservative), as the
 * Blackboard paper describes it (§3.2): speakers take turns in a fixed order
 * with ask / answer cross-examination (each turn answers the previous
 * speaker's question and asks one), for a fixed number of rounds, "or earlier
 * if consensus or no new evidence emerges".
 *
 * Stop rules, checked in this order:
 * - consensus: immediately after a turn whose speaker concedes, or at the end
 *   of a round where the optional `consensus` predicate holds;
 * - no new evidence: at the end of a round in which no turn cited an evidence
 *   id that had not been cited earlier in the debate;
 * - max rounds.
 *
 * A turn points at an item of the brief by quoting its id as "[id]" (`quotedIds`).
 */

export type StopReason = "max_rounds" | "consensus" | "no_new_evidence";

export interface DebateSpec<C> {
  /** Speaking order within a round. */
  speakers: readonly string[];
  maxRounds: number;
  /** Produce (and usually post) one turn; `previous` is the last turn of the debate, if any. */
  speak(speaker: string, round: number, transcript: readonly C[], previous: C | null): Promise<C>;
  /** Evidence ids a turn cites. */
  cited(turn: C): readonly string[];
  /** True when the speaker accepts the other side's view. */
  concedes(turn: C): boolean;
  /** Optional end-of-round consensus test on the round's turns (e.g. all recommend the same action). */
  consensus?(roundTurns: readonly C[], transcript: readonly C[]): boolean;
}

export interface DebateOutcome<C> {
  transcript: C[];
  /** Rounds started (the last may be partial when a speaker conceded). */
  rounds: number;
  stopReason: StopReason;
  /** Distinct evidence ids cited over the debate, in first-citation order. */
  evidence: string[];
}

/**
 * Run a debate under the protocol above.
 *
 * @example
 * const out = await runDebate({ speakers: ["bull", "bear"], maxRounds: 2, speak, cited: (c) => c.cited_evidence, concedes: (c) => c.concedes });
 * out.stopReason; // "max_rounds" | "consensus" | "no_new_evidence"
 */
export async function runDebate<C>(spec: DebateSpec<C>): Promise<DebateOutcome<C>> {
  if (!Number.isInteger(spec.maxRounds) || spec.maxRounds < 1) throw new RangeError(`runDebate: maxRounds must be an integer >= 1, got ${spec.maxRounds}`);
  if (spec.speakers.length < 2) throw new RangeError("runDebate: needs at least two speakers");
  const transcript: C[] = [];
  const seen = new Set<string>();
  const evidence: string[] = [];
  for (let round = 1; round <= spec.maxRounds; round++) {
    const roundTurns: C[] = [];
    let newEvidence = 0;
    for (const speaker of spec.speakers) {
      const turn = await spec.speak(speaker, round, transcript, transcript.at(-1) ?? null);
      transcript.push(turn);
      roundTurns.push(turn);
      for (const id of spec.cited(turn)) {
        if (!seen.has(id)) {
          seen.add(id);
          evidence.push(id);
          newEvidence++;
        }
      }
      if (spec.concedes(turn)) return { transcript, rounds: round, stopReason: "consensus", evidence };
    }
    if (spec.consensus?.(roundTurns, transcript)) return { transcript, rounds: round, stopReason: "consensus", evidence };
    if (newEvidence === 0) return { transcript, rounds: round, stopReason: "no_new_evidence", evidence };
  }
  return { transcript, rounds: spec.maxRounds, stopReason: "max_rounds", evidence };
}

/**
 * Evidence ids quoted in a question or answer as "[id]", in order: how a
 * cross-examination turn points at a specific item of the brief.
 *
 * @example
 * quotedIds("Why should lawsuit [news.item0] outweigh MACD [market.macd]?"); // ["news.item0", "market.macd"]
 */
export function quotedIds(text: string | null): string[] {
  return text ? [...text.matchAll(/\[([A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)+)\]/g)].map((m) => m[1]!) : [];
}

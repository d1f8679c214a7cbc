/**
 * Re-checks a statement's verdict from scratch: the score and its parts it
 * states are the ad's and the resume's (fitFromScratch, no memo), the bars
 * are the decision rule's, a failed must is said only when a must is
 * lacking, the sentence is the claim's, the tone target is toneTarget of the
 * recorded stance and decision, and the closing phrase is the rung of its
 * ladder that lands the statement's f(A) nearest that target.
 */
import { ADVANCE_SCORE, REJECT_SCORE, barClause, nearestRung, renderVerdict, scoreDigits, stated, toneTarget } from "./fit-score";
import {
  argumentTones,
  assessCandidate,
  fitFromScratch,
  openMusts,
  ownGap,
  quotableStrengths,
  type OfflineStatement,
  type StatementPolicyInput,
} from "./offline-agent";
import type { Claim } from "./phrasing";

/**
 * The problems of a statement's verdict (empty when it holds; a statement without a verdict is one problem).
 *
 * @example
 * verdictProblems(input, offlineStatement(input, rng, 1.5)); // []
 */
export function verdictProblems(input: StatementPolicyInput, result: OfflineStatement, lackingMust: boolean): string[] {
  const index = result.claims.findIndex((c) => c.kind === "verdict");
  if (index < 0) return ["no verdict"];
  const claim: Claim = result.claims[index]!;
  const v = claim.verdict!;
  const out: string[] = [];
  const fresh = fitFromScratch(input);
  for (const key of ["match", "focus", "evidence", "score"] as const) {
    if (stated(v[key]) !== stated(fresh[key])) out.push(`states ${key} ${stated(v[key])}, the data give ${stated(fresh[key])}`);
  }
  if (result.sentences[index] !== renderVerdict(claim)) out.push("the sentence is not the verdict's");
  const decision = result.plan.decision;
  if (v.spec.decision !== decision) out.push(`states the decision ${v.spec.decision}, the plan's is ${decision}`);
  if (!result.sentences[index]!.includes(barClause(v.spec, scoreDigits(v.score)))) out.push("the rule is not stated");
  if (decision === "probe" && (v.spec.aboveBar === true) !== v.score >= ADVANCE_SCORE)
    out.push(`says the score ${stated(v.score)} is ${v.spec.aboveBar ? "above" : "below"} the advance bar`);
  // The rule it states is true of the number it states.
  if (!v.mustFailed) {
    if (decision === "advance" && !(v.score >= ADVANCE_SCORE - 1e-12)) out.push(`advances at ${stated(v.score)}, below the ${stated(ADVANCE_SCORE)} bar`);
    if (decision === "reject" && !(v.score <= REJECT_SCORE + 1e-12)) out.push(`declines at ${stated(v.score)}, above the ${stated(REJECT_SCORE)} bar`);
    const held = assessCandidate(input);
    const blocked = quotableStrengths(held) === 0 || openMusts(held).length > 0 || ownGap(held) !== null;
    if (decision === "probe" && !(v.score > REJECT_SCORE && (v.score < ADVANCE_SCORE || blocked)))
      out.push(`probes at ${stated(v.score)}, outside the bars, with points met to quote`);
  }
  if (v.spec.unverifiedMust && !openMusts(assessCandidate(input)).some((m) => m.must.label === v.spec.unverifiedMust))
    out.push(`says the must of ${v.spec.unverifiedMust} is unverified`);
  if ((v.spec.ownGap ?? null) !== (ownGap(assessCandidate(input))?.evidence.requirement.label ?? null))
    out.push(`says the gap on ${v.spec.ownGap} keeps it from advancing`);
  if (v.spec.round !== input.round) out.push(`says round ${v.spec.round} in round ${input.round}`);
  if (v.mustFailed !== lackingMust) out.push(`says a failed must decides: ${v.mustFailed}, a must is lacking: ${lackingMust}`);
  const target = toneTarget(result.plan.stance, result.plan.decision);
  if (Math.abs(v.target - target) > 1e-12) out.push(`tone target ${v.target} is not toneTarget of the stance (${target})`);
  // The phrase is the rung that lands the statement nearest its tone, given every other argument said.
  const others = result.sentences.filter((_, i) => i !== index).flatMap(argumentTones);
  const nearest = nearestRung(v.spec, others, target);
  if (nearest.phrase !== v.phrase) out.push(`closes on "${v.phrase}", but "${nearest.phrase}" lands nearer its tone ${target.toFixed(3)}`);
  return out;
}

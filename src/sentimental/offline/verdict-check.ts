/**
 * Re-checks a statement's verdict from scratch: the score and its parts it
 * states are the ad's and the resume's (fitFromScratch, no memo), the bars
 * are the decision rule's, a failed must is said only when a must is
 * lacking, the sentence is the claim's, the tone target is toneTarget of the
 * recorded stance and decision, and the closing phrase is the rung of its
 * ladder that lands the statement's f(A) nearest that target.
 */
import { ADVANCE_SCORE, REJECT_SCORE, nearestRung, renderVerdict, stated, toneTarget } from "./fit-score";
import { argumentTones, fitFromScratch, type OfflineStatement, type StatementPolicyInput } from "./offline-agent";
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
  if (!result.sentences[index]!.includes(`against ${stated(ADVANCE_SCORE)} to advance and ${stated(REJECT_SCORE)} to decline`)) out.push("bars not stated");
  if (v.mustFailed !== lackingMust) out.push(`says a failed must decides: ${v.mustFailed}, a must is lacking: ${lackingMust}`);
  const target = toneTarget(result.plan.stance, result.plan.decision);
  if (Math.abs(v.target - target) > 1e-12) out.push(`tone target ${v.target} is not toneTarget of the stance (${target})`);
  // The phrase is the rung that lands the statement nearest its tone, given every other argument said.
  const others = result.sentences.filter((_, i) => i !== index).flatMap(argumentTones);
  const nearest = nearestRung(result.plan.decision, v.mustFailed, others, target);
  if (nearest.phrase !== v.phrase) out.push(`closes on "${v.phrase}", but "${nearest.phrase}" lands nearer its tone ${target.toFixed(3)}`);
  return out;
}

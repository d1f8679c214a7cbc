/**
 * An advisor's items read against a resume: each item's evidence (resume-reading.ts `assess`), with a location or
 * credential must's own item read as its check reads it (`mustEvidence`), and the coverage they add up to,
 * sum w v / sum w over the items' weights. The score and the statement then count the same reading of a must.
 */
import { checkMust, type MustCheck, type MustRequirement } from "./hard-requirements";
import type { Requirement } from "./job-reading";
import { assess, GAP_VALUE, YEARS_MET, type Evidence, type ResumeReading } from "./resume-reading";
import type { WeighedRequirement } from "./role-lens";

/** The ad as the offline agents read it: its items, their stem weights and its musts. */
export interface JobReading {
  requirements: Requirement[];
  weights: Map<string, number>;
  musts: MustRequirement[];
}

/**
 * A location or credential must's own item, as its check reads it: met where the check finds the place or the
 * credential (the clause it cites is the support, worth what enough years are worth), a gap where the resume declines
 * or lacks it, in part where it speaks to it without settling it (a must to check), else the item as retrieval read
 * it. Retrieval cannot tell "willing to relocate to Nairobi" (a wish, no claim) from a claim, nor "never worked with
 * plant data" from a word on being based near the plants; the check does, and the score must count what the
 * statement says of the must.
 *
 * @example
 * mustEvidence(evidence, { must: nairobiMust, status: "met", clause, stated: null }).verdict; // "met"
 */
export function mustEvidence(evidence: Evidence, check: MustCheck): Evidence {
  if (check.must.kind === "years" || check.must.requirement.id !== evidence.requirement.id) return evidence;
  if (check.status === "met" && check.clause) {
    const score = Math.max(evidence.support?.clause === check.clause ? evidence.support.score : 0, evidence.coverage);
    const support = { clause: check.clause, score };
    return { ...evidence, verdict: "met", support, quote: support, limitation: null, value: Math.max(evidence.value, YEARS_MET) };
  }
  if (check.status === "lacking") return { ...evidence, verdict: "gap", value: Math.min(evidence.value, GAP_VALUE) };
  // A must the resume speaks to without settling it ("would need to relocate with my family") is to be checked: in
  // part, as the statement says it, and no count against the candidate until it is checked.
  if (check.status === "unverified" && check.clause && evidence.verdict !== "met")
    return { ...evidence, verdict: "partial", value: Math.max(evidence.value, 0) };
  return evidence;
}

/**
 * Each item's evidence, every must checked (`checkMust`) and applied to its own item (`mustEvidence`), and the
 * coverage the items add up to, sum w v / sum w (in [-1, 1]).
 *
 * @example
 * assessItems(readResume(["Engineer based in Nairobi."]), items, job).coverage; // the weighted mean of the items' values
 */
export function assessItems(reading: ResumeReading, items: readonly WeighedRequirement[], job: JobReading) {
  const musts = job.musts.map((m) => checkMust(reading, m));
  const assessed = items.map((w) => ({
    weight: w.weight,
    evidence: musts.reduce((e, m) => mustEvidence(e, m), assess(reading, w.requirement, job.weights)),
  }));
  const total = assessed.reduce((a, x) => a + x.weight, 0);
  const coverage = total > 0 ? assessed.reduce((a, x) => a + x.weight * x.evidence.value, 0) / total : 0;
  return { assessed, musts, coverage };
}

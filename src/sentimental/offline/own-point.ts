/**
 * The advisor's own point: a priority of its function (not the job title's
 * item every advisor reads, nor a must every advisor checks), said whatever
 * the sampling, on the weightiest one the statement can speak to its
 * decision's way. A probing CFO who weighs financial literacy above all says
 * what the resume shows of it ("limited formal budgeting experience"), a
 * strength where it is met, else a concern; an advancing statement says its
 * weightiest own strength (else the part of an own item it meets in part, in
 * the candidate's favour), a rejecting one its weightiest own concern (a
 * statement keeps its decision's tone, from which the decision is read). A
 * probe's tone fit keeps it (tone-fit.ts).
 */
import type { Claim, Decision } from "./phrasing";
import type { Evidence } from "./resume-reading";

/** A body claim on offer and its sampling weight. */
export interface BodyOption {
  claim: Claim;
  weight: number;
}

/**
 * The advisor's own items, weightiest first: its priorities beyond the job title's item and the musts every member
 * checks (what `markOwnPoint` says and decision-rule.ts `ownGap` reads).
 *
 * @example
 * ownItems(assessment.items, assessment.priorities, new Set())[0]?.evidence.requirement.label; // "financial literacy and unit economics" for a CFO
 */
export function ownItems<T extends { weight: number; evidence: Evidence }>(
  items: readonly T[],
  priorities: ReadonlySet<number>,
  mustIds: ReadonlySet<number>,
): T[] {
  return items
    .filter((x) => priorities.has(x.evidence.requirement.id) && !x.evidence.requirement.role && !mustIds.has(x.evidence.requirement.id))
    .sort((a, b) => b.weight - a.weight || a.evidence.requirement.id - b.evidence.requirement.id);
}

/**
 * Marks the own point among the claims on offer (its copy carries `remit: true` and takes its place in `strong` or
 * `weak`), and returns it; null when no own item has a claim the decision may say.
 *
 * @example
 * markOwnPoint(assessment.items, assessment.priorities, new Set(), "probe", strong, weak)?.remit; // true
 */
export function markOwnPoint(
  items: ReadonlyArray<{ weight: number; evidence: Evidence }>,
  priorities: ReadonlySet<number>,
  mustIds: ReadonlySet<number>,
  decision: Decision,
  strong: BodyOption[],
  weak: BodyOption[],
): Claim | null {
  const own = ownItems(items, priorities, mustIds);
  for (const x of own) {
    const id = x.evidence.requirement.id;
    const found =
      (decision === "reject" ? undefined : strong.find((c) => c.claim.item?.id === id)) ??
      (decision === "advance" ? undefined : weak.find((w) => w.claim.item?.id === id));
    if (found) {
      found.claim = { ...found.claim, remit: true };
      return found.claim;
    }
  }
  // An advancing statement with no own strength to state says what the resume shows of its weightiest own item that
  // counts in the candidate's favour (a CFO on "a 1.1 million dollar technology budget", partial support of financial
  // literacy), rather than nothing of its function.
  if (decision !== "advance") return null;
  for (const x of own) {
    if (x.evidence.value <= 0) continue;
    const found = weak.find((w) => w.claim.item?.id === x.evidence.requirement.id && w.claim.kind === "partial" && w.claim.part !== undefined);
    if (found) {
      found.claim = { ...found.claim, remit: true };
      return found.claim;
    }
  }
  return null;
}

/**
 * Puts the own point among the picks when sampling left it out, even where the statement's share of its kind is
 * spent: it takes the place of the last pick of the other kind when the body is full.
 *
 * @example
 * sayOwnPoint(remit, strong, pickedStrong, pickedWeak, 3); // pickedWeak now starts with the remit concern
 */
export function sayOwnPoint(remit: Claim, strong: readonly BodyOption[], pickedStrong: Claim[], pickedWeak: Claim[], body: number): void {
  if (pickedStrong.includes(remit) || pickedWeak.includes(remit)) return;
  const isStrength = strong.some((x) => x.claim === remit);
  const full = pickedStrong.length + pickedWeak.length >= body;
  if (isStrength) {
    if (full) (pickedWeak.length > 0 ? pickedWeak : pickedStrong).pop();
    pickedStrong.unshift(remit);
  } else {
    if (full) (pickedStrong.length > 0 ? pickedStrong : pickedWeak).pop();
    pickedWeak.unshift(remit);
  }
}

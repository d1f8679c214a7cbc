/**
 * When a resume's words touch a kind of work an ad asks years of (resume-reading.ts `yearsInRole`): a word every trade
 * uses is no evidence of a field on its own.
 */
import { GENERAL_WORK_LIST } from "./job-words";
import { stemOf } from "./job-reading";

const GENERAL_WORK_STEMS: ReadonlySet<string> = new Set([...GENERAL_WORK_LIST].map(stemOf));

/**
 * Whether the stems `named` of an alternative (the ad's stems of one kind of work) touch it: all of them in one clause,
 * or, with a stem no trade shares among them, half of them in one clause or more than half `across` the resume's claims.
 * "HR" touches "HR operations", "operations" alone never does; two words every trade uses ("data", "science") mean
 * their field only together, in one clause.
 *
 * @example
 * touchesAlternative(["hr"], ["hr", "oper"]); // true
 * touchesAlternative(["oper"], ["hr", "oper"]); // false
 * touchesAlternative(["machin", "learn"], ["machin", "learn"]); // true (one clause)
 * touchesAlternative(["machin", "learn"], ["machin", "learn"], true); // false ("CNC machine", "Quick learner")
 */
export function touchesAlternative(named: readonly string[], alternative: readonly string[], across = false): boolean {
  if (!across && named.length === alternative.length) return true;
  const enough = across ? named.length * 2 > alternative.length : named.length * 2 >= alternative.length;
  return enough && named.some((s) => !GENERAL_WORK_STEMS.has(s));
}

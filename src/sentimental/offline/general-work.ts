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

/** What kindYears reads of a clause: its text, stems and polarity (resume-reading.ts Clause). */
interface KindClause {
  text: string;
  stems: ReadonlySet<string>;
  polarity: string;
}

/**
 * The most years a work claim states of the kind of experience an ad names before the work ("Site Engineer- Exprience
 * - 60 months" is 5 years of the "site experience" of "2+ years of site experience on building or infrastructure
 * construction"): a clause naming every stem of the kind with years. Null when the kind is empty or a word every trade
 * uses ("work experience"), or no clause states such years; yearsInRole counts it only where the resume touches the
 * work itself, so that a web site's years are no site experience on construction.
 *
 * @example
 * kindYears([{ text: "Site Engineer- Exprience - 60 months", stems: new Set(["site", "engine"]), polarity: "claim" }], ["site"], isStudy, years)?.years; // 5
 */
export function kindYears<C extends KindClause>(
  clauses: readonly C[],
  kind: readonly string[],
  isStudy: (text: string) => boolean,
  yearsOf: (text: string) => number | null,
): { years: number; clause: C } | null {
  if (kind.length === 0 || kind.some((s) => GENERAL_WORK_STEMS.has(s))) return null;
  let best: { years: number; clause: C } | null = null;
  for (const c of clauses) {
    if (c.polarity !== "claim" || isStudy(c.text) || !kind.every((s) => c.stems.has(s))) continue;
    const y = yearsOf(c.text);
    if (y !== null && (!best || y > best.years)) best = { years: y, clause: c };
  }
  return best;
}

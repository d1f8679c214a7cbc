/**
 * The parts of a labelled list in a job ad's item: "Commercial and financial
 * literacy: budgets, unit economics, vendor negotiation" is made of budgets,
 * unit economics and vendor negotiation, each of which a resume clause can
 * show by itself ("a yearly maintenance budget of 2.3 million dollars" shows
 * the budgets, though it names neither "financial" nor "literacy"). What
 * job-reading.ts stems into Requirement.parts and resume-reading.ts showsHead
 * accepts as the item's head. Also whether two phrases of an item are offered as alternatives (`alternativesIn`), so
 * that a label joins them with the ad's "or".
 */

/** A label of a few words, a colon, then the list it names ("Comfort with data: SQL, dashboards, and ..."). */
const LABELLED_LIST = /^([^:;.]{3,60}):\s+([^;]+?)\.?$/;
/** What separates the parts of a list: commas, "and", "or", "as well as". */
const LIST_SEPARATOR = /\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|as well as)\s+/i;

/**
 * The texts of the parts listed after an item's label; empty when the item is no labelled list.
 *
 * @example
 * listedPartTexts("Commercial and financial literacy: budgets, unit economics, vendor negotiation."); // ["budgets", "unit economics", "vendor negotiation"]
 * listedPartTexts("A record of improving GCSE or A level results"); // []
 */
export function listedPartTexts(text: string): string[] {
  const m = LABELLED_LIST.exec(text.trim());
  if (!m) return [];
  return m[2]!
    .split(LIST_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Whether the words between two phrases of an item join them as alternatives: an "or" and no "and" between them.
 *
 * @example
 * alternativesIn("A degree in statistics, computer science or a related field.", "computer science", "related field"); // true
 * alternativesIn("Python and SQL.", "Python", "SQL"); // false
 */
export function alternativesIn(text: string, a: string, b: string): boolean {
  const lower = text.toLowerCase();
  const [i, j] = [lower.indexOf(a.toLowerCase()), lower.indexOf(b.toLowerCase())];
  if (i < 0 || j < 0) return false;
  const between = i < j ? lower.slice(i + a.length, j) : lower.slice(j + b.length, i);
  return /\bor\b/.test(between) && !/\band\b/.test(between);
}

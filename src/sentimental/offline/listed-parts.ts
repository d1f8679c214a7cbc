/**
 * The parts of a labelled list in a job ad's item: "Commercial and financial
 * literacy: budgets, unit economics, vendor negotiation" is made of budgets,
 * unit economics and vendor negotiation, each of which a resume clause can
 * show by itself ("a yearly maintenance budget of 2.3 million dollars" shows
 * the budgets, though it names neither "financial" nor "literacy"). What
 * job-reading.ts stems into Requirement.parts and resume-reading.ts showsHead
 * accepts as the item's head.
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

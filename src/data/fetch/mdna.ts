/**
 * The MD&A section of a 10-K or 10-Q, from the filing's plain text:
 * 10-K Item 7 ("Management's Discussion and Analysis of Financial Condition
 * and Results of Operations") up to Item 7A or Item 8; 10-Q Part I Item 2 up
 * to Item 3, Item 4 or Part II. Headings count only at the start of a line
 * (so "see Item 7, Management's Discussion ..." inside a sentence is not
 * one), and of all heading occurrences the one with the longest section wins
 * (the table of contents lists the heading too, followed at once by the next
 * item). Some issuers put their MD&A in the annual report exhibit and only
 * refer to it under Item 7: then nothing long enough is found and the reason
 * says so.
 */

const SEP = String.raw`\s*[.:\-\u2013\u2014]?\s*`;
const MGMT = String.raw`management[\u2019'\`\u2018]?\s*s?\s*discussion\s+and\s+analysis`;

const STARTS: Record<"10-K" | "10-Q", RegExp> = {
  "10-K": new RegExp(String.raw`(?:^|\n)[ \t]*item\s*7${SEP}${MGMT}`, "gi"),
  "10-Q": new RegExp(String.raw`(?:^|\n)[ \t]*item\s*2${SEP}${MGMT}`, "gi"),
};
const ENDS: Record<"10-K" | "10-Q", RegExp> = {
  "10-K": new RegExp(String.raw`\n[ \t]*item\s*(?:7a${SEP}quantitative|8${SEP}(?:consolidated\s+)?financial\s+statements)`, "gi"),
  "10-Q": new RegExp(String.raw`\n[ \t]*(?:item\s*3${SEP}quantitative|item\s*4${SEP}controls|part\s+ii\b)`, "gi"),
};

/** Shorter than this, a "section" is a heading, a contents line or a cross-reference. */
export const MIN_MDNA_CHARS = 1500;

export interface MdnaResult {
  text: string | null;
  /** Why `text` is null, or how it was found. */
  note: string;
}

/**
 * Extract the MD&A section (heading included) from a 10-K / 10-Q text.
 *
 * @example
 * extractMdna("Item 7. Management's Discussion and Analysis\n" + "Revenue grew. ".repeat(200) + "\nItem 8. Financial Statements\n...", "10-K").text?.startsWith("Item 7."); // true
 */
export function extractMdna(text: string, form: string): MdnaResult {
  const kind = form.startsWith("10-K") ? "10-K" : form.startsWith("10-Q") ? "10-Q" : null;
  if (kind === null) return { text: null, note: `no MD&A rule for form ${form}` };
  let best: { start: number; end: number } | null = null;
  let headings = 0;
  for (const m of text.matchAll(STARTS[kind])) {
    headings++;
    const at = m.index ?? 0;
    const start = at + (m[0].startsWith("\n") ? 1 : 0);
    const ends = new RegExp(ENDS[kind].source, "gi");
    ends.lastIndex = at + m[0].length;
    const e = ends.exec(text);
    if (e === null) continue;
    if (best === null || e.index - start > best.end - best.start) best = { start, end: e.index };
  }
  if (headings === 0) return { text: null, note: "no MD&A heading found" };
  if (best === null) return { text: null, note: "MD&A heading found but not the heading of the next item" };
  const section = text.slice(best.start, best.end).trim();
  if (section.length < MIN_MDNA_CHARS) {
    return { text: null, note: `MD&A under its heading is only ${section.length} characters (incorporated by reference to another document?)` };
  }
  return { text: section, note: `MD&A: ${section.length} characters` };
}

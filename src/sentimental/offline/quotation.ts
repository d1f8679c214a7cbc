/**
 * A resume clause as the offline advisors quote it: whole, its heading, bullets and sentence ends cleaned, and
 * shortened only at its clause boundaries when it is long, so that a quotation never stops before its number, unit
 * or object (phrasing.ts renders it, claims.ts re-checks it).
 */
import { stemsOf } from "./job-reading";

/** The longest quotation in words; a longer clause is quoted from a clause boundary to a clause boundary. */
export const MAX_QUOTE_WORDS = 40;

/**
 * A resume clause as its quotable text: heading and bullets dropped, sentence ends softened to commas (one argument), double quotes made single.
 *
 * @example
 * cleanClause("Summary: Led 12 engineers."); // "Led 12 engineers"
 */
export function cleanClause(clause: string): string {
  return clause
    .replace(/[\u2022\u25aa\u25cf\u27a2\ufffd]/g, " ")
    .replace(/^\s*[A-Z][A-Za-z ]{2,30}:\s+/, "")
    .replace(/\s+/g, " ")
    .replace(/[.!?]+(?=\s|$)/g, ",")
    .replace(/["\u201c\u201d]/g, "'")
    .trim()
    .replace(/^[,;:\-\s]+|[,;:\-\s]+$/g, "");
}

/**
 * The comma-separated parts of a cleaned clause (its clause boundaries), each kept whole.
 *
 * @example
 * clauseParts("Python, SQL and Spark, 5 years"); // ["Python", "SQL and Spark", "5 years"]
 */
export function clauseParts(cleaned: string): string[] {
  return cleaned.split(/,\s+/).filter((p) => p.length > 0);
}

/**
 * A resume clause as a quotation: the whole clause (heading, bullets and
 * sentence ends cleaned, see cleanClause). Only a clause longer than
 * MAX_QUOTE_WORDS is shortened, and then only at its clause boundaries
 * (", "): the run of whole parts, within the limit, that holds most of
 * `stems` (the point's stems), with " ..." where parts were left out. A part
 * is never cut, so a quote never stops before its number, unit or object.
 *
 * @example
 * quoteOf("Led a global technology organisation of 420 people and an annual budget of 95 million euros.");
 * // "Led a global technology organisation of 420 people and an annual budget of 95 million euros"
 */
export function quoteOf(clause: string, stems: ReadonlySet<string> = new Set()): string {
  const cleaned = cleanClause(clause);
  if (cleaned.split(" ").length <= MAX_QUOTE_WORDS) return cleaned;
  const parts = clauseParts(cleaned);
  const words = parts.map((p) => p.split(" ").length);
  const hits = parts.map((p) => stemsOf(p).filter((x) => stems.has(x)).length);
  let best = { from: 0, to: 0, hits: -1 };
  for (let from = 0; from < parts.length; from++) {
    let n = 0;
    let h = 0;
    for (let to = from; to < parts.length; to++) {
      n += words[to]!;
      if (n > MAX_QUOTE_WORDS && to > from) break;
      h += hits[to]!;
      if (h > best.hits) best = { from, to, hits: h };
    }
  }
  const body = parts.slice(best.from, best.to + 1).join(", ");
  return `${best.from > 0 ? "... " : ""}${body}${best.to < parts.length - 1 ? " ..." : ""}`;
}

/**
 * A location must: the place an ad's item asks the hire to be based in, relocate to or work on site in
 * (`locationPart`), and how a resume meets it (`checkLocation`); read with the other musts by hard-requirements.ts.
 */
import { clauseRanges } from "./date-ranges";
import type { MustCheck, MustRequirement } from "./must-types";
import type { ResumeReading } from "./resume-reading";

/** A place as an ad or resume writes it: capitalised words ("Nairobi", "Athi River", "S\u00e3o Paulo"). */
const PLACE = "\\p{Lu}[\\p{L}'.-]*(?:\\s+\\p{Lu}[\\p{L}'.-]*)*";
/** What may open a location item: "Willingness to", "Ability to", "You must", "Must". */
const WILLING =
  "(?:(?:you\\s+)?(?:must|should|will|need\\s+to)\\s+|(?:the\\s+)?(?:willing(?:ness)?|ability|able|readiness|ready|prepared|happy|available|commitment)\\s+(?:to\\s+)?)?";
/** One place or several ("Kisumu or Mombasa"), captured. */
const PLACES = `(${PLACE}(?:\\s*(?:,|or)\\s+${PLACE})*)`;
/** The location items: based in X, relocate to X, on site in X, with the labels a sentence names them by (gerund, infinitive). */
const LOCATION_FORMS: ReadonlyArray<readonly [RegExp, string, string]> = [
  [new RegExp(`^${WILLING}(?:be\\s+)?(?:based|located)\\s+(?:in|at)\\s+${PLACES}`, "u"), "being based in", "be based in"],
  [new RegExp(`^${WILLING}relocat\\w*\\s+to\\s+${PLACES}`, "u"), "relocating to", "relocate to"],
  [new RegExp(`^${WILLING}(?:be\\s+|work(?:ing)?\\s+)?on[- ]?site\\s+(?:in|at)\\s+${PLACES}`, "u"), "working on site in", "work on site in"],
];
/** An item that asks for the willingness to be somewhere ("Willing to relocate to X"). */
const ASKS_WILLINGNESS = /^(?:the\s+)?(?:willing(?:ness)?|readiness|ready|prepared)\s+to\s/;

/**
 * The location an item (or a part of one) asks the hire to be in: "(Willingness to) be based in X", "(Willing to)
 * relocate to X", "(Must work) on site in X", at the item's start; null otherwise (a place elsewhere in an item,
 * "vendors based in India", asks nothing of the hire's location).
 *
 * @example
 * locationPart("Willingness to be based in Nairobi with regular travel to our plants"); // { label: "being willing to be based in Nairobi", places: ["Nairobi"] }
 * locationPart("Must be based in Leeds"); // { label: "being based in Leeds", places: ["Leeds"] }
 */
export function locationPart(text: string): { label: string; places: string[] } | null {
  // The forms are lowercase words before a capitalised place: the item's first letter is lowered, never the place's.
  const lowered = text.trim().replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
  for (const [form, label, infinitive] of LOCATION_FORMS) {
    const m = form.exec(lowered);
    if (!m) continue;
    const places = m[1]!.split(/\s*(?:,|\bor\b)\s*/).filter(Boolean);
    // The label says what the ad asks, the willingness where it asks for that ("Willingness to be based in Nairobi").
    const named = ASKS_WILLINGNESS.test(lowered) ? `being willing to ${infinitive}` : label;
    return { label: `${named} ${places.join(" or ")}`, places };
  }
  return null;
}

/** "Nairobi" as a word of a text (not inside "Nairobians"). */
function namesPlace(text: string, place: string): boolean {
  return new RegExp(`(?<![\\p{L}])${place.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "u").test(text);
}

/** Moving home, not moving a database or into management: "relocate", "be based", "move there / abroad / country". */
const MOVE_HOME = String.raw`(?:relocat\w*|be(?:ing)?\s+based|mov(?:e|ing)\s+(?:there|abroad|countr\w*|cit(?:y|ies)))`;
/** A refusal to move or be based somewhere: "not willing to relocate", "cannot relocate", "no relocation". */
const REFUSES = new RegExp(String.raw`\b(?:not|never|no|cannot|unable|unwilling)\b(?:\s+(?!need)[\w']+){0,3}?\s+${MOVE_HOME}\b|\bno\s+relocation\b`, "i");
/** A preference against the move: "would prefer to split time ... rather than relocate full time", "prefer to stay". */
const PREFERS_NOT = new RegExp(String.raw`\b(?:rather than|instead of)\s+(?:to\s+)?${MOVE_HOME}\b|\bprefer\w*\s+(?:to\s+)?(?:stay|remain)\b`, "i");
/** Willingness to move, without a place: "willing to relocate", "open to relocation" ("happy to move fast" is none). */
const WILLING_TO_MOVE = new RegExp(String.raw`\b(?:willing|open|happy|ready|prepared|glad|keen)\s+to\s+${MOVE_HOME}\b(?!\s+to\s)`, "i");

/** A move still to come, in the resume's words ("would need to relocate", "willing to relocate"). */
const MOVE_TO_COME = /\b(?:would|will|need to|needs to|could|can|able to|prepared to|happy to|willing to|ready to|plan to|intend to)\b[^.]{0,40}\brelocate\b/i;

/**
 * A location must (`locationPart`) against a resume:
 *
 * - lacking when a clause refuses the move or being based there ("I am not
 *   willing to relocate"; a refusal to move elsewhere, "... relocate to
 *   London" for a Nairobi post, is none), citing it; a preference against
 *   it ("I would prefer to split time between Stockholm and Nairobi rather
 *   than relocate full time") is no refusal: unverified, citing it;
 * - met when a clause that is no limitation places the candidate in one of
 *   the places ("based in Nairobi", "I live in Nairobi", "Nairobi-based", a
 *   current role there, "Head of Engineering, SokoTaka, Nairobi
 *   (2019-present)") or says it will move there ("willing to relocate to
 *   Nairobi");
 * - unverified otherwise: the resume does not say, or speaks of a move
 *   without settling it, which the check cites: a move still to come ("would
 *   need to relocate with my family") or a willingness to move that names no
 *   place ("open to relocation for the right mission" is no word on Nairobi);
 *   an unverified location does not reject.
 *
 * @example
 * checkLocation(readResume(["Data analyst based in Nairobi."]), nairobiMust).status; // "met"
 */
export function checkLocation(reading: ResumeReading, must: MustRequirement): MustCheck {
  const places = must.places ?? [];
  const elsewhere = (text: string) => {
    const to = new RegExp(`\\brelocat\\w*\\s+to\\s+(${PLACE})`, "u").exec(text);
    return to !== null && !places.some((p) => namesPlace(to[1]!, p));
  };
  const declined = reading.clauses.find((c) => REFUSES.test(c.text) && !PREFERS_NOT.test(c.text) && !elsewhere(c.text));
  if (declined) return { must, status: "lacking", clause: declined, stated: null };
  // A preference is no refusal (two blind reads: "would prefer to split time ... rather than relocate full time" is
  // for an interview to settle): the check cites it, unless the resume places the candidate there after all.
  const preference = reading.clauses.find((c) => PREFERS_NOT.test(c.text) && !elsewhere(c.text));
  const ranges = clauseRanges(reading);
  const placed = reading.clauses.find((c, i) => {
    if (c.polarity === "limitation") return false;
    const named = places.filter((p) => namesPlace(c.text, p));
    if (named.length === 0) return false;
    const current = !ranges[i]!.inherited && ranges[i]!.ranges.some((r) => r.open);
    return (
      current ||
      named.some((p) => {
        const q = p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        return new RegExp(
          `\\b(?:based|living|lives?|located|resident|residing|settled|relocat\\w*|moved|moving)\\s+(?:[\\p{L}-]+\\s+)?(?:in|to)\\s+(?:[\\p{L}-]+\\s+)?${q}(?![\\p{L}])|${q}-based\\b`,
          "u",
        ).test(c.text);
      })
    );
  });
  if (placed) return { must, status: "met", clause: placed, stated: null };
  // A move still to come ("I would need to relocate with my family") or a willingness naming no place ("open to relocation")
  // speaks to it without settling it, and the check cites it; a move made ("Relocated from Lagos") or led does not.
  const move = reading.clauses.find((c) => (MOVE_TO_COME.test(c.text) || WILLING_TO_MOVE.test(c.text)) && !elsewhere(c.text));
  return { must, status: "unverified", clause: preference ?? move ?? null, stated: null };
}

/**
 * Why NLTK's VADER (nltk.sentiment.vader, NLTK 3.8) and vaderSentiment 3.3.2
 * (our port, src/text/vader.ts) can score a sentence differently, and which
 * of those known deviations explains a given difference. Used by benchmark 5
 * to report the agreement rate with every difference accounted for.
 *
 * The deviations (read from NLTK 3.8's source beside vaderSentiment 3.3.2's
 * behaviour, which our port reproduces):
 * - emoji: NLTK does not replace emoji by their descriptions;
 * - tokenisation: NLTK drops one-character tokens and strips only one
 *   punctuation mark glued to a word it also finds in the punctuation-free
 *   text; 3.3.2 strips every leading / trailing punctuation mark unless that
 *   leaves two characters or fewer (so "rotgl..." is "rotgl" for 3.3.2 only);
 * - repeated token: NLTK scores each token at the position of its first
 *   occurrence (`list.index(item)`), so a repeated word gets the first one's
 *   neighbours (boosters, negations, "but" side);
 * - boosters: 3.3.2's booster list has 18 words NLTK's lacks ("major",
 *   "total", "extreme", "incredible", "slight", ...), so "Major Price Cut"
 *   is a boosted cut for 3.3.2 only;
 * - idioms: 3.3.2's special-case idioms add "badass", "bus stop", "to die
 *   for", "beating heart", "broken heart"; NLTK's add "cut the mustard" and
 *   "hand to mouth";
 * - "no": 3.3.2 gives "no" no valence of its own before a lexicon word and
 *   lets it negate the next words; NLTK has neither rule;
 * - "never so / never this": NLTK multiplies by 1.5 where 3.3.2 uses 1.25;
 * - "but": 3.3.2 rescales each sentiment found with `list.index` (the first
 *   equal value), NLTK by position;
 * - case: NLTK compares "never", "so", "this" and the idioms without
 *   lower-casing, 3.3.2 lower-cases first.
 */

/** Booster / dampener words of vaderSentiment 3.3.2 that NLTK 3.8's BOOSTER_DICT lacks. */
const BOOSTERS_ONLY_IN_332 = new Set([
  "considerable",
  "enormous",
  "exceptional",
  "extreme",
  "frackin",
  "fracking",
  "fuckin",
  "fuggin",
  "fugging",
  "incredible",
  "major",
  "total",
  "tremendous",
  "utter",
  "marginal",
  "occasional",
  "scarce",
  "slight",
]);

/** Special-case idioms in only one of the two lists. */
const IDIOMS_NOT_SHARED = ["badass", "bus stop", "to die for", "beating heart", "broken heart", "cut the mustard", "hand to mouth"];

/** One known deviation between NLTK 3.8 and vaderSentiment 3.3.2. */
export interface VaderDeviation {
  id: "emoji" | "tokenisation" | "boosters" | "idioms" | "repeated-token" | "no" | "never-so-this" | "but" | "case";
  text: string;
}

export const VADER_DEVIATIONS: readonly VaderDeviation[] = [
  { id: "emoji", text: "NLTK does not translate emoji into their descriptions" },
  { id: "tokenisation", text: "NLTK drops one-character tokens and strips at most one punctuation mark next to a word" },
  { id: "boosters", text: "3.3.2's booster list has 18 words NLTK's lacks (major, total, extreme, incredible, slight, ...)" },
  {
    id: "idioms",
    text: "the special-case idiom lists differ (3.3.2: badass, bus stop, to die for, beating / broken heart; NLTK: cut the mustard, hand to mouth)",
  },
  { id: "repeated-token", text: "NLTK scores a repeated token at its first occurrence (list.index)" },
  { id: "no", text: "3.3.2's rules for 'no' (no valence before a lexicon word; negates the next words) are not in NLTK" },
  { id: "never-so-this", text: "'never so / never this': NLTK x1.5, 3.3.2 x1.25" },
  { id: "but", text: "3.3.2's 'but' rule finds each sentiment with list.index (first equal value), NLTK by position" },
  { id: "case", text: "NLTK compares never / so / this and idioms case-sensitively" },
];

/**
 * The first known deviation present in a sentence (in the order of
 * VADER_DEVIATIONS), or null when none is: a difference with no deviation
 * present would be a finding.
 *
 * @example
 * explainDeviation({ text: "great 😀", ours: ["great", "grinning", "face"], nltk: ["great"], hasEmoji: true }); // "emoji"
 */
export function explainDeviation(input: { text: string; ours: readonly string[]; nltk: readonly string[]; hasEmoji: boolean }): VaderDeviation["id"] | null {
  if (input.hasEmoji) return "emoji";
  const { ours, nltk } = input;
  if (ours.length !== nltk.length || ours.some((t, i) => t !== nltk[i])) return "tokenisation";
  const lower = nltk.map((t) => t.toLowerCase());
  if (lower.some((t) => BOOSTERS_ONLY_IN_332.has(t))) return "boosters";
  const joined = ` ${lower.join(" ")} `;
  if (IDIOMS_NOT_SHARED.some((idiom) => joined.includes(` ${idiom} `))) return "idioms";
  if (new Set(nltk).size !== nltk.length) return "repeated-token";
  if (lower.includes("no")) return "no";
  for (let i = 0; i < lower.length; i++) {
    if (lower[i] === "never" && (["so", "this"].includes(lower[i + 1] ?? "") || ["so", "this"].includes(lower[i + 2] ?? ""))) return "never-so-this";
  }
  if (lower.includes("but")) return "but";
  if (nltk.some((t, i) => t !== lower[i] && ["never", "so", "this", "the", "kind", "least"].includes(lower[i]!))) return "case";
  return null;
}

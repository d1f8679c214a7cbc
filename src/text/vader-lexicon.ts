/**
 * VADER's fixed material, split from the scorer (vader.ts): the empirical
 * constants and word lists of vaderSentiment 3.3.2, the lexicon file parsers,
 * and the Python string semantics (whitespace, punctuation, `isupper`,
 * `round`) the reference's tokenisation and rounding rest on.
 */

/** Empirical rating increase for a booster word ("very"). */
export const B_INCR = 0.293;
/** Empirical rating decrease for a dampener word ("kind of"). */
export const B_DECR = -0.293;
/** Empirical rating increase for an ALL-CAPS word in mixed-case text. */
export const C_INCR = 0.733;
/** Multiplier applied to a negated valence. */
export const N_SCALAR = -0.74;

/** Negation words of the reference implementation. */
export const NEGATE: ReadonlySet<string> = new Set([
  "aint",
  "arent",
  "cannot",
  "cant",
  "couldnt",
  "darent",
  "didnt",
  "doesnt",
  "ain't",
  "aren't",
  "can't",
  "couldn't",
  "daren't",
  "didn't",
  "doesn't",
  "dont",
  "hadnt",
  "hasnt",
  "havent",
  "isnt",
  "mightnt",
  "mustnt",
  "neither",
  "don't",
  "hadn't",
  "hasn't",
  "haven't",
  "isn't",
  "mightn't",
  "mustn't",
  "neednt",
  "needn't",
  "never",
  "none",
  "nope",
  "nor",
  "not",
  "nothing",
  "nowhere",
  "oughtnt",
  "shant",
  "shouldnt",
  "uhuh",
  "wasnt",
  "werent",
  "oughtn't",
  "shan't",
  "shouldn't",
  "uh-uh",
  "wasn't",
  "weren't",
  "without",
  "wont",
  "wouldnt",
  "won't",
  "wouldn't",
  "rarely",
  "seldom",
  "despite",
]);

const BOOSTERS_UP = [
  "absolutely",
  "amazingly",
  "awfully",
  "completely",
  "considerable",
  "considerably",
  "decidedly",
  "deeply",
  "effing",
  "enormous",
  "enormously",
  "entirely",
  "especially",
  "exceptional",
  "exceptionally",
  "extreme",
  "extremely",
  "fabulously",
  "flipping",
  "flippin",
  "frackin",
  "fracking",
  "fricking",
  "frickin",
  "frigging",
  "friggin",
  "fully",
  "fuckin",
  "fucking",
  "fuggin",
  "fugging",
  "greatly",
  "hella",
  "highly",
  "hugely",
  "incredible",
  "incredibly",
  "intensely",
  "major",
  "majorly",
  "more",
  "most",
  "particularly",
  "purely",
  "quite",
  "really",
  "remarkably",
  "so",
  "substantially",
  "thoroughly",
  "total",
  "totally",
  "tremendous",
  "tremendously",
  "uber",
  "unbelievably",
  "unusually",
  "utter",
  "utterly",
  "very",
];
const BOOSTERS_DOWN = [
  "almost",
  "barely",
  "hardly",
  "just enough",
  "kind of",
  "kinda",
  "kindof",
  "kind-of",
  "less",
  "little",
  "marginal",
  "marginally",
  "occasional",
  "occasionally",
  "partly",
  "scarce",
  "scarcely",
  "slight",
  "slightly",
  "somewhat",
  "sort of",
  "sorta",
  "sortof",
  "sort-of",
];

/** Booster (+0.293) and dampener (-0.293) words and bigrams of the reference implementation. */
export const BOOSTER_DICT: ReadonlyMap<string, number> = new Map<string, number>([
  ...BOOSTERS_UP.map((w): [string, number] => [w, B_INCR]),
  ...BOOSTERS_DOWN.map((w): [string, number] => [w, B_DECR]),
]);

/**
 * Idioms without lexicon words. Defined in vaderSentiment 3.3.2 but never
 * applied by it (its `_sentiment_laden_idioms_check` is not called), so not
 * applied here either.
 */
export const SENTIMENT_LADEN_IDIOMS: ReadonlyMap<string, number> = new Map([
  ["cut the mustard", 2],
  ["hand to mouth", -2],
  ["back handed", -2],
  ["blow smoke", -2],
  ["blowing smoke", -2],
  ["upper hand", 1],
  ["break a leg", 2],
  ["cooking with gas", 2],
  ["in the black", 2],
  ["in the red", -2],
  ["on the ball", 2],
  ["under the weather", -2],
]);

/** Special-case idioms containing lexicon words: the idiom's valence replaces the word's. */
export const SPECIAL_CASES: ReadonlyMap<string, number> = new Map([
  ["the shit", 3],
  ["the bomb", 3],
  ["bad ass", 1.5],
  ["badass", 1.5],
  ["bus stop", 0.0],
  ["yeah right", -2],
  ["kiss of death", -1.5],
  ["to die for", 3],
  ["beating heart", 3.1],
  ["broken heart", -2.9],
]);

/** Python `str.split()` / `str.strip()` whitespace (\x1c-\x1f are Python whitespace too). */
/* eslint-disable no-control-regex */
const PY_WS_RUN = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const PY_WS_EDGES =
  /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
/* eslint-enable no-control-regex */
/** Python `string.punctuation`. */
const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");

/**
 * Python `str.strip()`: removes leading and trailing (Python) whitespace.
 *
 * @example
 * pyStrip("\u3000 ok \x1c"); // "ok"
 */
export function pyStrip(text: string): string {
  return text.replace(PY_WS_EDGES, "");
}

/**
 * Python `str.split()` with no separator: splits on runs of whitespace, no empty tokens.
 *
 * @example
 * pySplit("  not\tbad  at all "); // ["not", "bad", "at", "all"]
 */
export function pySplit(text: string): string[] {
  const t = pyStrip(text);
  return t ? t.split(PY_WS_RUN) : [];
}

/**
 * Python `str.isupper()`: at least one cased character and no lower/title-case one.
 *
 * @example
 * pyIsUpper(":D"); // true (":" is uncased), pyIsUpper("Ok"); // false
 */
export function pyIsUpper(text: string): boolean {
  let cased = false;
  for (const ch of text) {
    const upper = ch.toUpperCase();
    if (upper === ch.toLowerCase()) continue;
    if (ch !== upper) return false;
    cased = true;
  }
  return cased;
}

/**
 * Python's `round(x, ndigits)`: correctly rounded, ties (exact binary value
 * half-way) to even.
 *
 * @example
 * pyRound(0.0625, 3) // 0.062 (JavaScript's toFixed would give 0.063)
 */
export function pyRound(x: number, ndigits: number): number {
  if (!Number.isFinite(x)) return x;
  const ax = Math.abs(x);
  const sign = x < 0 || Object.is(x, -0) ? -1 : 1;
  if (ax < 1e21) {
    const full = ax.toFixed(100);
    const dot = full.indexOf(".");
    const tail = full.slice(dot + 1 + ndigits);
    if (/^50*$/.test(tail)) {
      const down = full.slice(0, dot + 1 + ndigits).replace(/\.$/, "");
      const lastDigit = Number(down.replace(".", "").slice(-1));
      const chosen = lastDigit % 2 === 0 ? Number(down) : Number((Number(down) + Math.pow(10, -ndigits)).toFixed(ndigits));
      return sign * chosen;
    }
  }
  return sign * Number(ax.toFixed(ndigits));
}

/**
 * Strips Python `string.punctuation` from both ends unless that leaves <= 2
 * characters (so emoticons such as ":)" survive).
 *
 * @example
 * stripPuncIfWord("good!!"); // "good"
 * stripPuncIfWord(":-)"); // ":-)"
 */
export function stripPuncIfWord(token: string): string {
  const chars = [...token];
  let start = 0;
  let end = chars.length;
  while (start < end && PUNCTUATION.has(chars[start]!)) start++;
  while (end > start && PUNCTUATION.has(chars[end - 1]!)) end--;
  if (end - start <= 2) return token;
  return chars.slice(start, end).join("");
}

/**
 * Parses a lexicon file body: "token<TAB>value<TAB>..." lines; later duplicates win.
 *
 * @example
 * parseLexicon("good\t1.9\t0.9\n").get("good"); // 1.9
 */
export function parseLexicon(text: string): Map<string, number> {
  const lex = new Map<string, number>();
  for (const line of text.replace(/\n+$/, "").split("\n")) {
    if (!line) continue;
    const [word, measure] = pyStrip(line).split("\t");
    if (word === undefined || measure === undefined) continue;
    lex.set(word, Number(measure));
  }
  return lex;
}

/**
 * Parses an emoji lexicon body: "emoji<TAB>description" lines; later duplicates win.
 *
 * @example
 * parseEmojiLexicon("😁\tbeaming face with smiling eyes\n").get("😁"); // "beaming face with smiling eyes"
 */
export function parseEmojiLexicon(text: string): Map<string, string> {
  const emojis = new Map<string, string>();
  for (const line of text.replace(/\n+$/, "").split("\n")) {
    const [emoji, description] = pyStrip(line).split("\t");
    if (emoji === undefined || description === undefined) continue;
    emojis.set(emoji, description);
  }
  return emojis;
}

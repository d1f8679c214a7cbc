/**
 * VADER sentiment (Hutto & Gilbert, 2014, "VADER: A Parsimonious Rule-based
 * Model for Sentiment Analysis of Social Media Text", ICWSM-14), ported rule
 * for rule from the reference Python package vaderSentiment 3.3.2
 * (cjhutto/vaderSentiment). The npm `vader-sentiment` port predates 3.x (it
 * scores "Not bad at all" -0.54 where the reference gives +0.431 and has no
 * emoji handling), which is why Consilium carries its own port.
 *
 * Faithfulness notes (behaviour of the reference that is reproduced on purpose):
 * - tokens are the text split on (Python) whitespace with leading/trailing
 *   punctuation stripped unless that leaves <= 2 characters (emoticons survive);
 * - emoji are replaced by their description from the emoji lexicon, one code
 *   point at a time (multi-code-point sequences are never matched as a whole);
 * - ALL-CAPS emphasis only applies when the text mixes caps and non-caps words;
 * - `SPECIAL_CASES` idioms ("the shit", "the bomb", "bad ass", ...) are only
 *   checked for a lexicon word with at least three preceding words whose
 *   third-preceding word is not itself in the lexicon; `SENTIMENT_LADEN_IDIOMS`
 *   ("cut the mustard", "in the red", ...) are defined but, as in 3.3.2, never
 *   applied ("future work" in the reference);
 * - the "but" rule rescales sentiments by looking each value up with
 *   `list.index` (first equal value), a quirk kept here;
 * - rounding is Python's `round` (half-to-even on the exact binary value):
 *   compound to 4 decimals, pos/neu/neg to 3.
 */
import { VADER_EMOJI_TEXT, VADER_LEXICON_TEXT } from "./data/vaderLexicon";

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

/** VADER output: proportions of negative, neutral, positive text and the normalised compound score. */
export interface PolarityScores {
  neg: number;
  neu: number;
  pos: number;
  compound: number;
}

/** Python `str.split()` / `str.strip()` whitespace (\x1c-\x1f are Python whitespace too). */
/* eslint-disable no-control-regex */
const PY_WS_RUN = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
const PY_WS_EDGES =
  /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
/* eslint-enable no-control-regex */
/** Python `string.punctuation`. */
const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");

function pyStrip(text: string): string {
  return text.replace(PY_WS_EDGES, "");
}

function pySplit(text: string): string[] {
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

/** Strips Python `string.punctuation` from both ends unless that leaves <= 2 characters. */
function stripPuncIfWord(token: string): string {
  const chars = [...token];
  let start = 0;
  let end = chars.length;
  while (start < end && PUNCTUATION.has(chars[start]!)) start++;
  while (end > start && PUNCTUATION.has(chars[end - 1]!)) end--;
  if (end - start <= 2) return token;
  return chars.slice(start, end).join("");
}

/** True when some but not all tokens are ALL CAPS. */
function allCapDifferential(words: readonly string[]): boolean {
  let allCap = 0;
  for (const w of words) if (pyIsUpper(w)) allCap++;
  const diff = words.length - allCap;
  return diff > 0 && diff < words.length;
}

function negated(word: string): boolean {
  const w = word.toLowerCase();
  return NEGATE.has(w) || w.includes("n't");
}

function scalarIncDec(word: string, valence: number, isCapDiff: boolean): number {
  const scalarBase = BOOSTER_DICT.get(word.toLowerCase());
  if (scalarBase === undefined) return 0;
  let scalar = valence < 0 ? -scalarBase : scalarBase;
  if (pyIsUpper(word) && isCapDiff) scalar += valence > 0 ? C_INCR : -C_INCR;
  return scalar;
}

/**
 * `compound = score / sqrt(score^2 + alpha)`, clipped to [-1, 1] (alpha = 15).
 *
 * @example
 * normalizeScore(1.9); // 0.4404 after rounding ("The book was good.")
 */
export function normalizeScore(score: number, alpha = 15): number {
  const n = score / Math.sqrt(score * score + alpha);
  return n < -1 ? -1 : n > 1 ? 1 : n;
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

/**
 * A VADER analyser over a lexicon and an emoji lexicon (by default the
 * embedded vaderSentiment 3.3.2 files).
 *
 * @example
 * new VaderAnalyzer().polarityScores("Not bad at all").compound // 0.431
 */
export class VaderAnalyzer {
  readonly lexicon: ReadonlyMap<string, number>;
  readonly emojis: ReadonlyMap<string, string>;

  constructor(lexicon?: ReadonlyMap<string, number>, emojis?: ReadonlyMap<string, string>) {
    this.lexicon = lexicon ?? parseLexicon(VADER_LEXICON_TEXT);
    this.emojis = emojis ?? parseEmojiLexicon(VADER_EMOJI_TEXT);
  }

  /** Replaces each emoji code point by its description, as the reference does. */
  translateEmoji(text: string): string {
    let out = "";
    let prevSpace = true;
    for (const ch of text) {
      const description = this.emojis.get(ch);
      if (description !== undefined) {
        if (!prevSpace) out += " ";
        out += description;
        prevSpace = false;
      } else {
        out += ch;
        prevSpace = ch === " ";
      }
    }
    return pyStrip(out);
  }

  /** VADER token list of an (emoji-translated) text. */
  wordsAndEmoticons(text: string): string[] {
    return pySplit(text).map(stripPuncIfWord);
  }

  /**
   * Sentiment of a text: `{neg, neu, pos, compound}` exactly as
   * vaderSentiment 3.3.2's `polarity_scores`.
   *
   * @example
   * analyzer.polarityScores("The book was good.") // { neg: 0, neu: 0.508, pos: 0.492, compound: 0.4404 }
   */
  polarityScores(input: string): PolarityScores {
    const text = this.translateEmoji(input);
    const words = this.wordsAndEmoticons(text);
    const lower = words.map((w) => w.toLowerCase());
    const isCapDiff = allCapDifferential(words);
    const sentiments: number[] = [];
    for (let i = 0; i < words.length; i++) {
      const item = lower[i]!;
      if (BOOSTER_DICT.has(item)) {
        sentiments.push(0);
        continue;
      }
      if (i < words.length - 1 && item === "kind" && lower[i + 1] === "of") {
        sentiments.push(0);
        continue;
      }
      sentiments.push(this.sentimentValence(words, lower, i, isCapDiff));
    }
    butCheck(lower, sentiments);
    return scoreValence(sentiments, text);
  }

  private sentimentValence(words: readonly string[], lower: readonly string[], i: number, isCapDiff: boolean): number {
    const item = lower[i]!;
    const base = this.lexicon.get(item);
    if (base === undefined) return 0;
    const n = words.length;
    let valence = base;
    // "no" as a negation of the next lexicon word rather than a sentiment word itself
    if (item === "no" && i !== n - 1 && this.lexicon.has(lower[i + 1]!)) valence = 0;
    if (
      (i > 0 && lower[i - 1] === "no") ||
      (i > 1 && lower[i - 2] === "no") ||
      (i > 2 && lower[i - 3] === "no" && (lower[i - 1] === "or" || lower[i - 1] === "nor"))
    ) {
      valence = base * N_SCALAR;
    }
    if (pyIsUpper(words[i]!) && isCapDiff) valence += valence > 0 ? C_INCR : -C_INCR;

    for (let startI = 0; startI < 3; startI++) {
      const j = i - (startI + 1);
      if (i > startI && !this.lexicon.has(lower[j]!)) {
        let s = scalarIncDec(words[j]!, valence, isCapDiff);
        if (startI === 1 && s !== 0) s *= 0.95;
        if (startI === 2 && s !== 0) s *= 0.9;
        valence += s;
        valence = negationCheck(valence, lower, startI, i);
        if (startI === 2) valence = specialIdiomsCheck(valence, lower, i);
      }
    }
    return this.leastCheck(valence, lower, i);
  }

  private leastCheck(valence: number, lower: readonly string[], i: number): number {
    if (i > 1 && !this.lexicon.has(lower[i - 1]!) && lower[i - 1] === "least") {
      if (lower[i - 2] !== "at" && lower[i - 2] !== "very") return valence * N_SCALAR;
    } else if (i > 0 && !this.lexicon.has(lower[i - 1]!) && lower[i - 1] === "least") {
      return valence * N_SCALAR;
    }
    return valence;
  }
}

function negationCheck(valence: number, w: readonly string[], startI: number, i: number): number {
  if (startI === 0) {
    if (negated(w[i - 1]!)) return valence * N_SCALAR;
  } else if (startI === 1) {
    if (w[i - 2] === "never" && (w[i - 1] === "so" || w[i - 1] === "this")) return valence * 1.25;
    if (w[i - 2] === "without" && w[i - 1] === "doubt") return valence;
    if (negated(w[i - 2]!)) return valence * N_SCALAR;
  } else if (startI === 2) {
    // Precedence as in the reference: (never AND (so|this) two back) OR (so|this) one back.
    if ((w[i - 3] === "never" && (w[i - 2] === "so" || w[i - 2] === "this")) || w[i - 1] === "so" || w[i - 1] === "this") return valence * 1.25;
    if (w[i - 3] === "without" && (w[i - 2] === "doubt" || w[i - 1] === "doubt")) return valence;
    if (negated(w[i - 3]!)) return valence * N_SCALAR;
  }
  return valence;
}

function specialIdiomsCheck(valence: number, w: readonly string[], i: number): number {
  const onezero = `${w[i - 1]} ${w[i]}`;
  const twoonezero = `${w[i - 2]} ${w[i - 1]} ${w[i]}`;
  const twoone = `${w[i - 2]} ${w[i - 1]}`;
  const threetwoone = `${w[i - 3]} ${w[i - 2]} ${w[i - 1]}`;
  const threetwo = `${w[i - 3]} ${w[i - 2]}`;
  for (const seq of [onezero, twoonezero, twoone, threetwoone, threetwo]) {
    const v = SPECIAL_CASES.get(seq);
    if (v !== undefined) {
      valence = v;
      break;
    }
  }
  if (w.length - 1 > i) {
    const v = SPECIAL_CASES.get(`${w[i]} ${w[i + 1]}`);
    if (v !== undefined) valence = v;
  }
  if (w.length - 1 > i + 1) {
    const v = SPECIAL_CASES.get(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
    if (v !== undefined) valence = v;
  }
  for (const ngram of [threetwoone, threetwo, twoone]) {
    const b = BOOSTER_DICT.get(ngram);
    if (b !== undefined) valence += b;
  }
  return valence;
}

/**
 * Contrastive "but": sentiments before the first "but" x0.5, after it x1.5.
 * Reproduces the reference's in-place loop, which locates each value with
 * `list.index` (the first equal value) rather than by position.
 */
function butCheck(lower: readonly string[], sentiments: number[]): void {
  const bi = lower.indexOf("but");
  if (bi < 0) return;
  for (let k = 0; k < sentiments.length; k++) {
    const sentiment = sentiments[k]!;
    const si = sentiments.indexOf(sentiment);
    if (si < bi) sentiments[si] = sentiment * 0.5;
    else if (si > bi) sentiments[si] = sentiment * 1.5;
  }
}

function countChar(text: string, ch: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text[i] === ch) n++;
  return n;
}

/** Emphasis from "!" (0.292 each, up to 4) and "?" (0.18 each for 2-3, 0.96 for 4+). */
function punctuationEmphasis(text: string): number {
  const ep = Math.min(countChar(text, "!"), 4) * 0.292;
  const qmCount = countChar(text, "?");
  let qm = 0;
  if (qmCount > 1) qm = qmCount <= 3 ? qmCount * 0.18 : 0.96;
  return ep + qm;
}

function scoreValence(sentiments: readonly number[], text: string): PolarityScores {
  if (sentiments.length === 0) return { neg: 0, neu: 0, pos: 0, compound: 0 };
  let sum = 0;
  for (const s of sentiments) sum += s;
  const amp = punctuationEmphasis(text);
  if (sum > 0) sum += amp;
  else if (sum < 0) sum -= amp;
  const compound = normalizeScore(sum);

  let posSum = 0,
    negSum = 0,
    neuCount = 0;
  for (const s of sentiments) {
    if (s > 0) posSum += s + 1;
    if (s < 0) negSum += s - 1;
    if (s === 0) neuCount += 1;
  }
  if (posSum > Math.abs(negSum)) posSum += amp;
  else if (posSum < Math.abs(negSum)) negSum -= amp;
  const total = posSum + Math.abs(negSum) + neuCount;
  return {
    neg: pyRound(Math.abs(negSum / total), 3),
    neu: pyRound(Math.abs(neuCount / total), 3),
    pos: pyRound(Math.abs(posSum / total), 3),
    compound: pyRound(compound, 4),
  };
}

let defaultAnalyzer: VaderAnalyzer | null = null;

/**
 * The shared analyser over the embedded vaderSentiment 3.3.2 lexicons (built on first use).
 *
 * @example
 * vaderAnalyzer().polarityScores("Not bad at all").compound; // 0.431
 */
export function vaderAnalyzer(): VaderAnalyzer {
  if (defaultAnalyzer === null) defaultAnalyzer = new VaderAnalyzer();
  return defaultAnalyzer;
}

/**
 * VADER polarity scores of a text, identical to Python vaderSentiment 3.3.2
 * `SentimentIntensityAnalyzer().polarity_scores(text)`.
 *
 * @example
 * polarityScores("VADER is smart, handsome, and funny!") // { neg: 0, neu: 0.248, pos: 0.752, compound: 0.8439 }
 */
export function polarityScores(text: string): PolarityScores {
  return vaderAnalyzer().polarityScores(text);
}

/**
 * VADER compound score in [-1, 1] (the Sentimental Agents paper's f(A) per argument).
 *
 * @example
 * compoundScore("Not bad at all") // 0.431
 */
export function compoundScore(text: string): number {
  return vaderAnalyzer().polarityScores(text).compound;
}

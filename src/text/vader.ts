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
import {
  BOOSTER_DICT,
  C_INCR,
  N_SCALAR,
  NEGATE,
  SPECIAL_CASES,
  parseEmojiLexicon,
  parseLexicon,
  pyIsUpper,
  pyRound,
  pySplit,
  pyStrip,
  stripPuncIfWord,
} from "./vader-lexicon";

export {
  B_DECR,
  B_INCR,
  BOOSTER_DICT,
  C_INCR,
  N_SCALAR,
  NEGATE,
  SENTIMENT_LADEN_IDIOMS,
  SPECIAL_CASES,
  parseEmojiLexicon,
  parseLexicon,
  pyIsUpper,
  pyRound,
} from "./vader-lexicon";

/** VADER output: proportions of negative, neutral, positive text and the normalised compound score. */
export interface PolarityScores {
  neg: number;
  neu: number;
  pos: number;
  compound: number;
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

  // `lower` is `words` lower-cased (same length) and i < words.length; every other index
  // below is guarded by a bound on i (i > startI, i > 0, i !== n - 1) before it is read.
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

/** Negation of the word startI + 1 places before i; the caller guarantees i > startI. */
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

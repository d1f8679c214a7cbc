/**
 * Word tokenisation, stopwords, sentence and passage splitting.
 *
 * These are the shared text primitives behind TF-IDF, hashing embeddings, LDA
 * (the Sentimental Agents "nuance" metric) and resume retrieval
 * ("defensibility"). VADER has its own whitespace tokenisation (see `vader.ts`)
 * because it must match the reference implementation exactly.
 */

/**
 * A word: letters/digits, optionally joined by internal apostrophes or hyphens
 * ("don't", "state-of-the-art", "o'neill"). Leading/trailing punctuation is
 * never part of a token.
 */
const WORD_PATTERN = /[\p{L}\p{N}]+(?:['\u2019-][\p{L}\p{N}]+)*/gu;

/**
 * Lowercased word tokens of a text. Curly apostrophes are normalised to "'",
 * internal apostrophes and hyphens are kept ("don't", "co-founder"), all other
 * punctuation separates tokens.
 *
 * @example
 * tokenize("Don't over-think it: 3 APIs!") // ["don't", "over-think", "it", "3", "apis"]
 */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase();
  WORD_PATTERN.lastIndex = 0;
  for (let m = WORD_PATTERN.exec(lower); m !== null; m = WORD_PATTERN.exec(lower)) {
    out.push(m[0].replace(/\u2019/g, "'"));
  }
  return out;
}

/**
 * The standard English stopword list of NLTK's `stopwords` corpus (179 words,
 * the list gensim/NLTK pipelines in the papers' code typically use), lowercased
 * and with contractions in their apostrophe form.
 *
 * @example
 * STOPWORDS.has("the") // true
 */
export const STOPWORDS: ReadonlySet<string> = new Set([
  "i",
  "me",
  "my",
  "myself",
  "we",
  "our",
  "ours",
  "ourselves",
  "you",
  "you're",
  "you've",
  "you'll",
  "you'd",
  "your",
  "yours",
  "yourself",
  "yourselves",
  "he",
  "him",
  "his",
  "himself",
  "she",
  "she's",
  "her",
  "hers",
  "herself",
  "it",
  "it's",
  "its",
  "itself",
  "they",
  "them",
  "their",
  "theirs",
  "themselves",
  "what",
  "which",
  "who",
  "whom",
  "this",
  "that",
  "that'll",
  "these",
  "those",
  "am",
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "being",
  "have",
  "has",
  "had",
  "having",
  "do",
  "does",
  "did",
  "doing",
  "a",
  "an",
  "the",
  "and",
  "but",
  "if",
  "or",
  "because",
  "as",
  "until",
  "while",
  "of",
  "at",
  "by",
  "for",
  "with",
  "about",
  "against",
  "between",
  "into",
  "through",
  "during",
  "before",
  "after",
  "above",
  "below",
  "to",
  "from",
  "up",
  "down",
  "in",
  "out",
  "on",
  "off",
  "over",
  "under",
  "again",
  "further",
  "then",
  "once",
  "here",
  "there",
  "when",
  "where",
  "why",
  "how",
  "all",
  "any",
  "both",
  "each",
  "few",
  "more",
  "most",
  "other",
  "some",
  "such",
  "no",
  "nor",
  "not",
  "only",
  "own",
  "same",
  "so",
  "than",
  "too",
  "very",
  "s",
  "t",
  "can",
  "will",
  "just",
  "don",
  "don't",
  "should",
  "should've",
  "now",
  "d",
  "ll",
  "m",
  "o",
  "re",
  "ve",
  "y",
  "ain",
  "aren",
  "aren't",
  "couldn",
  "couldn't",
  "didn",
  "didn't",
  "doesn",
  "doesn't",
  "hadn",
  "hadn't",
  "hasn",
  "hasn't",
  "haven",
  "haven't",
  "isn",
  "isn't",
  "ma",
  "mightn",
  "mightn't",
  "mustn",
  "mustn't",
  "needn",
  "needn't",
  "shan",
  "shan't",
  "shouldn",
  "shouldn't",
  "wasn",
  "wasn't",
  "weren",
  "weren't",
  "won",
  "won't",
  "wouldn",
  "wouldn't",
]);

/** Options for {@link contentTokens}. */
export interface ContentTokenOptions {
  /** Minimum token length in characters (default 2, as gensim's `simple_preprocess`). */
  minLength?: number;
  /** Keep tokens made only of digits (default false). */
  keepNumbers?: boolean;
  /** Stopword set (default {@link STOPWORDS}). */
  stopwords?: ReadonlySet<string>;
}

/**
 * Content-bearing tokens: {@link tokenize} minus stopwords, tokens shorter than
 * `minLength` and (by default) pure numbers. Possessive "'s" is dropped
 * ("company's" -> "company") so that it does not split a term in two.
 *
 * @example
 * contentTokens("The company's CTO led 12 cloud migrations.") // ["company", "cto", "led", "cloud", "migrations"]
 */
export function contentTokens(text: string, options: ContentTokenOptions = {}): string[] {
  const minLength = options.minLength ?? 2;
  const keepNumbers = options.keepNumbers ?? false;
  const stop = options.stopwords ?? STOPWORDS;
  const out: string[] = [];
  for (const raw of tokenize(text)) {
    if (stop.has(raw)) continue;
    const token = raw.endsWith("'s") ? raw.slice(0, -2) : raw;
    if (token.length < minLength) continue;
    if (stop.has(token)) continue;
    if (!keepNumbers && /^[\p{N}]+$/u.test(token)) continue;
    out.push(token);
  }
  return out;
}

/** Abbreviations whose trailing period does not end a sentence. */
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "vs",
  "etc",
  "e.g",
  "i.e",
  "inc",
  "ltd",
  "co",
  "corp",
  "no",
  "fig",
  "approx",
  "dept",
  "est",
  "u.s",
  "u.k",
  "ph.d",
  "b.sc",
  "m.sc",
  "mba",
  "jan",
  "feb",
  "mar",
  "apr",
  "jun",
  "jul",
  "aug",
  "sep",
  "sept",
  "oct",
  "nov",
  "dec",
]);

/**
 * Splits text into sentences at `.`, `!`, `?` (runs of them, optionally
 * followed by closing quotes/brackets) that are followed by whitespace and an
 * uppercase letter, digit or opening quote, and at line breaks. Common
 * abbreviations ("Dr.", "e.g.", "Inc.") and decimals ("3.5") do not split.
 * Returned sentences are trimmed and non-empty.
 *
 * @example
 * splitSentences("Dr. Smith led it. It worked! Did it?") // ["Dr. Smith led it.", "It worked!", "Did it?"]
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let start = 0;
    const re = /[.!?]+["')\]\u201d\u2019]*(?=\s+["'([\u201c\u2018]?[\p{Lu}\p{N}])/gu;
    for (let m = re.exec(line); m !== null; m = re.exec(line)) {
      const end = m.index + m[0].length;
      if (m[0][0] === "." && m[0].length === 1) {
        const before = line.slice(start, m.index);
        const lastWord = (/([\p{L}.]+)$/u.exec(before)?.[1] ?? "").toLowerCase();
        if (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord)) continue;
      }
      const s = line.slice(start, end).trim();
      if (s) sentences.push(s);
      start = end;
    }
    const rest = line.slice(start).trim();
    if (rest) sentences.push(rest);
  }
  return sentences;
}

/** Options for {@link splitPassages}. */
export interface PassageOptions {
  /** Longest passage in words before it is split at sentence boundaries (default 60). */
  maxWords?: number;
  /** Passages shorter than this many words (headings, names) are merged into the following passage (default 3). */
  minWords?: number;
}

const BULLET = /^\s*(?:[-*\u2022\u25aa\u25cf\u2013\u2014]|\d+[.)]|[a-z][.)])\s+/u;

/**
 * Splits a document (e.g. a resume) into retrieval passages: blocks separated
 * by blank lines, each bullet line its own passage, and any block longer than
 * `maxWords` words split into runs of whole sentences of at most `maxWords`
 * words (a single longer sentence stays whole). Passages under `minWords`
 * words (headings such as "Experience") are merged into the following one.
 * Used by the defensibility metric to find the resume passage that best
 * supports an argument.
 *
 * @example
 * splitPassages("Experience\n\n- Led a team of 12\n- Cut plant costs 20%")
 * // ["Experience Led a team of 12", "Cut plant costs 20%"]
 */
export function splitPassages(text: string, options: PassageOptions = {}): string[] {
  const maxWords = options.maxWords ?? 60;
  const minWords = options.minWords ?? 3;
  const passages: string[] = [];
  const blocks = text.split(/\r?\n\s*\r?\n/);
  for (const block of blocks) {
    const units: string[] = [];
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) units.push(paragraph.join(" "));
      paragraph = [];
    };
    for (const rawLine of block.split(/\r?\n/)) {
      const line = rawLine.trim();
      if (!line) continue;
      if (BULLET.test(line)) {
        flush();
        units.push(line.replace(BULLET, "").trim());
      } else {
        paragraph.push(line);
      }
    }
    flush();
    for (const unit of units) {
      if (!unit) continue;
      if (wordCount(unit) <= maxWords) {
        passages.push(unit);
        continue;
      }
      let current: string[] = [];
      let currentWords = 0;
      for (const sentence of splitSentences(unit)) {
        const n = wordCount(sentence);
        if (currentWords > 0 && currentWords + n > maxWords) {
          passages.push(current.join(" "));
          current = [];
          currentWords = 0;
        }
        current.push(sentence);
        currentWords += n;
      }
      if (current.length > 0) passages.push(current.join(" "));
    }
  }
  return mergeShort(passages, minWords);
}

function wordCount(text: string): number {
  const t = text.trim();
  return t ? t.split(/\s+/).length : 0;
}

/** Merges passages under `minWords` words into the following passage (the last one into the previous). */
function mergeShort(passages: string[], minWords: number): string[] {
  if (minWords <= 1) return passages;
  const out: string[] = [];
  let carry = "";
  for (const p of passages) {
    const joined = carry ? `${carry} ${p}` : p;
    if (wordCount(joined) < minWords) {
      carry = joined;
    } else {
      out.push(joined);
      carry = "";
    }
  }
  if (carry) {
    if (out.length > 0) out[out.length - 1] = `${out[out.length - 1]} ${carry}`;
    else out.push(carry);
  }
  return out;
}

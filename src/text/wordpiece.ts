/**
 * BERT's uncased WordPiece tokenizer, as Hugging Face `tokenizers` runs it for
 * all-MiniLM-L6-v2 (BertNormalizer, BertPreTokenizer, WordPiece, [CLS] ... [SEP]):
 * the tokens a sentence-transformer was trained on, so an ONNX export of it
 * sees the same ids as the Python model.
 */

/** Options of {@link bertNormalize}; the defaults are the uncased model's. */
export interface BertNormalizerOptions {
  /** Drop NUL, U+FFFD and control characters; map every whitespace to a space (default true). */
  cleanText?: boolean;
  /** Put spaces around CJK ideographs, so each is a word (default true). */
  handleChineseChars?: boolean;
  /** Decompose (NFD) and drop non-spacing marks (default: same as `lowercase`). */
  stripAccents?: boolean;
  /** Lower-case each character (default true). */
  lowercase?: boolean;
}

const CONTROL = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\p{Cs}]/u;
const WHITESPACE = /\p{White_Space}/u;
const NONSPACING_MARK = /\p{Mn}/u;
/** ASCII punctuation (Rust's `is_ascii_punctuation`, symbols such as `$+<=>^|~` included) or any Unicode P*. */
const PUNCTUATION = /[!-/:-@[-`{-~]|\p{P}/u;

/** The CJK ideograph blocks BERT splits into single-character words. */
function isChineseChar(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b820 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}

/**
 * BERT's normaliser, in its order: clean the text (control characters out,
 * whitespace -> " "; tab, newline and carriage return count as whitespace, not
 * control), space out CJK ideographs, strip accents (NFD, then drop
 * non-spacing marks), lower-case character by character (so no final-sigma
 * context, as the Rust `to_lowercase` per char).
 *
 * @example
 * bertNormalize("Café\tRÉSUMÉ") // "cafe resume"
 */
export function bertNormalize(text: string, options: BertNormalizerOptions = {}): string {
  const lowercase = options.lowercase ?? true;
  const stripAccents = options.stripAccents ?? lowercase;
  let out = text;
  if (options.cleanText ?? true) {
    let cleaned = "";
    for (const ch of out) {
      const cp = ch.codePointAt(0)!;
      if (ch === "\t" || ch === "\n" || ch === "\r" || WHITESPACE.test(ch)) cleaned += " ";
      else if (cp === 0 || cp === 0xfffd || CONTROL.test(ch)) continue;
      else cleaned += ch;
    }
    out = cleaned;
  }
  if (options.handleChineseChars ?? true) {
    let spaced = "";
    for (const ch of out) spaced += isChineseChar(ch.codePointAt(0)!) ? ` ${ch} ` : ch;
    out = spaced;
  }
  if (stripAccents) {
    let stripped = "";
    for (const ch of out.normalize("NFD")) if (!NONSPACING_MARK.test(ch)) stripped += ch;
    out = stripped;
  }
  if (lowercase) {
    let lowered = "";
    for (const ch of out) lowered += ch.toLowerCase();
    out = lowered;
  }
  return out;
}

/**
 * BERT's pre-tokenizer: split on whitespace (dropped), then every punctuation
 * character is a word of its own.
 *
 * @example
 * bertPreTokenize("it's $5, ok") // ["it", "'", "s", "$", "5", ",", "ok"]
 */
export function bertPreTokenize(text: string): string[] {
  const words: string[] = [];
  let word = "";
  for (const ch of text) {
    if (WHITESPACE.test(ch)) {
      if (word) words.push(word);
      word = "";
    } else if (PUNCTUATION.test(ch)) {
      if (word) words.push(word);
      words.push(ch);
      word = "";
    } else word += ch;
  }
  if (word) words.push(word);
  return words;
}

/** Options of {@link WordPieceTokenizer}. */
export interface WordPieceOptions extends BertNormalizerOptions {
  /** Prefix of a piece that continues a word (default "##"). */
  continuingPrefix?: string;
  /** A word longer than this (in characters) is one unknown token (default 100). */
  maxInputCharsPerWord?: number;
  unkToken?: string;
  clsToken?: string;
  sepToken?: string;
}

/** One encoded text: ids with [CLS] first and [SEP] last, and the word pieces between them. */
export interface WordPieceEncoding {
  ids: Int32Array;
  pieces: string[];
}

/**
 * WordPiece (Schuster & Nakajima 2012, as in BERT): each pre-tokenized word is
 * cut greedily into the longest vocabulary piece from its start, the rest of
 * the word continuing with "##" pieces; a word with no such cut, or longer
 * than `maxInputCharsPerWord`, is one [UNK]. `encode` wraps the pieces in
 * [CLS] ... [SEP] and truncates to `maxLength` ids, specials included.
 *
 * @example
 * const t = new WordPieceTokenizer(["[UNK]", "[CLS]", "[SEP]", "un", "##afford", "##able"]);
 * t.tokenize("Unaffordable") // ["un", "##afford", "##able"]
 */
export class WordPieceTokenizer {
  readonly vocab: ReadonlyMap<string, number>;
  private readonly options: WordPieceOptions;
  private readonly prefix: string;
  private readonly maxChars: number;
  private readonly unkId: number;
  private readonly clsId: number;
  private readonly sepId: number;

  /** `vocab` is the token list (id = position) or a token -> id map. */
  constructor(vocab: readonly string[] | ReadonlyMap<string, number>, options: WordPieceOptions = {}) {
    this.vocab = Array.isArray(vocab) ? new Map((vocab as readonly string[]).map((t, i) => [t, i])) : (vocab as ReadonlyMap<string, number>);
    this.options = options;
    this.prefix = options.continuingPrefix ?? "##";
    this.maxChars = options.maxInputCharsPerWord ?? 100;
    const id = (token: string) => {
      const v = this.vocab.get(token);
      if (v === undefined) throw new RangeError(`WordPieceTokenizer: the vocabulary has no ${token}`);
      return v;
    };
    this.unkId = id(options.unkToken ?? "[UNK]");
    this.clsId = id(options.clsToken ?? "[CLS]");
    this.sepId = id(options.sepToken ?? "[SEP]");
  }

  /**
   * A tokenizer from a Hugging Face `tokenizer.json` with a WordPiece model
   * (its vocabulary, prefix, word-length limit and BertNormalizer settings).
   *
   * @example
   * const t = WordPieceTokenizer.fromTokenizerJson(JSON.parse(readFileSync(".cache/minilm/tokenizer.json", "utf8")));
   */
  static fromTokenizerJson(json: unknown): WordPieceTokenizer {
    const j = json as {
      model?: { type?: string; vocab?: Record<string, number>; unk_token?: string; continuing_subword_prefix?: string; max_input_chars_per_word?: number };
      normalizer?: { type?: string; clean_text?: boolean; handle_chinese_chars?: boolean; strip_accents?: boolean | null; lowercase?: boolean };
    };
    if (j.model?.type !== "WordPiece" || !j.model.vocab) throw new Error("WordPieceTokenizer: tokenizer.json has no WordPiece model");
    const n = j.normalizer;
    if (n && n.type !== "BertNormalizer") throw new Error(`WordPieceTokenizer: unsupported normalizer ${String(n.type)}`);
    return new WordPieceTokenizer(new Map(Object.entries(j.model.vocab)), {
      unkToken: j.model.unk_token,
      continuingPrefix: j.model.continuing_subword_prefix,
      maxInputCharsPerWord: j.model.max_input_chars_per_word,
      cleanText: n?.clean_text,
      handleChineseChars: n?.handle_chinese_chars,
      stripAccents: n?.strip_accents ?? undefined,
      lowercase: n?.lowercase,
    });
  }

  /** Word pieces of one word (already normalised), or [UNK]. */
  private wordPieces(word: string): string[] {
    const chars = Array.from(word);
    if (chars.length > this.maxChars) return [this.options.unkToken ?? "[UNK]"];
    const pieces: string[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let piece: string | undefined;
      while (start < end) {
        const sub = (start > 0 ? this.prefix : "") + chars.slice(start, end).join("");
        if (this.vocab.has(sub)) {
          piece = sub;
          break;
        }
        end--;
      }
      if (piece === undefined) return [this.options.unkToken ?? "[UNK]"];
      pieces.push(piece);
      start = end;
    }
    return pieces;
  }

  /** Word pieces of a text (normalised, pre-tokenized), no specials. */
  tokenize(text: string): string[] {
    return bertPreTokenize(bertNormalize(text, this.options)).flatMap((w) => this.wordPieces(w));
  }

  /**
   * Ids `[CLS] pieces... [SEP]`, the pieces cut to `maxLength - 2` (the
   * right-hand truncation of sentence-transformers' `max_seq_length`).
   *
   * @example
   * tokenizer.encode("hello world", 256).ids // Int32Array [101, 7592, 2088, 102] with the MiniLM vocabulary
   */
  encode(text: string, maxLength = 256): WordPieceEncoding {
    if (!Number.isInteger(maxLength) || maxLength < 2) throw new RangeError(`WordPieceTokenizer: maxLength must be an integer >= 2, got ${maxLength}`);
    const pieces = this.tokenize(text).slice(0, maxLength - 2);
    const ids = new Int32Array(pieces.length + 2);
    ids[0] = this.clsId;
    pieces.forEach((p, i) => (ids[i + 1] = this.vocab.get(p) ?? this.unkId));
    ids[pieces.length + 1] = this.sepId;
    return { ids, pieces };
  }
}

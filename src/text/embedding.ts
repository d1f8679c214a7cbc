/**
 * Offline text embeddings and similarity: cosine, a feature-hashing embedder
 * (the embedded default `Embedder`, no model needed) and a TF-IDF index for
 * retrieval. Used for the Sentimental Agents platitudinal score, drift and
 * defensibility, and for FinMem memory relevancy when no embedding model is
 * configured.
 */
import type { Embedder } from "./embedder";
import { hashString32 } from "../stats/index";
import { contentTokens } from "./tokenize";

type Vector = ArrayLike<number>;

/**
 * Cosine similarity `a.b / (|a| |b|)`; 0 when either vector is all zeros.
 * Throws when the lengths differ.
 *
 * @example
 * cosine([1, 0], [1, 1]) // 0.7071067811865475
 */
export function cosine(a: Vector, b: Vector): number {
  if (a.length !== b.length) throw new RangeError(`cosine: length mismatch ${a.length} vs ${b.length}`);
  let dot = 0,
    na = 0,
    nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!,
      y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  if (na === 0 || nb === 0) return 0;
  return dot / Math.sqrt(na * nb);
}

/**
 * Scales a vector in place to unit Euclidean length (a zero vector is left as is).
 *
 * @example
 * l2Normalize(new Float32Array([3, 4])) // Float32Array [0.6, 0.8]
 */
export function l2Normalize<T extends Float32Array | Float64Array | number[]>(v: T): T {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  if (s === 0) return v;
  const inv = 1 / Math.sqrt(s);
  for (let i = 0; i < v.length; i++) v[i] = v[i]! * inv;
  return v;
}

/** MurmurHash3 finaliser: spreads the bits of a 32-bit hash. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Options for {@link HashingEmbedder}. */
export interface HashingEmbedderOptions {
  /** Vector dimension (default 512). */
  dimension?: number;
  /** Add adjacent content-token bigrams as features (default true). */
  bigrams?: boolean;
  /** Tokeniser (default {@link contentTokens}). */
  tokenizer?: (text: string) => string[];
}

/**
 * Deterministic feature-hashing embedder (Weinberger et al., 2009, "Feature
 * Hashing for Large Scale Multitask Learning"): every content-token unigram
 * and bigram is hashed (FNV-1a + Murmur3 finaliser) to a bucket and a sign;
 * its weight is the sublinear term frequency `1 + ln(tf)`; the vector is
 * L2-normalised. No fitting, no seed, no model: the same text always gives the
 * same vector, so it is the embedded default `Embedder`. A text without
 * content tokens embeds to the zero vector.
 *
 * @example
 * const e = new HashingEmbedder();
 * const [a, b] = e.embedSync(["cloud migration lead", "led the cloud migration"]);
 * cosine(a, b) // > 0.5
 */
export class HashingEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  private readonly bigrams: boolean;
  private readonly tokenizer: (text: string) => string[];

  constructor(options: HashingEmbedderOptions = {}) {
    const dimension = options.dimension ?? 512;
    if (!Number.isInteger(dimension) || dimension < 2) {
      throw new RangeError(`HashingEmbedder: dimension must be an integer >= 2, got ${dimension}`);
    }
    this.dimension = dimension;
    this.bigrams = options.bigrams ?? true;
    this.tokenizer = options.tokenizer ?? ((t) => contentTokens(t));
    this.id = `hashing-${dimension}${this.bigrams ? "" : "-unigram"}`;
  }

  /** Feature counts of one text: unigrams and (optionally) "a b" bigrams. */
  features(text: string): Map<string, number> {
    const tokens = this.tokenizer(text);
    const counts = new Map<string, number>();
    let previous: string | undefined;
    for (const token of tokens) {
      counts.set(token, (counts.get(token) ?? 0) + 1);
      if (this.bigrams && previous !== undefined) {
        const bg = `${previous} ${token}`;
        counts.set(bg, (counts.get(bg) ?? 0) + 1);
      }
      previous = token;
    }
    return counts;
  }

  /** Embeds one text synchronously. */
  embedOne(text: string): Float32Array {
    const v = new Float64Array(this.dimension);
    for (const [feature, tf] of this.features(text)) {
      const h = hashString32(feature);
      const bucket = fmix32(h) % this.dimension;
      const sign = (fmix32(h ^ 0x9e3779b9) & 1) === 0 ? 1 : -1;
      v[bucket] += sign * (1 + Math.log(tf));
    }
    l2Normalize(v);
    return Float32Array.from(v);
  }

  /** Embeds many texts synchronously. */
  embedSync(texts: readonly string[]): Float32Array[] {
    return texts.map((t) => this.embedOne(t));
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return this.embedSync(texts);
  }
}

/** A sparse vector: sorted term indices and their weights. */
export interface SparseVector {
  indices: Int32Array;
  values: Float64Array;
}

/** Options for {@link TfidfIndex}. */
export interface TfidfOptions {
  /** Tokeniser (default {@link contentTokens}). */
  tokenizer?: (text: string) => string[];
  /** Use `1 + ln(tf)` instead of raw counts (scikit-learn `sublinear_tf`, default false). */
  sublinearTf?: boolean;
  /** Smooth idf `ln((1+n)/(1+df)) + 1` (default true, scikit-learn default); false gives `ln(n/df) + 1`. */
  smoothIdf?: boolean;
}

/** One retrieval hit. */
export interface ScoredIndex {
  index: number;
  score: number;
}

/**
 * TF-IDF vector space fitted on a corpus, with scikit-learn's
 * `TfidfVectorizer` defaults: raw term counts, smooth idf
 * `idf(t) = ln((1 + n) / (1 + df(t))) + 1`, rows L2-normalised. Terms not in
 * the fitted vocabulary are ignored at query time.
 *
 * @example
 * const index = new TfidfIndex(["solar panel recycling", "cloud cost control"]);
 * index.topK("recycling plant", 1) // [{ index: 0, score: ... }]
 */
export class TfidfIndex {
  /** Vocabulary terms in index order (sorted). */
  readonly vocabulary: readonly string[];
  /** idf weight per vocabulary index. */
  readonly idf: Float64Array;
  private readonly termIndex: Map<string, number>;
  private readonly docs: SparseVector[];
  private readonly tokenizer: (text: string) => string[];
  private readonly sublinearTf: boolean;

  /** Fits the index on `corpus` (texts, or pre-tokenised documents). */
  constructor(corpus: ReadonlyArray<string | readonly string[]>, options: TfidfOptions = {}) {
    this.tokenizer = options.tokenizer ?? ((t) => contentTokens(t));
    this.sublinearTf = options.sublinearTf ?? false;
    const smooth = options.smoothIdf ?? true;
    const tokenised = corpus.map((d) => (typeof d === "string" ? this.tokenizer(d) : [...d]));
    const df = new Map<string, number>();
    for (const tokens of tokenised) {
      for (const t of new Set(tokens)) df.set(t, (df.get(t) ?? 0) + 1);
    }
    this.vocabulary = [...df.keys()].sort();
    this.termIndex = new Map(this.vocabulary.map((t, i) => [t, i]));
    const n = tokenised.length;
    this.idf = new Float64Array(this.vocabulary.length);
    this.vocabulary.forEach((t, i) => {
      const d = df.get(t)!; // the vocabulary is df's keys
      this.idf[i] = smooth ? Math.log((1 + n) / (1 + d)) + 1 : Math.log(n / d) + 1;
    });
    this.docs = tokenised.map((tokens) => this.sparseFromTokens(tokens));
  }

  /** Number of fitted documents. */
  get size(): number {
    return this.docs.length;
  }

  private sparseFromTokens(tokens: readonly string[]): SparseVector {
    const counts = new Map<number, number>();
    for (const t of tokens) {
      const i = this.termIndex.get(t);
      if (i !== undefined) counts.set(i, (counts.get(i) ?? 0) + 1);
    }
    const terms = [...counts].sort((a, b) => a[0] - b[0]);
    const indices = new Int32Array(terms.length);
    const values = new Float64Array(terms.length);
    let k = 0;
    for (const [index, tf] of terms) {
      indices[k] = index;
      // termIndex maps onto vocabulary positions, which index idf.
      values[k] = (this.sublinearTf ? 1 + Math.log(tf) : tf) * this.idf[index]!;
      k++;
    }
    return { indices, values: l2Normalize(values) };
  }

  /** Sparse L2-normalised TF-IDF vector of a text (or token list). */
  sparseVector(text: string | readonly string[]): SparseVector {
    return this.sparseFromTokens(typeof text === "string" ? this.tokenizer(text) : text);
  }

  /** Dense L2-normalised TF-IDF vector of a text, length = vocabulary size. */
  vector(text: string | readonly string[]): Float32Array {
    const sv = this.sparseVector(text);
    const out = new Float32Array(this.vocabulary.length);
    for (let k = 0; k < sv.indices.length; k++) out[sv.indices[k]!] = sv.values[k]!;
    return out;
  }

  /** Sparse vector of fitted document `i`. */
  documentVector(i: number): SparseVector {
    const d = this.docs[i];
    if (!d) throw new RangeError(`TfidfIndex: no document ${i} (size ${this.docs.length})`);
    return d;
  }

  /** Cosine similarity between fitted document `docIndex` and a query text. */
  similarity(docIndex: number, text: string | readonly string[]): number {
    return sparseDot(this.documentVector(docIndex), this.sparseVector(text));
  }

  /** Cosine similarity between two fitted documents. */
  documentSimilarity(i: number, j: number): number {
    return sparseDot(this.documentVector(i), this.documentVector(j));
  }

  /**
   * The `k` fitted documents most similar to the query, best first (ties by
   * lower index). Documents with score 0 are included only if fewer than `k`
   * documents score above 0 and `includeZero` is true.
   */
  topK(query: string | readonly string[], k: number, includeZero = false): ScoredIndex[] {
    const q = this.sparseVector(query);
    const scored: ScoredIndex[] = this.docs.map((d, index) => ({ index, score: sparseDot(d, q) }));
    return scored
      .filter((s) => includeZero || s.score > 0)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, Math.max(0, k));
  }
}

/**
 * Dot product of two sparse vectors with sorted indices (a merge walk); for
 * L2-normalised TF-IDF vectors this is their cosine similarity.
 *
 * @example
 * sparseDot({ indices: Int32Array.of(0, 2), values: Float64Array.of(1, 2) }, { indices: Int32Array.of(2), values: Float64Array.of(3) }); // 6
 */
export function sparseDot(a: SparseVector, b: SparseVector): number {
  // Equal lengths make the value reads of the merge walk (bounded by the index arrays) safe.
  if (a.values.length !== a.indices.length || b.values.length !== b.indices.length) {
    throw new RangeError(
      `sparseDot: a sparse vector needs one value per index (got ${a.indices.length}/${a.values.length} and ${b.indices.length}/${b.values.length})`,
    );
  }
  let i = 0,
    j = 0,
    s = 0;
  while (i < a.indices.length && j < b.indices.length) {
    const x = a.indices[i]!,
      y = b.indices[j]!;
    if (x === y) {
      s += a.values[i]! * b.values[j]!;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return s;
}

/**
 * An `Embedder` backed by a {@link TfidfIndex} fitted on a corpus: vectors are
 * dense TF-IDF rows over the corpus vocabulary (L2-normalised). Texts with no
 * vocabulary term embed to the zero vector.
 *
 * @example
 * const e = new TfidfEmbedder(["solar panel recycling", "cloud cost control"]);
 * const [v] = await e.embed(["recycling"]); // v.length === e.dimension
 */
export class TfidfEmbedder implements Embedder {
  readonly id: string;
  readonly dimension: number;
  readonly index: TfidfIndex;

  constructor(corpus: ReadonlyArray<string | readonly string[]>, options: TfidfOptions = {}) {
    this.index = new TfidfIndex(corpus, options);
    this.dimension = this.index.vocabulary.length;
    const vocabHash = hashString32(this.index.vocabulary.join("\u0000")).toString(16).padStart(8, "0");
    this.id = `tfidf-${this.dimension}-${vocabHash}`;
  }

  /** Embeds many texts synchronously. */
  embedSync(texts: readonly string[]): Float32Array[] {
    return texts.map((t) => this.index.vector(t));
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    return this.embedSync(texts);
  }
}

/**
 * Latent Dirichlet Allocation (Blei, Ng & Jordan, 2003) fitted by collapsed
 * Gibbs sampling (Griffiths & Steyvers, 2004, "Finding scientific topics",
 * PNAS 101), on typed arrays and a seeded `Rng`: the same documents, options
 * and seed give byte-identical results.
 *
 * Used for the Sentimental Agents "nuance" metric (paper: gensim LDA, 5 topics,
 * top 10 words per topic, and the number of unique words across topics).
 *
 * Sampling update for token i (word w, document d), all counts excluding i:
 *   p(z_i = k) ∝ (n_dk + alpha) * (n_kw + beta) / (n_k + V * beta)
 * Estimates from the final sample:
 *   phi_kw   = (n_kw + beta)  / (n_k + V * beta)
 *   theta_dk = (n_dk + alpha) / (n_d + K * alpha)
 */
import { Rng } from "../stats/index";

/** Options for {@link fitLda}. */
export interface LdaOptions {
  /** Number of topics K (the paper uses 5). */
  k: number;
  /** Gibbs sweeps over the corpus (default 500). */
  iterations?: number;
  /** RNG seed (default 0). */
  seed?: number;
  /**
   * Symmetric document-topic prior. Default 1/K, gensim's `alpha="symmetric"`
   * default (the paper's library); Griffiths & Steyvers suggest 50/K, which
   * over-smooths short statements.
   */
  alpha?: number;
  /**
   * Symmetric topic-word prior (default 0.01, MALLET's value for Gibbs LDA).
   * gensim, the paper's library, fits LDA variationally with `eta` = 1/K by
   * default; pass `beta: 1 / k` to mimic that prior (not its inference).
   */
  beta?: number;
  /** Terms reported per topic (default 10, as the paper). */
  topN?: number;
}

/** One topic: its top terms and their probabilities phi_kw. */
export interface LdaTopic {
  terms: string[];
  weights: number[];
}

/** Topic coherence of each topic's top terms, computed on the training documents. */
export interface LdaCoherence {
  /** UMass (Mimno et al., 2011), mean over ranked pairs of log((D(w_m, w_l) + 1) / D(w_l)). */
  umass: number[];
  /** Mean normalised PMI (Bouma, 2009) over pairs, document co-occurrence probabilities; -1 for never co-occurring pairs. */
  npmi: number[];
  meanUmass: number;
  meanNpmi: number;
}

/** A fitted LDA model. */
export interface LdaModel {
  k: number;
  alpha: number;
  beta: number;
  iterations: number;
  seed: number;
  /** Vocabulary, sorted; word ids index `phi` columns. */
  vocabulary: string[];
  topics: LdaTopic[];
  /** theta: one row per document, sums to 1. */
  docTopics: number[][];
  /** phi: one row per topic over the vocabulary, sums to 1. */
  phi: Float64Array[];
  /** exp(-loglik / N) of the training tokens under theta and phi (a uniform model scores V). */
  perplexity: number;
  /** Number of tokens N. */
  tokens: number;
  coherence: LdaCoherence;
}

/**
 * Fits LDA on tokenised documents by seeded collapsed Gibbs sampling.
 *
 * @example
 * const m = fitLda([["cloud", "cost"], ["plant", "recycling"]], { k: 2, seed: 1 });
 * m.topics[0].terms; m.docTopics[0]; m.perplexity;
 */
export function fitLda(docs: ReadonlyArray<readonly string[]>, options: LdaOptions): LdaModel {
  const K = options.k;
  if (!Number.isInteger(K) || K < 1) throw new RangeError(`fitLda: k must be a positive integer, got ${K}`);
  const iterations = options.iterations ?? 500;
  if (!Number.isInteger(iterations) || iterations < 1) throw new RangeError(`fitLda: iterations must be a positive integer, got ${iterations}`);
  const seed = options.seed ?? 0;
  const alpha = options.alpha ?? 1 / K;
  const beta = options.beta ?? 0.01;
  if (!(alpha > 0)) throw new RangeError(`fitLda: alpha must be > 0, got ${alpha}`);
  if (!(beta > 0)) throw new RangeError(`fitLda: beta must be > 0, got ${beta}`);
  const topN = options.topN ?? 10;

  const vocabulary = [...new Set(docs.flat())].sort();
  if (vocabulary.length === 0) throw new RangeError("fitLda: the documents contain no tokens");
  const wordId = new Map(vocabulary.map((w, i) => [w, i]));
  const V = vocabulary.length;
  const D = docs.length;
  let N = 0;
  for (const d of docs) N += d.length;

  // Every token is in the vocabulary, so words[i] < V and docOf[i] < D: the count tables
  // below (D x K, V x K, K) are indexed in range, and so are phi (K x V) and theta (D x K).
  const words = new Int32Array(N);
  const docOf = new Int32Array(N);
  const docLen = new Int32Array(D);
  let pos = 0;
  docs.forEach((doc, d) => {
    docLen[d] = doc.length;
    for (const w of doc) {
      words[pos] = wordId.get(w)!;
      docOf[pos] = d;
      pos++;
    }
  });

  const rng = new Rng(`lda|${seed}`);
  const z = new Int32Array(N);
  const ndk = new Int32Array(D * K);
  const nwk = new Int32Array(V * K); // word-major for cache locality in the inner loop
  const nk = new Int32Array(K);
  for (let i = 0; i < N; i++) {
    const t = Math.floor(rng.next() * K);
    z[i] = t;
    ndk[docOf[i]! * K + t]++;
    nwk[words[i]! * K + t]++;
    nk[t]++;
  }

  const vBeta = V * beta;
  const cumulative = new Float64Array(K);
  // 1 / (n_k + V*beta), refreshed only for the two topics a move touches
  const invDen = new Float64Array(K);
  for (let k = 0; k < K; k++) invDen[k] = 1 / (nk[k]! + vBeta);
  const TWO_POW_32 = 4294967296;
  // One draw per token and sweep, taken in token order: a sweep's draws come in one batch
  // (the same stream as a nextUint32 call per token, generated faster).
  const draws = new Uint32Array(N);
  for (let it = 0; it < iterations; it++) {
    rng.fillUint32(draws);
    for (let i = 0; i < N; i++) {
      const dBase = docOf[i]! * K;
      const wBase = words[i]! * K;
      const old = z[i]!;
      ndk[dBase + old]--;
      nwk[wBase + old]--;
      nk[old]--;
      invDen[old] = 1 / (nk[old]! + vBeta);
      let total = 0;
      for (let k = 0; k < K; k++) {
        total += (ndk[dBase + k]! + alpha) * (nwk[wBase + k]! + beta) * invDen[k]!;
        cumulative[k] = total;
      }
      // one 32-bit draw per token is ample resolution for a K-way choice
      const u = (draws[i]! / TWO_POW_32) * total;
      let t = 0;
      while (t < K - 1 && cumulative[t]! <= u) t++;
      z[i] = t;
      ndk[dBase + t]++;
      nwk[wBase + t]++;
      nk[t]++;
      invDen[t] = 1 / (nk[t]! + vBeta);
    }
  }

  const phi: Float64Array[] = [];
  for (let k = 0; k < K; k++) {
    const row = new Float64Array(V);
    const denom = nk[k]! + vBeta;
    for (let w = 0; w < V; w++) row[w] = (nwk[w * K + k]! + beta) / denom;
    phi.push(row);
  }
  const docTopics: number[][] = [];
  for (let d = 0; d < D; d++) {
    const denom = docLen[d]! + K * alpha;
    const row: number[] = [];
    for (let k = 0; k < K; k++) row.push((ndk[d * K + k]! + alpha) / denom);
    docTopics.push(row);
  }

  let logLik = 0;
  for (let i = 0; i < N; i++) {
    const theta = docTopics[docOf[i]!]!;
    const w = words[i]!;
    let p = 0;
    for (let k = 0; k < K; k++) p += theta[k]! * phi[k]![w]!;
    logLik += Math.log(p);
  }
  const perplexity = N > 0 ? Math.exp(-logLik / N) : Number.NaN;

  const topics: LdaTopic[] = phi.map((row) => {
    const order = Array.from({ length: V }, (_, w) => w).sort((a, b) => row[b]! - row[a]! || (vocabulary[a]! < vocabulary[b]! ? -1 : 1));
    const top = order.slice(0, Math.min(topN, V));
    return { terms: top.map((w) => vocabulary[w]!), weights: top.map((w) => row[w]!) };
  });

  return {
    k: K,
    alpha,
    beta,
    iterations,
    seed,
    vocabulary,
    topics,
    docTopics,
    phi,
    perplexity,
    tokens: N,
    coherence: topicCoherence(
      topics.map((t) => t.terms),
      docs,
    ),
  };
}

/**
 * UMass and NPMI coherence of ranked term lists against a reference corpus,
 * using document co-occurrence counts (Mimno et al., 2011; Bouma, 2009).
 * Both are averaged over the N(N-1)/2 term pairs of each list, as gensim's
 * `CoherenceModel` aggregates (gensim smooths UMass with 1e-12 rather than +1).
 *
 * @example
 * topicCoherence([["cloud", "cost"]], [["cloud", "cost"], ["cloud"]]).umass[0] // log((1+1)/2) = 0
 */
export function topicCoherence(termLists: ReadonlyArray<readonly string[]>, docs: ReadonlyArray<readonly string[]>): LdaCoherence {
  const docSets = docs.map((d) => new Set(d));
  const D = docSets.length;
  const df = (w: string) => docSets.reduce((n, s) => n + (s.has(w) ? 1 : 0), 0);
  const codf = (a: string, b: string) => docSets.reduce((n, s) => n + (s.has(a) && s.has(b) ? 1 : 0), 0);
  const umass: number[] = [];
  const npmi: number[] = [];
  for (const terms of termLists) {
    let u = 0,
      p = 0,
      pairs = 0;
    for (let m = 1; m < terms.length; m++) {
      for (let l = 0; l < m; l++) {
        const a = terms[m]!,
          b = terms[l]!;
        const dB = df(b),
          dA = df(a),
          dAB = codf(a, b);
        u += Math.log((dAB + 1) / Math.max(dB, 1));
        if (dAB === 0 || D === 0) p += -1;
        else {
          const pab = dAB / D;
          const pmi = Math.log(pab / ((dA / D) * (dB / D)));
          p += pab === 1 ? 1 : pmi / -Math.log(pab);
        }
        pairs++;
      }
    }
    umass.push(pairs > 0 ? u / pairs : 0);
    npmi.push(pairs > 0 ? p / pairs : 0);
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
  return { umass, npmi, meanUmass: mean(umass), meanNpmi: mean(npmi) };
}

/** Result of {@link uniqueWordsPerTopic}. */
export interface TopicUniqueness {
  /** For each topic, its top terms that appear in no other topic's top list. */
  uniqueTerms: string[][];
  /** Count of such terms per topic. */
  uniqueCounts: number[];
  /** Sum of `uniqueCounts`. */
  totalUnique: number;
  /** Number of distinct terms over all topics' top lists (the paper's "unique words used across all topics"). */
  distinctTerms: number;
}

/**
 * Lexical distinctness of topics for the Sentimental Agents nuance metric:
 * words that appear in exactly one topic's top list, and the number of
 * distinct words over all top lists.
 *
 * @example
 * uniqueWordsPerTopic([{ terms: ["a", "b"] }, { terms: ["b", "c"] }])
 * // { uniqueTerms: [["a"], ["c"]], uniqueCounts: [1, 1], totalUnique: 2, distinctTerms: 3 }
 */
export function uniqueWordsPerTopic(topics: ReadonlyArray<{ terms: readonly string[] }>): TopicUniqueness {
  const topicCount = new Map<string, number>();
  for (const t of topics) for (const w of new Set(t.terms)) topicCount.set(w, (topicCount.get(w) ?? 0) + 1);
  const uniqueTerms = topics.map((t) => [...new Set(t.terms)].filter((w) => topicCount.get(w) === 1));
  const uniqueCounts = uniqueTerms.map((u) => u.length);
  return {
    uniqueTerms,
    uniqueCounts,
    totalUnique: uniqueCounts.reduce((s, x) => s + x, 0),
    distinctTerms: topicCount.size,
  };
}

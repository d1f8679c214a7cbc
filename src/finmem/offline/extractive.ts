/**
 * Extractive summaries for the offline FinMem agent: the most central
 * sentences of a text by TF-IDF degree centrality (the idea of LexRank,
 * Erkan & Radev 2004, without the power iteration): each sentence is a
 * TF-IDF vector over the text's own sentences (idf = ln((1+n)/(1+df)) + 1,
 * scikit-learn's smooth idf), its centrality is the sum of its cosine
 * similarities to the other sentences, and the top sentences are returned in
 * their original order.
 *
 * Sentiment tag: the news summaries of INVESTOR-BENCH end with
 * "(Sentiment: positive|negative|neutral)"; such a tag is kept, otherwise
 * the VADER compound of the whole text labels it (>= 0.05 positive,
 * <= -0.05 negative, as VADER's authors recommend).
 */
import { contentTokens, splitSentences, polarityScores } from "../../text/index";

export type SentimentLabel = "positive" | "negative" | "neutral";

const SENTIMENT_TAG = /\(?\s*sentiment\s*:\s*(positive|negative|neutral)\s*\)?\.?\s*$/i;

/**
 * Split off a trailing "(Sentiment: X)" tag.
 *
 * @example
 * splitSentimentTag("Revenue rose. (Sentiment: positive)"); // { body: "Revenue rose.", tag: "positive" }
 */
export function splitSentimentTag(text: string): { body: string; tag: SentimentLabel | null } {
  const m = SENTIMENT_TAG.exec(text.trim());
  const tag = m?.[1];
  if (!m || tag === undefined) return { body: text.trim(), tag: null };
  return { body: text.trim().slice(0, m.index).trim(), tag: tag.toLowerCase() as SentimentLabel };
}

/**
 * VADER label of a text: compound >= 0.05 positive, <= -0.05 negative.
 *
 * @example
 * vaderLabel("Great quarter, strong growth"); // "positive"
 */
export function vaderLabel(text: string): SentimentLabel {
  const c = polarityScores(text).compound;
  return c >= 0.05 ? "positive" : c <= -0.05 ? "negative" : "neutral";
}

/**
 * Indices of the `k` most central sentences (ties: earlier sentence first),
 * ascending.
 *
 * @example
 * centralSentenceIndices(["Azure grew.", "Azure cloud revenue grew fast.", "Cats."], 1); // [1]
 */
export function centralSentenceIndices(sentences: readonly string[], k: number): number[] {
  const n = sentences.length;
  if (n <= k) return sentences.map((_, i) => i);
  const tokens = sentences.map((s) => contentTokens(s));
  const df = new Map<string, number>();
  for (const ts of tokens) for (const t of new Set(ts)) df.set(t, (df.get(t) ?? 0) + 1);
  const vectors = tokens.map((ts) => {
    const tf = new Map<string, number>();
    for (const t of ts) tf.set(t, (tf.get(t) ?? 0) + 1);
    const v = new Map<string, number>();
    let norm = 0;
    for (const [t, c] of tf) {
      // df counted every token of every sentence just above.
      const w = c * (Math.log((1 + n) / (1 + df.get(t)!)) + 1);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [t, w] of v) v.set(t, w / norm);
    return v;
  });
  const centrality = new Float64Array(n);
  // vectors and centrality hold one entry per sentence: i, j < n are in range.
  for (let i = 0; i < n; i++) {
    const vi = vectors[i]!;
    for (let j = i + 1; j < n; j++) {
      const vj = vectors[j]!;
      const [small, large] = vi.size < vj.size ? [vi, vj] : [vj, vi];
      let dot = 0;
      for (const [t, w] of small) dot += w * (large.get(t) ?? 0);
      centrality[i]! += dot;
      centrality[j]! += dot;
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => centrality[b]! - centrality[a]! || a - b);
  return order.slice(0, k).sort((a, b) => a - b);
}

/**
 * Extractive summary: the `k` most central sentences (original order) and a
 * sentiment label (the text's own tag, else VADER).
 *
 * @example
 * extractiveSummary("Microsoft beat estimates. Azure grew 50%. Azure cloud demand was strong. (Sentiment: positive)", 2);
 * // { summary: "Azure grew 50%. Azure cloud demand was strong.", sentiment: "positive" }
 */
export function extractiveSummary(text: string, k: number): { summary: string; sentiment: SentimentLabel } {
  const { body, tag } = splitSentimentTag(text);
  const sentences = splitSentences(body);
  // centralSentenceIndices returns indices into the sentences it was given.
  const summary = centralSentenceIndices(sentences, k)
    .map((i) => sentences[i]!)
    .join(" ");
  return { summary: summary || body, sentiment: tag ?? vaderLabel(body) };
}

/**
 * The embedder a FinMem config asks for: the run's own embedder, the hashing
 * embedder, a TF-IDF embedder fitted on the training window, all-MiniLM-L6-v2
 * on the CPU, or an endpoint embedder (checked to really be one).
 */
import type { DataFolder } from "../data/index";
import { type Embedder, HashingEmbedder, MiniLmEmbedder, TfidfEmbedder, contentTokens } from "../text/index";
import type { FinMemConfig } from "./config";

/** Vocabulary size of the "tfidf" embedder (most frequent training-window terms). */
export const TFIDF_VOCABULARY = 4096;

/**
 * A TF-IDF embedder fitted on the ticker's news and filings dated in the
 * training window, read as of trainEnd (so no test-window text shapes the
 * vocabulary), vocabulary cut to the TFIDF_VOCABULARY terms with the highest
 * document frequency (ties alphabetical).
 *
 * @example
 * trainingWindowTfidf(config, DataFolder.open("../shared/datasets")).id; // "tfidf-..."
 */
export function trainingWindowTfidf(config: FinMemConfig, folder: DataFolder): TfidfEmbedder {
  const view = folder.asOf(config.trainEnd);
  const texts = [
    ...view
      .news(config.ticker)
      .filter((n) => n.date >= config.trainStart)
      .map((n) => n.text),
    ...view
      .filings(config.ticker)
      .filter((f) => f.date >= config.trainStart)
      .map((f) => f.text),
  ];
  const docs = texts.map((t) => contentTokens(t));
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const keep = new Set(
    [...df.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, TFIDF_VOCABULARY)
      .map(([t]) => t),
  );
  const corpus = docs.map((d) => d.filter((t) => keep.has(t)));
  if (corpus.every((d) => d.length === 0)) throw new Error(`finmem: embedder=tfidf found no training-window text for ${config.ticker}`);
  return new TfidfEmbedder(corpus);
}

/**
 * The embedder a config asks for ("tfidf": see `trainingWindowTfidf`).
 *
 * @example
 * const embedder = selectEmbedder(config, ctx.embedder, folder);
 */
export function selectEmbedder(config: FinMemConfig, contextEmbedder: Embedder, folder: DataFolder): Embedder {
  switch (config.embedder) {
    case "context":
      return contextEmbedder;
    case "hashing":
      return contextEmbedder.id.startsWith("hashing") ? contextEmbedder : new HashingEmbedder();
    case "openai":
      if (["hashing", "tfidf", "minilm"].some((local) => contextEmbedder.id.startsWith(local))) {
        throw new Error(`finmem: embedder=openai needs an endpoint embedder (run with --embedder openai); the run's embedder is ${contextEmbedder.id}`);
      }
      return contextEmbedder;
    case "tfidf":
      return trainingWindowTfidf(config, folder);
    case "minilm":
      return contextEmbedder.id.startsWith("minilm") ? contextEmbedder : new MiniLmEmbedder();
  }
}

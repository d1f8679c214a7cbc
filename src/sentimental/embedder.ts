/**
 * The sentence embedder behind drift, defensibility and the platitudinal
 * score, and the tables' word on which one it was.
 */
import type { Table } from "../core/index";
import { type Embedder, HashingEmbedder, MiniLmEmbedder } from "../text/index";
import type { SentimentalConfig } from "./config";

/**
 * The embedder the `embedder` key asks for: the run's own (`--embedder`, the
 * default), the hashing embedder, or all-MiniLM-L6-v2 on the CPU — the
 * authors' code's model for drift. An embedder of the asked kind is reused, so a run
 * with `--embedder minilm` loads the model once.
 *
 * @example
 * const embedder = sentimentalEmbedder(config, ctx.embedder); // config.embedder = "minilm" -> MiniLmEmbedder
 */
export function sentimentalEmbedder(config: Pick<SentimentalConfig, "embedder">, contextEmbedder: Embedder): Embedder {
  switch (config.embedder) {
    case "context":
      return contextEmbedder;
    case "hashing":
      return contextEmbedder.id.startsWith("hashing") ? contextEmbedder : new HashingEmbedder();
    case "minilm":
      return contextEmbedder.id.startsWith("minilm") ? contextEmbedder : new MiniLmEmbedder();
  }
}

/** The embedding tables and what MiniLM is for each: the authors' own model, or a stand-in for theirs. */
const MINILM_ROLE: Readonly<Record<string, string>> = {
  table2_drift: "all-MiniLM-L6-v2, the authors' model for drift",
  drift_by_round: "all-MiniLM-L6-v2, the authors' model for drift",
  defensibility: "all-MiniLM-L6-v2 as a stand-in: the authors retrieve passages with all-mpnet-base-v2, not installed here",
  platitudinal: "all-MiniLM-L6-v2 (the authors' code scores platitudes with TF-IDF)",
};

/**
 * Adds "Embeddings: ..." to the notes of the tables computed from sentence
 * vectors when the embedder is all-MiniLM-L6-v2, so its defensibility numbers
 * read as a stand-in for the authors' all-mpnet-base-v2. Other embedders leave
 * the tables as they are.
 *
 * @example
 * withEmbedderNotes(tables, "minilm-l6-v2").find((t) => t.name === "defensibility")?.note // "... Embeddings: all-MiniLM-L6-v2 as a stand-in: ..."
 */
export function withEmbedderNotes(tables: readonly Table[], embedderId: string): Table[] {
  if (!embedderId.startsWith("minilm")) return [...tables];
  return tables.map((t) => {
    const role = MINILM_ROLE[t.name];
    if (!role) return t;
    return { ...t, note: `${t.note ? `${t.note} ` : ""}Embeddings: ${role}.` };
  });
}

/**
 * Sentimental drift and defensibility under the hashing, TF-IDF and
 * all-MiniLM-L6-v2 embedders, side by side (notebook 01).
 */
import type { Table } from "../core/index";
import { runExperiment, type RunOptions } from "../run/index";
import { miniLmAvailability } from "../text/index";
import { sideBySide } from "./side-by-side";

/** The comparison's two tables, or why it was skipped. */
export type EmbedderComparison = { drift: Table; defensibility: Table } | { skipped: string };

/**
 * Runs one Sentimental configuration three times — `embedder: "hashing"`,
 * hashing with `retrieval: "tfidf"`, and `embedder: "minilm"` — and joins
 * Table 2 (drift; TF-IDF plays no part in it) and the defensibility table per
 * (candidate, agent). The conversations do not depend on the embedder, so the
 * variants score the same statements. Skipped, with the reason, when
 * all-MiniLM-L6-v2 is not installed.
 *
 * @example
 * const c = await compareSentimentalEmbedders({ seed: 7 }, { candidates: 3, maxRounds: 3, runs: 1 });
 * if (!("skipped" in c)) c.defensibility.columns; // ["candidate", "agent", "model", "score (hashing)", "score (tfidf)", "score (minilm)", ...]
 */
export async function compareSentimentalEmbedders(options: RunOptions, config: Record<string, unknown>): Promise<EmbedderComparison> {
  const availability = miniLmAvailability();
  if (!availability.available) return { skipped: availability.reason };
  const variants = [
    { label: "hashing", config: { ...config, embedder: "hashing" } },
    { label: "tfidf", config: { ...config, embedder: "hashing", retrieval: "tfidf" } },
    { label: "minilm", config: { ...config, embedder: "minilm" } },
  ];
  const runs = [];
  for (const v of variants) runs.push({ label: v.label, run: await runExperiment("sentimental", { ...options, config: { ...options.config, ...v.config } }) });
  const agents = Object.keys(runs[0]!.run.table("table2_drift").rows[0] ?? {}).filter((c) => c !== "candidate" && c !== "model");
  const drift = sideBySide(
    runs.filter((r) => r.label !== "tfidf").map((r) => ({ label: r.label, table: r.run.table("table2_drift") })),
    // The model column is a key, so the joined table keeps the offline label every table carries.
    ["candidate", "model"],
    agents,
  );
  const defensibility = sideBySide(
    runs.map((r) => ({ label: r.label, table: r.run.table("defensibility") })),
    ["candidate", "agent", "model"],
    ["score", "supported_share"],
  );
  return { drift, defensibility };
}

/**
 * Merging record/replay caches: the caches of a sweep's shards, recorded on
 * separate machines, become one cache that replays every shard's calls. A key
 * is a hash of everything a call sends, so the same key in two caches is the
 * same question; if the answers differ (a sampled model asked the same prompt
 * twice) that is a conflict: the first answer is kept, as a cache's first line
 * for a key wins, and the conflict is reported so the user knows that the
 * cells built on the other answer will not replay exactly.
 */
import path from "node:path";
import { parseEmbeddingEntry, parseModelEntry, type EmbeddingCacheEntry, type ModelCacheEntry } from "./cache";
import { stableStringify } from "./json";
import { JsonlStore, safeFileStem, type StoredEntry } from "./jsonl-store";

/** The same key with different answers in two caches. */
export interface CacheConflict {
  /** "model" answers or "embeddings". */
  kind: "model" | "embeddings";
  key: string;
  /** The task (model answers) or the embedder (embeddings). */
  name: string;
  /** The cache whose answer was kept, and the one whose answer differed. */
  kept: string;
  differs: string;
}

export interface CacheMergeResult {
  /** Entries appended to the target (keys it did not hold). */
  appended: number;
  /** Keys found in more than one cache with the same answer (merged once). */
  shared: number;
  conflicts: CacheConflict[];
}

/** What must agree for two entries of one key to be the same answer (usage may differ between providers' counts). */
function modelAnswer(entry: ModelCacheEntry): string {
  return stableStringify({ output: entry.output, repaired: entry.repaired });
}

function embeddingAnswer(entry: EmbeddingCacheEntry): string {
  return stableStringify({ dimension: entry.dimension, vector: entry.vector });
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

interface Kind<E extends StoredEntry> {
  kind: CacheConflict["kind"];
  sub: string;
  parse(raw: unknown): E;
  answer(entry: E): string;
  name(entry: E): string;
}

const MODEL_KIND: Kind<ModelCacheEntry> = { kind: "model", sub: "", parse: parseModelEntry, answer: modelAnswer, name: (e) => e.task };
const EMBEDDING_KIND: Kind<EmbeddingCacheEntry> = {
  kind: "embeddings",
  sub: "embeddings",
  parse: parseEmbeddingEntry,
  answer: embeddingAnswer,
  name: (e) => e.embedder,
};

function mergeKind<E extends StoredEntry>(target: string, sources: readonly string[], kind: Kind<E>, result: CacheMergeResult): void {
  const into = new JsonlStore<E>({ dir: path.join(target, kind.sub), writable: true, parse: kind.parse });
  const kept = new Map<string, { entry: E; from: string }>();
  for (const existing of into.values()) kept.set(existing.key, { entry: existing, from: target });
  const fresh: E[] = [];
  for (const source of sources) {
    const store = new JsonlStore<E>({ dir: path.join(source, kind.sub), writable: false, parse: kind.parse });
    for (const entry of store.values()) {
      const first = kept.get(entry.key);
      if (!first) {
        kept.set(entry.key, { entry, from: source });
        fresh.push(entry);
      } else if (kind.answer(first.entry) === kind.answer(entry)) {
        result.shared++;
      } else {
        result.conflicts.push({ kind: kind.kind, key: entry.key, name: kind.name(entry), kept: first.from, differs: source });
      }
    }
  }
  // Sorted by (file, key): the merged cache's bytes do not depend on which shard finished first.
  fresh.sort((a, b) => cmp(kind.name(a), kind.name(b)) || cmp(a.key, b.key));
  for (const entry of fresh) into.append(`${safeFileStem(kind.name(entry))}.jsonl`, entry);
  result.appended += fresh.length;
}

/**
 * Append to the cache folder `target` every model answer and embedding of the
 * `sources` folders it does not hold yet (by key; sources in the given order,
 * new entries sorted by task and key; existing lines never rewritten), and
 * report the keys whose answers differ between folders (the first kept).
 *
 * @example
 * mergeCacheFolders("runs/all/llm-cache", ["runs/s0/llm-cache", "runs/s1/llm-cache"]); // { appended: 812, shared: 40, conflicts: [] }
 */
export function mergeCacheFolders(target: string, sources: readonly string[]): CacheMergeResult {
  const result: CacheMergeResult = { appended: 0, shared: 0, conflicts: [] };
  mergeKind(target, sources, MODEL_KIND, result);
  mergeKind(target, sources, EMBEDDING_KIND, result);
  return result;
}

/**
 * Record/replay cache around any Model or Embedder.
 *
 * Layout under the cache directory (append-only, canonical JSON lines, no
 * timestamps, no secrets):
 *   <dir>/<task-name>.jsonl          {key, task, version, model, params, output, usage, repaired}
 *   <dir>/embeddings/<embedder>.jsonl {key, embedder, dimension, vector (base64 float32 LE)}
 *
 * "record": a hit returns the stored answer, a miss calls the inner model and
 * appends its answer. "replay": a miss throws ReplayMissError and the inner
 * model is never called, so a warm cache reruns with no key and no network.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { LlmError, ReplayMissError } from "./errors";
import { stableHash, stableStringify } from "./json";
import { JsonlStore, safeFileStem } from "./jsonl-store";
import { resolveCallParams, type CallParams } from "./params";
import { decodeBase64Float32, encodeBase64Float32 } from "./vectors";
import { emptyUsage, type CallOptions, type ChatMessage, type Model, type ModelResult, type Task, type Usage, type UsageTotals } from "./types";
import type { Embedder } from "../text/index";

export type CacheMode = "record" | "replay";

export interface CacheOptions {
  /** Cache directory (created on the first recorded answer). */
  dir: string;
  mode: CacheMode;
  /** Warnings (torn lines); never contains secrets. */
  log?: (message: string) => void;
}

/** One recorded model answer (one JSONL line). */
export interface ModelCacheEntry {
  key: string;
  task: string;
  version: number;
  model: string;
  params: CallParams;
  output: unknown;
  usage: Usage;
  repaired: boolean;
}

/** Everything the cache key covers. */
export interface ModelCacheKeyParts {
  model: string;
  params: CallParams;
  messages: ChatMessage[];
  task: string;
  version: number;
  /** stableHash(input): offline outputs depend on the input itself, not only on the rendered messages. */
  input: string;
}

/**
 * key = sha256(stableStringify({model, params, messages, task, version, input})).
 * The input hash is included because offline policies (which may also be
 * cached) read the input directly, and because callers put a sample index in
 * the input to draw repeated samples of the same prompt.
 *
 * @example
 * modelCacheKey({ model: "gpt-4o-mini", params: { temperature: 0, seed: 7 }, messages, task: "demo.rate", version: 1, input: stableHash(input) });
 */
export function modelCacheKey(parts: ModelCacheKeyParts): string {
  return stableHash(parts);
}

/**
 * Check one parsed model-cache line and give it its typed shape (params
 * default to temperature 0 and no seed for lines written before they were
 * recorded); throws a message naming the bad field.
 *
 * @example
 * parseModelEntry(JSON.parse(line)).output;
 */
export function parseModelEntry(raw: unknown): ModelCacheEntry {
  const r = raw as Record<string, unknown>;
  if (typeof r !== "object" || r === null) throw new Error("line is not a JSON object");
  for (const field of ["key", "task", "model"] as const) {
    if (typeof r[field] !== "string") throw new Error(`field "${field}" must be a string`);
  }
  if (typeof r["version"] !== "number") throw new Error(`field "version" must be a number`);
  if (!("output" in r)) throw new Error(`field "output" is missing`);
  const usage = r["usage"] as Record<string, unknown> | undefined;
  if (!usage || typeof usage["promptTokens"] !== "number" || typeof usage["completionTokens"] !== "number") {
    throw new Error(`field "usage" must be {promptTokens, completionTokens}`);
  }
  return {
    key: r["key"] as string,
    task: r["task"] as string,
    version: r["version"] as number,
    model: r["model"] as string,
    params: (r["params"] as CallParams | undefined) ?? { temperature: 0, seed: null },
    output: r["output"],
    usage: {
      promptTokens: usage["promptTokens"] as number,
      completionTokens: usage["completionTokens"] as number,
      ...(typeof usage["cachedPromptTokens"] === "number" ? { cachedPromptTokens: usage["cachedPromptTokens"] } : {}),
    },
    repaired: r["repaired"] === true,
  };
}

/**
 * A Model that answers from / records to an on-disk cache (see module doc).
 * Concurrent identical requests in record mode share one inner call. Results
 * served from the cache have `cached: true`, latency 0 and the usage recorded
 * with the answer. `usage()` reports calls and cache hits of this wrapper and
 * the network/token/cost totals of the inner model (which only sees misses).
 *
 * @example
 * const model = new CachedModel(new OpenAIModel({ model: "gpt-4o-mini" }), { dir: "run/llm-cache", mode: "record" });
 * const again = new CachedModel(replayOnlyModel("gpt-4o-mini"), { dir: "run/llm-cache", mode: "replay" });
 */
export class CachedModel implements Model {
  readonly id: string;
  readonly isOffline: boolean;
  private readonly store: JsonlStore<ModelCacheEntry>;
  private readonly pending = new Map<string, Promise<ModelResult<unknown>>>();
  private readonly touched = new Map<string, ModelCacheEntry>();
  private calls = 0;
  private hits = 0;

  constructor(
    readonly inner: Model,
    private readonly options: CacheOptions,
  ) {
    this.id = inner.id;
    this.isOffline = inner.isOffline;
    this.store = new JsonlStore({ dir: options.dir, writable: options.mode === "record", parse: parseModelEntry, log: options.log });
  }

  get mode(): CacheMode {
    return this.options.mode;
  }

  resolveParams<I, O>(task: Task<I, O>, options: CallOptions = {}): CallParams {
    return this.inner.resolveParams ? this.inner.resolveParams(task, options) : resolveCallParams(task, options);
  }

  /** The cache key this wrapper uses for a call (for tests and diagnostics). */
  keyFor<I, O>(task: Task<I, O>, input: I, options: CallOptions = {}): string {
    return modelCacheKey({
      model: this.inner.id,
      params: this.resolveParams(task, options),
      messages: task.render(input),
      task: task.name,
      version: task.version,
      input: stableHash(input),
    });
  }

  async run<I, O>(task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
    this.calls++;
    const key = this.keyFor(task, input, options);
    const hit = this.store.get(key);
    if (hit) return this.fromEntry<O>(hit);
    if (this.options.mode === "replay") {
      throw new ReplayMissError(task.name, key, this.options.dir, this.missHint(task.name, task.version, this.resolveParams(task, options)));
    }

    const inFlight = this.pending.get(key);
    if (inFlight) {
      const shared = (await inFlight) as ModelResult<O>;
      this.hits++;
      return { ...shared, cached: true, latencyMs: 0 };
    }
    const call = (async (): Promise<ModelResult<unknown>> => {
      const raw = await this.inner.run(task, input, options);
      // Hand back the output exactly as a later replay will (canonical key order):
      // prompts that embed earlier outputs must render identically in both runs,
      // or the replay's cache keys would drift from the recording's.
      const result = { ...raw, output: JSON.parse(stableStringify(raw.output)) as O };
      const entry: ModelCacheEntry = {
        key,
        task: task.name,
        version: task.version,
        model: this.inner.id,
        params: this.resolveParams(task, options),
        output: result.output,
        usage: result.usage,
        repaired: result.repaired,
      };
      this.store.append(`${safeFileStem(task.name)}.jsonl`, entry);
      this.touched.set(key, entry);
      return result;
    })();
    this.pending.set(key, call);
    try {
      return (await call) as ModelResult<O>;
    } finally {
      this.pending.delete(key);
    }
  }

  usage(): UsageTotals {
    return { ...this.inner.usage(), calls: this.calls, cacheHits: this.hits };
  }

  /** Entries served or recorded by this wrapper, sorted by (task, key): a deterministic snapshot of the run's cache. */
  entriesUsed(): ModelCacheEntry[] {
    return [...this.touched.values()].sort((a, b) => (a.task === b.task ? cmp(a.key, b.key) : cmp(a.task, b.task)));
  }

  /**
   * What the cache holds for a task that missed: the (model, version,
   * temperature, seed) combinations it was recorded under, when they differ
   * from this call's, point at a mismatched --model, --seed or task version;
   * when they match, the inputs differ (another config or data folder).
   */
  private missHint(taskName: string, version: number, params: CallParams): string {
    const same = this.store.values().filter((e) => e.task === taskName);
    if (same.length === 0) return `the cache holds no answers for this task`;
    const combos = new Map<string, number>();
    for (const e of same) {
      const label = `model ${e.model}, version ${e.version}, temperature ${e.params.temperature}, seed ${e.params.seed ?? "none"}`;
      combos.set(label, (combos.get(label) ?? 0) + 1);
    }
    const wanted = `model ${this.inner.id}, version ${version}, temperature ${params.temperature}, seed ${params.seed ?? "none"}`;
    const listed = [...combos.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([label, n]) => `${n} recorded with ${label}`)
      .join("; ");
    return combos.has(wanted)
      ? `${listed}; this call matches those settings, so its input differs (check --set, --config and --data)`
      : `${listed}; this call asked for ${wanted} (check --model and --seed)`;
  }

  private fromEntry<O>(entry: ModelCacheEntry): ModelResult<O> {
    this.hits++;
    this.touched.set(entry.key, entry);
    return {
      output: structuredClone(entry.output) as O,
      usage: { ...entry.usage },
      cached: true,
      model: this.inner.id,
      latencyMs: 0,
      repaired: entry.repaired,
    };
  }
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Write model cache entries as `<dir>/<task>.jsonl`, one canonical JSON line
 * each, in the given order (use `CachedModel.entriesUsed()` for a sorted,
 * byte-reproducible copy of a run's cache in its output folder). Returns the
 * files written.
 *
 * @example
 * writeCacheSnapshot(path.join(runDir, "llm-cache"), cachedModel.entriesUsed());
 */
export function writeCacheSnapshot(dir: string, entries: readonly ModelCacheEntry[]): string[] {
  const byFile = new Map<string, string[]>();
  for (const entry of entries) {
    const file = `${safeFileStem(entry.task)}.jsonl`;
    const lines = byFile.get(file) ?? [];
    lines.push(stableStringify(entry));
    byFile.set(file, lines);
  }
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const [file, lines] of [...byFile.entries()].sort((a, b) => cmp(a[0], b[0]))) {
    const target = path.join(dir, file);
    writeFileSync(target, lines.join("\n") + "\n", "utf8");
    written.push(target);
  }
  return written;
}

/**
 * Append to the cache in `dir` every entry it does not already hold (by key),
 * in the given order; existing lines are never rewritten (the cache stays
 * append-only). Used to give a run folder a replayable copy of the entries a
 * run used when its live cache lives elsewhere (`--cache DIR`). Returns the
 * number of entries appended.
 *
 * @example
 * mergeIntoCache(path.join(runDir, "llm-cache"), cachedModel.entriesUsed()); // 42
 */
export function mergeIntoCache(dir: string, entries: readonly ModelCacheEntry[]): number {
  const store = new JsonlStore({ dir, writable: true, parse: parseModelEntry });
  let appended = 0;
  for (const entry of entries) {
    if (store.get(entry.key)) continue;
    store.append(`${safeFileStem(entry.task)}.jsonl`, entry);
    appended++;
  }
  return appended;
}

/**
 * The distinct model ids of the answers recorded in a cache directory (sorted;
 * empty when the folder is missing or empty). Replay uses it to default
 * `--model` to the one model a recording was made with.
 *
 * @example
 * recordedModels("runs/sentimental-seed7-openai/llm-cache"); // ["gpt-4o-mini"]
 */
export function recordedModels(dir: string): string[] {
  const store = new JsonlStore({ dir, writable: false, parse: parseModelEntry });
  return [...new Set(store.values().map((e) => e.model))].sort(cmp);
}

/**
 * Stand-in for the real model in replay mode: same id and sampling defaults
 * (so cache keys match the recording run) but any call is an error, which
 * proves a replay makes no network call and needs no API key.
 *
 * @example
 * new CachedModel(replayOnlyModel("gpt-4o-mini", { seed: 7 }), { dir, mode: "replay" });
 */
export function replayOnlyModel(id: string, defaults: { temperature?: number; seed?: number } = {}): Model {
  return {
    id,
    isOffline: id === "offline",
    resolveParams: (task, options) => resolveCallParams(task, options, defaults),
    run: async (task) => {
      throw new LlmError(`replay: the model "${id}" must not be called in replay mode (task "${task.name}")`, task.name);
    },
    usage: emptyUsage,
  };
}

/** One recorded embedding (one JSONL line). */
export interface EmbeddingCacheEntry {
  key: string;
  embedder: string;
  dimension: number;
  /** base64 little-endian float32. */
  vector: string;
}

/**
 * Check one parsed embedding-cache line; throws a message naming the bad field.
 *
 * @example
 * parseEmbeddingEntry(JSON.parse(line)).dimension; // 384
 */
export function parseEmbeddingEntry(raw: unknown): EmbeddingCacheEntry {
  const r = raw as Record<string, unknown>;
  if (typeof r !== "object" || r === null) throw new Error("line is not a JSON object");
  for (const field of ["key", "embedder", "vector"] as const) {
    if (typeof r[field] !== "string") throw new Error(`field "${field}" must be a string`);
  }
  if (typeof r["dimension"] !== "number") throw new Error(`field "dimension" must be a number`);
  return { key: r["key"] as string, embedder: r["embedder"] as string, dimension: r["dimension"] as number, vector: r["vector"] as string };
}

/**
 * key = sha256(stableStringify({embedder: id, text})).
 *
 * @example
 * embeddingCacheKey("text-embedding-3-small", "hello");
 */
export function embeddingCacheKey(embedderId: string, text: string): string {
  return stableHash({ embedder: embedderId, text });
}

/**
 * An Embedder that answers from / records to `<dir>/embeddings/<id>.jsonl`.
 * Misses of one `embed` call go to the inner embedder in a single call (each
 * distinct text once); replay mode throws ReplayMissError on any miss.
 *
 * @example
 * const embedder = new CachedEmbedder(new OpenAIEmbedder(), { dir: "cache", mode: "record" });
 */
export class CachedEmbedder implements Embedder {
  readonly id: string;
  private readonly store: JsonlStore<EmbeddingCacheEntry>;
  private readonly pending = new Map<string, Promise<Float32Array>>();
  private learnedDimension = 0;
  private calls = 0;
  private hits = 0;

  constructor(
    readonly inner: Embedder,
    private readonly options: CacheOptions,
  ) {
    this.id = inner.id;
    this.store = new JsonlStore({
      dir: path.join(options.dir, "embeddings"),
      writable: options.mode === "record",
      parse: parseEmbeddingEntry,
      log: options.log,
    });
  }

  get dimension(): number {
    return this.inner.dimension || this.learnedDimension;
  }

  /** Texts embedded and how many were served from the cache. */
  stats(): { calls: number; cacheHits: number } {
    return { calls: this.calls, cacheHits: this.hits };
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out = new Array<Float32Array | Promise<Float32Array>>(texts.length);
    const missing = new Map<string, { text: string; indices: number[] }>();
    for (let i = 0; i < texts.length; i++) {
      this.calls++;
      const text = texts[i]!;
      const key = embeddingCacheKey(this.inner.id, text);
      const hit = this.store.get(key);
      if (hit) {
        this.hits++;
        out[i] = this.decode(hit);
        continue;
      }
      const inFlight = this.pending.get(key);
      if (inFlight) {
        this.hits++;
        out[i] = inFlight.then((v) => v.slice());
        continue;
      }
      const slot = missing.get(key);
      if (slot) slot.indices.push(i);
      else missing.set(key, { text, indices: [i] });
    }
    const firstMiss = missing.keys().next();
    if (!firstMiss.done) {
      if (this.options.mode === "replay") throw new ReplayMissError(`embeddings:${this.inner.id}`, firstMiss.value, this.options.dir);
      const slots = [...missing];
      const keys = slots.map(([key]) => key);
      const batch = this.inner.embed(slots.map(([, slot]) => slot.text));
      slots.forEach(([key, slot], j) => {
        const vector = batch.then((vectors) => {
          const v = vectors[j];
          if (v === undefined) throw new LlmError(`embeddings (${this.inner.id}): asked for ${keys.length} vectors, got ${vectors.length}`);
          return v;
        });
        vector.catch(() => undefined); // failures surface through `batch` below
        this.pending.set(key, vector);
        for (const i of slot.indices) out[i] = vector;
      });
      try {
        const vectors = await batch;
        if (vectors.length !== keys.length) {
          throw new LlmError(`embeddings (${this.inner.id}): asked for ${keys.length} vectors, got ${vectors.length}`);
        }
        keys.forEach((key, j) => {
          const vector = vectors[j]!; // the lengths agree (checked above)
          this.learnedDimension ||= vector.length;
          this.store.append(`${safeFileStem(this.inner.id)}.jsonl`, {
            key,
            embedder: this.inner.id,
            dimension: vector.length,
            vector: encodeBase64Float32(vector),
          });
        });
      } finally {
        for (const key of keys) this.pending.delete(key);
      }
    }
    const resolved = await Promise.all(out);
    // Duplicate texts in one call must not share (mutable) arrays.
    const seen = new Set<Float32Array>();
    return resolved.map((v) => (seen.has(v) ? v.slice() : (seen.add(v), v)));
  }

  private decode(entry: EmbeddingCacheEntry): Float32Array {
    const vector = decodeBase64Float32(entry.vector);
    this.learnedDimension ||= vector.length;
    return vector;
  }
}

/**
 * Stand-in embedder for replay mode: any call is an error.
 *
 * @example
 * new CachedEmbedder(replayOnlyEmbedder("text-embedding-3-small"), { dir, mode: "replay" });
 */
export function replayOnlyEmbedder(id: string, dimension = 0): Embedder {
  return {
    id,
    dimension,
    embed: async () => {
      throw new LlmError(`replay: the embedder "${id}" must not be called in replay mode`);
    },
  };
}

/**
 * One place that turns CLI / notebook options into a Model and an Embedder.
 */
import { existsSync } from "node:fs";
import { HashingEmbedder, MiniLmEmbedder, type Embedder } from "../text/index";
import { BudgetModel } from "./budget";
import { CachedEmbedder, CachedModel, recordedModels, replayOnlyEmbedder, replayOnlyModel } from "./cache";
import { LlmConfigError } from "./errors";
import { OfflineModel } from "./offline";
import { OpenAIEmbedder, OpenAIModel } from "./openai-client";
import type { ResponseFormat } from "./response-format";
import type { Model } from "./types";

/**
 * offline: the embedded agents; openai: an OpenAI-compatible endpoint (cached
 * in record mode when a cache dir is given); record: openai with a required
 * cache dir; replay: answers only from the cache, no key, no network.
 */
export type LlmMode = "offline" | "openai" | "record" | "replay";

/** Chat model used when none is named. */
export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";
/** Embedding model used when none is named. */
export const DEFAULT_EMBEDDING_MODEL = "text-embedding-3-small";

export interface CreateModelOptions {
  llm: LlmMode;
  /**
   * Endpoint model name (openai / record / replay). Default DEFAULT_OPENAI_MODEL; in replay, the
   * default is the only model recorded in the cache when there is exactly one. "offline" replays an offline recording.
   */
  model?: string;
  /** Run seed: offline policies' RNG root and the endpoint `seed`. */
  seed: number;
  /** Record/replay cache directory. */
  cacheDir?: string;
  baseURL?: string;
  /** Default env OPENAI_API_KEY. */
  apiKey?: string;
  /** Model-wide temperature override (otherwise each task's paper value). */
  temperature?: number;
  /** Per-request timeout in ms (CLI `--timeout SECONDS`); default 60 000. */
  timeoutMs?: number;
  concurrency?: number;
  maxRetries?: number;
  retryBaseDelayMs?: number;
  /** What `response_format` asks for: json_object (default), json_schema or none (response-format.ts). */
  responseFormat?: ResponseFormat;
  /** `max_tokens` of every completion (default: none sent, the server's own limit applies). */
  maxTokens?: number;
  fetch?: typeof fetch;
  /** Also record offline answers to the cache (so a rerun shows hits). Default false. */
  cacheOffline?: boolean;
  /** Stop before the endpoint call that would pass this many calls (cache hits are free; see budget.ts). */
  maxCalls?: number;
  /** Stop before the endpoint call whose worst case would pass this estimated USD. */
  maxCostUsd?: number;
  log?: (message: string) => void;
}

/**
 * Build the Model for a run.
 * offline -> OfflineModel (wrapped in a recording cache only with `cacheOffline`);
 * openai -> OpenAIModel (in a recording CachedModel when `cacheDir` is set);
 * record -> like openai, `cacheDir` required (with maxCalls / maxCostUsd the
 * endpoint sits in a BudgetModel inside the cache, so cache hits stay free); replay -> CachedModel("replay")
 * around a model that refuses to be called (`cacheDir` required and must exist).
 * Throws LlmConfigError with the fix when options are inconsistent.
 *
 * @example
 * const model = createModel({ llm: "offline", seed: 7 });
 * const replay = createModel({ llm: "replay", model: "gpt-4o-mini", seed: 7, cacheDir: "runs/x/llm-cache" });
 */
export function createModel(opts: CreateModelOptions): Model {
  if (!Number.isFinite(opts.seed)) throw new LlmConfigError(`createModel: seed must be a finite number, got ${opts.seed}`);
  const cache = (inner: Model, mode: "record" | "replay", dir: string): Model => new CachedModel(inner, { dir, mode, log: opts.log });

  switch (opts.llm) {
    case "offline": {
      const model = new OfflineModel({ seed: opts.seed, temperature: opts.temperature });
      return opts.cacheOffline && opts.cacheDir ? cache(model, "record", opts.cacheDir) : model;
    }
    case "openai":
    case "record": {
      if (opts.llm === "record" && !opts.cacheDir) {
        throw new LlmConfigError("--llm record needs a cache directory to record into");
      }
      const model = new OpenAIModel({
        model: opts.model ?? DEFAULT_OPENAI_MODEL,
        apiKey: opts.apiKey,
        baseURL: opts.baseURL,
        temperature: opts.temperature,
        seed: opts.seed,
        timeoutMs: opts.timeoutMs,
        concurrency: opts.concurrency,
        maxRetries: opts.maxRetries,
        retryBaseDelayMs: opts.retryBaseDelayMs,
        responseFormat: opts.responseFormat,
        maxTokens: opts.maxTokens,
        fetch: opts.fetch,
        log: opts.log,
      });
      const limited =
        opts.maxCalls !== undefined || opts.maxCostUsd !== undefined ? new BudgetModel(model, { maxCalls: opts.maxCalls, maxCostUsd: opts.maxCostUsd }) : model;
      return opts.cacheDir ? cache(limited, "record", opts.cacheDir) : limited;
    }
    case "replay": {
      if (!opts.cacheDir) throw new LlmConfigError("--llm replay needs the cache directory of a recorded run");
      if (!existsSync(opts.cacheDir)) {
        throw new LlmConfigError(`--llm replay: cache directory ${opts.cacheDir} does not exist; record it first with --llm openai`);
      }
      // Without --model, replay the one model the cache was recorded with (a recording
      // made with `--model llama3.1` then replays without repeating the flag).
      const recorded = opts.model === undefined ? recordedModels(opts.cacheDir) : [];
      const id = opts.model ?? (recorded.length === 1 ? recorded[0] : undefined) ?? DEFAULT_OPENAI_MODEL;
      return cache(replayOnlyModel(id, { temperature: opts.temperature, seed: opts.seed }), "replay", opts.cacheDir);
    }
    default:
      throw new LlmConfigError(`unknown --llm mode ${JSON.stringify(opts.llm)}; allowed: offline, openai, record, replay`);
  }
}

/** The run-level embedders (`--embedder`). */
export const EMBEDDER_KINDS = ["hashing", "minilm", "openai"] as const;
export type EmbedderKind = (typeof EMBEDDER_KINDS)[number];

/**
 * Reads an `--embedder` value (default "hashing"); undefined for anything else,
 * so each command words its own usage error.
 *
 * @example
 * embedderKind("minilm") // "minilm"
 * embedderKind("bert") // undefined
 */
export function embedderKind(value: string | undefined): EmbedderKind | undefined {
  const kind = value ?? "hashing";
  return (EMBEDDER_KINDS as readonly string[]).includes(kind) ? (kind as EmbedderKind) : undefined;
}

export interface CreateEmbedderOptions {
  /** "hashing" (embedded, default), "minilm" (all-MiniLM-L6-v2 on onnxruntime, installed by scripts/setup-minilm.sh) or "openai" (an embeddings endpoint). */
  kind?: EmbedderKind;
  /** The run's LLM mode: with kind "openai", replay reads embeddings from the cache only. */
  llm?: LlmMode;
  /** Embedding model (kind openai). Default DEFAULT_EMBEDDING_MODEL. */
  embeddingModel?: string;
  /** Hashing dimension, or the `dimensions` sent to the endpoint. */
  dimension?: number;
  cacheDir?: string;
  baseURL?: string;
  apiKey?: string;
  timeoutMs?: number;
  concurrency?: number;
  maxRetries?: number;
  retryBaseDelayMs?: number;
  fetch?: typeof fetch;
  /** Injected offline embedder (tests, notebooks); default HashingEmbedder. */
  offline?: Embedder;
  log?: (message: string) => void;
}

/**
 * Build the Embedder for a run: hashing -> the injected offline embedder or
 * HashingEmbedder (deterministic, never cached: it is cheaper than a lookup);
 * minilm -> all-MiniLM-L6-v2 on the CPU (local and deterministic, so never
 * cached either; fails with the install command when the model is missing);
 * openai -> OpenAIEmbedder, in a recording CachedEmbedder when `cacheDir` is
 * set, or a replaying one (no key, no network) when `llm` is "replay".
 *
 * @example
 * const embedder = createEmbedder({ kind: "hashing" });
 * const remote = createEmbedder({ kind: "openai", cacheDir: "cache" });
 */
export function createEmbedder(opts: CreateEmbedderOptions = {}): Embedder {
  const kind = opts.kind ?? "hashing";
  if (kind === "hashing") return opts.offline ?? new HashingEmbedder(opts.dimension ? { dimension: opts.dimension } : {});
  if (kind === "minilm") return new MiniLmEmbedder();
  if (kind !== "openai") throw new LlmConfigError(`unknown embedder ${JSON.stringify(kind)}; allowed: ${EMBEDDER_KINDS.join(", ")}`);
  const model = opts.embeddingModel ?? DEFAULT_EMBEDDING_MODEL;
  const id = opts.dimension ? `${model}@${opts.dimension}` : model;
  if (opts.llm === "replay") {
    if (!opts.cacheDir) throw new LlmConfigError("replaying openai embeddings needs the cache directory of a recorded run");
    return new CachedEmbedder(replayOnlyEmbedder(id, opts.dimension ?? 0), { dir: opts.cacheDir, mode: "replay", log: opts.log });
  }
  const embedder = new OpenAIEmbedder({
    model,
    dimensions: opts.dimension,
    apiKey: opts.apiKey,
    baseURL: opts.baseURL,
    timeoutMs: opts.timeoutMs,
    concurrency: opts.concurrency,
    maxRetries: opts.maxRetries,
    retryBaseDelayMs: opts.retryBaseDelayMs,
    fetch: opts.fetch,
    log: opts.log,
  });
  return opts.cacheDir ? new CachedEmbedder(embedder, { dir: opts.cacheDir, mode: "record", log: opts.log }) : embedder;
}

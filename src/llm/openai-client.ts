/**
 * OpenAI-compatible endpoints (OpenAI, Ollama, vLLM, llama.cpp server, ...)
 * through the official `openai` SDK: chat completions (in the response format
 * the run asks for) as a TextProvider under `runTask` (which extracts, reads,
 * validates and repairs), and embeddings. Every attempt is bounded by the
 * per-request timeout, body included; retries are logged as they happen and
 * every transport error names the endpoint's URL.
 *
 * The API key lives only inside the SDK client held in a private field; every
 * message that leaves this module passes through `redactSecrets`.
 */
import type OpenAI from "openai";
import { Rng } from "../stats/index";
import { LlmConfigError, LlmOutputError } from "./errors";
import { Semaphore, mapConcurrent } from "./limit";
import { resolveCallParams, type CallParams } from "./params";
import { estimateCostUsd, type PriceTable } from "./pricing";
import { redactSecrets } from "./redact";
import { DEFAULT_RESPONSE_FORMAT, responseFormatField, type ResponseFormat } from "./response-format";
import { AttemptTimeoutError, defaultSleep, genericFailure, withRetries, type FailureInfo, type RetryPolicy, type Sleep } from "./retry";
import { runTask, type TextCompletion, type TextProvider, type TextRequest } from "./run-task";
import { emptyUsage, type CallOptions, type Model, type ModelResult, type Task, type Usage, type UsageTotals } from "./types";
import type { Embedder } from "../text/index";
import { decodeBase64Float32, l2Normalize } from "./vectors";

/** Connection and retry settings shared by chat models and embedders. */
export interface OpenAIClientConfig {
  /** Defaults to env OPENAI_API_KEY; required. */
  apiKey?: string;
  /** Defaults to env OPENAI_BASE_URL, else api.openai.com. Include the `/v1` suffix. */
  baseURL?: string;
  /** Per-request timeout (ms), the answer's body included (CLI `--timeout SECONDS`). Default 60000. */
  timeoutMs?: number;
  /** Retries after the first attempt for transient failures. Default 4. */
  maxRetries?: number;
  /** Maximum requests in flight. Default 4. */
  concurrency?: number;
  /** First backoff ceiling (ms), doubling per retry. Default 500. */
  retryBaseDelayMs?: number;
  /** Cap on the backoff ceiling (ms). Default 30000. */
  retryMaxDelayMs?: number;
  /** Cap on an honoured Retry-After (ms). Default 60000. */
  maxRetryAfterMs?: number;
  /** Seed of the backoff jitter. Default: the model seed, else 0. */
  jitterSeed?: number;
  /** USD per 1M tokens overrides for the cost estimate. */
  prices?: PriceTable;
  /** Custom fetch (tests, proxies). */
  fetch?: typeof fetch;
  /** Custom sleep (tests record the backoff waits instead of sleeping). */
  sleep?: Sleep;
  /** Diagnostics (retries); messages are already redacted. */
  log?: (message: string) => void;
}

export interface OpenAIModelConfig extends OpenAIClientConfig {
  /** Endpoint model name, e.g. "gpt-4o-mini" or "llama3.1:8b". */
  model: string;
  /** Model-wide temperature override (otherwise each task's paper value). */
  temperature?: number;
  /** Sent as `seed` (best-effort determinism on endpoints that support it). */
  seed?: number;
  /**
   * What `response_format` asks for (response-format.ts): "json_object"
   * (default, JSON mode), "json_schema" (the task's schema, for servers that
   * constrain decoding to it) or "none" (no field: the schema is in the prompt only).
   */
  responseFormat?: ResponseFormat;
  /** Optional `max_tokens` per completion (an answer cut off at it is asked again once with twice as many). */
  maxTokens?: number;
}

const DEFAULTS = {
  timeoutMs: 60_000,
  maxRetries: 4,
  concurrency: 4,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 30_000,
  maxRetryAfterMs: 60_000,
  embeddingBatchSize: 64,
};

interface ResolvedClient {
  /** The SDK client, built on first use: the SDK module is loaded only by runs that call an endpoint. */
  client: () => Promise<OpenAI>;
  /** The SDK's failure classifier (transient statuses, timeouts), loaded with the SDK. */
  classify: (err: unknown) => FailureInfo;
  apiKey: string;
  /** The endpoint as messages name it (the SDK's default when none is configured). */
  url: string;
  policy: RetryPolicy;
  semaphore: Semaphore;
  timeoutMs: number;
}

/** The SDK's endpoint when none is configured. */
const OPENAI_URL = "https://api.openai.com/v1";

function resolveClient(config: OpenAIClientConfig, what: string, jitterSeed: number, model: string): ResolvedClient {
  const apiKey = config.apiKey ?? process.env["OPENAI_API_KEY"];
  if (!apiKey) {
    throw new LlmConfigError(`${what}: no API key; set OPENAI_API_KEY (or pass apiKey), or use --llm offline / --llm replay`);
  }
  const baseURL = config.baseURL ?? process.env["OPENAI_BASE_URL"] ?? undefined;
  const timeoutMs = config.timeoutMs ?? DEFAULTS.timeoutMs;
  let sdkClient: Promise<OpenAI> | null = null;
  // Set when the SDK module loads, which happens before the first request can fail.
  let classifySdkFailure: (err: unknown, timeoutMs?: number) => FailureInfo = genericFailure;
  const client = () =>
    (sdkClient ??= import("./openai-sdk").then(({ OpenAI: Sdk, classifyFailure }) => {
      classifySdkFailure = classifyFailure;
      return new Sdk({
        apiKey,
        baseURL,
        timeout: timeoutMs,
        maxRetries: 0, // retries are ours (withRetries)
        ...(config.fetch ? { fetch: config.fetch } : {}),
      });
    }));
  const url = baseURL ?? OPENAI_URL;
  const classify = (err: unknown): FailureInfo => {
    const info = classifySdkFailure(err, timeoutMs);
    if (info.status === 404) return { ...info, message: `${info.message}${notFoundHint(url, model)}` };
    if (info.status !== undefined && /response_format|json_schema/i.test(info.message)) {
      return { ...info, message: `${info.message}; the server does not take this response format: try --response-format json_object or none` };
    }
    return info;
  };
  const policy: RetryPolicy = {
    maxRetries: config.maxRetries ?? DEFAULTS.maxRetries,
    baseDelayMs: config.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
    maxDelayMs: config.retryMaxDelayMs ?? DEFAULTS.retryMaxDelayMs,
    maxRetryAfterMs: config.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
    rng: new Rng(`openai-retry-jitter|${config.jitterSeed ?? jitterSeed}`),
    sleep: config.sleep ?? defaultSleep,
  };
  return { client, classify, apiKey, url, policy, semaphore: new Semaphore(config.concurrency ?? DEFAULTS.concurrency), timeoutMs };
}

/**
 * What a 404 most likely means. A base URL without a version suffix sends the
 * SDK to `<url>/chat/completions`, which Ollama, vLLM and llama.cpp do not
 * serve (they answer under `/v1`); with the suffix, the server does not know
 * the model (Ollama answers 404 for a model it has not pulled).
 *
 * @example
 * notFoundHint("http://127.0.0.1:11434", "llama3.1"); // "; the base URL has no /v1 suffix: ... OPENAI_BASE_URL=http://127.0.0.1:11434/v1"
 */
export function notFoundHint(url: string, model: string): string {
  const trimmed = url.replace(/\/+$/, "");
  let path: string;
  try {
    path = new URL(trimmed).pathname;
  } catch {
    path = trimmed;
  }
  if (!/\/v\d+[a-z]*$/.test(path)) {
    return `; the base URL has no /v1 suffix: OpenAI-compatible servers (Ollama, vLLM, llama.cpp) answer under /v1, so set OPENAI_BASE_URL=${trimmed}/v1`;
  }
  return `; does the server know the model "${model}"? (Ollama answers 404 for a model it has not pulled: ollama pull ${model})`;
}

/**
 * Run one attempt under a deadline of `timeoutMs` that covers the answer's
 * body too (the SDK's own timeout ends at the response headers): past it the
 * request is aborted and AttemptTimeoutError (transient) is thrown. A caller
 * abort stays a caller abort.
 */
async function withDeadline<T>(timeoutMs: number, caller: AbortSignal | undefined, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort(caller?.reason);
  if (caller?.aborted) onAbort();
  else caller?.addEventListener("abort", onAbort, { once: true });
  try {
    return await run(controller.signal);
  } catch (err) {
    if (timedOut && !caller?.aborted) throw new AttemptTimeoutError(timeoutMs);
    throw err;
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener("abort", onAbort);
  }
}

/**
 * A Model backed by an OpenAI-compatible chat-completions endpoint: the
 * endpoint is a TextProvider and `runTask` does the rest (the task's messages
 * with its JSON Schema in the system prompt, JSON extraction, validation, one
 * repair round, then LlmOutputError). Requests ask for `responseFormat`
 * (JSON mode by default); transient transport failures are retried
 * (exponential backoff, full jitter, Retry-After honoured, each retry logged
 * with the URL), then LlmTransportError naming the URL; a 404 is not retried
 * and says what it likely means. At most `concurrency` requests are in
 * flight; `usage().extraKeys` counts the keys answers held beyond their
 * schema.
 *
 * @example
 * const model = new OpenAIModel({ model: "gpt-4o-mini", seed: 42 });
 * const { output, usage } = await model.run(task, input);
 */
export class OpenAIModel implements Model {
  readonly id: string;
  readonly isOffline = false;
  #client: ResolvedClient;
  readonly #config: OpenAIModelConfig;
  readonly #totals: UsageTotals = { ...emptyUsage(), extraKeys: 0, cachedPromptTokens: 0 };
  readonly #provider: TextProvider;

  constructor(config: OpenAIModelConfig) {
    if (!config.model) throw new LlmConfigError("OpenAIModel: a model name is required (e.g. --model gpt-4o-mini)");
    this.#config = { ...config, apiKey: undefined, fetch: undefined };
    this.#client = resolveClient(config, `OpenAIModel(${config.model})`, config.seed ?? 0, config.model);
    this.id = config.model;
    const secrets = [this.#client.apiKey];
    this.#provider = {
      id: this.id,
      defaults: { temperature: config.temperature, seed: config.seed },
      ...(config.maxTokens ? { maxTokens: config.maxTokens } : {}),
      redact: (text) => redactSecrets(text, secrets),
      complete: (request) => this.complete(request),
    };
  }

  resolveParams<I, O>(task: Task<I, O>, options: CallOptions = {}): CallParams {
    return resolveCallParams(task, options, this.#provider.defaults);
  }

  async run<I, O>(task: Task<I, O>, input: I, options: CallOptions = {}): Promise<ModelResult<O>> {
    const result = await runTask(this.#provider, task, input, options);
    this.#totals.extraKeys = (this.#totals.extraKeys ?? 0) + (result.extraKeys ?? 0);
    return result;
  }

  usage(): UsageTotals {
    return { ...this.#totals };
  }

  /**
   * One chat completion (with retries), counted in the totals: a call on its
   * first round, a repair on the repair round (the "longer" round after a
   * cut-off answer is neither: it shows in networkCalls and in the log).
   */
  private async complete(request: TextRequest): Promise<TextCompletion> {
    if (request.round === "answer") this.#totals.calls++;
    else if (request.round === "repair") this.#totals.repairs++;
    const { client, classify, policy, semaphore, timeoutMs, apiKey, url } = this.#client;
    const config = this.#config;
    const { params, signal } = request;
    const maxTokens = request.maxTokens ?? config.maxTokens;
    const label = `chat "${request.task}" (model ${this.id})`;
    if (request.round === "longer") config.log?.(`${label}: the answer was cut off at the token limit; asking once more with max_tokens ${maxTokens}`);
    const responseFormat = responseFormatField(config.responseFormat ?? DEFAULT_RESPONSE_FORMAT, request.task, request.schema);
    const body = {
      model: this.id,
      messages: request.messages,
      temperature: params.temperature,
      ...(params.seed !== null ? { seed: params.seed } : {}),
      ...(responseFormat ? { response_format: responseFormat } : {}),
      ...(maxTokens ? { max_tokens: maxTokens } : {}),
    };
    const completion = await withRetries(
      () =>
        semaphore.run(() =>
          withDeadline(timeoutMs, signal, async (attempt) =>
            (await client()).chat.completions.create(body, { timeout: timeoutMs, maxRetries: 0, signal: attempt }),
          ),
        ),
      policy,
      {
        label,
        url,
        task: request.task,
        secrets: [apiKey],
        classify,
        signal,
        onAttempt: () => {
          this.#totals.networkCalls++;
        },
        log: config.log,
      },
    );
    const choice = completion.choices?.[0];
    const cachedTokens = completion.usage?.prompt_tokens_details?.cached_tokens;
    const usage: Usage = {
      promptTokens: completion.usage?.prompt_tokens ?? 0,
      completionTokens: completion.usage?.completion_tokens ?? 0,
      // Only when the server says (OpenAI, vLLM with prefix caching): an answer recorded from any other server keeps its bytes.
      ...(typeof cachedTokens === "number" && cachedTokens >= 0 ? { cachedPromptTokens: cachedTokens } : {}),
    };
    this.#totals.promptTokens += usage.promptTokens;
    this.#totals.completionTokens += usage.completionTokens;
    this.#totals.cachedPromptTokens = (this.#totals.cachedPromptTokens ?? 0) + (usage.cachedPromptTokens ?? 0);
    this.#totals.estimatedCostUsd += estimateCostUsd(this.id, usage, config.prices);
    const refusal = (choice?.message as { refusal?: string | null } | undefined)?.refusal ?? null;
    return { text: choice?.message?.content ?? "", usage, finishReason: choice?.finish_reason ?? null, refusal };
  }
}

export interface OpenAIEmbedderConfig extends OpenAIClientConfig {
  /** Embedding model. Default "text-embedding-3-small". */
  model?: string;
  /** Output dimension: sent as `dimensions` when given (text-embedding-3 models support it). */
  dimensions?: number;
  /** Texts per request. Default 64. */
  batchSize?: number;
}

/** Native dimensions of well-known embedding models (others are learned from the first answer). */
export const KNOWN_EMBEDDING_DIMENSIONS: Readonly<Record<string, number>> = {
  "text-embedding-3-small": 1536,
  "text-embedding-3-large": 3072,
  "text-embedding-ada-002": 1536,
};

/**
 * An Embedder backed by an OpenAI-compatible `/embeddings` endpoint. Asks for
 * `encoding_format: "float"` but also decodes base64 answers (some servers
 * ignore the parameter); texts are sent in batches (order preserved), vectors
 * are L2-normalised so cosine similarity is a dot product.
 *
 * @example
 * const embedder = new OpenAIEmbedder({ model: "text-embedding-3-small" });
 * const [a, b] = await embedder.embed(["gain", "loss"]);
 */
export class OpenAIEmbedder implements Embedder {
  readonly id: string;
  readonly #model: string;
  #client: ResolvedClient;
  readonly #config: OpenAIEmbedderConfig;
  #dimension: number;
  /** True once the dimension was configured explicitly or seen in an answer. */
  #dimensionConfirmed: boolean;
  readonly #totals: UsageTotals = emptyUsage();

  constructor(config: OpenAIEmbedderConfig = {}) {
    const model = config.model ?? "text-embedding-3-small";
    // The id names the vector space: a reduced `dimensions` is a different space (and cache key).
    this.id = config.dimensions ? `${model}@${config.dimensions}` : model;
    this.#model = model;
    this.#config = { ...config, apiKey: undefined, fetch: undefined };
    this.#client = resolveClient(config, `OpenAIEmbedder(${model})`, 0, model);
    this.#dimension = config.dimensions ?? KNOWN_EMBEDDING_DIMENSIONS[model] ?? 0;
    this.#dimensionConfirmed = config.dimensions !== undefined;
    const batch = config.batchSize ?? DEFAULTS.embeddingBatchSize;
    if (!Number.isInteger(batch) || batch < 1) throw new LlmConfigError(`OpenAIEmbedder: batchSize must be an integer >= 1, got ${batch}`);
  }

  /**
   * Vector length: the configured `dimensions`, else the length seen in the
   * first answer; before any answer, the KNOWN_EMBEDDING_DIMENSIONS guess or 0.
   */
  get dimension(): number {
    return this.#dimension;
  }

  /** Totals: networkCalls = HTTP attempts, promptTokens = embedded tokens. */
  usage(): UsageTotals {
    return { ...this.#totals };
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const batchSize = this.#config.batchSize ?? DEFAULTS.embeddingBatchSize;
    const batches: string[][] = [];
    for (let i = 0; i < texts.length; i += batchSize) batches.push(texts.slice(i, i + batchSize));
    const concurrency = this.#config.concurrency ?? DEFAULTS.concurrency;
    const results = await mapConcurrent(batches, concurrency, (batch) => this.embedBatch(batch));
    this.#totals.calls += texts.length;
    return results.flat();
  }

  private async embedBatch(batch: string[]): Promise<Float32Array[]> {
    const { client, classify, policy, semaphore, timeoutMs, apiKey, url } = this.#client;
    const body = {
      model: this.#model,
      input: batch,
      encoding_format: "float" as const,
      ...(this.#config.dimensions ? { dimensions: this.#config.dimensions } : {}),
    };
    const response = await withRetries(
      () =>
        semaphore.run(() =>
          withDeadline(timeoutMs, undefined, async (attempt) =>
            (await client()).embeddings.create(body, { timeout: timeoutMs, maxRetries: 0, signal: attempt }),
          ),
        ),
      policy,
      {
        label: `embeddings (model ${this.id})`,
        url,
        secrets: [apiKey],
        classify,
        onAttempt: () => {
          this.#totals.networkCalls++;
        },
        log: this.#config.log,
      },
    );
    const data = [...(response.data ?? [])].sort((a, b) => a.index - b.index);
    if (data.length !== batch.length) {
      throw new LlmOutputError(
        `embeddings (model ${this.id}): asked for ${batch.length} vectors, got ${data.length}`,
        "embeddings",
        "",
        "vector count mismatch",
      );
    }
    const promptTokens = response.usage?.prompt_tokens ?? 0;
    this.#totals.promptTokens += promptTokens;
    this.#totals.estimatedCostUsd += estimateCostUsd(this.#model, { promptTokens, completionTokens: 0 }, this.#config.prices);
    return data.map((item, i) => {
      const raw = item.embedding as unknown;
      const values = typeof raw === "string" ? decodeBase64Float32(raw) : Array.isArray(raw) ? (raw as number[]) : null;
      if (!values || values.length === 0) {
        throw new LlmOutputError(`embeddings (model ${this.id}): item ${i} has no embedding`, "embeddings", "", "missing embedding");
      }
      if (!this.#dimensionConfirmed) {
        // The table value is only a guess before the first answer (a local server may reuse the name).
        this.#dimension = values.length;
        this.#dimensionConfirmed = true;
      } else if (values.length !== this.#dimension) {
        throw new LlmOutputError(
          `embeddings (model ${this.id}): item ${i} has dimension ${values.length}, expected ${this.#dimension}`,
          "embeddings",
          "",
          "dimension mismatch",
        );
      }
      return l2Normalize(values);
    });
  }
}

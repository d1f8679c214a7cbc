/**
 * A client for a text-classification model behind an HTTP endpoint the user
 * runs (nothing is downloaded here): the sentiment f(A) of the authors' code,
 * a Hugging Face classifier whose positive-class probability p is mapped to
 * 2p - 1.
 *
 * Supported wire formats (POST, JSON, one request per batch of texts):
 * - "tei": Hugging Face text-embeddings-inference `/predict` — request
 *   `{"inputs": [["text 1"], ["text 2"], ...], "truncate": true}` (each text a
 *   one-element list, since a bare list of two strings would be read as a
 *   sentence pair); response `[[{"label", "score"}, ...], ...]`, one list of
 *   every label per text.
 * - "hf": the Hugging Face Inference API / a `transformers` text-classification
 *   pipeline server — request `{"inputs": ["text 1", "text 2", ...]}`; response
 *   as above (for a single text a flat `[{"label", "score"}, ...]` is accepted).
 * Servers sort each text's labels by score, so the positive class is found by
 * its label name (exact, else case-insensitive), never by position. A
 * response that lacks it (e.g. a pipeline returning only the top label) is an
 * error that says so. `HF_TOKEN` (or the `token` option), when set, is sent as
 * a Bearer token and never appears in a message.
 */
import { Rng } from "../stats/index";
import { LlmConfigError, LlmOutputError } from "./errors";
import { redactSecrets } from "./redact";
import { defaultSleep, retryAfterMs, withRetries, type FailureInfo, type RetryPolicy } from "./retry";

export type ClassifierFormat = "tei" | "hf";
export const CLASSIFIER_FORMATS: readonly ClassifierFormat[] = ["tei", "hf"];

export interface TextClassifierConfig {
  /** Full endpoint URL, e.g. http://127.0.0.1:8080/predict. */
  url: string;
  format: ClassifierFormat;
  /** Label of the positive class, e.g. "positive" or "LABEL_1". */
  positiveLabel: string;
  /** Texts per request (default 32). */
  batchSize?: number;
  /** Bearer token (default: env HF_TOKEN). */
  token?: string;
  /** Retries of transient failures (default 3). */
  maxRetries?: number;
  /** Per-request timeout in ms (default 60 000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A scorer of texts in [-1, 1]. */
export interface TextClassifier {
  readonly id: string;
  /** 2 p - 1 per text, p = the positive class's probability. */
  sentiments(texts: readonly string[]): Promise<number[]>;
}

class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter: number | undefined,
    body: string,
  ) {
    super(`HTTP ${status}: ${body.slice(0, 200)}`);
  }
}

function classify(err: unknown): FailureInfo {
  if (err instanceof HttpStatusError) {
    const retryable = err.status === 408 || err.status === 429 || err.status >= 500;
    return { retryable, status: err.status, message: err.message, retryAfterMs: err.retryAfter, aborted: false };
  }
  const message = err instanceof Error ? err.message : String(err);
  // fetch() rejects with a TypeError on refused / dropped connections, AbortError on our timeout.
  return { retryable: true, status: undefined, message, retryAfterMs: undefined, aborted: false };
}

/**
 * The positive-class probability of one text's label list (found by name).
 *
 * @example
 * positiveProbability([{ label: "negative", score: 0.8 }, { label: "positive", score: 0.2 }], "Positive", "response[0]"); // 0.2
 */
export function positiveProbability(labels: unknown, positiveLabel: string, where: string): number {
  if (!Array.isArray(labels)) throw new Error(`${where}: expected a list of {label, score}, got ${JSON.stringify(labels)?.slice(0, 80)}`);
  const seen: Array<{ label: string; score: number }> = labels.map((entry: unknown, j: number) => {
    const e = entry as { label?: unknown; score?: unknown } | null;
    if (!e || typeof e.label !== "string") throw new Error(`${where}[${j}].label: expected a string`);
    if (typeof e.score !== "number" || !(e.score >= 0 && e.score <= 1))
      throw new Error(`${where}[${j}].score: expected a probability in [0, 1], got ${String(e.score)}`);
    return { label: e.label, score: e.score };
  });
  const exact = seen.find((e) => e.label === positiveLabel);
  if (exact) return exact.score;
  const loose = seen.filter((e) => e.label.toLowerCase() === positiveLabel.toLowerCase());
  if (loose.length === 1) return loose[0]!.score;
  const names = seen.map((e) => e.label).join(", ");
  throw new Error(
    `${where}: no label "${positiveLabel}" among ${names || "(none)"}` +
      (seen.length === 1
        ? " (the server returned only its top label: have it return every label's score)"
        : "; set classifierPositiveLabel to the positive class's name"),
  );
}

/**
 * Each text's label list from a response body (see the module doc for the shapes).
 *
 * @example
 * labelLists([{ label: "positive", score: 0.9 }, { label: "negative", score: 0.1 }], 1); // [[...both labels...]]
 */
export function labelLists(body: unknown, texts: number): unknown[] {
  if (!Array.isArray(body)) throw new Error(`response: expected a JSON list, got ${JSON.stringify(body)?.slice(0, 80)}`);
  if (texts === 1 && body.length > 0 && !Array.isArray(body[0])) return [body];
  if (body.length !== texts) throw new Error(`response: expected ${texts} label lists (one per text), got ${body.length}`);
  return body;
}

/**
 * An HTTP text classifier (formats in the module doc). Transient failures
 * (connection errors, timeouts, 408/429/5xx) are retried with backoff; a
 * malformed answer is an LlmOutputError naming the JSON path.
 *
 * @example
 * const clf = new HttpTextClassifier({ url: "http://127.0.0.1:8080/predict", format: "tei", positiveLabel: "positive" });
 * await clf.sentiments(["A superb engineer."]); // e.g. [0.93]
 */
export class HttpTextClassifier implements TextClassifier {
  readonly id: string;
  readonly #config: TextClassifierConfig;
  readonly #token: string | undefined;
  readonly #policy: RetryPolicy;

  constructor(config: TextClassifierConfig) {
    let url: URL;
    try {
      url = new URL(config.url);
    } catch {
      throw new LlmConfigError(`classifier: "${config.url}" is not a URL (config key classifierUrl, e.g. http://127.0.0.1:8080/predict)`);
    }
    if (!(CLASSIFIER_FORMATS as readonly string[]).includes(config.format)) {
      throw new LlmConfigError(`classifier: format must be one of ${CLASSIFIER_FORMATS.join(", ")}, got "${config.format}"`);
    }
    if (config.positiveLabel.trim() === "") throw new LlmConfigError("classifier: the positive label is empty (config key classifierPositiveLabel)");
    this.#config = config;
    this.#token = config.token ?? process.env["HF_TOKEN"] ?? undefined;
    this.id = `${url.origin}${url.pathname}`;
    this.#policy = {
      maxRetries: config.maxRetries ?? 3,
      baseDelayMs: 250,
      maxDelayMs: 8000,
      maxRetryAfterMs: 30_000,
      rng: new Rng(`classifier|${this.id}`),
      sleep: defaultSleep,
    };
  }

  async sentiments(texts: readonly string[]): Promise<number[]> {
    const size = Math.max(1, this.#config.batchSize ?? 32);
    const out: number[] = [];
    for (let start = 0; start < texts.length; start += size) {
      const batch = texts.slice(start, start + size);
      const body = await this.#post(batch);
      try {
        labelLists(body, batch.length).forEach((labels, i) => out.push(2 * positiveProbability(labels, this.#config.positiveLabel, `response[${i}]`) - 1));
      } catch (err) {
        const message = redactSecrets(`classifier ${this.id}: ${(err as Error).message}`, [this.#token]);
        throw new LlmOutputError(message, "classifier", redactSecrets(JSON.stringify(body).slice(0, 500), [this.#token]), message);
      }
    }
    return out;
  }

  async #post(batch: readonly string[]): Promise<unknown> {
    const fetcher = this.#config.fetch ?? fetch;
    const payload = this.#config.format === "tei" ? { inputs: batch.map((t) => [t]), truncate: true } : { inputs: [...batch] };
    const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
    if (this.#token) headers["authorization"] = `Bearer ${this.#token}`;
    const text = await withRetries(
      async () => {
        const response = await fetcher(this.#config.url, {
          method: "POST",
          headers,
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(this.#config.timeoutMs ?? 60_000),
        });
        const answer = await response.text();
        if (!response.ok) throw new HttpStatusError(response.status, retryAfterMs(response.headers), answer);
        return answer;
      },
      this.#policy,
      { label: `classifier ${this.id}`, task: "classifier", secrets: [this.#token], classify },
    );
    try {
      return JSON.parse(text) as unknown;
    } catch {
      const message = redactSecrets(`classifier ${this.id}: the answer is not JSON: ${text.slice(0, 120)}`, [this.#token]);
      throw new LlmOutputError(message, "classifier", redactSecrets(text.slice(0, 500), [this.#token]), "not JSON");
    }
  }
}

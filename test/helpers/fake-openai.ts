/**
 * A loopback OpenAI-compatible server for tests (node:http on 127.0.0.1, a
 * free port). It implements POST /v1/chat/completions and POST /v1/embeddings,
 * answers from a scripted FIFO queue of behaviours per endpoint, and records
 * every request (headers included) so tests can assert what was sent.
 *
 * API
 *   const server = await startFakeOpenAI(options?);
 *   server.baseURL            "http://127.0.0.1:<port>/v1" (pass as baseURL / OPENAI_BASE_URL)
 *   server.enqueueChat(...b)  script the next chat answers, in order
 *   server.enqueueEmbeddings(...b)
 *   server.requests           RecordedRequest[]: {path, headers (lower-case names), body (parsed JSON)}
 *   server.chatRequests()     the recorded chat bodies only
 *   server.maxInFlight        most requests seen open at once (concurrency tests)
 *   server.pendingChat        behaviours still queued
 *   server.reset()            clear queues, requests and counters
 *   await server.stop()       close the server and drop every open connection (hangs included)
 *
 * Behaviours (helpers build them):
 *   okJson(value | (req) => value, {delayMs?, usage?})  200, message content = JSON.stringify(value)
 *   okText(content, {delayMs?, usage?, finishReason?, refusal?})
 *                                                        200, arbitrary content (malformed JSON, prose, fences; null for
 *                                                        none), the given finish_reason (default "stop") and message.refusal
 *   httpError(status, {message?, retryAfter?, headers?}) that status with an OpenAI-style error body
 *                                                        (retryAfter in seconds -> `Retry-After` header)
 *   hang(ms = 60000)                                     accept the request and never answer (until ms or stop)
 *   embeddingsOk({encoding?: "float" | "base64" | "request", vectors?, delayMs?})
 *                                                        vectors default to fakeVector(text, dimension);
 *                                                        "request" (default) follows the request's encoding_format
 * When a queue is empty: chat uses `options.chat(req)` if given, else answers 400
 * "fake-openai: no scripted chat behaviour" (a non-retryable, loud failure); embeddings
 * answer embeddingsOk() (deterministic vectors of `options.embeddingDimension`, default 8).
 * Default usage: prompt_tokens 10, completion_tokens 5 (embeddings: 3 per input).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequestBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  temperature?: number;
  seed?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown>; strict?: boolean } };
  max_tokens?: number;
  [key: string]: unknown;
}

export interface EmbeddingsRequestBody {
  model: string;
  input: string | string[];
  encoding_format?: "float" | "base64";
  dimensions?: number;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

export interface UsageSpec {
  prompt_tokens: number;
  completion_tokens: number;
  /** What OpenAI and vLLM report of their prompt cache (absent: the server says nothing, as older servers). */
  prompt_tokens_details?: { cached_tokens: number };
}

export type ChatBehaviour =
  | { kind: "json"; value: unknown | ((req: ChatRequestBody) => unknown); delayMs?: number; usage?: UsageSpec }
  | { kind: "text"; content: string | null; delayMs?: number; usage?: UsageSpec; finishReason?: string; refusal?: string }
  | ErrorBehaviour
  | HangBehaviour;

export type EmbeddingsBehaviour =
  { kind: "embeddings"; encoding?: "float" | "base64" | "request"; vectors?: number[][]; delayMs?: number } | ErrorBehaviour | HangBehaviour;

export interface ErrorBehaviour {
  kind: "status";
  status: number;
  message?: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

export interface HangBehaviour {
  kind: "hang";
  ms: number;
}

export interface FakeOpenAIOptions {
  /** Fallback when the chat queue is empty. */
  chat?: (req: ChatRequestBody) => ChatBehaviour;
  /** Dimension of default embedding vectors. Default 8. */
  embeddingDimension?: number;
}

export interface FakeOpenAI {
  readonly baseURL: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  readonly maxInFlight: number;
  readonly inFlight: number;
  readonly pendingChat: number;
  readonly pendingEmbeddings: number;
  enqueueChat(...behaviours: ChatBehaviour[]): void;
  enqueueEmbeddings(...behaviours: EmbeddingsBehaviour[]): void;
  chatRequests(): ChatRequestBody[];
  embeddingRequests(): EmbeddingsRequestBody[];
  reset(): void;
  stop(): Promise<void>;
}

/** 200 with `JSON.stringify(value)` as the assistant message (value may be computed from the request). */
export function okJson(value: unknown | ((req: ChatRequestBody) => unknown), opts: { delayMs?: number; usage?: UsageSpec } = {}): ChatBehaviour {
  return { kind: "json", value, ...opts };
}

/** 200 with arbitrary assistant content (malformed JSON, prose, fenced JSON; null: none), a finish_reason and a refusal. */
export function okText(content: string | null, opts: { delayMs?: number; usage?: UsageSpec; finishReason?: string; refusal?: string } = {}): ChatBehaviour {
  return { kind: "text", content, ...opts };
}

/** An HTTP error with an OpenAI-style body; `retryAfter` (seconds) sets the Retry-After header. */
export function httpError(
  status: number,
  opts: { message?: string; retryAfter?: number; headers?: Record<string, string>; delayMs?: number } = {},
): ErrorBehaviour {
  const headers = { ...(opts.headers ?? {}) };
  if (opts.retryAfter !== undefined) headers["retry-after"] = String(opts.retryAfter);
  return { kind: "status", status, message: opts.message, headers, delayMs: opts.delayMs };
}

/** Accept the request and do not answer for `ms` (then close the socket). */
export function hang(ms = 60_000): HangBehaviour {
  return { kind: "hang", ms };
}

/** A successful embeddings answer. */
export function embeddingsOk(opts: { encoding?: "float" | "base64" | "request"; vectors?: number[][]; delayMs?: number } = {}): EmbeddingsBehaviour {
  return { kind: "embeddings", ...opts };
}

/** The deterministic (un-normalised) vector the server returns for a text by default. */
export function fakeVector(text: string, dimension = 8): number[] {
  const out: number[] = [];
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  for (let d = 0; d < dimension; d++) {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
    out.push(((h >>> 8) / 2 ** 24) * 2 - 1 + (d === 0 ? 0.5 : 0));
  }
  return out;
}

function toBase64Float32(values: number[]): string {
  const buffer = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => buffer.writeFloatLE(v, i * 4));
  return buffer.toString("base64");
}

/** Start the server on 127.0.0.1 with an OS-assigned port. */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const dimension = options.embeddingDimension ?? 8;
  let chatQueue: ChatBehaviour[] = [];
  let embeddingsQueue: EmbeddingsBehaviour[] = [];
  let requests: RecordedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let completionCounter = 0;
  const timers = new Set<NodeJS.Timeout>();

  const later = (ms: number, fn: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const sendJson = (res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void => {
    if (res.destroyed || res.writableEnded) return;
    const text = JSON.stringify(payload);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
    res.end(text);
  };

  const sendError = (res: http.ServerResponse, b: ErrorBehaviour): void => {
    const type = b.status === 429 ? "rate_limit_error" : b.status >= 500 ? "server_error" : "invalid_request_error";
    sendJson(res, b.status, { error: { message: b.message ?? `fake-openai: HTTP ${b.status}`, type, code: null } }, b.headers ?? {});
  };

  const handleChat = (body: ChatRequestBody, res: http.ServerResponse): void => {
    const behaviour: ChatBehaviour = chatQueue.shift() ??
      options.chat?.(body) ?? { kind: "status", status: 400, message: "fake-openai: no scripted chat behaviour" };
    const respond = (): void => {
      if (behaviour.kind === "status") return sendError(res, behaviour);
      if (behaviour.kind === "hang") return;
      const content =
        behaviour.kind === "text"
          ? behaviour.content
          : JSON.stringify(typeof behaviour.value === "function" ? (behaviour.value as (r: ChatRequestBody) => unknown)(body) : behaviour.value);
      const usage = behaviour.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
      sendJson(res, 200, {
        id: `chatcmpl-fake-${++completionCounter}`,
        object: "chat.completion",
        created: 0,
        model: body.model,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content, ...(behaviour.kind === "text" && behaviour.refusal !== undefined ? { refusal: behaviour.refusal } : {}) },
            finish_reason: (behaviour.kind === "text" ? behaviour.finishReason : undefined) ?? "stop",
            logprobs: null,
          },
        ],
        usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
      });
    };
    if (behaviour.kind === "hang") later(behaviour.ms, () => res.destroy());
    else if (behaviour.delayMs) later(behaviour.delayMs, respond);
    else respond();
  };

  const handleEmbeddings = (body: EmbeddingsRequestBody, res: http.ServerResponse): void => {
    const behaviour: EmbeddingsBehaviour = embeddingsQueue.shift() ?? { kind: "embeddings" };
    const respond = (): void => {
      if (behaviour.kind === "status") return sendError(res, behaviour);
      if (behaviour.kind === "hang") return;
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      const mode = behaviour.encoding ?? "request";
      const base64 = mode === "base64" || (mode === "request" && body.encoding_format === "base64");
      const data = inputs.map((text, index) => {
        const vector = behaviour.vectors?.[index] ?? fakeVector(text, dimension);
        return { object: "embedding", index, embedding: base64 ? toBase64Float32(vector) : vector };
      });
      sendJson(res, 200, {
        object: "list",
        model: body.model,
        data,
        usage: { prompt_tokens: 3 * inputs.length, total_tokens: 3 * inputs.length },
      });
    };
    if (behaviour.kind === "hang") later(behaviour.ms, () => res.destroy());
    else if (behaviour.delayMs) later(behaviour.delayMs, respond);
    else respond();
  };

  const server = http.createServer((req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    let closed = false;
    const finish = (): void => {
      if (!closed) {
        closed = true;
        inFlight--;
      }
    };
    res.on("finish", finish);
    res.on("close", finish);

    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
      }
      const path = (req.url ?? "").split("?")[0]!;
      requests.push({ method: req.method ?? "", path, headers, body });
      if (req.method === "POST" && path === "/v1/chat/completions") handleChat(body as ChatRequestBody, res);
      else if (req.method === "POST" && path === "/v1/embeddings") handleEmbeddings(body as EmbeddingsRequestBody, res);
      else sendJson(res, 404, { error: { message: `fake-openai: no route ${req.method} ${path}`, type: "invalid_request_error" } });
    });
  });

  // Keep idle connections open until stop(): with Node's default 5 s keep-alive timeout the server may close a pooled
  // socket just as the client reuses it (ECONNRESET), whenever a test pauses between two calls for about 5 s.
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    get requests() {
      return requests;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    get inFlight() {
      return inFlight;
    },
    get pendingChat() {
      return chatQueue.length;
    },
    get pendingEmbeddings() {
      return embeddingsQueue.length;
    },
    enqueueChat: (...behaviours) => {
      chatQueue.push(...behaviours);
    },
    enqueueEmbeddings: (...behaviours) => {
      embeddingsQueue.push(...behaviours);
    },
    chatRequests: () => requests.filter((r) => r.path === "/v1/chat/completions").map((r) => r.body as ChatRequestBody),
    embeddingRequests: () => requests.filter((r) => r.path === "/v1/embeddings").map((r) => r.body as EmbeddingsRequestBody),
    reset: () => {
      chatQueue = [];
      embeddingsQueue = [];
      requests = [];
      maxInFlight = inFlight;
    },
    stop: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

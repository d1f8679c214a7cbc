/**
 * A real server's answers, kept and played back: a recording proxy in front
 * of an OpenAI-compatible endpoint stores each chat answer's raw HTTP body
 * (before any extraction, lenient reading or repair) under a key of the
 * request, and a replay server answers the same requests with those bodies,
 * so the real-model path (client, extraction, repair, gaps, tables, report)
 * runs on real model text with the model stopped. A request the recording
 * does not hold (a prompt changed) is answered 400 naming the regenerator,
 * and counted.
 *
 * The key is the SHA-256 of the request body's canonical JSON: model,
 * messages, sampling parameters, max_tokens and response_format, as the
 * client sent them. The same request asked twice (a retry after a transport
 * error) takes the recorded answers in the order they came.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { stableStringify } from "../json";

/** One recorded answer (a JSONL line of a fixture). */
export interface RecordedBody {
  /** requestKey of the request it answered. */
  key: string;
  /** The model the request asked for (for people reading the fixture). */
  model: string;
  status: number;
  /** The server's response body, byte for byte as text. */
  body: string;
}

/**
 * The key of a chat request: sha256 of its canonical JSON (key order ignored).
 *
 * @example
 * requestKey('{"model":"m","messages":[]}') === requestKey('{"messages":[],"model":"m"}'); // true
 */
export function requestKey(body: string): string {
  return createHash("sha256")
    .update(stableStringify(JSON.parse(body) as unknown))
    .digest("hex");
}

export interface BodyServer {
  /** "http://127.0.0.1:<port>/v1". */
  readonly baseURL: string;
  stop(): Promise<void>;
}

export interface RecordingProxy extends BodyServer {
  /** The answers recorded so far, in the order they arrived. */
  readonly records: readonly RecordedBody[];
}

export interface ReplayServer extends BodyServer {
  /** Keys of requests no recorded answer was left for. */
  readonly misses: readonly string[];
  /** How many recorded answers were not asked for. */
  unused(): number;
}

/**
 * A proxy on 127.0.0.1 that forwards POST /v1/chat/completions to
 * `upstream` (a base URL ending in /v1) and records each answer.
 *
 * @example
 * const proxy = await startRecordingProxy("http://127.0.0.1:8089/v1");
 * // run with OPENAI_BASE_URL=proxy.baseURL, then
 * writeFileSync("answers.jsonl", proxy.records.map((r) => JSON.stringify(r)).join("\n") + "\n");
 */
export async function startRecordingProxy(upstream: string): Promise<RecordingProxy> {
  const records: RecordedBody[] = [];
  const target = upstream.replace(/\/+$/, "");
  const server = await listen(async (path, body, res) => {
    const upstreamResponse = await fetch(`${target}${path.slice("/v1".length)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const text = await upstreamResponse.text();
    if (path === "/v1/chat/completions") records.push({ key: requestKey(body), model: modelOf(body), status: upstreamResponse.status, body: text });
    res.writeHead(upstreamResponse.status, { "content-type": upstreamResponse.headers.get("content-type") ?? "application/json" });
    res.end(text);
  });
  return { ...server, records };
}

/**
 * A server on 127.0.0.1 that answers each chat request with the recorded
 * body of the same key (module doc); a request without one gets a 400 that
 * names the regenerator.
 *
 * @example
 * const replay = await startReplayServer(parseRecordedBodies(readFileSync("test/fixtures/local-model/finmem.jsonl", "utf8")), "npm run local-model:record");
 * // run with OPENAI_BASE_URL=replay.baseURL: the same tables as the recorded run
 * replay.misses.length; // 0
 */
export async function startReplayServer(records: readonly RecordedBody[], regenerate: string): Promise<ReplayServer> {
  const queues = new Map<string, RecordedBody[]>();
  for (const r of records) queues.set(r.key, [...(queues.get(r.key) ?? []), r]);
  const misses: string[] = [];
  const server = await listen(async (path, body, res) => {
    const key = path === "/v1/chat/completions" ? requestKey(body) : "";
    const next = queues.get(key)?.shift();
    if (!next) {
      misses.push(key);
      const message = `no recorded answer for this request (a prompt or setting changed since the recording?); regenerate with: ${regenerate}`;
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message, type: "invalid_request_error" } }));
      return;
    }
    res.writeHead(next.status, { "content-type": "application/json" });
    res.end(next.body);
  });
  return { ...server, misses, unused: () => [...queues.values()].reduce((n, q) => n + q.length, 0) };
}

/**
 * The recorded answers of a JSONL fixture (one RecordedBody per line).
 *
 * @example
 * parseRecordedBodies(readFileSync("test/fixtures/local-model/finmem.jsonl", "utf8")).length; // the answers of that run
 */
export function parseRecordedBodies(text: string): RecordedBody[] {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as RecordedBody);
}

function modelOf(body: string): string {
  const parsed = JSON.parse(body) as { model?: unknown };
  return typeof parsed.model === "string" ? parsed.model : "";
}

async function listen(handle: (path: string, body: string, res: http.ServerResponse) => Promise<void>): Promise<BodyServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      if (req.method !== "POST" || !path.startsWith("/v1/")) {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("404 page not found");
        return;
      }
      handle(path, Buffer.concat(chunks).toString("utf8"), res).catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        res.writeHead(502, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `proxy: ${error instanceof Error ? error.message : String(error)}`, type: "proxy_error" } }));
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

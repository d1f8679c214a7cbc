/**
 * What a user with a local server sees when the endpoint is wrong: a stalled
 * server (no answer, or headers and then nothing), a refused connection and a
 * base URL without /v1 each end in one line naming the URL, within the
 * per-request timeout of each attempt, with a retry line before it for every
 * retry, as it happens.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { LlmTransportError } from "../../src/llm/errors";
import { OpenAIModel } from "../../src/llm/openai-client";
import { withRetries } from "../../src/llm/retry";
import { Rng } from "../../src/stats/index";
import { startHabitServer } from "../../src/llm/testing/habit-server";
import { httpError, okJson, startFakeOpenAI } from "../helpers/fake-openai";
import { FAKE_KEY, rateTask } from "./fixtures";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

/** A server that accepts connections and never answers (or sends its headers and then stalls). */
async function stalledServer(mode: "silent" | "headers-then-stall"): Promise<string> {
  const sockets = new Set<net.Socket>();
  const server =
    mode === "silent"
      ? net.createServer((socket) => void sockets.add(socket))
      : http.createServer((_req, res) => {
          res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
          res.write('{"id": "x", "choices": [');
        });
  server.on("connection", (socket: net.Socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  closers.push(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

function model(baseURL: string, lines: string[], extra: Partial<ConstructorParameters<typeof OpenAIModel>[0]> = {}): OpenAIModel {
  return new OpenAIModel({
    model: "llama3.1",
    apiKey: FAKE_KEY,
    baseURL,
    timeoutMs: 300,
    maxRetries: 2,
    retryBaseDelayMs: 20,
    retryMaxDelayMs: 40,
    log: (line) => lines.push(line),
    ...extra,
  });
}

async function failure(m: OpenAIModel): Promise<{ error: LlmTransportError; ms: number }> {
  const started = performance.now();
  const error = (await m.run(rateTask, { text: "x" }).catch((e: unknown) => e)) as LlmTransportError;
  expect(error).toBeInstanceOf(LlmTransportError);
  return { error, ms: performance.now() - started };
}

describe("a wrong endpoint fails in one line naming the URL, with retry lines before it", () => {
  it("a server that never answers: each attempt ends at the timeout", async () => {
    const url = await stalledServer("silent");
    const lines: string[] = [];
    const { error, ms } = await failure(model(url, lines));
    expect(error.message).toBe(`chat "test.rate" (model llama3.1): gave up after 3 attempt(s): timed out after 300 ms, ${url}`);
    expect(error.message).not.toContain("\n");
    expect(error.attempts).toBe(3);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^chat "test\\.rate" \\(model llama3\\.1\\): retry 2/3 in \\d+ ms: timed out after 300 ms, ${url.replace(/[.]/g, "\\.")}$`),
    );
    expect(lines[1]).toMatch(/: retry 3\/3 in /);
    // Three attempts of 300 ms and two short waits: far from the default's minutes of silence.
    expect(ms).toBeGreaterThanOrEqual(850);
    expect(ms).toBeLessThan(3000);
  }, 10_000);

  it("a server that sends its headers and then stalls is cut off by the same timeout (the body counts)", async () => {
    const url = await stalledServer("headers-then-stall");
    const { error, ms } = await failure(model(url, [], { maxRetries: 0 }));
    expect(error.message).toBe(`chat "test.rate" (model llama3.1): gave up after 1 attempt(s): timed out after 300 ms, ${url}`);
    expect(ms).toBeLessThan(2000);
  }, 10_000);

  it("a refused connection says so, after its retries", async () => {
    const closed = await startFakeOpenAI();
    const url = closed.baseURL;
    await closed.stop();
    const lines: string[] = [];
    const { error } = await failure(model(url, lines));
    expect(error.message).toBe(
      `chat "test.rate" (model llama3.1): gave up after 3 attempt(s): connection refused (is the server running on that port?), ${url}`,
    );
    expect(lines.map((l) => l.replace(/in \d+ ms/, "in W"))).toEqual([
      `chat "test.rate" (model llama3.1): retry 2/3 in W: connection refused (is the server running on that port?), ${url}`,
      `chat "test.rate" (model llama3.1): retry 3/3 in W: connection refused (is the server running on that port?), ${url}`,
    ]);
  });

  it("a base URL without /v1 fails at once (a 404 is not retried) and says to add the suffix", async () => {
    const habits = await startHabitServer();
    closers.push(() => habits.stop());
    const lines: string[] = [];
    const { error } = await failure(model(habits.origin, lines));
    expect(error.status).toBe(404);
    expect(error.attempts).toBe(1);
    expect(lines).toEqual([]);
    expect(error.message).toBe(
      `chat "test.rate" (model llama3.1): failed on attempt 1 (HTTP 404): 404 page not found; the base URL has no /v1 suffix: ` +
        `OpenAI-compatible servers (Ollama, vLLM, llama.cpp) answer under /v1, so set OPENAI_BASE_URL=${habits.origin}/v1, ${habits.origin}`,
    );
  });

  it("a 404 under /v1 asks whether the server knows the model", async () => {
    const server = await startFakeOpenAI();
    closers.push(() => server.stop());
    server.enqueueChat(httpError(404, { message: 'model "llama3.1" not found, try pulling it first' }));
    const { error } = await failure(model(server.baseURL, []));
    expect(error.message).toContain(`model "llama3.1" not found, try pulling it first; does the server know the model "llama3.1"? (Ollama answers 404`);
    expect(server.chatRequests()).toHaveLength(1);
  });

  it("a 429 is retried after its Retry-After with a retry line naming the status", async () => {
    const server = await startFakeOpenAI();
    closers.push(() => server.stop());
    server.enqueueChat(httpError(429, { message: "slow down", headers: { "retry-after-ms": "30" } }), okJson({ score: 2, reason: "r" }));
    const lines: string[] = [];
    expect((await model(server.baseURL, lines).run(rateTask, { text: "x" })).output.score).toBe(2);
    expect(lines).toEqual([`chat "test.rate" (model llama3.1): retry 2/3 in 30 ms: HTTP 429: slow down, ${server.baseURL}`]);
  });

  it("the SDK's own timeout and connection errors read in words too", async () => {
    const { classifyFailure } = await import("../../src/llm/openai-sdk");
    const { APIConnectionError, APIConnectionTimeoutError } = await import("openai");
    expect(classifyFailure(new APIConnectionTimeoutError(), 60_000)).toMatchObject({ retryable: true, message: "timed out after 60 s" });
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:11434"), { code: "ECONNREFUSED" });
    const wrapped = new APIConnectionError({ message: "Connection error.", cause: Object.assign(new TypeError("fetch failed"), { cause: refused }) });
    expect(classifyFailure(wrapped).message).toBe("connection refused (is the server running on that port?)");
  });

  it("the retry line is written before the wait, so a long wait is never silent", async () => {
    const events: string[] = [];
    let calls = 0;
    await withRetries(
      async () => {
        if (calls++ === 0) throw new Error("boom");
        return "ok";
      },
      {
        maxRetries: 4,
        baseDelayMs: 4000,
        maxDelayMs: 4000,
        maxRetryAfterMs: 1,
        rng: new Rng(1),
        sleep: async (ms) => void events.push(`sleep ${Math.round(ms)}`),
      },
      {
        label: "chat",
        url: "http://127.0.0.1:11434/v1",
        secrets: [],
        classify: () => ({ retryable: true, status: undefined, message: "timed out after 60 s", retryAfterMs: undefined, aborted: false }),
        log: (line) => events.push(line),
      },
    );
    expect(events).toHaveLength(2);
    expect(events[0]).toMatch(/^chat: retry 2\/5 in (\d+ ms|\d(\.\d)? s): timed out after 60 s, http:\/\/127\.0\.0\.1:11434\/v1$/);
    expect(events[1]).toMatch(/^sleep \d+$/);
  });
});

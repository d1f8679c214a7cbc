import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LlmTransportError } from "../../src/llm/errors";
import { OpenAIEmbedder } from "../../src/llm/openai-client";
import { embeddingsOk, fakeVector, httpError, startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { FAKE_KEY, fastRetry } from "./fixtures";

let server: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI({ embeddingDimension: 6 });
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => server.reset());

function embedder(extra: Partial<ConstructorParameters<typeof OpenAIEmbedder>[0]> = {}): OpenAIEmbedder {
  return new OpenAIEmbedder({ apiKey: FAKE_KEY, baseURL: server.baseURL, ...fastRetry(), ...extra });
}

function unit(values: number[]): number[] {
  const norm = Math.hypot(...values);
  return values.map((v) => Math.fround(v / norm));
}

function norm(v: Float32Array): number {
  return Math.hypot(...Array.from(v));
}

describe("OpenAIEmbedder", () => {
  it("asks for float encoding and returns L2-normalised vectors in input order", async () => {
    const e = embedder();
    const vectors = await e.embed(["alpha", "beta"]);
    const body = server.embeddingRequests()[0]!;
    expect(body.encoding_format).toBe("float");
    expect(body.model).toBe("text-embedding-3-small");
    expect(vectors).toHaveLength(2);
    vectors.forEach((v, i) => {
      expect(v).toBeInstanceOf(Float32Array);
      expect(norm(v)).toBeCloseTo(1, 6);
      const expected = unit(Array.from(Float32Array.from(fakeVector(["alpha", "beta"][i]!, 6))));
      Array.from(v).forEach((x, j) => expect(x).toBeCloseTo(expected[j]!, 6));
    });
    expect(e.dimension).toBe(6);
    expect(e.usage()).toMatchObject({ calls: 2, networkCalls: 1, promptTokens: 6 });
  });

  it("decodes base64 answers from servers that ignore encoding_format", async () => {
    server.enqueueEmbeddings(
      embeddingsOk({
        encoding: "base64",
        vectors: [
          [3, 4, 0],
          [0, 0, 2],
        ],
      }),
    );
    const vectors = await embedder().embed(["a", "b"]);
    expect(Array.from(vectors[0]!)).toEqual([Math.fround(0.6), Math.fround(0.8), 0]);
    expect(Array.from(vectors[1]!)).toEqual([0, 0, 1]);
  });

  it("batches inputs and keeps the order across batches", async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `text ${i}`);
    const vectors = await embedder({ batchSize: 3, concurrency: 2 }).embed(texts);
    expect(server.embeddingRequests().map((b) => (b.input as string[]).length)).toEqual([3, 3, 1]);
    vectors.forEach((v, i) => expect(v[0]).toBeCloseTo(unit(Array.from(Float32Array.from(fakeVector(texts[i]!, 6))))[0]!, 6));
  });

  it("retries a 429 then succeeds; gives up with LlmTransportError", async () => {
    server.enqueueEmbeddings(httpError(429, { retryAfter: 0 }), embeddingsOk());
    await expect(embedder().embed(["x"])).resolves.toHaveLength(1);
    server.enqueueEmbeddings(httpError(500), httpError(500));
    await expect(embedder({ maxRetries: 1 }).embed(["x"])).rejects.toBeInstanceOf(LlmTransportError);
  });

  it("sends `dimensions` when configured and names the reduced space in its id", async () => {
    server.enqueueEmbeddings(embeddingsOk({ vectors: [[1, 1]] }));
    const e = embedder({ model: "text-embedding-3-large", dimensions: 2 });
    await e.embed(["x"]);
    expect(server.embeddingRequests()[0]!.dimensions).toBe(2);
    expect(e.id).toBe("text-embedding-3-large@2");
    expect(e.dimension).toBe(2);
  });

  it("returns [] for no texts without a request", async () => {
    expect(await embedder().embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});

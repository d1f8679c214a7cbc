import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CachedEmbedder, CachedModel } from "../../src/llm/cache";
import { LlmConfigError } from "../../src/llm/errors";
import { createEmbedder, createModel } from "../../src/llm/factory";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIEmbedder, OpenAIModel } from "../../src/llm/openai-client";
import type { Embedder } from "../../src/text/embedder";
import { okJson, startFakeOpenAI } from "../helpers/fake-openai";
import { FAKE_KEY, rateTask } from "./fixtures";

afterEach(() => vi.unstubAllEnvs());

describe("createModel", () => {
  it("builds the right model per mode", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "consilium-llm-factory-"));
    try {
      expect(createModel({ llm: "offline", seed: 1 })).toBeInstanceOf(OfflineModel);
      const plain = createModel({ llm: "openai", seed: 1, apiKey: FAKE_KEY, baseURL: "http://127.0.0.1:9/v1" });
      expect(plain).toBeInstanceOf(OpenAIModel);
      expect(plain.id).toBe("gpt-4o-mini");
      const recording = createModel({ llm: "openai", model: "gpt-4.1", seed: 1, apiKey: FAKE_KEY, cacheDir: dir });
      expect(recording).toBeInstanceOf(CachedModel);
      expect((recording as CachedModel).mode).toBe("record");
      expect((recording as CachedModel).inner).toBeInstanceOf(OpenAIModel);
      const replay = createModel({ llm: "replay", model: "gpt-4.1", seed: 1, cacheDir: dir });
      expect((replay as CachedModel).mode).toBe("replay");
      expect(replay.id).toBe("gpt-4.1");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("explains what is missing", () => {
    vi.stubEnv("OPENAI_API_KEY", "");
    expect(() => createModel({ llm: "openai", seed: 1 })).toThrow(LlmConfigError);
    expect(() => createModel({ llm: "openai", seed: 1 })).toThrow(/OPENAI_API_KEY/);
    expect(() => createModel({ llm: "replay", seed: 1 })).toThrow(/cache directory/);
    expect(() => createModel({ llm: "replay", seed: 1, cacheDir: "/nonexistent/consilium-cache" })).toThrow(/does not exist/);
    expect(() => createModel({ llm: "record", seed: 1, apiKey: FAKE_KEY })).toThrow(/cache directory/);
    expect(() => createModel({ llm: "bogus" as "offline", seed: 1 })).toThrow(/allowed: offline, openai, record, replay/);
  });

  it("reads OPENAI_API_KEY and OPENAI_BASE_URL from the environment", async () => {
    const server = await startFakeOpenAI();
    try {
      vi.stubEnv("OPENAI_API_KEY", FAKE_KEY);
      vi.stubEnv("OPENAI_BASE_URL", server.baseURL);
      server.enqueueChat(okJson({ score: 5, reason: "env" }));
      const model = createModel({ llm: "openai", seed: 1 });
      expect((await model.run(rateTask, { text: "x" })).output.reason).toBe("env");
      expect(server.requests[0]!.headers["authorization"]).toBe(`Bearer ${FAKE_KEY}`);
    } finally {
      await server.stop();
    }
  });
});

describe("createEmbedder", () => {
  it("defaults to the hashing embedder, or an injected offline one", async () => {
    const hashing = createEmbedder();
    expect(hashing.id).toMatch(/^hashing-/);
    const [v] = await hashing.embed(["cloud migration lead"]);
    expect(v!.length).toBe(hashing.dimension);
    const injected: Embedder = { id: "tiny", dimension: 1, embed: async (t) => t.map(() => Float32Array.of(1)) };
    expect(createEmbedder({ offline: injected })).toBe(injected);
  });

  it("builds openai embedders, cached when a cache dir is given", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "consilium-llm-factory-"));
    try {
      expect(createEmbedder({ kind: "openai", apiKey: FAKE_KEY })).toBeInstanceOf(OpenAIEmbedder);
      expect(createEmbedder({ kind: "openai", apiKey: FAKE_KEY, cacheDir: dir })).toBeInstanceOf(CachedEmbedder);
      vi.stubEnv("OPENAI_API_KEY", "");
      expect(createEmbedder({ kind: "openai", llm: "replay", cacheDir: dir })).toBeInstanceOf(CachedEmbedder);
      expect(() => createEmbedder({ kind: "openai" })).toThrow(/OPENAI_API_KEY/);
      expect(() => createEmbedder({ kind: "openai", llm: "replay" })).toThrow(/cache directory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from "vitest";
import { sentimentalEmbedder, withEmbedderNotes } from "../../src/sentimental/embedder";
import { HashingEmbedder, miniLmAvailability } from "../../src/text/index";
import { createEmbedder } from "../../src/llm/index";
import type { Table } from "../../src/core/index";

const table = (name: string, note?: string): Table => ({ name, title: name, rows: [], note });

describe("withEmbedderNotes", () => {
  const tables = [table("table2_drift", "Drift = 1 - similarity."), table("defensibility"), table("table4_final_sentiment", "S_O.")];

  it("labels the embedding tables of a MiniLM run, defensibility as a stand-in for all-mpnet-base-v2", () => {
    const [drift, defensibility, sentiment] = withEmbedderNotes(tables, "minilm-l6-v2");
    expect(drift!.note).toBe("Drift = 1 - similarity. Embeddings: all-MiniLM-L6-v2, the authors' model for drift.");
    expect(defensibility!.note).toMatch(/^Embeddings: all-MiniLM-L6-v2 as a stand-in: the authors retrieve passages with all-mpnet-base-v2/);
    expect(sentiment!.note).toBe("S_O.");
  });

  it("leaves the tables of other embedders as they are", () => {
    expect(withEmbedderNotes(tables, "hashing-512")).toEqual(tables);
  });
});

describe("sentimentalEmbedder", () => {
  const run = new HashingEmbedder({ dimension: 64 });
  it("takes the run's embedder by default and reuses one of the asked kind", () => {
    expect(sentimentalEmbedder({ embedder: "context" }, run)).toBe(run);
    expect(sentimentalEmbedder({ embedder: "hashing" }, run)).toBe(run);
  });
  it.runIf(miniLmAvailability().available)("builds all-MiniLM-L6-v2 for embedder=minilm, as --embedder minilm does", () => {
    expect(sentimentalEmbedder({ embedder: "minilm" }, run).id).toBe("minilm-l6-v2");
    const runLevel = createEmbedder({ kind: "minilm" });
    expect(runLevel.dimension).toBe(384);
    expect(sentimentalEmbedder({ embedder: "minilm" }, runLevel)).toBe(runLevel);
  });
  it("fails with the install command when the model is missing", () => {
    const saved = process.env.CONSILIUM_MINILM_DIR;
    process.env.CONSILIUM_MINILM_DIR = "/nonexistent/minilm";
    try {
      expect(() => sentimentalEmbedder({ embedder: "minilm" }, run)).toThrow(/bash scripts\/setup-minilm\.sh/);
    } finally {
      if (saved === undefined) delete process.env.CONSILIUM_MINILM_DIR;
      else process.env.CONSILIUM_MINILM_DIR = saved;
    }
  });
});

import { describe, expect, it } from "vitest";
import { selectEmbedder } from "../../src/finmem/embedder";
import { finmemConfigSchema } from "../../src/finmem/index";
import type { DataFolder } from "../../src/data/index";
import { HashingEmbedder, miniLmAvailability } from "../../src/text/index";

// Only embedder=tfidf reads the data folder.
const noFolder = {} as DataFolder;
const config = (embedder: string) => finmemConfigSchema.parse({ embedder });

describe("FinMem's embedder key", () => {
  const run = new HashingEmbedder({ dimension: 64 });
  it("refuses embedder=openai on a local run embedder, MiniLM included", () => {
    expect(() => selectEmbedder(config("openai"), run, noFolder)).toThrow(/needs an endpoint embedder/);
  });
  it.runIf(miniLmAvailability().available)("gives all-MiniLM-L6-v2 for embedder=minilm, and keeps a run-level one", () => {
    const minilm = selectEmbedder(config("minilm"), run, noFolder);
    expect([minilm.id, minilm.dimension]).toEqual(["minilm-l6-v2", 384]);
    expect(selectEmbedder(config("minilm"), minilm, noFolder)).toBe(minilm);
    expect(() => selectEmbedder(config("openai"), minilm, noFolder)).toThrow(/the run's embedder is minilm-l6-v2/);
  });
});

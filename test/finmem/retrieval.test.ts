/**
 * FinMem retrieval through the int8 pre-filter (src/finmem/retrieval/) against
 * the exact scan: identical ids, float64 scores and relevancies on dense and
 * hashing vectors, ties, removed events, partial k, awkward queries; the
 * per-row bound really holds; the relevancy cache and stats() behave as on
 * the exact path.
 */
import { describe, expect, it } from "vitest";
import { FINMEM_MEMORY_DEFAULTS, LAYERS, type MemoryParams } from "../../src/finmem/constants";
import { LayeredMemory, type Retrieved } from "../../src/finmem/memory";
import { QuantizedIndex } from "../../src/finmem/retrieval/quantized";
import { Rng } from "../../src/stats/rng";
import { HashingEmbedder } from "../../src/text/embedding";

const DIM = 48; // not a multiple of 32: exercises the row padding

function unit(rng: Rng, dim = DIM): Float32Array {
  const v = new Float32Array(dim);
  let s = 0;
  for (let j = 0; j < dim; j++) {
    v[j] = rng.normal();
    s += v[j]! * v[j]!;
  }
  for (let j = 0; j < dim; j++) v[j] = v[j]! / Math.sqrt(s);
  return v;
}

/** Two memories with the same events: one always exact, one always pre-filtered. */
function twins(vectors: Float32Array[], params: MemoryParams = FINMEM_MEMORY_DEFAULTS, seed = 3): [LayeredMemory, LayeredMemory] {
  const make = (minRows: number): LayeredMemory => {
    const rng = new Rng(seed);
    const m = new LayeredMemory(new Rng(1), params);
    m.prefilterMinRows = minRows;
    vectors.forEach((v, i) => {
      m.add({
        text: `e${i}`,
        embedding: v,
        layer: LAYERS[rng.int(0, 4)]!,
        date: `d${i % 40}`,
        kind: "t",
        importance: rng.chance(0.2) ? 50 : rng.uniform(0, 120),
      });
      if (i % 25 === 24) m.step();
    });
    return m;
  };
  return [make(Infinity), make(0)];
}

function flat(r: Retrieved): Array<[string, number, number, number]> {
  return LAYERS.flatMap((l) => r[l].map((e) => [l, e.id, e.score, e.relevancy] as [string, number, number, number]));
}

function expectSame(exact: LayeredMemory, pre: LayeredMemory, query: Float32Array, k: Parameters<LayeredMemory["retrieve"]>[1]): void {
  const a = flat(exact.retrieve(query, k));
  const b = flat(pre.retrieve(query, k));
  expect(b.length).toBe(a.length);
  b.forEach((row, i) => {
    const want = a[i]!;
    expect(row[0]).toBe(want[0]);
    expect(row[1]).toBe(want[1]);
    expect(Object.is(row[2], want[2])).toBe(true);
    expect(Object.is(row[3], want[3])).toBe(true);
  });
}

describe("pre-filtered retrieval", () => {
  it("equals the exact scan on dense vectors, for many queries and k", () => {
    const rng = new Rng(11);
    const vectors = Array.from({ length: 3000 }, () => unit(rng));
    const [exact, pre] = twins(vectors);
    for (let q = 0; q < 12; q++) expectSame(exact, pre, unit(rng), q % 3 === 0 ? { shallow: 7, deep: 1 } : 5 + q);
    expectSame(exact, pre, vectors[123]!, 5); // a query equal to a stored row
    expectSame(exact, pre, new Float32Array(DIM), 5); // the zero query: every relevancy is 0
  });

  it("equals the exact scan on hashing vectors with duplicates and ties", () => {
    const embedder = new HashingEmbedder({ dimension: 64 });
    const words = ["tesla", "deliveries", "beat", "miss", "guidance", "recall", "margin", "china", "price", "cut", "record", "demand"];
    const rng = new Rng(5);
    const texts = Array.from({ length: 2500 }, (_, i) =>
      i % 7 === 0 ? "tesla price cut" : Array.from({ length: rng.int(2, 7) }, () => rng.pick(words)).join(" "),
    );
    const vectors = embedder.embedSync(texts);
    const [exact, pre] = twins(vectors);
    for (const text of ["tesla price cut", "record deliveries beat guidance", "china demand", "unrelated words only"]) {
      expectSame(exact, pre, embedder.embedSync([text])[0]!, 6);
    }
  });

  it("equals the exact scan when the top is decided inside the bound (near-ties)", () => {
    const rng = new Rng(21);
    const centre = unit(rng);
    const vectors = Array.from({ length: 2000 }, () => {
      const v = Float32Array.from(centre, (x) => x + rng.normal(0, 2e-3));
      return v;
    });
    const make = (minRows: number): LayeredMemory => {
      const m = new LayeredMemory(new Rng(1));
      m.prefilterMinRows = minRows;
      vectors.forEach((v, i) => m.add({ text: `e${i}`, embedding: v, layer: "shallow", date: "d", kind: "t", importance: 50 }));
      return m;
    };
    const exact = make(Infinity);
    const pre = make(0);
    for (let q = 0; q < 4; q++) expectSame(exact, pre, q === 0 ? centre : unit(rng), 10);
  });

  it("skips removed events like the exact scan", () => {
    const rng = new Rng(8);
    const vectors = Array.from({ length: 2000 }, () => unit(rng));
    const pruning: MemoryParams = { ...FINMEM_MEMORY_DEFAULTS, cleanupImportanceBelow: 30 };
    const [exact, pre] = twins(vectors, pruning);
    expect(exact.aliveCount()).toBeLessThan(2000);
    for (let q = 0; q < 5; q++) expectSame(exact, pre, unit(rng), 5);
  });

  it("keeps the relevancy cache, describe() and stats() as on the exact path", () => {
    const rng = new Rng(9);
    const vectors = Array.from({ length: 1500 }, () => unit(rng));
    const [exact, pre] = twins(vectors);
    const q = unit(rng);
    expectSame(exact, pre, q, 5);
    expect(pre.stats()).toEqual(exact.stats()); // completes the relevancies the pre-filter skipped
    expectSame(exact, pre, q, 5); // the same query again: the cached path
    const late = unit(rng);
    for (const m of [pre, exact]) m.add({ text: "late", embedding: late, layer: "shallow", date: "d", kind: "t", importance: 99 });
    const q2 = unit(rng);
    expectSame(exact, pre, q2, 4);
    expect(pre.describe(7).relevancy).toBe(exact.describe(7).relevancy);
  });

  it("falls back to the exact scan when a row is not finite", () => {
    const rng = new Rng(10);
    const vectors = Array.from({ length: 600 }, () => unit(rng));
    vectors[17] = new Float32Array(DIM).fill(NaN);
    const [exact, pre] = twins(vectors);
    expectSame(exact, pre, unit(rng), 5);
  });
});

describe("QuantizedIndex", () => {
  it("bounds every row's error, and the bound is tight enough to filter", () => {
    const rng = new Rng(12);
    const dim = 512;
    const n = 700;
    const matrix = new Float32Array(n * dim);
    for (let i = 0; i < n; i++) matrix.set(i % 50 === 0 ? new Float32Array(dim) : unit(rng, dim), i * dim);
    const index = QuantizedIndex.create(dim)!;
    expect(index).not.toBeNull();
    index.sync(matrix, 300);
    index.sync(matrix, n); // appended in two steps, as a memory grows
    let widest = 0;
    for (let t = 0; t < 5; t++) {
      const q = t === 4 ? Float32Array.from({ length: dim }, (_, j) => (j === 3 ? 1 : 0)) : unit(rng, dim);
      expect(index.approximate(q)).toBe(true);
      for (let i = 0; i < n; i++) {
        let exact = 0;
        for (let j = 0; j < dim; j++) exact += matrix[i * dim + j]! * q[j]!;
        expect(Math.abs(exact - index.approx[i]!)).toBeLessThanOrEqual(index.bound[i]!);
        widest = Math.max(widest, index.bound[i]!);
      }
    }
    expect(widest).toBeLessThan(0.02); // unit vectors in 512 dims: about 0.008
    expect(index.approximate(Float32Array.from({ length: dim }, () => NaN))).toBe(false);
  });
});

describe("the pre-filter's day terms (recency + importance kept between queries)", () => {
  it("stay identical to the exact scan across step, add and feedback between new queries", () => {
    const rng = new Rng(77);
    const [exact, pre] = twins(Array.from({ length: 400 }, () => unit(rng)));
    const query = (): Float32Array => unit(rng);
    expectSame(exact, pre, query(), 5);
    expectSame(exact, pre, query(), 5); // same day: the kept terms serve
    for (const m of [exact, pre]) for (let d = 0; d < 30; d++) m.step(); // recencies decay, layers move
    expectSame(exact, pre, query(), 5);
    const extra = unit(rng);
    for (const m of [exact, pre]) m.add({ text: "late", embedding: extra, layer: "shallow", date: "d99", kind: "t", importance: 90 });
    expectSame(exact, pre, extra, 5);
    // Feedback lifts the least important events to the cap: they must now be able to enter the top K.
    const lowest = Array.from({ length: 401 }, (_, id) => id)
      .filter((id) => pre.isAlive(id))
      .sort((a, b) => pre.importance(a) - pre.importance(b) || a - b)
      .slice(0, 40);
    expectSame(exact, pre, query(), 5);
    for (const m of [exact, pre]) for (let f = 0; f < 6; f++) m.feedback(lowest, 1);
    const q = query(); // a new query: the pre-filter runs again
    expectSame(exact, pre, q, 5);
    expect(LAYERS.flatMap((l) => exact.retrieve(q, 5)[l].map((e) => e.id)).some((id) => lowest.includes(id))).toBe(true);
  });
});

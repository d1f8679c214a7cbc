/**
 * The pre-filter's bounds (src/finmem/retrieval/prefilter.ts, quantized.ts)
 * where they are tight: rows parallel to the query (Cauchy-Schwarz holds with
 * equality), exact ties and ulp-level near-ties at the K-th place, decided by
 * the id; the floor rows kept between queries going stale; the listed int8
 * products equal to the full scan's; and the reach bound pruning most rows of
 * a year of events (the point of the stage).
 */
import { describe, expect, it } from "vitest";
import { FINMEM_MEMORY_DEFAULTS, LAYERS, type Layer } from "../../src/finmem/constants";
import { LayeredMemory } from "../../src/finmem/memory";
import { FLOOR_ROWS_PER_K, lastPrefilterCounts, prefilteredTopK, rowsOfLargestBase, type PrefilterRows } from "../../src/finmem/retrieval/prefilter";
import { QuantizedIndex } from "../../src/finmem/retrieval/quantized";
import { Rng } from "../../src/stats/rng";

const DIM = 64;

function unit(rng: Rng, dim = DIM): Float32Array {
  const v = Float32Array.from({ length: dim }, () => rng.normal());
  let s = 0;
  for (const x of v) s += x * x;
  return v.map((x) => x / Math.sqrt(s));
}

function axis(j: number, dim = DIM): Float32Array {
  const v = new Float32Array(dim);
  v[j] = 1;
  return v;
}

interface Planted {
  embedding: Float32Array;
  layer: Layer;
  importance: number;
}

/** The same events in an exact-only memory and an always-pre-filtered one (no step: every recency is 1). */
function twins(events: Planted[]): [LayeredMemory, LayeredMemory] {
  return [Infinity, 0].map((minRows) => {
    const m = new LayeredMemory(new Rng(1));
    m.prefilterMinRows = minRows;
    events.forEach((e, i) => m.add({ text: `e${i}`, embedding: e.embedding, layer: e.layer, date: "d", kind: "t", importance: e.importance }));
    return m;
  }) as [LayeredMemory, LayeredMemory];
}

function ranked(m: LayeredMemory, query: Float32Array, k: number): Array<[string, number, number]> {
  const top = m.retrieve(query, k);
  return LAYERS.flatMap((l) => top[l].map((e) => [l, e.id, e.score] as [string, number, number]));
}

function expectSameRanking(exact: LayeredMemory, pre: LayeredMemory, query: Float32Array, k: number): void {
  const want = ranked(exact, query, k);
  const got = ranked(pre, query, k);
  expect(got.map(([l, id]) => `${l}:${id}`)).toEqual(want.map(([l, id]) => `${l}:${id}`));
  got.forEach(([, , score], i) => expect(Object.is(score, want[i]![2])).toBe(true));
}

describe("the reach bound at equality (rows parallel to the query)", () => {
  it("keeps a row whose score ties the floor exactly, so the older id wins as in the exact scan", () => {
    // Per layer: the older rows lie along the query (relevancy exactly 1, importance 0: score 1 + 1 + 0 = 2);
    // the newer rows are orthogonal with importance 100 (0 + 1 + 1 = 2) and have the largest base, so
    // they set the floor at exactly 2 and the parallel rows reach it only with equality.
    const q = axis(0);
    const events: Planted[] = [];
    for (const layer of LAYERS) for (let r = 0; r < 3; r++) events.push({ embedding: axis(0), layer, importance: 0 });
    for (const layer of LAYERS) for (let r = 0; r < 3; r++) events.push({ embedding: axis(1 + r), layer, importance: 100 });
    for (let r = 0; r < 40; r++) events.push({ embedding: axis(5 + (r % 50)), layer: LAYERS[r % 4]!, importance: 10 + r });
    const [exact, pre] = twins(events);
    for (const k of [1, 2, 3, 4]) {
      const top = exact.retrieve(q, k);
      for (const layer of LAYERS) expect(top[layer].every((e) => e.score === 2)).toBe(true);
      expect(top.shallow.map((e) => e.id)).toEqual([0, 1, 2, 12].slice(0, k)); // the parallel rows first: older ids
      expectSameRanking(exact, pre, q, k);
    }
  });

  it("decides ulp-level near-ties like the exact scan (rows equal to a dense query)", () => {
    // A dense unit query q and rows equal to it: the exact relevancy is the float64 sum of q_j^2, a few
    // ulps off 1 and off |e| |q| as the index computes it (other summation order), so these rows' scores
    // straddle the floor 2 set by zero rows of importance 100 by an ulp or two either way.
    const rng = new Rng(31);
    for (let trial = 0; trial < 25; trial++) {
      const q = unit(rng);
      const events: Planted[] = [];
      for (const layer of LAYERS) for (let r = 0; r < 2; r++) events.push({ embedding: q, layer, importance: 0 });
      for (const layer of LAYERS) for (let r = 0; r < 2; r++) events.push({ embedding: new Float32Array(DIM), layer, importance: 100 });
      for (let r = 0; r < 30; r++) events.push({ embedding: unit(rng), layer: LAYERS[r % 4]!, importance: rng.uniform(0, 100) });
      const [exact, pre] = twins(events);
      for (const k of [1, 2, 3]) expectSameRanking(exact, pre, q, k);
    }
  });
});

/** A hand-made row set for prefilteredTopK: scores relevancy + base, relevancies by a float64 dot product. */
function rowSet(rng: Rng, n: number, dim: number): { rows: PrefilterRows; index: QuantizedIndex; matrix: Float32Array; query: Float32Array } {
  const matrix = new Float32Array(n * dim);
  for (let i = 0; i < n; i++) matrix.set(unit(rng, dim), i * dim);
  const query = unit(rng, dim);
  const alive = Uint8Array.from({ length: n }, () => (rng.chance(0.9) ? 1 : 0));
  const layer = Uint8Array.from({ length: n }, () => rng.int(0, 4));
  const bases = Float64Array.from({ length: n }, () => rng.uniform(0, 2));
  const index = QuantizedIndex.create(dim)!;
  index.sync(matrix, n);
  const relevancy = (i: number): number => {
    let s = 0;
    for (let j = 0; j < dim; j++) s += matrix[i * dim + j]! * query[j]!;
    return s;
  };
  const rows: PrefilterRows = { n, alive, layer, bases, exactRelevancy: relevancy, score: (i, r) => r + bases[i]! };
  return { rows, index, matrix, query };
}

function bruteForce(rows: PrefilterRows, ks: number[]): Array<Array<{ id: number; score: number }>> {
  return ks.map((k, l) => {
    const all: Array<{ id: number; score: number }> = [];
    for (let i = 0; i < rows.n; i++) if (rows.alive[i] === 1 && rows.layer[i] === l) all.push({ id: i, score: rows.score(i, rows.exactRelevancy(i)) });
    return all.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, k);
  });
}

describe("prefilteredTopK", () => {
  it("equals the brute-force top K, with fresh, absent or stale floor rows", () => {
    const rng = new Rng(41);
    const { rows, index, query } = rowSet(rng, 3000, 48);
    const ks = [5, 0, 3, 8];
    const fresh = rowsOfLargestBase(ks, rows);
    expect(fresh.map((ids) => ids.length)).toEqual(ks.map((k) => k * FLOOR_ROWS_PER_K));
    for (const floorRows of [undefined, fresh, [fresh[0]!]]) {
      expect(prefilteredTopK(index, query, ks, { ...rows, floorRows })!.map((h) => h.sorted())).toEqual(bruteForce(rows, ks));
    }
    // Stale lists, one fault each, made to score above the layer's K-th best: removed rows, rows of
    // another layer, one row repeated. Each would lift the floor over S_K and lose the true top K, so
    // each must be caught and the rows chosen again.
    const lifted = (ids: number[]): Float64Array => {
      const bases = rows.bases.slice();
      for (const i of ids) bases[i] = 5;
      return bases;
    };
    const pick = (count: number, test: (i: number) => boolean): number[] =>
      Array.from({ length: rows.n }, (_, i) => i)
        .filter(test)
        .slice(0, count);
    const dead = pick(5, (i) => rows.alive[i] === 0 && rows.layer[i] === 0);
    const elsewhere = pick(3, (i) => rows.alive[i] === 1 && rows.layer[i] === 0);
    const best = pick(1, (i) => rows.alive[i] === 1 && rows.layer[i] === 3);
    const withLayer = (l: number, ids: number[]): Int32Array[] => fresh.map((f, m) => (m === l ? Int32Array.from(ids) : f));
    const cases: Array<[Int32Array[], Float64Array]> = [
      [withLayer(0, dead), lifted(dead)],
      [withLayer(2, elsewhere), lifted(elsewhere)],
      [
        withLayer(
          3,
          Array.from({ length: 8 }, () => best[0]!),
        ),
        lifted(best),
      ],
    ];
    for (const [floorRows, bases] of cases) {
      const staleRows = { ...rows, bases, score: (i: number, r: number) => r + bases[i]! };
      const heaps = prefilteredTopK(index, query, ks, { ...staleRows, floorRows })!;
      expect(heaps.map((h) => h.sorted())).toEqual(bruteForce(staleRows, ks));
    }
  });

  it("prunes most rows of a year of events by the reach bound alone, and re-scores a handful", () => {
    // A year of events as the memory keeps them (daily decay, cascade, no clean-up): most are too old or
    // too unimportant to reach the floor whatever their relevancy.
    const rng = new Rng(43);
    const n = 6000;
    const memory = new LayeredMemory(new Rng(1), { ...FINMEM_MEMORY_DEFAULTS, cleanupRecencyBelow: -1, cleanupImportanceBelow: -Infinity });
    memory.prefilterMinRows = 0;
    for (let day = 0, added = 0; added < n; day++) {
      for (let j = 0; j < 24 && added < n; j++, added++)
        memory.add({ text: `e${added}`, embedding: unit(rng), layer: LAYERS[rng.int(0, 4)]!, date: `d${day}`, kind: "t", importance: rng.uniform(5, 100) });
      memory.step();
    }
    memory.retrieve(unit(rng), 5);
    expect(lastPrefilterCounts.reached).toBeLessThan(n / 2); // 2105 of 6000 here
    expect(lastPrefilterCounts.rescored).toBeLessThan(100);
  });
});

describe("QuantizedIndex listed rows and reach", () => {
  it("gives a listed row the same interval as the full scan, and the reach bounds every |relevancy|", () => {
    const rng = new Rng(47);
    const dim = 80;
    const n = 301;
    const matrix = new Float32Array(n * dim);
    for (let i = 0; i < n; i++) matrix.set(i % 37 === 0 ? new Float32Array(dim) : unit(rng, dim), i * dim);
    const index = QuantizedIndex.create(dim)!;
    index.sync(matrix, n);
    for (let t = 0; t < 4; t++) {
      // The last query equals a stored row: the reach is attained.
      const q = t === 3 ? matrix.slice(5 * dim, 6 * dim) : unit(rng, dim);
      expect(index.approximate(q)).toBe(true);
      const approx = index.approx.slice(0, n);
      const bound = index.bound.slice(0, n);
      const listed = [n - 1, 0, 5, 7, 7, 200, 3]; // any order, repeats allowed, odd count
      index.rowList().set(listed);
      index.approximateListed(listed.length);
      listed.forEach((row, c) => {
        expect(Object.is(index.approx[c], approx[row])).toBe(true);
        expect(Object.is(index.bound[c], bound[row])).toBe(true);
      });
      for (let i = 0; i < n; i++) {
        let exact = 0;
        for (let j = 0; j < dim; j++) exact += matrix[i * dim + j]! * q[j]!;
        expect(Math.abs(exact)).toBeLessThanOrEqual(index.relevancyReach(i));
      }
    }
    expect(() => index.approximateListed(n + 1)).toThrow(RangeError);
  });

  it("bounds the rounding of exactly quantised rows (scaled axes: no quantisation error, only float64 rounding)", () => {
    const dim = 32;
    const scales = [1, 0.5, 0.3, 0.7, 0.1, 0.9, 1 / 3, 0.123456, 0.999, 0.61803];
    const matrix = new Float32Array(scales.length * dim * 2);
    scales.forEach((c, r) => {
      matrix[r * 2 * dim + (r % dim)] = c;
      matrix[(r * 2 + 1) * dim + (r % dim)] = -c;
    });
    const index = QuantizedIndex.create(dim)!;
    index.sync(matrix, scales.length * 2);
    let checked = 0;
    for (const d of scales) {
      for (let j = 0; j < scales.length; j++) {
        const q = new Float32Array(dim);
        q[j % dim] = d;
        index.approximate(q);
        for (let i = 0; i < scales.length * 2; i++) {
          let exact = 0;
          for (let m = 0; m < dim; m++) exact += matrix[i * dim + m]! * q[m]!;
          expect(Math.abs(exact - index.approx[i]!)).toBeLessThanOrEqual(index.bound[i]!);
          checked++;
        }
      }
    }
    expect(checked).toBe(2000);
  });

  it("the reach covers the float64 rounding of a row's product with itself (Cauchy-Schwarz with equality)", () => {
    const rng = new Rng(53);
    const dim = 96;
    const n = 200;
    const matrix = new Float32Array(n * dim);
    for (let i = 0; i < n; i++) matrix.set(unit(rng, dim), i * dim);
    const index = QuantizedIndex.create(dim)!;
    index.sync(matrix, n);
    let attained = 0;
    for (let i = 0; i < n; i++) {
      const q = matrix.subarray(i * dim, (i + 1) * dim);
      index.prepare(q);
      let exact = 0;
      for (let j = 0; j < dim; j++) exact += q[j]! * q[j]!;
      expect(exact).toBeLessThanOrEqual(index.relevancyReach(i));
      if (exact > index.norm[i]! * index.queryNorm) attained++; // the plain product |e| |q| falls short here
    }
    expect(attained).toBeGreaterThan(0);
  });
});

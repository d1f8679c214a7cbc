/**
 * FinMem's retrieval score is defined once (retrievalScore, src/finmem/retrieval/score.ts):
 * on a seeded random memory (promotions, removals, feedback), the columnar
 * store's exact scan, its WASM int8 pre-filter, describe() and stats() rank
 * and score exactly as retrievalScore does over each event's terms, bit for bit.
 */
import { describe, expect, it } from "vitest";
import { FINMEM_MEMORY_DEFAULTS, LAYERS, type Layer } from "../../src/finmem/constants";
import { LayeredMemory } from "../../src/finmem/memory";
import { QuantizedIndex } from "../../src/finmem/retrieval/quantized";
import { importanceScore, recencyScore, retrievalScore } from "../../src/finmem/retrieval/score";
import { Rng } from "../../src/stats/rng";

const DIM = 40;
const CAP = FINMEM_MEMORY_DEFAULTS.importanceCap;

function unit(rng: Rng): Float32Array {
  const v = Float32Array.from({ length: DIM }, () => rng.normal());
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

/** A memory filled the same way for a seed: events over 30 days, feedback, daily steps. */
function randomMemory(seed: number, prefilterMinRows: number): LayeredMemory {
  const rng = new Rng(seed);
  const memory = new LayeredMemory(new Rng(seed + 1));
  memory.prefilterMinRows = prefilterMinRows;
  for (let day = 0; day < 30; day++) {
    for (let e = 0; e < 60; e++) {
      const importance = rng.chance(0.5) ? undefined : rng.uniform(-10, 130);
      memory.add({ text: `d${day}e${e}`, embedding: unit(rng), layer: LAYERS[rng.int(0, 4)]!, date: `day ${day}`, kind: "news", importance });
    }
    const cited = Array.from({ length: 8 }, () => rng.int(0, memory.size));
    memory.feedback(cited, rng.chance(0.5) ? 1 : -1);
    memory.step();
  }
  return memory;
}

/** retrievalScore of every alive event of a layer from its terms, best first (ties: older id first). */
function rankedByRetrievalScore(memory: LayeredMemory, layer: Layer): Array<{ id: number; score: number }> {
  return memory
    .idsIn(layer)
    .map((id) => ({ id, score: retrievalScore(memory.describe(id).relevancy, memory.recency(id), importanceScore(memory.importance(id), CAP)) }))
    .sort((a, b) => b.score - a.score || a.id - b.id);
}

describe("retrievalScore is the score of every retrieval path", () => {
  it("adds relevancy + recency + importance in that order", () => {
    expect(retrievalScore(0.5, recencyScore(3, 3), importanceScore(42))).toBe(0.5 + Math.exp(-1) + 0.42);
    expect(importanceScore(-5)).toBe(0);
    expect(importanceScore(150)).toBe(1);
  });

  it("the exact scan and the WASM pre-filter rank and score exactly as retrievalScore", () => {
    expect(QuantizedIndex.create(DIM)).not.toBeNull(); // the pre-filter really runs here
    const exact = randomMemory(17, Infinity);
    const pre = randomMemory(17, 0);
    expect(exact.aliveCount()).toBeLessThan(exact.size); // some events were cleaned up
    const rng = new Rng(99);
    for (let q = 0; q < 6; q++) {
      const query = unit(rng);
      const k = 3 + q;
      const fromExact = exact.retrieve(query, k);
      const fromPre = pre.retrieve(query, k);
      for (const layer of LAYERS) {
        const want = rankedByRetrievalScore(exact, layer).slice(0, k);
        expect(want.length).toBeGreaterThan(0);
        for (const got of [fromExact[layer], fromPre[layer]]) {
          expect(got.map((e) => e.id)).toEqual(want.map((e) => e.id));
          got.forEach((e, i) => {
            expect(Object.is(e.score, want[i]!.score)).toBe(true);
            // The event's own view scores it the same way.
            expect(Object.is(exact.describe(e.id).score, e.score)).toBe(true);
          });
        }
      }
    }
  });

  it("stats() averages retrievalScore over each layer", () => {
    const memory = randomMemory(5, Infinity);
    const query = unit(new Rng(6));
    const stats = memory.stats(query);
    for (const layer of LAYERS) {
      const ids = memory.idsIn(layer);
      let sum = 0;
      for (const id of ids) sum += retrievalScore(memory.describe(id).relevancy, memory.recency(id), importanceScore(memory.importance(id), CAP));
      expect(Object.is(stats.find((s) => s.layer === layer)!.meanScore, sum / ids.length)).toBe(true);
    }
  });
});

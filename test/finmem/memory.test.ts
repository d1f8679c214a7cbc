import { describe, expect, it } from "vitest";
import { FINMEM_MEMORY_DEFAULTS, LAYERS, memoryParams, resolveShallowQ, type Layer } from "../../src/finmem/constants";
import { LayeredMemory } from "../../src/finmem/memory";
import { importanceScore, recencyScore } from "../../src/finmem/retrieval/score";
import { TopK } from "../../src/finmem/topk";
import { Rng } from "../../src/stats/rng";

const e2 = (x: number, y: number): Float32Array => {
  const n = Math.hypot(x, y);
  return Float32Array.of(x / n, y / n);
};

function mem(params = FINMEM_MEMORY_DEFAULTS, capacity = 4): LayeredMemory {
  return new LayeredMemory(new Rng(1), params, capacity);
}

function addAt(m: LayeredMemory, layer: Layer, importance: number, embedding = e2(1, 0)): number {
  return m.add({ text: `${layer}-${importance}`, embedding, layer, date: "2021-01-04", kind: "test", importance });
}

describe("recency", () => {
  it("is exp(-delta/Q) with the layer's Q and resets on promotion only", () => {
    const m = mem();
    const s = addAt(m, "shallow", 50);
    const d = addAt(m, "deep", 95);
    expect(m.recency(s)).toBe(1);
    m.step();
    expect(m.recency(s)).toBeCloseTo(Math.exp(-1 / 3), 15); // 0.716531310573789
    expect(m.recency(s)).toBeCloseTo(0.716531310573789, 12);
    expect(m.recency(d)).toBeCloseTo(Math.exp(-1 / 365), 15);
    m.step();
    expect(m.delta(s)).toBe(2);
    expect(m.recency(s)).toBeCloseTo(0.513417119032592, 12);
  });

  it("uses Q = 14 for the paper-era shallow option", () => {
    expect(resolveShallowQ("paper")).toBe(14);
    expect(resolveShallowQ("code")).toBe(3);
    const m = mem(memoryParams({ shallowQ: "paper" }));
    const s = addAt(m, "shallow", 50);
    m.step();
    expect(m.recency(s)).toBeCloseTo(Math.exp(-1 / 14), 15);
    expect(() => resolveShallowQ(-1)).toThrow(/shallowQ/);
  });

  it("scales importance to [0, 1] capped at 100", () => {
    expect(importanceScore(130)).toBe(1);
    expect(importanceScore(42)).toBe(0.42);
    expect(importanceScore(-3)).toBe(0);
    expect(recencyScore(3, 3)).toBeCloseTo(0.36787944117144233, 15);
  });
});

describe("importance decay and the promotion cascade", () => {
  it("decays by the layer factor per day (shallow 0.92, intermediate 0.967, deep/reflection 0.988)", () => {
    const m = mem();
    const s = addAt(m, "shallow", 50);
    const r = addAt(m, "reflection", 50);
    m.step();
    expect(m.importance(s)).toBeCloseTo(46, 12);
    expect(m.importance(r)).toBeCloseTo(49.4, 12);
    m.step();
    expect(m.importance(s)).toBeCloseTo(42.32, 12);
    expect(m.importance(r)).toBeCloseTo(48.8072, 12);
    expect(m.layer(r)).toBe("reflection");
  });

  it("promotes shallow -> intermediate at >= 60 and resets recency", () => {
    const m = mem();
    const s = addAt(m, "shallow", 70);
    const report = m.step(); // 70 * 0.92 = 64.4 >= 60
    expect(m.importance(s)).toBeCloseTo(64.4, 12);
    expect(m.layer(s)).toBe("intermediate");
    expect(m.delta(s)).toBe(0);
    expect(m.recency(s)).toBe(1);
    expect(report).toEqual({ day: 1, removed: 0, promoted: 1, demoted: 0 });
    m.step(); // 64.4 * 0.967 = 62.2748: stays intermediate, recency exp(-1/90)
    expect(m.layer(s)).toBe("intermediate");
    expect(m.importance(s)).toBeCloseTo(62.2748, 10);
    expect(m.recency(s)).toBeCloseTo(Math.exp(-1 / 90), 15);
    m.step(); // 60.2197... stays
    m.step(); // 58.2325 < 60 -> demoted to shallow, recency kept (delta 3, Q 3)
    expect(m.importance(s)).toBeCloseTo(70 * 0.92 * 0.967 ** 3, 10);
    expect(m.layer(s)).toBe("shallow");
    expect(m.delta(s)).toBe(3);
    expect(m.recency(s)).toBeCloseTo(Math.exp(-1), 15);
  });

  it("lets a shallow event climb two layers in one day (90 -> 82.8 >= 80)", () => {
    const m = mem();
    const s = addAt(m, "shallow", 90);
    const report = m.step();
    expect(m.importance(s)).toBeCloseTo(82.8, 12);
    expect(m.layer(s)).toBe("deep");
    expect(m.delta(s)).toBe(0);
    expect(report.promoted).toBe(2);
  });

  it("promotes intermediate -> deep at >= 80; with the code's two cascade passes a deep event below 60 falls to shallow in one day", () => {
    const m = mem();
    const i = addAt(m, "intermediate", 85); // 82.195 -> deep
    const d = addAt(m, "deep", 60); // 59.28: pass 1 deep -> intermediate, pass 2 intermediate -> shallow
    const report = m.step();
    expect(report).toEqual({ day: 1, removed: 0, promoted: 1, demoted: 2 });
    expect(m.layer(d)).toBe("shallow");
    expect(m.delta(d)).toBe(1); // demotions keep the recency clock
    expect(m.recency(d)).toBeCloseTo(Math.exp(-1 / 3), 15); // now the shallow Q
    m.step();
    m.step();
    // i: 85*0.967 = 82.195 -> deep (delta reset on day 1); then 81.208, 80.233 stays deep
    expect(m.layer(i)).toBe("deep");
    expect(m.importance(i)).toBeCloseTo(85 * 0.967 * 0.988 * 0.988, 10);
    expect(m.delta(i)).toBe(2);
    // d: 59.28 on day 1, then two days of shallow decay: 59.28 * 0.92^2 = 50.174592
    expect(m.importance(d)).toBeCloseTo(50.174592, 10);
    expect(m.delta(d)).toBe(3);
  });

  it("with one cascade pass a demoted event moves one layer per day", () => {
    const m = mem({ ...FINMEM_MEMORY_DEFAULTS, cascadePasses: 1 });
    const d = addAt(m, "deep", 60);
    m.step(); // 59.28 -> intermediate only
    expect(m.layer(d)).toBe("intermediate");
    m.step(); // 59.28 * 0.967 = 57.32376 < 60 -> shallow
    expect(m.layer(d)).toBe("shallow");
    m.step(); // shallow decay 0.92
    expect(m.importance(d)).toBeCloseTo(60 * 0.988 * 0.967 * 0.92, 10);
    expect(m.delta(d)).toBe(3);
  });

  it("does not demote a deep event between 60 and 80 past intermediate, even with two passes", () => {
    const m = mem();
    const d = addAt(m, "deep", 70); // 69.16 -> intermediate; >= 60 so it stays there
    m.step();
    expect(m.layer(d)).toBe("intermediate");
    expect(m.importance(d)).toBeCloseTo(69.16, 12);
  });

  it("keeps a deep event at exactly the threshold and demotes just below", () => {
    const m = mem();
    const keep = addAt(m, "deep", 80 / 0.988); // decays to exactly 80 (within fp)
    const drop = addAt(m, "deep", 80.9); // 79.9292
    m.step();
    expect(m.importance(keep)).toBeCloseTo(80, 10);
    expect(m.layer(drop)).toBe("intermediate");
  });
});

describe("clean-up", () => {
  it("drops a shallow event when recency < 0.05 (delta 9 with Q 3)", () => {
    const m = mem();
    const s = addAt(m, "shallow", 55); // never reaches 60; 55 * 0.92^9 = 25.1 > 5
    for (let day = 1; day <= 8; day++) m.step();
    expect(m.isAlive(s)).toBe(true);
    expect(m.recency(s)).toBeCloseTo(Math.exp(-8 / 3), 15); // 0.0695
    const report = m.step();
    expect(m.isAlive(s)).toBe(false); // exp(-3) = 0.0498 < 0.05
    expect(report.removed).toBe(1);
    expect(m.aliveCount()).toBe(0);
  });

  it("drops an event when importance < 5", () => {
    const m = mem();
    const low = addAt(m, "reflection", 5.05); // 4.9894 < 5
    const ok = addAt(m, "reflection", 5.1); // 5.0388
    m.step();
    expect(m.isAlive(low)).toBe(false);
    expect(m.isAlive(ok)).toBe(true);
  });
});

describe("feedback", () => {
  it("moves the access counter by +/-1 and adds 5 * counter to importance", () => {
    const m = mem();
    const s = addAt(m, "shallow", 50);
    expect(m.feedback([s], 1)).toBe(1);
    expect(m.accessCounter(s)).toBe(1);
    expect(m.importance(s)).toBe(55);
    m.feedback([s, s], 1); // duplicates count once
    expect(m.accessCounter(s)).toBe(2);
    expect(m.importance(s)).toBe(65);
    m.feedback([s], -1);
    expect(m.accessCounter(s)).toBe(1);
    expect(m.importance(s)).toBe(70);
    expect(m.feedback([s], 0)).toBe(0);
    expect(m.importance(s)).toBe(70);
    const fresh = addAt(m, "shallow", 50);
    m.feedback([fresh], -1);
    expect(m.importance(fresh)).toBe(45);
    m.step(); // s: 70*0.92 = 64.4 -> intermediate; fresh: 41.4 stays
    expect(m.layer(s)).toBe("intermediate");
    expect(m.layer(fresh)).toBe("shallow");
  });

  it("ignores removed and unknown ids", () => {
    const m = mem();
    const low = addAt(m, "reflection", 5.05);
    m.step();
    expect(m.feedback([low, 99, -1], 1)).toBe(0);
  });
});

describe("initial importance", () => {
  it("draws from the layer's distribution with the seeded rng", () => {
    const draw = (seed: number) => {
      const m = new LayeredMemory(new Rng(seed));
      return Array.from({ length: 4000 }, () => m.drawImportance("shallow"));
    };
    const a = draw(5);
    expect(draw(5)).toEqual(a);
    const freq = (v: number) => a.filter((x) => x === v).length / a.length;
    expect(new Set(a)).toEqual(new Set([50, 70, 90]));
    expect(freq(50)).toBeGreaterThan(0.47);
    expect(freq(50)).toBeLessThan(0.53);
    expect(freq(90)).toBeGreaterThan(0.035);
    expect(freq(90)).toBeLessThan(0.065);
    const m = new LayeredMemory(new Rng(2));
    const deep = Array.from({ length: 2000 }, () => m.drawImportance("deep"));
    expect(deep.filter((x) => x === 80).length / deep.length).toBeGreaterThan(0.77);
  });
});

describe("retrieval", () => {
  function unit(rng: Rng, d: number): Float32Array {
    const v = Float32Array.from({ length: d }, () => rng.normal());
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  }

  function bruteForce(m: LayeredMemory, vectors: Float32Array[], query: Float32Array, k: number) {
    const out = {} as Record<Layer, Array<{ id: number; score: number }>>;
    for (const l of LAYERS) {
      const rows: Array<{ id: number; score: number }> = [];
      for (let id = 0; id < m.size; id++) {
        if (!m.isAlive(id) || m.layer(id) !== l) continue;
        let dot = 0;
        for (let j = 0; j < query.length; j++) dot += vectors[id]![j]! * query[j]!;
        const imp = Math.min(Math.max(m.importance(id), 0), 100) / 100;
        rows.push({ id, score: dot + Math.exp(-m.delta(id) / m.params.layers[l].recencyQ) + imp });
      }
      rows.sort((a, b) => b.score - a.score || a.id - b.id);
      out[l] = rows.slice(0, k);
    }
    return out;
  }

  it("returns exactly the brute-force top K per layer on random data", () => {
    const rng = new Rng(11);
    const m = new LayeredMemory(new Rng(3), FINMEM_MEMORY_DEFAULTS, 1); // capacity 1: exercises doubling
    const vectors: Float32Array[] = [];
    for (let day = 0; day < 40; day++) {
      for (let j = 0; j < 60; j++) {
        const v = unit(rng, 24);
        vectors.push(v);
        m.add({ text: `e${vectors.length - 1}`, embedding: v, layer: LAYERS[rng.int(0, 4)]!, date: `d${day}`, kind: "x", importance: rng.uniform(0, 140) });
      }
      if (day % 5 === 0)
        m.feedback(
          Array.from({ length: 30 }, () => rng.int(0, vectors.length)),
          rng.chance(0.5) ? 1 : -1,
        );
      m.step();
    }
    expect(m.size).toBe(2400);
    for (const k of [1, 3, 5, 10, 500]) {
      const q = unit(rng, 24);
      const got = m.retrieve(q, k);
      const want = bruteForce(m, vectors, q, k);
      for (const l of LAYERS) {
        expect(got[l].map((e) => e.id)).toEqual(want[l].map((e) => e.id));
        got[l].forEach((e, i) => expect(e.score).toBeCloseTo(want[l][i]!.score, 9));
        expect(got[l].every((e) => e.layer === l)).toBe(true);
      }
    }
    // same query again (cached relevancies) after adding events: still exact
    const q = unit(rng, 24);
    m.retrieve(q, 5);
    for (let j = 0; j < 50; j++) {
      const v = unit(rng, 24);
      vectors.push(v);
      m.add({ text: "late", embedding: v, layer: "shallow", date: "late", kind: "x", importance: 99 });
    }
    const again = m.retrieve(q, 5);
    const want = bruteForce(m, vectors, q, 5);
    for (const l of LAYERS) expect(again[l].map((e) => e.id)).toEqual(want[l].map((e) => e.id));
  });

  it("scores relevancy + recency + importance/100 with hand-computed terms", () => {
    const m = mem();
    const s1 = addAt(m, "shallow", 50, Float32Array.of(1, 0));
    const r1 = addAt(m, "reflection", 130, Float32Array.of(0, 1));
    m.step();
    m.step();
    const q = Float32Array.of(0.6, 0.8);
    const top = m.retrieve(q, 3);
    // shallow: 0.6 + exp(-2/3) + 50*0.92^2/100 = 0.6 + 0.513417119032592 + 0.4232
    expect(top.shallow.map((e) => e.id)).toEqual([s1]);
    expect(top.shallow[0]!.score).toBeCloseTo(1.536617119032592, 6);
    expect(top.shallow[0]!.relevancy).toBeCloseTo(0.6, 6);
    // reflection: importance 130*0.988^2 = 126.89872, capped at 100 -> 1; 0.8 + exp(-2/365) + 1
    expect(m.importance(r1)).toBeCloseTo(126.89872, 9);
    expect(top.reflection[0]!.score).toBeCloseTo(0.8 + Math.exp(-2 / 365) + 1, 6);
    expect(top.reflection[0]!.score).toBeCloseTo(2.7945355, 6);
  });

  it("breaks score ties by the older id and supports per-layer K", () => {
    const m = mem();
    const a = addAt(m, "shallow", 50);
    const b = addAt(m, "shallow", 50);
    const c = addAt(m, "deep", 50);
    const top = m.retrieve(e2(1, 0), { shallow: 1, deep: 0 });
    expect(top.shallow.map((e) => e.id)).toEqual([a]);
    expect(top.deep).toEqual([]);
    expect(m.retrieve(e2(1, 0), 5).shallow.map((e) => e.id)).toEqual([a, b]);
    expect(m.retrieve(e2(1, 0), 5).deep[0]!.score).toBeCloseTo(1 + 1 + 0.5, 6);
    expect(c).toBe(2);
  });

  it("rejects embeddings of a different dimension", () => {
    const m = mem();
    addAt(m, "shallow", 50);
    expect(() => m.add({ text: "x", embedding: new Float32Array(3), layer: "shallow", date: "d", kind: "x" })).toThrow(/dimension 3/);
    expect(() => m.retrieve(new Float32Array(5), 1)).toThrow(/dimension 5/);
  });

  it("TopK keeps the best K in order", () => {
    const top = new TopK(3);
    [0.4, 0.9, 0.1, 0.9, 0.7, 0.2].forEach((s, i) => top.push(s, i));
    expect(top.sorted()).toEqual([
      { id: 1, score: 0.9 },
      { id: 3, score: 0.9 },
      { id: 4, score: 0.7 },
    ]);
  });
});

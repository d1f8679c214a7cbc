import { describe, expect, it } from "vitest";
import { Rng } from "../../src/stats/rng";
import { fitLda, topicCoherence, uniqueWordsPerTopic } from "../../src/text/lda";

/** Synthetic corpus: `topics` disjoint vocabularies of `wordsPerTopic` words; each document draws 90% of its words from one topic. */
function plantedCorpus(seed: number, topics = 4, wordsPerTopic = 10, docs = 200, length = 30) {
  const rng = new Rng(seed);
  const vocab = Array.from({ length: topics }, (_, t) => Array.from({ length: wordsPerTopic }, (_, i) => `t${t}w${i}`));
  const corpus: string[][] = [];
  const labels: number[] = [];
  for (let d = 0; d < docs; d++) {
    const main = d % topics;
    labels.push(main);
    const doc: string[] = [];
    for (let i = 0; i < length; i++) {
      const t = rng.chance(0.9) ? main : rng.int(0, topics);
      doc.push(rng.pick(vocab[t]!));
    }
    corpus.push(doc);
  }
  return { corpus, labels, vocab };
}

describe("fitLda", () => {
  const { corpus, labels } = plantedCorpus(7);
  const model = fitLda(corpus, { k: 4, iterations: 200, seed: 3 });

  it("recovers planted topics with high purity and a one-to-one mapping", () => {
    const mapped = new Set<number>();
    for (const topic of model.topics) {
      const owners = topic.terms.map((w) => Number(w.slice(1, w.indexOf("w"))));
      const counts = [0, 0, 0, 0];
      for (const o of owners) counts[o]!++;
      const best = counts.indexOf(Math.max(...counts));
      expect(counts[best]! / owners.length).toBeGreaterThanOrEqual(0.9);
      mapped.add(best);
    }
    expect(mapped.size).toBe(4);
  });

  it("assigns each document mostly to the topic of its planted label", () => {
    // map recovered topic -> planted topic by the top term's prefix
    const toPlanted = model.topics.map((t) => Number(t.terms[0]!.slice(1, t.terms[0]!.indexOf("w"))));
    let correct = 0;
    model.docTopics.forEach((row, d) => {
      const k = row.indexOf(Math.max(...row));
      if (toPlanted[k] === labels[d]) correct++;
    });
    expect(correct / corpus.length).toBeGreaterThan(0.95);
  });

  it("has docTopics rows and phi rows summing to 1", () => {
    for (const row of model.docTopics) expect(row.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 10);
    for (const row of model.phi) expect(row.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 10);
    expect(model.docTopics).toHaveLength(corpus.length);
    expect(model.topics[0]!.terms).toHaveLength(10);
    expect(model.topics[0]!.weights[0]!).toBeGreaterThanOrEqual(model.topics[0]!.weights[9]!);
  });

  it("has finite perplexity below the uniform model's (V) and near the planted entropy", () => {
    expect(Number.isFinite(model.perplexity)).toBe(true);
    expect(model.perplexity).toBeLessThan(model.vocabulary.length); // uniform = 40
    // planted per-document word distribution: 0.9 + 0.1/4 mass on 10 words, 0.1/4 on 30 -> perplexity ~ 13.4
    expect(model.perplexity).toBeLessThan(16);
    expect(model.tokens).toBe(200 * 30);
  });

  it("is deterministic for a seed and differs across seeds", () => {
    const again = fitLda(corpus, { k: 4, iterations: 200, seed: 3 });
    expect(again.topics).toEqual(model.topics);
    expect(again.docTopics).toEqual(model.docTopics);
    expect(again.perplexity).toBe(model.perplexity);
    const other = fitLda(corpus, { k: 4, iterations: 200, seed: 4 });
    expect(other.docTopics).not.toEqual(model.docTopics);
  });

  it("scores planted topics as more coherent than shuffled term lists", () => {
    const mixed = [["t0w0", "t1w0", "t2w0", "t3w0", "t0w1", "t1w1", "t2w1", "t3w1"]];
    const mixedCoherence = topicCoherence(mixed, corpus);
    expect(model.coherence.meanUmass).toBeGreaterThan(mixedCoherence.meanUmass);
    expect(model.coherence.meanNpmi).toBeGreaterThan(mixedCoherence.meanNpmi);
    expect(model.coherence.umass).toHaveLength(4);
  });

  it("uses alpha = 1/K and beta = 0.01 by default and validates options", () => {
    expect(model.alpha).toBeCloseTo(0.25, 12);
    expect(model.beta).toBe(0.01);
    expect(() => fitLda(corpus, { k: 0 })).toThrow(/k must be/);
    expect(() => fitLda([[], []], { k: 2 })).toThrow(/no tokens/);
    expect(() => fitLda(corpus, { k: 2, alpha: -1 })).toThrow(/alpha/);
  });
});

describe("topicCoherence", () => {
  it("matches hand-computed UMass and NPMI", () => {
    const docs = [["a", "b"], ["a"], ["c"], ["a", "b", "c"]];
    // pair (b, a): D(a) = 3, D(a, b) = 2 -> UMass log(3/3) = 0
    // NPMI: p(a) = 3/4, p(b) = 2/4, p(ab) = 2/4 -> log(0.5 / 0.375) / -log(0.5)
    const c = topicCoherence([["a", "b"]], docs);
    expect(c.umass[0]).toBeCloseTo(Math.log(3 / 3), 12);
    expect(c.npmi[0]).toBeCloseTo(Math.log(0.5 / 0.375) / -Math.log(0.5), 12);
    expect(topicCoherence([["b", "x"]], docs).npmi[0]).toBe(-1);
  });
});

describe("uniqueWordsPerTopic", () => {
  it("counts words appearing in exactly one topic's top list", () => {
    const u = uniqueWordsPerTopic([{ terms: ["a", "b", "c"] }, { terms: ["b", "d"] }, { terms: ["c", "e", "e"] }]);
    expect(u.uniqueTerms).toEqual([["a"], ["d"], ["e"]]);
    expect(u.uniqueCounts).toEqual([1, 1, 1]);
    expect(u.totalUnique).toBe(3);
    expect(u.distinctTerms).toBe(5);
  });
});

/** Recorded from fitLda as it drew one nextUint32 per token (before the sweep's draws were batched). */
const RECORDED_PERPLEXITY = 12.156064092313418;
const RECORDED_THETA0 = [0.9682539682539681, 0.015873015873015872, 0.015873015873015872];

describe("fitLda's batched draws", () => {
  it("reproduces the model of one nextUint32 call per token (values recorded before the batching)", () => {
    const rng = new Rng(5);
    const docs = Array.from({ length: 60 }, (_, d) => Array.from({ length: 20 + (d % 7) }, () => `w${rng.int(0, 12) + (d % 3) * 12}`));
    const model = fitLda(docs, { k: 3, seed: 4, iterations: 30 });
    expect(model.tokens).toBe(docs.reduce((a, d) => a + d.length, 0));
    expect(model.perplexity).toBe(RECORDED_PERPLEXITY);
    expect(model.docTopics[0]).toEqual(RECORDED_THETA0);
  });
});

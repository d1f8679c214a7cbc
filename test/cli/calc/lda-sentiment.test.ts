import { describe, expect, it } from "vitest";
import { calc as lda } from "../../../src/cli/calc/lda";
import { calc as sentiment } from "../../../src/cli/calc/sentiment";

describe("calc sentiment", () => {
  it("scores texts with VADER", () => {
    const out = sentiment.run({ texts: ["Not bad at all", "The book was good."] }) as { scores: unknown[] };
    expect(out.scores).toEqual([
      { compound: 0.431, pos: 0.487, neu: 0.513, neg: 0 },
      { compound: 0.4404, pos: 0.492, neu: 0.508, neg: 0 },
    ]);
    expect(sentiment.name).toBe("sentiment");
  });

  it("rejects bad input with a clear message", () => {
    expect(() => sentiment.run({ text: ["x"] })).toThrow(/calc sentiment: invalid input/);
    expect(() => sentiment.run({ texts: [1] })).toThrow(/texts\.0/);
  });
});

describe("calc lda", () => {
  const docs = ["cloud cost cloud budget cost", "budget cloud cost savings", "plant recycling plastics plant", "recycling plastics plant waste"];

  it("fits topics on text and token documents", () => {
    const out = lda.run({ docs, k: 2, iterations: 200, seed: 1 }) as {
      topics: Array<{ terms: string[]; weights: number[] }>;
      docTopics: number[][];
    };
    expect(out.topics).toHaveLength(2);
    expect(out.docTopics).toHaveLength(4);
    for (const row of out.docTopics) expect(row[0]! + row[1]!).toBeCloseTo(1, 10);
    // documents 0-1 and 2-3 share their dominant topic, and the two pairs differ
    const dom = out.docTopics.map((r) => (r[0]! > r[1]! ? 0 : 1));
    expect(dom[0]).toBe(dom[1]);
    expect(dom[2]).toBe(dom[3]);
    expect(dom[0]).not.toBe(dom[2]);
    const tokens = lda.run({ docs: docs.map((d) => d.split(" ")), k: 2, iterations: 200, seed: 1 });
    expect(tokens).toEqual(out);
  });

  it("rejects bad input", () => {
    expect(() => lda.run({ docs: [], k: 2 })).toThrow(/calc lda: invalid input at docs/);
    expect(() => lda.run({ docs: ["a b"], k: 0 })).toThrow(/at k/);
  });
});

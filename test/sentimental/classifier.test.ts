/**
 * sentiment=classifier: every argument is scored by the
 * user's text-classification server (here a loopback one) as 2p - 1, and
 * S_O is their mean.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunContext, Table } from "../../src/core/contract";
import { silentProgress } from "../../src/core/contract";
import { bundledDataDir } from "../../src/data/paths";
import { OfflineModel } from "../../src/llm/offline";
import { splitSentences } from "../../src/text/tokenize";
import { defaultSentimentalConfig, sentimentalExperiment } from "../../src/sentimental/index";
import { HashingEmbedder } from "../../src/text/embedding";
import { startFakeClassifier, toyProbability, type FakeClassifier } from "../helpers/fake-classifier";

let server: FakeClassifier;
beforeAll(async () => {
  server = await startFakeClassifier();
});
afterAll(async () => {
  await server.stop();
});

function ctx(): RunContext {
  return {
    model: new OfflineModel({ seed: 7 }),
    embedder: new HashingEmbedder(),
    seed: 7,
    dataDir: bundledDataDir(),
    progress: silentProgress,
    log: () => {},
    concurrency: 1,
  };
}

const table = (tables: Table[], name: string): Table => tables.find((t) => t.name === name)!;

describe("sentiment = classifier", () => {
  it("scores each argument with the server's positive probability as 2p - 1", async () => {
    const config = defaultSentimentalConfig({
      candidates: 1,
      maxRounds: 2,
      runs: 1,
      retrieval: "tfidf",
      sentiment: "classifier",
      classifierUrl: `${server.url}/predict`,
    });
    const result = await sentimentalExperiment.run(config, ctx());
    const log = result
      .artifacts!.find((a) => a.path === "conversation.jsonl")!
      .content.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { statement: string; arguments: string[]; argument_sentiments: number[]; sentiment: number });
    // one turn per advisor and round held (the conversation may converge after round 1 under the toy classifier)
    expect(log.length % 3).toBe(0);
    expect(log.length).toBeGreaterThanOrEqual(3);
    for (const turn of log) {
      expect(turn.arguments).toEqual(splitSentences(turn.statement).slice(0, 15));
      turn.arguments.forEach((a, i) => expect(turn.argument_sentiments[i]).toBeCloseTo(2 * toyProbability(a) - 1, 12));
      expect(turn.sentiment).toBeCloseTo(turn.argument_sentiments.reduce((x, y) => x + y, 0) / turn.arguments.length, 12);
    }
    expect(table(result.tables, "sentiment_by_round").rows[0]!["sentiment"]).toBeCloseTo(log[0]!.sentiment, 9);
    expect(server.requests.length).toBeGreaterThan(0);
  });

  it("needs the endpoint", async () => {
    await expect(sentimentalExperiment.run(defaultSentimentalConfig({ candidates: 1, maxRounds: 1, runs: 1, sentiment: "classifier" }), ctx())).rejects.toThrow(
      /sentiment=classifier needs the endpoint of your classifier server: --set classifierUrl=/,
    );
  });
});

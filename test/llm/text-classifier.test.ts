/**
 * The HTTP text classifier behind `sentiment=classifier`, against a loopback
 * server speaking the two supported formats (text-embeddings-inference
 * /predict and the Hugging Face Inference API): 2p - 1 with p the named
 * positive label's probability, batching, retries, clear errors, the token
 * only in the header.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpTextClassifier, LlmConfigError, LlmOutputError, LlmTransportError, labelLists, positiveProbability } from "../../src/llm/index";
import { startFakeClassifier, toyProbability, type FakeClassifier } from "../helpers/fake-classifier";

let server: FakeClassifier;
beforeAll(async () => {
  server = await startFakeClassifier({ labels: ["NEGATIVE", "POSITIVE"] });
});
afterAll(async () => {
  await server.stop();
});

const texts = ["A great engineer.", "A bad fit.", "Neutral words only.", "Good, good and great."];

describe("HttpTextClassifier", () => {
  it("tei: sends [[text], ...] batches to /predict and maps the positive label's probability to 2p - 1", async () => {
    server.requests.length = 0;
    const clf = new HttpTextClassifier({
      url: `${server.url}/predict`,
      format: "tei",
      positiveLabel: "positive",
      batchSize: 3,
      token: "hf_test_token_0123456789abcdef",
    });
    const scores = await clf.sentiments(texts);
    scores.forEach((s, i) => expect(s).toBeCloseTo(2 * toyProbability(texts[i]!) - 1, 12));
    expect(server.requests.map((r) => r.body)).toEqual([
      { inputs: [["A great engineer."], ["A bad fit."], ["Neutral words only."]], truncate: true },
      { inputs: [["Good, good and great."]], truncate: true },
    ]);
    expect(server.requests[0]!.headers["authorization"]).toBe("Bearer hf_test_token_0123456789abcdef");
  });

  it("hf: sends plain string lists and accepts the flat answer of a single text", async () => {
    server.requests.length = 0;
    const clf = new HttpTextClassifier({ url: `${server.url}/models/x`, format: "hf", positiveLabel: "POSITIVE", token: "" });
    expect((await clf.sentiments(["A great engineer."]))[0]).toBeCloseTo(2 * toyProbability("A great engineer.") - 1, 12);
    expect(await clf.sentiments(texts.slice(0, 2))).toHaveLength(2);
    expect(server.requests.map((r) => r.body)).toEqual([{ inputs: ["A great engineer."] }, { inputs: ["A great engineer.", "A bad fit."] }]);
    expect(server.requests[0]!.headers["authorization"]).toBeUndefined();
  });

  it("retries a 503 and gives up with a transport error after the retries", async () => {
    const clf = new HttpTextClassifier({ url: `${server.url}/predict`, format: "tei", positiveLabel: "POSITIVE", maxRetries: 2 });
    server.failNext(1, 503);
    expect(await clf.sentiments(["good"])).toHaveLength(1);
    server.failNext(3, 503);
    await expect(clf.sentiments(["good"])).rejects.toBeInstanceOf(LlmTransportError);
    server.failNext(1, 400);
    await expect(clf.sentiments(["good"])).rejects.toThrow(/failed on attempt 1 \(HTTP 400\)/);
  });

  it("says what is wrong with a bad answer or a bad configuration", async () => {
    const top = await startFakeClassifier({ topOnly: true });
    try {
      const clf = new HttpTextClassifier({ url: `${top.url}/predict`, format: "tei", positiveLabel: "positive" });
      // "A bad fit." has "negative" on top, so the positive label is missing from the answer.
      await expect(clf.sentiments(["A bad fit."])).rejects.toThrow(
        /response\[0\]: no label "positive" among negative \(the server returned only its top label/,
      );
      await expect(clf.sentiments(["A bad fit."])).rejects.toBeInstanceOf(LlmOutputError);
    } finally {
      await top.stop();
    }
    expect(() =>
      positiveProbability(
        [
          { label: "LABEL_0", score: 0.3 },
          { label: "LABEL_1", score: 0.7 },
        ],
        "positive",
        "response[2]",
      ),
    ).toThrow(/response\[2\]: no label "positive" among LABEL_0, LABEL_1; set classifierPositiveLabel/);
    expect(() => positiveProbability([{ label: "positive", score: 1.2 }], "positive", "response[0]")).toThrow(
      /response\[0\]\[0\]\.score: expected a probability/,
    );
    expect(() => labelLists([[], []], 3)).toThrow(/expected 3 label lists/);
    expect(() => new HttpTextClassifier({ url: "not a url", format: "tei", positiveLabel: "p" })).toThrow(LlmConfigError);
    expect(() => new HttpTextClassifier({ url: "http://x/predict", format: "grpc" as "tei", positiveLabel: "p" })).toThrow(/format must be one of tei, hf/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbedder, createModel } from "../../src/llm/factory";
import type { RunContext, Table } from "../../src/core/contract";
import { silentProgress } from "../../src/core/contract";
import { bundledDataDir } from "../../src/data/paths";
import { polarityScores } from "../../src/text/vader";
import { defaultSentimentalConfig, sentimentalExperiment } from "../../src/sentimental/index";
import { okJson, startFakeOpenAI, type ChatRequestBody, type FakeOpenAI } from "../helpers/fake-openai";

const STATEMENTS: Record<string, string> = {
  "Chief Financial Officer": "Wanjiru Kamau is an excellent engineering leader. Her budget record is weak.",
  "VP of Engineering": "Wanjiru Kamau built great field software. I worry about her cloud experience.",
  "Recycling Plant Manager": "Wanjiru Kamau knows recycling well. She has no plant floor experience.",
};

function kindOf(req: ChatRequestBody): "mms" | "statement" | "arguments" | "sentiment" {
  const system = req.messages.find((m) => m.role === "system")?.content ?? "";
  if (system.includes("Mental Model of Self of an advisor")) return "mms";
  if (system.includes("split a hiring-panel statement")) return "arguments";
  if (system.includes("sentiment classifier")) return "sentiment";
  return "statement";
}

/** Recorded-style answers, chosen from the request like a real model would. */
function answer(req: ChatRequestBody): unknown {
  const user = req.messages.find((m) => m.role === "user")?.content ?? "";
  switch (kindOf(req)) {
    case "mms": {
      const title = /Your job title: (.+)/.exec(user)![1]!.trim();
      return {
        description: `I am the ${title}; I judge candidates on what my function needs.`,
        priorities: ["cost control", "engineering leadership", "plant uptime"],
        evaluationCriteria: ["managed budgets", "led teams", "ran operations"],
      };
    }
    case "statement": {
      const system = req.messages[0]!.content;
      const title = Object.keys(STATEMENTS).find((t) => system.startsWith(`You are the ${t} of `))!;
      return { statement: STATEMENTS[title] };
    }
    case "arguments": {
      const statement = user.replace(/^Statement:\n/, "");
      return { arguments: statement.split(/(?<=\.) /) };
    }
    case "sentiment":
      return { scores: [0.8, -0.4] };
  }
}

let server: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI({ chat: (req) => okJson(answer(req)) });
});
afterAll(async () => {
  await server.stop();
});

function ctx(): RunContext {
  return {
    model: createModel({ llm: "openai", model: "fake-gpt", baseURL: server.baseURL, apiKey: "sk-test-not-a-key", seed: 7, maxRetries: 0 }),
    embedder: createEmbedder({ kind: "openai", baseURL: server.baseURL, apiKey: "sk-test-not-a-key", maxRetries: 0 }),
    seed: 7,
    dataDir: bundledDataDir(),
    progress: silentProgress,
    log: () => {},
    concurrency: 2,
  };
}

const table = (tables: Table[], name: string): Table => tables.find((t) => t.name === name)!;

describe("sentimental experiment through an OpenAI-compatible endpoint (loopback)", () => {
  it("runs 1 candidate x 1 round end to end with VADER scoring", async () => {
    server.reset();
    // The neutral prompt set with each peer's latest statement: the project's earlier wiring.
    const config = defaultSentimentalConfig({ candidates: 1, maxRounds: 1, runs: 1, prompts: "neutral", context: "latest" });
    const result = await sentimentalExperiment.run(config, ctx());
    const chats = server.chatRequests();
    expect(chats.map(kindOf)).toEqual(["mms", "mms", "mms", "statement", "arguments", "statement", "arguments", "statement", "arguments"]);
    // Paper temperatures: profile 1.0, dialogue 1.5, argumentation 0; the run seed is sent.
    expect(chats.map((c) => c.temperature)).toEqual([1, 1, 1, 1.5, 0, 1.5, 0, 1.5, 0]);
    expect(chats.every((c) => c.seed === 7 && c.model === "fake-gpt")).toBe(true);
    // Dynamic opinion formation: the second speaker hears the first.
    expect(chats[5]!.messages[1]!.content).toContain(STATEMENTS["Chief Financial Officer"]);
    expect(chats[3]!.messages[1]!.content).toContain("No other advisor has spoken yet");
    const rows = table(result.tables, "sentiment_by_round").rows;
    expect(rows.map((r) => r["agent"])).toEqual(["CFO", "VPE", "RPM"]);
    rows.forEach((row, i) => {
      const args = Object.values(STATEMENTS)[i]!.split(/(?<=\.) /);
      const expected = args.map((a) => polarityScores(a).compound).reduce((x, y) => x + y, 0) / args.length;
      expect(row["arguments"]).toBe(2);
      expect(row["sentiment"]).toBeCloseTo(expected, 12);
      expect(row["opinion"]).toBeCloseTo(0.5 * expected, 12);
    });
    expect(table(result.tables, "mental_models").rows[0]!["description"]).toBe(
      "I am the Chief Financial Officer; I judge candidates on what my function needs.",
    );
    expect(server.embeddingRequests().length).toBeGreaterThan(0);
    expect(result.figures).toHaveLength(4);
  });

  it("uses the LLM sentiment task when sentiment = llm", async () => {
    server.reset();
    const config = defaultSentimentalConfig({
      candidates: 1,
      maxRounds: 1,
      runs: 1,
      sentiment: "llm",
      retrieval: "tfidf",
      prompts: "neutral",
      context: "latest",
    });
    const result = await sentimentalExperiment.run(config, ctx());
    const kinds = server.chatRequests().map(kindOf);
    expect(kinds.filter((k) => k === "sentiment")).toHaveLength(3);
    for (const row of table(result.tables, "sentiment_by_round").rows) {
      expect(row["sentiment"]).toBeCloseTo(0.2, 12); // mean of the scripted [0.8, -0.4]
      expect(row["opinion"]).toBeCloseTo(0.1, 12);
    }
  });
});

/**
 * `--dry-run` against a recorded run: each experiment runs once through the
 * real OpenAI client and the loopback server (answers are the offline agents'
 * outputs), which records every request; the dry run must then give FinMem's
 * calls per task exactly and Sentimental's and the Blackboard's at or above
 * the recorded counts, with prompt tokens within TOKEN_TOLERANCE of the
 * recorded requests counted by the same tokenizer (below for FinMem, above
 * for the bounded experiments). Also: tokenizer choice and counts, the
 * output estimate, and that nothing is sent to a server during a dry run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { estimateOutputTokens, MockModel, tokenCounter, tokenizerFor } from "../../src/llm/index";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIModel } from "../../src/llm/openai-client";
import { blackboardDryRun } from "../../src/blackboard/dry-run";
import type { BlackboardConfig } from "../../src/blackboard/config";
import type { DryRunTaskStats } from "../../src/llm/index";
import { dryRunExperiment } from "../../src/run/dry-run";
import { runExperiment } from "../../src/run/runner";
import { startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { LoopbackModel } from "../helpers/loopback-model";

/** Dry-run prompt tokens may differ from the recorded requests' by at most this share. */
const TOKEN_TOLERANCE = 0.005;
const MODEL = "gpt-4o-mini";

const CASES = {
  finmem: ["trainStart=2024-07-01", "trainEnd=2024-09-30", "testStart=2024-10-01", "testEnd=2024-11-15"],
  sentimental: ["candidates=2", "runs=1", "maxRounds=3"],
  blackboard: ["maxTickers=2", "start=2025-06-02", "end=2025-06-20"],
} as const;

let server: FakeOpenAI;
beforeAll(async () => {
  server = await startFakeOpenAI();
});
afterAll(async () => {
  await server.stop();
});

/** Calls and prompt tokens per task of a run recorded through the loopback server. */
async function recorded(name: keyof typeof CASES): Promise<Map<string, { calls: number; promptTokens: number }>> {
  server.reset();
  const remote = new OpenAIModel({ model: MODEL, baseURL: server.baseURL, apiKey: "sk-test", maxRetries: 0 });
  // No handlers: every call passes on to the loopback model, and the mock records its task.
  const log = new MockModel({ unhandled: new LoopbackModel(new OfflineModel({ seed: 7 }), remote, server) });
  await runExperiment(name, { seed: 7, set: [...CASES[name]], modelInstance: log });
  const counter = await tokenCounter(MODEL);
  const bodies = server.chatRequests();
  expect(bodies).toHaveLength(log.calls.length);
  const out = new Map<string, { calls: number; promptTokens: number }>();
  log.calls.forEach(({ task }, i) => {
    const seen = out.get(task) ?? { calls: 0, promptTokens: 0 };
    seen.calls++;
    seen.promptTokens += counter.countMessages(bodies[i]!.messages as Array<{ role: "system" | "user" | "assistant"; content: string }>);
    out.set(task, seen);
  });
  return out;
}

describe("dry run vs a recorded run", () => {
  it("FinMem: calls per task exact, prompt tokens within the tolerance", async () => {
    const truth = await recorded("finmem");
    server.reset();
    const dry = await dryRunExperiment("finmem", { seed: 7, set: [...CASES.finmem], model: MODEL });
    expect(server.requests).toHaveLength(0);
    expect(dry.calls).toBe("exact");
    expect(Object.fromEntries(dry.tasks.map((t) => [t.task, t.calls]))).toEqual(Object.fromEntries([...truth].map(([k, v]) => [k, v.calls])));
    for (const t of dry.tasks) expect(Math.abs(t.promptTokens - truth.get(t.task)!.promptTokens)).toBeLessThanOrEqual(TOKEN_TOLERANCE * t.promptTokens);
  });

  for (const name of ["sentimental", "blackboard"] as const) {
    it(`${name}: calls and prompt tokens per task at or above the recorded run's`, async () => {
      const truth = await recorded(name);
      const dry = await dryRunExperiment(name, { seed: 7, set: [...CASES[name]], model: MODEL });
      expect(dry.calls).toBe("upper");
      expect(dry.assumptions.length).toBeGreaterThan(0);
      expect(new Set(dry.tasks.map((t) => t.task))).toEqual(new Set(truth.keys()));
      for (const t of dry.tasks) {
        const real = truth.get(t.task)!;
        expect(t.calls).toBeGreaterThanOrEqual(real.calls);
        expect(t.promptTokens).toBeGreaterThanOrEqual((1 - TOKEN_TOLERANCE) * real.promptTokens);
      }
    });
  }
});

describe("the Blackboard's debate bound", () => {
  const stat = (task: string, calls: number, promptTokens: number, outputTokens: number): DryRunTaskStats => ({
    task,
    calls,
    promptTokens,
    maxPromptTokens: Math.ceil((2 * promptTokens) / calls),
    outputTokens,
    worstOutputTokens: 4 * outputTokens,
    stablePrefixTokens: 0,
  });

  it("scales debates that ended early to their full length, and leaves full ones alone", () => {
    const observed = [
      stat("blackboard.research_manager", 10, 10_000, 1000),
      stat("blackboard.researcher", 25, 25_000, 2500), // 10 debates x 2 sides x 2 rounds would be 40
      stat("blackboard.risk_judge", 10, 10_000, 1000),
      stat("blackboard.risk_manager", 60, 60_000, 6000), // already 10 x 3 x 2
      stat("blackboard.trader", 10, 5_000, 800),
    ];
    const { stats, assumptions } = blackboardDryRun.bound!({ debateRounds: 2 } as BlackboardConfig, observed);
    const by = Object.fromEntries(stats.map((s) => [s.task, s]));
    expect(by["blackboard.researcher"]!.calls).toBe(40);
    // 15 extra calls at the longest prompt (2000) plus a round of 2 turns of 100 tokens.
    expect(by["blackboard.researcher"]!.promptTokens).toBe(25_000 + 15 * (2000 + 2 * 100));
    expect(by["blackboard.researcher"]!.outputTokens).toBe(2500 + 15 * 100);
    expect(by["blackboard.research_manager"]!.promptTokens).toBe(10_000 + 15 * 100); // reads the extra turns
    expect(by["blackboard.risk_manager"]).toEqual(observed[3]);
    expect(by["blackboard.trader"]).toEqual(observed[4]);
    expect(assumptions.join(" ")).toMatch(/10 debates x 2 speakers x 2 rounds = 40 calls \(observed 25/);
  });
});

describe("token counting", () => {
  it("picks the encoding by model family and labels proxies", () => {
    expect(tokenizerFor("gpt-4o-mini-2024-07-18")).toMatchObject({ encoding: "o200k_base", exact: true });
    expect(tokenizerFor("gpt-4.1-nano").encoding).toBe("o200k_base");
    expect(tokenizerFor("gpt-3.5-turbo")).toMatchObject({ encoding: "cl100k_base", exact: true });
    expect(tokenizerFor("gpt-4-turbo").encoding).toBe("cl100k_base");
    const proxy = tokenizerFor("llama3.1:8b");
    expect(proxy.exact).toBe(false);
    expect(proxy.label).toMatch(/approximate/);
  });

  it("counts with the real BPE ranks, chat framing included", async () => {
    const o200k = await tokenCounter("gpt-4o");
    const cl100k = await tokenCounter("gpt-4");
    expect(o200k.count("hello world")).toBe(2);
    expect(cl100k.count("hello world")).toBe(2);
    expect(o200k.count("antidisestablishmentarianism")).toBeGreaterThan(1);
    expect(o200k.countMessages([{ role: "user", content: "hello world" }])).toBe(3 + 1 + 2 + 3);
  });

  it("estimates output tokens from the schema skeleton and the answer", async () => {
    const counter = await tokenCounter("gpt-4o");
    const schema = z.object({ action: z.enum(["BUY", "HOLD", "SELL"]), confidence: z.number(), reasons: z.array(z.string()) });
    const short = estimateOutputTokens(schema, { action: "BUY", confidence: 0.7, reasons: ["cheap"] }, counter.count);
    const long = estimateOutputTokens(schema, { action: "BUY", confidence: 0.7, reasons: ["cheap", "growing", "well run"] }, counter.count);
    const skeleton = counter.count('{"action": "BUY", "confidence": 0.7, "reasons": []}');
    expect(short).toBeGreaterThanOrEqual(skeleton);
    expect(long).toBeGreaterThan(short); // array lengths follow the answer
  });
});

/**
 * `--dry-run` against a recorded run: each experiment runs once through the
 * real OpenAI client and the loopback server (answers are the offline agents'
 * outputs), which records every request; the dry run must then give FinMem's
 * calls per task exactly and Sentimental's and the Blackboard's at or above
 * the recorded counts, with prompt tokens within TOKEN_TOLERANCE of the
 * recorded requests counted by the same tokenizer (below for FinMem, above
 * for the bounded experiments), and send nothing to a server. (The bound,
 * the tokenizer and the output estimate on their own: dry-run.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MockModel, tokenCounter } from "../../src/llm/index";
import { OfflineModel } from "../../src/llm/offline";
import { OpenAIModel } from "../../src/llm/openai-client";
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

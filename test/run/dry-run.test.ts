/**
 * The dry run's parts on known inputs: the Blackboard's bound on debates that
 * ended early, the tokenizer choice and counts, and the output estimate. (The
 * dry run against a run recorded over the loopback server:
 * dry-run.e2e.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { estimateOutputTokens, tokenCounter, tokenizerFor } from "../../src/llm/index";
import { blackboardDryRun } from "../../src/blackboard/dry-run";
import type { BlackboardConfig } from "../../src/blackboard/config";
import type { DryRunTaskStats } from "../../src/llm/index";

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

/**
 * The call and token counts of a run (usage.ts): the fixed characters-to-
 * tokens ratio still matches js-tiktoken's o200k_base on the prompts the
 * agents send (schema instruction included), and every call is counted.
 */
import { describe, expect, it } from "vitest";
import { Blackboard } from "../../src/blackboard/log";
import { runTickerPipeline } from "../../src/blackboard/pipeline";
import { TOKENS_PER_CHAR, UsageMeter } from "../../src/blackboard/usage";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { createModel } from "../../src/llm/factory";
import { MockModel, schemaInstruction, tokenCounter } from "../../src/llm/index";
import { researchManagerTask } from "../../src/blackboard/researchers";

describe("usage", () => {
  it("TOKENS_PER_CHAR is o200k_base's ratio on a thread's prompts (within 5 %)", async () => {
    const recording = new MockModel({ id: "offline", isOffline: true, seed: 7, unhandled: "offline" });
    const data = DataFolder.open(bundledDataDir());
    await runTickerPipeline(data, "ALTA", "2025-01-02", { model: recording, seed: 7, board: Blackboard.inMemory(), debateRounds: 2 });
    const prompts = recording.calls.map((call) => call.messages.map((m) => m.content).join("\n"));
    expect(prompts.length).toBeGreaterThan(15);
    // js-tiktoken's o200k_base, loaded once per process (other files of the worker share it).
    const encoder = await tokenCounter("gpt-4o");
    expect(encoder.encoding).toBe("o200k_base");
    const tokens = prompts.reduce((n, p) => n + encoder.count(p), 0);
    const chars = prompts.reduce((n, p) => n + p.length, 0);
    expect(Math.abs(tokens / chars - TOKENS_PER_CHAR) / TOKENS_PER_CHAR).toBeLessThan(0.05);
  }, 60_000);

  it("counts every call of a thread per task, with the rendered prompt and its schema instruction", async () => {
    const offline = createModel({ llm: "offline", seed: 7 });
    const meter = new UsageMeter();
    const result = await runTickerPipeline(DataFolder.open(bundledDataDir()), "ALTA", "2025-03-03", {
      model: offline,
      seed: 7,
      board: Blackboard.inMemory(),
      debateRounds: 2,
      usage: meter,
    });
    const tasks = meter.tasks();
    expect(tasks.reduce((n, t) => n + t.calls, 0)).toBe(result.llmCalls.length);
    const manager = tasks.find((t) => t.task === "blackboard.research_manager")!;
    expect(manager.calls).toBe(1);
    expect(manager.promptChars).toBeGreaterThan(schemaInstruction(researchManagerTask.schema).length);
    expect(tasks.every((t) => t.promptTokens === 0 && t.completionTokens === 0)).toBe(true);
  }, 60_000);
});

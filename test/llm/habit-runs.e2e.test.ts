/**
 * Each experiment's small example against the habit server, through the real
 * OpenAI client, with onInvalid=skip: it finishes with at most 2 % of its
 * calls as gaps, and every answer it accepted passes its task's schema and
 * meaning checks.
 */
import { afterEach, describe, expect, it } from "vitest";
import { OpenAIModel } from "../../src/llm/openai-client";
import { checkOutput } from "../../src/llm/task";
import { HABITS, startHabitServer, type HabitServer } from "../../src/llm/testing/habit-server";
import type { CallOptions, Model, ModelResult, Task, UsageTotals } from "../../src/llm/types";
import { PROMPT_EXAMPLES, runExperiment } from "../../src/run/index";

const servers: HabitServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.stop();
});

/** Passes calls through and checks every accepted answer against its task again (schema, then validate). */
class CheckedModel implements Model {
  readonly id: string;
  readonly isOffline = false;
  readonly rejected: string[] = [];
  constructor(private readonly inner: Model) {
    this.id = inner.id;
  }
  resolveParams<I, O>(task: Task<I, O>, options?: CallOptions) {
    return this.inner.resolveParams!(task, options);
  }
  async run<I, O>(task: Task<I, O>, input: I, options?: CallOptions): Promise<ModelResult<O>> {
    const result = await this.inner.run(task, input, options);
    const check = checkOutput(task, input, result.output);
    if (check.ok === false) this.rejected.push(`${task.name}: ${check.error}`);
    return result;
  }
  usage(): UsageTotals {
    return this.inner.usage();
  }
}

async function habitRun(experiment: string, seed: number) {
  const habits = await startHabitServer({ seed });
  servers.push(habits);
  const model = new CheckedModel(
    new OpenAIModel({ model: "habit-model", apiKey: "sk-habit-local", baseURL: habits.baseURL, seed, retryBaseDelayMs: 5, retryMaxDelayMs: 20 }),
  );
  const run = await runExperiment(experiment, { llm: "openai", seed, set: [...(PROMPT_EXAMPLES[experiment] ?? []), "onInvalid=skip"], modelInstance: model });
  const gaps = run.result.gaps?.total ?? (run.result.summary["gaps"] as number);
  return { run, habits, model, gaps, calls: model.usage().calls };
}

describe("small runs against the habit server (onInvalid=skip)", () => {
  it("Sentimental Agents finishes, at most 2 % of its calls gaps, every accepted answer valid", async () => {
    const { habits, model, gaps, calls } = await habitRun("sentimental", 7);
    expect(calls).toBeGreaterThan(30);
    expect(gaps / calls).toBeLessThanOrEqual(0.02);
    expect(model.rejected).toEqual([]);
    expect(model.usage().repairs).toBeGreaterThan(0);
    const stats = habits.stats();
    // Sentimental's schemas hold no enum, no number and no boolean: every other habit came up.
    const untyped: readonly string[] = ["enum-case", "number-as-string", "boolean-as-string"];
    for (const habit of HABITS.filter((h) => !untyped.includes(h))) expect(stats.firstByHabit[habit], habit).toBeGreaterThan(0);
  }, 120_000);

  // Reflections are shown each layer's ids as an enum (schemaFor), so a model that knows only the schema cites ids it was shown.
  it("FinMem finishes with at most 2 % of its calls gaps, every accepted answer valid", async () => {
    const { model, gaps, calls } = await habitRun("finmem", 7);
    expect(calls).toBeGreaterThan(50);
    expect(gaps / calls).toBeLessThanOrEqual(0.02);
    expect(model.rejected).toEqual([]);
  }, 300_000);

  // Evidence ids of the brief and offered actions as enums, a stance per signal range and a view per score range (anyOf),
  // the trader's three chains as a tuple with the facts' indicators: what the meaning checks say, said in the schema.
  it("the Blackboard finishes with at most 2 % of its calls gaps, every accepted answer valid", async () => {
    const { model, gaps, calls } = await habitRun("blackboard", 7);
    expect(calls).toBeGreaterThan(100);
    expect(gaps / calls).toBeLessThanOrEqual(0.02);
    expect(model.rejected).toEqual([]);
  }, 300_000);
});

/**
 * The schemas a model is shown for one input (a task's `schemaFor`: shown
 * ids and offered options as enums, a stance per signal range, a view per
 * score range, the trader's three chains): on the three small examples,
 * every offline answer passes the schema it would have been shown, and every
 * answer the shown schema accepts also passes the task's own schema and
 * meaning check (the shown schema never lets through what the check rejects;
 * where it says the check's rule, it accepts exactly what the check accepts).
 */
import { describe, expect, it } from "vitest";
import { bundledDataDir } from "../../src/data/paths";
import { checkOutput, OfflineModel, shownSchema, taskJsonSchema } from "../../src/llm/index";
import type { CallOptions, Model, ModelResult, Task, UsageTotals } from "../../src/llm/types";
import { PROMPT_EXAMPLES, runExperiment } from "../../src/run/index";

interface Call {
  task: Task<unknown, unknown>;
  input: unknown;
  output: unknown;
}

/** The offline agents, every call kept (task object, input, answer). */
class KeepingModel implements Model {
  readonly id = "offline";
  readonly isOffline = true;
  readonly calls: Call[] = [];
  private readonly inner = new OfflineModel({ seed: 7 });
  async run<I, O>(task: Task<I, O>, input: I, options?: CallOptions): Promise<ModelResult<O>> {
    const result = await this.inner.run(task, input, options);
    this.calls.push({ task: task as Task<unknown, unknown>, input, output: structuredClone(result.output) });
    return result;
  }
  usage(): UsageTotals {
    return this.inner.usage();
  }
}

async function callsOf(experiment: string): Promise<Call[]> {
  const model = new KeepingModel();
  await runExperiment(experiment, { seed: 7, dataDir: bundledDataDir(), set: [...(PROMPT_EXAMPLES[experiment] ?? [])], modelInstance: model });
  return model.calls;
}

const shownAccepts = (call: Call, candidate: unknown) => shownSchema(call.task, call.input).safeParse(candidate).success;
const checkAccepts = (call: Call, candidate: unknown) => checkOutput(call.task, call.input, candidate).ok;
const first = (calls: Call[], task: string, where: (c: Call) => boolean = () => true) => calls.find((c) => c.task.name === task && where(c));
type Answer = Record<string, unknown>;

describe("shown schemas (schemaFor)", async () => {
  const calls = { finmem: await callsOf("finmem"), blackboard: await callsOf("blackboard"), sentimental: await callsOf("sentimental") };
  const all = [...calls.finmem, ...calls.blackboard, ...calls.sentimental];

  it("every offline answer passes the schema its input shows, on all three small examples", () => {
    const narrowed = all.filter((c) => c.task.schemaFor);
    expect(new Set(narrowed.map((c) => c.task.name))).toEqual(
      new Set([
        "finmem.reflect.train",
        "finmem.reflect.test",
        "blackboard.analyst.market",
        "blackboard.analyst.news",
        "blackboard.analyst.social",
        "blackboard.analyst.fundamentals",
        "blackboard.analyst.macro",
        "blackboard.researcher",
        "blackboard.research_manager",
        "blackboard.trader",
        "blackboard.risk_manager",
        "blackboard.risk_judge",
      ]),
    );
    for (const c of narrowed) expect(shownAccepts(c, c.output), `${c.task.name}: ${JSON.stringify(c.output).slice(0, 200)}`).toBe(true);
  });

  it("FinMem: each layer's cited ids are an enum of the ids shown (an empty list when none); an unshown id is refused by both", () => {
    const call = first(calls.finmem, "finmem.reflect.test", (c) => (c.input as { memories: { shallow: unknown[] } }).memories.shallow.length > 0)!;
    const memories = (call.input as { memories: Record<string, Array<{ id: number }>> }).memories;
    const json = taskJsonSchema(shownSchema(call.task, call.input)) as { properties: Record<string, { items?: { enum?: number[] }; maxItems?: number }> };
    expect(json.properties["short_memory_index"]!.items!.enum).toEqual([...new Set(memories["shallow"]!.map((e) => e.id))]);
    const emptyLayer = (["intermediate", "deep", "reflection"] as const).find((l) => memories[l]!.length === 0);
    if (emptyLayer)
      expect(
        json.properties[{ intermediate: "middle_memory_index", deep: "long_memory_index", reflection: "reflection_memory_index" }[emptyLayer]]!.maxItems,
      ).toBe(0);
    const unshown = Math.max(...memories["shallow"]!.map((e) => e.id)) + 1000;
    const bad = { ...(call.output as Answer), short_memory_index: [unshown] };
    expect([shownAccepts(call, bad), checkAccepts(call, bad)]).toEqual([false, false]);
    const good = { ...(call.output as Answer), short_memory_index: [memories["shallow"]![0]!.id] };
    expect([shownAccepts(call, good), checkAccepts(call, good)]).toEqual([true, true]);
    // invalidCitations = "drop": the loop drops unshown ids, so the general schema is shown.
    expect(shownSchema(call.task, { ...(call.input as object), invalidCitations: "drop" })).toBe(call.task.schema);
  });

  it("analysts: the shown schema accepts a stance with a signal exactly when the stance check does", () => {
    const call = first(calls.blackboard, "blackboard.analyst.market")!;
    for (const stance of ["bullish", "neutral", "bearish"])
      for (const signal of [-1, -0.6, -0.5, -0.2, 0, 0.2, 0.5, 0.6, 1]) {
        const candidate = { ...(call.output as Answer), stance, signal };
        expect(shownAccepts(call, candidate), `${stance} ${signal}`).toBe(checkAccepts(call, candidate));
      }
    // The evidence list is bounded in what is shown (a small model cannot append items until the token limit); the check is not.
    const item = (call.output as { evidence: Answer[] }).evidence[0]!;
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ ...item, id: `e${i}` }));
    expect([
      shownAccepts(call, { ...(call.output as Answer), evidence: items(6) }),
      checkAccepts(call, { ...(call.output as Answer), evidence: items(6) }),
    ]).toEqual([true, true]);
    expect([
      shownAccepts(call, { ...(call.output as Answer), evidence: items(7) }),
      checkAccepts(call, { ...(call.output as Answer), evidence: items(7) }),
    ]).toEqual([false, true]);
  });

  it("research manager: view with score as the view check says; supporting ids only from the brief", () => {
    const call = first(calls.blackboard, "blackboard.research_manager")!;
    for (const view of ["BUY", "HOLD", "SELL"])
      for (const score of [-1, -0.6, -0.1, 0, 0.1, 0.5, 0.6, 1]) {
        const candidate = { ...(call.output as Answer), view, score };
        expect(shownAccepts(call, candidate), `${view} ${score}`).toBe(checkAccepts(call, candidate));
      }
    const bad = { ...(call.output as Answer), supporting_evidence: ["market.not_in_the_brief"] };
    expect([shownAccepts(call, bad), checkAccepts(call, bad)]).toEqual([false, false]);
  });

  it("researchers and risk managers cite only the brief's ids; the judge chooses only an offered action", () => {
    for (const name of ["blackboard.researcher", "blackboard.risk_manager"]) {
      const call = first(calls.blackboard, name)!;
      const bad = { ...(call.output as Answer), cited_evidence: ["news.never_shown"] };
      expect([shownAccepts(call, bad), checkAccepts(call, bad)], name).toEqual([false, false]);
      const ids = (call.input as { brief: { evidence: Array<{ id: string }> } }).brief.evidence.map((e) => e.id);
      if (ids.length > 0) expect(shownAccepts(call, { ...(call.output as Answer), cited_evidence: [ids[0]] }), name).toBe(true);
    }
    const judge = first(calls.blackboard, "blackboard.risk_judge")!;
    const offered = new Set((judge.input as { positions: Array<{ action: string }> }).positions.map((p) => p.action));
    for (const action of ["BUY", "HOLD", "SELL"]) {
      const candidate = { ...(judge.output as Answer), final_action: action };
      expect(shownAccepts(judge, candidate), action).toBe(offered.has(action));
      expect(checkAccepts(judge, candidate), action).toBe(offered.has(action));
    }
  });

  it("trader: exactly the three chains, steps naming an indicator with a value, each value in its range", () => {
    const call = first(calls.blackboard, "blackboard.trader", (c) => (c.input as { facts: unknown }).facts !== null)!;
    const out = call.output as { chains: Array<Answer & { chain: string; steps: Answer[] }> };
    const chain = (kind: string) => out.chains.find((c) => c.chain === kind)!;
    const ordered = { ...out, chains: [chain("volatility"), chain("directional"), chain("hedging")] };
    expect(shownAccepts(call, ordered)).toBe(true);
    const cases: Array<[string, unknown]> = [
      ["two chains", { ...ordered, chains: ordered.chains.slice(0, 2) }],
      [
        "an unknown indicator",
        {
          ...ordered,
          chains: [{ ...chain("volatility"), steps: [{ statement: "x", indicator: "no_such_indicator" }] }, chain("directional"), chain("hedging")],
        },
      ],
      ["a tilt out of range", { ...ordered, chains: [chain("volatility"), { ...chain("directional"), value: 1.5 }, chain("hedging")] }],
      ["a hedge ratio above 1", { ...ordered, chains: [chain("volatility"), chain("directional"), { ...chain("hedging"), value: 1.2 }] }],
    ];
    for (const [what, candidate] of cases) expect([shownAccepts(call, candidate), checkAccepts(call, candidate)], what).toEqual([false, false]);
  });

  it("tasks without schemaFor are shown their own schema", () => {
    const summary = first(calls.finmem, "finmem.summarize")!;
    expect(shownSchema(summary.task, summary.input)).toBe(summary.task.schema);
  });
});

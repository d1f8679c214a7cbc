/**
 * What FinMem asks a model, and what its reflections read:
 * - only judgement: answers that fill every field of every task's JSON
 *   Schema without looking at the input (test/helpers/stray-answers.ts; only
 *   the cited ids are picked among those shown) are all accepted on the
 *   first request, so no task asks a model to copy a value back;
 * - the meaning check of the reflections: a cited id must be one shown in
 *   that layer (the repair round says which);
 * - the numbers the reflection prompts carry (the training move, the
 *   momentum, the extended reflection's moves) are computed from the price
 *   file, never taken from an answer.
 */
import { describe, expect, it } from "vitest";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { LAYERS, LAYER_FIELD } from "../../src/finmem/constants";
import type { ExtendedReflectionInput, ShownMemories, TestReflectionInput, TrainReflectionInput } from "../../src/finmem/reflection-io";
import { percentChange, testReflectionTask, trainReflectionTask } from "../../src/finmem/tasks";
import { runExperiment } from "../../src/run/index";
import { StrayModel } from "../helpers/stray-answers";

const WINDOWS = ["trainStart=2023-09-01", "trainEnd=2023-09-29", "testStart=2023-10-02", "testEnd=2023-10-31"];

/** Cite the first id shown in each layer (none when a layer shows none). */
const citeShown = (answer: Record<string, unknown>, input: { memories: ShownMemories }) => {
  const out = { ...answer };
  for (const l of LAYERS) out[LAYER_FIELD[l]] = input.memories[l].slice(0, 1).map((e) => e.id);
  return out;
};

describe("FinMem answers and the numbers its reflections read", async () => {
  const model = new StrayModel({ "finmem.reflect.train": citeShown, "finmem.reflect.test": citeShown });
  const run = await runExperiment("finmem", { seed: 7, dataDir: bundledDataDir(), modelInstance: model, set: WINDOWS });
  const closes = new Map<string, number>();
  const series = DataFolder.open(bundledDataDir()).prices(run.config.ticker as string);
  series.dates.forEach((d, i) => closes.set(d, series.adjClose[i]!));
  const dates = [...closes.keys()];
  const close = (date: string, back = 0) => closes.get(dates[dates.indexOf(date) - back]!)!;

  it("every task is asked and every stray answer counts on the first request", () => {
    expect([...new Set(model.calls.map((c) => c.task))].sort()).toEqual([
      "finmem.reflect.extended",
      "finmem.reflect.test",
      "finmem.reflect.train",
      "finmem.summarize",
    ]);
    expect(model.calls.filter((c) => c.rounds.join() !== "answer")).toEqual([]);
    expect(run.result.gaps!.total).toBe(0);
  });

  it("a reflection citing an id not shown in its layer is sent to the repair round, saying which", () => {
    const call = model.calls.find((c) => c.task === "finmem.reflect.test" && (c.input as TestReflectionInput).memories.shallow.length > 0)!;
    const input = call.input as TestReflectionInput;
    const bad = { ...(call.answer as Record<string, unknown>), short_memory_index: [9999] } as never;
    expect(testReflectionTask.validate!(bad, input)).toMatch(/short_memory_index cites id 9999, which was not shown in the shallow layer/);
    const train = model.calls.find((c) => c.task === "finmem.reflect.train")!;
    const badTrain = { ...(train.answer as Record<string, unknown>), reflection_memory_index: [9999] } as never;
    expect(trainReflectionTask.validate!(badTrain, train.input as TrainReflectionInput)).toMatch(/reflection_memory_index cites id 9999/);
  });

  it("the training move, the momentum and the extended reflection's moves are the price file's", () => {
    for (const c of model.calls.filter((x) => x.task === "finmem.reflect.train")) {
      const { date, move } = c.input as TrainReflectionInput;
      const next = dates[dates.indexOf(date) + 1]!;
      expect([move.close, move.nextClose]).toEqual([close(date), closes.get(next)]);
      expect(trainReflectionTask.render(c.input as TrainReflectionInput)[1]!.content).toContain(
        `(${percentChange(Math.log(closes.get(next)! / close(date)))}%; prices adjusted as of ${dates.at(-1)})`,
      );
    }
    for (const c of model.calls.filter((x) => x.task === "finmem.reflect.test")) {
      const { date, momentum } = c.input as TestReflectionInput;
      expect(momentum.cumulativeLogChange).toBe(Math.log(close(date) / close(date, momentum.window)));
    }
    const extended = model.calls.filter((x) => x.task === "finmem.reflect.extended");
    expect(extended.length).toBeGreaterThan(0);
    for (const c of extended) {
      const input = c.input as ExtendedReflectionInput;
      input.records.forEach((r, k) => {
        const next = input.records[k + 1];
        expect(r.nextDayLogChange).toBe(next ? Math.log(close(next.date) / close(r.date)) : null);
      });
    }
  });
});

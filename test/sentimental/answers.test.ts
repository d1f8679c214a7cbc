/**
 * Sentimental Agents asks a model only for judgement: answers that fill
 * every field of every task's JSON Schema without looking at the input
 * (test/helpers/stray-answers.ts; only the number of sentiment scores follows
 * the arguments, the one meaning check) are all accepted on the first
 * request, under both prompt sets, and the manifest counts 0 gaps per turn
 * task. The meaning check itself: one score per argument, else the repair
 * round says how many.
 */
import { describe, expect, it } from "vitest";
import { bundledDataDir } from "../../src/data/paths";
import { runExperiment } from "../../src/run/index";
import { TURN_TASKS } from "../../src/sentimental/conversation";
import { sentimentTask } from "../../src/sentimental/tasks";
import { StrayModel } from "../helpers/stray-answers";

const oneScorePerArgument = (answer: { scores: number[] }, input: { arguments: string[] }) => ({ scores: input.arguments.map(() => answer.scores[0]!) });

describe("Sentimental answers", () => {
  for (const prompts of ["authors", "neutral"]) {
    it(`${prompts}: every task is asked and every stray answer counts on the first request`, async () => {
      const model = new StrayModel({ "sentimental.sentiment": oneScorePerArgument });
      const run = await runExperiment("sentimental", {
        seed: 7,
        dataDir: bundledDataDir(),
        modelInstance: model,
        set: [`prompts=${prompts}`, "candidates=1", "maxRounds=2", "runs=1", "sentiment=llm"],
      });
      const tasks = new Set(model.calls.map((c) => c.task));
      for (const t of TURN_TASKS) expect(tasks.has(t), t).toBe(true);
      expect(tasks.has(prompts === "authors" ? "sentimental.mms-description" : "sentimental.mental-model")).toBe(true);
      expect(model.calls.filter((c) => c.rounds.join() !== "answer")).toEqual([]);
      const mms =
        prompts === "authors" ? ["sentimental.mms-description", "sentimental.mms-priorities", "sentimental.mms-criteria"] : ["sentimental.mental-model"];
      expect(run.result.gaps).toEqual({ total: 0, byTask: Object.fromEntries([...mms, ...TURN_TASKS].map((t) => [t, 0])) });
    });
  }

  it("a sentiment answer needs one score per argument", () => {
    const input = { arguments: ["Strong engineer.", "Weak on budgets."] };
    expect(sentimentTask.validate!({ scores: [0.5] }, input)).toBe("expected 2 scores (one per argument), got 1");
    expect(sentimentTask.validate!({ scores: [0.5, -0.5] }, input)).toBeNull();
  });
});

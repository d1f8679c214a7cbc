/**
 * FinMem's answers that stay invalid after the repair round (gaps.ts): an
 * invalid test reflection holds with no exposure, a training one keeps the
 * label's action, an extended one stores no lesson — each a gap under either
 * onInvalid; a summary stops the run under onInvalid=fail (saying how to
 * resume) and stores no memory under skip. Every gap is in gaps.json, every
 * table's note and the manifest's count per task (always present, 0 included).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundledDataDir } from "../../src/data/paths";
import { FINMEM_TASK_NAMES, InvalidAnswerError } from "../../src/finmem/gaps";
import { LlmOutputError, OfflineModel, type CallOptions, type Model, type ModelResult, type Task, type UsageTotals } from "../../src/llm/index";
import { runExperiment, writeRunFolder } from "../../src/run/index";

const WINDOWS = ["trainStart=2023-09-01", "trainEnd=2023-09-29", "testStart=2023-10-02", "testEnd=2023-10-31"];
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** The offline agents, except that the n-th call (0-based) of each named task fails as a model whose repair failed. */
class FailingCalls implements Model {
  readonly id = "failing";
  readonly isOffline = false;
  readonly #inner = new OfflineModel({ seed: 7 });
  readonly #seen = new Map<string, number>();
  constructor(private readonly failing: Readonly<Record<string, readonly number[]>>) {}

  async run<I, O>(task: Task<I, O>, input: I, options?: CallOptions): Promise<ModelResult<O>> {
    const n = this.#seen.get(task.name) ?? 0;
    this.#seen.set(task.name, n + 1);
    if (this.failing[task.name]?.includes(n))
      throw new LlmOutputError(`task "${task.name}": invalid output after one repair round`, task.name, "{}", `bad answer ${n}`);
    return this.#inner.run(task, input, options);
  }

  usage(): UsageTotals {
    return this.#inner.usage();
  }
}

const FAILING = { "finmem.summarize": [0], "finmem.reflect.train": [2], "finmem.reflect.test": [1, 3], "finmem.reflect.extended": [0] };

describe("FinMem gaps", () => {
  it("onInvalid=fail (the default) stops on an invalid summary, naming the input and how to resume", async () => {
    const run = runExperiment("finmem", { seed: 7, dataDir: bundledDataDir(), modelInstance: new FailingCalls(FAILING), set: WINDOWS });
    await expect(run).rejects.toThrow(InvalidAnswerError);
    await expect(run).rejects.toThrow(
      /finmem: the summary of the .* dated \d{4}-\d\d-\d\d \(day 2023-09-05\): .*rerun the same command .* --set onInvalid=skip/,
    );
  });

  it("skip: every invalid answer is a gap — holds, the label, no lesson, no memory — in gaps.json, the notes and the manifest", async () => {
    const offline = await runExperiment("finmem", { seed: 7, dataDir: bundledDataDir(), set: [...WINDOWS, "onInvalid=skip"] });
    const run = await runExperiment("finmem", {
      seed: 7,
      dataDir: bundledDataDir(),
      modelInstance: new FailingCalls(FAILING),
      set: [...WINDOWS, "onInvalid=skip"],
    });
    const gaps = JSON.parse(run.result.artifacts!.find((a) => a.path === "gaps.json")!.content) as Array<{
      date: string;
      task: string;
      outcome: string;
      error: string;
    }>;
    expect(gaps.map((g) => g.task).sort()).toEqual(
      ["finmem.reflect.extended", "finmem.reflect.test", "finmem.reflect.test", "finmem.reflect.train", "finmem.summarize"].sort(),
    );
    expect(run.result.gaps).toEqual({
      total: 5,
      byTask: { "finmem.summarize": 1, "finmem.reflect.train": 1, "finmem.reflect.test": 2, "finmem.reflect.extended": 1 },
    });
    expect(gaps.find((g) => g.task === "finmem.summarize")!.outcome).toMatch(/^no memory stored for the .* dated /);
    expect(gaps.find((g) => g.task === "finmem.reflect.extended")!.outcome).toBe("no lesson stored");
    expect(run.result.summary.eventsStored).toBe(Number(offline.result.summary.eventsStored) - 1);

    const decisions = run.result.tables.find((t) => t.name === "finmem_decisions")!.rows;
    const testGaps = gaps.filter((g) => g.task === "finmem.reflect.test");
    for (const g of testGaps) {
      expect(g.outcome).toBe("hold with no exposure");
      expect(decisions.find((r) => r.date === g.date)).toMatchObject({ decision: "hold", direction: 0, valid: false });
    }
    const trainGap = gaps.find((g) => g.task === "finmem.reflect.train")!;
    const offlineDecision = offline.result.tables.find((t) => t.name === "finmem_decisions")!.rows.find((r) => r.date === trainGap.date)!;
    expect(decisions.find((r) => r.date === trainGap.date)).toMatchObject({ decision: offlineDecision.decision, valid: false, cited_shallow: "" });
    for (const t of run.result.tables) expect(t.note).toMatch(/Gaps: 5 answer\(s\) stayed invalid after repair/);

    const dir = mkdtempSync(path.join(tmpdir(), "finmem-gaps-"));
    dirs.push(dir);
    writeRunFolder(run, dir);
    const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { gaps: unknown };
    expect(manifest.gaps).toEqual(run.result.gaps);
  });

  it("a run without gaps counts 0 for every task and writes no gaps.json", async () => {
    const run = await runExperiment("finmem", { seed: 7, dataDir: bundledDataDir(), set: WINDOWS });
    expect(run.result.gaps).toEqual({ total: 0, byTask: Object.fromEntries(FINMEM_TASK_NAMES.map((t) => [t, 0])) });
    expect(run.result.artifacts!.map((a) => a.path)).not.toContain("gaps.json");
    expect(run.result.tables.every((t) => !(t.note ?? "").includes("Gaps:"))).toBe(true);
  });
});

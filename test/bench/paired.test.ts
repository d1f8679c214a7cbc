/**
 * The bench's paired timing (bench/paired.ts): the interleaving order, the
 * seeded bootstrap interval of the geometric-mean ratio, goals judged on the
 * interval's upper end, one re-measurement of a missed goal, and the Python
 * worker protocol (bench/reference/_worker.py). No timed assertions: the
 * sides are fakes that report fixed times.
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PYTHON } from "../../bench/lib";
import { bootstrapRatioInterval, goalMet, measureWithGoal, pairedTiming, PythonWorker, type PairedTiming } from "../../bench/paired";
import { BENCH_DIR } from "../../bench/paths";

describe("bootstrapRatioInterval", () => {
  it("is a point for identical ratios and is seeded", () => {
    const [lo, hi] = bootstrapRatioInterval(Array(9).fill(Math.log(0.8)), "a");
    expect(lo).toBeCloseTo(0.8, 12);
    expect(hi).toBeCloseTo(0.8, 12);
    const logs = [0.1, -0.2, 0.05, 0.3, -0.1, 0.0, 0.2, -0.05, 0.15];
    expect(bootstrapRatioInterval(logs, "x")).toEqual(bootstrapRatioInterval(logs, "x"));
    expect(bootstrapRatioInterval(logs, "x")).not.toEqual(bootstrapRatioInterval(logs, "y"));
  });

  it("contains the geometric mean and lies within the extreme pair ratios", () => {
    const logs = [0.1, -0.2, 0.05, 0.3, -0.1, 0.0, 0.2, -0.05, 0.15];
    const mean = Math.exp(logs.reduce((a, b) => a + b, 0) / logs.length);
    const [lo, hi] = bootstrapRatioInterval(logs, "x");
    expect(lo).toBeLessThan(mean);
    expect(hi).toBeGreaterThan(mean);
    expect(lo).toBeGreaterThan(Math.exp(-0.2));
    expect(hi).toBeLessThan(Math.exp(0.3));
  });
});

describe("pairedTiming", () => {
  it("alternates the sides, pair by pair, after the warm-up", async () => {
    const order: string[] = [];
    let refTimes = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    const t = await pairedTiming({
      id: "t",
      ours: () => order.push("ours"),
      reference: { run: async () => (order.push("ref"), refTimes.shift()!) },
      pairs: 9,
      warmup: 1,
    });
    expect(order).toEqual(Array.from({ length: 10 }, () => ["ours", "ref"]).flat());
    expect(t.pairs.map((p) => p.reference)).toEqual([20, 30, 40, 50, 60, 70, 80, 90, 100]); // the warm-up pair is dropped
    refTimes = [];
  });

  it("judges a goal on the interval's upper end and re-measures a miss once", async () => {
    const fake = (ratio: number, spread: number): PairedTiming => ({
      ours: { medianMs: ratio, iqrMs: 0, minMs: ratio, maxMs: ratio, runs: 9 },
      reference: { medianMs: 1, iqrMs: 0, minMs: 1, maxMs: 1, runs: 9 },
      ratio,
      interval: [ratio - spread, ratio + spread],
      pairs: [],
    });
    const goal = { maxRatio: 1, text: "<= 1.0x" };
    expect(goalMet(fake(0.9, 0.05), goal)).toBe(true);
    expect(goalMet(fake(0.9, 0.15), goal)).toBe(false); // point below, upper end above: not met
    const attempts = [fake(0.95, 0.1), fake(0.8, 0.05)];
    const m = await measureWithGoal(goal, async () => attempts.shift()!);
    expect(m.first?.ratio).toBe(0.95);
    expect(m.final.ratio).toBe(0.8);
    const once = await measureWithGoal(goal, async () => fake(0.5, 0.1));
    expect(once.first).toBeUndefined();
  });
});

describe.runIf(existsSync(PYTHON))("PythonWorker", () => {
  it("speaks the run / finish protocol of bench/reference/_worker.py", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "consilium-worker-"));
    const script = path.join(dir, "ref.py");
    writeFileSync(
      script,
      `import sys\nsys.path.insert(0, ${JSON.stringify(path.join(BENCH_DIR, "reference"))})\nfrom _worker import serve\ncount = [0]\ndef run():\n    count[0] += 1\n    return count[0]\nserve(run, lambda last: {"last": last, "arg": sys.argv[1]})\n`,
    );
    const worker = PythonWorker.start(script, ["hello"]);
    const t = await pairedTiming({ id: "w", ours: () => undefined, reference: worker, pairs: 3, warmup: 1 });
    expect(t.pairs).toHaveLength(3);
    expect(t.pairs.every((p) => p.reference >= 0)).toBe(true);
    expect(await worker.finish<{ last: number; arg: string }>()).toEqual({ last: 4, arg: "hello" });
  });

  it("reports a crashing reference with its stderr", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "consilium-worker-"));
    const script = path.join(dir, "bad.py");
    writeFileSync(script, `raise SystemExit("no data file")\n`);
    const worker = PythonWorker.start(script, []);
    await expect(worker.run()).rejects.toThrow(/no data file/);
  });
});

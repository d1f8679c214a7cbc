/**
 * A sweep split over three processes (`consilium sweep ... --shard i/3`, as
 * three array tasks of a scheduler would run it) and merged
 * (`consilium sweep merge`) writes the table a one-machine sweep writes, byte
 * for byte; the merged folder is a whole sweep (a rerun resumes every cell),
 * its cache holds every answer of the one-machine run, and a missing shard,
 * an edited cell or a shard of another sweep is named.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main";
import { mergeSweeps, runSweep } from "../../src/run/index";

const run = promisify(execFile);
const root = path.resolve(__dirname, "../..");
const dir = mkdtempSync(path.join(os.tmpdir(), "consilium-shard-"));
const GRID = ["--grid", "alpha=0.3,0.5,0.7", "--grid", "maxRounds=1,2"];
const SET = ["--set", "candidates=2", "--set", "runs=1"];
const TABLES = ["sweep_sentimental.csv", "sweep_sentimental.md", "sweep_sentimental.json"];
const at = (name: string) => path.join(dir, name);

function sweep(out: string, extra: string[] = []): Promise<{ stdout: string }> {
  return run(process.execPath, [path.join(root, "bin/consilium.mjs"), "sweep", "sentimental", ...GRID, ...SET, "--seed", "3", "--out", out, ...extra], {
    cwd: root,
    env: { ...process.env, OPENAI_API_KEY: "" },
  });
}

function cacheLines(cacheDir: string): string[] {
  return readdirSync(cacheDir)
    .filter((f) => f.endsWith(".jsonl"))
    .flatMap((f) => readFileSync(path.join(cacheDir, f), "utf8").split("\n").filter(Boolean))
    .sort();
}

function quietIo() {
  const out = { stdout: "", stderr: "" };
  return { out, io: { stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t), readStdin: async () => "" } };
}

beforeAll(async () => {
  // Four separate processes at once: the one-machine sweep and the three shards.
  await Promise.all([sweep(at("one")), sweep(at("s0"), ["--shard", "0/3"]), sweep(at("s1"), ["--shard", "1/3"]), sweep(at("s2"), ["--shard", "2/3"])]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("consilium sweep --shard i/n, then sweep merge", () => {
  it("each shard runs every third cell of the grid", () => {
    for (const [i, cells] of [
      [0, [1, 4]],
      [1, [2, 5]],
      [2, [3, 6]],
    ] as const) {
      const record = JSON.parse(readFileSync(at(`s${i}/shard-${i}-of-3.json`), "utf8")) as { cells: Array<{ cell: number }> };
      expect(record.cells.map((c) => c.cell)).toEqual(cells);
      expect(readdirSync(at(`s${i}/cells`))).toHaveLength(2);
    }
  });

  it("merges the three shards into the one-machine table, byte for byte, with every cached answer", async () => {
    const { out, io } = quietIo();
    const code = await main(["sweep", "merge", at("merged"), at("s0"), at("s1"), at("s2")], io);
    expect(out.stderr).toBe("");
    expect(code).toBe(0);
    expect(out.stdout).toMatch(/^sweep merge: 6 cells \(2 from .*s0, 2 from .*s1, 2 from .*s2\)/);
    for (const file of TABLES) expect(readFileSync(at(`merged/${file}`), "utf8"), file).toBe(readFileSync(at(`one/${file}`), "utf8"));
    expect(readdirSync(at("merged/cells")).sort()).toEqual(readdirSync(at("one/cells")).sort());
    expect(cacheLines(at("merged/llm-cache"))).toEqual(cacheLines(at("one/llm-cache")));

    // The merged folder is a whole sweep: the same command resumes all six cells and rewrites the same table.
    const again = await runSweep(
      "sentimental",
      { alpha: ["0.3", "0.5", "0.7"], maxRounds: ["1", "2"] },
      { outDir: at("merged"), seed: 3, set: ["candidates=2", "runs=1"], cacheDir: at("merged/llm-cache") },
    );
    expect(again.resumed).toBe(6);
    expect(readFileSync(again.files.csv, "utf8")).toBe(readFileSync(at("one/sweep_sentimental.csv"), "utf8"));
  });

  it("names the cells of a missing shard and the shard that owes them", async () => {
    await expect(mergeSweeps(at("partial"), [at("s0"), at("s2")])).rejects.toThrow(/2 of 6 cells are in none of the folders: cells 2, 5 \(shard 1 of 3\)/);
  });

  it("reports a cell or a cached answer that differs between folders, keeping the first, and exits 1", async () => {
    cpSync(at("s1"), at("s1-edited"), { recursive: true });
    const cellFile = path.join(at("s1-edited/cells"), readdirSync(at("s1-edited/cells"))[0]!);
    const row = JSON.parse(readFileSync(cellFile, "utf8")) as Record<string, unknown>;
    writeFileSync(cellFile, JSON.stringify({ ...row, rounds: 99 }) + "\n");
    const cacheFile = path.join(at("s1-edited/llm-cache"), "sentimental.statement.jsonl");
    const [first, ...rest] = readFileSync(cacheFile, "utf8").split("\n");
    const entry = JSON.parse(first!) as { output: unknown };
    writeFileSync(cacheFile, [JSON.stringify({ ...entry, output: { edited: true } }), ...rest].join("\n"));

    const { out, io } = quietIo();
    const code = await main(["sweep", "merge", at("conflicted"), at("s0"), at("s1"), at("s2"), at("s1-edited")], io);
    expect(code).toBe(1);
    expect(out.stderr).toMatch(/conflict: cell \d \(\w+\) differs between .*s1 \(kept\) and .*s1-edited/);
    expect(out.stderr).toMatch(/conflict: model sentimental\.statement key \w+ has another answer in .*s1-edited/);
    const report = JSON.parse(readFileSync(at("conflicted/merge-report.json"), "utf8")) as { cellConflicts: unknown[]; cacheConflicts: unknown[] };
    expect([report.cellConflicts.length, report.cacheConflicts.length]).toEqual([1, 1]);
    // The first folder's cell and answer are kept: the table is still the one-machine table.
    expect(readFileSync(at("conflicted/sweep_sentimental.csv"), "utf8")).toBe(readFileSync(at("one/sweep_sentimental.csv"), "utf8"));
  });

  it("refuses a folder of another sweep, naming what differs", async () => {
    cpSync(at("s0"), at("s0-reseeded"), { recursive: true });
    const planFile = at("s0-reseeded/sweep-plan.json");
    writeFileSync(planFile, JSON.stringify({ ...JSON.parse(readFileSync(planFile, "utf8")), seed: 4 }));
    await expect(mergeSweeps(at("refused"), [at("s0"), at("s0-reseeded")])).rejects.toThrow(
      /s0-reseeded is not a shard of the same sweep as .*s0: seed 3 vs 4/,
    );
  });
});

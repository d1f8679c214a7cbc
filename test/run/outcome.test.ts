/**
 * The run outcome's lookups by name (src/run/runner.ts): what they return,
 * what a miss says, and that they never reach the record's serialised forms.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { byName, runExperiment, withLookups, type RunRecord } from "../../src/run/runner";
import { writeRunFolder } from "../../src/run/writer";

function record(): RunRecord {
  return {
    experiment: "finmem",
    description: "fixture",
    config: { topK: 3 },
    seed: 7,
    dataDir: "/data",
    model: "offline",
    offline: true,
    modelLabel: "offline agents — not LLM results",
    result: {
      tables: [
        { name: "finmem_metrics", title: "Metrics", rows: [{ sharpe: 1.2 }] },
        { name: "finmem_decisions", title: "Decisions", rows: [{ decision: "buy" }] },
      ],
      figures: [{ name: "finmem_cumulative_return", title: "Cumulative return", data: [], layout: {} }],
      summary: { sharpe: 1.2 },
    },
    usage: { calls: 0, cacheHits: 0, networkCalls: 0, repairs: 0, promptTokens: 0, completionTokens: 0, estimatedCostUsd: 0 },
    versions: { consilium: "0.1.0" },
    timings: { totalMs: 5 },
  };
}

/** Every file of a folder with its bytes, by relative path. */
function folderBytes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = readFileSync(full, "utf8");
  }
  return out;
}

describe("run.table(name) / run.figure(name)", () => {
  const work = mkdtempSync(path.join(tmpdir(), "consilium-outcome-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("return the run's own table and figure objects", () => {
    const run = withLookups(record());
    expect(run.table("finmem_decisions")).toBe(run.result.tables[1]);
    expect(run.figure("finmem_cumulative_return")).toBe(run.result.figures[0]);
  });

  it("throw on a miss, naming the run and listing the names it has", () => {
    const run = withLookups(record());
    expect(() => run.table("finmem_metric")).toThrow('run "finmem" has no table "finmem_metric"; its tables: finmem_metrics, finmem_decisions');
    expect(() => run.figure("nope")).toThrow('run "finmem" has no figure "nope"; its figures: finmem_cumulative_return');
    expect(() => byName([], "x", "table")).toThrow('the list has no table "x"; its tables: none');
  });

  it("stay out of keys, spreads and JSON, so the written run folder is unchanged", () => {
    const plain = record();
    const run = withLookups(record());
    expect(Object.keys(run)).toEqual(Object.keys(plain));
    expect(JSON.stringify(run)).toBe(JSON.stringify(plain));
    expect("table" in { ...run }).toBe(false);
    writeRunFolder(plain, path.join(work, "plain"));
    writeRunFolder(run, path.join(work, "with-lookups"));
    expect(folderBytes(path.join(work, "with-lookups"))).toEqual(folderBytes(path.join(work, "plain")));
  });

  it("come with every runExperiment outcome", async () => {
    const run = await runExperiment("finmem", { seed: 7, config: { topK: 2 } });
    expect(run.table("finmem_metrics").rows.map((r) => r.strategy)).toEqual(["FinMem", "Buy and hold"]);
    expect(run.figure("finmem_cumulative_return").title).toContain("offline agents — not LLM results");
  });
});

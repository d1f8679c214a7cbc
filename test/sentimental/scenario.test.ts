/**
 * Your scenario by default: `--data DIR` with both jobs/
 * and resumes/ runs that scenario; a folder with resumes but no job keeps the
 * bundled one unless resumes=data; the console and the manifest say which.
 * And the sweep (the mutation "alpha ignored in a sweep cell"): each cell's
 * opinions follow eq. 4 with that cell's alpha.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/cli/main";
import type { RunContext, Table } from "../../src/core/contract";
import { silentProgress } from "../../src/core/contract";
import { bundledDataDir } from "../../src/data/paths";
import { OfflineModel } from "../../src/llm/offline";
import { runSweep } from "../../src/run/sweep";
import { defaultSentimentalConfig, opinionPath, sentimentalExperiment, type SentimentalConfig } from "../../src/sentimental/index";
import { HashingEmbedder } from "../../src/text/embedding";

const JOB = JSON.parse(readFileSync(path.join(bundledDataDir(), "jobs", "head_of_technology.json"), "utf8")) as Record<string, unknown>;

/** A data folder with the given parts: a nurse-lead job and three resumes. */
function dataFolder(parts: { jobs: boolean; resumes: boolean }): string {
  const dir = mkdtempSync(path.join(tmpdir(), "consilium-scenario-"));
  if (parts.jobs) {
    mkdirSync(path.join(dir, "jobs"));
    writeFileSync(
      path.join(dir, "jobs", "icu_lead.json"),
      JSON.stringify({ ...JOB, id: "icu_lead", title: "ICU Nurse Lead", organization: "Ward 7 Hospital", text: "Lead the ICU nursing team." }),
    );
  }
  if (parts.resumes) {
    mkdirSync(path.join(dir, "resumes"));
    const lines = ["ICU registered nurse for 9 years. Led a team of 12 nurses.", "Retail cashier for 2 years.", "Ward nurse, 4 years, no ICU."].map((text, i) =>
      JSON.stringify({ id: `n-${i + 1}`, name: `Nurse ${i + 1}`, labels: ["nursing"], text }),
    );
    writeFileSync(path.join(dir, "resumes", "nurses.jsonl"), lines.join("\n") + "\n");
  }
  return dir;
}

function ctx(dataDir: string, log: (m: string) => void = () => {}): RunContext {
  return { model: new OfflineModel({ seed: 7 }), embedder: new HashingEmbedder(), seed: 7, dataDir, progress: silentProgress, log, concurrency: 2 };
}

const table = (tables: Table[], name: string): Table => tables.find((t) => t.name === name)!;
const small = (overrides: Partial<SentimentalConfig> = {}) =>
  defaultSentimentalConfig({ candidates: 3, maxRounds: 1, runs: 1, retrieval: "tfidf", ...overrides });

describe("which scenario a data folder gives", () => {
  it("jobs/ and resumes/: the folder's own scenario, said on the console and in the summary", async () => {
    const dir = dataFolder({ jobs: true, resumes: true });
    const logs: string[] = [];
    const result = await sentimentalExperiment.run(
      small(),
      ctx(dir, (m) => logs.push(m)),
    );
    expect(table(result.tables, "table4_final_sentiment").rows.map((r) => r["candidate"])).toEqual(["Nurse 1", "Nurse 2", "Nurse 3"]);
    expect(result.summary["job"]).toBe("icu_lead");
    expect(result.summary["scenario"]).toBe(`the data folder's own scenario (${dir}: jobs/ and resumes/)`);
    expect(logs[0]).toContain("the data folder's own scenario");
  });

  it("resumes/ but no jobs/: the bundled scenario unless resumes=data", async () => {
    const dir = dataFolder({ jobs: false, resumes: true });
    const bundled = await sentimentalExperiment.run(small(), ctx(dir));
    const reference = await sentimentalExperiment.run(small(), ctx(bundledDataDir()));
    const names = (t: Table) => t.rows.map((r) => r["candidate"]);
    expect(names(table(bundled.tables, "table4_final_sentiment"))).toEqual(names(table(reference.tables, "table4_final_sentiment")));
    expect(names(table(bundled.tables, "table4_final_sentiment"))[0]).toBe("Wanjiru Kamau");
    expect(bundled.summary["scenario"]).toBe(`the bundled scenario (${dir} has resumes/ but no jobs/; --set resumes=data uses its resumes)`);
    const data = await sentimentalExperiment.run(small({ resumes: "data" }), ctx(dir));
    expect(table(data.tables, "table4_final_sentiment").rows.map((r) => r["candidate"])).toEqual(["Nurse 1", "Nurse 2", "Nurse 3"]);
    expect(data.summary["job"]).toBe("head_of_technology");
    // resumes=bundled with a folder that has a job: the bundled resumes for that job.
    const withJob = await sentimentalExperiment.run(small({ resumes: "bundled" }), ctx(dataFolder({ jobs: true, resumes: true })));
    expect(withJob.summary["job"]).toBe("icu_lead");
    expect(table(withJob.tables, "table4_final_sentiment").rows[0]!["candidate"]).toBe("Wanjiru Kamau");
  });

  it("the CLI says which on the console and records it in the manifest", async () => {
    const dir = dataFolder({ jobs: true, resumes: true });
    const out = mkdtempSync(path.join(tmpdir(), "consilium-scenario-run-"));
    const err: string[] = [];
    const io = { stdout: () => {}, stderr: (t: string) => void err.push(t), readStdin: async () => "" };
    expect(await main(["run", "sentimental", "--data", dir, "--out", out, "--set", "maxRounds=1", "--set", "runs=1", "--set", "candidates=3"], io)).toBe(0);
    expect(err.join("")).toContain(`sentimental: the data folder's own scenario (${dir}: jobs/ and resumes/); 3 candidates`);
    const manifest = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as { summary: Record<string, unknown> };
    expect(manifest.summary["scenario"]).toContain("the data folder's own scenario");
  });
});

describe("sentimental sweep cells use their own alpha", () => {
  it("every cell's opinions are eq. 4 of its sentiments with that cell's alpha", async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), "consilium-sweep-alpha-"));
    const set = ["candidates=2", "maxRounds=3", "runs=1", "tolerance=0"];
    const { table: sweep } = await runSweep("sentimental", { alpha: ["0.2", "0.9"] }, { outDir, seed: 7, set, concurrency: 1 });
    for (const row of sweep.rows) {
      const alpha = row["alpha"] as number;
      // The same deliberation run as an experiment gives the per-turn log; its sentiments do not depend on alpha.
      const result = await sentimentalExperiment.run(
        defaultSentimentalConfig({ candidates: 2, maxRounds: 3, runs: 1, tolerance: 0, retrieval: "tfidf", alpha }),
        ctx(bundledDataDir()),
      );
      const log = table(result.tables, "sentiment_by_round").rows;
      const opinions: number[] = [];
      for (const candidate of new Set(log.map((r) => r["candidate"]))) {
        for (const agent of ["CFO", "VPE", "RPM"]) {
          const s = log.filter((r) => r["candidate"] === candidate && r["agent"] === agent).map((r) => r["sentiment"] as number);
          opinions.push(...opinionPath(s, alpha).map((u) => u.opinion));
        }
      }
      expect(row["opinion_max"]).toBeCloseTo(Math.max(...opinions), 7);
      expect(row["opinion_min"]).toBeCloseTo(Math.min(...opinions), 7);
    }
    expect(sweep.rows[0]!["opinion_max"]).not.toBeCloseTo(sweep.rows[1]!["opinion_max"] as number, 3);
  });
});

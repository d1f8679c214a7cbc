/**
 * `consilium evaluate sentimental --transcript PATH`: every table from a
 * recorded conversation, ours or the authors' simulation_data.json. The
 * fixtures under fixtures/authors are our own small files in the authors'
 * layout (two candidates; raw_history speaks VPE, RPM, CFO while agent_data
 * lists CFO, VPE, RPM); their non_bayesian_data were computed by hand with
 * alpha 0.5 (s = 0.5 e + 0.5 prior, prior 0).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import type { RunContext, Table } from "../../src/core/contract";
import { OfflineModel } from "../../src/llm/offline";
import { runExperiment, writeRunFolder } from "../../src/run/index";
import { defaultSentimentalConfig, evaluateTranscript, readTranscript } from "../../src/sentimental/index";
import { HashingEmbedder } from "../../src/text/embedding";
import { polarityScores } from "../../src/text/vader";

const AUTHORS = path.join(__dirname, "fixtures", "authors");

function ctx(): Pick<RunContext, "model" | "embedder" | "seed"> {
  return { model: new OfflineModel({ seed: 7 }), embedder: new HashingEmbedder(), seed: 7 };
}

const table = (tables: Table[], name: string): Table => {
  const t = tables.find((x) => x.name === name);
  if (!t) throw new Error(`missing table ${name}`);
  return t;
};

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => "" };
}

/** A copy of the fixtures with one file edited (for the error tests). */
function brokenCopy(edit: (json: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), "consilium-authors-"));
  cpSync(AUTHORS, dir, { recursive: true });
  const file = path.join(dir, "cand-a", "simulation_data.json");
  const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  edit(json);
  writeFileSync(file, JSON.stringify(json));
  return dir;
}

describe("reading the authors' simulation_data.json", () => {
  it("keeps the advisor names as written and takes the speaking order from raw_history", () => {
    const t = readTranscript(AUTHORS);
    expect(t.format).toBe("authors");
    expect(t.files.map((f) => path.basename(path.dirname(f)))).toEqual(["cand-a", "cand-b"]);
    expect(t.advisors.map((a) => a.short)).toEqual(["CFO", "VP of Engineering", "Recycling Plant Manager"]);
    const [a] = t.runs[0]!;
    expect(a!.candidate.name).toBe("Amina Otieno");
    expect(a!.turns.map((x) => `${x.round}.${x.order} ${x.agent}`)).toEqual([
      "1.0 VP of Engineering",
      "1.1 Recycling Plant Manager",
      "1.2 CFO",
      "2.0 VP of Engineering",
      "2.1 Recycling Plant Manager",
      "2.2 CFO",
    ]);
    expect(a!.turns[0]!.arguments).toEqual(["Thrilled that Amina has led a team of engineers.", "Excited by the sensor dashboards she built."]);
    expect(t.mentalModels.get("CFO")!.evaluationCriteria).toEqual(["Has owned a budget", "Knows unit economics"]);
    expect(t.job.title).toBe("Head of Technology in a Recycling plant scale-up in Kenya");
  });

  it("gives the opinions and changes the file recorded (non_bayesian_data) to 1e-9 with alpha 0.5, and not with another alpha", async () => {
    const { result } = await evaluateTranscript(AUTHORS, defaultSentimentalConfig({ alpha: 0.5 }), ctx());
    const check = table(result.tables, "transcript_check").rows;
    expect(check).toHaveLength(6 + 3);
    for (const row of check) {
      expect(row["recorded_opinion"]).not.toBeNull();
      expect(row["opinion_diff"] as number).toBeLessThan(1e-9);
      expect(row["change_diff"] as number).toBeLessThan(1e-9);
    }
    // Table 4 = the last opinion the file recorded for each advisor (hand-computed: 0.0625, 0.555, -0.0525).
    const t4 = table(result.tables, "table4_final_sentiment");
    expect(t4.columns ?? Object.keys(t4.rows[0]!)).toEqual(["candidate", "CFO", "VP of Engineering", "Recycling Plant Manager"]);
    expect(t4.rows[0]!["CFO"]).toBeCloseTo(0.0625, 12);
    expect(t4.rows[0]!["VP of Engineering"]).toBeCloseTo(0.555, 12);
    expect(t4.rows[0]!["Recycling Plant Manager"]).toBeCloseTo(-0.0525, 12);
    // No stop rule on a recorded conversation: every message is used, and the log says so.
    expect(table(result.tables, "conversations").rows.map((r) => [r["rounds"], r["stopped_by"]])).toEqual([
      [2, "recorded"],
      [1, "recorded"],
    ]);
    const other = await evaluateTranscript(AUTHORS, defaultSentimentalConfig({ alpha: 0.3 }), ctx());
    expect(Math.max(...table(other.result.tables, "transcript_check").rows.map((r) => r["opinion_diff"] as number))).toBeGreaterThan(0.01);
  });

  it("uses the recorded sentiments unless rescore=true re-scores the arguments with our f(A)", async () => {
    const kept = await evaluateTranscript(AUTHORS, defaultSentimentalConfig(), ctx());
    expect(table(kept.result.tables, "sentiment_by_round").rows[0]!["sentiment"]).toBe(0.62);
    const rescored = await evaluateTranscript(AUTHORS, defaultSentimentalConfig({ rescore: true }), ctx());
    const first = table(rescored.result.tables, "sentiment_by_round").rows[0]!;
    const args = ["Thrilled that Amina has led a team of engineers.", "Excited by the sensor dashboards she built."];
    expect(first["sentiment"]).toBeCloseTo(args.map((a) => polarityScores(a).compound).reduce((x, y) => x + y, 0) / 2, 9);
    expect(table(rescored.result.tables, "transcript_check").rows[0]!["recorded_sentiment"]).toBe(0.62);
  });

  it("names the file and the JSON path of a bad entry", () => {
    const unknownSpeaker = brokenCopy((j) => ((j["raw_history"] as string[])[1] = "(Head of Sales): I like her."));
    expect(() => readTranscript(unknownSpeaker)).toThrow(/cand-a\/simulation_data\.json \(raw_history\[1\]\): expected "\(<advisor>\): <message>"/);
    const badScore = brokenCopy((j) => {
      const agents = j["agent_data"] as Array<{ messages: Array<{ sentiment_data: Record<string, unknown> }> }>;
      agents[0]!.messages[1]!.sentiment_data["overall_sentiment"] = "high";
    });
    expect(() => readTranscript(badScore)).toThrow(
      /\(agent_data\[0\]\.messages\[1\]\.sentiment_data\.overall_sentiment\): expected a finite number, got "high"/,
    );
    const extraMessage = brokenCopy((j) => (j["raw_history"] as string[]).push("(CFO): one more"));
    expect(() => readTranscript(extraMessage)).toThrow(/raw_history\[6\]\): CFO speaks for the 3th time but agent_data holds 2 messages/);
    expect(() => readTranscript(path.join(AUTHORS, "nope"))).toThrow(/nope: not found/);
  });
});

describe("reading our own conversation.jsonl", () => {
  it("reproduces the run's tables from its run folder (opinions recomputed equal the recorded ones)", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "consilium-ours-"));
    const run = await runExperiment("sentimental", { seed: 7, set: ["candidates=2", "maxRounds=2", "runs=2"] });
    writeRunFolder(run, out);
    const { transcript, result } = await evaluateTranscript(out, defaultSentimentalConfig({ candidates: 2, maxRounds: 2, runs: 2 }), {
      ...ctx(),
      embedder: new HashingEmbedder(),
    });
    expect(transcript.format).toBe("consilium");
    expect(transcript.model).toEqual({ id: "offline", offline: true });
    expect(transcript.runs).toHaveLength(2);
    for (const row of table(result.tables, "transcript_check").rows) expect(row["opinion_diff"]).toBe(0);
    for (const original of run.result.tables) {
      if (original.name === "conversations") continue; // stopped_by reads "recorded"
      const again = table(result.tables, original.name);
      const strip = (t: Table) => JSON.stringify(t.rows.map(({ model: _model, ...rest }) => rest));
      expect(strip(again), original.name).toBe(strip(original));
    }
  });

  it("names the line and field of a bad line", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "consilium-jsonl-"));
    const file = path.join(dir, "conversation.jsonl");
    const good = {
      run: 0,
      candidate: "c1",
      candidate_name: "C",
      round: 1,
      agent: "CFO",
      statement: "ok",
      arguments: ["ok"],
      argument_sentiments: [0.1],
      sentiment: 0.1,
    };
    writeFileSync(file, `${JSON.stringify(good)}\n${JSON.stringify({ ...good, arguments: "ok" })}\n`);
    expect(() => readTranscript(file)).toThrow(/conversation\.jsonl \(line 2\.arguments\): expected a list/);
    writeFileSync(file, `${JSON.stringify(good)}\n{oops\n`);
    expect(() => readTranscript(file)).toThrow(/conversation\.jsonl \(line 2\): not valid JSON/);
  });
});

describe("consilium evaluate sentimental", () => {
  it("writes a run folder from the authors' files, labelled as a recorded conversation", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "consilium-evaluate-"));
    const io = capture();
    expect(await main(["evaluate", "sentimental", "--transcript", AUTHORS, "--set", "alpha=0.5", "--out", out], io)).toBe(0);
    expect(io.out.join("")).toMatch(/2 transcript file\(s\), 2 conversation\(s\)/);
    const manifest = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as {
      llm: string;
      offline: boolean;
      modelLabel: string;
      usage: { calls: number };
    };
    expect(manifest).toMatchObject({ llm: "transcript", offline: false, modelLabel: "recorded conversation: authors format, model not recorded" });
    expect(manifest.usage.calls).toBe(0);
    expect(existsSync(path.join(out, "tables", "transcript_check.csv"))).toBe(true);
    expect(existsSync(path.join(out, "figures", "figure4_sentiment_change.json"))).toBe(true);
    // Same transcript, same config: every file but timings.json is byte-identical.
    const again = mkdtempSync(path.join(tmpdir(), "consilium-evaluate-again-"));
    expect(await main(["evaluate", "sentimental", "--transcript", AUTHORS, "--set", "alpha=0.5", "--out", again], capture())).toBe(0);
    const files = (dir: string) => readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f !== "timings.json" && f.includes("."));
    expect(files(again).sort()).toEqual(files(out).sort());
    for (const f of files(out)) expect(readFileSync(path.join(again, f), "utf8"), f).toBe(readFileSync(path.join(out, f), "utf8"));
  });

  it("says what is wrong on a bad command line or a bad file", async () => {
    const io = capture();
    expect(await main(["evaluate", "sentimental"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/evaluate needs --transcript PATH/);
    const bad = brokenCopy((j) => delete j["raw_history"]);
    const io2 = capture();
    expect(await main(["evaluate", "sentimental", "--transcript", bad, "--out", path.join(bad, "out")], io2)).toBe(1);
    expect(io2.err.join("")).toMatch(/transcript problem: .*cand-a\/simulation_data\.json \(raw_history\): missing/);
  });
});

// A transcript of our format also works without its run folder: the job and the resumes simply are not known.
it("a bare conversation.jsonl without siblings evaluates with empty resumes", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "consilium-bare-"));
  const line = (agent: string, round: number, s: number) =>
    JSON.stringify({
      candidate: "c1",
      candidate_name: "C",
      round,
      agent,
      statement: `${agent} ${round}`,
      arguments: [`${agent} ${round}`],
      argument_sentiments: [s],
      sentiment: s,
    });
  writeFileSync(path.join(dir, "conversation.jsonl"), [line("A", 1, 0.4), line("B", 1, -0.2), line("A", 2, 0.8), line("B", 2, 0)].join("\n") + "\n");
  const { result } = await evaluateTranscript(path.join(dir, "conversation.jsonl"), defaultSentimentalConfig(), { ...ctx(), seed: 1 });
  const t4 = table(result.tables, "table4_final_sentiment").rows[0]!;
  expect(t4["A"]).toBeCloseTo(0.5 * 0.8 + 0.5 * 0.2, 12);
  expect(t4["B"]).toBeCloseTo(-0.05, 12);
});

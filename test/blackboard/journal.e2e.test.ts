/**
 * The run journal (journal.ts): appended while the run works, a valid prefix
 * after `kill -9`, resumed by rerunning the same command (its canonical log
 * then equals an uninterrupted run's), checked against the recorded model
 * cache, never mixed up with another run's journal.
 */
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RunJournal } from "../../src/blackboard/journal";
import { Blackboard, parseBlackboard } from "../../src/blackboard/log";
import { main } from "../../src/cli/main";
import { bundledDataDir } from "../../src/data/paths";
import { createModel } from "../../src/llm/factory";
import { runExperiment } from "../../src/run/runner";
import { httpError, startFakeOpenAI, type FakeOpenAI } from "../helpers/fake-openai";
import { analysisMessage } from "./fixtures";
import { fakeAgents } from "./helpers/fake-agents";
import { useTempDirs } from "./helpers/temp-dirs";

const tempDir = useTempDirs();

const root = path.resolve(__dirname, "../..");
const identity = { seed: 7, model: "offline", dataDir: "/data", config: { tickers: "AAA" } };
const gunzipLines = (file: string) => gunzipSync(readFileSync(file)).toString("utf8");
const SMALL = ["tickers=ALTA,BRIX,CORV,DYNL,ECHW,FLXM,GLDH,HVNM", "start=2025-03-03", "end=2025-07-31", "rebalanceEvery=5"];

describe("RunJournal", () => {
  it("appends every message, records each thread's tool calls once, and compresses on finish", () => {
    const dir = tempDir("bb-journal-");
    const journal = RunJournal.open(dir, identity);
    const board = Blackboard.withSink(journal.sink);
    for (let i = 0; i < 3; i++) board.post(analysisMessage("2025-01-02", "AAA", i));
    expect(readFileSync(journal.messagesFile, "utf8").split("\n").filter(Boolean)).toHaveLength(3);
    journal.recordThread("2025-01-02", "BBB", [{ seq: 0, agent: "market_analyst", tool: "get_indicators", args: { ticker: "BBB" }, result: "ok" }]);
    journal.recordThread("2025-01-02", "AAA", []);
    journal.recordThread("2025-01-02", "AAA", []);
    expect(journal.finish()).toEqual({ messages: 3, threads: 2 });
    expect(existsSync(journal.messagesFile)).toBe(false);
    expect(parseBlackboard(gunzipLines(`${journal.messagesFile}.gz`), "j").messages.map((m) => m.message_id)).toEqual(board.all().map((m) => m.message_id));
    expect(
      gunzipLines(`${journal.toolCallsFile}.gz`)
        .split("\n")
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { ticker: string }).ticker),
    ).toEqual(["AAA", "BBB"]);
    expect(JSON.parse(readFileSync(journal.stateFile, "utf8"))).toMatchObject({ complete: true, messages: 3, threads: 2 });
    // A completed journal is replaced by the next run's.
    const next = RunJournal.open(dir, { ...identity, seed: 8 });
    expect(next.resumed).toBeNull();
    expect(existsSync(`${journal.messagesFile}.gz`)).toBe(false);
  });

  it("resumes an interrupted journal: cuts a torn line, accepts the same messages again, appends only new ones", () => {
    const dir = tempDir("bb-journal-");
    const first = RunJournal.open(dir, identity);
    const board = Blackboard.withSink(first.sink);
    for (let i = 0; i < 3; i++) board.post(analysisMessage("2025-01-02", "AAA", i));
    appendFileSync(first.messagesFile, '{"message_id": "m-torn'); // killed mid-write
    const logs: string[] = [];
    const again = RunJournal.open(dir, identity, (m) => logs.push(m));
    expect(again.resumed).toEqual({ messages: 3, threads: 0, torn: true });
    expect(logs[0]).toMatch(/resuming the journal .* \(3 messages, 0 threads, torn last line cut off\)/);
    const rerun = Blackboard.withSink(again.sink);
    for (let i = 0; i < 4; i++) rerun.post(analysisMessage("2025-01-02", "AAA", i));
    expect(parseBlackboard(readFileSync(again.messagesFile, "utf8"), "j").messages).toHaveLength(4);
    expect(again.finish().messages).toBe(4);
  });

  it("stops when the rerun does not reproduce the journal, or the journal is another run's", () => {
    const dir = tempDir("bb-journal-");
    const first = RunJournal.open(dir, identity);
    Blackboard.withSink(first.sink).post(analysisMessage("2025-01-02", "AAA", 0));
    const changed = analysisMessage("2025-01-02", "AAA", 0);
    changed.content.summary = "another answer";
    const again = RunJournal.open(dir, identity);
    expect(() => Blackboard.withSink(again.sink).post(changed)).toThrow(
      /blackboard\.jsonl:1: message m-[0-9a-f]{16} \(AnalysisReport of AAA on 2025-01-02\) differs from what this run produced/,
    );
    expect(() => RunJournal.open(dir, { ...identity, seed: 9 })).toThrow(/holds an interrupted run of another seed, model, data folder or config/);
    const short = RunJournal.open(dir, identity);
    expect(() => short.finish()).toThrow(/holds 1 messages this run did not post/);
  });
});

/** `consilium run blackboard` in a child process; resolves with its exit code and stderr. */
function cli(outDir: string, onSpawn?: (child: ReturnType<typeof spawn>) => void): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  const args = ["bin/consilium.mjs", "run", "blackboard", "--out", outDir, "--data", bundledDataDir(), "--seed", "7", ...SMALL.flatMap((s) => ["--set", s])];
  const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, OPENAI_API_KEY: "" } });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  onSpawn?.(child);
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stderr })));
}

function listFiles(dir: string, prefix = ""): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full, path.join(prefix, name)) : [path.join(prefix, name)];
  });
}

describe("a journalled run folder", () => {
  it("is byte-identical for the same seed whatever the concurrency, except timings.json and the journal's completion order", async () => {
    const root = tempDir("bb-bytes-");
    const io = { stdout: () => {}, stderr: () => {}, readStdin: async () => "" };
    const args = (out: string, concurrency: string) => [
      "run",
      "blackboard",
      "--out",
      out,
      "--data",
      bundledDataDir(),
      "--concurrency",
      concurrency,
      ...SMALL.flatMap((s) => ["--set", s]),
    ];
    expect(await main(args(path.join(root, "a"), "1"), io)).toBe(0);
    expect(await main(args(path.join(root, "b"), "6"), io)).toBe(0);
    const journal = path.join("journal", "blackboard.jsonl.gz");
    const files = listFiles(path.join(root, "a")).filter((f) => f !== "timings.json" && f !== journal);
    expect(files).toEqual(
      expect.arrayContaining(["config.json", "manifest.json", path.join("journal", "tool-calls.jsonl.gz"), path.join("journal", "run.json")]),
    );
    expect(
      listFiles(path.join(root, "b"))
        .filter((f) => f !== "timings.json" && f !== journal)
        .sort(),
    ).toEqual([...files].sort());
    for (const file of files) expect(readFileSync(path.join(root, "b", file)), file).toEqual(readFileSync(path.join(root, "a", file)));
    // The journals hold the same messages, in possibly different orders.
    const lines = (dir: string) =>
      gunzipLines(path.join(root, dir, journal))
        .split("\n")
        .filter(Boolean)
        .sort();
    expect(lines("b")).toEqual(lines("a"));
  }, 120_000);
});

describe("kill -9 in the middle of a run", () => {
  it("leaves a valid prefix; rerunning completes the journal and its canonical log equals an uninterrupted run's", async () => {
    const uninterrupted = await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), set: SMALL });
    const expected = uninterrupted.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content;
    const total = expected.split("\n").filter(Boolean).length;

    const out = path.join(tempDir("bb-kill-"), "run");
    const journalFile = path.join(out, "journal", "blackboard.jsonl");
    let seenAtKill = 0;
    const killed = await cli(out, (child) => {
      const timer = setInterval(() => {
        if (!existsSync(journalFile)) return;
        seenAtKill = readFileSync(journalFile, "utf8").split("\n").length - 1;
        if (seenAtKill >= total / 3) {
          clearInterval(timer);
          child.kill("SIGKILL");
        }
      }, 10);
      child.on("exit", () => clearInterval(timer));
    });
    expect(killed.signal).toBe("SIGKILL");
    expect(existsSync(path.join(out, "manifest.json"))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(out, "journal", "run.json"), "utf8")).complete).toBe(false);
    // Every complete line is a valid message (parseBlackboard validates each and skips only a torn last line).
    const prefix = parseBlackboard(readFileSync(journalFile, "utf8"), journalFile);
    expect(prefix.messages.length).toBeGreaterThanOrEqual(Math.floor(total / 3) - 1);
    expect(prefix.messages.length).toBeLessThan(total);

    const resumed = await cli(out);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(new RegExp(`resuming the journal .*\\(${prefix.messages.length} messages`));
    expect(readFileSync(path.join(out, "artifacts", "blackboard.jsonl"), "utf8")).toBe(expected);
    const journal = parseBlackboard(gunzipLines(`${journalFile}.gz`), "journal");
    expect(journal.messages).toHaveLength(total); // each message once (parseBlackboard rejects duplicate ids)
    expect(journal.messages.slice(0, prefix.messages.length).map((m) => m.message_id)).toEqual(prefix.messages.map((m) => m.message_id));
    expect(new Set(journal.messages.map((m) => m.message_id))).toEqual(new Set(parseBlackboard(expected, "c").messages.map((m) => m.message_id)));
  }, 180_000);
});

describe("a crash with a real model", () => {
  let server: FakeOpenAI;
  let failAfter = Infinity;
  beforeAll(async () => {
    const agents = fakeAgents();
    let served = 0;
    server = await startFakeOpenAI({ chat: (req) => (served++ >= failAfter ? httpError(500, { message: "endpoint down" }) : agents.answer(req)) });
  });
  afterAll(async () => server.stop());

  it("resumes from the recorded model cache: only the missing calls reach the endpoint, and the log equals an uninterrupted run's", async () => {
    const set = ["tickers=ALTA,BRIX,CORV", "start=2025-06-02", "end=2025-06-20", "rebalanceEvery=5"];
    const model = (cacheDir: string) =>
      createModel({ llm: "openai", model: "gpt-fake", seed: 7, baseURL: server.baseURL, apiKey: "sk-test-journal-0000", maxRetries: 0, cacheDir });
    const base = tempDir("bb-crash-");
    const clean = await runExperiment("blackboard", {
      seed: 7,
      dataDir: bundledDataDir(),
      set,
      modelInstance: model(path.join(base, "clean-cache")),
      concurrency: 1,
    });
    const calls = server.chatRequests().length;
    const runDir = path.join(base, "run");
    failAfter = calls + Math.floor(calls / 2);
    await expect(
      runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), set, runDir, modelInstance: model(path.join(base, "cache")), concurrency: 1 }),
    ).rejects.toThrow(/endpoint down|500/);
    const journalled = parseBlackboard(readFileSync(path.join(runDir, "journal", "blackboard.jsonl"), "utf8"), "j").messages.length;
    expect(journalled).toBeGreaterThan(0);
    failAfter = Infinity;
    const sent = server.chatRequests().length;
    const resumed = await runExperiment("blackboard", {
      seed: 7,
      dataDir: bundledDataDir(),
      set,
      runDir,
      modelInstance: model(path.join(base, "cache")),
      concurrency: 1,
    });
    expect(server.chatRequests().length - sent).toBe(calls - Math.floor(calls / 2));
    const log = (r: typeof clean) => r.result.artifacts!.find((a) => a.path === "blackboard.jsonl")!.content;
    expect(log(resumed)).toBe(log(clean));
  }, 120_000);
});

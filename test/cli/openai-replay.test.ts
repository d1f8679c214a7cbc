/**
 * The README's "Offline agents and real models" workflow end to end through
 * the CLI: `consilium run --llm openai` against a loopback OpenAI-compatible
 * server records into `<out>/llm-cache`, then `--llm replay --out <same>`
 * reruns from that cache with the server stopped. The API key must not appear
 * in any file written, nor on stdout/stderr.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import { okJson, startFakeOpenAI, type ChatRequestBody } from "../helpers/fake-openai";

const KEY = "sk-test-CLI-SECRET-0123456789abcdef";
const SMALL = ["--set", "candidates=2", "--set", "maxRounds=2", "--set", "runs=1", "--seed", "5"];

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => "" };
}

/** Schema-valid answers for the sentimental tasks, chosen from the schema named in the system prompt. */
function sentimentalAnswer(req: ChatRequestBody): unknown {
  const system = req.messages.find((m) => m.role === "system")?.content ?? "";
  const user = req.messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .join("\n");
  if (system.includes('"evaluationCriteria"')) {
    return { description: "I weigh delivery and cost.", priorities: ["delivery", "cost"], evaluationCriteria: ["track record"] };
  }
  // The authors' protocol asks for the Mental Model in three parts.
  if (system.includes('"priorities"')) return { priorities: ["delivery", "cost"] };
  if (system.includes('"description"')) return { description: "You weigh delivery and cost." };
  if (system.includes('"arguments"')) return { arguments: ["Strong delivery record.", "Limited budget experience."] };
  if (system.includes('"scores"'))
    return {
      scores: user
        .split("\n")
        .filter((l) => /^\d+\./.test(l))
        .map(() => 0.25),
    };
  // statement: vary with the prompt length so opinions move between rounds.
  return { statement: user.length % 2 === 0 ? "A good, reliable candidate." : "A weak fit for this role." };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe("consilium run --llm openai, then --llm replay (README workflow)", () => {
  const saved = { key: process.env["OPENAI_API_KEY"], base: process.env["OPENAI_BASE_URL"] };
  beforeEach(() => {
    delete process.env["OPENAI_API_KEY"];
    delete process.env["OPENAI_BASE_URL"];
  });
  afterEach(() => {
    for (const [name, value] of [
      ["OPENAI_API_KEY", saved.key],
      ["OPENAI_BASE_URL", saved.base],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("records into <out>/llm-cache, replays it with the server stopped, and never writes the key", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "consilium-cli-openai-"));
    const server = await startFakeOpenAI({ chat: (req) => okJson(sentimentalAnswer(req)) });
    process.env["OPENAI_API_KEY"] = KEY;
    process.env["OPENAI_BASE_URL"] = server.baseURL;
    const recordIo = capture();
    let recordCode: number;
    try {
      recordCode = await main(["run", "sentimental", "--llm", "openai", "--model", "loopback-chat", "--out", out, "--json", ...SMALL], recordIo);
    } finally {
      await server.stop();
    }
    expect(recordIo.err.join(""), recordIo.err.join("")).toBe("");
    expect(recordCode).toBe(0);
    const recorded = JSON.parse(recordIo.out.join("")) as {
      model: string;
      offline: boolean;
      usage: { calls: number; networkCalls: number; cacheHits: number };
    };
    expect(recorded.model).toBe("loopback-chat");
    expect(recorded.offline).toBe(false);
    expect(recorded.usage.networkCalls).toBe(server.chatRequests().length);
    expect(recorded.usage.networkCalls).toBeGreaterThan(0);
    // Every request asked for JSON mode, sent the run seed and carried the key only in its header.
    for (const body of server.chatRequests()) {
      expect(body.response_format).toEqual({ type: "json_object" });
      expect(body.seed).toBe(5);
      expect(JSON.stringify(body)).not.toContain(KEY);
    }
    expect(server.requests[0]!.headers["authorization"]).toBe(`Bearer ${KEY}`);
    const cacheFiles = readdirSync(path.join(out, "llm-cache")).sort();
    expect(cacheFiles).toEqual(expect.arrayContaining(["sentimental.mms-description.jsonl", "sentimental.mms-criteria.jsonl", "sentimental.statement.jsonl"]));
    const tablesBefore = Object.fromEntries(filesUnder(path.join(out, "tables")).map((f) => [f, readFileSync(f, "utf8")]));

    // Replay: no key, no server; the model name and seed select the recorded entries.
    delete process.env["OPENAI_API_KEY"];
    const replayIo = capture();
    expect(await main(["run", "sentimental", "--llm", "replay", "--model", "loopback-chat", "--out", out, "--json", ...SMALL], replayIo)).toBe(0);
    const replayed = JSON.parse(replayIo.out.join("")) as { usage: { calls: number; networkCalls: number; cacheHits: number } };
    expect(replayed.usage.networkCalls).toBe(0);
    expect(replayed.usage.calls).toBe(recorded.usage.calls);
    expect(replayed.usage.cacheHits).toBe(replayed.usage.calls);
    for (const [file, text] of Object.entries(tablesBefore)) expect(readFileSync(file, "utf8"), file).toBe(text);
    expect(readdirSync(path.join(out, "llm-cache")).sort()).toEqual(cacheFiles); // replay appends nothing

    // Replay without --model learns the model from the run folder it replays.
    const inferredIo = capture();
    expect(await main(["run", "sentimental", "--llm", "replay", "--out", out, "--json", ...SMALL], inferredIo)).toBe(0);
    expect((JSON.parse(inferredIo.out.join("")) as { model: string }).model).toBe("loopback-chat");

    // A replay that asks for something never recorded fails clearly and says what was recorded.
    const missIo = capture();
    // (Into a folder of its own: the recorded folder holds a seed-5 run and refuses a seed-6 one.)
    const missOut = path.join(mkdtempSync(path.join(tmpdir(), "consilium-cli-miss-")), "run");
    const missArgs = [
      "run",
      "sentimental",
      "--llm",
      "replay",
      "--model",
      "loopback-chat",
      "--cache",
      path.join(out, "llm-cache"),
      "--out",
      missOut,
      ...SMALL,
      "--seed",
      "6",
    ];
    expect(await main(missArgs, missIo)).toBe(1);
    expect(missIo.err.join("")).toMatch(/^consilium: replay: no cached answer for task "sentimental\.[a-z-]+"/m);
    expect(missIo.err.join("")).toMatch(/recorded with .*seed 5/);

    for (const file of filesUnder(out)) expect(readFileSync(file, "utf8"), file).not.toContain(KEY);
    for (const text of [...recordIo.out, ...recordIo.err, ...replayIo.out, ...replayIo.err, ...missIo.err]) expect(text).not.toContain(KEY);
  });

  it("with --cache elsewhere, the run folder still gets the entries it used and replays on its own", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "consilium-cli-shared-cache-"));
    const [shared, out] = [path.join(root, "shared-cache"), path.join(root, "run")];
    const server = await startFakeOpenAI({ chat: (req) => okJson(sentimentalAnswer(req)) });
    process.env["OPENAI_API_KEY"] = KEY;
    process.env["OPENAI_BASE_URL"] = server.baseURL;
    try {
      expect(await main(["run", "sentimental", "--llm", "openai", "--model", "m1", "--cache", shared, "--out", out, ...SMALL], capture())).toBe(0);
    } finally {
      await server.stop();
    }
    const lines = (dir: string) =>
      readdirSync(dir)
        .flatMap((f) => readFileSync(path.join(dir, f), "utf8").trim().split("\n"))
        .sort();
    expect(lines(path.join(out, "llm-cache"))).toEqual(lines(shared)); // every entry used, none lost
    delete process.env["OPENAI_API_KEY"];
    const io = capture();
    expect(await main(["run", "sentimental", "--llm", "replay", "--out", out, "--json", ...SMALL], io)).toBe(0);
    expect((JSON.parse(io.out.join("")) as { usage: { networkCalls: number } }).usage.networkCalls).toBe(0);
  });

  it("a run stopped at --max-calls resumes in its own folder; another seed is refused there", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "consilium-cli-budget-")), "run");
    const server = await startFakeOpenAI({ chat: (req) => okJson(sentimentalAnswer(req)) });
    process.env["OPENAI_API_KEY"] = KEY;
    process.env["OPENAI_BASE_URL"] = server.baseURL;
    const args = ["run", "sentimental", "--llm", "openai", "--model", "m1", "--concurrency", "1", "--out", out, "--json", ...SMALL];
    try {
      const stopped = capture();
      expect(await main([...args, "--max-calls", "3"], stopped)).toBe(4);
      expect((JSON.parse(stopped.out.join("")) as { stopped: { reason: string } }).stopped.reason).toBe("max-calls");
      const other = capture();
      expect(await main([...args, "--seed", "6"], other)).toBe(2);
      expect(other.err.join("")).toMatch(/holds another sentimental run \(seed: 5 there, 6 here\)/);
      const resumed = capture();
      expect(await main(args, resumed)).toBe(0);
      const usage = (JSON.parse(resumed.out.join("")) as { usage: { cacheHits: number; networkCalls: number } }).usage;
      // The three answered calls are not asked again (a run has cache hits of its own too: repeated prompts).
      expect(usage.cacheHits).toBeGreaterThanOrEqual(3);
      expect(server.chatRequests()).toHaveLength(3 + usage.networkCalls);
    } finally {
      await server.stop();
    }
  });

  it("--llm openai without OPENAI_API_KEY is a usage error that says how to fix it", async () => {
    const io = capture();
    const out = mkdtempSync(path.join(tmpdir(), "consilium-cli-nokey-"));
    expect(await main(["run", "sentimental", "--llm", "openai", "--out", out, ...SMALL], io)).toBe(2);
    expect(io.err.join("")).toMatch(/no API key; set OPENAI_API_KEY/);
    expect(readdirSync(out)).toEqual([]); // nothing written
  });

  it("--llm replay of a folder that was never recorded names the missing cache", async () => {
    const io = capture();
    const out = path.join(mkdtempSync(path.join(tmpdir(), "consilium-cli-nocache-")), "run");
    expect(await main(["run", "finmem", "--llm", "replay", "--out", out], io)).toBe(2);
    expect(io.err.join("")).toMatch(/llm-cache does not exist; record it first with --llm openai/);
  });
});

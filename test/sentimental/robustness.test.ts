/**
 * onInvalid: a turn whose answer stays invalid after the
 * repair round stops the run with a message that says how to resume from the
 * cache (fail, the default), or becomes a gap (skip): recorded in the
 * transcript, the tables' notes and the manifest, the opinion carried
 * forward, never a change below the tolerance, and left out of the regressions.
 */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import type { Table } from "../../src/core/contract";
import { defaultSentimentalConfig, InvalidTurnError, sentimentalExperiment, type SentimentalConfig } from "../../src/sentimental/index";
import { okJson, startFakeOpenAI, type ChatRequestBody, type FakeOpenAI } from "../helpers/fake-openai";
import { advisorOf, kindOf, loopbackContext, said, scriptedAnswers, statementRequests, user } from "./helpers";

const RPM = "Recycling Plant Manager";

/** Scripted answers, except that RPM's `badTurn`-th statement (and its repair) is not valid JSON for the schema. */
function withBadTurn(badTurn: number): (req: ChatRequestBody) => unknown {
  const good = scriptedAnswers();
  let rpmAsked = 0;
  return (req) => {
    if (kindOf(req) === "statement" && advisorOf(req) === RPM) {
      const repair = req.messages.some((m) => m.role === "assistant");
      if (!repair) rpmAsked++;
      if (rpmAsked === badTurn) return { speech: "I refuse the schema." };
    }
    return good(req);
  };
}

let server: FakeOpenAI;
let answer: (req: ChatRequestBody) => unknown = scriptedAnswers();
beforeAll(async () => {
  server = await startFakeOpenAI({ chat: (req) => okJson(answer(req)) });
});
afterAll(async () => {
  await server.stop();
});

const config = (overrides: Partial<SentimentalConfig>) =>
  defaultSentimentalConfig({ candidates: 1, maxRounds: 3, runs: 1, tolerance: 0, retrieval: "tfidf", ...overrides });
const table = (tables: Table[], name: string): Table => tables.find((t) => t.name === name)!;

describe("onInvalid=skip", () => {
  it("records the gap, carries the opinion forward and leaves it out of the statistics", async () => {
    server.reset();
    answer = withBadTurn(2);
    const result = await sentimentalExperiment.run(config({ onInvalid: "skip" }), loopbackContext(server));
    const rows = table(result.tables, "sentiment_by_round").rows.filter((r) => r["agent"] === "RPM");
    expect(rows.map((r) => r["round"])).toEqual([1, 2, 3]);
    expect(rows[1]).toMatchObject({ sentiment: null, change: null, opinion: rows[0]!["opinion"] });
    // Round 3 starts from the carried opinion.
    expect(rows[2]!["opinion"]).toBeCloseTo(0.5 * (rows[2]!["sentiment"] as number) + 0.5 * (rows[0]!["opinion"] as number), 9);
    for (const t of result.tables) expect(t.note ?? "", t.name).toMatch(/Gaps: 1 turn\(s\) .*RPM on Wanjiru Kamau round 2/);
    expect(result.summary["gaps"]).toBe(1);
    expect(result.gaps).toEqual({
      total: 1,
      byTask: {
        "sentimental.mms-description": 0,
        "sentimental.mms-priorities": 0,
        "sentimental.mms-criteria": 0,
        "sentimental.statement": 1,
        "sentimental.argumentation": 0,
        "sentimental.sentiment": 0,
      },
    });
    const log = result
      .artifacts!.find((a) => a.path === "conversation.jsonl")!
      .content.trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const gap = log.find((l) => l["agent"] === "RPM" && l["round"] === 2)!;
    expect(gap["gap"]).toMatchObject({ task: "sentimental.statement" });
    expect(gap["statement"]).toBe("");
    expect(JSON.parse(result.artifacts!.find((a) => a.path === "gaps.json")!.content)).toHaveLength(1);
    // Not a regression observation; the volatility of RPM uses its two valid statements only.
    const obs = table(result.tables, "bias_observations").rows;
    expect(obs.filter((o) => o["agent"] === "RPM").map((o) => o["round"])).toEqual([3]);
    const s = [rows[0]!["sentiment"] as number, rows[2]!["sentiment"] as number];
    expect(table(result.tables, "table7_volatility").rows[0]!["RPM"]).toBeCloseTo(Math.abs(s[0]! - s[1]!) / 2, 9);
    // Nothing was said: later prompts show no entry for the gap.
    const later = statementRequests(server).slice(-3).map(user);
    expect(later.every((text) => !text.includes(`${RPM}: \n`) && !text.includes(said(RPM, 2)))).toBe(true);
  });

  it("a Mental Model part whose answer stays invalid is left empty and counted as a gap; the run goes on", async () => {
    server.reset();
    const good = scriptedAnswers();
    answer = (req) => (kindOf(req) === "mms-priorities" && user(req).includes(RPM) ? { priorities: "not a list" } : good(req));
    const result = await sentimentalExperiment.run(config({ onInvalid: "skip" }), loopbackContext(server));
    expect(result.gaps?.total).toBe(1);
    expect(result.gaps?.byTask["sentimental.mms-priorities"]).toBe(1);
    const models = JSON.parse(result.artifacts!.find((a) => a.path === "mental_models.json")!.content) as Array<Record<string, unknown>>;
    expect(models.find((m) => m["agent"] === "RPM")!["priorities"]).toEqual([]);
    expect((models.find((m) => m["agent"] !== "RPM")!["priorities"] as unknown[]).length).toBeGreaterThan(0);
    const gaps = JSON.parse(result.artifacts!.find((a) => a.path === "gaps.json")!.content) as Array<Record<string, unknown>>;
    expect(gaps).toEqual([expect.objectContaining({ agent: "RPM", task: "sentimental.mms-priorities", round: 0 })]);
    for (const t of result.tables) expect(t.note ?? "", t.name).toMatch(/Mental Model gaps: 1 part\(s\) .*RPM mms-priorities/);
    // Every turn was still taken.
    expect(table(result.tables, "sentiment_by_round").rows.every((r) => r["sentiment"] !== null)).toBe(true);
  });

  it("with onInvalid=fail, a Mental Model part whose answer stays invalid stops the run", async () => {
    server.reset();
    const good = scriptedAnswers();
    answer = (req) => (kindOf(req) === "mms-priorities" ? { priorities: "not a list" } : good(req));
    await expect(sentimentalExperiment.run(config({}), loopbackContext(server))).rejects.toThrow(/sentimental\.mms-priorities/);
  });

  it("a gap never counts as a change below the tolerance", async () => {
    server.reset();
    answer = withBadTurn(1);
    // Every valid change is below 10, so the conversation would end after round 1 if the gap counted.
    const result = await sentimentalExperiment.run(config({ onInvalid: "skip", tolerance: 10 }), loopbackContext(server));
    expect(table(result.tables, "conversations").rows[0]).toMatchObject({ rounds: 2, stopped_by: "tolerance" });
  });
});

describe("onInvalid=fail (default)", () => {
  it("stops with InvalidTurnError naming the turn and saying how to resume", async () => {
    server.reset();
    answer = withBadTurn(2);
    const run = sentimentalExperiment.run(config({}), loopbackContext(server));
    await expect(run).rejects.toBeInstanceOf(InvalidTurnError);
    await expect(run).rejects.toThrow(
      /RPM's turn on Wanjiru Kamau \(round 2\): task "sentimental\.statement" .*invalid output after one repair round.*rerun the same command .*--set onInvalid=skip/,
    );
  });
});

describe("resuming from the cache after a failed run (CLI)", () => {
  const saved = { key: process.env["OPENAI_API_KEY"], base: process.env["OPENAI_BASE_URL"] };
  afterEach(() => {
    for (const [name, value] of [
      ["OPENAI_API_KEY", saved.key],
      ["OPENAI_BASE_URL", saved.base],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("the rerun replays every recorded answer and asks only what is missing", async () => {
    const out = mkdtempSync(path.join(tmpdir(), "consilium-resume-"));
    const args = [
      "run",
      "sentimental",
      "--llm",
      "openai",
      "--model",
      "loopback-chat",
      "--out",
      out,
      "--set",
      "candidates=1",
      "--set",
      "maxRounds=3",
      "--set",
      "runs=1",
      "--json",
    ];
    process.env["OPENAI_API_KEY"] = "sk-test-resume-0123456789abcdef";
    process.env["OPENAI_BASE_URL"] = server.baseURL;
    server.reset();
    answer = withBadTurn(2);
    const err: string[] = [];
    const io: CliIo = { stdout: () => {}, stderr: (t) => void err.push(t), readStdin: async () => "" };
    expect(await main(args, io)).toBe(1);
    expect(err.join("")).toMatch(/a model turn stayed invalid: RPM's turn .*by default <out>\/llm-cache/);
    const firstRequests = server.chatRequests().length;

    server.reset();
    answer = scriptedAnswers();
    const out2: string[] = [];
    expect(await main(args, { ...io, stdout: (t) => void out2.push(t) })).toBe(0);
    const usage = (JSON.parse(out2.join("")) as { usage: { calls: number; cacheHits: number; networkCalls: number } }).usage;
    expect(usage.cacheHits).toBeGreaterThan(10); // the Mental Models and round 1 replayed
    expect(usage.cacheHits + server.chatRequests().length).toBe(usage.calls);
    expect(server.chatRequests().some((r) => kindOf(r).startsWith("mms"))).toBe(false);
    expect(firstRequests).toBeGreaterThan(0);
    expect(readFileSync(path.join(out, "manifest.json"), "utf8")).toContain('"gaps": 0');
  });
});

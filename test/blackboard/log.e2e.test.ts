import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Blackboard, parseBlackboard, readBlackboardFile } from "../../src/blackboard/log";
import { DataError } from "../../src/data/errors";
import type { BlackboardMessage, MessageType, Role } from "../../src/blackboard/messages";
import { deriveRng } from "../../src/stats/rng";
import { alertMessage, analysisMessage } from "./fixtures";
import { useTempDirs } from "./helpers/temp-dirs";

const tempDir = useTempDirs();

const tmp = () => tempDir("bb-log-");

describe("blackboard file: validation on read", () => {
  it("reads good lines and reports a bad line with file, line and field", () => {
    const dir = tmp();
    const file = path.join(dir, "bb.jsonl");
    const good = JSON.stringify(analysisMessage("2025-01-02", "AAPL", 0));
    const bad = analysisMessage("2025-01-02", "AAPL", 1) as unknown as { content: { confidence: number } };
    bad.content.confidence = 1.5;
    writeFileSync(file, `${good}\n${JSON.stringify(bad)}\n`);
    let error: unknown;
    try {
      readBlackboardFile(file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataError);
    const de = error as DataError;
    expect(de.file).toBe(file);
    expect(de.line).toBe(2);
    expect(de.field).toBe("content.confidence");
    expect(de.message).toContain(`${file}:2: field "content.confidence"`);
  });

  it("names envelope fields and rejects invalid JSON in the middle of the file", () => {
    const m = analysisMessage("2025-01-02", "AAPL", 0) as unknown as Record<string, unknown>;
    m.type = "Gossip";
    expect(() => parseBlackboard(JSON.stringify(m) + "\n", "x.jsonl")).toThrow(/x\.jsonl:1: field "type"/);
    const good = JSON.stringify(analysisMessage("2025-01-02", "AAPL", 0));
    expect(() => parseBlackboard(`{"broken\n${good}\n`, "y.jsonl")).toThrow(/y\.jsonl:1: invalid JSON/);
  });

  it("rejects a duplicate message id", () => {
    const line = JSON.stringify(analysisMessage("2025-01-02", "AAPL", 0));
    expect(() => parseBlackboard(`${line}\n${line}\n`, "d.jsonl")).toThrow(/d\.jsonl:2: field "message_id": duplicate/);
  });
});

describe("blackboard file: crash safety", () => {
  it("skips a torn last line with a warning, and truncates it before the next append", () => {
    const dir = tmp();
    const file = path.join(dir, "bb.jsonl");
    const a = JSON.stringify(analysisMessage("2025-01-02", "AAPL", 0));
    const b = JSON.stringify(analysisMessage("2025-01-02", "AAPL", 1));
    writeFileSync(file, `${a}\n${b.slice(0, 57)}`); // crash in the middle of writing b

    const read = readBlackboardFile(file);
    expect(read.messages).toHaveLength(1);
    expect(read.torn).toBe(true);
    expect(read.warnings).toHaveLength(1);
    expect(read.warnings[0]).toMatch(/bb\.jsonl:2: torn last line skipped/);

    const warnings: string[] = [];
    const board = Blackboard.open(file, { onWarning: (w) => warnings.push(w) });
    expect(warnings).toEqual(read.warnings);
    expect(board.size).toBe(1);
    board.post(analysisMessage("2025-01-02", "AAPL", 1));
    const text = readFileSync(file, "utf8");
    expect(text).toBe(`${a}\n${b}\n`);
    expect(readBlackboardFile(file).warnings).toEqual([]);
  });

  it("accepts a complete last line without a trailing newline and starts the next append on a new line", () => {
    const dir = tmp();
    const file = path.join(dir, "bb.jsonl");
    const a = JSON.stringify(analysisMessage("2025-01-02", "AAPL", 0));
    writeFileSync(file, a);
    const board = Blackboard.open(file, { onWarning: () => {} });
    board.post(analysisMessage("2025-01-02", "AAPL", 1));
    expect(readBlackboardFile(file).messages.map((m) => m.message_id)).toHaveLength(2);
  });

  it("validates on write: nothing is written for an invalid message", () => {
    const dir = tmp();
    const file = path.join(dir, "bb.jsonl");
    const board = Blackboard.open(file);
    const bad = analysisMessage("2025-01-02", "AAPL", 0) as unknown as { content: { stance: string } };
    bad.content.stance = "euphoric";
    expect(() => board.post(bad as never)).toThrow(/line 1|:1: field "content\.stance"/);
    expect(readFileSync(file, "utf8")).toBe("");
    expect(board.size).toBe(0);
  });

  it("parallel writers (async tasks and separate processes) never interleave within a line", async () => {
    const dir = tmp();
    const file = path.join(dir, "bb.jsonl");
    // In-process: many concurrent async pipelines sharing one board.
    const board = Blackboard.open(file);
    const tickers = Array.from({ length: 20 }, (_, i) => `T${i}`);
    await Promise.all(
      tickers.map(async (t) => {
        for (let i = 0; i < 10; i++) {
          await new Promise((r) => setImmediate(r));
          const m = analysisMessage("2025-01-02", t, i);
          m.content.summary = `${t} ${i} ` + "y".repeat(3000);
          board.post(m);
        }
      }),
    );
    // Out of process: four writers appending to the same file at once.
    const worker = path.resolve(__dirname, "helpers/append-worker.ts");
    await Promise.all(
      ["P0", "P1", "P2", "P3"].map(
        (t) =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(process.execPath, ["--import", "tsx", worker, file, t, "40"], { stdio: ["ignore", "ignore", "pipe"] });
            let err = "";
            child.stderr.on("data", (d) => (err += d));
            child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`worker ${t} exited ${code}: ${err}`))));
          }),
      ),
    );
    const read = readBlackboardFile(file);
    expect(read.warnings).toEqual([]);
    expect(read.messages).toHaveLength(200 + 160);
    for (const m of read.messages) {
      const c = m.content as { summary: string };
      expect(c.summary.startsWith(`${m.ticker} `)).toBe(true);
    }
  }, 30_000);
});

describe("blackboard retrieval", () => {
  function sampleBoard(): Blackboard {
    const board = Blackboard.inMemory();
    const dates = ["2025-01-02", "2025-01-03", "2025-01-06"];
    for (const date of dates) {
      for (const ticker of ["AAPL", "MSFT"]) {
        board.post(analysisMessage(date, ticker, 0, "market_analyst"));
        board.post(analysisMessage(date, ticker, 1, "news_analyst"));
        board.post(alertMessage(date, ticker, 2));
      }
    }
    return board;
  }

  it("filters by type, sender role, ticker and date range", () => {
    const board = sampleBoard();
    expect(board.size).toBe(18);
    expect(board.query({ type: "RiskAlert" })).toHaveLength(6);
    expect(board.query({ ticker: "AAPL" })).toHaveLength(9);
    expect(board.query({ ticker: "AAPL", type: "AnalysisReport" })).toHaveLength(6);
    expect(board.query({ ticker: "AAPL", type: "AnalysisReport", role: "news_analyst" })).toHaveLength(3);
    expect(board.query({ role: ["news_analyst", "conservative_risk_manager"] })).toHaveLength(12);
    expect(board.query({ from: "2025-01-03" })).toHaveLength(12);
    expect(board.query({ from: "2025-01-03", to: "2025-01-03", ticker: "MSFT" }).map((m) => m.timestamp)).toEqual([
      "2025-01-03T21:00:00Z",
      "2025-01-03T21:00:01Z",
      "2025-01-03T21:00:02Z",
    ]);
    expect(board.query({ type: ["RiskAlert", "AnalysisReport"], ticker: "MSFT", to: "2025-01-02" })).toHaveLength(3);
  });

  it("returns the latest N by timestamp", () => {
    const board = sampleBoard();
    const latest = board.query({ ticker: "MSFT", latest: 2 });
    expect(latest.map((m) => [m.timestamp, m.type])).toEqual([
      ["2025-01-06T21:00:01Z", "AnalysisReport"],
      ["2025-01-06T21:00:02Z", "RiskAlert"],
    ]);
    expect(board.latestContent("AAPL", "AnalysisReport", "market_analyst")?.summary).toBe("report 0");
    expect(board.latestContent("AAPL", "FinalReport")).toBeNull();
  });

  it("canonical JSONL does not depend on the append order", () => {
    const a = Blackboard.inMemory();
    const b = Blackboard.inMemory();
    const msgs = [analysisMessage("2025-01-02", "MSFT", 0), analysisMessage("2025-01-02", "AAPL", 0), analysisMessage("2025-01-02", "AAPL", 1)];
    for (const m of msgs) a.post(m);
    for (const m of msgs.slice().reverse()) b.post(m);
    expect(a.toJsonl("canonical")).toBe(b.toJsonl("canonical"));
    expect(a.toJsonl("append")).not.toBe(b.toJsonl("append"));
    expect(parseBlackboard(a.toJsonl(), "c.jsonl").messages.map((m) => m.ticker)).toEqual(["AAPL", "AAPL", "MSFT"]);
  });

  it("stays fast and exact on a year of daily runs over many tickers (index sanity)", () => {
    const board = Blackboard.inMemory();
    const tickers = Array.from({ length: 30 }, (_, i) => `T${i}`);
    const days = Array.from({ length: 60 }, (_, d) => `2025-${String(1 + Math.floor(d / 28)).padStart(2, "0")}-${String(1 + (d % 28)).padStart(2, "0")}`);
    for (const day of days) for (const t of tickers) for (let s = 0; s < 3; s++) board.post(s === 2 ? alertMessage(day, t, s) : analysisMessage(day, t, s));
    expect(board.size).toBe(60 * 30 * 3);
    const hits = board.query({ ticker: "T7", type: "RiskAlert", from: "2025-02-01", to: "2025-02-28" });
    expect(hits).toHaveLength(28);
    expect(hits.every((m) => m.ticker === "T7" && m.type === "RiskAlert" && m.timestamp.startsWith("2025-02"))).toBe(true);
    expect(board.query({ from: "2025-03-04", to: "2025-03-04" })).toHaveLength(90);
  });

  it("every indexed query equals a brute-force filter of the whole log (random queries)", () => {
    const board = Blackboard.inMemory();
    const tickers = ["AAA", "BBB", "CCC", "DDD"];
    const roles: Role[] = ["market_analyst", "news_analyst", "social_analyst"];
    const days = ["2025-01-02", "2025-01-03", "2025-01-06", "2025-01-07", "2025-01-08", "2025-01-09"];
    // Append days out of order, as parallel pipelines of several runs could.
    for (const day of [days[3]!, days[0]!, days[5]!, days[1]!, days[4]!, days[2]!])
      for (const t of tickers) for (let s = 0; s < 4; s++) board.post(s === 3 ? alertMessage(day, t, s) : analysisMessage(day, t, s, roles[s]!));
    const all = board.all();
    const rng = deriveRng(42, "blackboard-index");
    const some = <T>(list: readonly T[]): T | undefined => (rng.next() < 0.5 ? undefined : list[rng.int(0, list.length)]);
    for (let k = 0; k < 400; k++) {
      const ticker = some(tickers);
      const type = some<MessageType>(["AnalysisReport", "RiskAlert", "FinalReport"]);
      const role = some<Role>([...roles, "conservative_risk_manager"]);
      let from = some(days);
      let to = some(days);
      if (from && to && from > to) [from, to] = [to, from];
      const latest = rng.next() < 0.3 ? rng.int(0, 7) : undefined;
      const expected = all
        .filter(
          (m: BlackboardMessage) =>
            (ticker === undefined || m.ticker === ticker) && (type === undefined || m.type === type) && (role === undefined || m.sender.role === role),
        )
        .filter((m) => (from === undefined || m.timestamp.slice(0, 10) >= from) && (to === undefined || m.timestamp.slice(0, 10) <= to))
        .sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : all.indexOf(a) - all.indexOf(b)));
      const want = latest === undefined ? expected : expected.slice(Math.max(0, expected.length - latest));
      const got = board.query({ ticker, type, role, from, to, latest });
      expect(got.map((m) => m.message_id)).toEqual(want.map((m) => m.message_id));
    }
    expect(() => board.query({ latest: -1 })).toThrow(/latest/);
  });
});

/**
 * Exit codes and messages as documented (0 done, 1 failed, 2 bad command
 * line / config / LLM setup, 3 lookahead found, 4 budget stop), and messages
 * that say what failed in words, never a JavaScript class name.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import { describeFailure } from "../../src/cli/failure";
import { DataError, FetchError, SEC_USER_AGENT_ENV } from "../../src/data/index";
import { LlmCacheError, LlmOutputError, LlmTransportError, ReplayMissError } from "../../src/llm/index";

function capture(stdin = ""): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => stdin };
}

const CLASS_NAMES =
  /\b(DataError|RangeError|TypeError|LlmTransportError|LlmOutputError|ReplayMissError|FetchError|UsageError|ConfigError|CalcInputError|TranscriptError):/;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("exit codes", () => {
  it("calc ols exits 2 on bad JSON and on input that does not fit its schema", async () => {
    const cases: Array<[string, RegExp]> = [
      ["{not json", /calc ols: stdin is not valid JSON/],
      [JSON.stringify({ x: [1, 2, 3] }), /calc ols: invalid input: field "y"/],
      [JSON.stringify({ x: ["a", 2], y: [1, 2] }), /calc ols: invalid input: field "x\.0"/],
      [JSON.stringify({ x: [1, 2, 3], y: [1, 2] }), /calc ols: "x" has 3 values but "y" has 2/],
    ];
    for (const [stdin, message] of cases) {
      const io = capture(stdin);
      expect(await main(["calc", "ols"], io), stdin).toBe(2);
      expect(io.err.join("")).toMatch(message);
      expect(io.err.join("")).not.toMatch(CLASS_NAMES);
    }
  });

  it("data fetch exits 2 without a User-Agent (setup) and 1 when the source is unreachable (failed)", async () => {
    const saved = process.env[SEC_USER_AGENT_ENV];
    delete process.env[SEC_USER_AGENT_ENV];
    const out = mkdtempSync(path.join(tmpdir(), "consilium-exit-fetch-"));
    try {
      for (const source of ["filings", "all"]) {
        const io = capture();
        const argv =
          source === "all"
            ? ["data", "fetch", "all", "--universe", path.join(out, "none.csv"), "--from", "2024-01-01", "--to", "2024-12-31", "--out", out]
            : ["data", "fetch", "filings", "--tickers", "ACME", "--from", "2024-01-01", "--to", "2024-12-31", "--out", out];
        expect(await main(argv, io), source).toBe(2);
        expect(io.err.join("")).toMatch(/SEC EDGAR requires a User-Agent/);
      }
    } finally {
      if (saved !== undefined) process.env[SEC_USER_AGENT_ENV] = saved;
    }
    expect(readdirSync(out)).toEqual([]); // refused before anything was fetched or written

    const port = await closedPort();
    const io = capture();
    const argv = ["data", "fetch", "prices", "--tickers", "AAPL", "--from", "2024-01-01", "--to", "2024-01-12", "--out", out];
    expect(await main([...argv, "--base-url", `http://127.0.0.1:${port}`, "--delay-ms", "0", "--retries", "0"], io)).toBe(1);
    expect(io.err.join("")).toMatch(/download failed: cannot reach Yahoo Finance \(offline\?\)/);
    expect(io.err.join("")).not.toMatch(CLASS_NAMES);
  });

  it("data: a missing or unknown subcommand and missing flags are bad command lines (2)", async () => {
    for (const argv of [
      ["data"],
      ["data", "frobnicate"],
      ["data", "check"],
      ["data", "fetch", "--tickers", "AAPL"],
      ["data", "fetch", "news", "--source", "x"],
    ]) {
      expect(await main(argv, capture()), argv.join(" ")).toBe(2);
    }
  });
});

describe("messages say what failed, in words", () => {
  it("a missing data folder is a data folder problem (exit 1), without the class name", async () => {
    const io = capture();
    const out = path.join(mkdtempSync(path.join(tmpdir(), "consilium-exit-")), "run");
    expect(await main(["run", "sentimental", "--data", "/nonexistent/consilium-data", "--out", out], io)).toBe(1);
    expect(io.err.join("")).toMatch(/^consilium: data folder problem: \/nonexistent\/consilium-data: data folder not found/);
    expect(io.err.join("")).not.toMatch(CLASS_NAMES);
  });

  it("each failure reads as words with its detail kept", () => {
    const cases: Array<[Error, RegExp]> = [
      [new DataError("non-numeric value", { file: "prices/X.csv", line: 3 }), /^data folder problem: prices\/X\.csv:3: non-numeric value$/],
      [
        new LlmTransportError("chat (model m): connect ECONNREFUSED after 5 attempts", "t", undefined, 5),
        /^model endpoint unreachable: chat \(model m\): connect ECONNREFUSED/,
      ],
      [new LlmOutputError("answer is not JSON", "t", "oops", "not JSON"), /^the model's answer was not usable: answer is not JSON$/],
      [new LlmCacheError("c.jsonl:2: not valid JSON", "c.jsonl", 2), /^LLM cache unreadable: c\.jsonl:2/],
      [new ReplayMissError("sentimental.statement", "abc", "/c"), /^replay: no cached answer for task "sentimental\.statement"/],
      [new FetchError("cannot reach GDELT (offline?)", true), /^download failed: cannot reach GDELT/],
      [new RangeError("Invalid time value"), /^internal error: Invalid time value \(CONSILIUM_DEBUG=1 shows where\)$/],
      [Object.assign(new Error("EEXIST: file already exists, mkdir '/x'"), { code: "EEXIST" }), /^file system: EEXIST/],
      [new Error("plain words"), /^plain words$/],
    ];
    for (const [error, expected] of cases) {
      const text = describeFailure(error);
      expect(text, error.name).toMatch(expected);
      expect(text).not.toMatch(CLASS_NAMES);
    }
  });
});

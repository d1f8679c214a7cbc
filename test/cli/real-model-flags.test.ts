/**
 * `--timeout SECONDS` and `--response-format` on the command line, and what a
 * user with a wrong endpoint sees: retry lines as they happen on stderr, then
 * one line naming the URL (exit 1); a base URL without /v1 at once, with the
 * fix; the flags refused without an endpoint (exit 2).
 */
import { mkdtempSync } from "node:fs";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import { parseModelFlags } from "../../src/cli/model-flags";
import { startHabitServer } from "../../src/llm/testing/habit-server";

const SMALL = ["--set", "candidates=1", "--set", "maxRounds=1", "--seed", "5"];

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => "" };
}

describe("--timeout and --response-format", () => {
  const saved = { key: process.env["OPENAI_API_KEY"], base: process.env["OPENAI_BASE_URL"] };
  const closers: Array<() => Promise<void>> = [];
  beforeEach(() => {
    process.env["OPENAI_API_KEY"] = "sk-test-flags";
    delete process.env["OPENAI_BASE_URL"];
  });
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
    for (const [name, value] of [
      ["OPENAI_API_KEY", saved.key],
      ["OPENAI_BASE_URL", saved.base],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("parses seconds and formats, and refuses them without an endpoint", () => {
    expect(parseModelFlags({ timeout: "1.5", "response-format": "json_schema" }, "openai")).toEqual({ timeoutMs: 1500, responseFormat: "json_schema" });
    expect(parseModelFlags({}, "offline")).toEqual({});
    expect(() => parseModelFlags({ timeout: "-1" }, "openai")).toThrow(/--timeout expects a number of seconds > 0/);
    expect(() => parseModelFlags({ "response-format": "text" }, "openai")).toThrow(/json_schema, json_object, none/);
    expect(() => parseModelFlags({ timeout: "30" }, "replay")).toThrow(/use them with --llm openai/);
  });

  it("exit 2 for a bad value on the command line", async () => {
    const io = capture();
    expect(await main(["run", "sentimental", "--llm", "openai", "--timeout", "soon", "--out", mkdtempSync(path.join(tmpdir(), "flags-")), ...SMALL], io)).toBe(
      2,
    );
    expect(io.err.join("")).toContain('--timeout expects a number of seconds > 0, got "soon"');
  });

  it("a stalled endpoint: retry lines as they happen, then one line naming the URL, within the timeout of each attempt", async () => {
    const sockets = new Set<net.Socket>();
    const stalled = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => stalled.listen(0, "127.0.0.1", () => resolve()));
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => stalled.close(() => resolve()));
    });
    const url = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/v1`;
    process.env["OPENAI_BASE_URL"] = url;
    const io = capture();
    const out = mkdtempSync(path.join(tmpdir(), "flags-stall-"));
    const started = performance.now();
    const code = await main(
      ["run", "sentimental", "--llm", "openai", "--model", "llama3.1", "--timeout", "0.2", "--concurrency", "1", "--out", out, ...SMALL],
      io,
    );
    const seconds = (performance.now() - started) / 1000;
    expect(code).toBe(1);
    const lines = io.err.join("").trimEnd().split("\n");
    const last = lines.at(-1)!;
    expect(last).toMatch(
      /^consilium: model endpoint unreachable: chat "sentimental\.[a-z-]+" \(model llama3\.1\): gave up after 5 attempt\(s\): timed out after 200 ms, /,
    );
    expect(last.endsWith(url)).toBe(true);
    const retries = lines.filter((l) => / retry \d\/5 in /.test(l));
    expect(retries.map((l) => l.match(/retry (\d)\/5/)![1])).toEqual(["2", "3", "4", "5"]);
    for (const line of retries) expect(line).toMatch(new RegExp(`: timed out after 200 ms, ${url.replace(/\./g, "\\.")}$`));
    // 5 attempts of 0.2 s and the backoff waits (at most 0.5 + 1 + 2 + 4 s): seconds, not minutes.
    expect(seconds).toBeLessThan(10);
  }, 30_000);

  it("a base URL without /v1 fails at once with the fix, and --response-format reaches the request", async () => {
    const habits = await startHabitServer();
    closers.push(() => habits.stop());
    process.env["OPENAI_BASE_URL"] = habits.origin;
    const io = capture();
    const out = mkdtempSync(path.join(tmpdir(), "flags-404-"));
    expect(await main(["run", "sentimental", "--llm", "openai", "--model", "m", "--concurrency", "1", "--out", out, ...SMALL], io)).toBe(1);
    expect(io.err.join("")).toContain(`failed on attempt 1 (HTTP 404): 404 page not found; the base URL has no /v1 suffix`);
    expect(io.err.join("")).toContain(`set OPENAI_BASE_URL=${habits.origin}/v1`);
    expect(habits.requests).toHaveLength(0);

    process.env["OPENAI_BASE_URL"] = habits.baseURL;
    const ok = capture();
    const again = mkdtempSync(path.join(tmpdir(), "flags-format-"));
    const code = await main(
      ["run", "sentimental", "--llm", "openai", "--model", "m", "--response-format", "none", "--set", "onInvalid=skip", "--out", again, "--json", ...SMALL],
      ok,
    );
    expect(code, ok.err.join("")).toBe(0);
    expect(habits.stats().responseFormats).toEqual({ none: habits.stats().requests });
    const manifest = JSON.parse(ok.out.join("")) as { usage: { extraKeys?: number } };
    expect(manifest.usage.extraKeys).toBeTypeOf("number");
  }, 60_000);
});

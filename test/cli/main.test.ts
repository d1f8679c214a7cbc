import { describe, expect, it } from "vitest";
import { main, parseGrid, type CliIo } from "../../src/cli/main";

function capture(stdin = ""): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => stdin };
}

describe("consilium CLI", () => {
  it("prints usage and rejects unknown commands with exit 2", async () => {
    const io = capture();
    expect(await main(["help"], io)).toBe(0);
    expect(io.out.join("")).toMatch(/run <sentimental\|finmem\|blackboard>/);
    const bad = capture();
    expect(await main(["frobnicate"], bad)).toBe(2);
    expect(bad.err.join("")).toMatch(/unknown command "frobnicate"/);
  });

  it("calc ols answers a hand-computed regression through the origin", async () => {
    // x = [1,2,3], y = [2,4,7]: slope = sum(xy)/sum(x^2) = (2+8+21)/14 = 31/14
    const io = capture(JSON.stringify({ x: [1, 2, 3], y: [2, 4, 7] }));
    expect(await main(["calc", "ols"], io)).toBe(0);
    const result = JSON.parse(io.out.join("")) as { slope: number; r2: number };
    expect(result.slope).toBeCloseTo(31 / 14, 12);
    // uncentered R^2 = 1 - SSR / sum(y^2); residuals y - slope x
    const slope = 31 / 14;
    const ssr = [2 - slope, 4 - 2 * slope, 7 - 3 * slope].reduce((s, r) => s + r * r, 0);
    expect(result.r2).toBeCloseTo(1 - ssr / 69, 12);
  });

  it("calc rejects invalid JSON on stdin with a clear message", async () => {
    const io = capture("{not json");
    expect(await main(["calc", "ols"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/calc ols: stdin is not valid JSON/);
  });

  it("calc names an unknown calculator", async () => {
    const io = capture("{}");
    expect(await main(["calc", "nope"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/unknown calc "nope"; choose one of sentiment, ols, lda, indicators, bl, metrics/);
  });

  it("run names a bad config key and its allowed values", async () => {
    const io = capture();
    expect(await main(["run", "sentimental", "--set", "stopRule=whenever", "--out", "/tmp/consilium-cli-test-bad"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/config key "stopRule".*allowed: one of/);
    const unknown = capture();
    expect(await main(["run", "finmem", "--set", "nonsense=1", "--out", "/tmp/consilium-cli-test-bad"], unknown)).toBe(2);
    expect(unknown.err.join("")).toMatch(/unknown config key "nonsense"; allowed keys: .*ticker/);
  });

  it("rejects bad command lines with exit 2 before running anything", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["run", "sentimental", "--bogus"], /Unknown option '--bogus'/],
      [["run", "sentimental", "--seed"], /--seed/],
      [["run", "sentimental", "--model", "gpt-4o"], /--model gpt-4o needs --llm openai/],
      [["run", "sentimental", "--embedder", "bert"], /--embedder must be hashing, minilm or openai, got "bert"/],
      [["run", "sentimental", "--llm", "anthropic"], /--llm must be offline, openai or replay/],
      [["reproduce", "--only", "finmem,nope"], /--only: unknown experiment\(s\) nope/],
      [["reproduce", "--seed", "x"], /--seed expects a non-negative integer/],
    ];
    for (const [argv, message] of cases) {
      const io = capture();
      expect(await main(argv, io), argv.join(" ")).toBe(2);
      expect(io.err.join("")).toMatch(message);
      expect(io.err.join("")).not.toMatch(/TypeError|at .*\.ts:\d+/); // a message, not a stack
    }
  });

  it("a --data folder that does not exist fails even for experiments that only read bundled files", async () => {
    const io = capture();
    expect(await main(["run", "sentimental", "--data", "/nonexistent/consilium-data", "--out", "/tmp/consilium-cli-test-nodata"], io)).toBe(1);
    expect(io.err.join("")).toMatch(/data folder problem: \/nonexistent\/consilium-data: data folder not found/);
    expect(io.err.join("")).not.toMatch(/DataError/);
  });

  it("parses sweep grids", () => {
    expect(parseGrid(["alpha=0.3,0.5,0.7", "tolerance=0.001"])).toEqual({ alpha: ["0.3", "0.5", "0.7"], tolerance: ["0.001"] });
    expect(() => parseGrid(["alpha"])).toThrow(/key=v1,v2/);
  });
});

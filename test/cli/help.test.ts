/**
 * `--help` everywhere: each command's (and data subcommand's) `--help`
 * prints its own usage on stdout and exits 0, before any flag is read or
 * anything runs.
 */
import { describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => "" };
}

/** argv -> what the usage must begin with. */
const CASES: Array<[string[], RegExp]> = [
  [["run", "--help"], /^consilium run <sentimental\|finmem\|blackboard>/],
  [["run", "finmem", "--help"], /^consilium run </],
  [["run", "-h"], /^consilium run </],
  [["sweep", "--help"], /^consilium sweep </],
  [["sweep", "finmem", "--help"], /^consilium sweep <.*--grid key=v1,v2/],
  [["evaluate", "--help"], /^consilium evaluate sentimental --transcript PATH/],
  [["calc", "--help"], /^consilium calc <sentiment\|ols\|lda\|indicators\|bl\|metrics>/],
  [["calc", "ols", "--help"], /^consilium calc ols\n {2}OLS through the origin/],
  [["data", "--help"], /^consilium data <command>/],
  [["data", "check", "--help"], /^consilium data check\n {2}check DIR/],
  [["data", "fetch", "--help"], /^consilium data fetch\n {2}fetch \[prices\]/],
  [["data", "fetch", "news", "--help"], /^consilium data fetch\n {2}fetch news --source gdelt/],
  [["data", "fetch", "filings", "--help"], /^consilium data fetch\n {2}fetch filings .*--user-agent/],
  [["data", "fetch", "all", "--help"], /^consilium data fetch\n {2}fetch all --universe/],
  [["data", "synth", "--help"], /^consilium data synth\n {2}synth/],
  [["figures", "--help"], /^consilium figures <run-dir>/],
  [["report", "--help"], /^consilium report <run-dir>/],
  [["audit", "--help"], /^consilium audit /],
  [["reproduce", "--help"], /^consilium reproduce .*--data DIR/],
  [["keys", "--help"], /^consilium keys </],
  [["keys", "finmem", "--help"], /^consilium keys </],
  [["lookahead", "--help"], /^consilium lookahead <experiment> --at DATE/],
  [["prompts", "--help"], /^consilium prompts <experiment>/],
];

describe("--help everywhere", () => {
  it.each(CASES)("%j prints its usage and exits 0", async (argv, usage) => {
    const io = capture();
    expect(await main(argv, io)).toBe(0);
    expect(io.err.join("")).toBe("");
    expect(io.out.join("")).toMatch(usage);
  });

  it("reproduce's usage names --data; the global usage points at <command> --help", async () => {
    const io = capture();
    expect(await main(["reproduce", "--help"], io)).toBe(0);
    expect(io.out.join("")).toMatch(/--data DIR runs on another data folder/);
    const global = capture();
    expect(await main(["--help"], global)).toBe(0);
    expect(global.out.join("")).toMatch(/consilium <command> --help/);
    expect(global.out.join("")).toMatch(/reproduce \[--out DIR\] \[--seed N\] \[--data DIR\]/);
  });

  it("a command without its experiment is a one-line usage error (exit 2), not the global help", async () => {
    for (const argv of [["run"], ["sweep"], ["calc"], ["keys"], ["report"], ["data"]]) {
      const io = capture();
      expect(await main(argv, io), argv.join(" ")).toBe(2);
      expect(io.out.join(""), argv.join(" ")).toBe("");
    }
  });

  it("an argument after -- is not a help request", async () => {
    const io = capture();
    expect(await main(["report", "--", "--help"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/is not a run folder/);
  });
});

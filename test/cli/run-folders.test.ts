/**
 * Run folders never mix: a folder holding another experiment's run, or a run
 * of another config, is refused by name before anything is written; the same
 * run resumes in place; --force replaces tables, figures and reports but never
 * llm-cache/; the default folder name carries a hash of the resolved config;
 * an --out that is a file fails before the run.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import { claimRunFolder, defaultRunDir, resolveRunConfig, runHash } from "../../src/run/index";

const SMALL = ["--set", "candidates=2", "--set", "maxRounds=2", "--set", "runs=1"];
const REPO = path.resolve(__dirname, "../..");

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => "" };
}

const runSentimental = (out: string, ...extra: string[]) => ["run", "sentimental", ...SMALL, "--out", out, ...extra];
const recordedConfig = (dir: string) => (JSON.parse(readFileSync(path.join(dir, "config.json"), "utf8")) as { config: Record<string, unknown> }).config;

describe("run folders never mix", () => {
  it("refuses a run of another config by name, leaves the folder as it was, and resumes the same config in place", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "consilium-folders-")), "run");
    expect(await main(runSentimental(out, "--set", "alpha=0.5"), capture())).toBe(0);
    const tablesBefore = readFileSync(path.join(out, "tables", "sentiment_by_round.csv"), "utf8");

    const other = capture();
    expect(await main(runSentimental(out, "--set", "alpha=0.3"), other)).toBe(2);
    expect(other.err.join("")).toMatch(/holds another sentimental run \(alpha: 0\.5 there, 0\.3 here\); give another --out, or add --force/);
    expect(other.err.join("").trim().split("\n")).toHaveLength(1);
    expect(recordedConfig(out).alpha).toBe(0.5);
    expect(readFileSync(path.join(out, "tables", "sentiment_by_round.csv"), "utf8")).toBe(tablesBefore);

    const seed = capture();
    expect(await main(runSentimental(out, "--set", "alpha=0.5", "--seed", "8"), seed)).toBe(2);
    expect(seed.err.join("")).toMatch(/seed: 7 there, 8 here/);

    // The same config: resumes in place (and a stale report beside it stays: it is of this run).
    writeFileSync(path.join(out, "report.html"), "<html>this run</html>");
    expect(await main(runSentimental(out, "--set", "alpha=0.5"), capture())).toBe(0);
    expect(readFileSync(path.join(out, "tables", "sentiment_by_round.csv"), "utf8")).toBe(tablesBefore);
    expect(existsSync(path.join(out, "report.html"))).toBe(true);
  });

  it("refuses another experiment's run folder by name", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "consilium-folders-")), "run");
    expect(await main(runSentimental(out), capture())).toBe(0);
    const io = capture();
    expect(await main(["run", "finmem", "--out", out], io)).toBe(2);
    expect(io.err.join("")).toMatch(/holds a sentimental run, not finmem; give another --out/);
    expect(readdirSync(path.join(out, "tables")).some((f) => f.startsWith("finmem"))).toBe(false);
  });

  it("--force replaces tables, figures and reports but never llm-cache/", async () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "consilium-folders-")), "run");
    expect(await main(runSentimental(out, "--set", "alpha=0.5"), capture())).toBe(0);
    mkdirSync(path.join(out, "llm-cache"));
    writeFileSync(path.join(out, "llm-cache", "sentimental.statement.jsonl"), '{"paid":"for"}\n');
    writeFileSync(path.join(out, "report.html"), "<html>the alpha 0.5 run</html>");
    writeFileSync(path.join(out, "figures", "old_export.png"), "png");
    writeFileSync(path.join(out, "tables", "a_table_only_the_old_run_had.csv"), "x\n1\n");

    expect(await main(runSentimental(out, "--set", "alpha=0.3", "--force"), capture())).toBe(0);
    expect(recordedConfig(out).alpha).toBe(0.3);
    expect(existsSync(path.join(out, "report.html"))).toBe(false);
    expect(existsSync(path.join(out, "figures", "old_export.png"))).toBe(false);
    expect(existsSync(path.join(out, "tables", "a_table_only_the_old_run_had.csv"))).toBe(false);
    expect(readFileSync(path.join(out, "llm-cache", "sentimental.statement.jsonl"), "utf8")).toBe('{"paid":"for"}\n');
  });

  it("an --out that is a file, or a folder of other things, fails before the run", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "consilium-folders-"));
    const file = path.join(root, "notes.txt");
    writeFileSync(file, "mine");
    const io = capture();
    expect(await main(runSentimental(file), io)).toBe(2);
    expect(io.err.join("")).toMatch(/--out .*notes\.txt is a file, not a folder/);
    expect(io.err.join("")).not.toMatch(/EEXIST/);
    expect(readFileSync(file, "utf8")).toBe("mine");

    const foreign = capture();
    expect(await main(runSentimental(root), foreign)).toBe(2);
    expect(foreign.err.join("")).toMatch(/is not empty and holds no run \(notes\.txt\)/);
    expect(readdirSync(root)).toEqual(["notes.txt"]);

    const sweep = capture();
    expect(await main(["sweep", "sentimental", "--grid", "alpha=0.3", "--out", file], sweep)).toBe(2);
    expect(sweep.err.join("")).toMatch(/is a file, not a folder/);
  });

  it("a sweep is refused in a single run's folder, and a run in a sweep's", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "consilium-folders-"));
    const run = path.join(root, "run");
    expect(await main(runSentimental(run), capture())).toBe(0);
    const io = capture();
    expect(await main(["sweep", "sentimental", ...SMALL, "--grid", "alpha=0.3", "--out", run], io)).toBe(2);
    expect(io.err.join("")).toMatch(/holds a single run \(config\.json\), not a sweep/);

    const sweep = path.join(root, "sweep");
    expect(await main(["sweep", "sentimental", ...SMALL, "--grid", "alpha=0.3,0.5", "--out", sweep], capture())).toBe(0);
    // Sweep cells keep working: a grown grid reuses the finished cells.
    const grown = capture();
    expect(await main(["sweep", "sentimental", ...SMALL, "--grid", "alpha=0.3,0.5,0.7", "--out", sweep], grown)).toBe(0);
    expect(grown.out.join("")).toMatch(/3 cells \(2 resumed/);
    const intoSweep = capture();
    expect(await main(runSentimental(sweep), intoSweep)).toBe(2);
    expect(intoSweep.err.join("")).toMatch(/is not empty and holds no run \(cells, /);
  });

  it("the default folder name carries a short hash of the resolved config", async () => {
    const config = async (...set: string[]) => resolveRunConfig("sentimental", { set: [...set] });
    const a = await config("alpha=0.5");
    const b = await config("alpha=0.3");
    const dirA = defaultRunDir({ experiment: "sentimental", seed: 7, model: "offline", config: a }, "offline");
    expect(dirA).toMatch(/^runs\/sentimental-seed7-[0-9a-f]{8}$/);
    expect(dirA).toBe(defaultRunDir({ experiment: "sentimental", seed: 7, model: "offline", config: await config("alpha=0.5") }, "offline"));
    expect(defaultRunDir({ experiment: "sentimental", seed: 7, model: "offline", config: b }, "offline")).not.toBe(dirA);
    expect(defaultRunDir({ experiment: "sentimental", seed: 7, model: "gpt-4o-mini", config: a }, "openai")).toMatch(
      /^runs\/sentimental-seed7-openai-[0-9a-f]{8}$/,
    );
    expect(runHash({ experiment: "sentimental", seed: 8, config: a })).not.toBe(runHash({ experiment: "sentimental", seed: 7, config: a }));

    // Through the CLI, from a working folder of its own: two configs, two folders; the same config, its folder again.
    const cwd = process.cwd();
    const home = process.env["CONSILIUM_HOME"];
    const work = mkdtempSync(path.join(tmpdir(), "consilium-default-out-"));
    process.env["CONSILIUM_HOME"] = REPO;
    process.chdir(work);
    try {
      for (const alpha of ["0.5", "0.3", "0.5"]) expect(await main(["run", "sentimental", ...SMALL, "--set", `alpha=${alpha}`], capture())).toBe(0);
      const folders = readdirSync(path.join(work, "runs")).sort();
      expect(folders).toHaveLength(2);
      for (const folder of folders) expect(folder).toMatch(/^sentimental-seed7-[0-9a-f]{8}$/);
      expect(folders.map((f) => recordedConfig(path.join(work, "runs", f)).alpha).sort()).toEqual([0.3, 0.5]);
    } finally {
      process.chdir(cwd);
      if (home === undefined) delete process.env["CONSILIUM_HOME"];
      else process.env["CONSILIUM_HOME"] = home;
    }
  });

  it("a run that stopped before writing its tables still says what it was, and resumes only as itself", () => {
    const out = path.join(mkdtempSync(path.join(tmpdir(), "consilium-folders-")), "run");
    const identity = { experiment: "finmem", seed: 7, model: "gpt-4o-mini", config: { topK: 5 } };
    expect(claimRunFolder(out, identity, "openai")).toBe("new");
    mkdirSync(path.join(out, "llm-cache"));
    // Interrupted here (a crash, onInvalid=fail): config.json and the cache are all there is.
    expect(readdirSync(out).sort()).toEqual(["config.json", "llm-cache"]);
    expect(claimRunFolder(out, identity, "openai")).toBe("resumed");
    expect(() => claimRunFolder(out, { ...identity, model: "gpt-4.1-mini" }, "openai")).toThrow(/model: "gpt-4o-mini" there, "gpt-4.1-mini" here/);
    expect(claimRunFolder(out, { ...identity, config: { topK: 3 } }, "openai", { force: true })).toBe("replaced");
    expect(existsSync(path.join(out, "llm-cache"))).toBe(true);
  });
});

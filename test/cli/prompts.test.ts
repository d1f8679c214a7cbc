/**
 * `consilium prompts`: what it prints is what a real model would be sent —
 * the same messages the recorder hashes for the run, from the run's prompt
 * set or the user's promptDir, and a bad template is refused naming its file
 * and line before any model is called.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main, type CliIo } from "../../src/cli/main";
import { builtinPromptDir } from "../../src/sentimental/index";
import { samplePrompts } from "../../src/run/index";

function capture(): CliIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), readStdin: async () => "" };
}

const BUNDLED = path.resolve(__dirname, "../../datasets");
const scratch = mkdtempSync(path.join(tmpdir(), "consilium-prompts-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("consilium prompts", () => {
  it.each([
    ["sentimental", ["sentimental.mms-description", "sentimental.statement", "sentimental.argumentation"]],
    ["finmem", ["finmem.summarize", "finmem.reflect.train", "finmem.reflect.test"]],
    ["blackboard", ["blackboard.analyst.market", "blackboard.researcher", "blackboard.risk_judge"]],
  ])(
    "%s: one call of every task, with its messages",
    async (experiment, tasks) => {
      const io = capture();
      expect(await main(["prompts", experiment, "--data", BUNDLED], io)).toBe(0);
      const text = io.out.join("");
      for (const task of tasks) expect(text).toContain(`== ${task} (v`);
      expect(text).toContain("-- system");
      expect(text).toContain("It must conform to this JSON Schema");
    },
    60_000,
  );

  it("prints exactly the messages the recorder hashes (--json)", async () => {
    const io = capture();
    expect(await main(["prompts", "finmem", "--data", BUNDLED, "--task", "finmem.reflect.test", "--json"], io)).toBe(0);
    const printed = JSON.parse(io.out.join("")) as { tasks: Array<{ task: string; messages: Array<{ role: string; content: string }> }> };
    const sample = await samplePrompts("finmem", { dataDir: BUNDLED });
    const direct = sample.tasks.find((t) => t.task === "finmem.reflect.test")!;
    expect(printed.tasks).toHaveLength(1);
    expect(printed.tasks[0]!.messages).toEqual(direct.messages);
    expect(direct.messages.at(-1)!.content).toMatch(/^Date: \d{4}-\d{2}-\d{2}\./);
  }, 60_000);

  it("renders a user's promptDir, and names the file and line of a bad placeholder", async () => {
    const dir = path.join(scratch, "my-prompts");
    cpSync(builtinPromptDir("authors"), dir, { recursive: true });
    const file = path.join(dir, "argumentation.md");
    writeFileSync(file, `${readFileSync(file, "utf8")}\nMARKER-LINE-FOR-TEST`);
    const ok = capture();
    expect(await main(["prompts", "sentimental", "--data", BUNDLED, "--set", `promptDir=${dir}`, "--task", "sentimental.argumentation"], ok)).toBe(0);
    expect(ok.out.join("")).toContain("MARKER-LINE-FOR-TEST");

    const lines = readFileSync(file, "utf8").split("\n");
    const badLine = lines.length + 1;
    writeFileSync(file, [...lines, "{{noSuchPlaceholder}}"].join("\n"));
    const bad = capture();
    expect(await main(["prompts", "sentimental", "--data", BUNDLED, "--set", `promptDir=${dir}`], bad)).toBe(2);
    expect(bad.err.join("")).toContain(`consilium: ${file}:${badLine}: unknown placeholder {{noSuchPlaceholder}}`);
  }, 60_000);

  it("refuses a task the example never calls, listing the ones it does", async () => {
    const io = capture();
    expect(await main(["prompts", "sentimental", "--data", BUNDLED, "--task", "nope"], io)).toBe(2);
    expect(io.err.join("")).toMatch(/--task nope: the example made no call to it; its tasks: sentimental\.mms-description, /);
  }, 60_000);
});

/**
 * The Blackboard's prompt set (src/blackboard/prompts/paper/*.md, one file per
 * agent task): a promptDir copy makes a run send byte for byte what the
 * built-in set sends (same prompt hashes, same task versions), an edited file
 * changes only its own task's prompts, and a bad file fails on load naming
 * the file and line — a run with it fails before any agent runs.
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { blackboardConfigSchema } from "../../src/blackboard/config";
import { BLACKBOARD_PROMPT_FILES, builtinBlackboardPromptDir, resolveBlackboardPrompts } from "../../src/blackboard/prompt-set";
import { BUILTIN_TASKS, promptTasks } from "../../src/blackboard/tasks";
import { bundledDataDir } from "../../src/data/paths";
import { OfflineModel } from "../../src/llm/offline";
import { TemplateError, type PlaceholderSpec } from "../../src/llm/prompts/template";
import { RecordingModel } from "../../src/llm/recording";
import { runExperiment } from "../../src/run/runner";
import { useTempDirs } from "./helpers/temp-dirs";

const tempDir = useTempDirs();

function copyOfPaper(): string {
  const dir = tempDir("bb-prompts-");
  cpSync(builtinBlackboardPromptDir("paper"), dir, { recursive: true });
  return dir;
}

/** One rebalance of two tickers: every agent task is called (debates included). */
const SMALL = ["maxTickers=2", "start=2025-01-02", "end=2025-01-03"];

/** [task, version, prompt hash] of every call of a small offline run, sorted (threads run concurrently). */
async function promptsOf(set: string[]): Promise<string[]> {
  const recorder = new RecordingModel(new OfflineModel({ seed: 7 }), { keepMessages: false });
  await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), set: [...SMALL, ...set], modelInstance: recorder });
  return recorder.prompts.map((p) => `${p.task} v${p.version} ${p.hash}`).sort();
}

describe("Blackboard prompt set", () => {
  it("the built-in set holds one file per task, every placeholder documented", () => {
    const files = readdirSync(builtinBlackboardPromptDir("paper"))
      .filter((f) => f.endsWith(".md"))
      .map((f) => f.slice(0, -3))
      .sort();
    expect(files).toEqual(Object.keys(BLACKBOARD_PROMPT_FILES).sort());
    for (const spec of Object.values<PlaceholderSpec>(BLACKBOARD_PROMPT_FILES)) {
      expect(spec.inputJson?.required).toBe(true);
      for (const doc of Object.values(spec)) expect(doc.doc.length).toBeGreaterThan(5);
    }
    expect(promptTasks({ prompts: "paper", promptDir: "" })).toBe(BUILTIN_TASKS);
    const shape = blackboardConfigSchema.parse({});
    expect([shape.prompts, shape.promptDir]).toEqual(["paper", ""]);
  });

  it("a run with a promptDir copy sends exactly what the built-in set sends; an edited file changes only its task", async () => {
    const builtin = await promptsOf([]);
    expect(new Set(builtin.map((p) => p.split(" ")[0])).size).toBe(11);
    const dir = copyOfPaper();
    expect(await promptsOf([`promptDir=${dir}`])).toEqual(builtin);
    const trader = path.join(dir, "trader.md");
    writeFileSync(trader, readFileSync(trader, "utf8").replace("You are the trader.", "You are the desk's trader."));
    const edited = await promptsOf([`promptDir=${dir}`]);
    const changed = new Set(edited.filter((p) => !builtin.includes(p)).map((p) => p.split(" ")[0]));
    expect([...changed]).toEqual(["blackboard.trader"]);
  });

  it("rejects an unknown placeholder naming the file and the line, a misspelt file and a missing one", () => {
    const dir = copyOfPaper();
    const file = path.join(dir, "researcher.md");
    const lines = readFileSync(file, "utf8").split("\n");
    const at = lines.findIndex((l) => l.includes("{{ticker}}"));
    lines[at] = lines[at]!.replace("{{ticker}}", "{{tickr}}");
    writeFileSync(file, lines.join("\n"));
    const load = () => resolveBlackboardPrompts({ prompts: "paper", promptDir: dir });
    expect(load).toThrow(TemplateError);
    expect(load).toThrow(`${file}:${at + 1}: unknown placeholder {{tickr}}`);
    cpSync(path.join(builtinBlackboardPromptDir("paper"), "researcher.md"), file);
    writeFileSync(path.join(dir, "risk-jugde.md"), "<!-- user -->\n{{inputJson}}");
    expect(load).toThrow(/risk-jugde\.md: unknown prompt file risk-jugde\.md/);
    rmSync(path.join(dir, "risk-jugde.md"));
    rmSync(path.join(dir, "risk-judge.md"));
    expect(load).toThrow(/missing prompt file risk-judge\.md \(copy a whole built-in set/);
  });

  it("a file without its input fails on load, and a run with a bad promptDir fails before any agent runs", async () => {
    const dir = copyOfPaper();
    const file = path.join(dir, "analyst-news.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("{{inputJson}}", "(the news left out)"));
    expect(() => resolveBlackboardPrompts({ prompts: "paper", promptDir: dir })).toThrow(/analyst-news\.md: missing required placeholder \{\{inputJson\}\}/);
    writeFileSync(file, "<!-- system -->\nYou are the {{side}} news analyst.\n<!-- user -->\n{{inputJson}}\n");
    const recorder = new RecordingModel(new OfflineModel({ seed: 7 }));
    const run = runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), set: [...SMALL, `promptDir=${dir}`], modelInstance: recorder });
    await expect(run).rejects.toThrow(/analyst-news\.md:2: unknown placeholder \{\{side\}\}/);
    expect(recorder.prompts).toHaveLength(0);
  });
});

/**
 * FinMem's prompt sets (src/finmem/prompts/<set>/*.md): a promptDir copy of a
 * built-in set renders byte for byte what the built-in set renders (same
 * prompt hashes, same task versions); a bad file fails on load naming the file
 * and line; a run with a bad promptDir fails before its first day.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { finmemConfigSchema, loopOptionsFromConfig, resolveWindows } from "../../src/finmem/config";
import { runFinMem } from "../../src/finmem/loop";
import { builtinFinMemPromptDir, FINMEM_PROMPT_FILES, FINMEM_PROMPT_SET_NAMES, resolveFinMemPrompts } from "../../src/finmem/prompt-set";
import type { ExtendedReflectionInput, ShownMemories, SummarizeInput, TestReflectionInput, TrainReflectionInput } from "../../src/finmem/reflection-io";
import { finmemTasks, type FinMemTasks } from "../../src/finmem/tasks";
import { OfflineModel } from "../../src/llm/offline";
import { TemplateError } from "../../src/llm/prompts/template";
import { promptHash } from "../../src/llm/recording";
import { HashingEmbedder } from "../../src/text/embedding";

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function copyOf(set: "authors" | "neutral"): string {
  const dir = mkdtempSync(path.join(tmpdir(), `finmem-prompts-${set}-`));
  dirs.push(dir);
  cpSync(builtinFinMemPromptDir(set), dir, { recursive: true });
  return dir;
}

const memories: ShownMemories = {
  shallow: [
    { id: 3, date: "2021-01-04", kind: "news", text: "Azure grew 50%. (Sentiment: positive)", score: 1.9 },
    { id: 7, date: "2021-01-05", kind: "news", text: "Shares slipped on a {{brace}} rumour.", score: 1.7 },
  ],
  intermediate: [{ id: 1, date: "2020-10-27", kind: "10-Q", text: "Revenue +12%.\nMargins held.", score: 1.4 }],
  deep: [],
  reflection: [{ id: 9, date: "2021-01-04", kind: "reflection", text: "Momentum carried the day.", score: 1.2 }],
};
const base = {
  ticker: "MSFT",
  date: "2021-01-06",
  profile: "You are an experienced trader of Microsoft (MSFT).",
  memories,
  toneBase: { news: null, reflection: null, filing: {} },
};
const summarize: SummarizeInput[] = [
  { ticker: "MSFT", date: "2021-01-06", kind: "news", text: "Microsoft beat estimates.", sentences: 2 },
  { ticker: "MSFT", date: "2021-01-06", kind: "10-Q", text: "Item 2. Revenue rose.", sentences: 4 },
];
const train: TrainReflectionInput = { ...base, move: { close: 217.69, nextClose: 212.25, logChange: Math.log(212.25 / 217.69), direction: "down" } };
const tests: TestReflectionInput[] = [null, Math.log(1.013)].map((cumulativeLogChange) => ({
  ...base,
  wording: "authors",
  risk: { mode: "adaptive", state: "averse", instruction: "You are risk-averse." },
  momentum: { window: 3, sign: cumulativeLogChange === null ? 0 : 1, cumulativeLogChange },
}));
const extended: ExtendedReflectionInput = {
  ticker: "MSFT",
  date: "2021-01-08",
  profile: base.profile,
  windowStart: "2021-01-04",
  windowEnd: "2021-01-08",
  marketLogChange: Math.log(1.021),
  records: [
    { date: "2021-01-07", decision: "buy", reason: "News tone above its base.", nextDayLogChange: Math.log(0.99) },
    { date: "2021-01-08", decision: "hold", reason: "Mixed.", nextDayLogChange: null },
  ],
};

/** Every task's prompt hash (the messages an endpoint receives) and version on the sample inputs. */
function fingerprint(tasks: FinMemTasks): Array<[string, number, string]> {
  return [
    ...summarize.map((i) => [tasks.summarize.name, tasks.summarize.version, promptHash(tasks.summarize, i)] as [string, number, string]),
    [tasks.trainReflection.name, tasks.trainReflection.version, promptHash(tasks.trainReflection, train)],
    ...tests.map((i) => [tasks.testReflection.name, tasks.testReflection.version, promptHash(tasks.testReflection, i)] as [string, number, string]),
    [tasks.extendedReflection.name, tasks.extendedReflection.version, promptHash(tasks.extendedReflection, extended)],
  ];
}

describe("FinMem prompt sets", () => {
  it.each(FINMEM_PROMPT_SET_NAMES)("a promptDir copy of the %s set renders exactly what the built-in set renders", (set) => {
    const builtin = finmemTasks(resolveFinMemPrompts({ prompts: set, promptDir: "" }));
    const copy = finmemTasks(resolveFinMemPrompts({ prompts: set, promptDir: copyOf(set) }));
    expect(copy.set.label).not.toBe(set);
    expect(fingerprint(copy)).toEqual(fingerprint(builtin));
    for (const input of tests) expect(copy.testReflection.render(input)).toEqual(builtin.testReflection.render(input));
    expect(copy.testReflection.version).toBe(set === "neutral" ? 3 : 2);
  });

  it("shows every layer with its ids, and the two sets differ only in the test decision", () => {
    const authors = finmemTasks(resolveFinMemPrompts({ prompts: "authors", promptDir: "" }));
    const neutral = finmemTasks(resolveFinMemPrompts({ prompts: "neutral", promptDir: "" }));
    const user = authors.trainReflection.render(train)[1]!.content;
    expect(user).toContain('cite ids in "middle_memory_index":\n  [id 1] (2020-10-27, 10-Q) Revenue +12%.\nMargins held.\n\nLong-term');
    expect(user).toContain('cite ids in "long_memory_index":\n  (none)\n\n');
    expect(user).toContain("a {{brace}} rumour"); // inserted text is never read as a template
    const differing = fingerprint(authors)
      .filter((row, i) => row[2] !== fingerprint(neutral)[i]![2])
      .map((row) => row[0]);
    expect(differing).toEqual(["finmem.reflect.test", "finmem.reflect.test"]);
  });

  it("rejects an unknown placeholder naming the file and the line, and a misspelt file", () => {
    const dir = copyOf("authors");
    const file = path.join(dir, "reflect-test.md");
    const lines = readFileSync(file, "utf8").split("\n");
    const at = lines.findIndex((l) => l.startsWith("Date: {{date}}"));
    lines[at] = lines[at]!.replace("{{ticker}}", "{{tickr}}");
    writeFileSync(file, lines.join("\n"));
    const load = () => resolveFinMemPrompts({ prompts: "authors", promptDir: dir });
    expect(load).toThrow(TemplateError);
    expect(load).toThrow(`${file}:${at + 1}: unknown placeholder {{tickr}}`);
    cpSync(path.join(builtinFinMemPromptDir("authors"), "reflect-test.md"), file);
    writeFileSync(path.join(dir, "reflect-tset.md"), "<!-- user -->\nx");
    expect(load).toThrow(/reflect-tset\.md: unknown prompt file reflect-tset\.md/);
  });

  it("rejects a file without a required placeholder and a folder missing a file", () => {
    const dir = copyOf("neutral");
    const file = path.join(dir, "summarize.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("{{text}}", "(text left out)"));
    expect(() => resolveFinMemPrompts({ prompts: "neutral", promptDir: dir })).toThrow(/summarize\.md: missing required placeholder \{\{text\}\}/);
    rmSync(file);
    expect(() => resolveFinMemPrompts({ prompts: "neutral", promptDir: dir })).toThrow(/missing prompt file summarize\.md \(copy a whole built-in set/);
  });

  it("documents every placeholder, and promptDir is a documented config key that reaches the loop", () => {
    for (const spec of Object.values(FINMEM_PROMPT_FILES)) for (const doc of Object.values(spec)) expect(doc.doc.length).toBeGreaterThan(5);
    const folder = DataFolder.open(bundledDataDir());
    const config = resolveWindows(finmemConfigSchema.parse({ promptDir: "my-prompts" }), folder);
    expect(loopOptionsFromConfig(config).promptDir).toBe("my-prompts");
    expect(finmemConfigSchema.parse({}).promptDir).toBe("");
  });

  it("a run with a bad promptDir fails before its first day, naming the file", async () => {
    const dir = copyOf("authors");
    writeFileSync(path.join(dir, "reflect-extended.md"), "<!-- user -->\n{{#records}}{{reason}}\n");
    const folder = DataFolder.open(bundledDataDir());
    const config = resolveWindows(finmemConfigSchema.parse({ promptDir: dir }), folder);
    const model = new OfflineModel({ seed: 7 });
    const run = runFinMem(loopOptionsFromConfig(config), { folder, model, embedder: new HashingEmbedder(), seed: 7 });
    await expect(run).rejects.toThrow(/reflect-extended\.md:2: section \{\{#records\}\} is never closed/);
  });
});

/**
 * Prompt templates (template.ts) and prompt folders (prompt-set.ts): the
 * syntax, the checks made when a file is loaded, and the neutral set
 * rendering byte for byte what the project's prompts were before they moved
 * into files (so `prompts=neutral context=latest` is the earlier protocol).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compileTemplate, renderTemplate, type PlaceholderSpec } from "../../src/llm/index";
import { builtinPromptDir, loadPromptDir, resolvePromptSet, sentimentalTasks, type StatementInput } from "../../src/sentimental/index";

const SPEC: PlaceholderSpec = {
  name: { kind: "text", doc: "who", required: true },
  ok: { kind: "flag", doc: "a flag" },
  items: { kind: "list", doc: "a list", fields: { v: "value" } },
};

const render = (text: string, values: Record<string, unknown>) =>
  renderTemplate(compileTemplate(text, "t.md", SPEC), values as Parameters<typeof renderTemplate>[1]).map((m) => m.content);

describe("template syntax", () => {
  it("inserts values, repeats lists with first/last, shows sections by emptiness, drops comments and standalone tag lines", () => {
    const text = [
      "<!-- a comment line disappears -->",
      "<!-- system -->",
      "Hi {{name}}.",
      "<!-- user -->",
      "{{#items}}",
      "- {{v}}{{#first}} (first){{/first}}{{^last}},{{/last}}",
      "{{/items}}",
      "{{^items}}",
      "(none)",
      "{{/items}}",
      "{{#ok}}flag on{{/ok}}{{^ok}}flag off{{/ok}} <!-- inline comment -->",
      "",
    ].join("\n");
    expect(render(text, { name: "Ada", ok: true, items: [{ v: "a" }, { v: "b" }] })).toEqual(["Hi Ada.", "- a (first),\n- b\nflag on"]);
    expect(render(text, { name: "Ada", ok: false, items: [] })).toEqual(["Hi Ada.", "(none)\nflag off"]);
    // Inserted text is never read as a template.
    expect(render("<!-- user -->\n{{name}}", { name: "{{items}}" })).toEqual(["{{items}}"]);
  });

  it("rejects, naming the file and line: unknown placeholders, lists used as text, missing required ones, unclosed sections, stray braces", () => {
    const fail = (text: string) => () => compileTemplate(text, "dir/statement.md", SPEC);
    expect(fail("<!-- user -->\n{{name}}\n\n{{nmae}}")).toThrow(/^dir\/statement\.md:4: unknown placeholder \{\{nmae\}\}; this file may use: items, name, ok$/);
    expect(fail("<!-- user -->\n{{name}} {{items}}")).toThrow(/statement\.md:2: \{\{items\}\} is a list: use \{\{#items\}\}/);
    expect(fail("<!-- user -->\nno name here")).toThrow(/statement\.md: missing required placeholder \{\{name\}\}/);
    expect(fail("<!-- user -->\n{{name}}\n{{#ok}}\nnever closed")).toThrow(/statement\.md:3: section \{\{#ok\}\} is never closed/);
    expect(fail("<!-- user -->\n{{name}}{{#ok}}{{/items}}")).toThrow(/statement\.md:2: \{\{\/items\}\} closes \{\{#ok\}\}/);
    expect(fail("<!-- user -->\n{{name}}\n{{ oops")).toThrow(/statement\.md:3: a "\{\{" without its closing/);
    expect(fail("<!-- user -->\n{{name}} {{two words}}")).toThrow(/statement\.md:2: malformed placeholder/);
    expect(fail("{{name}}")).toThrow(/statement\.md:1: text before the first message marker/);
    // Item fields exist only inside their list's section.
    expect(fail("<!-- user -->\n{{name}} {{v}}")).toThrow(/unknown placeholder \{\{v\}\}/);
  });
});

describe("prompt folders", () => {
  const copy = (set: "authors" | "neutral") => {
    const dir = mkdtempSync(path.join(tmpdir(), "consilium-promptdir-"));
    cpSync(builtinPromptDir(set), dir, { recursive: true });
    return dir;
  };

  it("the built-in sets load: authors builds the Mental Model in three parts, neutral in one call", () => {
    expect(resolvePromptSet({ prompts: "authors", promptDir: "" }).mentalModel).toBe("three-part");
    expect(resolvePromptSet({ prompts: "neutral", promptDir: "" }).mentalModel).toBe("single");
  });

  it("rejects a misspelt file, a missing one, both Mental Model forms, and a statement template without the resume", () => {
    const dir = copy("authors");
    writeFileSync(path.join(dir, "statment.md"), "<!-- user -->\nx");
    expect(() => loadPromptDir(dir)).toThrow(/statment\.md: unknown prompt file statment\.md/);
    rmSync(path.join(dir, "statment.md"));
    rmSync(path.join(dir, "argumentation.md"));
    expect(() => loadPromptDir(dir)).toThrow(/missing prompt file argumentation\.md \(copy a whole built-in set/);
    cpSync(path.join(builtinPromptDir("authors"), "argumentation.md"), path.join(dir, "argumentation.md"));
    cpSync(path.join(builtinPromptDir("neutral"), "mental-model.md"), path.join(dir, "mental-model.md"));
    expect(() => loadPromptDir(dir)).toThrow(/holds both mental-model\.md and mms-\*\.md/);
    rmSync(path.join(dir, "mental-model.md"));
    const file = path.join(dir, "statement.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("{{resume}}", "(resume left out)"));
    expect(() => loadPromptDir(dir)).toThrow(/statement\.md: missing required placeholder \{\{resume\}\}/);
    expect(() => loadPromptDir(path.join(dir, "nope"))).toThrow(/prompt folder not found/);
  });
});

const advisor = { title: "Chief Financial Officer", short: "CFO" };
const job = { title: "Head of Technology", organization: "Taka Loop", text: "We need a builder.\nRequirements: budgets." };
const mms = { description: "I guard the cash.", priorities: ["cost control", "payback"], evaluationCriteria: ["owned a budget"] };
const candidate = { id: "c1", name: "Ada Obi", passages: ["Led 8 engineers.", "Owned a 1M budget."] };
const peer = (role: string, agent: string, round: number, statement: string) => ({
  agent,
  role,
  round,
  statement,
  arguments: [statement],
  argumentSentiments: [0.1],
  sentiment: 0.1,
});

/** The statement prompt as src/sentimental/tasks.ts wrote it before prompt sets (reference copy). */
function legacyStatement(input: StatementInput): Array<{ role: string; content: string }> {
  const { round, maxRounds, peers, previous } = input;
  const discussion =
    peers.length === 0
      ? "No other advisor has spoken yet (or you are forming your opinion independently)."
      : peers.map((p) => `${p.role} (round ${p.round}): ${p.statement}`).join("\n\n");
  return [
    {
      role: "system",
      content:
        `You are an advisor on the hiring panel of ${job.organization} for the role of ${job.title}. ` +
        "Speak in the first person, stay in your role, and ground every point in the candidate's resume. " +
        'Answer in JSON: {"statement": "<your statement, about 5 distinct points in 4-8 sentences>"}.\n\n' +
        `Job description:\n${job.text}\n\n` +
        `Your role on the panel: ${advisor.title}.\n` +
        `Your Mental Model of Self:\n${mms.description}\n` +
        `Your priorities: ${mms.priorities.join("; ")}.\n` +
        `Your evaluation criteria: ${mms.evaluationCriteria.join("; ")}.`,
    },
    {
      role: "user",
      content:
        `Candidate: ${candidate.name}\nResume:\n${candidate.passages.join("\n")}\n\n` +
        `This is round ${round} of at most ${maxRounds}.\n` +
        (previous ? `Your previous statement:\n${previous.statement}\n\n` : "") +
        `What the other advisors said most recently:\n${discussion}\n\n` +
        `Give your opinion of ${candidate.name} for the ${job.title} role now.`,
    },
  ];
}

// The neutral set is the project's earlier wording with its static part moved
// first (a provider can cache the shared prefix): instructions and job, then the advisor, then the candidate.
describe("the neutral set is the earlier wording, static part first", () => {
  const neutral = sentimentalTasks(resolvePromptSet({ prompts: "neutral", promptDir: "" }));
  const base: StatementInput = {
    advisor,
    mms,
    job,
    candidate,
    round: 1,
    maxRounds: 5,
    peers: [],
    previous: null,
    transcript: [],
    context: "latest",
    opinionLog: [],
  };

  it("statement (context=latest, no opinion log): byte for byte, first turn and later turns", () => {
    expect(neutral.statement.render(base)).toEqual(legacyStatement(base));
    const later: StatementInput = {
      ...base,
      round: 3,
      peers: [peer("VP of Engineering", "VPE", 2, "Strong builder."), peer("Recycling Plant Manager", "RPM", 3, "No plant floor.")],
      previous: { statement: "Budget is thin.", sentiment: -0.2 },
    };
    expect(neutral.statement.render(later)).toEqual(legacyStatement(later));
  });

  it("the other neutral prompts: byte for byte", () => {
    expect(neutral.mentalModel!.render({ advisor, job })).toEqual([
      {
        role: "system",
        content:
          "You create the Mental Model of Self of an advisor agent that will sit on a hiring panel. " +
          "The Mental Model of Self is the advisor's understanding of who it is, what it prioritises and how it evaluates candidates. " +
          'Answer in JSON with the keys "description" (2-4 sentences in the first person), "priorities" (4-6 short phrases) and ' +
          '"evaluationCriteria" (4-6 short phrases naming evidence to look for in a resume).',
      },
      {
        role: "user",
        content:
          `Organization: ${job.organization}\nThe panel is hiring for: ${job.title}\n\n` +
          `Job description:\n${job.text}\n\nYour job title: ${advisor.title}\n\nWrite your Mental Model of Self as this advisor, focused on what you will look for in candidates for this role.`,
      },
    ]);
    expect(neutral.argumentation.render({ statement: "A. B." })[1]).toEqual({ role: "user", content: "Statement:\nA. B." });
    expect(neutral.sentiment.render({ arguments: ["Good.", "Bad."] })[1]).toEqual({ role: "user", content: "1. Good.\n2. Bad." });
  });

  it("two advisors' statements on two candidates share the instructions and the job as a prefix; versions moved with the order", () => {
    const other: StatementInput = {
      ...base,
      advisor: { title: "Chief Executive Officer", short: "CEO" },
      candidate: { ...candidate, id: "other", name: "Other Person", passages: ["Ran a plant."] },
      round: 2,
    };
    const a = neutral.statement
      .render(base)
      .map((m) => m.content)
      .join("\n");
    const b = neutral.statement
      .render(other)
      .map((m) => m.content)
      .join("\n");
    let shared = 0;
    while (shared < a.length && a[shared] === b[shared]) shared++;
    expect(a.slice(0, shared)).toContain(job.text);
    expect(a.slice(0, shared)).not.toContain(advisor.title);
    expect(neutral.statement.version).toBe(3);
    expect(neutral.mentalModel!.version).toBe(2);
    const authors = sentimentalTasks(resolvePromptSet({ prompts: "authors", promptDir: "" }));
    expect(authors.statement.version).toBe(2);
  });
});

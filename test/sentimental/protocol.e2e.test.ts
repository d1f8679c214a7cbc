/**
 * What a real model is sent, read from the requests the
 * loopback OpenAI server recorded: the whole conversation by default and only
 * the latest statements with context=latest, the authors' and the neutral
 * prompt sets, edited templates, the resume, and the opinion log.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Table } from "../../src/core/contract";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { builtinPromptDir, defaultSentimentalConfig, sentimentalExperiment, toCandidate, type SentimentalConfig } from "../../src/sentimental/index";
import { okJson, startFakeOpenAI, type ChatRequestBody, type FakeOpenAI } from "../helpers/fake-openai";
import { kindOf, loopbackContext, said, scriptedAnswers, statementRequests, system, user } from "./helpers";

const CFO = "Chief Financial Officer";
const VPE = "VP of Engineering";
const RPM = "Recycling Plant Manager";

let server: FakeOpenAI;
let answer = scriptedAnswers();
beforeAll(async () => {
  server = await startFakeOpenAI({ chat: (req) => okJson(answer(req)) });
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => {
  server.reset();
  answer = scriptedAnswers();
});

/** One candidate, three advisors, three rounds; tolerance 0 so no conversation ends early. */
const three = (overrides: Partial<SentimentalConfig> = {}) =>
  defaultSentimentalConfig({ candidates: 1, maxRounds: 3, runs: 1, tolerance: 0, retrieval: "tfidf", ...overrides });

async function run(config: SentimentalConfig) {
  return sentimentalExperiment.run(config, loopbackContext(server));
}

/** The prompt text of a statement request (system + user). */
const prompt = (req: ChatRequestBody) => `${system(req)}\n${user(req)}`;

/** Asserts that `texts` appear in `haystack` in this order. */
function expectInOrder(haystack: string, texts: readonly string[]): void {
  let from = -1;
  for (const t of texts) {
    const at = haystack.indexOf(t, from + 1);
    expect(at, `"${t}" after position ${from}`).toBeGreaterThan(from);
    from = at;
  }
}

const table = (tables: Table[], name: string): Table => tables.find((t) => t.name === name)!;

describe("what an advisor is shown of the conversation", () => {
  it("round 3, context=transcript (default): every earlier statement, in order, with speaker names", async () => {
    await run(three());
    const statements = statementRequests(server);
    expect(statements).toHaveLength(9);
    const rpm3 = user(statements[8]!);
    const earlier = [
      [CFO, 1],
      [VPE, 1],
      [RPM, 1],
      [CFO, 2],
      [VPE, 2],
      [RPM, 2],
      [CFO, 3],
      [VPE, 3],
    ] as const;
    expectInOrder(
      rpm3,
      earlier.map(([title, n]) => `${title}: ${said(title, n)}`),
    );
    // The first speaker of round 3 sees the six statements of rounds 1-2, and nothing of round 3 yet.
    const cfo3 = user(statements[6]!);
    expectInOrder(
      cfo3,
      earlier.slice(0, 6).map(([title, n]) => `${title}: ${said(title, n)}`),
    );
    expect(cfo3).not.toContain(said(CFO, 3));
  });

  it("round 3, context=latest: only each peer's latest statement and the advisor's own previous one", async () => {
    await run(three({ context: "latest" }));
    const rpm3 = user(statementRequests(server)[8]!);
    expect(rpm3).toContain(said(CFO, 3));
    expect(rpm3).toContain(said(VPE, 3));
    expect(rpm3).toContain(said(RPM, 2)); // its own previous statement
    for (const gone of [said(CFO, 1), said(CFO, 2), said(VPE, 1), said(VPE, 2), said(RPM, 1)]) expect(rpm3).not.toContain(gone);
  });

  it("independent formation shows an advisor its own statements only", async () => {
    await run(three({ opinionFormation: "independent" }));
    const rpm3 = user(statementRequests(server)[8]!);
    expect(rpm3).toContain(said(RPM, 1));
    expect(rpm3).toContain(said(RPM, 2));
    for (const other of [CFO, VPE]) for (const n of [1, 2, 3]) expect(rpm3).not.toContain(said(other, n));
  });
});

describe("prompt sets", () => {
  it("authors (default) and neutral send different, documented prompts", async () => {
    await run(three({ maxRounds: 1 }));
    const authors = server.chatRequests();
    server.reset();
    answer = scriptedAnswers();
    await run(three({ maxRounds: 1, prompts: "neutral" }));
    const neutral = server.chatRequests();
    // The authors' Mental Model: three short generations per advisor, with the code's 10-word budget.
    expect(authors.filter((r) => kindOf(r).startsWith("mms-")).map(kindOf)).toEqual(
      Array(3).fill(["mms-description", "mms-priorities", "mms-criteria"]).flat(),
    );
    expect(authors.filter((r) => kindOf(r) === "mms-description").every((r) => user(r).includes("no more than 10 words"))).toBe(true);
    expect(neutral.filter((r) => kindOf(r) === "mms")).toHaveLength(3);
    // Framing: feelings stated strongly, persuade and differ; resume and job between start/end markers.
    const a = prompt(authors.find((r) => kindOf(r) === "statement")!);
    for (const phrase of [
      "do not be diplomatic",
      "bring your partners round to your point of view",
      "set it apart from your partners",
      "CANDIDATE RESUME: START",
      "JOB DESCRIPTION: END",
    ]) {
      expect(a).toContain(phrase);
    }
    const n = prompt(neutral.find((r) => kindOf(r) === "statement")!);
    expect(n).toContain("ground every point in the candidate's resume");
    expect(n).not.toContain("diplomatic");
    // The emotional argument splitter vs the tone-keeping one.
    expect(system(authors.find((r) => kindOf(r) === "arguments")!)).toContain("Be emotional");
    expect(system(neutral.find((r) => kindOf(r) === "arguments")!)).toContain("keeping the speaker's wording and tone");
  });

  it("every statement prompt of both sets holds the candidate's whole resume and the job description", async () => {
    const [resume] = DataFolder.open(bundledDataDir()).resumes();
    const passages = toCandidate(resume!).passages;
    const jobText = DataFolder.open(bundledDataDir()).jobs()[0]!.text;
    for (const prompts of ["authors", "neutral"] as const) {
      server.reset();
      answer = scriptedAnswers();
      await run(three({ maxRounds: 2, prompts }));
      const statements = statementRequests(server);
      expect(statements).toHaveLength(6);
      for (const req of statements) {
        const text = prompt(req);
        for (const p of passages) expect(text, `${prompts}: ${p.slice(0, 40)}`).toContain(p);
        expect(text).toContain(jobText.trim().slice(0, 200));
      }
    }
  });

  it("a user's edited copy (promptDir) is what the model receives; a bad edit fails before any request", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "consilium-prompts-"));
    cpSync(builtinPromptDir("authors"), dir, { recursive: true });
    const file = path.join(dir, "statement.md");
    writeFileSync(file, readFileSync(file, "utf8").replace("It is your turn to speak", "EDITED {{advisorShort}}: it is your turn to speak"));
    await run(three({ maxRounds: 1, promptDir: dir }));
    expect(statementRequests(server).map((r) => /EDITED (\w+):/.exec(user(r))?.[1])).toEqual(["CFO", "VPE", "RPM"]);

    server.reset();
    writeFileSync(file, readFileSync(file, "utf8").replace("{{resume}}", "{{resumeText}}"));
    await expect(run(three({ maxRounds: 1, promptDir: dir }))).rejects.toThrow(/statement\.md:\d+: unknown placeholder \{\{resumeText\}\}/);
    expect(server.chatRequests()).toHaveLength(0);
  });
});

describe("opinion memory: which parameters can change what is said", () => {
  it("none (default): alpha never reaches a prompt; log: each advisor sees its own sentiment and opinion series", async () => {
    const prompts = async (config: SentimentalConfig) => {
      server.reset();
      answer = scriptedAnswers();
      const result = await run(config);
      return { texts: statementRequests(server).map(prompt), rounds: table(result.tables, "sentiment_by_round").rows };
    };
    const low = await prompts(three({ alpha: 0.3 }));
    const high = await prompts(three({ alpha: 0.7 }));
    expect(high.texts).toEqual(low.texts);
    expect(low.texts.some((t) => t.includes("opinion log"))).toBe(false);

    const logLow = await prompts(three({ alpha: 0.3, opinionMemory: "log" }));
    const logHigh = await prompts(three({ alpha: 0.7, opinionMemory: "log" }));
    expect(logHigh.texts).not.toEqual(logLow.texts);
    // CFO's round-3 prompt lists its rounds 1 and 2 with the values of the run's own log (2 decimals, signed).
    const cfo = logLow.rounds.filter((r) => r["agent"] === "CFO");
    const fmt = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(2)}`;
    for (const r of cfo.slice(0, 2)) {
      expect(logLow.texts[6]).toContain(`round ${r["round"]}: statement ${fmt(r["sentiment"] as number)}, opinion ${fmt(r["opinion"] as number)}`);
    }
    expect(logLow.texts[0]).not.toContain("opinion log"); // nothing to show before the first statement
  });
});

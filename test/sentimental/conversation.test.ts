import { describe, expect, it } from "vitest";
import { MockModel } from "../../src/llm/index";
import { runConversation, statementSentiment, type Agent, type ConversationSettings } from "../../src/sentimental/conversation";
import type { CandidateInfo, JobInfo, StatementInput } from "../../src/sentimental/index";

/**
 * A scripted model: agent X's statement in round t is "X t", split into one
 * argument, scored by the "llm" sentiment task from a fixed table.
 */
function scriptedModel(sentiments: Record<string, number[]>): MockModel {
  return new MockModel({
    id: "scripted",
    handlers: {
      "sentimental.statement": (s: StatementInput) => ({ statement: `${s.advisor.short} ${s.round}` }),
      "sentimental.argumentation": (input: { statement: string }) => ({ arguments: [input.statement] }),
      "sentimental.sentiment": (input: { arguments: string[] }) => {
        const [agent, round] = input.arguments[0]!.split(" ");
        return { scores: [sentiments[agent!]![Number(round) - 1]!] };
      },
    },
  });
}

const mms = { description: "d", priorities: ["p"], evaluationCriteria: ["c"] };
const agents: Agent[] = [
  { advisor: { title: "Alpha Officer", short: "A" }, mms },
  { advisor: { title: "Beta Officer", short: "B" }, mms },
];
const job: JobInfo = { title: "Head", organization: "Org", text: "text" };
const candidate: CandidateInfo = { id: "c1", name: "Cand", passages: ["p1"] };
const base: ConversationSettings = {
  alpha: 0.5,
  tolerance: 0.01,
  temperature: 1.5,
  maxRounds: 10,
  stopRule: "all-below-tolerance",
  sentiment: "llm",
  opinionFormation: "dynamic",
  seed: 3,
};
// A always says 0.6, B always 0: A's changes 0.3, 0.15, 0.075, 0.0375, 0.01875, 0.009375.
const script = { A: Array(10).fill(0.6), B: Array(10).fill(0) };

describe("runConversation", () => {
  it("Algorithm 1 stop rule: every agent below the tolerance (round 6 here)", async () => {
    const model = scriptedModel(script);
    const conv = await runConversation(model, agents, job, candidate, base);
    expect(conv.rounds).toBe(6);
    expect(conv.stoppedBy).toBe("tolerance");
    expect(conv.turns).toHaveLength(12);
    const a = conv.turns.filter((t) => t.agent === "A");
    expect(a.map((t) => t.opinion)).toEqual([0.3, 0.45, 0.525, 0.5625, 0.58125, 0.590625].map((v) => expect.closeTo(v, 12)));
    expect(a.map((t) => t.change)).toEqual([0.3, 0.15, 0.075, 0.0375, 0.01875, 0.009375].map((v) => expect.closeTo(v, 12)));
    expect(conv.turns.map((t) => `${t.agent}${t.round}`).slice(0, 4)).toEqual(["A1", "B1", "A2", "B2"]);
  });
  it("authors' code stop rule: the first agent below the tolerance ends it (round 1 here)", async () => {
    const conv = await runConversation(scriptedModel(script), agents, job, candidate, { ...base, stopRule: "first-below-tolerance" });
    expect(conv.rounds).toBe(1);
    expect(conv.stoppedBy).toBe("tolerance");
    expect(conv.turns).toHaveLength(2);
    expect(conv.turns.map((t) => t.change)).toEqual([expect.closeTo(0.3, 12), 0]); // B's change 0 < 0.01
  });
  it("max rounds caps the conversation", async () => {
    const conv = await runConversation(scriptedModel(script), agents, job, candidate, { ...base, maxRounds: 3 });
    expect(conv.rounds).toBe(3);
    expect(conv.stoppedBy).toBe("max-rounds");
  });
  it("dynamic formation shows peers' latest statements; independent shows none", async () => {
    const model = scriptedModel(script);
    await runConversation(model, agents, job, candidate, { ...base, maxRounds: 2 });
    const statements = model.callsOf("sentimental.statement").map((c) => c.input as StatementInput);
    expect(statements.map((s) => s.peers.map((p) => `${p.agent}${p.round}`))).toEqual([[], ["A1"], ["B1"], ["A2"]]);
    expect(statements[2]!.previous).toEqual({ statement: "A 1", sentiment: 0.6 });
    expect(model.callsOf("sentimental.statement").every((c) => c.options.temperature === 1.5 && c.options.seed === 3)).toBe(true);
    const independent = scriptedModel(script);
    await runConversation(independent, agents, job, candidate, { ...base, maxRounds: 2, opinionFormation: "independent" });
    expect(independent.callsOf("sentimental.statement").every((c) => (c.input as StatementInput).peers.length === 0)).toBe(true);
  });
  it("vader scoring: S_O is the mean VADER compound of the arguments", async () => {
    const model = scriptedModel(script);
    const conv = await runConversation(model, agents, job, candidate, { ...base, sentiment: "vader", maxRounds: 1 });
    expect(conv.turns[0]!.argumentSentiments).toEqual([0]); // "A 1" has no sentiment words
    expect(model.calls.some((c) => c.task === "sentimental.sentiment")).toBe(false);
  });
});

describe("statementSentiment (eq. 2)", () => {
  it("is the mean of the argument sentiments", () => {
    expect(statementSentiment([0.5, -0.1, 0.2])).toBeCloseTo(0.2, 15);
    expect(statementSentiment([])).toBe(0);
  });
});

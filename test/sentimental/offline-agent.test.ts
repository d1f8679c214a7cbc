import { describe, expect, it } from "vitest";
import { Rng } from "../../src/stats/rng";
import {
  jobKeyTerms,
  offlineMentalModel,
  offlineStatement,
  planStatement,
  priorityCoverage,
  type StatementPolicyInput,
} from "../../src/sentimental/offline-agent";
import { roleProfile, shortRoleLabel } from "../../src/sentimental/roles";
import { argumentationTask } from "../../src/sentimental/tasks";
import type { PeerStatement } from "../../src/sentimental/types";

const job = {
  title: "Head of Technology",
  organization: "Taka Loop Recycling",
  text:
    "We recycle plastics in Nairobi and run a sorting plant. " +
    "You will own the technology budget and vendor contracts with the CFO. " +
    "You will lead software engineers building the collector app and data platform. " +
    "Plant uptime, safety and maintenance matter to us.",
};
const advisor = { title: "Chief Financial Officer", short: "CFO" };
const candidate = {
  id: "c1",
  name: "Ada Obi",
  passages: [
    "Owned a 2 million dollar technology budget and cut vendor costs by 20% through contract negotiation.",
    "Led a team of 12 software engineers building a logistics platform.",
    "Hobbies: chess and running.",
  ],
};

function input(peers: PeerStatement[] = [], previous: StatementPolicyInput["previous"] = null): StatementPolicyInput {
  const mms = offlineMentalModel({ advisor, job }, new Rng(1), 0);
  return { advisor, mms, job, candidate, round: peers.length > 0 ? 2 : 1, peers, previous };
}

describe("roles", () => {
  it("matches the paper's three advisors and abbreviates them", () => {
    expect(roleProfile("Chief Financial Officer").key).toBe("finance");
    expect(roleProfile("VP of Engineering").key).toBe("engineering");
    expect(roleProfile("Recycling Plant Manager").key).toBe("operations");
    expect(roleProfile("Court Jester").key).toBe("generic");
    expect(["Chief Financial Officer", "VP of Engineering", "Recycling Plant Manager"].map(shortRoleLabel)).toEqual(["CFO", "VPE", "RPM"]);
  });
});

describe("offline Mental Model of Self", () => {
  it("combines the role's priorities with the job description's key terms", () => {
    const terms = jobKeyTerms(job.text, roleProfile("Chief Financial Officer").vocabulary, 5);
    expect(terms).toContain("budget");
    const mms = offlineMentalModel({ advisor, job }, new Rng(1), 0);
    expect(mms.priorities).toContain("budget ownership and cost control");
    expect(mms.description).toContain("Chief Financial Officer of Taka Loop Recycling");
    expect(mms.description).toContain("budget");
    expect(mms.priorities.length).toBeGreaterThanOrEqual(4);
    expect(mms.evaluationCriteria.length).toBeGreaterThanOrEqual(4);
  });
  it("is deterministic at temperature 0 and varies with the rng at temperature 1", () => {
    expect(offlineMentalModel({ advisor, job }, new Rng(1), 0)).toEqual(offlineMentalModel({ advisor, job }, new Rng(2), 0));
    const samples = new Set([1, 2, 3, 4, 5, 6].map((s) => JSON.stringify(offlineMentalModel({ advisor, job }, new Rng(s), 1))));
    expect(samples.size).toBeGreaterThan(1);
  });
});

describe("offline statement policy", () => {
  it("grounds the stance in how well the resume covers the priorities", () => {
    expect(priorityCoverage(["budget and cost control"], ["Owned a budget"])).toEqual([1 / 3]); // budget, cost, contro(l)
    const strong = planStatement(input(), new Rng(1), 0);
    const weak = planStatement({ ...input(), candidate: { ...candidate, passages: ["Hobbies: chess and running."] } }, new Rng(1), 0);
    expect(strong.coverage).toBeGreaterThan(weak.coverage);
    expect(strong.stance).toBeGreaterThan(weak.stance);
    // No priority stem in "hobbies chess running": coverage 0, stance tanh(-1.28), all 3 body arguments are concerns.
    expect(weak.coverage).toBe(0);
    expect(weak.stance).toBeCloseTo(Math.tanh(-1.28), 12);
    expect(weak.concerns).toBe(3);
  });
  it("quotes resume passages and splits into about 5 arguments", () => {
    const { statement, plan } = offlineStatement(input(), new Rng(1), 0);
    expect(statement).toContain("Ada Obi");
    // The strength quotes the passage most relevant (TF-IDF) to a covered priority, not the hobbies line.
    expect(statement).toContain("Their background ('Owned a 2 million dollar technology budget");
    expect(statement).not.toContain("chess");
    expect(statement.match(/Their background \('/g)?.length ?? 0).toBe(plan.strengths);
    const args = argumentationTask.offline({ statement }, new Rng(1), { temperature: 0, seed: 1 }).arguments;
    expect(args.length).toBeGreaterThanOrEqual(4);
    expect(args.length).toBeLessThanOrEqual(7);
  });
  it("echo probability grows with the intensity of the peers' sentiment, and peers pull the stance", () => {
    const peer = (s: number): PeerStatement => ({
      agent: "VPE",
      role: "VP of Engineering",
      round: 1,
      statement: "x",
      arguments: ["An argument."],
      argumentSentiments: [s],
      sentiment: s,
    });
    const mild = planStatement(input([peer(0.1)]), new Rng(1), 0);
    const intense = planStatement(input([peer(-0.8)]), new Rng(1), 0);
    // p = min(0.9, 0.15 + 0.9 * mean |peer sentiment|)
    expect(mild.echoProbability).toBeCloseTo(0.15 + 0.09, 12);
    expect(intense.echoProbability).toBeCloseTo(0.15 + 0.72, 12);
    expect(planStatement(input([peer(1), peer(-1)]), new Rng(1), 0).echoProbability).toBe(0.9); // capped
    const alone = planStatement(input(), new Rng(1), 0);
    // Temperature 0: no noise, echo iff p >= 0.5. Alone: stance = tanh(4 (coverage - 0.32)).
    expect(alone.baseStance).toBeCloseTo(Math.tanh(4 * (alone.coverage - 0.32)), 12);
    expect(alone.stance).toBeCloseTo(alone.baseStance, 12);
    expect(alone.echoProbability).toBe(0);
    expect(alone.strengths).toBe(Math.round((3 * (alone.stance + 1)) / 2));
    expect(alone.strengths + alone.concerns).toBe(3);
    // Mild peer (p = 0.24 < 0.5): not echoed; stance + 0.25 x 0.1.
    expect(mild.echoed).toBeNull();
    expect(mild.stance).toBeCloseTo(alone.baseStance + 0.025, 12);
    // Intense peer (p = 0.87): echoed; stance + 0.25 x (-0.8) + 0.2 x (-0.8) = base - 0.36.
    expect(intense.echoed).toEqual({ agent: "VP of Engineering", argument: "An argument.", sentiment: -0.8 });
    expect(intense.stance).toBeCloseTo(alone.baseStance - 0.36, 12);
    // Consistency: 70% own stance, 30% the previous statement's sentiment.
    const withPrevious = planStatement(input([], { statement: "x", sentiment: 0.5 }), new Rng(1), 0);
    expect(withPrevious.stance).toBeCloseTo(0.7 * alone.baseStance + 0.15, 12);
    // Over many seeds an intense peer is echoed far more often than a mild one.
    const echoes = (s: number) => Array.from({ length: 200 }, (_, i) => planStatement(input([peer(s)]), new Rng(i), 1).echoed !== null).filter(Boolean).length;
    expect(echoes(0.9)).toBeGreaterThan(echoes(0.05) + 50);
  });
  it("temperature 0 is deterministic; higher temperature spreads the stance", () => {
    expect(offlineStatement(input(), new Rng(1), 0).statement).toBe(offlineStatement(input(), new Rng(99), 0).statement);
    const stances = (t: number, peers: PeerStatement[] = []) => Array.from({ length: 100 }, (_, i) => planStatement(input(peers), new Rng(i), t).stance);
    const spread = (t: number) => {
      const xs = stances(t);
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
    };
    expect(new Set(stances(0)).size).toBe(1);
    // Temperature 0 also fixes the echo decision (no rng draw decides it).
    const peer: PeerStatement = {
      agent: "RPM",
      role: "Recycling Plant Manager",
      round: 1,
      statement: "x",
      arguments: ["a", "b"],
      argumentSentiments: [0.3, -0.6],
      sentiment: -0.15,
    };
    expect(new Set(stances(0, [peer])).size).toBe(1);
    // Noise sd is 0.2 T before clipping and the 70/30 mix: about 0.1 at T = 0.5 and 0.3 at T = 1.5.
    expect(spread(0.5)).toBeGreaterThan(0.07);
    expect(spread(0.5)).toBeLessThan(0.13);
    expect(spread(1.5)).toBeGreaterThan(2 * spread(0.5));
  });
});

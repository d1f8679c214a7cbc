import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { Rng } from "../../../src/stats/rng";
import { polarityScores } from "../../../src/text/vader";
import { echoClaim } from "../../../src/sentimental/offline/claim-building";
import {
  assessCandidate,
  offlineMentalModel,
  offlineStatement,
  planStatement,
  type StatementPolicyInput,
} from "../../../src/sentimental/offline/offline-agent";
import { advisorLens, titleFocus } from "../../../src/sentimental/offline/role-lens";
import { shortRoleLabel } from "../../../src/sentimental/roles";
import { indefinite, isPersonMention, nounPhrases, readJob, stemOf, stemWeights, yearsAsked } from "../../../src/sentimental/offline/job-reading";
import { assess, claimValue, clausePolarity, readResume, statedYears, statesRole, ROLE_PARTIAL_SCORE } from "../../../src/sentimental/offline/resume-reading";
import { OPENERS, STRENGTHS, echoSentence, fillFrame, gradeFor, quoteOf, renderClaim, type Claim } from "../../../src/sentimental/offline/phrasing";
import { verdictLadder } from "../../../src/sentimental/offline/fit-score";
import { understandEcho } from "../../../src/sentimental/offline/echo";
import { argumentationTask } from "../../../src/sentimental/tasks";
import { bundledDataDir } from "../../../src/data/paths";
import type { JobInfo, PeerStatement } from "../../../src/sentimental/types";
import { mmCopies } from "./expert-counters";

const job: JobInfo = {
  title: "Head of Technology",
  organization: "Taka Loop Recycling",
  text: [
    "About us",
    "We recycle plastics in Nairobi and run a sorting plant.",
    "",
    "Responsibilities",
    "- Run technology budgets and vendor contracts with the CFO.",
    "- Lead software engineers building the collector app and the data platform.",
    "- Keep plant uptime high with predictive maintenance and sensor data.",
    "",
    "Requirements",
    "- 8+ years in technology roles, including 3 years leading engineering teams.",
    "- Experience with mobile money payments.",
    "",
    "What we offer",
    "Equity and a competitive salary.",
  ].join("\n"),
};
const advisor = { title: "Chief Financial Officer", short: "CFO" };
const candidate = {
  id: "c1",
  name: "Ada Obi",
  passages: [
    "Summary: Technology leader with 12 years in software for logistics.",
    "Owned a 2 million dollar technology budget and cut vendor costs by 20% through contract negotiation.",
    "Led a team of 12 software engineers building a logistics platform and a data platform.",
    "Weaknesses and gaps: I have not yet worked with mobile money payments.",
  ],
};

function input(peers: PeerStatement[] = [], previous: StatementPolicyInput["previous"] = null): StatementPolicyInput {
  const mms = offlineMentalModel({ advisor, job }, new Rng(1), 0);
  return { advisor, mms, job, candidate, round: peers.length > 0 ? 2 : 1, peers, previous };
}
const peer = (s: number, args = ["An argument."]): PeerStatement => ({
  agent: "VPE",
  role: "VP of Engineering",
  round: 1,
  statement: args.join(" "),
  arguments: args,
  argumentSentiments: args.map(() => s),
  sentiment: s,
});

describe("job reading", () => {
  it("stems meet across inflections, and articles follow the sound", () => {
    expect(["nursing", "nurses", "nurse"].map(stemOf)).toEqual(["nurs", "nurs", "nurs"]);
    expect(["engineering", "engineers"].map(stemOf)).toEqual(["engin", "engin"]);
    expect(["financial", "finance"].map(stemOf)).toEqual(["financ", "financ"]);
    expect(["HR Executive", "ICU Nurse Lead", "Head of Technology", "engineer"].map(indefinite)).toEqual(["an", "an", "a", "an"]);
  });
  it("reads sections, years, noun phrases and people mentions", () => {
    expect(nounPhrases("Commercial and financial literacy: budgets, unit economics, vendor negotiation")).toEqual([
      "financial literacy",
      "budgets",
      "unit economics",
      "vendor negotiation",
    ]);
    expect(yearsAsked("8+ years in technology roles, including at least 3 years leading teams")).toBe(8);
    expect(yearsAsked("At least 5 years of ICU nursing")).toBe(5);
    expect(yearsAsked("Kiswahili is an advantage")).toBeNull();
    expect(isPersonMention("Plant Manager")).toBe(true);
    expect(isPersonMention("CFO")).toBe(true);
    expect(isPersonMention("engineering teams")).toBe(false);
    const items = readJob(job);
    expect(items.map((r) => r.section)).toEqual([
      "about",
      "responsibilities",
      "responsibilities",
      "responsibilities",
      "requirements",
      "requirements",
      "offer",
      "requirements",
    ]);
    expect(items.find((r) => r.years !== null)?.years).toBe(8);
    expect(items.find((r) => r.section === "offer")?.weight).toBe(0);
    // the collaborator ("the CFO") is not a skill to look for
    expect(items[1]!.topics.map((t) => t.phrase)).not.toContain("CFO");
    // the role itself is an item: the title's domain words, rank words removed
    expect(items.at(-1)!.label).toBe("the work of a Head of Technology");
    expect(items.at(-1)!.stems).toEqual(["techno"]);
    for (const r of items) expect(r.label).not.toMatch(/^(the )?(run|lead|keep|own|set|build)\b/i);
    // nor does a point of a teaching ad start with its verb ("On teach mathematics, ...")
    const teaching = readJob({ title: "Teacher", organization: "X", text: "Requirements\n- Ability to teach mathematics to GCSE and A level." });
    for (const t of teaching.flatMap((r) => r.topics)) expect(t.phrase).not.toMatch(/^teach\b/);
  });
});

describe("advisor lens (title + job text, no role families)", () => {
  it("weighs the items that concern the advisor up, and reads the ad evenly when the title names nothing in it", () => {
    expect(titleFocus("Chief Financial Officer")).toEqual(["financ"]);
    expect(titleFocus("Recycling Plant Manager")).toEqual(["recycl", "plant"]);
    expect(titleFocus("Managing Partner")).toEqual([]);
    const bundled = JSON.parse(readFileSync(`${bundledDataDir()}/jobs/head_of_technology.json`, "utf8")) as JobInfo;
    const items = readJob(bundled);
    const top = (title: string, short: string) => advisorLens({ title, short }, items).items[0]!.requirement.label;
    expect(top("Chief Financial Officer", "CFO")).toBe("financial literacy and unit economics");
    expect(top("VP of Engineering", "VPE")).toBe("engineering teams and technology roles");
    expect(top("Recycling Plant Manager", "RPM")).toBe("sorting-line automation and predictive maintenance");
    const jester = advisorLens({ title: "Court Jester", short: "CJ" }, items);
    expect(jester.generic).toBe(true);
    // evenly: weight = section weight x 0.5
    for (const w of jester.items) expect(w.weight).toBeCloseTo(w.requirement.weight * 0.5, 12);
    expect(["Chief Financial Officer", "VP of Engineering", "Recycling Plant Manager"].map(shortRoleLabel)).toEqual(["CFO", "VPE", "RPM"]);
  });
});

describe("resume reading", () => {
  it("reads each clause's own polarity", () => {
    expect(clausePolarity("I have not yet managed capital expenditure above 500,000 dollars")).toBe("limitation");
    expect(clausePolarity("No experience with PLC programming")).toBe("limitation");
    expect(clausePolarity("Never missed a regulatory deadline in six years")).toBe("claim");
    // A company's legal suffix is a name, not a limitation (a B.E line glued to "Tata Consultancy Services Limited" was
    // read as one, and its degree went unread: a blind read); "limited" experience still is.
    expect(clausePolarity("B.E Computer Engineering, Mumbai University SAP Developer, Tata Consultancy Services Limited")).toBe("claim");
    expect(clausePolarity("Sales Officer, Ray Engineering Private Limited (2016-2018)")).toBe("claim");
    expect(clausePolarity("Limited exposure to SAP HANA so far")).toBe("limitation");
    expect(clausePolarity("My experience of field sales is limited")).toBe("limitation");
    expect(clausePolarity("Zero harm: no lost-time incidents in 4 years")).toBe("claim");
    expect(clausePolarity("Designed an offline-first protocol that works without network coverage")).toBe("claim");
    expect(clausePolarity("Not only led the team but also owned the budget")).toBe("claim");
    expect(clausePolarity("NMC registration in progress")).toBe("limitation");
    expect(clausePolarity("I have worked with plant sensors only at the weighbridge")).toBe("limitation");
    expect(clausePolarity("I would bring stability and strong relationships")).toBe("aspiration");
    expect(clausePolarity("Python- Exprience - Less than 1 year months")).toBe("claim");
    const r = readResume(["Weaknesses and gaps: my largest team so far is 8 people. Education: BSc.", "ICU registered nurse for 9 years."]);
    expect(r.clauses.map((c) => c.polarity)).toEqual(["limitation", "claim", "claim"]);
    expect(r.years).toBe(9);
    expect(statedYears("Skills: Python- Exprience - 24 months; SQL - Less than 1 year")).toBe(2);
    expect(statedYears("Born 40 years ago")).toBeNull();
  });
  it("meets the job title's own item only with a role or years held, not with a degree or a passing mention", () => {
    const bundled = JSON.parse(readFileSync(`${bundledDataDir()}/jobs/head_of_technology.json`, "utf8")) as JobInfo;
    const items = readJob(bundled);
    const weights = stemWeights(items);
    const role = items.find((r) => r.role)!;
    expect(role.label).toBe("the work of a Head of Technology");
    const clause = (text: string) => ({ passage: 0, text, stems: new Set<string>(), polarity: "claim" as const });
    expect(statesRole(clause("Technology lead with 10 years building field software"))).toBe(true);
    expect(statesRole(clause("Head of Engineering, SokoTaka Waste Solutions, Nairobi (2019-present)"))).toBe(true);
    expect(statesRole(clause("BSc Information Technology, Kenyatta University (2008)"))).toBe(false);
    expect(statesRole(clause("I connect business cases with technology delivery"))).toBe(false);
    // A line of study is no role: its dates are years of study, its subject words no title (a blind read: an M.Sc "with
    // specialization in Organizational Behaviour" was "good experience with the work of an HR Executive").
    expect(statesRole(clause("July 2016 to October 2018 M.Sc Psychology with specialization in Organizational Behaviour"))).toBe(false);
    expect(statesRole(clause("Specialist nurse, July 2016 to October 2018"))).toBe(true);
    const degree = assess(readResume(["Education: BSc Information Technology, Kenyatta University (2008)."]), role, weights);
    expect(degree.verdict).toBe("partial");
    expect(degree.support!.score).toBe(ROLE_PARTIAL_SCORE);
    expect(degree.coverage).toBe(ROLE_PARTIAL_SCORE);
    const held = assess(readResume(["Technology lead with 10 years building field software for farmers."]), role, weights);
    expect(held.verdict).toBe("met");
  });
  it("never takes a limitation as support, and says missing only when no clause speaks to the point", () => {
    const items = readJob(job);
    const weights = stemWeights(items);
    const reading = readResume(candidate.passages);
    const byText = (t: string) =>
      assess(
        reading,
        items.find((r) => r.text.includes(t))!,
        weights,
      );
    const money = byText("mobile money");
    expect(money.verdict).toBe("gap");
    expect(money.support).toBeNull();
    expect(money.limitation?.clause.text).toContain("not yet worked with mobile money");
    expect(money.value).toBe(-0.7);
    const budget = byText("technology budgets");
    expect(budget.verdict).toBe("met");
    expect(budget.support?.clause.text).toContain("2 million dollar technology budget");
    expect(budget.value).toBeCloseTo(claimValue(budget.support!.score), 12);
    const years = byText("8+ years");
    expect(years.years).toEqual({ asked: 8, stated: 12 });
    expect(years.verdict).toBe("met");
    const junior = assess(
      readResume(["Junior developer with 2 years of experience."]),
      items.find((r) => r.years !== null)!,
      weights,
    );
    expect(junior.verdict).toBe("gap");
    expect(junior.value).toBe(-0.8);
    const nothing = assess(
      readResume(["Chess and running."]),
      items.find((r) => r.text.includes("predictive"))!,
      weights,
    );
    expect(nothing.verdict).toBe("missing");
    expect(claimValue(0.1)).toBeCloseTo(-0.25, 12);
    expect(claimValue(0.35)).toBeCloseTo(0.5, 12);
    expect(claimValue(0.9)).toBe(1);
  });
});

describe("offline Mental Model of Self", () => {
  it("is written for the advisor: the musts first, then its heaviest items by their noun phrases, never the ad's sentences", () => {
    const mms = offlineMentalModel({ advisor, job }, new Rng(1), 0);
    // the bullet's leadership years are a must of their own
    expect(mms.priorities.slice(0, 2)).toEqual(["8+ years in technology roles (a must of the ad)", "3+ years of leading engineering teams (a must of the ad)"]);
    // an item by its one most specific noun phrase, never two of the ad's phrases paired with "and"
    expect(mms.priorities[2]).toBe("a record on vendor contracts");
    expect(mms.description).toContain("Chief Financial Officer of Taka Loop Recycling");
    expect(mms.description).toContain("vendor contracts");
    expect(mms.description).toContain("the ad's musts: 8+ years in technology roles; 3+ years of leading engineering teams.");
    expect(mms.description).not.toMatch(/ and /);
    expect(mms.evaluationCriteria).toContain("8+ years in technology roles, from the years the resume states for that work");
    for (const line of [mms.description, ...mms.priorities, ...mms.evaluationCriteria])
      expect(mmCopies([{ description: line, priorities: [], evaluationCriteria: [] }], job.text)).toEqual([]);
  });
  it("is deterministic at temperature 0 and varies with the rng at temperature 1", () => {
    expect(offlineMentalModel({ advisor, job }, new Rng(1), 0)).toEqual(offlineMentalModel({ advisor, job }, new Rng(2), 0));
    const samples = new Set([1, 2, 3, 4, 5, 6].map((s) => JSON.stringify(offlineMentalModel({ advisor, job }, new Rng(s), 1))));
    expect(samples.size).toBeGreaterThan(1);
  });
});

describe("offline statement policy", () => {
  it("grounds the stance in the assessment: coverage = sum w v / sum w, stance = tanh(4 (fit score - 0.3))", () => {
    const a = assessCandidate(input());
    const total = a.items.reduce((s, x) => s + x.weight, 0);
    expect(a.coverage).toBeCloseTo(a.items.reduce((s, x) => s + x.weight * x.evidence.value, 0) / total, 12);
    const strong = planStatement(input(), new Rng(1), 0);
    const weak = planStatement({ ...input(), candidate: { ...candidate, passages: ["Hobbies: chess and running."] } }, new Rng(1), 0);
    const fit = assessCandidate(input()).fit;
    expect(fit.score).toBeCloseTo(fit.match + 0.5 * fit.focus + 0.2 * fit.evidence, 12);
    expect(fit.evidence).toBe(strong.coverage);
    expect(strong.baseStance).toBeCloseTo(Math.tanh(4 * (fit.score - 0.3)), 12);
    expect(strong.stance).toBeGreaterThan(0.3);
    expect(weak.stance).toBeLessThan(-0.5);
    expect(weak.concerns).toBe(3);
  });
  it("quotes claims as strengths and limitations as concerns, in about 5 arguments", () => {
    const { statement, plan, claims } = offlineStatement(input(), new Rng(1), 0);
    // never named: a lexicon scores names too
    expect(statement).not.toContain("Ada");
    expect(statement).toContain("Head of Technology role");
    expect(statement).toContain("2 million dollar technology budget");
    expect(statement).not.toContain("chess");
    const args = argumentationTask.offline({ statement }, new Rng(1), { temperature: 0, seed: 1 }).arguments;
    // opener, musts, body (as many strengths and concerns as the plan asks, as far as the evidence allows), any restated
    // decision, verdict (which closes with the decision): one argument per claim
    expect(args.length).toBe(claims.length);
    const body = claims.filter((c) => !["opener", "reason", "verdict", "echo"].includes(c.kind) && !c.kind.startsWith("must-"));
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(plan.strengths + plan.concerns);
    const weakStatement = offlineStatement(
      { ...input(), candidate: { ...candidate, passages: ["I have never worked with budgets or vendor contracts."] } },
      new Rng(1),
      0,
    );
    expect(weakStatement.statement).toContain("the resume itself says 'I have never worked with budgets or vendor contracts'");
    expect(weakStatement.statement).not.toMatch(/(strong|outstanding|superb|excellent)/);
  });
  it("echo probability grows with the peers' intensity; peers pull the stance; an agreeing echo pulls more", () => {
    const alone = planStatement(input(), new Rng(1), 0);
    expect(alone.echoProbability).toBe(0);
    expect(alone.stance).toBeCloseTo(alone.baseStance, 12);
    const mild = planStatement(input([peer(0.1)]), new Rng(1), 0);
    expect(mild.echoProbability).toBeCloseTo(0.15 + 0.09, 12);
    expect(mild.echoed).toBeNull();
    expect(mild.stance).toBeCloseTo(Math.min(1, alone.baseStance + 0.025), 12);
    expect(planStatement(input([peer(1), peer(-1)]), new Rng(1), 0).echoProbability).toBe(0.9);
    // A general concern (no requirement named) is not answered: an answer would state the peer's overall view from one
    // sentence of it. The peers still pull the stance (conformity), and no echo adds to it.
    const intense = planStatement(input([peer(-0.8, ["I have doubts about Ada Obi."])]), new Rng(1), 0);
    expect(intense.echoProbability).toBeCloseTo(0.87, 12);
    expect(intense.echoed).toBeNull();
    expect(intense.reply).toBeNull();
    expect(intense.stance).toBeCloseTo(alone.baseStance - 0.2, 12);
    // A concern about a real gap (mobile money): agreed with, and pulled by 0.2 x its sentiment.
    const gap = planStatement(input([peer(-0.8, ["The candidate has no experience with mobile money payments."])]), new Rng(1), 0);
    expect(gap.reply?.relation).toBe("agree");
    expect(gap.reply?.evidence?.requirement.text).toContain("mobile money");
    expect(gap.stance).toBeCloseTo(alone.baseStance - 0.2 - 0.16, 12);
    const withPrevious = planStatement(input([], { statement: "x", sentiment: 0.5 }), new Rng(1), 0);
    expect(withPrevious.stance).toBeCloseTo(0.7 * alone.baseStance + 0.15, 12);
    // (an argument on a point of the ad that takes a side in its own words, as the tones given here do; one whose own
    // words take none is no argument to answer)
    const onPoint = ["On mobile money payments, the candidate has a good record."];
    const echoes = (s: number) =>
      Array.from({ length: 200 }, (_, i) => planStatement(input([peer(s, onPoint)]), new Rng(i), 1).echoed !== null).filter(Boolean).length;
    expect(echoes(0.9)).toBeGreaterThan(echoes(0.05) + 50);
  });
  it("temperature 0 is deterministic; higher temperature spreads the stance", () => {
    expect(offlineStatement(input(), new Rng(1), 0).statement).toBe(offlineStatement(input(), new Rng(99), 0).statement);
    const stances = (t: number) => Array.from({ length: 100 }, (_, i) => planStatement(input(), new Rng(i), t).stance);
    const spread = (t: number) => {
      const xs = stances(t);
      const m = xs.reduce((a, b) => a + b, 0) / xs.length;
      return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / xs.length);
    };
    expect(new Set(stances(0)).size).toBe(1);
    // noise sd 0.05 T, less where the stance is clipped at 1
    expect(spread(0.5)).toBeGreaterThan(0.008);
    expect(spread(0.5)).toBeLessThan(0.033);
    expect(spread(1.5)).toBeGreaterThan(2 * spread(0.5));
  });
});

describe("phrasing", () => {
  const voice = { name: "Ada Obi", title: "Head of Technology", role: "Chief Financial Officer" };
  const items = readJob(job);
  const weights = stemWeights(items);
  const reading = readResume(candidate.passages);
  const evidence = items.filter((r) => r.weight > 0).map((r) => assess(reading, r, weights));
  const met = evidence.find((e) => e.verdict === "met" && e.support)!;
  const gap = evidence.find((e) => e.verdict === "gap")!;
  const claimOf = (kind: Claim["kind"], e: typeof met, grade: number, decision: Claim["decision"] = "probe"): Claim => ({
    kind,
    item: { id: e.requirement.id, label: e.requirement.label },
    cited: [e.support ?? e.limitation]
      .flatMap((x) => (x === null ? [] : [x]))
      .map((x) => ({ text: x.clause.text, polarity: x.clause.polarity, score: x.score, quote: quoteOf(x.clause.text) })),
    score: null,
    threshold: null,
    decision,
    grade,
  });
  it("strengths read positive and concerns negative to VADER, at every stance; openers and verdicts follow the decision", () => {
    for (let k = 0; k < 40; k++) {
      const stance = -1 + (2 * k) / 39;
      const rng = new Rng(k);
      expect(polarityScores(renderClaim(claimOf("strength", met, stance), voice, rng, 1)).compound, `strength at ${stance}`).toBeGreaterThanOrEqual(0);
      expect(polarityScores(renderClaim(claimOf("gap", gap, stance), voice, rng, 1)).compound).toBeLessThan(0);
    }
    const line = (kind: "opener", decision: Claim["decision"], s: number) =>
      polarityScores(renderClaim({ kind, item: null, cited: [], score: null, threshold: null, decision, grade: gradeFor(decision, s) }, voice, new Rng(1), 0))
        .compound;
    expect(line("opener", "advance", 0.9)).toBeGreaterThan(line("opener", "advance", 0.5));
    expect(line("opener", "advance", 0.5)).toBeGreaterThan(line("opener", "probe", 0));
    expect(line("opener", "probe", 0)).toBeGreaterThan(line("opener", "reject", -0.9));
    // a rejection never opens or closes warmly, whatever the stance
    expect(line("opener", "reject", 0.9)).toBeLessThan(0);
    const verdict = (decision: Claim["decision"], mustLabel: string | null) =>
      verdictLadder({ decision, mustLabel, round: 2, grade: gradeFor(decision, 0.9), lean: -1 });
    for (const must of [null, "Qualified Teacher Status (QTS)"]) expect(verdict("reject", must).at(-1)!.compound).toBeLessThan(0);
    expect(verdict("advance", null)[0]!.compound).toBeGreaterThan(0);
  });
  it("every band of openers and strengths reads more positive than the band below it (VADER)", () => {
    const fillIn = (t: string) =>
      fillFrame(t, { name: "Ada Obi", title: "Head of Technology", role: "Chief Financial Officer", label: "technology budgets", quote: "Owned a budget" });
    for (const bands of [OPENERS, STRENGTHS]) {
      const scores = bands.map(([, lines]) => lines.map((l) => polarityScores(fillIn(l)).compound));
      for (let k = 1; k < scores.length; k++) expect(Math.min(...scores[k - 1]!), bands[k - 1]![1][0]).toBeGreaterThan(Math.max(...scores[k]!));
      for (const [, lines] of bands) for (const l of lines) expect(l).toMatch(/^[A-Z].*[.]$/);
    }
  });
  it("fills a frame's {{slots}} with the template engine, and refuses an unknown slot or a missing value", () => {
    const voice = { name: "Ada Obi", title: "Head of Technology", role: "Chief Financial Officer" };
    expect(fillFrame("On {{label}}, '{{quote}}' ({{title}}).", { ...voice, label: "budgets {{role}}", quote: "<!-- user --> x" })).toBe(
      "On budgets {{role}}, '<!-- user --> x' (Head of Technology).",
    );
    expect(() => fillFrame("On {{lable}}.", voice)).toThrow(/unknown placeholder \{\{lable\}\}/);
    expect(() => fillFrame("On {{label}}.", voice)).toThrow(/no value for \{\{label\}\}/);
  });
  it("quotes a clause whole, as one argument", () => {
    expect(quoteOf("Weaknesses and gaps: I have not owned PLC programming. Nor SCADA.")).toBe("I have not owned PLC programming, Nor SCADA");
    expect(quoteOf("one two three four five six")).toBe("one two three four five six");
  });
  it("an echo answers the peer's point from the speaker's own reading", () => {
    const agreeOnGap = understandEcho(
      { agent: "VP of Engineering", argument: "No mobile money payments in this resume.", sentiment: -0.6, round: 1 },
      evidence,
      new Set(),
      weights,
      0.4,
      "Ada Obi",
    );
    expect(agreeOnGap.relation).toBe("agree");
    // the point the peer made, not another item its words brush against
    expect(agreeOnGap.evidence!.requirement.label).toMatch(/mobile money/);
    expect(echoSentence(echoClaim(agreeOnGap, "probe", 0), voice)).toBe(
      // nothing said of the remit beyond the speaker's priorities (it may still be in its remit)
      `The VP of Engineering is right to worry about ${agreeOnGap.evidence!.requirement.label}.`,
    );
    const disagree = understandEcho(
      { agent: "VP of Engineering", argument: "I see nothing on technology budgets and vendor contracts.", sentiment: -0.5, round: 1 },
      evidence,
      new Set([met.requirement.id]),
      weights,
      0.4,
      "Ada Obi",
    );
    expect(disagree.relation).toBe("disagree");
    expect(disagree.evidence!.requirement.label).toMatch(/budget/);
    const line = echoSentence(echoClaim(disagree, "probe", 0), voice);
    expect(line).toMatch(/^I read .* differently from the VP of Engineering: the resume says '.*2 million dollar technology budget/);
    expect(polarityScores(line).compound).toBeGreaterThan(0);
  });
});

import { offlineContext } from "./helpers";
import { describe, expect, it } from "vitest";
import type { RunContext, Table } from "../../src/core/contract";
import { adoptionOf, analyzeAdoption, conversationSimilarity, findAdoptions, substantiveWords, type AdoptionTurn } from "../../src/sentimental/adoption";
import type { Deliberation, Scenario } from "../../src/sentimental/pipeline";
import { defaultSentimentalConfig, sentimentalExperiment } from "../../src/sentimental/index";

const resume = ["Integrated M-Pesa payouts for 2,400 waste pickers and planned truck routes.", "Connected 14 weighbridges over GSM."];
const vocabulary = substantiveWords(resume, "Head of Technology", "Own M-Pesa payouts, route planning and weighbridge integration.", "Ada Obi", [
  "Chief Financial Officer",
  "VP of Engineering",
]);
const turn = (agent: string, round: number, order: number, args: string[], sentiments = args.map(() => 0.5)): AdoptionTurn => ({
  candidate: "c1",
  agent,
  round,
  order,
  arguments: args,
  argumentSentiments: sentiments,
});
const payouts = "A clear strength: integrated M-Pesa payouts for 2,400 waste pickers.";
const closer = "I support moving this candidate forward.";

describe("argument adoption", () => {
  it("the substantive vocabulary is the resume's and the job's words, not titles or names", () => {
    expect(vocabulary.has("m-pesa")).toBe(true);
    expect(vocabulary.has("weighbridge")).toBe(true);
    expect(vocabulary.has("technology")).toBe(false); // job title
    expect(vocabulary.has("financial")).toBe(false); // an advisor's title
    expect(vocabulary.has("ada")).toBe(false);
    expect(vocabulary.has("support")).toBe(false);
    const sim = conversationSimilarity([payouts, `I agree with the CFO: ${payouts}`, closer, closer], (w) => vocabulary.has(w));
    expect(sim[0]![1]).toBeCloseTo(1, 12);
    // identical stock phrases name nothing substantive: similarity 0, not 1
    expect(sim[2]![3]).toBe(0);
    // one or two shared substantive words are not an argument ("waste pickers matter") either
    expect(conversationSimilarity(["Waste pickers matter.", "Waste pickers matter."], (w) => vocabulary.has(w))[0]![1]).toBe(0);
  });
  it("an argument takes up an earlier argument of another advisor; its own earlier point is not an adoption", () => {
    const turns = [
      turn("CFO", 1, 0, [payouts, closer]),
      turn("VPE", 1, 1, [`I agree with the CFO: ${payouts}`, closer]),
      turn("CFO", 2, 0, ["Connected 14 weighbridges over GSM, which matters for weighbridge integration."]),
      turn("VPE", 2, 1, ["Weighbridges: connected 14 weighbridges over GSM for weighbridge integration.", payouts]),
    ];
    const { adoptions } = findAdoptions(turns, { threshold: 0.5, vocabulary: () => vocabulary });
    // VPE's round-2 payouts line still takes up the CFO's round-1 argument (VPE had not said it before the CFO did).
    expect(adoptions.map((a) => `${a.source.agent}${a.source.round}->${a.adopter.agent}${a.adopter.round}`)).toEqual([
      "CFO1->VPE1",
      "CFO2->VPE2",
      "CFO1->VPE2",
    ]);
    // ...but the CFO repeating its own point after VPE's echo is not an adoption of VPE's line.
    const again = findAdoptions([...turns, turn("CFO", 3, 0, [payouts])], { threshold: 0.5, vocabulary: () => vocabulary }).adoptions;
    expect(again.filter((a) => a.adopter.agent === "CFO")).toEqual([]);
    const strict = findAdoptions(turns, { threshold: 0.99, vocabulary: () => vocabulary }).adoptions;
    expect(strict.length).toBeLessThan(adoptions.length);
  });
  it("tables the share per advisor and round, what spread, and adoption by valence and arousal", () => {
    const turns = [
      turn("CFO", 1, 0, [payouts, closer], [0.8, 0.4]),
      turn("VPE", 1, 1, [`I agree with the CFO: ${payouts}`, closer], [0.7, 0.4]),
      turn("CFO", 2, 0, ["No evidence on route planning for truck routes at all, a real worry."], [-0.5]),
      turn("VPE", 2, 1, ["I share the worry: nothing on route planning for truck routes."], [-0.4]),
    ];
    const a = analyzeAdoption(turns, ["CFO", "VPE"], { threshold: 0.5, vocabulary: () => vocabulary });
    const row = (agent: string, round: number) => a.byRound.find((r) => r.agent === agent && r.round === round)!;
    expect(row("CFO", 1)).toEqual({ agent: "CFO", round: 1, arguments: 2, exposed: 0, adopted: 0, share: NaN });
    expect(row("VPE", 1)).toMatchObject({ arguments: 2, exposed: 2, adopted: 1, share: 0.5 });
    expect(row("VPE", 2)).toMatchObject({ exposed: 1, adopted: 1, share: 1 });
    expect(a.spread.map((s) => [s.source.agent, s.source.round, s.adoptions, s.adopters])).toEqual([
      ["CFO", 1, 1, ["VPE"]],
      ["CFO", 2, 1, ["VPE"]],
    ]);
    const band = (name: string) => a.bySentiment.find((b) => b.band.startsWith(name))!;
    // heard by another advisor later: the CFO's three arguments and VPE's two round-1 ones
    expect(band("positive")).toMatchObject({ exposed: 4, adopted: 1 });
    expect(band("negative")).toMatchObject({ exposed: 1, adopted: 1, share: 1 });
    expect(band("high")).toMatchObject({ exposed: 2, adopted: 1 });
  });
});

describe("adoption of a recorded transcript without its resume and job", () => {
  it("counts every content word (the module's no-vocabulary rule), not no word at all; a gap turn adds no argument", () => {
    const turns = [
      turn("CFO", 1, 0, [payouts, closer]),
      turn("VPE", 1, 1, [`I agree with the CFO: ${payouts}`, closer]),
      { ...turn("CFO", 2, 0, []), argumentSentiments: [] },
    ];
    const scenario = {
      job: { id: "", title: "", organization: "", text: "" },
      candidates: [{ id: "c1", name: "Ada Obi", passages: [] }],
      advisors: [
        { title: "CFO", short: "CFO" },
        { title: "VPE", short: "VPE" },
      ],
    } as unknown as Scenario;
    const deliberation = { conversations: [{ turns }], agents: scenario.advisors.map((advisor) => ({ advisor })) } as unknown as Deliberation;
    const a = adoptionOf(scenario, deliberation, 0.5);
    // with no vocabulary the shared stock closer counts too: the reason a scenario's vocabulary is used when known
    expect(a.adoptions.map((x) => x.adopter.text)).toEqual([`I agree with the CFO: ${payouts}`, closer]);
    expect(a).toEqual(analyzeAdoption(turns, ["CFO", "VPE"], { threshold: 0.5 }));
    // the gap turn (no arguments) adds no argument, and no round of its own
    expect(a.byRound.map((r) => [r.agent, r.round, r.arguments])).toEqual([
      ["CFO", 1, 2],
      ["VPE", 1, 2],
    ]);
  });
});

describe("adoption in a run", () => {
  const ctx = (seed: number): RunContext => offlineContext(seed, 2);
  const table = (tables: Table[], name: string): Table =>
    tables.find((t) => t.name === name) ??
    (() => {
      throw new Error(name);
    })();
  it("reports the tables, the figure and the summary share, and the threshold matters", async () => {
    const config = defaultSentimentalConfig({ candidates: 4, maxRounds: 3, runs: 1 });
    const result = await sentimentalExperiment.run(config, ctx(7));
    const byRound = table(result.tables, "adoption_by_round").rows;
    expect(byRound).toHaveLength(3 * 3);
    const first = byRound.find((r) => r["agent"] === "CFO" && r["round"] === 1)!;
    expect(first["exposed"]).toBe(0);
    const adopted = byRound.reduce((s, r) => s + (r["adopted"] as number), 0);
    const exposed = byRound.reduce((s, r) => s + (r["exposed"] as number), 0);
    expect(adopted).toBeGreaterThan(0);
    expect(result.summary["adoption_share"]).toBeCloseTo(adopted / exposed, 7);
    expect(table(result.tables, "adoption_spread").rows.length).toBeGreaterThan(0);
    expect(table(result.tables, "adoption_by_sentiment").rows.map((r) => r["band"])).toHaveLength(6);
    expect(result.figures.map((f) => f.name)).toContain("figure_adoption");
    const strict = await sentimentalExperiment.run({ ...config, adoptionThreshold: 0.999 }, ctx(7));
    expect(strict.summary["adoption_share"] as number).toBeLessThan(result.summary["adoption_share"] as number);
  });
});

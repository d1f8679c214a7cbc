/**
 * What the musts claim is true of the data: a hiring manager's read of the
 * offline panel on the bundled Head of Technology case found leadership years
 * quoted from a whole career, a narrower denial overriding a led data team, a
 * location requirement never read, and an advantage that shared a bullet
 * with a must. Each is pinned here on the bundled data and on small resumes.
 */
import { describe, expect, it } from "vitest";
import { silentProgress } from "../../../src/core/contract";
import { bundledDataDir } from "../../../src/data/paths";
import { OfflineModel } from "../../../src/llm/offline";
import { defaultSentimentalConfig } from "../../../src/sentimental/config";
import { deliberate, loadScenario } from "../../../src/sentimental/pipeline";
import { checkMust, locationPart, readMusts, type MustRequirement } from "../../../src/sentimental/offline/hard-requirements";
import { mustEvidence } from "../../../src/sentimental/offline/item-evidence";
import { readJob, stemWeights } from "../../../src/sentimental/offline/job-reading";
import { assess, dateRanges, rangeYears, readResume, referenceYear } from "../../../src/sentimental/offline/resume-reading";
import {
  assessCandidate,
  mustRejectStance,
  offlineMentalModel,
  REJECT_AT,
  recordOfflineClaims,
  type OfflineStatement,
} from "../../../src/sentimental/offline/offline-agent";
import { decide } from "../../../src/sentimental/analysis";
import { stanceOf, toneTarget } from "../../../src/sentimental/offline/fit-score";
import { Rng } from "../../../src/stats/rng";

const config = defaultSentimentalConfig({ runs: 1 });
const scenario = loadScenario(config, bundledDataDir(), 7);
const musts = readMusts(readJob(scenario.job));
const must = (pick: (m: MustRequirement) => boolean) => {
  const m = musts.find(pick);
  if (!m) throw new Error(`no such must among ${musts.map((x) => x.label).join(" | ")}`);
  return m;
};
const leading = must((m) => m.leadership === true);
const location = must((m) => m.kind === "location");
const resumeOf = (name: string) => readResume(scenario.candidates.find((c) => c.name === name)!.passages);
const check = (m: MustRequirement, ...passages: string[]) => checkMust(readResume(passages), m);

describe("the bundled ad's musts", () => {
  it("are the two years musts and the location, never the advantages", () => {
    expect(musts.map((m) => [m.kind, m.label])).toEqual([
      ["years", "8+ years in technology roles"],
      ["years", "3+ years of leading engineering teams"],
      ["location", "being willing to be based in Nairobi"],
    ]);
    expect(location.places).toEqual(["Nairobi"]);
    expect(location.text).toBe("Willingness to be based in Nairobi with regular travel to our plants");
  });
  it("splits the advantage off the location bullet: Kiswahili is an item marked advantage, never a must", () => {
    const items = readJob(scenario.job);
    const kiswahili = items.filter((r) => /Kiswahili/.test(r.text));
    expect(kiswahili.map((r) => [r.section, r.text, r.advantage])).toEqual([["requirements", "Kiswahili is an advantage.", true]]);
    expect(musts.some((m) => /Kiswahili/.test(m.text) || /Kiswahili/.test(m.label))).toBe(false);
    const money = items.filter((r) => /mobile money integration/.test(r.text));
    expect(money.map((r) => [r.text, r.advantage])).toEqual([["mobile money integration is a strong plus.", true]]);
    expect(musts.some((m) => /mobile money/.test(m.text))).toBe(false);
    // the bullets' firm parts stay requirements, not advantages
    expect(items.find((r) => r.text.startsWith("Willingness to be based in Nairobi"))!.advantage).toBe(false);
    expect(items.find((r) => r.text.startsWith("A track record of shipping"))!.advantage).toBe(false);
    // an offer's "plus" is no advantage mark; a "Desirable" heading marks its items
    const ad = readJob({
      title: "Analyst",
      organization: "X",
      text: "Requirements\n- 3+ years of analytics work in retail banking.\n\nDesirable\n- A degree in statistics is required.\n\nWhat we offer\n- A competitive salary plus equity.",
    });
    expect(ad.map((r) => [r.text, r.advantage])).toEqual([
      ["3+ years of analytics work in retail banking.", false],
      ["A degree in statistics is required.", true],
      ["A competitive salary plus equity.", false],
      ["Experience in an Analyst role or a close equivalent", false],
    ]);
    expect(readMusts(ad).map((m) => m.label)).toEqual(["3+ years of analytics work in retail banking"]);
  });
});

describe("a leadership must reads only leadership evidence", () => {
  it("Amina Hassan: cites her denial of leading, never her 2 years of career", () => {
    const amina = checkMust(resumeOf("Amina Hassan"), leading);
    expect(amina.status).toBe("lacking");
    expect(amina.stated).toBeNull();
    expect(amina.clause?.text).toMatch(/I have never led a team/);
  });
  it("a resume with no evidence of leading shows no years of it, whatever its career", () => {
    expect(check(leading, "Junior developer with 2 years of experience.")).toMatchObject({ status: "lacking", stated: null, clause: null });
    expect(check(leading, "Software engineer with 9 years in fintech.")).toMatchObject({ status: "lacking", stated: null });
  });
  it("Mei Lin Tan: a led team with data engineers under her dated role meets it; the narrower denial does not override it", () => {
    const reading = resumeOf("Mei Lin Tan");
    // "present" is the latest year the resume names (the 2021 innovation award), read from the text, not the clock
    expect(reading.referenceYear).toBe(2021);
    const mei = checkMust(reading, leading);
    expect(mei.status).toBe("met");
    expect(mei.stated).toBe(2021 - 2017);
    expect(mei.clause?.text).toBe("Lead a team of 5 data scientists and 2 data engineers.");
    expect(reading.clauses.some((c) => /I have not led software product teams/.test(c.text) && c.polarity === "limitation")).toBe(true);
  });
  it("a clause under a dated role inherits its range; a broad denial still lacks it", () => {
    const role = "Lead Data Scientist, Acme (2015-present). Lead a team of 5 data scientists and 2 data engineers. Award (2020).";
    expect(check(leading, role, "Weaknesses: I have not led software product teams.")).toMatchObject({ status: "met", stated: 5 });
    expect(check(leading, role, "Weaknesses: I have never led a team.")).toMatchObject({ status: "lacking", stated: null });
    // with no evidence of leading, the narrower denial lacks it, cited
    const narrower = check(leading, "Data analyst with 6 years.", "Weaknesses: I have not led software product teams.");
    expect(narrower.status).toBe("lacking");
    expect(narrower.clause?.text).toMatch(/software product teams/);
  });
  it("engineering teams: engineers of any field and developers count, a finance team or a team of analysts does not", () => {
    const under = (title: string, team: string) => check(leading, `${title}, Acme (2010-2020).`, team);
    expect(under("Automation Manager", "Managed a controls team of 4 engineers and 12 technicians.")).toMatchObject({ status: "met", stated: 10 });
    expect(under("Delivery Manager", "Lead 9 developers and a tester.")).toMatchObject({ status: "met", stated: 10 });
    expect(under("Finance Manager", "Managed a finance team of 6 accountants.")).toMatchObject({ status: "lacking", stated: null });
    expect(under("Analytics Manager", "Led a team of 7 data analysts.")).toMatchObject({ status: "lacking", stated: null });
    // leading something that is not a team of the work ("a technology budget") is no evidence
    expect(under("Programme Manager", "Ran a 2 million dollar technology budget.")).toMatchObject({ status: "lacking", stated: null });
  });
  it("reads month forms of ranges, with the career's reader agreeing", () => {
    const months = ["Engineering Manager, Acme (Sep 2018 - Mar 2022)."];
    expect(check(leading, ...months)).toMatchObject({ status: "met", stated: 3.5 });
    expect(rangeYears(months)).toBe(3.5);
    const slash = ["Engineering Manager, Acme (03/2019 - present).", "Award (2023)."];
    expect(check(leading, ...slash)).toMatchObject({ status: "met", stated: 4 - 2 / 12 });
    expect(rangeYears(slash)).toBe(4 - 2 / 12);
    expect(check(leading, "Head of Engineering, Acme (2019-22).")).toMatchObject({ status: "met", stated: 3 });
    expect(check(leading, "Head of Engineering, Acme (Jun 2020 - Mar 2022).")).toMatchObject({ status: "lacking", stated: 1.75 });
    expect(dateRanges("Analyst (May 2014 to May 2016); Lead (2016 to till date)", 2020).map((r) => [r.start, r.end, r.open])).toEqual([
      [2014 + 4 / 12, 2016 + 4 / 12, false],
      [2016, 2020, true],
    ]);
    // an ISO date is no range, and the reference year is the text's latest
    expect(dateRanges("Signed 2010-12-01.", 2020)).toEqual([]);
    expect(referenceYear("Engineer (2015-19). Lead (2019-22).")).toBe(2022);
  });
});

describe("a location must", () => {
  it("is read from 'based in', 'relocate to' and 'on site in' items, not from a place elsewhere in an item", () => {
    expect(locationPart("Willingness to be based in Nairobi with regular travel to our plants")).toEqual({
      label: "being willing to be based in Nairobi",
      places: ["Nairobi"],
    });
    expect(locationPart("Willing to relocate to Kisumu or Mombasa")).toEqual({
      label: "being willing to relocate to Kisumu or Mombasa",
      places: ["Kisumu", "Mombasa"],
    });
    expect(locationPart("Must work on site in Athi River three days a week")?.places).toEqual(["Athi River"]);
    expect(locationPart("Experience managing vendors based in India")).toBeNull();
  });
  it("Richard Lindqvist's preference against the move is no refusal: to check, citing his own clause; a refusal lacks it", () => {
    // Two blind reads: "I would prefer to split time ... rather than relocate full time" is a preference for an
    // interview to settle, not a failed hard requirement.
    const richard = checkMust(resumeOf("Richard Lindqvist"), location);
    expect(richard.status).toBe("unverified");
    expect(check(location, "I would rather stay in Stockholm than relocate.").status).not.toBe("met");
    expect(check(location, "I am unwilling to relocate for this role.").status).toBe("lacking");
    expect(richard.clause?.text).toMatch(/I would prefer to split time between Stockholm and Nairobi rather than relocate full time/);
  });
  it("is met by a resume that places the candidate there or will move there, unverified when it is silent", () => {
    expect(check(location, "Data analyst based in Nairobi.").status).toBe("met");
    expect(check(location, "Engineer, Acme, Nairobi (2019-present).").status).toBe("met");
    expect(checkMust(resumeOf("Priya Raman"), location)).toMatchObject({ status: "met" });
    expect(checkMust(resumeOf("Priya Raman"), location).clause?.text).toMatch(/willing to relocate to Nairobi/);
    // a willingness to move that names no place says nothing of this place (Mei Lin Tan: "open to relocation for the
    // right mission"): unverified, and the check cites it so that the statement quotes it as a point to check
    expect(check(location, "I am open to relocation for the right role.")).toMatchObject({
      status: "unverified",
      clause: { text: "I am open to relocation for the right role." },
    });
    const mei = checkMust(resumeOf("Mei Lin Tan"), location);
    expect(mei.status).toBe("unverified");
    expect(mei.clause?.text).toMatch(/open to relocation for the right mission/);
    // "would need to relocate" says neither yes nor no (Tom\u00e1s Herrera), but it speaks to the move: the check cites it,
    // so that the statement quotes it instead of saying the resume does not state the must either way
    const tomas = checkMust(resumeOf("Tom\u00e1s Herrera"), location);
    expect(tomas.status).toBe("unverified");
    expect(tomas.clause?.text).toMatch(/would need to relocate with my family/);
    // a move made or led is no move still to come: nothing to cite
    expect(check(location, "Relocated from Lagos to Accra in 2019.", "Led the relocation of our data centre.").clause).toBeNull();
    const silent = check(location, "Data analyst with 6 years in retail.", "I would bring rigour to the team.");
    expect(silent).toMatchObject({ status: "unverified", clause: null });
    // a past role there does not place the candidate there now; a refusal to move elsewhere is no refusal of this post
    expect(check(location, "Engineer, Acme, Nairobi (2010-2014).").status).toBe("unverified");
    expect(check(location, "I am not willing to relocate to London.").status).toBe("unverified");
    expect(check(location, "I am not willing to relocate.").status).toBe("lacking");
    // moving a database or into management is no move of home
    expect(check(location, "I have never had to move a production database.").status).toBe("unverified");
    expect(check(location, "I am happy to move fast and ready to move into management.").status).toBe("unverified");
    // having lived there once does not place the candidate there now
    expect(check(location, "I lived in Nairobi as a student.").status).toBe("unverified");
  });
});

describe("the score counts a must as its check reads it", () => {
  const job = scenario.job;
  const itemOf = (name: string, title: string) => {
    const advisor = scenario.advisors.find((a) => a.title === title)!;
    const mms = offlineMentalModel({ advisor, job }, new Rng(1), 0);
    const candidate = scenario.candidates.find((c) => c.name === name)!;
    const a = assessCandidate({ advisor, mms, job, candidate, round: 1, peers: [], previous: null });
    return a.items.find((x) => x.evidence.requirement.id === location.requirement.id)!.evidence;
  };
  it("Priya Raman's 'willing to relocate to Nairobi' meets the location item the must check says she meets, for every advisor", () => {
    for (const advisor of scenario.advisors) {
      const e = itemOf("Priya Raman", advisor.title);
      expect(e.verdict, advisor.title).toBe("met");
      expect(e.support?.clause.text).toMatch(/willing to relocate to Nairobi/);
      expect(e.value).toBeGreaterThan(0);
    }
  });
  it("a refusal is a gap in the item; a location the resume speaks to without settling is in part, to check", () => {
    const weights = stemWeights(readJob(job));
    const refused = readResume(["Data analyst with 6 years in Lagos.", "I am not willing to relocate."]);
    const check = checkMust(refused, location);
    expect(check.status).toBe("lacking");
    expect(mustEvidence(assess(refused, location.requirement, weights), check).verdict).toBe("gap");
    for (const advisor of scenario.advisors) {
      // "would need to relocate with my family", "open to relocation for the right mission": the statement says it is to
      // be checked, and the count says it in part, not unmet
      for (const name of ["Tom\u00e1s Herrera", "Mei Lin Tan", "Richard Lindqvist"]) {
        const e = itemOf(name, advisor.title);
        expect(e.verdict, name).toBe("partial");
        expect(e.value, name).toBeGreaterThanOrEqual(0);
      }
    }
  });
  it("a limitation of only the item's qualifiers is no gap in it: 'never worked with ... plant data' says nothing of being willing to be based in Nairobi", () => {
    const weights = stemWeights(readJob(job));
    const reading = readResume(["Weaknesses and gaps: I have never worked with PLCs, sensors or plant data."]);
    const e = assess(reading, location.requirement, weights);
    expect(e.verdict).toBe("missing");
    // the head itself denied is a gap
    expect(assess(readResume(["Data analyst in Lagos.", "I have never lived in Nairobi."]), location.requirement, weights).verdict).toBe("gap");
  });
});

describe("the bundled run says it", () => {
  it("every statement on Amina names her denial for the leadership must, none quotes her career as leading; Richard is told the location must", async () => {
    const records: OfflineStatement[] = [];
    const names: string[] = [];
    recordOfflineClaims((r) => {
      records.push(r.result);
      names.push(r.input.candidate.name);
    });
    try {
      await deliberate(scenario, { ...config, maxRounds: 1 }, { model: new OfflineModel({ seed: 7 }), progress: silentProgress, concurrency: 2 }, 7);
    } finally {
      recordOfflineClaims(null);
    }
    const of = (name: string) => records.filter((_, i) => names[i] === name);
    expect(of("Amina Hassan").length).toBeGreaterThan(0);
    for (const r of of("Amina Hassan")) {
      expect(r.statement).toContain("The ad makes 3+ years of leading engineering teams a must and the resume itself says 'I have never led a team");
      expect(r.statement).not.toMatch(/leading engineering teams a must and the resume shows 2 years/);
    }
    expect(of("Richard Lindqvist").length).toBeGreaterThan(0);
    for (const r of of("Richard Lindqvist")) {
      expect(r.plan.decision).not.toBe("advance");
      expect(r.statement).toMatch(
        /The ad makes being willing to be based in Nairobi a must, and the resume shows '[^']*rather than relocate full time', which I would need to check/,
      );
    }
    for (const r of of("Mei Lin Tan")) expect(r.statement).not.toMatch(/leading engineering teams a must/);
  }, 60_000);
});

describe("a rejection on musts speaks colder for each must it fails", () => {
  it("mustRejectStance stays in the reject span, falls with the musts lacking and rises with the evidence", () => {
    expect(mustRejectStance(0.9, 1, 3)).toBeCloseTo(-0.6 - (0.1 * 0.05) / 3, 12);
    expect(mustRejectStance(0.9, 2, 3)).toBeCloseTo(-0.6 - 0.4 / 3 - (0.1 * 0.05) / 3, 12);
    expect(mustRejectStance(-1, 3, 3)).toBeCloseTo(-1, 12);
    expect(mustRejectStance(0.2, 1, 3)).toBeGreaterThan(mustRejectStance(-0.2, 1, 3));
    expect(mustRejectStance(0.4, 0, 3)).toBe(0.4);
    // Among candidates whose evidence clears the reject bar, failing two musts never speaks warmer than failing one.
    expect(mustRejectStance(REJECT_AT + 1e-9, 1, 3)).toBeGreaterThanOrEqual(mustRejectStance(1, 2, 3));
    for (const s of [-1, -0.9, -0.7, REJECT_AT, -0.3, 0, 0.5, 1]) {
      for (const [k, n] of [
        [1, 1],
        [1, 3],
        [2, 3],
        [3, 3],
      ] as const) {
        const stance = mustRejectStance(s, k, n);
        expect(stance).toBeLessThanOrEqual(Math.min(s, REJECT_AT)); // never warmer than the evidence, never above the bar
        expect(stance).toBeGreaterThanOrEqual(-1);
      }
    }
  });
  it("a near miss on a must speaks warmer than a resume of another trade rejected on its score", () => {
    // A network administrator with 2 of the 3 years asked (score 0.45, the ad's one must) against a resume the
    // advisor's reading scores 0.1 with every must met: both rejected, the near miss less coldly.
    expect(mustRejectStance(stanceOf(0.45), 1, 1)).toBeGreaterThan(stanceOf(0.1));
    expect(toneTarget(mustRejectStance(stanceOf(0.45), 1, 1), "reject")).toBeGreaterThan(toneTarget(stanceOf(0.1), "reject"));
    // ... and a must-reject whose score is itself worthless speaks no warmer than that resume
    expect(mustRejectStance(stanceOf(0.05), 1, 1)).toBeLessThanOrEqual(stanceOf(0.1));
  });
  it("on the bundled run, Amina Hassan (two musts failed) ends below every candidate who fails one", async () => {
    const d = await deliberate(scenario, config, { model: new OfflineModel({ seed: 7 }), progress: silentProgress, concurrency: 2 }, 7);
    const decision = decide(d, config);
    const of = (name: string) => {
      const i = decision.candidates.indexOf(scenario.candidates.find((c) => c.name === name)!.id);
      return { tier: decision.tiers[i]!, rank: decision.borda.rank[i]!, opinions: decision.finalSentiment.map((row) => row[i]!) };
    };
    const amina = of("Amina Hassan");
    expect(amina.tier).toBe(3);
    // Joseph Mwangi and David Otieno lack the leadership must
    for (const name of ["Joseph Mwangi", "David Otieno"]) {
      const other = of(name);
      expect(other.tier, name).toBe(3);
      expect(Math.min(...other.opinions), name).toBeGreaterThan(Math.max(...amina.opinions));
      expect(other.rank, name).toBeLessThan(amina.rank);
    }
  }, 60_000);
});

describe("an unverified years must cites the years the resume states of the work next to it", () => {
  // A blind read, twice: "The ad makes 5+ years of teaching secondary mathematics a must, which the resume does not
  // state either way" of a resume that states 10 years of teaching physics in secondary schools.
  const [teaching] = readMusts(
    readJob({
      title: "Head of Chemistry",
      organization: "X",
      text: "Requirements\n- At least 5 years of experience teaching secondary chemistry.\n- A record of improving results.",
    }),
  );
  it("cites the clause with years of the neighbouring work, and none where no clause states years of it", () => {
    expect(teaching).toMatchObject({ kind: "years", label: "5+ years of teaching secondary chemistry" });
    const biology = check(teaching!, "Biology teacher with 12 years in secondary schools.", "Teach biology and some Year 8 chemistry.");
    expect(biology).toMatchObject({ status: "unverified", clause: { text: "Biology teacher with 12 years in secondary schools." } });
    const plain = check(teaching!, "Teach biology and some Year 8 chemistry.", "Tutor at a weekend club.");
    expect(plain.status).toBe("unverified");
    expect(plain.clause).toBeNull();
  });
});

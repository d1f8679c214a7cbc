/**
 * Corpus checks over whole offline runs: what an expert reading the
 * transcripts would object to. Bundled scenario (Head of Technology) and the
 * second bundled scenario (ICU Nurse Lead), the latter with the paper's
 * advisors (titles that name nothing in the ad) and with its own panel.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { silentProgress } from "../../../src/core/contract";
import { bundledDataDir } from "../../../src/data/paths";
import { OfflineModel } from "../../../src/llm/offline";
import { defaultSentimentalConfig, type SentimentalConfig } from "../../../src/sentimental/config";
import { deliberate, loadScenario, type Scenario } from "../../../src/sentimental/pipeline";
import { decide } from "../../../src/sentimental/analysis";
import { readJob, stemWeights, stemsOf, type Requirement } from "../../../src/sentimental/offline/job-reading";
import { assess, clausePolarity, evidenceScore, readResume, statesRole, PARTIAL_SCORE } from "../../../src/sentimental/offline/resume-reading";
import { TOPIC_MATCH } from "../../../src/sentimental/offline/echo";
import { offlineMentalModel } from "../../../src/sentimental/offline/offline-agent";
import { advisorLens } from "../../../src/sentimental/offline/role-lens";
import { Rng } from "../../../src/stats/rng";
import type { Turn } from "../../../src/sentimental/types";

const ICU = path.join(bundledDataDir(), "scenarios", "icu-nurse-lead");
const ICU_PANEL = ["Chief Nursing Officer", "ICU Medical Director", "Director of Quality and Patient Safety"];

async function run(config: SentimentalConfig, dataDir: string, seed: number) {
  const scenario = loadScenario(config, dataDir, seed);
  const deliberation = await deliberate(scenario, config, { model: new OfflineModel({ seed }), progress: silentProgress, concurrency: 2 }, seed);
  return { scenario, deliberation, turns: deliberation.conversations.flatMap((c) => c.turns) };
}

const STRENGTH =
  /(record on .* is (superb|outstanding|strong)|this candidate is (superb|outstanding|excellent|impressive)|good experience with|useful evidence on|some experience with|there is some evidence on|is convincing evidence|which is a real strength|which is good evidence|among the (?:candidate's )?skills|lists a degree the ad accepts|which the ad would welcome:)/;
const NEGATION_CUES = /\b(not|never|no|lack\w*|limited|yet|without)\b|n't\b/i;
/** A verb where a noun phrase must stand ("a good match for worked with ...", "the record on run budgets"). */
const PAST_VERB =
  /\b(on|about|with|of|for|is|as)\s+(led|ran|built|worked|managed|designed|improved|negotiated|scaled|applied|automated|reported|communicated|mentored|reduced|delivered|owned|supported|introduced|implemented|handled|developed|created|tracked|hired|grew|kept|took|made|shipped|run|lead|own|set|build|work|hire|keep|manage|develop|design|ensure|deliver|precept|represent)\b/i;
/** "a" before a vowel sound or a letter-by-letter acronym that starts with one ("a ICU", "a NMC"), "an" before a consonant sound. */
const WRONG_ARTICLE =
  /\b[Aa] (?!one\b|once\b|uni|use|usu|eu)(?:[aeio][a-z]|[AEFHILMNORSX][A-Z]+\b)|\b[Aa]n (?![aeiou]|[AEFHILMNORSX][A-Z]+\b|hour|honest)[a-zA-Z]/;
const MISSING = /^(I found nothing in the resume on (.+), which the ad asks for|The resume is silent on (.+), a weakness for this role)/;

/** The quotations of an argument ('...'), and the argument with them removed. */
function quotes(argument: string): { quoted: string[]; outside: string } {
  const quoted = [...argument.matchAll(/'([^']*(?:'[a-z][^']*)*)'/g)].map((m) => m[1]!);
  return { quoted, outside: argument.replace(/'[^']*(?:'[a-z][^']*)*'/g, "''") };
}

/** Requirements whose label occurs in a sentence, longest first. */
function labelsIn(sentence: string, requirements: readonly Requirement[]): Requirement[] {
  return requirements.filter((r) => sentence.includes(r.label)).sort((a, b) => b.label.length - a.label.length);
}

function checkCorpus(scenario: Scenario, turns: readonly Turn[]) {
  const requirements = readJob(scenario.job);
  const weights = stemWeights(requirements);
  const readings = new Map(scenario.candidates.map((c) => [c.id, readResume(c.passages)]));
  const role = requirements.find((r) => r.role);
  const problems: string[] = [];
  let strengths = 0;
  for (const t of turns) {
    for (const a of t.arguments) {
      const where = `${t.candidate} ${t.agent} r${t.round}: ${a}`;
      if (!/^[A-Z]/.test(a) || !/[.]$/.test(a) || /\{|\}|undefined|NaN|null|\s{2}/.test(a)) problems.push(`not a clean sentence: ${where}`);
      const { quoted, outside } = quotes(a);
      if (PAST_VERB.test(outside)) problems.push(`dangling fragment: ${where}`);
      if (WRONG_ARTICLE.test(outside)) problems.push(`wrong article: ${where}`);
      if (STRENGTH.test(outside)) {
        strengths++;
        for (const q of quoted) {
          if (clausePolarity(q) === "limitation" || NEGATION_CUES.test(q)) problems.push(`weakness quoted as a strength: ${where}`);
        }
        // praise on the job title's own item quotes a role or years held, not a degree or a passing mention of the field
        if (role && labelsIn(outside, requirements)[0] === role) {
          const head = (q: string) => q.replace(/ \.\.\.$/, "").slice(0, 30);
          for (const q of quoted) {
            const source = readings.get(t.candidate)!.clauses.find((c) => c.text.replace(/\s+/g, " ").includes(head(q)));
            if (source && !statesRole(source)) problems.push(`a degree or passing mention praised as the work itself: ${where}`);
          }
        }
      }
      const missing = MISSING.exec(a);
      if (missing) {
        for (const r of labelsIn(a, requirements).slice(0, 1)) {
          const e = assess(readings.get(t.candidate)!, r, weights);
          if ((e.support?.score ?? 0) >= PARTIAL_SCORE) problems.push(`"nothing on" a point the resume speaks to: ${where}`);
        }
      }
    }
  }
  return { problems, strengths };
}

/** Every echo names a peer who spoke earlier, and a named point is one that peer's latest statement made. */
function checkEchoes(scenario: Scenario, turns: readonly Turn[]) {
  const requirements = readJob(scenario.job);
  const weights = stemWeights(requirements);
  const roles = scenario.advisors.map((a) => a.title);
  const problems: string[] = [];
  let echoes = 0;
  for (const t of turns) {
    const earlier = turns.filter((u) => u.candidate === t.candidate && (u.round < t.round || (u.round === t.round && u.order < t.order)));
    for (const a of t.arguments) {
      const role = roles.find((r) => r !== t.role && a.includes(`the ${r}`));
      if (!role || !/^(I agree|I am more worried|I read|The .* (is right|has a fair point)|Like the|I share the doubts|I am more positive)/.test(a)) continue;
      echoes++;
      const latest = earlier.filter((u) => u.role === role).at(-1);
      if (!latest) {
        problems.push(`echo of a peer who has not spoken: ${t.candidate} ${t.agent} r${t.round}: ${a}`);
        continue;
      }
      // The speaker's own profile (", with 5 of the 9 points I weigh met, above all ...") names its points, not the peer's.
      const named = labelsIn(quotes(a).outside.split(/, with \d+ of the \d+ points I weigh met/)[0]!, requirements)[0];
      if (!named) continue;
      const spoke = latest.arguments.some((arg) => evidenceScore(named, new Set(stemsOf(arg)), weights) >= TOPIC_MATCH);
      if (!spoke) problems.push(`echo about a point the ${role} did not make (${named.label}): ${a}`);
    }
  }
  return { problems, echoes };
}

describe("offline corpus: the bundled scenario (10 candidates, 5 rounds)", () => {
  it("no weakness quoted as a strength, no dangling fragment, no 'nothing on' a point the resume covers, echoes answer the peer", async () => {
    const { scenario, turns } = await run(defaultSentimentalConfig({ runs: 1 }), bundledDataDir(), 7);
    expect(turns.length).toBe(150);
    const corpus = checkCorpus(scenario, turns);
    expect(corpus.problems).toEqual([]);
    // fewer than before: a rejecting statement praises nothing, three candidates fail a must (the leadership years; the
    // one who would rather split his time with Stockholm is to be checked, not refused), and "met" needs the item's head
    // (56 strengths when this was written; 50 once a skills list or a plus the ad would welcome was said without praise,
    // and an answer to a peer's answer was no longer made)
    expect(corpus.strengths).toBeGreaterThanOrEqual(45);
    const echoes = checkEchoes(scenario, turns);
    expect(echoes.problems).toEqual([]);
    // only answers on a point the peer named in its own words (19 when this was written; general answers are not said,
    // nor answers to a peer's own answer: 14 since; nor to an argument whose own words take no side, such as a skill
    // the resume lists or partial support: 10 since; 13 before an advancing verdict's words followed its score and a
    // probe's its side of the bars, 7 since: the closing phrase lands f(A) on its target over a narrower range, and
    // the tone fit leaves out more warm sentences to get there)
    expect(echoes.echoes).toBeGreaterThanOrEqual(7);
  });
});

describe("offline corpus: an unseen scenario (ICU Nurse Lead)", () => {
  it.each([
    ["the paper's advisors", defaultSentimentalConfig({ runs: 1, resumes: "data", candidates: 8 }), 7],
    ["its own panel", defaultSentimentalConfig({ runs: 1, resumes: "data", candidates: 8, advisors: ICU_PANEL }), 11],
  ] as const)("with %s: clean corpus, and the ideal candidate is never told the ICU evidence is missing", async (_, config, seed) => {
    const { scenario, deliberation, turns } = await run(config, ICU, seed);
    expect(scenario.job.id).toBe("icu_nurse_lead");
    const corpus = checkCorpus(scenario, turns);
    expect(corpus.problems).toEqual([]);
    expect(checkEchoes(scenario, turns).problems).toEqual([]);
    for (const a of deliberation.agents) {
      for (const line of [a.mms.description, ...a.mms.priorities, ...a.mms.evaluationCriteria]) expect(line, a.advisor.title).not.toMatch(WRONG_ARTICLE);
    }
    const ideal = turns.filter((t) => t.candidate === "icu-01");
    expect(ideal.length).toBeGreaterThan(0);
    for (const t of ideal) {
      for (const a of t.arguments) {
        expect(a).not.toMatch(/(nothing|silent|never says).*(ICU|intensive|critical care)/i);
        expect(a).not.toMatch(/^(The candidate has a gap|A real weakness).*(ICU|critical care nursing)/);
      }
    }
    // the panel puts the ideal candidate in its top two, the new graduate and the non-nurse in its bottom three
    const d = decide(deliberation, config);
    const rank = (id: string) => d.borda.rank[d.candidates.indexOf(id)]!;
    expect(rank("icu-01")).toBeLessThanOrEqual(2);
    expect(rank("icu-07")).toBeGreaterThanOrEqual(6);
  });
});

describe("offline priorities on the unseen scenario come from each advisor's title and the ad", () => {
  // With a fixed table of role families, the clinical titles below would all fall to one default family and read the ad alike.
  it("its own panel: the nursing, the ICU and the quality-and-safety reader each put their own area first, and differ", () => {
    const config = defaultSentimentalConfig({ runs: 1, resumes: "data", candidates: 8, advisors: ICU_PANEL });
    const scenario = loadScenario(config, ICU, 11);
    const requirements = readJob(scenario.job);
    const first = scenario.advisors.map((advisor) => offlineMentalModel({ advisor, job: scenario.job }, new Rng(1), 0).priorities.slice(0, 3));
    const hits = (list: readonly string[], re: RegExp) => list.filter((p) => re.test(p)).length;
    expect(hits(first[0]!, /nurs/i), `Chief Nursing Officer: ${first[0]!.join(" | ")}`).toBeGreaterThanOrEqual(2);
    expect(hits(first[1]!, /\bICU\b|critical care|intensive/i), `ICU Medical Director: ${first[1]!.join(" | ")}`).toBeGreaterThanOrEqual(2);
    expect(hits(first[2]!, /quality|infection|safe|incident|audit|patients/i), `Director of Quality: ${first[2]!.join(" | ")}`).toBeGreaterThanOrEqual(2);
    expect(new Set(first.map((f) => f.join("|"))).size).toBe(3);
    // the item each advisor weighs heaviest holds a word of its own title
    const lenses = scenario.advisors.map((a) => advisorLens(a, requirements));
    expect(lenses.map((l) => l.generic)).toEqual([false, false, false]);
    for (const l of lenses)
      expect(
        l.focus.some((s) => l.items[0]!.requirement.stems.includes(s)),
        l.advisor.title,
      ).toBe(true);
  });
  it("the paper's advisors on the ICU ad: the CFO weighs the nursing budget first, the VP of Engineering reads the ad evenly", () => {
    const config = defaultSentimentalConfig({ runs: 1, resumes: "data", candidates: 8 });
    const scenario = loadScenario(config, ICU, 7);
    const requirements = readJob(scenario.job);
    const [cfo, vpe] = scenario.advisors.map((a) => advisorLens(a, requirements));
    expect(cfo!.items[0]!.requirement.text).toMatch(/budget with the finance team/);
    expect(vpe!.generic).toBe(true);
  });
});

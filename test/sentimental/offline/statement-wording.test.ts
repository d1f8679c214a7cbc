/**
 * How an offline statement reads, beyond whether each claim is true: a
 * hiring manager's blind reading found the advisor's counts three times in
 * one statement, the score's formula in every round, verdicts stacking four
 * adjectives ("a bad, troubling, poor and disappointing case"), a
 * "partial evidence" sentence on the degree a must claim had just called
 * held (checked on the held-out Head of Mathematics run, never tuned to), and "a real weakness for this role is USSD" quoting a clause whose
 * limitation is an exam in progress, and "a gap on Kiswahili ... that worries
 * me" where the ad calls Kiswahili an advantage. Each is asserted away here, on the
 * default run and on the ICU scenario with its own panel.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { silentProgress } from "../../../src/core/contract";
import { bundledDataDir } from "../../../src/data/paths";
import { OfflineModel } from "../../../src/llm/offline";
import { defaultSentimentalConfig, type SentimentalConfig } from "../../../src/sentimental/config";
import { deliberate, loadScenario } from "../../../src/sentimental/pipeline";
import { concernClaim, mustClaims, strengthClaim } from "../../../src/sentimental/offline/claim-building";
import { ADVANCE_SCORE, REJECT_SCORE, TONE_TOLERANCE } from "../../../src/sentimental/offline/fit-score";
import { checkMust, readMusts } from "../../../src/sentimental/offline/hard-requirements";
import { readJob, stemWeights } from "../../../src/sentimental/offline/job-reading";
import { recordOfflineClaims, statementScore } from "../../../src/sentimental/offline/offline-agent";
import { assess, isSkillsList, limitationScope, MET_SCORE, PARTIAL_SCORE, readResume, SILENCE_SCORE } from "../../../src/sentimental/offline/resume-reading";
import { renderClaim } from "../../../src/sentimental/offline/phrasing";
import { answerable, ownTone } from "../../../src/sentimental/offline/echo";
import { Rng } from "../../../src/stats/rng";
import { splitPassages } from "../../../src/text/index";
import type { ClaimRecord } from "./claim-checkers";

const ICU = path.join(bundledDataDir(), "scenarios", "icu-nurse-lead");
const MATHS = path.join(process.cwd(), "test/heldout/sentimental/head-of-maths");
const RUNS: ReadonlyArray<readonly [string, SentimentalConfig, string, number]> = [
  ["default run (bundled, seed 7)", defaultSentimentalConfig({ runs: 1 }), bundledDataDir(), 7],
  [
    "ICU Nurse Lead, its own panel, seed 11",
    defaultSentimentalConfig({
      runs: 1,
      resumes: "data",
      candidates: 8,
      advisors: ["Chief Nursing Officer", "ICU Medical Director", "Director of Quality and Patient Safety"],
    }),
    ICU,
    11,
  ],
  [
    "held-out Head of Mathematics, seed 7",
    defaultSentimentalConfig({ runs: 1, resumes: "data", candidates: 6, advisors: ["Headteacher", "Deputy Headteacher for Curriculum", "Head of Science"] }),
    MATHS,
    7,
  ],
];

async function recorded(config: SentimentalConfig, dataDir: string, seed: number): Promise<ClaimRecord[]> {
  const records: ClaimRecord[] = [];
  recordOfflineClaims((r) => records.push(r));
  try {
    await deliberate(loadScenario(config, dataDir, seed), config, { model: new OfflineModel({ seed }), progress: silentProgress, concurrency: 2 }, seed);
  } finally {
    recordOfflineClaims(null);
  }
  return records;
}

const PROFILE = /points I weigh met/g;

describe.each(RUNS)("offline statements read plainly: %s", (_, config, dataDir, seed) => {
  it("the counts once, the score's parts in round 1 only, verdicts of at most two words, f(A) on its tone", async () => {
    const records = await recorded(config, dataDir, seed);
    expect(records.length).toBeGreaterThan(40);
    let landed = 0;
    let advancing = 0;
    let unbanded = 0;
    let widened = 0;
    const byTurn = new Map(records.map((r) => [`${r.input.advisor.title}|${r.input.candidate.id}|${r.input.round}`, r] as const));
    let answered = 0;
    for (const { input, result } of records) {
      const where = `${input.advisor.short} on ${input.candidate.id} r${input.round}: ${result.statement}`;
      expect((result.statement.match(PROFILE) ?? []).length, where).toBe(1);
      expect(result.sentences[0], where).toMatch(PROFILE);
      expect(result.statement.includes("for how closely the resume's words follow my points"), where).toBe(input.round === 1);
      const verdict = result.sentences.at(-1)!;
      expect(result.claims.at(-1)!.kind).toBe("verdict");
      // "...: a strong and convincing case, and in round 2 I would ...": one or two evaluative words, boosters aside
      expect(verdict, where).toMatch(/: an? (?:(?:very|really|somewhat|slightly) )?[a-z-]+(?: and [a-z-]+)? case, and in round \d+ I would /);
      expect(verdict, where).toContain(`in round ${input.round} I would`);
      // A plus the ad would welcome is never the point a decision rests on.
      const pluses = new Set(
        readJob(input.job)
          .filter((r) => r.advantage)
          .map((r) => r.id),
      );
      for (const c of result.claims) if (c.kind === "reason" && c.item) expect(pluses.has(c.item.id), where).toBe(false);
      // A plus the ad names (Kiswahili "is an advantage") is never a worry when the resume lacks it.
      result.claims.forEach((c, i) => {
        if (c.item?.advantage && (c.kind === "gap" || c.kind === "silent")) expect(result.sentences[i], where).not.toMatch(/worr|problem|weakness|risk/i);
      });
      // A held credential must is said by its must claim only: never again as "partial evidence" on its own item.
      const held = readMusts(readJob(input.job))
        .map((m) => checkMust(readResume(input.candidate.passages), m))
        .filter((m) => m.status === "met" && m.must.kind === "credential")
        .map((m) => m.must.requirement.id);
      for (const c of result.claims) if (c.item && held.includes(c.item.id)) expect(["must-met", "reason"], where).toContain(c.kind);
      const target = result.claims.at(-1)!.verdict!.target;
      if (Math.abs(statementScore(result.statement) - target) <= TONE_TOLERANCE + 1e-9) landed++;
      // Praise in proportion: a superlative verdict only when the resume meets half the advisor's weight or more; a case
      // to test in an interview is never "clear" or "strong".
      const phrase = result.claims.at(-1)!.verdict!.phrase;
      const metShare = result.claims[0]!.context!.metShare;
      if (/\b(excellent|outstanding|superb)\b/.test(phrase)) expect(metShare, where).toBeGreaterThanOrEqual(0.5);
      // The verdict's words follow the score it states (a blind read found "strong and impressive" at 0.40, "very solid
      // and fair" at 1.00, "doubtful" then "fine" at an unchanged 0.26): no praise above "valuable" within 0.1 of the
      // advance bar, nothing milder than "clear" 0.2 or more above it, and a probe warm only at or above the middle of
      // the bars it states. Only where f(A) cannot land near its target with those words does the verdict take the
      // whole ladder (the decision is read from f(A)).
      const closing = result.claims.at(-1)!.verdict!;
      const score = closing.score;
      if (result.plan.decision === "advance") advancing++;
      if (result.plan.decision === "advance" && closing.spec.band === undefined) unbanded++;
      if (result.plan.decision === "advance" && (closing.spec.bandReach ?? 0) > 0) widened++;
      const banded = closing.spec.band !== undefined && (closing.spec.bandReach ?? 0) === 0;
      if (banded && score < ADVANCE_SCORE + 0.1) expect(phrase, where).not.toMatch(/\b(strong|impressive|excellent|outstanding|superb)\b/);
      if (banded && score >= ADVANCE_SCORE + 0.2) expect(phrase, where).not.toMatch(/\b(acceptable|solid|fine|fair|capable)\b/);
      if (result.plan.decision === "probe")
        expect(phrase, where).not.toMatch(
          score >= (ADVANCE_SCORE + REJECT_SCORE) / 2
            ? /\b(cautious|risky|limited|unclear|questionable|uncertain|doubtful|worrying|weak|poor)\b/
            : /\b(solid|fine|adequate|fair|acceptable|capable|promising|good)\b/,
        );
      // ... and the opener's warmest words under the same bar ("outstanding ... delighted" beside a "promising" verdict).
      if (result.plan.decision === "advance" && /\b(outstanding|superb|excellent|delighted)\b/.test(result.sentences[0]!))
        expect(metShare, where).toBeGreaterThanOrEqual(0.5);
      if (result.plan.decision === "probe") expect(phrase, where).not.toMatch(/\b(clear|strong)\b/);
      result.claims.forEach((c, i) => {
        // What an advancing case rests on is a strength it states, never a threshold passed (a blind read: "Above all,
        // holding being based in Nairobi makes this a strong application").
        // ... and never a skill listed ("Above all, the record on M-Pesa payouts makes this a strong application" of a
        // skills list, a second blind read).
        if (c.kind === "reason" && result.plan.decision === "advance" && c.item)
          expect(
            result.claims.some((d) => d.kind === "strength" && !d.listed && d.item?.id === c.item!.id),
            `${where}: ${result.sentences[i]}`,
          ).toBe(true);
        // Without a strength to name, it says it supports the application and praises nothing ("at a score of 0.39, this
        // is a strong fit" did).
        if (c.kind === "reason" && result.plan.decision === "advance" && !c.item)
          expect(result.sentences[i], where).toMatch(
            /^(In round \d+, at a score of [\d.]+, I am glad to support this application and happy to move it forward|With \S+ of the \S+ points I weigh met, I would support this application)\./,
          );
        // A skills list names a skill, it shows no record of it: said as a list, without praise.
        if (c.kind === "strength" && isSkillsList(c.cited[0]!.text)) {
          expect(result.sentences[i], where).toMatch(/among the candidate's skills/);
          expect(result.sentences[i], where).not.toMatch(/outstanding|superb|excellent|impressive|asset/);
        }
        // A plus the ad would welcome is said plainly, after the points the ad asks for.
        if (c.kind === "strength" && c.item?.advantage) {
          expect(result.sentences[i], where).toMatch(/which the ad would welcome/);
          expect(
            result.claims.slice(i + 1).some((d) => d.kind === "strength" && !d.item?.advantage),
            where,
          ).toBe(false);
        }
        // An answer goes to a peer's own point, never to a peer's answer to a third member: the peer's sentence it
        // answers, found in the peer's recorded statement, is no answer itself.
        if (c.kind === "echo") {
          const peer = byTurn.get(`${c.echo!.peerRole}|${input.candidate.id}|${c.echo!.peerRound}`);
          const at = peer ? peer.result.sentences.indexOf(c.echo!.argument) : -1;
          if (at >= 0) {
            answered++;
            expect(peer!.result.claims[at]!.kind, where).not.toBe("echo");
          }
        }
      });
    }
    // The tone fit lands nearly every statement on its target (the order eq. 4 and the Borda count then keep): 0.99, 0.95
    // and 0.83 of them on these runs when this was written; what misses is a probe with a high score and nothing warm to
    // say (a physics teacher's two unverified musts), which its plain words cannot bring up to its tone. Since a
    // verdict's words follow its score (within BAND_TOLERANCE) and a probe keeps its own point, 0.79 on the default run; 0.84 since an advancing case restates only a strength.
    expect(landed / records.length).toBeGreaterThanOrEqual(0.75);
    // Advancing verdicts keep to their score's words but for at most one in five (5 of 30 on the default run when this
    // was written: a statement of neutral points just over the bar needs warm words to reach the advance band). Those
    // now take the words next to their band first (a blind read: "very strong and impressive" at 0.43 came from the
    // whole ladder): none of these runs' advancing verdicts needs the whole ladder (5 of 30 on the default run before, 0
    // of 60 and 0 of 30 on the others), and 5 of 120 go at most 4 words beyond their band.
    expect(unbanded + widened, `${unbanded + widened} of ${advancing} advancing verdicts beyond their band`).toBeLessThanOrEqual(Math.ceil(advancing / 5));
    expect(unbanded, `${unbanded} of ${advancing} advancing verdicts on the whole ladder`).toBeLessThanOrEqual(Math.ceil(advancing / 20));
    expect(answered, "answers to a peer found in the peer's recorded statement").toBeGreaterThan(0);
  }, 60_000);
});

describe("claims on one point", () => {
  it("partial support rests on a phrase of the item, never on one common word it shares with the clause", () => {
    const requirements = readJob({
      title: "Head of Technology",
      organization: "X",
      text: "Requirements\n- Experience presenting to development partners, investors and customers on technology.\n- Commercial literacy: technology budgets and unit economics.",
    });
    const weights = stemWeights(requirements);
    const partners = requirements.find((r) => /partners/.test(r.text))!;
    const literacy = requirements.find((r) => /literacy/.test(r.text))!;
    // "technology" in a degree's name is a shared word: no "On development partners ..., the resume shows technology".
    const degree = concernClaim(assess(readResume(["BSc Information Technology, Kenyatta University (2008)."]), partners, weights), weights, "probe", 0);
    expect(degree?.kind).not.toBe("partial");
    // Nor is a degree in the field part of the post's own work.
    const role = requirements.find((r) => r.role)!;
    expect(concernClaim(assess(readResume(["BSc Information Technology, Kenyatta University (2008)."]), role, weights), weights, "probe", 0)).toBeNull();
    const budget = concernClaim(assess(readResume(["Reviewed technology budgets with the finance team."]), literacy, weights), weights, "probe", 0);
    expect([budget?.kind, budget?.part]).toEqual(["partial", "technology budgets"]);
    // The sentence is about the phrase the clause covers, not the item's other phrases ("commercial literacy").
    const said = renderClaim(budget!, { name: "Ada", title: "Chief Financial Officer", role: "CFO" }, new Rng(1), 0);
    expect(said).toMatch(/^On technology budgets, the resume/);
    expect(said).not.toMatch(/literacy/i);
  });
  it("answers no peer argument whose own words take no side, whatever the tone of the clause it quotes", () => {
    const requirements = readJob({ title: "Head of Technology", organization: "X", text: "Requirements\n- Experience with M-Pesa payouts." });
    const weights = stemWeights(requirements);
    const reading = readResume(["Integrated M-Pesa payouts for 3,000 collectors after a failed audit."]);
    const evidence = [assess(reading, requirements[0]!, weights)];
    const peer = (argument: string, sentiment: number) => ({ agent: "Chief Financial Officer", argument, sentiment, round: 1 });
    // A partial claim's frame is neutral; its f(A) comes from the quote ("failed"): no worry to agree with.
    const partial = peer("On M-Pesa payouts, the resume shows this much: 'Integrated M-Pesa payouts for 3,000 collectors after a failed audit'.", -0.4);
    expect(ownTone(partial, evidence, "Ada Obi")).toBe(0);
    expect(answerable(partial, evidence, "Ada Obi")).toBe(false);
    const praise = peer("On M-Pesa payouts, this candidate is impressive: 'Integrated M-Pesa payouts for 3,000 collectors'.", 0.5);
    expect(answerable(praise, evidence, "Ada Obi")).toBe(true);
  });
  it("calls the resume silent only where no clause, a wish too, speaks to the point even faintly", () => {
    const requirements = readJob({
      title: "Head of Technology",
      organization: "X",
      text: "Requirements\n- A track record of shipping and operating production software in low-connectivity or emerging-market settings.\n- Comfort with data: SQL and dashboards.",
    });
    const weights = stemWeights(requirements);
    const settings = requirements.find((r) => /low-connectivity/.test(r.text))!;
    const faint = assess(readResume(["Wrote my first production feature: SMS delivery notifications through Africa's Talking."]), settings, weights);
    // Below the partial bar, above the silence bar: too faint to count, too plain to call the resume silent.
    expect(faint.support!.score).toBeGreaterThanOrEqual(SILENCE_SCORE);
    expect(faint.support!.score).toBeLessThan(PARTIAL_SCORE);
    expect(concernClaim(faint, weights, "probe", 0)).toBeNull();
    // A wish that names the point is no evidence of it, and no silence either: nothing is said.
    const wish = assess(readResume(["I am motivated by mentoring a new generation of leaders in emerging markets."]), settings, weights);
    expect(wish.aspiration!.score).toBeGreaterThanOrEqual(SILENCE_SCORE);
    expect(concernClaim(wish, weights, "probe", 0)).toBeNull();
    const none = concernClaim(assess(readResume(["Chess club captain for six years."]), settings, weights), weights, "probe", 0);
    expect([none?.kind, none?.threshold]).toEqual(["silent", SILENCE_SCORE]);
  });
  it("a strength quotes what the candidate did before a list of skills that names it, and a list as a list", () => {
    expect(isSkillsList("Kotlin, Python, PostgreSQL, USSD gateways, M-Pesa Daraja API, GSM telemetry, data dashboards (Metabase)")).toBe(true);
    expect(isSkillsList("Integrated M-Pesa collections and payouts and a credit-scoring model with a partner bank")).toBe(false);
    expect(isSkillsList("Led a team of 5 data scientists and 2 data engineers, cutting churn by 12 %")).toBe(false);
    // a post held, with its dates, is no list (the blind read found it "listed among the candidate's skills")
    expect(isSkillsList("Co-founder and CTO, VoltGrid Systems (fictional), Lagos (2017-2023)")).toBe(false);
    // a record of work done is no list, whatever its commas; a version year in a list is no date of a post
    expect(isSkillsList("Led teams in Nairobi, Kampala, Kigali and Dar es Salaam")).toBe(false);
    expect(isSkillsList("Windows Server 2019, Linux, Docker, Kubernetes")).toBe(true);
    // A skills-table row of a resume site's template tags skills with months: a list (a blind read: "good experience
    // with communication: 'Skill Details Communication- Exprience - 6 months...'"); a row glued to work done is none.
    expect(isSkillsList("Skill Details Communication- Exprience - 6 monthsCompany Details company - description -")).toBe(true);
    expect(isSkillsList("Skill Details Operations Management- Exprience - 24 months MS Office- Exprience - 36 months")).toBe(true);
    expect(isSkillsList("EXCEL- Exprience - 23 months. Prepared the monthly MIS for the plant.")).toBe(false);
    expect(isSkillsList("EXCEL- Exprience - 23 months Company Details company - Mass Group description - Analyse and map business process")).toBe(false);
    const tagged = readJob({ title: "HR Executive", organization: "X", text: "Requirements\n- Good communication and interpersonal skills." });
    const tag = strengthClaim(
      assess(
        readResume(["Skill Details Communication- Exprience - 6 monthsCompany Details company - description -"]),
        tagged.find((r) => /communication/.test(r.text))!,
        stemWeights(tagged),
      ),
      stemWeights(tagged),
      "advance",
      0.6,
    );
    expect([tag?.kind, tag?.listed]).toEqual(["strength", true]);
    expect(renderClaim(tag!, { name: "Ada", title: "HR Director", role: "HRD" }, new Rng(1), 0)).toMatch(
      /^The resume lists communication among the candidate's skills: '/,
    );
    const requirements = readJob({ title: "Engineer", organization: "X", text: "Requirements\n- Experience with M-Pesa payouts." });
    const weights = stemWeights(requirements);
    const item = requirements.find((r) => /M-Pesa/.test(r.text))!;
    const list = "Kotlin, Python, PostgreSQL, USSD gateways, M-Pesa payouts, GSM telemetry";
    const did = "Integrated M-Pesa payouts for 2,400 waste pickers, cutting payment delays from 9 days to same-day";
    const both = strengthClaim(assess(readResume([list, did]), item, weights), weights, "advance", 0.6);
    expect(both?.cited[0]!.text).toBe(did);
    expect(both?.listed).toBeUndefined();
    const onlyList = strengthClaim(assess(readResume([list]), item, weights), weights, "advance", 0.6);
    expect(onlyList?.cited[0]!.text).toBe(list);
    expect(onlyList?.listed).toBe(true);
    // An achievement that meets the item only by the list's coverage, below MET_SCORE itself, is no quote for a strength:
    // the list is quoted as a list, and the strength is not lost.
    const wide = readJob({ title: "Engineer", organization: "X", text: "Requirements\n- Experience with M-Pesa payouts, USSD gateways and GSM telemetry." });
    const wideWeights = stemWeights(wide);
    const faint = assess(readResume([list, "Integrated M-Pesa collections"]), wide[0]!, wideWeights);
    expect(faint.quote!.score).toBeGreaterThanOrEqual(MET_SCORE);
    const fromList = strengthClaim(faint, wideWeights, "advance", 0.6);
    expect([fromList?.cited[0]!.text, fromList?.listed]).toEqual([list, true]);
  });
  const job = {
    title: "Head of Mathematics",
    organization: "Example School (fictional)",
    text: "Requirements\n- A degree in mathematics or a related subject is essential.\n- 5+ years of teaching secondary mathematics is essential.\n- Knowledge of USSD.\n- Experience leading intervention programmes.",
  };
  it("credits a location must the resume settles in its own words, unless the statement rejects", () => {
    const requirements = readJob({
      title: "Head of Technology",
      organization: "X",
      text: "Requirements\n- Willingness to be based in Nairobi with regular travel.",
    });
    const reading = readResume(["I am motivated by moving to mission-driven work and am willing to relocate to Nairobi."]);
    const musts = readMusts(requirements).map((m) => checkMust(reading, m));
    expect(musts[0]!.status).toBe("met");
    const [said] = mustClaims(musts, "probe", 0);
    expect(said?.kind).toBe("must-met");
    expect(renderClaim(said!, { name: "Ada", title: "Chief Financial Officer", role: "CFO" }, new Rng(1), 0)).toBe(
      "The ad makes being willing to be based in Nairobi a must, and the resume meets it: 'I am motivated by moving to mission-driven work and am willing to relocate to Nairobi'.",
    );
    expect(mustClaims(musts, "reject", -0.8)).toEqual([]);
  });
  it("answers a must on the side of its check, never on a tone that contradicts it", () => {
    const requirements = readJob({ title: "Head of Mathematics", organization: "X", text: "Requirements\n- Qualified Teacher Status (QTS) is essential." });
    const weights = stemWeights(requirements);
    const reading = readResume(["QTS awarded in 2012 after a failed first attempt and a difficult, stressful induction year."]);
    const evidence = requirements.map((r) => assess(reading, r, weights));
    const musts = readMusts(requirements).map((m) => checkMust(reading, m));
    expect(musts[0]!.status).toBe("met");
    const said = "The ad makes Qualified Teacher Status (QTS) a must, and the candidate holds it: 'QTS awarded in 2012 after a failed first attempt'.";
    const peer = (sentiment: number) => ({ agent: "Headteacher", argument: said, sentiment, round: 1 });
    expect(answerable(peer(0.3), evidence, "Ada Obi", { musts })).toBe(true);
    expect(answerable(peer(-0.75), evidence, "Ada Obi", { musts })).toBe(false);
  });
  it("a weaknesses section runs on into the resume's next passage, and ends at the next section", () => {
    // (the review's case: headings in capitals, without a colon, end it; "Gap analysis:" starts none)
    const capped = readResume(
      splitPassages(
        "Summary\nPlant engineer.\n\nWeaknesses and gaps:\n- I have not used SAP.\n\nEXPERIENCE\nLed the maintenance engineering team of 12 engineers at Bamburi Cement (2016-2022).\n\nEDUCATION\nBSc Mechanical Engineering (2010).",
      ),
    );
    expect(capped.clauses.map((c) => c.polarity)).toEqual(["claim", "limitation", "limitation", "claim", "claim"]);
    expect(readResume(["Gap analysis: mapped the plant's processes.", "Led a team of 5 engineers."]).clauses.map((c) => c.polarity)).toEqual([
      "claim",
      "claim",
    ]);
    const reading = readResume([
      "I am motivated by mentoring leaders. Weaknesses and gaps: I have not built a team from six people.",
      "I have no hands-on experience with mobile money, and I would prefer to split time between Stockholm and Nairobi.",
      "Education: MSc Industrial Engineering.",
    ]);
    expect(reading.clauses.map((c) => c.polarity)).toEqual(["aspiration", "limitation", "limitation", "claim"]);
    // ... but an offer in it is a wish, not a gap (the second blind read: "would also be glad to be considered ...")
    const offer = readResume(["Weaknesses and gaps: I have never led a team.", "I would also be glad to be considered for an analyst role."]);
    expect(offer.clauses.map((c) => c.polarity)).toEqual(["limitation", "aspiration"]);
  });
  it("a limitation is a gap only on the phrases its cue reaches", () => {
    expect(limitationScope("I am studying for the AWS exam in the evenings and contribute small fixes to an open-source USSD library")).not.toMatch(/ussd/i);
    expect(limitationScope("I have never led a team, owned a budget or been responsible for a technology strategy")).toMatch(/strategy/);
    expect(limitationScope("My salary expectations are far above typical scale-up levels")).toBe(
      "My salary expectations are far above typical scale-up levels",
    );
    const requirements = readJob(job);
    const weights = stemWeights(requirements);
    const ussd = requirements.find((r) => /USSD/.test(r.text))!;
    const reading = readResume([
      "I am currently studying for the AWS Cloud Practitioner exam in the evenings and contribute small fixes to an open-source USSD library.",
    ]);
    const claim = concernClaim(assess(reading, ussd, weights), weights, "probe", 0);
    expect(claim?.kind).not.toBe("gap");
    const denial = readResume(["I have never built USSD services or integrated mobile money."]);
    expect(concernClaim(assess(denial, ussd, weights), weights, "probe", 0)?.kind).toBe("gap");
  });
});

describe("an item's name keeps the ad's connective", () => {
  it("two phrases the ad offers as alternatives are joined with 'or', two it lists together with 'and'", () => {
    const labels = readJob({
      title: "Data Scientist",
      organization: "X",
      text: "Requirements\n- A degree in statistics, mathematics, computer science or a related field.\n- SQL and relational databases.",
    }).map((r) => r.label);
    // A blind read: "nothing in the resume on the related field and computer science" asks for both, the ad for either.
    expect(labels[0]).toBe("computer science or the related field");
    expect(labels[1]).toBe("relational databases and SQL");
  });
});

describe("degree abbreviations speak to their subject", () => {
  it("'MCS' and 'B.Tech (CSE)' show a degree in computer science; the resume is not called silent on it", () => {
    const requirements = readJob({
      title: "Data Scientist",
      organization: "X",
      text: "Requirements\n- A degree in statistics, mathematics, computer science or a related field.",
    });
    const weights = stemWeights(requirements);
    const degree = requirements[0]!;
    // A blind read: "silent on ... computer science" said of a resume listing "MCS".
    for (const line of ["Education Details: MCS, Pune University (2016).", "B.Tech (CSE), VIT Vellore, 2015."]) {
      const e = assess(readResume([line]), degree, weights);
      expect(e.support?.score ?? 0).toBeGreaterThan(SILENCE_SCORE);
      expect(e.verdict).not.toBe("missing");
    }
    // Without the abbreviation read out, nothing in such a line names the subject.
    expect(assess(readResume(["Education Details: MA, Pune University (2016)."]), degree, weights).verdict).toBe("missing");
  });
});

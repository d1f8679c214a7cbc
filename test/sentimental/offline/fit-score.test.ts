/**
 * The offline fit score and the tone it sets: known answers for the parts
 * of the score, the stance and its bars, the tone map (strictly increasing
 * inside each decision's band) and the verdict ladders; and on a small run,
 * every statement's f(A) lands on its tone target, so that the advisor's
 * final opinions keep the order of its scores.
 */
import { describe, expect, it } from "vitest";
import {
  ADVANCE_AT,
  ADVANCE_SCORE,
  advanceBand,
  barClause,
  contributions,
  REJECT_AT,
  REJECT_SCORE,
  TONE_BANDS,
  TONE_TOLERANCE,
  clauseFocus,
  fitScore,
  MAX_SCORE,
  nearestRung,
  stanceOf,
  toneTarget,
  verdictLadder,
  verdictText,
  vocabularyMatch,
} from "../../../src/sentimental/offline/fit-score";
import { readJob, stemWeights } from "../../../src/sentimental/offline/job-reading";
import { offlineMentalModel, offlineStatement, scoresAsDecision, statementScore, assessCandidate } from "../../../src/sentimental/offline/offline-agent";
import { polarityScores } from "../../../src/text/index";
import { clauseScore, readResume } from "../../../src/sentimental/offline/resume-reading";
import { Rng } from "../../../src/stats/rng";
import type { Decision } from "../../../src/sentimental/offline/phrasing";

const job = {
  title: "HR Executive",
  organization: "Example Components (fictional)",
  text: "Responsibilities\n- Manage recruitment end to end: screening, interviews and offers.\n- Process monthly payroll and statutory compliance.\n\nRequirements\n- Knowledge of labour laws.\n- MS Excel and HR software.",
};
const requirements = readJob(job);
const weights = stemWeights(requirements);
const items = requirements.map((requirement) => ({ requirement, weight: requirement.weight }));

describe("fit score parts", () => {
  it("the vocabulary match is higher for a resume about the ad's work than for one about other work, 0 without claims", () => {
    const hr = readResume(["Ran recruitment, screening and interviews for 300 hires.", "Processed monthly payroll and statutory compliance in HR software."]);
    const other = readResume(["Built Java microservices on Kubernetes.", "Led the payroll module's database migration."]);
    const a = vocabularyMatch(hr, items);
    const b = vocabularyMatch(other, items);
    expect(a).toBeGreaterThan(0.3);
    expect(a).toBeGreaterThan(2 * b);
    expect(vocabularyMatch(readResume(["I have never run payroll."]), items)).toBe(0);
  });
  it("the vocabulary match: a known cosine, and a stem the ad repeats over its items weighs more than one it names once", () => {
    const [payrollItem] = readJob({ title: "HR Executive", organization: "X", text: "Requirements\n- Knowledge of monthly payroll and statutory compliance." });
    // ad stems month, payrol, statut, compli (weight 1 each); the clause's proces, payrol, compli, staff: 2 / sqrt(4 x 4)
    expect(vocabularyMatch(readResume(["Processed payroll and compliance for 900 staff."]), [{ requirement: payrollItem!, weight: 1 }])).toBeCloseTo(0.5, 12);
    // "payroll" is in two items, "attendance" in one: the ad vector is month 1, payrol 2, audit 1, attend 1, employ 1, fil 1 (norm 3),
    // each resume has 3 stems (norm sqrt 3), so the resume about the ad's repeated subject matches twice as much
    const ad = readJob({
      title: "HR Executive",
      organization: "X",
      text: "Requirements\n- Run monthly payroll.\n- Audit payroll and attendance records.\n- Maintain employee files.",
    });
    const adItems = ad.filter((r) => !r.role).map((requirement) => ({ requirement, weight: 1 }));
    expect(vocabularyMatch(readResume(["Processed payroll for staff."]), adItems)).toBeCloseTo(2 / (3 * Math.sqrt(3)), 12);
    expect(vocabularyMatch(readResume(["Processed attendance for staff."]), adItems)).toBeCloseTo(1 / (3 * Math.sqrt(3)), 12);
  });
  it("clause focus is the mean best clause score over all clauses, limitations counting 0", () => {
    const one = readResume(["Processed monthly payroll and statutory compliance."]);
    const withNoise = readResume(["Processed monthly payroll and statutory compliance.", "I enjoy chess."]);
    const withLimit = readResume(["Processed monthly payroll and statutory compliance.", "I have never processed payroll."]);
    const f = clauseFocus(one, items, weights);
    expect(f).toBeGreaterThan(0.3);
    const best = (r: ReturnType<typeof readResume>, i: number) => Math.max(...items.map((x) => clauseScore(x.requirement, r.clauses[i]!, r, weights)));
    expect(f).toBeCloseTo(best(one, 0), 12);
    expect(clauseFocus(withNoise, items, weights)).toBeCloseTo((best(withNoise, 0) + best(withNoise, 1)) / 2, 12);
    // the limitation names payroll, and still counts 0
    expect(best(withLimit, 1)).toBeGreaterThan(0);
    expect(clauseFocus(withLimit, items, weights)).toBeCloseTo(best(withLimit, 0) / 2, 12);
  });
  it("score = match + 0.5 focus + 0.2 evidence; the bars in score units are the stance bars", () => {
    expect(fitScore(0.3, 0.2, 0.1)).toBeCloseTo(0.42, 12);
    expect(stanceOf(ADVANCE_SCORE)).toBeCloseTo(ADVANCE_AT, 12);
    expect(stanceOf(REJECT_SCORE)).toBeCloseTo(REJECT_AT, 12);
    // the pivot: 0.3 (gain 4) since the word match lost its idf and runs on a larger scale
    expect(stanceOf(0.3)).toBe(0);
    expect(stanceOf(0.5)).toBeCloseTo(Math.tanh(0.8), 12);
    expect(ADVANCE_SCORE).toBeCloseTo(0.3914, 4);
    expect(REJECT_SCORE).toBeCloseTo(0.1267, 4);
  });
  it("the round-1 verdict states the score's scale: at most 1.70 (match and focus at most 1, evidence at most 1)", () => {
    expect(MAX_SCORE).toBeCloseTo(fitScore(1, 1, 1), 12);
    const spec = { decision: "advance", mustLabel: null, round: 1, grade: 0.9, lean: 1 } as const;
    const top = verdictText({ match: 0.6, focus: 0.5, evidence: 0.5, score: fitScore(0.6, 0.5, 0.5) }, spec, "a strong case");
    expect(top).toMatch(/^My score for this candidate is 0\.95 of a possible 1\.70 \(0\.60 for how closely/);
    // later rounds restate the score alone
    expect(verdictText({ match: 0.6, focus: 0.5, evidence: 0.5, score: 0.95 }, { ...spec, round: 2 }, "a strong case")).toMatch(
      /^My score for this candidate is still 0\.95,/,
    );
  });
});

describe("the tone a stance sets", () => {
  const decisions: Decision[] = ["reject", "probe", "advance"];
  it("is strictly increasing in the stance inside each decision's band, and each band scores as its decision", () => {
    for (const d of decisions) {
      const [lo, hi] = TONE_BANDS[d];
      let last = -Infinity;
      for (let s = -1; s <= 1.0001; s += 0.01) {
        const t = toneTarget(s, d);
        expect(t).toBeGreaterThan(last);
        expect(t).toBeGreaterThanOrEqual(lo);
        expect(t).toBeLessThanOrEqual(hi);
        expect(scoresAsDecision(t - TONE_TOLERANCE, d) && scoresAsDecision(t + TONE_TOLERANCE, d)).toBe(true);
        last = t;
      }
    }
    // the bands are ordered: any rejection below any probe below any advance
    expect(TONE_BANDS.reject[1]).toBeLessThan(TONE_BANDS.probe[0]);
    expect(TONE_BANDS.probe[1]).toBeLessThan(TONE_BANDS.advance[0]);
  });
  it("spreads over scores, not over a stance tanh has flattened: two strong scores 0.09 apart land further apart than the tone tolerance", () => {
    // Blind reads: at the top of the advance band the ranking did not follow the scores the advisors stated
    // (1.01 against 0.92: stances 0.007 apart, tones 0.0005 apart, under the tolerance the tone fit lands within).
    const gap = toneTarget(stanceOf(1.01), "advance") - toneTarget(stanceOf(0.92), "advance");
    expect(gap).toBeGreaterThan(2 * TONE_TOLERANCE);
    // ... and a rejection's tone still follows its stance across the reject span (mustRejectStance's steps)
    expect(toneTarget(-0.6017, "reject") - toneTarget(-0.735, "reject")).toBeGreaterThan(2 * TONE_TOLERANCE);
  });
  it("verdict ladders: ascending, one rung per compound, warm for advance, cold for reject, a probe leaning its stance's way, no stacks of three words, each rung its sentence's VADER compound", () => {
    const parts = { match: 0.31, focus: 0.28, evidence: 0.12, score: 0.47 };
    for (const decision of decisions) {
      for (const mustLabel of [null, "3+ years of leading engineering teams"]) {
        for (const round of [1, 2]) {
          for (const lean of [1, -1] as const) {
            const spec = { decision, mustLabel, round, grade: 0.5, lean };
            const ladder = verdictLadder(spec);
            expect(ladder.length).toBeGreaterThan(decision === "probe" ? 10 : 20);
            for (let i = 1; i < ladder.length; i++) expect(ladder[i]!.compound).toBeGreaterThan(ladder[i - 1]!.compound);
            for (const r of ladder) {
              if (decision === "advance") expect(r.compound).toBeGreaterThan(0);
              if (decision === "reject") expect(r.compound).toBeLessThan(0);
              // "a strong and convincing case" at most: never "a bad, troubling, poor and disappointing case"
              expect(r.phrase, r.phrase).not.toMatch(/,/);
              expect(polarityScores(verdictText(parts, spec, r.phrase)).compound).toBe(r.compound);
            }
            // a probe that leans cold never closes on a warm word, and the other way round
            if (decision === "probe")
              for (const r of ladder) expect(r.phrase).not.toMatch(lean < 0 ? /\b(fine|good|strong|solid|promising)\b/ : /\b(weak|poor|risky|doubtful)\b/);
          }
        }
      }
    }
    const spec = { decision: "advance" as const, mustLabel: null, round: 1, grade: 0.5, lean: 1 as const };
    const rung = nearestRung(spec, [0.6, 0.7], 0.7);
    const want = 0.7 * 3 - 1.3;
    for (const r of verdictLadder(spec)) expect(Math.abs(rung.compound - want)).toBeLessThanOrEqual(Math.abs(r.compound - want));
  });
  it("an advancing verdict's words rise with its score's band above the bar", () => {
    expect([ADVANCE_SCORE + 0.01, ADVANCE_SCORE + 0.15, ADVANCE_SCORE + 0.25, 1].map(advanceBand)).toEqual([0, 1, 2, 2]);
    const ladder = (band: number) => verdictLadder({ decision: "advance", mustLabel: null, round: 1, grade: 0.5, lean: 1, band }).map((r) => r.phrase);
    expect(ladder(0).length).toBeGreaterThan(10);
    for (const p of ladder(0)) expect(p).not.toMatch(/\b(strong|impressive|excellent|outstanding|superb)\b/);
    expect(ladder(0).some((p) => /\bsolid\b/.test(p))).toBe(true);
    for (const p of ladder(2)) expect(p).not.toMatch(/\b(acceptable|solid|fine|fair|capable)\b/);
    expect(ladder(2).some((p) => /\boutstanding\b/.test(p))).toBe(true);
  });
  it("the verdict states the rule its number meets, and the round's action", () => {
    const parts = { match: 0.1, focus: 0.1, evidence: 0.1, score: 0.17 };
    const probe = verdictText(parts, { decision: "probe", mustLabel: null, round: 1, grade: 0, lean: -1 }, "a mixed case");
    expect(probe).toContain(`between the ${REJECT_SCORE.toFixed(2)} I decline at and the ${ADVANCE_SCORE.toFixed(2)} I advance from`);
    // the parts as weighted contributions that add up to the total as written: 0.10 + 0.05 + 0.02 = 0.17
    expect(probe).toContain(
      "(0.10 for how closely the resume's words follow my points, 0.05 for how much of it speaks to them, 0.02 for the requirements it meets, less those it lacks)",
    );
    expect(probe).toMatch(/in round 1 I would test these points/);
    const later = verdictText(parts, { decision: "reject", mustLabel: "QTS", round: 3, grade: -0.8, lean: -1 }, "a weak case");
    expect(later).toBe(
      "My score for this candidate is still 0.17, but whatever the score, the ad's must of QTS decides: a weak case, and in round 3 I would turn this application down.",
    );
  });
  it("the stated parts add up to the stated total, and a score that would read as a bar is given to three decimals", () => {
    const parts = { match: 0.261, focus: 0.302, evidence: 0.318, score: 0.261 + 0.151 + 0.0636 };
    const [total, ...rest] = contributions(parts).map(Number);
    expect(total).toBe(0.48);
    expect(rest.reduce((a, b) => a + b, 0)).toBeCloseTo(total!, 10);
    const atBar = { match: REJECT_SCORE - 0.05, focus: 0.1, evidence: 0, score: REJECT_SCORE + 0.0004 };
    expect(contributions(atBar)[0]).toBe((REJECT_SCORE + 0.0004).toFixed(3));
    expect(barClause({ decision: "probe", mustLabel: null }, 3)).toContain(REJECT_SCORE.toFixed(3));
  });
  it("on statements: f(A) lands within the tolerance of its tone target, and a higher score speaks warmer", () => {
    const advisor = { title: "HR Director", short: "HRD" };
    const mms = offlineMentalModel({ advisor, job }, new Rng(1), 0);
    const resumes = [
      ["Ran recruitment, screening and interviews for 300 hires.", "Processed monthly payroll and statutory compliance in HR software, 4 years."],
      ["Processed monthly payroll for 40 staff.", "Built Java services."],
      ["Built Java microservices on Kubernetes.", "Led a database migration."],
    ];
    const said = resumes.map((passages, i) => {
      const input = { advisor, mms, job, candidate: { id: `c${i}`, name: `C ${i}`, passages }, round: 1, peers: [], previous: null };
      const s = offlineStatement(input, new Rng(1), 0);
      const v = s.claims.find((c) => c.kind === "verdict")!.verdict!;
      expect(Math.abs(statementScore(s.statement) - v.target), s.statement).toBeLessThanOrEqual(TONE_TOLERANCE + 1e-9);
      return { score: assessCandidate(input).fit.score, f: statementScore(s.statement) };
    });
    expect(said[0]!.score).toBeGreaterThan(said[1]!.score);
    expect(said[1]!.score).toBeGreaterThan(said[2]!.score);
    expect(said[0]!.f).toBeGreaterThan(said[1]!.f);
    expect(said[1]!.f).toBeGreaterThan(said[2]!.f);
  });
});

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
  REJECT_AT,
  REJECT_SCORE,
  TONE_BANDS,
  TONE_TOLERANCE,
  clauseFocus,
  fitScore,
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
    const a = vocabularyMatch(hr, items, weights, requirements.length);
    const b = vocabularyMatch(other, items, weights, requirements.length);
    expect(a).toBeGreaterThan(0.3);
    expect(a).toBeGreaterThan(2 * b);
    expect(vocabularyMatch(readResume(["I have never run payroll."]), items, weights, requirements.length)).toBe(0);
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
    expect(stanceOf(0.25)).toBe(0);
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
  it("verdict ladders: ascending, one rung per compound, warm for advance, cold for reject, and each rung is its sentence's VADER compound", () => {
    const parts = { match: 0.31, focus: 0.28, evidence: 0.12, score: 0.47 };
    for (const d of decisions) {
      for (const must of [false, true]) {
        const ladder = verdictLadder(d, must);
        expect(ladder.length).toBeGreaterThan(20);
        for (let i = 1; i < ladder.length; i++) expect(ladder[i]!.compound).toBeGreaterThan(ladder[i - 1]!.compound);
        for (const r of ladder) {
          if (d === "advance") expect(r.compound).toBeGreaterThan(0);
          if (d === "reject") expect(r.compound).toBeLessThan(0);
          expect(polarityScores(verdictText(parts, d, must, r.phrase)).compound).toBe(r.compound);
        }
      }
    }
    const rung = nearestRung("advance", false, [0.6, 0.7], 0.7);
    const want = 0.7 * 3 - 1.3;
    for (const r of verdictLadder("advance", false)) expect(Math.abs(rung.compound - want)).toBeLessThanOrEqual(Math.abs(r.compound - want));
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

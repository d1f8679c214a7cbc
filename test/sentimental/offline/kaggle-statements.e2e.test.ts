/**
 * What the offline advisors say on the messy Kaggle resumes of ../shared/datasets, read for what a blind read of
 * them found: a statement that restates its decision twice names its point once (the second restatement says the
 * points met), never "the resume's silence on labour laws" three times; a resume that lists a postgraduate degree
 * (an MBA, an M.Sc, an MMS) is never called silent on "MBA or postgraduate degree in human resources". Skipped when the
 * shared datasets are not on this machine.
 */
import { afterEach, describe, expect, it } from "vitest";
import { silentProgress } from "../../../src/core/contract";
import { OfflineModel } from "../../../src/llm/offline";
import { defaultSentimentalConfig } from "../../../src/sentimental/config";
import { recordOfflineClaims } from "../../../src/sentimental/offline/offline-agent";
import { deliberate, toCandidate } from "../../../src/sentimental/pipeline";
import { checkStatement } from "../../../src/sentimental/offline/claims";
import { readResume } from "../../../src/sentimental/offline/resume-reading";
import { degreeLineFor, falseSilent, type ClaimRecord } from "./claim-checkers";
import { kagglePresent, kaggleResumes, kaggleScenario, readAds } from "./kaggle-judgement";

afterEach(() => recordOfflineClaims(null));

describe.skipIf(!kagglePresent)("offline statements on the Kaggle resumes", () => {
  it("name the point of a restated decision once per statement", async () => {
    const ad = readAds("test/fixtures/sentimental/kaggle-job-ads.json").find((a) => a.id === "hr_executive")!;
    const candidates = kaggleResumes().map(toCandidate);
    const restated: string[][] = [];
    recordOfflineClaims(({ result }) =>
      restated.push(result.claims.filter((c) => c.kind === "reason").map((c) => c.item?.label ?? `(no point: restatement ${c.restatement})`)),
    );
    const config = defaultSentimentalConfig({ maxRounds: 1, runs: 1, candidates: candidates.length });
    await deliberate(kaggleScenario(ad, candidates), config, { model: new OfflineModel({ seed: 7 }), progress: silentProgress, concurrency: 2 }, 7);
    // Statements that restate twice exist (12 of 498 on seed 7), so the check is not vacuous.
    expect(restated.filter((r) => r.length >= 2).length).toBeGreaterThanOrEqual(5);
    expect(restated.filter((r) => new Set(r).size < r.length)).toEqual([]);
  }, 60_000);
  it("never call a resume silent on the degree item when it lists a degree of the asked level; a degree met quotes its line of study", async () => {
    const ad = readAds("test/fixtures/sentimental/kaggle-job-ads.json").find((a) => a.id === "hr_executive")!;
    const candidates = kaggleResumes().map(toCandidate);
    const records: ClaimRecord[] = [];
    recordOfflineClaims((r) => records.push(r));
    const config = defaultSentimentalConfig({ maxRounds: 1, runs: 1, candidates: candidates.length });
    await deliberate(kaggleScenario(ad, candidates), config, { model: new OfflineModel({ seed: 7 }), progress: silentProgress, concurrency: 2 }, 7);
    const item = "MBA or postgraduate degree in human resources or personnel management.";
    const onDegree = (r: ClaimRecord) => r.result.claims.filter((c) => c.item?.label && /postgraduate degree/.test(c.item.label));
    // Silence on the degree is still said where no postgraduate degree is listed (not vacuous), and never beside one.
    const silent = records.filter((r) => onDegree(r).some((c) => c.kind === "silent"));
    expect(silent.length).toBeGreaterThanOrEqual(50);
    expect(silent.filter((r) => degreeLineFor(item, readResume(r.input.candidate.passages).clauses)).map((r) => r.input.candidate.id)).toEqual([]);
    expect(falseSilent(records).faults).toEqual([]);
    // The degrees met: some, each quoting a clause the checker's own reading finds a postgraduate degree in.
    const met = records.flatMap((r) => onDegree(r).filter((c) => c.degree));
    expect(met.length).toBeGreaterThanOrEqual(5);
    expect(met.filter((c) => !degreeLineFor(item, c.cited)).map((c) => c.cited[0]?.text)).toEqual([]);
    // ... and the words quoted name it (a long line is quoted where it names the degree).
    expect(
      met
        .filter(
          (c) =>
            !degreeLineFor(
              item,
              c.cited.map((x) => ({ text: x.quote })),
            ),
        )
        .map((c) => c.cited[0]?.quote),
    ).toEqual([]);
    // A line of study is no record of the post's own work ("good experience with the work of an HR Executive" quoting an M.Sc).
    const onTitle = records.flatMap((r) => r.result.claims.filter((c) => c.kind === "strength" && c.item?.label === "the work of an HR Executive"));
    expect(onTitle.length).toBeGreaterThanOrEqual(3);
    expect(onTitle.filter((c) => degreeLineFor("A degree.", c.cited)).map((c) => c.cited[0]?.text)).toEqual([]);
    // And the reader's own re-check (claims.ts) passes every statement that speaks of the degree.
    expect(records.filter((r) => onDegree(r).length > 0).flatMap((r) => checkStatement(r.input, r.result))).toEqual([]);
  }, 60_000);
});

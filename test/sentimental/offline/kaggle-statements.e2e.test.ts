/**
 * What the offline advisors say on the messy Kaggle resumes of ../shared/datasets, read for what a blind read of
 * them found: a statement that restates its decision twice names its point once (the second restatement says the
 * points met), never "the resume's silence on labour laws" three times. Skipped when the shared datasets are not on
 * this machine.
 */
import { afterEach, describe, expect, it } from "vitest";
import { silentProgress } from "../../../src/core/contract";
import { OfflineModel } from "../../../src/llm/offline";
import { defaultSentimentalConfig } from "../../../src/sentimental/config";
import { recordOfflineClaims } from "../../../src/sentimental/offline/offline-agent";
import { deliberate, toCandidate } from "../../../src/sentimental/pipeline";
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
});

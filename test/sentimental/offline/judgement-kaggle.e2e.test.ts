/**
 * The offline panel's judgement against labels nobody here wrote: the 166
 * Kaggle resumes of ../shared/datasets/resumes carry one of 25 job
 * categories. For a job ad of one category (our own ads, in
 * test/fixtures/sentimental/kaggle-job-ads.json, each with a panel that
 * fits it; five more held out in test/heldout, written without reading the
 * resumes and never tuned to), the panel's collective Borda ranking over all
 * 166 resumes should put that category's resumes above the others: AUC >=
 * 0.8 on each ad, mean over seeds, and a mean over the ads at least that of
 * a TF-IDF cosine of each resume with the ad (the anchor).
 * Most of these resumes carry their category as a headline ("HR",
 * "Advocate"), so the job title alone goes a long way; the last test takes
 * the title away and asks the advisors' reading of the ad's requirements to
 * rank the category first on its own.
 * Two cores: a child process (kaggle-judgement.ts) judges the held-out ads
 * while this file judges the dev ads, and sends its results back over IPC,
 * so that the summary and the anchor see all 10 ads of this one run.
 * Skipped when the shared datasets are not on this machine.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assessCandidate, offlineMentalModel } from "../../../src/sentimental/offline/offline-agent";
import { advisorSpecs, toCandidate } from "../../../src/sentimental/pipeline";
import { Rng } from "../../../src/stats/rng";
import { auc } from "./expert-counters";
import { type AdJudgement, type KaggleAd, judgeAd, judgeInChild, kagglePresent, kaggleResumes, positives, readAds, SEEDS, ROUNDS } from "./kaggle-judgement";

/** Five ads written from the category names alone, without reading the resumes; never tuned to. */
const HELDOUT = readAds("test/heldout/sentimental/kaggle-heldout-ads.json");
const ADS = readAds("test/fixtures/sentimental/kaggle-job-ads.json");
/**
 * Four more ads, for the four categories no other ad used (Testing, SAP Developer, Web Designing, PMO), written on
 * 2026-12-04 from the category names alone, without reading the resumes, and measured once before any change was
 * judged on them. Not part of the 10 the anchor is held to: they record how the panel does on ads nobody developed
 * against, including where it misses.
 */
const FRESH = readAds("test/heldout/sentimental/kaggle-fresh-ads.json");
/**
 * Fresh ads whose panel AUC is below 0.8 (seeds 7 and 11): none. Testing was 0.799 (TF-IDF 0.859) when the ads were
 * written, 0.806 since the degree items are read from the lines of study (a change from blind reads of the HR and PMO
 * ads, not of Testing).
 */
const FRESH_BELOW_BAR = new Set<string>([]);
/** Per ad: the panel's mean Borda AUC and the TF-IDF cosine ranking's AUC (filled by the per-ad tests). */
const results = new Map<string, AdJudgement>();

describe.skipIf(!kagglePresent)("offline panel judgement on the Kaggle resumes (../shared/datasets)", () => {
  /** The held-out ads' judgements, computed by the child while the dev ads' tests run here. */
  let child: ReturnType<typeof judgeInChild> | undefined;
  beforeAll(() => {
    // Seven ads each way: the held-out ads and two fresh ones in the child, the dev ads and two fresh ones here.
    child = judgeInChild([...HELDOUT, ...FRESH.slice(0, 2)]);
  });
  afterAll(() => child?.stop());
  const judged = (ad: KaggleAd): Promise<AdJudgement> => child?.results.get(ad.id) ?? judgeAd(ad);

  it("auc() is the share of correctly ordered pairs", () => {
    expect(auc([3, 2, 1], [true, false, false])).toBe(1);
    expect(auc([1, 2, 2], [true, false, true])).toBe(0.25); // (0 + 0.5) / 2
  });
  it.each([...ADS, ...HELDOUT].map((ad) => [ad.category, ad] as const))(
    `an ad for %s: the category's resumes rank above the others (AUC >= 0.8, mean over ${SEEDS.length} seeds, ${ROUNDS} rounds)`,
    async (_, ad) => {
      expect(positives(ad).filter(Boolean).length).toBeGreaterThanOrEqual(5);
      const r = await judged(ad);
      expect(r.id).toBe(ad.id);
      expect(r.panelBySeed).toHaveLength(SEEDS.length);
      results.set(ad.id, r);
      expect(r.panel, `AUC by seed ${r.panelBySeed.map((a) => a.toFixed(3)).join(", ")}`).toBeGreaterThanOrEqual(0.8);
    },
    120_000,
  );
  it("every ad has its panel AUC and its TF-IDF anchor, and the panel reaches 0.8 on each", () => {
    expect(results.size).toBe(ADS.length + HELDOUT.length);
    // The table a reader of the run wants (and the closing notes quote): panel and anchor per ad, dev and held out.
    const rows = [...results].map(
      ([id, r]) => `${HELDOUT.some((ad) => ad.id === id) ? "held-out" : "dev     "} ${id}: panel ${r.panel.toFixed(3)}, TF-IDF ${r.tfidf.toFixed(3)}`,
    );
    console.log(`Kaggle judgement (offline agents):\n${rows.join("\n")}`);
    for (const [id, r] of results) expect(r.panel, `${id}: panel ${r.panel.toFixed(3)}, TF-IDF ${r.tfidf.toFixed(3)}`).toBeGreaterThanOrEqual(0.8);
  });
  // The anchor the panel is held to and does not reach yet on the mean (0.987 against the TF-IDF cosine's 0.995 over
  // the 10 ads, seeds 7 and 11, on 2026-12-04; the 5 dev ads alone: 0.995 against 0.992; a change of wording alone
  // re-draws the seeded rounds and moves an ad by up to 0.008). Where it is lost (scripts/kaggle-anchor-diagnosis.ts,
  // seed 7): the advisors' fit scores alone rank better than TF-IDF (a Borda count over them: 0.996); the decisions
  // and rounds cost the rest, most of it three labelled resumes the held-out ads' own musts
  // reject ("2+ Years of experience in MySQL DBA" against "3+ years of experience as a DBA or database developer";
  // "August 2018-Present" against "3+ years of experience in network administration or network security"), which a
  // bag of words cannot see (database administrator 0.973, network security 0.940, against fit Bordas of 0.997 and
  // 1.000): a rejection ranks below every candidate some advisor probes. The rest is the deliberation (noise,
  // consistency, conformity, echo). it.fails records the gap, and flips to a failure the day the panel meets it, so
  // that the bar is then made a plain test here.
  it.fails("the anchor: the panel's mean AUC over the 10 ads >= the TF-IDF cosine ranking's mean", () => {
    // Incomplete results must not count as "the anchor is still missed": returning makes this it.fails report failure.
    if (results.size !== ADS.length + HELDOUT.length) return;
    const panel = [...results.values()].map((r) => r.panel);
    const tfidf = [...results.values()].map((r) => r.tfidf);
    expect(panel.reduce((a, b) => a + b, 0) / panel.length).toBeGreaterThanOrEqual(tfidf.reduce((a, b) => a + b, 0) / tfidf.length);
  });
  for (const ad of FRESH) {
    // it.fails records a fresh ad the panel misses; it flips to a failure the day the panel reaches the bar there.
    (FRESH_BELOW_BAR.has(ad.id) ? it.fails : it)(
      `a fresh ad for ${ad.category}: the category's resumes rank above the others (AUC >= 0.8, mean over ${SEEDS.length} seeds)`,
      async () => {
        const missRecorded = FRESH_BELOW_BAR.has(ad.id);
        // A broken measurement must fail either way: for the recorded miss, returning makes it.fails report it.
        const broken = (why: string): void => {
          if (!missRecorded) throw new Error(`${ad.id}: ${why}`);
        };
        if (positives(ad).filter(Boolean).length < 3) return broken("fewer than 3 resumes of the category");
        const r = await judged(ad).catch((e: unknown) => (missRecorded ? null : Promise.reject(e)));
        if (!r || r.id !== ad.id) return broken("no judgement of this ad");
        console.log(`fresh    ${ad.id}: panel ${r.panel.toFixed(3)} (${r.panelBySeed.map((a) => a.toFixed(3)).join(", ")}), TF-IDF ${r.tfidf.toFixed(3)}`);
        expect(r.panel).toBeGreaterThanOrEqual(0.8);
      },
      120_000,
    );
  }
  it("without the job title, the advisors' reading of the ad's requirements alone ranks each category first (mean AUC >= 0.7, each ad >= 0.5)", () => {
    const candidates = kaggleResumes().map(toCandidate);
    const aucs = ADS.map((ad) => {
      // "Team Member" is rank words only: no "the work of a ..." item, and the title's words are not in the judgement.
      const job = { title: "Team Member", organization: ad.organization, text: ad.text };
      const advisors = advisorSpecs(ad.advisors);
      const mms = advisors.map((advisor) => offlineMentalModel({ advisor, job }, new Rng(1), 0));
      const coverage = candidates.map((candidate) =>
        advisors.reduce((sum, advisor, i) => sum + assessCandidate({ advisor, mms: mms[i]!, job, candidate, round: 1, peers: [], previous: null }).coverage, 0),
      );
      return auc(coverage, positives(ad));
    });
    const mean = aucs.reduce((a, b) => a + b, 0) / aucs.length;
    expect(mean, `AUC by ad ${aucs.map((a) => a.toFixed(3)).join(", ")}`).toBeGreaterThanOrEqual(0.7);
    for (const a of aucs) expect(a).toBeGreaterThanOrEqual(0.5);
  }, 60_000);
});

/**
 * The measurement of judgement-kaggle.e2e.test.ts: for one job ad, the offline
 * panel's collective Borda ranking of the 166 Kaggle resumes of
 * ../shared/datasets (one full deliberation per seed: 3 rounds, all resumes)
 * and the TF-IDF cosine ranking that anchors it, each scored by the AUC of the
 * ad's category.
 *
 * The same module is the entry of the child process the test forks
 * (`node --import tsx kaggle-judgement.ts`): the child judges the ads it is
 * sent, with this same code, and sends each result back over the IPC channel
 * as soon as it has it. The test judges the other ads meanwhile, so the
 * file's deliberations run on two cores and every result of one run (nothing
 * read from disk) reaches the tests that need all ads.
 */
import { type ChildProcess, fork } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { silentProgress } from "../../../src/core/contract";
import { DataFolder } from "../../../src/data/folder";
import type { Resume } from "../../../src/data/types";
import { OfflineModel } from "../../../src/llm/offline";
import { decide } from "../../../src/sentimental/analysis";
import { defaultSentimentalConfig } from "../../../src/sentimental/config";
import { advisorSpecs, deliberate, toCandidate, type Scenario } from "../../../src/sentimental/pipeline";
import { TfidfIndex, cosine } from "../../../src/text/index";
import { auc } from "./expert-counters";

export const SHARED = path.resolve(process.cwd(), "../shared/datasets");
export const kagglePresent = existsSync(path.join(SHARED, "resumes"));
/** Deliberation seeds per ad; the per-ad AUC is their mean. */
export const SEEDS = [7, 11] as const;
export const ROUNDS = 3;

export type KaggleAd = {
  id: string;
  category: string;
  advisors: string[];
  title: string;
  organization: string;
  text: string;
};

/** One ad's judgement: the panel's Borda AUC by seed and their mean, and the TF-IDF cosine ranking's AUC. */
export type AdJudgement = { id: string; panelBySeed: number[]; panel: number; tfidf: number };

/** An ad file (a JSON array of ads), relative to the working directory. */
export function readAds(file: string): KaggleAd[] {
  return JSON.parse(readFileSync(path.join(process.cwd(), file), "utf8")) as KaggleAd[];
}

/** The Kaggle resumes, read once per process and shared by every ad. */
let resumeCache: readonly Resume[] | undefined;
export function kaggleResumes(): readonly Resume[] {
  resumeCache ??= DataFolder.open(SHARED).resumes();
  return resumeCache;
}

/** Which resumes carry the ad's category. */
export function positives(ad: KaggleAd): boolean[] {
  return kaggleResumes().map((r) => r.labels.includes(ad.category));
}

/** TF-IDF cosine of each resume with the ad, idf fitted on the ad and all resumes: the bag-of-words anchor. */
export function tfidfCosines(ad: KaggleAd, candidates: ReadonlyArray<{ passages: readonly string[] }>): number[] {
  const texts = candidates.map((c) => c.passages.join(" "));
  const index = new TfidfIndex([ad.text, ...texts]);
  const adVector = index.vector(ad.text);
  return texts.map((t) => cosine(adVector, index.vector(t)));
}

/**
 * A scenario of one job ad over the Kaggle resumes of ../shared/datasets (its own panel, the ad's fixture folder).
 *
 * @example
 * kaggleScenario(ad, kaggleResumes().map(toCandidate)).candidates.length; // 166
 */
export function kaggleScenario(
  ad: Pick<KaggleAd, "id" | "title" | "organization" | "text" | "advisors">,
  candidates: Scenario["candidates"],
  jobDir = "test/fixtures/sentimental",
): Scenario {
  return {
    job: { id: ad.id, title: ad.title, organization: ad.organization, text: ad.text },
    candidates,
    advisors: advisorSpecs(ad.advisors),
    resumeDir: SHARED,
    jobDir,
    source: "mixed",
    sourceNote: "Kaggle resumes from ../shared/datasets with a test ad",
  };
}

/** One deliberation per seed over all the resumes, the AUC of each Borda ranking, and the anchor's AUC. */
export async function judgeAd(ad: KaggleAd): Promise<AdJudgement> {
  const resumes = kaggleResumes();
  const positive = positives(ad);
  const config = defaultSentimentalConfig({ maxRounds: ROUNDS, runs: 1, candidates: resumes.length });
  const candidates = resumes.map(toCandidate);
  const scenario = kaggleScenario(ad, candidates);
  const panelBySeed: number[] = [];
  for (const seed of SEEDS) {
    const d = await deliberate(scenario, config, { model: new OfflineModel({ seed }), progress: silentProgress, concurrency: 4 }, seed);
    // Borda (Definition 3): more points = better collective position.
    panelBySeed.push(auc(decide(d, config).borda.totals, positive));
  }
  const panel = panelBySeed.reduce((a, b) => a + b, 0) / panelBySeed.length;
  return { id: ad.id, panelBySeed, panel, tfidf: auc(tfidfCosines(ad, candidates), positive) };
}

type ChildReply = { id: string; result?: AdJudgement; error?: string };

/**
 * Forks this module to judge `ads` in a second process; one promise per ad id, settled when the child sends that
 * ad's result, or rejected (with the child's stderr) when the child fails or exits without it. `stop` ends the child
 * if it still runs.
 */
export function judgeInChild(ads: readonly KaggleAd[]): { results: Map<string, Promise<AdJudgement>>; stop: () => void } {
  const settle = new Map<string, { resolve: (r: AdJudgement) => void; reject: (e: Error) => void }>();
  const results = new Map<string, Promise<AdJudgement>>();
  for (const ad of ads) {
    const promise = new Promise<AdJudgement>((resolve, reject) => settle.set(ad.id, { resolve, reject }));
    // A test filtered out (-t) never awaits its promise: a rejection must not surface as an unhandled one.
    promise.catch(() => undefined);
    results.set(ad.id, promise);
  }
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "ignore", "pipe", "ipc"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  child.on("message", (reply: ChildReply) => {
    const pending = settle.get(reply.id);
    settle.delete(reply.id);
    if (reply.result) pending?.resolve(reply.result);
    else pending?.reject(new Error(`child judging ${reply.id}: ${reply.error}`));
  });
  const failAll = (why: string) => {
    for (const [id, pending] of settle) pending.reject(new Error(`child judging ${id}: ${why}\n${stderr}`));
    settle.clear();
  };
  child.on("error", (e) => failAll(e.message));
  child.on("exit", (code, signal) => failAll(`exited (code ${code}, signal ${signal}) before sending this ad`));
  child.send(ads);
  return { results, stop: () => void (child.exitCode === null && child.signalCode === null && child.kill()) };
}

/** The child: judge the ads received, one reply per ad, then exit. */
async function childMain(): Promise<void> {
  // The test process gone (a run cancelled), nobody reads the results: stop instead of deliberating on.
  process.once("disconnect", () => process.exit(0));
  const ads = await new Promise<KaggleAd[]>((resolve) => process.once("message", (m) => resolve(m as KaggleAd[])));
  for (const ad of ads) {
    if (!process.connected) break;
    const reply: ChildReply = await judgeAd(ad).then(
      (result) => ({ id: ad.id, result }),
      (e: unknown) => ({ id: ad.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }),
    );
    await new Promise<void>((resolve) => process.send!(reply, () => resolve()));
  }
  process.disconnect();
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) await childMain();

/**
 * The deliberation pipeline shared by the experiment and the sweep: load the
 * hiring scenario (job, candidates), initialise the advisors (Mental Model of
 * Self) and run one conversation per candidate.
 */
import path from "node:path";
import { DataFolder, bundledDataDir, type JobDescription, type Resume } from "../data/index";
import { HttpTextClassifier, LlmConfigError, mapConcurrent, type TextClassifier } from "../llm/index";
import type { RunContext } from "../core/index";
import { deriveRng, hashString32 } from "../stats/index";
import { splitPassages } from "../text/index";
import type { SentimentalConfig } from "./config";
import { runConversation, type Agent, type ConversationResult, type ConversationSettings } from "./conversation";
import { resolvePromptSet } from "./prompt-set";
import { shortRoleLabel } from "./roles";
import { generateMentalModel, sentimentalTasks, type SentimentalTasks } from "./tasks";
import type { AdvisorSpec, CandidateInfo, JobInfo, TurnGap } from "./types";

/** Resume passages shown to the agents are capped to keep prompts bounded. */
export const MAX_PASSAGES = 60;

export interface Scenario {
  job: JobInfo & { id: string };
  candidates: CandidateInfo[];
  advisors: AdvisorSpec[];
  /** Where the resumes and the job came from (for notes). */
  resumeDir: string;
  jobDir: string;
  /** "data": the data folder's own scenario (jobs/ + resumes/); "bundled": the bundled one; "mixed": one of each; "transcript": read from a recorded conversation. */
  source: "data" | "bundled" | "mixed" | "transcript";
  /** One sentence for the console and the manifest: which scenario, and why. */
  sourceNote: string;
}

/**
 * Advisor specs with unique short labels ("CFO", "VPE", "RPM"; a clash gets a
 * numeric suffix).
 *
 * @example
 * advisorSpecs(["Chief Financial Officer", "VP of Engineering"]); // [{ title: ..., short: "CFO" }, { ..., short: "VPE" }]
 */
export function advisorSpecs(titles: readonly string[]): AdvisorSpec[] {
  const seen = new Map<string, number>();
  return titles.map((title) => {
    const base = shortRoleLabel(title.trim());
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { title: title.trim(), short: n === 1 ? base : `${base}${n}` };
  });
}

/**
 * A candidate as the agents see it: display name (the resume's `name`, else
 * "Candidate <id>") and the resume split into passages.
 *
 * @example
 * toCandidate({ id: "urd-0001", labels: ["Data Science"], text: "..." }).name; // "Candidate urd-0001"
 */
export function toCandidate(resume: Resume): CandidateInfo {
  const passages = splitPassages(resume.text).slice(0, MAX_PASSAGES);
  return { id: resume.id, name: resume.name ?? `Candidate ${resume.id}`, passages: passages.length > 0 ? passages : [resume.text.trim() || "(empty resume)"] };
}

/**
 * Picks `n` resumes: the first n by id ("first"), or a seeded sample of n
 * ("sample", deriveRng(seed, "sentimental", "candidates")), then ordered by id.
 *
 * @example
 * selectResumes(resumes, 3, "first", 7).map((r) => r.id); // the 3 smallest ids
 */
export function selectResumes(resumes: readonly Resume[], n: number, selection: "first" | "sample", seed: number): Resume[] {
  const byId = resumes.slice().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const chosen = selection === "first" ? byId.slice(0, n) : deriveRng(seed, "sentimental", "candidates").shuffle(byId).slice(0, n);
  return chosen.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

function pickJob(jobs: readonly JobDescription[], id: string, where: string): JobDescription {
  if (jobs.length === 0) throw new Error(`no job descriptions in ${where}/jobs/*.json`);
  if (id === "") return jobs[0]!;
  const job = jobs.find((j) => j.id === id);
  if (!job) throw new Error(`config key "job": no job "${id}" in ${where}/jobs; available: ${jobs.map((j) => j.id).join(", ")}`);
  return job;
}

/** Where a run's resumes and job come from, given the `resumes` key and what the data folder holds. */
function scenarioDirs(config: SentimentalConfig, dataDir: string): { resumeDir: string; jobDir: string; note: string } {
  const bundled = bundledDataDir();
  if (path.resolve(dataDir) === path.resolve(bundled)) return { resumeDir: bundled, jobDir: bundled, note: "the bundled scenario" };
  const folder = DataFolder.open(dataDir);
  const hasJobs = folder.jobs().length > 0;
  const hasResumes = folder.resumes().length > 0;
  if (config.resumes === "auto") {
    if (hasJobs && hasResumes) return { resumeDir: dataDir, jobDir: dataDir, note: `the data folder's own scenario (${dataDir}: jobs/ and resumes/)` };
    const missing = hasResumes ? "resumes/ but no jobs/" : hasJobs ? "jobs/ but no resumes/" : "no jobs/ or resumes/";
    return { resumeDir: bundled, jobDir: bundled, note: `the bundled scenario (${dataDir} has ${missing}; --set resumes=data uses its resumes)` };
  }
  const resumeDir = config.resumes === "data" ? dataDir : bundled;
  const jobDir = hasJobs ? dataDir : bundled;
  const from = (dir: string) => (dir === bundled ? "bundled" : dir);
  return { resumeDir, jobDir, note: `resumes from ${from(resumeDir)} (resumes=${config.resumes}), job from ${from(jobDir)}` };
}

/**
 * Loads the hiring scenario. `resumes: "auto"` (default) takes the data
 * folder's own scenario when it holds both jobs/ and resumes/, else the
 * bundled one; "bundled" / "data" pick the resumes explicitly, with the data
 * folder's job when it has one. A malformed job or resume file is an error.
 *
 * @example
 * const scenario = loadScenario(defaultSentimentalConfig({ candidates: 3 }), ctx.dataDir, 7);
 * scenario.candidates.length; // 3
 */
export function loadScenario(config: SentimentalConfig, dataDir: string, seed: number): Scenario {
  const bundled = bundledDataDir();
  const { resumeDir, jobDir, note } = scenarioDirs(config, dataDir);
  const resumes = DataFolder.open(resumeDir).resumes();
  if (resumes.length === 0) throw new Error(`no resumes in ${resumeDir}/resumes/*.jsonl`);
  if (config.candidates > resumes.length) {
    throw new Error(`config key "candidates": asked for ${config.candidates} candidates but ${resumeDir}/resumes has ${resumes.length}`);
  }
  const job = pickJob(DataFolder.open(jobDir).jobs(), config.job, jobDir);
  const source = resumeDir === bundled && jobDir === bundled ? "bundled" : resumeDir !== bundled && jobDir !== bundled ? "data" : "mixed";
  return {
    job: { id: job.id, title: job.title, organization: job.organization, text: job.text },
    candidates: selectResumes(resumes, config.candidates, config.selection, seed).map(toCandidate),
    advisors: advisorSpecs(config.advisors),
    resumeDir,
    jobDir,
    source,
    sourceNote: note,
  };
}

/**
 * Seed of replicate run `r` (0 = the run seed itself), used for the
 * between-run platitudinal comparison.
 *
 * @example
 * replicateSeed(7, 0); // 7
 */
export function replicateSeed(seed: number, replicate: number): number {
  return replicate === 0 ? seed : hashString32(`${seed}|sentimental-replicate|${replicate}`);
}

export interface Deliberation {
  seed: number;
  agents: Agent[];
  conversations: ConversationResult[];
}

/**
 * Agent initialisation + one conversation per candidate (candidates run in
 * parallel up to ctx.concurrency; results keep candidate order, and each
 * conversation depends only on its own inputs, so completion order never
 * changes the outcome).
 *
 * @example
 * const d = await deliberate(scenario, config, ctx, ctx.seed);
 * d.conversations[0].turns[0].sentiment;
 */
export async function deliberate(
  scenario: Scenario,
  config: SentimentalConfig,
  ctx: Pick<RunContext, "model" | "progress" | "concurrency">,
  seed: number,
  onConversation?: () => void,
): Promise<Deliberation> {
  const tasks = promptTasks(config);
  const agents: Agent[] = [];
  for (const advisor of scenario.advisors) {
    const gaps: TurnGap[] = [];
    const mms = await generateMentalModel(
      ctx.model,
      tasks,
      advisor,
      scenario.job,
      config.mentalModelWords,
      seed,
      config.onInvalid === "skip" ? gaps : undefined,
    );
    agents.push({ advisor, mms, ...(gaps.length > 0 ? { mmsGaps: gaps } : {}) });
  }
  const settings = conversationSettings(config, seed, tasks);
  const conversations = await mapConcurrent(scenario.candidates, Math.max(1, ctx.concurrency), async (candidate) => {
    const result = await runConversation(ctx.model, agents, scenario.job, candidate, settings);
    onConversation?.();
    return result;
  });
  return { seed, agents, conversations };
}

/**
 * The tasks of the run's prompt set (`promptDir`, else the built-in `prompts`), checked on load.
 *
 * @example
 * promptTasks(defaultSentimentalConfig()).set.label; // "authors"
 */
export function promptTasks(config: SentimentalConfig): SentimentalTasks {
  return sentimentalTasks(resolvePromptSet({ prompts: config.prompts, promptDir: config.promptDir }));
}

/**
 * The text classifier of `sentiment = "classifier"` (null otherwise).
 *
 * @example
 * textClassifier(defaultSentimentalConfig({ sentiment: "classifier", classifierUrl: "http://127.0.0.1:8080/predict" }))?.id;
 */
export function textClassifier(config: SentimentalConfig): TextClassifier | null {
  if (config.sentiment !== "classifier") return null;
  if (config.classifierUrl.trim() === "") {
    throw new LlmConfigError("sentiment=classifier needs the endpoint of your classifier server: --set classifierUrl=http://127.0.0.1:8080/predict");
  }
  return new HttpTextClassifier({ url: config.classifierUrl, format: config.classifierFormat, positiveLabel: config.classifierPositiveLabel });
}

/**
 * A conversation's settings from the run config.
 *
 * @example
 * conversationSettings(defaultSentimentalConfig(), 7, promptTasks(defaultSentimentalConfig())).context; // "transcript"
 */
export function conversationSettings(config: SentimentalConfig, seed: number, tasks: SentimentalTasks): ConversationSettings {
  const classifier = textClassifier(config);
  return {
    alpha: config.alpha,
    tolerance: config.tolerance,
    temperature: config.temperature,
    maxRounds: config.maxRounds,
    stopRule: config.stopRule,
    sentiment: config.sentiment,
    opinionFormation: config.opinionFormation,
    seed,
    context: config.context,
    opinionMemory: config.opinionMemory,
    onInvalid: config.onInvalid,
    tasks,
    ...(classifier ? { classifier } : {}),
  };
}

/**
 * The experiment's `runs` deliberations of one scenario, in order: run 0 with
 * the run seed is the primary one, the others are replicates (replicateSeed)
 * for the between-run comparison. Progress ticks once per conversation.
 *
 * @example
 * const [primary, ...replicates] = await deliberateRuns(scenario, config, ctx);
 */
export async function deliberateRuns(
  scenario: Scenario,
  config: SentimentalConfig,
  ctx: Pick<RunContext, "model" | "progress" | "concurrency" | "seed">,
): Promise<[Deliberation, ...Deliberation[]]> {
  if (!(Number.isInteger(config.runs) && config.runs >= 1)) {
    throw new RangeError(`config key "runs": need an integer >= 1 (the primary run), got ${config.runs}`);
  }
  ctx.progress.start("sentimental conversations", scenario.candidates.length * config.runs);
  const tick = () => ctx.progress.tick();
  const primary = await deliberate(scenario, config, ctx, replicateSeed(ctx.seed, 0), tick);
  const replicates: Deliberation[] = [];
  for (let r = 1; r < config.runs; r++) replicates.push(await deliberate(scenario, config, ctx, replicateSeed(ctx.seed, r), tick));
  ctx.progress.done();
  return [primary, ...replicates];
}

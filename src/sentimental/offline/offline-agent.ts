/**
 * The embedded (offline) Sentimental advisors: data-grounded, seeded policies
 * that stand in for the LLM when no model is configured. They are baselines,
 * not the paper's agents; every result they produce is labelled "offline".
 *
 * - Mental Model of Self: the requirement items of the ad (job-reading.ts)
 *   weighed through the advisor's title (role-lens.ts); its priorities are the
 *   heaviest items, in the ad's own words.
 * - Judgement: every requirement item is checked against the resume's
 *   clauses, each read with its own polarity (resume-reading.ts): met,
 *   partial, mixed, an explicit gap, or missing; years asked are compared
 *   with years stated. coverage = sum w v / sum w over the items (w the
 *   advisor's weight, v the verdict's value in [-1, 1]).
 * - Statement: stance = tanh(2.5 (coverage - 0.1)) + N(0, (0.2 T)^2), then
 *   70/30 with the advisor's previous statement's sentiment, + 0.25 x the
 *   peers' mean sentiment, and with probability min(0.9, 0.15 + 0.9 mean
 *   |peer sentiment|) an echo: the advisor answers one peer argument (chosen
 *   with weight |sentiment| + 0.05) from its own reading (echo.ts), and an
 *   agreeing echo pulls the stance by 0.2 x the argument's sentiment (0.1
 *   for a partial agreement). The stance sets how many of 3 body arguments
 *   are strengths (round(3 (stance + 1) / 2)), as far as the evidence allows:
 *   a strength always quotes a claim that meets a requirement, a concern a
 *   limitation, weak support, or the absence of any clause on the point.
 * - The temperature scales every random choice (noise sd 0.2 T, sampling
 *   sharpened by 1/T; 0 = deterministic). Nothing is scripted per candidate
 *   or per profession; the constants below are policy parameters.
 */
import type { Rng } from "../../stats/index";
import { echoOptions, understandEcho, type EchoOption } from "./echo";
import { readJob, stemWeights, stemsOf, type Requirement } from "./job-reading";
import { closerSentence, concernSentence, echoSentence, endSentence, openerSentence, quoteOf, strengthSentence, type EchoReply, type Voice } from "./phrasing";
import { assess, evidenceScore, readResume, type Evidence, type ResumeReading } from "./resume-reading";
import { advisorLens, type WeighedRequirement } from "./role-lens";
import type { AdvisorSpec, CandidateInfo, JobInfo, MentalModel, PeerStatement } from "../types";

/** Stance = tanh(GAIN * (coverage - PIVOT)) before noise and peer influence. */
const STANCE_GAIN = 2.5;
const STANCE_PIVOT = 0.1;
/** Noise standard deviation per unit of temperature. */
const NOISE_PER_TEMPERATURE = 0.2;
/** Pull toward the peers' mean sentiment (conformity). */
const CONFORMITY = 0.25;
/** Weight of the agent's own previous statement (consistency). */
const CONSISTENCY = 0.3;
/** Echo probability = ECHO_BASE + ECHO_SLOPE * mean |peer sentiment| (capped at ECHO_MAX). */
const ECHO_BASE = 0.15;
const ECHO_SLOPE = 0.9;
const ECHO_MAX = 0.9;
/** Extra pull of an agreed-with echoed argument's sentiment on the stance. */
const ECHO_PULL = 0.2;
/** Body arguments per statement (plus opener, optional echo, closer: about 5 points, as the paper's splitter). */
const BODY = 3;
/** How many of the advisor's heaviest items are its priorities. */
const PRIORITIES = 5;
/** Extra weight (x section weight) of an item the Mental Model names as a priority. */
const PRIORITY_BONUS = 0.5;

/** Weighted sample of `k` distinct indices, weights sharpened by 1/temperature (temperature 0 = the top k). */
function sampleTop(weights: readonly number[], k: number, rng: Rng, temperature: number): number[] {
  // Every index below is one of `weights`' (weightedIndex returns one of `w`, which is as long as `left`).
  const idx = weights.map((_, i) => i);
  if (temperature <= 0.01) return idx.sort((a, b) => weights[b]! - weights[a]! || a - b).slice(0, k);
  const left = idx.slice();
  const out: number[] = [];
  while (out.length < k && left.length > 0) {
    const w = left.map((i) => Math.pow(Math.max(weights[i]!, 1e-6), 1 / temperature));
    const pick = rng.weightedIndex(w);
    out.push(left[pick]!);
    left.splice(pick, 1);
  }
  return out;
}

interface JobReading {
  requirements: Requirement[];
  weights: Map<string, number>;
}

// Readings are pure functions of their inputs; memoised per object so that a
// conversation reads its job and each resume once.
const jobMemo = new WeakMap<JobInfo, JobReading>();
const resumeMemo = new WeakMap<readonly string[], ResumeReading>();

function jobReading(job: JobInfo): JobReading {
  let r = jobMemo.get(job);
  if (!r) {
    const requirements = readJob(job);
    r = { requirements, weights: stemWeights(requirements) };
    jobMemo.set(job, r);
  }
  return r;
}

function resumeReading(candidate: CandidateInfo): ResumeReading {
  let r = resumeMemo.get(candidate.passages);
  if (!r) {
    r = readResume(candidate.passages);
    resumeMemo.set(candidate.passages, r);
  }
  return r;
}

export interface MentalModelInput {
  advisor: AdvisorSpec;
  job: JobInfo;
}

/**
 * A requirement item in the ad's own words, as a priority: up to the first
 * ";" or ":" when it is long, at most 16 words, without the final stop.
 *
 * @example
 * priorityPhrase("Comfort with data: SQL, dashboards, and turning plant and field data into decisions."); // the item without its final "."
 */
export function priorityPhrase(text: string): string {
  let t = text.replace(/[.;:,\s]+$/, "");
  const words = t.split(/\s+/);
  if (words.length > 16) {
    const head = t.split(/[;:]/)[0]!.trim();
    t = head.split(/\s+/).length >= 4 ? head : t;
    const w = t.split(/\s+/);
    if (w.length > 16)
      t = `${w
        .slice(0, 16)
        .join(" ")
        .replace(/[,;:]+$/, "")} ...`;
  }
  return t;
}

/** "a", "a and b", "a, b and c". */
function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/**
 * Offline Mental Model of Self: the advisor's heaviest requirement items of
 * the ad (sampled with the temperature from the 8 heaviest) as priorities in
 * the ad's words, the evidence it will look for as criteria, and a
 * description naming its focus.
 *
 * @example
 * offlineMentalModel({ advisor: { title: "Chief Financial Officer", short: "CFO" }, job }, rng, 1).priorities.length; // 5
 */
export function offlineMentalModel(input: MentalModelInput, rng: Rng, temperature: number): MentalModel {
  const { advisor, job } = input;
  const { requirements } = jobReading(job);
  const lens = advisorLens(advisor, requirements);
  const pool = lens.items.filter((w) => w.weight > 0 && w.requirement.section !== "about").slice(0, 8);
  const chosen = sampleTop(
    pool.map((w) => w.weight),
    Math.min(PRIORITIES, pool.length),
    rng,
    temperature,
  )
    .sort((a, b) => a - b)
    .map((i) => pool[i]!.requirement);
  const priorities = chosen.map((r) => priorityPhrase(r.text));
  const criteria = chosen.slice(0, 4).map((r) => `concrete evidence of ${r.label} in past roles`);
  const years = requirements.find((r) => r.years !== null);
  if (years) criteria.push(`at least ${years.years} years of relevant experience, as the ad asks`);
  const focus = listPhrase(chosen.slice(0, 3).map((r) => r.label));
  const description =
    `I am the ${advisor.title} of ${job.organization}. ` +
    (lens.generic
      ? `I read the whole description of the ${job.title} role and check every resume against its main requirements, above all ${focus}.`
      : `On the panel for the ${job.title} role I look first at ${focus}, where my own work meets this job, and I want concrete evidence in the resume for each.`);
  return {
    description,
    priorities: priorities.length > 0 ? priorities : [`fit with the ${job.title} role`],
    evaluationCriteria: criteria.length > 0 ? criteria : [`concrete evidence of fit with the ${job.title} role`],
  };
}

export interface StatementPolicyInput {
  advisor: AdvisorSpec;
  mms: MentalModel;
  job: JobInfo;
  candidate: CandidateInfo;
  round: number;
  peers: PeerStatement[];
  previous: { statement: string; sentiment: number } | null;
}

/** One item of the advisor's assessment: its weight and the resume's evidence on it. */
export interface AssessedItem {
  weight: number;
  evidence: Evidence;
}

/** The advisor's reading of one candidate: every weighed item with its evidence, and the coverage they add up to. */
export interface Assessment {
  items: AssessedItem[];
  /** sum w v / sum w, in [-1, 1]. */
  coverage: number;
  /** Requirement ids of the advisor's priorities (its Mental Model's, else its heaviest items). */
  priorities: Set<number>;
  weights: ReadonlyMap<string, number>;
}

/**
 * The advisor's items: its lens over the ad, with the Mental Model's
 * priorities weighed up; a priority that names no item of the ad (a Mental
 * Model written by a real model) becomes an item of its own.
 */
function statementItems(input: StatementPolicyInput, job: JobReading): { items: WeighedRequirement[]; priorities: Set<number> } {
  // An agent keeps its Mental Model for the whole deliberation: its items are read once per (Mental Model, job, advisor).
  const memo = itemsMemo.get(input.mms);
  if (memo && memo.job === input.job && memo.title === input.advisor.title) return memo.result;
  const result = weighItems(input, job);
  itemsMemo.set(input.mms, { job: input.job, title: input.advisor.title, result });
  return result;
}

const itemsMemo = new WeakMap<MentalModel, { job: JobInfo; title: string; result: { items: WeighedRequirement[]; priorities: Set<number> } }>();

function weighItems(input: StatementPolicyInput, job: JobReading): { items: WeighedRequirement[]; priorities: Set<number> } {
  const lens = advisorLens(input.advisor, job.requirements);
  const items = lens.items.filter((w) => w.weight > 0).map((w) => ({ ...w }));
  const priorities = new Set<number>();
  let nextId = job.requirements.length;
  for (const priority of input.mms.priorities) {
    const stems = new Set(stemsOf(priority));
    let best: { item: WeighedRequirement; score: number } | null = null;
    for (const item of items) {
      const score = priorityPhrase(item.requirement.text) === priority ? 1 : evidenceScore(item.requirement, stems, job.weights);
      if (!best || score > best.score) best = { item, score };
    }
    if (best && best.score >= 0.5) {
      best.item.weight += PRIORITY_BONUS * best.item.requirement.weight;
      priorities.add(best.item.requirement.id);
      continue;
    }
    for (const requirement of readJob({ title: input.job.title, organization: input.job.organization, text: `Requirements\n- ${priority}` })) {
      const own = { ...requirement, id: nextId++ };
      items.push({ requirement: own, direct: 1, expansion: 0, weight: own.weight * (1 + PRIORITY_BONUS) });
      priorities.add(own.id);
    }
  }
  if (priorities.size === 0) for (const w of items.slice(0, PRIORITIES)) priorities.add(w.requirement.id);
  return { items, priorities };
}

/**
 * The advisor's assessment of a candidate (see the module doc).
 *
 * @example
 * assessCandidate(input).coverage; // e.g. 0.31 for a resume that meets most of what the advisor weighs
 */
export function assessCandidate(input: StatementPolicyInput): Assessment {
  // Pure in (Mental Model, job, advisor, resume); an advisor assesses a candidate once per deliberation, not once per round.
  const byModel = assessmentMemo.get(input.candidate.passages) ?? new WeakMap<MentalModel, { job: JobInfo; title: string; result: Assessment }>();
  assessmentMemo.set(input.candidate.passages, byModel);
  const memo = byModel.get(input.mms);
  if (memo && memo.job === input.job && memo.title === input.advisor.title) return memo.result;
  const result = assessAgain(input);
  byModel.set(input.mms, { job: input.job, title: input.advisor.title, result });
  return result;
}

const assessmentMemo = new WeakMap<readonly string[], WeakMap<MentalModel, { job: JobInfo; title: string; result: Assessment }>>();

function assessAgain(input: StatementPolicyInput): Assessment {
  const job = jobReading(input.job);
  const reading = resumeReading(input.candidate);
  const { items, priorities } = statementItems(input, job);
  const assessed = items.map((w) => ({ weight: w.weight, evidence: assess(reading, w.requirement, job.weights) }));
  const total = assessed.reduce((a, x) => a + x.weight, 0);
  const coverage = total > 0 ? assessed.reduce((a, x) => a + x.weight * x.evidence.value, 0) / total : 0;
  return { items: assessed, coverage, priorities, weights: job.weights };
}

/** Diagnostics of the offline statement policy (exposed for tests). */
export interface StatementPlan {
  coverage: number;
  baseStance: number;
  stance: number;
  echoProbability: number;
  echoed: EchoOption | null;
  reply: EchoReply | null;
  strengths: number;
  concerns: number;
}

/**
 * Plans a statement: the stance from the assessment, noise, consistency,
 * conformity and the echo (see the module doc for the formula). At
 * temperature 0 every choice is its mode (no noise; echo iff p >= 0.5, of
 * the most intense argument).
 *
 * @example
 * // one peer at -0.8, temperature 0: p = min(0.9, 0.15 + 0.72) = 0.87, so the peer is echoed
 * planStatement(input, new Rng(1), 0).echoProbability; // 0.87
 */
export function planStatement(input: StatementPolicyInput, rng: Rng, temperature: number): StatementPlan {
  return planFromAssessment(input, assessCandidate(input), rng, temperature);
}

function planFromAssessment(input: StatementPolicyInput, assessment: Assessment, rng: Rng, temperature: number): StatementPlan {
  const baseStance = Math.tanh(STANCE_GAIN * (assessment.coverage - STANCE_PIVOT));
  let stance = baseStance + (temperature > 0 ? rng.normal(0, NOISE_PER_TEMPERATURE * temperature) : 0);
  if (input.previous) stance = (1 - CONSISTENCY) * stance + CONSISTENCY * input.previous.sentiment;
  let echoProbability = 0;
  let echoed: EchoOption | null = null;
  let reply: EchoReply | null = null;
  if (input.peers.length > 0) {
    const peerSentiments = input.peers.map((p) => p.sentiment);
    const peerMean = peerSentiments.reduce((a, b) => a + b, 0) / peerSentiments.length;
    const intensity = peerSentiments.reduce((a, b) => a + Math.abs(b), 0) / peerSentiments.length;
    stance += CONFORMITY * peerMean;
    echoProbability = Math.min(ECHO_MAX, ECHO_BASE + ECHO_SLOPE * intensity);
    const deterministic = temperature <= 0.01;
    const options = echoOptions(input.peers);
    if (options.length > 0 && (deterministic ? echoProbability >= 0.5 : rng.chance(echoProbability))) {
      const weights = options.map((o) => Math.abs(o.sentiment) + 0.05);
      echoed = options[deterministic ? weights.indexOf(Math.max(...weights)) : rng.weightedIndex(weights)]!;
      const evidence = assessment.items.map((x) => x.evidence);
      reply = understandEcho(echoed, evidence, assessment.priorities, assessment.weights, baseStance, input.candidate.name);
      stance += (reply.relation === "agree" ? ECHO_PULL : reply.relation === "partly" ? ECHO_PULL / 2 : 0) * echoed.sentiment;
    }
  }
  stance = Math.max(-1, Math.min(1, stance));
  const strengths = Math.max(0, Math.min(BODY, Math.round((BODY * (stance + 1)) / 2)));
  return { coverage: assessment.coverage, baseStance, stance, echoProbability, echoed, reply, strengths, concerns: BODY - strengths };
}

/** What a statement talks about: the ad's requirements and tasks (the company blurb and the role's framing count in the judgement only). */
function isTalkingPoint(e: Evidence): boolean {
  const s = e.requirement.section;
  return s !== "about" && s !== "role" && s !== "offer";
}

/** Items the statement can praise: met requirements (a claim or enough years behind them). */
function isStrength(e: Evidence): boolean {
  return isTalkingPoint(e) && e.verdict === "met" && (e.support !== null || (e.years?.stated != null && e.years.stated >= e.years.asked));
}

/** Items the statement can raise as concerns: unmet points. */
function isConcern(e: Evidence): boolean {
  return isTalkingPoint(e) && e.verdict !== "met";
}

/**
 * The body arguments: `plan.strengths` strengths and `plan.concerns`
 * concerns as far as the evidence allows (the other kind fills in), each
 * sampled with weight (advisor weight x strength of the evidence), items
 * quoted in the advisor's previous statement weighed down.
 */
function pickBody(assessment: Assessment, plan: StatementPlan, previous: string, rng: Rng, temperature: number): { strong: Evidence[]; weak: Evidence[] } {
  const repeat = (e: Evidence) => {
    const clause = e.support?.clause.text ?? e.limitation?.clause.text;
    return clause && previous.includes(quoteOf(clause, 6).replace(/ \.\.\.$/, "")) ? 0.4 : 1;
  };
  const strong = assessment.items.filter((x) => isStrength(x.evidence));
  const weak = assessment.items.filter((x) => isConcern(x.evidence));
  const nStrong = Math.min(plan.strengths, strong.length);
  const nWeak = Math.min(BODY - nStrong, weak.length);
  const extra = Math.min(BODY - nStrong - nWeak, strong.length - nStrong);
  const pickedStrong = sampleTop(
    strong.map((x) => x.weight * x.evidence.value * repeat(x.evidence)),
    nStrong + extra,
    rng,
    temperature,
  ).map((i) => strong[i]!.evidence);
  const pickedWeak = sampleTop(
    weak.map((x) => x.weight * (0.8 - x.evidence.value) * repeat(x.evidence)),
    nWeak,
    rng,
    temperature,
  ).map((i) => weak[i]!.evidence);
  return { strong: pickedStrong, weak: pickedWeak };
}

/**
 * Offline statement: an opener with the stance, strengths that quote the
 * claims meeting the advisor's heaviest requirements, concerns that quote
 * limitations (or say the resume is silent on a point), an optional answer
 * to a peer's argument, and a recommendation. One sentence per argument.
 *
 * @example
 * offlineStatement(input, rng, 1.5).statement; // "I see real promise in Ada Obi for the Head of Technology role. Ada Obi's record on ..."
 */
export function offlineStatement(input: StatementPolicyInput, rng: Rng, temperature: number): { statement: string; plan: StatementPlan } {
  const assessment = assessCandidate(input);
  const plan = planFromAssessment(input, assessment, rng, temperature);
  const voice: Voice = { name: input.candidate.name, title: input.job.title, role: input.advisor.title };
  const body = pickBody(assessment, plan, input.previous?.statement ?? "", rng, temperature);
  const afterDiscussion = input.round > 1 && input.peers.length > 0 && temperature > 0.01 && rng.chance(0.5);
  const sentences = [openerSentence(voice, plan.stance, afterDiscussion, rng, temperature)];
  for (const e of body.strong) sentences.push(strengthSentence(e, voice, plan.stance, rng, temperature));
  for (const e of body.weak) sentences.push(concernSentence(e, voice, rng, temperature));
  if (plan.reply) sentences.push(echoSentence(plan.reply, voice));
  sentences.push(closerSentence(voice, plan.stance, rng, temperature));
  return { statement: sentences.map(endSentence).join(" "), plan };
}

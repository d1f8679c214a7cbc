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
 *   advisor's weight, v the verdict's value in [-1, 1]). The fit score
 *   (fit-score.ts) adds to 0.2 x coverage how much of the resume is about
 *   the advisor's items: the vocabulary match (cosine with the ad's items)
 *   and 0.5 x the clause focus (mean retrieval score of its clauses).
 * - Statement: stance = tanh(4 (score - 0.3)) + N(0, (0.05 T)^2), then
 *   70/30 with the advisor's previous statement's sentiment, + 0.25 x the
 *   peers' mean sentiment, and with probability min(0.9, 0.15 + 0.9 mean
 *   |peer sentiment|) an echo: the advisor answers one peer argument (chosen
 *   with weight |sentiment| + 0.05) from its own reading (echo.ts), and an
 *   agreeing echo pulls the stance by 0.2 x the argument's sentiment (0.1
 *   for a partial agreement). The stance sets how many of 3 body arguments
 *   are strengths (round(3 (stance + 1) / 2)), as far as the evidence allows:
 *   a strength always quotes a claim that meets a requirement, a concern a
 *   limitation, weak support, or the absence of any clause on the point.
 *   The decision follows the noise-free stance (decisionOf); the statement
 *   closes with a verdict that states the score (its parts in round 1), the
 *   rule it meets against the bars, and what the advisor does this round, and
 *   its f(A) is brought to toneTarget(stance, decision), strictly increasing
 *   in the stance inside the decision's band, so that eq. 4, the tiers and
 *   the Borda count keep the order of what the advisors said.
 * - The temperature scales every random choice (noise sd 0.05 T, sampling
 *   sharpened by 1/T; 0 = deterministic). Nothing is scripted per candidate
 *   or per profession; the constants below are policy parameters.
 */
import type { Rng } from "../../stats/index";
import { answerable, echoOptions, understandEcho, type EchoOption } from "./echo";
import { readJob, stemWeights, stemsOf, type Requirement } from "./job-reading";
import { readMusts, type MustCheck } from "./hard-requirements";
import { assessItems, type JobReading } from "./item-evidence";
import { endSentence, gradeFor, renderClaim, type Claim, type Decision, type EchoReply, type Voice } from "./phrasing";
import { evidenceScore, readResume, type ResumeReading } from "./resume-reading";
import { concernClaim, echoClaim, mustClaims, pointName, statementContext, strengthClaims } from "./claim-building";
import { advisorLens, type WeighedRequirement } from "./role-lens";
import { markOwnPoint, sayOwnPoint } from "./own-point";
import {
  ADVANCE_SCORE,
  MIDDLE_SCORE,
  advanceBand,
  clauseFocus,
  fitScore,
  stanceOf,
  toneTarget,
  verdictClaim,
  vocabularyMatch,
  type FitParts,
  type VerdictSpec,
} from "./fit-score";
export { ADVANCE_AT, REJECT_AT } from "./fit-score";
import { fitTone } from "./tone-fit";
export { argumentTones } from "./tone-fit";
import type { AdvisorSpec, CandidateInfo, JobInfo, MentalModel, PeerStatement } from "../types";

import { decisionOf, milderClaim, mustRejectStance, openMusts, ownGap, quotableStrengths, reasonBasis, type Assessment } from "./decision-rule";
export * from "./decision-rule";

/** Noise standard deviation per unit of temperature. */
const NOISE_PER_TEMPERATURE = 0.05;
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
/** Body arguments per statement (plus opener, optional echo, verdict: about 5 points, as the paper's splitter). */
const BODY = 3;
/**
 * The share of its weight a resume must meet before an advancing statement may use its top words: the verdict's
 * "excellent", "outstanding" or "superb", and the opener's warmest band. One bar for both, so that an opener never
 * says "outstanding ... delighted" of a case its verdict calls "promising and good".
 */
const VERDICT_SUPERLATIVE_SHARE = 0.5;
/** The share of its weight met from which an advancing opener may take its warmest band ("outstanding"; else "strong, impressive", else "promising"). */
const OPENER_BEST_SHARE = VERDICT_SUPERLATIVE_SHARE;
const OPENER_STRONG_SHARE = 0.2;
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

// Readings are pure functions of their inputs; memoised per object so that a
// conversation reads its job and each resume once.
const jobMemo = new WeakMap<JobInfo, JobReading>();
const resumeMemo = new WeakMap<readonly string[], ResumeReading>();

function jobReading(job: JobInfo): JobReading {
  let r = jobMemo.get(job);
  if (!r) {
    const requirements = readJob(job);
    r = { requirements, weights: stemWeights(requirements), musts: readMusts(requirements) };
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

/** "a", "a; b; c": a Mental Model's list never joins the ad's phrases with an "and" the ad did not write. */
function listPhrase(items: readonly string[]): string {
  return items.join("; ");
}

/**
 * How a Mental Model names one of the advisor's items: what it will look
 * for, in the item's one most specific noun phrase of the ad (pointName;
 * never the ad's sentence, never two phrases paired with "and").
 *
 * @example
 * priorityOf(requirement); // "a record on unit economics"
 */
export function priorityOf(requirement: Requirement): string {
  return requirement.role ? `a record of ${requirement.label}` : `a record on ${pointName(requirement)}`;
}

/**
 * Offline Mental Model of Self, written for the advisor: its description
 * says what its title makes it answer for on this panel (the ad's items its
 * title weighs up, role-lens.ts) and that it checks the ad's musts; its
 * priorities are the musts (every panel member checks them) and its
 * heaviest items (sampled with the temperature from the 8 heaviest), each
 * named by the item's noun phrases; its criteria say what evidence it will
 * accept. No line copies a sentence of the ad.
 *
 * @example
 * offlineMentalModel({ advisor: { title: "Chief Financial Officer", short: "CFO" }, job }, rng, 0).priorities[0]; // "8+ years in technology roles (a must of the ad)"
 */
export function offlineMentalModel(input: MentalModelInput, rng: Rng, temperature: number): MentalModel {
  const { advisor, job } = input;
  const { requirements, musts } = jobReading(job);
  const lens = advisorLens(advisor, requirements);
  const mustIds = new Set(musts.map((m) => m.requirement.id));
  // What the job asks (responsibilities, requirements), not the company blurb, the role's framing ("a team of six today
  // ... one controls technician") or the offer: a priority is something a candidate can have a record of.
  const asked = (w: WeighedRequirement) => !["about", "role", "offer"].includes(w.requirement.section);
  const pool = lens.items.filter((w) => w.weight > 0 && asked(w) && !mustIds.has(w.requirement.id)).slice(0, 8);
  const chosen = sampleTop(
    pool.map((w) => w.weight),
    Math.min(PRIORITIES - 1, pool.length),
    rng,
    temperature,
  )
    .sort((a, b) => a - b)
    .map((i) => pool[i]!.requirement);
  const priorities = [...musts.map((m) => `${m.label} (a must of the ad)`), ...chosen.map(priorityOf)];
  const criteria = chosen.slice(0, 3).map((r) => `a resume clause that shows ${pointName(r)}, quoted whole`);
  for (const m of musts) {
    criteria.push(
      m.kind === "years"
        ? `${m.label}, from the years the resume states for that work`
        : m.kind === "location"
          ? `${m.label}, where the resume places the candidate or says it will move, never declined`
          : `${m.label}, named in the resume, never denied`,
    );
  }
  const focus = listPhrase(chosen.slice(0, 3).map(pointName));
  const mustLine = musts.length > 0 ? ` Like every panel member, I also check the ad's musts: ${listPhrase(musts.map((m) => m.label))}.` : "";
  const description =
    `I am the ${advisor.title} of ${job.organization}. ` +
    (lens.generic
      ? `My title names nothing this ad asks for, so I weigh the requirements of the ${job.title} role evenly, above all ${focus}.`
      : `On the panel for the ${job.title} role I answer for the points of this job that my function owns: ${focus}.`) +
    mustLine;
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
    // A must is checked by every advisor (checkMust), not weighed as a priority item.
    if (job.musts.some((m) => `${m.label} (a must of the ad)` === priority)) continue;
    const stems = new Set(stemsOf(priority));
    let best: { item: WeighedRequirement; score: number } | null = null;
    for (const item of items) {
      const own = priorityOf(item.requirement) === priority || priorityPhrase(item.requirement.text) === priority;
      const score = own ? 1 : evidenceScore(item.requirement, stems, job.weights);
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
  const { assessed, musts, coverage } = assessItems(reading, items, job);
  const fit = fitOf(reading, items, job, coverage);
  return { items: assessed, coverage, fit, priorities, weights: job.weights, musts, reading };
}

function fitOf(reading: ResumeReading, items: readonly WeighedRequirement[], job: JobReading, coverage: number): FitParts {
  const match = vocabularyMatch(reading, items);
  const focus = clauseFocus(reading, items, job.weights);
  return { match, focus, evidence: coverage, score: fitScore(match, focus, coverage) };
}

/**
 * The fit score of an advisor for a candidate, read again from scratch (no
 * memo): the ad, the resume and the advisor's items. What a checker compares
 * a verdict's numbers with.
 *
 * @example
 * fitFromScratch(input).score === assessCandidate(input).fit.score; // true
 */
export function fitFromScratch(input: StatementPolicyInput): FitParts {
  const requirements = readJob(input.job);
  const job: JobReading = { requirements, weights: stemWeights(requirements), musts: readMusts(requirements) };
  const reading = readResume(input.candidate.passages);
  const { items } = weighItems(input, job);
  return fitOf(reading, items, job, assessItems(reading, items, job).coverage);
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
  /** What the statement recommends (decisionOf). */
  decision: Decision;
  /** The musts the resume lacks. */
  lacking: MustCheck[];
}

/**
 * Plans a statement: the stance from the assessment, noise, consistency,
 * conformity and the echo (see the module doc for the formula), and the
 * decision (decisionOf). At temperature 0 every choice is its mode (no
 * noise; echo iff p >= 0.5, of the most intense argument).
 *
 * @example
 * // one peer at -0.8, temperature 0: p = min(0.9, 0.15 + 0.72) = 0.87, so the peer is echoed
 * planStatement(input, new Rng(1), 0).echoProbability; // 0.87
 */
export function planStatement(input: StatementPolicyInput, rng: Rng, temperature: number): StatementPlan {
  return planFromAssessment(input, assessCandidate(input), rng, temperature);
}

function planFromAssessment(input: StatementPolicyInput, assessment: Assessment, rng: Rng, temperature: number): StatementPlan {
  const baseStance = stanceOf(assessment.fit.score);
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
    const evidence = assessment.items.map((x) => x.evidence);
    const names = [input.job.title, input.advisor.title, ...input.peers.map((p) => p.role)];
    const context = { reading: assessment.reading, musts: assessment.musts, names, roles: [input.advisor.title, ...input.peers.map((p) => p.role)] };
    // Only an argument on a point of the ad is answered (an answer on the candidate as a whole would state the peer's
    // overall view from one sentence of it), and only one whose tone is its own: "nothing on Advanced Life Support"
    // reads warm to the lexicon, and agreeing with that tone would misstate what the peer said.
    const options = echoOptions(input.peers).filter((o) => answerable(o, evidence, input.candidate.name, context));
    if (options.length > 0 && (deterministic ? echoProbability >= 0.5 : rng.chance(echoProbability))) {
      const weights = options.map((o) => Math.abs(o.sentiment) + 0.05);
      echoed = options[deterministic ? weights.indexOf(Math.max(...weights)) : rng.weightedIndex(weights)]!;
      reply = understandEcho(echoed, evidence, assessment.priorities, assessment.weights, baseStance, input.candidate.name, context);
      // An answer on the candidate as a whole ("Like the CFO, I see a serious option") would state the peer's overall
      // view from one sentence of it: only an answer on a point the peer named is said.
      if (!reply.evidence) {
        reply = null;
        echoed = null;
      }
      if (reply && echoed) stance += (reply.relation === "agree" ? ECHO_PULL : reply.relation === "partly" ? ECHO_PULL / 2 : 0) * echoed.sentiment;
    }
  }
  stance = Math.max(-1, Math.min(1, stance));
  const lacking = assessment.musts.filter((m) => m.status === "lacking");
  const decision = decisionOf(baseStance, lacking, quotableStrengths(assessment), openMusts(assessment).length, ownGap(assessment) !== null);
  // Read from the evidence alone (as the decision is), so that a rejection on a must speaks alike in every round.
  if (lacking.length > 0) stance = mustRejectStance(baseStance, lacking.length, assessment.musts.length);
  const grade = gradeFor(decision, stance);
  const strengths = decision === "reject" ? 0 : Math.max(0, Math.min(BODY, Math.round((BODY * (grade + 1)) / 2)));
  return { coverage: assessment.coverage, baseStance, stance, echoProbability, echoed, reply, strengths, concerns: BODY - strengths, decision, lacking };
}

/**
 * The body claims: `plan.strengths` strengths and `plan.concerns` concerns
 * as far as the evidence allows (the other kind fills in, except that a
 * rejecting statement praises nothing), each sampled with weight (advisor
 * weight x strength of the evidence), items quoted in the advisor's
 * previous statement weighed down.
 */
function pickBody(assessment: Assessment, plan: StatementPlan, previous: string, grade: number, rng: Rng, temperature: number): Claim[] {
  const mustIds = new Set(assessment.musts.map((m) => m.must.requirement.id));
  const open = new Set(openMusts(assessment).map((m) => m.must.requirement.id));
  const repeat = (c: Claim) => (c.cited[0] && previous.includes(c.cited[0].quote) ? 0.4 : 1);
  const strong: Array<{ claim: Claim; weight: number }> = [];
  const weak: Array<{ claim: Claim; weight: number }> = [];
  for (const x of assessment.items) {
    // A must's own item is said by its must claim when it is lacking or a held credential; a second claim on it
    // ("partial evidence" on the degree the must claim says is held) would contradict it.
    // So is one to check (openMusts): its must claim says what the resume shows of it.
    const said =
      open.has(x.evidence.requirement.id) ||
      assessment.musts.some(
        (m) => m.must.requirement.id === x.evidence.requirement.id && (m.status === "lacking" || (m.status === "met" && m.must.kind === "credential")),
      );
    if (mustIds.has(x.evidence.requirement.id) && said) continue;
    for (const s of strengthClaims(x.evidence, assessment.weights, plan.decision, grade))
      strong.push({ claim: s, weight: x.weight * x.evidence.value * repeat(s) });
    const c = concernClaim(x.evidence, assessment.weights, plan.decision, grade);
    if (c) weak.push({ claim: c, weight: x.weight * (0.8 - x.evidence.value) * repeat(c) });
  }
  const remit = markOwnPoint(assessment.items, assessment.priorities, mustIds, plan.decision, strong, weak);
  const nStrong = Math.min(plan.strengths, strong.length);
  const nWeak = Math.min(BODY - nStrong, weak.length);
  const extra = plan.decision === "reject" ? 0 : Math.min(BODY - nStrong - nWeak, strong.length - nStrong);
  const pickedStrong = sampleTop(
    strong.map((x) => Math.max(x.weight, 1e-6)),
    nStrong + extra,
    rng,
    temperature,
  ).map((i) => strong[i]!.claim);
  const pickedWeak = sampleTop(
    weak.map((x) => Math.max(x.weight, 1e-6)),
    nWeak,
    rng,
    temperature,
  ).map((i) => weak[i]!.claim);
  if (remit) sayOwnPoint(remit, strong, pickedStrong, pickedWeak, BODY);
  // A plus the ad would welcome is said after the points it asks for, never as the statement's first point.
  const asked = pickedStrong.filter((c) => !c.item?.advantage);
  return [...asked, ...pickedStrong.filter((c) => c.item?.advantage), ...pickedWeak];
}

/** What one offline statement said and why: the text, its plan, and the claim behind each sentence, in order. */
export interface OfflineStatement {
  statement: string;
  plan: StatementPlan;
  claims: Claim[];
  sentences: string[];
}

type ClaimSink = (record: { input: StatementPolicyInput; result: OfflineStatement }) => void;
let claimSink: ClaimSink | null = null;

/**
 * Registers a listener that receives every offline statement with its
 * claims (tests re-check them against the data); null removes it. The
 * listener only observes: it never changes what is said.
 *
 * @example
 * const records = []; recordOfflineClaims((r) => records.push(r)); await deliberate(...); recordOfflineClaims(null);
 */
export function recordOfflineClaims(sink: ClaimSink | null): void {
  claimSink = sink;
}

/**
 * Offline statement: an opener with the decision's tone, the lacking musts,
 * strengths that quote the clauses meeting the advisor's heaviest
 * requirements, concerns that quote limitations, partial support or say
 * that no clause speaks to a point, an optional answer to a peer's argument,
 * and a verdict that states the fit score (its parts in round 1), the rule
 * it meets against the bars, and the decision for this round. Each sentence
 * is rendered from a recorded claim. The statement's f(A) (statementScore)
 * is brought to toneTarget(stance, decision): while leaving out one sentence
 * (never a lacking must, the quoted grounds of the decision, a point a
 * restated decision names, the opener or the last point on the evidence) or
 * restating the decision (REASONS, at most two, the first on its main point)
 * brings it nearer, the best such step is
 * taken; then the verdict's closing phrase is the rung of its ladder that
 * lands nearest (nearestRung).
 *
 * @example
 * offlineStatement(input, rng, 1.5).statement; // "I see real promise in this candidate for the Head of Technology role. ..."
 */
export function offlineStatement(input: StatementPolicyInput, rng: Rng, temperature: number): OfflineStatement {
  const assessment = assessCandidate(input);
  const plan = planFromAssessment(input, assessment, rng, temperature);
  const voice: Voice = { name: input.candidate.name, title: input.job.title, role: input.advisor.title };
  const grade = gradeFor(plan.decision, plan.stance);
  // Openers and restated decisions carry this candidate's counts and the round (statementContext).
  const context = statementContext(assessment.items, input.round, new Set(plan.lacking.map((m) => m.must.requirement.id)));
  // Openers and restated reasons cite nothing: they carry the decision, its stance and the advisor's counts.
  const uncited = (kind: Claim["kind"], item: Claim["item"], extra: Partial<Claim> = {}): Claim => ({
    kind,
    item,
    cited: [],
    score: plan.baseStance,
    threshold: null,
    decision: plan.decision,
    grade,
    context,
    ...extra,
  });
  // An advancing opener's praise is bounded by the share of the advisor's weight the resume meets, which it states:
  // "outstanding" from OPENER_BEST_SHARE of it, "strong, impressive" from OPENER_STRONG_SHARE, else "promising".
  const openerGrade =
    plan.decision !== "advance" ? grade : context.metShare >= OPENER_BEST_SHARE ? grade : Math.min(grade, context.metShare >= OPENER_STRONG_SHARE ? 0.7 : 0.4);
  const opener = uncited("opener", null, { grade: openerGrade });
  // A must the check leaves unverified but whose item the resume meets is not said to need checking (it is not open).
  const open = openMusts(assessment);
  const musts = mustClaims(
    assessment.musts.filter((m) => m.status !== "unverified" || open.includes(m)),
    plan.decision,
    grade,
  );
  const body = pickBody(assessment, plan, input.previous?.statement ?? "", grade, rng, temperature);
  const mustQuotes = new Set(musts.flatMap((c) => c.cited.map((q) => q.text)));
  // An echo that would quote again the clause a must claim quotes is left out (the must already says it).
  const echo = (plan.reply ? [echoClaim(plan.reply, plan.decision, grade, context)] : []).filter((c) => !c.cited.some((q) => mustQuotes.has(q.text)));
  // Never quote one clause twice in a statement: a body claim on a clause a must or the echo already quotes is left out.
  const quoted = new Set([...mustQuotes, ...echo.flatMap((c) => c.cited.map((q) => q.text))]);
  const fresh = body.filter((c) => {
    if (c.cited.some((q) => quoted.has(q.text))) return false;
    for (const q of c.cited) quoted.add(q.text);
    return true;
  });
  let middle = [...musts, ...fresh, ...echo];
  const render = (claims: Claim[]) => claims.map((c) => endSentence(renderClaim(c, voice, rng, temperature)));
  const rendered = new Map(middle.map((c) => [c, render([c])[0]!] as const));
  rendered.set(opener, render([opener])[0]!);
  let head = opener;
  const assemble = () => [head, ...middle].map((c) => rendered.get(c)!);
  // Bring f(A) to the tone the stance sets, then close with the verdict whose phrase lands it there (tone-fit.ts).
  const target = toneTarget(plan.stance, plan.decision);
  const lackingMust = musts.find((c) => c.kind === "must-lacking");
  const spec: VerdictSpec = {
    decision: plan.decision,
    mustLabel: plan.decision === "reject" && lackingMust?.item ? lackingMust.item.label : null,
    round: input.round,
    grade,
    // A probe's words lean the way its score sits between the bars it states (not the way peers moved its stance), so
    // that an unchanged score is never "doubtful" in one round and "fine" in the next.
    lean: (plan.decision === "probe" ? assessment.fit.score >= MIDDLE_SCORE : target >= 0) ? 1 : -1,
    aboveBar: plan.decision === "probe" && assessment.fit.score >= ADVANCE_SCORE,
    unverifiedMust: openMusts(assessment)[0]?.must.label ?? null,
    ownGap: ownGap(assessment)?.evidence.requirement.label ?? null,
    superlatives: context.metShare >= VERDICT_SUPERLATIVE_SHARE,
    band: plan.decision === "advance" ? advanceBand(assessment.fit.score) : undefined,
  };
  const restate = (n: number, kept: readonly Claim[]): Claim | null => {
    // Only the first restatement names the point: a second on the same point repeats it (a blind read: a resume's
    // silence on labour laws said three times in one statement); it says the points met instead.
    const basis = n === 0 ? reasonBasis(kept, plan.decision) : null;
    // Without a point to name, the decision is restated on the fit score, then on the points met (phrasing.ts
    // reasonLine): an advancing case with no strength to name says that it supports the application, and praises nothing.
    const reason = uncited("reason", basis, { restatement: n, score: assessment.fit.score });
    rendered.set(reason, render([reason])[0]!);
    return reason;
  };
  const temper = (c: Claim): Claim | null => {
    const milder = plan.decision === "advance" ? milderClaim(c) : null;
    if (milder) rendered.set(milder, render([milder])[0]!);
    return milder;
  };
  const fitted = fitTone({ middle, head, text: (c) => rendered.get(c)!, verdict: spec, target, restate, temper });
  middle = fitted.middle;
  head = fitted.head;
  const verdict = verdictClaim(assessment.fit, fitted.verdict, fitted.rung, target);
  rendered.set(verdict, render([verdict])[0]!);
  middle = [...middle, verdict];
  const sentences = assemble();
  const claims = [head, ...middle];
  const result: OfflineStatement = { statement: sentences.join(" "), plan, claims, sentences };
  claimSink?.({ input, result });
  return result;
}

/**
 * The embedded (offline) Sentimental advisors: data-grounded, seeded policies
 * that stand in for the LLM when no model is configured. They are baselines,
 * not the paper's agents; every result they produce is labelled "offline".
 *
 * - Mental Model of Self: the advisor's role vocabulary (roles.ts) combined
 *   with the job description's key terms (TF-IDF over its sentences, weighted
 *   by their affinity with the role).
 * - Statement: the advisor takes a stance from how well the resume covers its
 *   priorities (share of each priority's stems found in the resume), quotes
 *   the passages most relevant to its best-covered priorities and the closest
 *   (weak) passage for its least-covered ones (TF-IDF retrieval over the same
 *   stems), leans toward what peers said and, with a probability that grows
 *   with the intensity of the peers' sentiment, echoes a peer's argument (so
 *   peer influence is measurable). The temperature scales every random choice
 *   (stance noise sd 0.2 T, sampling sharpened by 1/T; 0 = deterministic).
 * - Nothing is scripted per candidate: every number comes from the resume
 *   text, the role vocabulary, the job description, the peers' statements
 *   and the seeded rng. The constants below are policy parameters.
 */
import { TfidfIndex, contentTokens, splitSentences } from "../text/index";
import type { Rng } from "../stats/index";
import { roleProfile } from "./roles";
import type { AdvisorSpec, CandidateInfo, JobInfo, MentalModel, PeerStatement } from "./types";

/** Stance = tanh(GAIN * (coverage - PIVOT)) before noise and peer influence. */
const STANCE_GAIN = 4;
const STANCE_PIVOT = 0.32;
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
/** Extra pull of an echoed argument's sentiment on the stance. */
const ECHO_PULL = 0.2;

/** Crude stem: the first 6 letters of a content token, so "recycling" and "recycled" match. */
function stems(text: string): string[] {
  return contentTokens(text).map((t) => t.slice(0, 6));
}

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

/** Section headings and filler of job ads that say nothing about the work itself. */
const JOB_AD_BOILERPLATE: ReadonlySet<string> = new Set([
  "about",
  "role",
  "requirements",
  "responsibilities",
  "offer",
  "years",
  "year",
  "including",
  "plus",
  "strong",
  "advantage",
  "based",
  "regular",
  "willingness",
  "comfort",
  "similar",
  "every",
  "today",
  "around",
  "least",
  "track",
  "record",
  "hiring",
  "hire",
  "new",
  "first",
  "main",
  "clear",
  "major",
  "closely",
  "ideal",
  "candidate",
  "looking",
  "join",
  "apply",
  "us",
  "work",
  "working",
  "will",
  "day",
  "per",
  "across",
  "within",
  "able",
]);

/**
 * Key terms of a job description for a role: the description's sentences are
 * indexed with TF-IDF, each sentence is scored by its similarity to the role
 * vocabulary, and each term gets sum over sentences of (tf-idf weight x
 * (0.2 + sentence score)). Best first; ties alphabetical.
 *
 * @example
 * jobKeyTerms("We recycle plastics. The budget is tight.", ["budget", "cost"], 2); // ["budget", "tight"]
 */
export function jobKeyTerms(jobText: string, vocabulary: readonly string[], k: number): string[] {
  const sentences = splitSentences(jobText).filter((s) => contentTokens(s).length > 0);
  if (sentences.length === 0) return [];
  const index = new TfidfIndex(sentences);
  const query = vocabulary.join(" ");
  const score = new Map<string, number>();
  sentences.forEach((sentence, i) => {
    const affinity = 0.2 + index.similarity(i, query);
    const sv = index.documentVector(i);
    // The index's own vectors: term ids index its vocabulary, and values run parallel to indices.
    sv.indices.forEach((termId, j) => {
      const term = index.vocabulary[termId]!;
      score.set(term, (score.get(term) ?? 0) + sv.values[j]! * affinity);
    });
  });
  return [...score.entries()]
    .filter(([term]) => !JOB_AD_BOILERPLATE.has(term))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, k)
    .map(([t]) => t);
}

export interface MentalModelInput {
  advisor: AdvisorSpec;
  job: JobInfo;
}

/**
 * Offline Mental Model of Self: role profile + the job description's key
 * terms for that role. Priorities and criteria are the profile's items most
 * similar to the job description (sampled with the temperature), plus one
 * job-grounded item each.
 *
 * @example
 * offlineMentalModel({ advisor: { title: "Chief Financial Officer", short: "CFO" }, job }, rng, 1).priorities.length; // 5
 */
export function offlineMentalModel(input: MentalModelInput, rng: Rng, temperature: number): MentalModel {
  const { advisor, job } = input;
  const profile = roleProfile(advisor.title);
  // The advisor's own title ("CFO" in "report to the CFO") is not something to look for in a resume.
  const ownTitle = new Set(contentTokens(`${advisor.title} ${advisor.short}`));
  const terms = jobKeyTerms(job.text, profile.vocabulary, 8 + ownTitle.size)
    .filter((t) => !ownTitle.has(t))
    .slice(0, 8);
  // sampleTop returns indices of the list it weighs: terms, priorities, criteria.
  const chosenTerms = sampleTop(
    terms.map((_, i) => 1 / (1 + i)),
    Math.min(5, terms.length),
    rng,
    temperature,
  ).map((i) => terms[i]!);
  const jdIndex = new TfidfIndex([job.text, ...profile.priorities, ...profile.criteria]);
  const relevance = (items: readonly string[]) => items.map((p) => 0.05 + jdIndex.similarity(0, p));
  const priorities = sampleTop(relevance(profile.priorities), 4, rng, temperature)
    .sort((a, b) => a - b)
    .map((i) => profile.priorities[i]!);
  const criteria = sampleTop(relevance(profile.criteria), 4, rng, temperature)
    .sort((a, b) => a - b)
    .map((i) => profile.criteria[i]!);
  if (chosenTerms.length >= 2) priorities.push(`experience with ${listPhrase(chosenTerms.slice(0, 3))} as the role requires`);
  if (chosenTerms.length >= 4) criteria.push(`hands-on work with ${listPhrase(chosenTerms.slice(3))} in past roles`);
  const description =
    `I am the ${advisor.title} of ${job.organization}. I assess candidates for the ${job.title} role through the lens of ${profile.focus}. ` +
    (chosenTerms.length > 0
      ? `The job description stresses ${listPhrase(chosenTerms)}, so I look for concrete evidence of these in every resume.`
      : "I look for concrete evidence in every resume.");
  return { description, priorities, evaluationCriteria: criteria };
}

function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
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

/** Diagnostics of the offline statement policy (exposed for tests). */
export interface StatementPlan {
  coverage: number;
  baseStance: number;
  stance: number;
  echoProbability: number;
  echoed: { agent: string; argument: string; sentiment: number } | null;
  strengths: number;
  concerns: number;
}

/** A passage cut to at most `words` words, inner sentence ends softened so it stays one argument. */
function snippet(passage: string, words = 16): string {
  const cleaned = passage
    .replace(/\s+/g, " ")
    .replace(/[.!?]+(?=\s|$)/g, ",")
    .replace(/["\u201c\u201d]/g, "'")
    .trim()
    .replace(/[,;:]+$/, "");
  const parts = cleaned.split(" ");
  const cut = parts
    .slice(0, words)
    .join(" ")
    .replace(/[,;:]+$/, "");
  return parts.length > words ? `${cut} ...` : cut;
}

/**
 * How well a resume covers each priority: the share of the priority's stems
 * found anywhere in the resume.
 *
 * @example
 * priorityCoverage(["budget and cost control"], ["Owned a $2M budget"]); // [1 / 3]
 */
export function priorityCoverage(priorities: readonly string[], passages: readonly string[]): number[] {
  const resume = new Set(stems(passages.join(" ")));
  return priorities.map((p) => {
    const s = [...new Set(stems(p))];
    if (s.length === 0) return 0;
    return s.filter((x) => resume.has(x)).length / s.length;
  });
}

/**
 * Plans a statement: stance = tanh(4 (coverage - 0.32)) + N(0, (0.2 T)^2),
 * then 70/30 with the agent's previous statement sentiment, + 0.25 x the
 * peers' mean sentiment, and with probability p = min(0.9, 0.15 + 0.9 x mean
 * |peer sentiment|) an echoed peer argument (+ 0.2 x its sentiment, chosen
 * with weight |sentiment| + 0.05); clipped to [-1, 1]. At temperature 0 every
 * choice is its mode (no noise; echo iff p >= 0.5, of the most intense
 * argument). The stance sets how many of 3 body arguments are strengths:
 * round(3 (stance + 1) / 2).
 *
 * @example
 * // one peer at -0.8, temperature 0: p = min(0.9, 0.15 + 0.72) = 0.87, so the peer is echoed
 * planStatement(input, new Rng(1), 0).echoProbability; // 0.87
 */
export function planStatement(input: StatementPolicyInput, rng: Rng, temperature: number): StatementPlan {
  return planFromCoverage(input, priorityCoverage(statementPriorities(input), input.candidate.passages), rng, temperature);
}

/** What a statement is judged against: the Mental Model's priorities, then its evaluation criteria. */
function statementPriorities(input: StatementPolicyInput): string[] {
  return [...input.mms.priorities, ...input.mms.evaluationCriteria];
}

/** `planStatement` given the coverage of each of `statementPriorities(input)` (computed once by the caller). */
function planFromCoverage(input: StatementPolicyInput, coverageByPriority: readonly number[], rng: Rng, temperature: number): StatementPlan {
  const coverage = coverageByPriority.length > 0 ? coverageByPriority.reduce((a, b) => a + b, 0) / coverageByPriority.length : 0;
  const baseStance = Math.tanh(STANCE_GAIN * (coverage - STANCE_PIVOT));
  let stance = baseStance + (temperature > 0 ? rng.normal(0, NOISE_PER_TEMPERATURE * temperature) : 0);
  if (input.previous) stance = (1 - CONSISTENCY) * stance + CONSISTENCY * input.previous.sentiment;
  let echoProbability = 0;
  let echoed: StatementPlan["echoed"] = null;
  if (input.peers.length > 0) {
    const peerSentiments = input.peers.map((p) => p.sentiment);
    const peerMean = peerSentiments.reduce((a, b) => a + b, 0) / peerSentiments.length;
    const intensity = peerSentiments.reduce((a, b) => a + Math.abs(b), 0) / peerSentiments.length;
    stance += CONFORMITY * peerMean;
    echoProbability = Math.min(ECHO_MAX, ECHO_BASE + ECHO_SLOPE * intensity);
    // At temperature 0 the choice is the mode: echo when it is more likely than
    // not, and echo the most intense argument (first on ties).
    const deterministic = temperature <= 0.01;
    if (deterministic ? echoProbability >= 0.5 : rng.chance(echoProbability)) {
      const options: Array<{ agent: string; argument: string; sentiment: number }> = [];
      for (const p of input.peers) {
        p.arguments.forEach((a, i) => options.push({ agent: p.role, argument: a, sentiment: p.argumentSentiments[i] ?? 0 }));
      }
      if (options.length > 0) {
        const weights = options.map((o) => Math.abs(o.sentiment) + 0.05);
        const pick = deterministic ? weights.indexOf(Math.max(...weights)) : rng.weightedIndex(weights);
        echoed = options[pick]!;
        stance += ECHO_PULL * echoed.sentiment;
      }
    }
  }
  stance = Math.max(-1, Math.min(1, stance));
  const body = 3;
  const strengths = Math.max(0, Math.min(body, Math.round((body * (stance + 1)) / 2)));
  return { coverage, baseStance, stance, echoProbability, echoed, strengths, concerns: body - strengths };
}

// Templates are graded by the stance; their wording carries the sentiment a
// lexicon scorer (VADER) will read ("fit" is positive in VADER, so negative
// lines avoid it).
const OPENERS: ReadonlyArray<{ above: number; lines: readonly string[] }> = [
  {
    above: 0.6,
    lines: [
      "{name} is an excellent candidate for the {title} role from where I sit as {role}.",
      "I am genuinely enthusiastic about {name} for the {title} role.",
    ],
  },
  {
    above: 0.2,
    lines: ["{name} looks like a good candidate for the {title} role from my perspective as {role}.", "I see real promise in {name} for the {title} role."],
  },
  {
    above: -0.2,
    lines: ["{name} is a mixed case for the {title} role from my perspective as {role}.", "My view of {name} for the {title} role is balanced so far."],
  },
  { above: -0.6, lines: ["I have doubts about {name} for the {title} role.", "I am unconvinced that {name} suits the {title} role."] },
  { above: -Infinity, lines: ["I am seriously worried about {name} for the {title} role.", "{name} looks like a weak candidate for the {title} role to me."] },
];

const STRENGTH_WORDS: ReadonlyArray<{ above: number; words: readonly string[] }> = [
  { above: 0.5, words: ["an outstanding", "an excellent", "a strong"] },
  { above: 0, words: ["a solid", "a good", "a useful"] },
  { above: -Infinity, words: ["a partial", "some", "a modest"] },
];

const CONCERN_LINES: ReadonlyArray<{ above: number; lines: readonly string[] }> = [
  { above: 0.3, lines: ["One risk is that the resume says little about {priority}.", "I am slightly uncertain about {priority}."] },
  { above: -0.3, lines: ["I am worried that the resume shows little evidence of {priority}.", "The resume is unclear about {priority}, which is a risk."] },
  {
    above: -Infinity,
    lines: ["I see a serious weakness: there is no real evidence of {priority}.", "The lack of {priority} is a major problem for this role."],
  },
];

const CLOSERS: ReadonlyArray<{ above: number; lines: readonly string[] }> = [
  { above: 0.3, lines: ["I would recommend advancing {name} to the next stage.", "I support moving {name} forward."] },
  { above: -0.3, lines: ["I would want to probe this further in an interview before deciding.", "I would keep {name} on the list but with open questions."] },
  { above: -Infinity, lines: ["I would not recommend advancing {name}.", "I cannot support {name} for this position."] },
];

/** The first band the value is above, else the last (lowest) one. */
function pickBand<T extends { above: number }>(bands: readonly T[], value: number): T {
  const band = bands.find((b) => value > b.above) ?? bands.at(-1);
  if (!band) throw new RangeError("pickBand: no bands to pick from");
  return band;
}

/** Picks from a list: uniformly at temperature > 0, the first entry at temperature 0. */
function choose<T>(items: readonly T[], rng: Rng, temperature: number): T {
  if (temperature > 0.01) return rng.pick(items);
  const [first] = items;
  if (first === undefined) throw new RangeError("choose: empty list");
  return first;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
}

/**
 * Offline statement: an opener with the stance, strengths that quote the
 * resume passages most relevant (TF-IDF) to the best-covered priorities,
 * concerns naming the least-covered priorities and quoting the closest
 * (weakly relevant) passage when there is one, an optional echo of a peer
 * argument, and a recommendation. One sentence per argument.
 *
 * @example
 * offlineStatement(input, rng, 1.5).statement; // "I see real promise in Ada Obi for the Head of Technology role. Their background ('Owned a ...') is ..."
 */
export function offlineStatement(input: StatementPolicyInput, rng: Rng, temperature: number): { statement: string; plan: StatementPlan } {
  const { candidate, advisor, job } = input;
  const priorities = statementPriorities(input);
  const coverage = priorityCoverage(priorities, candidate.passages);
  const plan = planFromCoverage(input, coverage, rng, temperature);
  const values = { name: candidate.name, title: job.title, role: `${advisor.title}` };
  // order, strongIdx and weakIdx hold indices of `priorities` (and of `coverage`, one entry per priority);
  // sampleTop returns indices of the list it weighs (order, weakPool).
  const order = priorities.map((_, i) => i).sort((a, b) => coverage[b]! - coverage[a]! || a - b);
  const strongIdx = sampleTop(
    order.map((i) => coverage[i]! + 0.05),
    Math.min(plan.strengths, order.length),
    rng,
    temperature,
  ).map((k) => order[k]!);
  const weakPool = order
    .slice()
    .reverse()
    .filter((i) => !strongIdx.includes(i));
  const weakIdx = sampleTop(
    weakPool.map((i) => 1.05 - coverage[i]!),
    Math.min(plan.concerns, weakPool.length),
    rng,
    temperature,
  ).map((k) => weakPool[k]!);
  const passages = candidate.passages.length > 0 ? candidate.passages : ["(empty resume)"];
  // TF-IDF over the same crude stems as the coverage, so "negotiated contracts" retrieves "contract negotiation".
  const index = new TfidfIndex(passages.map(stems));
  const query = (priority: string) => stems(priority);
  const sentences: string[] = [];
  const opener = fill(choose(pickBand(OPENERS, plan.stance).lines, rng, temperature), values);
  sentences.push(input.round > 1 && temperature > 0.01 && rng.chance(0.5) ? `After hearing the discussion, ${lowerFirst(opener)}` : opener);
  const usedPassages = new Set<number>();
  for (const i of strongIdx) {
    // Only passages that share a term with the priority are quoted as evidence (an unused one if possible).
    const relevant = index.topK(query(priorities[i]!), 3);
    const fresh = relevant.filter((h) => !usedPassages.has(h.index));
    const hits = fresh.length > 0 ? fresh : relevant.slice(0, 1);
    const quality = choose(pickBand(STRENGTH_WORDS, plan.stance).words, rng, temperature);
    if (hits.length === 0) {
      sentences.push(`Their record overall is ${quality} match for ${priorities[i]}.`);
      continue;
    }
    const hit = hits[temperature > 0.01 ? rng.int(0, Math.min(2, hits.length)) : 0]!; // hits is not empty (checked above)
    usedPassages.add(hit.index);
    // The index was fitted on `passages`, so every hit's index is one of them (here and below).
    sentences.push(`Their background ('${snippet(passages[hit.index]!)}') is ${quality} match for ${priorities[i]}.`);
  }
  for (const i of weakIdx) {
    const concern = fill(choose(pickBand(CONCERN_LINES, plan.stance).lines, rng, temperature), { ...values, priority: priorities[i]! });
    // The least relevant side: the best passage for a poorly covered priority, quoted as the closest (thin) evidence.
    const closest = index.topK(query(priorities[i]!), 3).find((h) => h.score > 0 && !usedPassages.has(h.index));
    if (closest) usedPassages.add(closest.index);
    sentences.push(closest ? `${concern.replace(/\.$/, "")} (the closest the resume comes is '${snippet(passages[closest.index]!, 10)}').` : concern);
  }
  if (plan.echoed) {
    sentences.push(`As the ${plan.echoed.agent} pointed out, ${lowerFirst(plan.echoed.argument.replace(/^As the [^,]+ pointed out, /, ""))}`);
  }
  sentences.push(fill(choose(pickBand(CLOSERS, plan.stance).lines, rng, temperature), values));
  return { statement: sentences.map(endSentence).join(" "), plan };
}

function lowerFirst(text: string): string {
  if (text.length < 2) return text;
  // Keep names and acronyms ("VP", "Mikayla") capitalised.
  return /^[A-Z][a-z]/.test(text) && !/^[A-Z][a-z]+ [A-Z]/.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text;
}

function endSentence(text: string): string {
  const t = text.trim();
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/**
 * Argument adoption (the paper's RQ2 and RQ3, §6): do advisors take up each
 * other's arguments, and does an argument's sentiment (valence, arousal)
 * affect whether it is taken up?
 *
 * Definition (ours; the paper gives none). Within one candidate's
 * conversation, argument A of advisor i takes up argument B of advisor j != i
 * when B came earlier (an earlier round, or earlier in the same round) and
 * sim(A, B) >= threshold, unless i had itself made a point at least as
 * similar to A before B was said (then the idea was i's own). A's source is
 * the most similar such B.
 *
 * Similarity: TF-IDF cosine (smooth idf over the conversation's arguments)
 * over the conversation's substantive words only: content words that occur
 * in the candidate's resume or in the job description, except the words of
 * the job title, the advisors' titles and the candidate's name; an argument
 * with fewer than MIN_SUBSTANCE of them (a verdict such as "I support moving
 * this candidate forward", "a mixed case") neither adopts nor is adopted.
 * Taking up a peer's argument means saying the same thing about the same
 * person, not sharing the panel's stock phrases. Without a scenario
 * vocabulary every content word counts.
 *
 * What the share means depends on the control: two advisors can cite the
 * same resume line without hearing each other, so compare a run with
 * `opinionFormation=independent` (no one hears anyone), where every
 * "adoption" is coincidental overlap.
 */
import { contentTokens, TfidfIndex } from "../text/index";
import type { Deliberation, Scenario } from "./pipeline";

/** One argument of one turn, where it was said and its sentiment f(A). */
export interface ArgumentRecord {
  candidate: string;
  agent: string;
  round: number;
  /** Speaking position in the round. */
  order: number;
  /** Position of the argument in its statement. */
  index: number;
  text: string;
  sentiment: number;
}

export interface Adoption {
  adopter: ArgumentRecord;
  source: ArgumentRecord;
  similarity: number;
}

export interface AdoptionOptions {
  /** Cosine similarity at or above which an argument takes up an earlier one (default 0.5). */
  threshold?: number;
  /** The substantive words of a candidate's conversation (see the module doc); all content words when absent. */
  vocabulary?: (candidate: string) => ReadonlySet<string> | null;
}

/**
 * The substantive vocabulary of a conversation: content words of the resume
 * and the job description, minus those of the job title, the candidate's
 * name and the advisors' titles.
 *
 * @example
 * substantiveWords(["Led ICU nursing for 9 years"], "ICU Nurse Lead", "Requires ICU nursing", "Ama Boateng").has("nursing"); // true
 * substantiveWords(["Led ICU nursing for 9 years"], "ICU Nurse Lead", "Requires ICU nursing", "Ama Boateng").has("icu");     // false (job title)
 */
export function substantiveWords(
  resume: readonly string[],
  jobTitle: string,
  jobText: string,
  candidateName: string,
  advisorTitles: readonly string[] = [],
): Set<string> {
  const drop = new Set(contentTokens(`${jobTitle} ${candidateName} ${advisorTitles.join(" ")}`));
  return new Set([...contentTokens(resume.join(" ")), ...contentTokens(jobText)].filter((w) => !drop.has(w)));
}

/** The turn fields adoption needs (sentimental `Turn` has them). */
export interface AdoptionTurn {
  candidate: string;
  agent: string;
  round: number;
  order: number;
  arguments: readonly string[];
  argumentSentiments: readonly number[];
}

/**
 * Every argument of the turns, in speaking order within each candidate.
 *
 * @example
 * argumentRecords([{ candidate: "c1", agent: "CFO", round: 1, order: 0, arguments: ["a", "b"], argumentSentiments: [0.2, -0.1] }]).length; // 2
 */
export function argumentRecords(turns: readonly AdoptionTurn[]): ArgumentRecord[] {
  return turns
    .slice()
    .sort((a, b) => (a.candidate < b.candidate ? -1 : a.candidate > b.candidate ? 1 : a.round - b.round || a.order - b.order))
    .flatMap((t) =>
      t.arguments.map((text, index) => ({
        candidate: t.candidate,
        agent: t.agent,
        round: t.round,
        order: t.order,
        index,
        text,
        sentiment: t.argumentSentiments[index] ?? 0,
      })),
    );
}

/** a was said before b (earlier round, or earlier in the same round). */
function before(a: ArgumentRecord, b: ArgumentRecord): boolean {
  return a.round < b.round || (a.round === b.round && a.order < b.order);
}

/** Distinct substantive words an argument needs to take part in an adoption. */
export const MIN_SUBSTANCE = 3;

/**
 * Pairwise similarities of one conversation's arguments: TF-IDF cosine over
 * the words `keep` accepts (all content words by default); 0 for an argument
 * with fewer than MIN_SUBSTANCE distinct kept words.
 *
 * @example
 * const keep = (w: string) => ["m-pesa", "payouts", "integrated", "sql"].includes(w);
 * conversationSimilarity(["Integrated M-Pesa payouts well.", "I agree: integrated M-Pesa payouts.", "SQL."], keep)[0][1]; // 1
 */
export function conversationSimilarity(texts: readonly string[], keep: (word: string) => boolean = () => true): number[][] {
  const tokens = texts.map((t) => {
    const kept = contentTokens(t).filter(keep);
    return new Set(kept).size >= MIN_SUBSTANCE ? kept : [];
  });
  const index = new TfidfIndex(tokens);
  return texts.map((_, i) => texts.map((__, j) => (i === j ? 1 : tokens[i]!.length === 0 || tokens[j]!.length === 0 ? 0 : index.documentSimilarity(i, j))));
}

/**
 * Adoptions in a set of turns (see the module doc): for every argument, its
 * source (the most similar earlier argument of another advisor at or above
 * the threshold, not preceded by an as-similar point of the adopter's own).
 *
 * @example
 * findAdoptions(turns, { threshold: 0.5 }).map((a) => `${a.source.agent} -> ${a.adopter.agent}`); // ["CFO -> VPE", ...]
 */
export function findAdoptions(turns: readonly AdoptionTurn[], options: AdoptionOptions = {}): { records: ArgumentRecord[]; adoptions: Adoption[] } {
  const threshold = options.threshold ?? 0.5;
  const records = argumentRecords(turns);
  const adoptions: Adoption[] = [];
  const byCandidate = new Map<string, ArgumentRecord[]>();
  for (const r of records) byCandidate.set(r.candidate, [...(byCandidate.get(r.candidate) ?? []), r]);
  for (const [candidate, list] of byCandidate) {
    const vocabulary = options.vocabulary?.(candidate) ?? null;
    const sim = conversationSimilarity(
      list.map((r) => r.text),
      vocabulary ? (w) => vocabulary.has(w) : undefined,
    );
    // sim is square over `list`: every index below is one of list's.
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      let bestJ = -1;
      let bestS = -Infinity;
      for (let j = 0; j < list.length; j++) {
        const b = list[j]!;
        if (b.agent === a.agent || !before(b, a)) continue;
        const s = sim[i]![j]!;
        if (s >= threshold && s > bestS) {
          bestJ = j;
          bestS = s;
        }
      }
      if (bestJ < 0) continue;
      const source = list[bestJ]!;
      // The adopter's own earlier point, said before the source, at least as close: not an adoption.
      const own = list.some((c, k) => c.agent === a.agent && before(c, source) && sim[i]![k]! >= bestS);
      if (!own) adoptions.push({ adopter: a, source, similarity: bestS });
    }
  }
  return { records, adoptions };
}

export interface AdoptionByRound {
  agent: string;
  round: number;
  arguments: number;
  /** Arguments said after at least one argument of another advisor in the same conversation. */
  exposed: number;
  adopted: number;
  /** adopted / exposed (NaN with nothing exposed). */
  share: number;
}

export interface SpreadArgument {
  source: ArgumentRecord;
  /** Distinct advisors who took it up, and how many arguments did. */
  adopters: string[];
  adoptions: number;
  firstRound: number;
}

export interface SentimentBand {
  kind: "valence" | "arousal";
  band: string;
  /** Arguments later heard by another advisor in their conversation, and how many of them were taken up. */
  exposed: number;
  adopted: number;
  share: number;
}

export interface AdoptionAnalysis {
  threshold: number;
  byRound: AdoptionByRound[];
  spread: SpreadArgument[];
  bySentiment: SentimentBand[];
  adoptions: Adoption[];
}

const key = (r: ArgumentRecord) => `${r.candidate}|${r.agent}|${r.round}|${r.index}`;

function byRound(records: readonly ArgumentRecord[], adoptions: readonly Adoption[], agents: readonly string[]): AdoptionByRound[] {
  const adopted = new Set(adoptions.map((a) => key(a.adopter)));
  const rounds = [...new Set(records.map((r) => r.round))].sort((a, b) => a - b);
  return agents.flatMap((agent) =>
    rounds.map((round) => {
      const mine = records.filter((r) => r.agent === agent && r.round === round);
      const exposed = mine.filter((r) => records.some((o) => o.candidate === r.candidate && o.agent !== agent && before(o, r)));
      const n = exposed.filter((r) => adopted.has(key(r))).length;
      return { agent, round, arguments: mine.length, exposed: exposed.length, adopted: n, share: exposed.length > 0 ? n / exposed.length : NaN };
    }),
  );
}

function spreadOf(adoptions: readonly Adoption[]): SpreadArgument[] {
  const bySource = new Map<string, Adoption[]>();
  for (const a of adoptions) bySource.set(key(a.source), [...(bySource.get(key(a.source)) ?? []), a]);
  return [...bySource.values()]
    .map((list) => ({
      source: list[0]!.source,
      adopters: [...new Set(list.map((a) => a.adopter.agent))],
      adoptions: list.length,
      firstRound: Math.min(...list.map((a) => a.adopter.round)),
    }))
    .sort((a, b) => b.adoptions - a.adoptions || b.adopters.length - a.adopters.length || (key(a.source) < key(b.source) ? -1 : 1));
}

/** Valence bands (VADER's +-0.05 convention) and arousal bands (|sentiment|) of the arguments other advisors heard, with the share taken up. */
function bySentiment(records: readonly ArgumentRecord[], adoptions: readonly Adoption[]): SentimentBand[] {
  const sources = new Set(adoptions.map((a) => key(a.source)));
  const heard = records.filter((r) => records.some((o) => o.candidate === r.candidate && o.agent !== r.agent && before(r, o)));
  const band = (kind: SentimentBand["kind"], name: string, keep: (s: number) => boolean): SentimentBand => {
    const rs = heard.filter((r) => keep(r.sentiment));
    const n = rs.filter((r) => sources.has(key(r))).length;
    return { kind, band: name, exposed: rs.length, adopted: n, share: rs.length > 0 ? n / rs.length : NaN };
  };
  return [
    band("valence", "negative (< -0.05)", (s) => s < -0.05),
    band("valence", "neutral", (s) => s >= -0.05 && s <= 0.05),
    band("valence", "positive (> 0.05)", (s) => s > 0.05),
    band("arousal", "low (|s| < 0.3)", (s) => Math.abs(s) < 0.3),
    band("arousal", "medium (0.3 <= |s| < 0.6)", (s) => Math.abs(s) >= 0.3 && Math.abs(s) < 0.6),
    band("arousal", "high (|s| >= 0.6)", (s) => Math.abs(s) >= 0.6),
  ];
}

/**
 * The adoption analysis of one deliberation: per advisor and round the share
 * of arguments that take up a peer's earlier one, which arguments spread,
 * and the adoption rate by the source argument's valence and arousal.
 *
 * @example
 * const a = analyzeAdoption(turns, ["CFO", "VPE", "RPM"], { threshold: 0.5 });
 * a.byRound.find((r) => r.agent === "VPE" && r.round === 2)?.share; // e.g. 0.18
 */
export function analyzeAdoption(turns: readonly AdoptionTurn[], agents: readonly string[], options: AdoptionOptions = {}): AdoptionAnalysis {
  const threshold = options.threshold ?? 0.5;
  const { records, adoptions } = findAdoptions(turns, { ...options, threshold });
  return { threshold, byRound: byRound(records, adoptions, agents), spread: spreadOf(adoptions), bySentiment: bySentiment(records, adoptions), adoptions };
}

/**
 * The adoption analysis of a deliberation of a scenario, with each
 * conversation's substantive vocabulary from its resume, the job and the
 * panel (`substantiveWords`); every content word counts for a candidate
 * whose resume and job text are both unknown.
 *
 * @example
 * adoptionOf(scenario, deliberation, 0.5).byRound; // one row per advisor and round
 */
export function adoptionOf(scenario: Scenario, deliberation: Deliberation, threshold: number): AdoptionAnalysis {
  const titles = scenario.advisors.map((a) => a.title);
  // A recorded transcript evaluated without its resume and job (evaluate --transcript) has no vocabulary: every content word counts then.
  const words = new Map(
    scenario.candidates.map((c) => {
      const vocabulary = substantiveWords(c.passages, scenario.job.title, scenario.job.text, c.name, titles);
      return [c.id, vocabulary.size > 0 ? vocabulary : null];
    }),
  );
  return analyzeAdoption(
    deliberation.conversations.flatMap((c) => c.turns),
    deliberation.agents.map((a) => a.advisor.short),
    { threshold, vocabulary: (candidate) => words.get(candidate) ?? null },
  );
}

/**
 * The Evaluation module of Sentimental Agents (§5.6, §6.2.1): nuance,
 * platitudinal score, drift and defensibility of the agents' statements.
 *
 * - Nuance (Figure 6): LDA on one candidate's statements (5 topics x top 10
 *   words); the score is the number of unique words across all topics, and
 *   we also count the words unique to each topic.
 * - Platitudinal score (Figure 5): cosine similarity of statements between
 *   agents (same candidate, same round) and between repeated runs (same
 *   agent, candidate, round); higher = more platitudinal, less original.
 *   The paper contradicts itself on the direction: §5.6 says "higher scores
 *   indicating less similarity between different runs", while Figure 5's
 *   caption ("a lower Score indicates a more original contribution") and
 *   §6.2.1 ("this divergence contributes to an overall lower platitudinal
 *   score") read it as a similarity. We follow the caption and §6.2.1.
 * - Drift (Table 2): similarity of each statement to its agent's Mental Model
 *   of Self over the rounds. The authors' code reports the similarity; the
 *   paper reads higher values as more drift. We report drift = 1 - mean
 *   similarity by default ("distance") and the raw similarity as "similarity".
 * - Defensibility: each argument is matched against the candidate's resume
 *   passages by retrieval; its score is the best passage's similarity, 0 when
 *   that is below a threshold (unsupported argument).
 */
import { type Embedder, cosine, TfidfIndex, fitLda, uniqueWordsPerTopic, contentTokens } from "../text/index";
import type { MentalModel, Turn } from "./types";

/**
 * Embeds each distinct text once (in first-seen order, one batch) and returns a lookup.
 *
 * @example
 * const vectors = await embedTexts(new HashingEmbedder(), ["a statement", "a statement", "another"]);
 * vectors.size; // 2
 */
export async function embedTexts(embedder: Embedder, texts: readonly string[]): Promise<Map<string, Float32Array>> {
  const unique = [...new Set(texts)];
  const vectors = unique.length > 0 ? await embedder.embed(unique) : [];
  if (vectors.length !== unique.length) throw new Error(`embedder ${embedder.id} returned ${vectors.length} vectors for ${unique.length} texts`);
  return new Map(unique.map((t, i) => [t, vectors[i]!])); // one vector per text, checked above
}

/**
 * The embedding of a text: the metrics look up statements, Mental Models,
 * arguments and passages that `embedTexts` was given, so a miss means the
 * caller left a text out.
 */
function vectorOf(vectors: ReadonlyMap<string, Float32Array>, text: string): Float32Array {
  const vector = vectors.get(text);
  if (!vector) throw new Error(`no embedding for the text ${JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}...` : text)}; pass it to embedTexts first`);
  return vector;
}

// ---------------------------------------------------------------- nuance

export interface NuanceOptions {
  topics?: number;
  topWords?: number;
  iterations?: number;
  seed: number;
}

export interface NuanceResult {
  candidate: string;
  /** Top words of each topic. */
  topics: string[][];
  /** Words appearing in exactly one topic's top list, per topic. */
  uniquePerTopic: number[];
  /** Number of distinct words across all topics' top lists (Figure 6). */
  nuance: number;
}

/**
 * Nuance of one candidate's conversation: LDA (collapsed Gibbs, src/text/lda)
 * on the statements as documents (content tokens, the candidate's name
 * removed), `topics` topics x `topWords` words.
 *
 * @example
 * nuance("c1", ["Strong cloud skills ...", "Weak budget record ..."], ["Ada", "Lovelace"], { seed: 7 }).nuance; // e.g. 37
 */
export function nuance(candidate: string, statements: readonly string[], unwanted: readonly string[], options: NuanceOptions): NuanceResult {
  const k = options.topics ?? 5;
  const topWords = options.topWords ?? 10;
  const drop = new Set(unwanted.flatMap((w) => contentTokens(w)));
  const docs = statements.map((s) => contentTokens(s).filter((t) => !drop.has(t))).filter((d) => d.length > 0);
  if (docs.length === 0) return { candidate, topics: [], uniquePerTopic: [], nuance: 0 };
  const model = fitLda(docs, { k, iterations: options.iterations ?? 200, seed: options.seed, topN: topWords });
  const topics = model.topics.map((t) => t.terms.slice(0, topWords));
  const uniqueness = uniqueWordsPerTopic(topics.map((terms) => ({ terms })));
  return { candidate, topics, uniquePerTopic: uniqueness.uniqueCounts, nuance: uniqueness.distinctTerms };
}

// ---------------------------------------------------------------- platitudinal

export interface PlatitudinalMatrix {
  candidate: string;
  agents: string[];
  /** [a][b]: mean over shared rounds of cosine(statement_a(t), statement_b(t)); 1 on the diagonal. */
  similarity: number[][];
  /** Mean of the off-diagonal entries. */
  score: number;
}

/**
 * Between-agent platitudinal score of one candidate's conversation.
 *
 * @example
 * platitudinalBetweenAgents("c1", turns, ["CFO", "VPE", "RPM"], vectors).score; // in [-1, 1]
 */
export function platitudinalBetweenAgents(
  candidate: string,
  turns: readonly Turn[],
  agents: readonly string[],
  vectors: ReadonlyMap<string, Float32Array>,
): PlatitudinalMatrix {
  const mine = turns.filter((t) => t.candidate === candidate);
  const byAgentRound = new Map(mine.map((t) => [`${t.agent}|${t.round}`, t.statement]));
  const rounds = [...new Set(mine.map((t) => t.round))].sort((a, b) => a - b);
  const similarity = agents.map((a) =>
    agents.map((b) => {
      if (a === b) return 1;
      const sims: number[] = [];
      for (const r of rounds) {
        const sa = byAgentRound.get(`${a}|${r}`);
        const sb = byAgentRound.get(`${b}|${r}`);
        if (sa !== undefined && sb !== undefined) sims.push(cosine(vectorOf(vectors, sa), vectorOf(vectors, sb)));
      }
      return sims.length > 0 ? sims.reduce((x, y) => x + y, 0) / sims.length : NaN;
    }),
  );
  const off: number[] = [];
  similarity.forEach((row, i) => row.forEach((v, j) => i !== j && Number.isFinite(v) && off.push(v)));
  return { candidate, agents: [...agents], similarity, score: off.length > 0 ? off.reduce((x, y) => x + y, 0) / off.length : NaN };
}

/**
 * Between-run platitudinal score per (candidate, agent): mean over the rounds
 * both runs held of cosine(run A statement, run B statement).
 *
 * @example
 * platitudinalBetweenRuns(runA.turns, runB.turns, vectors); // [{ candidate, agent, similarity, rounds }]
 */
export function platitudinalBetweenRuns(
  runA: readonly Turn[],
  runB: readonly Turn[],
  vectors: ReadonlyMap<string, Float32Array>,
): Array<{ candidate: string; agent: string; similarity: number; rounds: number }> {
  const b = new Map(runB.map((t) => [`${t.candidate}|${t.agent}|${t.round}`, t.statement]));
  const acc = new Map<string, { candidate: string; agent: string; sims: number[] }>();
  for (const t of runA) {
    const other = b.get(`${t.candidate}|${t.agent}|${t.round}`);
    if (other === undefined) continue;
    const key = `${t.candidate}|${t.agent}`;
    const entry = acc.get(key) ?? { candidate: t.candidate, agent: t.agent, sims: [] };
    entry.sims.push(cosine(vectorOf(vectors, t.statement), vectorOf(vectors, other)));
    acc.set(key, entry);
  }
  return [...acc.values()].map((e) => ({
    candidate: e.candidate,
    agent: e.agent,
    similarity: e.sims.reduce((x, y) => x + y, 0) / e.sims.length,
    rounds: e.sims.length,
  }));
}

// ---------------------------------------------------------------- drift

export type DriftMeasure = "distance" | "similarity";

/**
 * The text a statement is compared with for drift: description, priorities and criteria.
 *
 * @example
 * mentalModelText({ description: "I am the CFO.", priorities: ["cost"], evaluationCriteria: ["budgets"] });
 * // "I am the CFO. Priorities: cost. Evaluation criteria: budgets."
 */
export function mentalModelText(mms: MentalModel): string {
  return `${mms.description} Priorities: ${mms.priorities.join("; ")}. Evaluation criteria: ${mms.evaluationCriteria.join("; ")}.`;
}

export interface DriftResult {
  candidate: string;
  agent: string;
  /** cosine(statement(t), MMS) per round held. */
  perRound: number[];
  meanSimilarity: number;
  /** 1 - meanSimilarity ("distance") or meanSimilarity ("similarity"). */
  drift: number;
}

/** Turns grouped per (candidate, agent), in first-seen order; every group holds at least one turn. */
function turnsByCandidateAndAgent(turns: readonly Turn[]): Map<string, Turn[]> {
  const groups = new Map<string, Turn[]>();
  for (const t of turns) {
    const key = `${t.candidate}|${t.agent}`;
    const list = groups.get(key) ?? [];
    list.push(t);
    groups.set(key, list);
  }
  return groups;
}

/**
 * Drift of every (candidate, agent): similarity of the agent's statements to
 * its own Mental Model of Self over the rounds.
 *
 * @example
 * drift(turns, new Map([["CFO", mms]]), vectors, "distance")[0].drift; // 1 - mean cosine
 */
export function drift(
  turns: readonly Turn[],
  mentalModels: ReadonlyMap<string, MentalModel>,
  vectors: ReadonlyMap<string, Float32Array>,
  measure: DriftMeasure = "distance",
): DriftResult[] {
  const groups = turnsByCandidateAndAgent(turns);
  const out: DriftResult[] = [];
  for (const list of groups.values()) {
    const first = list[0]!; // groups are never empty
    const mms = mentalModels.get(first.agent);
    if (!mms) throw new Error(`drift: no Mental Model of Self for agent ${first.agent}`);
    const ref = vectorOf(vectors, mentalModelText(mms));
    const perRound = list
      .slice()
      .sort((a, b) => a.round - b.round)
      .map((t) => cosine(vectorOf(vectors, t.statement), ref));
    const meanSimilarity = perRound.reduce((x, y) => x + y, 0) / perRound.length;
    out.push({ candidate: first.candidate, agent: first.agent, perRound, meanSimilarity, drift: measure === "distance" ? 1 - meanSimilarity : meanSimilarity });
  }
  return out;
}

// ---------------------------------------------------------------- defensibility

export type Retrieval = "embedding" | "tfidf";

export interface DefensibilityResult {
  candidate: string;
  agent: string;
  arguments: number;
  /** Mean over arguments of the best supporting passage's similarity (0 when below the threshold). */
  score: number;
  /** Share of arguments with a supporting passage at or above the threshold. */
  supportedShare: number;
}

/** Retrieval settings of `supportScores` / `defensibility`. */
export interface SupportOptions {
  retrieval: Retrieval;
  threshold: number;
  vectors?: ReadonlyMap<string, Float32Array>;
}

/**
 * Best-passage similarity of each argument: retrieval over the candidate's
 * resume passages by TF-IDF (index fitted on the passages) or by embedding
 * cosine; 0 when the best is below `threshold`.
 *
 * @example
 * supportScores(["Led the plant's cost cuts."], ["Cut plant costs 20%"], { retrieval: "tfidf", threshold: 0.1 }); // [0.5773...]
 */
export function supportScores(args: readonly string[], passages: readonly string[], options: SupportOptions): number[] {
  const support = supportScorer(passages, options);
  return args.map((a) => support(a));
}

/**
 * The thresholded best-passage similarity over one candidate's passages, as a
 * function of the argument, so the TF-IDF index is fitted once per candidate.
 */
function supportScorer(passages: readonly string[], options: SupportOptions): (argument: string) => number {
  if (passages.length === 0) return () => 0;
  let best: (a: string) => number;
  if (options.retrieval === "tfidf") {
    const index = new TfidfIndex(passages);
    best = (a) => index.topK(a, 1)[0]?.score ?? 0;
  } else {
    const vectors = options.vectors;
    if (!vectors) throw new Error("supportScores: embedding retrieval needs the embedded vectors");
    best = (a) => {
      const argument = vectorOf(vectors, a);
      return Math.max(...passages.map((p) => cosine(argument, vectorOf(vectors, p))));
    };
  }
  return (a) => {
    const s = best(a);
    return s >= options.threshold ? s : 0;
  };
}

/**
 * Defensibility per (candidate, agent), from every argument the agent made.
 *
 * @example
 * defensibility(turns, passagesByCandidate, { retrieval: "tfidf", threshold: 0.1 });
 */
export function defensibility(
  turns: readonly Turn[],
  passagesByCandidate: ReadonlyMap<string, readonly string[]>,
  options: SupportOptions,
): DefensibilityResult[] {
  const groups = turnsByCandidateAndAgent(turns);
  const scorers = new Map<string, (argument: string) => number>();
  const scorerOf = (candidate: string): ((argument: string) => number) => {
    let support = scorers.get(candidate);
    if (!support) {
      support = supportScorer(passagesByCandidate.get(candidate) ?? [], options);
      scorers.set(candidate, support);
    }
    return support;
  };
  const out: DefensibilityResult[] = [];
  for (const list of groups.values()) {
    const first = list[0]!; // groups are never empty
    const support = scorerOf(first.candidate);
    const scores = list.flatMap((t) => t.arguments).map((a) => support(a));
    out.push({
      candidate: first.candidate,
      agent: first.agent,
      arguments: scores.length,
      score: scores.length > 0 ? scores.reduce((x, y) => x + y, 0) / scores.length : 0,
      supportedShare: scores.length > 0 ? scores.filter((s) => s > 0).length / scores.length : 0,
    });
  }
  return out;
}

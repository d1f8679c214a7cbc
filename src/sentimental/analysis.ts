/**
 * Everything the paper computes after the conversations: the decision
 * protocols (Tables 3-9), the evaluation metrics (Table 2, Figures 5-6,
 * defensibility) and the bias tests (Figure 7), from one or more
 * deliberations of the same scenario.
 */
import type { Embedder } from "../text/index";
import { deriveRng } from "../stats/index";
import { analyzeBias, biasObservations, type BiasAnalysis, type BiasObservation } from "./bias";
import type { SentimentalConfig } from "./config";
import {
  bordaCount,
  collectiveTier,
  conviction,
  decisionScore,
  gutFeeling,
  valence,
  volatility,
  type BordaResult,
  type DecisionBasis,
  type GutFeelingResult,
} from "./decision";
import {
  defensibility,
  drift,
  embedTexts,
  mentalModelText,
  nuance,
  platitudinalBetweenAgents,
  platitudinalBetweenRuns,
  type DefensibilityResult,
  type DriftResult,
  type NuanceResult,
  type PlatitudinalMatrix,
} from "./evaluation";
import type { Deliberation } from "./pipeline";
import type { Scenario } from "./pipeline";
import type { ConversationResult } from "./conversation";
import type { Turn } from "./types";

export interface DecisionAnalysis {
  /** Agent short labels, in speaking order. */
  agents: string[];
  /** Candidate ids, in scenario order. */
  candidates: string[];
  /** Which score the protocols read (config key decisionBasis). */
  basis: DecisionBasis;
  /** [agent][candidate]: the decision score (Table 4): final opinion, mean or last statement sentiment. */
  score: number[][];
  /** [agent][candidate]: final opinion S_i^O(T) (eq. 4), whatever the basis. */
  finalSentiment: number[][];
  /** [agent][candidate]: statement sentiments S_O over the rounds (gaps left out). */
  statementSentiments: number[][][];
  valence: number[][];
  tiers: number[];
  volatility: number[][];
  conviction: number[][];
  borda: BordaResult;
  gut: GutFeelingResult;
}

/**
 * Decision protocols on one deliberation, every one on the same decision
 * score (config key decisionBasis): Borda, valence and the collective tier,
 * and conviction (score / or x volatility) with the gut-feeling list.
 *
 * @example
 * const d = decide(deliberation, config); d.borda.rank; // collective positions per candidate
 */
export function decide(deliberation: Deliberation, config: SentimentalConfig): DecisionAnalysis {
  const agents = deliberation.agents.map((a) => a.advisor.short);
  const candidates = deliberation.conversations.map((c) => c.candidate.id);
  // [agent][candidate]: what the agent said about the candidate, by round, and where its opinion ended.
  const histories = agents.map((agent) => deliberation.conversations.map((c) => opinionHistory(c, agent)));
  const statementSentiments = histories.map((row) => row.map((h) => h.sentiments));
  const finalSentiment = histories.map((row) => row.map((h) => h.final));
  const score = histories.map((row) => row.map((h) => decisionScore({ finalOpinion: h.final, statementSentiments: h.sentiments }, config.decisionBasis)));
  const vol = statementSentiments.map((row) => row.map((s) => (s.length > 0 ? volatility(s) : 0)));
  const conv = histories.map((row, ai) =>
    row.map((h, ci) =>
      conviction({ score: cellAt(score, ai, ci), statementSentiments: h.sentiments }, { variant: config.conviction, volatilityFloor: config.volatilityFloor }),
    ),
  );
  return {
    agents,
    candidates,
    basis: config.decisionBasis,
    score,
    finalSentiment,
    statementSentiments,
    valence: score.map((row) => row.map((s) => valence(s))),
    tiers: candidates.map((_, ci) =>
      collectiveTier(
        score.map((_, ai) => cellAt(score, ai, ci)),
        config.tierRule,
      ),
    ),
    volatility: vol,
    conviction: conv,
    borda: bordaCount(score, config.borda),
    gut: gutFeeling(conv, config.borda),
  };
}

/** matrix[i][j] of a matrix built from the same agents and candidates (a miss is a bug). */
function cellAt(matrix: readonly (readonly number[])[], i: number, j: number): number {
  const v = matrix[i]?.[j];
  if (v === undefined) throw new RangeError(`decide: no score for agent #${i}, candidate #${j}`);
  return v;
}

/**
 * One agent's statement sentiments S_O about one candidate, by round (gaps
 * left out), and its final opinion (a gap carries the opinion forward).
 * Every agent speaks in every round held, so an agent without a turn means
 * the conversation is not one `runConversation` produced.
 */
function opinionHistory(conversation: ConversationResult, agent: string): { sentiments: number[]; final: number } {
  const turns = conversation.turns.filter((t) => t.agent === agent).sort((a, b) => a.round - b.round);
  const last = turns.at(-1);
  if (!last) throw new Error(`decide: agent ${agent} never spoke about candidate ${conversation.candidate.id}`);
  return { sentiments: turns.filter((t) => !t.gap).map((t) => t.sentiment), final: last.opinion };
}

/**
 * Every turn of a deliberation that has a statement (gaps left out), in conversation order.
 *
 * @example
 * spokenTurns(deliberation).every((t) => !t.gap); // true
 */
export function spokenTurns(deliberation: Deliberation): Turn[] {
  return deliberation.conversations.flatMap((c) => c.turns.filter((t) => !t.gap));
}

export interface EvaluationAnalysis {
  nuance: NuanceResult[];
  platitudinal: PlatitudinalMatrix[];
  /** Per (candidate, agent) between-run similarity; empty with runs = 1. */
  betweenRuns: Array<{ candidate: string; agent: string; similarity: number; rounds: number; replicate: number }>;
  drift: DriftResult[];
  defensibility: DefensibilityResult[];
}

/**
 * Evaluation metrics of the primary deliberation (index 0), with the other
 * deliberations as repeated runs for the between-run platitudinal score.
 *
 * @example
 * const e = await evaluate(scenario, [primary, replicate], config, ctx.embedder, 7);
 * e.nuance[0].nuance;
 */
export async function evaluate(
  scenario: Scenario,
  deliberations: readonly Deliberation[],
  config: SentimentalConfig,
  embedder: Embedder,
  seed: number,
): Promise<EvaluationAnalysis> {
  const primary = deliberations[0];
  if (!primary) throw new RangeError("evaluate: need at least one deliberation (the primary run)");
  const turns = spokenTurns(primary);
  const mentalModels = new Map(primary.agents.map((a) => [a.advisor.short, a.mms]));
  const texts: string[] = [
    ...turns.map((t) => t.statement),
    ...primary.agents.map((a) => mentalModelText(a.mms)),
    ...deliberations.slice(1).flatMap((d) => spokenTurns(d).map((t) => t.statement)),
  ];
  if (config.retrieval === "embedding") {
    texts.push(...turns.flatMap((t) => t.arguments), ...scenario.candidates.flatMap((c) => c.passages));
  }
  const vectors = await embedTexts(embedder, texts);
  const agents = primary.agents.map((a) => a.advisor.short);
  const nuanceResults = primary.conversations.map((conv) =>
    nuance(
      conv.candidate.id,
      conv.turns.filter((t) => !t.gap).map((t) => t.statement),
      [conv.candidate.name],
      {
        topics: config.ldaTopics,
        topWords: config.ldaTopWords,
        iterations: config.ldaIterations,
        seed: deriveRng(seed, "sentimental", "lda", conv.candidate.id).nextUint32(),
      },
    ),
  );
  const betweenRuns = deliberations
    .slice(1)
    .flatMap((d, r) => platitudinalBetweenRuns(turns, spokenTurns(d), vectors).map((x) => ({ ...x, replicate: r + 1 })));
  return {
    nuance: nuanceResults,
    platitudinal: primary.conversations.map((c) =>
      platitudinalBetweenAgents(
        c.candidate.id,
        c.turns.filter((t) => !t.gap),
        agents,
        vectors,
      ),
    ),
    betweenRuns,
    drift: drift(turns, mentalModels, vectors, config.driftMeasure),
    defensibility: defensibility(turns, new Map(scenario.candidates.map((c) => [c.id, c.passages])), {
      retrieval: config.retrieval,
      threshold: config.defensibilityThreshold,
      vectors,
    }),
  };
}

export interface BiasResult {
  observations: BiasObservation[];
  pooled: BiasAnalysis;
  perAgent: Array<{ agent: string; analysis: BiasAnalysis }>;
}

/**
 * Bias tests on one deliberation: pooled over agents (Figure 7) and per agent,
 * each with its own permutation null (`config.biasPermutations` draws of the
 * `config.biasNull` scheme from deriveRng(deliberation seed, "sentimental",
 * "bias-null", scope)).
 *
 * @example
 * biasOf(deliberation, config).pooled.bias; // "none" unless the slope asymmetry beats the null
 */
export function biasOf(deliberation: Deliberation, config: SentimentalConfig): BiasResult {
  // Gaps said nothing: they are neither an observation nor a peer's latest statement.
  const turns = spokenTurns(deliberation);
  const observations = biasObservations(turns, { changeMeasure: config.biasChange, peerMeasure: config.biasPeer });
  const agents = deliberation.agents.map((a) => a.advisor.short);
  const test = (scope: string) => ({
    permutations: config.biasPermutations,
    labelFit: config.biasFit,
    nullScheme: config.biasNull,
    significance: config.biasSignificance,
    rng: deriveRng(deliberation.seed, "sentimental", "bias-null", scope),
  });
  return {
    observations,
    pooled: analyzeBias(observations, turns, test("all")),
    perAgent: agents.map((agent) => ({
      agent,
      analysis: analyzeBias(
        observations.filter((o) => o.agent === agent),
        turns.filter((t) => t.agent === agent),
        test(agent),
      ),
    })),
  };
}

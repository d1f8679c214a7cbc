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
import { bordaCount, collectiveTier, conviction, gutFeeling, valence, volatility, type BordaResult, type GutFeelingResult } from "./decision";
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

export interface DecisionAnalysis {
  /** Agent short labels, in speaking order. */
  agents: string[];
  /** Candidate ids, in scenario order. */
  candidates: string[];
  /** [agent][candidate]: final opinion S_i^O(T). */
  finalSentiment: number[][];
  /** [agent][candidate]: statement sentiments S_O over the rounds. */
  statementSentiments: number[][][];
  valence: number[][];
  tiers: number[];
  volatility: number[][];
  conviction: number[][];
  borda: BordaResult;
  gut: GutFeelingResult;
}

/**
 * Decision protocols on one deliberation: Borda on final opinions, valence and
 * the collective tier, volatility, conviction and the gut-feeling list.
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
  const vol = statementSentiments.map((row) => row.map((s) => volatility(s)));
  const conv = histories.map((row) =>
    row.map((h) =>
      conviction({ finalSentiment: h.final, statementSentiments: h.sentiments }, { variant: config.conviction, volatilityFloor: config.volatilityFloor }),
    ),
  );
  return {
    agents,
    candidates,
    finalSentiment,
    statementSentiments,
    valence: finalSentiment.map((row) => row.map((s) => valence(s))),
    tiers: candidates.map((_, ci) =>
      collectiveTier(
        // ci < candidates.length, the length of every row of finalSentiment.
        finalSentiment.map((row) => row[ci]!),
        config.tierRule,
      ),
    ),
    volatility: vol,
    conviction: conv,
    borda: bordaCount(finalSentiment, config.borda),
    gut: gutFeeling(conv, config.borda),
  };
}

/**
 * One agent's statement sentiments S_O about one candidate, by round, and its
 * final opinion. Every agent speaks in every round held, so an agent without
 * a turn means the conversation is not one `runConversation` produced.
 */
function opinionHistory(conversation: ConversationResult, agent: string): { sentiments: number[]; final: number } {
  const turns = conversation.turns.filter((t) => t.agent === agent).sort((a, b) => a.round - b.round);
  const last = turns.at(-1);
  if (!last) throw new Error(`decide: agent ${agent} never spoke about candidate ${conversation.candidate.id}`);
  return { sentiments: turns.map((t) => t.sentiment), final: last.opinion };
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
  const turns = primary.conversations.flatMap((c) => c.turns);
  const mentalModels = new Map(primary.agents.map((a) => [a.advisor.short, a.mms]));
  const texts: string[] = [
    ...turns.map((t) => t.statement),
    ...primary.agents.map((a) => mentalModelText(a.mms)),
    ...deliberations.slice(1).flatMap((d) => d.conversations.flatMap((c) => c.turns.map((t) => t.statement))),
  ];
  if (config.retrieval === "embedding") {
    texts.push(...turns.flatMap((t) => t.arguments), ...scenario.candidates.flatMap((c) => c.passages));
  }
  const vectors = await embedTexts(embedder, texts);
  const agents = primary.agents.map((a) => a.advisor.short);
  const nuanceResults = primary.conversations.map((conv) =>
    nuance(
      conv.candidate.id,
      conv.turns.map((t) => t.statement),
      [conv.candidate.name],
      {
        topics: config.ldaTopics,
        topWords: config.ldaTopWords,
        iterations: config.ldaIterations,
        seed: deriveRng(seed, "sentimental", "lda", conv.candidate.id).nextUint32(),
      },
    ),
  );
  const betweenRuns = deliberations.slice(1).flatMap((d, r) =>
    platitudinalBetweenRuns(
      turns,
      d.conversations.flatMap((c) => c.turns),
      vectors,
    ).map((x) => ({ ...x, replicate: r + 1 })),
  );
  return {
    nuance: nuanceResults,
    platitudinal: primary.conversations.map((c) => platitudinalBetweenAgents(c.candidate.id, c.turns, agents, vectors)),
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
 * each with its own permutation null (`config.biasPermutations` within-(agent,
 * candidate) shuffles from deriveRng(deliberation seed, "sentimental",
 * "bias-null", scope)).
 *
 * @example
 * biasOf(deliberation, config).pooled.bias; // "none" unless the slope asymmetry beats the null
 */
export function biasOf(deliberation: Deliberation, config: SentimentalConfig): BiasResult {
  const turns = deliberation.conversations.flatMap((c) => c.turns);
  const observations = biasObservations(turns, { changeMeasure: config.biasChange, peerMeasure: config.biasPeer });
  const agents = deliberation.agents.map((a) => a.advisor.short);
  const test = (scope: string) => ({
    permutations: config.biasPermutations,
    labelFit: config.biasFit,
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

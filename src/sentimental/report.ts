/**
 * Tables and figures of the Sentimental Agents experiment: the paper's
 * Tables 2-9, the per agent x candidate x round log, the evaluation and bias
 * tables, Figures 4-7, the run's headline summary and its artifact files.
 */
import { figure4SentimentChange, figure5Platitudinal, figure6Nuance, figure7Bias, figureAdoption } from "./figures";
import type { AdoptionAnalysis } from "./adoption";
import type { Cell, ExperimentResult, Figure, Row, Table } from "../core/index";
import type { BiasAnalysis } from "./bias";
import type { BiasResult, DecisionAnalysis, EvaluationAnalysis } from "./analysis";
import type { Brief } from "./brief";
import type { SentimentalConfig } from "./config";
import type { Deliberation, Scenario } from "./pipeline";

/**
 * A finite number, or null (NaN / Infinity are not representable in CSV/JSON cells).
 *
 * @example
 * num(NaN); // null
 */
export function num(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** What Table 4 holds under the run's decision basis. */
function basisLabel(config: SentimentalConfig): string {
  if (config.decisionBasis === "mean") return "the mean of the advisor's statement sentiments S_O (decisionBasis=mean, the authors' code's default)";
  if (config.decisionBasis === "last") return "the sentiment S_O of the advisor's last statement (decisionBasis=last, the authors' code's option)";
  return "the final opinion S_i^O(t) at the last round (eq. 4; decisionBasis=opinion, §6.2.3)";
}

/** Candidate display names by id (tables show names, the analysis keeps ids). */
function candidateNames(scenario: Scenario): Map<string, string> {
  return new Map(scenario.candidates.map((c) => [c.id, c.name]));
}

/**
 * matrix[i][j] ([agent][candidate], or [agent][agent] for the platitudinal
 * pairs). The analysis builds every matrix from the same agents and
 * candidates, so a miss means a ragged analysis: fail naming the quantity
 * rather than print an empty cell.
 */
function cellOf(matrix: readonly (readonly number[])[], i: number, j: number, what: string): number {
  const value = matrix[i]?.[j];
  if (value === undefined) throw new RangeError(`sentimental report: ${what} has no entry [${i}][${j}]`);
  return value;
}

/** values[ci] of a per-candidate vector; a miss fails naming the quantity, as in `cellOf`. */
function entryOf(values: readonly number[], ci: number, what: string): number {
  const value = values[ci];
  if (value === undefined) throw new RangeError(`sentimental report: ${what} has no entry for candidate #${ci}`);
  return value;
}

/** Arithmetic mean; NaN for no values (shown as an empty cell through `num`). */
function meanOf(xs: readonly number[]): number {
  return xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN;
}

function perAgentRows(
  analysis: DecisionAnalysis,
  names: ReadonlyMap<string, string>,
  value: (ai: number, ci: number) => Cell,
  extra: (ci: number) => Row = () => ({}),
): Row[] {
  return analysis.candidates.map((id, ci) => {
    const row: Row = { candidate: names.get(id) ?? id };
    analysis.agents.forEach((agent, ai) => (row[agent] = value(ai, ci)));
    return { ...row, ...extra(ci) };
  });
}

/** What every decision table is built from; `bordaLabel` names the Borda variant in the notes. */
interface DecisionTableInput {
  d: DecisionAnalysis;
  names: ReadonlyMap<string, string>;
  config: SentimentalConfig;
  bordaLabel: string;
}

/**
 * Tables 2-9 of the paper plus the decision details.
 *
 * @example
 * decisionTables(scenario, decision, evaluation, config).map((t) => t.name); // ["table2_drift", "table3_ranking_metrics", ...]
 */
export function decisionTables(scenario: Scenario, d: DecisionAnalysis, e: EvaluationAnalysis, config: SentimentalConfig): Table[] {
  const input: DecisionTableInput = {
    d,
    names: candidateNames(scenario),
    config,
    bordaLabel:
      config.borda === "paper"
        ? "Definition 3: n points to each agent's top candidate; rank 1 = most points"
        : "authors' code: rank sums, rank 1 = LARGEST rank sum (least liked)",
  };
  return [driftTable(input, e), ...rankingTables(input), ...convictionTables(input)];
}

/** Table 2: drift per agent and candidate, from the evaluation. */
function driftTable({ d, names, config }: DecisionTableInput, e: EvaluationAnalysis): Table {
  const driftOf = new Map(e.drift.map((x) => [`${x.candidate}|${x.agent}`, x.drift]));
  return {
    name: "table2_drift",
    title: "Table 2 — Agent drift per candidate",
    rows: perAgentRows(d, names, (ai, ci) => num(driftOf.get(`${d.candidates[ci]}|${d.agents[ai]}`) ?? NaN)),
    note:
      config.driftMeasure === "distance"
        ? "Drift = 1 - mean cosine similarity between the agent's statements and its Mental Model of Self (higher = further from its MMS)."
        : "Mean cosine similarity between the agent's statements and its Mental Model of Self (the authors' code's measure).",
  };
}

/** Tables 3-6: the collective positions, and the final sentiments with the Borda ranks and valences drawn from them. */
function rankingTables({ d, names, config, bordaLabel }: DecisionTableInput): Table[] {
  return [
    {
      name: "table3_ranking_metrics",
      title: "Table 3 — Candidate ranking metrics",
      rows: d.candidates.map((id, ci) => ({
        candidate: names.get(id) ?? id,
        borda_count: entryOf(d.borda.rank, ci, "the Borda rank"),
        tiered: entryOf(d.tiers, ci, "the collective tier"),
        gut_feeling: entryOf(d.gut.rank, ci, "the gut-feeling rank"),
      })),
      note: `Collective positions, all from the decision score (${basisLabel(config)}). Borda (${bordaLabel}); tier by the "${config.tierRule}" rule; gut feeling = Borda over conviction ranks (conviction "${config.conviction}"). The paper's printed Table 3 "Borda Count" column equals the CFO's individual ranks of its Table 5, not the collective Borda rank.`,
    },
    {
      name: "table4_final_sentiment",
      title: "Table 4 — Final sentiment scores",
      rows: perAgentRows(d, names, (ai, ci) => cellOf(d.score, ai, ci, "the decision score")),
      note: `The decision score every protocol reads: ${basisLabel(config)}.`,
    },
    {
      name: "table5_borda_ranks",
      title: "Table 5 — Rank of each candidate per agent and Borda count rank",
      rows: perAgentRows(
        d,
        names,
        (ai, ci) => cellOf(d.borda.agentRanks, ai, ci, "the per-agent rank"),
        (ci) => ({ borda_total: entryOf(d.borda.totals, ci, "the Borda total"), borda_rank: entryOf(d.borda.rank, ci, "the Borda rank") }),
      ),
      note: `Per-agent rank 1 = highest decision score (Table 4). Borda: ${bordaLabel}.`,
    },
    {
      name: "table6_valence",
      title: "Table 6 — Valence for each candidate",
      rows: perAgentRows(
        d,
        names,
        (ai, ci) => cellOf(d.valence, ai, ci, "the valence"),
        (ci) => ({ tier: entryOf(d.tiers, ci, "the collective tier") }),
      ),
      note: `Valence of the decision score S (Table 4): S < -0.5 -> -1, -0.5 <= S <= 0.5 -> 0, S > 0.5 -> +1 (Definition 4). Tier rule "${config.tierRule}".`,
    },
  ];
}

/** Tables 7-9: volatility, the conviction built on it, and the gut-feeling ranks from the convictions. */
function convictionTables({ d, names, config, bordaLabel }: DecisionTableInput): Table[] {
  return [
    {
      name: "table7_volatility",
      title: "Table 7 — Sentiment volatility for each candidate",
      rows: perAgentRows(d, names, (ai, ci) => cellOf(d.volatility, ai, ci, "the volatility")),
      note: "Population standard deviation (ddof = 0) of the agent's statement sentiments S_O over the conversation (authors' code). The paper's printed Table 7 contains negative values, which no standard deviation can take.",
    },
    {
      name: "table8_conviction",
      title: "Table 8 — Conviction for each candidate",
      rows: perAgentRows(
        d,
        names,
        (ai, ci) => num(cellOf(d.conviction, ai, ci, "the conviction")),
        (ci) => ({ total_conviction: num(entryOf(d.gut.totalConviction, ci, "the total conviction")) }),
      ),
      note:
        config.conviction === "paper"
          ? `Paper text: decision score (Table 4) / max(volatility (Table 7), ${config.volatilityFloor}).`
          : "Authors' code: decision score (Table 4) x volatility (Table 7), cell by cell (the paper's printed Table 8 equals its Table 4 x Table 7, a product of this form).",
    },
    {
      name: "table9_gut_feeling",
      title: "Table 9 — Gut feeling rank for each candidate",
      rows: perAgentRows(
        d,
        names,
        (ai, ci) => cellOf(d.gut.agentRanks, ai, ci, "the gut-feeling rank"),
        (ci) => ({
          gut_total: entryOf(d.gut.totals, ci, "the gut-feeling total"),
          gut_feeling_rank: entryOf(d.gut.rank, ci, "the gut-feeling position"),
          total_conviction_rank: entryOf(d.gut.totalConvictionRank, ci, "the total-conviction rank"),
        }),
      ),
      note: `Per-agent rank by conviction (1 = highest), combined with the Borda count (Definition 5; ${bordaLabel}). total_conviction_rank = position by descending total conviction T^I (Definition 5's formula, 1 = largest).`,
    },
  ];
}

/**
 * The per agent x candidate x round log (sentiment, opinion, change).
 *
 * @example
 * roundTable(deliberation).rows.length; // sum over candidates of agents x rounds held
 */
export function roundTable(deliberation: Deliberation): Table {
  return {
    name: "sentiment_by_round",
    title: "Sentiment and opinion change per agent, candidate and round",
    rows: deliberation.conversations.flatMap((c) =>
      c.turns.map((t) => ({
        candidate: t.candidate,
        candidate_name: t.candidateName,
        agent: t.agent,
        round: t.round,
        order: t.order,
        arguments: t.arguments.length,
        sentiment: t.sentiment,
        opinion: t.opinion,
        change: t.change,
        signed_change: t.signedChange,
        peers_heard: t.peersHeard,
      })),
    ),
    note: "sentiment = S_O (mean VADER/LLM score of the statement's arguments, eq. 2); opinion = S_i^O(t) (eq. 4); change = |ΔS| (eq. 5).",
  };
}

/**
 * Evaluation tables: nuance, platitudinal (between agents and runs), drift
 * per round, defensibility, the Mental Models of Self and conversation lengths.
 *
 * @example
 * evaluationTables(scenario, deliberation, evaluation).map((t) => t.name); // ["nuance", "platitudinal", ...]
 */
export function evaluationTables(scenario: Scenario, deliberation: Deliberation, e: EvaluationAnalysis): Table[] {
  const names = candidateNames(scenario);
  const betweenRunsBy = new Map<string, number[]>();
  for (const x of e.betweenRuns) betweenRunsBy.set(x.candidate, [...(betweenRunsBy.get(x.candidate) ?? []), x.similarity]);
  const topics = Math.max(0, ...e.nuance.map((n) => n.topics.length));
  return [
    {
      name: "nuance",
      title: "Nuance per candidate (LDA topics on the statements)",
      rows: e.nuance.map((n) => {
        const row: Row = { candidate: names.get(n.candidate) ?? n.candidate, nuance: n.nuance };
        for (let k = 0; k < topics; k++) {
          row[`topic${k + 1}_unique`] = n.uniquePerTopic[k] ?? null;
          row[`topic${k + 1}_words`] = (n.topics[k] ?? []).join(" ");
        }
        return row;
      }),
      note: "nuance = distinct words across the topics' top words (Figure 6); topicK_unique = words found in no other topic's top list.",
    },
    {
      name: "platitudinal",
      title: "Platitudinal score per candidate",
      rows: e.platitudinal.map((p) => ({
        candidate: names.get(p.candidate) ?? p.candidate,
        between_agents: num(p.score),
        between_runs: num(meanOf(betweenRunsBy.get(p.candidate) ?? [])),
      })),
      note: "Mean cosine similarity of statements between agents (same round) and between repeated runs (same agent and round); higher = more platitudinal.",
    },
    {
      name: "platitudinal_pairs",
      title: "Platitudinal similarity between agent pairs (Figure 5 data)",
      rows: e.platitudinal.flatMap((p) =>
        p.agents.flatMap((a, i) =>
          p.agents.map((b, j) => ({
            candidate: names.get(p.candidate) ?? p.candidate,
            agent_a: a,
            agent_b: b,
            similarity: num(cellOf(p.similarity, i, j, "the platitudinal similarity")),
          })),
        ),
      ),
    },
    {
      name: "drift_by_round",
      title: "Similarity of each statement to the agent's Mental Model of Self",
      rows: e.drift.flatMap((x) =>
        x.perRound.map((s, r) => ({ candidate: names.get(x.candidate) ?? x.candidate, agent: x.agent, round: r + 1, similarity: s })),
      ),
    },
    {
      name: "defensibility",
      title: "Defensibility of the agents' arguments",
      rows: e.defensibility.map((x) => ({
        candidate: names.get(x.candidate) ?? x.candidate,
        agent: x.agent,
        arguments: x.arguments,
        score: x.score,
        supported_share: x.supportedShare,
      })),
      note: "Mean over arguments of the best-matching resume passage's similarity (0 when below the threshold).",
    },
    {
      name: "mental_models",
      title: "Mental Model of Self of each agent",
      rows: deliberation.agents.map((a) => ({
        agent: a.advisor.short,
        role: a.advisor.title,
        description: a.mms.description,
        priorities: a.mms.priorities.join("; "),
        evaluation_criteria: a.mms.evaluationCriteria.join("; "),
      })),
    },
    {
      name: "conversations",
      title: "Conversation length per candidate",
      rows: deliberation.conversations.map((c) => ({ candidate: c.candidate.name, rounds: c.rounds, stopped_by: c.stoppedBy })),
    },
  ];
}

function regressionRows(scope: string, a: BiasAnalysis): Row[] {
  return [a.negative, a.positive].map((r) => ({ scope, sign: r.sign, n: r.n, ...slopeCells(r) }));
}

/** The slope's cells of a bias fit, in the tables' column order. */
function slopeCells(r: BiasAnalysis["negative"]): Row {
  return { slope: num(r.slope), se: num(r.se), t: num(r.t), p: num(r.p), r2: num(r.r2), p_null: num(r.pNull) };
}

function interceptRows(scope: string, a: BiasAnalysis): Row[] {
  return [a.negativeIntercept, a.positiveIntercept].map((r) => ({
    scope,
    sign: r.sign,
    n: r.n,
    intercept: num(r.intercept),
    intercept_p: num(r.interceptP),
    ...slopeCells(r),
  }));
}

function biasSummaryRow(scope: string, a: BiasAnalysis): Row {
  return {
    scope,
    slope_ratio: num(a.slopeRatio),
    steeper_side: a.steeperSide,
    label_fit: a.labelFit,
    log_ratio: num(a.logRatio),
    null_median_log_ratio: num(a.nullMedianLogRatio),
    p_null_log_ratio: num(a.pLogRatio),
    permutations: a.permutations,
    valid_permutations: a.validPermutations,
    bias: a.bias,
    saliency_bias: a.saliencyBias,
    salient_share: num(a.salientShare),
    positive_share: num(a.positiveShare),
    negative_share: num(a.negativeShare),
    sentiment_min: num(a.sentimentMin),
    sentiment_max: num(a.sentimentMax),
  };
}

const nullNote = (config: SentimentalConfig): string =>
  `p_null: two-sided permutation p-value against ${config.biasNull === "conversation" ? "peers' sentiment shuffled within each (advisor, candidate) conversation on its own (biasNull = conversation, the earlier null, which calls too many runs without peer influence biased)" : "each candidate's rounds permuted, one permutation for all its advisors (biasNull = candidate-rounds)"} (the slopes' own t-tests assume the change is unrelated to the sign split, which |change| >= 0 breaks).`;

/**
 * Bias tables: Figure 7 observations, regressions per sign (through the
 * origin, the paper's; with an intercept, the code's), each with its
 * permutation p-value, and the summary with the tested label.
 *
 * @example
 * biasTables(biasOf(deliberation, config), config).map((t) => t.name);
 * // ["bias_observations", "bias_regression", "bias_regression_intercept", "bias_summary"]
 */
export function biasTables(bias: BiasResult, config: SentimentalConfig): Table[] {
  const scopes = [{ scope: "all", analysis: bias.pooled }, ...bias.perAgent.map((p) => ({ scope: p.agent, analysis: p.analysis }))];
  return [
    {
      name: "bias_observations",
      title: "Opinion change vs peers' recent sentiment (Figure 7 data)",
      rows: bias.observations.map((o) => ({ candidate: o.candidate, agent: o.agent, round: o.round, peer_sentiment: o.peerSentiment, change: o.change })),
      note: `Rounds >= 2; change = ${config.biasChange}; peers' sentiment = mean of their most recent ${config.biasPeer === "statement" ? "statement S_O" : "opinion"}.`,
    },
    {
      name: "bias_regression",
      title: "OLS through the origin of opinion change on peers' sentiment, by sign (the paper's fit)",
      rows: scopes.flatMap((s) => regressionRows(s.scope, s.analysis)),
      note: `statsmodels no-constant conventions: uncentered R^2, df = n - 1; p is the t-test of the slope against 0. ${nullNote(config)} ${config.biasPermutations} permutations.`,
    },
    {
      name: "bias_regression_intercept",
      title: "OLS with an intercept of opinion change on peers' sentiment, by sign (the authors' code's fit)",
      rows: scopes.flatMap((s) => interceptRows(s.scope, s.analysis)),
      note: `Centered R^2, df = n - 2. ${nullNote(config)} Same permutations as bias_regression.`,
    },
    {
      name: "bias_summary",
      title: "Cognitive bias measures",
      rows: scopes.map((s) => biasSummaryRow(s.scope, s.analysis)),
      note: `steeper_side = the paper's reading of the origin slopes (|b+| > |b-|: positivity), untested. bias = the tested label: log(|b+| / |b-|) of the "${config.biasFit}" fit against its permutation null; "none" unless p_null_log_ratio < ${config.biasSignificance}, then positivity when the statistic lies above the null median, negativity below. saliency_bias = a |slope| > 1 (paper); salient_share = share of |change| > std(change) and positive/negative_share = share of statements with sentiment > 0 / < 0 (authors' code).`,
    },
  ];
}

/** Arguments that spread, most adopted first, at most this many rows. */
const SPREAD_ROWS = 30;

/**
 * Argument adoption tables (RQ2/RQ3): share of arguments taking up a peer's
 * earlier argument per advisor and round, the arguments that spread, and
 * the adoption rate by the source argument's valence and arousal.
 *
 * @example
 * adoptionTables(adoptionOf(scenario, primary, 0.5), scenario).map((t) => t.name);
 * // ["adoption_by_round", "adoption_spread", "adoption_by_sentiment"]
 */
export function adoptionTables(a: AdoptionAnalysis, scenario: Scenario): Table[] {
  const names = candidateNames(scenario);
  const rule = `similarity = TF-IDF cosine over the conversation's substantive words (resume and job words, not the job title, the advisors' titles or the candidate's name; arguments with fewer than 3 of them take no part), threshold ${a.threshold}`;
  return [
    {
      name: "adoption_by_round",
      title: "Argument adoption per advisor and round (RQ2)",
      rows: a.byRound.map((r) => ({ agent: r.agent, round: r.round, arguments: r.arguments, exposed: r.exposed, adopted: r.adopted, share: num(r.share) })),
      note: `adopted = arguments that take up an earlier argument of another advisor in the same conversation (not a point the advisor had made first); exposed = arguments said after at least one other advisor spoke; share = adopted / exposed; ${rule}. Two advisors can cite the same resume line unheard: compare a run with opinionFormation=independent.`,
    },
    {
      name: "adoption_spread",
      title: "Arguments that spread (RQ2)",
      rows: a.spread.slice(0, SPREAD_ROWS).map((x) => ({
        candidate: names.get(x.source.candidate) ?? x.source.candidate,
        agent: x.source.agent,
        round: x.source.round,
        argument: x.source.text,
        sentiment: num(x.source.sentiment),
        adopters: x.adopters.join(", "),
        adoptions: x.adoptions,
        first_adopted_round: x.firstRound,
      })),
      note: `The ${SPREAD_ROWS} most adopted source arguments (of ${a.spread.length}), most adoptions first; ${rule}.`,
    },
    {
      name: "adoption_by_sentiment",
      title: "Adoption by the argument's valence and arousal (RQ3)",
      rows: a.bySentiment.map((b) => ({ kind: b.kind, band: b.band, heard: b.exposed, adopted: b.adopted, share: num(b.share) })),
      note: "heard = arguments another advisor spoke after, in the same conversation; adopted = of those, taken up at least once; valence = sign of f(A) (VADER's +-0.05), arousal = |f(A)|.",
    },
  ];
}

/**
 * Figures 4-7, and the adoption figure when the analysis is given.
 *
 * @example
 * figures(scenario, deliberation, evaluation, bias).map((f) => f.name);
 */
export function figures(scenario: Scenario, deliberation: Deliberation, e: EvaluationAnalysis, bias: BiasResult, adoption?: AdoptionAnalysis): Figure[] {
  const names = candidateNames(scenario);
  return [
    figure4SentimentChange(
      deliberation.conversations.flatMap((c) =>
        c.turns.map((t) => ({ candidate: t.candidateName, agent: t.agent, round: t.round, sentiment: t.sentiment, opinion: t.opinion, change: t.change })),
      ),
    ),
    figure5Platitudinal(e.platitudinal.map((p) => ({ candidate: names.get(p.candidate) ?? p.candidate, agents: p.agents, similarity: p.similarity }))),
    figure6Nuance(
      e.nuance.map((n) => ({ candidate: names.get(n.candidate) ?? n.candidate, nuance: n.nuance })),
      nuanceCeiling(e),
    ),
    figure7Bias(
      bias.observations.map((o) => ({ peerSentiment: o.peerSentiment, change: o.change, agent: o.agent })),
      bias.pooled.negative,
      bias.pooled.positive,
      { bias: bias.pooled.bias, pNull: bias.pooled.pLogRatio, saliency: bias.pooled.saliencyBias },
    ),
    ...(adoption ? [figureAdoption(adoption.byRound, adoption.bySentiment)] : []),
  ];
}

/** Most distinct words nuance can count: topics x top words per topic (as the run's LDA drew them). */
function nuanceCeiling(e: EvaluationAnalysis): number | undefined {
  const ceilings = e.nuance.map((n) => n.topics.length * Math.max(0, ...n.topics.map((t) => t.length)));
  const ceiling = Math.max(0, ...ceilings);
  return ceiling > 0 ? ceiling : undefined;
}

/** Everything one run's report is drawn from: the primary deliberation and its analyses. */
export interface RunAnalysis {
  scenario: Scenario;
  primary: Deliberation;
  decision: DecisionAnalysis;
  evaluation: EvaluationAnalysis;
  bias: BiasResult;
  adoption?: AdoptionAnalysis;
}

/**
 * The run's headline numbers (the manifest and notebooks read them).
 *
 * @example
 * runSummary(analysis, config).borda_top_candidate; // the name of the Borda winner, e.g. "Ada Obi"
 */
export function runSummary(analysis: RunAnalysis, config: SentimentalConfig): ExperimentResult["summary"] {
  const { scenario, primary, decision, evaluation, bias } = analysis;
  const turns = primary.conversations.flatMap((c) => c.turns);
  const sentiments = turns.filter((t) => !t.gap).map((t) => t.sentiment);
  // Under the code's Borda the best candidate holds the largest position, not position 1.
  const bestIndex = decision.borda.rank.indexOf(config.borda === "paper" ? 1 : Math.max(...decision.borda.rank));
  return {
    candidates: scenario.candidates.length,
    agents: scenario.advisors.map((a) => a.short).join(","),
    job: scenario.job.id,
    turns: turns.length,
    mean_rounds: num(meanOf(primary.conversations.map((c) => c.rounds))),
    sentiment_min: num(Math.min(...sentiments)),
    sentiment_max: num(Math.max(...sentiments)),
    borda_top_candidate: scenario.candidates[bestIndex]?.name ?? null,
    scenario: scenario.sourceNote,
    gaps: turns.filter((t) => t.gap).length,
    slope_negative: num(bias.pooled.negative.slope),
    r2_negative: num(bias.pooled.negative.r2),
    slope_positive: num(bias.pooled.positive.slope),
    r2_positive: num(bias.pooled.positive.r2),
    bias: bias.pooled.bias,
    bias_p_null: num(bias.pooled.pLogRatio),
    saliency_bias: bias.pooled.saliencyBias,
    platitudinal_between_agents: num(meanOf(evaluation.platitudinal.map((p) => p.score).filter(Number.isFinite))),
    platitudinal_between_runs: num(meanOf(evaluation.betweenRuns.map((b) => b.similarity))),
    mean_nuance: num(meanOf(evaluation.nuance.map((n) => n.nuance))),
    mean_defensibility: num(meanOf(evaluation.defensibility.map((d) => d.score))),
    adoption_share: analysis.adoption ? num(adoptionShare(analysis.adoption)) : null,
  };
}

/** Adopted / exposed arguments over every advisor and round. */
function adoptionShare(a: AdoptionAnalysis): number {
  const exposed = a.byRound.reduce((s, r) => s + r.exposed, 0);
  return exposed > 0 ? a.byRound.reduce((s, r) => s + r.adopted, 0) / exposed : NaN;
}

/**
 * The run folder's extra files: the brief, the primary run's Mental Models
 * of Self, and every run's conversation log (one JSON line per turn).
 *
 * @example
 * runArtifacts(brief, deliberations).map((a) => a.path); // ["brief.json", "mental_models.json", "conversation.jsonl"]
 */
export function runArtifacts(
  brief: Brief | null,
  deliberations: readonly [Deliberation, ...Deliberation[]],
  scenario?: Scenario,
): NonNullable<ExperimentResult["artifacts"]> {
  const [primary] = deliberations;
  const mentalModels = primary.agents.map((a) => ({ agent: a.advisor.short, role: a.advisor.title, ...a.mms }));
  const gaps = deliberations.flatMap((d, run) => [
    ...d.agents.flatMap((a) => (a.mmsGaps ?? []).map((g) => ({ run, candidate: null, agent: a.advisor.short, round: 0, ...g }))),
    ...d.conversations.flatMap((c) => c.turns.filter((t) => t.gap).map((t) => ({ run, candidate: t.candidate, agent: t.agent, round: t.round, ...t.gap }))),
  ]);
  return [
    ...(brief ? [{ path: "brief.json", content: `${JSON.stringify(brief, null, 2)}\n` }] : []),
    { path: "mental_models.json", content: `${JSON.stringify(mentalModels, null, 2)}\n` },
    { path: "conversation.jsonl", content: conversationLog(deliberations) },
    ...(scenario ? [{ path: "scenario.json", content: `${JSON.stringify(scenarioRecord(scenario), null, 2)}\n` }] : []),
    ...(gaps.length > 0 ? [{ path: "gaps.json", content: `${JSON.stringify(gaps, null, 2)}\n` }] : []),
  ];
}

/** The scenario as the agents saw it (lets `consilium evaluate` rebuild defensibility from the transcript alone). */
function scenarioRecord(scenario: Scenario): Record<string, unknown> {
  return { source: scenario.sourceNote, job: scenario.job, advisors: scenario.advisors, candidates: scenario.candidates };
}

/** Every turn of every run as one JSON line, runs in order (gaps carry their task and error). */
function conversationLog(deliberations: readonly Deliberation[]): string {
  return deliberations
    .flatMap((d, r) =>
      d.conversations.flatMap((c) =>
        c.turns.map((t) =>
          JSON.stringify({
            run: r,
            candidate: t.candidate,
            candidate_name: t.candidateName,
            round: t.round,
            order: t.order,
            agent: t.agent,
            role: t.role,
            statement: t.statement,
            arguments: t.arguments,
            argument_sentiments: t.argumentSentiments,
            sentiment: t.sentiment,
            opinion: t.opinion,
            change: t.change,
            ...(t.gap ? { gap: t.gap } : {}),
          }),
        ),
      ),
    )
    .map((line) => `${line}\n`)
    .join("");
}

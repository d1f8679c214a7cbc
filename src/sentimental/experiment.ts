/**
 * Sentimental Agents (Ondula et al., KiL'24) as a Consilium experiment: three
 * advisors deliberate about each candidate for the Head of Technology role,
 * their opinions are updated with the non-Bayesian rule, and the run reports
 * the paper's Tables 2-9, the per-round log, the evaluation metrics, the bias
 * tests and Figures 4-7.
 */
import type { Experiment, ExperimentResult, RunContext } from "../core/index";
import { biasOf, decide, evaluate } from "./analysis";
import { hiringBrief } from "./brief";
import { sentimentalConfigSchema, type SentimentalConfig } from "./config";
import { deliberate, loadScenario, replicateSeed, type Deliberation } from "./pipeline";
import { sentimentalSweepCell } from "./sweep";
import { biasTables, decisionTables, evaluationTables, figures, num, roundTable } from "./report";

/**
 * Runs the whole experiment: scenario, `runs` deliberations (the first is
 * the primary run; the others only feed the between-run platitudinal score),
 * decisions, evaluation, bias, tables and figures.
 *
 * @example
 * const result = await runSentimental(defaultSentimentalConfig({ candidates: 3, maxRounds: 3 }), ctx);
 * result.tables.find((t) => t.name === "table4_final_sentiment");
 */
export async function runSentimental(config: SentimentalConfig, ctx: RunContext): Promise<ExperimentResult> {
  const scenario = loadScenario(config, ctx.dataDir, ctx.seed);
  const brief = hiringBrief(scenario.job.title, scenario.job.organization, scenario.job.text);
  ctx.log(
    `sentimental: ${scenario.candidates.length} candidates from ${scenario.resumeDir}, job "${scenario.job.id}", advisors ${scenario.advisors.map((a) => a.short).join(", ")}, ${config.runs} run(s)`,
  );
  ctx.progress.start("sentimental conversations", scenario.candidates.length * config.runs);
  const deliberations: Deliberation[] = [];
  for (let r = 0; r < config.runs; r++) {
    deliberations.push(await deliberate(scenario, config, ctx, replicateSeed(ctx.seed, r), () => ctx.progress.tick()));
  }
  ctx.progress.done();
  const primary = deliberations[0]!;
  const decision = decide(primary, config);
  const evaluation = await evaluate(scenario, deliberations, config, ctx.embedder, ctx.seed);
  const bias = biasOf(primary, config);
  const turns = primary.conversations.flatMap((c) => c.turns);
  const sentiments = turns.map((t) => t.sentiment);
  const bestIndex = decision.borda.rank.indexOf(config.borda === "paper" ? 1 : Math.max(...decision.borda.rank));
  const mean = (xs: readonly number[]) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
  return {
    tables: [
      roundTable(primary),
      ...decisionTables(scenario, decision, evaluation, config),
      ...evaluationTables(scenario, primary, evaluation),
      ...biasTables(bias, config),
    ],
    figures: figures(scenario, primary, evaluation, bias),
    summary: {
      candidates: scenario.candidates.length,
      agents: scenario.advisors.map((a) => a.short).join(","),
      job: scenario.job.id,
      turns: turns.length,
      mean_rounds: num(mean(primary.conversations.map((c) => c.rounds))),
      sentiment_min: num(Math.min(...sentiments)),
      sentiment_max: num(Math.max(...sentiments)),
      borda_top_candidate: bestIndex >= 0 ? scenario.candidates[bestIndex]!.name : null,
      slope_negative: num(bias.pooled.negative.slope),
      r2_negative: num(bias.pooled.negative.r2),
      slope_positive: num(bias.pooled.positive.slope),
      r2_positive: num(bias.pooled.positive.r2),
      bias: bias.pooled.bias,
      saliency_bias: bias.pooled.saliencyBias,
      platitudinal_between_agents: num(mean(evaluation.platitudinal.map((p) => p.score).filter(Number.isFinite))),
      platitudinal_between_runs: num(mean(evaluation.betweenRuns.map((b) => b.similarity))),
      mean_nuance: num(mean(evaluation.nuance.map((n) => n.nuance))),
      mean_defensibility: num(mean(evaluation.defensibility.map((d) => d.score))),
    },
    artifacts: [
      { path: "brief.json", content: `${JSON.stringify(brief, null, 2)}\n` },
      {
        path: "mental_models.json",
        content: `${JSON.stringify(
          primary.agents.map((a) => ({ agent: a.advisor.short, role: a.advisor.title, ...a.mms })),
          null,
          2,
        )}\n`,
      },
      {
        path: "conversation.jsonl",
        content: deliberations
          .flatMap((d, r) =>
            d.conversations.flatMap((c) =>
              c.turns.map((t) =>
                JSON.stringify({
                  run: r,
                  candidate: t.candidate,
                  candidate_name: t.candidateName,
                  round: t.round,
                  agent: t.agent,
                  statement: t.statement,
                  arguments: t.arguments,
                  argument_sentiments: t.argumentSentiments,
                  sentiment: t.sentiment,
                  opinion: t.opinion,
                  change: t.change,
                }),
              ),
            ),
          )
          .map((line) => `${line}\n`)
          .join(""),
      },
    ],
  };
}

/**
 * The experiment as registered for `consilium run sentimental` (src/run/registry.ts).
 *
 * @example
 * const run = await runExperiment("sentimental", { seed: 7, set: ["candidates=3", "maxRounds=3"] });
 */
export const sentimentalExperiment: Experiment<SentimentalConfig> = {
  name: "sentimental",
  description:
    "Sentimental Agents (Ondula et al., KiL'24): advisors with a Mental Model of Self deliberate about candidates; non-Bayesian opinion updates, Borda/tier/gut-feeling decisions, nuance/platitudinal/drift/defensibility metrics and cognitive-bias regressions.",
  configSchema: sentimentalConfigSchema as unknown as Experiment<SentimentalConfig>["configSchema"],
  defaults: () => ({}),
  run: runSentimental,
  sweepCell: sentimentalSweepCell,
};

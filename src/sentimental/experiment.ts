/**
 * Sentimental Agents (Ondula et al., KiL'24) as a Consilium experiment: three
 * advisors deliberate about each candidate for the Head of Technology role,
 * their opinions are updated with the non-Bayesian rule, and the run reports
 * the paper's Tables 2-9, the per-round log, the evaluation metrics, the bias
 * tests, argument adoption and Figures 4-7.
 */
import { roundTableCells, type Experiment, type ExperimentResult, type RunContext } from "../core/index";
import { biasOf, decide, evaluate } from "./analysis";
import { hiringBrief } from "./brief";
import { sentimentalConfigSchema, type SentimentalConfig } from "./config";
import { deliberateRuns, loadScenario } from "./pipeline";
import { sentimentalSweepCell } from "./sweep";
import { adoptionTables, biasTables, decisionTables, evaluationTables, figures, roundTable, runArtifacts, runSummary, type RunAnalysis } from "./report";
import { adoptionOf } from "./adoption";

/**
 * Runs the whole experiment: scenario and brief (both validated), `runs`
 * deliberations (the first is the primary run; the others only feed the
 * between-run platitudinal score), decisions, evaluation, bias, and the
 * tables, figures, summary and artifacts built from them (report.ts).
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
  const deliberations = await deliberateRuns(scenario, config, ctx);
  const [primary] = deliberations;
  const adoption = adoptionOf(scenario, primary, config.adoptionThreshold);
  const analysis: RunAnalysis = {
    scenario,
    primary,
    decision: decide(primary, config),
    evaluation: await evaluate(scenario, deliberations, config, ctx.embedder, ctx.seed),
    bias: biasOf(primary, config),
    adoption,
  };
  return {
    tables: [
      roundTable(primary),
      ...decisionTables(scenario, analysis.decision, analysis.evaluation, config),
      ...evaluationTables(scenario, primary, analysis.evaluation),
      ...biasTables(analysis.bias, config),
      ...adoptionTables(adoption, scenario),
    ].map(roundTableCells),
    figures: figures(scenario, primary, analysis.evaluation, analysis.bias, adoption),
    summary: runSummary(analysis, config),
    artifacts: runArtifacts(brief, deliberations),
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

/**
 * Sentimental Agents (Ondula et al., KiL'24) as a Consilium experiment: three
 * advisors deliberate about each candidate for the Head of Technology role,
 * their opinions are updated with the non-Bayesian rule, and the run reports
 * the paper's Tables 2-9, the per-round log, the evaluation metrics, the bias
 * tests, argument adoption and Figures 4-7.
 */
import { countGaps, roundTableCells, withGapNote, type Experiment, type ExperimentResult, type RunContext } from "../core/index";
import { biasOf, decide, evaluate } from "./analysis";
import { hiringBrief } from "./brief";
import { sentimentalConfigSchema, type SentimentalConfig } from "./config";
import { TURN_TASKS } from "./conversation";
import { deliberateRuns, loadScenario, promptTasks, type Deliberation, type Scenario } from "./pipeline";
import { sentimentalDryRun } from "./dry-run";
import { sentimentalSweepCell } from "./sweep";
import { adoptionTables, biasTables, decisionTables, evaluationTables, figures, roundTable, runArtifacts, runSummary, type RunAnalysis } from "./report";
import { adoptionOf } from "./adoption";
import { MENTAL_MODEL_TASKS } from "./tasks";
import { sentimentalEmbedder, withEmbedderNotes } from "./embedder";

/**
 * Runs the whole experiment: scenario and brief (both validated), `runs`
 * deliberations (the first is the primary run; the others only feed the
 * between-run platitudinal score), then `reportDeliberations`.
 *
 * @example
 * const result = await runSentimental(defaultSentimentalConfig({ candidates: 3, maxRounds: 3 }), ctx);
 * result.tables.find((t) => t.name === "table4_final_sentiment");
 */
export async function runSentimental(config: SentimentalConfig, ctx: RunContext): Promise<ExperimentResult> {
  const scenario = loadScenario(config, ctx.dataDir, ctx.seed);
  const brief = hiringBrief(scenario.job.title, scenario.job.organization, scenario.job.text);
  const prompts = ctx.model.isOffline ? "none (offline agents)" : `"${promptTasks(config).set.label}"`;
  ctx.log(
    `sentimental: ${scenario.sourceNote}; ${scenario.candidates.length} candidates from ${scenario.resumeDir}, job "${scenario.job.id}", advisors ${scenario.advisors.map((a) => a.short).join(", ")}, ${config.runs} run(s), prompts ${prompts}`,
  );
  const deliberations = await deliberateRuns(scenario, config, ctx);
  const result = await reportDeliberations(scenario, deliberations, config, ctx);
  return { ...result, artifacts: [...(result.artifacts ?? []), ...runArtifacts(brief, deliberations, scenario)] };
}

/**
 * Decisions, evaluation, bias, and the tables, figures and summary built
 * from them (report.ts), for deliberations that were run or read from a
 * transcript. When turns are gaps (onInvalid = skip), every table's note
 * says how many and that they are left out, and `gaps` counts them per task
 * over every run (0 included) for the manifest.
 *
 * @example
 * const result = await reportDeliberations(scenario, [primary], config, ctx);
 */
export async function reportDeliberations(
  scenario: Scenario,
  deliberations: readonly [Deliberation, ...Deliberation[]],
  config: SentimentalConfig,
  ctx: Pick<RunContext, "embedder" | "seed">,
): Promise<ExperimentResult> {
  const [primary] = deliberations;
  const adoption = adoptionOf(scenario, primary, config.adoptionThreshold);
  const embedder = sentimentalEmbedder(config, ctx.embedder);
  const analysis: RunAnalysis = {
    scenario,
    primary,
    decision: decide(primary, config),
    evaluation: await evaluate(scenario, deliberations, config, embedder, ctx.seed),
    bias: biasOf(primary, config),
    adoption,
  };
  const tables = withEmbedderNotes(
    [
      roundTable(primary),
      ...decisionTables(scenario, analysis.decision, analysis.evaluation, config),
      ...evaluationTables(scenario, primary, analysis.evaluation),
      ...biasTables(analysis.bias, config),
      ...adoptionTables(adoption, scenario),
    ],
    embedder.id,
  );
  const gaps = deliberations.flatMap((d) => [
    ...d.agents.flatMap((a) => a.mmsGaps ?? []),
    ...d.conversations.flatMap((c) => c.turns.flatMap((t) => (t.gap ? [t.gap] : []))),
  ]);
  return {
    tables: withGapNote(tables, gapNote(primary)).map(roundTableCells),
    figures: figures(scenario, primary, analysis.evaluation, analysis.bias, adoption),
    summary: runSummary(analysis, config),
    gaps: countGaps(gaps, [...mentalModelTasks(config), ...TURN_TASKS]),
  };
}

/** The Mental Model tasks the run's prompt set asks (one single call, or the three parts). */
function mentalModelTasks(config: SentimentalConfig): string[] {
  const tasks = promptTasks(config);
  return MENTAL_MODEL_TASKS.filter((name) => (name === "sentimental.mental-model" ? tasks.mentalModel !== null : tasks.mentalModelParts !== null));
}

/** The tables' note on gaps: how many, whose, and how they are treated; null without gaps. */
function gapNote(deliberation: Deliberation): string | null {
  const gaps = deliberation.conversations.flatMap((c) => c.turns.filter((t) => t.gap));
  const mms = deliberation.agents.flatMap((a) => (a.mmsGaps ?? []).map((g) => `${a.advisor.short} ${g.task.replace(/^sentimental\./, "")}`));
  if (gaps.length === 0 && mms.length === 0) return null;
  const listed = gaps
    .slice(0, 5)
    .map((t) => `${t.agent} on ${t.candidateName} round ${t.round}`)
    .join("; ");
  const turns =
    gaps.length === 0
      ? ""
      : `Gaps: ${gaps.length} turn(s) whose answer stayed invalid after repair (onInvalid=skip: ${listed}${gaps.length > 5 ? "; ..." : ""}; all in artifacts/gaps.json) ` +
        "carry the opinion forward and are left out of sentiments, volatility, the regressions and the evaluation.";
  const parts =
    mms.length === 0
      ? ""
      : `Mental Model gaps: ${mms.length} part(s) whose answer stayed invalid after repair (onInvalid=skip: ${mms.join("; ")}; in artifacts/gaps.json) ` +
        "are left empty; that advisor argued without them.";
  return [turns, parts].filter((t) => t !== "").join(" ");
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
  dryRun: sentimentalDryRun,
};

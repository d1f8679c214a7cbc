/**
 * Orchestration: resolve a config, build the model, run an experiment and label
 * its results (runner); write a run folder (writer) that never mixes two runs
 * (folder-guard); sweep a grid (sweep);
 * reproduce everything (reproduce). The registry is the one place that knows
 * the three paper folders, and it loads them lazily.
 *
 * @example
 * import { runExperiment, writeRunFolder } from "../run/index";
 * const run = await runExperiment("sentimental", { seed: 7 });
 */
export { allowedValues, ConfigError, configKeys, formatConfigKeys, parseSetPairs, readConfigFile, resolveConfig, type ConfigKey } from "./config";
export { packageVersion } from "./paths";
export { EXPERIMENT_NAMES, isExperimentName, loadExperiment, type ExperimentName } from "./registry";
export { reproduceAll, type ReproduceOptions, type ReproduceResult } from "./reproduce";
export {
  byName,
  collectVersions,
  dataDependentDefaults,
  DEFAULT_SEED,
  labelResult,
  prepareRun,
  resolveExperimentConfig,
  resolveRunConfig,
  runExperiment,
  type LlmMode,
  type PreparedRun,
  type RunOptions,
  type RunOutcome,
  type RunRecord,
  withLookups,
} from "./runner";
export { dryRunExperiment, PROVIDER_CACHE_MIN_PREFIX, renderDryRun, type DryRunReport, type DryRunTaskLine } from "./dry-run";
export { gridCells, runSweep, SWEEP_PLAN_FILE, writeSweepOutputs, type SweepOptions, type SweepPlan, type SweepPlanCell, type SweepResult } from "./sweep";
export { mergeSweeps, type CellConflict, type SweepMergeResult } from "./sweep-merge";
export { inShard, parseShard, shardFileName, type Shard, type ShardEnv } from "./shard";
export { formatLookahead, runLookahead, type LookaheadOptions, type LookaheadReport } from "./lookahead";
export { compareRuns, dailyTablesOf, type Difference, type SessionVerdict } from "./lookahead-compare";
export { stampedAfterClose, writePoisonedCopy, type PoisonOptions, type PoisonSummary } from "./poison";
export { writeRunConfigFile, writeRunFolder, type RunConfigFile, type RunManifest } from "./writer";
export { checkRunFolder, checkSweepFolder, claimRunFolder, defaultRunDir, describeDifferences, runHash, type RunIdentity } from "./folder-guard";
export { formatPromptSample, PROMPT_EXAMPLES, samplePrompts, summarizeByTask, type PromptSample, type PromptSampleOptions, type TaskPrompts } from "./prompts";

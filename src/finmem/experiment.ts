/**
 * `consilium run finmem`: FinMem (Yu et al., arXiv 2311.13743) trained and
 * tested on a data folder's prices/, news/ and filings/. The config is in
 * config.ts (windows in windows.ts), the daily loop in loop.ts, the scoring in
 * evaluation.ts, the tables in report.ts, the figures in figures.ts and the
 * reads that look ahead by design in declared-reads.ts.
 */
import type { z } from "zod";
import { DataFolder, priceBasisFor, rebasedBasis, relativeSessionLabel, splitTable } from "../data/index";
import { AnonymizingModel, type Model } from "../llm/index";
import { companyAliases, Masker } from "../text/index";
import { countGaps, withGapNote, type Experiment, type ExperimentResult, type RunContext } from "../core/index";
import { chooseFinMemDefaults, finmemConfigSchema, loopOptionsFromConfig, resolveWindows, windowsNotice, type FinMemConfig } from "./config";
import { FINMEM_DAILY_TABLES, finmemDeclaredReads } from "./declared-reads";
import { selectEmbedder } from "./embedder";
import { evaluateTestWindow } from "./evaluation";
import { FINMEM_TASK_NAMES, finmemGapNote } from "./gaps";
import { finmemFigures } from "./figures";
import { runFinMem, type FinMemLoopResult } from "./loop";
import type { FinMemMetrics } from "./metrics";
import { decisionDifference, withMemoryAblation, type DecisionDifference } from "./memory-ablation";
import { finmemArtifacts, finmemSummary, finmemTables } from "./report";

export interface FinMemOutcome {
  /** The config with its ticker and windows resolved. */
  config: FinMemConfig;
  run: FinMemLoopResult;
  finmem: FinMemMetrics;
  buyHold: FinMemMetrics;
  result: ExperimentResult;
  /** ablate=memory: the run with no memory shown, its metrics and how often it decides differently. */
  ablated?: { run: FinMemLoopResult; finmem: FinMemMetrics; difference: DecisionDifference };
}

/**
 * Run FinMem for a config (empty windows take the data defaults) and build
 * its tables and figures. (`finmemExperiment.run` is this without the extra fields.)
 *
 * @example
 * const { finmem, buyHold } = await runFinMemExperiment(config, ctx);
 */
export async function runFinMemExperiment(rawConfig: FinMemConfig, ctx: RunContext): Promise<FinMemOutcome> {
  const folder = DataFolder.open(ctx.dataDir, { knownAt: { dateOnly: rawConfig.dateOnly } });
  const config = resolveWindows(rawConfig, folder);
  ctx.log(windowsNotice(config, folder));
  const embedder = selectEmbedder(config, ctx.embedder, folder);
  const series = folder.prices(config.ticker);
  const priceBasis = config.anonymize ? rebasedBasis(series, config.trainStart) : priceBasisFor(config.ticker, series, splitTable(ctx.dataDir, config.splits));
  const loopOptions = { ...loopOptionsFromConfig(config), priceBasis };
  const model = config.anonymize ? anonymizedModel(ctx.model, config.ticker, folder) : ctx.model;
  const loopDeps = { folder, model, embedder, seed: ctx.seed, concurrency: ctx.concurrency, progress: ctx.progress, log: ctx.log };
  const run = await runFinMem(loopOptions, loopDeps);
  const evaluation = evaluateTestWindow(run.days, folder.prices(config.ticker), config);
  let tables = withGapNote(finmemTables(run, evaluation, config), finmemGapNote(run.gaps));
  let ablated: FinMemOutcome["ablated"];
  if (config.ablate === "memory") {
    const ablatedRun = await runFinMem({ ...loopOptions, ablate: "memory" }, loopDeps);
    const ablatedEvaluation = evaluateTestWindow(ablatedRun.days, folder.prices(config.ticker), config);
    const difference = decisionDifference(run.days, ablatedRun.days);
    tables = withMemoryAblation(tables, ablatedEvaluation, difference);
    ablated = { run: ablatedRun, finmem: ablatedEvaluation.finmem, difference };
  }
  const result: ExperimentResult = {
    tables,
    figures: finmemFigures(run, evaluation, config),
    summary: finmemSummary(run, evaluation, config),
    artifacts: finmemArtifacts(run),
    gaps: countGaps(run.gaps, FINMEM_TASK_NAMES),
  };
  return { config, run, finmem: evaluation.finmem, buyHold: evaluation.buyHold, result, ...(ablated ? { ablated } : {}) };
}

/**
 * The run's model behind the anonymised control (`anonymize=true`): every
 * message masked for the traded ticker, its name from the folder's universe
 * file and that name's aliases, with dates relative to the call's session.
 *
 * @example
 * anonymizedModel(ctx.model, "MSFT", folder); // prompts say "Company ZZ... (ZZ...)", "session t-3"
 */
export function anonymizedModel(model: Model, ticker: string, folder: DataFolder): Model {
  const name = folder.tickerInfo(ticker).name;
  const masker = new Masker({ entities: [{ ticker, names: name ? companyAliases(name) : [] }], relativeDate: relativeSessionLabel });
  return new AnonymizingModel(model, (text, session) => masker.mask(text, session));
}

/**
 * The FinMem experiment for the runner, sweeps and notebooks.
 *
 * @example
 * await runExperiment("finmem", { set: ["topK=3", "riskMode=averse"] });
 */
export const finmemExperiment: Experiment<FinMemConfig> = {
  name: "finmem",
  description:
    "FinMem (Yu et al. 2023): a trading agent with a profile, layered long-term memory (shallow / intermediate / deep / reflection) and working memory; " +
    "trained with the next-day label visible, then tested on unseen days against buy-and-hold.",
  configSchema: finmemConfigSchema as unknown as z.ZodType<FinMemConfig>,
  defaults(dataDir: string): Partial<FinMemConfig> {
    try {
      return chooseFinMemDefaults(DataFolder.open(dataDir)) ?? {};
    } catch {
      return {};
    }
  },
  resolve(config: FinMemConfig, dataDir: string): FinMemConfig {
    return resolveWindows(config, DataFolder.open(dataDir, { validate: false }));
  },
  lookahead: { dailyTables: FINMEM_DAILY_TABLES, declaredReads: finmemDeclaredReads },
  async run(config: FinMemConfig, ctx: RunContext): Promise<ExperimentResult> {
    return (await runFinMemExperiment(config, ctx)).result;
  },
};

/**
 * `consilium run <experiment> --dry-run`: the calls, tokens and cost a real
 * run would take, without calling a model. The experiment runs on the offline
 * agents through a DryRunModel (src/llm/dry-run.ts), which renders every real
 * request and counts it with the target model's tokenizer; where the number
 * of calls depends on the answers, the experiment's DryRunPlan (core
 * contract) renders its worst-case config and / or bounds the observed counts,
 * and the report says which figures are upper bounds and why.
 */
import {
  DEFAULT_OPENAI_MODEL,
  DryRunModel,
  FREE_TEXT_TOKENS,
  OfflineModel,
  WORST_CASE_FACTOR,
  priceFor,
  tokenCounter,
  type DryRunTaskStats,
  type ModelPrice,
} from "../llm/index";
import { configKeys } from "./config";
import { prepareRun, type RunOptions } from "./runner";

/** Minimum prefix OpenAI's automatic prompt caching reuses (tokens). */
export const PROVIDER_CACHE_MIN_PREFIX = 1024;

export interface DryRunTaskLine extends DryRunTaskStats {
  costUsd: number;
  worstCostUsd: number;
  /** Share of the task's prompt tokens that is a prefix shared by all its calls. */
  stablePrefixShare: number;
}

/** The stable prefix a run would have under one built-in prompt set (the dry run renders every set). */
export interface PromptSetShare {
  set: string;
  /** Share of the run's prompt tokens that is a prefix shared by every call of its task. */
  stablePrefixShare: number;
  /** Share of the run's prompt tokens a provider could serve from its cache: the stable prefixes of 1024+ tokens, after each task's first call. */
  cacheableShare: number;
  /** Whether the set keeps its source's order (the authors' or the paper's) or was ordered for caching (shared parts first). */
  order: "source" | "shared parts first";
}

export interface DryRunReport {
  experiment: string;
  targetModel: string;
  tokenizer: string;
  exactTokenizer: boolean;
  price: ModelPrice;
  /** "exact": the count does not depend on the answers; "upper": bounded as the assumptions say. */
  calls: "exact" | "upper";
  tasks: DryRunTaskLine[];
  totals: Omit<DryRunTaskLine, "task" | "maxPromptTokens">;
  /**
   * Prompt tokens a provider could serve from its prompt cache (each cacheable
   * task's stable prefix after its first call) and the cost with them at the
   * cached-input price (the cost column assumes no provider caching).
   */
  providerCache: { cachedPromptTokens: number; costUsd: number };
  /** The run's stable prefix under every built-in prompt set of the experiment (the run's own set included). */
  promptSets: PromptSetShare[];
  /** The prompt set of this report (`prompts`, or "promptDir" for a folder of your own). */
  promptSet: string;
  assumptions: string[];
  config: Record<string, unknown>;
}

function line(s: DryRunTaskStats, price: ModelPrice): DryRunTaskLine {
  const cost = (out: number): number => (s.promptTokens * price.inputPerMillion + out * price.outputPerMillion) / 1e6;
  return {
    ...s,
    costUsd: cost(s.outputTokens),
    worstCostUsd: cost(s.worstOutputTokens),
    stablePrefixShare: s.promptTokens > 0 ? (s.stablePrefixTokens * s.calls) / s.promptTokens : 0,
  };
}

/** Prompt tokens a provider's cache could serve: each task whose stable prefix reaches the provider's minimum, after its first call. */
function cacheableTokens(tasks: readonly DryRunTaskStats[]): number {
  return tasks.reduce((a, t) => a + (t.stablePrefixTokens >= PROVIDER_CACHE_MIN_PREFIX ? t.stablePrefixTokens * Math.max(0, t.calls - 1) : 0), 0);
}

/** Share of all prompt tokens in stable prefixes (weighted by calls): the run's stable share. */
function stableShare(tasks: readonly DryRunTaskStats[]): number {
  const prompt = tasks.reduce((a, t) => a + t.promptTokens, 0);
  return prompt > 0 ? tasks.reduce((a, t) => a + t.stablePrefixTokens * t.calls, 0) / prompt : 0;
}

/** One dry pass of the experiment: every request rendered and counted, no model called. */
async function dryPass(name: string, options: RunOptions, counter: Awaited<ReturnType<typeof tokenCounter>>, targetModel: string, maxTokens?: number) {
  const model = new DryRunModel(new OfflineModel({ seed: options.seed ?? 7 }), counter, targetModel, maxTokens);
  // Offline answers and the hashing embedder: nothing leaves the machine.
  const prepared = await prepareRun(name, {
    ...options,
    llm: "offline",
    model: undefined,
    modelInstance: model,
    embedder: "hashing",
    embedderInstance: undefined,
  });
  const plan = prepared.experiment.dryRun;
  const worst = plan?.worstCase?.(prepared.config);
  await prepared.experiment.run(worst?.config ?? prepared.config, prepared.ctx);
  const bounded = plan?.bound?.(prepared.config, model.stats());
  return { prepared, worst, bounded, stats: bounded?.stats ?? model.stats() };
}

/**
 * Cost a run of `name` against `options.model` (default DEFAULT_OPENAI_MODEL) without calling it.
 * With `allPromptSets`, the run is also rendered under every other built-in
 * prompt set of the experiment (its `prompts` key), so the report states the
 * stable-prefix share of each (the authors' sets keep their order; the
 * neutral sets put what calls share first).
 *
 * @example
 * const report = await dryRunExperiment("finmem", { model: "gpt-4o-mini" });
 * report.totals.calls; report.totals.costUsd;
 */
export async function dryRunExperiment(name: string, options: RunOptions & { maxTokens?: number; allPromptSets?: boolean } = {}): Promise<DryRunReport> {
  const targetModel = options.model ?? DEFAULT_OPENAI_MODEL;
  const counter = await tokenCounter(targetModel);
  const seed = options.seed ?? 7;
  const { prepared, worst, bounded, stats } = await dryPass(name, { ...options, seed }, counter, targetModel, options.maxTokens);
  const promptSet = prepared.config.promptDir ? "promptDir" : String(prepared.config.prompts ?? "");
  const setOptions = (configKeys(prepared.experiment.configSchema).find((k) => k.key === "prompts")?.options ?? []).map(String);
  const promptSets: PromptSetShare[] = [];
  for (const set of setOptions) {
    const setStats =
      set === promptSet
        ? stats
        : options.allPromptSets
          ? (await dryPass(name, { ...options, seed, set: [...(options.set ?? []), `prompts=${set}`, "promptDir="] }, counter, targetModel, options.maxTokens))
              .stats
          : null;
    if (!setStats) continue;
    const prompt = setStats.reduce((a, t) => a + t.promptTokens, 0);
    promptSets.push({
      set,
      stablePrefixShare: stableShare(setStats),
      cacheableShare: prompt > 0 ? cacheableTokens(setStats) / prompt : 0,
      order: set === "neutral" ? "shared parts first" : "source",
    });
  }
  const price = priceFor(targetModel);
  const tasks = stats.map((s) => line(s, price));
  const sum = (key: keyof DryRunTaskLine): number => tasks.reduce((a, t) => a + (t[key] as number), 0);
  const promptTokens = sum("promptTokens");
  const cachedPromptTokens = cacheableTokens(tasks);
  const cachedDiscount = (cachedPromptTokens * (price.inputPerMillion - (price.cachedInputPerMillion ?? price.inputPerMillion))) / 1e6;
  const assumptions = [
    ...(worst?.assumptions ?? []),
    ...(bounded?.assumptions ?? []),
    `prompt tokens: ${counter.label}, chat framing included`,
    `output tokens: the JSON skeleton of each task's schema counted exactly, array lengths as the offline agents' answers, every free-text field at least ${FREE_TEXT_TOKENS} tokens; worst case ${options.maxTokens ? `max_tokens ${options.maxTokens}` : `${WORST_CASE_FACTOR}x the estimate`} per call`,
    "no repair rounds (an invalid answer costs one more call: the prompt, the answer and the error)",
    ...(options.embedder === "openai" ? ["embedding calls are not counted"] : []),
    price.inputPerMillion === 0 && price.outputPerMillion === 0
      ? `no price known for ${targetModel}: cost 0`
      : `prices (USD per 1M tokens): input ${price.inputPerMillion}, output ${price.outputPerMillion}${price.cachedInputPerMillion !== undefined ? `, cached input ${price.cachedInputPerMillion}` : ""}`,
  ];
  return {
    experiment: prepared.experiment.name,
    targetModel,
    tokenizer: counter.label,
    exactTokenizer: counter.exact,
    price,
    calls: worst || bounded ? "upper" : "exact",
    tasks,
    totals: {
      calls: sum("calls"),
      promptTokens,
      outputTokens: sum("outputTokens"),
      worstOutputTokens: sum("worstOutputTokens"),
      stablePrefixTokens: sum("stablePrefixTokens"),
      costUsd: sum("costUsd"),
      worstCostUsd: sum("worstCostUsd"),
      stablePrefixShare: stableShare(tasks),
    },
    providerCache: { cachedPromptTokens, costUsd: sum("costUsd") - cachedDiscount },
    promptSets,
    promptSet,
    assumptions,
    config: prepared.config,
  };
}

/**
 * The report as a terminal table plus its assumptions.
 *
 * @example
 * console.log(renderDryRun(await dryRunExperiment("sentimental")));
 */
export function renderDryRun(report: DryRunReport): string {
  const usd = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(4));
  const int = (x: number): string => Math.round(x).toLocaleString("en-US");
  const head = ["task", "calls", "prompt tokens", "output tokens (est.)", "stable prefix", "cost USD (est.)", "worst case USD"];
  const rows = [...report.tasks, { ...report.totals, task: "total", maxPromptTokens: 0 }].map((t) => [
    t.task,
    `${report.calls === "upper" ? "<= " : ""}${int(t.calls)}`,
    int(t.promptTokens),
    int(t.outputTokens),
    `${(100 * t.stablePrefixShare).toFixed(0)}%${t.task !== "total" && t.stablePrefixTokens >= PROVIDER_CACHE_MIN_PREFIX ? " (cacheable)" : ""}`,
    usd(t.costUsd),
    usd(t.worstCostUsd),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const fmt = (cells: string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [
    `dry run: ${report.experiment} against ${report.targetModel} (no model called; calls ${report.calls === "exact" ? "exact" : "upper bounds"})`,
    fmt(head),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(fmt),
    "",
    "assumptions:",
    ...report.assumptions.map((a) => `  - ${a}`),
    `  - stable prefix: the longest start shared by every request of a task (a provider's prompt cache reuses prefixes of ${PROVIDER_CACHE_MIN_PREFIX}+ tokens: "cacheable")`,
    `  - with the provider's prompt cache: at least ${int(report.providerCache.cachedPromptTokens)} prompt tokens cacheable (stable prefixes of ${PROVIDER_CACHE_MIN_PREFIX}+ tokens after each task's first call), est. ${usd(report.providerCache.costUsd)} USD (the cost column counts none; a run's manifest records what the provider cached: usage.cachedPromptTokens)`,
    ...(report.promptSets.length > 0
      ? [
          `stable prefix by prompt set (this run: ${report.promptSet}):`,
          ...report.promptSets.map(
            (s) =>
              `  - ${s.set}: ${(100 * s.stablePrefixShare).toFixed(0)}% stable, ${(100 * s.cacheableShare).toFixed(0)}% cacheable (${s.order === "source" ? "order as its source, kept" : "reordered: what every call shares first"})`,
          ),
        ]
      : []),
    "",
  ].join("\n");
}

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
import { prepareRun, type RunOptions } from "./runner";

/** Minimum prefix OpenAI's automatic prompt caching reuses (tokens). */
export const PROVIDER_CACHE_MIN_PREFIX = 1024;

export interface DryRunTaskLine extends DryRunTaskStats {
  costUsd: number;
  worstCostUsd: number;
  /** Share of the task's prompt tokens that is a prefix shared by all its calls. */
  stablePrefixShare: number;
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

/**
 * Cost a run of `name` against `options.model` (default DEFAULT_OPENAI_MODEL) without calling it.
 *
 * @example
 * const report = await dryRunExperiment("finmem", { model: "gpt-4o-mini" });
 * report.totals.calls; report.totals.costUsd;
 */
export async function dryRunExperiment(name: string, options: RunOptions & { maxTokens?: number } = {}): Promise<DryRunReport> {
  const targetModel = options.model ?? DEFAULT_OPENAI_MODEL;
  const counter = await tokenCounter(targetModel);
  const seed = options.seed ?? 7;
  const model = new DryRunModel(new OfflineModel({ seed }), counter, targetModel, options.maxTokens);
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
  const stats = bounded?.stats ?? model.stats();
  const price = priceFor(targetModel);
  const tasks = stats.map((s) => line(s, price));
  const sum = (key: keyof DryRunTaskLine): number => tasks.reduce((a, t) => a + (t[key] as number), 0);
  const promptTokens = sum("promptTokens");
  const assumptions = [
    ...(worst?.assumptions ?? []),
    ...(bounded?.assumptions ?? []),
    `prompt tokens: ${counter.label}, chat framing included`,
    `output tokens: the JSON skeleton of each task's schema counted exactly, array lengths as the offline agents' answers, every free-text field at least ${FREE_TEXT_TOKENS} tokens; worst case ${options.maxTokens ? `max_tokens ${options.maxTokens}` : `${WORST_CASE_FACTOR}x the estimate`} per call`,
    "no repair rounds (an invalid answer costs one more call: the prompt, the answer and the error)",
    ...(options.embedder === "openai" ? ["embedding calls are not counted"] : []),
    price.inputPerMillion === 0 && price.outputPerMillion === 0
      ? `no price known for ${targetModel}: cost 0`
      : `prices (USD per 1M tokens): input ${price.inputPerMillion}, output ${price.outputPerMillion}`,
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
      stablePrefixShare: promptTokens > 0 ? tasks.reduce((a, t) => a + t.stablePrefixTokens * t.calls, 0) / promptTokens : 0,
    },
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
    "",
  ].join("\n");
}

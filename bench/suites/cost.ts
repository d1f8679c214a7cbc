/**
 * Benchmark 9: the cost of a real run, before it runs. `consilium run <exp>
 * --dry-run` at default settings for every experiment: calls (exact or upper
 * bound), prompt tokens (o200k_base, exact for both models below), estimated
 * output tokens, estimated USD for two popular models, and the share of the
 * prompt tokens that is a prefix shared by every call of its task (what a
 * provider's prompt cache can reuse). The time is the dry run's own.
 */
import { priceFor } from "../../src/llm/pricing";
import { dryRunExperiment } from "../../src/run/dry-run";
import { EXPERIMENT_NAMES } from "../../src/run/registry";
import { summarise } from "../lib";
import type { BenchRow, BenchSuite } from "../types";

/** Two popular models sharing the o200k_base tokenizer, so one dry run prices both. */
export const COST_MODELS = ["gpt-4o-mini", "gpt-4o"] as const;

export const costSuite: BenchSuite = {
  id: 9,
  name: "Cost of a real run (dry run)",
  async run(options) {
    const rows: BenchRow[] = [];
    for (const name of EXPERIMENT_NAMES) {
      const t0 = performance.now();
      const report = await dryRunExperiment(name, { model: COST_MODELS[0], seed: 7 });
      const ms = performance.now() - t0;
      const t = report.totals;
      const usd = (model: string, output: number): number => {
        const p = priceFor(model);
        return (t.promptTokens * p.inputPerMillion + output * p.outputPerMillion) / 1e6;
      };
      const extra: Record<string, number | string> = {
        calls: `${report.calls === "upper" ? "<= " : ""}${t.calls}`,
        promptTokens: t.promptTokens,
        outputTokensEst: t.outputTokens,
        stablePrefixShare: Number(t.stablePrefixShare.toFixed(3)),
      };
      for (const model of COST_MODELS) {
        extra[`usd_${model}`] = Number(usd(model, t.outputTokens).toFixed(4));
        extra[`worstUsd_${model}`] = Number(usd(model, t.worstOutputTokens).toFixed(4));
      }
      rows.push({
        id: `9/${name}`,
        name: `${name}: calls, tokens and cost at default settings`,
        workload: `\`consilium run ${name} --dry-run\` (default config, seed 7): ${report.tokenizer}; ${report.assumptions.slice(0, report.calls === "upper" ? 1 : 0).join("; ") || "calls exact"}`,
        ours: summarise([ms]),
        referenceName: null,
        reference: null,
        ratio: null,
        check: null,
        extra,
      });
      options.log(`${name}: ${t.calls} calls, ${t.promptTokens} prompt tokens`);
    }
    return rows;
  },
};

/**
 * FinMem ablations as sweeps (Yu et al., arXiv 2311.13743, §4): the cognitive
 * span K in {1, 3, 5, 10}, the risk inclination in {seeking, averse,
 * self-adaptive}, and the backbone model. Like the paper, each sweep varies
 * one factor with the others at the base config; `grid: "full"` crosses them.
 * Returns one tidy row per (model, sweep, setting).
 */
import type { Model } from "../llm/index";
import { roundTableCells, tableNumber, type Row, type RunContext, type Table } from "../core/index";
import { finmemConfigSchema, type FinMemConfig } from "./config";
import { runFinMemExperiment, type FinMemOutcome } from "./experiment";
import type { RiskMode } from "./profile";

export interface AblationOptions {
  /** Base config (unset keys take the schema and data defaults). */
  base?: Partial<FinMemConfig>;
  ks?: readonly number[];
  riskModes?: readonly RiskMode[];
  /** Models to compare (default: the context's model). */
  models?: ReadonlyArray<{ label?: string; model: Model }>;
  /** "oneAtATime" (default, as in the paper) or "full" (every K x risk mode). */
  grid?: "oneAtATime" | "full";
}

export const ABLATION_KS = [1, 3, 5, 10] as const;
export const ABLATION_RISK_MODES: readonly RiskMode[] = ["seeking", "averse", "adaptive"];

/**
 * Run the ablation sweeps and return a tidy table.
 *
 * @example
 * const { table } = await runFinMemAblation(ctx, { base: { ticker: "MSFT" }, ks: [1, 3, 5, 10] });
 * table.rows.map((r) => [r.sweep, r.topK, r.riskMode, r.cumulative_return]);
 */
export async function runFinMemAblation(ctx: RunContext, options: AblationOptions = {}): Promise<{ table: Table; rows: Row[] }> {
  const base = finmemConfigSchema.parse(options.base ?? {}) as FinMemConfig;
  const ks = options.ks ?? ABLATION_KS;
  const modes = options.riskModes ?? ABLATION_RISK_MODES;
  const models = options.models ?? [{ model: ctx.model }];
  const settings: Array<{ sweep: string; topK: number; riskMode: RiskMode }> = [];
  if (options.grid === "full") {
    for (const k of ks) for (const m of modes) settings.push({ sweep: "grid", topK: k, riskMode: m });
  } else {
    for (const k of ks) settings.push({ sweep: "topK", topK: k, riskMode: base.riskMode });
    for (const m of modes) settings.push({ sweep: "riskMode", topK: base.topK, riskMode: m });
  }
  const rows: Row[] = [];
  for (const { label, model } of models) {
    const done = new Map<string, FinMemOutcome>();
    for (const s of settings) {
      const key = `${s.topK}|${s.riskMode}`;
      let outcome = done.get(key);
      if (!outcome) {
        ctx.log(`finmem ablation: model ${label ?? model.id}, topK ${s.topK}, risk ${s.riskMode}`);
        outcome = await runFinMemExperiment({ ...base, topK: s.topK, riskMode: s.riskMode }, { ...ctx, model });
        done.set(key, outcome);
      }
      rows.push({
        model: label ?? model.id,
        sweep: s.sweep,
        ticker: outcome.config.ticker,
        test_start: outcome.config.testStart,
        test_end: outcome.config.testEnd,
        topK: s.topK,
        riskMode: s.riskMode,
        cumulative_return: tableNumber(outcome.finmem.cumulativeReturn),
        sharpe: tableNumber(outcome.finmem.sharpe),
        annualized_volatility: tableNumber(outcome.finmem.annualizedVolatility),
        max_drawdown: tableNumber(outcome.finmem.maxDrawdown),
        buy_hold_cumulative_return: tableNumber(outcome.buyHold.cumulativeReturn),
        buy_hold_sharpe: tableNumber(outcome.buyHold.sharpe),
        invalid_outputs: outcome.run.invalidOutputs,
        test_days: outcome.finmem.days,
      });
    }
  }
  const table: Table = roundTableCells({
    name: "finmem_ablation",
    title: "FinMem ablations — cognitive span K, risk inclination, model",
    note: "Each sweep varies one factor with the others at the base config (paper §4 ablations). Metrics as the FinMem code defines them; offline-agent rows are not LLM results.",
    rows,
  });
  return { table, rows };
}

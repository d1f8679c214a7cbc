/**
 * `consilium calc metrics`: the Blackboard paper's risk report for one daily
 * return series. Input `{"returns": [...], "benchmark"?: [...], "rf"?: 0.02,
 * "trials"?: 10, "periodsPerYear"?: 252, "sharpeVariance"?, "rollingWindow"?: 20}`
 * -> every field of `PerformanceMetrics` plus `rollingSharpe` and
 * `drawdown` series (null where undefined). Max drawdown is negative; VaR and
 * CVaR are positive daily losses.
 *
 * @example
 * echo '{"returns":[0.01,-0.02,0.015,0.003],"rf":0.02}' | consilium calc metrics
 */
import { z } from "zod";
import { drawdownSeries, performanceMetrics, rollingSharpe } from "../../backtest/index";
import { CalcInputError, jsonNumber, jsonSeries, parseCalcInput } from "./numeric-json";
import type { CalcCommand } from "./types";

const InputSchema = z.object({
  returns: z.array(z.number()).min(2),
  benchmark: z.array(z.number()).optional(),
  rf: z.number().optional(),
  trials: z.number().int().min(1).optional(),
  periodsPerYear: z.number().positive().optional(),
  sharpeVariance: z.number().nonnegative().optional(),
  rollingWindow: z.number().int().min(2).optional(),
});

/**
 * The `metrics` calc command (see the module doc for input and output).
 *
 * @example
 * calc.run({ returns: [0.01, -0.02, 0.015], rf: 0.02, trials: 10 });
 */
export const calc: CalcCommand = {
  name: "metrics",
  description:
    'performance metrics: {"returns": [...], "benchmark"?, "rf"?: 0.02, "trials"?: 10} -> total/annualized return, vol, Sharpe (CAGR and mean-excess), Sortino, max drawdown, Calmar, VaR/CVaR 95, beta, tracking error, PSR, deflated Sharpe, rolling Sharpe',
  run(input: unknown) {
    const args = parseCalcInput("metrics", InputSchema, input);
    if (args.benchmark && args.benchmark.length !== args.returns.length) {
      throw new CalcInputError(`calc metrics: "benchmark" has ${args.benchmark.length} values but "returns" has ${args.returns.length}`);
    }
    const m = performanceMetrics(args.returns, {
      benchmark: args.benchmark,
      rf: args.rf,
      trials: args.trials,
      periodsPerYear: args.periodsPerYear,
      sharpeVariance: args.sharpeVariance,
    });
    const out: Record<string, number | null | (number | null)[]> = {};
    for (const [key, value] of Object.entries(m)) out[key] = jsonNumber(value as number);
    out.rollingSharpe = jsonSeries(rollingSharpe(args.returns, args.rollingWindow ?? 20, { rf: m.rf, periodsPerYear: m.periodsPerYear }));
    out.drawdown = jsonSeries(drawdownSeries(args.returns));
    return out;
  },
};

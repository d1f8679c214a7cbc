/**
 * Benchmark 1: the Blackboard paper's daily Black-Litterman backtest with
 * fixed views (60 tickers, 166 daily rebalances, 252-day covariance) through
 * our engine (`runBacktest` + `blWeightRule`), against the same computation
 * in numpy. Cross-check: final weights and the whole value path. (The fix
 * once prototyped in bench/prototypes/ — rolling covariance, M = Omega -
 * Omega A^-1 Omega, flat arrays — now lives in the library.)
 */
import { runBacktest } from "../../src/backtest/engine";
import { blWeightRule, type Decision } from "../../src/blackboard/allocator";
import { maxAbsDiff, scratchDir, stackRows, syntheticMarket, writeBinary } from "../data";
import { timeIt } from "../lib";
import { pairedWithScript, type RatioGoal } from "../paired";
import { referenceScript } from "../paths";
import { pairedFields, type BenchRow, type BenchSuite } from "../types";

const TICKERS = 60;
const LOOKBACK = 252;
const TEST_DAYS = 166;
const ACTIONS = ["BUY", "HOLD", "SELL"] as const;
/** At most half numpy's time (upper end of the interval), with a margin that holds from machine to machine. */
export const BL_GOAL: RatioGoal = { maxRatio: 0.5, text: "<= 0.5x numpy" };

export const blSuite: BenchSuite = {
  id: 1,
  name: "Black-Litterman backtest",
  async run(options) {
    const days = LOOKBACK + TEST_DAYS + 1;
    const market = syntheticMarket(7, TICKERS, days);
    const first = LOOKBACK + 1;
    const decisions = new Map<string, Decision>(market.tickers.map((t, i) => [t, { action: ACTIONS[i % 3]!, confidence: 0.6 }]));
    const q = market.tickers.map((_, i) => [0.02, 0, -0.02][i % 3]!);
    const allocatorOptions = {
      lookback: LOOKBACK,
      delta: 3,
      tau: 0.025,
      omegaScale: 0.5,
      longOnly: true,
      viewMode: "fixed" as const,
      marketWeights: "equal" as const,
    };
    let values: number[] = [];
    let finalWeights = new Float64Array(0);
    let rebalances = 0;
    const once = async (): Promise<void> => {
      const rule = blWeightRule(market, allocatorOptions, (_date, tickers) => tickers.map((t) => decisions.get(t)!));
      const result = await runBacktest(market, { start: market.dates[first]!, end: market.dates.at(-1)!, rebalanceEvery: 1, feesBps: 5, slippageBps: 5 }, rule);
      values = result.values;
      finalWeights = result.rebalances.at(-1)!.targetWeights;
      rebalances = result.rebalances.length;
    };
    // Stand-alone timing, replaced by the paired one when the reference runs.
    const ours = await timeIt(once, options.python ? 1 : options.runs, 1);

    const row: BenchRow = {
      id: "1",
      name: "Black-Litterman backtest",
      workload: `${TICKERS} tickers x ${rebalances} daily rebalances, 252-day cov, BL + long-only + 10 bps costs`,
      ours,
      referenceName: "numpy",
      reference: null,
      ratio: null,
      check: null,
      extra: { finalValue: Number(values.at(-1)!.toFixed(2)) },
    };
    if (!options.python) return [{ ...row, referenceSkipped: "python unavailable" }];
    const scratch = scratchDir("bl");
    try {
      writeBinary(scratch.file("prices.f64"), stackRows(market.close));
      const { measured, results: ref } = await pairedWithScript<{ values: number[]; final_weights: number[] }>({
        id: row.id,
        script: referenceScript("bl_backtest.py"),
        args: [scratch.file("prices.f64"), String(TICKERS), String(days), String(first), String(LOOKBACK), q.join(",")],
        ours: once,
        pairs: options.runs,
        goal: BL_GOAL,
      });
      Object.assign(row, pairedFields(measured, BL_GOAL));
      const w = maxAbsDiff(finalWeights, ref.final_weights);
      const v = maxAbsDiff(
        values.map((x) => x / 1e6),
        ref.values.map((x) => x / 1e6),
      );
      row.check = {
        description: "max |w_ours - w_numpy| (final weights); max |V_ours - V_numpy| / V0 (all days)",
        value: `${w.maxAbs.toExponential(1)}; ${v.maxAbs.toExponential(1)}`,
        ok: w.maxAbs < 1e-8 && v.maxAbs < 1e-8 && ref.values.length === values.length,
      };
    } finally {
      scratch.dispose();
    }
    return [row];
  },
};

/**
 * Benchmark 2: `performanceMetrics` on 10 years of daily returns for 60
 * series (each against the equal-weight benchmark), vs numpy vectorised over
 * the series. Cross-check: max relative difference over every metric.
 */
import { performanceMetrics, type PerformanceMetrics } from "../../src/backtest/metrics";
import { scratchDir, stackRows, syntheticReturns, writeBinary } from "../data";
import { timeIt } from "../lib";
import { pairedWithScript, type RatioGoal } from "../paired";
import { referenceScript } from "../paths";
import { pairedFields, type BenchRow, type BenchSuite } from "../types";

const SERIES = 60;
const DAYS = 2520;
/** At most half numpy's time (upper end of the interval). */
export const METRICS_GOAL: RatioGoal = { maxRatio: 0.5, text: "<= 0.5x numpy" };

export const metricsSuite: BenchSuite = {
  id: 2,
  name: "Performance metrics",
  async run(options) {
    const returns = syntheticReturns(11, SERIES, DAYS);
    const benchmark = new Float64Array(DAYS);
    for (const r of returns) for (let t = 0; t < DAYS; t++) benchmark[t] += r[t]! / SERIES;
    let results: PerformanceMetrics[] = [];
    const once = (): void => {
      results = returns.map((r) => performanceMetrics(r, { benchmark, rf: 0.02, trials: 10 }));
    };
    // Stand-alone timing, replaced by the paired one when the reference runs.
    const ours = await timeIt(once, options.python ? 1 : options.runs * 2, 1);
    const row: BenchRow = {
      id: "2",
      name: "Performance metrics",
      workload: `${SERIES} series x ${DAYS} daily returns (10 years), 25 metrics each incl. PSR/DSR, beta/TE vs equal-weight benchmark`,
      ours,
      referenceName: "numpy + scipy.special",
      reference: null,
      ratio: null,
      check: null,
    };
    if (!options.python) return [{ ...row, referenceSkipped: "python unavailable" }];
    const scratch = scratchDir("metrics");
    try {
      writeBinary(scratch.file("returns.f64"), stackRows(returns));
      const { measured, results: ref } = await pairedWithScript<{ keys: string[]; values: number[][] }>({
        id: row.id,
        script: referenceScript("metrics.py"),
        args: [scratch.file("returns.f64"), String(SERIES), String(DAYS)],
        ours: once,
        pairs: options.runs * 2,
        goal: METRICS_GOAL,
      });
      Object.assign(row, pairedFields(measured, METRICS_GOAL));
      let worst = 0;
      let worstKey = "";
      ref.values.forEach((vals, s) => {
        ref.keys.forEach((key, k) => {
          const a = results[s]![key as keyof PerformanceMetrics] as number;
          const b = vals[k]!;
          const rel = Math.abs(a - b) / Math.max(Math.abs(b), 1e-12);
          if (!(rel <= worst)) {
            worst = rel;
            worstKey = key;
          }
        });
      });
      row.check = { description: "max relative difference over all metrics and series", value: `${worst.toExponential(1)} (${worstKey})`, ok: worst < 1e-9 };
    } finally {
      scratch.dispose();
    }
    return [row];
  },
};

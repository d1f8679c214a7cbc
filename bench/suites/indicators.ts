/**
 * Benchmark 3: stockstats-convention RSI(14), MACD(12, 26, 9) and
 * Bollinger(20, 2) on 60 series x 5,000 bars, full series, vs pandas ewm /
 * rolling. Cross-check: max absolute difference over all 7 output series.
 */
import { bollinger, macd, rsi } from "../../src/stats/indicators";
import { maxScaledDiff, readFloat64, scratchDir, stackRows, syntheticCloses, writeBinary } from "../data";
import { timeIt } from "../lib";
import { pairedWithScript, type RatioGoal } from "../paired";
import { referenceScript } from "../paths";
import { pairedFields, type BenchRow, type BenchSuite } from "../types";

const SERIES = 60;
const BARS = 5000;
/** Issue 15, item 2: at most 1.0x pandas. */
export const INDICATORS_GOAL: RatioGoal = { maxRatio: 1, text: "<= 1.0x pandas" };

export const indicatorsSuite: BenchSuite = {
  id: 3,
  name: "Indicators (RSI, MACD, Bollinger)",
  async run(options) {
    const closes = syntheticCloses(13, SERIES, BARS);
    let outputs: Float64Array[][] = [];
    const compute = (): Float64Array[][] =>
      closes.map((c) => {
        const m = macd(c, 12, 26, 9);
        const b = bollinger(c, 20, 2);
        return [rsi(c, 14), m.macd, m.macds, m.macdh, b.upper, b.middle, b.lower];
      });
    // Stand-alone timing, replaced by the paired one when the reference runs.
    const ours = await timeIt(
      () => {
        outputs = compute();
      },
      options.python ? 1 : options.runs,
      1,
    );
    // Per-indicator split of our time (one run each, for the notes).
    const split = (fn: (c: Float64Array) => unknown): number => {
      const t0 = performance.now();
      for (const c of closes) fn(c);
      return performance.now() - t0;
    };
    const extra = {
      rsiMs: Number(split((c) => rsi(c, 14)).toFixed(1)),
      macdMs: Number(split((c) => macd(c, 12, 26, 9)).toFixed(1)),
      bollingerMs: Number(split((c) => bollinger(c, 20, 2)).toFixed(1)),
    };
    const row: BenchRow = {
      id: "3",
      name: "Indicators (RSI, MACD, Bollinger)",
      workload: `${SERIES} series x ${BARS} bars; RSI 14 + MACD 12/26/9 + Bollinger 20/2, full series (7 outputs)`,
      ours,
      referenceName: "pandas",
      reference: null,
      ratio: null,
      check: null,
      extra,
    };
    if (!options.python) return [{ ...row, referenceSkipped: "python unavailable" }];
    const scratch = scratchDir("indicators");
    try {
      writeBinary(scratch.file("closes.f64"), stackRows(closes));
      const { measured } = await pairedWithScript({
        id: row.id,
        script: referenceScript("indicators.py"),
        args: [scratch.file("closes.f64"), String(SERIES), String(BARS), scratch.file("out.f64")],
        ours: () => (outputs = compute()),
        pairs: options.runs,
        goal: INDICATORS_GOAL,
      });
      Object.assign(row, pairedFields(measured, INDICATORS_GOAL));
      const theirs = readFloat64(scratch.file("out.f64"));
      const names = ["rsi", "macd", "macds", "macdh", "upper", "middle", "lower"];
      let worst = 0;
      let worstName = "";
      let nanMismatch = 0;
      names.forEach((name, k) => {
        for (let s = 0; s < SERIES; s++) {
          const d = maxScaledDiff(outputs[s]![k]!, theirs.subarray((k * SERIES + s) * BARS, (k * SERIES + s + 1) * BARS));
          nanMismatch += d.nanMismatch;
          if (d.maxAbs > worst) {
            worst = d.maxAbs;
            worstName = name;
          }
        }
      });
      row.check = {
        description: "max |ours - pandas| / max(1, |pandas|) over 7 full output series; NaN positions that differ",
        value: `${worst.toExponential(1)} (${worstName}); NaN mismatches ${nanMismatch}`,
        ok: worst < 1e-9 && nanMismatch === 0,
      };
    } finally {
      scratch.dispose();
    }
    return [row];
  },
};

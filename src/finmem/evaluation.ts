/**
 * Scoring a FinMem run after the fact (an observer's view, never seen by the
 * agent): the daily returns r_t = direction_t * ln(P_{t+1} / P_t) of a
 * phase's decisions from the full price series, the FinMem metrics of the
 * test window for the agent and for buy-and-hold, and their cumulative curves.
 */
import type { PriceSeries } from "../data/index";
import type { DayRecord, Phase } from "./loop-types";
import { cumulativeSeries, finmemMetrics, type FinMemMetrics } from "./metrics";
import { adjCloseAt } from "./prices";

export interface EvaluatedDay {
  date: string;
  direction: number;
  close: number;
  nextClose: number;
  /** r_t = direction_t * ln(P_{t+1} / P_t). */
  strategyReturn: number;
  /** Buy-and-hold: ln(P_{t+1} / P_t). */
  buyHoldReturn: number;
}

/**
 * Realised daily returns r_t = direction_t * ln(P_{t+1} / P_t) of a phase's
 * decisions, from the full price series (an evaluation after the fact, never
 * seen by the agent). Days without a next close are dropped. `lastDay`:
 * "score" (default) also scores the phase's last day with the first close
 * after it; "drop" scores only pairs (t, t+1) inside the phase, as the
 * authors' script does (prices over [start, end), len(price) - 1 returns).
 *
 * @example
 * evaluate(run.days, folder.prices("MSFT")).map((d) => d.strategyReturn);
 */
export function evaluate(days: readonly DayRecord[], full: PriceSeries, phase: Phase = "test", lastDay: "score" | "drop" = "score"): EvaluatedDay[] {
  const index = new Map<string, number>();
  full.dates.forEach((d, i) => index.set(d, i));
  const out: EvaluatedDay[] = [];
  let last = "";
  for (const d of days) if (d.phase === phase && d.date > last) last = d.date;
  for (const d of days) {
    if (d.phase !== phase) continue;
    if (lastDay === "drop" && d.date === last) continue;
    const i = index.get(d.date);
    if (i === undefined || i + 1 >= full.dates.length) continue;
    const p0 = adjCloseAt(full, i),
      p1 = adjCloseAt(full, i + 1);
    const bh = Math.log(p1 / p0);
    out.push({ date: d.date, direction: d.direction, close: p0, nextClose: p1, strategyReturn: d.direction * bh, buyHoldReturn: bh });
  }
  return out;
}

/** An evaluated day with the running sums of both return series up to and including it. */
export interface ScoredDay extends EvaluatedDay {
  /** sum_{u<=t} r_u (the FinMem code's cumulative return). */
  finmemCumulative: number;
  /** sum_{u<=t} ln(P_{u+1} / P_u). */
  buyHoldCumulative: number;
}

/** The test window of a run, scored. */
export interface TestEvaluation {
  days: ScoredDay[];
  finmem: FinMemMetrics;
  buyHold: FinMemMetrics;
  /** First and last scored day (the configured window ends when no day is scored). */
  start: string;
  end: string;
}

/**
 * Score the test phase of a run against buy-and-hold with the FinMem metrics.
 *
 * @example
 * const e = evaluateTestWindow(run.days, folder.prices("MSFT"), { testStart: "2021-01-01", testEnd: "2021-05-06", lastTestDay: "score" });
 * e.finmem.cumulativeReturn - e.buyHold.cumulativeReturn; // excess log return over the window
 */
export function evaluateTestWindow(
  days: readonly DayRecord[],
  full: PriceSeries,
  window: { testStart: string; testEnd: string; lastTestDay: "score" | "drop" },
): TestEvaluation {
  const evaluated = evaluate(days, full, "test", window.lastTestDay);
  const strat = evaluated.map((e) => e.strategyReturn);
  const bh = evaluated.map((e) => e.buyHoldReturn);
  const cumS = cumulativeSeries(strat);
  const cumB = cumulativeSeries(bh);
  return {
    // cumulativeSeries returns one value per input, so i < evaluated.length indexes cumS and cumB.
    days: evaluated.map((e, i) => ({ ...e, finmemCumulative: cumS[i]!, buyHoldCumulative: cumB[i]! })),
    finmem: finmemMetrics(strat),
    buyHold: finmemMetrics(bh),
    start: evaluated[0]?.date ?? window.testStart,
    end: evaluated[evaluated.length - 1]?.date ?? window.testEnd,
  };
}

/**
 * The quant figures of a run carry the run's own numbers:
 * weights over time stack to 100 % with cash and start at the first
 * rebalance's weights; turnover and cost bars are the rebalance table's;
 * hit-rate bars the hit-rate table's; the frontier's chosen book is the
 * table's point; the rolling Sharpe lines at 20 and 60 days are recomputed
 * here from the daily returns (mean / std ddof 1 of r - 2 %/252, x sqrt 252).
 */
import { describe, expect, it } from "vitest";
import type { Figure } from "../../src/core/index";
import { bundledDataDir } from "../../src/data/paths";
import { runExperiment } from "../../src/run/runner";

const SET = ["tickers=ALTA,BRIX,CORV,DYNL,ECHW,FLXM", "start=2025-03-03", "end=2025-07-31", "rebalanceEvery=10"];

type Trace = { name: string; x: Array<string | number>; y: Array<number | null> };
const traces = (f: Figure) => (f as unknown as { data: Trace[] }).data;

function sharpe(returns: readonly number[], end: number, window: number): number | null {
  if (end + 1 < window) return null;
  const xs = returns.slice(end + 1 - window, end + 1).map((r) => r - 0.02 / 252);
  const mean = xs.reduce((a, b) => a + b, 0) / window;
  const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (window - 1));
  return (mean / sd) * Math.sqrt(252);
}

describe("quant figures", () => {
  it("show the run's weights, trades, hit rates, frontier point and rolling Sharpe", async () => {
    const run = await runExperiment("blackboard", { seed: 7, dataDir: bundledDataDir(), set: SET });
    const table = (name: string) => run.result.tables.find((t) => t.name === name)!.rows;
    const figure = (name: string) => traces(run.result.figures.find((f) => f.name === name)!);

    const stack = figure("bb_weights_over_time");
    const days = stack[0]!.x.length;
    for (let t = 0; t < days; t++) expect(stack.reduce((s, tr) => s + (tr.y[t] ?? 0), 0)).toBeCloseTo(1, 9);
    const first = table("bb_rebalances")[0]!.decision_date as string;
    expect(stack[0]!.x[0]).toBe(first);
    for (const w of table("bb_weights").filter((r) => r.date === first)) {
      const line = stack.find((tr) => tr.name === w.ticker)!;
      expect(line.y[0]).toBeCloseTo(w.weight as number, 9);
    }

    const trades = table("bb_rebalances");
    const [turnover, cost] = figure("bb_turnover_costs");
    expect(turnover!.x).toEqual(trades.map((r) => r.trade_date));
    turnover!.y.forEach((y, k) => expect(y).toBeCloseTo(trades[k]!.turnover as number, 8));
    cost!.y.forEach((y, k) => expect(y).toBeCloseTo(trades[k]!.cost as number, 4));

    const hits = table("bb_hit_rate");
    const [buy, sell] = figure("bb_hit_rate");
    const same = (ys: Array<number | null>, column: string) =>
      ys.forEach((y, k) => (y === null ? expect(hits[k]![column]).toBeNull() : expect(y).toBeCloseTo(hits[k]![column] as number, 8)));
    expect(buy!.y).toHaveLength(hits.length);
    same(buy!.y, "buy_hit_rate");
    same(sell!.y, "sell_hit_rate");

    const chosen = table("bb_frontier").find((p) => p.point === "chosen book")!;
    const marker = figure("bb_frontier").find((tr) => tr.name === "chosen book")!;
    expect(marker.x[0]).toBeCloseTo(chosen.volatility as number, 8);
    expect(marker.y[0]).toBeCloseTo(chosen.expected_return as number, 8);

    const returns = table("bb_daily_values").map((d) => d.portfolio_return as number);
    const rolling = figure("bb_rolling_sharpe");
    for (const window of [20, 60]) {
      const line = rolling.find((tr) => tr.name === `BL portfolio (${window}d)`)!;
      expect(line.y).toHaveLength(returns.length);
      let checked = 0;
      line.y.forEach((y, t) => {
        const want = sharpe(returns, t, window);
        if (want === null) expect(y).toBeNull();
        else {
          expect(y).toBeCloseTo(want, 6);
          checked++;
        }
      });
      expect(checked).toBe(returns.length - window + 1);
    }
  });
});

/** Hit rate and attribution (analytics.ts) on a hand-made market, against numbers worked out by hand. */
import { describe, expect, it } from "vitest";
import { runBacktest, type AlignedMarket } from "../../src/backtest/index";
import { attribution, grossReturnSum, pooledHitRate, viewHitRates } from "../../src/blackboard/analytics";
import type { Allocation } from "../../src/blackboard/allocator";
import type { PositionRecord, RebalanceRecord } from "../../src/blackboard/rebalance";

const market: AlignedMarket = {
  dates: ["d0", "d1", "d2", "d3"],
  tickers: ["A", "B", "C"],
  close: [Float64Array.of(100, 110, 121, 121), Float64Array.of(100, 100, 90, 99), Float64Array.of(100, 95, 95, 100)],
};

function rebalance(date: string, actions: Array<"BUY" | "HOLD" | "SELL">): RebalanceRecord {
  const positions = actions.map((action, index): PositionRecord => ({
    index,
    ticker: market.tickers[index]!,
    decision: { action, confidence: 0.5 },
    wMkt: 1 / 3,
    viewed: true,
    q: 0,
    omega: 0,
    pi: 0,
    muBL: 0,
    bookWeight: 1 / 3,
    weight: 1 / 3,
    weightBefore: 0,
  }));
  return { allocation: { date } as Allocation, positions };
}

describe("view hit rate", () => {
  it("compares each BUY / SELL with the equal-weight mean over the next holding period", () => {
    const trades = [
      { date: "d0", tradeDate: "d0" },
      { date: "d2", tradeDate: "d2" },
    ] as unknown as Parameters<typeof viewHitRates>[2];
    const rows = viewHitRates(market, [rebalance("d0", ["BUY", "SELL", "SELL"]), rebalance("d2", ["SELL", "BUY", "HOLD"])], trades, "d3");
    // d0 -> d2: A +21 %, B -10 %, C -5 %; mean +2 %: the BUY (A) hits, both SELLs (B, C) hit.
    expect(rows[0]).toMatchObject({ date: "d0", periodEnd: "d2", buys: 1, buyHitRate: 1, sells: 2, sellHitRate: 1 });
    expect(rows[0]!.buyExcess).toBeCloseTo(0.21 - 0.02, 12);
    // d2 -> d3: A 0 %, B +10 %, C +5.26 %; mean 5.09 %: the BUY (B) hits, the SELL (A) hits.
    expect(rows[1]).toMatchObject({ periodEnd: "d3", buys: 1, buyHitRate: 1, sells: 1, sellHitRate: 1 });
    expect(pooledHitRate(rows, "sell")).toBe(1);
    const wrong = viewHitRates(market, [rebalance("d0", ["SELL", "BUY", "BUY"])], [trades[0]!], "d2");
    expect(wrong[0]).toMatchObject({ buyHitRate: 0, sellHitRate: 0 });
  });
});

describe("attribution", () => {
  it("sums w(t-1) r(t) per ticker, and the contributions add up to the gross daily returns", async () => {
    const run = await runBacktest(market, { start: "d0", end: "d3", rebalanceEvery: 2, feesBps: 5, slippageBps: 5, initialValue: 1000 }, (ctx) =>
      ctx.date === "d0" ? [0.5, 0.5, 0] : [0, 0.5, 0.5],
    );
    const rows = attribution(market, run);
    const byTicker = new Map(rows.map((r) => [r.ticker, r]));
    // A: 0.5 x 10 % on d1, then the drifted weight on d2 x 10 %, then 0.
    const wA1 = run.weights[1]![0]!;
    expect(byTicker.get("A")!.contribution).toBeCloseTo(0.5 * 0.1 + wA1 * 0.1, 12);
    expect(byTicker.get("C")!.contribution).toBeCloseTo(run.weights[2]![2]! * (100 / 95 - 1), 12);
    expect(rows.reduce((s, r) => s + r.contribution, 0)).toBeCloseTo(grossReturnSum(run), 12);
    expect(byTicker.get("C")!.daysHeld).toBe(1);
  });
});

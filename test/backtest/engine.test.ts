import { describe, expect, it } from "vitest";
import { buyAndHold, eligibilityIndex, eligibleTickers, equalWeightRule, runBacktest, testWindow, type AlignedMarket } from "../../src/backtest/engine";
import { alignSeries, truncateMarket } from "../../src/backtest/market";
import { allocate, blWeightRule, type AllocatorOptions, type Decision } from "../../src/blackboard/allocator";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";

const tiny: AlignedMarket = {
  dates: ["d0", "d1", "d2"],
  tickers: ["A", "B"],
  close: [Float64Array.of(100, 110, 99), Float64Array.of(50, 50, 55)],
};

describe("backtest accounting (2 assets, 3 days, 10 bps per unit turnover)", () => {
  it("matches hand-computed values, costs and drifting weights", async () => {
    const targets: Record<string, number[]> = { d0: [0.5, 0.5], d2: [0.25, 0.75] };
    const seen: number[][] = [];
    const res = await runBacktest(tiny, { start: "d0", end: "d2", rebalanceEvery: 2, feesBps: 5, slippageBps: 5, initialValue: 1000 }, (ctx) => {
      seen.push(Array.from(ctx.currentWeights));
      return targets[ctx.date]!;
    });
    // Day 0: buy from cash, turnover 1, cost 1.
    expect(res.values[0]).toBeCloseTo(999, 10);
    expect(res.returns[0]).toBeCloseTo(-0.001, 12);
    // Day 1: A +10%, B flat: 549.45 + 499.5.
    expect(res.values[1]).toBeCloseTo(1048.95, 10);
    expect(res.returns[1]).toBeCloseTo(0.05, 12);
    expect(res.weights[1]![0]).toBeCloseTo(549.45 / 1048.95, 12);
    // Day 2: A -10%, B +10% -> 494.505 + 549.45 = 1043.955, drifted weights 9/19 and 10/19,
    // turnover |1/4 - 9/19| + |3/4 - 10/19| = 17/38, cost 1043.955 * 17/38 * 0.001.
    expect(seen[1]![0]).toBeCloseTo(9 / 19, 12);
    const cost2 = 1043.955 * (17 / 38) * 0.001;
    expect(res.rebalances[1]!.turnover).toBeCloseTo(17 / 38, 12);
    expect(res.rebalances[1]!.cost).toBeCloseTo(cost2, 10);
    expect(res.values[2]).toBeCloseTo(1043.955 - cost2, 10);
    expect(res.returns[2]).toBeCloseTo((1043.955 - cost2) / 1048.95 - 1, 12);
    expect(Array.from(res.weights[2]!)).toEqual([expect.closeTo(0.25, 12), expect.closeTo(0.75, 12)]);
    expect(res.totalTurnover).toBeCloseTo(1 + 17 / 38, 12);
    expect(res.totalCosts).toBeCloseTo(1 + cost2, 10);
    expect(res.rebalances.map((r) => r.date)).toEqual(["d0", "d2"]);
  });

  it("trades one session after the decision with executionLag = 1 (hand-computed)", async () => {
    const four: AlignedMarket = {
      dates: ["d0", "d1", "d2", "d3"],
      tickers: ["A", "B"],
      close: [Float64Array.of(100, 110, 99, 99), Float64Array.of(50, 50, 55, 60.5)],
    };
    const targets: Record<string, number[]> = { d0: [0.5, 0.5], d2: [0.25, 0.75] };
    const seen: Array<{ date: string; weights: number[] }> = [];
    const res = await runBacktest(
      four,
      { start: "d0", end: "d3", rebalanceEvery: 2, feesBps: 5, slippageBps: 5, initialValue: 1000, executionLag: 1 },
      (ctx) => {
        seen.push({ date: ctx.date, weights: Array.from(ctx.currentWeights) });
        return targets[ctx.date]!;
      },
    );
    // The rule still decides on d0 and d2 (reading those closes) ...
    expect(seen.map((s) => s.date)).toEqual(["d0", "d2"]);
    expect(res.rebalances.map((r) => [r.date, r.tradeDate])).toEqual([
      ["d0", "d1"],
      ["d2", "d3"],
    ]);
    // ... but d0 stays in cash; the book is bought at d1's close (turnover 1, cost 1).
    expect(res.values[0]).toBe(1000);
    expect(res.values[1]).toBeCloseTo(999, 10);
    // d2: A -10%, B +10% on 499.5 each -> 449.55 + 549.45 = 999; the d2 decision saw these drifted weights.
    expect(res.values[2]).toBeCloseTo(999, 10);
    expect(seen[1]!.weights[0]).toBeCloseTo(449.55 / 999, 12);
    // d3: A flat, B +10% -> 449.55 + 604.395 = 1053.945 before the trade; turnover against the d3 book.
    const pre = [449.55 / 1053.945, 604.395 / 1053.945];
    const turnover = Math.abs(0.25 - pre[0]!) + Math.abs(0.75 - pre[1]!);
    expect(res.rebalances[1]!.turnover).toBeCloseTo(turnover, 12);
    expect(res.rebalances[1]!.valueBefore).toBeCloseTo(1053.945, 10);
    expect(res.values[3]).toBeCloseTo(1053.945 * (1 - turnover * 0.001), 10);
    expect(res.rebalances.map((r) => r.names)).toEqual([2, 2]);
    expect(res.unexecuted).toEqual([]);
  });

  it("queues decisions when the lag exceeds the schedule and drops a trade that would fall after the window", async () => {
    const trades: string[] = [];
    const res = await runBacktest(tiny, { start: "d0", end: "d2", rebalanceEvery: 1, executionLag: 2, feesBps: 0, slippageBps: 0 }, (ctx) => {
      trades.push(ctx.date);
      return [1, 0];
    });
    expect(trades).toEqual(["d0", "d1", "d2"]);
    expect(res.rebalances.map((r) => [r.date, r.tradeDate])).toEqual([["d0", "d2"]]);
    expect(res.unexecuted).toEqual(["d1", "d2"]);
    expect(res.values.slice(0, 2)).toEqual([1_000_000, 1_000_000]);
    await expect(runBacktest(tiny, { start: "d0", end: "d2", executionLag: -1 }, () => [1, 0])).rejects.toThrow(/executionLag must be an integer >= 0/);
  });

  it("keeps the unallocated fraction in cash (earning nothing)", async () => {
    const res = await runBacktest(tiny, { start: "d0", end: "d2", rebalanceEvery: 10, feesBps: 0, slippageBps: 0, initialValue: 1000 }, () => [0.5, 0]);
    expect(res.cash).toEqual([500, 500, 500]);
    expect(res.values[2]).toBeCloseTo(500 + 500 * 0.99, 10);
  });

  it("rebalances daily with rebalanceEvery = 1 and refuses weight on a ticker without a price", async () => {
    let calls = 0;
    await runBacktest(tiny, { start: "d0", end: "d2", rebalanceEvery: 1 }, () => {
      calls++;
      return [1, 0];
    });
    expect(calls).toBe(3);
    const gap: AlignedMarket = { ...tiny, close: [tiny.close[0]!, Float64Array.of(NaN, 50, 55)] };
    await expect(runBacktest(gap, { start: "d0", end: "d2" }, () => [0.5, 0.5])).rejects.toThrow(/B, which has no price on d0/);
  });

  it("computes the buy-and-hold benchmark and the test window", () => {
    const bh = buyAndHold(["2024-12-31", "2025-01-02", "2025-01-03"], Float64Array.of(90, 100, 105), "2025-01-01", "2025-01-03", 1000);
    expect(bh.values).toEqual([1000, 1050]);
    expect(bh.returns[0]).toBe(0);
    expect(bh.returns[1]).toBeCloseTo(0.05, 12);
    expect(testWindow(["2024-12-31", "2025-01-02", "2025-01-03"], "2025-01-01", "2025-01-02")).toEqual({ first: 1, last: 1 });
    expect(() => testWindow(["2024-12-31"], "2025-01-01", "2025-01-02")).toThrow(/no trading day/);
  });

  it("refuses a market whose price columns do not match its tickers and calendar", async () => {
    const short: AlignedMarket = { ...tiny, close: [tiny.close[0]!, Float64Array.of(50, 50)] };
    await expect(runBacktest(short, { start: "d0", end: "d2" }, () => [0.5, 0.5])).rejects.toThrow("backtest: B has 2 prices for 3 dates");
    const missing: AlignedMarket = { ...tiny, close: [tiny.close[0]!] };
    await expect(runBacktest(missing, { start: "d0", end: "d2" }, () => [1, 0])).rejects.toThrow("backtest: 1 price columns for 2 tickers");
    expect(() => eligibleTickers(short, 1, 0)).toThrow("eligibleTickers: B has 2 prices for 3 dates");
    expect(() => eligibleTickers(tiny, 3, 0)).toThrow("eligibleTickers: day 3 is outside the calendar (3 dates)");
    expect(eligibleTickers(tiny, 2, 1)).toEqual([0, 1]);
    expect(() => buyAndHold(tiny.dates, Float64Array.of(100, 110), "d0", "d2")).toThrow("buyAndHold: 2 prices for 3 dates");
  });
});

describe("market alignment and eligibility", () => {
  it("forward-fills gaps after the first bar and leaves NaN before it", () => {
    const series = {
      ticker: "A",
      dates: ["d1", "d3"],
      open: Float64Array.of(1, 1),
      high: Float64Array.of(1, 1),
      low: Float64Array.of(1, 1),
      close: Float64Array.of(5, 6),
      adjClose: Float64Array.of(5, 6),
      volume: Float64Array.of(0, 0),
    };
    const m = alignSeries(["d0", "d1", "d2", "d3"], [series]);
    expect(Array.from(m.close[0]!)).toEqual([NaN, 5, 5, 6]);
    expect(eligibleTickers(m, 3, 1)).toEqual([0]);
    expect(eligibleTickers(m, 3, 3)).toEqual([]);
    expect(() => alignSeries(["d1"], [{ ...series, adjClose: Float64Array.of(5) }])).toThrow("alignSeries: A has 1 adjClose values for 2 dates");
  });
});

describe("Black-Litterman backtest on the bundled market", () => {
  const data = DataFolder.open(bundledDataDir());
  const tickers = data
    .tickers()
    .filter((t) => t !== "SPY")
    .slice(0, 8);
  const market = alignSeries(
    data.calendar(),
    tickers.map((t) => data.prices(t)),
  );
  const options: AllocatorOptions = { lookback: 120, delta: 3, tau: 0.025, omegaScale: 0.5, longOnly: true, viewMode: "fixed", marketWeights: "holdings" };
  const actions = ["BUY", "HOLD", "SELL"] as const;
  // Views that depend on the date and the ticker, as the agents' would (but without lookahead).
  const views = (date: string, ts: string[]): Decision[] => ts.map((t, i) => ({ action: actions[(i + Number(date.slice(8, 10))) % 3]!, confidence: 0.6 }));

  it("truncating prices after day T leaves every weight up to T unchanged", async () => {
    const cfg = { start: "2025-03-03", end: "2025-05-30", rebalanceEvery: 1 };
    const full = await runBacktest(market, cfg, blWeightRule(market, options, views));
    const T = market.dates.indexOf("2025-04-15");
    expect(T).toBeGreaterThan(0);
    const cut = truncateMarket(market, T);
    const truncated = await runBacktest(cut, { ...cfg, end: cut.dates[T]! }, blWeightRule(cut, options, views));
    expect(truncated.dates).toEqual(full.dates.slice(0, truncated.dates.length));
    expect(truncated.dates.at(-1)).toBe("2025-04-15");
    for (let k = 0; k < truncated.dates.length; k++) {
      expect(Array.from(truncated.weights[k]!)).toEqual(Array.from(full.weights[k]!));
      expect(Array.from(truncated.rebalances[k]!.targetWeights)).toEqual(Array.from(full.rebalances[k]!.targetWeights));
    }
    expect(full.weights.some((w, k) => k > 0 && w.some((x, i) => x !== full.rebalances[k]!.preWeights[i]))).toBe(true);
  });

  it("does not use the decision date's close: changing it leaves that day's BL weights unchanged", () => {
    const t = market.dates.indexOf("2025-04-15");
    const eligible = eligibleTickers(market, t, options.lookback);
    const decisions = views(
      "2025-04-15",
      eligible.map((i) => tickers[i]!),
    );
    const base = allocate(market, t, eligible, decisions, { ...options, marketWeights: "equal" }, null);
    const shocked: AlignedMarket = {
      ...market,
      close: market.close.map((c) => {
        const x = c.slice();
        x[t] = x[t]! * 1.5;
        return x;
      }),
    };
    const after = allocate(shocked, t, eligible, decisions, { ...options, marketWeights: "equal" }, null);
    expect(after.weights).toEqual(base.weights);
    expect(base.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(base.weights.every((w) => w >= 0)).toBe(true);
  });

  it("equal-weight rule splits evenly over eligible tickers", async () => {
    const res = await runBacktest(market, { start: "2025-03-03", end: "2025-03-31", rebalanceEvery: 5 }, equalWeightRule(market, 120));
    expect(Array.from(res.rebalances[0]!.targetWeights)).toEqual(new Array(8).fill(1 / 8));
  });
});

describe("eligibilityIndex", () => {
  it("gives the same tickers as the scan on every day and history, with gaps, zeros and NaN", () => {
    const close = [
      Float64Array.of(1, 2, 3, 4, 5, 6, 7, 8),
      Float64Array.of(NaN, NaN, 3, 4, 5, 6, 7, 8),
      Float64Array.of(1, 2, 0, 4, 5, 6, 7, 8),
      Float64Array.of(1, 2, 3, 4, 5, NaN, 7, 8),
      Float64Array.of(1, 2, 3, 4, 5, 6, 7, -1),
    ];
    const m = {
      dates: close[0]!.map((_, i) => i).reduce<string[]>((a, i) => [...a, `d${i}`], []),
      tickers: ["A", "B", "C", "D", "E"],
      close,
    } as unknown as AlignedMarket;
    const index = eligibilityIndex(m);
    let nonEmpty = 0;
    for (let day = 0; day < 8; day++) {
      for (let history = 0; history <= 7; history++) {
        const scanned = eligibleTickers(m, day, history);
        expect(eligibleTickers(m, day, history, index)).toEqual(scanned);
        if (scanned.length > 0 && scanned.length < 5) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(10);
    expect(eligibleTickers(m, 6, 2)).toEqual([0, 1, 2, 4]); // D has a gap on day 5; E turns negative only on day 7
  });
});

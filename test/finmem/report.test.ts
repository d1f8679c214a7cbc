import { describe, expect, it } from "vitest";
import type { PriceSeries } from "../../src/data/types";
import { finmemConfigSchema, type FinMemConfig } from "../../src/finmem/config";
import { LAYERS } from "../../src/finmem/constants";
import { evaluateTestWindow } from "../../src/finmem/evaluation";
import { finmemFigures } from "../../src/finmem/figures";
import type { FinMemLoopResult } from "../../src/finmem/loop";
import type { DayRecord, Phase } from "../../src/finmem/loop-types";
import { LayeredMemory } from "../../src/finmem/memory";
import { adjCloseAt, latestClose } from "../../src/finmem/prices";
import { buildProfile } from "../../src/finmem/profile";
import { finmemArtifacts, finmemSummary, finmemTables, riskReportTable } from "../../src/finmem/report";
import { tableNumber } from "../../src/core/index";
import { Rng } from "../../src/stats/rng";

const DATES = ["2021-01-04", "2021-01-05", "2021-01-06", "2021-01-07", "2021-01-08", "2021-01-11"];
const CLOSES = [100, 102, 101, 104, 103, 105];

function series(dates = DATES, closes = CLOSES): PriceSeries {
  const col = Float64Array.from(closes);
  return { ticker: "ZZZ", dates, open: col, high: col, low: col, close: col, adjClose: col, volume: col };
}

function day(date: string, phase: Phase, decision: DayRecord["decision"], close: number, layerCounts = [2, 1, 0, 1]): DayRecord {
  return {
    date,
    phase,
    phaseDay: 0,
    decision,
    direction: decision === "buy" ? 1 : decision === "sell" ? -1 : 0,
    reason: `${decision} on ${date}`,
    cited: { shallow: [1, 2], intermediate: [], deep: [3], reflection: [] },
    valid: true,
    error: null,
    repaired: false,
    droppedCitations: 0,
    riskState: "seeking",
    momentumSign: 1,
    close,
    newEvents: 2,
    shownEvents: 3,
    profileThrough: "2021-01-05",
    feedback: phase === "test" ? { sign: -1, sourceDate: "2021-01-04", ids: 2, pnl: -0.5 } : null,
    extendedReflection: null,
    layers: LAYERS.map((layer, l) => ({
      layer,
      count: layerCounts[l]!,
      meanImportance: 55.123456789,
      meanRecency: 0.5,
      meanScore: l === 2 ? NaN : 1.23456789,
    })),
  };
}

// Two training days, then four test days: buy, sell, hold, buy. The last test day (01-08) is scored with 01-11.
const DAYS: DayRecord[] = [
  day("2021-01-04", "train", "buy", 100),
  day("2021-01-05", "train", "sell", 102),
  day("2021-01-06", "test", "buy", 101),
  day("2021-01-07", "test", "sell", 104),
  day("2021-01-08", "test", "hold", 103, [5, 4, 3, 2]),
];

const config: FinMemConfig = {
  ...(finmemConfigSchema.parse({}) as FinMemConfig),
  ticker: "ZZZ",
  trainStart: "2021-01-04",
  trainEnd: "2021-01-05",
  testStart: "2021-01-06",
  testEnd: "2021-01-08",
};

const run: FinMemLoopResult = {
  options: {} as FinMemLoopResult["options"],
  profile: buildProfile("ZZZ", null, null, config.trainStart, config.trainEnd),
  days: DAYS,
  invalidOutputs: 1,
  repairedOutputs: 2,
  droppedCitations: 0,
  eventsStored: 10,
  gaps: [],
  memory: new LayeredMemory(new Rng(1)),
};

describe("evaluateTestWindow", () => {
  it("scores the test days with ln(P_{t+1}/P_t) and keeps the running sums", () => {
    const e = evaluateTestWindow(DAYS, series(), { ...config, lastTestDay: "score" });
    const r = [Math.log(104 / 101), Math.log(103 / 104), Math.log(105 / 103)];
    expect(e.days.map((d) => d.date)).toEqual(["2021-01-06", "2021-01-07", "2021-01-08"]);
    expect(e.days.map((d) => d.buyHoldReturn)).toEqual(r);
    expect(e.days.map((d) => d.strategyReturn)).toEqual([r[0], -r[1]!, 0]);
    expect(e.days.map((d) => d.buyHoldCumulative)).toEqual([r[0], r[0]! + r[1]!, r[0]! + r[1]! + r[2]!]);
    expect(e.days.map((d) => d.finmemCumulative)).toEqual([r[0], r[0]! - r[1]!, r[0]! - r[1]! + 0]);
    expect(e.finmem.cumulativeReturn).toBeCloseTo(r[0]! - r[1]!, 15);
    expect(e.buyHold.cumulativeReturn).toBeCloseTo(Math.log(105 / 101), 15);
    expect([e.start, e.end]).toEqual(["2021-01-06", "2021-01-08"]);
  });

  it("drops the last test day on request and falls back to the configured window when nothing is scored", () => {
    expect(evaluateTestWindow(DAYS, series(), { ...config, lastTestDay: "drop" }).days.map((d) => d.date)).toEqual(["2021-01-06", "2021-01-07"]);
    const trainOnly = evaluateTestWindow(DAYS.slice(0, 2), series(), config);
    expect(trainOnly.days).toEqual([]);
    expect([trainOnly.start, trainOnly.end]).toEqual([config.testStart, config.testEnd]);
  });
});

describe("FinMem report", () => {
  const evaluation = evaluateTestWindow(DAYS, series(), config);

  it("builds the five tables in order, with the strategy return on scored test days only", () => {
    const tables = finmemTables(run, evaluation, config);
    expect(tables.map((t) => t.name)).toEqual([
      "finmem_decisions",
      "finmem_memory_layers",
      "finmem_cumulative_returns",
      "finmem_metrics",
      "finmem_risk_report",
    ]);
    const [decisions, layers, curves, metrics] = tables;
    expect(decisions!.rows.map((r) => r.strategy_return)).toEqual([null, null, tableNumber(Math.log(104 / 101)), tableNumber(-Math.log(103 / 104)), 0]);
    expect(decisions!.rows[2]).toMatchObject({ cited_shallow: "1 2", cited_deep: "3", cited_reflection: "", feedback: -1, feedback_source: "2021-01-04" });
    expect(decisions!.rows[0]).toMatchObject({ feedback: null, feedback_source: null });
    expect(layers!.rows.length).toBe(DAYS.length * LAYERS.length);
    expect(layers!.rows[0]).toEqual({
      date: "2021-01-04",
      phase: "train",
      layer: "shallow",
      count: 2,
      mean_importance: 55.12345679,
      mean_recency: 0.5,
      mean_score: 1.23456789,
    });
    expect(layers!.rows[2]!.mean_score).toBeNull(); // NaN is stored as null
    expect(curves!.rows.map((r) => r.buy_hold_cumulative)).toEqual(evaluation.days.map((d) => tableNumber(d.buyHoldCumulative)));
    expect(metrics!.title).toBe("FinMem metrics vs buy-and-hold — ZZZ, 2021-01-06 .. 2021-01-08");
    expect(metrics!.rows.map((r) => r.strategy)).toEqual(["FinMem", "Buy and hold"]);
    expect(metrics!.rows[1]!.cumulative_return).toBe(tableNumber(Math.log(105 / 101)));
    expect(metrics!.note).toContain("scored with the first close after testEnd");
    expect(finmemTables(run, evaluation, { ...config, lastTestDay: "drop" })[3]!.note).toContain("is not scored");
  });

  it("leaves out the risk report with fewer than two scored days", () => {
    const one = evaluateTestWindow(DAYS.slice(0, 3), series(), config);
    expect(one.days.length).toBe(1);
    expect(riskReportTable(one, "ZZZ")).toBeNull();
    expect(finmemTables(run, one, config).map((t) => t.name)).not.toContain("finmem_risk_report");
  });

  it("summarises the windows, counts, test decisions and final layer sizes", () => {
    const summary = finmemSummary(run, evaluation, config);
    expect(Object.keys(summary).slice(0, 5)).toEqual(["ticker", "trainStart", "trainEnd", "testStart", "testEnd"]);
    expect(summary).toMatchObject({
      trainDays: 2,
      testDays: 3,
      eventsStored: 10,
      invalidOutputs: 1,
      repairedOutputs: 2,
      testBuys: 1,
      testSells: 1,
      testHolds: 1,
      finalEvents_shallow: 5,
      finalEvents_intermediate: 4,
      finalEvents_deep: 3,
      finalEvents_reflection: 2,
      buyHoldCumulativeReturn: tableNumber(Math.log(105 / 101)),
    });
  });

  it("writes one JSON line per day with rounded layer statistics, and the profile", () => {
    const [days, profile] = finmemArtifacts(run);
    const lines = days!.content.trimEnd().split("\n");
    expect(lines.length).toBe(DAYS.length);
    const first = JSON.parse(lines[0]!) as DayRecord;
    expect(first.layers[0]).toEqual({ layer: "shallow", count: 2, meanImportance: 55.12345679, meanRecency: 0.5, meanScore: 1.23456789 });
    expect(first.layers[2]!.meanScore).toBeNull();
    expect(profile!.content).toBe(`${run.profile.text}\n`);
  });

  it("draws the cumulative curves from the scored days and the layers from every day", () => {
    const [curve, layers] = finmemFigures(run, evaluation, config);
    expect(curve!.name).toBe("finmem_cumulative_return");
    expect((curve!.data[1] as { y: number[] }).y).toEqual(evaluation.days.map((d) => d.buyHoldCumulative));
    expect(layers!.name).toBe("finmem_memory_layers");
    expect((layers!.data[0] as { y: number[] }).y).toEqual([2, 2, 2, 2, 5]);
  });
});

describe("closes with the missing case named", () => {
  it("reads a row or the latest close, and names the ticker when there is none", () => {
    expect(adjCloseAt(series(), 3)).toBe(104);
    expect(latestClose(Float64Array.of(1, 2, 3), "ZZZ", "2021-01-06")).toBe(3);
    expect(() => adjCloseAt(series(), 6)).toThrow("ZZZ has 6 dates but no adjusted close on row 6");
    expect(() => latestClose(new Float64Array(0), "ZZZ", "2021-01-06")).toThrow("no ZZZ price known as of 2021-01-06");
  });
});

import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataFolder } from "../../src/data/folder";
import type { PriceSeries } from "../../src/data/types";
import { LlmOutputError } from "../../src/llm/errors";
import { MockModel } from "../../src/llm/mock";
import { centralSentenceIndices, extractiveSummary, splitSentimentTag } from "../../src/finmem/offline/extractive";
import { chooseFinMemDefaults, finmemConfigSchema, loopOptionsFromConfig, resolveWindows, type FinMemConfig } from "../../src/finmem/config";
import { windowsOf } from "../../src/finmem/windows";
import { eventSentiment, type ToneBaseline } from "../../src/finmem/offline/tone";
import { cumulativeSeries, dailyLogReturns, finmemMetrics, maxDrawdownOf } from "../../src/finmem/metrics";
import { buildProfile, performanceOverview, recentCumulativeReturn, riskState } from "../../src/finmem/profile";
import type { ShownMemories } from "../../src/finmem/reflection-io";
import { checkCitations, extendedReflectionTask, testReflectionTask, trainReflectionTask } from "../../src/finmem/tasks";
import { explainTestDecision } from "../../src/finmem/offline/offline-policy";
import { renderDecision } from "../../src/finmem/offline/claims";
import { momentumObservation, routeLayer, testReflection, trainObservation } from "../../src/finmem/working-memory";
import { evaluate } from "../../src/finmem/evaluation";
import type { DayRecord } from "../../src/finmem/loop-types";
import { newsText } from "../../src/finmem/steps";
import { Rng } from "../../src/stats/rng";

describe("metrics (FinMem code definitions)", () => {
  it("computes r_t = direction * ln(P_{t+1}/P_t)", () => {
    const r = dailyLogReturns([1, -1, 0], [100, 110, 99, 120]);
    expect(r[0]).toBeCloseTo(Math.log(1.1), 15);
    expect(r[1]).toBeCloseTo(-Math.log(0.9), 15);
    expect(r[2]).toBe(0);
    expect(cumulativeSeries([0.1, -0.05, 0.02]).map((x) => Number(x.toFixed(12)))).toEqual([0.1, 0.05, 0.07]);
  });

  it("matches hand-computed cumulative return, volatility, Sharpe and drawdown", () => {
    const m = finmemMetrics([0.01, -0.02, 0.03]);
    // mean 0.02/3; deviations 1/300, -8/300, 7/300 -> sum of squares 114/90000; ddof 1 -> 0.000633333
    const sd = Math.sqrt(114 / 90000 / 2);
    expect(m.cumulativeReturn).toBeCloseTo(0.02, 15);
    expect(m.annualizedVolatility).toBeCloseTo(sd * Math.sqrt(252), 12);
    expect(m.annualizedVolatility).toBeCloseTo(0.39949969, 7);
    expect(m.sharpe).toBeCloseTo(((0.02 / 3) * 252) / (sd * Math.sqrt(252)), 12);
    expect(m.sharpe).toBeCloseTo(4.20521, 4);
    // W = 1.01, 0.9898, 1.019494 -> peak 1.01 -> drawdown 1 - 0.9898/1.01 = 0.02
    expect(m.maxDrawdown).toBeCloseTo(0.02, 12);
    expect(maxDrawdownOf([0.1, -0.5, 0.2])).toBeCloseTo(0.5, 12);
    // the authors' script: Rp = CR / (len(price) / 252) with len(price) = 4 -> sharpe * 3/4
    expect(m.sharpeCode).toBeCloseTo(0.02 / (4 / 252) / (sd * Math.sqrt(252)), 12);
    expect(m.sharpeCode).toBeCloseTo(3.1539, 4);
  });

  it("starts the wealth path at 1, so a first-day loss is a drawdown (as the authors' script)", () => {
    // W = 1, 0.9, 0.945: peak 1 -> 0.1 (a peak starting at W_1 = 0.9 would give 0)
    expect(maxDrawdownOf([-0.1, 0.05])).toBeCloseTo(0.1, 12);
    // W = 1, 0.95, 0.855, 0.9405: peak 1 -> 1 - 0.855 = 0.145
    expect(maxDrawdownOf([-0.05, -0.1, 0.1])).toBeCloseTo(0.145, 12);
    expect(maxDrawdownOf([0.02, 0.03])).toBe(0);
    expect(finmemMetrics([-0.1, 0.05]).maxDrawdown).toBeCloseTo(0.1, 12);
  });

  it("evaluates the test days with the next close, optionally dropping the last day as the authors' script", () => {
    const dates = ["2021-01-04", "2021-01-05", "2021-01-06", "2021-01-07"];
    const closes = Float64Array.of(100, 110, 99, 120);
    const full: PriceSeries = { ticker: "X", dates, open: closes, high: closes, low: closes, close: closes, adjClose: closes, volume: new Float64Array(4) };
    const day = (date: string, phase: "train" | "test", direction: -1 | 0 | 1) => ({ date, phase, direction }) as unknown as DayRecord;
    const days = [day(dates[0]!, "train", 1), day(dates[1]!, "test", -1), day(dates[2]!, "test", 1)];
    const all = evaluate(days, full);
    expect(all.map((d) => d.date)).toEqual([dates[1], dates[2]]);
    expect(all[0]!.strategyReturn).toBeCloseTo(-Math.log(0.9), 15);
    expect(all[1]!.strategyReturn).toBeCloseTo(Math.log(120 / 99), 15);
    expect(all[1]!.buyHoldReturn).toBeCloseTo(Math.log(120 / 99), 15);
    const dropped = evaluate(days, full, "test", "drop");
    expect(dropped.map((d) => d.date)).toEqual([dates[1]]);
    // the last price has no next close: never scored
    expect(evaluate([day(dates[3]!, "test", 1)], full)).toEqual([]);
  });
});

describe("profile", () => {
  const series = (closes: number[]): PriceSeries => {
    const dates = closes.map((_, i) => `2021-01-${String(i + 1).padStart(2, "0")}`);
    const a = Float64Array.from(closes);
    return { ticker: "X", dates, open: a, high: a, low: a, close: a, adjClose: a, volume: new Float64Array(closes.length) };
  };

  it("summarises return, volatility, drawdown and trend of the training window", () => {
    const closes = Array.from({ length: 21 }, (_, i) => 100 * Math.exp(0.001 * i));
    const o = performanceOverview(series(closes), "2021-01-01", "2021-01-21")!;
    expect(o.days).toBe(21);
    expect(o.totalReturn).toBeCloseTo(Math.exp(0.02) - 1, 12);
    expect(o.trendSlopeAnnual).toBeCloseTo(0.252, 10);
    expect(o.trend).toBe("upward");
    expect(o.maxDrawdown).toBe(0);
    expect(o.annualizedVolatility).toBeCloseTo(0, 8);
    const down = performanceOverview(series([100, 120, 90, 95]), "2021-01-01", "2021-01-04")!;
    expect(down.maxDrawdown).toBeCloseTo(0.25, 12);
    const p = buildProfile("MSFT", null, series([100, 101]), "2021-01-01", "2021-01-02");
    expect(p.sector).toBe("Information Technology");
    expect(p.text).toContain("Microsoft (MSFT)");
    expect(p.text).toContain("+1.0%");
  });

  it("switches the self-adaptive risk state on the sign of the recent cumulative return", () => {
    expect(riskState("adaptive", -0.01, "seeking")).toBe("averse");
    expect(riskState("adaptive", 0.01, "averse")).toBe("seeking");
    expect(riskState("adaptive", 0, "averse")).toBe("averse");
    expect(riskState("adaptive", null)).toBe("seeking");
    expect(riskState("averse", 0.5)).toBe("averse");
    expect(riskState("seeking", -0.5)).toBe("seeking");
    expect(recentCumulativeReturn([100, 101, 99, 102], 3)).toBeCloseTo(Math.log(1.02), 15);
    expect(recentCumulativeReturn([100, 101], 3)).toBeNull();
  });
});

describe("working memory", () => {
  it("routes inputs by time sensitivity", () => {
    expect(routeLayer("news")).toBe("shallow");
    expect(routeLayer("10-Q")).toBe("intermediate");
    expect(routeLayer("10-K")).toBe("deep");
    expect(routeLayer("10-K/A")).toBe("deep");
    expect(routeLayer("reflection")).toBe("reflection");
    expect(routeLayer("8-K")).toBe("shallow");
  });

  it("observes the label in training and only past momentum in testing", () => {
    expect(trainObservation(100, 101).direction).toBe("up");
    expect(trainObservation(100, 99).direction).toBe("down");
    expect(trainObservation(100, 100).direction).toBe("flat");
    const m = momentumObservation([10, 11, 10.5, 12], 3);
    expect(m.sign).toBe(1);
    expect(m.cumulativeLogChange).toBeCloseTo(Math.log(1.2), 15);
    expect(momentumObservation([10, 12, 11, 9.5], 3).sign).toBe(-1);
    expect(momentumObservation([10, 11], 3)).toEqual({ window: 3, sign: 0, cumulativeLogChange: null });
  });

  it("extracts the most central sentences and keeps the sentiment tag", () => {
    expect(splitSentimentTag("Revenue rose. (Sentiment: positive)")).toEqual({ body: "Revenue rose.", tag: "positive" });
    const sentences = ["Azure cloud revenue grew.", "Azure cloud demand was strong and revenue grew.", "The weather was nice."];
    expect(centralSentenceIndices(sentences, 2)).toEqual([0, 1]);
    const s = extractiveSummary(`${sentences.join(" ")} (Sentiment: negative)`, 1);
    expect(s.sentiment).toBe("negative");
    expect(["Azure cloud revenue grew.", "Azure cloud demand was strong and revenue grew."]).toContain(s.summary);
    expect(extractiveSummary("Profits collapsed after a terrible quarter.", 2).sentiment).toBe("negative");
    expect(newsText({ headline: "Alta rallies", summary: "Alta closed up 3%." })).toBe("Alta rallies. Alta closed up 3%.");
    expect(newsText({ headline: null, summary: "Only summary." })).toBe("Only summary.");
  });
});

const shown: ShownMemories = {
  shallow: [
    { id: 4, date: "2021-01-04", kind: "news", text: "Microsoft shares surged on excellent results and strong growth. (Sentiment: positive)", score: 2.1 },
    { id: 7, date: "2021-01-04", kind: "news", text: "Regulators opened a fraud probe into MSFT; the stock crashed. (Sentiment: negative)", score: 1.9 },
  ],
  intermediate: [{ id: 2, date: "2020-10-27", kind: "10-Q", text: "Revenue grew 12% with strong cloud demand. (Sentiment: positive)", score: 2.0 }],
  deep: [],
  reflection: [{ id: 9, date: "2021-01-01", kind: "reflection", text: "The stock rose on good news.", score: 1.5 }],
};

const MSFT_PROFILE = "You are an experienced trader of Microsoft (MSFT) who makes daily investment decisions.";

/** A base rate of 0 for news and reflections (no earlier filing: filings are read against the news). */
const zeroBase: ToneBaseline = { news: { mean: 0, sd: 0.1, n: 50 }, reflection: { mean: 0, sd: 0.1, n: 10 }, filing: {} };

describe("reflection tasks (offline policies)", () => {
  it("train reflection cites only memories whose tone surprise agrees with the move", () => {
    const base = { ticker: "MSFT", date: "2021-01-04", profile: MSFT_PROFILE, memories: shown, toneBase: zeroBase };
    const up = trainReflectionTask.offline({ ...base, move: trainObservation(100, 102) }, new Rng(1), { temperature: 1, seed: 1 });
    expect([...up.short_memory_index, ...up.middle_memory_index].sort()).toEqual([2, 4]);
    expect(up.short_memory_index).not.toContain(7);
    // Against a base rate above the item's own tone, the same positive news explains a fall, not a rise.
    const high = { ...base, toneBase: { ...zeroBase, news: { mean: 0.9, sd: 0.1, n: 50 } } };
    const upHigh = trainReflectionTask.offline({ ...high, move: trainObservation(100, 102) }, new Rng(1), { temperature: 1, seed: 1 });
    expect(upHigh.short_memory_index).toEqual([]);
    const down = trainReflectionTask.offline({ ...base, move: trainObservation(100, 97) }, new Rng(1), { temperature: 1, seed: 1 });
    expect(down.short_memory_index).toEqual([7]);
    expect(down.middle_memory_index).toEqual([]);
    expect(checkCitations(up, shown)).toBeNull();
  });

  it("test reflection buys on positive evidence when risk-seeking, sells on negative evidence when averse, and cites shown ids", () => {
    const input = (state: "seeking" | "averse", sign: -1 | 0 | 1) => ({
      ticker: "MSFT",
      date: "2021-01-04",
      profile: MSFT_PROFILE,
      memories: shown,
      toneBase: zeroBase,
      wording: "authors" as const,
      risk: { mode: "adaptive" as const, state, instruction: "" },
      momentum: { window: 3, sign, cumulativeLogChange: sign * 0.01 },
    });
    const seeking = testReflectionTask.offline(input("seeking", 0), new Rng(1), { temperature: 0, seed: 1 });
    expect(seeking.investment_decision).toBe("buy");
    expect(checkCitations(seeking, shown)).toBeNull();
    expect(seeking.short_memory_index).toContain(4);
    expect(seeking.short_memory_index).not.toContain(7);
    const negative: ShownMemories = { ...shown, shallow: [shown.shallow[1]!], intermediate: [], reflection: [] };
    const sell = testReflectionTask.offline({ ...input("averse", -1), memories: negative }, new Rng(1), { temperature: 0, seed: 1 });
    expect(sell.investment_decision).toBe("sell");
    expect(sell.short_memory_index).toEqual([7]);
  });

  it("scores events with VADER on the text, not on the sentiment label word", () => {
    expect(eventSentiment("Revenue was flat. (Sentiment: positive)")).toBe(0);
    expect(eventSentiment("Revenue was flat. (Sentiment: negative)")).toBe(0);
    expect(eventSentiment("Shares surged on excellent results. (Sentiment: negative)")).toBeGreaterThan(0.5);
  });

  it("reads a stored training reflection back by its recorded outcome, and a test decision's reason as no evidence", () => {
    const base = { ticker: "MSFT", date: "2021-01-04", profile: MSFT_PROFILE, memories: shown, toneBase: zeroBase };
    const up = trainReflectionTask.offline({ ...base, move: trainObservation(100, 102) }, new Rng(1), { temperature: 1, seed: 1 });
    expect(up.summary_reason.startsWith("MSFT rose 2.00 % on the next trading day (adjusted close 100.00 to 102.00).")).toBe(true);
    const decision = testReflectionTask.offline(
      {
        ...base,
        wording: "authors",
        risk: { mode: "adaptive", state: "seeking", instruction: "" },
        momentum: { window: 3, sign: 1, cumulativeLogChange: 0.01 },
      },
      new Rng(1),
      { temperature: 0, seed: 1 },
    );
    const later = (text: string) => ({
      ...base,
      date: "2021-01-08",
      memories: { shallow: [], intermediate: [], deep: [], reflection: [{ id: 20, date: "2021-01-04", kind: "reflection", text, score: 1 }] },
      wording: "authors" as const,
      risk: { mode: "adaptive" as const, state: "seeking" as const, instruction: "" },
      momentum: { window: 3, sign: 0 as const, cumulativeLogChange: 0 },
    });
    const fromOutcome = explainTestDecision(later(up.summary_reason));
    expect(fromOutcome.drivers.map((d) => [d.kind, d.id, Math.sign(d.milli)])).toEqual([["outcome", 20, 1]]);
    const fromDecision = explainTestDecision(later(decision.summary_reason));
    expect(fromDecision.drivers).toEqual([]);
    expect(fromDecision.noTone.map((c) => [c.id, c.why])).toEqual([[20, "no-outcome"]]);
    // The decision of 2021-01-04 has its next close (2021-01-05) before 2021-01-08: the reason must not say it has no outcome,
    // only what the text is (a decision, not what followed it).
    const said = renderDecision(fromDecision);
    expect(said).toContain("Not counted: [20] is an earlier decision text of this agent (what it decided, not what followed)");
    expect(said).not.toMatch(/no (?:recorded )?outcome/);
    const records = [
      { date: "2021-01-04", decision: "sell", reason: "r", nextDayLogChange: -0.01 },
      { date: "2021-01-05", decision: "buy", reason: "r", nextDayLogChange: 0.02 },
      { date: "2021-01-06", decision: "sell", reason: "r", nextDayLogChange: null },
    ];
    const texts = [-0.05, 0.05, null].map(
      (marketLogChange) =>
        extendedReflectionTask.offline(
          { ticker: "MSFT", date: "2021-01-06", profile: MSFT_PROFILE, windowStart: "2021-01-04", windowEnd: "2021-01-06", marketLogChange, records },
          new Rng(1),
          { temperature: 1, seed: 1 },
        ).summary_reason,
    );
    expect(texts[0]).toBe(
      "Week 2021-01-04..2021-01-06 (3 sessions): MSFT fell 4.88 %. Went right (2 of 2): sell on 2021-01-04 (next day fell 1.00 %); buy on 2021-01-05 (next day rose 2.02 %). " +
        "Not known yet: sell on 2021-01-06. Together the 2 directional decisions with a known next day gained 3.00 % (log return).",
    );
    expect(new Set(texts).size).toBe(3);
  });

  it("rejects citations that were not shown in that layer", () => {
    const out = { short_memory_index: [2], middle_memory_index: [], long_memory_index: [], reflection_memory_index: [9] };
    expect(checkCitations(out, shown)).toMatch(/short_memory_index cites id 2/);
  });

  it("turns an invalid model answer into hold, counted as invalid", async () => {
    const badIdsAnswer = {
      investment_decision: "buy",
      summary_reason: "x",
      short_memory_index: [999],
      middle_memory_index: [],
      long_memory_index: [],
      reflection_memory_index: [],
    };
    const failure = new LlmOutputError("bad", testReflectionTask.name, "{}", "investment_decision: Invalid option");
    const stub = (behaviour: "bad-ids" | "throw") =>
      new MockModel({ id: "stub", handlers: { [testReflectionTask.name]: behaviour === "throw" ? failure : badIdsAnswer } });
    const input = {
      ticker: "MSFT",
      date: "2021-01-04",
      profile: MSFT_PROFILE,
      memories: shown,
      toneBase: zeroBase,
      wording: "authors" as const,
      risk: { mode: "seeking" as const, state: "seeking" as const, instruction: "" },
      momentum: { window: 3, sign: 1 as const, cumulativeLogChange: 0.01 },
    };
    const a = await testReflection(stub("bad-ids"), input);
    expect(a).toMatchObject({ decision: "hold", valid: false });
    expect(a.error).toMatch(/999/);
    const b = await testReflection(stub("throw"), input);
    expect(b).toMatchObject({ decision: "hold", valid: false });
    // invalidCitations=drop: the decision stands, the id that was not shown is dropped and counted.
    const c = await testReflection(stub("bad-ids"), { ...input, invalidCitations: "drop" });
    expect(c).toMatchObject({ decision: "buy", valid: true, dropped: 1, error: null });
    expect(c.cited.shallow).toEqual([]);
    const badIds = {
      investment_decision: "buy" as const,
      summary_reason: "x",
      short_memory_index: [999],
      middle_memory_index: [],
      long_memory_index: [],
      reflection_memory_index: [],
    };
    expect(testReflectionTask.validate!(badIds, { ...input, invalidCitations: "drop" })).toBeNull();
    expect(testReflectionTask.validate!(badIds, input)).toMatch(/999/);
  });
});

describe("config", () => {
  it("has the paper / code defaults and accepts --set strings for shallowQ", () => {
    const d = finmemConfigSchema.parse({}) as FinMemConfig;
    expect([d.topK, d.riskMode, d.shallowQ, d.extendedReflectionEvery, d.feedbackWindow, d.momentumWindow]).toEqual([5, "adaptive", "code", 5, 7, 3]);
    expect([d.feedbackPosition, d.profileOverview, d.prompts, d.extendedReflectionLayer, d.invalidCitations, d.window, d.dateOnly]).toEqual([
      "cumulative",
      "window",
      "authors",
      "deep",
      "hold",
      "anchored",
      "next-session",
    ]);
    const fill = { ticker: "X", trainStart: "2021-01-01", trainEnd: "2021-02-01", testStart: "2021-02-02", testEnd: "2021-03-01" };
    expect(loopOptionsFromConfig({ ...d, ...fill }).memory.layers.shallow.recencyQ).toBe(3);
    expect(loopOptionsFromConfig({ ...(finmemConfigSchema.parse({ shallowQ: "paper" }) as FinMemConfig), ...fill }).memory.layers.shallow.recencyQ).toBe(14);
    expect(finmemConfigSchema.parse({ shallowQ: "7" }).shallowQ).toBe(7);
    expect(finmemConfigSchema.safeParse({ riskMode: "bold" }).success).toBe(false);
    expect(finmemConfigSchema.safeParse({ trainStart: "2021-13" }).success).toBe(false);
  });
});

const shared = path.resolve(process.cwd(), "../shared/datasets");
describe.skipIf(!existsSync(shared))("default windows on ../shared/datasets", () => {
  it("chooses MSFT, anchored on its first news day: train 2020-03-13 .. 2020-12-12, test 2020-12-13 .. 2021-04-12", () => {
    const folder = DataFolder.open(shared);
    expect(chooseFinMemDefaults(folder)).toEqual({ ticker: "MSFT" });
    expect(windowsOf(resolveWindows(finmemConfigSchema.parse({}) as FinMemConfig, folder))).toEqual({
      ticker: "MSFT",
      trainStart: "2020-03-13",
      trainEnd: "2020-12-12",
      testStart: "2020-12-13",
      testEnd: "2021-04-12",
    });
  });
});

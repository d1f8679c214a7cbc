import { describe, expect, it } from "vitest";
import { allocationEntries, type Allocation } from "../../src/blackboard/allocator";
import { parseTickers } from "../../src/blackboard/config";
import { pickTracePosition } from "../../src/blackboard/day-zero";
import { itemAt } from "../../src/blackboard/lookup";
import type { PositionRecord } from "../../src/blackboard/rebalance";
import { finiteSpread, summarizeMessage } from "../../src/blackboard/report";

function allocation(overrides: Partial<Allocation> = {}): Allocation {
  return {
    date: "2025-01-02",
    eligible: [0, 2],
    decisions: [
      { action: "BUY", confidence: 0.7 },
      { action: "SELL", confidence: 0.6 },
    ],
    wMkt: [0.5, 0.5],
    prior: "equal",
    priorReason: null,
    viewed: [true, true],
    q: [0.02, -0.02],
    omega: [0.0005, 0.0006],
    pi: [0.05, 0.04],
    muBL: [0.06, 0.03],
    sigmaBL: Float64Array.of(0.04, 0, 0, 0.09),
    bookWeights: [0.8, 0.2],
    weights: [0.8, 0.2],
    fullWeights: Float64Array.from([0.8, 0, 0.2]),
    ...overrides,
  };
}

function position(ticker: string, action: "BUY" | "HOLD" | "SELL", weight: number): PositionRecord {
  return {
    index: 0,
    ticker,
    decision: { action, confidence: 0.5 },
    wMkt: 0,
    viewed: true,
    q: 0,
    omega: 0,
    pi: 0,
    muBL: 0,
    bookWeight: weight,
    weight,
    weightBefore: 0,
  };
}

describe("allocationEntries", () => {
  it("zips the parallel arrays per eligible ticker, in eligible order", () => {
    expect(allocationEntries(allocation())).toEqual([
      {
        index: 0,
        decision: { action: "BUY", confidence: 0.7 },
        wMkt: 0.5,
        viewed: true,
        q: 0.02,
        omega: 0.0005,
        pi: 0.05,
        muBL: 0.06,
        bookWeight: 0.8,
        weight: 0.8,
      },
      {
        index: 2,
        decision: { action: "SELL", confidence: 0.6 },
        wMkt: 0.5,
        viewed: true,
        q: -0.02,
        omega: 0.0006,
        pi: 0.04,
        muBL: 0.03,
        bookWeight: 0.2,
        weight: 0.2,
      },
    ]);
    expect(
      allocationEntries(allocation({ eligible: [], decisions: [], wMkt: [], viewed: [], q: [], omega: [], pi: [], muBL: [], bookWeights: [], weights: [] })),
    ).toEqual([]);
  });

  it("names the column that does not have one entry per eligible ticker", () => {
    expect(() => allocationEntries(allocation({ muBL: [0.06] }))).toThrow("allocation of 2025-01-02: 1 muBL for 2 eligible tickers");
  });
});

describe("itemAt", () => {
  it("returns the entry, or fails naming what is missing", () => {
    expect(itemAt(["AAPL", "MSFT"], 1, "ticker")).toBe("MSFT");
    expect(itemAt(Float64Array.from([0, 0.25]), 1, "weight")).toBe(0.25);
    expect(() => itemAt(["AAPL"], 3, "ticker")).toThrow(new RangeError("no ticker at index 3 (1 entries)"));
    expect(() => itemAt(Float64Array.from([1]), -1, "weight")).toThrow(/no weight at index -1/);
  });
});

describe("pickTracePosition", () => {
  const positions = [position("AAA", "HOLD", 0.5), position("BBB", "BUY", 0.2), position("CCC", "BUY", 0.3), position("DDD", "BUY", 0.3)];

  it("takes the BUY with the largest weight (the first on ties), even over a heavier HOLD", () => {
    expect(pickTracePosition("", "2025-01-02", positions).ticker).toBe("CCC");
  });

  it("takes the largest weight when nothing is a BUY", () => {
    const noBuy = [position("AAA", "HOLD", 0.1), position("BBB", "SELL", 0.6), position("CCC", "HOLD", 0.3)];
    expect(pickTracePosition("", "2025-01-02", noBuy).ticker).toBe("BBB");
  });

  it("honours a requested ticker and rejects one that is not eligible, listing the eligible ones", () => {
    expect(pickTracePosition("AAA", "2025-01-02", positions).ticker).toBe("AAA");
    expect(() => pickTracePosition("ZZZ", "2025-01-02", positions)).toThrow(
      "blackboard: traceTicker ZZZ is not eligible on 2025-01-02 (eligible: AAA, BBB, CCC, DDD)",
    );
    expect(() => pickTracePosition("", "2025-01-02", [])).toThrow("blackboard: no eligible ticker on 2025-01-02 to trace");
  });
});

describe("report helpers", () => {
  it("finiteSpread: mean, sample std, min and max of the finite values", () => {
    const s = finiteSpread(Float64Array.from([NaN, 1, 2, Infinity, 6]));
    expect(s.mean).toBe(3);
    expect(s.std).toBeCloseTo(Math.sqrt(7), 12); // ((1-3)^2 + (2-3)^2 + (6-3)^2) / 2 = 7
    expect([s.min, s.max]).toEqual([1, 6]);
    expect(finiteSpread([5]).std).toBeNaN();
    expect(Object.values(finiteSpread([NaN]))).toEqual([NaN, NaN, NaN, NaN]);
  });

  it("summarizeMessage: one line per message type", () => {
    expect(summarizeMessage("RiskAssessment", { final_action: "BUY", confidence: 0.7, risk_level: "Medium" })).toBe("BUY (confidence 0.7, risk Medium)");
    expect(summarizeMessage("TradeDecision", { action: "SELL", view_q: -0.02, weight_before: 0.1, weight_after: 0 })).toBe(
      "SELL: q -0.02, held weight 0.1 -> 0",
    );
    expect(summarizeMessage("RiskDebateComment", { stance: "neutral", round: 2, recommended_action: "HOLD", position_scale: 1, concedes: true })).toBe(
      "neutral r2: HOLD x1 (concedes)",
    );
    expect(summarizeMessage("DebateComment", { side: "bull", round: 1, argument: "x".repeat(200) })).toBe(`bull r1: ${"x".repeat(160)}`);
    expect(summarizeMessage("Unknown", {})).toBe("Unknown");
  });

  it("parseTickers: trimmed, no empties, first occurrence kept", () => {
    expect(parseTickers(" AAPL,MSFT,,AAPL ,KO")).toEqual(["AAPL", "MSFT", "KO"]);
    expect(parseTickers(["KO", " KO", ""])).toEqual(["KO"]);
    expect(parseTickers("")).toEqual([]);
  });
});

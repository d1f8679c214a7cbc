/**
 * The offline agents (src/blackboard/offline/): the analysts' evidence and
 * signal formulas, the risk team's stances, concessions and judge, and the
 * Chain-of-Alpha trader, each checked against hand-computed values.
 */
import { describe, expect, it } from "vitest";
import { riskAlerts, riskBrief } from "../../../src/blackboard/agent-inputs";
import { hedgeRatio } from "../../../src/blackboard/alpha";
import { traderPolicy } from "../../../src/blackboard/offline/alpha";
import {
  fundamentalsAnalystPolicy,
  macroAnalystPolicy,
  marketAnalystPolicy,
  newsAnalystPolicy,
  reportFromEvidence,
  socialAnalystPolicy,
} from "../../../src/blackboard/offline/analysts";
import { riskJudgePolicy, riskManagerPolicy, stanceAction } from "../../../src/blackboard/offline/risk";
import { splitSentences } from "../../../src/text/tokenize";
import { polarityScores } from "../../../src/text/vader";
import { RISK_FACTS, RISK_PROPOSAL, RISK_REPORT, snapshot } from "../helpers/agent-fixtures";

describe("analysts (offline policies)", () => {
  it("market analyst: overbought RSI, positive MACD and trend, hand-computed signal", () => {
    const r = marketAnalystPolicy({
      ticker: "AAA",
      date: "2025-01-02",
      windowFrom: "2024-01-02",
      indicators: snapshot({ rsi_14: 75, macdh: 0.25, sma_50: 95, close: 100, ret_20d: 0.05 }),
    });
    const byId = Object.fromEntries(r.evidence.map((e) => [e.id, e]));
    expect(byId["market.rsi"]).toMatchObject({ direction: -1, strength: 0.55 });
    expect(byId["market.macd"]).toMatchObject({ direction: 1, strength: 0.5 }); // 0.25 / 100 / 0.005
    expect(byId["market.sma50"]!.direction).toBe(1);
    expect(byId["market.sma50"]!.strength).toBeCloseTo((100 / 95 - 1) / 0.1, 6);
    expect(byId["market.momentum"]).toMatchObject({ direction: 1, strength: 0.5 });
    expect(byId["market.bollinger"]!.direction).toBe(0);
    // Directional items: RSI -0.55, MACD +0.5, SMA +0.526316, momentum +0.5 (Bollinger and volatility are context).
    expect(r.signal).toBeCloseTo(0.976316 / 4, 6); // 0.244079
    expect(r.stance).toBe("bullish");
    // confidence = coverage (300 bars / 60, capped at 1) x (0.35 + 0.65 x |net| / sum of strengths).
    expect(r.confidence).toBeCloseTo(0.35 + 0.65 * (0.976316 / 2.076316), 5); // 0.655638
  });

  it("fundamentals analyst: per-filing mean sentence tone, the latest filing weighted twice", () => {
    const filings = [
      { date: "2024-08-01", form: "10-Q", text: "Revenue declined sharply. Margins were terrible and losses widened." },
      { date: "2024-11-01", form: "10-Q", text: "Revenue grew strongly. We are pleased with excellent results. Guidance is unchanged." },
    ];
    const tone = (t: string) => {
      const c = splitSentences(t).map((x) => polarityScores(x).compound);
      return c.reduce((a, b) => a + b, 0) / c.length;
    };
    const t0 = tone(filings[0]!.text);
    const t1 = tone(filings[1]!.text);
    expect(t0).toBeLessThan(-0.05);
    expect(t1).toBeGreaterThan(0.05);
    const r = fundamentalsAnalystPolicy({ ticker: "AAA", date: "2025-01-02", windowFrom: "2023-11-29", filings });
    expect(r.metrics.tone).toBeCloseTo((t0 + 2 * t1) / 3, 6);
    expect(r.evidence.map((e) => [e.id, e.direction])).toEqual([
      ["fundamentals.filing0", -1],
      ["fundamentals.filing1", 1],
    ]);
    expect(r.evidence[1]!.strength).toBeCloseTo(Math.min(1, 3 * t1), 6);
    expect(r.signal).toBeCloseTo((Math.min(1, 3 * t1) - Math.min(1, 3 * Math.abs(t0))) / 2, 6);
  });

  it("macro analyst: SPY and sector ETF trend vs the 50-day SMA (hand-computed)", () => {
    const bench = snapshot({ ret_20d: 0.02, close: 100, sma_50: 98 });
    const sector = snapshot({ ret_20d: -0.01, close: 50, sma_50: 51 });
    const r = macroAnalystPolicy({
      ticker: "AAA",
      date: "2025-01-02",
      windowFrom: "2024-01-02",
      macro: {
        benchmark: { ticker: "SPY", indicators: bench },
        sector: { name: "Industrials", etf: "XLI", indicators: sector },
        listedSector: { name: "Industrials", etf: "XLI" },
      },
    });
    const byId = Object.fromEntries(r.evidence.map((e) => [e.id, [e.direction, e.strength]]));
    expect(byId["macro.market_trend"]).toEqual([1, 0.4]); // 0.02 / 0.05
    expect(byId["macro.market_sma50"]![1]).toBeCloseTo((100 / 98 - 1) / 0.05, 6); // 0.408163
    expect(byId["macro.sector_trend"]).toEqual([-1, 0.2]);
    expect(byId["macro.sector_sma50"]).toEqual([-1, expect.closeTo((1 - 50 / 51) / 0.05, 6)]); // 0.392157
    expect(r.signal).toBeCloseTo((0.4 + 0.408163 - 0.2 - 0.392157) / 4, 5); // 0.054002
    expect(r.stance).toBe("neutral");
    expect(r.confidence).toBeCloseTo(0.35 + 0.65 * (0.216006 / 1.40032), 5);
  });

  it("reportFromEvidence: signal, stance and confidence formulas", () => {
    const r = reportFromEvidence(
      "macro",
      [
        { id: "macro.a", claim: "a", direction: 1, strength: 0.6, source: "x" },
        { id: "macro.b", claim: "b", direction: -1, strength: 0.2, source: "x" },
        { id: "macro.c", claim: "c", direction: 0, strength: 1, source: "x" },
      ],
      { bad: NaN, good: 1 },
      { from: "2025-01-01", to: "2025-01-02" },
      "s",
      0.5,
    );
    expect(r.signal).toBeCloseTo(0.2, 12); // (0.6 - 0.2) / 2
    expect(r.stance).toBe("bullish");
    expect(r.confidence).toBeCloseTo(0.5 * (0.35 + 0.65 * (0.4 / 0.8)), 6);
    expect(r.metrics).toEqual({ good: 1 });
  });

  it("news and social analysts use VADER compound scores", () => {
    const items = [
      { date: "2025-01-02", text: "Great quarter, strong growth and a record profit beat!", score: null },
      { date: "2025-01-02", text: "Lawsuit fears hit the stock, terrible guidance.", score: null },
      { date: "2025-01-01", text: "The company will hold its meeting on Tuesday.", score: null },
    ];
    const r = newsAnalystPolicy({ ticker: "AAA", date: "2025-01-02", windowFrom: "2024-12-27", items });
    const c = items.map((i) => polarityScores(i.text).compound);
    expect(r.metrics.compound_mean).toBeCloseTo(c.reduce((a, b) => a + b, 0) / 3, 6);
    expect(r.evidence[0]!.id).toBe("news.tone");
    const none = socialAnalystPolicy({ ticker: "AAA", date: "2025-01-02", windowFrom: "2024-12-27", items: [] });
    expect(none).toMatchObject({ stance: "neutral", confidence: 0, signal: 0, evidence: [] });
    // Engagement weighting: 1 + ln(1 + score).
    const s = socialAnalystPolicy({
      ticker: "AAA",
      date: "2025-01-02",
      windowFrom: "2024-12-27",
      items: [
        { ...items[0]!, score: 100 },
        { ...items[1]!, score: 0 },
      ],
    });
    const w1 = 1 + Math.log1p(100);
    expect(s.metrics.compound_mean).toBeCloseTo((w1 * c[0]! + c[1]!) / (w1 + 1), 6);
  });
});

describe("risk team (offline policies)", () => {
  const report = RISK_REPORT;
  const proposal = RISK_PROPOSAL;
  const facts = RISK_FACTS;

  it("the conservative manager downgrades a BUY above 35% volatility; aggressive and neutral keep it", () => {
    const brief = riskBrief("AAA", "2025-01-02", report, proposal, facts);
    expect(stanceAction(brief, "conservative")).toBe("HOLD");
    expect(stanceAction(brief, "neutral")).toBe("BUY");
    expect(stanceAction(brief, "aggressive")).toBe("BUY");
    expect(brief.alerts.map((a) => a.metric)).toEqual(["volatility"]);
    const c1 = riskManagerPolicy({ brief, stance: "conservative", round: 1, maxRounds: 2, transcript: [] });
    expect(c1).toMatchObject({ recommended_action: "HOLD", position_scale: 0.6 });
    expect(c1.cited_evidence).toContain("risk.vol20");
  });

  it("the judge takes the majority and scales confidence by agreement", () => {
    const brief = riskBrief("AAA", "2025-01-02", report, proposal, facts);
    const a = riskJudgePolicy({
      brief,
      transcript: [],
      positions: [
        { stance: "aggressive", action: "BUY", position_scale: 1.25 },
        { stance: "conservative", action: "HOLD", position_scale: 0.6 },
        { stance: "neutral", action: "BUY", position_scale: 1 },
      ],
    });
    expect(a.final_action).toBe("BUY");
    expect(a.confidence).toBeCloseTo(0.8 * (0.5 + 0.5 * (2 / 3)), 6);
    expect(a.position_scale).toBe(1);
    expect(a.volatility).toBe(0.45);
    const split = riskJudgePolicy({
      brief,
      transcript: [],
      positions: [
        { stance: "aggressive", action: "BUY", position_scale: 1 },
        { stance: "conservative", action: "SELL", position_scale: 1 },
        { stance: "neutral", action: "HOLD", position_scale: 1 },
      ],
    });
    expect(split.final_action).toBe("HOLD");
  });

  it("raises alerts on volatility and drawdown limits", () => {
    expect(riskAlerts({ vol_20d: 0.7, vol_60d: 0.5, drawdown_252d: -0.4, beta_60d: 1 }).map((a) => [a.metric, a.severity])).toEqual([
      ["volatility", "High"],
      ["drawdown", "High"],
    ]);
    expect(riskAlerts({ vol_20d: null, vol_60d: null, drawdown_252d: null, beta_60d: null })[0]!.metric).toBe("data");
  });

  it("the aggressive manager upgrades HOLD to BUY on an up-tilt with a positive research score", () => {
    const hold = { ...proposal, action: "HOLD" as const };
    const brief = riskBrief("AAA", "2025-01-02", report, hold, { ...facts, values: { ...facts.values, vol_20d: 0.2 } });
    expect(brief.proposal.tilt).toBe(0.5);
    expect(stanceAction(brief, "aggressive")).toBe("BUY");
    expect(stanceAction(brief, "neutral")).toBe("HOLD");
    expect(stanceAction({ ...brief, report: { ...brief.report, score: -0.1 } }, "aggressive")).toBe("HOLD");
  });

  it("in a high-risk name the aggressive manager concedes to the neutral view in round 2", () => {
    const risky = { ticker: "AAA", date: "2025-01-02", values: { vol_20d: 0.6, vol_60d: 0.3, drawdown_252d: -0.35, beta_60d: 1.5 } };
    const brief = riskBrief("AAA", "2025-01-02", report, proposal, risky);
    // Risk-reducing evidence: vol 1 + rising vol 1 + drawdown 1 + beta 0.5 = 3.5; risk-adding: tilt 0.5 + conviction 0.8 = 1.3.
    const w = (d: number) => brief.evidence.filter((e) => e.direction === d).reduce((a, e) => a + e.strength, 0);
    expect(w(-1)).toBeCloseTo(3.5, 6);
    expect(w(1)).toBeCloseTo(1.3, 6);
    expect(brief.alerts.map((a) => [a.metric, a.severity])).toEqual([
      ["volatility", "Medium"],
      ["drawdown", "Medium"],
    ]);
    const r1 = riskManagerPolicy({ brief, stance: "aggressive", round: 1, maxRounds: 2, transcript: [] });
    expect(r1).toMatchObject({ recommended_action: "BUY", concedes: false, position_scale: 1.25 });
    const r2 = riskManagerPolicy({ brief, stance: "aggressive", round: 2, maxRounds: 2, transcript: [r1] });
    expect(r2).toMatchObject({ recommended_action: "HOLD", concedes: true });
    expect(stanceAction(brief, "conservative")).toBe("HOLD");
  });
});

describe("trader (offline policy)", () => {
  it("downgrades a BUY the directional chain contradicts; size = the vol scale, the hedge ratio apart", () => {
    const facts = {
      ticker: "AAA",
      date: "2025-01-02",
      values: { close: 90, macdh: -1, rsi_14: 40, ret_20d: -0.05, sma_50: 100, vol_20d: 0.5, vol_60d: 0.4, pct_b: 0.1, drawdown_252d: -0.2, beta_60d: 1.3 },
    };
    const p = traderPolicy({ ticker: "AAA", date: "2025-01-02", report: { view: "BUY", confidence: 0.8, score: 0.3, thesis: "t" }, facts });
    expect(p.chains.map((c) => [c.chain, c.value])).toEqual([
      ["volatility", 0.5],
      ["directional", -1],
      ["hedging", 1],
    ]); // 0.25/0.5; four bearish signs; 0.5 + 0.25 + 0.25
    expect(p.action).toBe("HOLD");
    expect(p.conviction).toBeCloseTo(0.4, 12);
    expect(p.size_scale).toBeCloseTo(0.5, 12);
    expect(hedgeRatio(p)).toBe(1);
    const agreeing = traderPolicy({ ticker: "AAA", date: "2025-01-02", report: { view: "SELL", confidence: 0.8, score: -0.3, thesis: "t" }, facts });
    expect(agreeing).toMatchObject({ action: "SELL", conviction: 0.8 });
    expect(traderPolicy({ ticker: "AAA", date: "2025-01-02", report: { view: "BUY", confidence: 0.8, score: 0.3, thesis: "t" }, facts: null })).toMatchObject({
      action: "HOLD",
      size_scale: 0,
      chains: [],
    });
  });
});

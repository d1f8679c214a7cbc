import { describe, expect, it } from "vitest";
import { marketAnalystPolicy, newsAnalystPolicy, reportFromEvidence, socialAnalystPolicy } from "../../src/blackboard/analysts";
import type { IndicatorSnapshot } from "../../src/blackboard/features";
import type { FinalReport, TradeProposal } from "../../src/blackboard/messages";
import { riskAlerts, riskBrief, riskJudgePolicy, riskManagerPolicy, stanceAction } from "../../src/blackboard/risk";
import { ToolBox } from "../../src/blackboard/tools";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";
import { polarityScores } from "../../src/text/vader";

function snapshot(values: Partial<IndicatorSnapshot["values"]>): IndicatorSnapshot {
  const base = { close: 100, rsi_14: 50, macd: 0, macds: 0, macdh: 0, boll_ub: 110, boll: 100, boll_lb: 90, pct_b: 0.5, sma_50: 100, ret_5d: 0, ret_20d: 0, ret_60d: 0, vol_20d: 0.2, vol_60d: 0.2, drawdown_252d: 0 };
  return { ticker: "AAA", date: "2025-01-02", from: "2024-01-02", bars: 300, values: { ...base, ...values } };
}

describe("analysts (offline policies)", () => {
  it("market analyst: overbought RSI, positive MACD and trend, hand-computed signal", () => {
    const r = marketAnalystPolicy({ ticker: "AAA", date: "2025-01-02", windowFrom: "2024-01-02", indicators: snapshot({ rsi_14: 75, macdh: 0.25, sma_50: 95, close: 100, ret_20d: 0.05 }) });
    const byId = Object.fromEntries(r.evidence.map((e) => [e.id, e]));
    expect(byId["market.rsi"]).toMatchObject({ direction: -1, strength: 0.55 });
    expect(byId["market.macd"]).toMatchObject({ direction: 1, strength: 0.5 }); // 0.25 / 100 / 0.005
    expect(byId["market.sma50"]!.direction).toBe(1);
    expect(byId["market.sma50"]!.strength).toBeCloseTo((100 / 95 - 1) / 0.1, 6);
    expect(byId["market.momentum"]).toMatchObject({ direction: 1, strength: 0.5 });
    expect(byId["market.bollinger"]!.direction).toBe(0);
    const expected = (-0.55 + 0.5 + (100 / 95 - 1) / 0.1 + 0.5) / 4;
    expect(r.signal).toBeCloseTo(expected, 6);
    expect(r.stance).toBe(expected > 0.15 ? "bullish" : "neutral");
  });

  it("reportFromEvidence: signal, stance and confidence formulas", () => {
    const r = reportFromEvidence("macro", [
      { id: "macro.a", claim: "a", direction: 1, strength: 0.6, source: "x" },
      { id: "macro.b", claim: "b", direction: -1, strength: 0.2, source: "x" },
      { id: "macro.c", claim: "c", direction: 0, strength: 1, source: "x" },
    ], { bad: NaN, good: 1 }, { from: "2025-01-01", to: "2025-01-02" }, "s", 0.5);
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
    const s = socialAnalystPolicy({ ticker: "AAA", date: "2025-01-02", windowFrom: "2024-12-27", items: [{ ...items[0]!, score: 100 }, { ...items[1]!, score: 0 }] });
    const w1 = 1 + Math.log1p(100);
    expect(s.metrics.compound_mean).toBeCloseTo((w1 * c[0]! + c[1]!) / (w1 + 1), 6);
  });
});

describe("point-in-time tools", () => {
  const data = DataFolder.open(bundledDataDir());
  const ticker = data.newsTickers().find((t) => data.news(t).some((n) => n.date >= "2025-03-01" && n.date <= "2025-06-30"))!;
  const newsDate = data.news(ticker).find((n) => n.date >= "2025-03-01")!.date;

  it("returns only rows inside (date - 7d, date] and records each call with its arguments", () => {
    const tools = new ToolBox(data.asOf(newsDate), ticker);
    const news = tools.news("news_analyst");
    expect(news.length).toBeGreaterThan(0);
    expect(news.every((n) => n.date <= newsDate && n.date >= tools.calls[0]!.args.start_date!)).toBe(true);
    tools.social("social_analyst");
    const snap = tools.indicators("market_analyst")!;
    expect(snap.date <= newsDate).toBe(true);
    expect(tools.calls.map((c) => c.tool)).toEqual(["get_news", "get_social", "get_indicators"]);
    expect(tools.calls[2]!.args).toEqual({ ticker, end_date: newsDate, bars: 300 });
  });
});

describe("risk team (offline policies)", () => {
  const report: FinalReport = { view: "BUY", confidence: 0.8, thesis: "t", bull_case: [], bear_case: [], supporting_evidence: [], score: 0.3, debate_rounds: 2, stop_reason: "max_rounds" };
  const proposal: TradeProposal = {
    action: "BUY",
    conviction: 0.8,
    size_scale: 1,
    rationale: "r",
    chains: [
      { chain: "volatility", steps: [{ statement: "s", citation: { indicator: "vol_20d", date: "2025-01-02", value: 0.45 } }], conclusion: "c", value: 0.55 },
      { chain: "directional", steps: [{ statement: "s", citation: { indicator: "macdh", date: "2025-01-02", value: 1 } }], conclusion: "c", value: 0.5 },
      { chain: "hedging", steps: [{ statement: "s", citation: { indicator: "drawdown_252d", date: "2025-01-02", value: -0.1 } }], conclusion: "c", value: 0 },
    ],
  };
  const facts = { ticker: "AAA", date: "2025-01-02", values: { vol_20d: 0.45, vol_60d: 0.3, drawdown_252d: -0.1, beta_60d: 1.1 } };

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
    const a = riskJudgePolicy({ brief, transcript: [], positions: [
      { stance: "aggressive", action: "BUY", position_scale: 1.25 },
      { stance: "conservative", action: "HOLD", position_scale: 0.6 },
      { stance: "neutral", action: "BUY", position_scale: 1 },
    ] });
    expect(a.final_action).toBe("BUY");
    expect(a.confidence).toBeCloseTo(0.8 * (0.5 + 0.5 * (2 / 3)), 6);
    expect(a.position_scale).toBe(1);
    expect(a.volatility).toBe(0.45);
    const split = riskJudgePolicy({ brief, transcript: [], positions: [
      { stance: "aggressive", action: "BUY", position_scale: 1 },
      { stance: "conservative", action: "SELL", position_scale: 1 },
      { stance: "neutral", action: "HOLD", position_scale: 1 },
    ] });
    expect(split.final_action).toBe("HOLD");
  });

  it("raises alerts on volatility and drawdown limits", () => {
    expect(riskAlerts({ vol_20d: 0.7, vol_60d: 0.5, drawdown_252d: -0.4, beta_60d: 1 }).map((a) => [a.metric, a.severity])).toEqual([
      ["volatility", "High"],
      ["drawdown", "High"],
    ]);
    expect(riskAlerts({ vol_20d: null, vol_60d: null, drawdown_252d: null, beta_60d: null })[0]!.metric).toBe("data");
  });
});

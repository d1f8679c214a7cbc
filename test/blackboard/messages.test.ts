import { describe, expect, it } from "vitest";
import { checkMessage, CONTENT_SCHEMAS, MESSAGE_TYPES, messageId, simulatedTimestamp } from "../../src/blackboard/messages";
import { analysisMessage } from "./fixtures";

describe("message envelope and content schemas", () => {
  it("has a content schema for every message type of the paper", () => {
    expect(MESSAGE_TYPES.slice().sort()).toEqual(Object.keys(CONTENT_SCHEMAS).sort());
    expect(MESSAGE_TYPES).toHaveLength(10);
  });

  it("accepts a valid message and types its content", () => {
    const res = checkMessage(analysisMessage("2025-01-02", "AAPL", 0));
    expect(res.ok).toBe(true);
    if (res.ok && res.message.type === "AnalysisReport") expect(res.message.content.evidence[0]!.id).toBe("market.rsi");
  });

  it("names the first bad field with a dotted path", () => {
    const cases: Array<[(m: Record<string, any>) => void, string]> = [
      [(m) => delete m.message_id, "message_id"],
      [(m) => (m.sender.role = "intern"), "sender.role"],
      [(m) => (m.timestamp = "2025-01-02 14:00"), "timestamp"],
      [(m) => (m.content.signal = 2), "content.signal"],
      [(m) => (m.content.evidence[0].direction = 2), "content.evidence.0.direction"],
      [(m) => (m.reply_to = undefined), "reply_to"],
    ];
    for (const [mutate, field] of cases) {
      const m = analysisMessage("2025-01-02", "AAPL", 0) as unknown as Record<string, any>;
      mutate(m);
      const res = checkMessage(m);
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.issue.field).toBe(field);
    }
  });

  it("checks the content against the schema of its own type", () => {
    const m = analysisMessage("2025-01-02", "AAPL", 0) as unknown as Record<string, unknown>;
    m.type = "FinalReport";
    const res = checkMessage(m);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.issue.field.startsWith("content.")).toBe(true);
  });
});

describe("deterministic ids and simulated timestamps", () => {
  it("derives ids from seed, date, ticker, sender and sequence only", () => {
    const a = messageId(7, "2025-01-02", "AAPL", "market_analyst@AAPL", 0);
    expect(a).toMatch(/^m-[0-9a-f]{16}$/);
    expect(messageId(7, "2025-01-02", "AAPL", "market_analyst@AAPL", 0)).toBe(a);
    expect(messageId(8, "2025-01-02", "AAPL", "market_analyst@AAPL", 0)).not.toBe(a);
    expect(messageId(7, "2025-01-02", "AAPL", "market_analyst@AAPL", 1)).not.toBe(a);
    expect(messageId(7, "2025-01-03", "AAPL", "market_analyst@AAPL", 0)).not.toBe(a);
  });

  it("stamps the simulated decision day, one second per message", () => {
    // After the US close: the agents read that day's close and the backtest trades market-on-close.
    expect(simulatedTimestamp("2025-01-02", 0)).toBe("2025-01-02T21:00:00Z");
    expect(simulatedTimestamp("2025-01-02", 61)).toBe("2025-01-02T21:01:01Z");
    expect(simulatedTimestamp("2025-01-02", 3600)).toBe("2025-01-02T22:00:00Z");
    expect(simulatedTimestamp("2025-01-02", 3 * 3600 - 1)).toBe("2025-01-02T23:59:59Z");
    expect(() => simulatedTimestamp("2025-01-02", 3 * 3600)).toThrow(RangeError);
    expect(() => simulatedTimestamp("2025-01-02", -1)).toThrow(RangeError);
    expect(() => simulatedTimestamp("2025-01-02", 1.5)).toThrow(RangeError);
  });
});

/** One valid content per type, and one mutation each schema must reject (with the field it must name). */
const CONTENT: Record<string, { valid: Record<string, unknown>; bad: [string, unknown] }> = {
  AnalysisReport: { valid: analysisMessage("2025-01-02", "AAPL", 0).content as unknown as Record<string, unknown>, bad: ["stance", "euphoric"] },
  DebateComment: {
    valid: { side: "bull", round: 1, argument: "MACD up", cited_evidence: ["market.macd"], question: "why?", answer: null, concedes: false, conviction: 0.6 },
    bad: ["round", 0],
  },
  FinalReport: {
    valid: {
      view: "BUY",
      confidence: 0.7,
      thesis: "t",
      bull_case: ["a"],
      bear_case: [],
      supporting_evidence: ["market.macd"],
      score: 0.3,
      debate_rounds: 2,
      stop_reason: "consensus",
    },
    bad: ["stop_reason", "tired"],
  },
  TradeProposal: {
    valid: {
      action: "BUY",
      conviction: 0.7,
      size_scale: 1.1,
      rationale: "r",
      chains: [
        { chain: "directional", steps: [{ statement: "s", citation: { indicator: "macdh", date: "2025-01-02", value: 0.3 } }], conclusion: "c", value: 0.5 },
      ],
    },
    bad: ["size_scale", 3],
  },
  RiskDebateComment: {
    valid: {
      stance: "neutral",
      round: 2,
      argument: "a",
      cited_evidence: [],
      question: null,
      answer: "b",
      recommended_action: "HOLD",
      position_scale: 1,
      concedes: false,
    },
    bad: ["recommended_action", "SHORT"],
  },
  RiskPosition: { valid: { stance: "aggressive", action: "BUY", confidence: "High", risk_level: "Low", rationale: "growth" }, bad: ["confidence", 0.9] },
  RiskRecommendation: { valid: { stance: "aggressive", actions: ["Increase position size"], priority: "High", position_scale: 1.25 }, bad: ["actions", []] },
  RiskAlert: { valid: { metric: "drawdown", value: -0.25, limit: -0.2, severity: "Medium", message: "m" }, bad: ["metric", "vibes"] },
  RiskAssessment: {
    valid: {
      final_action: "HOLD",
      confidence: 0.5,
      risk_level: "Medium",
      volatility: 0.3,
      drawdown: -0.1,
      position_scale: 0.8,
      rationale: "r",
      votes: { neutral: "HOLD" },
    },
    bad: ["drawdown", 0.1],
  },
  TradeDecision: {
    valid: { action: "SELL", view_q: -0.02, confidence: 0.6, weight_before: 0.1, weight_after: 0.05, prior_return: 0.07, posterior_return: 0.06 },
    bad: ["view_q", "minus two percent"],
  },
};

describe("content schemas of all ten message types", () => {
  it("covers every type", () => {
    expect(Object.keys(CONTENT).sort()).toEqual(MESSAGE_TYPES.slice().sort());
  });

  for (const type of MESSAGE_TYPES) {
    it(`${type}: accepts a valid content and names the bad field of an invalid one`, () => {
      const envelope = { ...analysisMessage("2025-01-02", "AAPL", 0), type, content: structuredClone(CONTENT[type]!.valid) };
      const ok = checkMessage(envelope);
      expect(ok.ok).toBe(true);
      const [field, value] = CONTENT[type]!.bad;
      const broken = structuredClone(envelope) as unknown as { content: Record<string, unknown> };
      broken.content[field] = value;
      const res = checkMessage(broken);
      expect(res.ok).toBe(false);
      if (!res.ok) expect(res.issue.field).toBe(`content.${field}`);
    });
  }
});

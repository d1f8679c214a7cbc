/** Small valid blackboard messages for the blackboard tests. */
import { messageId, simulatedTimestamp, type BlackboardMessage, type Role } from "../../src/blackboard/messages";

/** A valid AnalysisReport message for (date, ticker, seq). */
export function analysisMessage(date: string, ticker: string, seq: number, role: Role = "market_analyst"): BlackboardMessage<"AnalysisReport"> {
  return {
    message_id: messageId(1, date, ticker, `${role}@${ticker}`, seq),
    sender: { id: `${role}@${ticker}`, role },
    intent: "inform",
    type: "AnalysisReport",
    target: "all",
    timestamp: simulatedTimestamp(date, seq),
    ticker,
    content: {
      analyst: "market",
      signal: 0.4,
      stance: "bullish",
      confidence: 0.7,
      summary: `report ${seq}`,
      evidence: [{ id: "market.rsi", claim: "RSI 61", direction: 1, strength: 0.3, source: "rsi_14", value: 61 }],
      metrics: { rsi_14: 61 },
      window: { from: "2024-01-02", to: date },
    },
    reply_to: null,
  };
}

/** A valid RiskAlert message. */
export function alertMessage(date: string, ticker: string, seq: number): BlackboardMessage<"RiskAlert"> {
  return {
    message_id: messageId(1, date, ticker, `conservative_risk_manager@${ticker}`, seq),
    sender: { id: `conservative_risk_manager@${ticker}`, role: "conservative_risk_manager" },
    intent: "alert",
    type: "RiskAlert",
    target: "all",
    timestamp: simulatedTimestamp(date, seq),
    ticker,
    content: { metric: "volatility", value: 0.5, limit: 0.4, severity: "Medium", message: "vol high" },
    reply_to: null,
  };
}

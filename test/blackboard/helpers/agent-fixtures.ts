/**
 * Hand-made agent inputs shared by the offline-agent tests and the checks of
 * a model's answers: an indicator snapshot with neutral defaults, and the
 * BUY view, proposal and risk facts (20-day volatility 45 %) the risk team
 * is tested on.
 *
 * @example
 * marketAnalystPolicy({ ticker: "AAA", date: "2025-01-02", windowFrom: "2024-01-02", indicators: snapshot({ rsi_14: 75 }) });
 */
import type { IndicatorSnapshot } from "../../../src/blackboard/features";
import type { FinalReport, TradeProposal } from "../../../src/blackboard/messages";

/** A snapshot of AAA on 2025-01-02 (300 bars): RSI 50, flat MACD and trend, 20 % volatility, unless overridden. */
export function snapshot(values: Partial<IndicatorSnapshot["values"]>): IndicatorSnapshot {
  const base = {
    close: 100,
    rsi_14: 50,
    macd: 0,
    macds: 0,
    macdh: 0,
    boll_ub: 110,
    boll: 100,
    boll_lb: 90,
    pct_b: 0.5,
    sma_50: 100,
    ret_5d: 0,
    ret_20d: 0,
    ret_60d: 0,
    vol_20d: 0.2,
    vol_60d: 0.2,
    drawdown_252d: 0,
  };
  return { ticker: "AAA", date: "2025-01-02", from: "2024-01-02", bars: 300, values: { ...base, ...values } };
}

/** The research manager's BUY (confidence 0.8, score 0.3) the risk tests start from. */
export const RISK_REPORT: FinalReport = {
  view: "BUY",
  confidence: 0.8,
  thesis: "t",
  bull_case: [],
  bear_case: [],
  supporting_evidence: [],
  score: 0.3,
  debate_rounds: 2,
  stop_reason: "max_rounds",
};

/** The trader's BUY at full size: tilt +0.5, no hedge. */
export const RISK_PROPOSAL: TradeProposal = {
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

/** Risk facts: 45 % volatility (rising from 30 %), 10 % below the high, beta 1.1. */
export const RISK_FACTS = { ticker: "AAA", date: "2025-01-02", values: { vol_20d: 0.45, vol_60d: 0.3, drawdown_252d: -0.1, beta_60d: 1.1 } };

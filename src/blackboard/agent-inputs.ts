/**
 * What each agent of a thread reads: the inputs of the agent tasks — the
 * analysts' point-in-time data, the research brief the bull / bear debate
 * argues over, the trader's view and facts, the risk brief of the risk team —
 * and how the two briefs are condensed from what is on the board. The agent
 * files (analysts.ts, researchers.ts, alpha.ts, risk.ts) turn these into
 * prompts; the offline agents (offline/) answer from them directly.
 */
import type { IndicatorSnapshot } from "./features";
import type {
  Action,
  AnalysisReport,
  DebateComment,
  Evidence,
  FinalReport,
  RiskAlert,
  RiskDebateComment,
  RiskPosition,
  RiskRecommendation,
  RiskStance,
  TradeProposal,
} from "./messages";
import { clamp, round6 } from "./numbers";
import type { AlphaFacts, DatedText, FilingText, MacroContext } from "./tools";

// ---------------------------------------------------------------- analysts

export interface AnalystInputBase {
  ticker: string;
  date: string;
  windowFrom: string;
}
export interface MarketAnalystInput extends AnalystInputBase {
  indicators: IndicatorSnapshot | null;
}
export interface TextAnalystInput extends AnalystInputBase {
  items: DatedText[];
}
export interface FundamentalsAnalystInput extends AnalystInputBase {
  filings: FilingText[];
}
export interface MacroAnalystInput extends AnalystInputBase {
  macro: MacroContext;
}

// ---------------------------------------------------------------- researchers

/** An earlier decision on the same ticker, read back from the blackboard. */
export interface PastView {
  date: string;
  /** The research manager's view and confidence that day (null when only a risk verdict is on the board). */
  research_view: FinalReport["view"] | null;
  research_confidence: number | null;
  /** The risk judge's final action and confidence (null under ablate=risk). */
  final_action: FinalReport["view"] | null;
  final_confidence: number | null;
}

/** What the analysts put on the board, condensed for the debaters. */
export interface ResearchBrief {
  ticker: string;
  date: string;
  reports: Array<{ analyst: string; stance: string; signal: number; confidence: number; summary: string }>;
  evidence: Evidence[];
  /** Earlier decisions on this ticker inside the history window, oldest first. */
  history: PastView[];
}

export interface ResearcherInput {
  brief: ResearchBrief;
  side: "bull" | "bear";
  round: number;
  maxRounds: number;
  transcript: DebateComment[];
}

export interface ManagerInput {
  brief: ResearchBrief;
  transcript: DebateComment[];
  rounds: number;
  stopReason: FinalReport["stop_reason"];
}

/**
 * Condense analyst reports into the debate brief.
 *
 * @example
 * researchBrief("AAPL", "2025-01-02", reports).evidence.length; // every analyst's evidence
 */
export function researchBrief(ticker: string, date: string, reports: readonly AnalysisReport[], history: readonly PastView[] = []): ResearchBrief {
  return {
    ticker,
    date,
    reports: reports.map((r) => ({ analyst: r.analyst, stance: r.stance, signal: r.signal, confidence: r.confidence, summary: r.summary })),
    evidence: reports.flatMap((r) => r.evidence),
    history: history.slice(),
  };
}

// ---------------------------------------------------------------- trader

export interface TraderInput {
  ticker: string;
  date: string;
  report: Pick<FinalReport, "view" | "confidence" | "score" | "thesis">;
  facts: AlphaFacts | null;
}

// ---------------------------------------------------------------- risk team

/** The limits behind the risk evidence, the alerts and the offline stances. */
export const RISK_LIMITS = {
  conservativeVol: 0.35,
  neutralVol: 0.5,
  conservativeDrawdown: -0.15,
  neutralDrawdown: -0.3,
  highBeta: 1.3,
  alertVol: 0.4,
  alertDrawdown: -0.2,
} as const;

export interface RiskBrief {
  ticker: string;
  date: string;
  report: Pick<FinalReport, "view" | "confidence" | "score" | "thesis">;
  proposal: Pick<TradeProposal, "action" | "conviction" | "size_scale" | "rationale"> & { tilt: number; hedge: number };
  metrics: { vol_20d: number | null; vol_60d: number | null; drawdown_252d: number | null; beta_60d: number | null };
  /** direction +1 = argues for more risk, -1 = for less. */
  evidence: Evidence[];
  alerts: RiskAlert[];
  /** Earlier decisions on this ticker inside the history window (from the blackboard), oldest first. */
  history: PastView[];
}

export interface RiskManagerInput {
  brief: RiskBrief;
  stance: RiskStance;
  round: number;
  maxRounds: number;
  transcript: RiskDebateComment[];
}

export interface RiskPositionInput {
  brief: RiskBrief;
  stance: RiskStance;
  transcript: RiskDebateComment[];
}

/** A risk manager's answer after the debate: two board messages in one call. */
export interface RiskPositionOutput {
  position: RiskPosition;
  recommendation: RiskRecommendation;
}

export interface RiskJudgeInput {
  brief: RiskBrief;
  transcript: RiskDebateComment[];
  positions: Array<{ stance: RiskStance; action: Action; position_scale: number }>;
}

const finite = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * The risk brief: metrics from the facts, signed risk evidence and alerts.
 *
 * @example
 * riskBrief("AAPL", "2025-01-02", report, proposal, facts).evidence.map((e) => e.id); // ["risk.vol20", ...]
 */
export function riskBrief(
  ticker: string,
  date: string,
  report: FinalReport,
  proposal: TradeProposal,
  facts: AlphaFacts | null,
  history: readonly PastView[] = [],
): RiskBrief {
  const v = facts?.values ?? {};
  const metrics = { vol_20d: finite(v.vol_20d), vol_60d: finite(v.vol_60d), drawdown_252d: finite(v.drawdown_252d), beta_60d: finite(v.beta_60d) };
  const tilt = proposal.chains.find((c) => c.chain === "directional")?.value ?? 0;
  const hedge = proposal.chains.find((c) => c.chain === "hedging")?.value ?? 0;
  const ev: Evidence[] = [];
  const add = (id: string, claim: string, direction: -1 | 0 | 1, strength: number, source: string, value: number | null) =>
    ev.push({ id, claim, direction, strength: round6(clamp(strength, 0, 1)), source, value });
  const { vol_20d: vol, vol_60d: vol60, drawdown_252d: dd, beta_60d: beta } = metrics;
  if (vol !== null)
    add(
      "risk.vol20",
      `20-day annualised volatility ${pct(vol)}`,
      vol > RISK_LIMITS.conservativeVol ? -1 : vol < 0.2 ? 1 : 0,
      Math.abs(vol - 0.275) / 0.2,
      "vol_20d",
      vol,
    );
  if (vol !== null && vol60 !== null)
    add(
      "risk.vol_trend",
      `volatility ${vol > vol60 * 1.1 ? "rising" : "not rising"} (20d ${pct(vol)} vs 60d ${pct(vol60)})`,
      vol > vol60 * 1.1 ? -1 : 1,
      Math.abs(vol / vol60 - 1),
      "vol_60d",
      vol60,
    );
  if (dd !== null)
    add(
      "risk.drawdown",
      `${pct(-dd)} below the 252-day high`,
      dd < RISK_LIMITS.conservativeDrawdown ? -1 : dd > -0.05 ? 1 : 0,
      dd < -0.05 ? Math.abs(dd) / 0.3 : 0.3,
      "drawdown_252d",
      dd,
    );
  if (beta !== null)
    add("risk.beta", `60-day beta ${beta.toFixed(2)}`, beta > RISK_LIMITS.highBeta ? -1 : beta < 0.8 ? 1 : 0, Math.abs(beta - 1), "beta_60d", beta);
  add("risk.tilt", `Chain-of-Alpha directional tilt ${tilt.toFixed(2)}`, tilt > 0.3 ? 1 : tilt < -0.3 ? -1 : 0, Math.abs(tilt), "directional_chain", tilt);
  add(
    "risk.conviction",
    `proposal conviction ${proposal.conviction.toFixed(2)}`,
    proposal.conviction > 0.7 ? 1 : proposal.conviction < 0.4 ? -1 : 0,
    proposal.conviction,
    "trade_proposal",
    proposal.conviction,
  );
  return {
    ticker,
    date,
    report: { view: report.view, confidence: report.confidence, score: report.score, thesis: report.thesis },
    proposal: { action: proposal.action, conviction: proposal.conviction, size_scale: proposal.size_scale, rationale: proposal.rationale, tilt, hedge },
    metrics,
    evidence: ev,
    alerts: riskAlerts(metrics),
    history: history.slice(),
  };
}

/**
 * Alerts raised before the risk debate: volatility above 40% (High above
 * 60%), drawdown below -20% (High below -35%), missing price data.
 *
 * @example
 * riskAlerts({ vol_20d: 0.7, vol_60d: 0.5, drawdown_252d: -0.1, beta_60d: 1 })[0].severity; // "High"
 */
export function riskAlerts(m: RiskBrief["metrics"]): RiskAlert[] {
  const out: RiskAlert[] = [];
  if (m.vol_20d === null) out.push({ metric: "data", value: 0, limit: 0, severity: "Medium", message: "No volatility estimate: not enough price history." });
  else if (m.vol_20d > RISK_LIMITS.alertVol)
    out.push({
      metric: "volatility",
      value: m.vol_20d,
      limit: RISK_LIMITS.alertVol,
      severity: m.vol_20d > 0.6 ? "High" : "Medium",
      message: `20-day volatility ${pct(m.vol_20d)} exceeds the ${pct(RISK_LIMITS.alertVol)} limit.`,
    });
  if (m.drawdown_252d !== null && m.drawdown_252d < RISK_LIMITS.alertDrawdown)
    out.push({
      metric: "drawdown",
      value: m.drawdown_252d,
      limit: RISK_LIMITS.alertDrawdown,
      severity: m.drawdown_252d < -0.35 ? "High" : "Medium",
      message: `Drawdown ${pct(m.drawdown_252d)} breaches the ${pct(RISK_LIMITS.alertDrawdown)} limit.`,
    });
  return out;
}

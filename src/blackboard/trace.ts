/**
 * The paper's appendix trace ("one complete, redacted trace for a single day
 * and ticker: selected messages, key tool invocations (with arguments), the
 * synthesized decision, and the resulting portfolio weights from the
 * optimizer"). Redaction: secrets are scrubbed and long free-text fields are
 * shortened; prompts are not included (only task names).
 */
import { redactSecrets } from "../llm/index";
import type { Blackboard } from "./log";
import type { BlackboardMessage, RiskAssessment, FinalReport, TradeProposal } from "./messages";
import type { LlmCallRecord } from "./pipeline";
import type { ToolCall } from "./tools";

export interface TraceWeights {
  /** view_q is null when the ticker had no view (the prior stood). */
  ticker: { before: number; after: number; view_q: number | null; prior_return: number; posterior_return: number };
  /** Largest weights of the portfolio after the rebalance. */
  top: Array<{ ticker: string; weight: number }>;
}

export interface DecisionTrace {
  date: string;
  ticker: string;
  messages: BlackboardMessage[];
  tool_calls: ToolCall[];
  llm_calls: LlmCallRecord[];
  decision: {
    research_view: FinalReport["view"];
    research_confidence: number;
    proposal: TradeProposal["action"];
    final_action: RiskAssessment["final_action"];
    confidence: number;
  };
  weights: TraceWeights;
}

const MAX_TEXT = 240;

/**
 * Deep-copy a value with every string passed through `redactSecrets` and cut to 240 characters.
 *
 * @example
 * redactValue({ text: "key sk-abcdefgh123" }); // { text: "key [REDACTED]" }
 */
export function redactValue<T>(value: T): T {
  if (typeof value === "string") {
    const r = redactSecrets(value);
    return (r.length > MAX_TEXT ? r.slice(0, MAX_TEXT - 1) + "…" : r) as T;
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v)) as T;
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactValue(v);
    return out as T;
  }
  return value;
}

/**
 * Assemble the trace of one (date, ticker) thread from the blackboard and the
 * thread's recorded tool and model calls.
 *
 * @example
 * const trace = buildTrace(board, "2025-01-02", "AAPL", toolCalls, llmCalls, decision, weights);
 * trace.messages.map((m) => m.type); // ["AnalysisReport", ..., "TradeDecision"]
 */
export function buildTrace(
  board: Blackboard,
  date: string,
  ticker: string,
  toolCalls: readonly ToolCall[],
  llmCalls: readonly LlmCallRecord[],
  decision: DecisionTrace["decision"],
  weights: TraceWeights,
): DecisionTrace {
  const messages = board.query({ ticker, from: date, to: date });
  return {
    date,
    ticker,
    messages: redactValue(messages),
    tool_calls: redactValue(toolCalls.slice()),
    llm_calls: llmCalls.slice(),
    decision,
    weights,
  };
}

/**
 * The trading and analytics tables of the Blackboard experiment: one row
 * per rebalance (turnover, costs, names, view flips), the view hit rates,
 * the return attribution, the frontier of the last rebalance, and the model
 * calls and tokens of the run (report.ts holds the risk report and the
 * agents' tables).
 */
import type { Cell, Row, Table } from "../core/index";
import { tableNumber } from "../core/index";
import type { AttributionRow, FrontierStudy, HitRateRow } from "./analytics";
import type { BlackboardBacktests } from "./backtests";
import type { TaskUsage } from "./usage";

const cell = (x: number): Cell => tableNumber(x);

/** How often the agents' final action of a ticker changed from one agent rebalance to the next (NaN before two). */
export function viewFlipRate(runs: BlackboardBacktests): { flips: number; comparisons: number; rate: number } {
  const last = new Map<string, string>();
  let flips = 0;
  let comparisons = 0;
  for (const v of runs.agents.views) {
    if (v.source !== "agents") continue;
    const prev = last.get(v.ticker);
    if (prev !== undefined) {
      comparisons++;
      if (prev !== v.decision.action) flips++;
    }
    last.set(v.ticker, v.decision.action);
  }
  return { flips, comparisons, rate: comparisons ? flips / comparisons : NaN };
}

/**
 * bb_rebalances: one row per executed rebalance of the BL book.
 *
 * @example
 * rebalanceTable(runs).rows[0]; // { decision_date, trade_date, turnover, cost, cost_bps, names, ... }
 */
export function rebalanceTable(runs: BlackboardBacktests, lag: number): Table {
  const agentsByDate = new Map(runs.agents.rebalances.map((r) => [r.allocation.date, r]));
  const actionOf = new Map<string, string>();
  const rows: Row[] = runs.portfolio.rebalances.map((trade) => {
    const agent = agentsByDate.get(trade.date);
    const positions = agent?.positions ?? [];
    let flips = 0;
    for (const p of positions) {
      const prev = actionOf.get(p.ticker);
      if (prev !== undefined && prev !== p.decision.action) flips++;
      actionOf.set(p.ticker, p.decision.action);
    }
    const count = (a: string) => positions.filter((p) => p.viewed && p.decision.action === a).length;
    const invested = Array.from(trade.targetWeights).reduce((a, b) => a + b, 0);
    return {
      decision_date: trade.date,
      trade_date: trade.tradeDate,
      eligible: positions.length,
      names: trade.names,
      prior: agent?.allocation.prior ?? null,
      views: positions.filter((p) => p.viewed).length,
      buys: count("BUY"),
      holds: count("HOLD"),
      sells: count("SELL"),
      view_flips: flips,
      turnover: cell(trade.turnover),
      cost: cell(trade.cost),
      cost_bps: cell(trade.valueBefore > 0 ? (trade.cost / trade.valueBefore) * 1e4 : NaN),
      value_before: cell(trade.valueBefore),
      cash_after: cell(1 - invested),
    };
  });
  const skipped = runs.portfolio.unexecuted.length;
  return {
    name: "bb_rebalances",
    title: "Rebalances — turnover, costs and names",
    rows,
    note:
      `Trades ${lag === 0 ? "at the close of the decision date (the paper)" : `${lag} session(s) after the decision date (executionLag=${lag})`}; turnover = sum |w_target - w_drifted| (two-sided), cost = value x turnover x (fees + slippage), cost_bps = cost / value before trading; ` +
      `view_flips = tickers whose action changed since their previous rebalance; prior = the w_mkt this rebalance used (marketCap at the decision date's close, or equal when a cap was missing that day).${skipped ? ` ${skipped} decision(s) fell after the window and were not traded.` : ""}`,
  };
}

/** bb_hit_rate: per rebalance, did BUY names beat the cross-section (and SELL names trail it) over the next holding period? */
export function hitRateTable(rows: readonly HitRateRow[]): Table {
  return {
    name: "bb_hit_rate",
    title: "View hit rate — BUY names vs the cross-section over the next holding period",
    rows: rows.map((r) => ({
      decision_date: r.date,
      period_end: r.periodEnd,
      eligible: r.eligible,
      buys: r.buys,
      buy_hit_rate: cell(r.buyHitRate),
      buy_excess: cell(r.buyExcess),
      sells: r.sells,
      sell_hit_rate: cell(r.sellHitRate),
      sell_excess: cell(r.sellExcess),
    })),
    note: "Holding period: from the trade date's close to the next rebalance's trade date (the last one to the window's end). A BUY hits when its simple return beats the equal-weight mean of the eligible tickers, a SELL when it falls short; excess = mean return of the side minus that mean.",
  };
}

/** bb_attribution: each ticker's arithmetic contribution before costs. */
export function attributionTable(rows: readonly AttributionRow[], grossSum: number): Table {
  return {
    name: "bb_attribution",
    title: "Return attribution by ticker (arithmetic, before costs)",
    rows: rows.map((r) => ({
      ticker: r.ticker,
      mean_weight: cell(r.meanWeight),
      contribution: cell(r.contribution),
      share: cell(grossSum !== 0 ? r.contribution / grossSum : NaN),
      days_held: r.daysHeld,
    })),
    note: `contribution = sum_t w(t-1) r(t) with end-of-day weights and daily simple returns; the contributions sum to ${grossSum.toFixed(6)}, the sum of the book's daily returns before costs (not its compounded net return).`,
  };
}

/** bb_frontier: the long-only frontier of the last rebalance and the books on it. */
export function frontierTable(study: FrontierStudy | null): Table {
  const rows: Row[] = study
    ? [
        ...study.frontier.map((p, k) => ({ point: `frontier ${k + 1}`, expected_return: cell(p.expectedReturn), volatility: cell(p.volatility) })),
        { point: "chosen book", expected_return: cell(study.chosen.expectedReturn), volatility: cell(study.chosen.volatility) },
        { point: "prior (w_mkt)", expected_return: cell(study.prior.expectedReturn), volatility: cell(study.prior.volatility) },
        { point: "equal weight", expected_return: cell(study.equalWeight.expectedReturn), volatility: cell(study.equalWeight.volatility) },
      ]
    : [];
  return {
    name: "bb_frontier",
    title: `Long-only efficient frontier of the last rebalance${study ? ` (${study.date})` : ""}`,
    rows,
    note: "Under the posterior mu_BL and Sigma_BL (annualized) with the run's weight bounds; each frontier point minimises w'Sigma_BL w at its target return (an exact QP).",
  };
}

/** bb_usage: model calls and tokens per task, and the run's total. */
export function usageTable(tasks: readonly TaskUsage[], tokensPerChar: number): Table {
  const total = tasks.reduce(
    (t, r) => ({
      calls: t.calls + r.calls,
      repaired: t.repaired + r.repaired,
      promptChars: t.promptChars + r.promptChars,
      promptTokens: t.promptTokens + r.promptTokens,
      completionTokens: t.completionTokens + r.completionTokens,
    }),
    { calls: 0, repaired: 0, promptChars: 0, promptTokens: 0, completionTokens: 0 },
  );
  const row = (task: string, r: Omit<TaskUsage, "task">): Row => ({
    task,
    calls: r.calls,
    repaired: r.repaired,
    prompt_chars: r.promptChars,
    prompt_tokens_estimate: Number.isFinite(tokensPerChar) ? Math.round(r.promptChars * tokensPerChar) : null,
    prompt_tokens: r.promptTokens,
    completion_tokens: r.completionTokens,
  });
  return {
    name: "bb_usage",
    title: "Model calls and tokens of the run",
    rows: [...tasks.map((t) => row(t.task, t)), row("total", total)],
    note: `prompt_chars: the prompts a real model receives, schema instruction included (rendered even offline); prompt_tokens_estimate: o200k_base tokens at ${tokensPerChar} tokens per character (measured on these prompts with js-tiktoken); prompt_tokens / completion_tokens: as the model reported them (0 for the offline agents). Cache hits are in the manifest's usage, not here: a recording run and its replay must give the same tables.`,
  };
}

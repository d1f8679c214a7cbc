/**
 * `consilium run blackboard`: the third paper's study. On every rebalance
 * date the per-ticker agent threads run in parallel (under ctx.concurrency,
 * sharing nothing but the blackboard, read by ticker), their RiskAssessments
 * become absolute Black-Litterman views, and the daily engine tracks the
 * portfolio against SPY and an equal-weight book, net of 5 bps fees + 5 bps
 * slippage per unit of turnover.
 *
 * Paper text vs authors' code, both available:
 * - market weights of the prior: text "w_mkt" (market-cap; `marketWeights=marketCap`,
 *   default; falls back to equal weights when the data has no shares outstanding,
 *   reported in the summary) vs code "current holdings, 1/N when flat" (`holdings`);
 * - rebalancing: appendix default every 10 trading days (`rebalanceEvery=10`);
 *   the main text's daily re-run is `rebalanceEvery=1`;
 * - agents: re-run on every rebalance (text) or only on Day 0 with views
 *   reused afterwards (the multithreaded script; `rerunAgents=false`); a
 *   ticker that only becomes eligible after Day 0 then gets HOLD (q = 0,
 *   labelled `default_hold` in bb_views).
 *
 * What reaches the optimizer: only the judge's categorical `final_action`
 * (q = +-0.02 / 0) and, with `viewMode=confidence`, its `confidence`. The
 * risk team's `position_scale` (volatility / drawdown sizing) is logged on the
 * blackboard but, as in the paper's BL layer, does not scale the weights.
 *
 * Timing: agents read data up to and including the decision day's close
 * (posts and articles stamped after 20:00 UTC that day are dropped), the
 * covariance uses returns up to the day before, and the engine trades at that
 * close; messages are stamped from 21:00:00Z of the decision day.
 */
import { z } from "zod";
import {
  drawdownSeries,
  performanceMetrics,
  RISK_REPORT_METRICS,
  rollingSharpe,
  buyAndHold,
  equalWeightRule,
  runBacktest,
  type RebalanceContext,
  alignSeries,
} from "../backtest/index";
import { DataFolder } from "../data/index";
import { mapConcurrent } from "../llm/index";
import { perturbViews } from "../portfolio/index";
import { drawdownFigure, equityCurveFigure, rollingSharpeFigure, weightShiftFigure } from "./figures";
import type { Cell, Experiment, ExperimentResult, Row, Table } from "../core/index";
import { blWeightRule, covarianceFor, longOnlyUpperBound, trailingReturnColumns, type Allocation, type AllocatorOptions, type Decision } from "./allocator";
import { Blackboard } from "./log";
import { round8 } from "./numbers";
import { Poster, runTickerPipeline, type PipelineResult } from "./pipeline";
import { SECTOR_ETFS } from "./tools";
import { buildTrace, type DecisionTrace } from "./trace";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD");

export const blackboardConfigSchema = z.object({
  /** Universe: comma-separated string or list; empty = the data folder's stocks (at most maxTickers). */
  tickers: z.union([z.string(), z.array(z.string())]).default(""),
  start: isoDate.default("2025-01-01"),
  end: isoDate.default("2025-08-29"),
  lookback: z.number().int().min(20).default(252),
  rebalanceEvery: z.number().int().min(1).default(10),
  delta: z.number().positive().default(3),
  tau: z.number().positive().default(0.025),
  omegaScale: z.number().positive().default(0.5),
  longOnly: z.boolean().default(true),
  feesBps: z.number().min(0).default(5),
  slippageBps: z.number().min(0).default(5),
  debateRounds: z.number().int().min(1).max(10).default(2),
  viewMode: z.enum(["fixed", "confidence"]).default("fixed"),
  marketWeights: z.enum(["marketCap", "holdings", "equal"]).default("marketCap"),
  /** Covariance estimator: the paper's sample covariance or Ledoit-Wolf shrinkage. */
  covariance: z.enum(["sample", "ledoit-wolf"]).default("sample"),
  /** Optional upper bound per asset on long-only weights (1 = none, the paper's default). */
  maxWeight: z.number().gt(0).max(1).default(1),
  rerunAgents: z.boolean().default(true),
  maxTickers: z.number().int().min(1).default(60),
  benchmark: z.string().default("SPY"),
  /** Ticker of the appendix trace and the perturbation (empty = the Day-0 BUY with the largest weight). */
  traceTicker: z.string().default(""),
  /** Trials for the Deflated Sharpe Ratio. */
  trials: z.number().int().min(1).default(10),
});
export type BlackboardConfig = z.infer<typeof blackboardConfigSchema>;

/**
 * Default universe: tickers the manifest marks as stocks (or, without a
 * manifest type, everything but the benchmark and the sector ETFs), sorted,
 * at most `max`.
 *
 * @example
 * defaultUniverse(DataFolder.open("../shared/datasets"), 60).length; // 59
 */
export function defaultUniverse(data: DataFolder, max: number, benchmark = "SPY"): string[] {
  const etfs = new Set(Object.values(SECTOR_ETFS));
  const all = data.tickers().filter((t) => t !== benchmark);
  const stocks = all.filter((t) => data.tickerInfo(t).type.toLowerCase() === "stock");
  const pool = stocks.length ? stocks : all.filter((t) => !etfs.has(t) && data.tickerInfo(t).type.toLowerCase() !== "etf");
  return pool.slice(0, max);
}

function parseTickers(value: string | string[]): string[] {
  const list = Array.isArray(value) ? value : value.split(",");
  return [...new Set(list.map((t) => t.trim()).filter((t) => t !== ""))];
}

const cell = (x: number): Cell => (Number.isFinite(x) ? round8(x) : null);

/** The decision of a ticker without an agent view: HOLD (q = 0, i.e. the prior). */
const DEFAULT_HOLD: Decision = { action: "HOLD", confidence: 0.5 };

export const blackboardExperiment: Experiment<BlackboardConfig> = {
  name: "blackboard",
  description:
    "Blackboard multi-agent portfolio: analysts, bull/bear and risk debates, Chain-of-Alpha, Black-Litterman allocation and a daily backtest vs SPY and equal weight.",
  configSchema: blackboardConfigSchema as unknown as z.ZodType<BlackboardConfig>,

  defaults(dataDir: string): Partial<BlackboardConfig> {
    try {
      return { tickers: defaultUniverse(DataFolder.open(dataDir, { validate: false }), 60) };
    } catch {
      return {};
    }
  },

  async run(config: BlackboardConfig, ctx): Promise<ExperimentResult> {
    const data = DataFolder.open(ctx.dataDir);
    let tickers = parseTickers(config.tickers);
    if (tickers.length === 0) tickers = defaultUniverse(data, config.maxTickers, config.benchmark);
    tickers = tickers.slice(0, config.maxTickers);
    const missing = tickers.filter((t) => !data.hasPrices(t));
    if (missing.length) throw new Error(`blackboard: no price file for ${missing.join(", ")} in ${ctx.dataDir}/prices (config key "tickers")`);
    if (!data.hasPrices(config.benchmark))
      throw new Error(`blackboard: benchmark ${config.benchmark} has no price file in ${ctx.dataDir}/prices (config key "benchmark")`);
    if (config.start > config.end) throw new Error(`blackboard: start ${config.start} is after end ${config.end}`);

    const calendar = data.calendar();
    const market = alignSeries(
      calendar,
      tickers.map((t) => data.prices(t)),
    );
    const benchClose = alignSeries(calendar, [data.prices(config.benchmark)]).close[0]!;

    const shares = tickers.map((t) => data.tickerInfo(t).sharesOutstanding);
    let marketWeightsUsed: AllocatorOptions["marketWeights"] = config.marketWeights;
    if (config.marketWeights === "marketCap" && shares.some((s) => s === null || !(s > 0))) {
      marketWeightsUsed = "equal";
      ctx.log("blackboard: no shares outstanding in the data folder, so the prior uses equal market weights (marketWeights=marketCap fell back to equal)");
    }
    const allocatorOptions: AllocatorOptions = {
      lookback: config.lookback,
      delta: config.delta,
      tau: config.tau,
      omegaScale: config.omegaScale,
      longOnly: config.longOnly,
      viewMode: config.viewMode,
      marketWeights: marketWeightsUsed,
      sharesOutstanding: shares,
      covariance: config.covariance,
      maxWeight: config.maxWeight,
    };

    const board = Blackboard.inMemory();
    const nextSeq = new Map<string, number>();
    const lastDecisions = new Map<string, Decision>();
    const dayZeroThreads = new Map<string, PipelineResult>();
    let dayZeroDate: string | null = null;
    const viewRows: Row[] = [];
    const weightRows: Row[] = [];
    const allocations: Allocation[] = [];
    const preWeights: Float64Array[] = [];

    const days = calendar.filter((d) => d >= config.start && d <= config.end).length;
    const rebalanceCount = Math.ceil(days / config.rebalanceEvery);
    ctx.progress.start("blackboard rebalances", rebalanceCount);

    const decide = async (date: string, eligible: string[], _rctx: RebalanceContext): Promise<Decision[]> => {
      // Day 0 = the first rebalance with an eligible ticker (decide is only called then), not necessarily step 0.
      const isDayZero = dayZeroDate === null || dayZeroDate === date;
      if (dayZeroDate === null) dayZeroDate = date;
      const runAgents = config.rerunAgents || isDayZero;
      if (runAgents) {
        const results = await mapConcurrent(eligible, ctx.concurrency, (ticker) =>
          runTickerPipeline(data, ticker, date, {
            model: ctx.model,
            seed: ctx.seed,
            board,
            debateRounds: config.debateRounds,
            benchmarkTicker: config.benchmark,
          }),
        );
        for (const r of results) {
          lastDecisions.set(r.ticker, { action: r.assessment.final_action, confidence: r.assessment.confidence });
          nextSeq.set(`${date}|${r.ticker}`, r.nextSeq);
          if (isDayZero) dayZeroThreads.set(r.ticker, r);
          viewRows.push({
            date,
            ticker: r.ticker,
            source: "agents",
            research_view: r.report.view,
            research_confidence: r.report.confidence,
            research_score: r.report.score,
            debate_rounds: r.report.debate_rounds,
            stop_reason: r.report.stop_reason,
            proposal: r.proposal.action,
            final_action: r.assessment.final_action,
            confidence: r.assessment.confidence,
            risk_level: r.assessment.risk_level,
          });
        }
      } else {
        for (const ticker of eligible) {
          // A ticker that became eligible after Day 0 has no agent view: HOLD (q = 0, i.e. the prior), labelled as such.
          const known = lastDecisions.get(ticker);
          const d = known ?? DEFAULT_HOLD;
          viewRows.push({
            date,
            ticker,
            source: known ? "reused" : "default_hold",
            research_view: null,
            research_confidence: null,
            research_score: null,
            debate_rounds: null,
            stop_reason: null,
            proposal: null,
            final_action: d.action,
            confidence: d.confidence,
            risk_level: null,
          });
        }
      }
      return eligible.map((t) => lastDecisions.get(t) ?? DEFAULT_HOLD);
    };

    const onAllocation = (a: Allocation, rctx: RebalanceContext) => {
      allocations.push(a);
      preWeights.push(rctx.currentWeights.slice());
      a.eligible.forEach((i, k) => {
        const ticker = tickers[i]!;
        const key = `${a.date}|${ticker}`;
        const poster = new Poster(board, ctx.seed, a.date, ticker, nextSeq.get(key) ?? 0);
        const decision = a.decisions[k]!;
        poster.post(
          "portfolio_optimizer",
          "TradeDecision",
          "decide",
          "all",
          {
            action: decision.action,
            view_q: round8(a.q[k]!),
            confidence: decision.confidence,
            weight_before: round8(rctx.currentWeights[i]!),
            weight_after: round8(a.weights[k]!),
            prior_return: round8(a.pi[k]!),
            posterior_return: round8(a.muBL[k]!),
          },
          null,
        );
        nextSeq.set(key, poster.seq);
        weightRows.push({
          date: a.date,
          ticker,
          action: decision.action,
          confidence: decision.confidence,
          q: cell(a.q[k]!),
          w_mkt: cell(a.wMkt[k]!),
          pi: cell(a.pi[k]!),
          mu_bl: cell(a.muBL[k]!),
          weight_before: cell(rctx.currentWeights[i]!),
          weight: cell(a.weights[k]!),
        });
      });
      ctx.progress.tick();
    };

    const costs = { start: config.start, end: config.end, rebalanceEvery: config.rebalanceEvery, feesBps: config.feesBps, slippageBps: config.slippageBps };
    const bl = await runBacktest(market, costs, blWeightRule(market, allocatorOptions, decide, onAllocation));
    ctx.progress.done();
    const ew = await runBacktest(market, costs, equalWeightRule(market, config.lookback));
    const spy = buyAndHold(calendar, benchClose, config.start, config.end);
    if (allocations.every((a) => a.eligible.length === 0)) {
      throw new Error(`blackboard: no ticker has ${config.lookback + 1} prices before ${config.start}; lower "lookback" or move "start"`);
    }

    // Risk report.
    const metricsOf = (returns: number[]) => performanceMetrics(returns, { benchmark: spy.returns, rf: 0.02, trials: config.trials });
    const series = [
      { name: `BL portfolio`, key: "portfolio", res: bl.returns, values: bl.values, turnover: bl.totalTurnover, costs: bl.totalCosts },
      { name: `Equal weight`, key: "equal_weight", res: ew.returns, values: ew.values, turnover: ew.totalTurnover, costs: ew.totalCosts },
      { name: config.benchmark, key: "benchmark", res: spy.returns, values: spy.values, turnover: 0, costs: 0 },
    ];
    const metrics = series.map((s) => metricsOf(s.res));
    const perfRows: Row[] = series.map((s, i) => {
      const row: Row = { strategy: s.name, start_value: cell(1_000_000), final_value: cell(s.values.at(-1)!), days: s.res.length };
      for (const k of RISK_REPORT_METRICS) row[k] = cell(metrics[i]![k] as number);
      row.turnover = cell(s.turnover);
      row.costs = cell(s.costs);
      return row;
    });

    const rolling = series.map((s) => rollingSharpe(s.res, 20, { rf: 0.02 }));
    const finiteRolling = Array.from(rolling[0]!).filter(Number.isFinite);
    const rsMean = finiteRolling.length ? finiteRolling.reduce((a, b) => a + b, 0) / finiteRolling.length : NaN;
    const rsStd = finiteRolling.length > 1 ? Math.sqrt(finiteRolling.reduce((a, b) => a + (b - rsMean) ** 2, 0) / (finiteRolling.length - 1)) : NaN;

    const dailyRows: Row[] = bl.dates.map((date, t) => ({
      date,
      portfolio: cell(bl.values[t]!),
      benchmark: cell(spy.values[t]!),
      equal_weight: cell(ew.values[t]!),
      portfolio_return: cell(bl.returns[t]!),
      benchmark_return: cell(spy.returns[t]!),
      equal_weight_return: cell(ew.returns[t]!),
      cash: cell(bl.cash[t]!),
      rolling_sharpe_20d: cell(rolling[0]![t]!),
    }));

    // Perturbation and trace on Day 0 (where the paper runs the full pipeline).
    const day0 = allocations.find((a) => a.eligible.length > 0)!;
    const day0Tickers = day0.eligible.map((i) => tickers[i]!);
    const pick = pickTraceTicker(config.traceTicker, day0, day0Tickers);
    const sigma = covarianceFor(trailingReturnColumns(market, day0.eligible, market.dates.indexOf(day0.date), config.lookback), config.covariance);
    const perturbation = perturbViews({
      tickers: day0Tickers,
      sigma,
      decisions: day0.decisions.map((d) => d.action),
      viewOptions: config.viewMode === "confidence" ? { mode: "confidence-scaled", confidences: day0.decisions.map((d) => d.confidence) } : { mode: "fixed" },
      market: { mode: "market-cap", marketCaps: day0.wMkt },
      delta: config.delta,
      tau: config.tau,
      omegaScale: config.omegaScale,
      ticker: pick,
      longOnly: config.longOnly,
      upper: longOnlyUpperBound(allocatorOptions.maxWeight, day0Tickers.length),
    });
    const perturbRows: Row[] = perturbation.shifts
      .slice(0, 12)
      .map((s) => ({ ticker: s.ticker, before: cell(s.before), after: cell(s.after), delta: cell(s.delta) }));

    let trace: DecisionTrace | null = null;
    const thread = dayZeroThreads.get(pick);
    if (thread) {
      const k = day0Tickers.indexOf(pick);
      trace = buildTrace(
        board,
        day0.date,
        pick,
        thread.toolCalls,
        thread.llmCalls,
        {
          research_view: thread.report.view,
          research_confidence: thread.report.confidence,
          proposal: thread.proposal.action,
          final_action: thread.assessment.final_action,
          confidence: thread.assessment.confidence,
        },
        {
          ticker: {
            before: round8(preWeights[allocations.indexOf(day0)]![day0.eligible[k]!]!),
            after: round8(day0.weights[k]!),
            view_q: round8(day0.q[k]!),
            prior_return: round8(day0.pi[k]!),
            posterior_return: round8(day0.muBL[k]!),
          },
          top: day0Tickers
            .map((t, j) => ({ ticker: t, weight: round8(day0.weights[j]!) }))
            .sort((a, b) => b.weight - a.weight || (a.ticker < b.ticker ? -1 : 1))
            .slice(0, 10),
        },
      );
    }
    const traceRows: Row[] = (trace?.messages ?? []).map((m) => ({
      timestamp: m.timestamp,
      type: m.type,
      sender: m.sender.role,
      intent: m.intent,
      target: m.target,
      summary: summarizeMessage(m.type, m.content as unknown as Record<string, unknown>),
    }));

    const tables: Table[] = [
      {
        name: "bb_performance",
        title: "Risk report — BL portfolio vs equal weight and the benchmark",
        rows: perfRows,
        note: `Daily returns net of ${config.feesBps} bps fees + ${config.slippageBps} bps slippage per unit of turnover; rf 2%; beta, alpha, tracking error and excess return vs ${config.benchmark}. sharpeCagr = (CAGR - rf) / vol (the paper's headline style); sharpeMeanExcess = mean excess return / std x sqrt(252). Deflated Sharpe with ${config.trials} trials.`,
      },
      { name: "bb_daily_values", title: "Daily portfolio values vs benchmark and equal weight", rows: dailyRows },
      {
        name: "bb_weights",
        title: "Black-Litterman weights per rebalance",
        rows: weightRows,
        note: "q = absolute view, pi = equilibrium prior, mu_bl = posterior mean (annualized); weight_before = drifted weight just before trading.",
      },
      {
        name: "bb_views",
        title: "Agent views per rebalance",
        rows: viewRows,
        note: config.rerunAgents
          ? "Agents re-run on every rebalance date."
          : "Agents run on Day 0 only; later rebalances reuse those views (source = reused; default_hold = eligible only after Day 0, so no view).",
      },
      {
        name: "bb_perturbation",
        title: `Perturbation — ${perturbation.ticker} ${perturbation.from} -> ${perturbation.to} on ${day0.date}`,
        rows: perturbRows,
        note: "One-step view flip holding every other input fixed (the paper's WAB case); the 12 largest |weight changes|.",
      },
      {
        name: "bb_trace",
        title: `Trace — ${pick} on ${day0.date}`,
        rows: traceRows,
        note: "Messages of one thread in order; the full redacted trace (tool calls with arguments, decision, weights) is the trace.json artifact.",
      },
    ];

    const figures = [
      equityCurveFigure(
        bl.dates,
        series.map((s) => ({ name: s.name, values: s.values })),
      ),
      rollingSharpeFigure(
        bl.dates,
        series.map((s, i) => ({ name: s.name, values: rolling[i]! })),
      ),
      drawdownFigure(
        bl.dates,
        series.map((s) => ({ name: s.name, values: drawdownSeries(s.res) })),
      ),
      weightShiftFigure(perturbation.shifts.slice(0, 10), `${perturbation.ticker} ${perturbation.from} -> ${perturbation.to}, ${day0.date}`),
    ];

    const m0 = metrics[0]!;
    const summary: Record<string, Cell> = {
      tickers: tickers.length,
      days: bl.dates.length,
      rebalances: bl.rebalances.length,
      messages: board.size,
      totalReturn: cell(m0.totalReturn),
      benchmarkTotalReturn: cell(metrics[2]!.totalReturn),
      equalWeightTotalReturn: cell(metrics[1]!.totalReturn),
      excessVsBenchmark: cell(m0.excessTotalReturn),
      annualizedReturn: cell(m0.annualizedReturn),
      annualizedVolatility: cell(m0.annualizedVolatility),
      sharpeCagr: cell(m0.sharpeCagr),
      sharpeMeanExcess: cell(m0.sharpeMeanExcess),
      sortino: cell(m0.sortino),
      maxDrawdown: cell(m0.maxDrawdown),
      deflatedSharpe: cell(m0.deflatedSharpe),
      finalValue: cell(bl.values.at(-1)!),
      turnover: cell(bl.totalTurnover),
      rollingSharpeMean: cell(rsMean),
      rollingSharpeStd: cell(rsStd),
      rollingSharpeMin: cell(finiteRolling.length ? Math.min(...finiteRolling) : NaN),
      rollingSharpeMax: cell(finiteRolling.length ? Math.max(...finiteRolling) : NaN),
      marketWeightsUsed,
      traceTicker: pick,
      traceDate: day0.date,
    };

    const artifacts = [{ path: "blackboard.jsonl", content: board.toJsonl("canonical") }];
    if (trace) artifacts.push({ path: "trace.json", content: JSON.stringify(trace, null, 2) + "\n" });
    return { tables, figures, summary, artifacts };
  },
};

function pickTraceTicker(requested: string, day0: Allocation, day0Tickers: string[]): string {
  if (requested) {
    if (!day0Tickers.includes(requested))
      throw new Error(`blackboard: traceTicker ${requested} is not eligible on ${day0.date} (eligible: ${day0Tickers.join(", ")})`);
    return requested;
  }
  let best = -1;
  for (let k = 0; k < day0Tickers.length; k++) {
    const isBuy = day0.decisions[k]!.action === "BUY";
    const better =
      best < 0 ||
      (isBuy && day0.decisions[best]!.action !== "BUY") ||
      (isBuy === (day0.decisions[best]!.action === "BUY") && day0.weights[k]! > day0.weights[best]!);
    if (better) best = k;
  }
  return day0Tickers[best]!;
}

function summarizeMessage(type: string, c: Record<string, unknown>): string {
  switch (type) {
    case "AnalysisReport":
      return `${c.analyst}: ${c.stance} (signal ${c.signal}, confidence ${c.confidence})`;
    case "DebateComment":
      return `${c.side} r${c.round}: ${String(c.argument).slice(0, 160)}`;
    case "FinalReport":
      return `${c.view} (confidence ${c.confidence}, ${c.stop_reason})`;
    case "TradeProposal":
      return `${c.action} x${c.size_scale} (conviction ${c.conviction})`;
    case "RiskDebateComment":
      return `${c.stance} r${c.round}: ${c.recommended_action} x${c.position_scale}${c.concedes ? " (concedes)" : ""}`;
    case "RiskPosition":
      return `${c.stance}: ${c.action}, risk ${c.risk_level}`;
    case "RiskRecommendation":
      return `${c.stance}: ${(c.actions as string[]).join("; ")}`;
    case "RiskAlert":
      return `${c.metric}: ${c.message}`;
    case "RiskAssessment":
      return `${c.final_action} (confidence ${c.confidence}, risk ${c.risk_level})`;
    case "TradeDecision":
      return `${c.action}: q ${c.view_q}, weight ${c.weight_before} -> ${c.weight_after}`;
    default:
      return type;
  }
}

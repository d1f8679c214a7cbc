/**
 * What happens on each rebalance date of the agent backtest, and what is kept
 * of it. `decide` runs the per-ticker threads in parallel (under
 * ctx.concurrency; they share nothing but the blackboard, read by ticker) or,
 * with `rerunAgents=false` after Day 0, reuses their Day-0 views; `record`
 * posts the optimizer's TradeDecision for every eligible ticker and keeps the
 * allocation, the views and the Day-0 threads for the tables and the trace.
 */
import type { RebalanceContext } from "../backtest/index";
import type { RunContext } from "../core/index";
import type { DataFolder } from "../data/index";
import { mapConcurrent } from "../llm/index";
import { allocationEntries, type Allocation, type AllocationEntry, type Decision } from "./allocator";
import type { BlackboardConfig } from "./config";
import { Blackboard } from "./log";
import { itemAt } from "./lookup";
import type { FinalReport, RiskAssessment, TradeProposal } from "./messages";
import { round8 } from "./numbers";
import { Poster, runTickerPipeline, type PipelineResult } from "./pipeline";

/** The decision of a ticker without an agent view: HOLD (q = 0, i.e. the prior). */
export const DEFAULT_HOLD: Decision = { action: "HOLD", confidence: 0.5 };

/** Where a rebalance's view of a ticker came from (the `source` column of bb_views). */
export type ViewSource = "agents" | "reused" | "default_hold";

/** One ticker's view on one rebalance date. */
export interface ViewRecord {
  date: string;
  ticker: string;
  source: ViewSource;
  /** What reaches the optimizer. */
  decision: Decision;
  /** The thread's research, proposal and risk verdict when the agents ran on this date; null for a reused or default view. */
  thread: { report: FinalReport; proposal: TradeProposal; assessment: RiskAssessment } | null;
}

/** One eligible ticker at one rebalance: the allocator's numbers and the drifted weight just before trading. */
export interface PositionRecord extends AllocationEntry {
  ticker: string;
  weightBefore: number;
}

/** One rebalance of the agent backtest: the allocation and its eligible tickers (none when no ticker had enough history). */
export interface RebalanceRecord {
  allocation: Allocation;
  positions: PositionRecord[];
}

/**
 * The agents' side of the BL backtest: hand `decide` and `record` to
 * `blWeightRule`, then read `views`, `rebalances`, `dayZeroThreads` and the
 * `board`.
 *
 * @example
 * const agents = new AgentRebalancer(data, tickers, config, ctx);
 * await runBacktest(market, costs, blWeightRule(market, options, (d, e) => agents.decide(d, e), (a, r) => agents.record(a, r)));
 * agents.views.filter((v) => v.source === "agents").length;
 */
export class AgentRebalancer {
  readonly board = Blackboard.inMemory();
  readonly views: ViewRecord[] = [];
  readonly rebalances: RebalanceRecord[] = [];
  /** Day 0's thread per ticker, for the appendix trace. */
  readonly dayZeroThreads = new Map<string, PipelineResult>();
  /** Next free message sequence number per `date|ticker` thread (the optimizer's TradeDecision follows the agents' messages). */
  private readonly nextSeq = new Map<string, number>();
  private readonly lastDecisions = new Map<string, Decision>();
  private dayZeroDate: string | null = null;

  constructor(
    private readonly data: DataFolder,
    /** The universe, in market order (allocation indices point into it). */
    private readonly tickers: readonly string[],
    private readonly config: BlackboardConfig,
    private readonly ctx: RunContext,
  ) {}

  /** The decisions for the eligible tickers of a rebalance date, in their order. */
  async decide(date: string, eligible: readonly string[]): Promise<Decision[]> {
    // Day 0 = the first rebalance with an eligible ticker (decide is only called then), not necessarily step 0.
    const isDayZero = this.dayZeroDate === null || this.dayZeroDate === date;
    if (this.dayZeroDate === null) this.dayZeroDate = date;
    if (this.config.rerunAgents || isDayZero) await this.runAgents(date, eligible, isDayZero);
    else this.reuseViews(date, eligible);
    return eligible.map((t) => this.lastDecisions.get(t) ?? DEFAULT_HOLD);
  }

  /** Keep one allocation and post its TradeDecisions (one per eligible ticker, in eligible order). */
  record(allocation: Allocation, rctx: RebalanceContext): void {
    const positions = allocationEntries(allocation).map((entry) => ({
      ...entry,
      ticker: itemAt(this.tickers, entry.index, "ticker of the universe"),
      weightBefore: itemAt(rctx.currentWeights, entry.index, `weight before trading on ${allocation.date}`),
    }));
    this.rebalances.push({ allocation, positions });
    for (const position of positions) this.postTradeDecision(allocation.date, position);
    this.ctx.progress.tick();
  }

  private async runAgents(date: string, eligible: readonly string[], isDayZero: boolean): Promise<void> {
    const results = await mapConcurrent(eligible, this.ctx.concurrency, (ticker) =>
      runTickerPipeline(this.data, ticker, date, {
        model: this.ctx.model,
        seed: this.ctx.seed,
        board: this.board,
        debateRounds: this.config.debateRounds,
        benchmarkTicker: this.config.benchmark,
      }),
    );
    for (const r of results) {
      const decision: Decision = { action: r.assessment.final_action, confidence: r.assessment.confidence };
      this.lastDecisions.set(r.ticker, decision);
      this.nextSeq.set(`${date}|${r.ticker}`, r.nextSeq);
      if (isDayZero) this.dayZeroThreads.set(r.ticker, r);
      this.views.push({ date, ticker: r.ticker, source: "agents", decision, thread: { report: r.report, proposal: r.proposal, assessment: r.assessment } });
    }
  }

  private reuseViews(date: string, eligible: readonly string[]): void {
    for (const ticker of eligible) {
      // A ticker that became eligible after Day 0 has no agent view: HOLD (q = 0, i.e. the prior), labelled as such.
      const known = this.lastDecisions.get(ticker);
      this.views.push({ date, ticker, source: known ? "reused" : "default_hold", decision: known ?? DEFAULT_HOLD, thread: null });
    }
  }

  private postTradeDecision(date: string, position: PositionRecord): void {
    const key = `${date}|${position.ticker}`;
    const poster = new Poster(this.board, this.ctx.seed, date, position.ticker, this.nextSeq.get(key) ?? 0);
    const content = {
      action: position.decision.action,
      view_q: round8(position.q),
      confidence: position.decision.confidence,
      weight_before: round8(position.weightBefore),
      weight_after: round8(position.weight),
      prior_return: round8(position.pi),
      posterior_return: round8(position.muBL),
    };
    poster.post("portfolio_optimizer", "TradeDecision", "decide", "all", content, null);
    this.nextSeq.set(key, poster.seq);
  }
}

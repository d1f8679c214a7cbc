/**
 * What happens on each rebalance date of the agent backtest, and what is kept
 * of it. `decide` runs the per-ticker threads in parallel (under
 * ctx.concurrency; they share nothing but the blackboard, read by ticker):
 * first every eligible ticker's analysts, then — for all of them, or with
 * `topK` only for the k strongest analyst signals — the debates, trader and
 * risk team; with `rerunAgents=false` after Day 0 it reuses the Day-0 views,
 * and with `ablate=views` it runs no agent at all. `record` posts the
 * optimizer's TradeDecision for every eligible ticker and keeps the
 * allocation, the views and the Day-0 threads for the tables and the trace.
 *
 * The blackboard is journalled to the run folder as messages are posted
 * (journal.ts) when the run has one (`ctx.runDir`), with every thread's tool
 * calls; every model call is counted (usage.ts).
 */
import type { RebalanceContext } from "../backtest/index";
import type { RunContext } from "../core/index";
import { priceBasisFor, rebasedBasis, splitTable, type DataFolder, type PriceBasis } from "../data/index";
import { mapConcurrent } from "../llm/index";
import { hedgeRatio } from "./alpha";
import { allocationEntries, type Allocation, type AllocationEntry, type Decision } from "./allocator";
import type { BlackboardConfig } from "./config";
import { RunJournal } from "./journal";
import { Blackboard } from "./log";
import { itemAt } from "./lookup";
import type { FinalReport, RiskAssessment, TradeProposal } from "./messages";
import { round8 } from "./numbers";
import type { AnswerGap } from "./gaps";
import {
  finishThread,
  Poster,
  startThread,
  stopThread,
  ThreadGapError,
  type PipelineOptions,
  type PipelineResult,
  type StartedThread,
  type ThreadRecord,
} from "./pipeline";
import { promptTasks, type BlackboardTasks } from "./tasks";
import { UsageMeter } from "./usage";

/** The decision of a ticker without an agent view: HOLD (q = 0, i.e. the prior). */
export const DEFAULT_HOLD: Decision = { action: "HOLD", confidence: 0.5 };

/** A ticker with no view at all on a date (top-k filter, ablate=views): the prior stands. */
export const NO_VIEW: Decision = { action: "HOLD", confidence: 0.5, view: false };

/**
 * Where a rebalance's view of a ticker came from (the `source` column of
 * bb_views): the agents that day, reused Day-0 views, a default HOLD for a
 * ticker eligible only after Day 0, no view because top-k did not retain it
 * ("filtered"), no view because an agent's answer stayed invalid
 * (onInvalid=skip: "gap"), or no agents at all ("prior", ablate=views).
 */
export type ViewSource = "agents" | "reused" | "default_hold" | "filtered" | "gap" | "prior";

/** One ticker's view on one rebalance date. */
export interface ViewRecord {
  date: string;
  ticker: string;
  source: ViewSource;
  /** What reaches the optimizer. */
  decision: Decision;
  /** Confidence-weighted mean analyst signal when the analysts ran on this date. */
  signal: number | null;
  /** The thread's research, proposal and risk verdict (null under ablate=risk) when it ran in full on this date. */
  thread: { report: FinalReport; proposal: TradeProposal; assessment: RiskAssessment | null } | null;
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
 * The view a finished thread hands to Black-Litterman (the config's
 * confidence and sizing rules, config.ts): the judge's final action, or the
 * trader's proposal under ablate=risk.
 *
 * @example
 * decisionOf(result, config); // { action: "BUY", confidence: 0.62, size: 1 }
 */
export function decisionOf(r: PipelineResult, config: Pick<BlackboardConfig, "confidence" | "sizing">): Decision {
  const action = r.assessment?.final_action ?? r.proposal.action;
  const judge = r.assessment?.confidence ?? r.proposal.conviction;
  const voices = [r.report.view, ...(r.assessment ? Object.values(r.assessment.votes) : [r.proposal.action])];
  const consensus = voices.filter((v) => v === action).length / voices.length;
  const confidence = config.confidence === "consensus" ? ((r.report.confidence + judge) / 2) * consensus : judge;
  const hedge = hedgeRatio(r.proposal);
  const scale = config.sizing === "risk" ? (r.assessment?.position_scale ?? r.proposal.size_scale) : r.proposal.size_scale;
  const decision: Decision = { action, confidence: round8(Math.min(1, Math.max(0, confidence))) };
  if (config.sizing !== "none") decision.size = round8(scale * (1 - hedge));
  return decision;
}

/**
 * The agents' side of the BL backtest: hand `decide` and `record` to
 * `blWeightRule`, then read `views`, `rebalances`, `dayZeroThreads`, the
 * `board` and `usage`, and `finish()` the journal.
 *
 * @example
 * const agents = new AgentRebalancer(data, tickers, config, ctx);
 * await runBacktest(market, costs, blWeightRule(market, options, (d, e) => agents.decide(d, e), (a, r) => agents.record(a, r)));
 * agents.views.filter((v) => v.source === "agents").length;
 */
export class AgentRebalancer {
  readonly board: Blackboard;
  readonly journal: RunJournal | null;
  readonly usage = new UsageMeter();
  readonly views: ViewRecord[] = [];
  readonly rebalances: RebalanceRecord[] = [];
  /** Answers that stayed invalid (onInvalid=skip), in the order of the rebalances and the tickers. */
  readonly gaps: AnswerGap[] = [];
  /** Day 0's thread per ticker, for the appendix trace. */
  readonly dayZeroThreads = new Map<string, PipelineResult>();
  /** Next free message sequence number per `date|ticker` thread (the optimizer's TradeDecision follows the agents' messages). */
  private readonly nextSeq = new Map<string, number>();
  private readonly priceBases = new Map<string, PriceBasis>();
  private splits: ReturnType<typeof splitTable> | undefined;
  private readonly lastDecisions = new Map<string, Decision>();
  private dayZeroDate: string | null = null;
  /** The agent tasks of the run's prompt set, loaded and checked once, before any agent runs. */
  private readonly tasks: BlackboardTasks;

  constructor(
    private readonly data: DataFolder,
    /** The universe, in market order (allocation indices point into it). */
    private readonly tickers: readonly string[],
    private readonly config: BlackboardConfig,
    private readonly ctx: RunContext,
  ) {
    this.tasks = promptTasks(config);
    this.journal = ctx.runDir
      ? RunJournal.open(ctx.runDir, { seed: ctx.seed, model: ctx.model.id, dataDir: ctx.dataDir, config: config as unknown as Record<string, unknown> }, (m) =>
          ctx.log(m),
        )
      : null;
    this.board = this.journal ? Blackboard.withSink(this.journal.sink) : Blackboard.inMemory();
  }

  /** The decisions for the eligible tickers of a rebalance date, in their order. */
  async decide(date: string, eligible: readonly string[]): Promise<Decision[]> {
    // Day 0 = the first rebalance with an eligible ticker (decide is only called then), not necessarily step 0.
    const isDayZero = this.dayZeroDate === null || this.dayZeroDate === date;
    if (this.dayZeroDate === null) this.dayZeroDate = date;
    if (this.config.ablate === "views") {
      for (const ticker of eligible) this.views.push({ date, ticker, source: "prior", decision: NO_VIEW, signal: null, thread: null });
      return eligible.map(() => NO_VIEW);
    }
    if (this.config.rerunAgents || isDayZero) return this.runAgents(date, eligible, isDayZero);
    return this.reuseViews(date, eligible);
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

  /** Close the journal (compress it, mark it complete); null when the run has no folder. */
  finish(): { messages: number; threads: number } | null {
    return this.journal ? this.journal.finish() : null;
  }

  private pipelineOptions(): PipelineOptions {
    const { ablate } = this.config;
    return {
      model: this.ctx.model,
      seed: this.ctx.seed,
      board: this.board,
      debateRounds: this.config.debateRounds,
      benchmarkTicker: this.config.benchmark,
      priceBasisOf: (ticker) => this.priceBasisOf(ticker),
      ablate: ablate === "views" ? "none" : ablate,
      historyDays: this.config.historyDays,
      usage: this.usage,
      tasks: this.tasks,
      onInvalid: this.config.onInvalid,
    };
  }

  /**
   * The basis of a ticker's levels in the agents' data: rebased to 100 at
   * `start` under anonymize, else as traded when a split table is known
   * (`splits`, else the folder's prices/_splits.csv), else adjusted as of the
   * series' last date. Cached per ticker (the same for every rebalance).
   */
  private priceBasisOf(ticker: string): PriceBasis {
    let basis = this.priceBases.get(ticker);
    if (!basis) {
      const series = this.data.prices(ticker);
      if (this.config.anonymize) basis = rebasedBasis(series, this.config.start);
      else {
        if (this.splits === undefined) this.splits = splitTable(this.data.dir, this.config.splits);
        basis = priceBasisFor(ticker, series, this.splits);
      }
      this.priceBases.set(ticker, basis);
    }
    return basis;
  }

  private async runAgents(date: string, eligible: readonly string[], isDayZero: boolean): Promise<Decision[]> {
    const options = this.pipelineOptions();
    const started = await mapConcurrent(eligible, this.ctx.concurrency, (ticker) => orGap(startThread(this.data, ticker, date, options)));
    const live = started.filter((s): s is StartedThread => !(s instanceof ThreadGapError));
    const retained = retainedTickers(live, this.config.topK);
    const finished = await mapConcurrent(
      live.filter((s) => retained.has(s.ticker)),
      this.ctx.concurrency,
      (s) => orGap(finishThread(s)),
    );
    const byTicker = new Map(finished.map((r) => [r instanceof ThreadGapError ? r.gap.ticker : r.ticker, r]));
    return started.map((s) => {
      if (s instanceof ThreadGapError) return this.keepGap(date, s, null);
      const result = byTicker.get(s.ticker);
      if (!result) return this.keepFiltered(date, s, stopThread(s));
      if (result instanceof ThreadGapError) return this.keepGap(date, result, s.signal);
      const decision = decisionOf(result, this.config);
      this.keepThread(date, result);
      this.lastDecisions.set(result.ticker, decision);
      if (isDayZero) this.dayZeroThreads.set(result.ticker, result);
      const thread = { report: result.report, proposal: result.proposal, assessment: result.assessment };
      this.views.push({ date, ticker: result.ticker, source: "agents", decision, signal: round8(s.signal), thread });
      return decision;
    });
  }

  /** A ticker whose thread stopped on an invalid answer (onInvalid=skip): what it posted is kept, the gap recorded, and it has no view. */
  private keepGap(date: string, stopped: ThreadGapError, signal: number | null): Decision {
    this.keepThread(date, stopped.record);
    this.gaps.push(stopped.gap, ...stopped.alsoInvalid);
    this.lastDecisions.set(stopped.gap.ticker, NO_VIEW);
    this.views.push({ date, ticker: stopped.gap.ticker, source: "gap", decision: NO_VIEW, signal: signal === null ? null : round8(signal), thread: null });
    return NO_VIEW;
  }

  /** A ticker top-k did not retain: its analysts' thread is kept, and it has no view. */
  private keepFiltered(date: string, started: StartedThread, record: ThreadRecord): Decision {
    this.keepThread(date, record);
    this.lastDecisions.set(started.ticker, NO_VIEW);
    this.views.push({ date, ticker: started.ticker, source: "filtered", decision: NO_VIEW, signal: round8(started.signal), thread: null });
    return NO_VIEW;
  }

  private keepThread(date: string, record: ThreadRecord): void {
    this.nextSeq.set(`${date}|${record.ticker}`, record.nextSeq);
    this.journal?.recordThread(date, record.ticker, record.toolCalls);
  }

  private reuseViews(date: string, eligible: readonly string[]): Decision[] {
    return eligible.map((ticker) => {
      // A ticker that became eligible after Day 0 has no agent view: HOLD (q = 0, i.e. the prior), labelled as such.
      const known = this.lastDecisions.get(ticker);
      const decision = known ?? DEFAULT_HOLD;
      this.views.push({ date, ticker, source: known ? "reused" : "default_hold", decision, signal: null, thread: null });
      return decision;
    });
  }

  private postTradeDecision(date: string, position: PositionRecord): void {
    const key = `${date}|${position.ticker}`;
    const poster = new Poster(this.board, this.ctx.seed, date, position.ticker, this.nextSeq.get(key) ?? 0);
    const content = {
      action: position.decision.action,
      view_q: position.viewed ? round8(position.q) : null,
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

/** The thread's outcome, or the ThreadGapError it stopped with (any other failure propagates). */
async function orGap<T>(thread: Promise<T>): Promise<T | ThreadGapError> {
  try {
    return await thread;
  } catch (err) {
    if (err instanceof ThreadGapError) return err;
    throw err;
  }
}

/**
 * The tickers whose debates run: all of them when k is 0 or at least the
 * count, else the k largest |signal| (ties by ticker).
 *
 * @example
 * retainedTickers([{ ticker: "A", signal: 0.1 }, { ticker: "B", signal: -0.6 }], 1); // Set { "B" }
 */
export function retainedTickers(started: ReadonlyArray<Pick<StartedThread, "ticker" | "signal">>, k: number): Set<string> {
  if (k <= 0 || k >= started.length) return new Set(started.map((s) => s.ticker));
  const ranked = started.slice().sort((a, b) => Math.abs(b.signal) - Math.abs(a.signal) || (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
  return new Set(ranked.slice(0, k).map((s) => s.ticker));
}

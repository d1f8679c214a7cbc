/**
 * `consilium run finmem`: FinMem (Yu et al., arXiv 2311.13743) trained and
 * tested on a data folder's prices/, news/ and filings/.
 *
 * Defaults. Memory constants are the authors' code values (constants.ts).
 * `riskMode` defaults to "adaptive": the paper's FinMem runs use the
 * self-adaptive risk character (risk-seeking vs risk-averse are its ablation).
 * `shallowQ` defaults to "code" (3 trading days); "paper" gives the paper-era 14.
 * Date windows depend on the data (see `chooseFinMemDefaults`): on
 * ../shared/datasets that is MSFT, train 2020-03-13 .. 2020-12-31, test
 * 2021-01-01 .. 2021-05-06 (the span of the INVESTOR-BENCH news); the paper's
 * own headline window (2022-10-06 .. 2023-04-10) has no MSFT news in the data.
 */
import { z } from "zod";
import { performanceMetrics, type PerformanceMetrics } from "../backtest/index";
import { addDays, daysInMonth, DataFolder } from "../data/index";
import { type Embedder, HashingEmbedder, TfidfEmbedder, contentTokens } from "../text/index";
import { cumulativeReturnFigure, memoryLayersFigure } from "./figures";
import type { Experiment, ExperimentResult, Row, RunContext, Table } from "../core/index";
import { LAYERS, memoryParams } from "./constants";
import { DEFAULT_LOOP_OPTIONS, evaluate, runFinMem, type FinMemLoopOptions, type FinMemLoopResult } from "./loop";
import { cumulativeSeries, finmemMetrics, type FinMemMetrics } from "./metrics";

const isoOrEmpty = z.string().refine((s) => s === "" || /^\d{4}-\d{2}-\d{2}$/.test(s), "expected YYYY-MM-DD (or empty for the data-dependent default)");

export const finmemConfigSchema = z.object({
  /** Ticker to trade ("" = chosen from the data folder). */
  ticker: z.string().default(""),
  trainStart: isoOrEmpty.default(""),
  trainEnd: isoOrEmpty.default(""),
  testStart: isoOrEmpty.default(""),
  testEnd: isoOrEmpty.default(""),
  /** Cognitive span: events retrieved per layer. */
  topK: z.number().int().min(1).max(100).default(5),
  riskMode: z.enum(["seeking", "averse", "adaptive"]).default("adaptive"),
  /** Shallow-layer recency Q: "code" = 3, "paper" = 14, or a number of trading days. */
  shallowQ: z.union([z.enum(["code", "paper"]), z.coerce.number().positive()]).default("code"),
  /** "context" = the run's embedder (--embedder), "hashing", "tfidf" (fitted on training-window text), "openai" (requires --embedder openai). */
  embedder: z.enum(["context", "hashing", "tfidf", "openai"]).default("context"),
  /** Extended reflection every N trading days (5 = weekly; 0 = off). */
  extendedReflectionEvery: z.number().int().min(0).default(5),
  feedbackWindow: z.number().int().min(0).default(7),
  /** Position whose P&L drives feedback: "direction" (direction_t) or "cumulative" (the authors' Portfolio holding). */
  feedbackPosition: z.enum(["direction", "cumulative"]).default("direction"),
  /** Score the last test day with the first close after testEnd ("score") or not ("drop", as the authors' script). */
  lastTestDay: z.enum(["score", "drop"]).default("score"),
  momentumWindow: z.number().int().min(1).default(3),
  riskWindow: z.number().int().min(1).default(3),
  /** Cap on news items summarised per day (0 = all). */
  maxNewsPerDay: z.number().int().min(0).default(0),
});
export type FinMemConfig = z.output<typeof finmemConfigSchema>;

/** The traded ticker and the train / test windows of a config. */
export type FinMemWindows = Pick<FinMemConfig, "ticker" | "trainStart" | "trainEnd" | "testStart" | "testEnd">;

/** The ticker and the four window dates, in this key order (the loop options and the summary list them so). */
function windowsOf(config: FinMemWindows): FinMemWindows {
  return { ticker: config.ticker, trainStart: config.trainStart, trainEnd: config.trainEnd, testStart: config.testStart, testEnd: config.testEnd };
}

/**
 * The data-dependent defaults: the ticker among those with prices and news
 * that has filings, then the most news (ties alphabetical); train from its
 * first news day, test from the first of the month nearest to two thirds of
 * the news span (at least 20 trading days on each side, else the unsnapped
 * two-thirds point) to its last news day.
 *
 * @example
 * chooseFinMemDefaults(DataFolder.open("../shared/datasets"));
 * // { ticker: "MSFT", trainStart: "2020-03-13", trainEnd: "2020-12-31", testStart: "2021-01-01", testEnd: "2021-05-06" }
 */
export function chooseFinMemDefaults(folder: DataFolder, ticker?: string): FinMemWindows | null {
  const priced = new Set(folder.tickers());
  const candidates = folder.newsTickers().filter((t) => priced.has(t));
  if (candidates.length === 0) return null;
  const chosen =
    ticker && ticker !== ""
      ? ticker
      : candidates
          .map((t) => ({ t, filings: folder.filings(t).length > 0 ? 1 : 0, news: folder.news(t).length }))
          .sort((a, b) => b.filings - a.filings || b.news - a.news || (a.t < b.t ? -1 : 1))[0]!.t;
  const news = folder.news(chosen);
  const dates = folder.prices(chosen).dates;
  if (news.length === 0 || dates.length < 3) return null;
  const first = news[0]!.date > dates[0]! ? news[0]!.date : dates[0]!;
  const last = news[news.length - 1]!.date < dates[dates.length - 2]! ? news[news.length - 1]!.date : dates[dates.length - 2]!;
  const inSpan = dates.filter((d) => d >= first && d <= last);
  if (inSpan.length < 4) return null;
  const spanDays = (Date.parse(last) - Date.parse(first)) / 86_400_000;
  const twoThirds = addDays(first, Math.round((2 * spanDays) / 3));
  const [y, m, d] = twoThirds.split("-").map(Number) as [number, number, number];
  const thisMonth = `${twoThirds.slice(0, 7)}-01`;
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  const snapped = d - 1 <= daysInMonth(y, m) - d + 1 ? thisMonth : nextMonth;
  const count = (split: string) => [inSpan.filter((x) => x < split).length, inSpan.filter((x) => x >= split).length] as const;
  const [beforeSnap, afterSnap] = count(snapped);
  const split = beforeSnap >= 20 && afterSnap >= 20 ? snapped : inSpan[Math.floor((2 * inSpan.length) / 3)]!;
  return { ticker: chosen, trainStart: first, trainEnd: addDays(split, -1), testStart: split, testEnd: last };
}

/**
 * Loop options from a resolved config (windows must be filled).
 *
 * @example
 * loopOptionsFromConfig({ ...config, shallowQ: "paper" }).memory.layers.shallow.recencyQ; // 14
 */
export function loopOptionsFromConfig(config: FinMemConfig): FinMemLoopOptions {
  return {
    ...DEFAULT_LOOP_OPTIONS,
    ...windowsOf(config),
    topK: config.topK,
    riskMode: config.riskMode,
    riskWindow: config.riskWindow,
    momentumWindow: config.momentumWindow,
    feedbackWindow: config.feedbackWindow,
    feedbackPosition: config.feedbackPosition,
    extendedReflectionEvery: config.extendedReflectionEvery,
    maxNewsPerDay: config.maxNewsPerDay,
    memory: memoryParams({ shallowQ: config.shallowQ }),
  };
}

/**
 * Fill empty ticker / window keys from the data folder.
 *
 * @example
 * resolveWindows(finmemConfigSchema.parse({}), DataFolder.open("../shared/datasets")).ticker; // "MSFT"
 */
export function resolveWindows(config: FinMemConfig, folder: DataFolder): FinMemConfig {
  if (config.ticker && config.trainStart && config.trainEnd && config.testStart && config.testEnd) return config;
  const d = chooseFinMemDefaults(folder, config.ticker || undefined);
  if (!d)
    throw new Error(
      `finmem: cannot choose default windows: no ticker with both prices/ and news/ in ${folder.dir}; set ticker, trainStart, trainEnd, testStart, testEnd`,
    );
  return {
    ...config,
    ticker: config.ticker || d.ticker,
    trainStart: config.trainStart || d.trainStart,
    trainEnd: config.trainEnd || d.trainEnd,
    testStart: config.testStart || d.testStart,
    testEnd: config.testEnd || d.testEnd,
  };
}

/** Vocabulary size of the "tfidf" embedder (most frequent training-window terms). */
export const TFIDF_VOCABULARY = 4096;

/**
 * The embedder a config asks for. "tfidf" is fitted on the ticker's news and
 * filings dated in the training window (read as of trainEnd), vocabulary cut
 * to the TFIDF_VOCABULARY most frequent terms.
 *
 * @example
 * const embedder = selectEmbedder(config, ctx.embedder, folder);
 */
export function selectEmbedder(config: FinMemConfig, contextEmbedder: Embedder, folder: DataFolder): Embedder {
  switch (config.embedder) {
    case "context":
      return contextEmbedder;
    case "hashing":
      return contextEmbedder.id.startsWith("hashing") ? contextEmbedder : new HashingEmbedder();
    case "openai":
      if (contextEmbedder.id.startsWith("hashing") || contextEmbedder.id.startsWith("tfidf")) {
        throw new Error(`finmem: embedder=openai needs an endpoint embedder (run with --embedder openai); the run's embedder is ${contextEmbedder.id}`);
      }
      return contextEmbedder;
    case "tfidf": {
      const view = folder.asOf(config.trainEnd);
      const texts = [
        ...view
          .news(config.ticker)
          .filter((n) => n.date >= config.trainStart)
          .map((n) => n.text),
        ...view
          .filings(config.ticker)
          .filter((f) => f.date >= config.trainStart)
          .map((f) => f.text),
      ];
      const docs = texts.map((t) => contentTokens(t));
      const df = new Map<string, number>();
      for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
      const keep = new Set(
        [...df.entries()]
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
          .slice(0, TFIDF_VOCABULARY)
          .map(([t]) => t),
      );
      const corpus = docs.map((d) => d.filter((t) => keep.has(t)));
      if (corpus.every((d) => d.length === 0)) throw new Error(`finmem: embedder=tfidf found no training-window text for ${config.ticker}`);
      return new TfidfEmbedder(corpus);
    }
  }
}

/**
 * `x` rounded to `digits` decimals (through `toFixed`), or null when it is not
 * finite: how the FinMem tables, summary and ablation rows store numbers.
 *
 * @example
 * roundOrNull(0.12345678); // 0.123457
 * roundOrNull(NaN);        // null
 */
export function roundOrNull(x: number, digits = 6): number | null {
  return Number.isFinite(x) ? Number(x.toFixed(digits)) : null;
}

function metricsRow(strategy: string, ticker: string, start: string, end: string, m: FinMemMetrics): Row {
  return {
    strategy,
    ticker,
    start,
    end,
    days: m.days,
    cumulative_return: roundOrNull(m.cumulativeReturn),
    annualized_return: roundOrNull(m.annualizedReturn),
    annualized_volatility: roundOrNull(m.annualizedVolatility),
    sharpe: roundOrNull(m.sharpe, 4),
    sharpe_code: roundOrNull(m.sharpeCode, 4),
    max_drawdown: roundOrNull(m.maxDrawdown),
  };
}

function riskRow(strategy: string, m: PerformanceMetrics): Row {
  return {
    strategy,
    total_return: roundOrNull(m.totalReturn),
    annualized_return: roundOrNull(m.annualizedReturn),
    annualized_volatility: roundOrNull(m.annualizedVolatility),
    sharpe: roundOrNull(m.sharpeMeanExcess, 4),
    sortino: roundOrNull(m.sortino, 4),
    max_drawdown: roundOrNull(m.maxDrawdown),
    calmar: roundOrNull(m.calmar, 4),
    var95: roundOrNull(m.var95),
    cvar95: roundOrNull(m.cvar95),
    beta: roundOrNull(m.beta, 4),
    tracking_error: roundOrNull(m.trackingError),
    deflated_sharpe: roundOrNull(m.deflatedSharpe, 4),
    rf: m.rf,
  };
}

export interface FinMemOutcome {
  config: FinMemConfig;
  run: FinMemLoopResult;
  finmem: FinMemMetrics;
  buyHold: FinMemMetrics;
  result: ExperimentResult;
}

/**
 * Run FinMem for a resolved config and build its tables and figures.
 * (`finmemExperiment.run` is this without the extra fields.)
 *
 * @example
 * const { finmem, buyHold } = await runFinMemExperiment(config, ctx);
 */
export async function runFinMemExperiment(rawConfig: FinMemConfig, ctx: RunContext): Promise<FinMemOutcome> {
  const folder = DataFolder.open(ctx.dataDir);
  const config = resolveWindows(rawConfig, folder);
  const embedder = selectEmbedder(config, ctx.embedder, folder);
  const run = await runFinMem(loopOptionsFromConfig(config), {
    folder,
    model: ctx.model,
    embedder,
    seed: ctx.seed,
    concurrency: ctx.concurrency,
    progress: ctx.progress,
    log: ctx.log,
  });
  const full = folder.prices(config.ticker);
  const evaluated = evaluate(run.days, full, "test", config.lastTestDay);
  const strat = evaluated.map((e) => e.strategyReturn);
  const bh = evaluated.map((e) => e.buyHoldReturn);
  const finmem = finmemMetrics(strat);
  const buyHold = finmemMetrics(bh);
  const cumS = cumulativeSeries(strat);
  const cumB = cumulativeSeries(bh);
  const start = evaluated[0]?.date ?? config.testStart;
  const end = evaluated[evaluated.length - 1]?.date ?? config.testEnd;
  const returnOf = new Map(evaluated.map((e) => [e.date, e.strategyReturn]));

  const decisions: Table = {
    name: "finmem_decisions",
    title: `FinMem daily decisions — ${config.ticker}`,
    note:
      "One row per trading day. Training days: the action is the next-day label and the reason explains it; test days: the agent's decision. " +
      "cited_* = memory ids cited by the reflection per layer; valid = false when the model output was invalid (forced hold). " +
      "strategy_return = direction * ln(P_{t+1}/P_t) (test days).",
    rows: run.days.map((d) => ({
      date: d.date,
      phase: d.phase,
      decision: d.decision,
      direction: d.direction,
      risk_state: d.riskState,
      momentum: d.momentumSign,
      close: roundOrNull(d.close, 4),
      strategy_return: d.phase === "test" ? roundOrNull(returnOf.get(d.date) ?? NaN) : null,
      new_events: d.newEvents,
      shown_events: d.shownEvents,
      cited_shallow: d.cited.shallow.join(" "),
      cited_intermediate: d.cited.intermediate.join(" "),
      cited_deep: d.cited.deep.join(" "),
      cited_reflection: d.cited.reflection.join(" "),
      feedback: d.feedback ? d.feedback.sign : null,
      feedback_source: d.feedback ? d.feedback.sourceDate : null,
      valid: d.valid,
      reason: d.reason,
    })),
  };
  const layerRows: Row[] = [];
  for (const d of run.days) {
    for (const s of d.layers) {
      layerRows.push({
        date: d.date,
        phase: d.phase,
        layer: s.layer,
        count: s.count,
        mean_importance: roundOrNull(s.meanImportance, 4),
        mean_recency: roundOrNull(s.meanRecency, 4),
        mean_score: roundOrNull(s.meanScore, 4),
      });
    }
  }
  const layers: Table = {
    name: "finmem_memory_layers",
    title: `FinMem memory layers over time — ${config.ticker}`,
    note: "Alive events per layer at the end of each day (after decay, clean-up and promotion), with mean importance, recency and retrieval score (relevancy to the profile + recency + importance/100).",
    rows: layerRows,
  };
  const curves: Table = {
    name: "finmem_cumulative_returns",
    title: `FinMem vs buy-and-hold cumulative return — ${config.ticker}`,
    note: "Test window. Daily r_t = direction_t * ln(P_{t+1}/P_t); cumulative = running sum (FinMem code).",
    rows: evaluated.map((e, i) => ({
      date: e.date,
      direction: e.direction,
      finmem_return: roundOrNull(e.strategyReturn),
      buy_hold_return: roundOrNull(e.buyHoldReturn),
      finmem_cumulative: roundOrNull(cumS[i]!),
      buy_hold_cumulative: roundOrNull(cumB[i]!),
    })),
  };
  const metrics: Table = {
    name: "finmem_metrics",
    title: `FinMem metrics vs buy-and-hold — ${config.ticker}, ${start} .. ${end}`,
    note:
      "As the FinMem code defines them: cumulative return = sum of daily log returns; annualised volatility = sample std * sqrt(252); Sharpe = annualised mean / annualised volatility (rf 0); " +
      "sharpe_code = the authors' script's variant, sum(r) / ((n + 1) / 252) / annualised volatility; max drawdown on the wealth path 1, cumprod(1 + r_t), positive. " +
      (config.lastTestDay === "score"
        ? "The last test day is scored with the first close after testEnd."
        : "The last test day is not scored (pairs inside the window only)."),
    rows: [metricsRow("FinMem", config.ticker, start, end, finmem), metricsRow("Buy and hold", config.ticker, start, end, buyHold)],
  };
  const tables: Table[] = [decisions, layers, curves, metrics];
  if (evaluated.length >= 2) {
    const simple = evaluated.map((e) => e.direction * (e.nextClose / e.close - 1));
    const simpleBh = evaluated.map((e) => e.nextClose / e.close - 1);
    tables.push({
      name: "finmem_risk_report",
      title: `Project risk report (simple daily returns) — ${config.ticker}`,
      note: "The project's standard performanceMetrics (src/backtest/metrics) on simple daily returns direction * (P_{t+1}/P_t - 1), benchmark = buy-and-hold, its default rf (2%/yr) and 10 trials for the deflated Sharpe. Not the FinMem code's definitions (see finmem_metrics).",
      rows: [
        riskRow("FinMem", performanceMetrics(simple, { benchmark: simpleBh })),
        riskRow("Buy and hold", performanceMetrics(simpleBh, { benchmark: simpleBh })),
      ],
    });
  }

  const figures = [
    cumulativeReturnFigure(
      evaluated.map((e, i) => ({ date: e.date, finmem: cumS[i]!, buyHold: cumB[i]! })),
      config.ticker,
    ),
    memoryLayersFigure(
      run.days.flatMap((d) => d.layers.map((s) => ({ date: d.date, layer: s.layer, count: s.count, meanScore: s.meanScore }))),
      config.ticker,
      config.testStart,
    ),
  ];
  const trainDays = run.days.filter((d) => d.phase === "train").length;
  const testDays = run.days.length - trainDays;
  const finalLayers = run.days[run.days.length - 1]?.layers ?? [];
  const summary: ExperimentResult["summary"] = {
    ...windowsOf(config),
    topK: config.topK,
    riskMode: config.riskMode,
    trainDays,
    testDays,
    eventsStored: run.eventsStored,
    invalidOutputs: run.invalidOutputs,
    repairedOutputs: run.repairedOutputs,
    cumulativeReturn: roundOrNull(finmem.cumulativeReturn),
    sharpe: roundOrNull(finmem.sharpe, 4),
    sharpeCode: roundOrNull(finmem.sharpeCode, 4),
    annualizedVolatility: roundOrNull(finmem.annualizedVolatility),
    maxDrawdown: roundOrNull(finmem.maxDrawdown),
    buyHoldCumulativeReturn: roundOrNull(buyHold.cumulativeReturn),
    buyHoldSharpe: roundOrNull(buyHold.sharpe, 4),
    buyHoldMaxDrawdown: roundOrNull(buyHold.maxDrawdown),
    testBuys: run.days.filter((d) => d.phase === "test" && d.decision === "buy").length,
    testSells: run.days.filter((d) => d.phase === "test" && d.decision === "sell").length,
    testHolds: run.days.filter((d) => d.phase === "test" && d.decision === "hold").length,
  };
  for (const l of LAYERS) summary[`finalEvents_${l}`] = finalLayers.find((s) => s.layer === l)?.count ?? 0;
  const artifacts = [
    {
      path: "finmem_days.jsonl",
      content:
        run.days
          .map((d) =>
            JSON.stringify({
              ...d,
              layers: d.layers.map((s) => ({
                ...s,
                meanScore: roundOrNull(s.meanScore),
                meanImportance: roundOrNull(s.meanImportance),
                meanRecency: roundOrNull(s.meanRecency),
              })),
            }),
          )
          .join("\n") + "\n",
    },
    { path: "finmem_profile.txt", content: `${run.profile.text}\n` },
  ];
  return { config, run, finmem, buyHold, result: { tables, figures, summary, artifacts } };
}

/**
 * The FinMem experiment for the runner, sweeps and notebooks.
 *
 * @example
 * await runExperiment("finmem", { set: ["topK=3", "riskMode=averse"] });
 */
export const finmemExperiment: Experiment<FinMemConfig> = {
  name: "finmem",
  description:
    "FinMem (Yu et al. 2023): a trading agent with a profile, layered long-term memory (shallow / intermediate / deep / reflection) and working memory; " +
    "trained with the next-day label visible, then tested on unseen days against buy-and-hold.",
  configSchema: finmemConfigSchema as unknown as z.ZodType<FinMemConfig>,
  defaults(dataDir: string): Partial<FinMemConfig> {
    try {
      return chooseFinMemDefaults(DataFolder.open(dataDir)) ?? {};
    } catch {
      return {};
    }
  },
  async run(config: FinMemConfig, ctx: RunContext): Promise<ExperimentResult> {
    return (await runFinMemExperiment(config, ctx)).result;
  },
};

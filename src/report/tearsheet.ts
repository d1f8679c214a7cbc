/**
 * A quantstats-style tear sheet for the portfolio experiments: cumulative
 * return vs benchmarks, drawdown, rolling Sharpe, monthly returns heatmap and
 * a metrics table, from a run's daily returns.
 *
 * Where the daily returns come from (first match wins):
 * - a table named `daily_returns` with columns `date`, `portfolio` and one
 *   column per benchmark (e.g. `spy`, `equal_weight`), all SIMPLE daily returns
 *   — the contract for any experiment that wants a tear sheet;
 * - the blackboard experiment's `bb_daily_values` (`portfolio_return`,
 *   `benchmark_return`, `equal_weight_return`, simple returns);
 * - FinMem's `finmem_cumulative_returns` (`finmem_return`, `buy_hold_return`,
 *   LOG returns, converted with exp(r) - 1).
 *
 * Trading costs come from a per-rebalance table with `turnover` and `cost`
 * columns (`rebalances`, or the blackboard experiment's `bb_rebalances`);
 * they are the portfolio's, shown in its column of the metrics table.
 */
import { drawdownSeries, monthlyReturns, performanceMetrics, rollingSharpe } from "../backtest/index";
import { makeFigure, PALETTE, type Figure, type Row, type Table } from "../core/index";

/** One named series of simple daily returns. */
export interface ReturnSeries {
  name: string;
  returns: number[];
}

export interface DailyReturns {
  /** Table the returns came from. */
  source: string;
  /** How the run's own metrics differ from the tear sheet's (one line), when they do. */
  readingKey?: string;
  dates: string[];
  /** The portfolio first, then its benchmarks (if any). */
  series: [ReturnSeries, ...ReturnSeries[]];
  /** The portfolio's trading, when the run has a per-rebalance table. */
  trading?: { source: string; rebalances: number; turnover: number; costs: number; startValue: number | null };
}

/** Tables holding one row per rebalance with `turnover` and `cost` (first match wins). */
export const TRADING_SOURCES: readonly string[] = ["rebalances", "bb_rebalances"];

/** Rebalances, total turnover and total cost of the first per-rebalance table found, or undefined. */
function tradingOf(tables: readonly Table[]): DailyReturns["trading"] {
  for (const name of TRADING_SOURCES) {
    const table = tables.find((t) => t.name === name);
    if (!table || table.rows.length === 0 || !table.rows.every((r) => isNum(r.turnover) && isNum(r.cost))) continue;
    const sum = (k: string) => table.rows.reduce((acc, r) => acc + (r[k] as number), 0);
    const first = table.rows[0]!.value_before;
    return { source: name, rebalances: table.rows.length, turnover: sum("turnover"), costs: sum("cost"), startValue: isNum(first) ? first : null };
  }
  return undefined;
}

interface Source {
  table: string;
  portfolio: string;
  /** Benchmark columns; null = every other numeric column but `date`. */
  benchmarks: string[] | null;
  kind: "simple" | "log";
  labels?: Record<string, string>;
  /** One line telling the run's own metrics from the tear sheet's, when they differ in definition. */
  readingKey?: string;
}

export const TEAR_SHEET_SOURCES: readonly Source[] = [
  { table: "daily_returns", portfolio: "portfolio", benchmarks: null, kind: "simple" },
  {
    table: "bb_daily_values",
    portfolio: "portfolio_return",
    benchmarks: ["benchmark_return", "equal_weight_return"],
    kind: "simple",
    labels: { portfolio_return: "BL portfolio", benchmark_return: "benchmark", equal_weight_return: "Equal weight" },
  },
  {
    table: "finmem_cumulative_returns",
    portfolio: "finmem_return",
    benchmarks: ["buy_hold_return"],
    kind: "log",
    labels: { finmem_return: "FinMem", buy_hold_return: "buy and hold" },
    readingKey:
      "Which number is which: the summary and finmem_metrics follow the FinMem code (cumulativeReturn = the sum of daily log returns; " +
      "sharpe = annualised mean / annualised volatility with rf 0; sharpeCode = the authors' script's variant); the tear sheet compounds " +
      "simple returns (Total return, in %) and its two Sharpe ratios subtract rf 2 % ((CAGR − rf) / vol and mean excess / vol).",
  },
];

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/**
 * Daily returns for a tear sheet from a run's tables, or null when the run has none.
 * `names` renames a source column's series (the report names the benchmark
 * after the run's `benchmark` key, so the tear sheet's SPY is the figures' SPY).
 * @example findDailyReturns([{ name: "daily_returns", title: "", rows: [{ date: "2025-01-02", portfolio: 0.01, spy: 0.005 }] }])?.series.map((s) => s.name) // ["portfolio", "spy"]
 */
export function findDailyReturns(tables: readonly Table[], names: Readonly<Record<string, string>> = {}): DailyReturns | null {
  for (const src of TEAR_SHEET_SOURCES) {
    const table = tables.find((t) => t.name === src.table);
    if (!table || table.rows.length < 2) continue;
    const first = table.rows[0]!;
    if (!("date" in first) || !(src.portfolio in first)) continue;
    const benchmarks =
      src.benchmarks ?? Object.keys(first).filter((k) => k !== "date" && k !== src.portfolio && k !== "model" && table.rows.some((r) => isNum(r[k])));
    const benchmarkCols = benchmarks.filter((b) => b in first);
    const cols = [src.portfolio, ...benchmarkCols];
    const rows = table.rows.filter((r: Row) => typeof r.date === "string" && cols.every((c) => isNum(r[c])));
    if (rows.length < 2) continue;
    const conv = (x: number) => (src.kind === "log" ? Math.expm1(x) : x);
    const seriesOf = (c: string): ReturnSeries => ({ name: names[c] ?? src.labels?.[c] ?? c, returns: rows.map((r) => conv(r[c] as number)) });
    const trading = tradingOf(tables);
    return {
      source: src.table,
      ...(src.readingKey ? { readingKey: src.readingKey } : {}),
      dates: rows.map((r) => String(r.date)),
      series: [seriesOf(src.portfolio), ...benchmarkCols.map(seriesOf)],
      ...(trading ? { trading } : {}),
    };
  }
  return null;
}

export interface TearSheet {
  figures: Figure[];
  metrics: Table;
  monthly: Table;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Build the tear sheet: 4 figures (cumulative, drawdown, rolling Sharpe,
 * monthly heatmap of the portfolio) and the metrics and monthly tables.
 * Metrics use src/backtest/metrics (rf 2 %, 252 days, rolling window 20).
 * @example const sheet = tearSheet(findDailyReturns(run.tables)!); sheet.figures.length // 4
 */
export function tearSheet(daily: DailyReturns, options: { rf?: number; window?: number; periodsPerYear?: number } = {}): TearSheet {
  const rf = options.rf ?? 0.02;
  const window = options.window ?? 20;
  const periodsPerYear = options.periodsPerYear ?? 252;
  const x = daily.dates;
  const lineTrace = (name: string, y: ArrayLike<number>, i: number, extra: Record<string, unknown> = {}) => ({
    type: "scatter",
    mode: "lines",
    name,
    x,
    y: Array.from(y, (v) => (Number.isFinite(v) ? v : null)),
    line: { color: PALETTE[i % PALETTE.length], width: i === 0 ? 2.2 : 1.4 },
    ...extra,
  });

  const cumulative = makeFigure(
    "tearsheet_cumulative",
    "Cumulative return vs benchmarks",
    daily.series.map((s, i) => {
      let w = 1;
      return lineTrace(
        s.name,
        s.returns.map((r) => (w *= 1 + r) - 1),
        i,
      );
    }),
    { x: "date", y: "cumulative return" },
    { yaxis: { tickformat: ".0%", title: { text: "cumulative return" }, gridcolor: "#e5e5e5" } },
  );
  const drawdown = makeFigure(
    "tearsheet_drawdown",
    "Drawdown",
    daily.series.map((s, i) => lineTrace(s.name, drawdownSeries(s.returns), i, i === 0 ? { fill: "tozeroy" } : {})),
    { x: "date", y: "drawdown" },
    { yaxis: { tickformat: ".0%", title: { text: "drawdown" }, gridcolor: "#e5e5e5" } },
  );
  const rolling = makeFigure(
    "tearsheet_rolling_sharpe",
    `Rolling ${window}-day Sharpe (rf ${(rf * 100).toFixed(0)} %)`,
    daily.series.map((s, i) => lineTrace(s.name, rollingSharpe(s.returns, window, { rf, periodsPerYear }), i)),
    { x: "date", y: "annualised Sharpe" },
  );

  const [portfolio, firstBenchmark] = daily.series;
  const months = monthlyReturns(daily.dates, portfolio.returns);
  const years = [...new Set(months.map((m) => m.month.slice(0, 4)))];
  const z = years.map((y) => MONTHS.map((_, k) => months.find((m) => m.month === `${y}-${String(k + 1).padStart(2, "0")}`)?.return ?? null));
  const maxAbs = Math.max(0.0001, ...months.map((m) => Math.abs(m.return)));
  const heatmap = makeFigure(
    "tearsheet_monthly_heatmap",
    `Monthly returns — ${portfolio.name}`,
    [
      {
        type: "heatmap",
        x: MONTHS,
        y: years,
        z,
        zmin: -maxAbs,
        zmax: maxAbs,
        colorscale: [
          [0, "#c0504d"],
          [0.5, "#ffffff"],
          [1, "#4f8a3c"],
        ],
        text: z.map((row) => row.map((v) => (v === null ? "" : `${(v * 100).toFixed(1)}%`))),
        texttemplate: "%{text}",
        hovertemplate: "%{y} %{x}: %{text}<extra></extra>",
        colorbar: { tickformat: ".0%" },
      },
    ],
    { x: "month", y: "year" },
    // no legend: the bottom margin only needs the month labels and the axis title
    { yaxis: { type: "category", autorange: "reversed", title: { text: "year" } }, margin: { l: 64, r: 24, t: 84, b: 56 } },
    { widthIn: 6.5, heightIn: Math.max(2.6, 1.9 + 0.45 * years.length) },
  );

  const benchmark = firstBenchmark?.returns;
  const metricRows: Row[] = [];
  const perSeries = daily.series.map((s, i) => ({
    name: s.name,
    metrics: performanceMetrics(s.returns, { rf, periodsPerYear, ...(benchmark && i !== 1 ? { benchmark } : {}) }),
  }));
  const line = (label: string, pick: (m: (typeof perSeries)[number]["metrics"]) => number, fmt: "pct" | "num") => {
    const row: Row = { metric: label };
    for (const s of perSeries) {
      const v = pick(s.metrics);
      row[s.name] = Number.isFinite(v) ? (fmt === "pct" ? Math.round(v * 1e6) / 1e4 : Math.round(v * 1e4) / 1e4) : null;
    }
    metricRows.push(row);
  };
  line("Total return (%)", (m) => m.totalReturn, "pct");
  line("CAGR (%)", (m) => m.annualizedReturn, "pct");
  line("Annualised volatility (%)", (m) => m.annualizedVolatility, "pct");
  line("Sharpe (CAGR − rf) / vol", (m) => m.sharpeCagr, "num");
  line("Sharpe (mean excess)", (m) => m.sharpeMeanExcess, "num");
  line("Sortino", (m) => m.sortino, "num");
  line("Max drawdown (%)", (m) => m.maxDrawdown, "pct");
  line("Calmar", (m) => m.calmar, "num");
  line("Daily VaR, 0.95 level (%)", (m) => m.var95, "pct");
  line("Daily CVaR, 0.95 level (%)", (m) => m.cvar95, "pct");
  line("Skewness", (m) => m.skewness, "num");
  line("Kurtosis", (m) => m.kurtosis, "num");
  if (firstBenchmark) {
    line(`Beta vs ${firstBenchmark.name}`, (m) => m.beta, "num");
    line(`Alpha vs ${firstBenchmark.name} (%/yr)`, (m) => m.alpha, "pct");
    line(`Tracking error vs ${firstBenchmark.name} (%)`, (m) => m.trackingError, "pct");
    line(`Information ratio vs ${firstBenchmark.name}`, (m) => m.informationRatio, "num");
  }
  line("Deflated Sharpe (probability)", (m) => m.deflatedSharpe, "num");
  if (daily.trading) {
    const years = daily.dates.length / periodsPerYear;
    const only = (label: string, value: number) =>
      metricRows.push({ metric: label, ...Object.fromEntries(daily.series.map((s, i) => [s.name, i === 0 ? value : null])) });
    only("Rebalances", daily.trading.rebalances);
    only("Turnover (sum of |Δw|)", Math.round(daily.trading.turnover * 1e4) / 1e4);
    only("Turnover per year", Math.round((daily.trading.turnover / years) * 1e4) / 1e4);
    only("Trading costs ($)", Math.round(daily.trading.costs * 100) / 100);
    if (daily.trading.startValue)
      only("Trading costs (% of the value at the first trade)", Math.round((daily.trading.costs / daily.trading.startValue) * 1e6) / 1e4);
  }

  const monthly: Table = {
    name: "tearsheet_monthly_returns",
    title: `Monthly returns (%) — ${portfolio.name}`,
    columns: ["year", ...MONTHS],
    // z has one row per year and one cell per month; a month without returns is null either way.
    rows: years.map((y, i) => ({
      year: y,
      ...Object.fromEntries(
        MONTHS.map((mName, k) => {
          const v = z[i]?.[k] ?? null;
          return [mName, v === null ? null : Math.round(v * 1e6) / 1e4];
        }),
      ),
    })),
  };
  return {
    figures: [cumulative, drawdown, rolling, heatmap],
    metrics: {
      name: "tearsheet_metrics",
      title: "Performance metrics",
      columns: ["metric", ...daily.series.map((s) => s.name)],
      rows: metricRows,
      note:
        `From ${daily.dates.length} daily returns (${daily.dates[0]} .. ${daily.dates[daily.dates.length - 1]}, table ${daily.source}); rf ${(rf * 100).toFixed(0)} %, ${periodsPerYear} periods per year; src/backtest/metrics.` +
        (daily.trading ? ` Returns are net of trading costs; turnover and costs from table ${daily.trading.source}.` : ""),
    },
    monthly,
  };
}

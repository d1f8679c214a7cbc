/**
 * The figures a quant looks at: weights over time, turnover
 * and cost per rebalance, the view hit rate, the efficient frontier of the
 * last rebalance with the chosen book on it, the rolling Sharpe at 20 and 60
 * days, and the ablation sweep's summary.
 */
import { labelledFigure, makeFigure, PALETTE, requireColumns, type Figure, type Table } from "../core/index";
import type { FrontierStudy, HitRateRow } from "./analytics";

const nullable = (values: ArrayLike<number>) => Array.from(values, (v) => (Number.isFinite(v) ? v : null));

/**
 * End-of-day weights as a stacked area: the `top` tickers by mean weight,
 * the rest as "other", and cash on top, so every day stacks to 100 %.
 *
 * @example
 * weightsOverTimeFigure(run.dates, market.tickers, run.weights, run.cash.map((c, t) => c / run.values[t]));
 */
export function weightsOverTimeFigure(
  dates: readonly string[],
  tickers: readonly string[],
  weights: readonly Float64Array[],
  cashShare: readonly number[],
  top = 12,
): Figure {
  const mean = tickers.map((_, i) => weights.reduce((s, w) => s + (w[i] ?? 0), 0) / Math.max(1, weights.length));
  const order = tickers
    .map((t, i) => ({ t, i, m: mean[i]! }))
    .filter((x) => x.m > 0)
    .sort((a, b) => b.m - a.m || (a.t < b.t ? -1 : 1));
  const shown = order.slice(0, top);
  const rest = order.slice(top);
  const area = (name: string, y: number[], color: string) => ({
    type: "scatter",
    mode: "lines",
    stackgroup: "weights",
    name,
    x: dates.slice(),
    y,
    line: { width: 0.5, color },
  });
  const traces = shown.map((s, k) =>
    area(
      s.t,
      weights.map((w) => w[s.i] ?? 0),
      PALETTE[k % PALETTE.length]!,
    ),
  );
  if (rest.length) {
    traces.push(
      area(
        `other (${rest.length})`,
        weights.map((w) => rest.reduce((acc, r) => acc + (w[r.i] ?? 0), 0)),
        "#bbbbbb",
      ),
    );
  }
  traces.push(area("cash", cashShare.slice(), "#eeeeee"));
  return makeFigure(
    "bb_weights_over_time",
    "Black-Litterman weights over time (end of day)",
    traces,
    { x: "date", y: "weight" },
    { yaxis: { tickformat: ".0%", range: [0, 1], title: { text: "weight" }, gridcolor: "#e5e5e5" } },
  );
}

/**
 * Turnover (bars, left axis) and cost in dollars (line, right axis) of every rebalance, on its trade date.
 *
 * @example
 * turnoverCostFigure(run.rebalances.map((r) => ({ date: r.tradeDate, turnover: r.turnover, cost: r.cost })));
 */
export function turnoverCostFigure(rows: ReadonlyArray<{ date: string; turnover: number; cost: number }>): Figure {
  return makeFigure(
    "bb_turnover_costs",
    "Turnover and trading cost per rebalance",
    [
      { type: "bar", name: "turnover (sum |Δw|)", x: rows.map((r) => r.date), y: rows.map((r) => r.turnover), marker: { color: PALETTE[0] } },
      {
        type: "scatter",
        mode: "lines+markers",
        name: "cost ($)",
        x: rows.map((r) => r.date),
        y: rows.map((r) => r.cost),
        yaxis: "y2",
        line: { color: PALETTE[1] },
      },
    ],
    { x: "trade date", y: "turnover" },
    {
      // The cost axis picks its own round ticks from 0 (not the turnover axis's grid, which gives steps like 291),
      // and the right margin is wide enough for its labels and title.
      yaxis2: {
        title: { text: "cost ($)" },
        overlaying: "y",
        side: "right",
        showgrid: false,
        tickmode: "auto",
        nticks: 6,
        rangemode: "tozero",
        ticklabelstandoff: 4,
      },
      yaxis: { title: { text: "turnover" }, rangemode: "tozero", gridcolor: "#e5e5e5", linecolor: "#444", ticklabelstandoff: 4 },
      margin: { l: 64, r: 72, t: 84, b: 120 },
    },
  );
}

/**
 * Share of BUY names that beat the cross-section (and SELL names that trailed it) per rebalance, against a coin's 50 %.
 *
 * @example
 * hitRateFigure(viewHitRates(market, agents.rebalances, run.rebalances, lastDate));
 */
export function hitRateFigure(rows: readonly HitRateRow[]): Figure {
  const x = rows.map((r) => r.date);
  return makeFigure(
    "bb_hit_rate",
    "View hit rate over the next holding period",
    [
      { type: "bar", name: "BUY beats the cross-section", x, y: nullable(rows.map((r) => r.buyHitRate)), marker: { color: PALETTE[2] } },
      { type: "bar", name: "SELL trails the cross-section", x, y: nullable(rows.map((r) => r.sellHitRate)), marker: { color: PALETTE[1] } },
    ],
    { x: "decision date", y: "hit rate" },
    {
      barmode: "group",
      yaxis: { tickformat: ".0%", range: [0, 1], title: { text: "hit rate" }, gridcolor: "#e5e5e5" },
      shapes: [{ type: "line", xref: "paper", x0: 0, x1: 1, y0: 0.5, y1: 0.5, line: { color: "#999", width: 1, dash: "dot" } }],
    },
  );
}

/**
 * The long-only frontier of the last rebalance (volatility vs expected return
 * under the posterior) with the chosen book, the prior and equal weights.
 *
 * @example
 * frontierFigure(lastFrontier(agents.rebalances, { minWeight: 0, maxWeight: 1 })!);
 */
export function frontierFigure(study: FrontierStudy): Figure {
  const point = (name: string, p: { expectedReturn: number; volatility: number }, color: string, symbol: string) => ({
    type: "scatter",
    mode: "markers",
    name,
    x: [p.volatility],
    y: [p.expectedReturn],
    marker: { color, size: 11, symbol },
  });
  return makeFigure(
    "bb_frontier",
    `Efficient frontier of the last rebalance (${study.date}) and the chosen book`,
    [
      {
        type: "scatter",
        mode: "lines",
        name: "long-only frontier",
        x: study.frontier.map((p) => p.volatility),
        y: study.frontier.map((p) => p.expectedReturn),
        line: { color: PALETTE[0], width: 2 },
      },
      point("chosen book", study.chosen, PALETTE[1]!, "star"),
      point("prior (w_mkt)", study.prior, PALETTE[2]!, "circle"),
      point("equal weight", study.equalWeight, PALETTE[3]!, "square"),
    ],
    { x: "volatility (annualized, Σ_BL)", y: "expected return (annualized, μ_BL)" },
    {
      xaxis: { tickformat: ".1%", title: { text: "volatility (annualized, Σ_BL)" }, gridcolor: "#e5e5e5" },
      yaxis: { tickformat: ".1%", title: { text: "expected return (annualized, μ_BL)" }, gridcolor: "#e5e5e5" },
    },
  );
}

/**
 * Rolling Sharpe ratios of every strategy at 20 days (solid) and 60 days (dashed).
 *
 * @example
 * rollingSharpeWindowsFigure(dates, strategies.all);
 */
export function rollingSharpeWindowsFigure(
  dates: readonly string[],
  strategies: ReadonlyArray<{ name: string; rollingSharpe: ArrayLike<number>; rollingSharpe60: ArrayLike<number> }>,
): Figure {
  const traces = strategies.flatMap((s, i) => [
    {
      type: "scatter",
      mode: "lines",
      name: `${s.name} (20d)`,
      x: dates.slice(),
      y: nullable(s.rollingSharpe),
      line: { color: PALETTE[i % PALETTE.length], width: i === 0 ? 2.2 : 1.3 },
    },
    {
      type: "scatter",
      mode: "lines",
      name: `${s.name} (60d)`,
      x: dates.slice(),
      y: nullable(s.rollingSharpe60),
      line: { color: PALETTE[i % PALETTE.length], width: i === 0 ? 2.2 : 1.3, dash: "dash" },
    },
  ]);
  return makeFigure(
    "bb_rolling_sharpe",
    "Rolling 20- and 60-day Sharpe ratio (annualized, rf 2%)",
    traces,
    { x: "date", y: "Sharpe" },
    { shapes: [{ type: "line", xref: "paper", x0: 0, x1: 1, y0: 0, y1: 0, line: { color: "#999", width: 1, dash: "dot" } }] },
  );
}

/** Display names of the ablation settings. */
const ABLATION_LABELS: Readonly<Record<string, string>> = {
  none: "full system",
  debate: "no bull/bear debate",
  risk: "no risk layer",
  alpha: "no Chain-of-Alpha",
  views: "prior only (no views)",
};

/**
 * The ablation sweep (`consilium sweep blackboard --grid ablate=none,debate,risk,alpha,views`):
 * total return, annualized volatility and Sharpe per setting, with the
 * benchmark's total return as a dotted line. Titles carry the table's model label.
 *
 * @example
 * blackboardAblationFigure(sweep.table); // grouped bars per ablation
 */
export function blackboardAblationFigure(table: Table): Figure {
  requireColumns(table, ["ablate", "totalReturn", "sharpeCagr", "annualizedVolatility"]);
  const x = table.rows.map((r) => ABLATION_LABELS[String(r.ablate)] ?? String(r.ablate));
  const column = (key: string) => table.rows.map((r) => (typeof r[key] === "number" ? r[key] : null));
  const traces: Array<Record<string, unknown>> = [
    { type: "bar", name: "total return", x, y: column("totalReturn"), marker: { color: PALETTE[0] } },
    { type: "bar", name: "annualized volatility", x, y: column("annualizedVolatility"), marker: { color: PALETTE[3] } },
    { type: "bar", name: "Sharpe (CAGR - rf) / vol", x, y: column("sharpeCagr"), yaxis: "y2", marker: { color: PALETTE[2] } },
  ];
  const bench = table.rows.find((r) => typeof r.benchmarkTotalReturn === "number")?.benchmarkTotalReturn;
  if (typeof bench === "number") {
    traces.push({
      type: "scatter",
      mode: "lines",
      name: `benchmark total return (${(100 * bench).toFixed(1)} %)`,
      x: [x[0], x.at(-1)],
      y: [bench, bench],
      line: { color: "#7f7f7f", dash: "dot" },
    });
  }
  return labelledFigure(
    "bb_ablation",
    "Blackboard ablations — one component removed at a time",
    table,
    traces,
    { x: "setting", y: "return / volatility" },
    {
      barmode: "group",
      yaxis: { tickformat: ".0%", title: { text: "return / volatility" }, gridcolor: "#e5e5e5" },
      yaxis2: { title: { text: "Sharpe" }, overlaying: "y", side: "right", showgrid: false },
    },
  );
}

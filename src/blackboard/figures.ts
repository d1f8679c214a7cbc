/**
 * Figures of the Blackboard + Black-Litterman experiment (the paper's Fig. 2
 * cumulative returns vs SPY, the rolling Sharpe, the drawdown curve, and the
 * WAB-style weight shifts of a one-view perturbation), built with the shared
 * plotly layout; the quant's figures (weights over time, turnover and costs,
 * hit rate, frontier) are in quant-figures.ts.
 */
import { drawdownSeries } from "../backtest/index";
import { conclusionAnnotation, type Figure, makeFigure, PALETTE } from "../core/index";
import type { FrontierStudy, HitRateRow } from "./analytics";
import { frontierFigure, hitRateFigure, rollingSharpeWindowsFigure, turnoverCostFigure, weightsOverTimeFigure } from "./quant-figures";

export interface NamedSeries {
  name: string;
  values: ArrayLike<number>;
}

const nullable = (values: ArrayLike<number>) => Array.from(values, (v) => (Number.isFinite(v) ? v : null));

/** Values relative to the first one (empty for no values). */
function growthOfOne(values: ArrayLike<number>): number[] {
  const first = values[0];
  return first === undefined ? [] : Array.from(values, (x) => x / first);
}

function lines(
  dates: readonly string[],
  series: readonly NamedSeries[],
  transform: (v: ArrayLike<number>) => Array<number | null>,
): Array<Record<string, unknown>> {
  return series.map((s, i) => ({
    type: "scatter",
    mode: "lines",
    name: s.name,
    x: dates.slice(),
    y: transform(s.values),
    line: { color: PALETTE[i % PALETTE.length], width: i === 0 ? 2.5 : 1.5 },
  }));
}

/**
 * Growth of 1 invested at the start, one line per series (values are
 * portfolio values), with the run's reading on the figure: each series' end
 * value (value at the end / value at the start), best first.
 *
 * @example
 * equityCurveFigure(dates, [{ name: "BL portfolio", values }, { name: "SPY", values: spy }]);
 */
export function equityCurveFigure(dates: readonly string[], series: readonly NamedSeries[], name = "bb_equity_curve"): Figure {
  const ends = series
    .map((s) => ({ name: s.name, end: growthOfOne(s.values).at(-1) }))
    .filter((e): e is { name: string; end: number } => e.end !== undefined && Number.isFinite(e.end))
    .sort((a, b) => b.end - a.end);
  const conclusion = ends.length
    ? `growth of 1 at ${dates[dates.length - 1] ?? "the end"}: ${ends.map((e) => `${e.name} ${e.end.toFixed(3)}`).join(", ")}`
    : null;
  return makeFigure(
    name,
    "Black-Litterman portfolio vs SPY and equal weight (growth of 1)",
    lines(dates, series, (v) => nullable(growthOfOne(v))),
    { x: "date", y: "value (start = 1)" },
    { margin: { l: 64, r: 24, t: 96, b: 120 }, annotations: conclusion ? [conclusionAnnotation(conclusion)] : [] },
  );
}

/**
 * Rolling Sharpe ratio lines (NaN before the window fills is left as a gap).
 *
 * @example
 * rollingSharpeFigure(dates, [{ name: "BL portfolio", values: rollingSharpe(returns, 20) }], 20);
 */
export function rollingSharpeFigure(dates: readonly string[], series: readonly NamedSeries[], window = 20, name = "bb_rolling_sharpe"): Figure {
  return makeFigure(
    name,
    `Rolling ${window}-day Sharpe ratio (annualized, rf 2%)`,
    lines(dates, series, nullable),
    { x: "date", y: "Sharpe" },
    {
      shapes: [{ type: "line", xref: "paper", x0: 0, x1: 1, y0: 0, y1: 0, line: { color: "#999", width: 1, dash: "dot" } }],
    },
  );
}

/**
 * Drawdown curves (<= 0), as fractions.
 *
 * @example
 * drawdownFigure(dates, [{ name: "BL portfolio", values: drawdownSeries(returns) }]);
 */
export function drawdownFigure(dates: readonly string[], series: readonly NamedSeries[], name = "bb_drawdown"): Figure {
  return makeFigure(
    name,
    "Drawdown from the running peak",
    lines(dates, series, nullable),
    { x: "date", y: "drawdown" },
    { yaxis: { tickformat: ".0%", title: { text: "drawdown" }, gridcolor: "#e5e5e5" } },
  );
}

/**
 * Horizontal bars of weight shifts after a one-view perturbation (largest |delta| on top).
 *
 * @example
 * weightShiftFigure([{ ticker: "WAB", delta: -0.025 }, { ticker: "SPY", delta: 0.008 }], "WAB: BUY -> HOLD");
 */
export function weightShiftFigure(shifts: ReadonlyArray<{ ticker: string; delta: number }>, subtitle: string, name = "bb_perturbation"): Figure {
  const rows = shifts.slice().reverse();
  return makeFigure(
    name,
    `Weight shifts of a one-view perturbation (${subtitle})`,
    [
      {
        type: "bar",
        orientation: "h",
        x: rows.map((s) => s.delta),
        y: rows.map((s) => s.ticker),
        marker: { color: rows.map((s) => (s.delta >= 0 ? PALETTE[2] : PALETTE[1])) },
        name: "weight change",
      },
    ],
    { x: "change in portfolio weight", y: "ticker" },
    { showlegend: false, margin: { l: 80, r: 24, t: 84, b: 56 } },
  );
}

/** One strategy's daily series, as the experiment's figures draw them. */
export interface StrategySeries {
  name: string;
  values: ArrayLike<number>;
  returns: ArrayLike<number>;
  rollingSharpe: ArrayLike<number>;
  rollingSharpe60: ArrayLike<number>;
}

/** What the experiment's figures are drawn from. */
export interface FigureInputs {
  dates: readonly string[];
  strategies: readonly StrategySeries[];
  perturbation: { ticker: string; from: string; to: string; shifts: ReadonlyArray<{ ticker: string; delta: number }> };
  /** Day 0. */
  date: string;
  book: { tickers: readonly string[]; weights: readonly Float64Array[]; cashShare: readonly number[] };
  trades: ReadonlyArray<{ date: string; turnover: number; cost: number }>;
  hitRates: readonly HitRateRow[];
  frontier: FrontierStudy | null;
}

/**
 * The experiment's figures, in report order: growth of 1, rolling 20- and
 * 60-day Sharpe and drawdown of every strategy, the weight shifts (10
 * largest) of the Day-0 perturbation, then weights over time, turnover and
 * cost per rebalance, the view hit rate and the last rebalance's frontier
 * (when it has two eligible tickers).
 *
 * @example
 * blackboardFigures(inputs).map((f) => f.name);
 * // ["bb_equity_curve", "bb_rolling_sharpe", "bb_drawdown", "bb_perturbation", "bb_weights_over_time", "bb_turnover_costs", "bb_hit_rate", "bb_frontier"]
 */
export function blackboardFigures(inputs: FigureInputs): Figure[] {
  const { dates, strategies, perturbation, date } = inputs;
  const figures = [
    equityCurveFigure(
      dates,
      strategies.map((s) => ({ name: s.name, values: s.values })),
    ),
    rollingSharpeWindowsFigure(dates, strategies),
    drawdownFigure(
      dates,
      strategies.map((s) => ({ name: s.name, values: drawdownSeries(s.returns) })),
    ),
    weightShiftFigure(perturbation.shifts.slice(0, 10), `${perturbation.ticker} ${perturbation.from} -> ${perturbation.to}, ${date}`),
    weightsOverTimeFigure(dates, inputs.book.tickers, inputs.book.weights, inputs.book.cashShare),
    turnoverCostFigure(inputs.trades),
    hitRateFigure(inputs.hitRates),
  ];
  if (inputs.frontier) figures.push(frontierFigure(inputs.frontier));
  return figures;
}

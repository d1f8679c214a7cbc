/**
 * FinMem figures (Yu et al., arXiv 2311.13743): the cumulative-return curve
 * of the agent against buy-and-hold over the test window (the paper's
 * Figure 4 style), the sizes of the memory layers over the run, and the
 * ablations (K, risk mode) against buy-and-hold.
 */
import { distinctValues, labelledFigure, makeFigure, meanOfColumn, PALETTE, requireColumns, type Figure, type Row, type Table } from "../core/index";
import type { TestEvaluation } from "./evaluation";
import type { FinMemLoopResult } from "./loop";

export interface CumulativePoint {
  date: string;
  /** Running sum of r_t = direction_t * ln(P_{t+1} / P_t). */
  finmem: number;
  /** Running sum of ln(P_{t+1} / P_t). */
  buyHold: number;
}

/**
 * Cumulative log return of FinMem vs buy-and-hold.
 *
 * @example
 * cumulativeReturnFigure([{ date: "2021-01-04", finmem: 0.01, buyHold: -0.02 }], "MSFT").data.length; // 2
 */
export function cumulativeReturnFigure(points: readonly CumulativePoint[], ticker: string, name = "finmem_cumulative_return"): Figure {
  const x = points.map((p) => p.date);
  return makeFigure(
    name,
    `FinMem vs buy-and-hold — ${ticker}, cumulative return (sum of daily log returns)`,
    [
      { type: "scatter", mode: "lines", name: "FinMem", x, y: points.map((p) => p.finmem), line: { color: PALETTE[0], width: 2 } },
      { type: "scatter", mode: "lines", name: "Buy and hold", x, y: points.map((p) => p.buyHold), line: { color: PALETTE[1], width: 2, dash: "dash" } },
    ],
    { x: "Date", y: "Cumulative return" },
    { hovermode: "x unified" },
  );
}

export interface LayerPoint {
  date: string;
  layer: string;
  count: number;
  meanScore: number;
}

/**
 * Memory layer sizes (top panel) and mean retrieval score per layer (bottom
 * panel) at the end of each trading day.
 *
 * @example
 * memoryLayersFigure(rows, "MSFT", "2021-01-01").data.length; // 2 traces per layer
 */
export function memoryLayersFigure(rows: readonly LayerPoint[], ticker: string, testStart?: string, name = "finmem_memory_layers"): Figure {
  const layers = [...new Set(rows.map((r) => r.layer))];
  const data: Array<Record<string, unknown>> = [];
  layers.forEach((layer, i) => {
    const mine = rows.filter((r) => r.layer === layer);
    const color = PALETTE[i % PALETTE.length];
    data.push({
      type: "scatter",
      mode: "lines",
      name: `${layer} (events)`,
      legendgroup: layer,
      x: mine.map((r) => r.date),
      y: mine.map((r) => r.count),
      line: { color },
      yaxis: "y",
    });
    data.push({
      type: "scatter",
      mode: "lines",
      name: `${layer} (mean score)`,
      legendgroup: layer,
      showlegend: false,
      x: mine.map((r) => r.date),
      y: mine.map((r) => (Number.isFinite(r.meanScore) ? r.meanScore : null)),
      line: { color, dash: "dot" },
      yaxis: "y2",
    });
  });
  const shapes = testStart
    ? [{ type: "line", xref: "x", yref: "paper", x0: testStart, x1: testStart, y0: 0, y1: 1, line: { color: "#888", dash: "dot", width: 1 } }]
    : [];
  return makeFigure(
    name,
    `FinMem memory layers — ${ticker}: events per layer (top) and mean retrieval score (bottom)`,
    data,
    { x: "Date", y: "Events" },
    {
      yaxis: { title: { text: "Events" }, domain: [0.45, 1], showgrid: true, gridcolor: "#e5e5e5", zeroline: false, linecolor: "#444" },
      yaxis2: { title: { text: "Mean score" }, domain: [0, 0.35], anchor: "x", showgrid: true, gridcolor: "#e5e5e5", zeroline: false, linecolor: "#444" },
      shapes,
      annotations: testStart
        ? [{ x: testStart, y: 1, xref: "x", yref: "paper", text: "test starts", showarrow: false, xanchor: "left", font: { size: 10, color: "#666" } }]
        : [],
    },
    { widthIn: 6.5, heightIn: 5 },
  );
}

/**
 * FinMem ablations (Yu et al. §4): one bar per setting of the ablation table
 * (runFinMemAblation) — "K = k" for the cognitive-span sweep, the risk mode
 * for the risk sweep — coloured by sweep, against the buy-and-hold value of
 * the same metric (dotted line; the mean if rows differ). `metric` is a
 * FinMem metric column, its buy-and-hold twin `buy_hold_<metric>`.
 *
 * @example
 * const fig = finmemAblationFigure(ablation.table, "cumulative_return"); // bars per sweep + buy-and-hold line
 */
export function finmemAblationFigure(table: Table, metric: "cumulative_return" | "sharpe" = "cumulative_return"): Figure {
  requireColumns(table, ["sweep", "topK", "riskMode", metric]);
  const label = (row: Row) =>
    row.sweep === "topK" ? `K = ${String(row.topK)}` : row.sweep === "riskMode" ? String(row.riskMode) : `K = ${String(row.topK)}, ${String(row.riskMode)}`;
  const sweeps = distinctValues(table.rows.map((row) => row.sweep ?? null));
  const traces: Array<Record<string, unknown>> = sweeps.map((sweep, i) => {
    const rows = table.rows.filter((row) => row.sweep === sweep);
    return {
      type: "bar",
      name: sweep === "topK" ? "cognitive span K" : sweep === "riskMode" ? "risk inclination" : String(sweep),
      x: rows.map(label),
      y: rows.map((row) => (typeof row[metric] === "number" ? row[metric] : null)),
      marker: { color: PALETTE[i % PALETTE.length] },
    };
  });
  const benchmark = meanOfColumn(table.rows, `buy_hold_${metric}`, false);
  if (benchmark !== null) {
    const categories = table.rows.map(label);
    traces.push({
      type: "scatter",
      mode: "lines",
      name: `buy-and-hold (${benchmark.toFixed(3)})`,
      x: [categories[0], categories[categories.length - 1]],
      y: [benchmark, benchmark],
      line: { color: "#7f7f7f", dash: "dot" },
    });
  }
  const what = metric === "sharpe" ? "Sharpe ratio" : "cumulative return (sum of log returns)";
  return labelledFigure(
    `finmem_ablation_${metric}`,
    `FinMem ablations — ${what}`,
    table,
    traces,
    { x: "setting", y: metric === "sharpe" ? "Sharpe ratio" : "cumulative return" },
    { barmode: "group" },
  );
}

/**
 * The figures of one FinMem run: the test-window cumulative returns against
 * buy-and-hold, and the memory layers over the whole run (test start marked).
 *
 * @example
 * finmemFigures(run, evaluation, config).map((f) => f.name); // ["finmem_cumulative_return", "finmem_memory_layers"]
 */
export function finmemFigures(run: FinMemLoopResult, evaluation: TestEvaluation, config: { ticker: string; testStart: string }): Figure[] {
  return [
    cumulativeReturnFigure(
      evaluation.days.map((e) => ({ date: e.date, finmem: e.finmemCumulative, buyHold: e.buyHoldCumulative })),
      config.ticker,
    ),
    memoryLayersFigure(
      run.days.flatMap((d) => d.layers.map((s) => ({ date: d.date, layer: s.layer, count: s.count, meanScore: s.meanScore }))),
      config.ticker,
      config.testStart,
    ),
  ];
}

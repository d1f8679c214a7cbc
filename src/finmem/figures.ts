/**
 * FinMem figures (Yu et al., arXiv 2311.13743): the cumulative-return curve
 * of the agent against buy-and-hold over the test window (the paper's
 * Figure 4 style), the sizes of the memory layers over the run, and the
 * ablations (K, risk mode) against buy-and-hold.
 */
import {
  conclusionAnnotation,
  distinctValues,
  labelledFigure,
  LEGEND_KEY,
  makeFigure,
  meanOfColumn,
  PALETTE,
  requireColumns,
  type Figure,
  type Row,
  type Table,
} from "../core/index";
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
 * Cumulative log return of FinMem vs buy-and-hold, with the run's reading
 * written on the figure: both sums at the end of the test window (the
 * metrics table's cumulative_return) and which is ahead.
 *
 * @example
 * cumulativeReturnFigure([{ date: "2021-01-04", finmem: 0.01, buyHold: -0.02 }], "MSFT").data.length; // 2
 */
export function cumulativeReturnFigure(points: readonly CumulativePoint[], ticker: string, name = "finmem_cumulative_return"): Figure {
  const x = points.map((p) => p.date);
  const last = points[points.length - 1];
  const conclusion = last
    ? `FinMem ${last.finmem.toFixed(4)} vs buy-and-hold ${last.buyHold.toFixed(4)} at ${last.date}: ` +
      `${last.finmem > last.buyHold ? "FinMem ahead" : last.finmem < last.buyHold ? "buy-and-hold ahead" : "level"} (sums of daily log returns)`
    : null;
  return makeFigure(
    name,
    `FinMem vs buy-and-hold — ${ticker}, cumulative return (sum of daily log returns)`,
    [
      { type: "scatter", mode: "lines", name: "FinMem", x, y: points.map((p) => p.finmem), line: { color: PALETTE[0], width: 2 } },
      { type: "scatter", mode: "lines", name: "Buy and hold", x, y: points.map((p) => p.buyHold), line: { color: PALETTE[1], width: 2, dash: "dash" } },
    ],
    { x: "Date", y: "Cumulative return" },
    { hovermode: "x unified", margin: { l: 64, r: 24, t: 96, b: 120 }, annotations: conclusion ? [conclusionAnnotation(conclusion)] : [] },
  );
}

export interface LayerPoint {
  date: string;
  layer: string;
  count: number;
  meanScore: number;
}

/** The legend's line-style keys of the memory figure (grey, not series). */
function memoryStyleKeys(): Array<Record<string, unknown>> {
  const key = (label: string, dash: string) => ({
    type: "scatter",
    mode: "lines",
    name: label,
    x: [null],
    y: [null],
    meta: LEGEND_KEY,
    line: { color: "#555", dash },
    hoverinfo: "skip",
  });
  return [key("events held (solid)", "solid"), key("mean retrieval score (dotted)", "dot")];
}

/** The memory figure's y axes, top down: layer events, reflections (when apart), mean score. */
function memoryPanels(withReflections: boolean): { panels: string[]; yAxes: Record<string, unknown> } {
  const panels = withReflections ? ["y", "y2", "y3"] : ["y", "y3"];
  const domains: Record<string, [number, number]> = withReflections ? { y: [0.7, 1], y2: [0.37, 0.63], y3: [0, 0.3] } : { y: [0.55, 1], y3: [0, 0.45] };
  const axis = { showgrid: true, gridcolor: "#e5e5e5", zeroline: false, linecolor: "#444", anchor: "x" };
  const yAxes: Record<string, unknown> = {
    yaxis: { ...axis, title: { text: withReflections ? "events (layers)" : "events" }, domain: domains.y, rangemode: "tozero" },
    yaxis3: { ...axis, title: { text: "mean score" }, domain: domains.y3 },
  };
  if (withReflections) yAxes.yaxis2 = { ...axis, title: { text: "reflections" }, domain: domains.y2, rangemode: "tozero" };
  return { panels, yAxes };
}

/**
 * Memory over the run, one colour per layer, in three stacked panels that
 * share the date axis: events held per memory layer (top), reflections held
 * (middle: they pile up to hundreds and would flatten the layers, which hold
 * a handful each), and each layer's mean retrieval score (bottom, dotted).
 * The test start is marked on every panel. A run without a "reflection"
 * layer gets two panels.
 *
 * @example
 * memoryLayersFigure(rows, "MSFT", "2021-01-01").data.length; // 2 traces per layer, plus the legend's line-style keys
 */
export function memoryLayersFigure(rows: readonly LayerPoint[], ticker: string, testStart?: string, name = "finmem_memory_layers"): Figure {
  const layers = [...new Set(rows.map((r) => r.layer))];
  const apart = layers.filter((layer) => layer === "reflection");
  const data: Array<Record<string, unknown>> = [];
  const countAxis = (layer: string) => (apart.includes(layer) ? "y2" : "y");
  layers.forEach((layer, i) => {
    const mine = rows.filter((r) => r.layer === layer);
    const color = PALETTE[i % PALETTE.length];
    data.push({
      type: "scatter",
      mode: "lines",
      name: layer,
      legendgroup: layer,
      x: mine.map((r) => r.date),
      y: mine.map((r) => r.count),
      line: { color, width: 2 },
      xaxis: "x",
      yaxis: countAxis(layer),
    });
    data.push({
      type: "scatter",
      mode: "lines",
      name: `${layer} (mean score)`,
      legendgroup: layer,
      showlegend: false,
      x: mine.map((r) => r.date),
      y: mine.map((r) => (Number.isFinite(r.meanScore) ? r.meanScore : null)),
      line: { color, dash: "dot", width: 1.5 },
      xaxis: "x",
      yaxis: "y3",
    });
  });
  data.push(...memoryStyleKeys());
  const { panels, yAxes } = memoryPanels(apart.length > 0);
  const shapes = testStart
    ? panels.map((y) => ({
        type: "line",
        xref: "x",
        yref: `${y} domain`,
        x0: testStart,
        x1: testStart,
        y0: 0,
        y1: 1,
        line: { color: "#888", dash: "dot", width: 1 },
      }))
    : [];
  return makeFigure(
    name,
    `FinMem memory layers — ${ticker}`,
    data,
    { x: "date" },
    {
      xaxis: { title: { text: "date" }, anchor: "y3", showgrid: true, gridcolor: "#e5e5e5", zeroline: false, linecolor: "#444", ticklabelstandoff: 4 },
      ...yAxes,
      shapes,
      annotations: testStart
        ? [
            {
              x: testStart,
              y: 1,
              xref: "x",
              yref: "y domain",
              yanchor: "bottom",
              text: "test starts",
              showarrow: false,
              xanchor: "left",
              font: { size: 10, color: "#666" },
            },
          ]
        : [],
      legend: { orientation: "h", x: 0, xanchor: "left", y: -0.18, yanchor: "top" },
      margin: { l: 64, r: 24, t: 84, b: 96 },
    },
    { widthIn: 6.5, heightIn: 5.5 },
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

/**
 * Figures of sensitivity sweeps and ablations (the tidy tables of
 * src/run/sweep and src/finmem/ablation): a metric against one grid key, one
 * line per value of another key, averaged over the remaining keys; and the
 * FinMem ablation as bars against buy-and-hold.
 *
 * Titles carry the model label taken from the table's `model` column, so an
 * offline sweep can never be read as the paper's LLM results.
 */
import type { Cell, Figure, Row, Table } from "../run/experiment";
import { OFFLINE_LABEL } from "../run/runner";
import { PALETTE, makeFigure } from "./layout";

const DASHES = ["solid", "dash", "dot", "dashdot", "longdash"] as const;

export interface SweepLineOptions {
  /** Grid column on the x axis. */
  x: string;
  /** Metric columns; one line per metric and group. */
  y: readonly string[];
  /** Grid column whose values get separate lines (colour); omit for one line per metric. */
  groupBy?: string;
  /** Short name of the group column in trace names (default: the column name). */
  groupLabel?: string;
  /** Plot |value| (e.g. OLS slopes of opposite signs on one scale). */
  absolute?: boolean;
  /** Display names of the metric columns (default: the column names). */
  labels?: Readonly<Record<string, string>>;
  /** A horizontal reference line (e.g. slope 1 = saliency threshold). */
  reference?: { y: number; label: string };
  name: string;
  title: string;
  xTitle?: string;
  yTitle?: string;
}

/**
 * Title suffix from a table's `model` column: the offline notice, `model: <id>`,
 * or the list of models when a table mixes them.
 *
 * @example
 * modelLabelOf({ name: "t", title: "T", rows: [{ model: "offline" }] }); // "offline agents — not LLM results"
 */
export function modelLabelOf(table: Table): string {
  const models = [...new Set(table.rows.map((row) => row.model).filter((m): m is string => typeof m === "string" && m !== ""))];
  if (models.length === 0) return "";
  if (models.length === 1) return models[0] === "offline" ? OFFLINE_LABEL : `model: ${models[0]}`;
  return `models: ${models.map((m) => (m === "offline" ? "offline agents" : m)).join(", ")}`;
}

/**
 * A figure whose title carries the table's model label: `title — label` as the
 * figure's title, and the label on a second, smaller line of the plotted title
 * so that it fits a 6.5-inch print width. The legend sits below the x-axis title.
 */
function labelledFigure(
  name: string,
  title: string,
  table: Table,
  traces: Array<Record<string, unknown>>,
  axes: { x: string; y: string },
  layout: Record<string, unknown> = {},
): Figure {
  const label = modelLabelOf(table);
  const full = label && !title.includes(label) ? `${title} — ${label}` : title;
  const shown = label && !title.includes(label) ? `${title}<br><sup>${label}</sup>` : title;
  const legendRows = Math.ceil(traces.length / 2);
  const heightIn = 4 + 0.2 * legendRows;
  return makeFigure(
    name,
    full,
    traces,
    axes,
    {
      title: { text: shown, x: 0.02, xanchor: "left", font: { size: 15 } },
      margin: { l: 64, r: 24, t: 84, b: 72 + 20 * legendRows },
      legend: { orientation: "h", x: 0, xanchor: "left", yref: "container", y: 0.01, yanchor: "bottom" },
      // on screen (notebooks) the print height in CSS pixels; exports set their own size
      height: Math.round(96 * heightIn),
      ...layout,
    },
    { widthIn: 6.5, heightIn },
  );
}

function requireColumns(table: Table, columns: readonly string[]): void {
  const present = new Set(table.rows.flatMap((row) => Object.keys(row)));
  for (const column of columns) {
    if (!present.has(column)) {
      throw new Error(`plot/sweep: table "${table.name}" has no column "${column}" (columns: ${[...present].join(", ") || "none"})`);
    }
  }
}

/** Distinct values in first-seen order, numbers sorted ascending. */
function distinct(values: readonly Cell[]): Cell[] {
  const unique = [...new Set(values)];
  return unique.every((v) => typeof v === "number") ? (unique as number[]).sort((a, b) => a - b) : unique;
}

function meanOf(rows: readonly Row[], column: string, absolute: boolean): number | null {
  const values = rows.map((row) => row[column]).filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  if (values.length === 0) return null;
  return values.reduce((sum, v) => sum + (absolute ? Math.abs(v) : v), 0) / values.length;
}

/**
 * A metric against one grid key: for every group value g and metric m, the
 * trace y(x) = mean over the rows with groupBy = g and x = x of m (|m| with
 * `absolute`), i.e. averaged over the grid keys not shown. Non-finite cells
 * are left out of the mean; an x with none left is a gap (null).
 *
 * @example
 * const fig = sweepLineFigure(sweep.table, { x: "alpha", y: ["opinion_range"], groupBy: "temperature", name: "range", title: "Opinion range" });
 * fig.data.length; // one trace per temperature
 */
export function sweepLineFigure(table: Table, options: SweepLineOptions): Figure {
  if (options.y.length === 0) throw new Error(`plot/sweep: no metric column given for table "${table.name}"`);
  requireColumns(table, [options.x, ...options.y, ...(options.groupBy ? [options.groupBy] : [])]);
  const xs = distinct(table.rows.map((row) => row[options.x] ?? null));
  const groups = options.groupBy ? distinct(table.rows.map((row) => row[options.groupBy!] ?? null)) : [null];
  const traces: Array<Record<string, unknown>> = [];
  groups.forEach((group, g) => {
    const inGroup = options.groupBy ? table.rows.filter((row) => row[options.groupBy!] === group) : table.rows;
    options.y.forEach((metric, m) => {
      const label = options.labels?.[metric] ?? metric;
      traces.push({
        type: "scatter",
        mode: "lines+markers",
        name: options.groupBy ? `${label}, ${options.groupLabel ?? options.groupBy} = ${String(group)}` : label,
        x: xs,
        y: xs.map((x) =>
          meanOf(
            inGroup.filter((row) => row[options.x] === x),
            metric,
            options.absolute ?? false,
          ),
        ),
        line: { color: PALETTE[g % PALETTE.length], dash: DASHES[m % DASHES.length] },
      });
    });
  });
  if (options.reference) {
    const numericX = xs.filter((x): x is number => typeof x === "number");
    const ends =
      numericX.length === xs.length && numericX.length > 0 ? [numericX[0]!, numericX[numericX.length - 1]!] : [xs[0] ?? null, xs[xs.length - 1] ?? null];
    traces.push({
      type: "scatter",
      mode: "lines",
      name: options.reference.label,
      x: ends,
      y: [options.reference.y, options.reference.y],
      line: { color: "#7f7f7f", dash: "dot", width: 1 },
      hoverinfo: "name",
    });
  }
  return labelledFigure(options.name, options.title, table, traces, { x: options.xTitle ?? options.x, y: options.yTitle ?? options.y.join(", ") });
}

/**
 * Sentimental Agents §6.2.2 (the sensitivity analysis behind Figure 7): the
 * magnitudes |slope| of the two OLS-through-origin bias regressions (opinion
 * change on peers' positive / negative sentiment) against alpha, one colour
 * per temperature, averaged over the tolerances; the dotted line at 1 is the
 * paper's saliency threshold (|slope| < 1 = no saliency bias).
 *
 * @example
 * const fig = sentimentalBiasSlopesFigure(sweep.table); // 2 traces per temperature + the threshold
 */
export function sentimentalBiasSlopesFigure(table: Table): Figure {
  return sweepLineFigure(table, {
    x: "alpha",
    y: ["slope_positive", "slope_negative"],
    groupBy: "temperature",
    groupLabel: "T",
    absolute: true,
    labels: { slope_positive: "|slope| positive peers", slope_negative: "|slope| negative peers" },
    reference: { y: 1, label: "saliency threshold |slope| = 1" },
    name: "sweep_bias_slopes",
    title: "Bias slopes vs alpha (mean over tolerance)",
    xTitle: "alpha",
    yTitle: "|OLS slope|",
  });
}

/**
 * Sentimental Agents §6.2.2: the slope ratio |slope+| / |slope-| against
 * alpha per temperature (mean over tolerance). Above the dotted line at 1 the
 * agents show a positivity bias, below it a negativity bias; the paper reports
 * about 1.29 at its default cell and more than 2 at alpha 0.3, tolerance 0.005,
 * temperature 1.5.
 *
 * @example
 * const fig = sentimentalSlopeRatioFigure(sweep.table); // one trace per temperature + the line at 1
 */
export function sentimentalSlopeRatioFigure(table: Table): Figure {
  return sweepLineFigure(table, {
    x: "alpha",
    y: ["slope_ratio"],
    groupBy: "temperature",
    groupLabel: "T",
    labels: { slope_ratio: "|slope+| / |slope-|" },
    reference: { y: 1, label: "no bias (ratio 1)" },
    name: "sweep_slope_ratio",
    title: "Slope ratio vs alpha (mean over tolerance)",
    xTitle: "alpha",
    yTitle: "|slope+| / |slope-|",
  });
}

/**
 * Sentimental Agents §6.2.2: the range (max - min) of the agents' opinions
 * S_O (eq. 4) against alpha per temperature, averaged over tolerance — the
 * paper's claim that a lower alpha gives a more constrained range.
 *
 * @example
 * const fig = sentimentalOpinionRangeFigure(sweep.table); // one trace per temperature
 */
export function sentimentalOpinionRangeFigure(table: Table): Figure {
  return sweepLineFigure(table, {
    x: "alpha",
    y: ["opinion_range"],
    groupBy: "temperature",
    groupLabel: "T",
    labels: { opinion_range: "opinion range" },
    name: "sweep_opinion_range",
    title: "Opinion range vs alpha (mean over tolerance)",
    xTitle: "alpha",
    yTitle: "max S_O - min S_O",
  });
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
  const sweeps = distinct(table.rows.map((row) => row.sweep ?? null));
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
  const benchmark = meanOf(table.rows, `buy_hold_${metric}`, false);
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

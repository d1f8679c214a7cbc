/**
 * The generic chart of a sensitivity sweep (the tidy tables of src/run/sweep):
 * a metric against one grid key, one line per value of another key, averaged
 * over the remaining keys, plus the helpers the papers' own sweep and ablation
 * figures build on.
 *
 * Titles carry the model label taken from the table's `model` column, so an
 * offline sweep can never be read as the paper's LLM results.
 */
import type { Cell, Figure, Row, Table } from "./contract";
import { modelLabelOf } from "./labels";
import { discreteTicks, PALETTE, makeFigure } from "./figure";

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
 * A figure whose title carries the table's model label: `title — label` as the
 * figure's title, and the label on a second, smaller line of the plotted title
 * so that it fits a 6.5-inch print width. The legend sits below the x-axis title.
 */
export function labelledFigure(
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

export function requireColumns(table: Table, columns: readonly string[]): void {
  const present = new Set(table.rows.flatMap((row) => Object.keys(row)));
  for (const column of columns) {
    if (!present.has(column)) {
      throw new Error(`sweepLineFigure: table "${table.name}" has no column "${column}" (columns: ${[...present].join(", ") || "none"})`);
    }
  }
}

/** Distinct values in first-seen order, numbers sorted ascending. */
export function distinctValues(values: readonly Cell[]): Cell[] {
  const unique = [...new Set(values)];
  return unique.every((v) => typeof v === "number") ? (unique as number[]).sort((a, b) => a - b) : unique;
}

export function meanOfColumn(rows: readonly Row[], column: string, absolute: boolean): number | null {
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
  if (options.y.length === 0) throw new Error(`sweepLineFigure: no metric column given for table "${table.name}"`);
  requireColumns(table, [options.x, ...options.y, ...(options.groupBy ? [options.groupBy] : [])]);
  const xs = distinctValues(table.rows.map((row) => row[options.x] ?? null));
  const groupBy = options.groupBy;
  const groups = groupBy ? distinctValues(table.rows.map((row) => row[groupBy] ?? null)) : [null];
  const traces: Array<Record<string, unknown>> = [];
  groups.forEach((group, g) => {
    const inGroup = groupBy ? table.rows.filter((row) => row[groupBy] === group) : table.rows;
    options.y.forEach((metric, m) => {
      const label = options.labels?.[metric] ?? metric;
      traces.push({
        type: "scatter",
        mode: "lines+markers",
        name: groupBy ? `${label}, ${options.groupLabel ?? groupBy} = ${String(group)}` : label,
        x: xs,
        y: xs.map((x) =>
          meanOfColumn(
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
    // The reference line spans the sweep's x range: xs is sorted when numeric, so its ends.
    const ends = [xs[0] ?? null, xs[xs.length - 1] ?? null];
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
  const xTitle = options.xTitle ?? options.x;
  // a grid key (rounds, K, alpha) has a few values: a tick at each, none between
  const xaxis = {
    title: { text: xTitle },
    showgrid: true,
    gridcolor: "#e5e5e5",
    zeroline: false,
    linecolor: "#444",
    ticklabelstandoff: 4,
    ...discreteTicks(xs),
  };
  return labelledFigure(options.name, options.title, table, traces, { x: xTitle, y: options.yTitle ?? options.y.join(", ") }, { xaxis });
}

/**
 * Shared plotly styling so every figure of the three papers looks the same in
 * notebooks, HTML reports and 300-DPI exports.
 */
import type { Figure } from "./contract";

export const PALETTE = ["#1f4e79", "#c0504d", "#4f8a3c", "#8064a2", "#f79646", "#4bacc6", "#7f7f7f", "#9b870c"] as const;

/**
 * `meta` of a trace that only explains a line style in the legend (e.g. "dashed
 * = opinion"): it draws nothing, is not a series, and keeps its grey.
 * @example { type: "scatter", name: "opinion (dashed)", x: [null], y: [null], meta: LEGEND_KEY, line: { dash: "dash" } }
 */
export const LEGEND_KEY = "legend-key";

export interface AxisTitles {
  x?: string;
  y?: string;
}

/**
 * Layout defaults: white background, serif-free readable fonts, legend below;
 * `extra` entries replace the defaults key by key.
 * @example baseLayout("Drift", { x: "round", y: "drift" }).xaxis // { title: { text: "round" }, ... }
 */
export function baseLayout(title: string, axes: AxisTitles = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: { text: title, x: 0.02, xanchor: "left", font: { size: 16 } },
    font: { family: "Helvetica, Arial, sans-serif", size: 12, color: "#222" },
    paper_bgcolor: "white",
    plot_bgcolor: "white",
    colorway: [...PALETTE],
    margin: { l: 64, r: 24, t: 84, b: 120 },
    // a little standoff keeps the first x tick label (e.g. "Jan 2025") clear of the lowest y tick label
    xaxis: { title: { text: axes.x ?? "" }, showgrid: true, gridcolor: "#e5e5e5", zeroline: false, linecolor: "#444", ticklabelstandoff: 4 },
    yaxis: { title: { text: axes.y ?? "" }, showgrid: true, gridcolor: "#e5e5e5", zeroline: false, linecolor: "#444" },
    // below the x-axis title, anchored by its top so long legends grow downwards into the margin
    legend: { orientation: "h", x: 0, xanchor: "left", y: -0.3, yanchor: "top" },
    ...extra,
  };
}

/**
 * Build a Figure with the shared layout; `layout` entries override the defaults.
 * @example makeFigure("f", "F", [{ type: "bar", x: [1], y: [2] }], { x: "x", y: "y" }).printSize // { widthIn: 6.5, heightIn: 4 }
 */
export function makeFigure(
  name: string,
  title: string,
  data: Array<Record<string, unknown>>,
  axes: AxisTitles = {},
  layout: Record<string, unknown> = {},
  printSize = { widthIn: 6.5, heightIn: 4 },
): Figure {
  return { name, title, data, layout: baseLayout(title, axes, layout), printSize };
}

/**
 * The run's own conclusion drawn on a figure: one line of small text at the
 * top left of the plot area, under the title (named "conclusion" so tests and
 * readers can find it among the annotations).
 * @example conclusionAnnotation("bias none (permutation p 0.59)").name // "conclusion"
 */
export function conclusionAnnotation(text: string): Record<string, unknown> {
  return {
    name: "conclusion",
    text,
    showarrow: false,
    xref: "paper",
    yref: "paper",
    x: 0,
    y: 1,
    xanchor: "left",
    yanchor: "bottom",
    yshift: 6,
    align: "left",
    font: { size: 11, color: "#333" },
  };
}

/**
 * Ticks for a numeric axis that takes a few discrete values (rounds, K, a
 * grid key): a tick at each value and none between, so 3 rounds read
 * 1, 2, 3 and never 1.5. Returns an empty patch for other axes (dates,
 * categories, more than `maxTicks` values) so plotly picks the ticks.
 * @example discreteTicks([1, 2, 3, 2]) // { tickmode: "array", tickvals: [1, 2, 3] }
 */
export function discreteTicks(values: readonly unknown[], maxTicks = 12): Record<string, unknown> {
  const numbers = values.filter((v) => v !== null && v !== undefined);
  if (numbers.length === 0 || !numbers.every((v) => typeof v === "number" && Number.isFinite(v))) return {};
  const distinct = [...new Set(numbers as number[])].sort((a, b) => a - b);
  if (distinct.length > maxTicks) {
    // Many whole numbers: let plotly space the ticks, but only on whole numbers.
    return distinct.every(Number.isInteger) ? { tickformat: "d", tickmode: "auto" } : {};
  }
  return { tickmode: "array", tickvals: distinct };
}

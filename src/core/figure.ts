/**
 * Shared plotly styling so every figure of the three papers looks the same in
 * notebooks, HTML reports and 300-DPI exports.
 */
import type { Figure } from "./contract";

export const PALETTE = ["#1f4e79", "#c0504d", "#4f8a3c", "#8064a2", "#f79646", "#4bacc6", "#7f7f7f", "#9b870c"] as const;

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
    xaxis: { title: { text: axes.x ?? "" }, showgrid: true, gridcolor: "#e5e5e5", zeroline: false, linecolor: "#444" },
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

/**
 * One colour per series across a report: a palette keyed by the series (SPY,
 * equal weight, each ticker, each advisor, each memory layer), applied to
 * every figure of a run (and of its report) after the papers have drawn them.
 *
 * A trace's series is its `legendgroup`, else its `name`, compared without case,
 * hyphens or a trailing "(...)" qualifier: "BL portfolio (20d)" and "BL
 * portfolio (60d)" are one series (told apart by their dash), "Equal weight" in
 * the equity curve and "equal weight" on the frontier are one series. Traces
 * drawn with one colour per point (a colour array) or with a colour scale
 * (heatmaps) are left alone: their colours encode values, not series; so
 * are legend-only keys of a line style (`meta: LEGEND_KEY`).
 */
import { LEGEND_KEY, type Figure } from "../core/index";

/**
 * Colours handed out to series in order of first appearance: the shared
 * figure palette's seven hues, then twelve more that stay apart from them on
 * white (a report can have a dozen tickers plus the strategies).
 */
export const SERIES_PALETTE: readonly string[] = [
  "#1f4e79",
  "#c0504d",
  "#4f8a3c",
  "#8064a2",
  "#f79646",
  "#4bacc6",
  "#9b870c",
  "#e377c2",
  "#8c564b",
  "#17a589",
  "#393b79",
  "#d4a017",
  "#a83e8c",
  "#5b8ff9",
  "#7b4a12",
  "#2ca02c",
  "#ff6f61",
  "#6b8e23",
  "#b0a8f0",
  "#003f5c",
];

/**
 * Series with a fixed colour wherever they appear: the passive benchmarks in
 * greys (they are the background a strategy is read against), the remainder
 * and cash of a weight chart in light greys.
 */
export const FIXED_SERIES_COLOURS: Readonly<Record<string, string>> = {
  spy: "#404040",
  benchmark: "#404040",
  "buy and hold": "#7f7f7f",
  other: "#bdbdbd",
  cash: "#e6e6e6",
};

/**
 * The series key of a trace, or null for a trace that is not a series (no
 * name, a heatmap, per-point colours).
 * @example seriesKey({ type: "scatter", name: "BL portfolio (20d)" }) // "bl portfolio"
 */
export function seriesKey(trace: Record<string, unknown>): string | null {
  if (!isSeriesTrace(trace)) return null;
  const raw = typeof trace.legendgroup === "string" && trace.legendgroup !== "" ? trace.legendgroup : trace.name;
  if (typeof raw !== "string") return null;
  const key = normaliseSeriesName(raw);
  return key === "" ? null : key;
}

/**
 * A series name as compared across figures: lower case, hyphens as spaces,
 * HTML tags and a trailing "(...)" dropped, spaces collapsed.
 * @example normaliseSeriesName("Buy-and-hold (0.123)") // "buy and hold"
 */
export function normaliseSeriesName(name: string): string {
  return name
    .replace(/<[^>]*>/g, "")
    .replace(/\s*\([^()]*\)\s*$/, "")
    .replace(/-/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

function isSeriesTrace(trace: Record<string, unknown>): boolean {
  if (trace.meta === LEGEND_KEY) return false;
  const type = typeof trace.type === "string" ? trace.type : "scatter";
  if (type !== "scatter" && type !== "bar" && type !== "scattergl") return false;
  const marker = trace.marker as Record<string, unknown> | undefined;
  return !Array.isArray(marker?.color);
}

/**
 * The colour a trace is drawn in (line colour for lines, marker colour
 * otherwise), or null when it sets none.
 * @example traceColour({ type: "scatter", mode: "lines", line: { color: "#1f4e79" } }) // "#1f4e79"
 */
export function traceColour(trace: Record<string, unknown>): string | null {
  const line = trace.line as Record<string, unknown> | undefined;
  const marker = trace.marker as Record<string, unknown> | undefined;
  const lineColour = typeof line?.color === "string" ? line.color : null;
  const markerColour = typeof marker?.color === "string" ? marker.color : null;
  const type = typeof trace.type === "string" ? trace.type : "scatter";
  if (type === "bar") return markerColour ?? lineColour;
  const mode = typeof trace.mode === "string" ? trace.mode : "lines";
  return mode.includes("lines") ? (lineColour ?? markerColour) : (markerColour ?? lineColour);
}

/**
 * Hands out colours by series key. A series keeps its colour everywhere; a
 * new series takes the first palette colour no series has yet, and once all
 * are taken, the first one no other series of the same figure uses (so two
 * series of one figure never share a colour while the palette lasts).
 */
export class SeriesPalette {
  private readonly colours = new Map<string, string>();

  /**
   * The colour of `key`, assigning one on first sight; `inFigure` are the
   * colours other series of the figure being coloured already use.
   * @example new SeriesPalette().colourOf("spy") // "#404040"
   */
  colourOf(key: string, inFigure: ReadonlySet<string> = new Set()): string {
    const known = this.colours.get(key);
    if (known) return known;
    const fixed = FIXED_SERIES_COLOURS[key];
    const taken = new Set([...this.colours.values(), ...Object.values(FIXED_SERIES_COLOURS)]);
    const colour =
      fixed ??
      SERIES_PALETTE.find((c) => !taken.has(c)) ??
      SERIES_PALETTE.find((c) => !inFigure.has(c)) ??
      SERIES_PALETTE[this.colours.size % SERIES_PALETTE.length]!;
    this.colours.set(key, colour);
    return colour;
  }

  /** Series keys and their colours, in order of assignment. */
  entries(): Array<[string, string]> {
    return [...this.colours.entries()];
  }
}

/**
 * Copies of `figures` with every series drawn in its palette colour (line and
 * marker), the same series in the same colour in every figure. Pass one
 * `palette` to colour several batches (a run's figures, then its report's tear
 * sheet) as one report.
 * @example
 * const [a, b] = colourFiguresBySeries([equityCurve, drawdown]); // "SPY" the same grey in both
 */
export function colourFiguresBySeries(figures: readonly Figure[], palette = new SeriesPalette()): Figure[] {
  return figures.map((figure) => {
    const inFigure = new Set<string>();
    const keys = figure.data.map((trace) => seriesKey(trace));
    // Series already known keep their colour; reserve those first so a new series avoids them.
    for (const key of keys) if (key && palette.entries().some(([k]) => k === key)) inFigure.add(palette.colourOf(key));
    const data = figure.data.map((trace, i) => {
      const key = keys[i];
      if (!key) return trace;
      const colour = palette.colourOf(key, inFigure);
      inFigure.add(colour);
      return withColour(trace, colour);
    });
    return { ...figure, data };
  });
}

function withColour(trace: Record<string, unknown>, colour: string): Record<string, unknown> {
  const line = (trace.line as Record<string, unknown> | undefined) ?? {};
  const marker = (trace.marker as Record<string, unknown> | undefined) ?? {};
  const out: Record<string, unknown> = { ...trace, line: { ...line, color: colour }, marker: { ...marker, color: colour } };
  // A filled area takes the series colour too (a lighter fill keeps the line readable on top).
  if (typeof trace.fillcolor === "string") out.fillcolor = colour;
  return out;
}

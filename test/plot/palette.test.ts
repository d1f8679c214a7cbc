import { describe, expect, it } from "vitest";
import { LEGEND_KEY, type Figure } from "../../src/core/index";
import { colourFiguresBySeries, FIXED_SERIES_COLOURS, normaliseSeriesName, SERIES_PALETTE, SeriesPalette, seriesKey, traceColour } from "../../src/plot/index";

const line = (name: string, extra: Record<string, unknown> = {}) => ({
  type: "scatter",
  mode: "lines",
  name,
  x: [1],
  y: [1],
  line: { color: "#000000" },
  ...extra,
});
const fig = (name: string, data: Array<Record<string, unknown>>): Figure => ({ name, title: name, data, layout: {} });

describe("series palette (one colour per series across a report)", () => {
  it("keys a trace by its legend group or name, without case, hyphens or a trailing qualifier", () => {
    expect(seriesKey(line("BL portfolio (20d)"))).toBe("bl portfolio");
    expect(seriesKey(line("CFO opinion", { legendgroup: "CFO" }))).toBe("cfo");
    expect(normaliseSeriesName("Buy-and-hold (0.123)")).toBe("buy and hold");
    expect(normaliseSeriesName("Equal weight")).toBe(normaliseSeriesName("equal weight"));
    // not series: per-point colours, heatmaps, legend-only style keys
    expect(seriesKey({ type: "bar", name: "weight change", marker: { color: ["#1", "#2"] } })).toBeNull();
    expect(seriesKey({ type: "heatmap", name: "A", z: [[1]] })).toBeNull();
    expect(seriesKey(line("opinion (dashed)", { meta: LEGEND_KEY }))).toBeNull();
  });

  it("draws a series in one colour in every figure, and distinct series of a figure in distinct colours", () => {
    const equity = fig("equity", [line("BL portfolio"), line("Equal weight"), line("SPY")]);
    const sheet = fig("sheet", [line("SPY"), line("equal weight"), line("BL portfolio")]);
    const frontier = fig("frontier", [line("long-only frontier"), line("equal weight", { mode: "markers" })]);
    const [a, b, c] = colourFiguresBySeries([equity, sheet, frontier]);
    const colour = (f: Figure, name: string) => traceColour(f.data.find((t) => t.name === name)!);
    expect(colour(a!, "SPY")).toBe(FIXED_SERIES_COLOURS.spy);
    expect(colour(b!, "SPY")).toBe(colour(a!, "SPY"));
    expect(colour(b!, "BL portfolio")).toBe(colour(a!, "BL portfolio"));
    expect(colour(c!, "equal weight")).toBe(colour(a!, "Equal weight"));
    expect(new Set(a!.data.map(traceColour)).size).toBe(3);
    expect(colour(c!, "long-only frontier")).not.toBe(colour(c!, "equal weight"));
  });

  it("keeps two series of one figure apart even past the palette's end (the weights chart's dozen tickers)", () => {
    const palette = new SeriesPalette();
    const many = Array.from({ length: SERIES_PALETTE.length + 3 }, (_, i) => line(`T${i}`));
    colourFiguresBySeries([fig("all", many)], palette);
    const later = colourFiguresBySeries([fig("pair", [line("T0"), line("NEW1"), line("NEW2")])], palette)[0]!;
    const colours = later.data.map(traceColour);
    expect(new Set(colours).size).toBe(3);
    expect(colours[0]).toBe(SERIES_PALETTE[0]);
  });

  it("leaves a legend-only line-style key grey", () => {
    const [f] = colourFiguresBySeries([fig("f", [line("CFO"), line("opinion (dashed)", { meta: LEGEND_KEY, line: { color: "#555", dash: "dash" } })])]);
    expect(traceColour(f!.data[1]!)).toBe("#555");
  });
});

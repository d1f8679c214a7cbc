/**
 * Reading a danfojs DataFrame or Series for people: a text grid and an HTML
 * table with numbers rounded for the eye (the frame keeps full precision and
 * its column types, which the display shows under the column names), and
 * plotly figures built from a frame's columns.
 *
 * Everything here reads only the frame's public shape (columns, dtypes,
 * index, values), so it needs no danfojs at load time: the display helpers
 * import it freely and only src/notebook/dataframe.ts loads danfojs-node.
 */
import { discreteTicks, escapeHtml, makeFigure, PALETTE, type Figure } from "../core/index";

/** What display and plotting read of a danfojs DataFrame or Series (both fit). */
export interface FrameLike {
  readonly columns: readonly string[];
  readonly dtypes: readonly string[];
  readonly index: ReadonlyArray<string | number>;
  /** Rows of a DataFrame; the values themselves for a Series. */
  readonly values: readonly unknown[];
}

export interface FrameDisplayOptions {
  /** Decimals of floating-point numbers (default 4); tiny ones switch to exponent form. */
  digits?: number;
  /** Rows shown (default 20); the rest are counted in a footer. */
  maxRows?: number;
  /** Longest text shown in a cell (default 28 characters). */
  maxWidth?: number;
}

const DEFAULTS: Required<FrameDisplayOptions> = { digits: 4, maxRows: 20, maxWidth: 28 };

/** A frame's rows as arrays, a Series' values as one-cell rows. */
function rowsOf(frame: FrameLike): unknown[][] {
  return frame.values.map((row) => (Array.isArray(row) ? row : [row]));
}

function isNumericDtype(dtype: string | undefined): boolean {
  return dtype === "float32" || dtype === "int32";
}

/**
 * One cell for reading: floats to `digits` decimals (exponent form when that
 * would print a non-zero number as zero), integers as they are, missing
 * values as "NaN", text cut to `maxWidth` characters.
 *
 * @example
 * displayCell(-0.43305999999, "float32", { digits: 4, maxWidth: 28 }); // "-0.4331"
 */
export function displayCell(value: unknown, dtype: string | undefined, options: { digits: number; maxWidth: number }): string {
  if (value === null || value === undefined) return "NaN";
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NaN";
    if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
    if (Number.isInteger(value) && dtype !== "float32") return String(value);
    const tiny = value !== 0 && Math.abs(value) < 0.5 * 10 ** -options.digits;
    return tiny || Math.abs(value) >= 1e12 ? value.toExponential(Math.max(1, options.digits - 2)) : value.toFixed(options.digits);
  }
  const text = String(value);
  return text.length > options.maxWidth ? `${text.slice(0, options.maxWidth - 1)}…` : text;
}

interface Grid {
  header: string[];
  dtypes: string[];
  body: string[][];
  numeric: boolean[];
  footer: string;
}

function grid(frame: FrameLike, options: FrameDisplayOptions): Grid {
  const o = { ...DEFAULTS, ...options };
  const rows = rowsOf(frame);
  const shown = rows.slice(0, o.maxRows);
  const body = shown.map((row, r) => [String(frame.index[r] ?? r), ...frame.columns.map((_, c) => displayCell(row[c], frame.dtypes[c], o))]);
  const kind = frame.values.length > 0 && !Array.isArray(frame.values[0]) ? "Series" : "DataFrame";
  const size = kind === "Series" ? `${rows.length} rows` : `${rows.length} rows x ${frame.columns.length} columns`;
  const more = rows.length > shown.length ? `, first ${shown.length} shown` : "";
  return {
    header: ["", ...frame.columns],
    dtypes: ["", ...frame.columns.map((_, c) => frame.dtypes[c] ?? "")],
    body,
    numeric: [false, ...frame.columns.map((_, c) => isNumericDtype(frame.dtypes[c]))],
    footer: `${kind}: ${size}${more}`,
  };
}

/**
 * A frame as an aligned text grid: column names, their dtypes, rounded values
 * (numbers right-aligned), and its size. What `print()`, `console.log` and a
 * cell ending in a frame show once src/notebook/dataframe.ts has loaded danfojs.
 *
 * @example
 * frameText({ columns: ["agent", "opinion"], dtypes: ["string", "float32"], index: [0], values: [["CFO", -0.43305999]] });
 * // "   agent   opinion\n   string  float32\n0  CFO     -0.4331\nDataFrame: 1 rows x 2 columns"
 */
export function frameText(frame: FrameLike, options: FrameDisplayOptions = {}): string {
  const g = grid(frame, options);
  const lines = [g.header, g.dtypes, ...g.body];
  const widths = g.header.map((_, c) => Math.max(...lines.map((line) => (line[c] ?? "").length)));
  const pad = (text: string, c: number) => (g.numeric[c] ? text.padStart(widths[c] ?? 0) : text.padEnd(widths[c] ?? 0));
  return [...lines.map((line) => line.map(pad).join("  ").trimEnd()), g.footer].join("\n");
}

/**
 * A frame as an HTML table in the notebooks' table style, dtypes in a second
 * header row and numbers rounded like frameText (text cut at 80 characters).
 *
 * @example
 * frameHtml(df.describe(), { title: "Sentiment, described" }); // "<div><h4>Sentiment, described</h4><table class=\"dataframe\">..."
 */
export function frameHtml(frame: FrameLike, options: FrameDisplayOptions & { title?: string } = {}): string {
  // A browser wraps long text in a cell, so HTML cuts it much later than the text grid does.
  const g = grid(frame, { maxWidth: 80, ...options });
  const align = (c: number) => (g.numeric[c] ? ' style="text-align:right"' : "");
  const head = `<tr>${g.header.map((h, c) => `<th${align(c)}>${escapeHtml(h)}</th>`).join("")}</tr>`;
  const types = `<tr>${g.dtypes.map((t, c) => `<th${align(c)} style="color:#777;font-weight:normal">${escapeHtml(t)}</th>`).join("")}</tr>`;
  const body = g.body.map((row) => `<tr>${row.map((cell, c) => `<td${align(c)}>${escapeHtml(cell)}</td>`).join("")}</tr>`).join("");
  const title = options.title ? `<h4>${escapeHtml(options.title)}</h4>` : "";
  return `<div>${title}<table class="dataframe"><thead>${head}${types}</thead><tbody>${body}</tbody></table><p><em>${escapeHtml(g.footer)}</em></p></div>`;
}

export interface FrameFigureOptions {
  /** "line" (default; points joined in x order), "bar" or "scatter" (markers only). */
  kind?: "line" | "bar" | "scatter";
  /** Column on the x axis. */
  x: string;
  /** Column(s) on the y axis: one trace per column and group. */
  y: string | readonly string[];
  /** Column whose values get a trace each (e.g. the agent). */
  groupBy?: string;
  /** File-safe figure name. */
  name: string;
  title: string;
  /** The model label of the data (`run.modelLabel`): every figure says which model produced it. */
  label: string;
  xTitle?: string;
  yTitle?: string;
}

function columnIndex(frame: FrameLike, column: string): number {
  const i = frame.columns.indexOf(column);
  if (i < 0) throw new Error(`frameFigure: the frame has no column "${column}" (columns: ${frame.columns.join(", ") || "none"})`);
  return i;
}

/** Distinct values in first-seen order, numbers ascending. */
function distinct(values: readonly unknown[]): unknown[] {
  const unique = [...new Set(values)];
  return unique.every((v) => typeof v === "number") ? (unique as number[]).sort((a, b) => a - b) : unique;
}

/**
 * A plotly figure from a frame's columns: y against x, one trace per y column
 * and per value of `groupBy`, points in ascending x when x is numeric. The
 * title carries the model label on its own line, as every result figure does.
 *
 * @example
 * const byRound = rounds.groupby(["agent", "round"]).col(["opinion"]).mean();
 * frameFigure(byRound, { x: "round", y: "opinion_mean", groupBy: "agent", name: "opinion_by_round", title: "Mean opinion per round", label: run.modelLabel });
 */
export function frameFigure(frame: FrameLike, options: FrameFigureOptions): Figure {
  const rows = rowsOf(frame);
  const ys = typeof options.y === "string" ? [options.y] : [...options.y];
  if (ys.length === 0) throw new Error("frameFigure: no y column given");
  const xi = columnIndex(frame, options.x);
  const yis = ys.map((y) => columnIndex(frame, y));
  const gi = options.groupBy === undefined ? -1 : columnIndex(frame, options.groupBy);
  const groups = gi < 0 ? [undefined] : distinct(rows.map((row) => row[gi]));
  const kind = options.kind ?? "line";
  const traces: Array<Record<string, unknown>> = [];
  groups.forEach((group, g) => {
    const members = gi < 0 ? rows : rows.filter((row) => row[gi] === group);
    const ordered = members.every((row) => typeof row[xi] === "number") ? [...members].sort((a, b) => (a[xi] as number) - (b[xi] as number)) : members;
    yis.forEach((yi, m) => {
      const colour = PALETTE[(gi < 0 ? m : g) % PALETTE.length];
      const series = ys.length > 1 || gi < 0 ? ys[m] : "";
      const name = [gi < 0 ? "" : `${options.groupBy} = ${String(group)}`, series].filter(Boolean).join(", ");
      const points = { x: ordered.map((row) => row[xi] ?? null), y: ordered.map((row) => row[yi] ?? null), name };
      if (kind === "bar") traces.push({ type: "bar", ...points, marker: { color: colour } });
      else traces.push({ type: "scatter", mode: kind === "line" ? "lines+markers" : "markers", ...points, line: { color: colour }, marker: { color: colour } });
    });
  });
  const legendRows = Math.ceil(traces.length / 2);
  const heightIn = 4 + 0.2 * legendRows;
  const xTitle = options.xTitle ?? options.x;
  const xTicks = kind === "bar" ? {} : discreteTicks(rows.map((row) => row[xi]));
  return makeFigure(
    options.name,
    `${options.title} — ${options.label}`,
    traces,
    { x: xTitle, y: options.yTitle ?? ys.join(", ") },
    {
      title: { text: `${escapeHtml(options.title)}<br><sup>${escapeHtml(options.label)}</sup>`, x: 0.02, xanchor: "left", font: { size: 15 } },
      margin: { l: 64, r: 24, t: 84, b: 72 + 20 * legendRows },
      legend: { orientation: "h", x: 0, xanchor: "left", yref: "container", y: 0.01, yanchor: "bottom" },
      height: Math.round(96 * heightIn),
      // rounds, K or a grid key: ticks on the values the frame holds (whole rounds only)
      xaxis: { title: { text: xTitle }, showgrid: true, gridcolor: "#e5e5e5", zeroline: false, linecolor: "#444", ticklabelstandoff: 4, ...xTicks },
      ...(kind === "bar" ? { barmode: "group" } : {}),
    },
    { widthIn: 6.5, heightIn },
  );
}

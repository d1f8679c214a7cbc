/**
 * Display helpers for the tslab notebooks: tables as HTML, figures as
 * interactive plotly charts. Plotly is inlined
 * into the first figure output of a notebook and reused by later ones, so an
 * executed notebook opens offline.
 *
 * Outside a notebook kernel (CLI, tests) the HTML builders are plain functions;
 * `show*` then fall back to printing text.
 */
import { plotlySource } from "../plot/index";
import { escapeHtml, jsonForScript, type Figure, type Row, type Table, formatNumber, tableColumns, toMarkdown } from "../core/index";
import type { RunRecord } from "../run/index";
import { frameHtml, frameText, type FrameDisplayOptions, type FrameLike } from "./frames";

/** Longest text shown in a notebook table cell before it is shortened (the full text stays on hover). */
export const MAX_CELL_CHARS = 60;

/**
 * A text cell's HTML: as is when short; otherwise its first `maxChars - 1`
 * characters and "…", the full text in the cell's `title` (shown on hover),
 * so a 400-character reason does not stretch a 21-column table across pages.
 *
 * @example
 * textCellHtml("a".repeat(100), 10); // '<td title="aaaa…aaaa">aaaaaaaaa…</td>'
 */
export function textCellHtml(text: string, maxChars = MAX_CELL_CHARS): string {
  const chars = [...text];
  if (chars.length <= maxChars) return `<td>${escapeHtml(text)}</td>`;
  return `<td class="shortened" title="${escapeHtml(text)}">${escapeHtml(chars.slice(0, Math.max(1, maxChars - 1)).join(""))}…</td>`;
}

/**
 * HTML for a table (title, note, up to `maxRows` rows, numbers to 4
 * decimals, text longer than `maxChars` shortened with the full text on
 * hover), scrolling sideways inside its own box when wide.
 *
 * @example
 * tableHtml({ name: "t", title: "T", rows: [{ a: 0.123456 }] }); // "<div><h4>T</h4>...<td>0.1235</td>..."
 */
export function tableHtml(table: Table, maxRows = 60, maxChars = MAX_CELL_CHARS): string {
  const columns = tableColumns(table);
  const rows = table.rows.slice(0, maxRows);
  const cell = (value: unknown) =>
    value === null || value === undefined ? "<td></td>" : typeof value === "number" ? `<td>${formatNumber(value)}</td>` : textCellHtml(String(value), maxChars);
  const head = columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("");
  const body = rows.map((row) => `<tr>${columns.map((c) => cell(row[c])).join("")}</tr>`).join("");
  const more = table.rows.length > rows.length ? `<p><em>${rows.length} of ${table.rows.length} rows shown.</em></p>` : "";
  const shortened = rows.some((row) => columns.some((c) => typeof row[c] === "string" && [...(row[c] as string)].length > maxChars))
    ? `<p style="color:#555"><em>Text longer than ${maxChars} characters is shortened (…); hover a cell for its full text.</em></p>`
    : "";
  const note = table.note ? `<p style="color:#555">${escapeHtml(table.note)}</p>` : "";
  return (
    `<div><h4>${escapeHtml(table.title)}</h4>${note}<div style="overflow-x:auto"><table class="dataframe"><thead><tr>${head}</tr></thead>` +
    `<tbody>${body}</tbody></table></div>${shortened}${more}</div>`
  );
}

let plotlyInlined = false;
let figureCounter = 0;

/**
 * HTML for an interactive figure; the first call of a session carries plotly.js
 * itself (the installed bundle, read once per process: no CDN, notebooks must open offline).
 *
 * @example
 * figureHtml(run.result.figures[0], false); // "<div id=\"consilium-fig-1-...\"></div><script>...Plotly.newPlot(...)</script>"
 */
export function figureHtml(figure: Figure, includePlotly = !plotlyInlined): string {
  const id = `consilium-fig-${++figureCounter}-${figure.name.replace(/[^A-Za-z0-9_-]/g, "")}`;
  const spec = jsonForScript({ data: figure.data, layout: figure.layout });
  const loader = includePlotly ? `<script type="text/javascript">${plotlySource()}</script>` : "";
  if (includePlotly) plotlyInlined = true;
  return `${loader}<div id="${id}" style="width:100%;min-height:420px"></div><script type="text/javascript">(function(){var s=${spec};function draw(){window.Plotly.newPlot("${id}",s.data,s.layout,{responsive:true,displaylogo:false});}if(window.Plotly){draw();}else{var t=setInterval(function(){if(window.Plotly){clearInterval(t);draw();}},50);}})();</script>`;
}

type NotebookDisplay = { html(s: string): void; markdown(s: string): void; png(bytes: Uint8Array): void };
let kernelDisplay: NotebookDisplay | null | undefined;

/** tslab's display inside a kernel, null elsewhere (probed once: the probe itself emits an empty output). */
async function tslabDisplay(): Promise<NotebookDisplay | null> {
  if (kernelDisplay !== undefined) return kernelDisplay;
  try {
    const tslab = (await import("tslab")) as unknown as { display: NotebookDisplay };
    tslab.display.html(""); // throws "Not ready" outside a kernel
    kernelDisplay = tslab.display;
  } catch {
    kernelDisplay = null;
  }
  return kernelDisplay;
}

/**
 * Show a table in the notebook as HTML; prints it as a Markdown table elsewhere.
 *
 * @example
 * await showTable(run.result.tables[0], 20);
 */
export async function showTable(table: Table, maxRows = 60): Promise<void> {
  const display = await tslabDisplay();
  if (display) display.html(tableHtml(table, maxRows));
  else console.log(`${table.title}\n${toMarkdown({ ...table, rows: table.rows.slice(0, maxRows) })}`);
}

/** Resolution of the static figures of notebooks committed with outputs: sharp on screen, tens of kB each. */
export const STATIC_FIGURE_DPI = 110;

/**
 * How a notebook shows its figures: "interactive" (plotly.js inlined into the
 * first figure, 4.8 MB, so the notebook opens offline), or "static" when
 * CONSILIUM_NOTEBOOK_FIGURES=static (a PNG drawn by the system Chromium; what
 * `npm run notebooks` sets for the notebooks committed with their outputs, so
 * each stays far under 2 MB and a repository browser, which runs no scripts,
 * shows the plots).
 *
 * @example
 * figureMode({ CONSILIUM_NOTEBOOK_FIGURES: "static" }); // "static"
 */
export function figureMode(env: Record<string, string | undefined> = process.env): "interactive" | "static" {
  return env.CONSILIUM_NOTEBOOK_FIGURES === "static" ? "static" : "interactive";
}

/**
 * Show a plotly figure in the notebook (interactive, or a PNG in "static"
 * mode, see figureMode); prints its title elsewhere.
 *
 * @example
 * await showFigure(run.result.figures[0]);
 */
export async function showFigure(figure: Figure): Promise<void> {
  const display = await tslabDisplay();
  if (!display) console.log(`[figure] ${figure.title} (${figure.data.length} traces)`);
  else if (figureMode() === "static") {
    const { renderFigure } = await import("../plot/export");
    display.png((await renderFigure(figure, { dpi: STATIC_FIGURE_DPI })).png);
  } else display.html(figureHtml(figure));
}

/**
 * Show markdown in the notebook; prints it elsewhere.
 *
 * @example
 * await showMarkdown("**offline agents** — not LLM results");
 */
export async function showMarkdown(text: string): Promise<void> {
  const display = await tslabDisplay();
  if (display) display.markdown(text);
  else console.log(text);
}

/**
 * Show a danfojs DataFrame or Series in the notebook as an HTML table (rounded
 * numbers, column types under the names); prints the same grid as text elsewhere.
 *
 * @example
 * await showFrame(rounds.groupby(["agent"]).col(["opinion"]).mean(), { title: "Mean opinion per agent" });
 */
export async function showFrame(frame: FrameLike, options: FrameDisplayOptions & { title?: string } = {}): Promise<void> {
  const display = await tslabDisplay();
  if (display) display.html(frameHtml(frame, options));
  else console.log(`${options.title ? `${options.title}\n` : ""}${frameText(frame, options)}`);
}

/**
 * A run's headline numbers as a two-column table (key, value).
 *
 * @example
 * runSummaryTable(run).rows[0]; // { key: "candidates", value: 10 }
 */
export function runSummaryTable(run: RunRecord): Table {
  const rows: Row[] = Object.entries(run.result.summary).map(([key, value]) => ({ key, value }));
  return { name: `${run.experiment}_summary`, title: `${run.experiment}: summary — ${run.modelLabel}`, rows };
}

/**
 * Show what a run was (description, model label, seed, data folder, time) and its summary table.
 *
 * @example
 * await showRun(await runExperiment("finmem", { seed: 7 }));
 */
export async function showRun(run: RunRecord): Promise<void> {
  const headline = `${run.description} ${run.modelLabel}; seed ${run.seed}; data: ${run.dataDir}; ${(run.timings.totalMs / 1000).toFixed(1)} s.`;
  const summary = runSummaryTable(run);
  const display = await tslabDisplay();
  if (display) display.html(`<p>${escapeHtml(headline)}</p>${tableHtml(summary, summary.rows.length)}`);
  else console.log(`${headline}\n${toMarkdown(summary)}`);
}

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

/**
 * HTML for a table (title, note, up to `maxRows` rows, numbers to 4 decimals).
 *
 * @example
 * tableHtml({ name: "t", title: "T", rows: [{ a: 0.123456 }] }); // "<div><h4>T</h4>...<td>0.1235</td>..."
 */
export function tableHtml(table: Table, maxRows = 60): string {
  const columns = tableColumns(table);
  const rows = table.rows.slice(0, maxRows);
  const cell = (value: unknown) => (value === null || value === undefined ? "" : typeof value === "number" ? formatNumber(value) : escapeHtml(String(value)));
  const head = columns.map((c) => `<th>${escapeHtml(c)}</th>`).join("");
  const body = rows.map((row) => `<tr>${columns.map((c) => `<td>${cell(row[c])}</td>`).join("")}</tr>`).join("");
  const more = table.rows.length > rows.length ? `<p><em>${rows.length} of ${table.rows.length} rows shown.</em></p>` : "";
  const note = table.note ? `<p style="color:#555">${escapeHtml(table.note)}</p>` : "";
  return `<div><h4>${escapeHtml(table.title)}</h4>${note}<table class="dataframe"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${more}</div>`;
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

type NotebookDisplay = { html(s: string): void; markdown(s: string): void };
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

/**
 * Show an interactive plotly figure in the notebook; prints its title elsewhere.
 *
 * @example
 * await showFigure(run.result.figures[0]);
 */
export async function showFigure(figure: Figure): Promise<void> {
  const display = await tslabDisplay();
  if (display) display.html(figureHtml(figure));
  else console.log(`[figure] ${figure.title} (${figure.data.length} traces)`);
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

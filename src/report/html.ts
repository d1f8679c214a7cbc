/**
 * One self-contained HTML page per run: header (experiment, model — clearly
 * "offline agents" when so — seed, data folder, dates, versions), summary,
 * tear sheet for portfolio runs, every table (sortable, CSV download), every
 * figure (interactive plotly, inlined once), resolved config, LLM usage and
 * timings. Opens from disk with no network.
 */
import { plotlyScriptTag, renderFigureHtml } from "../plot/index";
import { escapeHtml, jsonForScript, type Cell, type Table, tableColumns, toCsv } from "../core/index";
import type { RunFolder } from "./run-folder";
import { reportFigures } from "./figures";

/** Tables longer than this show their first rows only (the CSV has them all). */
export const MAX_HTML_ROWS = 5000;

const STYLE = `
body{font-family:Helvetica,Arial,sans-serif;color:#222;margin:0;background:#fafafa}
main{max-width:1100px;margin:0 auto;padding:1.5em 1.5em 4em;background:#fff}
h1{font-size:1.6em;margin:.2em 0}h2{font-size:1.25em;border-bottom:2px solid #1f4e79;padding-bottom:.2em;margin-top:2em}
h3{font-size:1.05em;margin:1.4em 0 .3em}
.badge{display:inline-block;padding:.2em .6em;border-radius:4px;font-weight:bold}
.offline{background:#fff3cd;color:#7a5b00;border:1px solid #e0c36a}.online{background:#e2f0d9;color:#2d5a1b;border:1px solid #9cc58a}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:.25em 1em;margin:1em 0}dl.meta dt{font-weight:bold;color:#555}dl.meta dd{margin:0}
nav ul{columns:2;list-style:none;padding:0}nav a{color:#1f4e79}
.table-wrap{max-height:520px;overflow:auto;border:1px solid #ddd}
table.data{border-collapse:collapse;font-size:.85em;width:100%}
table.data th,table.data td{padding:.25em .5em;border-bottom:1px solid #eee;text-align:right;white-space:nowrap}
table.data th{position:sticky;top:0;background:#f0f4f8;cursor:pointer;user-select:none}
table.data th[aria-sort=ascending]::after{content:" \\25B2"}table.data th[aria-sort=descending]::after{content:" \\25BC"}
table.data td.text,table.data th.text{text-align:left}
.note{color:#555;font-size:.9em}.muted{color:#777}
pre{background:#f6f8fa;padding:1em;overflow:auto;font-size:.85em}
a.csv{font-size:.85em;margin-left:.6em}`;

/** Sorting (click a header) and CSV downloads (Blob from the embedded CSV text). */
const SCRIPT = `(function(){
function val(td){var v=td.getAttribute("data-v");if(v===null)v=td.textContent;var n=parseFloat(v);return v!==""&&isFinite(n)&&/^\\s*-?[0-9.eE+-]+\\s*$/.test(v)?n:v.toLowerCase();}
document.querySelectorAll("table.data").forEach(function(table){
  table.querySelectorAll("thead th").forEach(function(th,col){
    th.addEventListener("click",function(){
      var asc=th.getAttribute("aria-sort")!=="ascending";
      table.querySelectorAll("thead th").forEach(function(h){h.removeAttribute("aria-sort");});
      th.setAttribute("aria-sort",asc?"ascending":"descending");
      var body=table.tBodies[0];var rows=Array.prototype.slice.call(body.rows);
      rows.sort(function(a,b){var x=val(a.cells[col]),y=val(b.cells[col]);
        if(typeof x===typeof y){return (x<y?-1:x>y?1:0)*(asc?1:-1);}return (typeof x==="number"?-1:1)*(asc?1:-1);});
      rows.forEach(function(r){body.appendChild(r);});
    });
  });
});
document.querySelectorAll("a.csv").forEach(function(a){
  a.addEventListener("click",function(e){
    e.preventDefault();
    var text=window.CONSILIUM_CSV[a.getAttribute("data-table")];
    var url=URL.createObjectURL(new Blob([text],{type:"text/csv;charset=utf-8"}));
    var link=document.createElement("a");link.href=url;link.download=a.getAttribute("download");
    document.body.appendChild(link);link.click();link.remove();setTimeout(function(){URL.revokeObjectURL(url);},1000);
  });
});
})();`;

/** Like `tableColumns`, but an empty `columns` list (a hand-edited run folder) also falls back to the row keys. */
function columnsOf(table: Table): string[] {
  return table.columns?.length ? table.columns : tableColumns({ ...table, columns: undefined });
}

function formatCell(v: Cell | undefined): { text: string; raw: string; numeric: boolean } {
  if (v === null || v === undefined) return { text: "", raw: "", numeric: false };
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return { text: String(v), raw: String(v), numeric: true };
    const text = Number.isInteger(v) ? String(v) : Math.abs(v) >= 1000 ? v.toFixed(2) : Math.abs(v) >= 1 ? v.toFixed(4) : v.toPrecision(4);
    return { text, raw: String(v), numeric: true };
  }
  return { text: String(v), raw: String(v), numeric: false };
}

function slug(text: string): string {
  return (
    text
      .replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .toLowerCase() || "x"
  );
}

/**
 * A sortable HTML table with a CSV download link (CSV text registered in `csvStore`).
 * @example renderTableHtml({ name: "t", title: "T", rows: [{ a: 1 }] }, {}) // '<section class="table" ...'
 */
export function renderTableHtml(table: Table, csvStore: Record<string, string>, csvText?: string | null): string {
  const columns = columnsOf(table);
  const id = `table-${slug(table.name)}`;
  csvStore[table.name] = csvText ?? toCsv(table);
  const shown = table.rows.slice(0, MAX_HTML_ROWS);
  const numericCol = columns.map(
    (c) => shown.some((r) => typeof r[c] === "number") && shown.every((r) => r[c] === null || r[c] === undefined || typeof r[c] === "number"),
  );
  const head = columns.map((c, i) => `<th scope="col"${numericCol[i] ? "" : ' class="text"'}>${escapeHtml(c)}</th>`).join("");
  const body = shown
    .map(
      (row) =>
        "<tr>" +
        columns
          .map((c, i) => {
            const f = formatCell(row[c]);
            const cls = numericCol[i] ? "" : ' class="text"';
            return f.numeric && f.raw !== f.text
              ? `<td${cls} data-v="${escapeHtml(f.raw)}">${escapeHtml(f.text)}</td>`
              : `<td${cls}>${escapeHtml(f.text)}</td>`;
          })
          .join("") +
        "</tr>",
    )
    .join("\n");
  const truncated =
    table.rows.length > shown.length ? `<p class="note">Showing the first ${shown.length} of ${table.rows.length} rows; the CSV has all of them.</p>` : "";
  return (
    `<section class="table" id="${id}" data-table="${escapeHtml(table.name)}" data-rows="${table.rows.length}" data-shown-rows="${shown.length}">` +
    `<h3>${escapeHtml(table.title)} <a class="csv" href="#" data-table="${escapeHtml(table.name)}" download="${escapeHtml(slug(table.name))}.csv">download CSV</a></h3>` +
    `<p class="muted">${escapeHtml(table.name)} · ${table.rows.length} rows × ${columns.length} columns</p>` +
    (table.note ? `<p class="note">${escapeHtml(table.note)}</p>` : "") +
    truncated +
    `<div class="table-wrap"><table class="data"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div></section>`
  );
}

function metaRow(label: string, value: string, html = false): string {
  return `<dt>${escapeHtml(label)}</dt><dd>${html ? value : escapeHtml(value)}</dd>`;
}

/** ISO-looking dates in the config (data windows), e.g. {"testStart": "2022-10-06"}. */
function configDates(config: Record<string, unknown>): Array<[string, string]> {
  return Object.entries(config).filter((e): e is [string, string] => typeof e[1] === "string" && /^\d{4}-\d{2}-\d{2}/.test(e[1]));
}

function fmtNumber(v: unknown): string {
  return typeof v === "number" ? (Number.isInteger(v) ? v.toLocaleString("en-US") : v.toFixed(4)) : v === undefined ? "—" : String(v);
}

/**
 * The full report page for a loaded run folder.
 * @example writeFileSync("report.html", renderRunReport(readRunFolder("runs/x")));
 */
export function renderRunReport(run: RunFolder): string {
  const m = run.manifest;
  const csvStore: Record<string, string> = {};
  const title = `${m.experiment} — run report`;
  let figureCounter = 0;
  const figureHtml = (f: Parameters<typeof renderFigureHtml>[0]) => renderFigureHtml(f, `plot-${++figureCounter}`);

  const modelBadge = m.offline
    ? `<span class="badge offline">offline agents — not LLM results</span>`
    : `<span class="badge online">${escapeHtml(m.model)}</span>`;
  const dates = configDates(run.config);
  const meta =
    metaRow("Experiment", `${m.experiment}${m.description ? ` — ${m.description}` : ""}`) +
    metaRow("Model", `${modelBadge}${m.offline ? "" : ` <span class="muted">(${escapeHtml(m.llm ?? "")})</span>`}`, true) +
    metaRow("Seed", String(m.seed)) +
    metaRow("Data folder", m.dataDir) +
    (m.startedAt ? metaRow("Started", m.startedAt) : "") +
    (m.finishedAt ? metaRow("Finished", m.finishedAt) : "") +
    (dates.length ? metaRow("Dates", dates.map(([k, v]) => `${k} ${v}`).join(" · ")) : "") +
    metaRow("Consilium version", m.versions?.consilium ?? "unknown") +
    metaRow("Run folder", run.dir);

  const sections: Array<{ id: string; title: string; html: string }> = [];
  const { figures, daily, sheet } = reportFigures(run);
  const readingKey = daily?.readingKey ? `<p class="note reading-key">${escapeHtml(daily.readingKey)}</p>` : "";
  if (m.summary && Object.keys(m.summary).length) {
    sections.push({
      id: "summary",
      title: "Summary",
      html: `${readingKey}<dl class="meta">${Object.entries(m.summary)
        .map(([k, v]) => metaRow(k, fmtNumber(v)))
        .join("")}</dl>`,
    });
  }

  if (daily && sheet) {
    sections.push({
      id: "tearsheet",
      title: "Tear sheet",
      html:
        `<p class="note">Portfolio (${escapeHtml(daily.series[0].name)}) against ${
          daily.series
            .slice(1)
            .map((s) => escapeHtml(s.name))
            .join(", ") || "no benchmark"
        }, from the run's <code>${escapeHtml(daily.source)}</code> table.</p>` +
        readingKey +
        renderTableHtml(sheet.metrics, csvStore) +
        sheet.figures.map(figureHtml).join("\n") +
        renderTableHtml(sheet.monthly, csvStore),
    });
  }

  sections.push({
    id: "tables",
    title: `Tables (${run.tables.length})`,
    html: run.tables.length ? run.tables.map((t) => renderTableHtml(t, csvStore, t.csvText)).join("\n") : `<p class="muted">This run has no tables.</p>`,
  });
  sections.push({
    id: "figures",
    title: `Figures (${figures.length})`,
    html: figures.length ? figures.map((f) => `<h3>${escapeHtml(f.title)}</h3>${figureHtml(f)}`).join("\n") : `<p class="muted">This run has no figures.</p>`,
  });
  sections.push({ id: "config", title: "Resolved config", html: `<pre>${escapeHtml(JSON.stringify(run.config, null, 2))}</pre>` });

  const u = m.usage ?? {};
  const usageRows: Array<[string, unknown]> = [
    ["LLM calls", u.calls],
    ["cache hits", u.cacheHits],
    ["network calls", u.networkCalls],
    ["repaired outputs", u.repairs],
    ["prompt tokens", u.promptTokens],
    // Endpoint runs only (offline reports keep their rows): the part of the prompt the provider served from its cache.
    ...(u.cachedPromptTokens !== undefined ? [["prompt tokens cached by the provider", u.cachedPromptTokens] as [string, unknown]] : []),
    ["completion tokens", u.completionTokens],
    ["estimated cost (USD)", typeof u.estimatedCostUsd === "number" ? u.estimatedCostUsd.toFixed(4) : u.estimatedCostUsd],
  ];
  const timingRows = Object.entries(run.timings).map(
    ([k, v]) => [k, typeof v === "number" && /ms$/i.test(k) ? `${(v / 1000).toFixed(2)} s` : v] as [string, unknown],
  );
  sections.push({
    id: "usage",
    title: "LLM usage and timings",
    html:
      (m.offline ? `<p class="note">Offline agents: no model was called; token counts are those of the embedded agents (0 cost).</p>` : "") +
      `<dl class="meta">${usageRows.map(([k, v]) => metaRow(k, fmtNumber(v))).join("")}</dl>` +
      (timingRows.length ? `<h3>Timings</h3><dl class="meta">${timingRows.map(([k, v]) => metaRow(k, fmtNumber(v))).join("")}</dl>` : ""),
  });
  sections.push({
    id: "versions",
    title: "Versions",
    html: `<dl class="meta">${Object.entries(m.versions ?? {})
      .map(([k, v]) => metaRow(k, String(v)))
      .join("")}</dl>`,
  });

  const nav = `<nav><ul>${sections.map((s) => `<li><a href="#${s.id}">${escapeHtml(s.title)}</a></li>`).join("")}</ul></nav>`;
  return (
    `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style>\n${plotlyScriptTag()}\n</head><body><main>\n` +
    `<header><h1>${escapeHtml(title)}</h1><dl class="meta">${meta}</dl></header>\n${nav}\n` +
    sections.map((s) => `<section id="${s.id}"><h2>${escapeHtml(s.title)}</h2>\n${s.html}\n</section>`).join("\n") +
    `\n<footer class="muted"><p>Generated by Consilium from ${escapeHtml(run.dir)}. Self-contained: plotly.js and all data are embedded.</p></footer>` +
    `\n</main><script>window.CONSILIUM_CSV=${jsonForScript(csvStore)};</script><script>${SCRIPT}</script></body></html>\n`
  );
}

/**
 * The two forms of a notebook and the conversions between them.
 *
 * The source of truth is a percent-format TypeScript file, `notebooks/NN-name.ts`:
 *
 *     // %% [markdown]
 *     // # Title
 *     //
 *     // Prose, one `// ` comment line per markdown line.
 *
 *     // %% tags=["parameters"]
 *     const seed = 7;
 *
 *     // %%
 *     const run = await runExperiment("finmem", { seed: seed });
 *
 * so that `npm run typecheck`, ESLint and Prettier see the code of every cell
 * (the whole file is one module: cells share its scope, as in the kernel). The
 * committed `NN-name.ipynb` is what this module renders from it: nbformat 4.5,
 * the tslab kernel, ids from the cell position, no outputs — the same bytes
 * every time. `readNotebook` goes the other way for `npm run notebooks:sync`,
 * keeping only what the source holds (cell kind, text, tags).
 *
 * Imports: a source imports the project as any file in notebooks/ would,
 * `../src/run/runner`; the notebook's cells get `./src/run/runner`, because
 * tslab compiles only files under the notebook's folder and reaches src/
 * through the committed symlink notebooks/src. (Importing through the symlink
 * in the sources would make the typecheck see every src/ file twice.)
 *
 * Canonical form: one header comment, then cells separated by one blank line,
 * cell texts without leading or trailing blank lines. `printSource` always
 * writes it and `parseSource(printSource(cells))` gives the cells back, which
 * is what makes build -> sync -> build a no-op.
 */

export type CellKind = "markdown" | "code";

export interface NotebookCell {
  kind: CellKind;
  /** The cell's text without leading or trailing blank lines. */
  source: string;
  /** Cell tags (e.g. papermill's "parameters"); omitted when none. */
  tags?: string[];
}

/** A parse or conversion problem, with the file and line it is about. */
export class NotebookSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NotebookSourceError";
  }
}

const MARKER = /^\/\/ %%(?: \[(markdown)\])?(?: tags=(\[.*\]))?\s*$/;
const ANY_MARKER = /^\/\/ ?%%/;

/** An import or export specifier's opening quote, captured with what precedes it. */
const SPECIFIER = String.raw`(\bfrom\s+|\bimport\s*\(\s*|^import\s+)(["'])`;
const SOURCE_IMPORT = new RegExp(`${SPECIFIER}\\.\\./src/`, "gm");
const KERNEL_IMPORT = new RegExp(`${SPECIFIER}\\./src/`, "gm");

/**
 * A source cell's code as the kernel runs it: `../src/...` imports become `./src/...`.
 *
 * @example
 * toKernelImports('import { runExperiment } from "../src/run/runner";'); // 'import { runExperiment } from "./src/run/runner";'
 */
export function toKernelImports(code: string): string {
  return code.replace(SOURCE_IMPORT, "$1$2./src/");
}

/**
 * A notebook cell's code as the source holds it: `./src/...` imports become `../src/...`.
 *
 * @example
 * toSourceImports('import { showTable } from "./src/notebook/display";'); // 'import { showTable } from "../src/notebook/display";'
 */
export function toSourceImports(code: string): string {
  return code.replace(KERNEL_IMPORT, "$1$2../src/");
}

/**
 * The comment every source starts with (not part of any cell).
 *
 * @example
 * sourceHeader("03-finmem.ipynb"); // "// Source of notebooks/03-finmem.ipynb. ..."
 */
export function sourceHeader(notebookFile: string): string {
  return [
    `// Source of notebooks/${notebookFile}. Cells start at "// %%" lines; markdown cells are comment lines.`,
    `// npm run notebooks:build writes the notebook from this file; npm run notebooks:sync pulls edits made in Jupyter back.`,
  ].join("\n");
}

/** Drop leading and trailing blank lines (inner ones are the author's). */
function trimBlankLines(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]?.trim() === "") start++;
  while (end > start && lines[end - 1]?.trim() === "") end--;
  return lines.slice(start, end);
}

function parseTags(json: string, where: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new NotebookSourceError(`${where}: tags must be a JSON array of strings, got ${json}`);
  }
  if (!Array.isArray(parsed) || !parsed.every((t): t is string => typeof t === "string")) {
    throw new NotebookSourceError(`${where}: tags must be a JSON array of strings, got ${json}`);
  }
  return parsed;
}

/**
 * The cells of a percent-format source. Lines before the first marker must be
 * comments (the header); a markdown cell holds only `//` comment lines. Empty
 * cells are dropped, as Jupyter's trailing blank cell would be.
 *
 * @example
 * parseSource('// %% [markdown]\n// # Hi\n\n// %%\nconst a = 1;\n'); // [{ kind: "markdown", source: "# Hi" }, { kind: "code", source: "const a = 1;" }]
 */
export function parseSource(text: string, file = "notebook source"): NotebookCell[] {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const cells: NotebookCell[] = [];
  let current: { kind: CellKind; tags?: string[]; line: number; body: string[] } | null = null;
  const finish = (): void => {
    if (!current) return;
    const body = trimBlankLines(current.body);
    const code = body.join("\n");
    if (current.kind === "code" && toSourceImports(code) !== code) {
      throw new NotebookSourceError(`${file}:${current.line}: the cell imports "./src/..."; a source imports "../src/..." (the notebook gets "./src/...")`);
    }
    if (body.length > 0) cells.push({ kind: current.kind, source: body.join("\n"), ...(current.tags ? { tags: current.tags } : {}) });
  };
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    const marker = MARKER.exec(line);
    if (marker) {
      finish();
      current = { kind: marker[1] ? "markdown" : "code", line: i + 1, body: [], ...(marker[2] ? { tags: parseTags(marker[2], where) } : {}) };
      return;
    }
    if (ANY_MARKER.test(line))
      throw new NotebookSourceError(`${where}: malformed cell marker "${line}" (expected "// %%", "// %% [markdown]" or "// %% tags=[...]")`);
    if (!current) {
      if (line.trim() !== "" && !line.startsWith("//")) throw new NotebookSourceError(`${where}: code before the first "// %%" marker belongs to no cell`);
      return;
    }
    if (current.kind === "code") {
      current.body.push(line);
    } else if (line.trim() === "") {
      current.body.push(""); // a blank line between markdown comment lines
    } else if (line.startsWith("//")) {
      current.body.push(line.startsWith("// ") ? line.slice(3) : line.slice(2));
    } else {
      throw new NotebookSourceError(`${where}: a markdown cell (from line ${current.line}) holds only "//" comment lines; start a code cell with "// %%"`);
    }
  });
  finish();
  return cells;
}

function markerLine(cell: NotebookCell): string {
  const kind = cell.kind === "markdown" ? " [markdown]" : "";
  const tags = cell.tags && cell.tags.length > 0 ? ` tags=${JSON.stringify(cell.tags)}` : "";
  return `// %%${kind}${tags}`;
}

/**
 * The canonical percent-format source of some cells.
 *
 * @example
 * printSource([{ kind: "code", source: "const a = 1;" }], "00-x.ipynb").endsWith("// %%\nconst a = 1;\n"); // true
 */
export function printSource(cells: readonly NotebookCell[], notebookFile: string): string {
  const blocks = cells.map((cell) => {
    const lines = trimBlankLines(cell.source.split("\n"));
    if (cell.kind === "code") {
      const clash = lines.find((line) => ANY_MARKER.test(line));
      if (clash !== undefined) throw new NotebookSourceError(`${notebookFile}: a code cell contains the line "${clash}", which would start a new cell`);
      return [markerLine(cell), ...lines].join("\n");
    }
    const clash = lines.find((line) => ANY_MARKER.test(`// ${line}`));
    if (clash !== undefined) throw new NotebookSourceError(`${notebookFile}: a markdown line starts with "%%" ("${clash}"), which would read as a cell marker`);
    return [markerLine(cell), ...lines.map((line) => (line === "" ? "//" : `// ${line}`))].join("\n");
  });
  return `${[sourceHeader(notebookFile), ...blocks].join("\n\n")}\n`;
}

/** Jupyter's source format: a list of lines, each but the last ending in "\n". */
function sourceLines(text: string): string[] {
  const lines = text.split("\n");
  return lines.map((line, i) => (i < lines.length - 1 ? `${line}\n` : line));
}

/**
 * A notebook as nbformat 4.5 JSON text for the tslab kernel (Jupyter's own
 * layout: one-space indent, trailing newline), without outputs, with ids
 * "c<first two characters of the file name>-<cell index>".
 *
 * @example
 * renderNotebook([{ kind: "markdown", source: "# Hi" }], "00-x.ipynb").includes('"id": "c00-00"'); // true
 */
export function renderNotebook(cells: readonly NotebookCell[], notebookFile: string): string {
  const prefix = notebookFile.slice(0, 2).replace(/[^A-Za-z0-9_-]/g, "_");
  const rendered = cells.map((cell, i) => {
    const id = `c${prefix}-${String(i).padStart(2, "0")}`;
    const metadata = cell.tags && cell.tags.length > 0 ? { tags: cell.tags } : {};
    return cell.kind === "markdown"
      ? { cell_type: "markdown", id, metadata, source: sourceLines(cell.source) }
      : { cell_type: "code", execution_count: null, id, metadata, outputs: [], source: sourceLines(toKernelImports(cell.source)) };
  });
  const notebook = {
    cells: rendered,
    metadata: {
      kernelspec: { display_name: "TypeScript", language: "typescript", name: "tslab" },
      language_info: {
        codemirror_mode: { mode: "typescript", name: "javascript", typescript: true },
        file_extension: ".ts",
        mimetype: "text/typescript",
        name: "typescript",
      },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
  return `${JSON.stringify(notebook, null, 1)}\n`;
}

/**
 * The notebook a source builds: parse, then render.
 *
 * @example
 * buildNotebook(readFileSync("notebooks/03-finmem.ts", "utf8"), "03-finmem.ipynb"); // the committed 03-finmem.ipynb
 */
export function buildNotebook(sourceText: string, notebookFile: string): string {
  return renderNotebook(parseSource(sourceText, notebookFile.replace(/\.ipynb$/, ".ts")), notebookFile);
}

/**
 * What of a notebook its source decides: the cells' kind, id, text and tags,
 * the kernelspec and the nbformat version, as canonical JSON. Outputs,
 * execution counts and the metadata an execution adds (language_info,
 * timings) are left out, so a notebook committed with its outputs is "in
 * sync" exactly when its code and markdown are what the source builds.
 *
 * @example
 * sourceForm(executedJson) === sourceForm(buildNotebook(source, "03-finmem.ipynb")); // true when only outputs differ
 */
export function sourceForm(json: string): string {
  const nb = JSON.parse(json) as {
    cells?: Array<{ cell_type?: unknown; id?: unknown; source?: unknown; metadata?: { tags?: unknown } }>;
    metadata?: { kernelspec?: unknown };
    nbformat?: unknown;
    nbformat_minor?: unknown;
  };
  const cells = (nb.cells ?? []).map((cell) => ({
    cell_type: cell.cell_type,
    id: cell.id,
    source: Array.isArray(cell.source) ? cell.source.join("") : cell.source,
    tags: cell.metadata?.tags ?? [],
  }));
  return JSON.stringify({ cells, kernelspec: nb.metadata?.kernelspec, nbformat: nb.nbformat, nbformat_minor: nb.nbformat_minor });
}

interface JupyterCell {
  cell_type?: unknown;
  source?: unknown;
  metadata?: { tags?: unknown };
}

/**
 * The cells of a notebook saved by Jupyter: kind, text and tags; outputs,
 * execution counts, ids and other metadata are dropped. Raw cells have no
 * place in a TypeScript source and are refused.
 *
 * @example
 * readNotebook(readFileSync("notebooks/03-finmem.ipynb", "utf8"), "03-finmem.ipynb")[0].kind; // "markdown"
 */
export function readNotebook(json: string, notebookFile: string): NotebookCell[] {
  let parsed: { cells?: unknown };
  try {
    parsed = JSON.parse(json) as { cells?: unknown };
  } catch (error) {
    throw new NotebookSourceError(`${notebookFile}: not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed.cells)) throw new NotebookSourceError(`${notebookFile}: no "cells" list`);
  const cells: NotebookCell[] = [];
  (parsed.cells as JupyterCell[]).forEach((cell, i) => {
    const kind = cell.cell_type;
    if (kind !== "markdown" && kind !== "code") {
      throw new NotebookSourceError(`${notebookFile}: cell ${i} is a ${String(kind)} cell; only markdown and code cells have a place in the source`);
    }
    const raw = Array.isArray(cell.source) ? cell.source.join("") : typeof cell.source === "string" ? cell.source : "";
    const text = trimBlankLines(raw.replace(/\r\n/g, "\n").split("\n")).join("\n");
    if (text === "") return;
    const source = kind === "code" ? toSourceImports(text) : text;
    const declared = cell.metadata?.tags;
    const tags = Array.isArray(declared) ? declared.filter((t): t is string => typeof t === "string") : [];
    cells.push({ kind, source, ...(tags.length > 0 ? { tags } : {}) });
  });
  return cells;
}

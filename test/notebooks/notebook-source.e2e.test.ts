/**
 * The percent-format sources and their conversions (scripts/notebook-source.ts),
 * and the build / check / sync commands (scripts/notebooks.ts) on a scratch folder.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  buildNotebook,
  NotebookSourceError,
  parseSource,
  printSource,
  readNotebook,
  renderNotebook,
  sourceHeader,
  toKernelImports,
  toSourceImports,
} from "../../scripts/notebook-source";
import { formattedSource } from "../../scripts/notebooks";

const SOURCE = `${sourceHeader("07-demo.ipynb")}

// %% [markdown]
// # Demo
//
// Two paragraphs,
//   the second indented.

// %% tags=["parameters"]
// ---- Parameters ----
const seed = 7;

// %%
const doubled = seed * 2;

console.log(doubled);
`;

const CELLS = [
  { kind: "markdown", source: "# Demo\n\nTwo paragraphs,\n  the second indented." },
  { kind: "code", source: "// ---- Parameters ----\nconst seed = 7;", tags: ["parameters"] },
  { kind: "code", source: "const doubled = seed * 2;\n\nconsole.log(doubled);" },
];

describe("percent-format sources", () => {
  it("parse into markdown and code cells, tags kept, blank lines inside a cell kept", () => {
    expect(parseSource(SOURCE)).toEqual(CELLS);
  });

  it("print back to the same text (the canonical form)", () => {
    expect(printSource(parseSource(SOURCE), "07-demo.ipynb")).toBe(SOURCE);
  });

  it("accept CRLF line ends and drop empty cells", () => {
    const crlf = SOURCE.replace(/\n/g, "\r\n") + "// %%\r\n\r\n";
    expect(parseSource(crlf)).toEqual(CELLS);
  });

  it("refuse code before the first cell, code inside a markdown cell and malformed markers, naming the line", () => {
    expect(() => parseSource("const a = 1;\n// %%\nconst b = 2;\n", "x.ts")).toThrow(/x\.ts:1: code before the first "\/\/ %%" marker/);
    expect(() => parseSource("// %% [markdown]\n// # T\nconst a = 1;\n", "x.ts")).toThrow(
      /x\.ts:3: a markdown cell \(from line 1\) holds only "\/\/" comment lines/,
    );
    expect(() => parseSource("// %% [raw]\nx\n", "x.ts")).toThrow(/x\.ts:1: malformed cell marker "\/\/ %% \[raw\]"/);
    expect(() => parseSource('// %% tags=["a", 1]\nx\n', "x.ts")).toThrow(NotebookSourceError);
  });

  it("refuse to print a cell whose text would read as a marker", () => {
    expect(() => printSource([{ kind: "code", source: "a();\n// %%\nb();" }], "x.ipynb")).toThrow(/would start a new cell/);
    expect(() => printSource([{ kind: "markdown", source: "%% not a cell" }], "x.ipynb")).toThrow(/would read as a cell marker/);
  });
});

describe("imports of the project", () => {
  const source =
    'import { runExperiment } from "../src/run/runner";\nconst d = await import("../src/notebook/dataframe");\nconst p = "../src/x"; // not an import';
  const kernel =
    'import { runExperiment } from "./src/run/runner";\nconst d = await import("./src/notebook/dataframe");\nconst p = "../src/x"; // not an import';

  it("go to the kernel as ./src/ (tslab compiles only files under the notebook's folder) and come back as ../src/", () => {
    expect(toKernelImports(source)).toBe(kernel);
    expect(toSourceImports(kernel)).toBe(source);
    const notebook = renderNotebook([{ kind: "code", source: source }], "07-demo.ipynb");
    expect(notebook).toContain('"import { runExperiment } from \\"./src/run/runner\\";\\n"');
    expect(readNotebook(notebook, "07-demo.ipynb")).toEqual([{ kind: "code", source: source }]);
  });

  it("through the symlink are refused in a source (the typecheck would see src/ twice)", () => {
    expect(() => parseSource('// %%\nimport { a } from "./src/core/index";\n', "x.ts")).toThrow(
      /x\.ts:1: the cell imports "\.\/src\/\.\.\."; a source imports "\.\.\/src\/\.\.\."/,
    );
  });
});

describe("rendering a notebook", () => {
  const notebook = JSON.parse(renderNotebook(parseSource(SOURCE), "07-demo.ipynb")) as {
    nbformat: number;
    nbformat_minor: number;
    metadata: { kernelspec: unknown };
    cells: Array<{ id: string; cell_type: string; metadata: unknown; source: string[]; outputs?: unknown[]; execution_count?: unknown }>;
  };

  it("is nbformat 4.5 for tslab, ids from the position, Jupyter's line lists, no outputs", () => {
    expect([notebook.nbformat, notebook.nbformat_minor]).toEqual([4, 5]);
    expect(notebook.metadata.kernelspec).toEqual({ display_name: "TypeScript", language: "typescript", name: "tslab" });
    expect(notebook.cells.map((c) => c.id)).toEqual(["c07-00", "c07-01", "c07-02"]);
    expect(notebook.cells[0]).toEqual({
      cell_type: "markdown",
      id: "c07-00",
      metadata: {},
      source: ["# Demo\n", "\n", "Two paragraphs,\n", "  the second indented."],
    });
    expect(notebook.cells[1]?.metadata).toEqual({ tags: ["parameters"] });
    expect(notebook.cells[2]).toMatchObject({ execution_count: null, outputs: [], source: ["const doubled = seed * 2;\n", "\n", "console.log(doubled);"] });
  });

  it("writes Jupyter's layout: one-space indent and a final newline", () => {
    const json = renderNotebook(CELLS as Parameters<typeof renderNotebook>[0], "07-demo.ipynb");
    expect(json.startsWith('{\n "cells": [\n  {\n   "cell_type": "markdown",')).toBe(true);
    expect(json.endsWith("}\n")).toBe(true);
  });
});

/** A notebook as Jupyter saves it after running and editing: outputs, counts, fresh ids, extra metadata. */
function editedInJupyter(built: string): string {
  const nb = JSON.parse(built) as { cells: Array<Record<string, unknown>>; metadata: Record<string, unknown> };
  const [markdown, parameters, code] = nb.cells;
  if (!markdown || !parameters || !code) throw new Error("fixture needs three cells");
  markdown.source = "# Demo, edited\n\nNew prose.\n";
  parameters.execution_count = 1;
  parameters.outputs = [];
  parameters.metadata = { tags: ["parameters"], collapsed: false, execution: { "iopub.status.busy": "2025-01-01T00:00:00Z" } };
  code.source = ["const doubled = seed*2\n", "console.log( doubled )"];
  code.execution_count = 2;
  code.outputs = [{ output_type: "stream", name: "stdout", text: ["14\n"] }];
  code.id = "3f2a9c1e-random";
  nb.cells.push({ cell_type: "markdown", id: "new-cell", metadata: {}, source: "A note added in Jupyter." });
  nb.cells.push({ cell_type: "code", id: "trailing", metadata: {}, execution_count: null, outputs: [], source: [] });
  nb.metadata.language_info = { name: "typescript", version: "5.0.4" };
  return JSON.stringify(nb, null, 2);
}

describe("reading a notebook saved by Jupyter", () => {
  it("keeps kind, text and tags; drops outputs, counts, ids, other metadata and the empty trailing cell", () => {
    expect(readNotebook(editedInJupyter(buildNotebook(SOURCE, "07-demo.ipynb")), "07-demo.ipynb")).toEqual([
      { kind: "markdown", source: "# Demo, edited\n\nNew prose." },
      { kind: "code", source: "// ---- Parameters ----\nconst seed = 7;", tags: ["parameters"] },
      { kind: "code", source: "const doubled = seed*2\nconsole.log( doubled )" },
      { kind: "markdown", source: "A note added in Jupyter." },
    ]);
  });

  it("refuses raw cells and files that are not notebooks", () => {
    expect(() => readNotebook(JSON.stringify({ cells: [{ cell_type: "raw", source: "x" }] }), "r.ipynb")).toThrow(/r\.ipynb: cell 0 is a raw cell/);
    expect(() => readNotebook("{", "r.ipynb")).toThrow(/r\.ipynb: not valid JSON/);
    expect(() => readNotebook("{}", "r.ipynb")).toThrow(/no "cells" list/);
  });

  it("syncs into a Prettier-formatted source whose build reads back the same cells", async () => {
    const cells = readNotebook(editedInJupyter(buildNotebook(SOURCE, "07-demo.ipynb")), "07-demo.ipynb");
    const synced = await formattedSource(cells, "07-demo.ipynb", path.join(process.cwd(), "notebooks", "07-demo.ts"));
    expect(synced).toContain("// %%\nconst doubled = seed * 2;\nconsole.log(doubled);\n");
    expect(synced).toContain("// %% [markdown]\n// # Demo, edited\n//\n// New prose.\n");
    expect(parseSource(synced)[3]).toEqual({ kind: "markdown", source: "A note added in Jupyter." });
    const rebuilt = buildNotebook(synced, "07-demo.ipynb");
    expect(await formattedSource(readNotebook(rebuilt, "07-demo.ipynb"), "07-demo.ipynb", path.join(process.cwd(), "notebooks", "07-demo.ts"))).toBe(synced);
  });
});

describe("npm run notebooks:build / :check / :sync (scripts/notebooks.ts)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "consilium-nbsrc-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const sourceFile = path.join(dir, "07-demo.ts");
  const notebookFile = path.join(dir, "07-demo.ipynb");
  const cli = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/notebooks.ts", ...args, "--dir", dir], { cwd: process.cwd(), encoding: "utf8" });
  /** Make `newer` the later-modified file of the pair, whatever the clock did. */
  const touch = (newer: string, older: string) => {
    utimesSync(older, new Date(1_700_000_000_000), new Date(1_700_000_000_000));
    utimesSync(newer, new Date(1_700_000_100_000), new Date(1_700_000_100_000));
  };

  it("build writes the notebook from the source, and check then passes", () => {
    writeFileSync(sourceFile, SOURCE);
    const built = cli("build");
    expect(built.stdout).toContain("wrote 07-demo.ipynb");
    expect(readFileSync(notebookFile, "utf8")).toBe(buildNotebook(SOURCE, "07-demo.ipynb"));
    expect(cli("check").status).toBe(0);
  });

  it("check fails, naming both fixes, when the notebook drifts from its source", () => {
    writeFileSync(notebookFile, editedInJupyter(readFileSync(notebookFile, "utf8")));
    const checked = cli("check");
    expect(checked.status).toBe(1);
    expect(checked.stdout).toContain("07-demo.ipynb differs from its source 07-demo.ts");
    expect(checked.stdout).toContain("npm run notebooks:sync");
  });

  it("sync refuses when the source is the newer file, and --force takes the notebook", () => {
    touch(sourceFile, notebookFile);
    const refused = cli("sync");
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain("refused 07-demo: 07-demo.ts is newer than 07-demo.ipynb");
    expect(readFileSync(sourceFile, "utf8")).toBe(SOURCE);
    const forced = cli("sync", "--force");
    expect(forced.status).toBe(0);
    expect(readFileSync(sourceFile, "utf8")).toContain("// # Demo, edited");
  });

  it("sync pulls a notebook edited after its source, rebuilds it clean, and a second sync changes nothing", () => {
    writeFileSync(sourceFile, SOURCE);
    cli("build");
    writeFileSync(notebookFile, editedInJupyter(readFileSync(notebookFile, "utf8")));
    touch(notebookFile, sourceFile);
    const synced = cli("sync", "07");
    expect(synced.status).toBe(0);
    expect(synced.stdout).toContain("synced 07-demo.ts from 07-demo.ipynb (4 cells)");
    const source = readFileSync(sourceFile, "utf8");
    expect(source).toContain("const doubled = seed * 2;");
    expect(readFileSync(notebookFile, "utf8")).toBe(buildNotebook(source, "07-demo.ipynb"));
    expect(readFileSync(notebookFile, "utf8")).not.toContain('"output_type"');
    const again = cli("sync");
    expect(again.stdout).toContain("in sync 07-demo");
    expect(readFileSync(sourceFile, "utf8")).toBe(source);
  });
});

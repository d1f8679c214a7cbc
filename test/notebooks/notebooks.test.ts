/**
 * The committed notebooks and their sources: every notebook has exactly the
 * cells its percent-format source builds (drift fails here; the outputs that
 * `npm run notebooks` commits do not count), the sources are in the
 * canonical, Prettier-formatted form that `npm run notebooks:sync` writes (so
 * build -> sync -> build changes nothing), and the cells are what the tslab
 * kernel can run: a parameters cell first, imports of src/<file> spelled
 * out (../src/ in the source, ./src/ in the notebook), no `{ name }` shorthand for an earlier cell's variable, every table and
 * figure looked up by name produced by the experiment. Type errors in the
 * cells are the typecheck's (tsconfig.json includes notebooks/*.ts).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { buildNotebook, parseSource, readNotebook, sourceForm, type NotebookCell } from "../../scripts/notebook-source";
import { formattedSource } from "../../scripts/notebooks";
import { runExperiment, type RunOutcome } from "../../src/run/runner";

const root = process.cwd();
const notebookDir = path.join(root, "notebooks");
const NAMES = ["00-quickstart", "01-sentimental-agents", "02-sentimental-sensitivity", "03-finmem", "04-blackboard-black-litterman", "05-paper-audit"];

interface Cell {
  cell_type: string;
  id?: string;
  metadata: { tags?: string[] };
  source: string[] | string;
  outputs?: unknown[];
  execution_count?: number | null;
}
interface Notebook {
  nbformat: number;
  nbformat_minor: number;
  metadata: { kernelspec?: { name?: string; display_name?: string; language?: string } };
  cells: Cell[];
}

const read = (file: string): string => readFileSync(path.join(notebookDir, file), "utf8");
const text = (cell: Cell): string => (Array.isArray(cell.source) ? cell.source.join("") : cell.source);
const sourceCells = (name: string): NotebookCell[] => parseSource(read(`${name}.ts`), `${name}.ts`);
const codeOf = (name: string): string[] => sourceCells(name).flatMap((c) => (c.kind === "code" ? [c.source] : []));

function importsOf(code: string): Array<{ specifier: string }> {
  return [...code.matchAll(/^import\s[^;]*?\sfrom\s+"([^"]+)";?/gm)].map((m) => ({ specifier: m[1] ?? "" }));
}

/** Names a cell declares at its top level (variables, functions, classes, imports). */
function topLevelNames(source: ts.SourceFile): string[] {
  const names: string[] = [];
  const bind = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) names.push(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) bind(d.name);
    else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) names.push(statement.name.text);
    else if (ts.isImportDeclaration(statement) && statement.importClause) {
      const clause = statement.importClause;
      if (clause.name) names.push(clause.name.text);
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
      else if (bindings) for (const element of bindings.elements) names.push(element.name.text);
    }
  }
  return names;
}

describe("notebooks/ holds the six notebooks and their sources", () => {
  it("one .ts source per committed .ipynb, nothing else", () => {
    const files = readdirSync(notebookDir)
      .filter((f) => /\.(ts|ipynb)$/.test(f))
      .sort();
    expect(files).toEqual(NAMES.flatMap((n) => [`${n}.ipynb`, `${n}.ts`]));
  });

  it.each(NAMES)("%s.ipynb has the cells its source builds (edited the source: npm run notebooks:build; edited in Jupyter: npm run notebooks:sync)", (name) => {
    // The committed notebook may carry the outputs of `npm run notebooks`; its code and markdown must be the source's.
    expect(sourceForm(read(`${name}.ipynb`)), `${name}.ipynb differs from ${name}.ts`).toBe(sourceForm(buildNotebook(read(`${name}.ts`), `${name}.ipynb`)));
  });

  it("compares cells, not outputs: an executed notebook is in sync, an edited code cell is not", () => {
    const built = buildNotebook(read("03-finmem.ts"), "03-finmem.ipynb");
    const executed = JSON.parse(built) as Notebook;
    const firstCode = executed.cells.find((c) => c.cell_type === "code")!;
    firstCode.outputs = [{ output_type: "stream", name: "stdout", text: ["hello\n"] }];
    firstCode.execution_count = 1;
    expect(sourceForm(JSON.stringify(executed, null, 2))).toBe(sourceForm(built));
    firstCode.source = ["const seed = 8;\n"];
    expect(sourceForm(JSON.stringify(executed))).not.toBe(sourceForm(built));
  });

  it.each(NAMES)("%s.ts is what a sync of its notebook writes, so build -> sync -> build is a no-op", async (name) => {
    const source = read(`${name}.ts`);
    const synced = await formattedSource(
      readNotebook(buildNotebook(source, `${name}.ipynb`), `${name}.ipynb`),
      `${name}.ipynb`,
      path.join(notebookDir, `${name}.ts`),
    );
    expect(synced).toBe(source);
    expect(sourceForm(buildNotebook(synced, `${name}.ipynb`))).toBe(sourceForm(read(`${name}.ipynb`)));
  });
});

describe.each(NAMES)("%s", (name) => {
  const nb = JSON.parse(read(`${name}.ipynb`)) as Notebook;
  const code = codeOf(name);

  it("is nbformat 4.5 for the tslab kernel with unique valid cell ids, under 2 MB with no plotly bundle inlined", () => {
    expect(nb.nbformat).toBe(4);
    expect(nb.nbformat_minor).toBe(5);
    expect(nb.metadata.kernelspec).toEqual({ name: "tslab", display_name: "TypeScript", language: "typescript" });
    const ids = nb.cells.map((c) => c.id);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Outputs come from `npm run notebooks` (figures as PNGs); the 4.8 MB plotly.js must not be in them.
    expect(statSync(path.join(notebookDir, `${name}.ipynb`)).size).toBeLessThan(2 * 1024 * 1024);
    expect(read(`${name}.ipynb`)).not.toMatch(/plotly\.js v\d|Plotly\.register|window\.PlotlyConfig/);
  });

  it("opens with a title and has the parameters cell first among code cells, the only tagged one", () => {
    const first = nb.cells[0];
    expect(first?.cell_type).toBe("markdown");
    expect(first && text(first)).toMatch(/^# \S/);
    const parameters = nb.cells.find((c) => c.cell_type === "code");
    expect(parameters?.metadata.tags).toEqual(["parameters"]);
    expect(parameters && text(parameters)).toMatch(/^\/\/ ---- Parameters: the only cell you need to edit ----/);
    expect(importsOf(code[0] ?? "")).toEqual([]);
    expect(nb.cells.filter((c) => c.metadata.tags?.includes("parameters"))).toHaveLength(1);
  });

  it("imports only src/<file> (spelled out: tslab resolves no folder index) or installed packages; the notebook through ./src/", () => {
    const require = createRequire(path.join(root, "package.json"));
    const specifiers = code.flatMap(importsOf).map((i) => i.specifier);
    expect(specifiers.length).toBeGreaterThan(0);
    for (const specifier of specifiers) {
      if (specifier.startsWith("../src/")) {
        const file = path.join(root, specifier.slice(3)) + ".ts";
        expect(existsSync(file) && statSync(file).isFile(), `${specifier} -> ${file}`).toBe(true);
      } else {
        expect(specifier, "relative imports other than ../src/ are not allowed").not.toMatch(/^[./]/);
        expect(() => require.resolve(specifier), specifier).not.toThrow();
      }
    }
    const kernelSpecifiers = nb.cells.filter((c) => c.cell_type === "code").flatMap((c) => importsOf(text(c)).map((i) => i.specifier));
    expect(kernelSpecifiers).toEqual(specifiers.map((s) => s.replace(/^\.\.\/src\//, "./src/")));
  });

  it("never uses the { name } shorthand for a variable of an earlier cell (tslab: 'name is not defined')", () => {
    const declared = new Set<string>();
    for (const cell of code) {
      const source = ts.createSourceFile("cell.ts", cell, ts.ScriptTarget.ES2022, true);
      const visit = (node: ts.Node): void => {
        if (ts.isShorthandPropertyAssignment(node)) {
          expect(declared.has(node.name.text), `shorthand { ${node.name.text} } in:\n${cell}`).toBe(false);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
      for (const declaredName of topLevelNames(source)) declared.add(declaredName);
    }
  });

  if (name !== "05-paper-audit") {
    it("warns that offline numbers are not the paper's LLM results and reads the model from the environment", () => {
      const markdown = sourceCells(name)
        .filter((c) => c.kind === "markdown")
        .map((c) => c.source)
        .join("\n");
      expect(markdown).toContain("are **not** the paper's LLM results");
      const parameters = code[0] ?? "";
      expect(parameters).toContain('process.env.OPENAI_API_KEY ? "openai" : "offline"');
      expect(parameters).toContain('process.env.OPENAI_MODEL ?? "gpt-4o-mini"');
      expect(parameters).toMatch(/const dataDir: string \| undefined = undefined;/);
      expect(parameters).toContain('"../../shared/datasets"');
      expect(parameters).toContain('"../runs/notebook-cache"');
      expect(code.join("\n")).toMatch(/cacheDir: cacheDir/);
    });

    it("keeps every cell that starts a run short (at most 6 lines)", () => {
      const runCells = code.filter((cell) => /await (runExperiment|runSweep)\(/.test(cell));
      expect(runCells.length).toBeGreaterThan(0);
      for (const cell of runCells) expect(cell.split("\n").length, cell).toBeLessThanOrEqual(6);
    });
  }
});

describe("tables and figures the notebooks look up by name exist in the experiments' results", () => {
  // run.table("name") / run.figure("name"), with run bound by `const run = await runExperiment("<experiment>", ...)`
  // (or by a conditional whose branch awaits it, e.g. `const realText = dir === null ? null : await runExperiment(...)`).
  const uses: Array<{ file: string; experiment: string; kind: "table" | "figure"; name: string }> = [];
  for (const name of NAMES) {
    const code = codeOf(name).join("\n");
    const experimentOf = new Map([...code.matchAll(/const (\w+) =[^;]*?await runExperiment\("(\w+)"/g)].map((m) => [m[1] ?? "", m[2] ?? ""]));
    for (const m of code.matchAll(/\b(\w+)\.(table|figure)\("([^"]+)"\)/g)) {
      const experiment = experimentOf.get(m[1] ?? "");
      if (!experiment) throw new Error(`${name}: ${m[0]} uses "${m[1]}", which no runExperiment call in the notebook defines`);
      uses.push({ file: name, experiment, kind: m[2] as "table" | "figure", name: m[3] ?? "" });
    }
  }
  const runs = new Map<string, RunOutcome>();
  // Small configs: the names of tables and figures do not depend on sizes (a two-month FinMem run and a two-ticker
  // Blackboard run produce the same names as the defaults, for a quarter of the CPU).
  const smallConfig: Record<string, Record<string, unknown>> = {
    sentimental: { candidates: 2, maxRounds: 2, runs: 2 },
    finmem: { topK: 2, trainStart: "2024-06-03", trainEnd: "2024-07-31", testStart: "2024-08-01", testEnd: "2024-08-30" },
    blackboard: { maxTickers: 2, end: "2025-03-31" },
  };

  beforeAll(async () => {
    for (const experiment of new Set(uses.map((u) => u.experiment))) {
      runs.set(experiment, await runExperiment(experiment, { seed: 7, config: smallConfig[experiment] }));
    }
  });

  it("finds every use", () => {
    expect(uses.length).toBeGreaterThan(30);
    expect(new Set(uses.map((u) => u.experiment))).toEqual(new Set(["sentimental", "finmem", "blackboard"]));
  });

  it.each(["sentimental", "finmem", "blackboard"])("%s", (experiment) => {
    const run = runs.get(experiment);
    expect(run).toBeDefined();
    for (const use of uses.filter((u) => u.experiment === experiment)) {
      expect(() => (use.kind === "table" ? run?.table(use.name) : run?.figure(use.name)), `${use.file}: ${use.kind} "${use.name}"`).not.toThrow();
    }
  });
});

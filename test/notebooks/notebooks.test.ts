/**
 * The committed notebooks: well-formed nbformat 4.5 for the tslab kernel,
 * committed without outputs, a parameters cell first, thin (imports only from
 * ./src/... or packages, every imported name exists, every table / figure they
 * show by name is produced by the experiment), free of the tslab pitfalls, and
 * exactly what scripts/make-notebooks.ts generates.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { buildNotebooks, NOTEBOOKS } from "../../scripts/make-notebooks";
import { runExperiment, type RunOutcome } from "../../src/run/runner";

const root = process.cwd();
const notebookDir = path.join(root, "notebooks");
const EXPECTED = [
  "00-quickstart.ipynb",
  "01-sentimental-agents.ipynb",
  "02-sentimental-sensitivity.ipynb",
  "03-finmem.ipynb",
  "04-blackboard-black-litterman.ipynb",
  "05-paper-audit.ipynb",
];

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

const text = (cell: Cell): string => (Array.isArray(cell.source) ? cell.source.join("") : cell.source);
const load = (file: string): Notebook => JSON.parse(readFileSync(path.join(notebookDir, file), "utf8")) as Notebook;
const codeCells = (nb: Notebook): string[] => nb.cells.filter((c) => c.cell_type === "code").map(text);

interface ImportStatement {
  specifier: string;
  names: string[]; // value bindings only (type-only ones dropped)
}

function importsOf(code: string): ImportStatement[] {
  const out: ImportStatement[] = [];
  for (const m of code.matchAll(/^import\s+(type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+|(\w+))\s+from\s+"([^"]+)";?/gm)) {
    const typeOnly = Boolean(m[1]);
    const names = typeOnly
      ? []
      : (m[2] ?? "")
          .split(",")
          .map((s) => s.trim())
          .filter((s) => s !== "" && !s.startsWith("type "))
          .map((s) => s.split(/\s+as\s+/)[0]!.trim());
    out.push({ specifier: m[4]!, names });
  }
  return out;
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

describe("committed notebooks", () => {
  it("are exactly the six notebooks of the issue", () => {
    const present = readdirSync(notebookDir)
      .filter((f) => f.endsWith(".ipynb"))
      .sort();
    expect(present).toEqual(EXPECTED);
    expect(NOTEBOOKS.map((n) => n.file)).toEqual(EXPECTED);
  });

  it("equal what scripts/make-notebooks.ts generates (regenerate with: npx tsx scripts/make-notebooks.ts)", () => {
    for (const { file, text: generated } of buildNotebooks()) {
      expect(readFileSync(path.join(notebookDir, file), "utf8"), file).toBe(generated);
    }
  });

  describe.each(EXPECTED)("%s", (file) => {
    const nb = load(file);
    const code = codeCells(nb);

    it("is nbformat 4.5 for the tslab kernel with unique valid cell ids", () => {
      expect(nb.nbformat).toBe(4);
      expect(nb.nbformat_minor).toBe(5);
      expect(nb.metadata.kernelspec).toEqual({ name: "tslab", display_name: "TypeScript", language: "typescript" });
      const ids = nb.cells.map((c) => c.id);
      for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it("is committed clean: no outputs, no execution counts", () => {
      for (const cell of nb.cells.filter((c) => c.cell_type === "code")) {
        expect(cell.outputs).toEqual([]);
        expect(cell.execution_count).toBeNull();
      }
    });

    it("opens with a title and has the parameters cell first among code cells", () => {
      expect(nb.cells[0]!.cell_type).toBe("markdown");
      expect(text(nb.cells[0]!)).toMatch(/^# \S/);
      const first = nb.cells.find((c) => c.cell_type === "code")!;
      expect(first.metadata.tags).toEqual(["parameters"]);
      expect(text(first)).toMatch(/^\/\/ ---- Parameters: the only cell you need to edit ----/);
      expect(importsOf(text(first))).toEqual([]);
      // only the parameters cell is tagged
      expect(nb.cells.filter((c) => c.metadata.tags?.includes("parameters"))).toHaveLength(1);
    });

    it("imports only from ./src/<file> (spelled out, tslab resolves no folder index) or installed packages", () => {
      const require = createRequire(path.join(root, "package.json"));
      for (const { specifier } of code.flatMap(importsOf)) {
        if (specifier.startsWith("./src/")) {
          const file = path.join(root, specifier.slice(2)) + ".ts";
          expect(existsSync(file) && statSync(file).isFile(), `${specifier} -> ${file}`).toBe(true);
        } else {
          expect(specifier, "relative imports other than ./src/ are not allowed").not.toMatch(/^[./]/);
          expect(() => require.resolve(specifier), specifier).not.toThrow();
        }
      }
    });

    it("imports only names that src/ exports", async () => {
      for (const { specifier, names } of code.flatMap(importsOf)) {
        if (!specifier.startsWith("./src/") || names.length === 0) continue;
        const mod = (await import(path.join(root, specifier.slice(2)) + ".ts")) as Record<string, unknown>;
        for (const name of names) expect(mod[name], `${name} from ${specifier}`).toBeDefined();
      }
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
        for (const name of topLevelNames(source)) declared.add(name);
      }
    });

    if (file !== "05-paper-audit.ipynb") {
      it("warns that offline numbers are not the paper's LLM results and reads the model from the environment", () => {
        const markdown = nb.cells
          .filter((c) => c.cell_type === "markdown")
          .map(text)
          .join("\n");
        expect(markdown).toContain("are **not** the paper's LLM results");
        const parameters = code[0]!;
        expect(parameters).toContain('process.env.OPENAI_API_KEY ? "openai" : "offline"');
        expect(parameters).toContain('process.env.OPENAI_MODEL ?? "gpt-4o-mini"');
        expect(parameters).toMatch(/const dataDir: string \| undefined = undefined;/);
        expect(parameters).toContain('"../../shared/datasets"');
        expect(parameters).toContain('"../runs/notebook-cache"');
        expect(code.join("\n")).toMatch(/cacheDir: cacheDir/);
      });
    }
  });
});

describe("tables and figures the notebooks show by name exist in the experiments' results", () => {
  // table(run, "name") / figure(run, "name"), with run bound by `const run = await runExperiment("<experiment>", ...)`.
  const uses: Array<{ file: string; experiment: string; kind: "table" | "figure"; name: string }> = [];
  for (const file of EXPECTED) {
    const code = codeCells(load(file)).join("\n");
    const experimentOf = new Map([...code.matchAll(/const (\w+) = await runExperiment\("(\w+)"/g)].map((m) => [m[1]!, m[2]!]));
    for (const m of code.matchAll(/\b(table|figure)\((\w+), "([^"]+)"\)/g)) {
      const experiment = experimentOf.get(m[2]!);
      if (!experiment) throw new Error(`${file}: ${m[0]} uses "${m[2]}", which no runExperiment call in the notebook defines`);
      uses.push({ file, experiment, kind: m[1] as "table" | "figure", name: m[3]! });
    }
  }
  const runs = new Map<string, RunOutcome>();
  // Small configs: the names of tables and figures do not depend on sizes.
  const smallConfig: Record<string, Record<string, unknown>> = {
    sentimental: { candidates: 2, maxRounds: 2, runs: 2 },
    finmem: { topK: 2 },
    blackboard: { maxTickers: 5, end: "2025-03-31" },
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
    const run = runs.get(experiment)!;
    const tables = new Set(run.result.tables.map((t) => t.name));
    const figures = new Set(run.result.figures.map((f) => f.name));
    for (const use of uses.filter((u) => u.experiment === experiment)) {
      expect((use.kind === "table" ? tables : figures).has(use.name), `${use.file}: ${use.kind} "${use.name}"`).toBe(true);
    }
  });
});

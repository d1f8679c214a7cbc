/**
 * The notebooks compile src/ with tslab's own TypeScript (5.0) as tslab does:
 * non-strict, Node10 resolution, ES2020, declarations on; then load the
 * emitted CommonJS through tslab's require hook. Three things break a notebook
 * there that the project's own tsc / vitest never see:
 *
 * - type errors under non-strict rules (e.g. `if (!r.ok) r.issue` on a
 *   `{ok: true} | {ok: false; issue}` union does not narrow without
 *   strictNullChecks);
 * - a bare package import whose name equals a sibling module: tslab first
 *   resolves `require("openai")` in src/llm/ to src/llm/openai.ts itself
 *   (endless recursion, "Maximum call stack size exceeded");
 * - load-time import cycles: tslab caches a module only after it has run, so
 *   a cycle recurses forever.
 *
 * This test checks the modules the notebooks import (and the experiments the
 * runner loads) for all three, in seconds, without Jupyter.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as TS from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const root = process.cwd();
const requireFromRoot = createRequire(path.join(root, "package.json"));
let tslabTs: typeof TS | null = null;
try {
  tslabTs = requireFromRoot("@tslab/typescript-for-tslab") as typeof TS;
} catch {
  console.warn("[test/notebooks/tslab-compat] SKIPPED: @tslab/typescript-for-tslab (installed with tslab) not found");
}

/** ./src/... modules the notebooks import, plus the experiments the runner loads lazily. */
function entryPoints(): string[] {
  const entries = new Set(["src/sentimental/index.ts", "src/finmem/index.ts", "src/blackboard/index.ts"]);
  const dir = path.join(root, "notebooks");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ipynb"))) {
    const nb = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as { cells: Array<{ cell_type: string; source: string[] | string }> };
    for (const cell of nb.cells.filter((c) => c.cell_type === "code")) {
      const source = Array.isArray(cell.source) ? cell.source.join("") : cell.source;
      for (const m of source.matchAll(/from\s+"\.\/(src\/[^"]+)"/g)) entries.add(`${m[1]}.ts`);
    }
  }
  return [...entries].map((e) => path.join(root, e)).filter((e) => existsSync(e));
}

const rel = (file: string) => path.relative(root, file);

describe.skipIf(!tslabTs)("src/ as tslab compiles and loads it", () => {
  const ts = tslabTs!;
  let program: TS.Program;
  let srcFiles: TS.SourceFile[];
  /** module -> modules it requires when it loads (value imports and re-exports kept by the emit). */
  const loadGraph = new Map<string, string[]>();

  beforeAll(() => {
    const options: TS.CompilerOptions = {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      esModuleInterop: true,
      target: ts.ScriptTarget.ES2020,
      lib: ["lib.es2020.d.ts"],
      declaration: true,
      experimentalDecorators: true,
      resolveJsonModule: true,
      skipLibCheck: true,
      types: ["node"],
      typeRoots: [path.join(root, "node_modules", "@types")],
      rootDir: root,
      outDir: path.join(root, ".tslab-compat-out"), // never written: emit goes to the callback below
    };
    program = ts.createProgram(entryPoints(), options);
    srcFiles = program.getSourceFiles().filter((f) => f.fileName.startsWith(path.join(root, "src") + path.sep));
    program.emit(undefined, (fileName, text, _bom, _onError, sources) => {
      if (!fileName.endsWith(".js") || !sources?.length) return;
      const from = sources[0]!.fileName;
      const deps: string[] = [];
      // Static imports / re-exports that survive the emit (type-only ones are elided); dynamic import() is lazy.
      for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\sfrom\s+"(\.[^"]+)";$|^import\s+"(\.[^"]+)";$/gm)) {
        const target = path.resolve(path.dirname(from), m[1] ?? m[2]!);
        const file = [`${target}.ts`, path.join(target, "index.ts")].find((f) => existsSync(f));
        if (file) deps.push(file);
      }
      loadGraph.set(from, deps);
    });
  });

  it("covers the notebooks' modules", () => {
    expect(srcFiles.map((f) => rel(f.fileName))).toEqual(
      expect.arrayContaining(["src/run/runner.ts", "src/notebook/display.ts", "src/sentimental/sweep-figures.ts"]),
    );
    expect(loadGraph.size).toBe(srcFiles.length);
    // value imports are edges; the runner's lazy import() of the experiments is not
    const runner = loadGraph.get(path.join(root, "src/run/runner.ts"))!.map(rel);
    expect(runner).toEqual(expect.arrayContaining(["src/llm/index.ts", "src/run/registry.ts", "src/core/index.ts"]));
    // what loading the runner loads, transitively: never a heavy entry (they are reached by import() only)
    const closure = new Set<string>();
    const visit = (file: string) => {
      if (closure.has(file)) return;
      closure.add(file);
      for (const dep of loadGraph.get(file) ?? []) visit(dep);
    };
    visit(path.join(root, "src/run/runner.ts"));
    const loaded = [...closure].map(rel);
    expect(loaded).toContain("src/llm/openai-client.ts");
    for (const heavy of ["src/llm/openai-sdk.ts", "src/plot/browser.ts", "src/plot/export.ts", "src/notebook/dataframe.ts"])
      expect(loaded).not.toContain(heavy);
    const registry = loadGraph.get(path.join(root, "src/run/registry.ts"))!.map(rel);
    expect(registry).toEqual([]);
  });

  it("type-checks under tslab's TypeScript 5.0, non-strict options", () => {
    const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file && d.start !== undefined ? `${rel(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : "(global)";
      return `${where} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n").split("\n")[0]}`;
    });
    expect([...new Set(diagnostics)]).toEqual([]);
  });

  it("imports no package whose name is also a sibling module (tslab would load the sibling)", () => {
    const clashes: string[] = [];
    for (const file of srcFiles) {
      for (const statement of file.statements) {
        if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier) continue;
        const specifier = (statement.moduleSpecifier as TS.StringLiteral).text;
        if (specifier.startsWith(".") || specifier.startsWith("node:")) continue;
        const sibling = path.join(path.dirname(file.fileName), specifier);
        if (existsSync(`${sibling}.ts`) || existsSync(`${sibling}.js`))
          clashes.push(`${rel(file.fileName)} imports "${specifier}", but ${rel(sibling)}.ts exists`);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("has no load-time import cycle (tslab caches a module only after it ran)", () => {
    const cycles = new Set<string>();
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (node: string): void => {
      state.set(node, "open");
      stack.push(node);
      for (const dep of loadGraph.get(node) ?? []) {
        if (state.get(dep) === "open") cycles.add([...stack.slice(stack.indexOf(dep)), dep].map(rel).join(" -> "));
        else if (!state.has(dep)) visit(dep);
      }
      stack.pop();
      state.set(node, "done");
    };
    for (const node of loadGraph.keys()) if (!state.has(node)) visit(node);
    expect([...cycles]).toEqual([]);
  });
});

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
 * runner loads) for all three, in seconds, without Jupyter; and the notebook
 * sources themselves, whole, under the same options, plus the one quirk that
 * only shows between cells (literal types widened in what tslab hands on).
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

const notebookDir = path.join(root, "notebooks");
/** The notebooks' percent-format sources (notebooks/NN-name.ts). */
const notebookSources = readdirSync(notebookDir)
  .filter((f) => f.endsWith(".ts"))
  .sort()
  .map((f) => path.join(notebookDir, f));

/** src/ modules the notebooks import, plus the experiments the runner loads lazily. */
function entryPoints(): string[] {
  const entries = new Set(["src/sentimental/index.ts", "src/finmem/index.ts", "src/blackboard/index.ts"]);
  for (const file of notebookSources) {
    for (const m of readFileSync(file, "utf8").matchAll(/from\s+"\.\.\/(src\/[^"]+)"/g)) entries.add(`${m[1]}.ts`);
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

  // A whole-program compile and type check (about 30 s of CPU): the default 60 s hook timeout is too short on a loaded machine.
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
    // The sources import ../src/... (their notebooks get ./src/... through the symlink): one copy of src/.
    program = ts.createProgram([...entryPoints(), ...notebookSources], options);
    srcFiles = program.getSourceFiles().filter((f) => f.fileName.startsWith(path.join(root, "src") + path.sep));
    program.emit(undefined, (fileName, text, _bom, _onError, sources) => {
      if (!fileName.endsWith(".js") || !sources?.length) return;
      const from = sources[0]!.fileName;
      if (!from.startsWith(path.join(root, "src") + path.sep)) return;
      const deps: string[] = [];
      // Static imports / re-exports that survive the emit (type-only ones are elided); dynamic import() is lazy.
      for (const m of text.matchAll(/^(?:import|export)\b[^;]*?\sfrom\s+"(\.[^"]+)";$|^import\s+"(\.[^"]+)";$/gm)) {
        const target = path.resolve(path.dirname(from), m[1] ?? m[2]!);
        const file = [`${target}.ts`, path.join(target, "index.ts")].find((f) => existsSync(f));
        if (file) deps.push(file);
      }
      loadGraph.set(from, deps);
    });
  }, 600_000);

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

  it("compiles the notebook sources against the one copy of src/", () => {
    const notebooks = program.getSourceFiles().filter((f) => f.fileName.startsWith(notebookDir + path.sep));
    expect(notebooks.map((f) => rel(f.fileName))).toEqual(notebookSources.map(rel));
    expect(notebooks.length).toBeGreaterThan(0);
    expect(program.getSourceFiles().filter((f) => f.fileName.startsWith(path.join(notebookDir, "src") + path.sep))).toEqual([]);
  });

  it("hands no later cell a computed literal type (tslab passes it on widened: string, number)", () => {
    // Between cells tslab declares each variable by its declaration-emitted type, and under its non-strict
    // options `const llm = key ? "openai" : "offline"` is emitted as `string`, which a later cell cannot pass
    // where "openai" | "offline" is expected. A plain literal initializer (`const mode = "adaptive"`) survives.
    const checker = program.getTypeChecker();
    const isLiteral = (t: TS.Type) => t.isStringLiteral() || t.isNumberLiteral() || (t.flags & (ts.TypeFlags.BigIntLiteral | ts.TypeFlags.EnumLiteral)) !== 0;
    const plainLiteral = (e: TS.Expression) =>
      ts.isStringLiteral(e) ||
      ts.isNumericLiteral(e) ||
      ts.isNoSubstitutionTemplateLiteral(e) ||
      (ts.isPrefixUnaryExpression(e) && e.operator === ts.SyntaxKind.MinusToken && ts.isNumericLiteral(e.operand));
    const offences: string[] = [];
    for (const file of notebookSources.map((f) => program.getSourceFile(f)!)) {
      const markers = [...file.text.matchAll(/^\/\/ %%.*$/gm)].map((m) => m.index ?? 0);
      const cellAt = (pos: number) => markers.filter((start) => start <= pos).length;
      const uses = new Map<TS.Symbol, number[]>();
      const visit = (node: TS.Node): void => {
        if (ts.isIdentifier(node)) {
          const symbol = checker.getSymbolAtLocation(node);
          if (symbol) uses.set(symbol, [...(uses.get(symbol) ?? []), cellAt(node.getStart(file))]);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      for (const statement of file.statements.filter(ts.isVariableStatement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (!ts.isIdentifier(declaration.name) || declaration.type || !declaration.initializer || plainLiteral(declaration.initializer)) continue;
          const type = checker.getTypeAtLocation(declaration.name);
          if (!(isLiteral(type) || (type.isUnion() && type.types.some(isLiteral)))) continue;
          const symbol = checker.getSymbolAtLocation(declaration.name);
          const cell = cellAt(declaration.getStart(file));
          if (symbol && (uses.get(symbol) ?? []).some((c) => c > cell)) {
            offences.push(`${rel(file.fileName)}: \`${declaration.name.text}\` is ${checker.typeToString(type)} in its cell; annotate it for the later cells`);
          }
        }
      }
    }
    expect(offences).toEqual([]);
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

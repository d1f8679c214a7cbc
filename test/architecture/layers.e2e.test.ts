/**
 * The layer rules of .dependency-cruiser.cjs, tried on a small tree that breaks
 * each one, so a wrong-way import is known to fail `npm test` (which runs the
 * same rules over src/ in `npm run lint:deps`) with both files named.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const depcruise = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
let dir = "";

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

function cruise(): { code: number; out: string } {
  try {
    const out = execFileSync(process.execPath, [depcruise, "src", "--config", path.join(root, ".dependency-cruiser.cjs"), "--output-type", "err"], {
      cwd: dir,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { code: 0, out };
  } catch (error) {
    const e = error as { status: number; stdout: string; stderr: string };
    return { code: e.status, out: `${e.stdout}${e.stderr}` };
  }
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "consilium-layers-"));
  write("tsconfig.json", JSON.stringify({ compilerOptions: { module: "ESNext", moduleResolution: "bundler", strict: true }, include: ["src"] }));
  write("src/stats/index.ts", `export { mean } from "./mean";\n`);
  write("src/stats/mean.ts", `export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;\n`);
  write("src/finmem/index.ts", `export { step } from "./loop";\n`);
  write("src/finmem/loop.ts", `import { mean } from "../stats/index";\nexport const step = (xs: number[]) => mean(xs);\n`);
  write("src/run/registry.ts", `export const load = async () => (await import("../finmem/index")).step;\n`);
  write("src/plot/export.ts", `export const exportFigures = () => 1;\n`);
  write("src/plot/index.ts", `export const plotted = 1;\n`);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the layer rules", () => {
  it("pass a tree whose imports point down through index files", () => {
    const { code, out } = cruise();
    expect(out).toContain("no dependency violations found");
    expect(code).toBe(0);
  });

  it("fail a kernel that imports a paper, naming both files", () => {
    write("src/stats/bad.ts", `import { step } from "../finmem/index";\nexport const bad = step;\n`);
    const { code, out } = cruise();
    rmSync(path.join(dir, "src/stats/bad.ts"));
    expect(code).not.toBe(0);
    expect(out).toMatch(/layer-stats: src\/stats\/bad\.ts → src\/finmem\/index\.ts/);
  });

  it("fail a cross-folder import that bypasses the index", () => {
    write("src/finmem/deep.ts", `import { mean } from "../stats/mean";\nexport const deep = mean;\n`);
    const { code, out } = cruise();
    rmSync(path.join(dir, "src/finmem/deep.ts"));
    expect(code).not.toBe(0);
    expect(out).toMatch(/through-the-index: src\/finmem\/deep\.ts → src\/stats\/mean\.ts/);
  });

  it("fail a static import of a heavy entry, and a run module other than the registry that knows a paper", () => {
    write(
      "src/run/runner.ts",
      `import { exportFigures } from "../plot/export";\nimport { step } from "../finmem/index";\nexport const r = [exportFigures, step];\n`,
    );
    const { code, out } = cruise();
    rmSync(path.join(dir, "src/run/runner.ts"));
    expect(code).not.toBe(0);
    expect(out).toMatch(/heavy-entries-lazily: src\/run\/runner\.ts → src\/plot\/export\.ts/);
    expect(out).toMatch(/layer-run: src\/run\/runner\.ts → src\/finmem\/index\.ts/);
  });

  it("fail an offline agent that imports its paper's wiring, and pass one that imports what the wiring shares", () => {
    write("src/finmem/config.ts", `export const config = { k: 5 };\n`);
    write("src/finmem/roles.ts", `export const roles = ["trader"];\n`);
    write("src/finmem/offline/policy.ts", `import { roles } from "../roles";\nexport const policy = roles;\n`);
    expect(cruise().code).toBe(0);
    write("src/finmem/offline/policy.ts", `import { config } from "../config";\nexport const policy = config;\n`);
    const { code, out } = cruise();
    for (const f of ["config.ts", "roles.ts", "offline/policy.ts"]) rmSync(path.join(dir, "src/finmem", f));
    expect(code).not.toBe(0);
    expect(out).toMatch(/offline-agents-below-the-wiring: src\/finmem\/offline\/policy\.ts → src\/finmem\/config\.ts/);
  });

  it("fail a cycle, type-only imports included", () => {
    write("src/finmem/a.ts", `import type { B } from "./b";\nexport type A = { b?: B };\n`);
    write("src/finmem/b.ts", `import type { A } from "./a";\nexport type B = { a?: A };\n`);
    const { code, out } = cruise();
    rmSync(path.join(dir, "src/finmem/a.ts"));
    rmSync(path.join(dir, "src/finmem/b.ts"));
    expect(code).not.toBe(0);
    expect(out).toMatch(/no-circular: src\/finmem\/a\.ts →/);
  });
});

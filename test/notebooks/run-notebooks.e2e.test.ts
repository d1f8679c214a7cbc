import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The runner needs a Python with nbclient and the repo's tslab binary.
function pythonWithNbclient(): string | null {
  for (const p of [process.env.PYTHON, "/usr/bin/python3", "python3"]) {
    if (p && spawnSync(p, ["-c", "import nbclient, nbformat"], { stdio: "ignore" }).status === 0) return p;
  }
  return null;
}
const python = pythonWithNbclient();
const root = process.cwd();
const haveTslab = existsSync(path.join(root, "node_modules", ".bin", "tslab"));
if (!python || !haveTslab)
  console.warn("[test/plot/run-notebooks] SKIPPED: needs python3 with nbclient (apt-get install python3-nbclient jupyter-client) and node_modules/.bin/tslab");

function notebook(cells: Array<{ type: "code" | "markdown"; source: string }>): string {
  return JSON.stringify({
    nbformat: 4,
    nbformat_minor: 5,
    metadata: { kernelspec: { name: "tslab", display_name: "TypeScript", language: "typescript" } },
    cells: cells.map((c, i) =>
      c.type === "code"
        ? { id: `c${i}`, cell_type: "code", metadata: {}, execution_count: null, outputs: [], source: c.source }
        : { id: `c${i}`, cell_type: "markdown", metadata: {}, source: c.source },
    ),
  });
}

describe.skipIf(!python || !haveTslab)("npm run notebooks (scripts/run-notebooks.ts)", () => {
  const work = mkdtempSync(path.join(tmpdir(), "consilium-nb-"));
  const dir = path.join(work, "notebooks");
  const out = path.join(work, "executed");
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, "01-ok.ipynb"),
    notebook([
      { type: "markdown", source: "# ok" },
      { type: "code", source: "const answer = 6 * 7;\nconsole.log(`answer=${answer}`);" },
    ]),
  );
  writeFileSync(
    path.join(dir, "02-broken.ipynb"),
    notebook([
      { type: "code", source: "const fine = 1;" },
      { type: "markdown", source: "next cell fails" },
      { type: "code", source: "throw new Error('kaput-4711: data folder missing')" },
      { type: "code", source: "console.log('never runs')" },
    ]),
  );
  // A notebook with a source beside it that builds something else (edited in one place only).
  writeFileSync(path.join(dir, "03-stale.ts"), "// %% [markdown]\n// # stale\n\n// %%\nconsole.log('from the source');\n");
  writeFileSync(path.join(dir, "03-stale.ipynb"), notebook([{ type: "code", source: "console.log('from the notebook')" }]));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const run = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/run-notebooks.ts", "--dir", dir, "--out", out, "--timeout", "60", ...args], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, PYTHON: python! },
    });

  it("runs a good notebook and writes it with its outputs", () => {
    const r = run("--only", "01");
    expect(r.stdout).toContain("01-ok.ipynb ... ok (1 cells");
    expect(r.status).toBe(0);
    const executed = JSON.parse(readFileSync(path.join(out, "01-ok.ipynb"), "utf8"));
    const outputs = executed.cells[1].outputs as Array<{ name?: string; text?: string | string[] }>;
    const text = outputs.map((o) => (Array.isArray(o.text) ? o.text.join("") : (o.text ?? ""))).join("");
    expect(text).toContain("answer=42");
  });

  it("stops at the first failing cell with its index, source and real error", () => {
    const r = run("--only", "02");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("02-broken.ipynb ... failed");
    expect(r.stderr).toContain("02-broken.ipynb: cell 2 (code cell 2 of 3) failed");
    expect(r.stderr).toContain("throw new Error('kaput-4711: data folder missing')");
    expect(r.stderr).toContain("Error: kaput-4711: data folder missing");
    expect(r.stderr).not.toContain("never runs");
  });

  it("refuses a notebook that differs from its source before starting a kernel", () => {
    const r = run("--only", "03");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("not running notebooks that differ from their sources");
    expect(r.stderr).toContain("03-stale.ipynb differs from its source 03-stale.ts");
    expect(r.stdout).not.toContain("03-stale.ipynb ...");
  });

  it("rejects an --only that matches nothing", () => {
    const r = run("--only", "99");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("no notebook");
  });
});

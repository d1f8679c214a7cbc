/**
 * `npm run notebooks`: execute every notebook in notebooks/ headless through
 * Jupyter with the tslab (TypeScript) kernel, in file-name order, and write
 * the executed notebooks (with their outputs) back into notebooks/, where they
 * are committed: a reader browsing the repository sees the tables and plots.
 * Figures are drawn as PNGs (CONSILIUM_NOTEBOOK_FIGURES=static, see
 * src/notebook/display.ts) instead of inlining the 4.8 MB plotly.js bundle, and
 * a notebook that still ends up over 2 MB fails the run. Committed outputs do
 * not make a notebook stale: only its cells are compared with its source.
 *
 * Starts no further notebook after the first failing cell and prints the notebook, the cell index,
 * the cell source and the real error (tslab reports errors on stderr, which
 * nbconvert alone turns into an empty message), then exits with status 1.
 *
 * Options:
 *   --only 01            run only notebooks whose file name starts with/contains "01" (repeatable, or comma-separated)
 *   --timeout 600        per-cell timeout in seconds
 *   --dir notebooks      folder of notebooks (also the kernel's working directory)
 *   --out notebooks      where executed notebooks go (default: the --dir folder, in place)
 *   --python /usr/bin/python3 Python with nbclient (default: $PYTHON, /usr/bin/python3, python3)
 *   --jobs 2             notebooks run at once (default: the machine's cores; each kernel uses one)
 *
 * A notebook with a percent-format source beside it (NN-name.ts) must be what
 * that source builds: a stale one is refused before any kernel starts, naming
 * the command that brings the two together (notebooks:build or notebooks:sync).
 *
 * The tslab kernel is installed into <repo>/.jupyter if missing and found via
 * JUPYTER_PATH, so nothing outside the project is touched.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { projectRoot } from "../src/data/paths";
import { driftOf } from "./notebooks";

interface Options {
  only: string[];
  timeout: number;
  dir: string;
  out: string;
  python: string | null;
  jobs: number;
}

interface CellFailure {
  ok: false;
  reason: string;
  cell_index: number;
  source: string;
  ename: string;
  evalue: string;
  traceback: string[];
  stderr: string;
}

type DriverResult = { ok: true; cells: number } | CellFailure;

function parseArgs(argv: string[], root: string): Options {
  const opts: Options = {
    only: [],
    timeout: 600,
    dir: path.join(root, "notebooks"),
    out: "",
    python: process.env.PYTHON ?? null,
    jobs: Math.max(1, availableParallelism()),
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`run-notebooks: ${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--only":
        opts.only.push(
          ...value()
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
        );
        break;
      case "--timeout": {
        const t = Number(value());
        if (!(t > 0)) throw new Error(`run-notebooks: --timeout must be a positive number of seconds`);
        opts.timeout = t;
        break;
      }
      case "--dir":
        opts.dir = path.resolve(value());
        break;
      case "--out":
        opts.out = path.resolve(value());
        break;
      case "--jobs": {
        const j = Number(value());
        if (!Number.isInteger(j) || j < 1) throw new Error(`run-notebooks: --jobs must be a whole number of at least 1`);
        opts.jobs = j;
        break;
      }
      case "--python":
        opts.python = value();
        break;
      case "-h":
      case "--help":
        process.stdout.write(
          readFileSync(process.argv[1]!, "utf8")
            .split("*/")[0]!
            .replace(/^\/\*\*?|^ \* ?/gm, "") + "\n",
        );
        process.exit(0);
      // eslint-disable-next-line no-fallthrough
      default:
        throw new Error(`run-notebooks: unknown option ${arg} (see --help)`);
    }
  }
  if (!opts.out) opts.out = opts.dir;
  return opts;
}

/** Largest executed notebook written: far above a few PNGs and tables, far below one inlined plotly.js. */
const MAX_NOTEBOOK_BYTES = 2 * 1024 * 1024;

interface DriverRun {
  stdout: string;
  stderr: string;
  status: number | null;
  signal: NodeJS.Signals | null;
}

/** The notebook driver as a child process, its output collected (async, so that several notebooks run at once). */
function runDriver(python: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<DriverRun> {
  return new Promise((resolve) => {
    const child = spawn(python, args, { cwd, env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (e) => err.push(Buffer.from(String(e))));
    child.on("close", (status, signal) =>
      resolve({ stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8"), status, signal }),
    );
  });
}

/** A Python that can import nbclient, or a clear error saying what to install. */
function findPython(preferred: string | null): string {
  const candidates = [preferred, "/usr/bin/python3", "python3", "python"].filter((c): c is string => !!c);
  for (const candidate of candidates) {
    const r = spawnSync(candidate, ["-c", "import nbclient, nbformat"], { stdio: "ignore" });
    if (r.status === 0) return candidate;
  }
  throw new Error(
    `run-notebooks: no Python with nbclient found (tried ${candidates.join(", ")}). ` +
      `Install Jupyter: apt-get install jupyter-nbconvert python3-nbclient jupyter-client python3-ipykernel (Debian), or pip install nbclient ipykernel.`,
  );
}

/** Install the tslab kernel spec into <root>/.jupyter unless a working one is there. */
function ensureTslabKernel(root: string, python: string): string {
  const jupyterPath = path.join(root, ".jupyter", "share", "jupyter");
  const spec = path.join(jupyterPath, "kernels", "tslab", "kernel.json");
  const binary = path.join(root, "node_modules", ".bin", "tslab");
  if (!existsSync(binary)) throw new Error(`run-notebooks: ${binary} is missing; run npm install first`);
  let ok = false;
  if (existsSync(spec)) {
    try {
      const argv = (JSON.parse(readFileSync(spec, "utf8")) as { argv?: string[] }).argv ?? [];
      ok = argv[0] === binary;
    } catch {
      ok = false;
    }
  }
  if (!ok) {
    process.stdout.write(`Installing the tslab kernel into ${path.join(root, ".jupyter")} ...\n`);
    const r = spawnSync("npx", ["tslab", "install", "--python", python, "--binary", binary, "--prefix", path.join(root, ".jupyter")], {
      cwd: root,
      encoding: "utf8",
    });
    if (r.status !== 0 || !existsSync(spec)) {
      throw new Error(`run-notebooks: tslab kernel install failed:\n${r.stdout ?? ""}${r.stderr ?? ""}`);
    }
  }
  return jupyterPath;
}

function selectNotebooks(dir: string, only: string[]): string[] {
  if (!existsSync(dir)) throw new Error(`run-notebooks: notebook folder ${dir} does not exist`);
  const all = readdirSync(dir)
    .filter((f) => f.endsWith(".ipynb") && !f.startsWith("."))
    .sort();
  if (only.length === 0) return all;
  const chosen = all.filter((f) => only.some((o) => f.startsWith(o) || f.includes(o)));
  if (chosen.length === 0) throw new Error(`run-notebooks: no notebook in ${dir} matches --only ${only.join(",")} (have: ${all.join(", ") || "none"})`);
  return chosen;
}

/** "cell 3 (code cell 2 of 5)": the raw index counts markdown cells too, as Jupyter does. */
function describeCell(notebookPath: string, index: number): string {
  try {
    const cells = (JSON.parse(readFileSync(notebookPath, "utf8")) as { cells: Array<{ cell_type: string }> }).cells;
    const code = cells.filter((c) => c.cell_type === "code");
    const nth = cells.slice(0, index + 1).filter((c) => c.cell_type === "code").length;
    return `cell ${index} (code cell ${nth} of ${code.length})`;
  } catch {
    return `cell ${index}`;
  }
}

function formatFailure(notebook: string, notebookPath: string, f: CellFailure): string {
  const rule = "-".repeat(72);
  const lines = ["", `✗ ${notebook}: ${f.cell_index >= 0 ? `${describeCell(notebookPath, f.cell_index)} failed` : "the kernel failed"} (${f.reason})`];
  if (f.source) lines.push(rule, f.source.trimEnd(), rule);
  // tslab puts the real message on stderr; other kernels use ename/evalue/traceback.
  const stderr = f.stderr.trim();
  const message = [f.ename && f.ename !== "<Error>" ? f.ename : "", f.evalue].filter(Boolean).join(": ");
  const traceback = f.traceback.join("\n").trim();
  const genericTraceback = traceback.startsWith("An error occurred while executing the following cell");
  if (stderr) lines.push(stderr);
  if (message && !stderr.includes(f.evalue)) lines.push(message);
  if (traceback && (!genericTraceback || (!stderr && !message))) lines.push(traceback);
  return lines.join("\n") + "\n";
}

async function main(): Promise<number> {
  const root = projectRoot();
  const opts = parseArgs(process.argv.slice(2), root);
  const notebooks = selectNotebooks(opts.dir, opts.only);
  const stale = notebooks.flatMap((notebook) => {
    const name = notebook.replace(/\.ipynb$/, "");
    const pair = { name, notebook: path.join(opts.dir, notebook), source: path.join(opts.dir, `${name}.ts`) };
    const drift = existsSync(pair.source) ? driftOf(pair) : null;
    return drift ? [drift] : [];
  });
  if (stale.length > 0) throw new Error(`run-notebooks: not running notebooks that differ from their sources:\n  ${stale.join("\n  ")}`);
  const python = findPython(opts.python);
  const jupyterPath = ensureTslabKernel(root, python);
  if (notebooks.length === 0) {
    process.stdout.write(`No notebooks in ${opts.dir}\n`);
    return 0;
  }
  mkdirSync(opts.out, { recursive: true });
  const driver = path.join(root, "scripts", "execute_notebook.py");
  const env = {
    ...process.env,
    JUPYTER_PATH: [jupyterPath, process.env.JUPYTER_PATH].filter(Boolean).join(path.delimiter),
    PYDEVD_DISABLE_FILE_VALIDATION: "1",
    CONSILIUM_NOTEBOOK_RUN: "1",
    CONSILIUM_NOTEBOOK_FIGURES: process.env.CONSILIUM_NOTEBOOK_FIGURES ?? "static",
  };
  const pending = [...notebooks.entries()];
  let failed = false;
  // One notebook per worker: tslab type-checks and runs a notebook on one core, so on a 2-core machine two at a time
  // halve the wall time. The notebooks share nothing they write (each has its own run and figure folders). A failure
  // ends its worker and, through `failed`, keeps the others from starting another notebook.
  const worker = async (): Promise<void> => {
    for (let next = pending.shift(); next && !failed; next = pending.shift()) {
      const [i, notebook] = next;
      const input = path.join(opts.dir, notebook);
      const output = path.join(opts.out, notebook);
      const started = process.hrtime.bigint();
      const r = await runDriver(python, [driver, input, output, "--cwd", opts.dir, "--kernel", "tslab", "--timeout", String(opts.timeout)], opts.dir, env);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const head = `[${i + 1}/${notebooks.length}] ${notebook} ... `;
      const lastLine = r.stdout.trim().split("\n").pop() ?? "";
      let result: DriverResult;
      try {
        result = JSON.parse(lastLine) as DriverResult;
      } catch {
        failed = true;
        process.stdout.write(`${head}failed\n`);
        process.stderr.write(`\n✗ ${notebook}: the notebook driver crashed (exit ${r.status ?? r.signal})\n${r.stdout}${r.stderr}\n`);
        return;
      }
      if (!result.ok) {
        failed = true;
        process.stdout.write(`${head}failed\n`);
        process.stderr.write(formatFailure(notebook, input, result));
        if (result.reason === "kernel" && r.stderr) process.stderr.write(r.stderr);
        process.stderr.write(`Partial outputs written to ${path.relative(root, output)}\n`);
        return;
      }
      const bytes = statSync(output).size;
      process.stdout.write(`${head}ok (${result.cells} cells, ${seconds.toFixed(1)} s, ${(bytes / 1024).toFixed(0)} kB) -> ${path.relative(root, output)}\n`);
      if (bytes > MAX_NOTEBOOK_BYTES) {
        failed = true;
        process.stderr.write(
          `✗ ${notebook}: ${(bytes / 1024 / 1024).toFixed(1)} MB with its outputs, over the 2 MB a committed notebook may have (an inlined plotly bundle? CONSILIUM_NOTEBOOK_FIGURES=static draws PNGs)\n`,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.jobs, notebooks.length) }, worker));
  if (failed) return 1;
  process.stdout.write(`All ${notebooks.length} notebook(s) ran without error.\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 2;
  },
);

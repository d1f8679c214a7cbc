/**
 * `npm run bench`: every benchmark of issue 7, ours against a reference
 * measured in the same invocation, then a table on stdout,
 * bench/results/latest.{json,md} and BENCHMARKS.md.
 *
 *   npm run bench                      all benchmarks, default sizes
 *   npm run bench -- --only 1,3        a subset (numbers as in BENCHMARKS.md)
 *   npm run bench -- --quick           smaller sizes, 3 pairs (harness smoke test)
 *   npm run bench -- --runs 15         timed pairs per line (default and minimum 9, quick 3)
 *   npm run bench -- --no-write        print only (no results files, no BENCHMARKS.md)
 *   npm run bench -- --data DIR        real-data folder for the lines on real data (default ../shared/datasets)
 *   npm run bench -- --render-only     rewrite BENCHMARKS.md from bench/results/latest.json (a full run's), measuring nothing
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureReferencePython, pythonAvailability } from "./lib";
import { MIN_PAIRS } from "./paired";
import { machineDescription, readBefore, renderBenchmarksMd, renderTable, renderTextTable } from "./report";
import { BENCH_DIR, REPO_DIR } from "./paths";
import { blSuite } from "./suites/bl";
import { costSuite } from "./suites/cost";
import { e2eSuite } from "./suites/e2e";
import { finmemSuite } from "./suites/finmem";
import { indicatorsSuite } from "./suites/indicators";
import { ldaSuite } from "./suites/lda";
import { metricsSuite } from "./suites/metrics";
import { sweepSuite } from "./suites/sweep";
import { vaderSuite } from "./suites/vader";
import type { BenchOptions, BenchRow, BenchSuite } from "./types";

/** The real data the lines on real data read when --data is not given. */
const DEFAULT_DATA = path.resolve(REPO_DIR, "../shared/datasets");

const SUITES: BenchSuite[] = [blSuite, metricsSuite, indicatorsSuite, ldaSuite, vaderSuite, finmemSuite, e2eSuite, sweepSuite, costSuite];

interface Args {
  only: Set<number> | null;
  quick: boolean;
  runs: number | null;
  write: boolean;
  data: string | null;
  renderOnly: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { only: null, quick: false, runs: null, write: true, data: null, renderOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === "--quick") args.quick = true;
    else if (a === "--no-write") args.write = false;
    else if (a === "--render-only") args.renderOnly = true;
    else if (a.startsWith("--only")) {
      const ids = value()
        .split(",")
        .map((s) => Number(s.trim()));
      for (const id of ids) if (!SUITES.some((s) => s.id === id)) throw new Error(`--only: no benchmark ${id} (1..${SUITES.length})`);
      args.only = new Set(ids);
    } else if (a.startsWith("--runs")) {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1) throw new Error(`--runs must be a positive integer`);
      args.runs = n;
    } else if (a.startsWith("--data")) {
      args.data = path.resolve(value());
      if (!existsSync(args.data)) throw new Error(`--data: no folder ${args.data}`);
    } else if (a === "--help" || a === "-h") {
      console.log("usage: npm run bench -- [--only 1,2,...] [--quick] [--runs N] [--no-write] [--data DIR]");
      process.exit(0);
    } else throw new Error(`unknown option ${a}`);
  }
  return args;
}

/** Rewrite BENCHMARKS.md from the results of the last full run (the notes and layout may have changed since). */
function renderOnly(): void {
  const resultsDir = path.join(BENCH_DIR, "results");
  const saved = JSON.parse(readFileSync(path.join(resultsDir, "latest.json"), "utf8")) as {
    machine: ReturnType<typeof machineDescription>;
    quick: boolean;
    only: number[] | null;
    runs: number;
    totalSeconds: number;
    rows: BenchRow[];
    failures: Array<{ suite: string; error: string }>;
  };
  if (saved.quick || saved.only) throw new Error("--render-only: bench/results/latest.json is not from a full run");
  const before = readBefore(path.join(resultsDir, "before.json"));
  writeFileSync(path.join(REPO_DIR, "BENCHMARKS.md"), renderBenchmarksMd({ ...saved, before }));
  console.log("wrote BENCHMARKS.md from bench/results/latest.json");
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.renderOnly) return renderOnly();
  if (!args.quick && args.runs !== null && args.runs < MIN_PAIRS) throw new Error(`--runs: at least ${MIN_PAIRS} pairs (or --quick for a smoke test)`);
  const python = ensureReferencePython((m) => console.error(m));
  const started = performance.now();
  const options: BenchOptions = {
    quick: args.quick,
    python: python.ok,
    nltk: python.ok && pythonAvailability(["nltk"]).ok,
    dataDir: args.data ?? (existsSync(DEFAULT_DATA) ? DEFAULT_DATA : null),
    runs: args.runs ?? (args.quick ? 3 : MIN_PAIRS),
    log: (m) => console.error(`  ${m}`),
  };
  console.error(
    python.ok
      ? `reference python: ${Object.entries(python.versions!)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`
      : `reference python unavailable (${python.reason}); references skipped`,
  );
  const rows: BenchRow[] = [];
  const failures: Array<{ suite: string; error: string }> = [];
  for (const suite of SUITES) {
    if (args.only && !args.only.has(suite.id)) continue;
    console.error(`[${suite.id}] ${suite.name} ...`);
    const t0 = performance.now();
    try {
      const out = await suite.run(options);
      rows.push(...out);
      for (const r of out)
        console.error(
          `  ${r.id}: ours ${r.ours.medianMs.toFixed(2)} ms${r.reference ? `, ref ${r.reference.medianMs.toFixed(2)} ms` : ""}${r.ratio !== null ? `, ratio ${r.ratio.toFixed(2)}` : ""}${r.check ? `, check ${r.check.ok ? "ok" : "FAILED"} (${r.check.value})` : ""}`,
        );
    } catch (error) {
      const message = (error as Error).stack ?? String(error);
      failures.push({ suite: `${suite.id} ${suite.name}`, error: message });
      console.error(`  FAILED: ${message}`);
    }
    console.error(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
  const totalSeconds = (performance.now() - started) / 1000;
  const machine = machineDescription(python);
  console.log(renderTextTable(rows));
  if (failures.length) console.log(`\nFailed benchmarks:\n${failures.map((f) => `- ${f.suite}: ${f.error.split("\n")[0]}`).join("\n")}`);
  console.log(`\n${rows.length} rows in ${totalSeconds.toFixed(1)} s${args.quick ? " (quick)" : ""}`);

  if (args.write) {
    const resultsDir = path.join(BENCH_DIR, "results");
    mkdirSync(resultsDir, { recursive: true });
    const payload = { machine, quick: args.quick, runs: options.runs, only: args.only ? [...args.only] : null, totalSeconds, rows, failures };
    writeFileSync(path.join(resultsDir, "latest.json"), JSON.stringify(payload, null, 2) + "\n");
    writeFileSync(path.join(resultsDir, "latest.md"), renderTable(rows) + "\n");
    // BENCHMARKS.md only from a full run, so a partial or quick run cannot overwrite the committed report.
    if (!args.quick && !args.only) {
      const before = readBefore(path.join(resultsDir, "before.json"));
      writeFileSync(path.join(REPO_DIR, "BENCHMARKS.md"), renderBenchmarksMd({ machine, rows, failures, totalSeconds, runs: options.runs, before }));
      console.log(`wrote BENCHMARKS.md, bench/results/latest.json, bench/results/latest.md`);
    } else {
      console.log(`wrote bench/results/latest.json, bench/results/latest.md (BENCHMARKS.md is written by a full run only)`);
    }
  }
  if (failures.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

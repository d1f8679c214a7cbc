/**
 * Rendering of benchmark results: a plain-text table for the terminal, a
 * Markdown table, and the full BENCHMARKS.md (machine, table, the "before
 * and after" comparison with bench/results/before.json, method notes).
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import os from "node:os";
import { blasKernel, type PythonAvailability } from "./lib";
import { BEFORE_AFTER_NOTES, CACHE_NOTE, issueNotes, PERFORMANCE_NOTES, TAIL_NOTES } from "./notes";
import { BOOTSTRAP_RESAMPLES, INTERVAL_LEVEL, MIN_PAIRS } from "./paired";
import type { BenchRow } from "./types";

export interface MachineDescription {
  cpu: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  node: string;
  v8: string;
  python: string | null;
  pythonModules: Record<string, string> | null;
  blas: string | null;
  /** The BLAS numpy runs in the reference environment, from threadpoolctl (library, version, kernel, threads). */
  blasKernel: string | null;
}

/** CPU, memory, OS, Node / V8 and the reference Python stack. */
export function machineDescription(python: PythonAvailability): MachineDescription {
  const cpus = os.cpus();
  let blas: string | null = null;
  if (python.ok) {
    // Debian's numpy links the generic libblas.so.3; which implementation that is depends on the alternatives link.
    for (const lib of ["/usr/lib/x86_64-linux-gnu/libblas.so.3", "/usr/lib/aarch64-linux-gnu/libblas.so.3"]) {
      try {
        const target = realpathSync(lib);
        blas = /openblas/i.test(target) ? `OpenBLAS (${target})` : target;
        break;
      } catch {
        // not this architecture
      }
    }
  }
  const versions = python.versions ?? null;
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    v8: process.versions.v8,
    python: versions?.python ?? null,
    pythonModules: versions ? Object.fromEntries(Object.entries(versions).filter(([k]) => k !== "python")) : null,
    blas,
    blasKernel: python.ok ? blasKernel() : null,
  };
}

function ms(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  if (value >= 1) return value.toFixed(2);
  return value.toFixed(3);
}

function timing(t: { medianMs: number; iqrMs: number; runs?: number } | null): string {
  if (!t) return "—";
  if (Number.isNaN(t.medianMs)) return "failed";
  if ("runs" in t && t.runs === 1) return `${ms(t.medianMs)} (1 run)`;
  return `${ms(t.medianMs)} ± ${ms(t.iqrMs)}`;
}

function ratioText(row: BenchRow): string {
  if (row.ratio === null && row.referenceName === null) return "n/a";
  if (row.ratio === null) return row.referenceSkipped ? `skipped (${row.referenceSkipped})` : "—";
  const ci = row.ratioInterval ? ` [${row.ratioInterval[0].toFixed(2)}, ${row.ratioInterval[1].toFixed(2)}]` : "";
  return `${row.ratio.toFixed(2)}x${ci}`;
}

/** The goal cell: "met" / "NOT MET" against the interval's upper end, and whether the line was re-measured. */
export function goalText(row: BenchRow): string {
  if (!row.goal) return "—";
  if (row.ratioInterval === undefined) return `${row.goal.text}: not measured`;
  const again = row.remeasured
    ? ` (re-measured once; first ${row.remeasured.ratio.toFixed(2)}x [${row.remeasured.interval[0].toFixed(2)}, ${row.remeasured.interval[1].toFixed(2)}])`
    : "";
  return `${row.goal.text}: ${row.goalMet ? "met" : "NOT MET"}${again}`;
}

function checkText(row: BenchRow): string {
  if (!row.check) return "—";
  return `${row.check.ok ? "ok" : "MISMATCH"}: ${row.check.value}`;
}

function extraText(row: BenchRow): string {
  return row.extra
    ? Object.entries(row.extra)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")
    : "";
}

const HEADER = ["#", "benchmark", "ours ms (median ± IQR)", "reference", "ref ms (median ± IQR)", "ours / ref [90% CI]", "goal", "cross-check", "notes"];

function cells(row: BenchRow): string[] {
  return [row.id, row.name, timing(row.ours), row.referenceName ?? "—", timing(row.reference), ratioText(row), goalText(row), checkText(row), extraText(row)];
}

/** Markdown table of the rows. */
export function renderTable(rows: readonly BenchRow[]): string {
  const esc = (s: string): string => s.replace(/\|/g, "\\|");
  const lines = [`| ${HEADER.join(" | ")} |`, `|${HEADER.map(() => "---").join("|")}|`];
  for (const row of rows) lines.push(`| ${cells(row).map(esc).join(" | ")} |`);
  return lines.join("\n");
}

/** Fixed-width table for the terminal (cross-check and notes on their own line). */
export function renderTextTable(rows: readonly BenchRow[]): string {
  const head = HEADER.slice(0, 7);
  const body = rows.map((r) => cells(r).slice(0, 7));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (c: string[]): string => c.map((s, i) => s.padEnd(widths[i]!)).join("  ");
  const out = [line(head), widths.map((w) => "-".repeat(w)).join("  ")];
  rows.forEach((r, i) => {
    out.push(line(body[i]!));
    out.push(`${" ".repeat(widths[0]! + 2)}${r.workload}`);
    out.push(`${" ".repeat(widths[0]! + 2)}check: ${checkText(r)}${r.extra ? `; ${extraText(r)}` : ""}`);
  });
  return out.join("\n");
}

const METHOD_NOTES = `## Method

- **Timing, interleaved.** Every line is measured in one \`npm run bench\` invocation on the machine above. The reference runs as a long-lived worker (\`bench/reference/_worker.py\`: it loads its inputs once, then times one run per "run" command), and the two sides alternate run by run — ours, reference, ours, reference, ... — one untimed warm-up pair first (JIT compilation for us, imports and caches for Python; none for LDA), then at least ${MIN_PAIRS} timed pairs. A burst of load on this shared machine therefore lands on both sides of a pair instead of on one side of a benchmark. The table shows each side's median and interquartile range (IQR) over the pairs. Times are wall-clock (\`performance.now()\` / \`time.perf_counter()\`, each side timing itself, so the pipe between them is outside), in milliseconds, for the timed region described per benchmark below — data generation and file exchange are outside it.
- **Reference.** Reference scripts are our own numpy / pandas / gensim code in \`bench/reference/*.py\`, written from the same formulas as the TypeScript (not copied from any library), run with Debian's \`/usr/bin/python3\`. BLAS is pinned to one thread (\`OMP_NUM_THREADS = OPENBLAS_NUM_THREADS = MKL_NUM_THREADS = 1\`) because our code is single-threaded too. The reference is written the way a numpy user would (vectorised over assets / series where that is natural), so a ratio above 1 means a careful numpy user is faster.
- **Ratio and its interval.** The ratio is the geometric mean of the per-pair ratios ours_i / ref_i (below 1 we are faster). Its ${Math.round(INTERVAL_LEVEL * 100)} % interval comes from a paired bootstrap of the log per-pair ratios: ${BOOTSTRAP_RESAMPLES.toLocaleString("en-US")} resamples of the pairs with replacement (seeded by the line's id, so a rerun of the same times gives the same interval), the 5th and 95th percentiles of the resampled mean log ratio, exponentiated.
- **Goals.** A line with a goal (indicators <= 1.0x pandas, VADER at least 3x faster than NLTK; the BL backtest, the metrics, LDA and FinMem retrieval <= 0.5x their reference) meets it when the interval's upper end is under it — not merely the point estimate. A line that misses its goal is measured once more (new worker, new pairs) and the second measurement counts; the goal column then says "re-measured once" and shows the first attempt.
- **Cross-check.** Each line also checks that both sides computed the same thing, from outputs exchanged through binary Float64 files or JSON (max absolute difference, identical top-K lists, topic recovery, ...). A line marked MISMATCH is a correctness finding, not a speed one.
- **Inputs.** All inputs are synthetic and seeded (\`Rng\` from \`src/stats/rng.ts\`), generated in TypeScript and handed to Python as files, so both sides see byte-identical data and the benchmark needs no data folder and no network.
- **When Python is absent** the TypeScript side still runs; the reference column says why it was skipped.

### What each line measures

1. **Black-Litterman backtest** — \`runBacktest\` (src/backtest/engine.ts) with \`blWeightRule\` (src/blackboard/allocator.ts) and fixed views: 60 tickers, 166 daily rebalances; per rebalance the trailing 252-day simple returns (decision date excluded), sample covariance ddof 1 x 252, BL posterior (delta 3, tau 0.025, Omega = 0.5 diag(tau diag Sigma), P = I, Q = +0.02 / 0 / -0.02), weights (delta Sigma_BL)^-1 mu_BL clipped long-only and renormalised, 5 bps fees + 5 bps slippage on turnover. numpy: the same loop with \`np.cov\`, \`np.linalg.solve\`. Check: final weights and the value path (relative to the initial 1,000,000).
2. **Metrics** — \`performanceMetrics\` (src/backtest/metrics.ts) for 60 series of 2,520 daily returns (10 years) against an equal-weight benchmark: total / annualised return, volatility, two Sharpes, Sortino, max drawdown, Calmar, VaR / CVaR 95, skewness, kurtosis, PSR, DSR, beta, alpha, tracking error, information ratio, correlation. numpy + scipy.special (ndtr / ndtri), vectorised over the 60 series. Check: max relative difference over every metric of every series.
3. **Indicators** — \`rsi(14)\`, \`macd(12, 26, 9)\`, \`bollinger(20, 2)\` (src/stats/indicators.ts, stockstats conventions) on 60 series x 5,000 bars, full output series. pandas: \`DataFrame.ewm(...).mean()\` and \`rolling(20, min_periods=1).mean()/.std()\` on the 5,000 x 60 frame. Check: max absolute difference over all 8 output series (NaN positions must agree).
4. **LDA** — \`fitLda\` (src/text/lda.ts) with K = 5 on 2,000 synthetic documents with 5 planted topics, vs gensim \`LdaModel\` (online variational Bayes) on the same tokens, dictionary building and document-topic inference included. Both recover the planted structure: "accuracy" is the share of documents whose most probable learned topic is their planted topic under the best one-to-one matching of topics; "term precision" is the share of each learned topic's top-10 terms that belong to the matched planted topic's vocabulary. The two algorithms differ (sampling vs variational), so the time ratio compares two ways to get the same answer, not the same arithmetic.
5. **VADER** — \`polarityScores\` (src/text/vader.ts, a port of vaderSentiment 3.3.2) over 20,000 synthetic sentences (lexicon words, negations, boosters, "but", caps, punctuation, emoticons) and over the 5,733 real TSLA headlines of ../shared/datasets (news/gdelt_TSLA_headlines.jsonl). Reference: NLTK's VADER (Debian's python3-nltk, NLTK 3.8) given the vaderSentiment 3.3.2 lexicon the project carries, its trailing empty line stripped (NLTK's loader cannot parse it); NLTK needs no download for this. Check: the share of sentences with the same compound score, every difference attributed to a known deviation between NLTK 3.8 and vaderSentiment 3.3.2 (bench/vader-deviations.ts; the line fails if one is left unexplained).
6. **FinMem retrieval** — \`LayeredMemory.retrieve(query, 5)\` (src/finmem/memory.ts) over 10k / 50k / 200k events of random unit vectors and over the real news of ../shared/datasets embedded by the default HashingEmbedder (512 dimensions, 4 layers), a new query every call (so every call scores all N rows), 10 queries per timed run, time per query. numpy: float32 \`E @ q\` (sgemv) + precomputed recency / importance, \`argpartition\` per layer, then a sort of the 5. Check: both sides against the exact top-5 (float64 products of the same float32 values, computed by the reference outside the timed region): ours must give the same ids in all four layers for every query and scores within 1e-6 (numpy's float32 product is shown for comparison). The "-cached" line repeats one query, so the relevancy cache serves it: FinMem's daily case, not a like-for-like kernel, hence no ratio.
8. **Sweep scale** — \`runSweep\` (src/run/sweep.ts) of a 27-cell Sentimental grid and a 12-cell FinMem grid from a cold cache, with the offline agents and through a loopback OpenAI-compatible server answering after 300 ms +- 100 ms, at --concurrency 1, 4 and 16 (cells in flight; one call at a time inside a cell). Reported: wall time, calls, the share served by the sweep's shared cache, requests the server saw and the most it had in flight.
9. **Cost of a real run** — \`consilium run <experiment> --dry-run\` at default settings: see "The cost of a real run" below.
7. **End to end** — \`node bin/consilium.mjs run <experiment> --out <tmp>\` offline with the default config (process start and tsx compilation included). The cache line records a run through an OpenAI-compatible loopback server (answers are the offline agents' outputs served over HTTP) into an LLM cache, then reruns \`--llm replay\` with the server stopped; it reports calls, cache hits and network calls of the rerun (must be 0) and whether the rerun's summary equals the recorded run's. Its "reference" is the recording run, so the ratio is warm-cache rerun / cold recorded run.
`;

/** One line of bench/results/before.json: a measurement taken before the hot-path fixes. */
export interface BeforeRow {
  id: string;
  name: string;
  oursMedianMs: number;
  oursIqrMs: number;
  referenceName: string | null;
  referenceMedianMs: number | null;
  referenceIqrMs: number | null;
  ratio: number | null;
}

/** bench/results/before.json: the recorded "before" run of the lines that were optimised. */
export interface BeforeRecord {
  description: string;
  date: string;
  command: string;
  runs: number;
  rows: BeforeRow[];
}

/**
 * Reads bench/results/before.json (null when absent or malformed, so a fresh
 * clone without it still renders a report).
 *
 * @example
 * const before = readBefore(path.join(BENCH_DIR, "results", "before.json"));
 */
export function readBefore(file: string): BeforeRecord | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as BeforeRecord;
    return Array.isArray(parsed.rows) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The "Before and after" table: every line of `before` that this run measured
 * too, with both medians, the speed-up (before / after) and both ratios to the
 * reference (each measured in its own invocation, so the ratio is the fairer
 * comparison when the machine's load differs between the two runs).
 *
 * @example
 * renderBeforeAfter(before, rows); // markdown table
 */
export function renderBeforeAfter(before: BeforeRecord, rows: readonly BenchRow[]): string {
  const head = ["#", "benchmark", "before: ours ms", "after: ours ms", "speed-up", "before: ours / ref", "after: ours / ref"];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const b of before.rows) {
    const now = rows.find((r) => r.id === b.id);
    if (!now) continue;
    const after = now.ours.medianMs;
    lines.push(
      `| ${[
        b.id,
        b.name,
        `${ms(b.oursMedianMs)} ± ${ms(b.oursIqrMs)}`,
        timing(now.ours),
        `${(b.oursMedianMs / after).toFixed(1)}x`,
        b.ratio === null ? "—" : `${b.ratio.toFixed(2)}x`,
        now.ratio === null ? "—" : `${now.ratio.toFixed(2)}x`,
      ].join(" | ")} |`,
    );
  }
  return lines.join("\n");
}

/** The full BENCHMARKS.md. */
export function renderBenchmarksMd(input: {
  machine: MachineDescription;
  rows: readonly BenchRow[];
  failures: ReadonlyArray<{ suite: string; error: string }>;
  totalSeconds: number;
  runs: number;
  /** The recorded run before the hot-path fixes (bench/results/before.json), if any. */
  before?: BeforeRecord | null;
}): string {
  const m = input.machine;
  const mods = m.pythonModules
    ? Object.entries(m.pythonModules)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")
    : "not available";
  const slower = input.rows.filter((r) => r.ratio !== null && r.ratio > 1);
  const lines = [
    "# Benchmarks",
    "",
    "Generated by `npm run bench` (bench/run.ts). Re-run it to refresh this file; `npm run bench -- --only 1,3` and `--quick` run subsets / smaller sizes without touching this file (their results go to bench/results/latest.*).",
    "",
    "## Machine",
    "",
    `- CPU: ${m.cpu}, ${m.cores} logical cores; memory ${m.memoryGiB} GiB; ${m.platform}`,
    `- Node ${m.node} (V8 ${m.v8}), single-threaded`,
    `- Reference: Python ${m.python ?? "not available"} (/usr/bin/python3): ${mods}${m.blas ? `; BLAS: ${m.blas}, 1 thread` : ""}`,
    `- BLAS kernel numpy runs (threadpoolctl, with OPENBLAS_CORETYPE / OPENBLAS_L2_SIZE removed from the reference processes' environment): ${m.blasKernel ?? "not determined"}`,
    `- ${input.runs} timed pairs per line (ours and the reference alternating run by run) after one warm-up pair; full run took ${input.totalSeconds.toFixed(0)} s`,
    "",
    "## Results",
    "",
    renderTable(input.rows),
    "",
    "Sizes and timed regions per line:",
    "",
    ...input.rows.map((r) => `- **${r.id} ${r.name}**: ${r.workload}`),
    "",
  ];
  if (slower.length) {
    lines.push(
      "Lines where the reference is faster: " + slower.map((r) => `${r.id} (${r.ratio!.toFixed(2)}x)`).join(", ") + ' — see "Where we are slower" below.',
      "",
    );
  }
  if (input.failures.length) {
    lines.push("## Failed benchmarks", "", ...input.failures.map((f) => `- ${f.suite}: ${f.error.split("\n")[0]}`), "");
  }
  lines.push(issueNotes(input.rows));
  if (input.before && input.before.rows.some((b) => input.rows.some((r) => r.id === b.id))) {
    lines.push(
      "## Before and after (issue 7)",
      "",
      `The lines below were made faster in the library (not in bench/) after profiling. "Before" is the run recorded in \`bench/results/before.json\` (\`${input.before.command}\`, ${input.before.date}, ${input.before.runs} timed runs per side, same machine and settings, library as it was); "after" is this run. The reference was re-measured in each run, so compare the ratios as well as the milliseconds.`,
      "",
      renderBeforeAfter(input.before, input.rows),
      "",
      BEFORE_AFTER_NOTES,
    );
  }
  const cacheRow = input.rows.find((r) => r.id === "7/blackboard-cache");
  lines.push(METHOD_NOTES, PERFORMANCE_NOTES, cacheRow && cacheRow.check && !cacheRow.check.ok ? CACHE_NOTE : "", TAIL_NOTES);
  return lines.join("\n");
}

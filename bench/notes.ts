/**
 * The hand-written parts of BENCHMARKS.md (the numbers in them come from the
 * run's rows): what issue 15 changed and why, the dry-run cost table, the
 * sweep-scale table and how to scale a sweep out, where we are slower, and
 * the history of issue 7 ("Before and after").
 */
import type { BenchRow } from "./types";

function mdTable(head: string[], rows: string[][]): string {
  return [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)].join("\n");
}

const num = (v: unknown): string => (typeof v === "number" ? v.toLocaleString("en-US") : String(v ?? "—"));

/** "The cost of a real run": one row per experiment from lines 9/*. */
export function costTable(rows: readonly BenchRow[]): string {
  const lines = rows.filter((r) => r.id.startsWith("9/"));
  if (!lines.length) return "";
  const e = (r: BenchRow, k: string): unknown => r.extra?.[k];
  const body = lines.map((r) => [
    r.id.slice(2),
    num(e(r, "calls")),
    num(e(r, "promptTokens")),
    num(e(r, "outputTokensEst")),
    `${((e(r, "stablePrefixShare") as number) * 100).toFixed(0)}%`,
    `${num(e(r, "usd_gpt-4o-mini"))} (worst ${num(e(r, "worstUsd_gpt-4o-mini"))})`,
    `${num(e(r, "usd_gpt-4o"))} (worst ${num(e(r, "worstUsd_gpt-4o"))})`,
  ]);
  return `## The cost of a real run

\`consilium run <experiment> --dry-run [--model NAME]\` prints, without calling a model, the calls per task, prompt tokens (the target model family's tiktoken encoding via js-tiktoken: o200k_base is exact for both models below; other families are approximated and labelled so), an output-token estimate from each task's schema (the JSON skeleton counted exactly, array lengths as the offline agents' answers, at least 80 tokens per free-text field) and the cost from the price table (src/llm/pricing.ts). "<=" marks upper bounds: Sentimental renders its worst case (tolerance 0, every conversation runs all rounds), the Blackboard scales every investment and risk debate to its full length. The worst case assumes 4x the output estimate per call (no max_tokens). The stable prefix is the share of prompt tokens that every request of its task starts with — the part a provider's prompt cache can reuse (OpenAI caches prefixes of 1,024 tokens or more). Default settings, seed 7; USD estimated from list prices:

${mdTable(["experiment", "calls", "prompt tokens", "output tokens (est.)", "stable prefix", "USD gpt-4o-mini", "USD gpt-4o"], body)}

\`--max-calls N\` and \`--max-cost USD\` (with --llm openai) stop a run cleanly before the endpoint call that would pass the limit — each call's worst case is reserved before it is made — with exit code 4 and a "stopped" entry in manifest.json; cache hits are free, so a rerun continues from the cache (test/run/budget.e2e.test.ts).
`;
}

/** "Scale of a sweep": lines 8/*, then how to scale out. */
export function sweepTable(rows: readonly BenchRow[]): string {
  const lines = rows.filter((r) => r.id.startsWith("8/"));
  if (!lines.length) return "";
  const body = lines.map((r) => [
    r.id.slice(2),
    (r.ours.medianMs / 1000).toFixed(1),
    num(r.extra?.calls),
    `${(((r.extra?.cacheShare as number) ?? NaN) * 100).toFixed(1)}%`,
    num(r.extra?.networkCalls ?? "—"),
    num(r.extra?.maxInFlight ?? "—"),
  ]);
  return `## Scale of a sweep

Cold-cache sweeps (line 8), wall time in seconds; "cache share" is the share of calls the sweep's shared LLM cache answered (cells repeat some calls: identical prompts at identical sampling parameters). Against the loopback server every network call waits 300 ms +- 100 ms, so the wall time is latency-bound and scales with the cells in flight until the grid runs out of cells.

${mdTable(["sweep", "wall s", "calls", "cache share", "server requests", "most in flight"], body)}

${SCALING_OUT}
`;
}

/** The README's "Scaling out" text (also here, next to the numbers it rests on). */
export const SCALING_OUT = `### Scaling out

A sweep is latency-bound against a real endpoint: the cells are independent, so throughput grows with the calls in flight (\`--concurrency N\` runs N cells at once) until the endpoint's rate limit or GPU throughput is reached. Consilium has no scheduler of its own and needs none:

- **One vLLM (or other OpenAI-compatible) cluster behind one URL.** Point \`OPENAI_BASE_URL\` at the cluster's router and raise \`--concurrency\` to keep its batches full (vLLM batches concurrent requests continuously); the cluster spreads requests over its GPUs. Fix \`--seed\` so the sweep is reproducible, and keep the run's \`llm-cache\` folder: a rerun replays from it.
- **Several machines.** Split the grid, not the run: give each machine its own slice of a grid key (e.g. machine 1 \`--grid alpha=0.3,0.5\`, machine 2 \`--grid alpha=0.7,0.9\`), the same \`--set\` / \`--config\` / \`--seed\` / \`--model\` and its own \`--out\`; each slice is resumable on its machine (finished cells are saved under \`cells/\`, answered calls in its cache). To assemble one table, copy every slice's \`cells/*.json\` into one sweep folder, concatenate the slices' cache files task by task (\`cat m1/llm-cache/<task>.jsonl m2/llm-cache/<task>.jsonl > all/llm-cache/<task>.jsonl\`: lines are canonical and the first line for a key wins), and rerun the full grid there with the same options: a cell is found in \`cells/\` when its key matches (same config, seed, model and data path), and any other cell replays from the merged cache without a network call; the tidy sweep table is written once.
- **Budgets.** Run \`consilium run <experiment> --dry-run --model NAME\` first for one cell's calls and cost (x the number of cells for the sweep), and give each machine's \`consilium sweep\` a \`--max-cost\` (or \`--max-calls\`) so no slice can overspend; a stopped slice (exit 4) resumes from its cells and cache.
`;

/** "What issue 15 changed", with the tables built from the run. */
export function issueNotes(rows: readonly BenchRow[]): string {
  return [MARGIN_NOTES, ISSUE15_NOTES, costTable(rows), sweepTable(rows)].filter(Boolean).join("\n");
}

const MARGIN_NOTES = `## Half the reference's time (BL, metrics, LDA, retrieval)

Goal of every line with a reference timing (BL, metrics, LDA, retrieval): <= 0.5x, upper end of the interval. Every change keeps each number bit-identical (the default runs' tables are byte-identical before and after); the unit tests compare each fast path with the loop it replaces, bit for bit.

- **BL backtest: where the time and its spread went.** A CPU profile of line 1 showed two thirds of the time in scalar JavaScript loops (V8 ran the Cholesky factorisation at about 2 ns per multiply-subtract) and the spread in garbage collection: five n x n Float64Arrays per rebalance (28.8 kB each at n = 60, off-heap), several \`Array.from\` copies of typed arrays (about ten times a plain loop in V8) and Mark-Compact pauses of 20-50 ms every few runs. Now: (a) a WebAssembly SIMD kernel (src/stats/cholesky.wat) factorises with the factor kept column-major, so two entries that share a k sit in one f64x2 lane pair, and solves, multiplies and symmetrises in its own memory — four times faster than the JavaScript loops and bit-identical to them (each entry's subtractions in the same order; WebAssembly has no fused multiply-add); \`absoluteViewsWeights\` keeps all its n x n work there and allocates only its length-n results; (b) \`TrailingCovariance\`'s cross products, one-day updates and covariance read run in a second kernel (src/stats/cross-products.wat; an exact re-anchor went from about 2 ms to 0.5 ms); (c) without \`onAllocation\` the rule writes each day's covariance into one reused buffer (no allocation escapes a rebalance then); (d) \`numberArray\` instead of \`Array.from\` on typed arrays. Mark-Compact collections in 40 backtests went from 7 to 3.
- **Metrics.** \`performanceMetrics\` read each series about twenty times, once per statistic; it now reads it twice (src/backtest/metrics-pass.ts: wealth, drawdown and the compensated sums in the first pass, the moments about the means in the second), keeps a benchmark's own statistics per benchmark array (used only while the array still holds the same values), and \`sum\` takes each step's rounding error with Knuth's branch-free TwoSum (the same exact error as Neumaier's two branches; a non-finite result is recomputed with the branches).
- **LDA.** A sweep's random draws come from one batched call (\`Rng.fillUint32\`, the same stream as one \`nextUint32\` per token with the generator's state in local variables).
- **Retrieval.** The int8 kernel takes rows in pairs, so each query block loaded serves two rows; the pre-filter's scan reads only typed arrays (thresholds kept in step with the heaps); recency + importance of every row are computed in one loop and kept until the memory changes (add, step, feedback), as numpy's side gets them precomputed.
`;

const ISSUE15_NOTES = `## What issue 15 changed

- **Ratios that hold still.** Ours and the reference now alternate run by run (see Method), each ratio comes with a 90 % paired-bootstrap interval, and a goal is met only when the interval's upper end is under it; a missed goal is measured once more and the goal column says so.
- **FinMem retrieval: an int8 pre-filter with exact re-scoring won.** Each row of the embedding matrix also lives in WebAssembly memory as int8 with its scale and two error terms; a WebAssembly SIMD kernel (src/finmem/retrieval/dot-i8.wat, assembled with wabt by \`npm run build:wasm\`; a test checks the committed module against its source) computes the integer dot products against an int16 copy of the query, and a Cauchy-Schwarz bound per row (|<e, q> - approx| <= s |ê| |g| + |d| |q|, plus rounding margins) gives every row an interval that surely holds its exact score. Per layer only rows whose upper end reaches the K-th largest lower end can be in the top K; those (a few dozen of 200,000) are re-scored with the exact float64 product, so ids, scores and relevancies are identical to the exact scan (test/finmem/retrieval.test.ts, and the cross-check of every line 6). It wins because the scan is bound by memory traffic: int8 is a quarter of float32's bytes (100 MB instead of 400 MB at 200k events), while numpy's sgemv must read the float32 matrix. A float32 SIMD kernel would read the same bytes as numpy and could at best tie it, so it was not built; a sparse index for hashing vectors was not needed (the real-news line is below 1.0x with the same int8 path). The relevancy cache for an unchanged query (FinMem's daily case) is on a line of its own. Used for a new query over at least 4,096 rows (below that the exact scan is as fast); without WebAssembly SIMD, or for a non-finite row, the exact scan runs.
- **Indicators.** RSI and MACD run as one fused loop each on finite closes — every EWM chain advances in the same pass with \`ewm\`'s exact per-step arithmetic (adjust = true without NaN, so all chains share one weight sequence), letting the CPU overlap the chains' divisions — and Bollinger reads mean and std from one rolling pass (\`rollingMeanStd\`). Bit-identical to the composed definitions (test/stats/indicators-fused.test.ts); series with NaN or infinities take the composed path.
- **VADER against NLTK.** NLTK 3.8's VADER differs from vaderSentiment 3.3.2 (which our port follows) in known ways, and every difference on the two VADER lines is attributed to one of them: NLTK does not translate emoji; it drops one-character tokens and strips only one punctuation mark next to a word (3.3.2 strips all leading / trailing punctuation unless two characters or fewer remain); 3.3.2's booster list has 18 words NLTK's lacks (major, total, extreme, incredible, slight, ...); the special-case idiom lists differ; NLTK scores a repeated token at its first occurrence (list.index); NLTK lacks 3.3.2's rules for "no"; "never so / this" weighs 1.5 in NLTK and 1.25 in 3.3.2; 3.3.2's "but" rule looks sentiments up with list.index; NLTK compares some words case-sensitively.
- **BL backtest (phase 2, after the Blackboard's portfolio construction landed).** Three changes, measured on line 1: (a) the weights without Sigma_BL (src/portfolio/posterior-weights.ts): with S = tau Sigma and A = S + Omega, M = S A^-1 Omega, so Sigma_BL = Sigma A^-1 (A + tau Omega) and (delta Sigma_BL)^-1 mu_BL = (A + tau Omega)^-1 A [w_mkt + (tau / delta) A^-1 (Q - pi)]; A^-1 (Q - pi) is already solved for mu_BL, so a rebalance costs two Cholesky factorisations instead of two plus an inverse (about half the multiply-adds); Sigma_BL is formed only when read (the last rebalance's frontier); the weights equal the explicit route's to 1e-12 relative (test/portfolio/posterior-weights.test.ts), and a default Blackboard run's tables are unchanged at their 10 significant digits except 149 of 17,839 cells of float noise in the cash columns (at most 7e-10 dollars); (b) \`choleskyLower\` runs two columns and four rows at a time (eight accumulation chains sharing the two pivot rows' loads; bit-identical, about 1.7x faster at n = 60); (c) an eligibility index (\`eligibilityIndex\`, src/backtest/engine.ts) answers "which tickers have a full lookback window" with one read per ticker instead of a scan of 253 closes; (d) the rolling covariance is re-anchored exactly every 63 sessions instead of 21 (the one-day updates drift by at most 2.6e-15 relative over 63 days, tested to 1e-12; a default run's tables change in 95 of 17,839 cells on the bundled data and 116 of 32,303 on the real folder, all float noise in the cash columns, at most 6e-10 dollars). Line 1 went from 1.13x to the figure in the table above.
`;

export const BEFORE_AFTER_NOTES = `What changed (every public function keeps its signature and results; tests in test/portfolio/fast-paths.test.ts, test/stats/linalg-fast.test.ts, test/stats/rolling-fast.test.ts and test/backtest/metrics-fast.test.ts compare each fast path with the straightforward formula):

- **1. BL backtest.** \`blWeightRule\` keeps a \`TrailingCovariance\` (src/portfolio/covariance.ts): the 252-day covariance is moved forward by the days between rebalances (sums and cross-products of deviations from the last exact window mean, O(N^2) per day instead of O(N^2 T)) and recomputed exactly every 21 days (63 since issue 15's phase 2) — bit-identical to \`sampleCovarianceOfColumns\` on those days, within 1e-15 in between. The posterior for P = I and diagonal Omega (\`absoluteViewsPosterior\`, src/portfolio/black-litterman.ts; \`blackLitterman\` uses it automatically and keeps the general form otherwise) computes M = Omega - Omega A^-1 Omega with A^-1 from its Cholesky factor (\`choleskyInverse\`, n^3/3) instead of the n^3 product tau Sigma A^-1 tau Sigma, on flat Float64Arrays with no ml-matrix conversion; mu_BL is the same arithmetic as before. \`meanVarianceWeightsDense\` solves for the weights on the flat matrix (bit-identical to \`meanVarianceWeights\`). In src/stats/linalg.ts the Cholesky factorisation runs four rows at a time (independent accumulation chains, same per-entry order: bit-identical) and the multi-right-hand-side solve runs row by row over contiguous memory (bit-identical). The weights agree with a fresh per-day computation to rounding (tested to 1e-12, identical on re-anchor days) and with numpy to ~6e-16 (line 1's cross-check).
- **2. Metrics.** \`centralMoments\` gives m2, m3, m4 in one pass with plain multiplications (\`skewness\` / \`kurtosis\` / \`centralMoment\` use it: the same values to ~1e-16); \`quantile\` selects the two order statistics (Hoare's FIND, like numpy's partition) instead of sorting — exact, falling back to the sort for NaN or -0; \`performanceMetrics\` computes each mean once (\`varianceWithMean\`, \`covarianceWithMeans\`: identical arithmetic to \`std\` / \`covariance\` / \`correlation\`), one quantile for VaR and CVaR, and builds excess / active returns with plain loops. Every metric except skewness / kurtosis is bit-identical to before.
- **3. Indicators.** \`rollingSum\` / \`rollingMean\` / \`rollingVariance\` / \`rollingStd\` (src/stats/rolling.ts, used by \`bollinger\`) run in O(n): running sums of deviations from a shift, re-anchored with the exact two-pass window every \`window\` steps (bit-identical there), tested to 1e-10 relative against the direct formula on series with crashes, NaN gaps and constant stretches (observed: below 1e-11); NaN positions unchanged; a window whose valid values are all equal now has a variance of exactly 0 (the direct sum could leave ~1e-29). Windows of up to 4 values and series containing Infinity keep the direct computation.
- **6. FinMem retrieval.** Not changed in issue 7; issue 15's int8 pre-filter is described in "What issue 15 changed" above.
`;

/** Hand-written analysis of the slower lines (from CPU profiles), kept in one place. */
export const PERFORMANCE_NOTES = `## Where we are slower

**1. Black-Litterman backtest.** After issue 15's phase 2 a rebalance costs two Cholesky factorisations of a 60 x 60 matrix (n^3/6 multiply-adds each; the inverse of A and the factorisation of Sigma_BL are gone), plus O(N^2) for the covariance update and an exact covariance recomputation every 63 sessions. numpy runs its factorisations in LAPACK's vectorised code; ours run as scalar JavaScript (two columns and four rows at a time). Further headroom: a WebAssembly SIMD factorisation (like retrieval's kernel) and fewer per-rebalance allocations (a scratch pool tried here gave no difference measurable above the noise, so it was not kept).
`;

/** Shown only while the Blackboard warm-cache rerun fails. */
export const CACHE_NOTE = `**7. Warm-cache rerun of the Blackboard experiment.** The rerun does not complete. Known cause: prompts that embed earlier model outputs with \`JSON.stringify\` render differently when the outputs come from the cache (canonical, sorted keys) than when they come from the model; fix by returning the canonical copy in record mode too (src/llm/cache.ts) or by rendering prompts with \`stableStringify\`.
`;

export const TAIL_NOTES = `**Where we are on par or faster.** Metrics, indicators, FinMem retrieval and VADER (see the goal column). LDA: collapsed Gibbs sampling on typed arrays (500 sweeps) against gensim's online variational Bayes (10 passes) recovers the planted topics at least as well (document accuracy 1.0 for both; top-term precision 1.0 vs gensim's 0.94, which lets background words into its top-10 lists); the two algorithms differ, so that ratio compares two ways to the same answer. Every warm-cache rerun that completes makes zero network calls and reproduces its recorded run exactly (see line 7's cross-checks).

**Noise.** The machine is shared: other processes run during the measurements (load average above the core count at times). Pairing the sides run by run puts a burst of load on both sides of a pair, and the interval shows what is left.
`;

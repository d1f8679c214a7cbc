/**
 * Benchmark: FinMem top-K-per-layer retrieval latency as memory grows
 * (issue 4: "a year of daily news for several tickers, top-K per layer in
 * milliseconds"). Builds a LayeredMemory of N events (random unit vectors of
 * the HashingEmbedder's default dimension 512, random layers, importances
 * and ages spread over a year of trading days; clean-up disabled so N stays
 * N) and times `retrieve(query, 5)`:
 *   cold: a new query every call (full matrix-vector product over N rows);
 *   warm: the same query as the last call (the loop's case: the profile query
 *         is constant, so only new rows are scored against it).
 * Prints median and spread (p10-p90, min-max) in milliseconds.
 *
 * Run: npx tsx bench/finmem-retrieval.ts [--sizes 10000,50000,200000] [--dim 512] [--reps 25]
 * (`measureRetrieval` is exported for the `npm run bench` harness.)
 */
import { FINMEM_MEMORY_DEFAULTS, LAYERS, type MemoryParams } from "../src/finmem/constants";
import { LayeredMemory } from "../src/finmem/memory";
import { Rng } from "../src/stats/rng";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

const DAYS = 252;

function unitVector(rng: Rng, d: number): Float32Array {
  const v = new Float32Array(d);
  let s = 0;
  for (let i = 0; i < d; i++) {
    const x = rng.normal();
    v[i] = x;
    s += x * x;
  }
  const inv = 1 / Math.sqrt(s);
  for (let i = 0; i < d; i++) v[i] = v[i]! * inv;
  return v;
}

function quantile(sorted: number[], p: number): number {
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (h - lo);
}

function summarise(times: number[]): string {
  const s = times.slice().sort((a, b) => a - b);
  const f = (x: number) => x.toFixed(3);
  return `median ${f(quantile(s, 0.5))} ms  p10-p90 ${f(quantile(s, 0.1))}-${f(quantile(s, 0.9))}  min-max ${f(s[0]!)}-${f(s[s.length - 1]!)}`;
}

const noCleanup: MemoryParams = { ...FINMEM_MEMORY_DEFAULTS, cleanupRecencyBelow: -1, cleanupImportanceBelow: -Infinity };

export interface RetrievalTimings {
  n: number;
  dim: number;
  k: number;
  buildMs: number;
  /** Milliseconds per retrieve() with a new query each call. */
  cold: number[];
  /** Milliseconds per retrieve() with an unchanged query (cached relevancies). */
  warm: number[];
  /** Milliseconds per memory.step(). */
  step: number[];
}

/**
 * Build a memory of `n` random events and time retrieval and the daily step.
 *
 * @example
 * const t = measureRetrieval({ n: 50_000 }); // t.cold, t.warm in ms
 */
export function measureRetrieval(opts: { n: number; dim?: number; reps?: number; k?: number; seed?: string }): RetrievalTimings {
  const { n } = opts;
  const dim = opts.dim ?? 512;
  const reps = opts.reps ?? 25;
  const k = opts.k ?? 5;
  const rng = new Rng(opts.seed ?? `bench-${n}`);
  const memory = new LayeredMemory(new Rng(1), noCleanup);
  const buildStart = performance.now();
  const perDay = Math.ceil(n / DAYS);
  let added = 0;
  for (let day = 0; day < DAYS && added < n; day++) {
    for (let j = 0; j < perDay && added < n; j++, added++) {
      memory.add({
        text: `event ${added}`,
        embedding: unitVector(rng, dim),
        layer: LAYERS[rng.int(0, 4)]!,
        date: `day-${day}`,
        kind: "bench",
        importance: rng.uniform(5, 100),
      });
    }
    memory.step();
  }
  const buildMs = performance.now() - buildStart;
  const queries = Array.from({ length: reps + 3 }, () => unitVector(rng, dim));
  for (let w = 0; w < 3; w++) memory.retrieve(queries[w]!, k); // JIT warm-up
  const cold: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    memory.retrieve(queries[3 + r]!, k);
    cold.push(performance.now() - t);
  }
  const fixed = queries[queries.length - 1]!;
  memory.retrieve(fixed, k);
  const warm: number[] = [];
  for (let r = 0; r < reps; r++) {
    const t = performance.now();
    memory.retrieve(fixed, k);
    warm.push(performance.now() - t);
  }
  const step: number[] = [];
  for (let r = 0; r < Math.min(reps, 10); r++) {
    const t = performance.now();
    memory.step();
    step.push(performance.now() - t);
  }
  return { n, dim, k, buildMs, cold, warm, step };
}

function main(): void {
  const sizes = arg("sizes", "10000,50000,200000").split(",").map(Number);
  const dim = Number(arg("dim", "512"));
  const reps = Number(arg("reps", "25"));
  const k = 5;
  console.log(`FinMem retrieval benchmark: top-${k} per layer (${LAYERS.length} layers), dimension ${dim}, ${reps} timed calls per case\n`);
  for (const n of sizes) {
    const t = measureRetrieval({ n, dim, reps, k });
    console.log(
      `N = ${n.toLocaleString("en-US")} events (built in ${(t.buildMs / 1000).toFixed(1)} s, ${((n * dim * 4) / 2 ** 20).toFixed(0)} MiB of embeddings)`,
    );
    console.log(`  retrieve, cold query : ${summarise(t.cold)}`);
    console.log(`  retrieve, warm query : ${summarise(t.warm)}`);
    console.log(`  step (decay/cascade) : ${summarise(t.step)}\n`);
  }
}

if ((process.argv[1] ?? "").replace(/\\/g, "/").endsWith("bench/finmem-retrieval.ts")) main();

/**
 * Benchmark 6: FinMem top-K-per-layer retrieval over 10k / 50k / 200k events
 * of random dense unit vectors, and over the vectors the default embedder
 * (HashingEmbedder, 512 dimensions) produces for the real news in
 * ../shared/datasets, a new query every call, paired run by run with numpy
 * (float32 matrix-vector product + argpartition per layer: what a numpy user
 * writes). Goal: RETRIEVAL_GOAL. Our side is LayeredMemory.retrieve, whose
 * exact pre-filter (src/finmem/retrieval/prefilter.ts) never reads most rows'
 * embeddings: its gain over numpy is mostly the algorithm (bounds that drop
 * rows whose day terms cannot reach the top K), not a faster product, and it
 * shrinks when the day terms are alike. Cross-check: both sides' top-5 lists
 * against the exact top-5 (float64 products of the same float32 values): same
 * ids, scores to 1e-6. A last line times the relevancy cache (the query
 * unchanged, FinMem's daily case) on its own: not a like-for-like kernel.
 */
import path from "node:path";
import { FINMEM_MEMORY_DEFAULTS, LAYERS, type MemoryParams } from "../../src/finmem/constants";
import { LayeredMemory } from "../../src/finmem/memory";
import { DataFolder } from "../../src/data/folder";
import { Rng } from "../../src/stats/rng";
import { HashingEmbedder } from "../../src/text/embedding";
import { scratchDir, writeBinary } from "../data";
import { summarise } from "../lib";
import { pairedWithScript, type RatioGoal } from "../paired";
import { REPO_DIR, referenceScript } from "../paths";
import { pairedFields, type BenchOptions, type BenchRow, type BenchSuite } from "../types";

const DIM = 512;
const K = 5;
const DAYS = 252;
/** Queries per timed run (each a new query, so every call pays the full product). */
const QUERIES = 10;
const NO_CLEANUP: MemoryParams = { ...FINMEM_MEMORY_DEFAULTS, cleanupRecencyBelow: -1, cleanupImportanceBelow: -Infinity };
/** At most half numpy's time (upper end of the interval). */
export const RETRIEVAL_GOAL: RatioGoal = { maxRatio: 0.5, text: "<= 0.5x numpy" };

function unitVector(rng: Rng, out: Float32Array, offset: number): void {
  let s = 0;
  for (let i = 0; i < DIM; i++) {
    const x = rng.next() * 2 - 1;
    out[offset + i] = x;
    s += x * x;
  }
  const inv = 1 / Math.sqrt(s);
  for (let i = 0; i < DIM; i++) out[offset + i] = out[offset + i]! * inv;
}

function label(n: number): string {
  return n >= 1000 ? `${n / 1000}k` : String(n);
}

/** A memory workload: events (row-major embeddings) spread over trading days, and the queries. */
interface Workload {
  memory: LayeredMemory;
  embeddings: Float32Array;
  n: number;
  queries: Float32Array;
}

/** Adds `n` events with the given embeddings, `perDay` per trading day, random layers and importances. */
function fillMemory(rng: Rng, embeddings: Float32Array, n: number, perDay: number): LayeredMemory {
  const memory = new LayeredMemory(new Rng(1), NO_CLEANUP, n);
  for (let added = 0, day = 0; added < n; day++) {
    for (let j = 0; j < perDay && added < n; j++, added++) {
      memory.add({
        text: `event ${added}`,
        embedding: embeddings.subarray(added * DIM, (added + 1) * DIM),
        layer: LAYERS[rng.int(0, 4)]!,
        date: `day-${day}`,
        kind: "bench",
        importance: rng.uniform(5, 100),
      });
    }
    memory.step();
  }
  return memory;
}

function denseWorkload(n: number): Workload {
  const rng = new Rng(`bench-finmem-${n}`);
  const embeddings = new Float32Array(n * DIM);
  for (let i = 0; i < n; i++) unitVector(rng, embeddings, i * DIM);
  const memory = fillMemory(rng, embeddings, n, Math.ceil(n / DAYS));
  const queries = new Float32Array(QUERIES * DIM);
  for (let q = 0; q < QUERIES; q++) unitVector(rng, queries, q * DIM);
  return { memory, embeddings, n, queries };
}

/**
 * Every news record of the data folder, oldest first, embedded with the
 * default HashingEmbedder; the queries are the embeddings of the newest
 * QUERIES records (held out of the memory). Null without news.
 */
function newsWorkload(dataDir: string | null): Workload | null {
  if (!dataDir) return null;
  const news = [...DataFolder.open(dataDir).news()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  if (news.length <= QUERIES) return null;
  const embedder = new HashingEmbedder();
  const vectors = embedder.embedSync(news.map((r) => r.text));
  const n = news.length - QUERIES;
  const embeddings = new Float32Array(n * DIM);
  vectors.slice(0, n).forEach((v, i) => embeddings.set(v, i * DIM));
  const queries = new Float32Array(QUERIES * DIM);
  vectors.slice(n).forEach((v, q) => queries.set(v, q * DIM));
  return { memory: fillMemory(new Rng("bench-finmem-news"), embeddings, n, Math.ceil(n / DAYS)), embeddings, n, queries };
}

type TopLists = { ids: number[][][]; scores: number[][][] };

interface Reference extends TopLists {
  exact_ids: number[][][];
  exact_scores: number[][][];
}

/** Share of queries whose four lists equal the exact ones, and the worst score difference. */
function compare(side: TopLists, exact: Reference): { identical: number; worst: number } {
  let identical = 0;
  let worst = 0;
  exact.exact_ids.forEach((perLayer, q) => {
    if (perLayer.every((ids, l) => ids.length === side.ids[q]![l]!.length && ids.every((id, j) => id === side.ids[q]![l]![j]))) identical++;
    perLayer.forEach((_, l) =>
      exact.exact_scores[q]![l]!.forEach((s, j) => {
        const d = Math.abs(s - (side.scores[q]![l]![j] ?? NaN));
        if (!(d <= worst)) worst = d;
      }),
    );
  });
  return { identical, worst };
}

async function retrievalLine(options: BenchOptions, id: string, name: string, workload: string, w: Workload): Promise<BenchRow> {
  const query = (q: number): Float32Array => w.queries.subarray(q * DIM, (q + 1) * DIM);
  const ours: TopLists = { ids: [], scores: [] };
  const once = (): void => {
    ours.ids = [];
    ours.scores = [];
    for (let q = 0; q < QUERIES; q++) {
      const top = w.memory.retrieve(query(q), K);
      ours.ids.push(LAYERS.map((l) => top[l].map((e) => e.id)));
      ours.scores.push(LAYERS.map((l) => top[l].map((e) => e.score)));
    }
  };
  const times: number[] = [];
  for (let r = 0; r < (options.python ? 1 : options.runs); r++) {
    const t0 = performance.now();
    once();
    times.push((performance.now() - t0) / QUERIES);
  }
  const row: BenchRow = { id, name, workload, ours: summarise(times), referenceName: "numpy", reference: null, ratio: null, check: null };
  if (!options.python) return { ...row, referenceSkipped: "python unavailable" };
  const scratch = scratchDir("finmem");
  try {
    const base = new Float64Array(w.n);
    const layers = new Uint8Array(w.n);
    for (let i = 0; i < w.n; i++) {
      base[i] = w.memory.recency(i) + Math.min(Math.max(w.memory.importance(i), 0), 100) / 100;
      layers[i] = LAYERS.indexOf(w.memory.layer(i));
    }
    writeBinary(scratch.file("emb.f32"), w.embeddings);
    writeBinary(scratch.file("base.f64"), base);
    writeBinary(scratch.file("layer.u8"), layers);
    writeBinary(scratch.file("queries.f32"), w.queries);
    const files = ["emb.f32", "base.f64", "layer.u8", "queries.f32"].map((f) => scratch.file(f));
    const { measured, results } = await pairedWithScript<Reference>({
      id,
      script: referenceScript("finmem_topk.py"),
      args: [...files, String(w.n), String(DIM), String(QUERIES), String(K)],
      ours: once,
      pairs: options.runs,
      warmup: 2,
      scale: QUERIES,
      goal: RETRIEVAL_GOAL,
    });
    Object.assign(row, pairedFields(measured, RETRIEVAL_GOAL));
    const mine = compare(ours, results);
    const theirs = compare(results, results);
    row.check = {
      description: `queries whose four top-${K} lists equal the exact ones (float64 products), max |score - exact|: ours; numpy float32`,
      value: `ours ${mine.identical}/${QUERIES}, ${mine.worst.toExponential(1)}; numpy ${theirs.identical}/${QUERIES}, ${theirs.worst.toExponential(1)}`,
      ok: mine.identical === QUERIES && mine.worst <= 1e-6,
    };
  } finally {
    scratch.dispose();
  }
  return row;
}

/** Retrieval with the query unchanged (FinMem's profile query): only the scan, relevancies cached. */
function cachedLine(w: Workload, runs: number): BenchRow {
  const fixed = w.queries.subarray(0, DIM);
  w.memory.retrieve(fixed, K);
  const times: number[] = [];
  for (let r = 0; r < Math.max(runs, 9) * 2; r++) {
    const t0 = performance.now();
    w.memory.retrieve(fixed, K);
    times.push(performance.now() - t0);
  }
  return {
    id: `6/${label(w.n)}-cached`,
    name: `FinMem retrieval, ${label(w.n)} events, unchanged query (relevancy cache)`,
    workload: `as 6/${label(w.n)} with the same query every call, so the relevancies are cached and only recency / importance and the per-layer top-${K} are recomputed (a FinMem day with the profile as query); not a like-for-like kernel, so no reference`,
    ours: summarise(times),
    referenceName: null,
    reference: null,
    ratio: null,
    check: null,
  };
}

export const finmemSuite: BenchSuite = {
  id: 6,
  name: "FinMem retrieval",
  async run(options) {
    const sizes = options.quick ? [10_000, 50_000] : [10_000, 50_000, 200_000];
    const rows: BenchRow[] = [];
    let largest: Workload | null = null;
    for (const n of sizes) {
      const w = denseWorkload(n);
      const workload = `${n.toLocaleString("en-US")} events x ${DIM} dims (random unit vectors), 4 layers, top-${K} per layer, a new query each call; time per query (${QUERIES} queries per run)`;
      rows.push(await retrievalLine(options, `6/${label(n)}`, `FinMem retrieval, ${label(n)} events`, workload, w));
      largest = w;
    }
    const news = newsWorkload(options.dataDir);
    if (news) {
      const workload = `${news.n.toLocaleString("en-US")} real news records of ${path.relative(REPO_DIR, options.dataDir!) || "."} (all tickers, oldest first) embedded by the default HashingEmbedder (${DIM} dims), random layers, top-${K} per layer; queries: the ${QUERIES} newest records' embeddings; time per query`;
      rows.push(await retrievalLine(options, "6/news", "FinMem retrieval, real news (default embedder)", workload, news));
    } else options.log("6/news skipped: no news under the data folder");
    if (largest) rows.push(cachedLine(largest, options.runs));
    return rows;
  },
};

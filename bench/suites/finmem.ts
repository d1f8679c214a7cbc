/**
 * Benchmark 6: FinMem top-K-per-layer retrieval latency over 10k / 50k /
 * 200k events, a new query per call (so the full N x 512 matrix-vector
 * product is paid every time), vs numpy (float32 matrix-vector product +
 * argpartition per layer). Reports the per-query latency and its growth;
 * cross-checks that both return the same four top-5 lists.
 */
import { FINMEM_MEMORY_DEFAULTS, LAYERS, type MemoryParams } from "../../src/finmem/constants";
import { LayeredMemory } from "../../src/finmem/memory";
import { Rng } from "../../src/stats/rng";
import { scratchDir, writeBinary } from "../data";
import { runPython, summarise } from "../lib";
import { referenceScript } from "../paths";
import { ratioOf, type BenchRow, type BenchSuite } from "../types";

const DIM = 512;
const K = 5;
const DAYS = 252;
const NO_CLEANUP: MemoryParams = { ...FINMEM_MEMORY_DEFAULTS, cleanupRecencyBelow: -1, cleanupImportanceBelow: -Infinity };

function unitVector(rng: Rng, out: Float32Array, offset: number): Float32Array {
  let s = 0;
  for (let i = 0; i < DIM; i++) {
    const x = rng.next() * 2 - 1;
    out[offset + i] = x;
    s += x * x;
  }
  const inv = 1 / Math.sqrt(s);
  for (let i = 0; i < DIM; i++) out[offset + i] = out[offset + i]! * inv;
  return out.subarray(offset, offset + DIM);
}

function label(n: number): string {
  return n >= 1000 ? `${n / 1000}k` : String(n);
}

export const finmemSuite: BenchSuite = {
  id: 6,
  name: "FinMem retrieval",
  async run(options) {
    const sizes = options.quick ? [10_000, 50_000] : [10_000, 50_000, 200_000];
    const reps = options.quick ? 10 : 25;
    const warmup = 3;
    const rows: BenchRow[] = [];
    let firstMedian = 0;
    for (const n of sizes) {
      // Memory: events spread over a year of trading days, random layers and importances.
      const rng = new Rng(`bench-finmem-${n}`);
      const memory = new LayeredMemory(new Rng(1), NO_CLEANUP, n);
      const embeddings = new Float32Array(n * DIM);
      const perDay = Math.ceil(n / DAYS);
      let added = 0;
      for (let day = 0; day < DAYS && added < n; day++) {
        for (let j = 0; j < perDay && added < n; j++, added++) {
          memory.add({
            text: `event ${added}`,
            embedding: unitVector(rng, embeddings, added * DIM),
            layer: LAYERS[rng.int(0, 4)]!,
            date: `day-${day}`,
            kind: "bench",
            importance: rng.uniform(5, 100),
          });
        }
        memory.step();
      }
      const queries = new Float32Array((warmup + reps) * DIM);
      for (let q = 0; q < warmup + reps; q++) unitVector(rng, queries, q * DIM);
      const query = (q: number): Float32Array => queries.subarray(q * DIM, (q + 1) * DIM);

      for (let w = 0; w < warmup; w++) memory.retrieve(query(w), K);
      const times: number[] = [];
      const ourIds: number[][][] = [];
      const ourScores: number[][][] = [];
      for (let r = 0; r < reps; r++) {
        const t0 = performance.now();
        const top = memory.retrieve(query(warmup + r), K);
        times.push(performance.now() - t0);
        ourIds.push(LAYERS.map((l) => top[l].map((e) => e.id)));
        ourScores.push(LAYERS.map((l) => top[l].map((e) => e.score)));
      }
      const ours = summarise(times);
      if (!firstMedian) firstMedian = ours.medianMs;
      const row: BenchRow = {
        id: `6/${label(n)}`,
        name: `FinMem retrieval, ${label(n)} events`,
        workload: `${n.toLocaleString("en-US")} events x ${DIM} dims, 4 layers, top-${K} per layer, new query each call; time per query (${reps} queries)`,
        ours,
        referenceName: "numpy",
        reference: null,
        ratio: null,
        check: null,
        extra: { growthVs10k: Number((ours.medianMs / firstMedian).toFixed(1)) },
      };
      if (!options.python) {
        rows.push({ ...row, referenceSkipped: "python unavailable" });
        continue;
      }
      const scratch = scratchDir("finmem");
      try {
        const base = new Float64Array(n);
        const layers = new Uint8Array(n);
        for (let i = 0; i < n; i++) {
          base[i] = memory.recency(i) + Math.min(Math.max(memory.importance(i), 0), 100) / 100;
          layers[i] = LAYERS.indexOf(memory.layer(i));
        }
        writeBinary(scratch.file("emb.f32"), embeddings);
        writeBinary(scratch.file("base.f64"), base);
        writeBinary(scratch.file("layer.u8"), layers);
        writeBinary(scratch.file("queries.f32"), queries);
        const ref = runPython<{ times_ms: number[]; ids: number[][][]; scores: number[][][] }>(referenceScript("finmem_topk.py"), [
          scratch.file("emb.f32"),
          scratch.file("base.f64"),
          scratch.file("layer.u8"),
          scratch.file("queries.f32"),
          String(n),
          String(DIM),
          String(warmup + reps),
          String(K),
          String(warmup),
        ]);
        row.reference = summarise(ref.times_ms);
        row.ratio = ratioOf(ours, row.reference);
        let identical = 0;
        let worstScore = 0;
        ref.ids.forEach((perLayer, q) => {
          if (perLayer.every((ids, l) => ids.length === ourIds[q]![l]!.length && ids.every((id, j) => id === ourIds[q]![l]![j]))) identical++;
          perLayer.forEach((_, l) =>
            ref.scores[q]![l]!.forEach((s, j) => {
              const d = Math.abs(s - (ourScores[q]![l]![j] ?? NaN));
              if (!(d <= worstScore)) worstScore = d;
            }),
          );
        });
        row.check = {
          description: "queries with identical top-5 lists in all 4 layers; max |score_ours - score_numpy|",
          value: `${identical}/${reps}; ${worstScore.toExponential(1)}`,
          ok: identical === reps && worstScore < 1e-5,
        };
      } finally {
        scratch.dispose();
      }
      rows.push(row);
    }
    return rows;
  },
};

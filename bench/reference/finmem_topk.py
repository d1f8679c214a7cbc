"""Reference for benchmark 6: FinMem's per-layer top-K retrieval in numpy.

  score_i = <e_i, q> + recency_i + importance_i   (recency and clamped
  importance / 100 are fixed for the day, so they are one precomputed vector)
  top-K per layer by score descending, ties by the smaller id

usage: finmem_topk.py EMB.f32 BASE.f64 LAYER.u8 QUERIES.f32 N DIM NQ K WARMUP
prints {times_ms (one per query), ids: [query][layer][k], scores: same}
"""
import json
import sys
import time

import numpy as np


def main():
    emb_path, base_path, layer_path, q_path = sys.argv[1:5]
    n, dim, nq, k, warmup = (int(v) for v in sys.argv[5:10])
    emb = np.fromfile(emb_path, dtype="<f4").reshape(n, dim)
    base = np.fromfile(base_path, dtype="<f8")
    layer = np.fromfile(layer_path, dtype=np.uint8)
    queries = np.fromfile(q_path, dtype="<f4").reshape(nq, dim)
    members = [np.flatnonzero(layer == l) for l in range(4)]

    def retrieve(q):
        scores = (emb @ q).astype(np.float64) + base
        out = []
        for idx in members:
            s = scores[idx]
            kk = min(k, s.size)
            if kk == 0:
                out.append((np.empty(0, dtype=np.int64), np.empty(0)))
                continue
            part = np.argpartition(-s, kk - 1)[:kk]
            order = np.lexsort((idx[part], -s[part]))
            out.append((idx[part][order], s[part][order]))
        return out

    for w in range(warmup):
        retrieve(queries[w])
    times, ids, scores = [], [], []
    for qi in range(warmup, nq):
        t0 = time.perf_counter()
        res = retrieve(queries[qi])
        times.append((time.perf_counter() - t0) * 1000.0)
        ids.append([r[0].tolist() for r in res])
        scores.append([r[1].tolist() for r in res])
    print(json.dumps({"times_ms": times, "ids": ids, "scores": scores}))


if __name__ == "__main__":
    main()

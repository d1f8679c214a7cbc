"""Reference for benchmark 6: FinMem's per-layer top-K retrieval in numpy.

  score_i = <e_i, q> + recency_i + importance_i   (recency and clamped
  importance / 100 are fixed for the day, so they are one precomputed vector)
  top-K per layer by score descending, ties by the smaller id

The timed run is what a numpy user writes: float32 `E @ q` (sgemv), cast to
float64, argpartition per layer, a sort of the K. "finish" also computes the
exact top-K (float64 products of the same float32 values) for the last run's
queries, which both sides are checked against.

usage: finmem_topk.py EMB.f32 BASE.f64 LAYER.u8 QUERIES.f32 N DIM NQ K   (then the _worker.py protocol)
one "run" retrieves for every query in QUERIES (NQ of them)
"finish" answers {ids, scores, exact_ids, exact_scores}: [query][layer][k]
"""
import sys

import numpy as np

from _worker import serve


def top_k(scores, members, k):
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


def main():
    emb_path, base_path, layer_path, q_path = sys.argv[1:5]
    n, dim, nq, k = (int(v) for v in sys.argv[5:9])
    emb = np.fromfile(emb_path, dtype="<f4").reshape(n, dim)
    base = np.fromfile(base_path, dtype="<f8")
    layer = np.fromfile(layer_path, dtype=np.uint8)
    queries = np.fromfile(q_path, dtype="<f4").reshape(nq, dim)
    members = [np.flatnonzero(layer == l) for l in range(4)]

    def run():
        return [top_k((emb @ q).astype(np.float64) + base, members, k) for q in queries]

    def finish(last):
        emb64 = emb.astype(np.float64)
        exact = [top_k(emb64 @ q.astype(np.float64) + base, members, k) for q in queries]
        return {
            "ids": [[r[0].tolist() for r in res] for res in last],
            "scores": [[r[1].tolist() for r in res] for res in last],
            "exact_ids": [[r[0].tolist() for r in res] for res in exact],
            "exact_scores": [[r[1].tolist() for r in res] for res in exact],
        }

    serve(run, finish)


if __name__ == "__main__":
    main()

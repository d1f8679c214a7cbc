"""Run-by-run protocol shared by every reference script (bench/paired.ts drives it).

A reference script loads its inputs, then calls `serve(run_once, finish)`.
The harness then writes one command per line on stdin and reads one JSON
line back per command:

  run     -> times one call of run_once() with time.perf_counter and answers
             {"ms": wall time of that call in milliseconds}
  finish  -> answers finish(last result of run_once()) (a JSON-able dict with
             whatever the harness cross-checks) and exits

So the harness can interleave our runs and the reference's one by one
(ours, reference, ours, ...): a burst of load on the shared machine then hits
both sides of a pair instead of one side of the whole benchmark.
"""
import json
import sys
import time


def serve(run_once, finish):
    last = None
    out = sys.stdout
    for line in sys.stdin:
        command = line.strip()
        if command == "run":
            t0 = time.perf_counter()
            last = run_once()
            ms = (time.perf_counter() - t0) * 1000.0
            out.write(json.dumps({"ms": ms}) + "\n")
            out.flush()
        elif command == "finish":
            out.write(json.dumps(finish(last)) + "\n")
            out.flush()
            return
        elif command:
            raise SystemExit(f"reference worker: unknown command {command!r}")

"""Reference for benchmark 5: vaderSentiment's SentimentIntensityAnalyzer
over the same sentences (only when the package is importable).

usage: vader.py SENTENCES.txt RUNS
prints {"skipped": reason} or {times_ms, compound}
"""
import json
import sys
import time


def main():
    path, runs = sys.argv[1], int(sys.argv[2])
    try:
        from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer
    except Exception as exc:  # not installed: the bench reports absolute throughput only
        print(json.dumps({"skipped": f"vaderSentiment not importable ({type(exc).__name__}: {exc})"}))
        return
    with open(path, encoding="utf8") as fh:
        sentences = fh.read().split("\n")
    analyzer = SentimentIntensityAnalyzer()
    for s in sentences[:1000]:
        analyzer.polarity_scores(s)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = [analyzer.polarity_scores(s)["compound"] for s in sentences]
        times.append((time.perf_counter() - t0) * 1000.0)
    print(json.dumps({"times_ms": times, "compound": out}))


if __name__ == "__main__":
    main()

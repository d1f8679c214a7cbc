"""Reference for benchmark 4: gensim's LdaModel (online variational Bayes,
Hoffman, Blei & Bach 2010) on the same tokenised corpus, K topics.

Timed region: Dictionary + doc2bow + LdaModel training + document-topic
inference for every document (what fitLda returns as docTopics).

usage: lda_gensim.py CORPUS.txt K PASSES RUNS WARMUP   (one document per line, tokens separated by spaces)
prints {times_ms, dominant: [topic per doc], topics: [[top-10 terms] per topic]}
"""
import json
import logging
import sys
import time

import numpy as np
from gensim.corpora import Dictionary
from gensim.models import LdaModel

logging.disable(logging.WARNING)


def fit(docs, k, passes, seed):
    dictionary = Dictionary(docs)
    corpus = [dictionary.doc2bow(d) for d in docs]
    model = LdaModel(corpus, num_topics=k, id2word=dictionary, passes=passes, iterations=50, random_state=seed)
    gamma, _ = model.inference(corpus)
    return model, gamma


def main():
    path, k, passes, runs, warmup = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    with open(path, encoding="utf8") as fh:
        docs = [line.split() for line in fh.read().split("\n")]
    for _ in range(warmup):
        fit(docs, k, passes, 0)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        model, gamma = fit(docs, k, passes, 0)
        times.append((time.perf_counter() - t0) * 1000.0)
    topics = [[w for w, _ in model.show_topic(t, 10)] for t in range(k)]
    print(json.dumps({"times_ms": times, "dominant": np.argmax(gamma, axis=1).tolist(), "topics": topics}))


if __name__ == "__main__":
    main()

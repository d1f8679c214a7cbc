"""Reference for benchmark 4: gensim's LdaModel (online variational Bayes,
Hoffman, Blei & Bach 2010) on the same tokenised corpus, K topics.

Timed region: Dictionary + doc2bow + LdaModel training + document-topic
inference for every document (what fitLda returns as docTopics).

usage: lda_gensim.py CORPUS.txt K PASSES   (one document per line, tokens separated by spaces; then the _worker.py protocol)
"finish" answers {dominant: [topic per doc], topics: [[top-10 terms] per topic]} of the last run
"""
import logging
import sys

import numpy as np
from gensim.corpora import Dictionary
from gensim.models import LdaModel

from _worker import serve

logging.disable(logging.WARNING)


def fit(docs, k, passes, seed):
    dictionary = Dictionary(docs)
    corpus = [dictionary.doc2bow(d) for d in docs]
    model = LdaModel(corpus, num_topics=k, id2word=dictionary, passes=passes, iterations=50, random_state=seed)
    gamma, _ = model.inference(corpus)
    return model, gamma


def main():
    path, k, passes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    with open(path, encoding="utf8") as fh:
        docs = [line.split() for line in fh.read().split("\n")]

    def finish(last):
        model, gamma = last
        topics = [[w for w, _ in model.show_topic(t, 10)] for t in range(k)]
        return {"dominant": np.argmax(gamma, axis=1).tolist(), "topics": topics}

    serve(lambda: fit(docs, k, passes, 0), finish)


if __name__ == "__main__":
    main()

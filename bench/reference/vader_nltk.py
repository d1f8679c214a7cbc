"""Reference for benchmark 5: NLTK's VADER (Debian's python3-nltk) fed the
vaderSentiment 3.3.2 lexicon the project carries.

NLTK reads the lexicon with nltk.data.load and splits it on "\\n" without
skipping blank lines, so the file's trailing empty line would break
make_lex_dict: the harness hands over a copy without it. NLTK needs no
download for this (only its default lexicon path would).

usage: vader_nltk.py LEXICON.txt SENTENCES.txt   (one sentence per line; then the _worker.py protocol)
"finish" answers {compound, pos, neu, neg} of the last run and NLTK's token
list per sentence (SentiText.words_and_emoticons), so the harness can tell
which known deviation from vaderSentiment 3.3.2 explains a difference
"""
import os
import sys

from _worker import serve


def main():
    lexicon, path = sys.argv[1], sys.argv[2]
    from nltk.sentiment.vader import SentimentIntensityAnalyzer, SentiText

    analyzer = SentimentIntensityAnalyzer(lexicon_file="file:" + os.path.abspath(lexicon))
    with open(path, encoding="utf8") as fh:
        sentences = fh.read().split("\n")

    def run():
        return [analyzer.polarity_scores(s) for s in sentences]

    def finish(scores):
        out = {key: [s[key] for s in scores] for key in ("compound", "pos", "neu", "neg")}
        c = analyzer.constants
        out["tokens"] = [SentiText(s, c.PUNC_LIST, c.REGEX_REMOVE_PUNCTUATION).words_and_emoticons for s in sentences]
        return out

    serve(run, finish)


if __name__ == "__main__":
    main()

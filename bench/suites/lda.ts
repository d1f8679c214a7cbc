/**
 * Benchmark 4: LDA with K = 5 on 2,000 documents with 5 planted topics,
 * `fitLda` (collapsed Gibbs sampling) vs gensim `LdaModel` (online
 * variational Bayes) on the same tokens. Both are scored on how well they
 * recover the planted topics (document accuracy and top-term precision under
 * the best one-to-one matching of learned to planted topics).
 */
import { writeFileSync } from "node:fs";
import { fitLda, type LdaModel } from "../../src/text/lda";
import { Rng } from "../../src/stats/rng";
import { scratchDir } from "../data";
import { timeIt } from "../lib";
import { pairedWithScript, type RatioGoal } from "../paired";
import { referenceScript } from "../paths";
import { pairedFields, type BenchRow, type BenchSuite } from "../types";

const K = 5;
const WORDS_PER_TOPIC = 30;
const BACKGROUND_WORDS = 100;
const GENSIM_PASSES = 10;
/** At most half gensim's time (upper end of the interval). */
export const LDA_GOAL: RatioGoal = { maxRatio: 0.5, text: "<= 0.5x gensim" };

export interface PlantedCorpus {
  docs: string[][];
  /** Planted dominant topic of each document. */
  labels: number[];
  /** Planted topic of each topic word (background words are absent). */
  topicOfWord: Map<string, number>;
}

/**
 * Documents of 50-110 tokens: 75% from the document's planted topic (Zipf-like
 * weights within the topic), 10% from another topic, 15% background words.
 */
export function plantedCorpus(seed: number, docs: number): PlantedCorpus {
  const rng = new Rng(seed);
  const topicWords = Array.from({ length: K }, (_, k) => Array.from({ length: WORDS_PER_TOPIC }, (_, j) => `t${k}w${String(j).padStart(2, "0")}`));
  const background = Array.from({ length: BACKGROUND_WORDS }, (_, j) => `bg${String(j).padStart(3, "0")}`);
  const zipf = Array.from({ length: WORDS_PER_TOPIC }, (_, j) => 1 / (j + 1) ** 0.8);
  const topicOfWord = new Map<string, number>();
  topicWords.forEach((ws, k) => ws.forEach((w) => topicOfWord.set(w, k)));
  const out: string[][] = [];
  const labels: number[] = [];
  for (let d = 0; d < docs; d++) {
    const topic = rng.int(0, K);
    const length = rng.int(50, 111);
    const doc: string[] = [];
    for (let i = 0; i < length; i++) {
      const u = rng.next();
      if (u < 0.75) doc.push(topicWords[topic]![rng.weightedIndex(zipf)]!);
      else if (u < 0.85) doc.push(topicWords[(topic + rng.int(1, K)) % K]![rng.weightedIndex(zipf)]!);
      else doc.push(rng.pick(background));
    }
    out.push(doc);
    labels.push(topic);
  }
  return { docs: out, labels, topicOfWord };
}

function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

/** Best one-to-one matching learned -> planted: document accuracy and top-term precision. */
export function recovery(
  corpus: PlantedCorpus,
  dominant: readonly number[],
  topTerms: readonly (readonly string[])[],
): { accuracy: number; termPrecision: number } {
  let best = { accuracy: -1, termPrecision: 0 };
  for (const perm of permutations(K)) {
    let hits = 0;
    dominant.forEach((t, d) => {
      if (perm[t] === corpus.labels[d]) hits++;
    });
    const accuracy = hits / dominant.length;
    if (accuracy > best.accuracy) {
      let inTopic = 0;
      let total = 0;
      topTerms.forEach((terms, t) => {
        for (const w of terms) {
          total++;
          if (corpus.topicOfWord.get(w) === perm[t]) inTopic++;
        }
      });
      best = { accuracy, termPrecision: inTopic / total };
    }
  }
  return best;
}

export const ldaSuite: BenchSuite = {
  id: 4,
  name: "LDA (K = 5)",
  async run(options) {
    const nDocs = options.quick ? 500 : 2000;
    const corpus = plantedCorpus(19, nDocs);
    let model: LdaModel | null = null;
    const once = (): void => {
      model = fitLda(corpus.docs, { k: K, seed: 1 });
    };
    // Stand-alone timing (a multi-second fit needs no JIT warm-up), replaced by the paired one when the reference runs.
    const ours = await timeIt(once, options.python ? 1 : Math.min(options.runs, 3), 0);
    const fitted = model as unknown as LdaModel;
    const dominant = fitted.docTopics.map((row) => row.indexOf(Math.max(...row)));
    const mine = recovery(
      corpus,
      dominant,
      fitted.topics.map((t) => t.terms),
    );
    const tokens = corpus.docs.reduce((a, d) => a + d.length, 0);
    const row: BenchRow = {
      id: "4",
      name: "LDA (K = 5)",
      workload: `${nDocs.toLocaleString("en-US")} docs, ${tokens.toLocaleString("en-US")} tokens, ${K * WORDS_PER_TOPIC + BACKGROUND_WORDS} word types, 5 planted topics; ours: ${fitted.iterations} Gibbs sweeps (default); gensim: ${GENSIM_PASSES} passes, 50 iterations`,
      ours,
      referenceName: "gensim LdaModel",
      reference: null,
      ratio: null,
      check: null,
      extra: { oursAccuracy: Number(mine.accuracy.toFixed(4)), oursTermPrecision: Number(mine.termPrecision.toFixed(3)) },
    };
    if (!options.python) return [{ ...row, referenceSkipped: "python unavailable" }];
    const scratch = scratchDir("lda");
    try {
      writeFileSync(scratch.file("corpus.txt"), corpus.docs.map((d) => d.join(" ")).join("\n"));
      const { measured, results: ref } = await pairedWithScript<{ dominant: number[]; topics: string[][] }>({
        id: row.id,
        script: referenceScript("lda_gensim.py"),
        args: [scratch.file("corpus.txt"), String(K), String(GENSIM_PASSES)],
        ours: once,
        pairs: options.runs,
        warmup: 0,
        goal: LDA_GOAL,
      });
      Object.assign(row, pairedFields(measured, LDA_GOAL));
      const theirs = recovery(corpus, ref.dominant, ref.topics);
      row.extra = { ...row.extra, gensimAccuracy: Number(theirs.accuracy.toFixed(4)), gensimTermPrecision: Number(theirs.termPrecision.toFixed(3)) };
      row.check = {
        description: "planted-topic document accuracy, ours vs gensim (best topic matching)",
        value: `${mine.accuracy.toFixed(3)} vs ${theirs.accuracy.toFixed(3)}`,
        ok: mine.accuracy >= 0.95 && mine.accuracy >= theirs.accuracy - 0.02,
      };
    } finally {
      scratch.dispose();
    }
    return [row];
  },
};

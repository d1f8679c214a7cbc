/**
 * Benchmark 5: VADER polarity scores over 20,000 synthetic sentences and over
 * the real TSLA headlines in ../shared/datasets, paired run by run with NLTK's
 * VADER (Debian's python3-nltk) fed the vaderSentiment 3.3.2 lexicon the
 * project carries. Goal (issue 15): at least 3x faster. Cross-check: the
 * agreement rate of the compound scores, every difference attributed to a
 * known NLTK 3.8 / vaderSentiment 3.3.2 deviation (bench/vader-deviations.ts).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { VADER_LEXICON_TEXT } from "../../src/text/data/vaderLexicon";
import { Rng } from "../../src/stats/rng";
import { polarityScores, vaderAnalyzer } from "../../src/text/vader";
import { scratchDir } from "../data";
import { timeIt } from "../lib";
import { pairedWithScript, type RatioGoal } from "../paired";
import { REPO_DIR, referenceScript } from "../paths";
import { pairedFields, type BenchOptions, type BenchRow, type BenchSuite } from "../types";
import { explainDeviation, VADER_DEVIATIONS } from "../vader-deviations";

const SENTENCES = 20_000;
/** Issue 15, item 3: at least 3x faster than NLTK's VADER. */
export const VADER_GOAL: RatioGoal = { maxRatio: 1 / 3, text: ">= 3x faster (ratio < 0.333)" };
/** The real headlines: GDELT TSLA headlines (../shared/datasets/SOURCES.md, 4b). */
export const TSLA_HEADLINES = "news/gdelt_TSLA_headlines.jsonl";

/** Sentences that exercise VADER's rules: negation, boosters, "but", caps, "!", emoticons. */
export function syntheticSentences(seed: number, count: number): string[] {
  const rng = new Rng(seed);
  const lexicon = [...vaderAnalyzer().lexicon.keys()].filter((w) => /^[a-z]+$/.test(w));
  const subjects = [
    "the company",
    "revenue",
    "the new CEO",
    "guidance",
    "the stock",
    "this quarter",
    "management",
    "the product launch",
    "margins",
    "the analyst call",
  ];
  const verbs = ["is", "was", "looks", "seems", "remains", "felt"];
  const negations = ["not", "never", "isn't", "hardly", "without"];
  const boosters = ["very", "extremely", "incredibly", "barely", "somewhat", "really", "kind of"];
  const plain = ["results", "growth", "outlook", "team", "market", "costs", "sales", "plan", "shares", "report"];
  const tails = [".", "!", "!!", "?", "...", " :)", " :(", " lol", " 😀", " 😞"];
  return Array.from({ length: count }, () => {
    const words: string[] = [rng.pick(subjects), rng.pick(verbs)];
    if (rng.chance(0.25)) words.push(rng.pick(negations));
    if (rng.chance(0.3)) words.push(rng.pick(boosters));
    const adjective = rng.pick(lexicon);
    words.push(rng.chance(0.1) ? adjective.toUpperCase() : adjective);
    for (let i = rng.int(0, 6); i > 0; i--) words.push(rng.chance(0.35) ? rng.pick(lexicon) : rng.pick(plain));
    if (rng.chance(0.2)) words.push("but", rng.pick(subjects), rng.pick(verbs), rng.pick(lexicon));
    return words.join(" ") + rng.pick(tails);
  });
}

/**
 * The TSLA headlines of a data folder, one line each (internal whitespace
 * runs, newlines included, folded to one space so a headline stays one line
 * of the exchange file — VADER splits on whitespace runs, so scores are
 * unchanged); null when the folder or file is absent.
 *
 * @example
 * tslaHeadlines(path.resolve(REPO_DIR, "../shared/datasets"))?.length; // 5733
 */
export function tslaHeadlines(dataDir: string | null): string[] | null {
  if (!dataDir) return null;
  const file = path.join(dataDir, TSLA_HEADLINES);
  if (!existsSync(file)) return null;
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) =>
      String((JSON.parse(line) as { headline?: unknown }).headline ?? "")
        .replace(/\s+/g, " ")
        .trim(),
    );
}

interface NltkResults {
  compound: number[];
  tokens: string[][];
}

async function vaderLine(options: BenchOptions, id: string, label: string, sentences: string[]): Promise<BenchRow> {
  let compounds: number[] = [];
  const once = (): void => {
    compounds = sentences.map((s) => polarityScores(s).compound);
  };
  const perSecond = (t: { medianMs: number }): number => Math.round(sentences.length / (t.medianMs / 1000));
  // Stand-alone timing, replaced by the paired one when the reference runs.
  const ours = await timeIt(once, options.python ? 1 : options.runs, 1);
  const row: BenchRow = {
    id,
    name: `VADER sentiment, ${label}`,
    workload: `${sentences.length.toLocaleString("en-US")} ${label}, polarityScores each`,
    ours,
    referenceName: "NLTK VADER (python3-nltk) + vaderSentiment 3.3.2 lexicon",
    reference: null,
    ratio: null,
    check: null,
  };
  if (!options.python) return { ...row, referenceSkipped: "python unavailable" };
  if (!options.nltk) return { ...row, referenceSkipped: "nltk not importable by /usr/bin/python3 (apt-get install python3-nltk)" };
  const scratch = scratchDir("vader");
  try {
    // NLTK splits the lexicon on "\n" and cannot parse the trailing empty line.
    writeFileSync(scratch.file("lexicon.txt"), VADER_LEXICON_TEXT.replace(/\n+$/, ""));
    writeFileSync(scratch.file("sentences.txt"), sentences.join("\n"));
    const { measured, results } = await pairedWithScript<NltkResults>({
      id,
      script: referenceScript("vader_nltk.py"),
      args: [scratch.file("lexicon.txt"), scratch.file("sentences.txt")],
      ours: once,
      pairs: options.runs,
      goal: VADER_GOAL,
    });
    Object.assign(row, pairedFields(measured, VADER_GOAL));
    const analyzer = vaderAnalyzer();
    const byDeviation = new Map<string, number>();
    let agree = 0;
    sentences.forEach((s, i) => {
      if (compounds[i] === results.compound[i]) {
        agree++;
        return;
      }
      const hasEmoji = [...s].some((c) => analyzer.emojis.has(c));
      const why = explainDeviation({ text: s, ours: analyzer.wordsAndEmoticons(analyzer.translateEmoji(s)), nltk: results.tokens[i] ?? [], hasEmoji });
      byDeviation.set(why ?? "unexplained", (byDeviation.get(why ?? "unexplained") ?? 0) + 1);
    });
    const unexplained = byDeviation.get("unexplained") ?? 0;
    const breakdown = [...VADER_DEVIATIONS.map((d) => d.id), "unexplained"]
      .filter((k) => byDeviation.has(k))
      .map((k) => `${k} ${byDeviation.get(k)}`)
      .join(", ");
    row.check = {
      description: "compound scores equal to NLTK's; each difference attributed to the first known NLTK 3.8 / vaderSentiment 3.3.2 deviation present",
      value: `agree ${((100 * agree) / sentences.length).toFixed(1)}% (${agree}/${sentences.length}); differences: ${breakdown || "none"}`,
      ok: unexplained === 0 && results.compound.length === sentences.length,
    };
    row.extra = { oursSentencesPerSecond: perSecond(row.ours), nltkSentencesPerSecond: perSecond(row.reference!) };
  } finally {
    scratch.dispose();
  }
  return row;
}

export const vaderSuite: BenchSuite = {
  id: 5,
  name: "VADER sentiment",
  async run(options) {
    const rows = [await vaderLine(options, "5", "synthetic sentences", syntheticSentences(17, options.quick ? 5000 : SENTENCES))];
    const headlines = tslaHeadlines(options.dataDir);
    if (headlines) rows.push(await vaderLine(options, "5/tsla", "real TSLA headlines", headlines));
    else options.log(`5/tsla skipped: no ${TSLA_HEADLINES} under ${options.dataDir ?? path.resolve(REPO_DIR, "../shared/datasets")}`);
    return rows;
  },
};

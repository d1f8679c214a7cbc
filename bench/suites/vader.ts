/**
 * Benchmark 5: VADER polarity scores over 20,000 synthetic sentences,
 * reported as sentences per second. The reference (vaderSentiment) runs only
 * when /usr/bin/python3 can import it; otherwise the line says it was skipped.
 */
import { writeFileSync } from "node:fs";
import { polarityScores, vaderAnalyzer } from "../../src/text/vader";
import { Rng } from "../../src/stats/rng";
import { scratchDir } from "../data";
import { PYTHON, runPython, summarise, timeIt } from "../lib";
import { referenceScript } from "../paths";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ratioOf, type BenchRow, type BenchSuite } from "../types";

const SENTENCES = 20_000;

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

export const vaderSuite: BenchSuite = {
  id: 5,
  name: "VADER sentiment",
  async run(options) {
    const sentences = syntheticSentences(17, options.quick ? 5000 : SENTENCES);
    let compounds: number[] = [];
    const ours = await timeIt(
      () => {
        compounds = sentences.map((s) => polarityScores(s).compound);
      },
      options.runs,
      1,
    );
    const perSecond = (t: { medianMs: number }): number => Math.round(sentences.length / (t.medianMs / 1000));
    const row: BenchRow = {
      id: "5",
      name: "VADER sentiment",
      workload: `${sentences.length.toLocaleString("en-US")} synthetic sentences, polarityScores each`,
      ours,
      referenceName: "vaderSentiment",
      reference: null,
      ratio: null,
      check: null,
      extra: { oursSentencesPerSecond: perSecond(ours) },
    };
    if (!options.python && !existsSync(PYTHON)) return [{ ...row, referenceSkipped: "python unavailable" }];
    const probe = spawnSync(PYTHON, ["-c", "import vaderSentiment"], { encoding: "utf8" });
    if (probe.status !== 0)
      return [{ ...row, referenceName: "vaderSentiment (not installed)", referenceSkipped: "vaderSentiment not importable by /usr/bin/python3" }];
    const scratch = scratchDir("vader");
    try {
      writeFileSync(scratch.file("sentences.txt"), sentences.join("\n"));
      const ref = runPython<{ times_ms: number[]; compound: number[]; skipped?: string }>(referenceScript("vader.py"), [
        scratch.file("sentences.txt"),
        String(options.runs),
      ]);
      if (ref.skipped) return [{ ...row, referenceSkipped: ref.skipped }];
      row.reference = summarise(ref.times_ms);
      row.ratio = ratioOf(ours, row.reference);
      row.extra!.referenceSentencesPerSecond = perSecond(row.reference);
      let differ = 0;
      ref.compound.forEach((c, i) => {
        if (c !== compounds[i]) differ++;
      });
      row.check = { description: "sentences whose compound score differs", value: `${differ} of ${sentences.length}`, ok: differ === 0 };
    } finally {
      scratch.dispose();
    }
    return [row];
  },
};

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VADER_EMOJI_TEXT, VADER_LEXICON_TEXT } from "../../src/text/data/vaderLexicon";
import { compoundScore, normalizeScore, parseLexicon, polarityScores, pyIsUpper, pyRound, vaderAnalyzer } from "../../src/text/vader";

// Published outputs of vaderSentiment 3.3.2 (README / `python -m vaderSentiment.vaderSentiment` demo).
const README: Array<[string, number, number, number, number]> = [
  // text, neg, neu, pos, compound
  ["VADER is smart, handsome, and funny.", 0.0, 0.254, 0.746, 0.8316],
  ["VADER is smart, handsome, and funny!", 0.0, 0.248, 0.752, 0.8439],
  ["VADER is very smart, handsome, and funny.", 0.0, 0.299, 0.701, 0.8545],
  ["VADER is VERY SMART, handsome, and FUNNY.", 0.0, 0.246, 0.754, 0.9227],
  ["VADER is VERY SMART, handsome, and FUNNY!!!", 0.0, 0.233, 0.767, 0.9342],
  ["VADER is VERY SMART, uber handsome, and FRIGGIN FUNNY!!!", 0.0, 0.294, 0.706, 0.9469],
  ["VADER is not smart, handsome, nor funny.", 0.646, 0.354, 0.0, -0.7424],
  ["The book was good.", 0.0, 0.508, 0.492, 0.4404],
  ["At least it isn't a horrible book.", 0.0, 0.678, 0.322, 0.431],
  ["The book was only kind of good.", 0.0, 0.697, 0.303, 0.3832],
  ["The plot was good, but the characters are uncompelling and the dialog is not great.", 0.327, 0.579, 0.094, -0.7042],
  ["Today SUX!", 0.779, 0.221, 0.0, -0.5461],
  ["Today only kinda sux! But I'll get by, lol", 0.127, 0.556, 0.317, 0.5249],
  ["Make sure you :) or :D today!", 0.0, 0.294, 0.706, 0.8633],
  ["Catch utf-8 emoji such as such as 💘 and 💋 and 😁", 0.0, 0.615, 0.385, 0.875],
  ["Not bad at all", 0.0, 0.513, 0.487, 0.431],
  ["Watch the rose wilt.", 0.0, 1.0, 0.0, 0.0],
  ["💕 😁 🎉", 0.0, 0.375, 0.625, 0.875],
  ["💔 😬 🙁", 0.514, 0.203, 0.284, -0.3415],
  ["guys, please do me a favor and vote in this poll. or if you can, please share it. thank you.", 0.0, 0.556, 0.444, 0.875],
];

// Compound scores of the README's "tricky sentences" (3.3.2).
const TRICKY: Array<[string, number]> = [
  ["Sentiment analysis has never been good.", -0.3412],
  ["Sentiment analysis has never been this good!", 0.5672],
  ["Most automated sentiment analysis tools are shit.", -0.5574],
  ["With VADER, sentiment analysis is the shit!", 0.6476],
  ["Other sentiment analysis tools can be quite bad.", -0.5849],
  ["On the other hand, VADER is quite bad ass", 0.802],
  ["VADER is such a badass!", 0.4003],
  ["Without a doubt, excellent idea.", 0.7013],
  ["Roger Dodger is one of the most compelling variations on this theme.", 0.2944],
  ["Roger Dodger is at least compelling as a variation on the theme.", 0.2263],
  ["Roger Dodger is one of the least compelling variations on this theme.", -0.1695],
  ["Not such a badass after all.", -0.2584],
  ["Without a doubt, an excellent idea.", 0.7013],
];

// Rule-by-rule cases computed with a line-by-line transcription of vaderSentiment 3.3.2's
// polarity_scores over the same lexicon files (review, 2026-11): punctuation kept on short
// tokens ("ok!" misses the lexicon), "no" as negator vs word, capped ?/! emphasis, mixed caps,
// emoji glued to words, the "but" index quirk, "despite", "kind of" as a noun phrase, "never this".
const RULES: Array<[string, number, number, number, number]> = [
  ["It is ok!", 0.0, 1.0, 0.0, 0.0],
  ["no problems at all", 0.0, 0.571, 0.429, 0.3089],
  ["There is no good reason, and no bad one either.", 0.182, 0.604, 0.215, 0.1139],
  ["What?? Really??? Good!!!!!", 0.0, 0.273, 0.727, 0.7447],
  ["GREAT product, TERRIBLE support", 0.31, 0.081, 0.609, 0.5719],
  ["Great🎉party", 0.0, 0.128, 0.872, 0.7783],
  ["good good good but bad bad", 0.581, 0.061, 0.358, -0.7684],
  ["I can't say I don't like it", 0.26, 0.74, 0.0, -0.2755],
  ["Despite the good news, stocks fell", 0.325, 0.675, 0.0, -0.3412],
  ["The kind of person who helps", 0.0, 0.658, 0.342, 0.3818],
  ["less bad than expected", 0.517, 0.483, 0.0, -0.4951],
  ["He was never this sad", 0.517, 0.483, 0.0, -0.6464],
];

describe("VADER (vaderSentiment 3.3.2 port)", () => {
  it.each(RULES)("reference rule case %s", (text, neg, neu, pos, compound) => {
    expect(polarityScores(text)).toEqual({ neg, neu, pos, compound });
  });

  it.each(README)("README example %s", (text, neg, neu, pos, compound) => {
    const s = polarityScores(text);
    expect(s.compound).toBeCloseTo(compound, 4);
    expect(s.neg).toBeCloseTo(neg, 3);
    expect(s.neu).toBeCloseTo(neu, 3);
    expect(s.pos).toBeCloseTo(pos, 3);
  });

  it.each(TRICKY)("tricky sentence %s", (text, compound) => {
    expect(compoundScore(text)).toBeCloseTo(compound, 4);
  });

  it("scores 'Not bad at all' positive (the outdated npm port gives -0.54)", () => {
    expect(compoundScore("Not bad at all")).toBe(0.431);
  });

  it("returns all zeros for empty or whitespace text and neu=1 for neutral words", () => {
    expect(polarityScores("")).toEqual({ neg: 0, neu: 0, pos: 0, compound: 0 });
    expect(polarityScores("   \n\t")).toEqual({ neg: 0, neu: 0, pos: 0, compound: 0 });
    expect(polarityScores("the table")).toEqual({ neg: 0, neu: 1, pos: 0, compound: 0 });
  });

  it("applies ALL-CAPS emphasis only when the text mixes case", () => {
    // "GOOD" alone: every token is upper case, so no emphasis: same as "good".
    expect(compoundScore("GOOD")).toBe(compoundScore("good"));
    // "good" = 1.9; with emphasis 1.9 + 0.733 = 2.633 -> 2.633 / sqrt(2.633^2 + 15)
    const s = compoundScore("is GOOD");
    expect(s).toBeCloseTo(pyRound(2.633 / Math.sqrt(2.633 * 2.633 + 15), 4), 4);
  });

  it("negates with N_SCALAR = -0.74 and normalises with alpha = 15", () => {
    // "not good": 1.9 * -0.74 = -1.406
    const expected = pyRound(normalizeScore(1.9 * -0.74), 4);
    expect(compoundScore("not good")).toBe(expected);
    expect(expected).toBeCloseTo(-1.406 / Math.sqrt(1.406 * 1.406 + 15), 4);
  });

  it("uses 'no' as a negator of the next lexicon word", () => {
    // "no" (-1.2) is neutralised and "good" negated: 1.9 * -0.74
    expect(compoundScore("no good")).toBe(pyRound(normalizeScore(1.9 * -0.74), 4));
  });

  it("amplifies with exclamation marks (0.292 each, capped at 4)", () => {
    const base = 1.9;
    expect(compoundScore("good!")).toBe(pyRound(normalizeScore(base + 0.292), 4));
    expect(compoundScore("good!!!!!!")).toBe(pyRound(normalizeScore(base + 4 * 0.292), 4));
  });

  it("keeps the reference lexicon duplicates with last-wins semantics", () => {
    const lex = vaderAnalyzer().lexicon;
    expect(lex.get("lol")).toBe(1.8);
    expect(lex.get("ok")).toBe(1.2);
    expect(lex.get("no")).toBe(-1.2);
    expect(lex.size).toBe(7506);
  });
});

describe("Python compatibility helpers", () => {
  it("pyRound rounds exact binary ties to even like Python's round", () => {
    expect(pyRound(0.0625, 3)).toBe(0.062);
    expect(pyRound(0.1875, 3)).toBe(0.188);
    expect(pyRound(-0.0625, 3)).toBe(-0.062);
    expect(pyRound(2.675, 2)).toBe(2.67); // 2.675 is 2.67499999... in binary
    expect(pyRound(0.8316249, 4)).toBe(0.8316);
  });

  it("pyIsUpper follows str.isupper", () => {
    expect(pyIsUpper("VADER")).toBe(true);
    expect(pyIsUpper("I")).toBe(true);
    expect(pyIsUpper(":)")).toBe(false);
    expect(pyIsUpper("SUX!")).toBe(true);
    expect(pyIsUpper("I'll")).toBe(false);
    expect(pyIsUpper("123")).toBe(false);
  });
});

describe("embedded lexicon data", () => {
  it("vaderLexicon.ts is in sync with the .txt data files", () => {
    const dir = path.resolve(process.cwd(), "src/text/data");
    expect(VADER_LEXICON_TEXT).toBe(readFileSync(path.join(dir, "vader_lexicon.txt"), "utf8"));
    expect(VADER_EMOJI_TEXT).toBe(readFileSync(path.join(dir, "emoji_utf8_lexicon.txt"), "utf8"));
  });

  it("has 7,520 lexicon lines and only single-code-point emoji", () => {
    expect(VADER_LEXICON_TEXT.trimEnd().split("\n")).toHaveLength(7520);
    for (const line of VADER_EMOJI_TEXT.trimEnd().split("\n")) {
      expect([...line.split("\t")[0]!]).toHaveLength(1);
    }
    expect(parseLexicon("a\t1.5\tx\nb\t-2\n\na\t0.5\n").get("a")).toBe(0.5);
  });
});

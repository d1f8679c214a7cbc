import { describe, expect, it } from "vitest";
import { bertNormalize, bertPreTokenize, meanPoolNormalize, WordPieceTokenizer } from "../../src/text/index";

describe("bertNormalize (BERT uncased)", () => {
  it("lower-cases, strips accents and maps whitespace to spaces", () => {
    expect(bertNormalize("Café\tRÉSUMÉ\nNaïve")).toBe("cafe resume naive");
    expect(bertNormalize("Über\u00a0ALLES")).toBe("uber alles");
  });
  it("drops control and format characters, NUL and U+FFFD", () => {
    expect(bertNormalize("a\u0000b\u200bc\ufffdd\u0007e")).toBe("abcde");
  });
  it("spaces out CJK ideographs", () => {
    expect(bertNormalize("北京city")).toBe(" 北  京 city");
  });
  it("keeps case and accents when told to (cased models)", () => {
    expect(bertNormalize("Café", { lowercase: false })).toBe("Café");
    expect(bertNormalize("Café", { lowercase: true, stripAccents: false })).toBe("café");
  });
});

describe("bertPreTokenize", () => {
  it("splits on whitespace and isolates each punctuation character, ASCII symbols included", () => {
    expect(bertPreTokenize("it's $5,  ok?!")).toEqual(["it", "'", "s", "$", "5", ",", "ok", "?", "!"]);
    expect(bertPreTokenize("a+b=c «x»")).toEqual(["a", "+", "b", "=", "c", "«", "x", "»"]);
  });
});

describe("WordPieceTokenizer", () => {
  const vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "un", "##aff", "##afford", "##able", "afford", "the", ".", "a", "##b"];
  const t = new WordPieceTokenizer(vocab);

  it("cuts greedily into the longest piece from the start", () => {
    expect(t.tokenize("Unaffordable")).toEqual(["un", "##afford", "##able"]);
    expect(t.tokenize("the ab.")).toEqual(["the", "a", "##b", "."]);
  });
  it("maps a word with no cut, or a too-long word, to one [UNK]", () => {
    expect(t.tokenize("the unx")).toEqual(["the", "[UNK]"]);
    const short = new WordPieceTokenizer(vocab, { maxInputCharsPerWord: 3 });
    expect(short.tokenize("afford the")).toEqual(["[UNK]", "the"]);
  });
  it("wraps in [CLS] ... [SEP] and truncates to maxLength ids", () => {
    expect(Array.from(t.encode("the afford").ids)).toEqual([2, 9, 8, 3]);
    const cut = t.encode("the the the the the", 4);
    expect(Array.from(cut.ids)).toEqual([2, 9, 9, 3]);
    expect(cut.pieces).toEqual(["the", "the"]);
  });
});

describe("meanPoolNormalize", () => {
  it("averages only the unmasked tokens, then scales to unit length", () => {
    // batch 2, seq 3, dim 2: row 0 has 2 real tokens and a padded one (9, 9) that must not count
    const hidden = Float32Array.of(1, 0, 0, 1, 9, 9, 2, 0, 2, 0, 2, 0);
    const [a, b] = meanPoolNormalize(hidden, [1, 1, 0, 1, 1, 1], 2, 3, 2);
    expect(a![0]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(a![1]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(Array.from(b!)).toEqual([1, 0]);
  });
  it("gives the zero vector for an all-masked row instead of NaN", () => {
    expect(Array.from(meanPoolNormalize(Float32Array.of(3, 4), [0], 1, 1, 2)[0]!)).toEqual([0, 0]);
  });
});

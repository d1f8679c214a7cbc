import { describe, expect, it } from "vitest";
import { STOPWORDS, contentTokens, splitPassages, splitSentences, tokenize } from "../../src/text/tokenize";

describe("tokenize", () => {
  it("lowercases and keeps internal apostrophes and hyphens", () => {
    expect(tokenize("Don't over-think it: 3 APIs!")).toEqual(["don't", "over-think", "it", "3", "apis"]);
    expect(tokenize("O’Neill's co-founder -- ‘quoted’")).toEqual(["o'neill's", "co-founder", "quoted"]);
    expect(tokenize("")).toEqual([]);
    expect(tokenize("Café naïve résumé")).toEqual(["café", "naïve", "résumé"]);
  });
});

describe("STOPWORDS", () => {
  it("is the 179-word NLTK English list", () => {
    expect(STOPWORDS.size).toBe(179);
    for (const w of ["the", "and", "don't", "wouldn't", "ourselves"]) expect(STOPWORDS.has(w)).toBe(true);
    expect(STOPWORDS.has("cloud")).toBe(false);
  });
});

describe("contentTokens", () => {
  it("drops stopwords, short tokens, numbers and possessive 's", () => {
    expect(contentTokens("The company's CTO led 12 cloud migrations.")).toEqual(["company", "cto", "led", "cloud", "migrations"]);
    expect(contentTokens("a b AI x", { minLength: 2 })).toEqual(["ai"]);
    expect(contentTokens("AI ML ops", { minLength: 3 })).toEqual(["ops"]);
    expect(contentTokens("2024 Q3 results", { keepNumbers: true })).toEqual(["2024", "q3", "results"]);
  });
});

describe("splitSentences", () => {
  it("splits on terminal punctuation but not abbreviations or decimals", () => {
    expect(splitSentences("Dr. Smith led it. It worked! Did it?")).toEqual(["Dr. Smith led it.", "It worked!", "Did it?"]);
    expect(splitSentences("Revenue grew 3.5 percent. Costs fell.")).toEqual(["Revenue grew 3.5 percent.", "Costs fell."]);
    expect(splitSentences("First line\nSecond line.")).toEqual(["First line", "Second line."]);
    expect(splitSentences("e.g. Python. Then Go.")).toEqual(["e.g. Python.", "Then Go."]);
    expect(splitSentences("   ")).toEqual([]);
  });
});

describe("splitPassages", () => {
  it("splits on blank lines and bullets, merging short headings forward", () => {
    const resume = "Experience\n\n- Led a team of 12 engineers\n- Cut plant costs by 20%\n\nEducation: MSc Chemical Engineering, Nairobi";
    expect(splitPassages(resume)).toEqual(["Experience Led a team of 12 engineers", "Cut plant costs by 20%", "Education: MSc Chemical Engineering, Nairobi"]);
  });

  it("splits long blocks at sentence boundaries within maxWords", () => {
    const s = "One two three four five. Six seven eight nine ten. Eleven twelve thirteen fourteen fifteen.";
    expect(splitPassages(s, { maxWords: 10 })).toEqual(["One two three four five. Six seven eight nine ten.", "Eleven twelve thirteen fourteen fifteen."]);
    expect(splitPassages(s, { maxWords: 100 })).toEqual([s]);
  });
});

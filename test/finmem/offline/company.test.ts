/**
 * The offline FinMem agents' company-relevance reading (company.ts): an item
 * that says it is not about the company, or never names it, carries no tone;
 * the company is read from the input (ticker and profile), so a masked name
 * is recognised and masking input and text together changes no decision.
 */
import { describe, expect, it } from "vitest";
import { companyFromInput, firstMention, nameAliases, notAboutClause, relevanceOf } from "../../../src/finmem/offline/company";
import { explainTestDecision } from "../../../src/finmem/offline/offline-policy";
import type { ShownMemories, TestReflectionInput } from "../../../src/finmem/reflection-io";
import type { ToneBaseline } from "../../../src/finmem/offline/tone";

const NFLX = companyFromInput("NFLX", "You are an experienced trader of Netflix (NFLX) who makes daily investment decisions.");

describe("company names from the input", () => {
  it("reads the name the profile introduces and derives its aliases", () => {
    expect(NFLX).toEqual({ ticker: "NFLX", names: ["Netflix"] });
    expect(nameAliases("Johnson & Johnson")).toEqual(["Johnson & Johnson", "Johnson", "J&J"]);
    expect(nameAliases("Tesla, Inc.")).toEqual(["Tesla, Inc.", "Tesla"]);
    expect(nameAliases("Quintal Capital")).toEqual(["Quintal Capital", "Quintal"]);
    expect(nameAliases("General Electric")).toEqual(["General Electric"]);
    // A profile for another ticker names nobody for this one.
    expect(companyFromInput("MSFT", "You are an experienced trader of Netflix (NFLX) who ...").names).toEqual([]);
  });

  it("matches names in any case on word boundaries and the ticker only as written", () => {
    expect(firstMention("Streaming giant netflix's members grew.", NFLX)).toBe("netflix");
    expect(firstMention("Shares of nflx fell.", NFLX)).toBeNull();
    expect(firstMention("NFLXY is another symbol; Netflixer is not a name.", NFLX)).toBeNull();
    expect(firstMention("Analysts on $NFLX.", NFLX)).toBe("NFLX");
  });
});

describe("relevance", () => {
  it("an item that says it is not about the company is not about it, with the sentence that says so", () => {
    const text = "Chipotle beat estimates. This information is not directly related to Netflix (NASDAQ: NFLX). Markets rose.";
    expect(relevanceOf(text, NFLX)).toEqual({ about: false, why: "not-about", clause: "This information is not directly related to Netflix (NASDAQ: NFLX)." });
    expect(notAboutClause("The news does not directly relate to the company or its performance.", NFLX)).not.toBeNull();
    expect(notAboutClause("There is no direct information or insights related to Netflix in the text.", NFLX)).not.toBeNull();
    // Saying what it is about: another company's name after "pertains to" / "is about" makes it not about Netflix.
    const cisco =
      "Investors might consider whether similar sentiments could affect other tech stocks, including Netflix. Overall, while the direct information pertains to Cisco, investors should consider Netflix's fundamentals.";
    expect(relevanceOf(cisco, NFLX)).toEqual({
      about: false,
      why: "not-about",
      clause: "Overall, while the direct information pertains to Cisco, investors should consider Netflix's fundamentals.",
    });
    expect(notAboutClause("This news is about Roku's new channel lineup; Netflix is mentioned once.", NFLX)).not.toBeNull();
    expect(notAboutClause("The article concerns Disney and its parks.", NFLX)).not.toBeNull();
    // ... but not when the subject it names is the company (name, alias or ticker).
    expect(relevanceOf("The information pertains to Netflix's ad tier.", NFLX)).toEqual({ about: true, mention: "Netflix" });
    expect(relevanceOf("This news relates to NFLX and its subscriber growth.", NFLX)).toEqual({ about: true, mention: "NFLX" });
    expect(relevanceOf("The news is about the company's pricing; Netflix raised prices.", NFLX)).toEqual({ about: true, mention: "Netflix" });
    // Negation about something else is no such statement.
    expect(relevanceOf("Netflix said the outage was not related to its new pricing.", NFLX)).toEqual({ about: true, mention: "Netflix" });
  });

  it("an item that never names the company, its ticker or an alias is not about it; the company's own report is", () => {
    expect(relevanceOf("Apple beat estimates on strong iPhone demand.", NFLX)).toEqual({ about: false, why: "unnamed" });
    expect(relevanceOf("The company grew revenue 24 %.", NFLX, true)).toEqual({ about: true, mention: "(the company's own report)" });
    expect(relevanceOf("The Form 10-Q is not directly related to the company.", NFLX, true).about).toBe(false);
  });

  it("recognises a masked name and ticker taken from the input, and masking input and text together changes no decision", () => {
    const masked = companyFromInput("TKR7", "You are an experienced trader of Company-7 (TKR7) who makes daily investment decisions.");
    expect(relevanceOf("Company-7 added 8 million members.", masked)).toEqual({ about: true, mention: "Company-7" });
    expect(relevanceOf("Netflix added 8 million members.", masked)).toEqual({ about: false, why: "unnamed" });
    const texts = [
      "Netflix added 8 million members, far above forecasts, and shares jumped.",
      "This update is not directly related to Netflix (NFLX); Chipotle raised prices.",
      "Apple shares slumped on weak demand.",
      "NFLX fell after a downgrade and weak guidance.",
    ];
    const base: ToneBaseline = { news: { mean: 0, sd: 0.1, n: 30 }, reflection: null, filing: {} };
    const input = (ticker: string, name: string, mask: (t: string) => string): TestReflectionInput => {
      const shallow = texts.map((t, i) => ({ id: i + 1, date: "2021-01-20", kind: "news", text: mask(t), score: 1 }));
      const memories: ShownMemories = { shallow, intermediate: [], deep: [], reflection: [] };
      return {
        ticker,
        date: "2021-01-21",
        profile: `You are an experienced trader of ${name} (${ticker}) who makes daily investment decisions.`,
        memories,
        toneBase: base,
        wording: "authors",
        risk: { mode: "adaptive", state: "seeking", instruction: "" },
        momentum: { window: 3, sign: 1, cumulativeLogChange: 0.02 },
      };
    };
    const plain = explainTestDecision(input("NFLX", "Netflix", (t) => t));
    const hidden = explainTestDecision(input("TKR7", "Company-7", (t) => t.replace(/Netflix/g, "Company-7").replace(/NFLX/g, "TKR7")));
    expect(plain.noTone.map((c) => [c.id, c.why])).toEqual([
      [2, "not-about"],
      [3, "unnamed"],
    ]);
    expect(hidden.noTone.map((c) => [c.id, c.why])).toEqual(plain.noTone.map((c) => [c.id, c.why]));
    expect(hidden.rule).toEqual(plain.rule);
    expect(hidden.drivers.map((d) => [d.id, d.milli])).toEqual(plain.drivers.map((d) => [d.id, d.milli]));
  });
});

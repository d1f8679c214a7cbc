/**
 * The anonymised control (`anonymize=true`): no prompt of a FinMem or a
 * Blackboard run names a ticker, company or alias of its universe, or a
 * calendar date, and the offline agents decide exactly as without it. The
 * lists searched for are written here by hand, apart from the masker's own
 * alias rules, so a name the masker misses is found.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { relativeSessionLabel } from "../../src/data/relative-sessions";
import { createModel } from "../../src/llm/factory";
import { RecordingModel } from "../../src/llm/recording";
import { runExperiment } from "../../src/run/runner";
import { companyAliases, Masker, pseudonymFor } from "../../src/text/masker";

const SHARED = path.resolve(process.cwd(), "../shared/datasets");

/** What must not appear: tickers as written, names case-insensitively (hand-made lists, not the masker's). */
const LEAKS: Record<string, { ticker: RegExp; names: RegExp[] }> = {
  MSFT: { ticker: /(?<![A-Za-z0-9])MSFT(?![A-Za-z0-9])/, names: [/microsoft/i] },
  ALTA: { ticker: /(?<![A-Za-z0-9])ALTA(?![A-Za-z0-9])/, names: [/alta microsystems/i, /\balta\b/i] },
  BRIX: { ticker: /(?<![A-Za-z0-9])BRIX(?![A-Za-z0-9])/, names: [/brixton/i] },
};

/** Calendar dates in any common spelling, and years standing alone. */
const DATES: RegExp[] = [
  /\b(?:19|20)\d{2}-\d{2}-\d{2}\b/,
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b/,
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?,?\s+(?:19|20)\d{2}\b/,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/,
  /(?<![\d.,$])(?:199\d|20[0-4]\d)(?![\d%]|[.,]\d)/, // not inside a number such as 99.2033
];

function leaksIn(text: string, tickers: readonly string[]): string[] {
  const found: string[] = [];
  for (const t of tickers) {
    const l = LEAKS[t]!;
    for (const re of [l.ticker, ...l.names]) {
      const m = re.exec(text);
      if (m) found.push(`${t}: "${text.slice(Math.max(0, m.index - 40), m.index + 40)}"`);
    }
  }
  for (const re of DATES) {
    const m = re.exec(text);
    if (m) found.push(`date: "${text.slice(Math.max(0, m.index - 40), m.index + 40)}"`);
  }
  return found;
}

async function recorded(experiment: "finmem" | "blackboard", set: string[], dataDir?: string) {
  const rec = new RecordingModel(createModel({ llm: "offline", seed: 7 }));
  const run = await runExperiment(experiment, { seed: 7, modelInstance: rec, set, ...(dataDir ? { dataDir } : {}) });
  return { rec, run };
}

describe("the masker", () => {
  const masker = new Masker({ entities: [{ ticker: "MSFT", names: companyAliases("Microsoft") }], relativeDate: relativeSessionLabel });
  const p = pseudonymFor("MSFT");

  it("gives stable pseudonyms that are no ticker of the list", () => {
    expect(pseudonymFor("MSFT")).toBe(p);
    expect(p).toMatch(/^ZZ[A-Z]{3}$/);
    expect(masker.pseudonym("MSFT")).toBe(p);
  });

  it("masks tickers, names, aliases and dates in every spelling, relative to the session", () => {
    const text =
      "Microsoft Corp. (NASDAQ: MSFT) said on January 26, 2021 that MICROSOFT's Q2 (quarter ended 12/31/2020) beat; $MSFT rose. " +
      "Filed 2021-01-26 21:05:00; see Jan. 21 2021, 22 January 2021, January 2021 and fiscal year 2021; FY2020 too.";
    const out = masker.mask(text, "2021-01-27");
    expect(out).toBe(
      `Company ${p} (NASDAQ: ${p}) said on session t-1 that Company ${p}'s Q2 (quarter ended session t-17) beat; $${p} rose. ` +
        "Filed session t-1 21:05:00; see session t-4, session t-3, month m and fiscal year y; fiscal year y-1 too.",
    );
    expect(masker.mask("On March 3 it fell.", "2021-03-05")).toBe("On session t-2 it fell.");
    expect(masker.mask("dated 2021-01-26", null)).toBe("dated [date]");
    // Words that only contain the name or ticker stay.
    expect(masker.mask("MSFTX and Microsofts", "2021-01-27")).toBe("MSFTX and Microsofts");
    expect(masker.maskNames(["Microsoft", "MSFT"])).toEqual([`Company ${p}`, p]);
  });

  it("counts sessions across weekends and holidays", () => {
    expect(relativeSessionLabel("2021-01-21", "2021-01-26")).toBe("session t-3");
    expect(relativeSessionLabel("2021-01-15", "2021-01-19")).toBe("session t-1"); // Martin Luther King Day in between
    expect(relativeSessionLabel("2021-01-28", "2021-01-26")).toBe("session t+2");
  });
});

describe("anonymize=true: no prompt names the firm or a date, and the offline agents decide the same", () => {
  it("Blackboard (bundled data, ALTA and BRIX)", async () => {
    const set = ["tickers=ALTA,BRIX", "start=2025-06-02", "end=2025-06-20", "rebalanceEvery=5"];
    const plain = await recorded("blackboard", set);
    const masked = await recorded("blackboard", [...set, "anonymize=true"]);
    expect(masked.rec.prompts.length).toBe(plain.rec.prompts.length);
    expect(new Set(masked.rec.prompts.map((x) => x.task)).size).toBe(11);
    const leaks = masked.rec.prompts.flatMap((x) => x.messages!.flatMap((m) => leaksIn(m.content, ["ALTA", "BRIX"])));
    expect(leaks.slice(0, 5)).toEqual([]);
    // The unmasked run does name them (so the search would see a leak).
    expect(plain.rec.prompts.some((x) => x.messages!.some((m) => leaksIn(m.content, ["ALTA"]).length > 0))).toBe(true);
    const weights = (r: typeof plain) => r.run.result.tables.find((t) => t.name === "bb_weights")?.rows;
    expect(weights(masked)).toEqual(weights(plain));
    const decisions = (r: typeof plain) => r.run.result.tables.find((t) => t.name === "bb_decisions")?.rows;
    expect(decisions(masked)).toEqual(decisions(plain));
  });

  it.skipIf(!existsSync(path.join(SHARED, "news", "investorbench_MSFT.jsonl")))("FinMem (MSFT on ../shared/datasets, one month each)", async () => {
    const set = ["ticker=MSFT", "trainMonths=1", "testMonths=1"];
    const plain = await recorded("finmem", set, SHARED);
    const masked = await recorded("finmem", [...set, "anonymize=true"], SHARED);
    expect(masked.rec.prompts.length).toBe(plain.rec.prompts.length);
    expect(new Set(masked.rec.prompts.map((x) => x.task))).toEqual(
      new Set(["finmem.summarize", "finmem.reflect.train", "finmem.reflect.test", "finmem.reflect.extended"]),
    );
    const leaks = masked.rec.prompts.flatMap((x) => x.messages!.flatMap((m) => leaksIn(m.content, ["MSFT"])));
    expect(leaks.slice(0, 5)).toEqual([]);
    expect(plain.rec.prompts.some((x) => x.messages!.some((m) => leaksIn(m.content, ["MSFT"]).length > 0))).toBe(true);
    const decisions = (r: typeof plain) => r.run.result.tables.find((t) => t.name === "finmem_decisions")!.rows;
    expect(decisions(masked).length).toBeGreaterThan(20);
    expect(decisions(masked)).toEqual(decisions(plain));
    // Price levels are rebased: the training window starts at 100.
    const firstTrain = masked.rec.prompts.find((x) => x.task === "finmem.reflect.train")!;
    expect(firstTrain.messages![0]!.content).toMatch(/the stock moved from 100\.00 to \d+\.\d\d \(rebased to 100 on session t(?:-\d+)?;/);
  });
});

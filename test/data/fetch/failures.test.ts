import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCommand } from "../../../src/cli/data";
import { checkDataFolder } from "../../../src/data/check";
import { fetchAll, formatSummary } from "../../../src/data/fetch/fetch-all";
import { ACME_10QS_2024, FakeSources, type FakeCompany } from "../../helpers/fake-sources";
import { makeFolder } from "../helpers";

const ACME: FakeCompany = {
  ticker: "ACME",
  cik: 12345,
  name: "Acme Widgets Inc.",
  newsTerm: "Acme Widgets",
  price0: 50,
  splits: [{ date: "2024-06-10", numerator: 2, denominator: 1 }],
  filings: [...ACME_10QS_2024],
};
const GOOGL: FakeCompany = { ticker: "GOOGL", cik: 1652044, name: "Alphabet Inc.", newsTerm: "Alphabet", price0: 140, filings: [] };
// NOPE is in the universe with a CIK, but none of the sources knows it: Yahoo and EDGAR answer 404.
const UNIVERSE =
  "Symbol,Security,GICS Sector,CIK\nACME,Acme Widgets Inc.,Industrials,12345\nGOOGL,Alphabet Inc.,Communication Services,1652044\nNOPE,Nope Holdings,Industrials,77777\n";

describe("a fetch that failed is reported from the ledgers, never as a ticker without data", () => {
  let fake: FakeSources;
  let universe = "";
  beforeAll(async () => {
    fake = await new FakeSources({ companies: [ACME, GOOGL], newsPerDay: () => 2 }).start();
    universe = join(makeFolder({ "universe.csv": UNIVERSE }), "universe.csv");
  });
  afterAll(() => fake.stop());

  const pull = async (out: string) => {
    const saved = { ...process.env };
    Object.assign(process.env, fake.env());
    try {
      return await fetchAll({
        universeFile: universe,
        from: "2024-03-01",
        to: "2024-04-30",
        outDir: out,
        benchmark: null,
        userAgent: "Consilium Tests tests@example.org",
        delays: { prices: 0, news: 0, filings: 0 },
        sleep: async () => {},
      });
    } finally {
      process.env = saved;
    }
  };

  it("lists every failure the ledgers hold in data check and the summary, and clears the ones a rerun fixes", async () => {
    const out = makeFolder({});
    // GOOGL's March answer cannot be read at all (torn before its articles array).
    fake.gdeltAnswer = (c, startMs) => (c.ticker === "GOOGL" && new Date(startMs).toISOString() < "2024-03-02" ? '{"error": "internal' : null);
    let r;
    try {
      r = await pull(out);
    } finally {
      fake.gdeltAnswer = null;
    }
    expect(r.news.map((n) => [n.ticker, n.status])).toEqual([
      ["ACME", "fetched"],
      ["GOOGL", "failed"],
      ["NOPE", "fetched"],
    ]);
    const summary = formatSummary(r);
    expect(summary).toContain("prices fetch FAILED for: NOPE (data check lists each failure; rerun the same command to retry)");
    expect(summary).toContain("news fetch FAILED for: GOOGL (data check lists each failure; rerun the same command to retry)");
    expect(summary).toContain("filings fetch FAILED for: NOPE");
    expect(summary).toContain("no news for: NOPE"); // GDELT answered, with nothing: that one is true
    expect(summary).not.toMatch(/no news for: .*GOOGL/);
    expect(r.check.ok).toBe(false);
    const errors = (path: string): string[] => checkDataFolder(out).files.find((f) => f.path === path)?.errors ?? [];
    expect(errors("prices/_yahoo_ledger.json")).toEqual([
      'NOPE: prices fetch failed for 1 of 1 unit(s), first 2024-03-01..2024-04-30: "NOPE: HTTP 404 Not Found: No data found, symbol may be delisted"; rerun the fetch to retry',
    ]);
    expect(errors("news/_gdelt_ledger.json")).toEqual([
      expect.stringMatching(/^GOOGL: news fetch failed for 1 of 2 unit\(s\), first 2024-02-29T21:00Z\.\.2024-04-01T00:00Z: "GDELT GOOGL .*not valid JSON/),
    ]);
    expect(errors("filings/_edgar_ledger.json")).toEqual([
      'NOPE: filings fetch failed for 1 of 1 unit(s), first 2024-03-01..2024-04-30: "EDGAR NOPE submissions: HTTP 404"; rerun the fetch to retry',
    ]);
    let stdout = "";
    expect(await dataCommand(["check", out], { stdout: (t) => (stdout += t), stderr: () => {} })).toBe(1);
    expect(stdout).toMatch(/^ {2}ERROR {4}news\/_gdelt_ledger\.json: GOOGL: news fetch failed/m);
    expect(stdout).toMatch(/-> FAILED\n$/);

    // The same command again: GOOGL's window is retried and succeeds; NOPE still fails and is still reported.
    const again = await pull(out);
    expect(again.news.find((n) => n.ticker === "GOOGL")).toMatchObject({ status: "fetched", failedWindows: [] });
    expect(errors("news/_gdelt_ledger.json")).toEqual([]);
    expect(errors("prices/_yahoo_ledger.json")).toHaveLength(1);
    expect(errors("filings/_edgar_ledger.json")).toHaveLength(1);
    expect(formatSummary(again)).not.toContain("news fetch FAILED");
  });
});

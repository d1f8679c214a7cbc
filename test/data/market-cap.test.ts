import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDataFolder } from "../../src/data/check";
import { fetchEdgarFilings } from "../../src/data/fetch/edgar-fetch";
import { fetchYahooPrices } from "../../src/data/fetch/yahoo";
import { loadFundamentals, sharesKnownAt } from "../../src/data/fundamentals";
import { MarketCaps } from "../../src/data/market-cap";
import { loadSplits, parseSplits, splitFactor } from "../../src/data/splits";
import { FakeSources, type FakeCompany, ACME_10QS_2024 } from "../helpers/fake-sources";
import { makeFolder, priceCsv } from "./helpers";

const ACME: FakeCompany = {
  ticker: "ACME",
  cik: 12345,
  name: "Acme Widgets Inc.",
  newsTerm: "Acme Widgets",
  price0: 50,
  splits: [{ date: "2024-06-10", numerator: 2, denominator: 1 }],
  filings: [...ACME_10QS_2024],
};
const BOLT: FakeCompany = {
  ticker: "BOLT",
  cik: 23456,
  name: "Bolt Motors Corp",
  newsTerm: "Bolt Motors",
  price0: 20,
  filings: [
    { form: "10-Q", period: "2024-03-31", acceptedEastern: "2024-04-25 07:00:00", shares: 500_000_000, sharesAsOf: "2024-04-19", revenue: 1e9, netIncome: 1e8 },
  ],
};

describe("market caps on one split basis, with shares as known on each date", () => {
  let fake: FakeSources;
  let dir = "";
  beforeAll(async () => {
    fake = await new FakeSources({ companies: [ACME, BOLT] }).start();
    dir = makeFolder({});
    const common = { from: "2024-01-02", to: "2024-12-31", outDir: dir, delayMs: 0, sleep: async () => {} };
    await fetchYahooPrices({ ...common, tickers: ["ACME", "BOLT"], baseUrl: fake.url, today: "2026-01-01" });
    await fetchEdgarFilings({ ...common, tickers: ["ACME", "BOLT"], userAgent: "Tests tests@example.org", hosts: { data: fake.url, www: fake.url } });
  });
  afterAll(() => fake.stop());

  it("records the splits the Close is adjusted for", () => {
    expect(readFileSync(join(dir, "prices/_splits.csv"), "utf8")).toBe("ticker,date,numerator,denominator\nACME,2024-06-10,2,1\n");
    expect(checkDataFolder(dir).ok).toBe(true);
  });

  it("does not use a filing accepted after the close on that session (a share change after the rebalance date)", () => {
    const caps = MarketCaps.open(dir);
    const acme = loadFundamentals(dir).get("ACME")!;
    expect(sharesKnownAt(acme, "2024-05-02")).toBeNull();
    expect(sharesKnownAt(acme, "2024-05-03")).toMatchObject({ shares: 1e9, asOf: "2024-04-26", knownAt: "2024-05-03", accepted: "2024-05-02T20:30:15Z" });
    expect(sharesKnownAt(acme, "2024-07-31")?.shares).toBe(1e9);
    expect(sharesKnownAt(acme, "2024-08-01")?.shares).toBe(2.01e9); // accepted 08:00, before the close: known that session
    expect(caps.quote("ACME", "2024-05-02")).toMatchObject({ marketCap: null, reason: "no filing with a share count known by the close of 2024-05-02" });
    expect(caps.weights(["ACME", "BOLT"], "2024-05-02")).toMatchObject({ weights: null, missing: [{ ticker: "ACME" }] });
  });

  it("puts reported shares and the split-adjusted Close on the session's own basis", () => {
    const caps = MarketCaps.open(dir);
    const before = caps.quote("ACME", "2024-06-07");
    const after = caps.quote("ACME", "2024-06-10");
    // Before the 2:1 split: the stored Close is halved for it; the unadjusted close is twice that.
    expect(before.unadjustedClose).toBeCloseTo(before.close! * 2, 9);
    expect(before).toMatchObject({ shares: 1e9, splitsSinceCount: 1 });
    // After it, the 1e9 counted on 2024-04-26 have become 2e9.
    expect(after).toMatchObject({ shares: 2e9, splitsSinceCount: 2, unadjustedClose: after.close });
    // The cap moves with the price, not with the split (no halving on the ex-date).
    const move = after.close! / before.close!;
    expect(after.marketCap! / before.marketCap!).toBeCloseTo(move, 9);
    expect(Math.abs(move - 1)).toBeLessThan(0.05);
    const w = caps.weights(["ACME", "BOLT"], "2024-09-03");
    const q = w.quotes;
    expect(w.missing).toEqual([]);
    expect(w.weights![0]).toBeCloseTo(q[0]!.marketCap! / (q[0]!.marketCap! + q[1]!.marketCap!), 12);
    expect(w.weights!.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(q[0]!.known?.accession).toMatch(/-24-000101$/);
  });

  it("records a split after the requested range too (the Close is adjusted for it as of the download day)", async () => {
    const early = makeFolder({ "fundamentals/ACME.jsonl": readFileSync(join(dir, "fundamentals/ACME.jsonl"), "utf8") });
    await fetchYahooPrices({
      tickers: ["ACME"],
      from: "2024-01-02",
      to: "2024-05-31",
      outDir: early,
      baseUrl: fake.url,
      today: "2026-01-01",
      delayMs: 0,
      sleep: async () => {},
    });
    expect(readFileSync(join(early, "prices/_splits.csv"), "utf8")).toContain("ACME,2024-06-10,2,1");
    const q = MarketCaps.open(early).quote("ACME", "2024-05-10");
    const full = MarketCaps.open(dir).quote("ACME", "2024-05-10");
    expect(q.unadjustedClose).toBeCloseTo(q.close! * 2, 9);
    expect(q.marketCap).toBeCloseTo(full.marketCap!, 0);
  });

  it("refuses to guess without a split record, and names what is missing", () => {
    const copy = makeFolder({
      "prices/ACME.csv": readFileSync(join(dir, "prices/ACME.csv"), "utf8"),
      "fundamentals/ACME.jsonl": readFileSync(join(dir, "fundamentals/ACME.jsonl"), "utf8"),
    });
    expect(MarketCaps.open(copy).quote("ACME", "2024-09-03").reason).toMatch(/^no prices\/_splits\.csv: the Close's split basis is unknown/);
    expect(MarketCaps.open(copy).quote("NONE", "2024-09-03").reason).toBe("no fundamentals/NONE.jsonl records");
    expect(MarketCaps.open(copy).hasShares()).toBe(true);
  });

  it("split factors count ex-dates in (after, through]", () => {
    const splits = parseSplits("ticker,date,numerator,denominator\nX,2021-07-20,4,1\nX,2024-06-10,10,1\n", "s.csv");
    expect([
      splitFactor(splits, "2021-07-19"),
      splitFactor(splits, "2021-07-20"),
      splitFactor(splits, "2021-01-01", "2024-06-07"),
      splitFactor(splits, "2024-06-09", "2024-06-10"),
    ]).toEqual([40, 10, 4, 10]);
    expect(() => parseSplits("ticker,date,numerator\nX,2024-06-10,10\n", "s.csv")).toThrow('s.csv:1: field "denominator": missing column');
    expect(() => parseSplits("ticker,date,numerator,denominator\nX,2024-06-10,0,1\n", "s.csv")).toThrow(
      's.csv:2: field "numerator": expected a positive number, got "0"',
    );
  });
});

describe("data check of fetched metadata", () => {
  const fundamentals = (over: Record<string, unknown> = {}): string =>
    JSON.stringify({
      date: "2024-05-03",
      datetime: "2024-05-02T20:30:15Z",
      ticker: "X",
      cik: "0000000001",
      accession: "0000000001-24-000001",
      form: "10-Q",
      period: "2024-03-30",
      filing_date: "2024-05-02",
      source: "test",
      metrics: { revenue: { value: 1, unit: "USD", concept: "us-gaap:Revenues", start: "2024-01-01", end: "2024-03-30" } },
      shares_outstanding: { value: 100, as_of: "2024-04-26", source: "cover" },
      ...over,
    });

  it("names file, line and field of a bad fundamentals record, and warns on a date the stamp does not allow", () => {
    const dir = makeFolder({
      "prices/X.csv": priceCsv([
        ["2024-05-02", 10],
        ["2024-05-03", 10],
      ]),
      "fundamentals/X.jsonl": [
        fundamentals(),
        fundamentals({ accession: "0000000001-24-000002", shares_outstanding: { value: -5, as_of: "2024-04-26", source: "c" } }),
        fundamentals({ accession: "0000000001-24-000003", date: "2024-05-02" }),
      ].join("\n"),
    });
    const report = checkDataFolder(dir);
    const f = report.files.find((x) => x.path === "fundamentals/X.jsonl")!;
    expect(f.errors).toEqual(['line 2: field "shares_outstanding.value": value must be a positive number']);
    expect(f.warnings).toEqual(["line 3: date 2024-05-02 but accepted 2024-05-02T20:30:15Z, which counts for 2024-05-03"]);
    expect(() => loadFundamentals(dir)).toThrow(/fundamentals\/X\.jsonl:2: field "shares_outstanding\.value": value must be a positive number/);
  });

  it("fails a split record the Close is not adjusted for, and flags share counts that jump without a split", () => {
    const dir = makeFolder({
      "prices/X.csv": priceCsv([
        ["2024-06-06", 100],
        ["2024-06-07", 100],
        ["2024-06-10", 25.5],
        ["2024-06-11", 25],
      ]),
      "prices/_splits.csv": "ticker,date,numerator,denominator\nX,2024-06-10,4,1\nY,2024-01-02,2,1\n",
      "fundamentals/X.jsonl": [
        fundamentals(),
        fundamentals({
          accession: "0000000001-24-000009",
          datetime: "2024-08-01T12:00:00Z",
          date: "2024-08-01",
          shares_outstanding: { value: 410, as_of: "2024-07-26", source: "c" },
        }),
      ].join("\n"),
    });
    const report = checkDataFolder(dir);
    const s = report.files.find((x) => x.path === "prices/_splits.csv")!;
    expect(s.errors).toEqual([
      "X 2024-06-10: Close moves x0.255 on the ex-date of the listed 4:1 split: the Close is not split-adjusted, so shares x Close would be off by x4; refetch the prices or remove the split row",
    ]);
    expect(s.warnings).toEqual(["Y: split(s) listed but no prices/Y.csv"]);
    // 100 -> 410 shares with a 4:1 split in between is x1.025: no warning; without the split it would be x4.1.
    expect(report.files.find((x) => x.path === "fundamentals/X.jsonl")!.warnings).toEqual([]);
    writeFileSync(join(dir, "prices/_splits.csv"), "ticker,date,numerator,denominator\n");
    expect(checkDataFolder(dir).files.find((x) => x.path === "fundamentals/X.jsonl")!.warnings[0]).toMatch(
      /^line 2: shares outstanding x4\.10 since 0000000001-24-000001 with no split recorded/,
    );
    expect(loadSplits(dir)?.size).toBe(0);
    rmSync(join(dir, "prices/_splits.csv"));
    expect(loadSplits(dir)).toBeNull();
  });

  it("flags share-count moves of 1.5x or more that no split explains: GOOGL's A + B followed by Alphabet's all-class total", () => {
    // Accepted after the close: each counts for the next session (its date).
    const googl = (accession: string, datetime: string, date: string, shares: Record<string, unknown>): string =>
      fundamentals({ ticker: "GOOGL", cik: "0001652044", accession, datetime, date, filing_date: datetime.slice(0, 10), shares_outstanding: shares });
    const dir = makeFolder({
      "prices/_splits.csv": "ticker,date,numerator,denominator\n",
      "fundamentals/GOOGL.jsonl": [
        googl("0001652044-24-000022", "2024-01-30T21:12:00Z", "2024-01-31", {
          value: 6_737_000_000,
          as_of: "2024-01-23",
          source: "cover (inline XBRL), share classes weighted",
          classes: [
            { member: "us-gaap:CommonClassAMember", letter: "A", value: 5_868_000_000, weight: 1 },
            { member: "us-gaap:CommonClassBMember", letter: "B", value: 869_000_000, weight: 1 },
          ],
        }),
        googl("0001652044-24-000053", "2024-04-25T20:05:00Z", "2024-04-26", {
          value: 12_381_000_000,
          as_of: "2024-03-31",
          source: "companyfacts us-gaap:CommonStockSharesOutstanding (balance sheet)",
        }),
      ].join("\n"),
    });
    const warnings = (): string[] => checkDataFolder(dir).files.find((x) => x.path === "fundamentals/GOOGL.jsonl")!.warnings;
    expect(warnings()).toEqual([
      "line 2: shares outstanding x1.84 since 0001652044-24-000022 with no split recorded between: a share-class or unit mix-up, or a split missing from prices/_splits.csv",
    ]);
    const pair = (a: number, b: number): string =>
      [
        fundamentals({ shares_outstanding: { value: a, as_of: "2024-04-26", source: "c" } }),
        fundamentals({
          accession: "0000000001-24-000002",
          datetime: "2024-08-01T12:00:00Z",
          date: "2024-08-01",
          shares_outstanding: { value: b, as_of: "2024-07-26", source: "c" },
        }),
      ].join("\n");
    const flagged = (a: number, b: number): boolean => {
      writeFileSync(join(dir, "fundamentals/GOOGL.jsonl"), pair(a, b));
      return checkDataFolder(dir).files.find((x) => x.path === "fundamentals/GOOGL.jsonl")!.warnings.length > 0;
    };
    expect([flagged(100, 150), flagged(100, 149), flagged(150, 100), flagged(149, 100), flagged(100, 110)]).toEqual([true, false, true, false, false]);
  });
});

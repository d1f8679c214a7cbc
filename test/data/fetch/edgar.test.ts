import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCommand } from "../../../src/cli/data";
import { parseShareClasses, readCikTable } from "../../../src/data/fetch/cik-map";
import { checkDataFolder } from "../../../src/data/check";
import { inspectEdgar, secUserAgent, SEC_USER_AGENT_ENV } from "../../../src/data/fetch/edgar";
import { firstReportedMetrics, indexCompanyFacts, METRICS, sharesFromFacts } from "../../../src/data/fetch/edgar-facts";
import { fetchEdgarFilings } from "../../../src/data/fetch/edgar-fetch";
import { sharesFor } from "../../../src/data/fetch/edgar-filing";
import { crossCheckAcceptance, parseFilingHeader, parseSubmissions } from "../../../src/data/fetch/edgar-submissions";
import { DataFolder } from "../../../src/data/folder";
import { MarketCaps } from "../../../src/data/market-cap";
import { loadFundamentals, METRIC_NAMES } from "../../../src/data/fundamentals";
import { htmlToText } from "../../../src/data/fetch/html-text";
import { coverShares, ixNumber } from "../../../src/data/fetch/ixbrl";
import { extractMdna } from "../../../src/data/fetch/mdna";
import { knownAtSession } from "../../../src/data/sessions";
import { accession, BLOCK_PAGE, FakeSources, NO_SUCH_KEY, type FakeCompany, ACME_10QS_2024 } from "../../helpers/fake-sources";
import { makeFolder } from "../helpers";

const FIX = join(process.cwd(), "test/data/fetch/fixtures/edgar");
const fixture = (name: string): string => readFileSync(join(FIX, name), "utf8");
const UA = "Consilium Tests tests@example.org";

describe("EDGAR formats", () => {
  it("reads the header's acceptance time as Eastern (DST included) and cross-checks the index's 'Z'", () => {
    const h = parseFilingHeader(fixture("aapl-10k-2024.hdr.sgml"))!;
    expect(h).toEqual({
      acceptanceEastern: "20241101060136",
      acceptanceUtcMs: Date.UTC(2024, 10, 1, 10, 1, 36),
      period: "2024-09-28",
      form: "10-K",
      filingDate: "2024-11-01",
    });
    expect(parseFilingHeader("<ACCEPTANCE-DATETIME>20240115161500\nCONFORMED PERIOD OF REPORT:\t20231231\n")).toMatchObject({
      acceptanceUtcMs: Date.UTC(2024, 0, 15, 21, 15),
      period: "2023-12-31",
    });
    expect(crossCheckAcceptance(h.acceptanceUtcMs, "2024-11-01T06:01:36.000Z")).toBe("eastern-labelled-utc");
    expect(crossCheckAcceptance(h.acceptanceUtcMs, "2024-11-01T10:01:36.000Z")).toBe("agrees");
    expect(crossCheckAcceptance(h.acceptanceUtcMs, "2024-11-01T10:31:36.000Z")).toBe("differs by 30 min");
    expect(parseFilingHeader("no header here")).toBeNull();
  });

  it("lists the 10-K / 10-Q of a range from the submissions index, skipping and naming malformed rows", () => {
    const idx = parseSubmissions(JSON.parse(fixture("aapl-submissions.json")), ["10-K", "10-Q"], "2024-05-01", "2024-12-31");
    expect(idx.filings.map((f) => [f.accession, f.form, f.reportDate, f.primaryDocument, f.inlineXbrl])).toEqual([
      ["0000320193-24-000123", "10-K", "2024-09-28", "aapl-20240928.htm", true],
      ["0000320193-24-000081", "10-Q", "2024-06-29", "aapl-20240629.htm", true],
      ["0000320193-24-000069", "10-Q", "2024-03-30", "aapl-20240330.htm", true],
    ]);
    expect(idx.malformed).toEqual(['filings.recent[3]: field "accessionNumber": "bad-accession" is not ##########-##-######']);
    expect(idx.pages).toEqual([]);
    expect(parseSubmissions(JSON.parse(fixture("aapl-submissions.json")), ["10-K"], "2010-01-01", "2024-12-31").pages).toEqual([
      "CIK0000320193-submissions-001.json",
    ]);
  });

  it("fetches every metric the fundamentals reader checks, in its order", () => {
    expect(METRICS.map((m) => m.name)).toEqual([...METRIC_NAMES]);
  });

  it("takes each value as first reported by the filing for its own period, never a later restatement", () => {
    const facts = indexCompanyFacts(JSON.parse(fixture("aapl-companyfacts.json")), "companyfacts CIK0000320193.json");
    expect(facts.malformed).toEqual([
      'companyfacts CIK0000320193.json facts.us-gaap.RevenueFromContractWithCustomerExcludingAssessedTax.units.USD[5]: field "val" is not a finite number ("n/a")',
    ]);
    const k = firstReportedMetrics(facts.byAccession.get("0000320193-24-000123")!, "10-K", "2024-09-28");
    expect(k.revenue).toEqual({
      value: 391035000000,
      unit: "USD",
      concept: "us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax",
      start: "2023-10-01",
      end: "2024-09-28",
    });
    expect([k.net_income?.value, k.total_assets?.value, k.total_liabilities?.value, k.eps_diluted?.value]).toEqual([
      93736000000, 364980000000, 308030000000, 6.08,
    ]);
    const q = firstReportedMetrics(facts.byAccession.get("0000320193-24-000081")!, "10-Q", "2024-06-29");
    // The quarter, not the nine months to date, and not the 2025 filing's restated 85.8bn.
    expect(q.revenue).toMatchObject({ value: 85777000000, start: "2024-03-31" });
    // 10-Q cash flows exist only year to date: kept, with their start.
    expect(q.operating_cash_flow).toMatchObject({ value: 91443000000, start: "2023-10-01", end: "2024-06-29" });
    // No Liabilities tag in this filing: derived, and labelled so.
    expect(q.total_liabilities).toEqual({
      value: 331612000000 - 66708000000,
      unit: "USD",
      concept: "derived: us-gaap:LiabilitiesAndStockholdersEquity - us-gaap:StockholdersEquity",
      start: null,
      end: "2024-06-29",
    });
    expect(q.cash).toBeNull();
    expect(sharesFromFacts(facts.byAccession.get("0000320193-24-000123")!, "2024-09-28")).toEqual({
      value: 15115823000,
      asOf: "2024-10-18",
      concept: "dei:EntityCommonStockSharesOutstanding",
    });
  });

  it("reads cover shares per class from inline XBRL and weights them by the ticker's share classes", () => {
    const html = fixture("multiclass-10q.htm");
    expect(coverShares(html)).toEqual([
      { member: "us-gaap:CommonClassAMember", letter: "A", value: 5868e6, asOf: "2024-04-19" },
      { member: "us-gaap:CommonClassBMember", letter: "B", value: 869e6, asOf: "2024-04-19" },
      { member: "goog:CapitalClassCMember", letter: "C", value: 5671e6, asOf: "2024-04-19" },
    ]);
    const entry = (classes: string) => ({ ticker: "X", cik: "0001652044", name: null, shareClasses: parseShareClasses(classes), source: "t" });
    expect(sharesFor(html, entry("A:1;B:1"), [], "2024-03-31").shares?.value).toBe(5868e6 + 869e6);
    expect(sharesFor(html, entry("C:1"), [], "2024-03-31").shares?.value).toBe(5671e6);
    expect(sharesFor(html, entry(""), [], "2024-03-31").shares).toMatchObject({
      value: 5868e6 + 869e6 + 5671e6,
      source: "cover (inline XBRL), sum of 3 classes (no share_classes given)",
    });
    expect(sharesFor(html, entry("D:1"), [], "2024-03-31")).toEqual({ shares: null, note: "shares: the cover lacks class(es) D named in share_classes" });
    expect([ixNumber("1,234", "ixt:num-dot-decimal", "3", null), ixNumber("none", "ixt-sec:numwordsen", null, null), ixNumber("5", null, null, "-")]).toEqual([
      1234000, 0, -5,
    ]);
  });

  it("extracts the MD&A (not the table of contents, not a cross-reference) and says when there is none", () => {
    const text = htmlToText(fixture("multiclass-10q.htm"));
    expect(text).not.toContain("var x");
    expect(text).not.toContain("2024-04-19"); // hidden XBRL header dropped
    const m = extractMdna(text, "10-Q");
    expect(m.text).not.toBeNull();
    expect(m.text).toMatch(/^ITEM 2\.\s+MANAGEMENT’S DISCUSSION AND ANALYSIS/);
    expect(m.text).toContain("Revenues were $80.5 billion");
    expect(m.text).not.toContain("QUANTITATIVE AND QUALITATIVE");
    expect(m.text).not.toContain("Please read the following discussion in conjunction");
    const byRef = extractMdna("Item 7. Management's Discussion and Analysis\nIncorporated by reference to Exhibit 13.\nItem 8. Financial Statements\n", "10-K");
    expect(byRef).toEqual({ text: null, note: "MD&A under its heading is only 85 characters (incorporated by reference to another document?)" });
    expect(extractMdna("nothing", "10-Q").note).toBe("no MD&A heading found");
  });

  it("requires a declared User-Agent with an e-mail, and recognises the block page but not a missing file", () => {
    const saved = process.env[SEC_USER_AGENT_ENV];
    delete process.env[SEC_USER_AGENT_ENV];
    try {
      expect(() => secUserAgent(undefined)).toThrow(/requires a User-Agent that names you and gives a contact e-mail .* set CONSILIUM_SEC_USER_AGENT/);
      expect(() => secUserAgent("my-bot/1.0")).toThrow(/got "my-bot\/1.0", which has no e-mail address/);
      expect(secUserAgent(UA)).toBe(UA);
    } finally {
      if (saved !== undefined) process.env[SEC_USER_AGENT_ENV] = saved;
    }
    expect(inspectEdgar(403, fixture("block-page.html"))?.kind).toBe("blocked");
    expect(inspectEdgar(200, fixture("block-page.html"))?.kind).toBe("blocked");
    expect(inspectEdgar(403, NO_SUCH_KEY)).toBeNull();
  });
});

const ACME: FakeCompany = {
  ticker: "ACME",
  cik: 12345,
  name: "Acme Widgets Inc.",
  newsTerm: "Acme Widgets",
  price0: 50,
  indexStamp: "eastern-labelled-utc",
  splits: [{ date: "2024-06-10", numerator: 2, denominator: 1 }],
  filings: [
    ...ACME_10QS_2024,
    {
      form: "10-Q",
      period: "2024-09-28",
      acceptedEastern: "2024-10-31 16:05:00",
      shares: 2_020_000_000,
      sharesAsOf: "2024-10-25",
      revenue: 6e9,
      netIncome: 1.2e9,
    },
    {
      form: "10-K",
      period: "2024-12-28",
      acceptedEastern: "2025-02-05 15:59:00",
      shares: 2_030_000_000,
      sharesAsOf: "2025-01-31",
      revenue: 24e9,
      netIncome: 4.5e9,
      mdna: false,
    },
  ],
};
const DUAL: FakeCompany = {
  ticker: "BRK-B",
  cik: 34567,
  name: "Dual Holdings Inc",
  newsTerm: "Dual Holdings",
  price0: 400,
  indexStamp: "utc",
  noLiabilitiesTag: true,
  filings: [
    {
      form: "10-Q",
      period: "2024-06-30",
      acceptedEastern: "2024-08-03 09:15:00",
      shares: { A: 1000, B: 2_000_000 },
      sharesAsOf: "2024-07-25",
      revenue: 9e9,
      netIncome: 2e9,
    },
    {
      form: "10-Q",
      period: "2024-09-30",
      acceptedEastern: "2024-11-02 09:15:00",
      shares: { A: 990, B: 2_010_000 },
      sharesAsOf: "2024-10-24",
      revenue: 9.5e9,
      netIncome: 2.1e9,
      header: false,
    },
  ],
};

describe("fetchEdgarFilings against a loopback EDGAR", () => {
  let fake: FakeSources;
  beforeAll(async () => {
    fake = await new FakeSources({ companies: [ACME, DUAL] }).start();
  });
  afterAll(() => fake.stop());
  const opts = (out: string) => ({
    tickers: ["ACME", "BRK-B"],
    from: "2024-01-01",
    to: "2025-03-31",
    outDir: out,
    userAgent: UA,
    hosts: { data: fake.url, www: fake.url },
    delayMs: 0,
    sleep: async () => {},
  });

  it("writes filings (MD&A) and fundamentals with the header's acceptance time, first-reported values and weighted class shares", async () => {
    const out = makeFolder({});
    const before = fake.count("edgar");
    const logs: string[] = [];
    const res = await fetchEdgarFilings({ ...opts(out), log: (m) => logs.push(m) });
    // company_tickers once; per ticker: submissions, companyfacts, then header + document per filing (the 8-K is not fetched).
    expect(fake.count("edgar") - before).toBe(1 + (2 + 2 * 4) + (2 + 2 * 2));
    expect(fake.requests.filter((r) => r.source === "edgar").every((r) => r.userAgent === UA)).toBe(true);
    expect(res.map((r) => [r.ticker, r.status, r.filings, r.withText, r.withShares, r.malformed])).toEqual([
      ["ACME", "fetched", 4, 3, 4, 1],
      ["BRK-B", "fetched", 2, 2, 2, 1],
    ]);
    const texts = DataFolder.open(out).filings("ACME");
    expect(texts.map((f) => [f.date, f.form])).toEqual([
      ["2024-05-03", "10-Q"], // accepted 16:30 New York: after the close, so the next session
      ["2024-08-01", "10-Q"],
      ["2024-11-01", "10-Q"],
    ]);
    expect(texts[0]!.text).toMatch(/^Item 2\. Management’s Discussion and Analysis/);
    const raw = readFileSync(join(out, "filings/ACME.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(raw[0]).toMatchObject({
      datetime: "2024-05-02T20:30:15Z",
      accepted_eastern: "20240502163015",
      acceptance_source: "filing header (Eastern time)",
      acceptance_check: "eastern-labelled-utc",
      section: "mdna",
      period: "2024-03-30",
    });
    expect(logs.some((l) => /ACME 10-K .*incorporated by reference/.test(l))).toBe(true);
    const funds = loadFundamentals(out);
    const acme = funds.get("ACME")!;
    expect(acme.map((r) => r.metrics.revenue?.value)).toEqual([5e9, 5.5e9, 6e9, 24e9]); // never the restated x1.1
    expect(acme[1]!.metrics.operating_cash_flow).toMatchObject({ start: "2024-01-01", end: "2024-06-29" });
    expect(acme.map((r) => r.shares_outstanding?.value)).toEqual([1e9, 2.01e9, 2.02e9, 2.03e9]);
    expect(acme.every((r) => knownAtSession(r) === r.date)).toBe(true);
    const dual = funds.get("BRK-B")!;
    expect(dual[0]!.shares_outstanding).toMatchObject({ value: 1000 * 1500 + 2_000_000, source: "cover (inline XBRL), share classes weighted" });
    expect(dual[0]!.metrics.total_liabilities?.concept).toMatch(/^derived: /);
    // No header for the second: the index's true-UTC stamp read as New York time, i.e. later (conservative).
    expect(dual[1]!.datetime).toBe("2024-11-02T17:15:00Z");
    expect(readCikTable(join(out, "filings/_cik.csv")).get("BRK-B")).toMatchObject({
      cik: "0000034567",
      shareClasses: [
        { letter: "A", weight: 1500 },
        { letter: "B", weight: 1 },
      ],
    });
    expect(checkDataFolder(out).ok).toBe(true);
    expect(existsSync(join(out, "filings/_edgar_cache"))).toBe(false);
  });

  it("stops on EDGAR's block page with a clear message, then resumes without refetching what it has", async () => {
    const out = makeFolder({});
    const start = fake.count("edgar");
    let sent = 0;
    const blockAfter: typeof fetch = async (input, init) => {
      if (++sent === 6) fake.edgarBlock = true; // company_tickers, ACME index, facts, one filing (header + document), then blocked
      return fetch(input, init);
    };
    await expect(fetchEdgarFilings({ ...opts(out), fetch: blockAfter })).rejects.toMatchObject({
      blocked: true,
      message: expect.stringMatching(/Request Rate Threshold Exceeded.*wait, then rerun: the fetch resumes/),
    });
    fake.edgarBlock = false;
    expect(fake.count("edgar") - start).toBe(6);
    expect(loadFundamentals(out).get("ACME")).toHaveLength(1);
    const mid = fake.count("edgar");
    const res = await fetchEdgarFilings(opts(out));
    // The cached index and companyfacts are reused; the finished filing is not asked for again.
    const again = fake.requests.slice(mid).map((r) => r.path);
    expect(again.filter((p) => p.includes("/CIK0000012345"))).toEqual([]);
    expect(again.filter((p) => p.includes(accession(ACME, ACME.filings[0]!).replace(/-/g, "")))).toEqual([]);
    expect(again.filter((p) => p.includes("/Archives/edgar/data/12345/"))).toHaveLength(6);
    expect(res[0]).toMatchObject({ filings: 4, fetched: 3 });
    const rerun = fake.count("edgar");
    await fetchEdgarFilings(opts(out));
    expect(fake.count("edgar")).toBe(rerun);
  });

  it("refuses to start without a User-Agent, and fails clearly when EDGAR cannot be reached", async () => {
    const saved = process.env[SEC_USER_AGENT_ENV];
    delete process.env[SEC_USER_AGENT_ENV];
    const out = makeFolder({});
    let err = "";
    const io = { stdout: () => {}, stderr: (t: string) => (err += t) };
    try {
      const before = fake.requests.length;
      expect(await dataCommand(["fetch", "filings", "--tickers", "ACME", "--from", "2024-01-01", "--to", "2024-12-31", "--out", out], io)).toBe(2); // a setup problem
      expect(err).toMatch(/SEC EDGAR requires a User-Agent/);
      expect(fake.requests.length).toBe(before);
    } finally {
      if (saved !== undefined) process.env[SEC_USER_AGENT_ENV] = saved;
    }
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    const port = (s.address() as AddressInfo).port;
    await new Promise<void>((r) => s.close(() => r()));
    await expect(fetchEdgarFilings({ ...opts(out), hosts: { data: `http://127.0.0.1:${port}`, www: `http://127.0.0.1:${port}` } })).rejects.toMatchObject({
      offline: true,
      message: `cannot reach SEC EDGAR (offline?): ECONNREFUSED for 127.0.0.1:${port}`,
    });
    expect(BLOCK_PAGE).toContain("Request Rate Threshold Exceeded");
  });
});

describe("share counts known from the start, and never a multi-class total for a class-defined ticker", () => {
  it("finds the last 10-K / 10-Q filed before --from in the index, or the older page that holds it", () => {
    const json = JSON.parse(fixture("aapl-submissions.json"));
    const idx = parseSubmissions(json, ["10-K", "10-Q"], "2024-06-01", "2024-12-31");
    expect(idx.filings.map((f) => f.accession)).toEqual(["0000320193-24-000123", "0000320193-24-000081"]);
    expect(idx.before).toMatchObject({ accession: "0000320193-24-000069", form: "10-Q", filingDate: "2024-05-03", reportDate: "2024-03-30" });
    expect(idx.pageBefore).toBe("CIK0000320193-submissions-001.json");
    // Nothing before 2024-05-01 in the recent block: the page before it is where the last one is.
    expect(parseSubmissions(json, ["10-K", "10-Q"], "2024-05-01", "2024-12-31")).toMatchObject({
      before: null,
      pageBefore: "CIK0000320193-submissions-001.json",
    });
  });

  const googl = (classes: string) => ({ ticker: "GOOGL", cik: "0001652044", name: "Alphabet Inc.", shareClasses: parseShareClasses(classes), source: "t" });

  it("leaves GOOGL's count out (with a warning) when the filing has no per-class cover, instead of Alphabet's all-class balance-sheet total", () => {
    const facts = indexCompanyFacts(JSON.parse(fixture("googl-companyfacts.json")), "companyfacts CIK0001652044.json");
    const q1 = facts.byAccession.get("0001652044-24-000053")!;
    const plain = fixture("multiclass-10q.htm").replace(/<\/?ix:[^>]*>/g, ""); // the same cover without inline XBRL
    for (const html of [null, plain]) {
      const r = sharesFor(html, googl("A:1;B:1"), q1, "2024-03-31");
      expect(r.shares).toBeNull();
      expect(r.warning).toBe(
        "GOOGL is defined by share class(es) A, B but the filing has no per-class cover count (inline XBRL); the undimensioned companyfacts us-gaap:CommonStockSharesOutstanding (balance sheet) of 12,381,000,000 counts every class and is not used: shares left out for this filing",
      );
    }
    // With the per-class cover it is A + B (6.74 B), as before; a ticker not defined by classes still takes the fallback.
    expect(sharesFor(fixture("multiclass-10q.htm"), googl("A:1;B:1"), q1, "2024-03-31").shares?.value).toBe(5868e6 + 869e6);
    expect(sharesFor(null, googl(""), q1, "2024-03-31").shares).toEqual({
      value: 12_381_000_000,
      as_of: "2024-03-31",
      source: "companyfacts us-gaap:CommonStockSharesOutstanding (balance sheet)",
    });
  });

  const ALPHABET: FakeCompany = {
    ticker: "GOOGL",
    cik: 1652044,
    name: "Alphabet Inc.",
    newsTerm: "Alphabet",
    price0: 140,
    filings: [
      {
        form: "10-K",
        period: "2023-12-31",
        acceptedEastern: "2024-01-30 16:12:00",
        shares: { A: 5_899_000_000, B: 870_000_000, C: 5_703_000_000 },
        sharesAsOf: "2024-01-23",
        revenue: 86e9,
        netIncome: 20.7e9,
        sheetShares: 12_460_000_000,
      },
      {
        form: "10-Q",
        period: "2024-03-31",
        acceptedEastern: "2024-04-25 16:05:00",
        shares: { A: 5_868_000_000, B: 869_000_000, C: 5_671_000_000 },
        sharesAsOf: "2024-04-19",
        revenue: 80.5e9,
        netIncome: 23.7e9,
        ixbrl: false,
        sheetShares: 12_381_000_000,
      },
    ],
  };

  let fake: FakeSources;
  beforeAll(async () => {
    fake = await new FakeSources({ companies: [ACME, ALPHABET] }).start();
  });
  afterAll(() => fake.stop());
  const fetchRange = (out: string, tickers: string[], from: string, logs: string[] = []) =>
    fetchEdgarFilings({
      tickers,
      from,
      to: "2024-12-31",
      outDir: out,
      userAgent: UA,
      hosts: { data: fake.url, www: fake.url },
      delayMs: 0,
      sleep: async () => {},
      log: (m) => logs.push(m),
    });

  it("fetches the last filing before --from, so the market cap is known on the first session", async () => {
    const out = makeFolder({
      "prices/ACME.csv": "Date,Open,High,Low,Close,AdjClose,Volume\n2024-06-03,25,25,25,25,25,1\n",
      "prices/_splits.csv": "ticker,date,numerator,denominator\nACME,2024-06-10,2,1\n",
    });
    const [acme] = await fetchRange(out, ["ACME"], "2024-06-01");
    const funds = loadFundamentals(out).get("ACME")!;
    // The 10-Q accepted 2024-05-02 (before --from) and the two in the range; only the range is counted.
    expect(funds.map((r) => r.filing_date)).toEqual(["2024-05-02", "2024-08-01", "2024-10-31"]);
    expect(acme).toMatchObject({ status: "fetched", filings: 2 });
    // Its count (1e9, before the 2:1 split of 2024-06-10) is the one in force on 2024-06-03.
    expect(MarketCaps.open(out).weights(["ACME"], "2024-06-03").quotes[0]).toMatchObject({ shares: 1_000_000_000 });
  });

  it("fetches GOOGL's filings leaving out the count of the one without a per-class cover, with a warning", async () => {
    const out = makeFolder({});
    const logs: string[] = [];
    const [r] = await fetchRange(out, ["GOOGL"], "2024-04-01", logs);
    expect(r).toMatchObject({ status: "fetched", filings: 1, withShares: 0 });
    const funds = loadFundamentals(out).get("GOOGL")!;
    expect(funds.map((f) => [f.form, f.shares_outstanding?.value ?? null])).toEqual([
      ["10-K", 5_899_000_000 + 870_000_000], // before --from: classes A and B of its inline-XBRL cover
      ["10-Q", null], // not 12,381,000,000 (all three classes)
    ]);
    expect(funds[1]!.source).toMatch(/shares from nowhere \(no per-class cover count\)$/);
    expect(logs).toContainEqual(
      expect.stringMatching(/^GOOGL 10-Q \S+: warning: GOOGL is defined by share class\(es\) A, B .* of 12,381,000,000 counts every class/),
    );
    const check = checkDataFolder(out).files.find((f) => f.path === "fundamentals/GOOGL.jsonl")!;
    expect(check.warnings).toEqual([]);
    expect(check.notes).toEqual(["1 of 2 record(s) without a share count"]);
  });
});

import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCommand } from "../../../src/cli/data";
import { DataFolder } from "../../../src/data/folder";
import { GDELT_MAX_RECORDS, gdeltUrl, inspectGdelt, monthWindows, parseGdeltAnswer, parseSeendate, splitWindow } from "../../../src/data/fetch/gdelt";
import { fetchGdeltNews } from "../../../src/data/fetch/gdelt-fetch";
import { companyPhrase, gdeltQuery, gdeltTerm, readNamesFile, resolveNewsTerms } from "../../../src/data/fetch/news-names";
import { NewsStore, titleKey, urlKey } from "../../../src/data/fetch/news-store";
import { knownAtSession } from "../../../src/data/sessions";
import { FakeSources, type FakeCompany } from "../../helpers/fake-sources";
import { makeFolder } from "../helpers";

const FIX = join(process.cwd(), "test/data/fetch/fixtures/gdelt");
const fixture = (name: string): string => readFileSync(join(FIX, name), "utf8");

describe("GDELT answers and URLs", () => {
  it("reads seendate as UTC and rejects impossible stamps", () => {
    expect(parseSeendate("20241101T204500Z")).toBe(Date.UTC(2024, 10, 1, 20, 45));
    expect(parseSeendate("20240230T000000Z")).toBeNull();
    expect(parseSeendate("2024-11-01 20:45")).toBeNull();
  });

  it("builds the artlist URL with non-overlapping windows", () => {
    const u = new URL(gdeltUrl('("Apple Inc" OR AAPL) sourcelang:english', Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1), "http://h/"));
    expect(u.pathname).toBe("/api/v2/doc/doc");
    expect(Object.fromEntries(u.searchParams)).toEqual({
      query: '("Apple Inc" OR AAPL) sourcelang:english',
      mode: "artlist",
      format: "json",
      maxrecords: "250",
      sort: "hybridrel",
      startdatetime: "20240101000000",
      enddatetime: "20240131235959",
    });
  });

  it("parses a real-shaped artlist, skipping and naming malformed records", () => {
    const { articles, malformed } = parseGdeltAnswer(fixture("artlist.json"), "GDELT AAPL w");
    expect(articles.map((a) => a.domain)).toEqual(["reuters.com", "example-news.com", "local.example.org"]);
    expect(articles[0]!.seenMs).toBe(Date.UTC(2024, 10, 1, 20, 45));
    expect(malformed).toEqual([
      { where: "GDELT AAPL w record #4", reason: 'field "seendate": missing or not YYYYMMDDTHHMMSSZ (undefined)' },
      { where: "GDELT AAPL w record #5", reason: 'field "url": missing or not an http(s) URL' },
    ]);
    expect(parseGdeltAnswer("{}", "w").articles).toEqual([]);
    expect(() => parseGdeltAnswer(fixture("phrase-too-short.txt"), "GDELT X w")).toThrow(
      'GDELT X w: GDELT refused the query: "The specified phrase is too short."',
    );
  });

  it("recognises the plain-text throttle whatever the status", () => {
    expect(inspectGdelt(429, fixture("throttle-429.txt"))?.kind).toBe("throttled");
    expect(inspectGdelt(200, fixture("throttle-429.txt"))?.kind).toBe("throttled");
    expect(inspectGdelt(200, fixture("artlist.json"))).toBeNull();
  });

  it("starts from calendar months and halves windows at whole minutes", () => {
    const ws = monthWindows("2024-01-15", "2024-03-02");
    expect(ws.map((w) => [new Date(w.startMs).toISOString(), new Date(w.endMs).toISOString()])).toEqual([
      ["2024-01-15T00:00:00.000Z", "2024-02-01T00:00:00.000Z"],
      ["2024-02-01T00:00:00.000Z", "2024-03-01T00:00:00.000Z"],
      ["2024-03-01T00:00:00.000Z", "2024-03-03T00:00:00.000Z"],
    ]);
    const [a, b] = splitWindow({ startMs: 0, endMs: 3 * 60_000 + 30_000 });
    expect([a.endMs, b.startMs, b.endMs]).toEqual([60_000, 60_000, 210_000]);
  });
});

describe("the name map", () => {
  it("quotes phrases, keeps single words bare, refuses what GDELT refuses", () => {
    expect(gdeltQuery(["Apple Inc", "AAPL"], "english")).toBe('("Apple Inc" OR AAPL) sourcelang:english');
    expect(gdeltQuery(["Nvidia"], null)).toBe("Nvidia");
    expect(gdeltTerm("Johnson & Johnson")).toBe('"Johnson & Johnson"');
    expect(() => gdeltTerm("KO")).toThrow(/shorter than 3 characters/);
  });

  it("derives a phrase from a company name and prefers the names file, then the built-in map", () => {
    expect(companyPhrase("Berkshire Hathaway Inc. Class B")).toBe("Berkshire Hathaway");
    expect(companyPhrase("Zed Holdings, Inc.")).toBe("Zed");
    const dir = makeFolder({ "names.csv": "ticker,terms\nAAPL,Apple|iPhone maker\n" });
    const fromFile = readNamesFile(join(dir, "names.csv"));
    const r = resolveNewsTerms(["AAPL", "MSFT", "ZZZ", "QQQQ"], fromFile, new Map([["ZZZ", "Zed Holdings, Inc."]]));
    expect(Object.fromEntries(r.terms)).toEqual({ AAPL: ["Apple", "iPhone maker"], MSFT: ["Microsoft", "MSFT"], ZZZ: ["Zed"] });
    expect(r.missing).toEqual(["QQQQ"]);
    const bad = makeFolder({ "names.csv": "ticker,terms\nKO,KO\n" });
    expect(() => readNamesFile(join(bad, "names.csv"))).toThrow(/names\.csv:2: field "terms": search term "KO" is shorter than 3 characters/);
  });
});

describe("the news file", () => {
  it("dates an item by the session it counts for and merges syndicated copies", () => {
    const dir = makeFolder({});
    const store = NewsStore.load(join(dir, "news/AAPL.jsonl"), "AAPL");
    const { articles } = parseGdeltAnswer(fixture("artlist.json"), "w");
    expect(store.add(articles)).toBe(2); // the wire copy is the same story
    store.write();
    const rows = readFileSync(join(dir, "news/AAPL.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // Seen 21:15 UTC on Thursday 2024-10-31 (after the 20:00 UTC close): counts for Friday.
    expect(rows[0]).toMatchObject({
      date: "2024-11-01",
      datetime: "2024-10-31T21:15:00Z",
      headline: "Apple Inc ( AAPL ) beats on iPhone revenue",
      summary: null,
      copies: 2,
    });
    // Seen 20:45 UTC on Friday 2024-11-01 (after the close): counts for Monday.
    expect(rows[1]).toMatchObject({ date: "2024-11-04", datetime: "2024-11-01T20:45:00Z", source: "GDELT DOC 2.0: reuters.com" });
    for (const r of rows) expect(knownAtSession(r)).toBe(r.date);
    expect(
      DataFolder.open(dir)
        .news("AAPL")
        .map((n) => n.text),
    ).toEqual(rows.map((r) => r.headline));
    expect(urlKey("HTTPS://WWW.Example.com/a/#top")).toBe("https://www.example.com/a");
    expect(titleKey("Growth , shares fall")).toBe("growth shares fall");
  });
});

const ACME: FakeCompany = { ticker: "ACME", cik: 12345, name: "Acme Widgets", newsTerm: "Acme Widgets", price0: 50, filings: [] };
const BOLT: FakeCompany = { ticker: "BOLT", cik: 23456, name: "Bolt Motors", newsTerm: "Bolt Motors", price0: 20, filings: [] };

describe("fetchGdeltNews against a loopback GDELT", () => {
  let fake: FakeSources;
  let names = "";
  beforeAll(async () => {
    fake = await new FakeSources({
      companies: [ACME, BOLT],
      newsPerDay: (t, day) => (t === "ACME" ? 12 : day === "2024-03-05" ? 400 : 2),
      bursts: [["BOLT", "2024-03-12T15", 300]],
    }).start();
    names = join(makeFolder({ "names.csv": "ticker,terms\nACME,Acme Widgets\nBOLT,Bolt Motors|BOLT\n" }), "names.csv");
  });
  afterAll(() => fake.stop());
  const base = (): { baseUrl: string; sleep: () => Promise<void>; delayMs: number; namesFile: string } => ({
    baseUrl: fake.url,
    sleep: async () => {},
    delayMs: 0,
    namesFile: names,
  });

  it("splits windows that hit the 250 cap until each returns fewer, de-duplicates, counts malformed records", async () => {
    const out = makeFolder({});
    const before = fake.count("gdelt");
    const logs: string[] = [];
    const [acme] = await fetchGdeltNews({ ...base(), tickers: ["ACME"], from: "2024-03-01", to: "2024-03-31", outDir: out, log: (m) => logs.push(m) });
    // 12 a day + a syndicated copy of every 10th + 1 malformed = 373 > 250: the month is halved once.
    expect(fake.count("gdelt") - before).toBe(3);
    expect(acme).toMatchObject({ status: "fetched", windows: 2, cappedWindows: [], malformed: 1, requests: 3 });
    expect(acme!.records).toBe(31 * 12);
    expect(logs.some((l) => /ACME 2024-03-01T00:00Z\.\.2024-03-16T12:00Z record #\d+: skipped \(field "seendate"/.test(l))).toBe(true);
    const rows = DataFolder.open(out).news("ACME");
    expect(new Set(rows.map((r) => r.headline)).size).toBe(rows.length);
    expect(rows.every((r) => knownAtSession(r) === r.date)).toBe(true);
    const coverage = JSON.parse(readFileSync(join(out, "news/_gdelt_coverage.json"), "utf8"));
    expect(coverage.tickers.ACME).toMatchObject({ query: '"Acme Widgets" sourcelang:english', records: 372, windows: 2, malformed: 1 });
    expect(coverage.notes[0]).toMatch(/Headlines and URLs only/);
  });

  it("keeps splitting a heavy day down to the smallest window and marks a still-full window as capped", async () => {
    const out = makeFolder({});
    const [bolt] = await fetchGdeltNews({ ...base(), tickers: ["BOLT"], from: "2024-03-01", to: "2024-03-31", outDir: out, minWindowHours: 1 });
    // The 300 headlines of 15:00-15:05 stay above the cap in the last window of an hour or less.
    expect(bolt!.cappedWindows).toHaveLength(1);
    const [from, to] = bolt!.cappedWindows[0]!.split("..").map((s) => Date.parse(s.replace("Z", ":00Z")));
    expect(to! - from!).toBeLessThanOrEqual(3_600_000);
    expect(from! <= Date.UTC(2024, 2, 12, 15) && to! >= Date.UTC(2024, 2, 12, 15, 5)).toBe(true);
    // Every returned window below the cap; the 400-headline day and the 300-headline hour both split.
    expect(bolt!.records).toBeGreaterThan(400 + 250);
    expect(bolt!.requests).toBeGreaterThan(10);
  });

  it("backs off on GDELT's plain-text 429 (and the 200 variant) without Retry-After, then stops the run when it persists", async () => {
    const out = makeFolder({});
    const waits: number[] = [];
    fake.gdeltThrottle = 2;
    fake.gdeltThrottle200 = 1;
    const [r] = await fetchGdeltNews({
      ...base(),
      tickers: ["ACME"],
      from: "2024-04-01",
      to: "2024-04-05",
      outDir: out,
      sleep: async (ms) => void waits.push(ms),
      delayMs: 6000,
      backoffMs: 20_000,
    });
    expect(r!.status).toBe("fetched");
    expect(waits).toEqual([20_000, 40_000, 80_000]);
    fake.gdeltThrottle = 10;
    await expect(fetchGdeltNews({ ...base(), tickers: ["BOLT"], from: "2024-04-01", to: "2024-04-05", outDir: out, retries: 2, backoffMs: 1 })).rejects.toThrow(
      /GDELT throttled the request .* after 3 attempts/,
    );
    fake.gdeltThrottle = 0;
    // What was done before the stop is kept.
    expect(DataFolder.open(out).news("ACME").length).toBe(5 * 12);
  });

  it("resumes: a rerun skips every finished window without a request; a changed query starts afresh", async () => {
    const out = makeFolder({});
    await fetchGdeltNews({ ...base(), tickers: ["ACME", "BOLT"], from: "2024-03-01", to: "2024-03-10", outDir: out });
    const before = fake.count("gdelt");
    const file = readFileSync(join(out, "news/ACME.jsonl"), "utf8");
    const again = await fetchGdeltNews({ ...base(), tickers: ["ACME", "BOLT"], from: "2024-03-01", to: "2024-03-10", outDir: out });
    expect(fake.count("gdelt")).toBe(before);
    expect(again.map((r) => r.status)).toEqual(["skipped", "skipped"]);
    expect(readFileSync(join(out, "news/ACME.jsonl"), "utf8")).toBe(file);
    const other = join(makeFolder({ "n.csv": "ticker,terms\nACME,Acme Widgets|Acme Corp\n" }), "n.csv");
    await fetchGdeltNews({ ...base(), namesFile: other, tickers: ["ACME"], from: "2024-03-01", to: "2024-03-10", outDir: out });
    expect(fake.count("gdelt")).toBe(before + 1);
  });

  it("starts no earlier than GDELT's archive (2017-01-01) and says so", async () => {
    const out = makeFolder({});
    const logs: string[] = [];
    const before = fake.requests.length;
    await fetchGdeltNews({ ...base(), tickers: ["ACME"], from: "2016-12-20", to: "2017-01-02", outDir: out, log: (m) => logs.push(m) });
    expect(logs[0]).toBe("GDELT DOC 2.0 searches from 2017-01-01 on: news before it cannot be fetched (range starts 2017-01-01)");
    expect(fake.requests.slice(before).map((r) => r.query.get("startdatetime"))).toEqual(["20170101000000"]);
  });

  it("fails clearly when GDELT cannot be reached (exit code 2 from the CLI) and reports tickers without a query", async () => {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    const port = (s.address() as AddressInfo).port;
    await new Promise<void>((r) => s.close(() => r()));
    const out = makeFolder({});
    let err = "";
    let stdout = "";
    const code = await dataCommand(
      [
        "fetch",
        "news",
        "--source",
        "gdelt",
        "--tickers",
        "ACME",
        "--from",
        "2024-03-01",
        "--to",
        "2024-03-02",
        "--out",
        out,
        "--names",
        names,
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--delay-ms",
        "0",
      ],
      { stdout: (t) => (stdout += t), stderr: (t) => (err += t) },
    );
    expect(code).toBe(1); // the command failed (2 is for a bad command line)
    expect(err).toContain(`cannot reach GDELT (offline?): ECONNREFUSED for 127.0.0.1:${port}`);
    expect(existsSync(join(out, "news/ACME.jsonl"))).toBe(false);
    const [none, short] = await fetchGdeltNews({
      ...base(),
      tickers: ["QQQQ", "MMM"],
      companyNames: new Map([["MMM", "3M"]]),
      from: "2024-03-01",
      to: "2024-03-02",
      outDir: out,
    });
    expect(none!.status).toBe("no-query");
    expect(short).toMatchObject({ status: "no-query", error: 'search term "3M" is shorter than 3 characters (GDELT refuses it): use the company name' });
    expect(GDELT_MAX_RECORDS).toBe(250);
    expect(stdout).toBe("");
  });
});

import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataCommand } from "../../../src/cli/data";
import { DataFolder } from "../../../src/data/folder";
import { checkDataFolder } from "../../../src/data/check";
import {
  GDELT_MAX_RECORDS,
  GdeltAnswerError,
  gdeltUrl,
  inspectGdelt,
  monthWindows,
  newsWindows,
  parseGdeltAnswer,
  parseSeendate,
  splitWindow,
} from "../../../src/data/fetch/gdelt";
import { articleTexts, repairGdeltJson } from "../../../src/data/fetch/gdelt-json";
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
    // From the close before the range (Thursday 2024-02-29, 21:00 UTC): that evening's 21:00 and 23:00 headlines count for Friday 03-01.
    expect(acme!.records).toBe(31 * 12 + 2);
    expect(logs.some((l) => /ACME 2024-02-29T21:00Z\.\.2024-03-16T\d\d:\d\dZ record #\d+: skipped \(field "seendate"/.test(l))).toBe(true);
    const rows = DataFolder.open(out).news("ACME");
    expect(new Set(rows.map((r) => r.headline)).size).toBe(rows.length);
    expect(rows.every((r) => knownAtSession(r) === r.date)).toBe(true);
    const coverage = JSON.parse(readFileSync(join(out, "news/_gdelt_coverage.json"), "utf8"));
    expect(coverage.tickers.ACME).toMatchObject({ query: '"Acme Widgets" sourcelang:english', records: 374, windows: 2, malformed: 1, failedWindows: [] });
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
    // What was done before the stop is kept: 2024-04-01..05 and what Monday 04-01 knows from the close of
    // Thursday 03-28 (20:00 UTC; Good Friday closed): 2 headlines that evening and 3 days of 12.
    expect(DataFolder.open(out).news("ACME").length).toBe(5 * 12 + 2 + 3 * 12);
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

describe("GDELT answers that are not valid JSON", () => {
  it("repairs the invalid escape \\' (gdeltdoc's 'Invalid \\escape') and keeps every record", () => {
    const text = fixture("artlist-invalid-escape.json");
    expect(() => JSON.parse(text)).toThrow();
    const { articles, malformed, repairs } = parseGdeltAnswer(text, "GDELT GOOGL w");
    expect(repairs).toBe(2);
    expect(malformed).toEqual([]);
    expect(articles.map((a) => a.title)).toEqual([
      "Alphabet's cloud unit lifts quarterly revenue , shares jump after the bell",
      "Alphabet announces first dividend and a $70 billion buyback",
      "Google's search ads grow 14 % as AI Overviews roll out",
    ]);
    expect(articles[0]!.seenMs).toBe(Date.UTC(2024, 3, 25, 20, 30));
  });

  it("drops and counts a record that cannot be repaired (an unescaped quote), keeping the others", () => {
    const { articles, malformed, repairs } = parseGdeltAnswer(fixture("artlist-unescaped-quote.json"), "GDELT GOOGL w");
    expect(articles.map((a) => a.domain)).toEqual(["example-news.com", "reuters.com"]);
    expect(articles[1]!.title).toBe("Google's ad tech trial opens in Virginia");
    expect(repairs).toBe(1);
    expect(malformed).toHaveLength(1);
    expect(malformed[0]).toMatchObject({ where: "GDELT GOOGL w record #2", reason: expect.stringMatching(/^not valid JSON \(/) });
  });

  it("repairs only what has one reading, and throws a window error for an answer that cannot be read at all", () => {
    const valid = String.raw`{"t":"a \" b \\ c \/ \u00e9 \n"}`;
    expect(repairGdeltJson(valid)).toEqual({ text: valid, repairs: 0 });
    expect(repairGdeltJson('{"t":"C:\\x \\u12"}')).toEqual({ text: '{"t":"C:x u12"}', repairs: 2 });
    expect(repairGdeltJson('{"t":"tab\there"}')).toEqual({ text: '{"t":"tab here"}', repairs: 1 });
    // A torn answer: the complete records, then the torn one (which fails to parse and is counted).
    expect(articleTexts('{"articles": [{"url": "a", "t": "}"}, {"url": "b"')).toEqual(['{"url": "a", "t": "}"}', '{"url": "b"']);
    const torn = parseGdeltAnswer('{"articles": [{"url": "https://x/1", "title": "T", "seendate": "20240115T123000Z"}, {"url": "https://x/', "w");
    expect([torn.articles.length, torn.malformed.length]).toEqual([1, 1]);
    expect(() => parseGdeltAnswer('{"error": "internal', "GDELT X w")).toThrow(GdeltAnswerError);
    expect(() => parseGdeltAnswer('{"articles": {"url": "x"}}', "GDELT X w")).toThrow(/GDELT X w: GDELT's "articles" is not an array/);
  });
});

describe("the first news window starts at the previous session's close", () => {
  const start = (from: string): string => new Date(newsWindows(from, "2024-12-31")[0]!.startMs).toISOString();
  it("uses the NYSE calendar, its close times, early closes and daylight saving", () => {
    expect(start("2024-03-04")).toBe("2024-03-01T21:00:00.000Z"); // Monday: Friday's 16:00 EST close
    expect(start("2024-03-12")).toBe("2024-03-11T20:00:00.000Z"); // the day after: 16:00 EDT
    expect(start("2024-03-11")).toBe("2024-03-08T21:00:00.000Z"); // DST began Sunday; Friday was still EST
    expect(start("2024-12-02")).toBe("2024-11-29T18:00:00.000Z"); // day after Thanksgiving: 13:00 EST early close
    expect(start("2024-01-16")).toBe("2024-01-12T21:00:00.000Z"); // after Martin Luther King Jr. Day
    expect(start("2024-03-02")).toBe("2024-03-01T21:00:00.000Z"); // a Saturday: what Monday knows
    expect(start("2017-01-02")).toBe("2017-01-01T00:00:00.000Z"); // never before GDELT's archive
    const ws = newsWindows("2024-03-04", "2024-04-10");
    expect(ws.map(windowText)).toEqual(["2024-03-01T21:00..2024-04-01T00:00", "2024-04-01T00:00..2024-04-11T00:00"]);
  });
});

function windowText(w: { startMs: number; endMs: number }): string {
  const f = (ms: number): string => new Date(ms).toISOString().slice(0, 16);
  return `${f(w.startMs)}..${f(w.endMs)}`;
}

const GOOGL: FakeCompany = { ticker: "GOOGL", cik: 1652044, name: "Alphabet Inc.", newsTerm: "Alphabet", price0: 140, filings: [] };

describe("fetchGdeltNews through faulty GDELT answers", () => {
  let fake: FakeSources;
  beforeAll(async () => {
    fake = await new FakeSources({ companies: [GOOGL], newsPerDay: () => 2 }).start();
  });
  afterAll(() => fake.stop());
  const run = (out: string, logs: string[] = []) =>
    fetchGdeltNews({
      tickers: ["GOOGL"],
      from: "2024-03-01",
      to: "2024-06-30",
      outDir: out,
      baseUrl: fake.url,
      sleep: async () => {},
      delayMs: 0,
      log: (m) => logs.push(m),
    });
  const april = (start: number): boolean => new Date(start).toISOString().startsWith("2024-04-01");
  const starts = (since: number): string[] => fake.requests.slice(since).map((r) => r.query.get("startdatetime")!);

  it("repairs an answer with an invalid escape, stores its records and goes on with the later windows", async () => {
    const out = makeFolder({});
    fake.gdeltAnswer = (_c, startMs) => (april(startMs) ? fixture("artlist-invalid-escape.json") : null);
    const since = fake.requests.length;
    const logs: string[] = [];
    try {
      const [r] = await run(out, logs);
      expect(r).toMatchObject({ status: "fetched", windows: 4, failedWindows: [], malformed: 3 }); // 3 generated records without a seendate
      expect(r!.error).toBeUndefined();
    } finally {
      fake.gdeltAnswer = null;
    }
    expect(starts(since)).toEqual(["20240229210000", "20240401000000", "20240501000000", "20240601000000"]);
    expect(logs).toContain("GDELT GOOGL 2024-04-01T00:00Z..2024-05-01T00:00Z: repaired 2 invalid escape(s) or control character(s) in GDELT's JSON");
    const headlines = DataFolder.open(out)
      .news("GOOGL")
      .map((n) => n.text);
    expect(headlines).toContain("Alphabet's cloud unit lifts quarterly revenue , shares jump after the bell");
    expect(headlines.some((h) => h.startsWith("Alphabet Inc. headline 2024-06-30"))).toBe(true);
    expect(checkDataFolder(out).ok).toBe(true);
  });

  it("fails only the window whose answer cannot be read, records it for data check, and a rerun retries just that window", async () => {
    const out = makeFolder({});
    fake.gdeltAnswer = (_c, startMs) => (april(startMs) ? '{"error": "internal' : null);
    const since = fake.requests.length;
    let first;
    try {
      [first] = await run(out);
    } finally {
      fake.gdeltAnswer = null;
    }
    expect(starts(since)).toEqual(["20240229210000", "20240401000000", "20240501000000", "20240601000000"]);
    expect(first).toMatchObject({ status: "failed", windows: 3, failedWindows: ["2024-04-01T00:00Z..2024-05-01T00:00Z"] });
    expect(first!.error).toMatch(/^GDELT GOOGL 2024-04-01T00:00Z\.\.2024-05-01T00:00Z: GDELT's answer is not valid JSON/);
    const ledger = JSON.parse(readFileSync(join(out, "news/_gdelt_ledger.json"), "utf8"));
    expect(ledger.units["GOOGL|(Alphabet OR Google OR GOOGL) sourcelang:english|2024-04-01T00:00Z..2024-05-01T00:00Z"]).toMatchObject({
      status: "failed",
      ticker: "GOOGL",
      unit: "2024-04-01T00:00Z..2024-05-01T00:00Z",
    });
    const report = checkDataFolder(out);
    expect(report.ok).toBe(false);
    expect(report.files.find((f) => f.path === "news/_gdelt_ledger.json")!.errors).toEqual([
      expect.stringMatching(
        /^GOOGL: news fetch failed for 1 of 4 unit\(s\), first 2024-04-01T00:00Z\.\.2024-05-01T00:00Z: "GDELT GOOGL .*not valid JSON.*"; rerun the fetch to retry$/,
      ),
    ]);
    const again = fake.requests.length;
    const [second] = await run(out);
    expect(starts(again)).toEqual(["20240401000000"]);
    expect(second).toMatchObject({ status: "fetched", windows: 4, failedWindows: [] });
    expect(checkDataFolder(out).ok).toBe(true);
  });

  it("a headline seen after the early close of the Friday before --from counts for the first session and is fetched", async () => {
    const out = makeFolder({});
    const since = fake.requests.length;
    await fetchGdeltNews({ tickers: ["GOOGL"], from: "2024-12-02", to: "2024-12-06", outDir: out, baseUrl: fake.url, sleep: async () => {}, delayMs: 0 });
    expect(starts(since)).toEqual(["20241129180000"]);
    // Two a day, 06:00 and 18:00 UTC; Friday 11-29's 18:00 is at its 13:00 New York early close, so it counts for Monday.
    const monday = DataFolder.open(out)
      .news("GOOGL")
      .filter((n) => n.date === "2024-12-02");
    expect(monday.map((n) => n.datetime)).toEqual([
      "2024-11-29T18:00:00Z",
      "2024-11-30T06:00:00Z",
      "2024-11-30T18:00:00Z",
      "2024-12-01T06:00:00Z",
      "2024-12-01T18:00:00Z",
      "2024-12-02T06:00:00Z",
      "2024-12-02T18:00:00Z", // 13:00 New York, before Monday's close
    ]);
  });
});

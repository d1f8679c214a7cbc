import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseCsv, splitCsvLine } from "../../src/data/csv";
import { DataError } from "../../src/data/errors";
import { DataFolder } from "../../src/data/folder";
import { parseJsonl } from "../../src/data/jsonl";
import { formatPricesCsv, parsePrices } from "../../src/data/prices";
import { extractTickers, loadJobs, toFiling, toNews, toResume, toSocial } from "../../src/data/records";
import { HEADER, SHARED, makeFolder } from "./helpers";

/** Run fn, expect a DataError, return it. */
function dataError(fn: () => unknown): DataError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(DataError);
    return e as DataError;
  }
  throw new Error("expected a DataError");
}

describe("csv", () => {
  it("splits quoted cells", () => {
    expect(splitCsvLine('a,"b,c","say ""hi""",')).toEqual(["a", "b,c", 'say "hi"', ""]);
  });
  it("keeps 1-based line numbers and rejects ragged rows", () => {
    const t = parseCsv("A,B\n1,2\n\n3,4\n", "x.csv");
    expect(t.records.map((r) => r.line)).toEqual([2, 4]);
    const e = dataError(() => parseCsv("A,B\n1,2\n3\n", "x.csv"));
    expect(e.message).toBe("x.csv:3: expected 2 columns (A,B), found 1");
  });
});

describe("prices loader", () => {
  const good = `${HEADER}\n2024-01-02,10,11,9,10.5,10.4,100\n2024-01-03,10.5,12,10,11,10.9,200\n`;
  it("parses columns", () => {
    const { series, adjCloseMissing } = parsePrices(good, "prices/X.csv");
    expect(series.ticker).toBe("X");
    expect(series.dates).toEqual(["2024-01-02", "2024-01-03"]);
    expect(Array.from(series.close)).toEqual([10.5, 11]);
    expect(Array.from(series.adjClose)).toEqual([10.4, 10.9]);
    expect(Array.from(series.volume)).toEqual([100, 200]);
    expect(adjCloseMissing).toBe(false);
  });
  it("accepts Yahoo's 'Adj Close', any column order and timestamps", () => {
    const text = "Date,Close,Adj Close,Open,High,Low,Volume,Dividends\n2024-01-02 00:00:00-05:00,10.5,10.4,10,11,9,100,0\n";
    const { series } = parsePrices(text, "Y.csv");
    expect(series.dates).toEqual(["2024-01-02"]);
    expect(series.adjClose[0]).toBe(10.4);
    expect(series.open[0]).toBe(10);
  });
  it("uses Close when there is no adjusted close column", () => {
    const { series, adjCloseMissing } = parsePrices("Date,Open,High,Low,Close,Volume\n2024-01-02,10,11,9,10.5,100\n", "Z.csv");
    expect(adjCloseMissing).toBe(true);
    expect(series.adjClose[0]).toBe(10.5);
  });
  it("writes the canonical CSV back, and refuses columns of another length than the dates", () => {
    const { series } = parsePrices(good, "prices/X.csv");
    expect(formatPricesCsv(series)).toBe(good);
    expect(() => formatPricesCsv({ ...series, volume: Float64Array.of(100) })).toThrow("formatPricesCsv: X has 1 volume values for 2 dates");
  });
  const cases: Array<[string, string, string]> = [
    ["missing column", "Date,Open,High,Close,AdjClose,Volume\n2024-01-02,1,1,1,1,1\n", 'p.csv:1: field "Low": missing column Low'],
    ["non-numeric", `${HEADER}\n2024-01-02,1,1,1,1,1,1\n2024-01-03,1,abc,1,1,1,1\n`, 'p.csv:3: field "High": non-numeric value "abc"'],
    ["NaN", `${HEADER}\n2024-01-02,1,1,1,NaN,1,1\n`, 'p.csv:2: field "Close": non-numeric value "NaN"'],
    ["empty cell", `${HEADER}\n2024-01-02,1,1,1,1,,1\n`, 'p.csv:2: field "AdjClose": empty value'],
    ["infinite", `${HEADER}\n2024-01-02,1,1,1,1,1,Infinity\n`, 'p.csv:2: field "Volume": non-numeric value "Infinity"'],
    ["zero price", `${HEADER}\n2024-01-02,0,1,1,1,1,1\n`, 'p.csv:2: field "Open": price must be > 0'],
    ["unsorted", `${HEADER}\n2024-01-03,1,1,1,1,1,1\n2024-01-02,1,1,1,1,1,1\n`, 'p.csv:3: field "Date": dates not ascending: 2024-01-02 after 2024-01-03'],
    ["duplicate", `${HEADER}\n2024-01-02,1,1,1,1,1,1\n2024-01-02,1,1,1,1,1,1\n`, 'p.csv:3: field "Date": duplicate date 2024-01-02 (also on line 2)'],
    ["bad date", `${HEADER}\n2024-02-30,1,1,1,1,1,1\n`, 'p.csv:2: field "Date": invalid date "2024-02-30"'],
    ["empty file", "", "p.csv:1: empty file"],
    ["header only", `${HEADER}\n`, "p.csv:2: empty file (header but no rows)"],
  ];
  for (const [name, text, expected] of cases) {
    it(`rejects ${name} with file, line and field`, () => {
      expect(dataError(() => parsePrices(text, "p.csv")).message).toContain(expected);
    });
  }
});

describe("jsonl records", () => {
  it("rejects malformed JSON with the line", () => {
    const e = dataError(() => parseJsonl('{"a":1}\n{"a":\n', "n.jsonl"));
    expect(e.message).toMatch(/^n\.jsonl:2: malformed JSON/);
    expect(e.line).toBe(2);
    expect(dataError(() => parseJsonl("[1,2]\n", "n.jsonl")).message).toBe("n.jsonl:1: each line must be a JSON object");
  });
  it("normalises news text = headline ?? summary", () => {
    const [a, b] = parseJsonl(
      '{"date":"2024-01-02","ticker":"X","source":"s","headline":null,"summary":"Sum"}\n{"date":"2024-01-02 10:15:00","ticker":"X","headline":"Head","summary":"Sum","datetime":"2024-01-02 10:15:00"}\n',
      "n.jsonl",
    );
    expect(toNews(a!, "n.jsonl").text).toBe("Sum");
    const nb = toNews(b!, "n.jsonl");
    expect([nb.text, nb.date, nb.source, nb.datetime]).toEqual(["Head", "2024-01-02", "n.jsonl", "2024-01-02 10:15:00"]);
  });
  it("rejects news without date, ticker or text", () => {
    const rec = (v: object) => ({ line: 7, value: v as Record<string, unknown> });
    expect(dataError(() => toNews(rec({ ticker: "X", headline: "h" }), "n.jsonl")).message).toBe('n.jsonl:7: field "date": missing required field');
    expect(dataError(() => toNews(rec({ date: "2024-01-02", headline: "h" }), "n.jsonl")).message).toBe('n.jsonl:7: field "ticker": missing required field');
    expect(dataError(() => toNews(rec({ date: "2024-01-02", ticker: "", headline: "h" }), "n.jsonl")).message).toBe(
      'n.jsonl:7: field "ticker": empty required field',
    );
    expect(dataError(() => toNews(rec({ date: "yesterday", ticker: "X", headline: "h" }), "n.jsonl")).message).toContain(
      'n.jsonl:7: field "date": invalid date',
    );
    expect(dataError(() => toNews(rec({ date: "2024-01-02", ticker: "X", headline: null, summary: " " }), "n.jsonl")).message).toBe(
      'n.jsonl:7: field "headline": needs a non-empty headline or summary',
    );
    expect(dataError(() => toNews(rec({ date: "2024-01-02", ticker: "X", headline: 5 }), "n.jsonl")).message).toBe(
      'n.jsonl:7: field "headline": expected a string, got number',
    );
  });
  it("validates filings, social posts and resumes", () => {
    const rec = (v: object) => ({ line: 3, value: v as Record<string, unknown> });
    expect(dataError(() => toFiling(rec({ date: "2024-01-02", ticker: "X", text: "t" }), "f.jsonl")).message).toBe(
      'f.jsonl:3: field "form": missing required field',
    );
    expect(dataError(() => toSocial(rec({ date: "2024-01-02", title: "", body: "" }), "s.jsonl", new Set())).message).toBe(
      's.jsonl:3: field "title": needs a non-empty title or body',
    );
    expect(dataError(() => toResume(rec({ id: "a", labels: "x", text: "t" }), "r.jsonl")).message).toBe(
      'r.jsonl:3: field "labels": expected an array of strings',
    );
    expect(dataError(() => toResume(rec({ labels: [], text: "t" }), "r.jsonl")).message).toBe('r.jsonl:3: field "id": missing required field');
    const post = toSocial(rec({ date: "2024-06-24", title: "$alta and NVDA calls", body: "SO good, GE too" }), "s.jsonl", new Set(["NVDA", "SO", "GE"]));
    expect(post.id).toBe("s.jsonl#3");
    expect(post.tickers).toEqual(["ALTA", "NVDA"]);
  });
  it("rejects a resume id used twice across files, pointing at the second use", () => {
    const dir = makeFolder({
      "resumes/a.jsonl": '{"id":"r1","labels":["x"],"text":"one"}\n{"id":"r2","labels":["x"],"text":"two"}\n',
      "resumes/b.jsonl": '\n{"id":"r2","labels":["y"],"text":"again"}\n',
    });
    const err = dataError(() => DataFolder.open(dir).resumes());
    expect([err.file, err.line, err.field]).toEqual([join(dir, "resumes/b.jsonl"), 2, "id"]);
    expect(err.detail).toBe(`duplicate resume id "r2" (first on ${join(dir, "resumes/a.jsonl")}:2)`);
  });
  it("extracts cashtags and known tickers only", () => {
    expect(extractTickers("$TSLA $brk.b up 5% ($100) AAPL aapl", new Set(["AAPL"]))).toEqual(["AAPL", "BRK.B", "TSLA"]);
  });
  it("validates job files", () => {
    const dir = makeFolder({ "jobs/a.json": '{"id":"a","title":"T","text":"x"}', "jobs/b.json": "{oops" });
    expect(dataError(() => loadJobs(join(dir, "jobs/a.json"))).message).toBe(`${join(dir, "jobs/a.json")}:1: field "organization": missing required field`);
    expect(dataError(() => loadJobs(join(dir, "jobs/b.json"))).message).toContain("malformed JSON");
  });
});

describe("DataFolder errors surface lazily with location", () => {
  it("names the file and line of a bad news row", () => {
    const dir = makeFolder({ "news/a.jsonl": '{"date":"2024-01-02","ticker":"X","headline":"ok"}\n{"ticker":"X","headline":"no date"}\n' });
    const e = dataError(() => DataFolder.open(dir).news());
    expect(e.file).toBe(join(dir, "news/a.jsonl"));
    expect([e.line, e.field]).toEqual([2, "date"]);
  });
  it("open() rejects missing folders, non-data folders and bad price headers", () => {
    expect(dataError(() => DataFolder.open("/nonexistent/consilium")).message).toContain("data folder not found");
    expect(dataError(() => DataFolder.open(makeFolder({ "readme.txt": "x" }))).message).toContain("not a data folder");
    const dir = makeFolder({ "prices/X.csv": "Date,Close\n2024-01-02,1\n" });
    expect(dataError(() => DataFolder.open(dir)).message).toBe(
      `${join(dir, "prices/X.csv")}:1: field "Open": missing columns Open, High, Low, Volume (header: Date,Close; expected Date,Open,High,Low,Close,AdjClose,Volume)`,
    );
    const empty = makeFolder({ "prices/X.csv": "" });
    expect(dataError(() => DataFolder.open(empty)).message).toContain("X.csv:1: empty file");
  });
});

describe.skipIf(!existsSync(SHARED))("loaders on ../shared/datasets", () => {
  const data = existsSync(SHARED) ? DataFolder.open(SHARED) : (undefined as unknown as DataFolder);
  it("reads every reader with the documented counts", () => {
    expect(data.tickers()).toHaveLength(71);
    expect(data.tickers()).not.toContain("_manifest");
    const spy = data.prices("SPY");
    expect(spy.dates.length).toBe(5030);
    expect(spy.dates.at(-1)).toBe("2025-10-07");
    expect(data.news()).toHaveLength(17877);
    expect(data.filings()).toHaveLength(24);
    expect(data.social()).toHaveLength(2422);
    expect(data.resumes()).toHaveLength(166);
    expect(data.jobs()).toHaveLength(0);
  });
  it("spot-checks values against SOURCES.md", () => {
    const spy = data.prices("SPY");
    expect(spy.close[spy.dates.indexOf("2025-08-29")]).toBeCloseTo(643.27, 2);
    const tsla = data.prices("TSLA");
    expect(tsla.close[tsla.dates.indexOf("2025-08-29")]).toBeCloseTo(333.87, 2);
    expect(data.tickerInfo("AAPL")).toMatchObject({ type: "stock", sector: "Information Technology", name: "Apple Inc." });
  });
  it("normalises news: gdelt has headlines, investorbench summaries", () => {
    const tsla = data.news("TSLA");
    expect(tsla).toHaveLength(5733);
    expect(tsla.every((n) => n.text === n.headline && n.summary === null && n.datetime !== undefined)).toBe(true);
    const msft = data.news("MSFT");
    expect(msft).toHaveLength(3636);
    expect(msft.every((n) => n.headline === null && n.text === n.summary)).toBe(true);
    const dates = data.news().map((n) => n.date);
    expect(dates.every((d, i) => i === 0 || dates[i - 1]! <= d)).toBe(true);
  });
  it("extracts social tickers", () => {
    expect(data.social("NVDA").length).toBeGreaterThan(10);
    expect(data.social("NVDA").every((p) => p.tickers!.includes("NVDA"))).toBe(true);
    expect(data.social()[0]!.date).toBe("2022-01-18");
  });
  it("uses SPY as the calendar", () => {
    expect(data.calendar()).toHaveLength(5030);
  });
});

/**
 * The point-in-time view applies the known-at rule of sessions.ts to news,
 * social posts and filings: what a view at session D returns is exactly what
 * was known at D's close, and `knownAfter` gives what became known on a session.
 */
import { describe, expect, it } from "vitest";
import { tradingDays } from "../../src/data/calendar";
import { DataError } from "../../src/data/errors";
import { DataFolder } from "../../src/data/folder";
import { knownAtSession } from "../../src/data/sessions";
import { SHARED, makeFolder, priceCsv } from "./helpers";
import { existsSync } from "node:fs";

const jsonl = (rows: object[]): string => rows.map((r) => JSON.stringify(r)).join("\n") + "\n";
const item = (date: string, headline: string, datetime?: string) => ({
  date,
  ticker: "AAA",
  source: "t",
  headline,
  summary: null,
  ...(datetime ? { datetime } : {}),
});

function folder(): string {
  const days = tradingDays("2024-02-26", "2024-12-06");
  return makeFolder({
    "prices/AAA.csv": priceCsv(days.map((d, i) => [d, 10 + i * 0.01])),
    "news/a.jsonl": jsonl([
      // Friday 2024-03-01 (EST: the close is 21:00 UTC)
      item("2024-03-01", "fri before close", "2024-03-01 20:59:59"),
      item("2024-03-01", "fri at close", "2024-03-01 21:00:00"),
      item("2024-03-01", "fri date only"),
      item("2024-03-02", "saturday stamped", "2024-03-02 12:00:00"),
      item("2024-03-03", "sunday date only"),
      item("2024-03-04", "monday early", "2024-03-04 01:00:00"),
      // Summer (EDT: the close is 20:00 UTC)
      item("2024-07-01", "summer 19:59", "2024-07-01 19:59:00"),
      item("2024-07-01", "summer 20:00", "2024-07-01T20:00:00Z"),
      // Day after Thanksgiving: early close 13:00 New York = 18:00 UTC
      item("2024-11-29", "early close 17:59", "2024-11-29 17:59:00"),
      item("2024-11-29", "early close 18:30", "2024-11-29 18:30:00"),
    ]),
    "filings/f.jsonl": jsonl([{ date: "2024-03-01", ticker: "AAA", form: "10-Q", source: "t", text: "quarter" }]),
    "social/s.jsonl": jsonl([
      { date: "2024-03-01", id: "p1", title: "$AAA before", body: "", created_utc: "2024-03-01 15:00:00" },
      { date: "2024-03-01", id: "p2", title: "$AAA after", body: "", created_utc: "2024-03-01 22:00:00" },
      { date: "2024-03-01", id: "p3", title: "$AAA created only", body: "", created: "2024-03-01 23:00:00" },
    ]),
  });
}

const headlines = (rows: readonly { headline: string | null }[]) => rows.map((r) => r.headline);

describe("PointInTimeView under the known-at rule", () => {
  const data = DataFolder.open(folder());

  it("keeps items stamped at or after the close out of the session and hands them to the next one", () => {
    expect(headlines(data.asOf("2024-03-01").news("AAA"))).toEqual(["fri before close", "fri date only"]);
    // What became known on Monday: Friday's close and later, the weekend, Monday before its close.
    expect(headlines(data.asOf("2024-03-04").news("AAA", "2024-03-01"))).toEqual(["fri at close", "saturday stamped", "sunday date only", "monday early"]);
    // The view of a weekend day holds nothing that only becomes known on Monday.
    expect(headlines(data.asOf("2024-03-03").news("AAA"))).toEqual(["fri before close", "fri date only"]);
  });

  it("uses the 16:00 New York close with daylight saving and the 13:00 early closes", () => {
    expect(headlines(data.asOf("2024-07-01").news("AAA", "2024-06-28"))).toEqual(["summer 19:59"]);
    expect(headlines(data.asOf("2024-07-02").news("AAA", "2024-07-01"))).toEqual(["summer 20:00"]);
    expect(headlines(data.asOf("2024-11-29").news("AAA", "2024-11-27"))).toEqual(["early close 17:59"]);
    expect(headlines(data.asOf("2024-12-02").news("AAA", "2024-11-29"))).toEqual(["early close 18:30"]);
  });

  it("returns exactly the records whose known-at session is on or before the view date", () => {
    for (const d of ["2024-03-01", "2024-03-04", "2024-07-01", "2024-11-29", "2024-12-02"]) {
      const expected = data.news("AAA").filter((n) => knownAtSession(n) <= d);
      expect(new Set(data.asOf(d).news("AAA"))).toEqual(new Set(expected));
    }
  });

  it("counts date-only records on their own session by default and defers them with next-session", () => {
    expect(data.knownAt).toEqual({});
    expect(data.asOf("2024-03-01").filings("AAA")).toHaveLength(1);
    const deferred = DataFolder.open(data.dir, { knownAt: { dateOnly: "next-session" } });
    expect(deferred.asOf("2024-03-01").filings("AAA")).toHaveLength(0);
    expect(deferred.asOf("2024-03-04").filings("AAA", "2024-03-01")).toHaveLength(1);
    expect(headlines(deferred.asOf("2024-03-01").news("AAA"))).toEqual(["fri before close"]);
    // A view can carry its own rule, and views narrowed from it keep it.
    const view = data.asOf("2024-03-04", { dateOnly: "next-session" });
    expect(view.knownAt).toEqual({ dateOnly: "next-session" });
    expect(view.asOf("2024-03-01").filings("AAA")).toHaveLength(0);
    expect(view.knownAtSession({ date: "2024-03-01" })).toBe("2024-03-04");
  });

  it("reads social posts by created_utc (or created)", () => {
    const titles = (d: string, after?: string) =>
      data
        .asOf(d)
        .social("AAA", after)
        .map((p) => p.title);
    expect(titles("2024-03-01")).toEqual(["$AAA before"]);
    expect(titles("2024-03-04", "2024-03-01")).toEqual(["$AAA after", "$AAA created only"]);
  });

  it("rejects an unreadable time stamp with the file, line and field", () => {
    const dir = makeFolder({
      "prices/AAA.csv": priceCsv([["2024-03-01", 10]]),
      "news/bad.jsonl": jsonl([item("2024-03-01", "ok"), item("2024-03-01", "bad", "yesterday evening")]),
    });
    const bad = DataFolder.open(dir, { validate: false });
    expect(() => bad.news("AAA")).toThrow(DataError);
    expect(() => bad.news("AAA")).toThrow(/bad\.jsonl:2: field "datetime": unreadable time stamp "yesterday evening"/);
  });
});

describe.skipIf(!existsSync(SHARED))("TSLA GDELT headlines on ../shared/datasets", () => {
  it("a session's view holds none of the headlines stamped after its close, and the next session gets them", () => {
    const data = DataFolder.open(SHARED);
    const all = data.news("TSLA");
    const late = all.filter((n) => n.datetime !== undefined && n.datetime.slice(11, 16) >= "21:00" && n.date === n.datetime.slice(0, 10));
    expect(late.length).toBeGreaterThan(1000);
    for (const d of ["2022-10-06", "2022-12-15", "2023-02-01", "2023-04-10"]) {
      const seen = new Set(data.asOf(d).news("TSLA"));
      const lateOnD = late.filter((n) => n.date === d);
      expect(lateOnD.length).toBeGreaterThan(0);
      expect(lateOnD.some((n) => seen.has(n))).toBe(false);
      const next = tradingDays(d, "2023-12-31")[1]!;
      const newNext = new Set(data.asOf(next).news("TSLA", d));
      expect(lateOnD.every((n) => newNext.has(n))).toBe(true);
    }
  });
});

/**
 * The agents' point-in-time tools: the news, social and indicator tools read
 * only what was known by the decision day's New York close (the data layer's
 * session rule, daylight saving and early closes included) and record every
 * call with its arguments.
 */
import { describe, expect, it } from "vitest";
import { closeUtc, knownAtClose, ToolBox } from "../../src/blackboard/tools";
import { isTradingDay } from "../../src/data/calendar";
import { DataFolder } from "../../src/data/folder";
import { bundledDataDir } from "../../src/data/paths";

describe("point-in-time tools", () => {
  const data = DataFolder.open(bundledDataDir());
  const ticker = data.newsTickers().find((t) => data.news(t).some((n) => n.date >= "2025-03-01" && n.date <= "2025-06-30"))!;
  const newsDate = data.news(ticker).find((n) => n.date >= "2025-03-01")!.date;

  it("returns only rows inside (date - 7d, date] and records each call with its arguments", () => {
    const tools = new ToolBox(data.asOf(newsDate), ticker);
    const news = tools.news("news_analyst");
    expect(news.length).toBeGreaterThan(0);
    expect(news.every((n) => n.date <= newsDate && n.date >= tools.calls[0]!.args.start_date!)).toBe(true);
    tools.social("social_analyst");
    const snap = tools.indicators("market_analyst")!;
    expect(snap.date <= newsDate).toBe(true);
    expect(tools.calls.map((c) => c.tool)).toEqual(["get_news", "get_social", "get_indicators"]);
    expect(tools.calls[2]!.args).toEqual({ ticker, end_date: newsDate, bars: 300 });
  });
});

describe("known at the close (the data layer's session rule)", () => {
  it("keeps date-only rows and rows stamped before the New York close, with daylight-saving time and early closes", () => {
    expect(knownAtClose("2025-01-02", undefined, "2025-01-02")).toBe(true);
    // Winter: the 16:00 close is 21:00 UTC, so 20:00 UTC is still before it (the old fixed 20:00 cut-off dropped it).
    expect(knownAtClose("2025-01-02", "2025-01-02T20:00:00Z", "2025-01-02")).toBe(true);
    expect(knownAtClose("2025-01-02", "2025-01-02 20:59:59", "2025-01-02")).toBe(true);
    expect(knownAtClose("2025-01-02", "2025-01-02 21:00:00", "2025-01-02")).toBe(false);
    // Summer: the close is 20:00 UTC.
    expect(knownAtClose("2025-07-01", "2025-07-01 19:59:59", "2025-07-01")).toBe(true);
    expect(knownAtClose("2025-07-01", "2025-07-01 20:00:00", "2025-07-01")).toBe(false);
    // Early close on Christmas Eve 2024: 13:00 New York = 18:00 UTC.
    expect(knownAtClose("2024-12-24", "2024-12-24 18:30:00", "2024-12-24")).toBe(false);
    expect(knownAtClose("2024-12-24", "2024-12-24 18:30:00", "2024-12-26")).toBe(true);
    // An offset is honoured: 16:30 New York is after the close.
    expect(knownAtClose("2025-01-02", "2025-01-02T16:30:00-05:00", "2025-01-02")).toBe(false);
    expect(knownAtClose("2025-01-01", "2025-01-01 23:00:00", "2025-01-02")).toBe(true);
    expect(knownAtClose("2025-01-03", undefined, "2025-01-02")).toBe(false);
    // A Saturday post counts for Monday.
    expect(knownAtClose("2025-01-04", "2025-01-04 12:00:00", "2025-01-03")).toBe(false);
    expect(knownAtClose("2025-01-04", "2025-01-04 12:00:00", "2025-01-06")).toBe(true);
    expect(closeUtc("2025-01-02")).toBe("2025-01-02T21:00:00Z");
    expect(closeUtc("2025-07-01")).toBe("2025-07-01T20:00:00Z");
  });

  it("the social tool drops posts created after the close of the decision day, and records the close it used", () => {
    const data = DataFolder.open(bundledDataDir());
    const afterClose = (p: { date: string; created_utc?: string }) =>
      p.created_utc !== undefined && p.created_utc.slice(0, 10) === p.date && Date.parse(`${p.created_utc.replace(" ", "T")}Z`) >= Date.parse(closeUtc(p.date));
    const late = data.social().find((p) => p.date >= "2025-03-01" && isTradingDay(p.date) && afterClose(p) && (p.tickers ?? []).length > 0)!;
    expect(late).toBeDefined();
    const ticker = late.tickers![0]!;
    const on = new ToolBox(data.asOf(late.date), ticker);
    on.social("social_analyst");
    // Every post of the window as the folder holds it (the point-in-time view drops the late ones itself).
    const all = data.social(ticker).filter((p) => p.date >= (on.calls[0]!.args.start_date as string) && p.date <= late.date);
    const lateCount = all.filter((p) => p.date === late.date && afterClose(p)).length;
    expect(lateCount).toBeGreaterThan(0);
    expect(on.calls[0]!.result).toMatch(new RegExp(` of ${all.length - lateCount} posts$`));
    expect(on.calls[0]!.args.known_by).toBe(closeUtc(late.date));
    // The next session sees them.
    const next = new ToolBox(data.asOf(data.calendar().find((d) => d > late.date)!), ticker);
    expect(next.social("social_analyst", 8, 1000).some((p) => p.date === late.date && p.text.startsWith(late.title))).toBe(true);
  });
});

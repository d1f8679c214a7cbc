import { describe, expect, it } from "vitest";
import { earlyCloseReason, isKnownBy, knownAtSession, newlyKnownBySession, newYorkOffsetHours, parseStampUtc, sessionCloseUtc } from "../../src/data/sessions";
import { addDays } from "../../src/data/dates";

const iso = (ms: number) => new Date(ms).toISOString();

describe("New York time", () => {
  it("has the UTC offset the tz database gives at 16:00 on every day 2000-2030", () => {
    const fmt = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", timeZoneName: "shortOffset" });
    let checked = 0;
    for (let d = "2000-01-01"; d <= "2030-12-31"; d = addDays(d, 1)) {
      // 21:00 UTC is 16:00 or 17:00 in New York, well away from the 02:00 changes
      const name = fmt.formatToParts(new Date(`${d}T21:00:00Z`)).find((p) => p.type === "timeZoneName")?.value;
      expect(`${d} ${newYorkOffsetHours(d)}`).toBe(`${d} ${name === "GMT-4" ? -4 : -5}`);
      checked++;
    }
    expect(checked).toBe(11_323);
  });

  it("knows the early closes of recent years", () => {
    const early = (year: number) => {
      const out: string[] = [];
      for (let d = `${year}-01-01`; d <= `${year}-12-31`; d = addDays(d, 1)) if (earlyCloseReason(d)) out.push(d);
      return out;
    };
    // NYSE published half days
    expect(early(2019)).toEqual(["2019-07-03", "2019-11-29", "2019-12-24"]);
    expect(early(2020)).toEqual(["2020-11-27", "2020-12-24"]); // July 3 2020 was the observed holiday
    expect(early(2021)).toEqual(["2021-11-26"]); // Dec 24 2021 was the observed Christmas
    expect(early(2022)).toEqual(["2022-11-25"]);
    expect(early(2023)).toEqual(["2023-07-03", "2023-11-24"]);
    expect(early(2024)).toEqual(["2024-07-03", "2024-11-29", "2024-12-24"]);
    expect(early(2025)).toEqual(["2025-07-03", "2025-11-28", "2025-12-24"]);
  });

  it("puts the close at 16:00 New York time, 13:00 on early closes", () => {
    expect(iso(sessionCloseUtc("2024-07-01"))).toBe("2024-07-01T20:00:00.000Z");
    expect(iso(sessionCloseUtc("2024-03-08"))).toBe("2024-03-08T21:00:00.000Z"); // EST, the Friday before DST
    expect(iso(sessionCloseUtc("2024-03-11"))).toBe("2024-03-11T20:00:00.000Z"); // EDT from Sunday the 10th
    expect(iso(sessionCloseUtc("2024-11-29"))).toBe("2024-11-29T18:00:00.000Z");
    expect(iso(sessionCloseUtc("2024-07-03"))).toBe("2024-07-03T17:00:00.000Z");
    expect(iso(sessionCloseUtc("2006-10-27"))).toBe("2006-10-27T20:00:00.000Z"); // old rule: DST until the last Sunday of October
    expect(iso(sessionCloseUtc("2006-10-30"))).toBe("2006-10-30T21:00:00.000Z");
  });

  it("reads stamps as UTC unless they carry an offset or the source's zone says otherwise", () => {
    expect(parseStampUtc("2022-06-27 02:15:00")).toBe(Date.UTC(2022, 5, 27, 2, 15));
    expect(parseStampUtc("2022-06-27T02:15:00Z")).toBe(Date.UTC(2022, 5, 27, 2, 15));
    expect(parseStampUtc("2024-03-01T16:05:00-05:00")).toBe(Date.UTC(2024, 2, 1, 21, 5));
    expect(parseStampUtc("2024-03-01T16:05:00+0100")).toBe(Date.UTC(2024, 2, 1, 15, 5));
    expect(parseStampUtc("2024-07-01 16:05", "America/New_York")).toBe(Date.UTC(2024, 6, 1, 20, 5));
    expect(parseStampUtc("2024-07-01")).toBeNull();
    expect(() => parseStampUtc("July 1st")).toThrow(/unreadable time stamp "July 1st"/);
  });
});

describe("knownAtSession", () => {
  it("counts a stamp before the close for that session, at or after it for the next", () => {
    // Friday 2024-03-01, EST: close 21:00 UTC
    expect(knownAtSession({ date: "2024-03-01", datetime: "2024-03-01 20:59:59" })).toBe("2024-03-01");
    expect(knownAtSession({ date: "2024-03-01", datetime: "2024-03-01 21:00:00" })).toBe("2024-03-04");
    expect(knownAtSession({ date: "2024-03-01", datetime: "2024-03-01 20:30:00" })).toBe("2024-03-01");
    // Monday 2024-07-01, EDT: close 20:00 UTC, so 20:30 UTC is after it
    expect(knownAtSession({ date: "2024-07-01", datetime: "2024-07-01 20:30:00" })).toBe("2024-07-02");
    expect(knownAtSession({ date: "2024-07-01", datetime: "2024-07-01 13:00:00" })).toBe("2024-07-01"); // before the open: still that session
  });

  it("uses the New York date of the stamp: late UTC evening belongs to the previous New York day", () => {
    // 02:15 UTC on Tuesday is 22:15 on Monday in New York: after Monday's close, so Tuesday
    expect(knownAtSession({ date: "2022-06-28", datetime: "2022-06-28 02:15:00" })).toBe("2022-06-28");
    // 02:15 UTC on Monday is Sunday evening in New York: Monday
    expect(knownAtSession({ date: "2022-06-27", datetime: "2022-06-27 02:15:00" })).toBe("2022-06-27");
  });

  it("rolls weekends, holidays and early closes forward on the NYSE calendar", () => {
    expect(knownAtSession({ date: "2024-03-02", datetime: "2024-03-02 12:00:00" })).toBe("2024-03-04");
    expect(knownAtSession({ date: "2024-03-29", datetime: "2024-03-29 15:00:00" })).toBe("2024-04-01"); // Good Friday
    expect(knownAtSession({ date: "2024-11-29", datetime: "2024-11-29 18:30:00" })).toBe("2024-12-02"); // after the 13:00 early close
    expect(knownAtSession({ date: "2024-11-29", datetime: "2024-11-29 17:30:00" })).toBe("2024-11-29");
    expect(knownAtSession({ date: "2025-01-09", datetime: "2025-01-09 15:00:00" })).toBe("2025-01-10"); // Carter mourning day
  });

  it("counts a date-only record on its own session by default, or defers it", () => {
    expect(knownAtSession({ date: "2024-03-01" })).toBe("2024-03-01");
    expect(knownAtSession({ date: "2024-03-01", datetime: null })).toBe("2024-03-01");
    expect(knownAtSession({ date: "2024-03-01" }, { dateOnly: "next-session" })).toBe("2024-03-04");
    expect(knownAtSession({ date: "2024-03-02" })).toBe("2024-03-04");
    expect(knownAtSession({ date: "2024-03-02" }, { dateOnly: "next-session" })).toBe("2024-03-04");
    expect(knownAtSession({ date: "2024-03-01", datetime: "2024-03-01" })).toBe("2024-03-01"); // a date in the datetime field
  });

  it("answers isKnownBy and groups records by the session they become known on", () => {
    const items = [
      { id: "a", date: "2024-03-01", datetime: "2024-03-01 14:00:00" },
      { id: "b", date: "2024-03-01", datetime: "2024-03-01 22:00:00" },
      { id: "c", date: "2024-03-03" },
      { id: "d", date: "2024-02-28" },
    ];
    expect(isKnownBy(items[1]!, "2024-03-01")).toBe(false);
    expect(isKnownBy(items[1]!, "2024-03-04")).toBe(true);
    const groups = newlyKnownBySession(items, "2024-03-01", "2024-03-05");
    expect([...groups.keys()]).toEqual(["2024-03-01", "2024-03-04", "2024-03-05"]);
    expect(groups.get("2024-03-01")!.map((r) => r.id)).toEqual(["a"]);
    expect(groups.get("2024-03-04")!.map((r) => r.id)).toEqual(["b", "c"]);
  });
});

/**
 * When a dated or timestamped record becomes known to a trading agent: the
 * one rule every experiment uses to read news, posts and filings.
 *
 * An agent acting on NYSE session t decides at t's close and is scored from
 * close t to close t+1, so it may use what was published before t's close:
 *
 * - A **timestamped** record (e.g. GDELT's `seendate`, an EDGAR acceptance
 *   time) is known on the session whose close it precedes: stamped before
 *   the close of its own New York date's session counts for that session;
 *   stamped at or after that close, or on a weekend or holiday, counts for the
 *   next session. The close is 16:00 New York time (13:00 on early-close
 *   days), converted to UTC with US daylight-saving rules. A stamp without an
 *   offset is read as UTC (GDELT's are UTC and mark when GDELT first saw the
 *   article, which is never earlier than publication: conservative) unless the
 *   source says otherwise (`naiveZone: "America/New_York"`, e.g. EDGAR's
 *   header times).
 * - A **date-only** record (most news summaries and every filing summary in
 *   the shared data) counts on its own date when that is a session, as the
 *   authors' pipelines do (`dateOnly: "same-session"`, the default); with
 *   `dateOnly: "next-session"` it is deferred to the session after its date,
 *   for data whose dates may be stamped after the close. A date-only record on
 *   a weekend or holiday counts for the next session either way.
 */
import { isTradingDay, tradingDays } from "./calendar";
import { addDays, isIsoDate, weekday } from "./dates";

/** How a record without a time of day is placed. */
export type DateOnlyRule = "same-session" | "next-session";

/** How a timestamp without an offset is read. */
export type NaiveZone = "UTC" | "America/New_York";

export interface KnownAtOptions {
  /** Date-only records: on their own date's session (default), or the next one. */
  dateOnly?: DateOnlyRule;
  /** Time zone of stamps without an offset (default UTC). */
  naiveZone?: NaiveZone;
}

/** A record with a date and, optionally, a time stamp (news, posts, filings). */
export interface Stamped {
  date: string;
  /** "YYYY-MM-DD HH:MM[:SS]" or ISO 8601 ("T", optional "Z" or ±HH:MM offset). */
  datetime?: string | null;
}

const MS_PER_HOUR = 3_600_000;

/** n-th Sunday (1-based) of a month, or the last one (n = -1), as day of month. */
function nthSunday(year: number, month: number, n: number): number {
  if (n > 0) {
    const first = weekday(`${year}-${String(month).padStart(2, "0")}-01`);
    return 1 + ((7 - first) % 7) + 7 * (n - 1);
  }
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lastDow = weekday(`${year}-${String(month).padStart(2, "0")}-${String(last).padStart(2, "0")}`);
  return last - lastDow;
}

/**
 * New York's UTC offset in hours on a date's afternoon: -4 under daylight
 * saving time, else -5. US rules: from 2007 DST runs from the second Sunday of
 * March to the first Sunday of November; 1987-2006 from the first Sunday of
 * April to the last Sunday of October (changes at 02:00 local, so the
 * afternoon of a change day already has the new offset).
 *
 * @example
 * newYorkOffsetHours("2024-07-01"); // -4
 * newYorkOffsetHours("2024-12-02"); // -5
 */
export function newYorkOffsetHours(date: string): -4 | -5 {
  const year = Number(date.slice(0, 4));
  const md = date.slice(5);
  const pad = (m: number, d: number) => `${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  const [start, end] =
    year >= 2007 ? [pad(3, nthSunday(year, 3, 2)), pad(11, nthSunday(year, 11, 1))] : [pad(4, nthSunday(year, 4, 1)), pad(10, nthSunday(year, 10, -1))];
  return md >= start && md < end ? -4 : -5;
}

/**
 * Why the NYSE closes early (13:00 New York time) on a session, or null: the
 * day before Independence Day when that is a Monday to Thursday, the day after
 * Thanksgiving, and Christmas Eve on a weekday session. These are the rules
 * the exchange has followed since 2006; one-off early closes before then are
 * not listed.
 *
 * @example
 * earlyCloseReason("2024-11-29"); // "day after Thanksgiving"
 * earlyCloseReason("2024-11-27"); // null
 */
export function earlyCloseReason(date: string): string | null {
  if (!isTradingDay(date)) return null;
  const md = date.slice(5);
  const dow = weekday(date);
  if (md === "07-03" && dow >= 1 && dow <= 4) return "day before Independence Day";
  if (md === "12-24") return "Christmas Eve";
  if (date.slice(5, 7) === "11" && dow === 5) {
    const thanksgiving = nthThursday(Number(date.slice(0, 4)), 4);
    if (addDays(thanksgiving, 1) === date) return "day after Thanksgiving";
  }
  return null;
}

function nthThursday(year: number, n: number): string {
  const first = weekday(`${year}-11-01`);
  const day = 1 + ((4 - first + 7) % 7) + 7 * (n - 1);
  return `${year}-11-${String(day).padStart(2, "0")}`;
}

/**
 * The close of a session as a UTC instant (ms since the epoch): 16:00 New
 * York time, 13:00 on early-close days.
 *
 * @example
 * new Date(sessionCloseUtc("2024-07-01")).toISOString(); // "2024-07-01T20:00:00.000Z"
 * new Date(sessionCloseUtc("2024-12-24")).toISOString(); // "2024-12-24T18:00:00.000Z" (early close, EST)
 */
export function sessionCloseUtc(date: string): number {
  const localHour = earlyCloseReason(date) ? 13 : 16;
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) + (localHour - newYorkOffsetHours(date)) * MS_PER_HOUR;
}

/** The first session on or after a date. */
function sessionOnOrAfter(date: string): string {
  for (let d = date, guard = 0; guard < 15; d = addDays(d, 1), guard++) if (isTradingDay(d)) return d;
  throw new RangeError(`no NYSE session within 15 days after ${date}`);
}

/** The first session strictly after a date. */
function sessionAfter(date: string): string {
  return sessionOnOrAfter(addDays(date, 1));
}

/**
 * The last NYSE session strictly before a date: the session whose close
 * starts what the date's (or the next) session gets to know.
 *
 * @example
 * previousSession("2024-03-04"); // "2024-03-01" (Monday -> Friday)
 * previousSession("2024-01-16"); // "2024-01-12" (after the Martin Luther King Jr. Day weekend)
 */
export function previousSession(date: string): string {
  for (let d = addDays(date, -1), guard = 0; guard < 15; d = addDays(d, -1), guard++) if (isTradingDay(d)) return d;
  throw new RangeError(`no NYSE session within 15 days before ${date}`);
}

const STAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A time stamp as a UTC instant (ms), or null when it has no time of day.
 * Throws on a stamp that is neither a date nor a date-time.
 *
 * @example
 * parseStampUtc("2022-06-27 02:15:00"); // Date.UTC(2022, 5, 27, 2, 15)
 * parseStampUtc("2024-03-01T16:05:00-05:00"); // 21:05 UTC
 * parseStampUtc("2024-03-01 16:05", "America/New_York"); // 21:05 UTC as well
 */
export function parseStampUtc(stamp: string, naiveZone: NaiveZone = "UTC"): number | null {
  const text = stamp.trim();
  if (isIsoDate(text)) return null;
  const m = STAMP.exec(text);
  if (!m) throw new RangeError(`unreadable time stamp "${stamp}" (expected YYYY-MM-DD HH:MM[:SS] with an optional Z or ±HH:MM)`);
  const [, day = "", hh = "0", mm = "0", ss = "0", zone] = m;
  const wall = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), Number(hh), Number(mm), Number(ss));
  if (zone === "Z") return wall;
  if (zone) {
    const sign = zone.startsWith("-") ? -1 : 1;
    const digits = zone.replace(/[+:-]/g, "");
    return wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * 60_000;
  }
  return naiveZone === "UTC" ? wall : wall - newYorkOffsetHours(day) * MS_PER_HOUR;
}

/**
 * The New York calendar date of a UTC instant.
 *
 * @example
 * newYorkDate(Date.UTC(2024, 0, 13, 3, 0)); // "2024-01-12" (22:00 the evening before in New York)
 */
export function newYorkDate(utcMs: number): string {
  const utcDay = new Date(utcMs).toISOString().slice(0, 10);
  // The UTC day's afternoon offset is the instant's own except within an hour of a change (early Sunday UTC);
  // the date can then come out as Sunday instead of Saturday (or the reverse), both non-sessions, so the session found is the same.
  return new Date(utcMs + newYorkOffsetHours(utcDay) * MS_PER_HOUR).toISOString().slice(0, 10);
}

/**
 * The NYSE session on which a record becomes known (see the module comment):
 * its decision may use the record from that session's close on.
 *
 * @example
 * knownAtSession({ date: "2024-03-01", datetime: "2024-03-01 20:30:00" }); // "2024-03-01" (before the 21:00 UTC close)
 * knownAtSession({ date: "2024-03-01", datetime: "2024-03-01 21:00:00" }); // "2024-03-04" (at the close: next session)
 * knownAtSession({ date: "2024-03-02" }); // "2024-03-04" (Saturday)
 * knownAtSession({ date: "2024-03-01" }, { dateOnly: "next-session" }); // "2024-03-04"
 */
export function knownAtSession(record: Stamped, options: KnownAtOptions = {}): string {
  const instant = record.datetime ? parseStampUtc(record.datetime, options.naiveZone) : null;
  if (instant === null) {
    if (!isIsoDate(record.date)) throw new RangeError(`record date "${record.date}" is not YYYY-MM-DD`);
    return (options.dateOnly ?? "same-session") === "same-session" ? sessionOnOrAfter(record.date) : sessionAfter(record.date);
  }
  const localDate = newYorkDate(instant);
  if (isTradingDay(localDate) && instant < sessionCloseUtc(localDate)) return localDate;
  return sessionAfter(localDate);
}

/**
 * Whether a record is known at the close of `session` (its known-at session is
 * on or before it).
 *
 * @example
 * isKnownBy({ date: "2024-03-01", datetime: "2024-03-01 21:30:00" }, "2024-03-01"); // false
 */
export function isKnownBy(record: Stamped, session: string, options: KnownAtOptions = {}): boolean {
  return knownAtSession(record, options) <= session;
}

/**
 * The sessions in [from, to] with the records that become known on each (a
 * record known before `from` is left out).
 *
 * @example
 * newlyKnownBySession(news, "2024-03-01", "2024-03-08").get("2024-03-04"); // the weekend's and Friday evening's items
 */
export function newlyKnownBySession<T extends Stamped>(records: readonly T[], from: string, to: string, options: KnownAtOptions = {}): Map<string, T[]> {
  const out = new Map<string, T[]>(tradingDays(from, to).map((d) => [d, []]));
  for (const record of records) out.get(knownAtSession(record, options))?.push(record);
  return out;
}

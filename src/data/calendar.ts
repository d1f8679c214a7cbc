/**
 * NYSE trading calendar, 2000-2030: weekdays minus the exchange's full-day
 * holidays and special closures. Early closes (half days) are trading days.
 *
 * Holidays (NYSE Rule 7.2): New Year's Day, Martin Luther King Jr. Day (3rd
 * Monday of January), Washington's Birthday (3rd Monday of February), Good
 * Friday, Memorial Day (last Monday of May), Juneteenth (from 2022),
 * Independence Day, Labor Day (1st Monday of September), Thanksgiving (4th
 * Thursday of November), Christmas. A holiday on a Sunday is observed on the
 * Monday, on a Saturday on the Friday before — except New Year's Day, which
 * is then not observed (the Friday is the last trading day of the year).
 */
import { addDays, daysInMonth, isoOf, weekday } from "./dates";

/** Unscheduled full-day closures (national mourning, weather, 9/11). */
export const SPECIAL_CLOSURES: ReadonlyArray<{ date: string; reason: string }> = [
  { date: "2001-09-11", reason: "September 11 attacks" },
  { date: "2001-09-12", reason: "September 11 attacks" },
  { date: "2001-09-13", reason: "September 11 attacks" },
  { date: "2001-09-14", reason: "September 11 attacks" },
  { date: "2004-06-11", reason: "National day of mourning, Ronald Reagan" },
  { date: "2007-01-02", reason: "National day of mourning, Gerald Ford" },
  { date: "2012-10-29", reason: "Hurricane Sandy" },
  { date: "2012-10-30", reason: "Hurricane Sandy" },
  { date: "2018-12-05", reason: "National day of mourning, George H. W. Bush" },
  { date: "2025-01-09", reason: "National day of mourning, Jimmy Carter" },
];

export const CALENDAR_FIRST_YEAR = 2000;
export const CALENDAR_LAST_YEAR = 2030;

function ymd(y: number, m: number, d: number): string {
  return isoOf(new Date(Date.UTC(y, m - 1, d)));
}

/** n-th given weekday (0 = Sunday) of a month; n = -1 for the last one. */
function nthWeekday(y: number, m: number, dow: number, n: number): string {
  if (n > 0) {
    const first = weekday(ymd(y, m, 1));
    return ymd(y, m, 1 + ((dow - first + 7) % 7) + 7 * (n - 1));
  }
  const last = daysInMonth(y, m);
  const back = (weekday(ymd(y, m, last)) - dow + 7) % 7;
  return ymd(y, m, last - back);
}

/**
 * Gregorian Easter Sunday (anonymous Gregorian computus, Meeus/Jones/Butcher).
 *
 * @example
 * easterSunday(2024); // "2024-03-31"
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100),
    c = year % 100;
  const d = Math.floor(b / 4),
    e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4),
    k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

/** Saturday -> Friday before, Sunday -> Monday after. */
function observed(date: string): string {
  const dow = weekday(date);
  if (dow === 6) return addDays(date, -1);
  if (dow === 0) return addDays(date, 1);
  return date;
}

/**
 * The NYSE's scheduled full-day holidays of one year, with names.
 *
 * @example
 * nyseHolidays(2023).find((h) => h.name === "Good Friday")?.date; // "2023-04-07"
 */
export function nyseHolidays(year: number): Array<{ date: string; name: string }> {
  const out: Array<{ date: string; name: string }> = [];
  const newYear = ymd(year, 1, 1);
  // A Saturday New Year's Day is not observed on the Friday (Rule 7.2).
  if (weekday(newYear) !== 6) out.push({ date: observed(newYear), name: "New Year's Day" });
  out.push({ date: nthWeekday(year, 1, 1, 3), name: "Martin Luther King Jr. Day" });
  out.push({ date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" });
  out.push({ date: addDays(easterSunday(year), -2), name: "Good Friday" });
  out.push({ date: nthWeekday(year, 5, 1, -1), name: "Memorial Day" });
  if (year >= 2022) out.push({ date: observed(ymd(year, 6, 19)), name: "Juneteenth" });
  out.push({ date: observed(ymd(year, 7, 4)), name: "Independence Day" });
  out.push({ date: nthWeekday(year, 9, 1, 1), name: "Labor Day" });
  out.push({ date: nthWeekday(year, 11, 4, 4), name: "Thanksgiving Day" });
  out.push({ date: observed(ymd(year, 12, 25)), name: "Christmas Day" });
  return out.sort((a, b) => (a.date < b.date ? -1 : 1));
}

let closedCache: Map<string, string> | null = null;

/** Every non-weekend closure 2000-2030, date -> reason. */
function closures(): Map<string, string> {
  if (closedCache) return closedCache;
  const m = new Map<string, string>();
  for (let y = CALENDAR_FIRST_YEAR; y <= CALENDAR_LAST_YEAR; y++) for (const h of nyseHolidays(y)) m.set(h.date, h.name);
  for (const c of SPECIAL_CLOSURES) m.set(c.date, c.reason);
  closedCache = m;
  return m;
}

/**
 * Why the NYSE is closed on a date ("weekend", a holiday name, a special
 * closure), or null when it is a trading day.
 *
 * @example
 * closureReason("2024-07-04"); // "Independence Day"
 * closureReason("2024-07-05"); // null
 */
export function closureReason(date: string): string | null {
  const dow = weekday(date);
  if (dow === 0 || dow === 6) return "weekend";
  return closures().get(date) ?? null;
}

/**
 * True when the NYSE holds a regular (full or early-close) session.
 *
 * @example
 * isTradingDay("2025-01-09"); // false (Carter mourning day)
 */
export function isTradingDay(date: string): boolean {
  return closureReason(date) === null;
}

/**
 * NYSE trading days in [from, to], ascending.
 *
 * @example
 * tradingDays("2024-07-03", "2024-07-08"); // ["2024-07-03", "2024-07-05", "2024-07-08"]
 */
export function tradingDays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isTradingDay(d)) out.push(d);
  return out;
}

/**
 * Whether a date lies in the years this calendar knows (2000-2030); outside
 * it only weekends are known, so gap checks are skipped there.
 *
 * @example
 * calendarCovers("1999-12-31"); // false
 */
export function calendarCovers(date: string): boolean {
  const y = Number(date.slice(0, 4));
  return y >= CALENDAR_FIRST_YEAR && y <= CALENDAR_LAST_YEAR;
}

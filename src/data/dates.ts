/**
 * ISO calendar-date helpers (`YYYY-MM-DD`, UTC, no time zones). ISO dates
 * sort lexicographically, so comparisons are plain string comparisons.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True when `s` is a real calendar date in `YYYY-MM-DD` form.
 *
 * @example
 * isIsoDate("2024-02-29"); // true
 * isIsoDate("2023-02-29"); // false
 */
export function isIsoDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const y = Number(m[1]),
    mo = Number(m[2]),
    d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

/**
 * Normalise a date cell: `YYYY-MM-DD` or a timestamp starting with one
 * (`2024-01-02 00:00:00-05:00`, `2024-01-02T...`). Returns null when invalid.
 *
 * @example
 * normalizeDate("2024-01-02 00:00:00-05:00"); // "2024-01-02"
 */
export function normalizeDate(s: string): string | null {
  const t = s.trim();
  if (t.length < 10) return null;
  const head = t.slice(0, 10);
  if (t.length > 10 && t[10] !== " " && t[10] !== "T") return null;
  return isIsoDate(head) ? head : null;
}

/** Number of days in a month (1-based month). @example daysInMonth(2024, 2); // 29 */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Format a UTC Date as `YYYY-MM-DD`. @example isoOf(new Date(Date.UTC(2024, 0, 5))); // "2024-01-05" */
export function isoOf(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Parse `YYYY-MM-DD` to a UTC-midnight Date. @example utcDate("2024-01-05").getUTCDay(); // 5 (Friday) */
export function utcDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** Add calendar days. @example addDays("2024-02-28", 2); // "2024-03-01" */
export function addDays(iso: string, days: number): string {
  const d = utcDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return isoOf(d);
}

/** Day of week, 0 = Sunday ... 6 = Saturday. @example weekday("2025-01-09"); // 4 */
export function weekday(iso: string): number {
  return utcDate(iso).getUTCDay();
}

/**
 * Index of the last element <= `date` in an ascending array (-1 if none):
 * the cut point of every point-in-time slice.
 *
 * @example
 * lastIndexAtOrBefore(["2024-01-02", "2024-01-03"], "2024-01-02"); // 0
 */
export function lastIndexAtOrBefore(sortedDates: readonly string[], date: string): number {
  let lo = 0,
    hi = sortedDates.length; // first index with value > date
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sortedDates[mid]! <= date) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

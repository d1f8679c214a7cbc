/**
 * Dates as sessions relative to the one a prompt serves ("session t-3"), for
 * the anonymised control: a calendar date lets a model recall what happened
 * around it; a distance in trading days does not.
 *
 * The distance from a date d to the session t is the number of NYSE sessions
 * from the first session on or after d to t: a Saturday counts as the Monday
 * after it. Sessions are counted on one sorted list, built once, from the
 * NYSE calendar rules (1990 .. 2049); dates outside it are clamped to its ends.
 */
import { isTradingDay } from "./calendar";
import { addDays } from "./dates";

const FIRST = "1990-01-01";
const LAST = "2049-12-31";
let sessions: string[] | null = null;

function allSessions(): string[] {
  if (sessions) return sessions;
  const out: string[] = [];
  for (let d = FIRST; d <= LAST; d = addDays(d, 1)) if (isTradingDay(d)) out.push(d);
  return (sessions = out);
}

/** Index of the first session on or after `date` (binary search; clamped to the list). */
function indexOnOrAfter(date: string): number {
  const list = allSessions();
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < date) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, list.length - 1);
}

/**
 * Trading sessions from `date` to `session`: positive when the date is earlier.
 *
 * @example
 * sessionsBefore("2021-01-21", "2021-01-26"); // 3 (Jan 21, 22, 25 -> 26)
 * sessionsBefore("2021-01-23", "2021-01-26"); // 1 (a Saturday counts as Monday the 25th)
 * sessionsBefore("2021-01-28", "2021-01-26"); // -2
 */
export function sessionsBefore(date: string, session: string): number {
  return indexOnOrAfter(session) - indexOnOrAfter(date);
}

/**
 * A date as a session relative to `session`: "session t", "session t-3", "session t+2".
 *
 * @example
 * relativeSessionLabel("2021-01-21", "2021-01-26"); // "session t-3"
 * relativeSessionLabel("2021-01-26", "2021-01-26"); // "session t"
 */
export function relativeSessionLabel(date: string, session: string): string {
  const k = sessionsBefore(date, session);
  return k === 0 ? "session t" : k > 0 ? `session t-${k}` : `session t+${-k}`;
}

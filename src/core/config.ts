/**
 * How an experiment documents its config keys, so that `consilium keys`, the
 * README and error messages explain themselves: each key carries a
 * description, and says whose reading its default (or each of its options)
 * follows — the paper's text, the authors' code, the paper's printed tables,
 * our own choice where all of them are silent, or our reading where we depart
 * from them on purpose (e.g. for the no-look-ahead rule; the key's
 * description says why).
 *
 * The metadata rides on zod's `.meta()`, so `z.toJSONSchema` (which
 * src/run/config reads) carries it next to the type, bounds and default.
 * Date keys share one calendar check (isoDateKey), so every experiment
 * rejects "2023-02-30" the same way, naming the key.
 */
import { z } from "zod";

/** Whose reading a default or an option follows. */
export type Reading = "paper" | "code" | "tables" | "ours" | "departs" | "data";

/** What `consilium keys` prints for a reading. */
export const READING_LABELS: Readonly<Record<Reading, string>> = {
  paper: "paper text",
  code: "authors' code",
  tables: "paper's tables",
  ours: "our choice; paper and code silent",
  departs: "our reading, departing from paper and code on purpose",
  data: "from the data folder",
};

export interface KeyDoc {
  /** What the key does, one or two sentences. */
  description: string;
  /** Whose reading the default follows. */
  source?: Reading;
  /** For an enum: whose reading each option is (options not listed are extras of ours). */
  readings?: Readonly<Record<string, Reading>>;
}

/**
 * Attach a key's documentation to its zod schema (returns the same kind of
 * schema, so it composes inside `z.object({...})`).
 *
 * @example
 * const alpha = documented(z.number().min(0).max(1).default(0.5), {
 *   description: "Weight of the newest statement in the non-Bayesian update (eq. 4).",
 *   source: "paper",
 * });
 */
export function documented<T extends z.ZodType>(schema: T, doc: KeyDoc): T {
  return schema.meta({ ...doc }) as T;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True when `text` is a real calendar date written `YYYY-MM-DD` (leap years
 * counted): the one test behind every date key and date flag, so
 * "2023-02-30" and "2023-13-45" fail where they are given instead of being
 * compared as strings later ("after end") or turned into an Invalid Date.
 *
 * @example
 * isCalendarDate("2024-02-29"); // true
 * isCalendarDate("2023-02-30"); // false
 * isCalendarDate("2023-13-45"); // false
 */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The error text of a date key that is not a calendar date (resolveConfig prints it beside the key). */
export const NOT_A_DATE = "not a calendar date";

/**
 * A config key holding a calendar date (`YYYY-MM-DD`). Its JSON Schema carries
 * `format: "date"`, so `consilium keys` and config errors say "a calendar date".
 *
 * @example
 * const start = documented(isoDateKey().default("2025-01-01"), { description: "First test date.", source: "paper" });
 */
export function isoDateKey(): z.ZodString {
  return z.string().refine(isCalendarDate, { error: NOT_A_DATE }).meta({ format: "date" });
}

/**
 * A calendar-date key that may also be empty ("" = the default that follows
 * from other keys, e.g. FinMem's window dates).
 *
 * @example
 * const trainStart = documented(isoDateOrEmptyKey().default(""), { description: "First training day; empty = from the window.", source: "ours" });
 */
export function isoDateOrEmptyKey(): z.ZodString {
  return z
    .string()
    .refine((text) => text === "" || isCalendarDate(text), { error: NOT_A_DATE })
    .meta({ format: "date-or-empty" });
}

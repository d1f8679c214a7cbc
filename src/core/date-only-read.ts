/**
 * The declared read behind `dateOnly=same-session`: a news item or filing
 * with a date and no time counts on its own date's session, as the authors'
 * pipelines do, although it may have been released after that session's close
 * (results usually are). The look-ahead audit's poisoned copy treats such a
 * record dated on the audit date D as possibly after D's close and removes
 * it, so under `same-session` the outputs of D itself may change: this read
 * explains that, and the report lists it.
 */
import type { DeclaredRead } from "./contract";

/** How a record with a date and no time is placed (mirrors the data layer's DateOnlyRule). */
export type DateOnlyReading = "same-session" | "next-session";

/**
 * The declared reads of a `dateOnly` setting for an audit at session `date`:
 * one read on `date` itself under `same-session`, none under `next-session`.
 *
 * @example
 * dateOnlyDeclaredReads("same-session", "2021-01-26")[0]?.sessions; // ["2021-01-26"]
 * dateOnlyDeclaredReads("next-session", "2021-01-26"); // []
 */
export function dateOnlyDeclaredReads(dateOnly: DateOnlyReading, date: string): DeclaredRead[] {
  if (dateOnly !== "same-session") return [];
  return [
    {
      name: "date-only records on their own session",
      reason:
        "dateOnly=same-session (the authors' pipelines): a news item or filing with a date and no time is read at its date's close, " +
        "though it may have been released after it (use dateOnly=next-session, the default, to wait a session)",
      sessions: [date],
      columns: "all",
      tasks: "all",
    },
  ];
}

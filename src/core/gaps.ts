/**
 * Counting the model answers a run went on without (RunGaps, contract.ts) and
 * saying so in its tables, the same way for every experiment: the manifest
 * carries the total and a count for every task that can leave one (0
 * included), and every table's note names the gaps.
 */
import type { RunGaps, Table } from "./contract";

/**
 * The gaps of a run as the manifest counts them: the total and a count for
 * every task named in `tasks` (0 included), plus any other task that gapped.
 *
 * @example
 * countGaps([{ task: "demo.rate" }], ["demo.rate", "demo.judge"]); // { total: 1, byTask: { "demo.rate": 1, "demo.judge": 0 } }
 */
export function countGaps(gaps: ReadonlyArray<{ task: string }>, tasks: readonly string[]): RunGaps {
  const byTask: Record<string, number> = {};
  for (const t of tasks) byTask[t] = 0;
  for (const g of gaps) byTask[g.task] = (byTask[g.task] ?? 0) + 1;
  return { total: gaps.length, byTask };
}

/**
 * The tables with `note` appended to each one's note (unchanged when `note` is null: a run without gaps).
 *
 * @example
 * withGapNote([{ name: "t", title: "T", rows: [], note: "Daily." }], "Gaps: 1 ...")[0].note; // "Daily. Gaps: 1 ..."
 */
export function withGapNote(tables: readonly Table[], note: string | null): Table[] {
  return note ? tables.map((t) => ({ ...t, note: t.note ? `${t.note} ${note}` : note })) : [...tables];
}

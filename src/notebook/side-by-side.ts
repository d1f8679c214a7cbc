/**
 * One table from the same table of several runs, their values side by side.
 */
import type { Cell, Row, Table } from "../core/index";

/** One run's version of a table, and the label its columns get. */
export interface TableVariant {
  label: string;
  table: Table;
}

/**
 * Joins the variants of one table on `keys`: a row per key combination (in the
 * first variant's order, then any new ones), the key columns, then for each
 * value column one column per variant, named `column (label)`. `values`
 * defaults to the first variant's numeric columns that are not keys. A key
 * missing from a variant leaves its cells empty. Notes: the first variant's,
 * then any other variant's that differs, under its label.
 *
 * @example
 * sideBySide([{ label: "hashing", table: a }, { label: "minilm", table: b }], ["candidate", "agent"], ["score"]).columns
 * // ["candidate", "agent", "score (hashing)", "score (minilm)"]
 */
export function sideBySide(variants: readonly TableVariant[], keys: readonly string[], values?: readonly string[]): Table {
  const first = variants[0];
  if (!first) throw new RangeError("sideBySide: need at least one table");
  const valueColumns = values ?? Object.keys(first.table.rows[0] ?? {}).filter((c) => !keys.includes(c) && typeof first.table.rows[0]![c] === "number");
  const keyOf = (row: Row) => JSON.stringify(keys.map((k) => row[k] ?? null));
  const rows = new Map<string, Row>();
  for (const { label, table } of variants) {
    for (const row of table.rows) {
      const key = keyOf(row);
      let out = rows.get(key);
      if (!out) {
        out = Object.fromEntries(keys.map((k) => [k, row[k] ?? null])) as Row;
        rows.set(key, out);
      }
      for (const c of valueColumns) out[`${c} (${label})`] = (row[c] ?? null) as Cell;
    }
  }
  const columns = [...keys, ...valueColumns.flatMap((c) => variants.map((v) => `${c} (${v.label})`))];
  const filled = [...rows.values()].map((r) => Object.fromEntries(columns.map((c) => [c, r[c] ?? null])) as Row);
  return {
    name: `${first.table.name}_side_by_side`,
    title: `${first.table.title}: ${variants.map((v) => v.label).join(" vs ")}`,
    rows: filled,
    columns,
    note: notesOf(variants),
  };
}

/** The first variant's note, then each other variant's note that differs from it, prefixed by its label. */
function notesOf(variants: readonly TableVariant[]): string | undefined {
  const base = variants[0]?.table.note;
  const others = variants.slice(1).filter((v) => v.table.note && v.table.note !== base);
  const notes = [...(base ? [base] : []), ...others.map((v) => `${v.label}: ${v.table.note}`)];
  return notes.length > 0 ? notes.join(" | ") : undefined;
}

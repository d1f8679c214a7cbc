/** Serialising result tables: CSV for machines, Markdown for papers and READMEs. */
import type { Cell, Table } from "./contract";

/**
 * A table's columns: the declared order, else every row key in first-seen order.
 *
 * @example
 * tableColumns({ name: "t", title: "T", rows: [{ a: 1 }, { b: 2 }] }); // ["a", "b"]
 */
export function tableColumns(table: Table): string[] {
  if (table.columns) return table.columns;
  const seen = new Set<string>();
  for (const row of table.rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

function csvCell(value: Cell | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : value > 0 ? "inf" : value < 0 ? "-inf" : "nan";
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * RFC 4180 CSV with a header row; numbers at full precision, null as empty.
 *
 * @example
 * toCsv({ name: "t", title: "T", rows: [{ a: 1, b: "x,y" }] }); // "a,b\n1,\"x,y\"\n"
 */
export function toCsv(table: Table): string {
  const columns = tableColumns(table);
  const lines = [columns.map((c) => csvCell(c)).join(",")];
  for (const row of table.rows) lines.push(columns.map((c) => csvCell(row[c])).join(","));
  return lines.join("\n") + "\n";
}

/** Decimals every paper's result tables are rounded to (see `tableNumber`). */
export const TABLE_DIGITS = 6;

/**
 * A table cell from a number: rounded to `digits` decimals (through `toFixed`,
 * so the cell is the shortest decimal of the correctly rounded value and the
 * same seed always prints the same digits), or null when the number is not
 * finite (CSV and JSON cannot hold NaN or Infinity).
 *
 * @example
 * tableNumber(0.123456789); // 0.123457
 * tableNumber(-0.43305999999999996); // -0.43306
 * tableNumber(NaN); // null
 */
export function tableNumber(x: number, digits: number = TABLE_DIGITS): number | null {
  if (!Number.isFinite(x)) return null;
  const rounded = Number(x.toFixed(digits));
  // toFixed keeps the sign of a value that rounds to zero ("-0.000000"): a cell shows 0.
  return rounded === 0 ? 0 : rounded;
}

/**
 * A number for humans: integers as is, others to `digits` decimals (trailing zeros kept for alignment).
 *
 * @example
 * formatNumber(0.5); // "0.5000"
 */
export function formatNumber(value: number, digits = 4): string {
  if (!Number.isFinite(value)) return String(value);
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(digits);
}

/**
 * GitHub-flavoured Markdown table, numbers rounded to `digits` decimals.
 *
 * @example
 * toMarkdown({ name: "t", title: "T", rows: [{ a: 1.23456 }] }); // "| a |\n|---|\n| 1.2346 |\n"
 */
export function toMarkdown(table: Table, digits = 4): string {
  const columns = tableColumns(table);
  const escape = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const cell = (value: Cell | undefined) =>
    value === null || value === undefined ? "" : typeof value === "number" ? formatNumber(value, digits) : escape(String(value));
  const lines = [`| ${columns.map(escape).join(" | ")} |`, `|${columns.map(() => "---").join("|")}|`];
  for (const row of table.rows) lines.push(`| ${columns.map((c) => cell(row[c])).join(" | ")} |`);
  return lines.join("\n") + "\n";
}

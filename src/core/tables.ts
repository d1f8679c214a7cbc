/** Serialising result tables: CSV for machines, Markdown for papers and READMEs. */
import type { Cell, Row, Table } from "./contract";

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

/** Significant digits every result table keeps (see `tableNumber`). */
export const TABLE_SIGNIFICANT_DIGITS = 10;

/**
 * A table cell from a number, the one rounding rule of every paper's tables:
 * integers as they are; other numbers to 10 significant digits (through
 * `toPrecision`, so the cell is the shortest decimal of the correctly rounded
 * value, float noise such as -0.43305999999999996 is gone, and small values
 * such as p-values keep their digits); null when the number is not finite
 * (CSV and JSON cannot hold NaN or Infinity).
 *
 * @example
 * tableNumber(0.123456789012); // 0.123456789
 * tableNumber(-0.43305999999999996); // -0.43306
 * tableNumber(3.14159265358e-9); // 3.141592654e-9
 * tableNumber(997961.99280749); // 997961.9928
 * tableNumber(NaN); // null
 */
export function tableNumber(x: number, significant: number = TABLE_SIGNIFICANT_DIGITS): number | null {
  if (!Number.isFinite(x)) return null;
  if (Number.isInteger(x)) return x;
  const rounded = Number(x.toPrecision(significant));
  // A value that rounds to zero keeps its sign ("-0"): a cell shows 0.
  return rounded === 0 ? 0 : rounded;
}

/**
 * The table with every number cell passed through `tableNumber` (other cells unchanged).
 *
 * @example
 * roundTableCells({ name: "t", title: "T", rows: [{ a: 1 / 3, b: "x" }] }).rows[0]; // { a: 0.3333333333, b: "x" }
 */
export function roundTableCells(table: Table): Table {
  return {
    ...table,
    rows: table.rows.map((row) => {
      const out: Row = {};
      for (const [key, value] of Object.entries(row)) out[key] = typeof value === "number" ? tableNumber(value) : value;
      return out;
    }),
  };
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

/**
 * A small RFC 4180 CSV reader (quoted fields, doubled quotes, CRLF) that keeps
 * the 1-based line number of every record, so errors can point at the line.
 */
import { readFileSync } from "node:fs";
import { DataError } from "./errors";

export interface CsvRecord {
  /** 1-based line number in the file. */
  line: number;
  /** One cell per header column (`parseCsv` rejects a record of another width). */
  cells: string[];
}

export interface CsvTable {
  file: string;
  header: string[];
  records: CsvRecord[];
}

/**
 * Split one CSV line into cells (quotes per RFC 4180; no embedded newlines).
 *
 * @example
 * splitCsvLine('a,"b,c","say ""hi"""'); // ["a", "b,c", 'say "hi"']
 */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cur = "";
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (line[i + 1] === '"') {
          cur += '"';
          i++;
        } else inQuotes = false;
      } else cur += ch;
    } else if (ch === '"') inQuotes = true;
    else if (ch === ",") {
      cells.push(cur);
      cur = "";
    } else cur += ch;
  }
  cells.push(cur);
  return cells;
}

/**
 * Parse CSV text with a header row. Blank lines are skipped; a record with a
 * different number of cells than the header is an error on that line.
 *
 * @example
 * parseCsv("Date,Close\n2024-01-02,1.5\n", "x.csv").records[0]; // { line: 2, cells: ["2024-01-02", "1.5"] }
 */
export function parseCsv(text: string, file: string): CsvTable {
  const lines = text.split(/\r?\n/);
  const headerIdx = lines.findIndex((l) => l.trim() !== "");
  if (headerIdx < 0) throw new DataError("empty file (no header row)", { file, line: 1 });
  const header = splitCsvLine(lines[headerIdx]!.replace(/^\uFEFF/, "")).map((h) => h.trim());
  const records: CsvRecord[] = [];
  for (let i = headerIdx + 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === "") continue;
    const cells = splitCsvLine(raw);
    if (cells.length !== header.length) {
      throw new DataError(`expected ${header.length} columns (${header.join(",")}), found ${cells.length}`, { file, line: i + 1 });
    }
    records.push({ line: i + 1, cells });
  }
  return { file, header, records };
}

/** Read and parse a CSV file. @example readCsv("datasets/prices/SPY.csv").header; // ["Date", ...] */
export function readCsv(file: string): CsvTable {
  return parseCsv(readFileSync(file, "utf8"), file);
}

/**
 * Quote a value for CSV output when needed.
 *
 * @example
 * csvCell('a,b'); // '"a,b"'
 */
export function csvCell(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

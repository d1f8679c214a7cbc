/**
 * JSON Lines files: one JSON object per line, blank lines ignored. Parsing
 * keeps each record's 1-based line number so validators can point at it.
 */
import { readFileSync } from "node:fs";
import { DataError } from "./errors";

export interface JsonlRecord {
  line: number;
  value: Record<string, unknown>;
}

/**
 * Parse JSONL text. A line that is not valid JSON, or not a JSON object,
 * throws a `DataError` naming the file and line.
 *
 * @example
 * parseJsonl('{"a":1}\n\n{"a":2}\n', "x.jsonl").map((r) => r.line); // [1, 3]
 */
export function parseJsonl(text: string, file: string): JsonlRecord[] {
  const out: JsonlRecord[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.replace(/\r$/, "");
    if (raw.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw new DataError(`malformed JSON (${(e as Error).message})`, { file, line: i + 1 });
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      throw new DataError("each line must be a JSON object", { file, line: i + 1 });
    }
    out.push({ line: i + 1, value: value as Record<string, unknown> });
  }
  return out;
}

/** Read and parse a JSONL file. @example readJsonl("datasets/news/ALTA.jsonl").length; */
export function readJsonl(file: string): JsonlRecord[] {
  return parseJsonl(readFileSync(file, "utf8"), file);
}

/**
 * Serialise records as JSONL (one compact object per line, trailing newline).
 *
 * @example
 * toJsonl([{ a: 1 }, { a: 2 }]); // '{"a":1}\n{"a":2}\n'
 */
export function toJsonl(rows: readonly object[]): string {
  return rows.map((r) => JSON.stringify(r)).join("\n") + (rows.length > 0 ? "\n" : "");
}

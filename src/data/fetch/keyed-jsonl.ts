/**
 * A JSONL file of records keyed by one field (an accession number), kept
 * sorted and rewritten atomically on every change: what the filings fetcher
 * uses for `filings/<T>.jsonl` and `fundamentals/<T>.jsonl`.
 */
import { existsSync, readFileSync } from "node:fs";
import { writeFileAtomic } from "../atomic";
import { DataError } from "../errors";
import { parseJsonl, toJsonl } from "../jsonl";

/**
 * Records by key, ordered by `sortKey` then key.
 *
 * @example
 * const f = KeyedJsonl.load("out/filings/AAPL.jsonl", "accession", "datetime");
 * f.upsert({ accession: "0000320193-24-000123", datetime: "2024-11-01T10:01:36Z", ... }); f.write();
 */
export class KeyedJsonl<T extends Record<string, unknown>> {
  private readonly rows = new Map<string, T>();

  private constructor(
    readonly file: string,
    private readonly key: keyof T & string,
    private readonly sortKey: keyof T & string,
  ) {}

  /** Load a file (absent = empty); a record without the key is a `DataError` naming file and line. */
  static load<T extends Record<string, unknown>>(file: string, key: keyof T & string, sortKey: keyof T & string): KeyedJsonl<T> {
    const store = new KeyedJsonl<T>(file, key, sortKey);
    if (!existsSync(file)) return store;
    for (const rec of parseJsonl(readFileSync(file, "utf8"), file)) {
      const k = rec.value[key];
      if (typeof k !== "string")
        throw new DataError(`record without "${key}" (not written by the fetcher? move it to another file)`, { file, line: rec.line, field: key });
      store.rows.set(k, rec.value as T);
    }
    return store;
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  get size(): number {
    return this.rows.size;
  }

  upsert(row: T): void {
    this.rows.set(String(row[this.key]), row);
  }

  values(): T[] {
    const s = (r: T): string => String(r[this.sortKey] ?? "");
    return [...this.rows.entries()].sort(([ka, a], [kb, b]) => (s(a) < s(b) ? -1 : s(a) > s(b) ? 1 : ka < kb ? -1 : ka > kb ? 1 : 0)).map(([, r]) => r);
  }

  write(): void {
    writeFileAtomic(this.file, toJsonl(this.values()));
  }
}

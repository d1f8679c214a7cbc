/**
 * An append-only JSON-lines key/value store: the on-disk format of the
 * record/replay cache. Each line is one canonical (sorted-key) JSON object
 * with a `key`; files are read once, lazily; the first line for a key wins.
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, truncateSync } from "node:fs";
import path from "node:path";
import { LlmCacheError } from "./errors";
import { stableStringify } from "./json";

export interface StoredEntry {
  key: string;
}

export interface JsonlStoreOptions<E extends StoredEntry> {
  /** Directory holding the `*.jsonl` files (created on the first append). */
  dir: string;
  /** Repair a torn last line (truncate it) on load; replay never writes. */
  writable: boolean;
  /** Check one parsed line; throw a message naming the bad field. */
  parse(raw: unknown): E;
  log?: (message: string) => void;
}

/**
 * Key/value cache over `<dir>/*.jsonl`. A torn last line (an interrupted
 * append) is skipped with a warning and, when writable, truncated away so the
 * next append starts on a clean line; any other unreadable line is an error
 * naming the file and line.
 *
 * @example
 * const store = new JsonlStore({ dir, writable: true, parse: (r) => r as { key: string } });
 * store.append("demo.jsonl", { key: "k1", value: 1 });
 * store.get("k1"); // { key: "k1", value: 1 }
 */
export class JsonlStore<E extends StoredEntry> {
  private entries: Map<string, E> | null = null;

  constructor(private readonly options: JsonlStoreOptions<E>) {}

  get dir(): string {
    return this.options.dir;
  }

  /** Number of distinct keys on disk (loads the files). */
  get size(): number {
    return this.load().size;
  }

  get(key: string): E | undefined {
    return this.load().get(key);
  }

  /** Every stored entry (first line per key), in file-name then line order. */
  values(): E[] {
    return [...this.load().values()];
  }

  /** Append one entry as a canonical JSON line to `<dir>/<fileName>` and index it. */
  append(fileName: string, entry: E): void {
    if (!this.options.writable) throw new Error(`JsonlStore: ${this.options.dir} is read-only (replay mode)`);
    const entries = this.load();
    mkdirSync(this.options.dir, { recursive: true });
    appendFileSync(path.join(this.options.dir, fileName), stableStringify(entry) + "\n", "utf8");
    if (!entries.has(entry.key)) entries.set(entry.key, entry);
  }

  private load(): Map<string, E> {
    if (this.entries) return this.entries;
    const entries = new Map<string, E>();
    const dir = this.options.dir;
    if (existsSync(dir) && statSync(dir).isDirectory()) {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(".jsonl"))
        .sort();
      for (const file of files) this.loadFile(path.join(dir, file), entries);
    }
    this.entries = entries;
    return entries;
  }

  private loadFile(file: string, entries: Map<string, E>): void {
    const bytes = readFileSync(file);
    const text = bytes.toString("utf8");
    const lines = text.split("\n");
    const endsClean = text.length === 0 || text.endsWith("\n");
    if (endsClean) lines.pop(); // the "" after the final newline
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const isLast = i === lines.length - 1;
      if (line.trim() === "") continue;
      let raw: unknown;
      try {
        raw = JSON.parse(line);
      } catch (err) {
        if (isLast && !endsClean) {
          this.dropTornTail(file, bytes);
          continue;
        }
        throw new LlmCacheError(`${file}:${i + 1}: not valid JSON (${err instanceof Error ? err.message : String(err)})`, file, i + 1);
      }
      let entry: E;
      try {
        entry = this.options.parse(raw);
      } catch (err) {
        throw new LlmCacheError(`${file}:${i + 1}: ${err instanceof Error ? err.message : String(err)}`, file, i + 1);
      }
      if (isLast && !endsClean && this.options.writable) appendFileSync(file, "\n", "utf8");
      if (!entries.has(entry.key)) entries.set(entry.key, entry);
    }
  }

  private dropTornTail(file: string, bytes: Buffer): void {
    const keep = bytes.lastIndexOf(0x0a) + 1; // up to and including the last newline
    const action = this.options.writable ? "truncated" : "skipped";
    this.options.log?.(`cache: ${file}: ${action} a torn last line (${bytes.length - keep} bytes from an interrupted write)`);
    if (this.options.writable) truncateSync(file, keep);
  }
}

/**
 * A file-safe name: characters other than letters, digits, ".", "_" and "-"
 * become "_".
 *
 * @example
 * safeFileStem("finmem/reflect v2"); // "finmem_reflect_v2"
 */
export function safeFileStem(name: string): string {
  const stem = name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\.+/, "_");
  return stem === "" ? "_" : stem;
}

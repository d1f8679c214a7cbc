/**
 * The resume ledger of a download: a small JSON file in the output folder
 * that records every finished unit of work (a GDELT query window, an EDGAR
 * filing), rewritten atomically after each one. A rerun skips what the ledger
 * lists, so a fetch killed half-way finishes without asking the source again
 * for what it already has. Units are recorded after their data is on disk:
 * a kill between the two costs one repeated request, never a lost record.
 * No timestamps are stored, so two complete pulls of the same answers leave
 * byte-identical ledgers. A unit that failed is recorded as well
 * (`{"status": "failed", "ticker", "unit", "error"}`): a rerun retries it, and
 * until one succeeds `data check` reports it (`../check-ledgers.ts`), so a
 * failed ticker never passes for one without news or filings.
 */
import { existsSync, readFileSync } from "node:fs";
import { writeFileAtomic } from "../atomic";

/** What the ledger keeps per unit (source-specific, JSON-serialisable). */
export type LedgerEntry = Record<string, string | number | boolean | null | string[]>;

interface LedgerFile {
  source: string;
  units: Record<string, LedgerEntry>;
}

/**
 * A resume ledger bound to one file.
 *
 * @example
 * const ledger = FetchLedger.open("out/news/_gdelt_ledger.json", "gdelt");
 * if (!ledger.has(key)) { ...fetch...; ledger.mark(key, { records: 12 }); }
 */
export class FetchLedger {
  private readonly units: Map<string, LedgerEntry>;

  private constructor(
    readonly file: string,
    readonly source: string,
    units: Record<string, LedgerEntry>,
  ) {
    this.units = new Map(Object.entries(units));
  }

  /** Open (or start) a ledger; an unreadable or foreign file starts empty (everything is fetched again). */
  static open(file: string, source: string): FetchLedger {
    if (!existsSync(file)) return new FetchLedger(file, source, {});
    try {
      const parsed = JSON.parse(readFileSync(file, "utf8")) as Partial<LedgerFile>;
      if (parsed.source === source && parsed.units && typeof parsed.units === "object") return new FetchLedger(file, source, parsed.units);
    } catch {
      // a torn or hand-edited ledger only costs a refetch
    }
    return new FetchLedger(file, source, {});
  }

  has(key: string): boolean {
    return this.units.has(key);
  }

  get(key: string): LedgerEntry | undefined {
    return this.units.get(key);
  }

  /** Whether a unit finished: listed, and not as a failure. */
  isDone(key: string): boolean {
    const e = this.units.get(key);
    return e !== undefined && e["status"] !== "failed";
  }

  /**
   * Record a unit that failed, with what `data check` reports: its ticker, a
   * short name of the unit ("2024-03-01T00:00Z..2024-04-01T00:00Z", an
   * accession) and the error.
   */
  fail(key: string, ticker: string, unit: string, error: string): void {
    this.mark(key, { status: "failed", ticker, unit, error });
  }

  /** Drop units by exact key; the file is rewritten only when one was listed. */
  delete(keys: Iterable<string>): void {
    let changed = false;
    for (const k of keys) changed = this.units.delete(k) || changed;
    if (changed) this.flush();
  }

  /** Keys starting with a prefix (one ticker's units), sorted. */
  keys(prefix = ""): string[] {
    return [...this.units.keys()].filter((k) => k.startsWith(prefix)).sort();
  }

  /** Record a finished unit and write the ledger (temp file + rename; keys sorted). */
  mark(key: string, entry: LedgerEntry): void {
    this.units.set(key, entry);
    this.flush();
  }

  /** Forget units (e.g. a ticker refetched with --force). */
  forget(prefix: string): void {
    for (const k of this.keys(prefix)) this.units.delete(k);
    this.flush();
  }

  private flush(): void {
    const units = Object.fromEntries([...this.units].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    writeFileAtomic(this.file, JSON.stringify({ source: this.source, units } satisfies LedgerFile, null, 1) + "\n");
  }
}

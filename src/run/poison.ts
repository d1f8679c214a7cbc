/**
 * A copy of a data folder poisoned after a date, for the look-ahead audit
 * (lookahead.ts): identical up to the close of session D, unrecognisable after it.
 *
 * - prices/*.csv: every bar dated after D has its Open, High, Low, Close and
 *   AdjClose multiplied by one seeded factor exp(+-u), u ~ U(0.1, 0.5) (so no
 *   factor is near 1; bars stay internally consistent); volumes and the
 *   `_*.csv` metadata are copied unchanged;
 * - news/, filings/, social/ (*.jsonl): a record stamped after D's close (its
 *   `datetime`, `created_utc` or `created` at or after the 16:00 New York
 *   close, 13:00 on early closes; a date-only record dated on or after D,
 *   since a date says nothing about the hour: results released after D's
 *   close carry D's date) is removed, or with `records: "rewrite"` keeps its stamps and gets a seeded,
 *   strongly worded false text (a crash or a windfall) in each text field;
 * - resumes/ and jobs/ (undated) are copied unchanged; other folders are not
 *   read by experiments and are left out.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isTradingDay, parseStampUtc, resolvePriceColumns, sessionCloseUtc, splitCsvLine } from "../data/index";
import { deriveRng, type Rng } from "../stats/index";

export interface PoisonOptions {
  /** The session D after which the copy is poisoned (YYYY-MM-DD, a NYSE session). */
  at: string;
  /** Seed of the price factors and rewritten texts. */
  seed: number;
  /** Records after D: removed (default) or rewritten. */
  records?: "remove" | "rewrite";
}

export interface PoisonSummary {
  at: string;
  records: "remove" | "rewrite";
  priceFiles: number;
  priceRowsScaled: number;
  recordsKept: number;
  recordsRemoved: number;
  recordsRewritten: number;
}

const TEXT_FIELDS = ["headline", "summary", "text", "title", "body"] as const;

const POISON = [
  (who: string) => `${who} collapses after regulators uncover fraud; bankruptcy feared, shares crash and investors flee.`,
  (who: string) => `${who} soars on a miracle takeover bid: record profits, superb growth and a huge windfall for shareholders.`,
];

/**
 * Whether a record may have been released after the close of session `at`:
 * its time stamp (`datetime`, `created_utc` or `created`; naive stamps read
 * as UTC) at or after the close, or, without one, a date on or after `at`
 * (a date alone does not say the record came before the close; reading it on
 * `at` is the declared read of `dateOnly=same-session`).
 *
 * @example
 * stampedAfterClose({ date: "2024-03-01", datetime: "2024-03-01 21:00:00" }, "2024-03-01"); // true (the close is 21:00 UTC in winter)
 * stampedAfterClose({ date: "2024-03-01" }, "2024-03-01"); // true (no time: maybe after the close)
 * stampedAfterClose({ date: "2024-02-29" }, "2024-03-01"); // false
 */
export function stampedAfterClose(record: Record<string, unknown>, at: string): boolean {
  const stamp = [record.datetime, record.created_utc, record.created].find((v): v is string => typeof v === "string" && v.trim() !== "");
  const instant = stamp === undefined ? null : parseStampUtc(stamp);
  if (instant !== null) return instant >= sessionCloseUtc(at);
  return typeof record.date === "string" && record.date.slice(0, 10) >= at;
}

/** A seeded factor exp(+-u), u ~ U(0.1, 0.5). */
function factor(rng: Rng): number {
  const u = 0.1 + 0.4 * rng.next();
  return Math.exp(rng.next() < 0.5 ? -u : u);
}

function poisonPrices(src: string, dest: string, at: string, seed: number): number {
  const text = readFileSync(src, "utf8");
  const lines = text.split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? "").map((h) => h.trim());
  const cols = resolvePriceColumns(header, src);
  const dateCol = header.findIndex((h) => h.toLowerCase() === "date");
  const scaled = [cols.Open, cols.High, cols.Low, cols.Close, cols.AdjClose].filter((i) => i >= 0);
  const rng = deriveRng(seed, "lookahead", "prices", path.basename(src));
  let rows = 0;
  const out = lines.map((line, i) => {
    if (i === 0 || line.trim() === "") return line;
    const cells = splitCsvLine(line);
    const date = (cells[dateCol] ?? "").trim().slice(0, 10);
    if (!(date > at)) return line;
    const f = factor(rng);
    for (const c of scaled) cells[c] = String(Number((Number(cells[c]) * f).toFixed(6)));
    rows++;
    return cells.join(",");
  });
  writeFileSync(dest, out.join("\n"));
  return rows;
}

/** A JSON object line, or null (blank, not JSON, not an object: copied as it is, so the loaders report it exactly as in the original). */
function parseRecord(line: string): Record<string, unknown> | null {
  try {
    const parsed = line.trim() === "" ? null : (JSON.parse(line) as unknown);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function poisonRecords(src: string, dest: string, options: Required<PoisonOptions>, summary: PoisonSummary): void {
  const rng = deriveRng(options.seed, "lookahead", "records", path.basename(src));
  const out: string[] = [];
  for (const line of readFileSync(src, "utf8").split(/\r?\n/)) {
    const record = parseRecord(line);
    if (record === null || !stampedAfterClose(record, options.at)) {
      if (record !== null) summary.recordsKept++;
      out.push(line);
      continue;
    }
    if (options.records === "remove") {
      summary.recordsRemoved++;
      continue;
    }
    const who = typeof record.ticker === "string" ? record.ticker : "The company";
    const lie = POISON[rng.int(0, POISON.length)]!(who);
    for (const field of TEXT_FIELDS) if (typeof record[field] === "string") record[field] = lie;
    summary.recordsRewritten++;
    out.push(JSON.stringify(record));
  }
  writeFileSync(dest, out.join("\n"));
}

/**
 * Write the poisoned copy of `src` into `dest` (module comment).
 *
 * @example
 * writePoisonedCopy("../shared/datasets", "/tmp/poisoned", { at: "2021-01-04", seed: 7 }).priceRowsScaled;
 */
export function writePoisonedCopy(src: string, dest: string, options: PoisonOptions): PoisonSummary {
  if (!isTradingDay(options.at)) throw new RangeError(`poison: ${options.at} is not a NYSE session`);
  const o: Required<PoisonOptions> = { records: "remove", ...options };
  const summary: PoisonSummary = { at: o.at, records: o.records, priceFiles: 0, priceRowsScaled: 0, recordsKept: 0, recordsRemoved: 0, recordsRewritten: 0 };
  mkdirSync(dest, { recursive: true });
  const sub = (name: string) => path.join(src, name);
  if (existsSync(sub("prices"))) {
    mkdirSync(path.join(dest, "prices"), { recursive: true });
    for (const f of readdirSync(sub("prices")).sort()) {
      const from = path.join(src, "prices", f);
      const to = path.join(dest, "prices", f);
      if (!statSync(from).isFile()) continue;
      if (f.toLowerCase().endsWith(".csv") && !f.startsWith("_") && !f.startsWith(".")) {
        summary.priceRowsScaled += poisonPrices(from, to, o.at, o.seed);
        summary.priceFiles++;
      } else copyFileSync(from, to);
    }
  }
  for (const kind of ["news", "filings", "social"]) {
    if (!existsSync(sub(kind))) continue;
    mkdirSync(path.join(dest, kind), { recursive: true });
    for (const f of readdirSync(sub(kind)).sort()) {
      const from = path.join(src, kind, f);
      if (!statSync(from).isFile()) continue;
      if (f.toLowerCase().endsWith(".jsonl")) poisonRecords(from, path.join(dest, kind, f), o, summary);
      else copyFileSync(from, path.join(dest, kind, f));
    }
  }
  for (const kind of ["resumes", "jobs"]) if (existsSync(sub(kind))) cpSync(sub(kind), path.join(dest, kind), { recursive: true });
  return summary;
}

/**
 * `consilium data check DIR`: a per-file validation report of a data folder.
 *
 * Errors (exit code 1): unreadable files, missing columns, non-numeric or
 * non-finite values, non-positive prices, unsorted or duplicate dates, empty
 * files, malformed JSON lines, required fields missing (news without date or
 * ticker, ...), duplicate resume ids.
 * Warnings: OHLC inconsistencies, zero volume, rows on NYSE closed days or
 * missing NYSE trading days (equity calendar 2000-2030), one-day close
 * ratios near a split factor (2, 3, 4, 5, 8, 10, 20 or their inverses) that
 * look unadjusted, exact duplicate rows, no AdjClose column.
 * Notes: spans, tickers without prices, 7-day (crypto) calendars, folders
 * outside the layout, different end dates across price files.
 * Fetched metadata (`fundamentals/*.jsonl`, `prices/_splits.csv`) is checked
 * by `check-fetched.ts`; the fetchers' resume ledgers, whose recorded
 * failures are errors, by `check-ledgers.ts`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseCsv, type CsvTable } from "./csv";
import { calendarCovers, closureReason, tradingDays } from "./calendar";
import { normalizeDate, weekday } from "./dates";
import { DataError } from "./errors";
import { listDataFiles } from "./files";
import { parseJsonl, type JsonlRecord } from "./jsonl";
import { resolvePriceColumns, tickerFromFile } from "./prices";
import { loadJobs, toFiling, toNews, toResume, toSocial } from "./records";
import { DATA_SUBFOLDERS, readFirstLine } from "./validate";
import { checkFundamentalsFile, checkSplitsFile } from "./check-fetched";
import { checkLedgerFile, ledgerFiles } from "./check-ledgers";
import { SPLITS_FILE } from "./splits";

export type FileKind = "prices" | "manifest" | "news" | "filings" | "social" | "resumes" | "jobs" | "fundamentals" | "splits" | "ledger" | "other";

export interface FileReport {
  /** Path relative to the checked folder. */
  path: string;
  kind: FileKind;
  rows: number;
  errors: string[];
  warnings: string[];
  /** Facts worth knowing that are not problems. */
  notes: string[];
  span?: { first: string; last: string };
}

export interface CheckReport {
  dir: string;
  ok: boolean;
  files: FileReport[];
  /** Folder-level notes (cross-file observations, ignored folders). */
  notes: string[];
  errors: number;
  warnings: number;
}

/** At most this many individual messages of one kind per file; the rest are counted. */
const MAX_LISTED = 8;

/** Split factors a one-day close ratio is compared against. */
const SPLIT_FACTORS = [2, 3, 4, 5, 8, 10, 15, 20, 30, 50];

class Collector {
  readonly list: string[] = [];
  private extra = 0;
  add(msg: string): void {
    if (this.list.length < MAX_LISTED) this.list.push(msg);
    else this.extra++;
  }
  done(): string[] {
    return this.extra > 0 ? [...this.list, `... and ${this.extra} more of the same kind`] : this.list;
  }
}

function lineRef(lines: readonly number[], max = 3): string {
  return lines.slice(0, max).join(", ") + (lines.length > max ? `, ... (${lines.length} in all)` : "");
}

/**
 * Check every file of a data folder and return a per-file report.
 *
 * @example
 * const report = checkDataFolder("../shared/datasets");
 * report.ok;                      // true
 * report.files.find((f) => f.path === "prices/AMD.csv")?.warnings; // ["1 row with Volume = 0 ..."]
 */
export function checkDataFolder(dir: string): CheckReport {
  const files: FileReport[] = [];
  const notes: string[] = [];
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    const f: FileReport = { path: ".", kind: "other", rows: 0, errors: [`${dir}: not a directory`], warnings: [], notes: [] };
    return { dir, ok: false, files: [f], notes, errors: 1, warnings: 0 };
  }
  const rel = (p: string): string => relative(dir, p) || ".";
  const present = DATA_SUBFOLDERS.filter((s) => existsSync(join(dir, s)));
  if (present.length === 0) notes.push(`none of ${DATA_SUBFOLDERS.map((s) => s + "/").join(", ")} found: not a Consilium data folder`);

  const priceReports: Array<{ ticker: string; report: FileReport }> = [];
  for (const file of listDataFiles(dir, "prices", ".csv")) {
    const report = checkPriceFile(file, rel(file), "prices");
    files.push(report);
    priceReports.push({ ticker: tickerFromFile(file), report });
  }
  const priceTickers = new Set(priceReports.map((p) => p.ticker));
  const manifest = join(dir, "prices", "_manifest.csv");
  if (existsSync(manifest)) files.push(checkManifest(manifest, rel(manifest), priceTickers));
  const splits = existsSync(join(dir, "prices", SPLITS_FILE)) ? checkSplitsFile(dir, join("prices", SPLITS_FILE)) : null;
  if (splits) files.push(splits.report);
  for (const file of listDataFiles(dir, "fundamentals", ".jsonl")) files.push(checkFundamentalsFile(file, rel(file), splits?.splits ?? null));
  for (const path of ledgerFiles(dir)) files.push(checkLedgerFile(dir, path));

  const newsTickers = new Set<string>();
  for (const file of listDataFiles(dir, "news", ".jsonl")) files.push(checkJsonlFile(file, rel(file), "news", priceTickers, newsTickers));
  for (const file of listDataFiles(dir, "filings", ".jsonl")) files.push(checkJsonlFile(file, rel(file), "filings", priceTickers, newsTickers));
  for (const file of listDataFiles(dir, "social", ".jsonl")) files.push(checkJsonlFile(file, rel(file), "social", priceTickers, newsTickers));
  const resumeIds = new Map<string, string>();
  for (const file of listDataFiles(dir, "resumes", ".jsonl")) files.push(checkJsonlFile(file, rel(file), "resumes", priceTickers, newsTickers, resumeIds));
  for (const file of listDataFiles(dir, "jobs", ".json")) files.push(checkJobFile(file, rel(file)));

  // Files in the known folders with an extension the loaders do not read.
  for (const [sub, ext] of [
    ["prices", ".csv"],
    ["news", ".jsonl"],
    ["filings", ".jsonl"],
    ["social", ".jsonl"],
    ["resumes", ".jsonl"],
    ["jobs", ".json"],
  ] as const) {
    const folder = join(dir, sub);
    if (!existsSync(folder)) continue;
    const ignored = readdirSync(folder).filter((f) => !f.startsWith(".") && !f.startsWith("_") && !f.toLowerCase().endsWith(ext));
    if (ignored.length > 0)
      notes.push(
        `${sub}/: ${ignored.length} file(s) without the ${ext} extension are ignored by the loaders (${ignored.slice(0, 3).join(", ")}${ignored.length > 3 ? ", ..." : ""})`,
      );
  }

  // Folders outside the layout: price-shaped CSVs are checked (for information), the rest listed.
  for (const entry of readdirSync(dir).sort()) {
    const full = join(dir, entry);
    if (entry.startsWith(".") || (DATA_SUBFOLDERS as readonly string[]).includes(entry) || !statSync(full).isDirectory()) continue;
    const csvs = readdirSync(full)
      .filter((f) => f.toLowerCase().endsWith(".csv") && !f.startsWith("_"))
      .sort();
    const priceLike = csvs.filter((f) => looksLikePrices(join(full, f)));
    notes.push(
      `${entry}/: not part of the data-folder layout (not read by experiments)${priceLike.length > 0 ? `; its ${priceLike.length} price-shaped CSV file(s) are checked below for information` : ""}`,
    );
    for (const f of priceLike) files.push(checkPriceFile(join(full, f), rel(join(full, f)), "prices"));
  }

  // Cross-file: different spans across the price files of the layout.
  if (priceReports.length > 1) {
    const byLast = new Map<string, string[]>();
    const byFirst = new Map<string, string[]>();
    for (const { ticker, report } of priceReports) {
      if (!report.span) continue;
      pushTo(byLast, report.span.last, ticker);
      pushTo(byFirst, report.span.first, ticker);
    }
    const describe = (m: Map<string, string[]>): string =>
      [...m.entries()]
        .sort((a, b) => (a[0] < b[0] ? -1 : 1))
        .map(([d, ts]) => `${d}: ${ts.length <= 6 ? ts.join(" ") : `${ts.length} tickers (${ts.slice(0, 4).join(" ")} ...)`}`)
        .join("; ");
    if (byLast.size > 1) notes.push(`price files end on different dates — ${describe(byLast)}`);
    if (byFirst.size > 1 && byFirst.size <= 8) notes.push(`price files start on different dates — ${describe(byFirst)}`);
    else if (byFirst.size > 8) notes.push(`price files start on ${byFirst.size} different dates (first ${[...byFirst.keys()].sort()[0]})`);
  }
  if (newsTickers.size > 0 && priceTickers.size > 0) {
    const noPrices = [...newsTickers].filter((t) => !priceTickers.has(t)).sort();
    if (noPrices.length > 0) notes.push(`news/filings tickers without a price file: ${noPrices.join(", ")}`);
  }

  const errors = files.reduce((a, f) => a + f.errors.length, 0);
  const warnings = files.reduce((a, f) => a + f.warnings.length, 0);
  return { dir, ok: errors === 0, files, notes, errors, warnings };
}

function looksLikePrices(file: string): boolean {
  try {
    resolvePriceColumns(
      readFirstLine(file)
        .split(",")
        .map((h) => h.trim()),
      file,
    );
    return true;
  } catch {
    return false;
  }
}

function nearSplitFactor(ratio: number): number | null {
  for (const k of SPLIT_FACTORS) {
    if (Math.abs(ratio / k - 1) < 0.03) return k;
    if (Math.abs(ratio * k - 1) < 0.03) return 1 / k;
  }
  return null;
}

function factorText(k: number): string {
  return k >= 1 ? `1-for-${k} reverse split (x${k})` : `${Math.round(1 / k)}-for-1 split (x1/${Math.round(1 / k)})`;
}

/**
 * Check one price CSV: every row is validated (all problems are reported,
 * not only the first), then calendar, volume, OHLC and split heuristics run
 * on the valid rows.
 *
 * @example
 * checkPriceFile("/data/prices/AMD.csv", "prices/AMD.csv", "prices").warnings;
 */
export function checkPriceFile(file: string, path: string, kind: FileKind): FileReport {
  const report: FileReport = { path, kind, rows: 0, errors: [], warnings: [], notes: [] };
  const table = readCsvInto(report, file);
  if (table === null) return report;
  let cols: ReturnType<typeof resolvePriceColumns>;
  try {
    cols = resolvePriceColumns(table.header, file);
  } catch (e) {
    report.errors.push(`line 1: ${(e as DataError).detail}`);
    return report;
  }
  if (table.records.length === 0) {
    report.errors.push("line 2: empty file (header but no rows)");
    return report;
  }
  if (cols.AdjClose < 0) report.warnings.push("no AdjClose / Adj Close column: loaders use Close as the adjusted close");

  const errs = new Collector();
  const dates: string[] = [];
  const lines: number[] = [];
  const o: number[] = [],
    h: number[] = [],
    l: number[] = [],
    c: number[] = [],
    a: number[] = [],
    v: number[] = [];
  let prevDate: string | null = null;
  let prevLine = 0;
  // parseCsv gives every record one cell per header column and `cols` indexes the header
  // (AdjClose only when present), so the cell reads below are in range.
  for (const { line, cells } of table.records) {
    let bad = false;
    const d = normalizeDate(cells[cols.Date]!);
    if (d === null) {
      errs.add(`line ${line}: field "Date": invalid date "${cells[cols.Date]}"`);
      continue;
    }
    if (prevDate !== null && d <= prevDate) {
      errs.add(
        `line ${line}: field "Date": ${d === prevDate ? `duplicate date ${d} (also line ${prevLine})` : `dates not ascending (${d} after ${prevDate} on line ${prevLine})`}`,
      );
      bad = true;
    }
    const vals = { Open: NaN, High: NaN, Low: NaN, Close: NaN, AdjClose: NaN, Volume: NaN };
    for (const col of ["Open", "High", "Low", "Close", "AdjClose", "Volume"] as const) {
      if (col === "AdjClose" && cols.AdjClose < 0) continue;
      const raw = cells[cols[col]]!.trim();
      const x = raw === "" ? NaN : Number(raw);
      if (!Number.isFinite(x)) {
        errs.add(`line ${line}: field "${col}": ${raw === "" ? "empty value" : `non-numeric value "${raw}"`}`);
        bad = true;
      } else if (col === "Volume" ? x < 0 : x <= 0) {
        errs.add(`line ${line}: field "${col}": ${col === "Volume" ? "negative volume" : "price must be > 0"} (${raw})`);
        bad = true;
      }
      vals[col] = x;
    }
    if (bad) {
      if (prevDate === null || d > prevDate) {
        prevDate = d;
        prevLine = line;
      }
      continue;
    }
    prevDate = d;
    prevLine = line;
    dates.push(d);
    lines.push(line);
    o.push(vals.Open);
    h.push(vals.High);
    l.push(vals.Low);
    c.push(vals.Close);
    a.push(cols.AdjClose >= 0 ? vals.AdjClose : vals.Close);
    v.push(vals.Volume);
  }
  report.errors.push(...errs.done());
  const first = dates[0];
  const last = dates[dates.length - 1];
  if (first === undefined || last === undefined) return report;
  report.span = { first, last };

  // OHLC consistency (relative tolerance for float32-rounded sources). The value arrays
  // were pushed together with `dates`, so they share its length and index.
  const ohlc: number[] = [];
  for (let i = 0; i < dates.length; i++) {
    const open = o[i]!;
    const high = h[i]!;
    const low = l[i]!;
    const close = c[i]!;
    const tol = 1e-6 * close;
    if (high + tol < Math.max(open, close, low) || low - tol > Math.min(open, close)) ohlc.push(lines[i]!);
  }
  if (ohlc.length > 0) report.warnings.push(`${ohlc.length} row(s) with High < max(Open, Close) or Low > min(Open, Close): line ${lineRef(ohlc)}`);

  // Volume.
  const zeroVol = v.flatMap((x, i) => (x === 0 ? [i] : []));
  if (zeroVol.length === dates.length) report.notes.push("Volume is 0 on every row (an index?)");
  else if (zeroVol.length > 0)
    report.warnings.push(
      `${zeroVol.length} row(s) with Volume = 0: ${zeroVol
        .slice(0, 3)
        .map((i) => `line ${lines[i]} (${dates[i]})`)
        .join(", ")}${zeroVol.length > 3 ? ", ..." : ""}`,
    );

  // Calendar against the NYSE.
  const weekendRows = dates.filter((d) => {
    const w = weekday(d);
    return w === 0 || w === 6;
  }).length;
  if (weekendRows > 0.1 * dates.length) {
    report.notes.push(`7-day calendar (${weekendRows} weekend rows): not an exchange-traded series, NYSE calendar check skipped`);
  } else {
    const covered = dates.filter((d) => calendarCovers(d));
    if (covered.length < dates.length) report.notes.push(`${dates.length - covered.length} row(s) outside 2000-2030: calendar check skipped for them`);
    if (covered.length > 0) {
      const have = new Set(covered);
      const closed: string[] = [];
      for (let i = 0; i < dates.length; i++) {
        const d = dates[i]!;
        if (!calendarCovers(d)) continue;
        const why = closureReason(d);
        if (why !== null) closed.push(`line ${lines[i]} ${d} (${why})`);
      }
      if (closed.length > 0)
        report.warnings.push(`${closed.length} row(s) on NYSE closed days: ${closed.slice(0, 3).join(", ")}${closed.length > 3 ? ", ..." : ""}`);
      const from = covered[0]!;
      const to = covered[covered.length - 1]!;
      const missing = tradingDays(from, to).filter((d) => !have.has(d));
      if (missing.length > 0)
        report.warnings.push(
          `${missing.length} NYSE trading day(s) missing between ${from} and ${to}: ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", ..." : ""}`,
        );
    }
  }

  // Splits that look unadjusted.
  for (let i = 1; i < dates.length; i++) {
    const rc = c[i]! / c[i - 1]!;
    const k = nearSplitFactor(rc);
    if (k === null) continue;
    const ra = a[i]! / a[i - 1]!;
    const adjMoved = nearSplitFactor(ra) !== null || Math.abs(Math.log(ra / rc)) < 0.05;
    if (cols.AdjClose >= 0 && !adjMoved) {
      report.warnings.push(
        `line ${lines[i]} (${dates[i]}): Close moves x${rc.toFixed(3)}, near a ${factorText(k)}, while AdjClose moves x${ra.toFixed(3)}: Close looks unadjusted for a split; compute returns from AdjClose`,
      );
    } else {
      report.warnings.push(
        `line ${lines[i]} (${dates[i]}): Close${cols.AdjClose >= 0 ? " and AdjClose" : ""} move x${rc.toFixed(3)} in one day, near a ${factorText(k)}: an unadjusted split or a real crash/spike — verify`,
      );
    }
  }
  return report;
}

/** Parse a CSV file for a report: its row count on success, else the parse error recorded and null. */
function readCsvInto(report: FileReport, file: string): CsvTable | null {
  let table: CsvTable;
  try {
    table = parseCsv(readFileSync(file, "utf8"), file);
  } catch (e) {
    report.errors.push(e instanceof DataError ? `line ${e.line ?? "?"}: ${e.detail}` : (e as Error).message);
    return null;
  }
  report.rows = table.records.length;
  return table;
}

function checkManifest(file: string, path: string, priceTickers: ReadonlySet<string>): FileReport {
  const report: FileReport = { path, kind: "manifest", rows: 0, errors: [], warnings: [], notes: [] };
  const table = readCsvInto(report, file);
  if (table === null) return report;
  const iTicker = table.header.findIndex((x) => ["ticker", "symbol"].includes(x.toLowerCase()));
  if (iTicker < 0) {
    report.errors.push(`line 1: field "ticker": missing column (header: ${table.header.join(",")})`);
    return report;
  }
  const listed = new Set(table.records.map((r) => r.cells[iTicker]!.trim())); // one cell per header column
  const notInPrices = [...listed].filter((t) => !priceTickers.has(t));
  const notListed = [...priceTickers].filter((t) => !listed.has(t));
  if (notInPrices.length > 0) report.warnings.push(`lists ${notInPrices.length} ticker(s) without a price file: ${notInPrices.slice(0, 8).join(", ")}`);
  if (notListed.length > 0) report.notes.push(`${notListed.length} price file(s) not listed: ${notListed.slice(0, 8).join(", ")}`);
  report.notes.push("metadata (ignored as a price file)");
  return report;
}

function checkJsonlFile(
  file: string,
  path: string,
  kind: "news" | "filings" | "social" | "resumes",
  priceTickers: ReadonlySet<string>,
  tickersSeen: Set<string>,
  resumeIds = new Map<string, string>(),
): FileReport {
  const report: FileReport = { path, kind, rows: 0, errors: [], warnings: [], notes: [] };
  const text = readFileSync(file, "utf8");
  const errs = new Collector();
  const records: JsonlRecord[] = [];
  const rawLines = text.split("\n");
  for (let i = 0; i < rawLines.length; i++) {
    const raw = rawLines[i]!;
    if (raw.trim() === "") continue;
    try {
      records.push(...parseJsonl(raw, file).map((r) => ({ line: i + 1, value: r.value })));
    } catch (e) {
      errs.add(`line ${i + 1}: ${(e as DataError).detail}`);
    }
  }
  report.rows = records.length;
  if (records.length === 0 && errs.list.length === 0) {
    report.errors.push("line 1: empty file (no records)");
    return report;
  }
  const dates: string[] = [];
  const tickers = new Map<string, number>();
  const seen = new Map<string, number>();
  const dupLines: number[] = [];
  const ids = new Map<string, number>();
  const dupIds: string[] = [];
  const sameText = new Set<string>();
  let repeatedText = 0;
  let outOfOrder = 0;
  const prevByTicker = new Map<string, string>();
  const known = new Set(priceTickers);
  for (const rec of records) {
    try {
      let date: string | null = null;
      let ticker: string | null = null;
      const key = canonicalJson(rec.value);
      if (kind === "news") {
        const n = toNews(rec, file);
        date = n.date;
        ticker = n.ticker;
      } else if (kind === "filings") {
        const f = toFiling(rec, file);
        date = f.date;
        ticker = f.ticker;
      } else if (kind === "social") {
        const p = toSocial(rec, file, known);
        date = p.date;
        const textKey = JSON.stringify([p.date, p.title, p.body]);
        if (sameText.has(textKey)) repeatedText++;
        else sameText.add(textKey);
        const prevId = ids.get(p.id);
        if (prevId !== undefined) dupIds.push(`${p.id} (lines ${prevId} and ${rec.line})`);
        else ids.set(p.id, rec.line);
      } else {
        const r = toResume(rec, file);
        if (sameText.has(r.text)) repeatedText++;
        else sameText.add(r.text);
        const prev = resumeIds.get(r.id);
        if (prev !== undefined) errs.add(`line ${rec.line}: field "id": duplicate resume id "${r.id}" (also ${prev})`);
        else resumeIds.set(r.id, `${path}:${rec.line}`);
      }
      const prevLine = seen.get(key);
      if (prevLine !== undefined) dupLines.push(rec.line);
      else seen.set(key, rec.line);
      if (date !== null) {
        dates.push(date);
        const orderKey = ticker ?? "";
        const prev = prevByTicker.get(orderKey);
        if (prev !== undefined && date < prev) outOfOrder++;
        prevByTicker.set(orderKey, date);
      }
      if (ticker !== null) {
        tickers.set(ticker, (tickers.get(ticker) ?? 0) + 1);
        tickersSeen.add(ticker);
      }
    } catch (e) {
      if (e instanceof DataError) errs.add(`line ${e.line ?? rec.line}: ${e.field !== undefined ? `field "${e.field}": ` : ""}${e.detail}`);
      else throw e;
    }
  }
  report.errors.push(...errs.done());
  if (dupLines.length > 0) report.warnings.push(`${dupLines.length} exact duplicate row(s) (every field equal to an earlier row): line ${lineRef(dupLines)}`);
  if (repeatedText > dupLines.length) {
    report[kind === "resumes" ? "warnings" : "notes"].push(
      `${repeatedText - dupLines.length} row(s) repeat an earlier row's ${kind === "resumes" ? "text under another id" : "date, title and body under another id"}`,
    );
  }
  if (dupIds.length > 0) report.warnings.push(`${dupIds.length} duplicate id(s): ${dupIds.slice(0, 3).join(", ")}${dupIds.length > 3 ? ", ..." : ""}`);
  if (outOfOrder > 0)
    report.notes.push(`${outOfOrder} row(s) out of date order${kind === "filings" || kind === "news" ? " within their ticker" : ""} (loaders sort by date)`);
  const sorted = dates.slice().sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (first !== undefined && last !== undefined) report.span = { first, last };
  if (tickers.size > 1) {
    const list = [...tickers.entries()].sort((x, y) => y[1] - x[1]);
    report.notes.push(
      `tickers: ${list
        .slice(0, 6)
        .map(([t, n]) => `${t} ${n}`)
        .join(", ")}${list.length > 6 ? `, ... (${list.length})` : ""}`,
    );
  }
  return report;
}

/** JSON with object keys sorted, so field order does not hide a duplicate. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

function checkJobFile(file: string, path: string): FileReport {
  const report: FileReport = { path, kind: "jobs", rows: 0, errors: [], warnings: [], notes: [] };
  try {
    report.rows = loadJobs(file).length;
  } catch (e) {
    report.errors.push(e instanceof DataError ? `${e.field !== undefined ? `field "${e.field}": ` : ""}${e.detail}` : (e as Error).message);
  }
  return report;
}

/**
 * Human-readable report: one table row per file, then every error, warning
 * and note, then a verdict line.
 *
 * @example
 * process.stdout.write(formatCheckReport(checkDataFolder("datasets")));
 */
export function formatCheckReport(report: CheckReport): string {
  const out: string[] = [];
  out.push(`Data check: ${report.dir}`);
  out.push("");
  const w = Math.max(24, ...report.files.map((f) => f.path.length)) + 2;
  out.push(`${"FILE".padEnd(w)}${"KIND".padEnd(10)}${"ROWS".padStart(8)}  ${"ERR".padStart(4)} ${"WARN".padStart(4)}  SPAN`);
  for (const f of report.files) {
    out.push(
      `${f.path.padEnd(w)}${f.kind.padEnd(10)}${String(f.rows).padStart(8)}  ${String(f.errors.length).padStart(4)} ${String(f.warnings.length).padStart(4)}  ${f.span ? `${f.span.first} .. ${f.span.last}` : ""}`,
    );
  }
  const withIssues = report.files.filter((f) => f.errors.length + f.warnings.length + f.notes.length > 0);
  if (withIssues.length > 0) {
    out.push("");
    out.push("Details:");
    for (const f of withIssues) {
      for (const e of f.errors) out.push(`  ERROR    ${f.path}: ${e}`);
      for (const x of f.warnings) out.push(`  warning  ${f.path}: ${x}`);
      for (const n of f.notes) out.push(`  note     ${f.path}: ${n}`);
    }
  }
  if (report.notes.length > 0) {
    out.push("");
    out.push("Folder notes:");
    for (const n of report.notes) out.push(`  - ${n}`);
  }
  const rows = report.files.reduce((x, f) => x + f.rows, 0);
  out.push("");
  out.push(`${report.files.length} files, ${rows} rows: ${report.errors} error(s), ${report.warnings} warning(s) -> ${report.ok ? "OK" : "FAILED"}`);
  return out.join("\n") + "\n";
}

/** Appends `value` to the list under `key`, creating the list on first use. */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * EDGAR's submissions index (`data.sec.gov/submissions/CIK##########.json`)
 * and filing headers (`<accession>.hdr.sgml`).
 *
 * The index lists filings as parallel arrays under `filings.recent`
 * (accessionNumber, filingDate, reportDate, acceptanceDateTime, form,
 * primaryDocument, isInlineXBRL, ...); older filings sit in pages named in
 * `filings.files` ({name, filingCount, filingFrom, filingTo}), each page being
 * the same parallel arrays without the wrapper.
 *
 * Acceptance time: the index writes it as "2024-11-01T06:01:36.000Z", but for
 * many filings that "Z" is wrong (the wall-clock time is New York's). The
 * filing's own header carries `<ACCEPTANCE-DATETIME>20241101060136`, which
 * is Eastern time; it is the point-in-time stamp we use, and the index value
 * is cross-checked against it.
 */
import { parseStampUtc } from "../sessions";

/** One 10-K / 10-Q row of the index. */
export interface FilingRef {
  accession: string;
  form: string;
  filingDate: string;
  /** Period of report (fiscal period end), or null. */
  reportDate: string | null;
  /** The index's acceptanceDateTime, as written (the "Z" is not trusted). */
  indexAcceptance: string | null;
  primaryDocument: string | null;
  inlineXbrl: boolean;
}

export interface SubmissionsIndex {
  name: string | null;
  tickers: string[];
  filings: FilingRef[];
  /** Older pages overlapping the requested range (fetch and parse them with `parseSubmissionsPage`). */
  pages: string[];
  /** The latest matching filing before `from` in the recent block. */
  before: FilingRef | null;
  /** The newest older page entirely before `from`: where that filing is when neither the recent block nor `pages` has one. */
  pageBefore: string | null;
  /** Rows skipped because a field was unusable ("filings.recent[12]: ..."). */
  malformed: string[];
}

type Columns = Record<string, unknown>;

function column(cols: Columns, key: string): unknown[] {
  const c = cols[key];
  return Array.isArray(c) ? c : [];
}

/**
 * The later of two filings (by filing date, then accession number); either may be null.
 *
 * @example
 * laterFiling(tenQ, null); // tenQ
 */
export function laterFiling(a: FilingRef | null, b: FilingRef | null): FilingRef | null {
  if (a === null || b === null) return a ?? b;
  return b.filingDate > a.filingDate || (b.filingDate === a.filingDate && b.accession > a.accession) ? b : a;
}

/**
 * The rows of one columnar block whose form is in `forms` and whose filing
 * date is in [from, to], and the latest such row filed before `from`
 * (`before`: the filing whose share count is the one known when the range
 * starts).
 *
 * @example
 * parseSubmissionsPage({ accessionNumber: ["0000320193-24-000123"], form: ["10-K"], filingDate: ["2024-11-01"] }, "p", ["10-K"], "2024-01-01", "2024-12-31").filings.length; // 1
 */
export function parseSubmissionsPage(
  cols: Columns,
  where: string,
  forms: readonly string[],
  from: string,
  to: string,
): { filings: FilingRef[]; malformed: string[]; before: FilingRef | null } {
  const acc = column(cols, "accessionNumber");
  const form = column(cols, "form");
  const filed = column(cols, "filingDate");
  const report = column(cols, "reportDate");
  const accepted = column(cols, "acceptanceDateTime");
  const primary = column(cols, "primaryDocument");
  const inline = column(cols, "isInlineXBRL");
  const filings: FilingRef[] = [];
  const malformed: string[] = [];
  let before: FilingRef | null = null;
  for (let i = 0; i < acc.length; i++) {
    const f = form[i];
    if (typeof f !== "string" || !forms.includes(f)) continue;
    const a = acc[i];
    const d = filed[i];
    if (typeof a !== "string" || !/^\d{10}-\d{2}-\d{6}$/.test(a)) {
      malformed.push(`${where}[${i}]: field "accessionNumber": ${JSON.stringify(a)} is not ##########-##-######`);
      continue;
    }
    if (typeof d !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(d)) {
      malformed.push(`${where}[${i}]: field "filingDate": ${JSON.stringify(d)} is not YYYY-MM-DD`);
      continue;
    }
    if (d > to) continue;
    const r = report[i];
    const p = primary[i];
    const t = accepted[i];
    const ref: FilingRef = {
      accession: a,
      form: f,
      filingDate: d,
      reportDate: typeof r === "string" && /^\d{4}-\d{2}-\d{2}$/.test(r) ? r : null,
      indexAcceptance: typeof t === "string" && t !== "" ? t : null,
      primaryDocument: typeof p === "string" && p !== "" ? p : null,
      inlineXbrl: inline[i] === 1 || inline[i] === true,
    };
    if (d < from) before = laterFiling(before, ref);
    else filings.push(ref);
  }
  return { filings, malformed, before };
}

/**
 * Parse a submissions index: the recent block's matching filings, the latest
 * one before `from`, the older pages that overlap [from, to], and the newest
 * page before them.
 *
 * @example
 * parseSubmissions(json, ["10-K", "10-Q"], "2024-01-01", "2024-12-31").filings.map((f) => f.form);
 */
export function parseSubmissions(json: unknown, forms: readonly string[], from: string, to: string): SubmissionsIndex {
  const root = (json ?? {}) as { name?: unknown; tickers?: unknown; filings?: { recent?: Columns; files?: unknown } };
  const recent = root.filings?.recent;
  if (!recent || typeof recent !== "object") throw new Error('submissions index has no "filings.recent" block');
  const { filings, malformed, before } = parseSubmissionsPage(recent, "filings.recent", forms, from, to);
  const pages: string[] = [];
  let pageBefore: { name: string; hi: string } | null = null;
  const files = root.filings?.files;
  if (Array.isArray(files)) {
    for (const p of files as Array<{ name?: unknown; filingFrom?: unknown; filingTo?: unknown }>) {
      if (typeof p?.name !== "string") continue;
      const lo = typeof p.filingFrom === "string" ? p.filingFrom : "0000-00-00";
      const hi = typeof p.filingTo === "string" ? p.filingTo : "9999-99-99";
      if (hi >= from && lo <= to) pages.push(p.name);
      else if (hi < from && (pageBefore === null || hi > pageBefore.hi)) pageBefore = { name: p.name, hi };
    }
  }
  return {
    name: typeof root.name === "string" ? root.name : null,
    tickers: Array.isArray(root.tickers) ? root.tickers.filter((t): t is string => typeof t === "string") : [],
    filings,
    pages,
    before,
    pageBefore: pageBefore?.name ?? null,
    malformed,
  };
}

/** What a filing's SGML header says. */
export interface FilingHeader {
  /** Acceptance as written ("20241101060136"), Eastern time. */
  acceptanceEastern: string;
  /** The same instant in UTC, ms since the epoch. */
  acceptanceUtcMs: number;
  period: string | null;
  form: string | null;
  filingDate: string | null;
}

const iso8 = (s: string | undefined): string | null => (s && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : null);

/**
 * Read an EDGAR SGML header, in either of its two spellings (tags as in
 * `.hdr.sgml`, `<PERIOD>20240928`, or the labelled lines of the full
 * submission text, `CONFORMED PERIOD OF REPORT: 20240928`). Null when it has
 * no usable ACCEPTANCE-DATETIME.
 *
 * @example
 * parseFilingHeader("<SEC-HEADER>...\n<ACCEPTANCE-DATETIME>20240701161500\n<TYPE>10-Q\n<PERIOD>20240630\n")?.acceptanceUtcMs; // Date.UTC(2024, 6, 1, 20, 15)
 */
export function parseFilingHeader(text: string): FilingHeader | null {
  const m = /<ACCEPTANCE-DATETIME>\s*(\d{14})/.exec(text);
  if (!m) return null;
  const s = m[1]!;
  const wall = `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)} ${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}`;
  let utc: number | null;
  try {
    utc = parseStampUtc(wall, "America/New_York");
  } catch {
    return null;
  }
  if (utc === null) return null;
  const tag = (re: RegExp): string | undefined => re.exec(text)?.[1]?.trim();
  return {
    acceptanceEastern: s,
    acceptanceUtcMs: utc,
    period: iso8(tag(/<PERIOD>\s*(\d{8})/) ?? tag(/CONFORMED PERIOD OF REPORT:\s*(\d{8})/)),
    form: tag(/<TYPE>\s*([^\r\n<]+)/) ?? tag(/CONFORMED SUBMISSION TYPE:\s*([^\r\n]+)/) ?? null,
    filingDate: iso8(tag(/<FILING-DATE>\s*(\d{8})/) ?? tag(/FILED AS OF DATE:\s*(\d{8})/)),
  };
}

/**
 * How the index's acceptance stamp relates to the header's: "agrees" (a true
 * UTC stamp), "eastern-labelled-utc" (the index wrote New York wall time with
 * a "Z"), or the difference in minutes.
 *
 * @example
 * crossCheckAcceptance(Date.UTC(2024, 10, 1, 10, 1, 36), "2024-11-01T06:01:36.000Z"); // "eastern-labelled-utc"
 */
export function crossCheckAcceptance(headerUtcMs: number, indexStamp: string | null): string {
  if (indexStamp === null) return "index has no acceptance time";
  let idx: number | null;
  try {
    idx = parseStampUtc(indexStamp.replace(/(\.\d+)?Z$/, "Z"));
  } catch {
    return `index acceptance "${indexStamp}" unreadable`;
  }
  if (idx === null) return `index acceptance "${indexStamp}" has no time`;
  const diffMin = Math.round((idx - headerUtcMs) / 60_000);
  if (diffMin === 0) return "agrees";
  if (diffMin === -240 || diffMin === -300) return "eastern-labelled-utc";
  return `differs by ${diffMin} min`;
}

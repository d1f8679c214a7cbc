/**
 * One 10-K / 10-Q from EDGAR to the two records of the data folder: the
 * filing's text (`filings/<T>.jsonl`, the MD&A by default) and what it first
 * reported (`fundamentals/<T>.jsonl`). Two requests: the SGML header (the
 * acceptance time, Eastern) and the primary document (text, MD&A, inline
 * XBRL cover shares).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../atomic";
import type { CikEntry } from "./cik-map";
import { filingFolderUrl, headerUrl, type EdgarHosts } from "./edgar";
import { firstReportedMetrics, sharesFromFacts, type Fact } from "./edgar-facts";
import { crossCheckAcceptance, parseFilingHeader, type FilingRef } from "./edgar-submissions";
import type { FundamentalsRecord, SharesOutstanding } from "../fundamentals";
import { htmlToText } from "./html-text";
import { FetchError, type PoliteHttp } from "./http";
import { coverShares } from "./ixbrl";
import { extractMdna } from "./mdna";
import { knownAtSession, parseStampUtc } from "../sessions";

/** A filing's text record (the layout's filings/*.jsonl, with provenance). */
export interface FilingTextRecord extends Record<string, unknown> {
  date: string;
  datetime: string;
  ticker: string;
  form: string;
  source: string;
  text: string;
  accession: string;
  cik: string;
  period: string | null;
  filing_date: string;
  section: "mdna" | "full";
  url: string;
  accepted_eastern: string | null;
  acceptance_source: string;
  acceptance_check: string;
}

export interface ProcessedFiling {
  text: FilingTextRecord | null;
  fundamentals: FundamentalsRecord;
  /** What happened, for the log ("MD&A 48,112 chars; shares from cover (inline XBRL)"). */
  notes: string[];
  /** What the user should know about (a share count left out, and why). */
  warnings: string[];
}

const isoUtc = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The acceptance instant: the header's (Eastern), else the index's read as New York time (never earlier than the truth). */
function acceptance(headerText: string | null, ref: FilingRef): { ms: number; eastern: string | null; source: string; check: string } {
  const h = headerText === null ? null : parseFilingHeader(headerText);
  if (h)
    return {
      ms: h.acceptanceUtcMs,
      eastern: h.acceptanceEastern,
      source: "filing header (Eastern time)",
      check: crossCheckAcceptance(h.acceptanceUtcMs, ref.indexAcceptance),
    };
  const wall = ref.indexAcceptance?.replace(/(\.\d+)?Z$/, "").replace("T", " ") ?? `${ref.filingDate} 23:59:59`;
  const ms = parseStampUtc(wall.length === 10 ? `${wall} 23:59:59` : wall, "America/New_York") ?? Date.parse(`${ref.filingDate}T23:59:59Z`);
  return {
    ms,
    eastern: null,
    source: "submissions index read as New York time (header unavailable; never earlier than the true time)",
    check: "header unavailable",
  };
}

/**
 * Shares outstanding of a filing: its inline XBRL cover, classes converted by
 * the ticker's `share_classes` weights (all of them must be on the cover);
 * without weights the undimensioned total, else the sum of the classes; the
 * companyfacts count of the filing as the fallback. A ticker defined by share
 * classes (GOOGL: A and B) never takes an undimensioned count (the cover's
 * total, companyfacts' dei or balance-sheet count): for a multi-class issuer
 * that is every class together (Alphabet's A + B + C, about twice GOOGL's A +
 * B), so without a per-class cover the count is left out with a `warning`.
 *
 * @example
 * sharesFor(html, { ...entry, shareClasses: [{ letter: "A", weight: 1500 }, { letter: "B", weight: 1 }] }, facts, "2024-06-30").shares?.value;
 */
export function sharesFor(
  html: string | null,
  entry: CikEntry,
  facts: readonly Fact[],
  period: string,
): { shares: SharesOutstanding | null; note: string; warning?: string } {
  const cover = html === null ? [] : coverShares(html);
  const total = cover.find((c) => c.member === null);
  const classes = cover.filter((c) => c.member !== null);
  if (entry.shareClasses.length > 0 && classes.length === 0) {
    const fromFacts = sharesFromFacts(facts, period);
    const undimensioned =
      total && total.value > 0
        ? { value: total.value, concept: "cover total (inline XBRL)" }
        : fromFacts && { ...fromFacts, concept: `companyfacts ${fromFacts.concept}` };
    const letters = entry.shareClasses.map((w) => w.letter).join(", ");
    return {
      shares: null,
      note: "shares: no per-class cover count",
      warning:
        `${entry.ticker} is defined by share class(es) ${letters} but the filing has no per-class cover count (inline XBRL)` +
        (undimensioned
          ? `; the undimensioned ${undimensioned.concept} of ${undimensioned.value.toLocaleString("en-US")} counts every class and is not used`
          : "") +
        ": shares left out for this filing",
    };
  }
  if (entry.shareClasses.length > 0) {
    const parts = entry.shareClasses.map((w) => ({ w, c: classes.find((c) => c.letter === w.letter) }));
    const absent = parts.filter((p) => p.c === undefined).map((p) => p.w.letter);
    if (absent.length === 0) {
      const value = parts.reduce((a, p) => a + p.c!.value * p.w.weight, 0);
      const counted = parts.map((p) => ({ member: p.c!.member, letter: p.w.letter, value: p.c!.value, weight: p.w.weight }));
      const asOf = parts[0]!.c!.asOf ?? period;
      return {
        shares: { value, as_of: asOf, source: "cover (inline XBRL), share classes weighted", classes: counted },
        note: "shares: cover classes weighted",
      };
    }
    return { shares: null, note: `shares: the cover lacks class(es) ${absent.join(", ")} named in share_classes` };
  }
  if (total && total.value > 0) return { shares: { value: total.value, as_of: total.asOf ?? period, source: "cover (inline XBRL)" }, note: "shares: cover" };
  if (classes.length > 0) {
    const value = classes.reduce((a, c) => a + c.value, 0);
    const counted = classes.map((c) => ({ member: c.member, letter: c.letter, value: c.value, weight: 1 }));
    return {
      shares: {
        value,
        as_of: classes[0]!.asOf ?? period,
        source: `cover (inline XBRL), sum of ${classes.length} classes (no share_classes given)`,
        classes: counted,
      },
      note: "shares: sum of cover classes",
    };
  }
  const fromFacts = sharesFromFacts(facts, period);
  if (fromFacts)
    return { shares: { value: fromFacts.value, as_of: fromFacts.asOf, source: `companyfacts ${fromFacts.concept}` }, note: "shares: companyfacts" };
  return { shares: null, note: "shares: none reported" };
}

export interface FilingContext {
  http: PoliteHttp;
  hosts: EdgarHosts;
  entry: CikEntry;
  facts: readonly Fact[];
  fullText: boolean;
  /** Folder for the header of a filing in progress (so a killed run does not ask for it again). */
  cacheDir: string;
}

/**
 * Fetch a document that may be missing: its text, or null when EDGAR has no
 * such file. With a cache file, a copy is kept there (and read back) until
 * the ticker completes.
 */
async function optional(http: PoliteHttp, url: string, label: string, cacheFile?: string): Promise<string | null> {
  if (cacheFile && existsSync(cacheFile)) return readFileSync(cacheFile, "utf8");
  const res = await http.get(url, label, "text/html, text/plain, */*");
  if (res.ok) {
    if (cacheFile) writeFileAtomic(cacheFile, res.text);
    return res.text;
  }
  if (res.status === 404 || res.status === 403) return null; // the archive answers a missing file with 403 AccessDenied XML
  throw new FetchError(`${label}: HTTP ${res.status}`, false, res.status);
}

/**
 * Fetch one filing's header and primary document and build its records.
 *
 * @example
 * const { text, fundamentals } = await processFiling(ref, ctx);
 */
export async function processFiling(ref: FilingRef, ctx: FilingContext): Promise<ProcessedFiling> {
  const { entry } = ctx;
  const label = `EDGAR ${entry.ticker} ${ref.form} ${ref.accession}`;
  const headerText = await optional(
    ctx.http,
    headerUrl(ctx.hosts, entry.cik, ref.accession),
    `${label} header`,
    join(ctx.cacheDir, `CIK${entry.cik}-${ref.accession}.hdr.sgml`),
  );
  const acc = acceptance(headerText, ref);
  const datetime = isoUtc(acc.ms);
  const date = knownAtSession({ date: datetime.slice(0, 10), datetime });
  const period = ref.reportDate ?? (headerText ? (parseFilingHeader(headerText)?.period ?? null) : null);
  const url = ref.primaryDocument ? `${filingFolderUrl(ctx.hosts, entry.cik, ref.accession)}${ref.primaryDocument}` : null;
  const html = url ? await optional(ctx.http, url, `${label} primary document`) : null;
  const notes: string[] = [`accepted ${datetime} (${acc.check})`];
  const shares = sharesFor(html, entry, ctx.facts, period ?? ref.filingDate);
  notes.push(shares.note);
  const fundamentals: FundamentalsRecord = {
    date,
    datetime,
    ticker: entry.ticker,
    cik: entry.cik,
    accession: ref.accession,
    form: ref.form,
    period,
    filing_date: ref.filingDate,
    source: `SEC EDGAR ${ref.accession}: XBRL companyfacts as first reported by this filing; shares from ${shares.shares?.source ?? (shares.warning ? "nowhere (no per-class cover count)" : "nowhere")}`,
    metrics: period ? firstReportedMetrics(ctx.facts, ref.form, period) : {},
    shares_outstanding: shares.shares,
  };
  let text: FilingTextRecord | null = null;
  if (html !== null && url !== null) {
    const plain = htmlToText(html);
    const mdna = ctx.fullText ? null : extractMdna(plain, ref.form);
    notes.push(ctx.fullText ? `full text ${plain.length} chars` : mdna!.note);
    const body = ctx.fullText ? plain : mdna!.text;
    if (body !== null && body.trim() !== "") {
      text = {
        date,
        datetime,
        ticker: entry.ticker,
        form: ref.form,
        source: `SEC EDGAR ${ref.accession} (${ref.primaryDocument}), ${ctx.fullText ? "full primary document" : "MD&A section"}`,
        text: body,
        accession: ref.accession,
        cik: entry.cik,
        period,
        filing_date: ref.filingDate,
        section: ctx.fullText ? "full" : "mdna",
        url,
        accepted_eastern: acc.eastern,
        acceptance_source: acc.source,
        acceptance_check: acc.check,
      };
    }
  } else notes.push("primary document unavailable");
  return { text, fundamentals, notes, warnings: shares.warning ? [shares.warning] : [] };
}

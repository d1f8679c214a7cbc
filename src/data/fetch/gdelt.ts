/**
 * The GDELT DOC 2.0 API (https://api.gdeltproject.org/api/v2/doc/doc, no key):
 * URLs, answers and throttling. In `mode=artlist&format=json` it answers
 *
 *   {"articles": [{"url": ..., "url_mobile": ..., "title": ..., "seendate": "20240115T123000Z",
 *                  "socialimage": ..., "domain": ..., "language": "English", "sourcecountry": ...}]}
 *
 * or `{}` when nothing matches, at most `maxrecords` (<= 250) articles and no
 * pagination. `seendate` is when GDELT's crawler first saw the article (UTC),
 * never before publication, so it is a conservative point-in-time stamp; the
 * API gives titles and URLs only, never article text. Query errors come back
 * as plain text with status 200 ("The specified phrase is too short.");
 * throttling as plain text "Please limit requests to one every 5 seconds or
 * contact ..." with status 429 (sometimes 200), with no Retry-After to rely on.
 */
import { articleTexts, repairGdeltJson } from "./gdelt-json";
import { FetchError, type Verdict } from "./http";
import { previousSession, sessionCloseUtc } from "../sessions";

export const GDELT_BASE_URL = "https://api.gdeltproject.org";
/** Environment variable that overrides the API's base URL (tests point it at a loopback server). */
export const GDELT_URL_ENV = "CONSILIUM_GDELT_URL";
/** The DOC API's hard cap on records per query. */
export const GDELT_MAX_RECORDS = 250;
/** The DOC API's archive starts here (2017-01-01 00:00 UTC). */
export const GDELT_ARCHIVE_START = "2017-01-01";

/** One article as GDELT lists it (fields we keep). */
export interface GdeltArticle {
  url: string;
  title: string;
  /** UTC instant GDELT first saw the article, ms since the epoch. */
  seenMs: number;
  domain: string | null;
  language: string | null;
  sourcecountry: string | null;
}

/** A record GDELT sent that could not be used, with where it was. */
export interface MalformedRecord {
  /** The query window and record number ("AAPL 2024-03-01T00:00Z..2024-04-01T00:00Z #17"). */
  where: string;
  reason: string;
}

/**
 * GDELT's compact UTC stamp as ms since the epoch, or null when malformed.
 *
 * @example
 * parseSeendate("20240115T123000Z"); // Date.UTC(2024, 0, 15, 12, 30)
 */
export function parseSeendate(s: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, se] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, se);
  const back = new Date(ms);
  return back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && se < 60 ? ms : null;
}

/** `YYYYMMDDHHMMSS` of a UTC instant, GDELT's start/end parameter format. */
function compact(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

/**
 * The artlist URL of one query window [startMs, endMs): enddatetime is the
 * last second inside the window, so adjacent windows never overlap.
 *
 * @example
 * gdeltUrl("AAPL", Date.UTC(2024, 0, 1), Date.UTC(2024, 1, 1));
 * // "https://api.gdeltproject.org/api/v2/doc/doc?query=AAPL&mode=artlist&format=json&maxrecords=250&sort=hybridrel&startdatetime=20240101000000&enddatetime=20240131235959"
 */
export function gdeltUrl(query: string, startMs: number, endMs: number, baseUrl = GDELT_BASE_URL, maxRecords = GDELT_MAX_RECORDS): string {
  const q = new URLSearchParams({
    query,
    mode: "artlist",
    format: "json",
    maxrecords: String(maxRecords),
    sort: "hybridrel",
    startdatetime: compact(startMs),
    enddatetime: compact(endMs - 1000),
  });
  return `${baseUrl.replace(/\/$/, "")}/api/v2/doc/doc?${q.toString()}`;
}

const THROTTLE_TEXT = /please limit requests/i;

/**
 * GDELT's throttle answer, recognised by its text whatever the status.
 *
 * @example
 * inspectGdelt(429, "Please limit requests to one every 5 seconds or contact ...")?.kind; // "throttled"
 */
export function inspectGdelt(status: number, body: string): Verdict {
  if (THROTTLE_TEXT.test(body.slice(0, 400)))
    return { kind: "throttled", message: `GDELT throttled the request (HTTP ${status}: "${body.trim().slice(0, 60)}...")` };
  return null;
}

function optionalString(v: unknown): string | null {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : null;
}

/**
 * An answer GDELT sent for a window that cannot be read at all (not JSON even
 * after repair, and no `articles` array to read record by record). It concerns
 * that window only: the pull goes on with the next one, and the ledger keeps
 * the failure for `data check` and the next run.
 *
 * @example
 * new GdeltAnswerError("GDELT AAPL 2024-03-01T00:00Z..2024-04-01T00:00Z: GDELT's answer is not valid JSON (...)").offline; // false
 */
export class GdeltAnswerError extends FetchError {
  constructor(message: string) {
    super(message, false);
    this.name = "GdeltAnswerError";
  }
}

/** One record of the answer as a usable article, or why it is not one. */
function toArticle(raw: unknown): GdeltArticle | string {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return "not an object";
  const r = raw as Record<string, unknown>;
  const url = optionalString(r["url"]);
  const title = optionalString(r["title"]);
  const seen = typeof r["seendate"] === "string" ? parseSeendate(r["seendate"]) : null;
  if (url === null || !/^https?:\/\//i.test(url)) return `field "url": missing or not an http(s) URL`;
  if (title === null) return `field "title": missing or empty`;
  if (seen === null) return `field "seendate": missing or not YYYYMMDDTHHMMSSZ (${JSON.stringify(r["seendate"])})`;
  return {
    url,
    title,
    seenMs: seen,
    domain: optionalString(r["domain"]),
    language: optionalString(r["language"]),
    sourcecountry: optionalString(r["sourcecountry"]),
  };
}

/** A record of a salvaged answer that is not JSON even after repair. */
class Unreadable {
  constructor(readonly reason: string) {}
}

/** The answer's records: parsed whole (after repair if needed), else one by one. */
function answerRecords(text: string, where: string): { records: unknown[]; repairs: number } {
  try {
    return { records: listOf(JSON.parse(text), where), repairs: 0 };
  } catch (e) {
    if (e instanceof FetchError) throw e;
  }
  const repaired = repairGdeltJson(text);
  try {
    return { records: listOf(JSON.parse(repaired.text), where), repairs: repaired.repairs };
  } catch (e) {
    if (e instanceof FetchError) throw e;
    const parts = articleTexts(repaired.text);
    if (parts === null) throw new GdeltAnswerError(`${where}: GDELT's answer is not valid JSON (${(e as Error).message})`);
    const records = parts.map((part) => {
      try {
        return JSON.parse(part) as unknown;
      } catch (inner) {
        return new Unreadable(`not valid JSON (${(inner as Error).message})`);
      }
    });
    return { records, repairs: repaired.repairs };
  }
}

/** The `articles` list of a parsed answer (`{}` is an empty result). */
function listOf(json: unknown, where: string): unknown[] {
  const list = (json as { articles?: unknown } | null)?.articles;
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new GdeltAnswerError(`${where}: GDELT's "articles" is not an array`);
  return list;
}

/**
 * Parse one artlist answer. Plain text (a query error) throws a `FetchError`
 * quoting GDELT. Invalid JSON is repaired where the fault has one reading
 * (`repairs` counts them; see `gdelt-json.ts`); a record that still cannot be
 * read, or lacks a usable url, title or seendate, is skipped and listed in
 * `malformed` with its position. An answer that cannot be read at all throws
 * a `GdeltAnswerError` (that window only).
 *
 * @example
 * parseGdeltAnswer('{"articles":[{"url":"https://x/1","title":"T","seendate":"20240115T123000Z"}]}', "AAPL w1").articles.length; // 1
 * parseGdeltAnswer(String.raw`{"articles":[{"url":"https://x/1","title":"Alphabet\'s","seendate":"20240115T123000Z"}]}`, "AAPL w1").repairs; // 1
 * parseGdeltAnswer("{}", "AAPL w1").articles; // []
 */
export function parseGdeltAnswer(text: string, where: string): { articles: GdeltArticle[]; malformed: MalformedRecord[]; repairs: number } {
  const trimmed = text.trim();
  if (trimmed === "") return { articles: [], malformed: [], repairs: 0 };
  if (!trimmed.startsWith("{")) throw new FetchError(`${where}: GDELT refused the query: "${trimmed.slice(0, 200)}"`, false);
  const { records, repairs } = answerRecords(trimmed, where);
  const articles: GdeltArticle[] = [];
  const malformed: MalformedRecord[] = [];
  records.forEach((raw, i) => {
    const article = raw instanceof Unreadable ? raw.reason : toArticle(raw);
    if (typeof article === "string") malformed.push({ where: `${where} record #${i + 1}`, reason: article });
    else articles.push(article);
  });
  return { articles, malformed, repairs };
}

/** A query window, [startMs, endMs) in UTC. */
export interface Window {
  startMs: number;
  endMs: number;
}

/**
 * The first windows of a pull: calendar months (UTC) clipped to
 * [from 00:00Z, to + 1 day 00:00Z).
 *
 * @example
 * monthWindows("2024-01-15", "2024-02-10").map((w) => new Date(w.startMs).toISOString().slice(0, 10)); // ["2024-01-15", "2024-02-01"]
 */
export function monthWindows(from: string, to: string): Window[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + 86_400_000;
  const out: Window[] = [];
  for (let s = start; s < end;) {
    const d = new Date(s);
    const next = Math.min(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1), end);
    out.push({ startMs: s, endMs: next });
    s = next;
  }
  return out;
}

/**
 * The windows of a pull from `from` to `to`: calendar months, except that the
 * first starts at the close of the last NYSE session before `from` (never
 * before GDELT's archive). A headline seen after that close counts for the
 * first session of the range under the known-at rule, so starting at
 * `from` 00:00 UTC would miss the evening before it.
 *
 * @example
 * new Date(newsWindows("2024-03-04", "2024-03-31")[0]!.startMs).toISOString(); // "2024-03-01T21:00:00.000Z" (Friday's 16:00 New York close)
 */
export function newsWindows(from: string, to: string): Window[] {
  const windows = monthWindows(from, to);
  const first = windows[0];
  if (first) first.startMs = Math.max(Date.parse(`${GDELT_ARCHIVE_START}T00:00:00Z`), Math.min(first.startMs, sessionCloseUtc(previousSession(from))));
  return windows;
}

/**
 * Halve a window at a whole minute (the two halves cover it exactly).
 *
 * @example
 * splitWindow({ startMs: 0, endMs: 86_400_000 }).map((w) => w.endMs); // [43_200_000, 86_400_000]
 */
export function splitWindow(w: Window): [Window, Window] {
  const mid = w.startMs + Math.floor((w.endMs - w.startMs) / 2 / 60_000) * 60_000;
  return [
    { startMs: w.startMs, endMs: mid },
    { startMs: mid, endMs: w.endMs },
  ];
}

/** A window as text, for ledger keys and messages. @example windowLabel({ startMs: Date.UTC(2024, 2, 1), endMs: Date.UTC(2024, 3, 1) }); // "2024-03-01T00:00Z..2024-04-01T00:00Z" */
export function windowLabel(w: Window): string {
  const f = (ms: number): string => new Date(ms).toISOString().slice(0, 16) + "Z";
  return `${f(w.startMs)}..${f(w.endMs)}`;
}

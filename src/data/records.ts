/**
 * Validation and normalisation of the JSONL record kinds of a data folder
 * (news, filings, social posts, resumes) and of job-description JSON files.
 * Required fields missing or of the wrong type throw a `DataError` naming
 * file, line and field; optional fields are passed through unchanged.
 */
import { basename } from "node:path";
import { readFileSync } from "node:fs";
import { normalizeDate } from "./dates";
import { parseStampUtc } from "./sessions";
import { DataError } from "./errors";
import type { JsonlRecord } from "./jsonl";
import type { Filing, JobDescription, NewsRecord, Resume, SocialPost } from "./types";

type Loc = { file: string; line: number };

function str(v: Record<string, unknown>, field: string, loc: Loc, required: true): string;
function str(v: Record<string, unknown>, field: string, loc: Loc, required: false): string | null;
function str(v: Record<string, unknown>, field: string, loc: Loc, required: boolean): string | null {
  const x = v[field];
  if (x === undefined || x === null) {
    if (required) throw new DataError("missing required field", { ...loc, field });
    return null;
  }
  if (typeof x !== "string") throw new DataError(`expected a string, got ${typeof x}`, { ...loc, field });
  if (required && x.trim() === "") throw new DataError("empty required field", { ...loc, field });
  return x;
}

function dateField(v: Record<string, unknown>, loc: Loc): string {
  const raw = str(v, "date", loc, true);
  const d = normalizeDate(raw);
  if (d === null) throw new DataError(`invalid date "${raw}" (expected YYYY-MM-DD)`, { ...loc, field: "date" });
  return d;
}

/** A time stamp the known-at rule can read (sessions.ts), else a DataError naming the field. */
function checkedStamp(stamp: string, loc: { file: string; line: number }, field: string): string {
  try {
    parseStampUtc(stamp);
  } catch (error) {
    throw new DataError((error as Error).message, { ...loc, field });
  }
  return stamp;
}

/**
 * Validate one news row: `date` and `ticker` required, at least one of
 * `headline` / `summary` non-empty; `text = headline ?? summary`.
 *
 * @example
 * toNews({ line: 1, value: { date: "2024-01-02", ticker: "X", headline: null, summary: "Up." } }, "n.jsonl").text; // "Up."
 */
export function toNews(rec: JsonlRecord, file: string): NewsRecord {
  const loc = { file, line: rec.line };
  const v = rec.value;
  const date = dateField(v, loc);
  const ticker = str(v, "ticker", loc, true).trim();
  const headline = str(v, "headline", loc, false);
  const summary = str(v, "summary", loc, false);
  const text = headline !== null && headline.trim() !== "" ? headline : summary;
  if (text === null || text.trim() === "") throw new DataError("needs a non-empty headline or summary", { ...loc, field: "headline" });
  const source = str(v, "source", loc, false) ?? basename(file);
  const out: NewsRecord = { date, ticker, source, headline, summary, text };
  const datetime = str(v, "datetime", loc, false);
  if (datetime !== null) out.datetime = checkedStamp(datetime, loc, "datetime");
  return out;
}

/**
 * Validate one filing row: `date`, `ticker`, `form`, `text` required; an
 * optional `datetime` (acceptance time) is checked and kept for the known-at rule.
 *
 * @example
 * toFiling({ line: 1, value: { date: "2024-05-01", ticker: "X", form: "10-Q", text: "..." } }, "f.jsonl").form; // "10-Q"
 */
export function toFiling(rec: JsonlRecord, file: string): Filing {
  const loc = { file, line: rec.line };
  const v = rec.value;
  const out: Filing = {
    date: dateField(v, loc),
    ticker: str(v, "ticker", loc, true).trim(),
    form: str(v, "form", loc, true).trim(),
    source: str(v, "source", loc, false) ?? basename(file),
    text: str(v, "text", loc, true),
  };
  // Kept so the known-at rule reads the acceptance time (a filing accepted after the close counts from the next session).
  const datetime = str(v, "datetime", loc, false);
  if (datetime !== null) out.datetime = checkedStamp(datetime, loc, "datetime");
  return out;
}

const CASHTAG = /\$([A-Za-z]{1,5}(?:[.-][A-Za-z]{1,2})?)\b/g;
const WORD = /\b[A-Z][A-Z0-9]*(?:[.-][A-Z]{1,2})?\b/g;

/**
 * Tickers mentioned in a text: every `$CASHTAG` (upper-cased), plus bare
 * upper-case words that are known tickers of at least 3 letters (shorter
 * ones like "GE", "SO", "V" are ordinary words too often to count bare).
 *
 * @example
 * extractTickers("$tsla to the moon, NVDA too, SO what", new Set(["NVDA", "SO"])); // ["NVDA", "TSLA"]
 */
export function extractTickers(text: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(CASHTAG)) found.add(m[1]!.toUpperCase()); // group 1 is not optional
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    if (w.length >= 3 && known.has(w)) found.add(w);
  }
  return [...found].sort();
}

/**
 * Validate one social post: `date` required; `id` defaults to `file#line`;
 * `title` / `body` default to "" but one must be non-empty. `tickers` is
 * filled from the text when absent.
 *
 * @example
 * toSocial({ line: 4, value: { date: "2024-06-24", title: "$ALTA calls", body: "" } }, "wsb.jsonl", new Set()).tickers; // ["ALTA"]
 */
export function toSocial(rec: JsonlRecord, file: string, known: ReadonlySet<string>): SocialPost {
  const loc = { file, line: rec.line };
  const v = rec.value;
  const date = dateField(v, loc);
  const rawId = v["id"];
  const id = typeof rawId === "string" && rawId !== "" ? rawId : typeof rawId === "number" ? String(rawId) : `${basename(file)}#${rec.line}`;
  const title = str(v, "title", loc, false) ?? "";
  const body = str(v, "body", loc, false) ?? "";
  if (title.trim() === "" && body.trim() === "") throw new DataError("needs a non-empty title or body", { ...loc, field: "title" });
  const out: SocialPost = { ...(v as object), date, id, title, body } as SocialPost;
  if (out.comments !== undefined && !(Array.isArray(out.comments) && out.comments.every((c) => typeof c === "string"))) {
    throw new DataError("expected an array of strings", { ...loc, field: "comments" });
  }
  for (const field of ["created_utc", "created"] as const) {
    const stamp = v[field];
    if (typeof stamp === "string" && stamp.trim() !== "") checkedStamp(stamp, loc, field);
  }
  if (out.tickers === undefined) out.tickers = extractTickers(`${title}\n${body}`, known);
  else if (!(Array.isArray(out.tickers) && out.tickers.every((t) => typeof t === "string"))) {
    throw new DataError("expected an array of strings", { ...loc, field: "tickers" });
  }
  return out;
}

/**
 * Validate one resume: `id` and `text` required, `labels` an array of
 * strings (default []), optional `name`.
 *
 * @example
 * toResume({ line: 1, value: { id: "c1", labels: ["ops"], text: "..." } }, "r.jsonl").labels; // ["ops"]
 */
export function toResume(rec: JsonlRecord, file: string): Resume {
  const loc = { file, line: rec.line };
  const v = rec.value;
  const rawId = v["id"];
  const id = typeof rawId === "number" ? String(rawId) : str(v, "id", loc, true);
  const labels = v["labels"] ?? [];
  if (!Array.isArray(labels) || !labels.every((l) => typeof l === "string")) {
    throw new DataError("expected an array of strings", { ...loc, field: "labels" });
  }
  const out: Resume = { id, labels: labels as string[], text: str(v, "text", loc, true) };
  const name = str(v, "name", loc, false);
  if (name !== null) out.name = name;
  return out;
}

/**
 * Read a `jobs/*.json` file: one JobDescription object or an array of them
 * (`id`, `title`, `organization`, `text` required).
 *
 * @example
 * loadJobs("datasets/jobs/head_of_technology.json")[0].title; // "Head of Technology"
 */
export function loadJobs(file: string): JobDescription[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new DataError(`malformed JSON (${(e as Error).message})`, { file, line: 1 });
  }
  const items = Array.isArray(parsed) ? parsed : [parsed];
  return items.map((item, i) => {
    if (item === null || typeof item !== "object") throw new DataError(`job #${i + 1} is not an object`, { file, line: 1 });
    const loc = { file, line: 1 };
    const v = item as Record<string, unknown>;
    return { id: str(v, "id", loc, true), title: str(v, "title", loc, true), organization: str(v, "organization", loc, true), text: str(v, "text", loc, true) };
  });
}

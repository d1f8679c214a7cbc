/**
 * One ticker's fetched news file, `news/<TICKER>.jsonl`, kept de-duplicated
 * and in time order while windows arrive. Records are in the data-folder
 * layout (`toNews` reads them):
 *
 *   {"date": "2024-03-04", "ticker": "AAPL", "source": "GDELT DOC 2.0: reuters.com",
 *    "headline": "...", "summary": null, "datetime": "2024-03-01T21:30:00Z",
 *    "url": "https://...", "domain": "reuters.com", "language": "English", "sourcecountry": "United States"}
 *
 * `datetime` is GDELT's seendate (UTC). `date` is the NYSE session the item
 * counts for under the known-at rule (`knownAtSession`): an item seen after
 * Friday's close is dated Monday, so even a reader that compares dates only
 * cannot see it early. Duplicates are the same URL, or the same headline on
 * the same session (wire stories syndicated to many sites); the earliest
 * sighting is kept and `copies` counts the others.
 */
import { existsSync, readFileSync } from "node:fs";
import { writeFileAtomic } from "../atomic";
import { DataError } from "../errors";
import type { GdeltArticle } from "./gdelt";
import { parseJsonl, toJsonl } from "../jsonl";
import { knownAtSession } from "../sessions";

export interface FetchedNews {
  date: string;
  ticker: string;
  source: string;
  headline: string;
  summary: null;
  datetime: string;
  url: string;
  domain: string | null;
  language: string | null;
  sourcecountry: string | null;
  copies?: number;
}

/**
 * A URL's identity for de-duplication: scheme and host lower-cased, fragment
 * and trailing slash dropped.
 *
 * @example
 * urlKey("HTTPS://WWW.Example.com/a/#top"); // "https://www.example.com/a"
 */
export function urlKey(url: string): string {
  try {
    const u = new URL(url);
    u.hash = "";
    return u.toString().replace(/\/$/, "");
  } catch {
    return url.trim();
  }
}

/**
 * A headline's identity: lower case, letters and digits only, single spaces.
 *
 * @example
 * titleKey("Tesla , Rivian and Nio stock price targets cut"); // "tesla rivian and nio stock price targets cut"
 */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The layout record of one GDELT article for a ticker.
 *
 * @example
 * toFetchedNews({ url: "https://x/1", title: "T", seenMs: Date.UTC(2024, 2, 1, 21, 30), domain: "x", language: "English", sourcecountry: null }, "AAPL").date; // "2024-03-04"
 */
export function toFetchedNews(a: GdeltArticle, ticker: string): FetchedNews {
  const datetime = new Date(a.seenMs).toISOString().replace(/\.\d{3}Z$/, "Z");
  return {
    date: knownAtSession({ date: datetime.slice(0, 10), datetime }),
    ticker,
    source: `GDELT DOC 2.0${a.domain ? `: ${a.domain}` : ""}`,
    headline: a.title,
    summary: null,
    datetime,
    url: a.url,
    domain: a.domain,
    language: a.language,
    sourcecountry: a.sourcecountry,
  };
}

/** Time order, then URL: a deterministic order for the file. */
function order(a: FetchedNews, b: FetchedNews): number {
  return a.datetime < b.datetime ? -1 : a.datetime > b.datetime ? 1 : a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}

/**
 * A ticker's news file held in memory: add articles, write it back atomically.
 *
 * @example
 * const store = NewsStore.load("out/news/AAPL.jsonl", "AAPL");
 * store.add(articles); store.write();
 */
export class NewsStore {
  private readonly byUrl = new Map<string, FetchedNews>();
  private readonly byTitle = new Map<string, FetchedNews>();

  private constructor(
    readonly file: string,
    readonly ticker: string,
  ) {}

  /** Load an existing file (records of other origins are kept as they are); a malformed line is a `DataError` naming it. */
  static load(file: string, ticker: string): NewsStore {
    const store = new NewsStore(file, ticker);
    if (!existsSync(file)) return store;
    for (const rec of parseJsonl(readFileSync(file, "utf8"), file)) {
      const v = rec.value as Partial<FetchedNews>;
      if (typeof v.url !== "string" || typeof v.datetime !== "string" || typeof v.headline !== "string") {
        throw new DataError("not a fetched news record (needs url, datetime, headline): move other news to another file in news/", { file, line: rec.line });
      }
      store.put(rec.value as unknown as FetchedNews);
    }
    return store;
  }

  /** Distinct stories (syndicated copies counted once). */
  get size(): number {
    return new Set(this.byUrl.values()).size;
  }

  /** Add GDELT articles; returns how many were new (not duplicates). */
  add(articles: readonly GdeltArticle[]): number {
    let added = 0;
    for (const a of articles) if (this.put(toFetchedNews(a, this.ticker))) added++;
    return added;
  }

  /**
   * Insert or merge one record; true when it is new. The same URL again keeps
   * the earlier sighting; another URL with the same headline on the same
   * session is a syndicated copy: counted, and the earliest one is kept.
   */
  private put(r: FetchedNews): boolean {
    const uk = urlKey(r.url);
    const tk = `${r.date}|${titleKey(r.headline)}`;
    const same = this.byUrl.get(uk) ?? this.byTitle.get(tk);
    if (!same) {
      this.byUrl.set(uk, r);
      this.byTitle.set(tk, r);
      return true;
    }
    const copies = this.byUrl.has(uk) ? (same.copies ?? 1) : (same.copies ?? 1) + (r.copies ?? 1);
    if (r.datetime < same.datetime) Object.assign(same, r);
    if (copies > 1) same.copies = copies;
    this.byUrl.set(uk, same);
    return false;
  }

  /** Every record once, in time order. */
  records(): FetchedNews[] {
    return [...new Set(this.byUrl.values())].sort(order);
  }

  /** Write the file (temp file + rename). */
  write(): void {
    writeFileAtomic(this.file, toJsonl(this.records()));
  }
}

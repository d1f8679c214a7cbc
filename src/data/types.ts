/**
 * Record types of a Consilium data folder:
 *
 *   prices/<TICKER>.csv   Date,Open,High,Low,Close,AdjClose,Volume
 *   news/*.jsonl          {date, ticker, source, headline, summary, datetime?}
 *   filings/*.jsonl       {date, ticker, form, source, text}
 *   social/*.jsonl        {date, id, title, body, score?, num_comments?, ...}
 *   resumes/*.jsonl       {id, labels, text}
 *
 * Dates are ISO `YYYY-MM-DD` strings, which sort lexicographically.
 */

/** Column-oriented daily bars of one ticker, ascending unique dates. */
export interface PriceSeries {
  readonly ticker: string;
  readonly dates: readonly string[];
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly adjClose: Float64Array;
  readonly volume: Float64Array;
}

export interface NewsItem {
  date: string;
  ticker: string;
  source: string;
  headline: string | null;
  summary: string | null;
  datetime?: string;
  /** Filled by the loader: `headline ?? summary` (the text agents read). */
  text?: string;
}

/** A news item as the loaders return it: `text` is always present. */
export interface NewsRecord extends NewsItem {
  text: string;
}

export interface Filing {
  date: string;
  ticker: string;
  /** "10-K" | "10-Q" | other form names. */
  form: string;
  source: string;
  text: string;
  /** Acceptance time (EDGAR), when the record has one: the known-at rule then applies to it instead of the date. */
  datetime?: string;
}

export interface SocialPost {
  date: string;
  id: string;
  title: string;
  body: string;
  score?: number;
  num_comments?: number;
  created_utc?: string;
  subreddit?: string;
  comments?: string[];
  source?: string;
  /** Tickers mentioned (filled by the loader from $TICKER / known symbols when absent). */
  tickers?: string[];
}

export interface Resume {
  id: string;
  labels: string[];
  text: string;
  /** Optional display name (bundled hiring files have one). */
  name?: string;
}

/** Static description of one ticker (from `prices/_manifest.csv` when present). */
export interface TickerInfo {
  ticker: string;
  /** "stock" | "ETF" | "index" | ... ("unknown" when no manifest row). */
  type: string;
  sector: string | null;
  name: string | null;
  /** Shares outstanding (synthetic data gives it, for market-cap weights). */
  sharesOutstanding: number | null;
  /** True for generated (fictional) series. */
  synthetic: boolean;
}

export interface JobDescription {
  id: string;
  title: string;
  organization: string;
  text: string;
}

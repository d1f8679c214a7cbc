/**
 * Market capitalisations as known on a session: price x shares outstanding,
 * both on the same split basis, with the shares of the last filing known by
 * that session's close (known-at rule: accepted after the close -> counts
 * from the next session).
 *
 * The basis. The `Close` of a fetched price file is split-adjusted as of the
 * download day (Yahoo), while a filing reports the shares that existed on its
 * cover date. With the folder's split record (`prices/_splits.csv`, written
 * by the price fetcher) both are brought to the session's own, unadjusted
 * basis:
 *
 *   unadjusted close(t) = Close(t) x prod(splits with ex-date > t)
 *   shares(t)           = reported shares x prod(splits with ex-date in (as_of, t])
 *   market cap(t)       = unadjusted close(t) x shares(t)
 *
 * so a split between a filing and the session multiplies the stale count
 * instead of cutting the company's value by the split ratio. (Dividend
 * adjustment is not involved: `Close` is not dividend-adjusted; `AdjClose`
 * is never used here.) Without `_splits.csv` the basis is unknown and no cap
 * is given. A folder whose Close is already unadjusted must list no splits.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { lastIndexAtOrBefore } from "./dates";
import { loadFundamentals, sharesKnownAt, type FundamentalsRecord, type SharesKnown } from "./fundamentals";
import { loadPrices } from "./prices";
import { loadSplits, splitFactor, type Split } from "./splits";
import type { PriceSeries } from "./types";

export interface MarketCapQuote {
  ticker: string;
  session: string;
  /** null when it cannot be computed (see `reason`). */
  marketCap: number | null;
  /** Date of the close used (the last bar on or before the session). */
  priceDate: string | null;
  /** The file's (split-adjusted) Close on `priceDate`. */
  close: number | null;
  /** That close on the day's own basis. */
  unadjustedClose: number | null;
  /** Shares on the day's basis (reported x splits since the count). */
  shares: number | null;
  /** What the filing said, and which filing. */
  known: SharesKnown | null;
  /** Splits between the count's as-of date and the price date. */
  splitsSinceCount: number;
  reason?: string;
}

export interface MarketCapWeights {
  /** Weights summing to 1 in the tickers' order, or null when any cap is missing. */
  weights: number[] | null;
  quotes: MarketCapQuote[];
  /** Tickers without a cap, with the reason. */
  missing: Array<{ ticker: string; reason: string }>;
}

/**
 * Market caps of a data folder (fundamentals, splits and prices read once,
 * lazily).
 *
 * @example
 * const caps = MarketCaps.open("mydata");
 * caps.quote("AAPL", "2024-11-01").marketCap; // unadjusted close x shares known that day
 * caps.weights(["AAPL", "MSFT"], "2024-11-01").weights; // [0.49.., 0.50..]
 */
export class MarketCaps {
  private fundamentals: Map<string, FundamentalsRecord[]> | null = null;
  private splits: Map<string, Split[]> | null | undefined = undefined;
  private readonly prices = new Map<string, PriceSeries | null>();

  private constructor(readonly dir: string) {}

  static open(dir: string): MarketCaps {
    return new MarketCaps(dir);
  }

  /** True when the folder has fundamentals with at least one share count. */
  hasShares(): boolean {
    return [...this.allFundamentals().values()].some((list) => list.some((r) => r.shares_outstanding !== null));
  }

  private allFundamentals(): Map<string, FundamentalsRecord[]> {
    return (this.fundamentals ??= loadFundamentals(this.dir));
  }

  private splitRecord(): Map<string, Split[]> | null {
    if (this.splits === undefined) this.splits = loadSplits(this.dir);
    return this.splits;
  }

  private series(ticker: string): PriceSeries | null {
    if (!this.prices.has(ticker)) {
      const file = join(this.dir, "prices", `${ticker}.csv`);
      this.prices.set(ticker, existsSync(file) ? loadPrices(file, ticker).series : null);
    }
    return this.prices.get(ticker) ?? null;
  }

  /** The cap of one ticker on a session (see the module comment). */
  quote(ticker: string, session: string): MarketCapQuote {
    const q: MarketCapQuote = {
      ticker,
      session,
      marketCap: null,
      priceDate: null,
      close: null,
      unadjustedClose: null,
      shares: null,
      known: null,
      splitsSinceCount: 1,
    };
    const records = this.allFundamentals().get(ticker) ?? [];
    if (records.length === 0) return { ...q, reason: `no fundamentals/${ticker}.jsonl records` };
    q.known = sharesKnownAt(records, session);
    if (q.known === null) return { ...q, reason: `no filing with a share count known by the close of ${session}` };
    const splits = this.splitRecord();
    if (splits === null) return { ...q, reason: "no prices/_splits.csv: the Close's split basis is unknown, so shares cannot be matched to it" };
    const s = this.series(ticker);
    if (s === null) return { ...q, reason: `no prices/${ticker}.csv` };
    const i = lastIndexAtOrBefore(s.dates, session);
    if (i < 0) return { ...q, reason: `no price on or before ${session}` };
    const own = splits.get(ticker) ?? [];
    q.priceDate = s.dates[i]!;
    q.close = s.close[i]!;
    q.unadjustedClose = q.close * splitFactor(own, q.priceDate);
    q.splitsSinceCount = splitFactor(own, q.known.asOf, q.priceDate);
    q.shares = q.known.shares * q.splitsSinceCount;
    q.marketCap = q.unadjustedClose * q.shares;
    return q;
  }

  /**
   * Market-cap weights of tickers on a session, or null weights with the
   * missing tickers named (the caller then says which prior it used).
   */
  weights(tickers: readonly string[], session: string): MarketCapWeights {
    const quotes = tickers.map((t) => this.quote(t, session));
    const missing = quotes.filter((q) => q.marketCap === null).map((q) => ({ ticker: q.ticker, reason: q.reason ?? "unknown" }));
    if (missing.length > 0 || quotes.length === 0) return { weights: null, quotes, missing };
    const total = quotes.reduce((a, q) => a + q.marketCap!, 0);
    return { weights: quotes.map((q) => q.marketCap! / total), quotes, missing };
  }
}

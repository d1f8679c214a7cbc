/**
 * The market weights w_mkt behind the Black-Litterman prior pi = delta Sigma
 * w_mkt, and which prior a run actually uses.
 *
 * - marketCap (the paper's text): shares outstanding x the last close before
 *   the decision date, normalised. Shares come from a `SharesSource`, asked
 *   for (ticker, date): today the data folder's static `sharesOutstanding`
 *   (`staticShares`); a source of shares as known on each date plugs in here.
 *   When the source has no shares for a ticker of the universe, the run uses
 *   equal weights and says so (`resolvePrior`: config.json, the manifest and
 *   the report carry it), never silently.
 * - holdings (the authors' code): the current book, 1/N when flat.
 * - equal: 1/N.
 */
import type { AlignedMarket } from "../backtest/index";
import type { DataFolder } from "../data/index";
import { marketWeights } from "../portfolio/index";
import { itemAt } from "./lookup";

export type MarketWeightsMode = "equal" | "holdings" | "marketCap";

/** Shares outstanding of a ticker as known on a date, or null when unknown. */
export type SharesSource = (ticker: string, date: string) => number | null;

/**
 * The data folder's `sharesOutstanding` per ticker (one number for every date).
 *
 * @example
 * staticShares(DataFolder.open("datasets"))("ALTA", "2025-01-02"); // e.g. 1.2e9, or null
 */
export function staticShares(data: DataFolder): SharesSource {
  return (ticker) => {
    const s = data.tickerInfo(ticker).sharesOutstanding;
    return s !== null && s !== undefined && s > 0 ? s : null;
  };
}

/** The prior a run uses, and why when it is not the one asked for. */
export interface ResolvedPrior {
  requested: MarketWeightsMode;
  used: MarketWeightsMode;
  /** Null when `used` is `requested`. */
  reason: string | null;
}

/**
 * Which prior the run can honour: marketCap needs shares for every ticker on
 * the first test date; else equal weights, with the reason.
 *
 * @example
 * resolvePrior("marketCap", () => null, ["AAPL"], "2025-01-02").used; // "equal"
 */
export function resolvePrior(requested: MarketWeightsMode, shares: SharesSource, tickers: readonly string[], date: string): ResolvedPrior {
  if (requested !== "marketCap") return { requested, used: requested, reason: null };
  const missing = tickers.filter((t) => shares(t, date) === null);
  if (missing.length === 0) return { requested, used: requested, reason: null };
  const which =
    missing.length === tickers.length
      ? "any ticker"
      : `${missing.length} of ${tickers.length} tickers (${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", ..." : ""})`;
  return {
    requested,
    used: "equal",
    reason: `marketWeights=marketCap needs shares outstanding, and the data folder has none for ${which}: the prior uses equal weights`,
  };
}

/** What `priorWeights` needs to know. */
export interface PriorOptions {
  marketWeights: MarketWeightsMode;
  /** Needed by "marketCap". */
  shares?: SharesSource;
}

/**
 * w_mkt over the eligible tickers of a rebalance (see module doc). Market
 * caps use the last close strictly before the decision date, like the covariance window.
 *
 * @example
 * priorWeights(market, 300, [0, 1], { marketWeights: "equal" }, null); // [0.5, 0.5]
 */
export function priorWeights(
  market: AlignedMarket,
  dayIndex: number,
  eligible: readonly number[],
  options: PriorOptions,
  currentWeights: ArrayLike<number> | null,
): Float64Array {
  const n = eligible.length;
  if (options.marketWeights === "holdings") {
    return marketWeights(n, { mode: "holdings", holdings: eligible.map((i) => Math.max(0, currentWeights?.[i] ?? 0)) });
  }
  if (options.marketWeights === "marketCap") {
    const shares = options.shares;
    if (!shares) throw new RangeError('allocate: marketWeights "marketCap" needs a source of shares outstanding');
    const date = itemAt(market.dates, dayIndex, "market date");
    const caps = eligible.map((i) => {
      const ticker = itemAt(market.tickers, i, "market ticker");
      const s = shares(ticker, date);
      if (s === null || !(s > 0)) throw new RangeError(`allocate: no shares outstanding for ${ticker} on ${date} (needed by marketWeights "marketCap")`);
      return s * itemAt(itemAt(market.close, i, "price column"), dayIndex - 1, `${ticker} close`);
    });
    return marketWeights(n, { mode: "market-cap", marketCaps: caps });
  }
  return marketWeights(n, { mode: "equal" });
}

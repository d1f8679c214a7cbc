/**
 * The market weights w_mkt behind the Black-Litterman prior pi = delta Sigma
 * w_mkt, and which prior each rebalance actually used.
 *
 * - marketCap (the paper's text): market capitalisations at the close of the
 *   decision date (the session the agents read; with an execution lag still
 *   that session, never the later trade date), normalised. Caps come from a
 *   `CapsSource`:
 *     filings  — the data folder's `fundamentals/` (market caps as the paper's prior): the close x the
 *                shares of the last filing accepted before that close, on one
 *                split basis (`MarketCaps` in the data layer; the known-at
 *                rule: a filing accepted after the close counts from the
 *                next session);
 *     universe — the universe file's one `sharesOutstanding` per ticker x the
 *                (adjusted) close of the decision date (the bundled synthetic
 *                data; a count that never changes cannot look ahead).
 *   A folder with share counts in `fundamentals/` uses them; else the
 *   universe file's. When a ticker of a rebalance has no cap on that date,
 *   THAT rebalance uses equal weights; the run counts and records it
 *   (`summarizePriors`: console, config.json effective section, manifest,
 *   report — the bb_rebalances table has a `prior` column).
 * - holdings (the authors' code): the current book, 1/N when flat.
 * - equal: 1/N.
 */
import type { AlignedMarket } from "../backtest/index";
import type { DataFolder } from "../data/index";
import { MarketCaps } from "../data/index";
import { marketWeights } from "../portfolio/index";
import { itemAt } from "./lookup";

export type MarketWeightsMode = "equal" | "holdings" | "marketCap";

/** Market-cap weights of tickers at a decision date's close, or null weights with the reason. */
export interface CapWeights {
  weights: number[] | null;
  reason: string | null;
}

/** Where a marketCap prior takes its capitalisations from (see the module doc). */
export interface CapsSource {
  kind: "filings" | "universe";
  /** Caps of `tickers` at the close of `market.dates[dayIndex]`. */
  weights(tickers: readonly string[], market: AlignedMarket, dayIndex: number): CapWeights;
}

function missingReason(missing: ReadonlyArray<{ ticker: string; reason: string }>, total: number, date: string): string {
  const shown = missing
    .slice(0, 3)
    .map((m) => `${m.ticker}: ${m.reason}`)
    .join("; ");
  return `no market cap on ${date} for ${missing.length} of ${total} tickers (${shown}${missing.length > 3 ? "; ..." : ""})`;
}

/**
 * Caps from the folder's filings, as known at each decision date's close.
 *
 * @example
 * filingCaps(MarketCaps.open("mydata")).weights(["AAPL", "MSFT"], market, t).weights; // [0.47.., 0.52..] or null
 */
export function filingCaps(caps: MarketCaps): CapsSource {
  return {
    kind: "filings",
    weights(tickers, market, dayIndex) {
      const date = itemAt(market.dates, dayIndex, "market date");
      const w = caps.weights(tickers, date);
      if (w.weights !== null) return { weights: w.weights, reason: null };
      return { weights: null, reason: missingReason(w.missing, tickers.length, date) };
    },
  };
}

/**
 * Caps from the universe file's static share counts x the decision date's close.
 *
 * @example
 * universeCaps(DataFolder.open("datasets")).weights(["ALTA", "BRIX"], market, t).weights; // [0.6.., 0.3..]
 */
export function universeCaps(data: DataFolder): CapsSource {
  return {
    kind: "universe",
    weights(tickers, market, dayIndex) {
      const date = itemAt(market.dates, dayIndex, "market date");
      const missing: Array<{ ticker: string; reason: string }> = [];
      const caps = tickers.map((ticker) => {
        const s = data.tickerInfo(ticker).sharesOutstanding;
        const column = market.close[market.tickers.indexOf(ticker)];
        const price = column?.[dayIndex] ?? NaN;
        if (s === null || s === undefined || !(s > 0))
          missing.push({ ticker, reason: "no share count in fundamentals/ and no sharesOutstanding in the universe file" });
        else if (!(price > 0)) missing.push({ ticker, reason: "no close" });
        return (s ?? 0) * price;
      });
      if (missing.length > 0 || tickers.length === 0) return { weights: null, reason: missingReason(missing, tickers.length, date) };
      const total = caps.reduce((a, b) => a + b, 0);
      return { weights: caps.map((c) => c / total), reason: null };
    },
  };
}

/**
 * The caps source of a data folder: its filings when `fundamentals/` has a
 * share count, else the universe file's.
 *
 * @example
 * capsSourceFor(DataFolder.open("../shared/datasets")).kind; // "universe" (no fundamentals/ there)
 */
export function capsSourceFor(data: DataFolder): CapsSource {
  const caps = MarketCaps.open(data.dir);
  return caps.hasShares() ? filingCaps(caps) : universeCaps(data);
}

/** What `priorWeights` needs to know. */
export interface PriorOptions {
  marketWeights: MarketWeightsMode;
  /** Needed by "marketCap"; without it every rebalance falls back to equal weights. */
  caps?: CapsSource;
}

/** w_mkt of one rebalance and the prior it came from. */
export interface PriorWeights {
  weights: Float64Array;
  /** "equal" when marketCap was asked for and a cap was missing (`reason`). */
  used: MarketWeightsMode;
  reason: string | null;
}

/**
 * w_mkt over the eligible tickers of a rebalance (see module doc): market
 * caps at the close of the decision date `market.dates[dayIndex]`.
 *
 * @example
 * priorWeights(market, 300, [0, 1], { marketWeights: "equal" }, null).weights; // [0.5, 0.5]
 */
export function priorWeights(
  market: AlignedMarket,
  dayIndex: number,
  eligible: readonly number[],
  options: PriorOptions,
  currentWeights: ArrayLike<number> | null,
): PriorWeights {
  const n = eligible.length;
  if (options.marketWeights === "holdings") {
    const holdings = eligible.map((i) => Math.max(0, currentWeights?.[i] ?? 0));
    return { weights: marketWeights(n, { mode: "holdings", holdings }), used: "holdings", reason: null };
  }
  if (options.marketWeights === "marketCap") {
    const tickers = eligible.map((i) => itemAt(market.tickers, i, "market ticker"));
    const caps = options.caps ? options.caps.weights(tickers, market, dayIndex) : { weights: null, reason: "no source of market caps" };
    if (caps.weights !== null) return { weights: marketWeights(n, { mode: "market-cap", marketCaps: caps.weights }), used: "marketCap", reason: null };
    return { weights: marketWeights(n, { mode: "equal" }), used: "equal", reason: caps.reason };
  }
  return { weights: marketWeights(n, { mode: "equal" }), used: "equal", reason: null };
}

/** The prior a run used over its rebalances. */
export interface ResolvedPrior {
  requested: MarketWeightsMode;
  /** `requested` when every rebalance used it, "equal" when none could, "mixed" otherwise. */
  used: MarketWeightsMode | "mixed";
  /** Where marketCap's caps came from (null for the other modes). */
  source: CapsSource["kind"] | null;
  /** Rebalances (with eligible tickers) per prior actually used. */
  rebalances: Partial<Record<MarketWeightsMode, number>>;
  /** Null when `used` is `requested`; else why, with the first fallback's cause. */
  reason: string | null;
}

/**
 * Count the priors the rebalances used (the allocations' `prior`) and say
 * why when it is not the requested one.
 *
 * @example
 * summarizePriors("marketCap", "universe", [{ prior: "equal", priorReason: "no market cap ...", date: "2025-01-02" }]).used; // "equal"
 */
export function summarizePriors(
  requested: MarketWeightsMode,
  source: CapsSource["kind"] | null,
  allocations: ReadonlyArray<{ prior: MarketWeightsMode; priorReason: string | null; date: string }>,
): ResolvedPrior {
  const rebalances: Partial<Record<MarketWeightsMode, number>> = {};
  for (const a of allocations) rebalances[a.prior] = (rebalances[a.prior] ?? 0) + 1;
  const fallbacks = allocations.filter((a) => a.prior !== requested);
  const base = { requested, source: requested === "marketCap" ? source : null, rebalances };
  if (fallbacks.length === 0) return { ...base, used: requested, reason: null };
  const first = fallbacks[0]!;
  const used = fallbacks.length === allocations.length ? "equal" : "mixed";
  const reason =
    `marketWeights=${requested}: ${fallbacks.length} of ${allocations.length} rebalances used equal weights ` +
    `(caps from ${source === "filings" ? "the filings' shares outstanding as known at each decision date" : "the universe file's sharesOutstanding"}; first on ${first.date}: ${first.priorReason ?? "no cap"})`;
  return { ...base, used, reason };
}

/**
 * The execution step of the Blackboard paper (§3.3): per rebalance date,
 * turn the agents' BUY / HOLD / SELL decisions into Black-Litterman weights.
 *
 *   Sigma  = sample covariance (ddof 1) x 252 of the `lookback` simple daily
 *            returns that end the day BEFORE the decision date
 *   pi     = delta Sigma w_mkt (prior.ts)
 *   Q, P, Omega, weights: construction.ts (the paper's +-2 % views on every
 *            ticker, Omega = c diag(tau Sigma), clipped long-only weights by
 *            default; the named options a practitioner asks for beside them)
 *
 * Tickers without `lookback + 1` prices before the date are excluded (weight 0).
 *
 * Speed (benchmark 1 of BENCHMARKS.md): the per-rebalance arithmetic runs on
 * flat Float64Arrays (`absoluteViewsPosterior`, `meanVarianceWeightsDense`),
 * and `blWeightRule` keeps a `TrailingCovariance` that moves the sample
 * covariance forward by the days between rebalances instead of recomputing it
 * (re-anchored exactly every 63 days), so a daily backtest costs O(N^2) per
 * day for the covariance and about N^3 / 3 for the posterior and weights (two Cholesky factorisations, src/portfolio/posterior-weights.ts).
 */
import { eligibilityIndex, eligibleTickers, type AlignedMarket, type RebalanceContext, type WeightRule } from "../backtest/index";
import { ledoitWolf, numberArray, sampleCovarianceOfColumns, TrailingCovariance } from "../portfolio/index";
import { applySizing, constructPortfolio, type ConstructionOptions, type Decision } from "./construction";
import { itemAt } from "./lookup";
import { priorWeights, type CapsSource, type MarketWeightsMode } from "./prior";

export { type Decision } from "./construction";
export { type MarketWeightsMode } from "./prior";

export interface AllocatorOptions extends ConstructionOptions {
  lookback: number;
  marketWeights: MarketWeightsMode;
  /** Market caps at each decision date's close, needed by "marketCap" (prior.ts; without it: equal weights, recorded per rebalance). */
  caps?: CapsSource;
  /** "sample" (paper) or Ledoit-Wolf shrinkage to constant correlation. Default "sample". */
  covariance?: "sample" | "ledoit-wolf";
  /** Whether the thread's size reaches the weights (`Decision.size`); default false. */
  sizing?: boolean;
}

/** One rebalance's BL inputs and outputs over the eligible tickers. */
export interface Allocation {
  date: string;
  /** Indices (into market.tickers) of the eligible tickers. */
  eligible: number[];
  decisions: Decision[];
  wMkt: number[];
  /** The prior w_mkt came from ("equal" when marketCap was asked for and a cap was missing: `priorReason`). */
  prior: MarketWeightsMode;
  priorReason: string | null;
  /** Whether each ticker had a view (a row of P). */
  viewed: boolean[];
  /** View returns (NaN without a view). */
  q: number[];
  /** Omega_ii (NaN without a view). */
  omega: number[];
  pi: number[];
  muBL: number[];
  /** Sigma_BL over the eligible tickers, flat row-major. */
  sigmaBL: Float64Array;
  /** The optimiser's book before sizing. */
  bookWeights: number[];
  /** Final weights over the eligible tickers (after sizing; 1 - sum stays in cash). */
  weights: number[];
  /** Weights over every ticker of the market (zeros for excluded ones). */
  fullWeights: Float64Array;
}

/** One eligible ticker of an allocation: its slice of the parallel arrays of `Allocation`. */
export interface AllocationEntry {
  /** Index into market.tickers. */
  index: number;
  decision: Decision;
  wMkt: number;
  viewed: boolean;
  q: number;
  omega: number;
  pi: number;
  muBL: number;
  bookWeight: number;
  weight: number;
}

/**
 * The allocation per eligible ticker, in eligible order; throws when the
 * parallel arrays do not all have one entry per eligible ticker.
 *
 * @example
 * allocationEntries(allocate(market, 300, [0, 1], decisions, opts, null))[1].index; // 1
 */
export function allocationEntries(allocation: Allocation): AllocationEntry[] {
  const { eligible, decisions, wMkt, viewed, q, omega, pi, muBL, bookWeights, weights } = allocation;
  const n = eligible.length;
  const columns = { decisions, wMkt, viewed, q, omega, pi, muBL, bookWeights, weights };
  for (const [name, column] of Object.entries(columns)) {
    if (column.length !== n) throw new RangeError(`allocation of ${allocation.date}: ${column.length} ${name} for ${n} eligible tickers`);
  }
  // Every column was just checked to have n entries, so k < n is in range.
  return eligible.map((index, k) => ({
    index,
    decision: decisions[k]!,
    wMkt: wMkt[k]!,
    viewed: viewed[k]!,
    q: q[k]!,
    omega: omega[k]!,
    pi: pi[k]!,
    muBL: muBL[k]!,
    bookWeight: bookWeights[k]!,
    weight: weights[k]!,
  }));
}

/**
 * Trailing simple-return columns for `eligible` tickers: returns of days
 * dayIndex - lookback .. dayIndex - 1 (prices dayIndex - lookback - 1 .. dayIndex - 1).
 *
 * @example
 * trailingReturnColumns(market, [0, 1], 300, 252)[0].length; // 252
 */
export function trailingReturnColumns(market: AlignedMarket, eligible: readonly number[], dayIndex: number, lookback: number): Float64Array[] {
  if (dayIndex - lookback - 1 < 0) throw new RangeError(`trailingReturnColumns: ${lookback} returns before day ${dayIndex} reach before the first date`);
  return eligible.map((i) => {
    const col = itemAt(market.close, i, "price column");
    if (dayIndex > col.length) throw new RangeError(`trailingReturnColumns: day ${dayIndex} is past the ${col.length} prices of ${market.tickers[i]}`);
    const out = new Float64Array(lookback);
    // dayIndex - lookback - 1 <= t - 1 < t < dayIndex <= col.length, all checked above.
    for (let k = 0; k < lookback; k++) {
      const t = dayIndex - lookback + k;
      out[k] = col[t]! / col[t - 1]! - 1;
    }
    return out;
  });
}

/**
 * Black-Litterman weights for one rebalance (see module doc). `decisions`
 * are given for the eligible tickers, in the same order.
 *
 * @example
 * const a = allocate(market, 300, [0, 1], [{ action: "BUY", confidence: 0.7 }, { action: "HOLD", confidence: 0.5 }], opts, null);
 * a.weights; // sums to 1
 */
export function allocate(
  market: AlignedMarket,
  dayIndex: number,
  eligible: readonly number[],
  decisions: readonly Decision[],
  options: AllocatorOptions,
  currentWeights: ArrayLike<number> | null,
): Allocation {
  const sigma = canAllocate(eligible, decisions) ? trailingCovariance(market, eligible, dayIndex, options) : null;
  return allocateWithCovariance(market, dayIndex, eligible, decisions, options, currentWeights, sigma);
}

/** Whether a rebalance has tickers and one decision each (else `allocateWithCovariance` returns empty or throws before using Sigma). */
function canAllocate(eligible: readonly number[], decisions: readonly Decision[]): boolean {
  return eligible.length > 0 && decisions.length === eligible.length;
}

/** Flat annualized covariance of the trailing window, computed from scratch. */
function trailingCovariance(market: AlignedMarket, eligible: readonly number[], dayIndex: number, options: AllocatorOptions): Float64Array {
  return flatten(covarianceFor(trailingReturnColumns(market, eligible, dayIndex, options.lookback), options.covariance ?? "sample"));
}

/** `allocate` given the annualized covariance of the eligible tickers (flat row-major). */
function allocateWithCovariance(
  market: AlignedMarket,
  dayIndex: number,
  eligible: readonly number[],
  decisions: readonly Decision[],
  options: AllocatorOptions,
  currentWeights: ArrayLike<number> | null,
  sigma: Float64Array | null,
): Allocation {
  const date = itemAt(market.dates, dayIndex, "market date");
  const fullWeights = new Float64Array(market.tickers.length);
  if (eligible.length === 0) {
    const none = { viewed: [], q: [], omega: [], pi: [], muBL: [], bookWeights: [], weights: [] };
    return { date, eligible: [], decisions: [], wMkt: [], prior: options.marketWeights, priorReason: null, ...none, sigmaBL: new Float64Array(0), fullWeights };
  }
  if (decisions.length !== eligible.length) throw new RangeError(`allocate: ${decisions.length} decisions for ${eligible.length} eligible tickers on ${date}`);
  const n = eligible.length;
  const prior = priorWeights(
    market,
    dayIndex,
    eligible,
    { marketWeights: options.marketWeights, ...(options.caps ? { caps: options.caps } : {}) },
    currentWeights,
  );
  const wMkt = numberArray(prior.weights);
  if (sigma === null) throw new RangeError(`allocate: no covariance for the ${n} eligible tickers on ${date}`);
  const previous = currentWeights ? eligible.map((i) => currentWeights[i] ?? 0) : null;
  const built = constructPortfolio(sigma, n, decisions, wMkt, previous, options, date);
  const weights = options.sizing
    ? applySizing(
        built.weights,
        decisions.map((d) => d.size ?? 1),
        options.maxWeight ?? 1,
      )
    : built.weights;
  eligible.forEach((i, k) => (fullWeights[i] = weights[k]!));
  const allocation: Omit<Allocation, "sigmaBL"> = {
    date,
    eligible: eligible.slice(),
    decisions: decisions.slice(),
    wMkt,
    prior: prior.used,
    priorReason: prior.reason,
    viewed: built.viewed,
    q: built.q,
    omega: built.omega,
    pi: built.pi,
    muBL: built.muBL,
    bookWeights: built.weights,
    weights,
    fullWeights,
  };
  // Read through: the construction may form Sigma_BL only when it is read (the last rebalance's frontier).
  return Object.defineProperty(allocation, "sigmaBL", { enumerable: true, get: () => built.sigmaBL }) as Allocation;
}

function flatten(rows: number[][]): Float64Array {
  const n = rows.length;
  const out = new Float64Array(n * n);
  rows.forEach((row, i) => {
    if (row.length !== n) throw new RangeError(`covariance row ${i} has ${row.length} entries, expected ${n}`);
    row.forEach((x, j) => (out[i * n + j] = x));
  });
  return out;
}

/**
 * Annualized covariance of return columns: the paper's sample covariance
 * (ddof 1, x 252) or Ledoit-Wolf shrinkage to constant correlation.
 *
 * @example
 * covarianceFor(columns, "sample"); // N x N
 */
export function covarianceFor(columns: Float64Array[], kind: "sample" | "ledoit-wolf"): number[][] {
  if (kind === "sample") return sampleCovarianceOfColumns(columns);
  const t = columns[0]?.length ?? 0;
  if (columns.some((c) => c.length !== t))
    throw new RangeError(`covarianceFor: return columns of different lengths (${columns.map((c) => c.length).join(", ")})`);
  // Every column has t entries (checked above), so k < t is in range.
  const rows = Array.from({ length: t }, (_, k) => columns.map((c) => c[k]!));
  return ledoitWolf(rows, { target: "constant-correlation" }).covariance;
}

/**
 * A backtest weight rule that runs `decide` (the agents, or cached views) for
 * the eligible tickers of each rebalance date and allocates with BL. Every
 * allocation is passed to `onAllocation` (tables, traces).
 *
 * @example
 * const rule = blWeightRule(market, opts, async (date, tickers) => tickers.map(() => ({ action: "HOLD", confidence: 0.5 })));
 * await runBacktest(market, { start, end }, rule);
 */
export function blWeightRule(
  market: AlignedMarket,
  options: AllocatorOptions,
  decide: (date: string, tickers: string[], ctx: RebalanceContext) => Promise<Decision[]> | Decision[],
  onAllocation?: (allocation: Allocation, ctx: RebalanceContext) => void | Promise<void>,
): WeightRule {
  // The sample covariance moves forward with the backtest (see TrailingCovariance); identical
  // to a fresh computation on re-anchor days and to ~1e-15 relative in between.
  const rolling = (options.covariance ?? "sample") === "sample" ? new TrailingCovariance({ lookback: options.lookback }) : null;
  // Like the rolling covariance, the eligibility index reads the closes once: the rule serves one backtest of fixed prices.
  const index = eligibilityIndex(market);
  // Without onAllocation no allocation escapes a rebalance (the rule returns only the weights), so
  // one covariance buffer serves every rebalance of a universe of the same size.
  let reusable = new Float64Array(0);
  const buffer = (n: number): Float64Array | undefined => {
    if (onAllocation) return undefined;
    if (reusable.length !== n * n) reusable = new Float64Array(n * n);
    return reusable;
  };
  return async (ctx) => {
    const eligible = eligibleTickers(market, ctx.dayIndex, options.lookback, index);
    const decisions = eligible.length
      ? await decide(
          ctx.date,
          eligible.map((i) => itemAt(market.tickers, i, "market ticker")),
          ctx,
        )
      : [];
    const sigma = !canAllocate(eligible, decisions)
      ? null
      : rolling
        ? rolling.at(market.close, eligible, ctx.dayIndex, buffer(eligible.length))
        : trailingCovariance(market, eligible, ctx.dayIndex, options);
    const allocation = allocateWithCovariance(market, ctx.dayIndex, eligible, decisions, options, ctx.currentWeights, sigma);
    if (onAllocation) await onAllocation(allocation, ctx);
    return allocation.fullWeights;
  };
}

/**
 * Inputs to Black-Litterman that come from outside the covariance: the
 * agents' categorical views (Q) and the market weights behind the prior.
 *
 * Blackboard paper, section 3.3: every retained ticker gets an absolute view
 * (P = I) with BUY / HOLD / SELL mapped to +0.02 / 0 / -0.02 annualized
 * ("conservative directional adjustments that do not overpower the
 * equilibrium prior"). The confidence-scaled variant (q = sign * 0.02 *
 * confidence) is an option the paper mentions as future work.
 */

/** A research manager's / risk judge's categorical view. */
export type ViewLabel = "BUY" | "HOLD" | "SELL";

/**
 * Annualized view magnitude of the paper (2%).
 *
 * @example
 * viewsFromDecisions(["BUY"], { magnitude: DEFAULT_VIEW_MAGNITUDE }); // [0.02]
 */
export const DEFAULT_VIEW_MAGNITUDE = 0.02;

/** Options for `viewsFromDecisions`. */
export interface ViewOptions {
  /** Absolute annualized return of a BUY (and minus that for a SELL); default 0.02. */
  magnitude?: number;
  /** "fixed" (paper default) or "confidence-scaled" (q = sign * magnitude * confidence). */
  mode?: "fixed" | "confidence-scaled";
  /** Per-view confidence in [0, 1], required by "confidence-scaled". */
  confidences?: ArrayLike<number>;
}

/**
 * The sign of a view label: BUY +1, HOLD 0, SELL -1.
 *
 * @example
 * viewSign("SELL"); // -1
 */
export function viewSign(label: ViewLabel): number {
  switch (label) {
    case "BUY":
      return 1;
    case "HOLD":
      return 0;
    case "SELL":
      return -1;
    default:
      throw new RangeError(`view label must be BUY, HOLD or SELL (got ${String(label)})`);
  }
}

/**
 * The view vector Q from BUY / HOLD / SELL decisions.
 *
 * @example
 * viewsFromDecisions(["BUY", "HOLD", "SELL"]); // [0.02, 0, -0.02]
 * viewsFromDecisions(["BUY"], { mode: "confidence-scaled", confidences: [0.5] }); // [0.01]
 */
export function viewsFromDecisions(decisions: ReadonlyArray<ViewLabel>, options: ViewOptions = {}): Float64Array {
  const magnitude = options.magnitude ?? DEFAULT_VIEW_MAGNITUDE;
  const mode = options.mode ?? "fixed";
  const q = new Float64Array(decisions.length);
  if (mode === "confidence-scaled") {
    const conf = options.confidences;
    if (!conf || conf.length !== decisions.length) {
      throw new RangeError(`viewsFromDecisions: confidence-scaled views need ${decisions.length} confidences (got ${conf ? conf.length : 0})`);
    }
    for (let i = 0; i < decisions.length; i++) {
      const c = conf[i]!;
      if (!(c >= 0 && c <= 1)) throw new RangeError(`viewsFromDecisions: confidences[${i}] must be in [0, 1] (got ${c})`);
      q[i] = viewSign(decisions[i]!) * magnitude * c;
    }
  } else {
    for (let i = 0; i < decisions.length; i++) q[i] = viewSign(decisions[i]!) * magnitude;
  }
  return q;
}

/** Where the market weights of the prior come from. */
export type MarketWeightsSpec = { mode: "market-cap"; marketCaps: ArrayLike<number> } | { mode: "holdings"; holdings: ArrayLike<number> } | { mode: "equal" };

/**
 * Market weights w_mkt for the prior pi = delta Sigma w_mkt:
 * - "market-cap": caps / sum(caps) (textbook Black-Litterman);
 * - "holdings": the current portfolio weights, or 1/N when the book is flat
 *   (sum of holdings <= 0) — what the paper's code does;
 * - "equal": 1/N.
 *
 * @example
 * marketWeights(3, { mode: "holdings", holdings: [0, 0, 0] }); // [1/3, 1/3, 1/3]
 * marketWeights(2, { mode: "market-cap", marketCaps: [3, 1] }); // [0.75, 0.25]
 */
export function marketWeights(n: number, spec: MarketWeightsSpec = { mode: "equal" }): Float64Array {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`marketWeights: n must be a positive integer (got ${n})`);
  const equal = new Float64Array(n).fill(1 / n);
  if (spec.mode === "equal") return equal;
  const raw = spec.mode === "market-cap" ? spec.marketCaps : spec.holdings;
  if (raw.length !== n) throw new RangeError(`marketWeights: ${spec.mode} has ${raw.length} entries for ${n} assets`);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const v = raw[i]!;
    if (!Number.isFinite(v) || v < 0) throw new RangeError(`marketWeights: ${spec.mode}[${i}] must be a finite non-negative number (got ${v})`);
    total += v;
  }
  if (!(total > 0)) {
    if (spec.mode === "holdings") return equal;
    throw new RangeError("marketWeights: market caps sum to zero");
  }
  return Float64Array.from(raw, (v) => v / total);
}

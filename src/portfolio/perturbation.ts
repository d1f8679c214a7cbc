/**
 * One-step view perturbation (Blackboard paper, section 4.4, the WAB case):
 * recompute the Black-Litterman allocation after changing ONE ticker's view
 * (e.g. BUY -> HOLD) or the confidence scale, holding every other input
 * fixed, and report each asset's weight shift. Downgrading a view lowers that
 * asset's posterior mean and moves weight towards the prior and correlated
 * substitutes.
 */
import { blackLittermanPortfolio, type BlackLittermanPortfolioInput } from "./allocate";
import type { ViewLabel } from "./views";

/**
 * The default one-step flip: BUY -> HOLD, SELL -> HOLD, HOLD -> BUY.
 *
 * @example
 * flipView("BUY"); // "HOLD"
 */
export function flipView(label: ViewLabel): ViewLabel {
  if (label === "BUY" || label === "SELL") return "HOLD";
  return "BUY";
}

/** Inputs of `perturbViews`: a full allocation problem plus what to change. */
export interface PerturbationInput extends BlackLittermanPortfolioInput {
  tickers: ReadonlyArray<string>;
  decisions: ReadonlyArray<ViewLabel>;
  /** The ticker whose view changes. */
  ticker: string;
  /** Its new view (default `flipView(current)`); ignored when only `omegaScaleTo` is set. */
  to?: ViewLabel;
  /** Perturb the confidence scale c instead of (or together with) the view. */
  omegaScaleTo?: number;
  /** Compare long-only weights (default true, as the paper's reported weights) or normalised unconstrained ones. */
  longOnly?: boolean;
}

/** One asset's weight change. */
export interface WeightShift {
  ticker: string;
  before: number;
  after: number;
  /** after - before. */
  delta: number;
}

/** Result of `perturbViews`. */
export interface PerturbationResult {
  ticker: string;
  from: ViewLabel;
  to: ViewLabel;
  omegaScaleFrom: number;
  omegaScaleTo: number;
  baseline: number[];
  perturbed: number[];
  /** All assets, sorted by |delta| descending (ties by ticker). */
  shifts: WeightShift[];
  /** Posterior mean change per asset (perturbed - baseline). */
  muShift: number[];
  /** Turnover sum |delta| implied by the perturbation. */
  turnover: number;
}

/**
 * Flip one ticker's view and report the weight shifts (see module doc).
 *
 * @example
 * perturbViews({ tickers: ["WAB", "SPY"], sigma, decisions: ["BUY", "HOLD"], ticker: "WAB" }).shifts[0];
 * // { ticker: "WAB", before: 0.6, after: 0.5, delta: -0.1 } (illustrative)
 */
export function perturbViews(input: PerturbationInput): PerturbationResult {
  const index = input.tickers.indexOf(input.ticker);
  if (index < 0) throw new RangeError(`perturbViews: ticker ${input.ticker} is not among ${input.tickers.join(", ")}`);
  if (input.decisions.length !== input.tickers.length) {
    throw new RangeError(`perturbViews: ${input.decisions.length} decisions for ${input.tickers.length} tickers`);
  }
  const from = input.decisions[index]!; // index < tickers.length = decisions.length (checked above)
  const viewChanges = input.to !== undefined || input.omegaScaleTo === undefined;
  const to = viewChanges ? (input.to ?? flipView(from)) : from;
  const omegaScaleFrom = input.omegaScale ?? 0.5;
  const omegaScaleTo = input.omegaScaleTo ?? omegaScaleFrom;
  const useLongOnly = input.longOnly ?? true;

  const baseline = blackLittermanPortfolio({ ...input, q: undefined });
  const decisions = input.decisions.slice();
  decisions[index] = to;
  const perturbed = blackLittermanPortfolio({ ...input, q: undefined, decisions, omegaScale: omegaScaleTo });
  const before = useLongOnly ? baseline.weightsLongOnly : baseline.weights;
  const after = useLongOnly ? perturbed.weightsLongOnly : perturbed.weights;
  const shifts = input.tickers.map((ticker, i): WeightShift => {
    const b = before[i];
    const a = after[i];
    if (b === undefined || a === undefined)
      throw new RangeError(`perturbViews: no weight for ${ticker} (${before.length} weights for ${input.tickers.length} tickers)`);
    return { ticker, before: b, after: a, delta: a - b };
  });
  shifts.sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
  return {
    ticker: input.ticker,
    from,
    to,
    omegaScaleFrom,
    omegaScaleTo,
    baseline: before,
    perturbed: after,
    shifts,
    muShift: perturbed.posterior.muBL.map((m, i) => m - baseline.posterior.muBL[i]!),
    turnover: shifts.reduce((acc, s) => acc + Math.abs(s.delta), 0),
  };
}

/**
 * One rebalance's portfolio construction from the agents' decisions (the
 * Blackboard paper §3.3 and its named options):
 *
 *   views   a ticker with a view gets q = +-viewSize (BUY / SELL) or 0 (HOLD),
 *           times its confidence C with viewMode=confidence; a HOLD under
 *           holdView=none, or a ticker without a view (top-k filter, no agent
 *           view, ablate=views), gets none: P keeps only the viewed rows of I
 *   Omega   c tau Sigma_ii per view, or c tau Sigma_ii / max(C, 0.05) with
 *           viewMode=omega (confidence through Omega)
 *   weights longOnly=clip: (delta Sigma_BL)^-1 mu_BL with negatives clipped
 *           and renormalised (the paper), then held in [minWeight, maxWeight];
 *           optimize: the exact long-only QP (src/portfolio/optimizer.ts) with
 *           the turnover penalty against the drifted book; none: the
 *           normalised long-short solution
 *   sizing  sizing=trader|risk scales each weight by the thread's size; the
 *           rest stays in cash (`applySizing`)
 */
import {
  absoluteViewsWeights,
  applyBounds,
  confidenceOmega,
  longOnly as clipLongOnly,
  longOnlyBounds,
  meanVarianceWeightsDense,
  normaliseWeights,
  numberArray,
  optimizeLongOnly,
  subsetViewsPosterior,
  viewSign,
  type ViewLabel,
} from "../portfolio/index";
import type { LongOnlyMode } from "./config";

/** What the agents decided for one ticker. */
export interface Decision {
  action: ViewLabel;
  confidence: number;
  /** False when the ticker has no view on this date (top-k filter, ablate=views): the prior stands for it. Default true. */
  view?: boolean;
  /** Position size of the thread for sizing=trader|risk (size x (1 - hedge)); default 1. */
  size?: number;
}

/** The construction keys of the experiment (config.ts). */
export interface ConstructionOptions {
  delta: number;
  tau: number;
  omegaScale: number;
  /** Default 0.02 (the paper). */
  viewSize?: number;
  /** "fixed" (paper), "confidence" (Q x C) or "omega" (Omega / C). */
  viewMode: "fixed" | "confidence" | "omega";
  /** Default "zero" (the paper). */
  holdView?: "zero" | "none";
  /** `true` / `false` are the old aliases of clip / none. */
  longOnly: LongOnlyMode | boolean;
  /** Default 1 (no bound). */
  maxWeight?: number;
  /** Default 0. */
  minWeight?: number;
  /** Default 0. */
  turnoverPenalty?: number;
}

/** The numbers of one construction, over the eligible tickers in order. */
export interface Construction {
  viewed: boolean[];
  /** View return, NaN without a view. */
  q: number[];
  /** Omega_ii, NaN without a view. */
  omega: number[];
  pi: number[];
  muBL: number[];
  /** Sigma_BL, flat row-major n x n. */
  sigmaBL: Float64Array;
  /** The long-only (or long-short) book before any sizing. */
  weights: number[];
}

const OMEGA_CONFIDENCE_FLOOR = 0.05;

/** Whether a decision puts a view in P. */
export function hasView(decision: Decision, holdView: "zero" | "none" = "zero"): boolean {
  return decision.view !== false && !(holdView === "none" && decision.action === "HOLD");
}

/**
 * The construction of one rebalance (see module doc). `sigma` is the
 * annualized covariance of the eligible tickers (flat row-major), `previous`
 * the drifted weights before trading (needed by a turnover penalty); `where`
 * names the rebalance in errors.
 *
 * @example
 * constructPortfolio(sigma, 2, [{ action: "BUY", confidence: 0.7 }, { action: "HOLD", confidence: 0.5 }], [0.5, 0.5], null, options, "2025-01-02").weights;
 */
export function constructPortfolio(
  sigma: Float64Array,
  n: number,
  decisions: readonly Decision[],
  wMkt: ArrayLike<number>,
  previous: ArrayLike<number> | null,
  options: ConstructionOptions,
  where: string,
): Construction {
  const mode: LongOnlyMode = options.longOnly === true ? "clip" : options.longOnly === false ? "none" : options.longOnly;
  const bounds =
    mode === "none" ? null : longOnlyBounds(n, { minWeight: options.minWeight, maxWeight: options.maxWeight }, `on ${where} (${n} eligible tickers)`);
  const viewed = decisions.map((d) => hasView(d, options.holdView));
  const assets = viewed.flatMap((v, i) => (v ? [i] : []));
  const size = options.viewSize ?? 0.02;
  const qOf = (d: Decision) => viewSign(d.action) * size * (options.viewMode === "confidence" ? checkedConfidence(d.confidence) : 1);
  const q = assets.map((i) => qOf(decisions[i]!));
  const omega =
    options.viewMode === "omega"
      ? Array.from(
          confidenceOmega(
            assets.map((i) => options.tau * sigma[i * n + i]!),
            assets.map((i) => decisions[i]!.confidence),
            options.omegaScale,
            OMEGA_CONFIDENCE_FLOOR,
          ),
        )
      : undefined;
  const priorOptions = { wMkt, delta: options.delta, tau: options.tau, omegaScale: options.omegaScale };
  const posterior = () => subsetViewsPosterior(sigma, n, { assets, q, omega }, priorOptions);
  // Clip and long-short need only (delta Sigma_BL)^-1 mu_BL: with a view on every asset it comes without Sigma_BL
  // (src/portfolio/posterior-weights.ts), and Sigma_BL is formed only when read (the frontier of the last rebalance).
  const fast =
    (mode === "clip" || mode === "none") && assets.length === n ? absoluteViewsWeights(sigma, n, q, { ...priorOptions, omegaDiagonal: omega }) : null;
  const post = fast ? null : posterior();
  const mean = fast ?? post!;
  const weights = fast
    ? clipOrNormalise(mode, numberArray(fast.raw), options, bounds)
    : bookWeights(mode, post!.muBL, post!.sigmaBL, n, options, bounds, previous);
  if (weights.length !== n) throw new RangeError(`allocate: ${weights.length} weights for ${n} eligible tickers on ${where}`);
  const qFull = new Array<number>(n).fill(NaN);
  const omegaFull = new Array<number>(n).fill(NaN);
  assets.forEach((i, r) => {
    qFull[i] = q[r]!;
    omegaFull[i] = mean.omegaDiagonal[r]!;
  });
  const built = { viewed, q: qFull, omega: omegaFull, pi: numberArray(mean.pi), muBL: numberArray(mean.muBL), weights } as Omit<Construction, "sigmaBL">;
  return post ? { ...built, sigmaBL: post.sigmaBL } : withLazySigma(built, () => posterior().sigmaBL);
}

/** A construction whose Sigma_BL is computed on first read (and kept). */
function withLazySigma(built: Omit<Construction, "sigmaBL">, compute: () => Float64Array): Construction {
  let sigmaBL: Float64Array | null = null;
  return Object.defineProperty(built, "sigmaBL", { enumerable: true, get: () => (sigmaBL ??= compute()) }) as Construction;
}

function checkedConfidence(c: number): number {
  if (!(c >= 0 && c <= 1)) throw new RangeError(`allocate: confidence must be in [0, 1] (got ${c})`);
  return c;
}

/** The book of a long-only mode (see module doc). */
function bookWeights(
  mode: LongOnlyMode,
  muBL: Float64Array,
  sigmaBL: Float64Array,
  n: number,
  options: ConstructionOptions,
  bounds: { lower: Float64Array; upper: Float64Array } | null,
  previous: ArrayLike<number> | null,
): number[] {
  if (mode === "optimize" && bounds) {
    const lambda = options.turnoverPenalty ?? 0;
    return optimizeLongOnly({
      mu: muBL,
      sigma: sigmaBL,
      n,
      delta: options.delta,
      lower: bounds.lower,
      upper: bounds.upper,
      turnoverPenalty: lambda,
      previous: lambda > 0 ? (previous ?? new Float64Array(n)) : undefined,
    }).weights;
  }
  return clipOrNormalise(mode, meanVarianceWeightsDense(muBL, sigmaBL, n, options.delta).raw, options, bounds);
}

/** Clip (long-only, then bounds) or normalise (long-short) the raw weights (delta Sigma_BL)^-1 mu_BL. */
function clipOrNormalise(
  mode: LongOnlyMode,
  raw: number[],
  options: ConstructionOptions,
  bounds: { lower: Float64Array; upper: Float64Array } | null,
): number[] {
  if (mode === "none" || !bounds) return normaliseWeights(raw).weights;
  const clipped = clipLongOnly(raw, { fallback: "equal" });
  const bounded = (options.minWeight ?? 0) > 0 || (options.maxWeight ?? 1) < 1;
  return bounded ? applyBounds(clipped, bounds.lower, bounds.upper) : clipped;
}

/**
 * Position sizing after the optimiser (sizing=trader|risk): u_i = w_i x
 * size_i; a book above 100 % is scaled back to 100 %; then each position is
 * capped at maxWeight; what is not invested stays in cash.
 *
 * @example
 * applySizing([0.6, 0.4], [0.5, 1], 1); // [0.3, 0.4]: 30 % in cash
 * applySizing([0.6, 0.4], [2, 2], 1); // [0.6, 0.4]: scaled back to 100 %
 */
export function applySizing(weights: readonly number[], sizes: readonly number[], maxWeight = 1): number[] {
  if (sizes.length !== weights.length) throw new RangeError(`applySizing: ${sizes.length} sizes for ${weights.length} weights`);
  const scaled = weights.map((w, i) => {
    const s = sizes[i]!;
    if (!(s >= 0) || !Number.isFinite(s)) throw new RangeError(`applySizing: size ${s} of position ${i} is not a finite number >= 0`);
    return Math.max(0, w) * s;
  });
  const total = scaled.reduce((a, b) => a + b, 0);
  return scaled.map((w) => Math.min(maxWeight, total > 1 ? w / total : w));
}

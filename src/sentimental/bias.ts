/**
 * Cognitive-bias tests of Sentimental Agents (§5.6, §6.2.2, Figure 7).
 *
 * Paper: for each agent and round from the second on, the agent's sentiment
 * change is charted against the recent sentiment of the other agents; OLS
 * through the origin is fitted separately to the observations with negative
 * and with positive peer sentiment. A steeper positive slope is a positivity
 * bias, a steeper negative slope a negativity bias; slopes below 1 in
 * magnitude mean no saliency bias (peers' opinions are not amplified).
 *
 * Authors' code (offered as named extra measures): the same regression with
 * an intercept, the share of statements with positive / negative sentiment,
 * and saliency as the share of steps whose |change| exceeds the standard
 * deviation of the changes.
 *
 * Ours: a permutation null (bias-null.ts) for every slope and for the label
 * statistic log(|b+| / |b-|); the label is "none" unless that statistic is
 * significant against it, so a run without peer influence can say "none".
 */
import { ols, olsThroughOrigin, mean, std, Rng } from "../stats/index";
import { biasNull, slopeOf, type BiasFit, type BiasNullScheme } from "./bias-null";

/** One statement of one agent in one candidate's conversation. */
export interface BiasTurn {
  candidate: string;
  agent: string;
  round: number;
  /** Speaking position within the round (0-based). */
  order: number;
  /** S_O: mean argument sentiment of the statement (eq. 2). */
  sentiment: number;
  /** S_i^O(t): opinion after the update (eq. 4). */
  opinion: number;
  /** |S_i^O(t) - S_i^O(t-1)| (eq. 5). */
  change: number;
  /** S_i^O(t) - S_i^O(t-1). */
  signedChange: number;
}

/** Dependent variable: eq. 5's absolute change (paper default) or the signed change. */
export type ChangeMeasure = "absolute" | "signed";
/** What "recent sentiment of the other agents" means: their last statement's S_O (default) or their opinion. */
export type PeerMeasure = "statement" | "opinion";

export interface BiasObservation {
  candidate: string;
  agent: string;
  round: number;
  /** Mean recent sentiment of the other agents when this agent spoke. */
  peerSentiment: number;
  /** The agent's change in this round (absolute or signed). */
  change: number;
}

export interface BiasOptions {
  changeMeasure?: ChangeMeasure;
  peerMeasure?: PeerMeasure;
}

/**
 * Builds the Figure 7 observations: for every turn from round 2 on, the mean
 * over the other agents of their most recent statement before this turn
 * (same round if they spoke earlier in it, else the previous round) against
 * the agent's opinion change.
 *
 * @example
 * // A spoke (0.5) then B (-0.4) in round 1; in round 2 A hears B's -0.4.
 * biasObservations(turns)[0]; // { agent: "A", round: 2, peerSentiment: -0.4, change: ... }
 */
export function biasObservations(turns: readonly BiasTurn[], options: BiasOptions = {}): BiasObservation[] {
  const changeMeasure = options.changeMeasure ?? "absolute";
  const peerMeasure = options.peerMeasure ?? "statement";
  const byCandidate = new Map<string, BiasTurn[]>();
  for (const t of turns) {
    const list = byCandidate.get(t.candidate) ?? [];
    list.push(t);
    byCandidate.set(t.candidate, list);
  }
  const out: BiasObservation[] = [];
  for (const [candidate, list] of byCandidate) {
    const ordered = list.slice().sort((a, b) => a.round - b.round || a.order - b.order);
    const latest = new Map<string, BiasTurn>();
    for (const turn of ordered) {
      if (turn.round >= 2) {
        const peers = [...latest.entries()].filter(([agent]) => agent !== turn.agent).map(([, t]) => t);
        if (peers.length > 0) {
          const peerSentiment = mean(peers.map((p) => (peerMeasure === "statement" ? p.sentiment : p.opinion)));
          out.push({
            candidate,
            agent: turn.agent,
            round: turn.round,
            peerSentiment,
            change: changeMeasure === "absolute" ? turn.change : turn.signedChange,
          });
        }
      }
      latest.set(turn.agent, turn);
    }
  }
  return out;
}

export interface SignRegression {
  sign: "negative" | "positive";
  n: number;
  slope: number;
  se: number;
  t: number;
  /** Two-sided Student-t p-value of the slope against 0 (the regression's own test). */
  p: number;
  /** Uncentered R^2 through the origin (statsmodels convention for models without a constant), centered with an intercept. */
  r2: number;
  /** Intercept and its p-value (the authors' code's fit); NaN through the origin. */
  intercept: number;
  interceptP: number;
  /** Two-sided permutation p-value of the slope against the permutation null (bias-null.ts). */
  pNull: number;
}

/**
 * positivity / negativity: the slope asymmetry is significant against the
 * permutation null; none: it is not; undetermined: a slope could not be fitted.
 */
export type BiasLabel = "positivity" | "negativity" | "none" | "undetermined";

export interface BiasAnalysis {
  /** Through the origin (the paper's fit, Figure 7). */
  negative: SignRegression;
  positive: SignRegression;
  /** With an intercept (the authors' code's fit). */
  negativeIntercept: SignRegression;
  positiveIntercept: SignRegression;
  /** |positive slope| / |negative slope| through the origin (> 1: the positive side is steeper). */
  slopeRatio: number;
  /** The paper's reading of the origin slopes, without a test: which side is steeper. */
  steeperSide: BiasLabel;
  /** Which fit's log(|b+| / |b-|) sets `bias`, and that statistic against its null. */
  labelFit: BiasFit;
  logRatio: number;
  nullMedianLogRatio: number;
  pLogRatio: number;
  /** Permutations drawn (and how many had both slopes defined). */
  permutations: number;
  validPermutations: number;
  /** Significance level of the label. */
  significance: number;
  /** The tested label: "none" unless log(|b+| / |b-|) is significant against the null at `significance`. */
  bias: BiasLabel;
  /** Paper's saliency test: some |slope| > 1 (peers' sentiment is amplified). */
  saliencyBias: boolean;
  /** Code's saliency measure: share of steps with |change| > std(change) (ddof 0). */
  salientShare: number;
  /** Code's measures: share of statements with sentiment > 0 and < 0. */
  positiveShare: number;
  negativeShare: number;
  /** Range of the statement sentiments (the paper reports min -0.76, max 0.62). */
  sentimentMin: number;
  sentimentMax: number;
}

const UNFITTED = { slope: NaN, se: NaN, t: NaN, p: NaN, r2: NaN, intercept: NaN, interceptP: NaN };

/** One side's regression through the origin (statsmodels no-constant conventions) or with an intercept. */
function fitSign(observations: readonly BiasObservation[], sign: "negative" | "positive", fit: BiasFit, pNull: number): SignRegression {
  const subset = observations.filter((o) => (sign === "negative" ? o.peerSentiment < 0 : o.peerSentiment > 0));
  const x = subset.map((o) => o.peerSentiment);
  const y = subset.map((o) => o.change);
  const base = { sign, n: subset.length, pNull };
  if (!Number.isFinite(slopeOf(x, y, fit))) return { ...base, ...UNFITTED };
  if (fit === "origin") {
    const r = olsThroughOrigin(x, y);
    return { ...base, slope: r.slope, se: r.se, t: r.t, p: r.p, r2: r.r2, intercept: NaN, interceptP: NaN };
  }
  const r = ols(
    x.map((v) => [v]),
    y,
  );
  // ols with an intercept: coefficient 0 is the intercept, 1 the slope.
  const [a, b] = r.coefficients;
  return {
    ...base,
    slope: b!,
    se: r.standardErrors[1]!,
    t: r.tStats[1]!,
    p: r.pValues[1]!,
    r2: r.r2,
    intercept: a!,
    interceptP: r.pValues[0]!,
  };
}

/**
 * The paper's reading of a pair of slopes, without a test: positivity when
 * |positive| > |negative| by more than `margin` (relative), negativity in
 * the opposite case, "none" within the margin, "undetermined" when a slope
 * could not be fitted. (The reported `bias` label also needs significance
 * against the permutation null; see `testedBiasLabel`.)
 *
 * @example
 * biasLabel(-0.31, 0.4);      // "positivity" (0.4 / 0.31 = 1.29, the paper's "29% steeper")
 * biasLabel(-0.5, 0.2);       // "negativity"
 * biasLabel(-0.5, 0.52, 0.1); // "none"
 */
export function biasLabel(negativeSlope: number, positiveSlope: number, margin = 0): BiasLabel {
  if (!Number.isFinite(negativeSlope) || !Number.isFinite(positiveSlope)) return "undetermined";
  const neg = Math.abs(negativeSlope);
  const pos = Math.abs(positiveSlope);
  if (pos > neg * (1 + margin)) return "positivity";
  if (neg > pos * (1 + margin)) return "negativity";
  return "none";
}

/**
 * The tested label: "none" unless the permutation p-value of L = log(|b+| / |b-|)
 * is below `significance`; then positivity when L lies above the null's median
 * (agents move more with positive peers than shuffled peers would make them),
 * negativity when below. "undetermined" when L or its null is not defined.
 *
 * @example
 * testedBiasLabel(0.4, 0.1, 0.003, 0.05); // "positivity"
 * testedBiasLabel(-0.6, -0.5, 0.41, 0.05); // "none": as asymmetric as shuffled peers make it
 */
export function testedBiasLabel(logRatio: number, nullMedian: number, p: number, significance: number): BiasLabel {
  if (!Number.isFinite(logRatio) || !Number.isFinite(nullMedian) || !Number.isFinite(p)) return "undetermined";
  if (p >= significance) return "none";
  return logRatio > nullMedian ? "positivity" : "negativity";
}

export interface BiasTestOptions {
  /** Permutations of the null (default 999). */
  permutations?: number;
  /** Seeded generator of the shuffles (default: a fixed one, so a call without it is still reproducible). */
  rng?: Rng;
  /** Which fit's slope ratio sets the label (default "origin", the paper's). */
  labelFit?: BiasFit;
  /** Significance level of the label (default 0.05). */
  significance?: number;
  /** How the null permutes the peers' sentiment (default "candidate-rounds", bias-null.ts). */
  nullScheme?: BiasNullScheme;
}

/**
 * Runs the bias tests on the observations: both fits per sign with their own
 * t-tests, the permutation null (bias-null.ts) with a p-value per slope and
 * for log(|b+| / |b-|), the tested label, and the code's share measures on
 * all turns.
 *
 * @example
 * const a = analyzeBias(biasObservations(turns), turns, { permutations: 999, rng: deriveRng(7, "bias") });
 * a.negative.slope; a.negative.pNull; a.pLogRatio; a.bias; // "none" unless the asymmetry beats the null
 */
export function analyzeBias(observations: readonly BiasObservation[], turns: readonly BiasTurn[], options: BiasTestOptions = {}): BiasAnalysis {
  const permutations = options.permutations ?? 999;
  const labelFit = options.labelFit ?? "origin";
  const significance = options.significance ?? 0.05;
  const [originNull, interceptNull] = biasNull(observations, permutations, options.rng ?? new Rng("sentimental-bias-null"), options.nullScheme);
  const negative = fitSign(observations, "negative", "origin", originNull.pNegative);
  const positive = fitSign(observations, "positive", "origin", originNull.pPositive);
  const labelNull = labelFit === "origin" ? originNull : interceptNull;
  const changes = observations.map((o) => Math.abs(o.change));
  const sd = changes.length > 0 ? std(changes, 0) : NaN;
  const sentiments = turns.map((t) => t.sentiment);
  const n = sentiments.length;
  return {
    negative,
    positive,
    negativeIntercept: fitSign(observations, "negative", "intercept", interceptNull.pNegative),
    positiveIntercept: fitSign(observations, "positive", "intercept", interceptNull.pPositive),
    slopeRatio: Math.abs(positive.slope) / Math.abs(negative.slope),
    steeperSide: biasLabel(negative.slope, positive.slope),
    labelFit,
    logRatio: labelNull.logRatio,
    nullMedianLogRatio: labelNull.nullMedianLogRatio,
    pLogRatio: labelNull.pLogRatio,
    permutations,
    validPermutations: labelNull.valid,
    significance,
    bias: testedBiasLabel(labelNull.logRatio, labelNull.nullMedianLogRatio, labelNull.pLogRatio, significance),
    saliencyBias: Math.abs(negative.slope) > 1 || Math.abs(positive.slope) > 1,
    salientShare: changes.length > 0 ? changes.filter((c) => c > sd).length / changes.length : NaN,
    positiveShare: n > 0 ? sentiments.filter((s) => s > 0).length / n : NaN,
    negativeShare: n > 0 ? sentiments.filter((s) => s < 0).length / n : NaN,
    sentimentMin: n > 0 ? Math.min(...sentiments) : NaN,
    sentimentMax: n > 0 ? Math.max(...sentiments) : NaN,
  };
}

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
 * Authors' code (offered as named extra measures): the share of statements
 * with positive / negative sentiment, and saliency as the share of steps
 * whose |change| exceeds the standard deviation of the changes.
 */
import { olsThroughOrigin, mean, std } from "../stats/index";

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
  p: number;
  /** Uncentered R^2 (statsmodels convention for models without a constant). */
  r2: number;
}

export type BiasLabel = "positivity" | "negativity" | "none" | "undetermined";

export interface BiasAnalysis {
  negative: SignRegression;
  positive: SignRegression;
  /** |positive slope| / |negative slope| (> 1: positivity bias; < 1: negativity bias). */
  slopeRatio: number;
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

function fitSign(observations: readonly BiasObservation[], sign: "negative" | "positive"): SignRegression {
  const subset = observations.filter((o) => (sign === "negative" ? o.peerSentiment < 0 : o.peerSentiment > 0));
  const x = subset.map((o) => o.peerSentiment);
  const y = subset.map((o) => o.change);
  if (subset.length < 2 || x.every((v) => v === 0)) {
    return { sign, n: subset.length, slope: NaN, se: NaN, t: NaN, p: NaN, r2: NaN };
  }
  const fit = olsThroughOrigin(x, y);
  return { sign, n: subset.length, slope: fit.slope, se: fit.se, t: fit.t, p: fit.p, r2: fit.r2 };
}

/**
 * Label a pair of slopes: positivity when |positive| > |negative| by more
 * than `margin` (relative), negativity in the opposite case, "none" within
 * the margin, "undetermined" when a slope could not be fitted.
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
 * Runs the bias tests on the observations (and the code's share measures on
 * all turns).
 *
 * @example
 * const a = analyzeBias(biasObservations(turns), turns);
 * a.negative.slope; a.positive.r2; a.bias; // "positivity" | "negativity" | ...
 */
export function analyzeBias(observations: readonly BiasObservation[], turns: readonly BiasTurn[], margin = 0): BiasAnalysis {
  const negative = fitSign(observations, "negative");
  const positive = fitSign(observations, "positive");
  const changes = observations.map((o) => Math.abs(o.change));
  const sd = changes.length > 0 ? std(changes, 0) : NaN;
  const salientShare = changes.length > 0 ? changes.filter((c) => c > sd).length / changes.length : NaN;
  const sentiments = turns.map((t) => t.sentiment);
  const n = sentiments.length;
  return {
    negative,
    positive,
    slopeRatio: Math.abs(positive.slope) / Math.abs(negative.slope),
    bias: biasLabel(negative.slope, positive.slope, margin),
    saliencyBias: Math.abs(negative.slope) > 1 || Math.abs(positive.slope) > 1,
    salientShare,
    positiveShare: n > 0 ? sentiments.filter((s) => s > 0).length / n : NaN,
    negativeShare: n > 0 ? sentiments.filter((s) => s < 0).length / n : NaN,
    sentimentMin: n > 0 ? Math.min(...sentiments) : NaN,
    sentimentMax: n > 0 ? Math.max(...sentiments) : NaN,
  };
}

/**
 * Permutation null of the cognitive-bias regressions (§6.2.2, Figure 7).
 *
 * Why a null: the dependent variable is eq. 5's |change| >= 0, so a fit
 * through the origin of |change| on negative peer sentiment has a negative
 * slope and on positive peer sentiment a positive one even when peers have no
 * influence at all, and the t-test of each slope against 0 is then
 * "significant" by construction. The question the paper asks is whether the
 * agents' changes are tied to what their peers said; breaking that tie while
 * keeping everything else gives the reference distribution.
 *
 * Scheme: within each candidate, the rounds are permuted (Fisher-Yates,
 * seeded) and every advisor's observation of round r takes the peers'
 * sentiment its own conversation had in round pi(r); the observations are
 * re-split by the sign of the permuted peer sentiment and both slopes are
 * refitted. What this keeps:
 * - each (advisor, candidate) conversation's own peer sentiments, so what
 *   differs between candidates (a candidate everyone dislikes has negative
 *   peers and large early changes) and between advisors stays;
 * - one permutation for all of a candidate's advisors, so their peer
 *   sentiments stay aligned. They share statements (A's peers at round r
 *   include B's statement, and so do C's), and shuffling each conversation on
 *   its own would break that tie. The changes share a tie too (every
 *   advisor's eq. 4 change is largest in round 2), so the terms of the slopes
 *   are correlated across a candidate's advisors; shuffling each conversation
 *   apart drops that covariance, shrinks the null's spread and calls runs with
 *   no peer influence biased. Measured on the offline panel with
 *   opinionFormation = independent, seeds 97..296
 *   (scripts/bias-null-calibration.ts): 7 of 200 called biased at 0.05 with
 *   the joint permutation, 31 of 200 with each conversation shuffled apart.
 * Only the link between a conversation's changes and its peers' sentiments
 * round by round is broken. Rounds in which some advisor of the candidate has
 * no observation (a gap) are left where they are.
 *
 * p-values are two-sided Monte Carlo p-values with the +1 correction
 * (Phipson & Smyth 2010): p = min(1, 2 min(1 + #{T* >= T}, 1 + #{T* <= T}) / (B + 1)),
 * over the B permutations whose statistic is defined.
 */
import type { Rng } from "../stats/index";

/** What the null needs of a Figure 7 observation (bias.ts `BiasObservation` has this shape). */
export interface NullObservation {
  candidate: string;
  agent: string;
  round: number;
  peerSentiment: number;
  change: number;
}

/** Slope of a regression of y on x by sign side: through the origin (paper) or with an intercept (authors' code). */
export type BiasFit = "origin" | "intercept";

/**
 * Least-squares slope of y on x, through the origin (sum xy / sum x^2) or
 * with an intercept (centred cross product / centred sum of squares); NaN
 * when it is not identified (fewer than 2 points, or 3 with an intercept; no
 * spread in x).
 *
 * @example
 * slopeOf([1, 2, 3], [2, 4, 7], "origin");    // 31 / 14 = 2.2143
 * slopeOf([1, 2, 3], [2, 4, 7], "intercept"); // 5 / 2 = 2.5
 */
export function slopeOf(x: readonly number[], y: readonly number[], fit: BiasFit): number {
  const n = x.length;
  if (n < (fit === "origin" ? 2 : 3)) return NaN;
  if (fit === "origin") {
    let sxy = 0;
    let sxx = 0;
    for (let i = 0; i < n; i++) {
      sxy += x[i]! * y[i]!;
      sxx += x[i]! * x[i]!;
    }
    return sxx > 0 ? sxy / sxx : NaN;
  }
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
  }
  return sxx > 1e-15 ? sxy / sxx : NaN;
}

/**
 * The negative-side and positive-side slopes of observations split by the sign of x (x = 0 is in neither).
 *
 * @example
 * signSlopes([-1, -2, 1, 2, 0], [0.5, 1, 0.2, 0.4, 9], "origin"); // { negative: -0.5, positive: 0.2 }
 */
export function signSlopes(x: readonly number[], y: readonly number[], fit: BiasFit): { negative: number; positive: number } {
  const nx: number[] = [];
  const ny: number[] = [];
  const px: number[] = [];
  const py: number[] = [];
  x.forEach((v, i) => {
    if (v < 0) {
      nx.push(v);
      ny.push(y[i]!);
    } else if (v > 0) {
      px.push(v);
      py.push(y[i]!);
    }
  });
  return { negative: slopeOf(nx, ny, fit), positive: slopeOf(px, py, fit) };
}

/**
 * The label statistic: log(|b+| / |b-|), > 0 when the positive side is the
 * steeper (the paper's positivity reading), < 0 for negativity; NaN when a
 * slope is undefined or zero.
 *
 * @example
 * logSlopeRatio(-0.31, 0.4); // log(1.29) = 0.2549
 */
export function logSlopeRatio(negative: number, positive: number): number {
  const v = Math.log(Math.abs(positive) / Math.abs(negative));
  return Number.isFinite(v) ? v : NaN;
}

/**
 * Two-sided Monte Carlo p-value of `observed` against the finite values of
 * `draws`, with the +1 correction; NaN when `observed` is not finite or no
 * draw is.
 *
 * @example
 * permutationP(3, [0, 1, 2, 4]); // min(1, 2 * min(1 + 1, 1 + 3) / 5) = 0.8
 */
export function permutationP(observed: number, draws: readonly number[]): number {
  if (!Number.isFinite(observed)) return NaN;
  let valid = 0;
  let above = 0;
  let below = 0;
  for (const d of draws) {
    if (!Number.isFinite(d)) continue;
    valid++;
    if (d >= observed) above++;
    if (d <= observed) below++;
  }
  if (valid === 0) return NaN;
  return Math.min(1, (2 * Math.min(1 + above, 1 + below)) / (valid + 1));
}

/** The null distribution of one fit and what the observed values are against it. */
export interface FitNull {
  fit: BiasFit;
  /** Permutations drawn; `valid` of them had both slopes defined. */
  permutations: number;
  valid: number;
  pNegative: number;
  pPositive: number;
  /** Observed log(|b+| / |b-|), its null median and its two-sided permutation p-value. */
  logRatio: number;
  nullMedianLogRatio: number;
  pLogRatio: number;
}

/**
 * For each candidate: its complete slots (held by every advisor of the candidate), and per advisor the observation
 * index of each slot. A slot is a round, and an advisor's k-th observation in one round is slot "round#k", so
 * observations that share a round (not produced by biasObservations, which gives one per round) still have a place.
 */
interface CandidateRounds {
  rounds: string[];
  byAgent: Array<Map<string, number>>;
}

function candidateRounds(observations: readonly NullObservation[]): CandidateRounds[] {
  const byCandidate = new Map<string, Map<string, Map<string, number>>>();
  observations.forEach((o, i) => {
    const agents = byCandidate.get(o.candidate) ?? new Map<string, Map<string, number>>();
    const slots = agents.get(o.agent) ?? new Map<string, number>();
    let k = 0;
    while (slots.has(`${o.round}#${k}`)) k++;
    slots.set(`${o.round}#${k}`, i);
    agents.set(o.agent, slots);
    byCandidate.set(o.candidate, agents);
  });
  return [...byCandidate.values()].map((agents) => {
    const byAgent = [...agents.values()];
    const rounds = [...byAgent[0]!.keys()].filter((r) => byAgent.every((m) => m.has(r)));
    return { rounds, byAgent };
  });
}

/**
 * How the null breaks the tie between changes and peers: "candidate-rounds"
 * (default) permutes each candidate's rounds with one permutation for all its
 * advisors; "conversation" (the scheme before it, kept to measure against)
 * shuffles each (advisor, candidate) conversation on its own.
 */
export type BiasNullScheme = "candidate-rounds" | "conversation";

export const BIAS_NULL_SCHEMES: readonly BiasNullScheme[] = ["candidate-rounds", "conversation"];

/**
 * One draw of the null: the peers' sentiments with each candidate's complete
 * rounds permuted, one permutation for all of that candidate's advisors
 * ("candidate-rounds"), or each conversation's rounds shuffled on their own
 * ("conversation").
 *
 * @example
 * // A and B on one candidate, rounds 2 and 3: either nothing moves, or both swap their rounds together.
 * permutedPeerSentiments(observations, new Rng(1)); // e.g. [xA3, xA2, xB3, xB2] for [xA2, xA3, xB2, xB3]
 */
export function permutedPeerSentiments(
  observations: readonly NullObservation[],
  rng: Rng,
  scheme: BiasNullScheme = "candidate-rounds",
  structure = candidateRounds(observations),
): number[] {
  const out = observations.map((o) => o.peerSentiment);
  const from = (index: number | undefined) => observations[index!]!.peerSentiment;
  for (const { rounds, byAgent } of structure) {
    if (scheme === "conversation") {
      for (const indexOf of byAgent) {
        const own = [...indexOf.keys()];
        const to = rng.shuffle(own);
        own.forEach((r, k) => (out[indexOf.get(r)!] = from(indexOf.get(to[k]!))));
      }
    } else if (rounds.length > 1) {
      const to = rng.shuffle(rounds);
      for (const indexOf of byAgent) rounds.forEach((r, k) => (out[indexOf.get(r)!] = from(indexOf.get(to[k]!))));
    }
  }
  return out;
}

function median(values: readonly number[]): number {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Permutation null of both fits (through the origin and with an intercept),
 * from the same `permutations` draws of `permutedPeerSentiments`.
 *
 * @example
 * const [origin, intercept] = biasNull(observations, 999, deriveRng(7, "sentimental", "bias-null", "all"));
 * origin.pLogRatio; // e.g. 0.41: the asymmetry is what shuffled peers give too
 */
export function biasNull(
  observations: readonly NullObservation[],
  permutations: number,
  rng: Rng,
  scheme: BiasNullScheme = "candidate-rounds",
): [FitNull, FitNull] {
  const x = observations.map((o) => o.peerSentiment);
  const y = observations.map((o) => o.change);
  const structure = candidateRounds(observations);
  const fits: BiasFit[] = ["origin", "intercept"];
  const draws = fits.map(() => ({ negative: [] as number[], positive: [] as number[], logRatio: [] as number[] }));
  for (let b = 0; b < permutations; b++) {
    const xs = permutedPeerSentiments(observations, rng, scheme, structure);
    fits.forEach((fit, f) => {
      const s = signSlopes(xs, y, fit);
      draws[f]!.negative.push(s.negative);
      draws[f]!.positive.push(s.positive);
      draws[f]!.logRatio.push(logSlopeRatio(s.negative, s.positive));
    });
  }
  const [origin, intercept] = fits.map((fit, f) => {
    const observed = signSlopes(x, y, fit);
    const d = draws[f]!;
    const logRatio = logSlopeRatio(observed.negative, observed.positive);
    return {
      fit,
      permutations,
      valid: d.logRatio.filter(Number.isFinite).length,
      pNegative: permutationP(observed.negative, d.negative),
      pPositive: permutationP(observed.positive, d.positive),
      logRatio,
      nullMedianLogRatio: median(d.logRatio),
      pLogRatio: permutationP(logRatio, d.logRatio),
    };
  });
  return [origin!, intercept!];
}

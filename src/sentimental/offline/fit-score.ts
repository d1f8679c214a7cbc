/**
 * The offline advisor's fit score: one transparent number per (advisor,
 * candidate), computed from the ad and the resume alone, that the advisor
 * states with its parts and its bars, and from which its decision and the
 * tone of its statement follow.
 *
 *   score = match + FOCUS_WEIGHT x focus + EVIDENCE_WEIGHT x evidence
 *
 * - match: how much the resume is about what the advisor reads in the ad:
 *   the cosine of two stem vectors, the ad's (each of the advisor's items'
 *   stems, weighed by the advisor's item weight x the stem's specificity
 *   over the ad's items) and the resume's claims (1 + ln of the number of
 *   claim clauses naming the stem, x its specificity; a stem no item of the
 *   ad uses has the specificity of a stem in no item). A resume mostly about
 *   other work matches little, however many of the ad's words it touches.
 * - focus: the mean, over the resume's clauses, of each claim clause's best
 *   retrieval score (resume-reading.ts clauseScore) for the advisor's items
 *   (0 for a limitation or an aspiration): how much of what the resume says
 *   speaks to the items.
 * - evidence: the requirement coverage sum w v / sum w of the verdicts
 *   (met, partial, gap, years...), in [-1, 1].
 *
 * The stance is tanh(STANCE_GAIN (score - STANCE_PIVOT)); the advisor
 * advances from ADVANCE_SCORE and rejects at or below REJECT_SCORE (the
 * stance thresholds ADVANCE_AT and REJECT_AT read back in score units).
 * The statement's f(A) (mean VADER compound of its sentences) is brought to
 * toneTarget(stance, decision), a strictly increasing map of the stance into
 * the decision's sentiment band, so that eq. 4's opinions and the Borda count
 * keep the order of the scores (and of the stances noise and peers move).
 */
import { polarityScores } from "../../text/index";
import type { Requirement } from "./job-reading";
import { clauseScore, type ResumeReading } from "./resume-reading";
import type { Claim, Decision } from "./phrasing";

/** Weight of the clause focus and of the requirement evidence in the score (the vocabulary match has weight 1). */
export const FOCUS_WEIGHT = 0.5;
export const EVIDENCE_WEIGHT = 0.2;
/** Stance = tanh(STANCE_GAIN (score - STANCE_PIVOT)). */
export const STANCE_GAIN = 5;
export const STANCE_PIVOT = 0.25;
/** The decision rule on the stance: advance at >= ADVANCE_AT, reject at <= REJECT_AT (a lacking must rejects whatever the stance). */
export const ADVANCE_AT = 0.35;
export const REJECT_AT = -0.6;
/** The same bars in score units (what the verdict sentence states). */
export const ADVANCE_SCORE = STANCE_PIVOT + Math.atanh(ADVANCE_AT) / STANCE_GAIN;
export const REJECT_SCORE = STANCE_PIVOT + Math.atanh(REJECT_AT) / STANCE_GAIN;
/** Sentiment band of each decision's statements (f(A)), inside the bands scoresAsDecision accepts. */
export const TONE_BANDS: Readonly<Record<Decision, readonly [number, number]>> = {
  advance: [0.58, 0.7],
  probe: [-0.3, 0.3],
  reject: [-0.66, -0.58],
};
/** How close a statement's f(A) must come to its tone target. */
export const TONE_TOLERANCE = 0.005;

/** One item as the advisor weighs it. */
export interface FitItem {
  requirement: Requirement;
  weight: number;
}

/** The parts of the score and the score, as the verdict sentence states them. */
export interface FitParts {
  match: number;
  focus: number;
  evidence: number;
  score: number;
}

/** The specificity of a stem no item of an ad of `items` items uses: stemWeights' log((1 + n) / (1 + df)) + 1 at df = 0. */
function unseenSpecificity(items: number): number {
  return Math.log(1 + items) + 1;
}

/**
 * The vocabulary match (see the module doc): cosine of the advisor's ad
 * vector and the resume's claim vector, in [0, 1].
 *
 * @example
 * vocabularyMatch(readResume(["Built payroll and recruitment processes."]), [{ requirement: payrollItem, weight: 1 }], weights, 12); // > 0
 */
export function vocabularyMatch(reading: ResumeReading, items: readonly FitItem[], weights: ReadonlyMap<string, number>, adItems: number): number {
  const unseen = unseenSpecificity(adItems);
  const ad = new Map<string, number>();
  for (const { requirement, weight } of items) {
    for (const s of requirement.stems) ad.set(s, (ad.get(s) ?? 0) + weight * (weights.get(s) ?? unseen));
  }
  const counts = new Map<string, number>();
  for (const c of reading.clauses) if (c.polarity === "claim") for (const s of c.stems) counts.set(s, (counts.get(s) ?? 0) + 1);
  let dot = 0;
  let adNorm = 0;
  let resumeNorm = 0;
  for (const v of ad.values()) adNorm += v * v;
  for (const [s, n] of counts) {
    const v = (1 + Math.log(n)) * (weights.get(s) ?? unseen);
    resumeNorm += v * v;
    dot += v * (ad.get(s) ?? 0);
  }
  return adNorm > 0 && resumeNorm > 0 ? dot / Math.sqrt(adNorm * resumeNorm) : 0;
}

/**
 * The clause focus (see the module doc): mean over all clauses of each claim
 * clause's best clauseScore for the items, in [0, 1].
 *
 * @example
 * clauseFocus(readResume(["Ran payroll for 900 staff.", "I enjoy chess."]), items, weights); // about half of the first clause's score
 */
export function clauseFocus(reading: ResumeReading, items: readonly FitItem[], weights: ReadonlyMap<string, number>): number {
  if (reading.clauses.length === 0) return 0;
  let total = 0;
  for (const clause of reading.clauses) {
    if (clause.polarity !== "claim") continue;
    let best = 0;
    for (const { requirement } of items) best = Math.max(best, clauseScore(requirement, clause, reading, weights));
    total += best;
  }
  return total / reading.clauses.length;
}

/**
 * The score from its parts: match + FOCUS_WEIGHT focus + EVIDENCE_WEIGHT evidence.
 *
 * @example
 * fitScore(0.3, 0.2, 0.1); // 0.3 + 0.1 + 0.02 = 0.42
 */
export function fitScore(match: number, focus: number, evidence: number): number {
  return match + FOCUS_WEIGHT * focus + EVIDENCE_WEIGHT * evidence;
}

/**
 * The stance of a score: tanh(STANCE_GAIN (score - STANCE_PIVOT)).
 *
 * @example
 * stanceOf(STANCE_PIVOT); // 0
 * stanceOf(ADVANCE_SCORE); // 0.35 (ADVANCE_AT)
 */
export function stanceOf(score: number): number {
  return Math.tanh(STANCE_GAIN * (score - STANCE_PIVOT));
}

/** The stances each decision's band is spread over: [ADVANCE_AT, 1], (REJECT_AT, ADVANCE_AT), [-1, REJECT_AT]. */
const STANCE_SPANS: Readonly<Record<Decision, readonly [number, number]>> = {
  advance: [ADVANCE_AT, 1],
  probe: [REJECT_AT, ADVANCE_AT],
  reject: [-1, REJECT_AT],
};

/**
 * The f(A) a statement of this decision and stance is brought to: the
 * decision's tone band [lo, hi] spread over the decision's stance span
 * [a, b] by lo + (hi - lo) (1 + tanh((stance - m) / h)) / 2, m the span's
 * middle and h its half width. Strictly increasing in the stance, so two
 * different stances never speak with one tone; a stance outside its
 * decision's span (a lacking must rejects a high score; noise or peers move
 * the stance across a bar the evidence did not cross) stays inside the band.
 *
 * @example
 * toneTarget(0.675, "advance"); // 0.64, the middle of the advance band [0.58, 0.7]
 * toneTarget(-1, "reject") < toneTarget(0.9, "reject"); // true
 */
export function toneTarget(stance: number, decision: Decision): number {
  const [lo, hi] = TONE_BANDS[decision];
  const [a, b] = STANCE_SPANS[decision];
  const middle = (a + b) / 2;
  const half = (b - a) / 2;
  return lo + ((hi - lo) * (1 + Math.tanh((stance - middle) / half))) / 2;
}

/** Evaluative words of the verdict, by the decision they may close: warm ones for advance, cold ones for reject, mild ones for probe. */
const WARM = [
  "solid",
  "fine",
  "fair",
  "capable",
  "clear",
  "promising",
  "convincing",
  "good",
  "useful",
  "valuable",
  "strong",
  "impressive",
  "excellent",
  "outstanding",
  "superb",
];
const COLD = [
  "serious",
  "risky",
  "limited",
  "unclear",
  "questionable",
  "uncertain",
  "doubtful",
  "worrying",
  "inadequate",
  "weak",
  "problematic",
  "poor",
  "disappointing",
  "troubling",
  "bad",
];
const MILD_WARM = ["solid", "fine", "adequate", "fair", "acceptable", "capable", "clear", "promising", "good", "strong"];
const MILD_COLD = ["cautious", "risky", "limited", "unclear", "questionable", "uncertain", "doubtful", "worrying", "weak", "poor"];
const BOOSTERS = ["", "very ", "really "];
const SOFTENERS = ["", "somewhat ", "slightly "];

/** The most a probing verdict's own sentence may lean either way (its statement as a whole stays in the probe band). */
const PROBE_VERDICT_REACH = 0.75;

/** "a", or "an" before a vowel sound. */
function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}

/** The phrases of one decision's ladder: "a strong case", "a very strong case", "a strong and convincing case", ... */
function phrasesOf(decision: Decision): string[] {
  const out = new Set<string>(["a mixed case"]);
  const add = (words: string) => out.add(`${article(words)} ${words} case`);
  if (decision === "probe") {
    for (const w of [...MILD_WARM, ...MILD_COLD]) for (const s of SOFTENERS) add(`${s}${w}`);
    for (const list of [MILD_WARM, MILD_COLD]) for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) add(`${list[i]} and ${list[j]}`);
    return [...out];
  }
  const words = decision === "advance" ? WARM : COLD;
  for (const w of words) for (const b of BOOSTERS) add(`${b}${w}`);
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      add(`${words[i]} and ${words[j]}`);
      for (let k = j + 1; k < words.length; k += 3) add(`${words[k]}, ${words[i]} and ${words[j]}`);
      // The strongest words, four together: the far end of the ladder.
      if (i >= words.length - 5 && j === i + 1 && j + 2 < words.length) add(`${words[j + 2]}, ${words[j + 1]}, ${words[i]} and ${words[j]}`);
    }
  }
  return [...out];
}

/** One rung of a verdict ladder: the closing phrase and the f(A) of a verdict sentence that ends with it. */
export interface VerdictRung {
  phrase: string;
  compound: number;
}

const ladders = new Map<string, VerdictRung[]>();

/**
 * The verdict phrases a decision may end on, by the VADER compound of the
 * verdict sentence they close (ascending; one rung per distinct compound).
 * The sentence's numbers and its frame carry no sentiment, so the phrase
 * alone sets the sentence's tone; an advancing verdict never reads negative,
 * a rejecting one never positive.
 *
 * @example
 * verdictLadder("advance", false)[0].compound > 0; // true
 */
export function verdictLadder(decision: Decision, mustFailed: boolean): readonly VerdictRung[] {
  const key = `${decision}|${mustFailed}`;
  let ladder = ladders.get(key);
  if (!ladder) {
    const sample: FitParts = { match: 0.3, focus: 0.2, evidence: 0.1, score: 0.42 };
    const byCompound = new Map<number, string>();
    for (const phrase of phrasesOf(decision)) {
      const compound = polarityScores(verdictText(sample, decision, mustFailed, phrase)).compound;
      const kept = byCompound.get(compound);
      // One rung per compound: the shortest phrase that gives it.
      if (kept === undefined || phrase.length < kept.length) byCompound.set(compound, phrase);
    }
    ladder = [...byCompound]
      .filter(([c]) => (decision === "advance" ? c > 0 : decision === "reject" ? c < 0 : Math.abs(c) <= PROBE_VERDICT_REACH))
      .map(([compound, phrase]) => ({ phrase, compound }))
      .sort((a, b) => a.compound - b.compound);
    ladders.set(key, ladder);
  }
  return ladder;
}

/**
 * A number as the verdict states it: two decimals.
 *
 * @example
 * stated(0.4712); // "0.47"
 */
export function stated(x: number): string {
  return x.toFixed(2);
}

/**
 * The verdict sentence: the score with its parts and the bars, and the
 * phrase that closes it. A rejection for a failed must says that the must
 * decides, whatever the score.
 *
 * @example
 * verdictText({ match: 0.31, focus: 0.28, evidence: 0.12, score: 0.47 }, "advance", false, "a very strong case");
 * // "My score for this candidate is 0.47 (word match 0.31 + 0.5 x clause focus 0.28 + 0.2 x requirement evidence 0.12), against 0.32 to advance and 0.11 to decline: a very strong case."
 */
export function verdictText(parts: FitParts, decision: Decision, mustFailed: boolean, phrase: string): string {
  const sum =
    `My score for this candidate is ${stated(parts.score)} (word match ${stated(parts.match)} + ${FOCUS_WEIGHT} x clause focus ${stated(parts.focus)}` +
    ` + ${EVIDENCE_WEIGHT} x requirement evidence ${stated(parts.evidence)}), against ${stated(ADVANCE_SCORE)} to advance and ${stated(REJECT_SCORE)} to decline`;
  return mustFailed && decision === "reject" ? `${sum}, and a failed must decides: ${phrase}.` : `${sum}: ${phrase}.`;
}

/**
 * The rung whose verdict brings a statement's f(A) nearest `target`, given
 * the f(A) of every other argument of the statement: the verdict is one of
 * n = others + 1 arguments, so it should read n target - sum(others).
 *
 * @example
 * nearestRung("advance", false, [0.6, 0.7], 0.7).compound; // the rung nearest 0.8
 */
export function nearestRung(decision: Decision, mustFailed: boolean, others: readonly number[], target: number): VerdictRung {
  const ladder = verdictLadder(decision, mustFailed);
  const want = target * (others.length + 1) - others.reduce((a, b) => a + b, 0);
  let best = ladder[0]!;
  for (const rung of ladder) if (Math.abs(rung.compound - want) < Math.abs(best.compound - want)) best = rung;
  return best;
}

/**
 * The verdict claim: the score's parts, the bars, the tone target and the rung chosen.
 *
 * @example
 * verdictClaim(parts, "probe", 0, false, rung).kind; // "verdict"
 */
export function verdictClaim(parts: FitParts, decision: Decision, grade: number, mustFailed: boolean, rung: VerdictRung, target: number): Claim {
  return {
    kind: "verdict",
    item: null,
    cited: [],
    score: parts.score,
    threshold: decision === "advance" ? ADVANCE_SCORE : decision === "reject" ? REJECT_SCORE : null,
    decision,
    grade,
    verdict: { ...parts, mustFailed, phrase: rung.phrase, target, text: verdictText(parts, decision, mustFailed, rung.phrase) },
  };
}

/**
 * The sentence of a verdict claim.
 *
 * @example
 * renderVerdict(verdictClaim(parts, "advance", 0.5, false, rung, 0.7)); // "My score for this candidate is 0.47 (...): a very strong case."
 */
export function renderVerdict(claim: Claim): string {
  const v = claim.verdict!;
  return verdictText(v, claim.decision, v.mustFailed, v.phrase);
}

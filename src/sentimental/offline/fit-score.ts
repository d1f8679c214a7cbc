/**
 * The offline advisor's fit score: one transparent number per (advisor,
 * candidate), computed from the ad and the resume alone, that the advisor
 * states with its parts and its bars, and from which its decision and the
 * tone of its statement follow.
 *
 *   score = match + FOCUS_WEIGHT x focus + EVIDENCE_WEIGHT x evidence
 *
 * - match: how much the resume is about what the advisor reads in the ad:
 *   the cosine of two stem vectors, the ad's (each stem weighs the sum of
 *   the advisor's weights of the items that name it, so a stem the ad
 *   repeats over its items weighs more) and the resume's claims (1 + ln of
 *   the number of claim clauses naming the stem). No idf: the specificity of
 *   a stem over the ad's own items weighs down exactly the stems an ad
 *   repeats, which name its subject ("Java" in most items of a Java ad), and
 *   an advisor reading one resume has no corpus of resumes to learn one
 *   from. A resume mostly about other work matches little, however many of
 *   the ad's words it touches.
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
import type { Claim, Decision, VerdictSpec } from "./phrasing";
export type { VerdictSpec } from "./phrasing";

/** Weight of the clause focus and of the requirement evidence in the score (the vocabulary match has weight 1). */
export const FOCUS_WEIGHT = 0.5;
export const EVIDENCE_WEIGHT = 0.2;
/** The most a score can be (match and focus at most 1, evidence at most 1): what the verdict states its scale by. */
export const MAX_SCORE = 1 + FOCUS_WEIGHT + EVIDENCE_WEIGHT;
/**
 * Stance = tanh(STANCE_GAIN (score - STANCE_PIVOT)). Set for the scale of the
 * score: with the idf-free word match, fit scores run about 1.19 x what they
 * were with the idf-weighted one (least squares over the bundled, ICU and 12
 * Kaggle dev scenarios), for which the gain was 5 and the pivot 0.25; so the
 * bars read 0.39 to advance and 0.13 to decline.
 */
export const STANCE_GAIN = 4;
export const STANCE_PIVOT = 0.3;
/** The decision rule on the stance: advance at >= ADVANCE_AT, reject at <= REJECT_AT (a lacking must rejects whatever the stance). */
export const ADVANCE_AT = 0.35;
export const REJECT_AT = -0.6;
/** The same bars in score units (what the verdict sentence states). */
export const ADVANCE_SCORE = STANCE_PIVOT + Math.atanh(ADVANCE_AT) / STANCE_GAIN;
export const REJECT_SCORE = STANCE_PIVOT + Math.atanh(REJECT_AT) / STANCE_GAIN;
/** The middle of the two bars a probing verdict states: its words lean warm at or above it, cold below (`VerdictSpec.lean`). */
export const MIDDLE_SCORE = (ADVANCE_SCORE + REJECT_SCORE) / 2;
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

/**
 * The vocabulary match (see the module doc): cosine of the advisor's ad
 * vector (sum of the weights of the items naming each stem) and the
 * resume's claim vector (1 + ln of the claim clauses naming each stem), in
 * [0, 1].
 *
 * @example
 * // payrollItem: "Knowledge of monthly payroll and statutory compliance." (stems month, payrol, statut, compli), weight 1;
 * // the resume: one claim clause with stems proces, payrol, compli, staff; two shared stems:
 * vocabularyMatch(readResume(["Processed payroll and compliance for 900 staff."]), [{ requirement: payrollItem, weight: 1 }]); // 2 / sqrt(4 x 4) = 0.5
 */
export function vocabularyMatch(reading: ResumeReading, items: readonly FitItem[]): number {
  const ad = new Map<string, number>();
  for (const { requirement, weight } of items) for (const s of requirement.stems) ad.set(s, (ad.get(s) ?? 0) + weight);
  const counts = new Map<string, number>();
  for (const c of reading.clauses) if (c.polarity === "claim") for (const s of c.stems) counts.set(s, (counts.get(s) ?? 0) + 1);
  let dot = 0;
  let adNorm = 0;
  let resumeNorm = 0;
  for (const v of ad.values()) adNorm += v * v;
  for (const [s, n] of counts) {
    const v = 1 + Math.log(n);
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
 * stanceOf(0.5); // tanh(4 x 0.2) = 0.66
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
 * middle and h its half width; for an advance, stance and span are read
 * back on the score's scale first (`scoreOfStance`). Strictly increasing
 * in the stance, so two different stances never speak with one tone; a stance outside its
 * decision's span (a lacking must rejects a high score; noise or peers move
 * the stance across a bar the evidence did not cross) stays inside the band.
 *
 * @example
 * toneTarget(0.675, "advance"); // 0.64, the middle of the advance band [0.58, 0.7]
 * toneTarget(-1, "reject") < toneTarget(0.9, "reject"); // true
 */
export function toneTarget(stance: number, decision: Decision): number {
  const [lo, hi] = TONE_BANDS[decision];
  // An advance spreads over scores (`scoreOfStance`); a probe's or a rejection's stances are not flattened by tanh.
  const read = decision === "advance" ? scoreOfStance : (x: number) => x;
  const [a, b] = STANCE_SPANS[decision].map(read) as [number, number];
  const middle = (a + b) / 2;
  const half = (b - a) / 2;
  return lo + ((hi - lo) * (1 + Math.tanh((read(stance) - middle) / half))) / 2;
}

/** The most of a stance's magnitude read back into score units (tanh's inverse is unbounded at +-1). */
const STANCE_READ_MAX = 0.999;

/**
 * A stance read back on the score's scale, STANCE_PIVOT + atanh(stance) / STANCE_GAIN (the inverse of stanceOf),
 * so that the tone spreads over scores, not over a stance that tanh has flattened: at the top of the advance band two
 * scores 0.09 apart (0.92, 1.01) had stances 0.007 apart and tones 0.0005 apart, under the tone tolerance, and the
 * Borda count read noise.
 */
function scoreOfStance(stance: number): number {
  return STANCE_PIVOT + Math.atanh(Math.max(-STANCE_READ_MAX, Math.min(STANCE_READ_MAX, stance))) / STANCE_GAIN;
}

/** Evaluative words of the verdict, by the decision they may close: warm ones for advance, cold ones for reject, mild ones for probe. */
const WARM = [
  "acceptable",
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
// A rejection is no uncertain case: no "unclear", "uncertain" or "doubtful" here (those are a probe's).
const COLD = ["risky", "limited", "worrying", "inadequate", "weak", "problematic", "poor", "disappointing", "troubling", "bad"];
// A case to test in an interview is neither "clear" nor "strong": a probe's warm words stop at "good".
const MILD_WARM = ["solid", "fine", "adequate", "fair", "acceptable", "capable", "promising", "good"];
/** The width of an advancing score's word band above the bar (`advanceBand`). */
export const ADVANCE_BAND_STEP = 0.1;
/**
 * The WARM words (mildest first) an advancing verdict may use by its band: just over the bar up to "valuable", one
 * step above from "fine" to "impressive", two or more from "clear" up (the bands overlap, so that the closing phrase
 * can still bring the statement's f(A) to its tone target).
 */
const BAND_WORDS: ReadonlyArray<readonly [number, number]> = [
  [0, 10],
  [2, 12],
  [5, 15],
];
/**
 * The word band of an advancing score: floor((score - ADVANCE_SCORE) / ADVANCE_BAND_STEP), from 0 to 2.
 *
 * @example
 * advanceBand(0.4); // 0 (just over the 0.39 bar)
 * advanceBand(1); // 2
 */
export function advanceBand(score: number): number {
  return advanceBandIndex(Math.floor((score - ADVANCE_SCORE) / ADVANCE_BAND_STEP));
}

/** A band number held to BAND_WORDS' range (a spec may carry any number). */
function advanceBandIndex(band: number): number {
  return Math.max(0, Math.min(BAND_WORDS.length - 1, band));
}
/** Words an advancing verdict keeps for a resume that meets at least half of the advisor's weight (`VerdictSpec.superlatives`). */
const SUPERLATIVES: ReadonlySet<string> = new Set(["excellent", "outstanding", "superb"]);
const MILD_COLD = ["cautious", "risky", "limited", "unclear", "questionable", "uncertain", "doubtful", "worrying", "weak", "poor"];
const BOOSTERS = ["", "very ", "really ", "deeply "];
/** Words that take no booster. */
const ABSOLUTE: ReadonlySet<string> = new Set(["outstanding", "superb", "excellent", "inadequate", "acceptable", "fine", "fair"]);
const SOFTENERS = ["", "somewhat ", "slightly "];

/** The most a probing verdict's own sentence may lean either way (its statement as a whole stays in the probe band). */
const PROBE_VERDICT_REACH = 0.85;

/** "a", or "an" before a vowel sound ("a useful", "an outstanding"). */
function article(word: string): string {
  return /^[aeio]/.test(word) || /^u(?!s|n[iu])/.test(word) ? "an" : "a";
}

/**
 * The closing phrases of one decision: one evaluative word, with or without
 * a booster ("a strong case", "a very strong case"), or two joined by "and"
 * ("a strong and convincing case", "a very weak and risky case"); never a
 * stack of three or four. A probing verdict takes the words of its lean
 * (warm or cold, `VerdictSpec.lean`), so that it never calls a case it
 * doubts "fine"; an advancing one those of its score's band (`advanceBand`).
 */
function phrasesOf(decision: Decision, lean: 1 | -1, superlatives = true, band?: number, reach = 0): string[] {
  const out = new Set<string>();
  const add = (words: string) => out.add(`${article(words)} ${words} case`);
  if (decision === "probe") {
    out.add("a mixed case");
    const list = lean > 0 ? MILD_WARM : MILD_COLD;
    for (const w of list) for (const s of SOFTENERS) add(`${s}${w}`);
    for (let i = 0; i < list.length; i++) for (let j = i + 1; j <= i + 2 && j < list.length; j++) add(`${list[i]} and ${list[j]}`);
    return [...out];
  }
  const [low, high] = band === undefined ? [0, WARM.length - 1] : BAND_WORDS[advanceBandIndex(band)]!;
  const [from, to] = [low - reach, high + reach];
  const words = decision === "advance" ? WARM.filter((w, i) => i >= from && i <= to && (superlatives || !SUPERLATIVES.has(w))) : COLD;
  // "very outstanding" is no English: a booster goes only before a word that has degrees.
  const boosters = (w: string) => (ABSOLUTE.has(w) ? [""] : BOOSTERS);
  for (const w of words) for (const b of boosters(w)) add(`${b}${w}`);
  // Pairs of neighbours on the scale ("strong and impressive"), never a mild word beside a superlative ("fine and superb").
  for (let i = 0; i < words.length; i++)
    for (let j = i + 1; j <= i + 2 && j < words.length; j++) for (const b of boosters(words[i]!)) add(`${b}${words[i]} and ${words[j]}`);
  return [...out];
}

/** One rung of a verdict ladder: the closing phrase and the f(A) of a verdict sentence that ends with it. */
export interface VerdictRung {
  phrase: string;
  compound: number;
}

/**
 * What the advisor will do, in the verdict's closing clause: in words the
 * lexicon reads as neutral, so that the closing phrase alone sets the
 * sentence's tone (a "strongly recommend" would warm every advancing verdict
 * beyond what its statement's tone target allows).
 */
function actOf(spec: VerdictSpec): string {
  if (spec.mustLabel !== null && spec.decision === "reject") return "would turn this application down";
  if (spec.decision === "advance") return "would move this candidate to the next stage";
  if (spec.decision === "probe") return "would test these points in an interview before deciding";
  return "would not move this candidate forward";
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
 * The rule a verdict states: where the score sits against the bars, or that a failed must decides whatever the score.
 *
 * @example
 * barClause({ decision: "advance", mustLabel: null }); // "at or above the 0.39 I advance from"
 */
export function barClause(spec: Pick<VerdictSpec, "decision" | "mustLabel" | "aboveBar" | "unverifiedMust" | "ownGap">, digits = 2): string {
  const stated = (x: number) => x.toFixed(digits);
  if (spec.mustLabel !== null && spec.decision === "reject") return `but whatever the score, the ad's must of ${spec.mustLabel} decides`;
  if (spec.decision === "advance") return `at or above the ${stated(ADVANCE_SCORE)} I advance from`;
  if (spec.decision === "reject") return `at or below the ${stated(REJECT_SCORE)} I decline at`;
  if (spec.aboveBar && spec.unverifiedMust)
    return `at or above the ${stated(ADVANCE_SCORE)} I advance from, but the ad's must of ${spec.unverifiedMust} is still to be checked`;
  // Not named here: the statement's own point says which part of the item the resume denies, in its words.
  if (spec.aboveBar && spec.ownGap)
    return `at or above the ${stated(ADVANCE_SCORE)} I advance from, but a gap the resume states in my own area is to be tested first`;
  if (spec.aboveBar) return `at or above the ${stated(ADVANCE_SCORE)} I advance from, but none of the points I weigh beyond the musts is met`;
  return `between the ${stated(REJECT_SCORE)} I decline at and the ${stated(ADVANCE_SCORE)} I advance from`;
}

/**
 * The verdict sentence: the score (with its parts in round 1), the rule it
 * meets, the closing phrase, and what the advisor does in this round.
 *
 * @example
 * verdictText({ match: 0.31, focus: 0.28, evidence: 0.12, score: 0.47 }, { decision: "advance", mustLabel: null, round: 1, grade: 0.5, lean: 1 }, "a very strong case");
 * // "My score for this candidate is 0.47 of a possible 1.70 (0.31 for how closely the resume's words follow my points, 0.14 for how much of it speaks to them, 0.02 for the requirements it meets, less those it lacks), at or above the 0.39 I advance from: a very strong case, and in round 1 I would move this candidate to the next stage."
 */
export function verdictText(parts: FitParts, spec: VerdictSpec, phrase: string): string {
  const [total, words, focus, evidence] = contributions(parts);
  const score =
    spec.round <= 1
      ? `My score for this candidate is ${total} of a possible ${stated(MAX_SCORE)} (${words} for how closely the resume's words follow my points, ${focus} for how much of it speaks to them, ${evidence} for the requirements it meets, less those it lacks)`
      : `My score for this candidate is still ${total}`;
  return `${score}, ${barClause(spec, scoreDigits(parts.score))}: ${phrase}, and in round ${spec.round} I ${actOf(spec)}.`;
}

/**
 * How many decimals a verdict states its score and bars in: 2, or 3 when the score would read as one of the bars.
 *
 * @example
 * scoreDigits(0.4712); // 2
 */
export function scoreDigits(score: number): 2 | 3 {
  return [ADVANCE_SCORE, REJECT_SCORE].some((bar) => stated(bar) === stated(score)) ? 3 : 2;
}

/**
 * The score and its three weighted parts (match, FOCUS_WEIGHT x focus, EVIDENCE_WEIGHT x evidence) as the verdict
 * states them: rounded so that the parts add up to the total as written (largest remainders), in hundredths, or in
 * thousandths when the total would read as one of the bars ("0.13, between the 0.13 I decline at ..." says nothing).
 *
 * @example
 * contributions({ match: 0.261, focus: 0.302, evidence: 0.318, score: 0.4756 }); // ["0.48", "0.26", "0.15", "0.07"]
 */
export function contributions(parts: FitParts): [string, string, string, string] {
  const digits = scoreDigits(parts.score);
  const unit = 10 ** digits;
  const raw = [parts.match, FOCUS_WEIGHT * parts.focus, EVIDENCE_WEIGHT * parts.evidence].map((x) => x * unit);
  const total = Math.round(parts.score * unit);
  const floors = raw.map(Math.floor);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const order = raw.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    floors[i]!++;
    left--;
  }
  const show = (n: number) => (n / unit).toFixed(digits);
  return [show(total), show(floors[0]!), show(floors[1]!), show(floors[2]!)];
}

const ladders = new Map<string, VerdictRung[]>();

/**
 * The verdict phrases a verdict may end on, by the VADER compound of the
 * sentence they close (ascending; one rung per distinct compound, the
 * shortest phrase that gives it). The numbers carry no sentiment, so one
 * ladder serves every score of one frame; an advancing verdict never reads
 * negative, a rejecting one never positive.
 *
 * @example
 * verdictLadder({ decision: "advance", mustLabel: null, round: 1, grade: 0.5, lean: 1 })[0].compound > 0; // true
 */
export function verdictLadder(spec: VerdictSpec): readonly VerdictRung[] {
  // A probe's rule depends on where its score sits (between the bars, or above them with nothing met): a sample score
  // on the same side. The spec's `aboveBar` says which.
  const score = spec.decision === "probe" ? (spec.aboveBar ? ADVANCE_SCORE + 0.05 : MIDDLE_SCORE) : 0.42;
  const sample: FitParts = { match: 0.3, focus: 0.2, evidence: 0.1, score };
  const superlatives = spec.superlatives !== false;
  const key = `${spec.decision}|${spec.lean}|${spec.aboveBar === true}|${spec.unverifiedMust ?? ""}|${spec.ownGap ?? ""}|${superlatives}|${spec.band ?? ""}|${spec.bandReach ?? 0}|${verdictText(sample, { ...spec, round: Math.min(spec.round, 2) }, "")}`;
  let ladder = ladders.get(key);
  if (!ladder) {
    const byCompound = new Map<number, string>();
    for (const phrase of phrasesOf(spec.decision, spec.lean, superlatives, spec.band, spec.bandReach)) {
      const compound = polarityScores(verdictText(sample, spec, phrase)).compound;
      const kept = byCompound.get(compound);
      if (kept === undefined || phrase.length < kept.length) byCompound.set(compound, phrase);
    }
    const d = spec.decision;
    ladder = [...byCompound]
      .filter(([c]) => (d === "advance" ? c > 0 : d === "reject" ? c < 0 : Math.abs(c) <= PROBE_VERDICT_REACH))
      .map(([compound, phrase]) => ({ phrase, compound }))
      .sort((a, b) => a.compound - b.compound);
    ladders.set(key, ladder);
  }
  return ladder;
}

/**
 * The rung whose verdict brings a statement's f(A) nearest `target`, given
 * the f(A) of every other argument of the statement: the verdict is one of
 * n = others + 1 arguments, so it should read n target - sum(others).
 *
 * @example
 * nearestRung({ decision: "advance", mustLabel: null, round: 1, grade: 0.5, lean: 1 }, [0.6, 0.7], 0.7).compound; // the rung nearest 0.8
 */
export function nearestRung(spec: VerdictSpec, others: readonly number[], target: number): VerdictRung {
  const ladder = verdictLadder(spec);
  const want = target * (others.length + 1) - others.reduce((a, b) => a + b, 0);
  let best = ladder[0]!;
  for (const rung of ladder) if (Math.abs(rung.compound - want) < Math.abs(best.compound - want)) best = rung;
  return best;
}

/**
 * The verdict claim: the score's parts, the rule, the tone target and the rung chosen.
 *
 * @example
 * verdictClaim(parts, spec, rung, 0.64).kind; // "verdict"
 */
export function verdictClaim(parts: FitParts, spec: VerdictSpec, rung: VerdictRung, target: number): Claim {
  const { decision, grade } = spec;
  return {
    kind: "verdict",
    item: null,
    cited: [],
    score: parts.score,
    threshold: decision === "advance" ? ADVANCE_SCORE : decision === "reject" ? REJECT_SCORE : null,
    decision,
    grade,
    verdict: {
      ...parts,
      mustFailed: spec.mustLabel !== null && decision === "reject",
      spec,
      phrase: rung.phrase,
      target,
      text: verdictText(parts, spec, rung.phrase),
    },
  };
}

/**
 * The sentence of a verdict claim.
 *
 * @example
 * renderVerdict(verdictClaim(parts, spec, rung, 0.7)); // "My score for this candidate is 0.47 (...): a very strong case, and in round 1 I ..."
 */
export function renderVerdict(claim: Claim): string {
  const v = claim.verdict!;
  return verdictText(v, v.spec, v.phrase);
}

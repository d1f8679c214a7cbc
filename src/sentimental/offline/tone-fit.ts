/**
 * Brings an offline statement's f(A) (the mean VADER compound of its
 * arguments, as the argumentation task splits it) to the tone its stance
 * sets (fit-score.ts toneTarget), from what the statement already says: it
 * leaves out a sentence, says a strength in milder words or restates the
 * decision while that brings f(A) nearer, then picks the verdict's closing
 * phrase that lands nearest
 * (nearestRung). A statement keeps at least one point on the evidence,
 * every lacking must, and every quoted ground of its decision that reads
 * its decision's way to the lexicon.
 */
import { polarityScores, splitSentences } from "../../text/index";
import { TONE_TOLERANCE, nearestRung, type VerdictRung, type VerdictSpec } from "./fit-score";
import type { Claim, Decision } from "./phrasing";

/** At most this many steps of leaving out or restating. */
const MAX_STEPS = 24;
/**
 * How far from its tone target a statement may land for its verdict to keep to its score's band of words (a sixth of
 * the advance band's width); further, the verdict takes the whole ladder.
 */
export const BAND_TOLERANCE = 0.02;
/** At most this many restated decisions (REASONS). */
const MAX_RESTATEMENTS = 2;

/**
 * The f(A) (VADER compound) of each argument of a text, split as statementScore splits a statement.
 *
 * @example
 * argumentTones("A strong record. A weak one."); // [0.5106, -0.4404]
 */
export function argumentTones(text: string): number[] {
  const sentences = splitSentences(text);
  return (sentences.length > 0 ? sentences : [text]).map((x) => polarityScores(x).compound);
}

/**
 * A sentence the tone fit never leaves out: a lacking must, or the quoted evidence its decision rests on (nor, in
 * fitTone, a must left to check or a point a restated decision names).
 *
 * @example
 * isGround({ kind: "gap", ... }, "reject"); // true
 */
export function isGround(claim: Pick<Claim, "kind">, decision: Decision): boolean {
  if (claim.kind === "must-lacking") return true;
  if (decision === "reject") return claim.kind === "gap" || claim.kind === "mixed" || claim.kind === "years-short";
  if (decision === "advance") return claim.kind === "strength" || claim.kind === "years-met" || claim.kind === "must-met";
  return false;
}

/** What the tone fit works on: one statement's rendered parts, its decision and the f(A) it should land near. */
export interface ToneFitInput {
  /** The claims between the opener and the verdict, in order. */
  middle: Claim[];
  /** The opener (it stays first; tempering may say it milder). */
  head: Claim;
  /** The rendered sentence of a claim. */
  text: (claim: Claim) => string;
  /** What the verdict that closes the statement says besides its phrase. */
  verdict: VerdictSpec;
  target: number;
  /** A restated decision (the n-th of REASONS) on the main point of the claims kept so far, rendered; null when there is none to make. */
  restate: (n: number, middle: readonly Claim[]) => Claim | null;
  /** The same claim in the next milder wording of its kind, rendered ("superb and convincing" to "outstanding"), or null. */
  temper?: (claim: Claim) => Claim | null;
}

/**
 * The claims kept and the verdict rung: greedy steps (leave one sentence out, temper one, or restate the decision) while one
 * brings the landing nearer the target, stopping within TONE_TOLERANCE; a verdict held to its score's band of words
 * (VerdictSpec.band) that cannot land there is fitted again on the whole ladder.
 *
 * @example
 * fitTone({ middle, head, text, verdict: { decision: "reject", mustLabel: null, round: 1, grade: -0.8, lean: -1 }, target: -0.62, restate }).rung.phrase; // "a weak and poor case"
 */
export function fitTone(input: ToneFitInput): ToneFit {
  const fitted = fitWithin(input);
  // f(A) on its target comes first (the decision is read from it): a verdict whose band of words leaves it further
  // than BAND_TOLERANCE from there takes the next words beyond the band's ends, a few at a time, and only then the
  // whole ladder (a blind read: "very strong and impressive" for a score just over the bar, where "good" would do).
  if (input.verdict.band === undefined || fitted.miss <= BAND_TOLERANCE) return fitted;
  let best = fitted;
  for (const reach of BAND_REACHES) {
    const wider = fitWithin({ ...input, verdict: { ...input.verdict, bandReach: reach } });
    if (wider.miss < best.miss) best = wider;
    if (best.miss <= BAND_TOLERANCE) return best;
  }
  const open = fitWithin({ ...input, verdict: { ...input.verdict, band: undefined } });
  return open.miss < best.miss ? open : best;
}

/** How many words beyond its band's ends, each way, a verdict that misses its target tries, in turn. */
const BAND_REACHES = [1, 2, 4] as const;

/** What fitTone settles: the claims kept, the opener, the verdict spec its rung is of, the rung, and |f(A) - target|. */
export interface ToneFit {
  middle: Claim[];
  head: Claim;
  verdict: VerdictSpec;
  rung: VerdictRung;
  miss: number;
}

function fitWithin(input: ToneFitInput): ToneFit {
  const { text, verdict, target } = input;
  let head = input.head;
  const decision: Decision = verdict.decision;
  const compounds = new Map<string, number[]>();
  const tone = (sentence: string) => {
    let c = compounds.get(sentence);
    if (c === undefined) compounds.set(sentence, (c = argumentTones(sentence)));
    return c;
  };
  const landing = (claims: readonly Claim[], opener: Claim = head) => {
    const others = [text(opener), ...claims.map(text)].flatMap(tone);
    const rung = nearestRung(verdict, others, target);
    return { rung, miss: Math.abs((others.reduce((a, b) => a + b, 0) + rung.compound) / (others.length + 1) - target) };
  };
  let middle = input.middle;
  let restated = 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const now = landing(middle);
    if (now.miss <= TONE_TOLERANCE) break;
    const points = middle.filter((c) => c.kind !== "reason");
    // A ground that reads against its decision to the lexicon ("do not speak Kiswahili" scores warm) may be left out.
    const sign = decision === "advance" ? 1 : -1;
    // A point a restated decision names stays, so that the restatement never names a point the statement dropped.
    const named = new Set(middle.filter((c) => c.kind === "reason" && c.item).map((c) => c.item!.id));
    const essential = (c: Claim) =>
      // A probe's own point stays (its band is wide enough to carry a worry or a praise); an advancing or rejecting
      // statement may still leave it out to land its tone.
      (c.remit === true && decision === "probe") || c.kind === "must-lacking" || c.kind === "must-unverified" || (c.item !== null && named.has(c.item.id));
    const kept = (c: Claim) => essential(c) || (isGround(c, decision) && sign * tone(text(c)).reduce((a, b) => a + b, 0) > 0);
    let moves = points.length > 1 ? points.filter((c) => !kept(c)).map((c) => middle.filter((x) => x !== c)) : [];
    // A ground that reads with the decision but far milder than its target ("the resume meets it: 'VP Engineering,
    // ...'") may be left out too once the statement misses its band: f(A), from which the decision is read, comes first.
    if (now.miss > BAND_TOLERANCE && points.length > 1)
      moves = [...moves, ...points.filter((c) => kept(c) && !essential(c)).map((c) => middle.filter((x) => x !== c))];
    const reason = restated < MAX_RESTATEMENTS && decision !== "probe" ? input.restate(restated, middle) : null;
    if (reason) moves.push([...middle, reason]);
    // A statement warmer than its tone can say its praise in milder words, as a careful reader would, instead of dropping it.
    for (const c of middle) {
      const milder = input.temper?.(c) ?? null;
      if (milder) moves.push(middle.map((x) => (x === c ? milder : x)));
    }
    let best: { claims: Claim[]; opener: Claim; miss: number } | null = null;
    for (const m of moves) {
      const miss = landing(m).miss;
      if (!best || miss < best.miss - 1e-12) best = { claims: m, opener: head, miss };
    }
    const milderHead = input.temper?.(head) ?? null;
    if (milderHead) {
      const miss = landing(middle, milderHead).miss;
      if (!best || miss < best.miss - 1e-12) best = { claims: middle, opener: milderHead, miss };
    }
    if (!best || best.miss >= now.miss - 1e-12) break;
    if (reason && best.claims.includes(reason)) restated++;
    middle = best.claims;
    head = best.opener;
  }
  const last = landing(middle);
  return { middle, head, verdict, rung: last.rung, miss: last.miss };
}

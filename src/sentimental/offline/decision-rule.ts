/**
 * The offline advisor's decision rule and what a statement must read as for
 * it: the assessment an advisor makes of one candidate, the rule that turns
 * it into a decision (decisionOf: a lacking must rejects; a score at the bar
 * advances only with a point met to quote and no must left open), the point
 * a restated decision names (reasonBasis), and the f(A) bands a statement of
 * each decision must score in (Definition 4's valence threshold, 0.5).
 */
import { polarityScores, splitSentences } from "../../text/index";
import { strengthClaim } from "./claim-building";
import { ADVANCE_AT, REJECT_AT, type FitParts } from "./fit-score";
import type { MustCheck } from "./hard-requirements";
import { ownItems } from "./own-point";
import { yearsText, type Claim, type Decision } from "./phrasing";
import type { Evidence, ResumeReading } from "./resume-reading";

/** One item of the advisor's assessment: its weight and the resume's evidence on it. */
export interface AssessedItem {
  weight: number;
  evidence: Evidence;
}

/** The advisor's reading of one candidate: every weighed item with its evidence, and the coverage they add up to. */
export interface Assessment {
  items: AssessedItem[];
  /** sum w v / sum w, in [-1, 1]. */
  coverage: number;
  /** The fit score and its parts (fit-score.ts): the number the stance, the decision and the tone follow. */
  fit: FitParts;
  /** Requirement ids of the advisor's priorities (its Mental Model's, else its heaviest items). */
  priorities: Set<number>;
  weights: ReadonlyMap<string, number>;
  /** The ad's musts and how the resume meets each. */
  musts: MustCheck[];
  /** The resume as read (clauses, years). */
  reading: ResumeReading;
}

/** What a statement's f(A) (mean VADER compound of its arguments) must reach for its decision: beyond Definition 4's valence threshold. */
export const ADVANCE_SENTIMENT = 0.55;
export const REJECT_SENTIMENT = -0.55;
/** A probing statement stays inside the neutral valence band. */
export const PROBE_SENTIMENT = 0.45;

/**
 * The decision rule of an offline advisor, stated: a must the resume lacks
 * rejects; otherwise the base stance (the evidence alone, before noise and
 * peers) advances at >= ADVANCE_AT when at least one point the advisor
 * weighs beyond the musts is met with a clause or years it can quote
 * (`strengths`; a score that words alone carry is no reason to advance)
 * and no must is left unverified (the resume neither shows nor denies it)
 * and the resume does not itself deny the advisor's weightiest own point
 * (`ownGap`: a Plant Manager does not advance a candidate who says "I have not
 * worked with PLCs, SCADA or process equipment", it tests that first),
 * rejects at <= REJECT_AT, and probes otherwise. It rests on the evidence,
 * so an advisor keeps its decision over the rounds; noise and peers move
 * how warmly or coldly it speaks within it.
 *
 * @example
 * decisionOf(0.5, [], 2); // "advance"
 * decisionOf(0.5, [], 0); // "probe": nothing to quote in its favour
 * decisionOf(0.5, [lackingQts], 2); // "reject"
 * decisionOf(0.5, [], 2, 1); // "probe": a must to check first
 * decisionOf(0.5, [], 2, 0, true); // "probe": the resume itself denies the advisor's weightiest own point
 */
export function decisionOf(baseStance: number, lacking: readonly MustCheck[], strengths: number, unverified = 0, ownGapped = false): Decision {
  if (lacking.length > 0) return "reject";
  if (baseStance >= ADVANCE_AT) return strengths > 0 && unverified === 0 && !ownGapped ? "advance" : "probe";
  if (baseStance <= REJECT_AT) return "reject";
  return "probe";
}

/** How far the evidence spreads a rejection on musts below its step: the stance span of one step's evidence term, times 1/n. */
export const MUST_EVIDENCE_SPREAD = 0.1;

/**
 * The stance a rejection on lacking musts speaks with: one step of the reject span [-1, REJECT_AT] down for each must
 * lacking past the first, a little lower within the step as the evidence stance s falls, and never warmer than s:
 *
 *   min(s, REJECT_AT - (1 + REJECT_AT) (k - 1) / n - MUST_EVIDENCE_SPREAD (1 - s) / (2 n)),
 *
 * k the musts lacking (>= 1) of the ad's n, s the base stance (the evidence alone: noise, peers and the previous
 * round move no rejection on a must, which speaks alike in every round). A high score does not lift a rejection
 * above the bar it fails, and among candidates whose evidence clears the reject bar one who fails two musts never
 * speaks warmer than one who fails one (a blind read: a 15-year IT manager who fails one must ranked below a 2-year
 * analyst who fails two, every rejection at the top of the band). The evidence spreads within a step by only
 * MUST_EVIDENCE_SPREAD: spread over the whole step, a near miss (a network administrator with 2 of the 3 years asked, a
 * score of 0.45) spoke at -0.69, colder than a resume of another trade rejected on its score alone at 0.1 (-0.66), and
 * ranked below it. A must-reject whose evidence is itself under the bar speaks with its evidence stance, so that it
 * never speaks warmer than a resume rejected on a better score. Any other stance is returned as it is.
 *
 * @example
 * mustRejectStance(0.9, 1, 3); // -0.6 - 0.1 x 0.05 / 3 = -0.6017
 * mustRejectStance(0.9, 2, 3); // -0.6 - 0.4 / 3 - 0.1 x 0.05 / 3 = -0.735
 * mustRejectStance(-0.8, 1, 1); // -0.8: the evidence alone rejects lower
 */
export function mustRejectStance(stance: number, lacking: number, musts: number): number {
  if (lacking <= 0 || musts <= 0) return stance;
  const s = Math.max(-1, Math.min(1, stance));
  const step = REJECT_AT - ((1 + REJECT_AT) * (Math.min(lacking, musts) - 1)) / musts;
  return Math.max(-1, Math.min(s, step - (MUST_EVIDENCE_SPREAD * (1 - s)) / (2 * musts)));
}

/**
 * The advisor's weightiest own point (a priority of its function: not the job title's item, a must or a plus the ad
 * would welcome) when the resume itself denies it (verdict "gap"); null otherwise. It keeps a score above the bar from
 * advancing (`decisionOf`), and the verdict says so.
 *
 * @example
 * ownGap(assessCandidate(input))?.evidence.requirement.label; // "industrial operations and physical operations" for a Plant Manager on a resume without plant work
 */
export function ownGap(assessment: Assessment): AssessedItem | null {
  const mustIds = new Set(assessment.musts.map((m) => m.must.requirement.id));
  const top = ownItems(assessment.items, assessment.priorities, mustIds).find((x) => !x.evidence.requirement.advantage);
  return top?.evidence.verdict === "gap" ? top : null;
}

/**
 * The musts left open: those the must check can neither show nor deny and
 * whose own item the resume does not meet either (a clause or years that meet
 * "5+ years of ICU or critical care nursing" settle it even where the must
 * check finds no years of that exact kind). An open must keeps a score above
 * the bar from advancing.
 *
 * @example
 * openMusts(assessCandidate(input)).map((m) => m.must.label); // ["being willing to be based in Nairobi"] when the resume never places the candidate
 */
export function openMusts(assessment: Assessment): MustCheck[] {
  return assessment.musts.filter(
    (m) => m.status === "unverified" && assessment.items.find((x) => x.evidence.requirement.id === m.must.requirement.id)?.evidence.verdict !== "met",
  );
}

/**
 * How many of the advisor's points beyond the musts the resume meets with a clause or years a statement can quote
 * (strengthClaim): what an advancing decision needs at least one of.
 *
 * @example
 * quotableStrengths(assessCandidate(input)); // 0 for a resume that only shares the ad's words
 */
export function quotableStrengths(assessment: Assessment): number {
  const mustIds = new Set(assessment.musts.map((m) => m.must.requirement.id));
  return assessment.items.filter((x) => !mustIds.has(x.evidence.requirement.id) && strengthClaim(x.evidence, assessment.weights, "advance", 0.5) !== null)
    .length;
}

/**
 * What a restated decision names: the point of the statement its decision
 * rests on most, as a noun phrase (the first strength of an advancing
 * statement, never a met must or enough years; the failed must, else the first
 * concern, of a rejecting one), with that point's item id, so that a checker
 * finds the claim it restates; never a plus the ad would welcome. Null when
 * the statement holds none.
 *
 * @example
 * reasonBasis([mustLackingClaim], "reject"); // { id: 0, label: "the failed must of 8+ years in technology roles" }
 */
export function reasonBasis(middle: readonly Claim[], decision: Decision): Claim["item"] {
  // A plus the ad names is never what a decision rests on ("Above all, the record on Kiswahili makes this a strong
  // application"): with nothing the ad asks for to name, the decision is restated on the score.
  // Nor is a skill listed: a list names the skill, it shows no record of it ("Above all, the record on M-Pesa payouts
  // makes this a strong application" of a skills list, a second blind read).
  const first = (k: Claim["kind"]) => middle.find((c) => c.kind === k && c.item && !c.item.advantage && !c.listed);
  const pick = (kinds: readonly Claim["kind"][]) => kinds.map(first).find((c): c is Claim => c !== undefined);
  const c =
    decision === "advance"
      ? // A met must or enough years is a threshold passed, not what a case rests on ("Above all, holding being based in
        // Nairobi makes this a strong application", a blind read): only a strength is.
        pick(["strength"])
      : decision === "reject"
        ? pick(["must-lacking", "gap", "years-short", "mixed", "silent"])
        : undefined;
  if (!c?.item) return null;
  const label = c.item.label;
  const phrase: Partial<Record<Claim["kind"], string>> = {
    strength: `the record on ${label}`,
    "must-lacking": `the failed must of ${label}`,
    gap: `the gap on ${label}`,
    mixed: `the mixed record on ${label}`,
    "years-short": `having ${yearsText(c.years?.stated ?? 0)} against the ${c.years?.asked ?? 0}+ years asked`,
    silent: `the resume's silence on ${label}`,
  };
  return { id: c.item.id, label: phrase[c.kind]! };
}

/** f(A) of the offline run on a statement: the mean VADER compound of its arguments, split as the argumentation task splits it. */
export function statementScore(statement: string): number {
  const sentences = splitSentences(statement);
  const args = (sentences.length > 0 ? sentences : [statement]).slice(0, 15);
  return args.reduce((a, x) => a + polarityScores(x).compound, 0) / args.length;
}

/** Does a statement's score sit in its decision's band? */
export function scoresAsDecision(score: number, decision: Decision): boolean {
  if (decision === "advance") return score >= ADVANCE_SENTIMENT;
  if (decision === "reject") return score <= REJECT_SENTIMENT;
  return Math.abs(score) <= PROBE_SENTIMENT;
}

/**
 * An advancing statement's opener or strength said one band milder (the bands of OPENERS and STRENGTHS at 0.8, 0.6
 * and 0.2), never below a promising opener or "good experience"; null when it is already there.
 *
 * @example
 * milderClaim({ ...strength, grade: 0.9 })?.grade; // 0.7
 */
export function milderClaim(c: Claim): Claim | null {
  if (!(c.kind === "strength" || c.kind === "opener")) return null;
  const grade = c.grade >= 0.8 ? 0.7 : c.grade >= 0.6 ? 0.4 : c.grade >= 0.2 && c.kind === "strength" ? 0 : null;
  return grade === null ? null : { ...c, grade };
}

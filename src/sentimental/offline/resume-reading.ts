/**
 * How the offline advisors read a resume against a job's requirements.
 *
 * - The resume is cut into clauses (sentences, then "; " and ", but ").
 * - Each clause has its own polarity: a claim, or a limitation when it
 *   negates the candidate's experience ("not yet", "have not", "no
 *   experience", "never", "limited", "only at", "less than") or sits under a
 *   "Weaknesses" / "Gaps" heading. A negation of something bad ("never missed
 *   a deadline", "no lost-time incidents") stays a claim, and so does "not only".
 * - For a requirement, a clause's evidence score is the specificity-weighted
 *   share of the requirement's stems it contains (job-reading.ts weights);
 *   the verdict compares the best claim with the best limitation:
 *   met / partial / mixed / gap / missing. A claim meets the item only when
 *   it also shows the item's head concept (`showsHead`: one of its most
 *   specific stems, not only qualifiers the ad repeats across items, such as
 *   "GCSE" in "improving GCSE results"); a claim that shows only those
 *   qualifiers leaves the item unmet (missing, though its part may still be
 *   said). When the requirement asks for N years, the years the resume
 *   states decide (>= N met, or mixed when a limitation speaks to the item,
 *   "never managed engineers"; >= 0.6 N partial; fewer a gap); years of a
 *   specific work the resume names but never dates are at most partial.
 *
 * The job title's own item ("the work of a Head of Technology") is met only
 * by a clause that states a role or years of experience (`statesRole`); a
 * degree or a passing mention of the field is partial support (at most
 * ROLE_PARTIAL_SCORE, the middle of the partial band).
 *
 * So a limitation is never the support of a "met" verdict, and "silent" is
 * only said when no clause carries the requirement's terms.
 */
import { splitSentences } from "../../text/index";
import { isContentStem, stemOf, stemsOf, yearsAsked, yearsObject, type Requirement, type Topic } from "./job-reading";
import { kindYears, touchesAlternative } from "./general-work";
import { ANY_HEADING, careerOf, statedYears, statesAtLeast } from "./date-ranges";
import { FIGURE_QUOTE_SHARE, statesFigure, statesMeasuredChange } from "./stated-figures";
import { statesRole } from "./role-statement";
import { degreeOfItem } from "./degree-item";
export { statesRole } from "./role-statement";
import { clausePolarity, isSkillsList, isStudyLine, readOutAbbreviations, startsSection, WEAKNESS_HEADING, type ClausePolarity } from "./clause-kinds";
export type { ClausePolarity } from "./clause-kinds";
export { clausePolarity, isSkillsList, LIMITATION_REACH, limitationScope } from "./clause-kinds";
export { careerOf, clauseRanges, dateRanges, rangeSpan, rangeYears, referenceYear, roundMonths, statedYears, type DateRange } from "./date-ranges";

export interface Clause {
  /** Index of the resume passage the clause comes from. */
  passage: number;
  text: string;
  stems: ReadonlySet<string>;
  /** Content words in the clause (its length for BM25's length normalisation). */
  length: number;
  polarity: ClausePolarity;
}

export interface ResumeReading {
  clauses: Clause[];
  /** Most years of experience the resume states ("11 years", "24 months"; a skills-table entry is a skill's), or its date ranges span; null without either. */
  years: number | null;
  /** Stems of every claim clause. */
  claimStems: ReadonlySet<string>;
  /** Mean clause length in content words (BM25's average document length). */
  avgLength: number;
  /**
   * Length of the career: the most years a statement in years gives ("11 years in software") or the work date
   * ranges span, null without either. Months of one skill ("Python - 24 months") are experience of that skill, not a career.
   */
  careerYears: number | null;
  /**
   * `careerYears` when they are only a lower bound (an open latest range, "Feb 2018 till date", a span shorter than a
   * skills-table entry, or "over 1.5 years"): fewer years than a bar then leave it unknown, not short. Null otherwise.
   */
  careerFloor: number | null;
  /** The year "present" stands for in its date ranges: the latest year the resume names (`referenceYear`), null without one. */
  referenceYear: number | null;
}

export type Verdict = "met" | "partial" | "mixed" | "gap" | "missing";

export interface Evidence {
  requirement: Requirement;
  verdict: Verdict;
  /** Best claim clause for the requirement and its score (null when no claim shares a stem). */
  support: { clause: Clause; score: number } | null;
  /**
   * The clause a strength quotes: of the claims that meet the item and reach MET_SCORE themselves, the best one that
   * is not a bare list of skills (`isSkillsList`), else the support. The support's score alone sets the item's value.
   */
  quote?: { clause: Clause; score: number } | null;
  /**
   * Other clauses that show a measured result on the item besides the quote, best first (at most two): what a strength
   * on another part of an item of several parts may quote (claim-building.ts strengthClaims).
   */
  partsShown?: Array<{ clause: Clause; score: number }>;
  /** Best limitation clause for the requirement and its score. */
  limitation: { clause: Clause; score: number } | null;
  /** Best aspiration clause ("I am motivated by mentoring leaders in emerging markets"): no evidence, but no silence either. */
  aspiration?: { clause: Clause; score: number } | null;
  /** Share of the requirement's weighted stems found anywhere in the claims. */
  coverage: number;
  /** The requirement's years and the resume's, when the requirement asks for years. */
  years: { asked: number; stated: number | null } | null;
  /** How well the resume answers the requirement, -1 (explicit gap) .. 1 (clearly met). */
  value: number;
  /** A degree item read from the lines of study (degree-item.ts): met by the support, or a degree in another subject (no silence). */
  degree?: "met" | "other";
}

/** Evidence thresholds on the weighted stem share (see module doc). */
export const MET_SCORE = 0.35;
/** A noun phrase is covered by 60 % of its weighted stems; topic coverage counts 0.6 of a full stem match. */
const TOPIC_COVERED = 0.6;
const TOPIC_FACTOR = 0.6;
export const PARTIAL_SCORE = 0.12;
/**
 * The most any clause (a wish too) may score on an item the resume is said to be silent on: half the partial bar.
 * Between it and PARTIAL_SCORE a clause speaks to the item too faintly to count and too plainly to call the resume
 * silent ("Wrote my first production feature ... through Africa's Talking" on production software in emerging-market
 * settings), so nothing is said of the item.
 */
export const SILENCE_SCORE = PARTIAL_SCORE / 2;
export const LIMITATION_SCORE = 0.2;
/** The most a clause that states no role or years gives the job title's own item: the middle of the partial band. */
export const ROLE_PARTIAL_SCORE = (PARTIAL_SCORE + MET_SCORE) / 2;
/** Value of an explicit gap, and of no evidence at all. */
export const GAP_VALUE = -0.7;
/** The stem a measured change adds to its clause: it shows an improvement (`statesMeasuredChange`). */
const IMPROVE_STEM = stemOf("improving");
/** The most a years item counts for in part: years at 60 % of the bar or more, or the work named without its years. */
const PARTIAL_YEARS_VALUE = 0.1;
const MISSING_VALUE = -0.35;
/** What a limitation beside real support takes off the support's value. */
const MIXED_PENALTY = 0.3;
/** Value of enough years (>= asked), and of too few (< 0.6 x asked). */
export const YEARS_MET = 0.8;
const YEARS_SHORT = -0.8;

/**
 * Value of the best claim's evidence score s: linear between "no evidence"
 * and "clearly met", clamp(3 s - 0.55, -0.35, 1), so that a specific match
 * counts far more than a few shared generic words and no threshold is a cliff.
 *
 * @example
 * claimValue(0.1);  // -0.25
 * claimValue(0.35); // 0.5
 * claimValue(0.6);  // 1
 */
export function claimValue(score: number): number {
  return Math.max(MISSING_VALUE, Math.min(1, 3 * score - 0.55));
}

/** Years a resume shows for what a years item asks (see `yearsInRole`). */
export interface RoleYears {
  /** Most years a matching clause states; the career's years when the item names no object; null otherwise. */
  stated: number | null;
  /** The clause stating them (null for the career's years or none). */
  clause: Clause | null;
  /** The ad's specific object ("teaching secondary mathematics"), null when it asks for experience in a whole field or in general. */
  object: string | null;
  /** Some claim clause names part of the object (years of it may exist but are not stated): unverified, not lacking. */
  touched: boolean;
}

/**
 * Years of the kind an item asks for. With a specific object (`yearsObject`), only
 * clauses that state years and name every stem of one of its alternatives count
 * ("Physics teacher with 10 years" is not 10 years of teaching mathematics;
 * "electrical maintenance" is of "electrical installation, testing or
 * maintenance"); a resume whose claim clauses name half of an alternative's
 * stems or more in one clause (or more than half across its claims), one of
 * them a word no trade shares (`touchesAlternative`),
 * without years is `touched` (unverified: "HR Activities: attendance
 * maintenance" is HR operations in other words; "Quick learner" and "CNC
 * machine" are no machine learning); one that touches none lacks them, whether or
 * not it dates a career; a clause stating only "over N years" under the
 * item's bar states none. Without one, the career's years count, unless they
 * are only a lower bound (`careerFloor`) under the item's bar: then none are
 * stated and the item is `touched`.
 *
 * @example
 * yearsInRole(readResume(["Physics teacher with 10 years in secondary schools."]), "At least 5 years of experience teaching secondary mathematics").stated; // null
 * yearsInRole(readResume(["Secondary mathematics teacher for 12 years."]), "At least 5 years of experience teaching secondary mathematics").stated; // 12
 */
export function yearsInRole(reading: ResumeReading, itemText: string, career: number | null = reading.careerYears): RoleYears {
  const object = yearsObject(itemText);
  const asked = yearsAsked(itemText);
  // A career that is only a lower bound (an open range, "Feb 2018 till date") and under the bar states no years of it.
  const floor = career !== null && career === reading.careerFloor && asked !== null && career < asked;
  if (!object || !object.specific)
    return floor ? { stated: null, clause: null, object: null, touched: true } : { stated: career, clause: null, object: null, touched: false };
  let best: { years: number; clause: Clause } | null = null;
  let touched = false;
  // A list that hangs on a shared word ("electrical installation, testing or maintenance") is touched only by a
  // resume whose work names that word: software testing is not electrical testing, and a degree in electronics
  // is study, not work.
  const namesShared = object.shared.every((s) => reading.clauses.some((c) => c.polarity === "claim" && namesStem(c.stems, s) && !isStudyLine(c.text)));
  const across = object.alternatives.map(() => new Set<string>());
  for (const c of reading.clauses) {
    if (c.polarity === "limitation") continue;
    // Does this clause name the whole of one alternative ("electrical maintenance" of "electrical installation, testing or maintenance")?
    let whole = false;
    for (const [ai, alternative] of object.alternatives.entries()) {
      const named = alternative.filter((s) => namesStem(c.stems, s));
      if (namesShared && c.polarity === "claim" && touchesAlternative(named, alternative)) touched = true;
      if (named.length === alternative.length) whole = true;
      if (c.polarity === "claim") for (const st of named) across[ai]!.add(st);
    }
    if (!whole) continue;
    // Months of the named work are experience of it ("Data Science - Exprience - 24 months" is 2 years of data science).
    const y = statedYears(c.text);
    // "Over 3 years" under the bar is no shortfall: the work is named, its years unknown.
    if (y !== null && asked !== null && y < asked && statesAtLeast(c.text)) continue;
    if (y !== null && (best === null || y > best.years)) best = { years: y, clause: c };
  }
  // The resume's claims together naming most of an alternative ("Site Engineer", "Construction activities", "Eleven
  // buildings"; "Electrical wiring", "Solar power plant Installation") touch it too: a fragmented resume may do the
  // work without one clause saying all of it, so the reader cannot tell, and says so.
  if (namesShared && object.alternatives.some((alternative, ai) => touchesAlternative([...across[ai]!], alternative, true))) touched = true;
  const byKind = touched || best ? kindYears(reading.clauses, object.kind, isStudyLine, statedYears) : null;
  if (byKind && (!best || byKind.years > best.years)) best = byKind;
  return { stated: best?.years ?? null, clause: best?.clause ?? null, object: object.phrase, touched };
}

/** Stems of leading people ("led", "managed", "headed"): one kind of work in any of its verbs. */
const LEADING = new Set(["lead", "leading", "led", "managed", "managing", "headed", "directed", "supervised", "ran"].map(stemOf));
/** Stems of building software: "engineers", "developers" and "software" name the same teams. */
const SOFTWARE = new Set(["engineer", "engineers", "engineering", "developer", "developers", "software", "programmers"].map(stemOf));

/** Does a clause's stem set name `stem`, or a stem of its kind (LEADING, SOFTWARE)? */
function namesStem(stems: ReadonlySet<string>, stem: string): boolean {
  if (stems.has(stem)) return true;
  for (const kind of [LEADING, SOFTWARE]) if (kind.has(stem) && [...kind].some((k) => stems.has(k))) return true;
  return false;
}

/**
 * The resume's own denial of the specific work a years item asks for: a
 * limitation clause that names every stem of its object, by kind ("I have
 * never directly managed software engineers" denies "3 years leading
 * engineering teams"); null when none does or the item names no specific work.
 *
 * @example
 * deniesWork(readResume(["I have not led a team of software developers."]), "at least 3 years leading engineering teams")?.polarity; // "limitation"
 */
export function deniesWork(reading: ResumeReading, itemText: string): Clause | null {
  const object = yearsObject(itemText);
  if (!object || !object.specific) return null;
  return reading.clauses.find((c) => c.polarity === "limitation" && object.stems.every((s) => namesStem(c.stems, s))) ?? null;
}

/**
 * The clauses of one passage: sentences, then "; ", ", but" and bullet (" - ", " \u2022 ") splits; a date range's dash
 * ("Jan 2019 - Mar 2022", "2019 - Present") is no bullet. A part after "; " that points back within its first six words
 * ("; I have learned from it") stays with the part before it: quoted alone, its "it" would name nothing.
 */
function clausesOf(passage: string): string[] {
  return splitSentences(passage)
    .flatMap((s) =>
      s.split(
        /;\s+(?!(?:\S+\s+){0,5}?(?:[Ii]ts?|[Tt]hem|[Tt]hey|[Tt]heir)\b)|,\s+(?=(?:but|although|though|however)\b)|\s+[\u2022\u25aa\u25cf\u27a2\ufffd]\s*|(?<!\d)\s[-\u2013\u2014]\s(?=\p{Lu})/u,
      ),
    )
    .map((c) => c.trim())
    .filter((c) => stemsOf(c).length > 0);
}

/**
 * Reads a resume's passages into clauses with their polarity, the years of
 * experience it states or its work date ranges span (the larger, `careerOf`;
 * `collected`, the year its data set's collection reached, when declared), and
 * the stems of its claims.
 *
 * @example
 * const r = readResume(["Weaknesses: I have only led teams of 4.", "Led ICU nursing for 9 years."]);
 * r.clauses.map((c) => c.polarity); // ["limitation", "claim"]
 * r.years;                           // 9
 */
export function readResume(passages: readonly string[], collected: number | null = null): ResumeReading {
  const clauses: Clause[] = [];
  // Passages are consecutive parts of one resume: a "Weaknesses and gaps:" section runs on into the next passage
  // until another heading.
  let weakness = false;
  passages.forEach((passage, p) => {
    for (const text of clausesOf(passage)) {
      if (WEAKNESS_HEADING.test(text)) weakness = true;
      else if (ANY_HEADING.test(text) || startsSection(text)) weakness = false;
      // A heading ("Skills:", "Experience:") names a section, not something the candidate did.
      // Title and degree abbreviations name their function or subject ("CTO" is technology work, "MCS" computer science).
      const body = readOutAbbreviations(text.replace(ANY_HEADING, ""));
      const stems = stemsOf(body).filter(isContentStem);
      const named = new Set(stems);
      // A measured change in the candidate's own results is an improvement, whatever its verb ("grade 5+ rose from
      // 39% to 52%", "raised line uptime from 71% to 89%", "reduced empty kilometres by 18%"); a change stated without
      // two bare figures ("from 9 days to same-day") is not read as one.
      if (statesMeasuredChange(body)) named.add(IMPROVE_STEM);
      clauses.push({ passage: p, text, stems: named, length: stems.length, polarity: clausePolarity(text, weakness) });
    }
  });
  const claimStems = new Set(clauses.filter((c) => c.polarity === "claim").flatMap((c) => [...c.stems]));
  const avgLength = clauses.length > 0 ? clauses.reduce((a, c) => a + c.length, 0) / clauses.length : 1;
  return { clauses, claimStems, avgLength, ...careerOf(passages, collected) };
}

/** Specificity-weighted share of the requirement's stems present in `stems`. */
function weightedShare(requirement: Requirement, stems: ReadonlySet<string>, weights: ReadonlyMap<string, number>): number {
  let total = 0;
  let found = 0;
  for (const s of requirement.stems) {
    const w = weights.get(s) ?? 1;
    total += w;
    if (stems.has(s)) found += w;
  }
  return total > 0 ? found / total : 0;
}

/**
 * Share of the requirement's noun phrases a clause speaks to: a phrase counts
 * when at least 60 % of its specificity-weighted stems are in the clause (so
 * "operations" alone does not cover "industrial operations"); the weights of the
 * phrases it covers over the two heaviest phrases' weights, capped at 1 (a
 * requirement that lists alternatives, "manufacturing, recycling, logistics
 * or similar", is met by two of them).
 */
function topicShare(requirement: Requirement, stems: ReadonlySet<string>, weights: ReadonlyMap<string, number>): number {
  const topics = requirement.topics;
  if (topics.length === 0) return 0;
  const norm = topics.slice(0, 2).reduce((a, t) => a + t.weight, 0);
  let covered = 0;
  for (const t of topics) if (covers(t, stems, weights)) covered += t.weight;
  return norm > 0 ? Math.min(1, covered / norm) : 0;
}

/** Is 60 % of the topic's weighted stems in `stems`? */
function covers(topic: Topic, stems: ReadonlySet<string>, weights: ReadonlyMap<string, number>): boolean {
  let all = 0;
  let hit = 0;
  for (const s of topic.stems) {
    const w = weights.get(s) ?? 1;
    all += w;
    if (stems.has(s)) hit += w;
  }
  return all > 0 && hit / all >= TOPIC_COVERED;
}

/** Does the limitation cover one of the requirement's noun phrases that the supporting claim does not? */
function uncoveredTopicNegated(requirement: Requirement, claim: Clause | null, limitation: Clause, weights: ReadonlyMap<string, number>): boolean {
  return requirement.topics.some((t) => covers(t, limitation.stems, weights) && !(claim && covers(t, claim.stems, weights)));
}

/**
 * A clause's evidence score for a requirement: the larger of its stem share and 0.6 x its topic share.
 *
 * @example
 * evidenceScore(requirement, new Set(["budget", "vendor"]), weights); // 1 when those are all of the requirement's stems
 */
export function evidenceScore(requirement: Requirement, stems: ReadonlySet<string>, weights: ReadonlyMap<string, number>): number {
  return Math.max(weightedShare(requirement, stems, weights), TOPIC_FACTOR * topicShare(requirement, stems, weights));
}

/** BM25's term-frequency saturation and length normalisation (the usual values). */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/**
 * BM25 relevance of one clause to a requirement, as a share of what a clause
 * of average length holding every stem would score: sum over the
 * requirement's stems s in the clause of w_s min(1, (k1 + 1) / (1 + k1 (1 -
 * b + b len / avgLen))), over sum w_s. The term weights w_s are the
 * ad's specificity weights (idf over the ad's items): a single resume is too
 * small a collection for its own idf, which would count against a specialist
 * the very terms it repeats. A long clause that touches a term in passing
 * scores less than a short clause about it.
 *
 * @example
 * bm25Share(requirement, clause, weights, 8); // 1 for an 8-word clause holding all of the requirement's stems
 */
export function bm25Share(requirement: Requirement, clause: Pick<Clause, "stems" | "length">, weights: ReadonlyMap<string, number>, avgLength: number): number {
  let total = 0;
  let found = 0;
  const norm = 1 - BM25_B + (BM25_B * clause.length) / Math.max(1, avgLength);
  // Capped at 1: a short clause is not more relevant for being short, a long one that touches a term in passing is less.
  const saturated = Math.min(1, (BM25_K1 + 1) / (1 + BM25_K1 * norm));
  for (const s of requirement.stems) {
    const w = weights.get(s) ?? 1;
    total += w;
    if (clause.stems.has(s)) found += w * saturated;
  }
  return total > 0 ? Math.min(1, found / total) : 0;
}

/**
 * The retrieval score of a clause for a requirement, on which every verdict
 * and every quoted clause rests: max(BM25 share, 0.6 x the share of the
 * requirement's noun phrases the clause covers); for the job title's own
 * item, at most ROLE_PARTIAL_SCORE unless the clause states a role or years held.
 *
 * @example
 * clauseScore(requirement, reading.clauses[0], reading, weights); // in [0, 1]
 */
export function clauseScore(requirement: Requirement, clause: Clause, reading: Pick<ResumeReading, "avgLength">, weights: ReadonlyMap<string, number>): number {
  const raw = Math.max(bm25Share(requirement, clause, weights, reading.avgLength), TOPIC_FACTOR * topicShare(requirement, clause.stems, weights));
  // The job title's own item: a degree or a passing mention of the field is at most partial support of doing the job.
  return requirement.role && !statesRole(clause) ? Math.min(raw, ROLE_PARTIAL_SCORE) : raw;
}

/** A reading's claim clauses that are no bare skills list, read once per resume (assess asks for every item). */
const describedByReading = new WeakMap<ResumeReading, Clause[]>();
function describedClauses(reading: ResumeReading): Clause[] {
  let clauses = describedByReading.get(reading);
  if (!clauses) {
    clauses = reading.clauses.filter((c) => c.polarity === "claim" && !isSkillsList(c.text));
    describedByReading.set(reading, clauses);
  }
  return clauses;
}

/**
 * The clause of highest retrieval score; with `prefer`, the best clause that passes it when any does (a clause that
 * meets the item beats a higher-scoring one that only touches its qualifiers), else the best of all.
 */
function best(
  clauses: readonly Clause[],
  requirement: Requirement,
  reading: ResumeReading,
  weights: ReadonlyMap<string, number>,
  prefer?: (clause: Clause, score: number) => boolean,
): { clause: Clause; score: number } | null {
  let top: { clause: Clause; score: number } | null = null;
  let preferred: { clause: Clause; score: number } | null = null;
  for (const clause of clauses) {
    const score = clauseScore(requirement, clause, reading, weights);
    if (score > 0 && (!top || score > top.score)) top = { clause, score };
    if (score > 0 && prefer?.(clause, score) && (!preferred || score > preferred.score)) preferred = { clause, score };
  }
  return preferred ?? top;
}

/**
 * The quote of a met item: `chosen`, unless it states no figure and a clause among `clauses` that meets the item and
 * states one scores at least FIGURE_QUOTE_SHARE of it (the best such clause then).
 */
function withFigure(
  chosen: { clause: Clause; score: number },
  clauses: readonly Clause[],
  requirement: Requirement,
  reading: ResumeReading,
  weights: ReadonlyMap<string, number>,
  meets: (clause: Clause, score: number) => boolean,
): { clause: Clause; score: number } {
  if (statesFigure(chosen.clause.text)) return chosen;
  const figured = best(
    clauses.filter((c) => statesFigure(c.text)),
    requirement,
    reading,
    weights,
    meets,
  );
  return figured && meets(figured.clause, figured.score) && figured.score >= FIGURE_QUOTE_SHARE * chosen.score ? figured : chosen;
}

/**
 * The item's head stems: its most specific stems (by the ad's weights) that
 * together carry at least half of its weight, ties at the last one kept. The
 * stems the ad repeats across items ("GCSE", "A level", "mathematics" in a
 * Head of Mathematics ad) are its qualifiers and fall outside; what this item
 * alone asks for ("improving", "results") stays in.
 *
 * @example
 * headStems(requirement, weights); // ["improv", "result"] for "A record of improving GCSE or A level results"
 */
export function headStems(requirement: Pick<Requirement, "stems">, weights: ReadonlyMap<string, number>): string[] {
  const w = (s: string) => weights.get(s) ?? 1;
  const sorted = [...requirement.stems].sort((a, b) => w(b) - w(a));
  const total = sorted.reduce((a, s) => a + w(s), 0);
  let carried = 0;
  let last = Infinity;
  const heads: string[] = [];
  for (const s of sorted) {
    if (carried >= total / 2 && w(s) < last) break;
    heads.push(s);
    carried += w(s);
    last = w(s);
  }
  return heads;
}

/**
 * Does a clause show the item's head concept: one of its head stems (see headStems), or the whole of one part the
 * item lists after its label (job-reading.ts listedParts: "budget" for "financial literacy: budgets, unit economics,
 * vendor negotiation")? A clause that holds only the item's qualifiers ("Teach physics to GCSE and A level" for
 * "improving GCSE or A level results") is at most partial.
 *
 * @example
 * showsHead(requirement, new Set(["gcse", "level"]), weights); // false for "A record of improving GCSE or A level results"
 */
export function showsHead(requirement: Pick<Requirement, "stems" | "parts">, stems: ReadonlySet<string>, weights: ReadonlyMap<string, number>): boolean {
  const heads = headStems(requirement, weights);
  if (heads.length === 0 || heads.some((s) => stems.has(s))) return true;
  return (requirement.parts ?? []).some((part) => part.every((s) => stems.has(s)));
}

/**
 * The evidence a resume gives for one requirement (see module doc for the rules).
 *
 * @example
 * const e = assess(readResume(["ICU registered nurse for 9 years"]), requirement, stemWeights(requirements));
 * e.verdict; // "met" when the requirement asks for ICU nursing experience
 */
export function assess(reading: ResumeReading, requirement: Requirement, weights: ReadonlyMap<string, number>): Evidence {
  const stemCoverage = evidenceScore(requirement, reading.claimStems, weights);
  // A claim meets the item when it shows the item's head concept and reaches MET_SCORE (or PARTIAL_SCORE with half the
  // item's stems among the claims); such a clause is the support even where a clause of only the qualifiers scores higher.
  const meets = (clause: Clause, score: number) => {
    const cover = requirement.role ? Math.min(stemCoverage, score) : stemCoverage;
    return showsHead(requirement, clause.stems, weights) && (score >= MET_SCORE || (cover >= 0.5 && score >= PARTIAL_SCORE));
  };
  let support = best(
    reading.clauses.filter((c) => c.polarity === "claim"),
    requirement,
    reading,
    weights,
    meets,
  );
  // What a strength quotes: an achievement or a role that meets the item before a skills list that names it.
  const described = best(describedClauses(reading), requirement, reading, weights, meets);
  // It must reach MET_SCORE itself: a clause met by the claims' coverage alone quotes nothing a strength may rest on.
  const chosen = described && described.score >= MET_SCORE && meets(described.clause, described.score) ? described : support;
  let quote = chosen && meets(chosen.clause, chosen.score) ? withFigure(chosen, describedClauses(reading), requirement, reading, weights, meets) : chosen;
  const bestOf = (polarity: ClausePolarity) =>
    best(
      reading.clauses.filter((c) => c.polarity === polarity),
      requirement,
      reading,
      weights,
    );
  const limitation = bestOf("limitation");
  const aspiration = bestOf("aspiration");
  // The title's item is covered only as far as its best support goes (the title's words alone are not the work).
  const coverage = requirement.role ? Math.min(stemCoverage, support?.score ?? 0) : stemCoverage;
  const s = support?.score ?? 0;
  const l = limitation?.score ?? 0;
  let verdict: Verdict = support && meets(support.clause, s) ? "met" : s >= PARTIAL_SCORE ? "partial" : "missing";
  // A limitation that speaks to the requirement at least as well as the best claim, or that negates a part of it the
  // claim does not cover ("only short charge-nurse experience" beside "ICU nurse for 6 years"): mixed beside real
  // support, else a gap.
  // As for support, a limitation of only the item's qualifiers ("never worked with ... plant data" for "be based in
  // Nairobi with regular travel to our plants") is no gap in it: it must show the item's head.
  const limits = limitation !== null && l >= LIMITATION_SCORE && showsHead(requirement, limitation.clause.stems, weights);
  const negatesPart = limits && uncoveredTopicNegated(requirement, support?.clause ?? null, limitation.clause, weights);
  if ((limits && l >= s) || negatesPart) verdict = verdict === "missing" ? "gap" : "mixed";
  let value = verdict === "gap" ? GAP_VALUE : verdict === "mixed" ? Math.max(MISSING_VALUE, claimValue(s) - MIXED_PENALTY) : claimValue(s);
  let years: Evidence["years"] = null;
  // Years of the asked kind only; when the resume states none of that kind, the item is read from its clauses alone.
  const role = requirement.years !== null ? yearsInRole(reading, requirement.text, reading.years) : null;
  if (requirement.years !== null && (role!.object === null || role!.stated !== null)) {
    years = { asked: requirement.years, stated: role!.stated };
    if (role!.stated !== null) {
      const ratio = role!.stated / requirement.years;
      // Enough years settle the item unless the resume itself limits what they were spent on ("never managed engineers").
      const limited = verdict === "mixed" || verdict === "gap";
      if (ratio >= 1) {
        verdict = limited ? "mixed" : "met";
        value = limited ? YEARS_MET - MIXED_PENALTY * 2 : Math.max(value, YEARS_MET);
      } else {
        verdict = ratio >= 0.6 ? (limited ? "gap" : "partial") : "gap";
        value = ratio >= 0.6 ? Math.min(value, PARTIAL_YEARS_VALUE) : YEARS_SHORT;
      }
    }
  }
  // Years of a specific work that the resume never states are not met by a clause on neighbouring work ("Physics
  // teacher with 10 years in secondary schools" for "5 years teaching secondary mathematics"): at most in part, as
  // for years short of the bar; the must check says they are to be checked.
  if (requirement.years !== null && role!.object !== null && role!.stated === null && verdict === "met") {
    verdict = "partial";
    value = Math.min(value, PARTIAL_YEARS_VALUE);
  }
  // Support that shows none of the item's head, only the qualifiers the ad repeats ("Teach physics to GCSE and A
  // level" for "a record of improving GCSE or A level results"), leaves the item unmet: what it shows of a part is
  // still said (concernClaim's partial claim on that part), but the item counts as unmet and adds nothing.
  if (verdict === "partial" && support && !showsHead(requirement, support.clause.stems, weights)) {
    verdict = "missing";
    value = Math.min(value, 0);
  }
  // A degree is read from the lines of study by its level and name, not by the ad's words (degree-item.ts).
  const degree = degreeOfItem(reading.clauses, requirement);
  if (degree?.status === "met" && verdict !== "gap" && verdict !== "mixed") {
    support = quote = { clause: degree.clause, score: clauseScore(requirement, degree.clause, reading, weights) };
    [verdict, value] = ["met", Math.max(value, YEARS_MET)];
  }
  // A plus the resume lacks costs nothing: an advantage adds when it is there, never counts against when it is not.
  if (requirement.advantage) value = Math.max(0, value);
  const partsShown =
    verdict === "met" && !requirement.role
      ? describedClauses(reading)
          .filter((c) => c !== quote?.clause && statesMeasuredChange(c.text) && showsHead(requirement, c.stems, weights))
          .map((clause) => ({ clause, score: clauseScore(requirement, clause, reading, weights) }))
          .filter((c) => c.score >= PARTIAL_SCORE)
          .sort((a, b) => b.score - a.score)
          .slice(0, 2)
      : [];
  return { requirement, verdict, support, quote, partsShown, limitation, aspiration, coverage, years, value, ...(degree ? { degree: degree.status } : {}) };
}

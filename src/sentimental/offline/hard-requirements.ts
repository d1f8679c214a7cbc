/**
 * The ad's hard requirements ("musts") and how a resume meets them:
 *
 * - years: an item of the requirements section that asks for N years
 *   ("8+ years in technology roles"); only years of what it asks them of
 *   count (resume-reading.ts `yearsInRole`: clauses naming the object with
 *   their years, or the career's length when the ad names no object). The
 *   resume meets it at N, lacks it below N (or when its whole career is
 *   shorter, or it names no such work at all), and leaves it unverified when
 *   it names the work without its years;
 * - leadership years inside a years item ("8+ years in technology roles,
 *   including at least 3 years leading engineering teams"): a must of their
 *   own (`leadershipPart`), checked from years the resume ties to leading
 *   that work ("6 years leading software teams", "led ... for 4 years") or
 *   from the date ranges of roles whose title leads it ("Head of
 *   Engineering (2019-2023)"); an open range ("2019-present") gives only a
 *   lower bound (present is the latest year the resume names), so below the
 *   bar it is unverified, not lacking. Years "as" a named role ("including 2
 *   years as charge nurse or shift lead") stay part of their item's must;
 * - credentials: an item that says it is essential, required, mandatory or a
 *   must, and names a licence, certificate, registration, status or degree
 *   ("Qualified Teacher Status (QTS) is essential", "A degree in mathematics
 *   or a closely related subject is required"). Each alternative is an
 *   acronym with its spelled-out name, or a degree with its subjects; the
 *   resume meets it with a claim clause naming one alternative (a degree
 *   word and a subject for a degree), and lacks it when no clause does or a
 *   limitation clause denies it ("I do not hold Qualified Teacher Status").
 *   A degree in another subject, where the ad accepts a related one, is
 *   unverified: the reader cannot tell, and says so.
 *
 * An item marked "a plus", "an advantage", "preferred" or "desirable" is not a must.
 */
import { stemsOf, yearsObject, type Requirement } from "./job-reading";
import { clausePolarity, deniesWork, yearsInRole, type Clause, type ResumeReading } from "./resume-reading";

/** One way of meeting a credential must: an acronym and its name, or a degree and its subjects. */
export interface Credential {
  /** "QTS", "CCNA"; null for a degree. */
  acronym: string | null;
  /** The spelled-out name when the ad gives one ("Qualified Teacher Status"). */
  name: string | null;
  /** Subject stems of a degree ("mathemat"); empty for a named credential. */
  subjects: string[];
  degree: boolean;
}

export interface MustRequirement {
  requirement: Requirement;
  kind: "years" | "credential";
  /** How a sentence names it: "8+ years of experience", "Qualified Teacher Status (QTS)". */
  label: string;
  years: number | null;
  /** The item's text this must reads. */
  text: string;
  alternatives: Credential[];
  /** The ad accepts a related subject ("or a closely related field"). */
  relatedAccepted: boolean;
  /** Years of leading the work (`leadershipPart`): read from leadership roles' date ranges as well as stated years. */
  leadership?: boolean;
}

export type MustStatus = "met" | "lacking" | "unverified";

export interface MustCheck {
  must: MustRequirement;
  status: MustStatus;
  /** The clause that meets or denies it (null when nothing names it). */
  clause: Clause | null;
  /** Years the resume shows (years musts). */
  stated: number | null;
}

const MUST_WORDS = /\b(essential|required|requirement|mandatory|must|necessary|compulsory|needed)\b/i;
const SOFT_WORDS = /\b(plus|advantage|advantageous|preferred|preferable|desirable|ideally|nice to have|bonus)\b/i;
const CREDENTIAL_WORDS = /\b(licen[cs]e[ds]?|certifi\w*|registration|registered|chartered|status|degree|diploma|qualified|qualification)\b/i;
/** Degree words of resumes and ads (English-speaking systems). */
export const DEGREE =
  /\b(B\.?Sc|B\.?A|B\.?Eng|B\.?Tech|B\.?E|B\.?Com|BBA|LLB|LL\.?M|M\.?Sc|M\.?A|M\.?Eng|M\.?Tech|MBA|MCA|BCA|Ph\.?D|degree|bachelor\w*|master\w*|graduate|postgraduate|diploma)\b/i;
const NOT_ACRONYMS = new Set(["A", "I", "US", "UK", "IT", "OR", "AND", "GCSE", "EPR", "SQL"]);

/**
 * The musts of an ad (see the module doc), in the ad's order.
 *
 * @example
 * readMusts(readJob({ title: "Head of Mathematics", organization: "X", text: "Requirements\n- Qualified Teacher Status (QTS) is essential.\n- At least 5 years of teaching." }))
 *   .map((m) => [m.kind, m.label]); // [["credential", "Qualified Teacher Status (QTS)"], ["years", "5+ years of experience"]]
 */
export function readMusts(requirements: readonly Requirement[]): MustRequirement[] {
  const out: MustRequirement[] = [];
  for (const r of requirements) {
    if (r.role || r.section === "offer" || r.section === "about") continue;
    if (r.years !== null && r.section === "requirements" && !SOFT_WORDS.test(r.text)) {
      // The label carries what the years are of, when the ad says ("5+ years of teaching secondary mathematics").
      const object = yearsObject(r.text);
      const label = object ? `${r.years}+ years ${object.preposition} ${object.phrase}` : `${r.years}+ years of experience`;
      out.push({ requirement: r, kind: "years", label, years: r.years, text: r.text, alternatives: [], relatedAccepted: false });
      const lead = leadershipPart(r.text);
      if (lead) {
        const leadObject = yearsObject(lead.text);
        const leadLabel = leadObject ? `${lead.years}+ years of ${leadObject.phrase}` : `${lead.years}+ years of leadership`;
        out.push({
          requirement: r,
          kind: "years",
          label: leadLabel,
          years: lead.years,
          text: lead.text,
          alternatives: [],
          relatedAccepted: false,
          leadership: true,
        });
      }
      continue;
    }
    if (!MUST_WORDS.test(r.text) || SOFT_WORDS.test(r.text) || !CREDENTIAL_WORDS.test(r.text)) continue;
    const alternatives = credentialsOf(r.text);
    if (alternatives.length === 0) continue;
    out.push({
      requirement: r,
      kind: "credential",
      label: credentialLabel(r.text, alternatives),
      years: null,
      text: r.text,
      alternatives,
      relatedAccepted: /\brelated\b/i.test(r.text),
    });
  }
  return out;
}

/** Verbs of leading people, as a years phrase names them ("3 years leading", "5 years of managing"). */
const LEADING_VERB = "leading|managing|heading|supervising|directing|running";

/**
 * The leadership years a years item asks for besides its first years: "...,
 * including (at least) N years (of) leading/managing/heading ... X" as its
 * own phrase ("at least 3 years leading engineering teams"); null when the
 * item has no such part (years "as" a role are not one: they name a role, not
 * the leading of work).
 *
 * @example
 * leadershipPart("8+ years in technology roles, including at least 3 years leading engineering teams."); // { years: 3, text: "at least 3 years leading engineering teams" }
 * leadershipPart("At least 5 years of ICU nursing, including 2 years as charge nurse or shift lead."); // null
 */
export function leadershipPart(text: string): { years: number; text: string } | null {
  const m = new RegExp(
    `\\b(?:including|with|of which|and)\\s+((?:at least\\s+|a minimum of\\s+|minimum\\s+)?(\\d{1,2})\\s*\\+?\\s*(?:years?|yrs?)\\s+(?:of\\s+)?(?:${LEADING_VERB})\\s+[^,;.()]+)`,
    "i",
  ).exec(text);
  if (!m) return null;
  const years = Number(m[2]);
  return years >= 1 && years <= 40 ? { years, text: m[1]!.trim() } : null;
}

/** Years tied to leading in a clause: "N years (of) leading/managing ...", or "led/managed ... for N years". */
function leadingYears(text: string): number | null {
  const tied = new RegExp(`(\\d{1,2}(?:\\.\\d)?)\\s*\\+?\\s*(?:years?|yrs?)\\s+(?:of\\s+)?(?:${LEADING_VERB}|leadership|management)\\b`, "i").exec(text);
  if (tied) return Number(tied[1]);
  const forYears = /\b(?:led|lead|managed|headed|directed|supervised|ran)\b[^.;]{0,80}?\bfor\s+(\d{1,2}(?:\.\d)?)\s*\+?\s*(?:years?|yrs?)\b/i.exec(text);
  return forYears ? Number(forYears[1]) : null;
}

/** Titles that lead people ("Head of", "Engineering Manager", "VP", "CTO", "Director"); "Lead" as in "Lead Data Scientist" counts too. */
const LEADING_TITLE = /\b(head|lead|leader|manager|director|vp|vice president|chief|cto|cio|founder)\b/i;
const RANGE = /\b(19[5-9]\d|20[0-4]\d)\s*(?:-|\u2013|\u2014|to)\s*(19[5-9]\d|20[0-4]\d|present|now|current|date|today)\b/gi;

/**
 * Years of leading the work a leadership must names, from the date ranges of
 * claim clauses whose title leads people (LEADING_TITLE) and that name the
 * work (every non-leading stem of the must's object, by kind: "Head of
 * Engineering" leads engineering teams): the union of the ranges, "present"
 * read as the latest year the resume names, and whether a range is open.
 */
function leadershipRanges(reading: ResumeReading, must: MustRequirement, workNamed: (c: Clause) => boolean): { years: number; open: boolean } | null {
  const latest = Math.max(0, ...reading.clauses.flatMap((c) => [...c.text.matchAll(/\b(19[5-9]\d|20[0-4]\d)\b/g)].map((m) => Number(m[1]))));
  const spans: Array<[number, number]> = [];
  let open = false;
  for (const c of reading.clauses) {
    if (c.polarity !== "claim" || !LEADING_TITLE.test(c.text) || !workNamed(c)) continue;
    for (const m of c.text.matchAll(RANGE)) {
      const start = Number(m[1]);
      const isOpen = !/^\d/.test(m[2]!);
      const end = isOpen ? latest : Number(m[2]);
      if (end < start) continue;
      open ||= isOpen;
      spans.push([start, end]);
    }
  }
  if (spans.length === 0) return null;
  spans.sort((a, b) => a[0] - b[0]);
  let years = 0;
  let [from, to] = spans[0]!;
  for (const [s, e] of spans.slice(1)) {
    if (s > to) {
      years += to - from;
      [from, to] = [s, e];
    } else to = Math.max(to, e);
  }
  years += to - from;
  return { years, open };
}

/** Acronyms with their spelled-out names ("Qualified Teacher Status (QTS)"), and a degree with its subjects. */
function credentialsOf(text: string): Credential[] {
  const out: Credential[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(/((?:[A-Z][a-z]+\s+){1,5})\(([A-Z][A-Za-z0-9]{1,7})\)/g)) {
    out.push({ acronym: m[2]!, name: m[1]!.trim(), subjects: [], degree: false });
    seen.add(m[2]!);
  }
  for (const m of text.matchAll(/\b([A-Z][A-Z0-9]{1,6}[a-z]?)\b/g)) {
    const a = m[1]!;
    if (seen.has(a) || NOT_ACRONYMS.has(a)) continue;
    seen.add(a);
    out.push({ acronym: a, name: null, subjects: [], degree: /^(MBA|MSc|BSc|BA|MA|PhD|BE|BTech|MCA|BCA|LLB)$/.test(a) });
  }
  const degree = /\b(?:degree|diploma|graduate)\b(?:\s+\([^)]*\))?\s+in\s+([^.;]+)/i.exec(text);
  if (degree) {
    const named = degree[1]!.replace(/\s+(is|are)\b.*$/i, "").replace(/\b(a|an|closely|related|subject|field|discipline|similar|equivalent|any)\b/gi, " ");
    const subjects = [...new Set(stemsOf(named))];
    out.push({ acronym: null, name: null, subjects, degree: true });
  } else if (/\bdegree\b/i.test(text) && out.length === 0) out.push({ acronym: null, name: null, subjects: [], degree: true });
  return out;
}

function credentialLabel(text: string, alternatives: readonly Credential[]): string {
  const named = alternatives.filter((a) => a.acronym).map((a) => (a.name ? `${a.name} (${a.acronym})` : a.acronym!));
  const degree = alternatives.find((a) => a.degree && !a.acronym);
  if (degree) {
    // The subject in the ad's words, without its filler: "mathematics or a closely related subject" -> "mathematics".
    const m = /\b(?:degree|diploma|graduate)\b(?:\s+\([^)]*\))?\s+in\s+([^.;]+)/i.exec(text);
    const subject = (m?.[1] ?? "")
      .replace(/\s+(is|are)\b.*$/i, "")
      .split(/\s*,\s*|\s+or\s+/)
      .map((x) => x.trim())
      .filter((x) => x && !/\b(related|similar|equivalent)\b/i.test(x));
    const related = /\brelated\b/i.test(text) ? " or a related one" : "";
    named.push(subject.length > 0 ? `a ${subject.join(" or ")} degree${related}` : "a degree");
  }
  return named.join(" or ");
}

/**
 * Does a clause name a credential alternative? An acronym as a word (any
 * case of its name), or a degree word with one of its subjects (any degree
 * word when the ad names no subject).
 *
 * @example
 * namesCredential("PGCE Secondary Mathematics with QTS", { acronym: "QTS", name: "Qualified Teacher Status", subjects: [], degree: false }); // true
 */
export function namesCredential(text: string, c: Credential): boolean {
  if (c.acronym && new RegExp(`(^|[^A-Za-z0-9])${c.acronym}([^A-Za-z0-9]|$)`).test(text)) return true;
  if (c.name && text.toLowerCase().includes(c.name.toLowerCase())) return true;
  if (!c.degree || c.acronym) return false;
  if (!DEGREE.test(text)) return false;
  if (c.subjects.length === 0) return true;
  const stems = new Set(stemsOf(text));
  return c.subjects.some((s) => stems.has(s));
}

/**
 * Checks one must against a resume (see the module doc).
 *
 * @example
 * checkMust(readResume(["Junior developer with 2 years of experience."]), yearsMust).status; // "lacking" when 8 are asked
 */
export function checkMust(reading: ResumeReading, must: MustRequirement): MustCheck {
  if (must.kind === "years") {
    // Only years of the asked kind count; a resume that names the kind of work without its years is unverified.
    // The resume's own denial of that work ("I have never directly managed software engineers") lacks it.
    const denial = deniesWork(reading, must.text);
    // Leading is denied only by a clause that negates it itself: under a weaknesses heading "I have been a manager of
    // technicians more than of software engineers" compares, it does not deny.
    if (must.leadership)
      return denial && clausePolarity(denial.text.replace(/^[A-Z][A-Za-z ]{2,30}:\s+/, "")) === "limitation"
        ? { must, status: "lacking", clause: denial, stated: null }
        : checkLeadership(reading, must);
    if (denial) return { must, status: "lacking", clause: denial, stated: null };
    const role = yearsInRole(reading, must.text);
    const stated = role.stated;
    if (stated !== null) return { must, status: stated >= must.years! ? "met" : "lacking", clause: null, stated };
    // A whole career shorter than the bar lacks it whatever the work was.
    const career = reading.careerYears;
    if (career !== null && career < must.years!) return { must, status: "lacking", clause: null, stated: career };
    const unsure = role.object === null || role.touched || career === null;
    return { must, status: unsure ? "unverified" : "lacking", clause: null, stated: null };
  }
  const denies = reading.clauses.find((c) => c.polarity === "limitation" && must.alternatives.some((a) => namesCredential(c.text, a)));
  if (denies) return { must, status: "lacking", clause: denies, stated: null };
  const holds = reading.clauses.find((c) => c.polarity !== "limitation" && must.alternatives.some((a) => namesCredential(c.text, a)));
  if (holds) return { must, status: "met", clause: holds, stated: null };
  const degree = must.alternatives.some((a) => a.degree && !a.acronym);
  const anyDegree = reading.clauses.find((c) => c.polarity !== "limitation" && DEGREE.test(c.text));
  if (degree && must.relatedAccepted && anyDegree) return { must, status: "unverified", clause: anyDegree, stated: null };
  return { must, status: "lacking", clause: null, stated: null };
}

/**
 * A leadership years must (see the module doc): years the resume ties to
 * leading the work, else the date ranges of its leadership roles (an open
 * range below the bar is unverified), else lacking when the career is
 * shorter than the bar or no claim clause names the work, unverified when one does.
 *
 * @example
 * checkLeadership(readResume(["Engineering Manager, Acme (2014-2018)."]), leadMust3).status; // "met" (4 years)
 */
export function checkLeadership(reading: ResumeReading, must: MustRequirement): MustCheck {
  const object = yearsObject(must.text);
  const work = (object?.stems ?? []).filter((s) => !LEADING_STEMS.has(s));
  const workNamed = (c: Clause) => work.every((s) => namesWork(c.stems, s));
  let best: { years: number; clause: Clause } | null = null;
  for (const c of reading.clauses) {
    if (c.polarity !== "claim" || !workNamed(c)) continue;
    const y = leadingYears(c.text);
    if (y !== null && (!best || y > best.years)) best = { years: y, clause: c };
  }
  const ranges = leadershipRanges(reading, must, workNamed);
  const stated = Math.max(best?.years ?? -1, ranges?.years ?? -1);
  if (stated >= must.years!) return { must, status: "met", clause: best && best.years === stated ? best.clause : null, stated };
  if (ranges?.open) return { must, status: "unverified", clause: null, stated: null };
  if (stated >= 0) return { must, status: "lacking", clause: null, stated };
  const career = reading.careerYears;
  if (career !== null && career < must.years!) return { must, status: "lacking", clause: null, stated: career };
  const touched = reading.clauses.some(
    (c) => c.polarity === "claim" && workNamed(c) && /\b(led|lead|leading|managed|managing|manager|head|headed|director|vp|cto)\b/i.test(c.text),
  );
  return { must, status: touched || career === null ? "unverified" : "lacking", clause: null, stated: null };
}

const LEADING_STEMS: ReadonlySet<string> = new Set(
  ["leading", "lead", "managing", "heading", "supervising", "directing", "running"].map((w) => stemsOf(w)[0] ?? w),
);
/** Names of the same teams: "engineers", "developers", "software" and a technology title ("CTO", "Head of Technology") name engineering teams. */
const WORK_KINDS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(["engineer", "engineering", "developer", "software", "programmer", "technology"].flatMap((w) => stemsOf(w))),
];

function namesWork(stems: ReadonlySet<string>, stem: string): boolean {
  if (stems.has(stem)) return true;
  return WORK_KINDS.some((kind) => kind.has(stem) && [...kind].some((k) => stems.has(k)));
}

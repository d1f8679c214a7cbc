/**
 * The ad's hard requirements ("musts") and how a resume meets them:
 *
 * - years: an item of the requirements section that asks for N years
 *   ("8+ years in technology roles"); only years of what it asks them of
 *   count (resume-reading.ts `yearsInRole`: clauses naming the object with
 *   their years, or the career's length when the ad names no object). The
 *   resume meets it at N, lacks it below N (or when its whole career is
 *   shorter, or it names no such work at all), and leaves it unverified when
 *   it names the work without its years, or when its career's years are only
 *   a lower bound under N (an open range, "Feb 2018 till date", read to the
 *   latest year the resume names; `careerFloor`). A skills-table entry
 *   ("Operations Management- Exprience - 24 months") is years of that skill,
 *   never of the career; its placeholder ("Less than 1 year months") states none;
 * - leadership years inside a years item ("8+ years in technology roles,
 *   including at least 3 years leading engineering teams"): a must of their
 *   own (`leadershipPart`), checked only from evidence of leading that work
 *   (`checkLeadership`), never from the career's length. Years "as" a named
 *   role ("including 2 years as charge nurse or shift lead") stay part of
 *   their item's must;
 * - location: an item that asks the hire to be based in, relocate to or work
 *   on site in a place ("Willingness to be based in Nairobi with regular
 *   travel to our plants"); see `checkLocation`;
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
 * An item marked "a plus", "an advantage", "preferred" or "desirable" is not a must, and neither is such a part
 * of an item: "Willingness to be based in Nairobi ...; Kiswahili is an advantage" is read part by part (at "; "),
 * a location must and an advantage that is none.
 */
import { isContentStem, stemsOf, yearsAsked, yearsObject, type Requirement } from "./job-reading";
import { clauseRanges, roundMonths, statedYears, type DateRange } from "./date-ranges";
import { checkLocation, locationPart } from "./location-must";
import type { Credential, MustCheck, MustRequirement } from "./must-types";
import { clausePolarity, deniesWork, yearsInRole, type Clause, type ResumeReading } from "./resume-reading";
import { isStudyLine } from "./clause-kinds";

export { checkLocation, locationPart } from "./location-must";
export type { Credential, MustCheck, MustRequirement, MustStatus } from "./must-types";

const MUST_WORDS = /\b(essential|required|requirement|mandatory|must|necessary|compulsory|needed)\b/i;
const SOFT_WORDS = /\b(plus|advantage|advantageous|preferred|preferable|desirable|ideally|nice to have|bonus)\b/i;
const CREDENTIAL_WORDS = /\b(licen[cs]e[ds]?|certifi\w*|registration|registered|chartered|status|degree|diploma|qualified|qualification)\b/i;
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
    if (r.role || r.section === "offer" || r.section === "about" || r.advantage) continue;
    // Part by part (at "; "): an advantage that shares the item with a must is no must, and does not unmake the must.
    const firm = r.text.split(/;\s+/).filter((part) => !SOFT_WORDS.test(part));
    if (firm.length === 0) continue;
    const text = firm.join("; ");
    const years = yearsAsked(text);
    if (years !== null && r.section === "requirements") {
      // The label carries what the years are of, when the ad says ("5+ years of teaching secondary mathematics").
      const object = yearsObject(text);
      const label = object ? `${years}+ years ${object.preposition} ${object.phrase}` : `${years}+ years of experience`;
      out.push({ requirement: r, kind: "years", label, years, text, alternatives: [], relatedAccepted: false });
      const lead = leadershipPart(text);
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
    } else if (MUST_WORDS.test(text) && CREDENTIAL_WORDS.test(text)) {
      const alternatives = credentialsOf(text);
      if (alternatives.length > 0)
        out.push({
          requirement: r,
          kind: "credential",
          label: credentialLabel(text, alternatives),
          years: null,
          text,
          alternatives,
          relatedAccepted: /\brelated\b/i.test(text),
        });
    }
    if (r.section !== "requirements") continue;
    for (const part of firm) {
      const location = locationPart(part);
      if (location)
        out.push({
          requirement: r,
          kind: "location",
          label: location.label,
          years: null,
          text: part,
          alternatives: [],
          relatedAccepted: false,
          places: location.places,
        });
    }
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
  if (!isStudyLine(text)) return false;
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
  if (must.kind === "location") return checkLocation(reading, must);
  if (must.kind === "years") {
    if (must.leadership) return checkLeadership(reading, must);
    // Only years of the asked kind count; a resume that names the kind of work without its years is unverified.
    // The resume's own denial of that work ("I have never directly managed software engineers") lacks it.
    const denial = deniesWork(reading, must.text);
    if (denial) return { must, status: "lacking", clause: denial, stated: null };
    const role = yearsInRole(reading, must.text);
    const stated = role.stated;
    if (stated !== null) return { must, status: stated >= must.years! ? "met" : "lacking", clause: null, stated };
    // A whole career shorter than the bar lacks it whatever the work was; a span that is only a lower bound of the
    // career ("Feb 2018 till date", or shorter than a skills-table entry's months) says nothing of it.
    const career = reading.careerYears;
    if (career !== null && career < must.years! && career !== reading.careerFloor) return { must, status: "lacking", clause: null, stated: career };
    // A resume that never names the asked work (no clause touches it) lacks its years, whether or not it dates a career.
    const unsure = role.object === null || role.touched;
    return { must, status: unsure ? "unverified" : "lacking", clause: unsure && role.object ? neighbouringYears(reading, role.object) : null, stated: null };
  }
  const denies = reading.clauses.find((c) => c.polarity === "limitation" && must.alternatives.some((a) => namesCredential(c.text, a)));
  if (denies) return { must, status: "lacking", clause: denies, stated: null };
  const holds = reading.clauses.find((c) => c.polarity !== "limitation" && must.alternatives.some((a) => namesCredential(c.text, a)));
  if (holds) return { must, status: "met", clause: holds, stated: null };
  const degree = must.alternatives.some((a) => a.degree && !a.acronym);
  const anyDegree = reading.clauses.find((c) => c.polarity !== "limitation" && isStudyLine(c.text));
  if (degree && must.relatedAccepted && anyDegree) return { must, status: "unverified", clause: anyDegree, stated: null };
  return { must, status: "lacking", clause: null, stated: null };
}

/**
 * The claim clause that states years of work next to the asked work (it shares the most of its stems: "Physics
 * teacher with 10 years in secondary schools" for "teaching secondary mathematics"): what an unverified years must
 * cites, so that the statement shows what the resume says rather than that it says nothing; null when none does.
 */
function neighbouringYears(reading: ResumeReading, object: string): Clause | null {
  const stems = stemsOf(object).filter(isContentStem);
  let best: { clause: Clause; shared: number } | null = null;
  for (const c of reading.clauses) {
    if (c.polarity !== "claim" || statedYears(c.text) === null) continue;
    const shared = stems.filter((x) => c.stems.has(x)).length;
    if (shared > 0 && (!best || shared > best.shared)) best = { clause: c, shared };
  }
  return best?.clause ?? null;
}

/**
 * A leadership years must (see the module doc), read only from evidence of
 * leading the work, never from the career's length (a 2-year career is not
 * "2 years of leading"):
 *
 * - a denial of leading in the resume's own words (a limitation clause that
 *   negates a leading verb, `leadershipDenial`) that is as broad as the must
 *   ("I have never led a team", "I have never managed engineers") lacks it,
 *   citing the denial;
 * - else the evidence (`leadershipEvidence`): years tied to leading the work
 *   ("6 years leading software teams", "led ... for 4 years"), the date
 *   ranges of roles whose title leads it ("Head of Engineering (2019-2023)"),
 *   and of clauses that lead a team of the work ("Lead a team of 5 data
 *   scientists and 2 data engineers") under a dated role, their union. At the
 *   bar it is met, whatever narrower denial the resume makes ("I have not led
 *   software product teams" beside that data team); below it an open range
 *   ("2019-present", a lower bound) is unverified, closed ones lacking with
 *   their years; evidence without years is unverified;
 * - without any evidence, a narrower denial lacks it (citing the denial);
 *   else it lacks it, saying the resume shows no years of leading, when the
 *   career is shorter than the bar or the resume states a career; unverified
 *   when the resume gives no career at all.
 *
 * What counts as the work's team: a team, squad, organisation, department
 * or group the clause names together with the work by kind, or a number of
 * people of the work ("12 engineers"). For engineering teams the kind is
 * engineers of any field (software, data, controls: "a maintenance and
 * controls team of 4 engineers and 12 technicians" counts), developers,
 * programmers, software, engineering and technology ("a global technology
 * organisation of 420 people", a CTO); a finance or product team, or a team
 * of analysts or technicians alone, does not.
 *
 * @example
 * checkLeadership(readResume(["Engineering Manager, Acme (2014-2018)."]), leadMust3).status; // "met" (4 years)
 * checkLeadership(readResume(["Junior developer with 2 years of experience."]), leadMust3); // lacking, stated null (no years of leading)
 */
export function checkLeadership(reading: ResumeReading, must: MustRequirement): MustCheck {
  const object = yearsObject(must.text);
  const work = (object?.stems ?? []).filter((s) => !LEADING_STEMS.has(s));
  const denial = leadershipDenial(reading, work);
  if (denial?.broad) return { must, status: "lacking", clause: denial.clause, stated: null };
  const evidence = leadershipEvidence(reading, work);
  if (evidence.years !== null && evidence.years >= must.years!) return { must, status: "met", clause: evidence.clause, stated: evidence.years };
  if (evidence.years !== null)
    return evidence.open ? { must, status: "unverified", clause: null, stated: null } : { must, status: "lacking", clause: null, stated: evidence.years };
  if (evidence.clause) return { must, status: "unverified", clause: null, stated: null };
  if (denial) return { must, status: "lacking", clause: denial.clause, stated: null };
  return { must, status: reading.careerYears === null ? "unverified" : "lacking", clause: null, stated: null };
}

/** Verbs of leading people in a resume clause ("Lead a team", "managed", "headed", "oversaw"). */
const RESUME_LEAD_VERB =
  "lead|leads|led|leading|manage|manages|managed|managing|head|heads|headed|heading|direct|directs|directed|directing|supervise|supervises|supervised|supervising|run|runs|ran|running|oversee|oversees|oversaw|overseeing";
/** Words that name a group of people led, with no kind of work ("a team", "people", "direct reports"). */
const GROUP_WORDS = /\b(teams?|squads?|organi[sz]ations?|departments?|groups?|functions?|units?|crews?|staff|people|personnel|reports)\b/i;
const GROUP_STEMS: ReadonlySet<string> = new Set(
  [
    "team",
    "squad",
    "organisation",
    "organization",
    "department",
    "group",
    "function",
    "unit",
    "crew",
    "staff",
    "people",
    "personnel",
    "report",
    "anyone",
    "anybody",
    "person",
    "member",
    "direct",
  ].map((w) => stemsOf(w)[0] ?? w),
);

/**
 * Does a claim clause lead a team of the work (see checkLeadership)? A leading
 * verb followed by a group named with the work ("a team of 8 engineers", "a
 * global technology organisation of 420 people") or by a number of people of
 * the work ("12 engineers").
 *
 * @example
 * leadsTeam("Lead a team of 5 data scientists and 2 data engineers.", ["engin"]); // true
 * leadsTeam("Ran a 1.1 million dollar technology budget.", ["engin"]); // false
 */
export function leadsTeam(text: string, work: readonly string[]): boolean {
  for (const m of text.matchAll(new RegExp(`\\b(?:${RESUME_LEAD_VERB})\\b`, "gi"))) {
    const after = text.slice(m.index! + m[0].length);
    const stems = new Set(stemsOf(after));
    const ofWork = (set: ReadonlySet<string>) => work.length > 0 && work.every((s) => namesWork(set, s));
    if (GROUP_WORDS.test(after) && ofWork(stems)) return true;
    // "12 engineers", "2 data engineers": a number of people whose noun names the work.
    for (const n of after.matchAll(/\b\d+\s+(?:[A-Za-z-]+\s+){0,2}?([A-Za-z]+s)\b/g)) if (ofWork(new Set(stemsOf(n[1]!)))) return true;
  }
  return false;
}

/**
 * The evidence of leading the work (see checkLeadership): the most years a
 * claim clause ties to leading it, and the union of the date ranges of
 * leading roles and of team-leading clauses under a dated role; `open` when
 * an open range ends that union; `clause`, the clause that shows the years
 * (or the first that leads the work when none shows years); years null
 * without any.
 */
function leadershipEvidence(reading: ResumeReading, work: readonly string[]): { years: number | null; open: boolean; clause: Clause | null } {
  const workNamed = (c: Clause) => work.every((s) => namesWork(c.stems, s));
  const ranges = clauseRanges(reading);
  let tied: { years: number; clause: Clause } | null = null;
  let first: Clause | null = null;
  let widest: { span: number; clause: Clause } | null = null;
  const spans: DateRange[] = [];
  reading.clauses.forEach((c, i) => {
    if (c.polarity !== "claim") return;
    const y = workNamed(c) ? leadingYears(c.text) : null;
    if (y !== null && (!tied || y > tied.years)) tied = { years: y, clause: c };
    const title = LEADING_TITLE.test(c.text) && workNamed(c);
    const team = leadsTeam(c.text, work);
    if (!title && !team) return;
    first ??= c;
    // A title leads over its own dates; a team clause over its own, else its role's.
    const own = ranges[i]!;
    const dated = own.inherited && !team ? [] : own.ranges;
    spans.push(...dated);
    for (const r of dated) if (!widest || r.end - r.start > widest.span) widest = { span: r.end - r.start, clause: c };
  });
  const union = unionOf(spans);
  const t = tied as { years: number; clause: Clause } | null;
  if (!union && !t) return { years: null, open: false, clause: first };
  if (t && (!union || t.years >= union.years)) return { years: t.years, open: false, clause: t.clause };
  return { years: union!.years, open: union!.open, clause: (widest as { clause: Clause } | null)?.clause ?? first };
}

/** The years a set of ranges covers (overlaps once), and whether the latest end is an open one. */
function unionOf(ranges: readonly DateRange[]): { years: number; open: boolean } | null {
  if (ranges.length === 0) return null;
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  let years = 0;
  let [from, to] = [sorted[0]!.start, sorted[0]!.end];
  for (const r of sorted.slice(1)) {
    if (r.start > to) {
      years += to - from;
      [from, to] = [r.start, r.end];
    } else to = Math.max(to, r.end);
  }
  years += to - from;
  const latest = Math.max(...ranges.map((r) => r.end));
  return { years: roundMonths(years), open: ranges.some((r) => r.open && r.end === latest) };
}

/** Where a negation's scope ends: a comma, a semicolon, "but", "always", or a new verb phrase ("and have ..."). */
const SCOPE_END = /,|;|\bbut\b|\balways\b|\band\s+(?:have|has|had|I|am|was|were|is)\b/i;

/**
 * The resume's own denial of leading the work: a limitation clause (in its
 * own words, not only by its heading: "I have been a manager of technicians
 * more than of software engineers" compares) in which a negation governs a
 * leading verb ("I have never led a team", "never written production code or
 * directly managed software engineers"). What it denies leading is read up to
 * the next verb phrase; it is `broad` when that names no kind of work ("a
 * team") or only the must's own work ("engineers"), narrower when it adds a
 * qualifier ("software product teams", "software developers"); a denial of
 * other work ("a mobile or web product team" for engineering teams) is none.
 * A broad denial is preferred.
 */
function leadershipDenial(reading: ResumeReading, work: readonly string[]): { clause: Clause; broad: boolean } | null {
  let narrower: Clause | null = null;
  for (const c of reading.clauses) {
    if (c.polarity !== "limitation") continue;
    const body = c.text.replace(/^[A-Z][A-Za-z ]{2,30}:\s+/, "");
    if (clausePolarity(body) !== "limitation") continue;
    for (const neg of body.matchAll(/\b(?:not|never|no|cannot)\b|n't\b/gi)) {
      const scope = body.slice(neg.index! + neg[0].length).split(SCOPE_END)[0]!;
      const verb = new RegExp(`\\b(?:${RESUME_LEAD_VERB})\\b`, "i").exec(scope);
      if (!verb) continue;
      const object = scope
        .slice(verb.index + verb[0].length)
        .split(/\s+(?:or|and)\s+(?=(?:been|built|owned|shipped|written|done|had|held|made|taken|run|worked|\w+ed)\b)/)[0]!;
      const stems = stemsOf(object).filter(isContentStem);
      const named = stems.filter((s) => !GROUP_STEMS.has(s) && !LEADING_STEMS.has(s));
      const set = new Set(stems);
      const generic = named.length === 0;
      if (!generic && !(work.length > 0 && work.every((s) => namesWork(set, s)))) continue;
      if (generic || named.every((s) => work.includes(s))) return { clause: c, broad: true };
      narrower ??= c;
    }
  }
  return narrower ? { clause: narrower, broad: false } : null;
}

const LEADING_STEMS: ReadonlySet<string> = new Set(
  ["leading", "lead", "managing", "heading", "supervising", "directing", "running"].map((w) => stemsOf(w)[0] ?? w),
);
/**
 * Names of the same teams: "engineers" (of any field), "developers", "software" and a technology title ("CTO") name
 * engineering teams ("Programmers" is left out: its stem is a programme's, and a Programme Manager leads no engineers).
 */
const WORK_KINDS: ReadonlyArray<ReadonlySet<string>> = [new Set(["engineer", "engineering", "developer", "software", "technology"].flatMap((w) => stemsOf(w)))];

function namesWork(stems: ReadonlySet<string>, stem: string): boolean {
  if (stems.has(stem)) return true;
  return WORK_KINDS.some((kind) => kind.has(stem) && [...kind].some((k) => stems.has(k)));
}

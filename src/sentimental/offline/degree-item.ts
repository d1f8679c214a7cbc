/**
 * A degree the ad asks for among its requirements, read from the resume's lines of study as a recruiter reads it:
 * by the degree's level and name, not by the ad's words. Retrieval reads an item by the words it shares with the
 * resume, and a degree line shares none with "a graduate degree" ("B.Com commerce, Bombay University") or with "MBA or
 * postgraduate degree in human resources" ("MMS Management, University of Mumbai"): resumes were called silent on a
 * degree they list (blind reads 57 and 58).
 *
 * - What the item asks (`degreeAsked`): the degrees it names by abbreviation ("MBA", "LL.B.", "BE or BTech"), and a
 *   degree of any name ("a graduate degree", "a degree in statistics ...", "postgraduate degree in human resources")
 *   with its level (a first degree, or a postgraduate one when the ad says "postgraduate" or "master's"), its
 *   subjects, and whether a diploma will do. A part the ad calls a plus is left out ("A graduate degree; an MBA is an
 *   advantage" asks a graduate degree), unless the item is that plus ("an MBA in marketing is a plus"). An item that
 *   asks for something besides the degree ("LL.B. degree and enrolment with the Bar Council") is conjoined: the
 *   degree alone never meets it.
 * - What a line of study shows (`degreeShown`): met when a claim clause that is a line of study (clause-kinds.ts
 *   `isStudyLine`) names one of the named degrees, or holds a degree of the asked level (a postgraduate one holds a
 *   first degree too) in one of the subjects (any subject when the ad names none); "other" when it holds a degree of
 *   the level in another subject, or the degree of a conjoined item: the resume is then not silent on the degree,
 *   and it does not meet the item either. Degrees spelled out count ("BACHELOR OF ENGINEERING"); names that are also
 *   something else ("MMS" messages, "LLM" models) tell a line's level but never make a clause a line of study.
 *
 * A must ("A degree in mathematics ... is required") is read by its own check (hard-requirements.ts `checkMust`).
 */
import { isStudyLine } from "./clause-kinds";
import { stemsOf, type Requirement } from "./job-reading";

/** A degree of any name the item accepts. */
export interface GenericDegree {
  level: "first" | "postgraduate";
  /** The subjects, each as its stems ([["human", "resour"], ["person", "manag"]]); empty when any subject will do. */
  subjects: string[][];
  /** The ad accepts a diploma too ("A degree or diploma in any discipline"). */
  diploma: boolean;
}

/** What finds a degree's name in a text: a pattern, or two (a short form and the name spelled out). */
export interface Matcher {
  test(text: string): boolean;
  exec(text: string): RegExpExecArray | null;
}

/** What a degree item asks for. */
export interface DegreeAsk {
  /** Degrees the item names by abbreviation, as patterns for a line of study ("MBA", "LL.B.", "BE"). */
  named: Matcher[];
  /** A degree of any name, or null when the item names its degrees only ("LL.B. degree"). */
  generic: GenericDegree | null;
  /**
   * The item asks for something besides the degree ("LL.B. degree and enrolment with the Bar Council"): a degree
   * held meets only its degree part, so it is read as "other" (no silence on the item, and not met).
   */
  conjoined: boolean;
}

/** A clause as the reading gives it. */
export interface StudyClause {
  text: string;
  polarity: string;
}

/** Degree abbreviations an ad or a resume writes, by level; letters may carry dots and spaces ("B. Tech", "M.C.A."). */
const POSTGRADUATE_NAMES = ["MBA", "MMS", "MCA", "MCS", "MSc", "MTech", "MEng", "MCom", "LLM", "PhD", "PGDM", "PGDBA"];
const FIRST_NAMES = ["BE", "BTech", "BEng", "BSc", "BCom", "BBA", "BCA", "BCS", "BA", "LLB", "BPharm", "BArch"];
/** Two-letter names that are also words ("BE", "BA" an analyst): in capitals only, before a subject or after an education heading. */
const WORDLIKE = new Set(["BE", "BA"]);
/**
 * Names that are also something else outside a line of study ("MMS" messages, "LLM" models, "BA" an analyst): they
 * tell a degree's level on a line of study, but never make a clause one.
 */
const AMBIGUOUS = new Set(["MMS", "LLM"]);
/** Degrees' names spelled out, in any case ("MASTER OF BUSINESS ADMINISTRATION"). */
const SPELLED_NAMES: Readonly<Record<string, string>> = {
  MBA: String.raw`master'?s?\s+(?:degree\s+)?(?:of|in)\s+business\s+administration`,
  MCA: String.raw`master'?s?\s+(?:of|in)\s+computer\s+applications?`,
  MSc: String.raw`master'?s?\s+(?:of|in)\s+science`,
  MTech: String.raw`master'?s?\s+(?:of|in)\s+technology`,
  MCom: String.raw`master'?s?\s+(?:of|in)\s+commerce`,
  PhD: String.raw`doctor\s+of\s+philosophy`,
  BE: String.raw`bachelor'?s?\s+(?:of|in)\s+engineering`,
  BTech: String.raw`bachelor'?s?\s+(?:of|in)\s+technology`,
  BSc: String.raw`bachelor'?s?\s+(?:of|in)\s+science`,
  BCom: String.raw`bachelor'?s?\s+(?:of|in)\s+commerce`,
  BBA: String.raw`bachelor'?s?\s+(?:of|in)\s+business\s+administration`,
  BCA: String.raw`bachelor'?s?\s+(?:of|in)\s+computer\s+applications?`,
  LLB: String.raw`bachelor'?s?\s+of\s+laws?`,
};
const SUBJECT_AFTER = String.raw`(?=\s*(?:\(Hons?\)|in\s|of\s|\(|[A-Z][a-z]{2,}|[A-Z]{2,}))`;
const AFTER_HEADING = String.raw`(?<=\b(?:Education(?:\s+Details)?|Qualifications?)\s*:?\s{0,3})`;

/** A pattern for one abbreviation: each capital may be followed by a dot and a space ("LL.B.", "B. Tech", "M.C.A"). */
function namePattern(name: string, where: "anywhere" | "line" = "anywhere"): Matcher {
  const units = name.match(/[A-Z][a-z]*/g) ?? [name];
  const body = units.join(String.raw`\.?\s?`) + String.raw`\.?`;
  const spelled = SPELLED_NAMES[name] ? `|\\b${SPELLED_NAMES[name]}\\b` : "";
  if (!WORDLIKE.has(name)) return new RegExp(String.raw`(?<![\p{L}])${body}(?![\p{L}])${spelled}`, "iu");
  // As what makes a clause a line of study, a word-like name counts only after an education heading or with its dots ("B.E").
  const dotted = units.join(String.raw`\.\s?`) + String.raw`\.?`;
  const spelledAlone = SPELLED_NAMES[name] ? new RegExp(`\\b${SPELLED_NAMES[name]}\\b`, "i") : null;
  const short =
    where === "line"
      ? new RegExp(String.raw`(?:${AFTER_HEADING}${body}(?![\p{L}])|(?<![\p{L}.])${dotted}(?![\p{L}]))`, "u")
      : new RegExp(String.raw`(?:(?<![\p{L}.])${body}${SUBJECT_AFTER}|${AFTER_HEADING}${body}(?![\p{L}])|(?<![\p{L}.])${dotted}(?![\p{L}]))`, "u");
  // A case-sensitive short form or a spelled-out name in any case ("BACHELOR OF ENGINEERING").
  return spelledAlone ? { test: (t) => short.test(t) || spelledAlone.test(t), exec: (t) => short.exec(t) ?? spelledAlone.exec(t) } : short;
}

const POSTGRADUATE_PATTERNS = POSTGRADUATE_NAMES.map((n) => namePattern(n));
const FIRST_PATTERNS = FIRST_NAMES.map((n) => namePattern(n));
/** What makes a clause a line of study besides clause-kinds.ts `isStudyLine`: a degree's name that is nothing else. */
const LINE_PATTERNS = [...POSTGRADUATE_NAMES, ...FIRST_NAMES].filter((n) => !AMBIGUOUS.has(n)).map((n) => namePattern(n, "line"));
const POSTGRADUATE_WORDS = /\bpost[- ]?graduat\w*|(?<!scrum\s)\bmaster'?s?\s+(?:degree|in|of)\b(?!\s+ceremonies)|\bdoctor\s+of\b|\bdoctorate\b/i;
const FIRST_WORDS = /\bbachelor'?s?\b|\bgraduat(?:e|ion)\s+(?:in|of)\b|\bdegree\b/i;
/** The item asks for a degree by a word ("degree", "graduate", "postgraduate", "bachelor's", "master's"). */
const ASKS_DEGREE = /\bdegree\b|\b(?:post[- ]?)?graduate\b(?!\s+(?:engineer|trainee|apprentice|scheme|programme))|\bbachelor'?s?\b|\bmaster'?s\b/i;
const SOFT_PART = /\b(plus|advantage|advantageous|preferred|preferable|desirable|ideally|nice to have|bonus)\b/i;
/** Words of a subject phrase that name no subject ("any discipline", "a closely related field"). */
const SUBJECT_FILLER = /\b(a|an|any|the|closely|related|relevant|subject|subjects|field|fields|discipline|disciplines|similar|equivalent|area|stream)\b/gi;

/** Is a clause a line of study: clause-kinds.ts `isStudyLine`, words of a degree ("Masters of science"), or a degree's name that is nothing else? */
function isDegreeLine(text: string): boolean {
  return isStudyLine(text) || POSTGRADUATE_WORDS.test(text) || /\bbachelor'?s?\b/i.test(text) || LINE_PATTERNS.some((p) => p.test(text));
}

/** Does a text hold a degree of the level (a postgraduate one holds a first degree too)? */
function holdsLevel(text: string, level: GenericDegree["level"]): boolean {
  const postgraduate = POSTGRADUATE_WORDS.test(text) || POSTGRADUATE_PATTERNS.some((p) => p.test(text));
  return postgraduate || (level === "first" && (FIRST_WORDS.test(text) || FIRST_PATTERNS.some((p) => p.test(text))));
}

/** An "and" right after the degree's name joins another requirement to it ("LL.B. degree and enrolment ..."), unlike one inside its subjects ("a degree in statistics and mathematics"). */
function conjoinedAsk(firm: string): boolean {
  const names = [...POSTGRADUATE_NAMES, ...FIRST_NAMES].map((n) => (n.match(/[A-Z][a-z]*/g) ?? [n]).join(String.raw`\.?\s?`) + String.raw`\.?`);
  return new RegExp(String.raw`(?:\b(?:degree|diploma|graduate|graduation)|(?<![\p{L}])(?:${names.join("|")}))\s+(?:and|as well as|plus)\s+`, "iu").test(firm);
}

/**
 * What a requirement asks of a degree (see the module doc); null when it asks for none.
 *
 * @example
 * degreeAsked("A graduate degree; an MBA is an advantage.")?.generic; // { level: "first", subjects: [], diploma: false }
 * degreeAsked("A degree in statistics or computer science.")?.generic?.subjects; // [["statis"], ["comput", "scienc"]]
 * degreeAsked("MBA or postgraduate degree in human resources or personnel management.")?.generic?.level; // "postgraduate"
 * degreeAsked("LL.B. degree and enrolment with the Bar Council.")?.generic; // null (the LL.B. only)
 * degreeAsked("Strong skills in MS Excel."); // null
 */
export function degreeAsked(text: string): DegreeAsk | null {
  // Read once per item text: assess reads every item of every resume in every round.
  if (!ASKED.has(text)) ASKED.set(text, readDegreeAsk(text));
  return ASKED.get(text)!;
}

const ASKED = new Map<string, DegreeAsk | null>();

function readDegreeAsk(text: string): DegreeAsk | null {
  // The firm parts of an item with a plus beside them; an item that is a plus as a whole ("an MBA in marketing is a
  // plus", an advantage of its own) asks what it names.
  const parts = text.split(/;\s+/);
  const firm = parts.filter((part) => !SOFT_PART.test(part)).join("; ") || text;
  // A degree named in brackets is a form of the degree the item describes ("A degree (BE or BTech) ... in mechanical
  // engineering"), not a degree that will do in any subject.
  const unbracketed = firm.replace(/\([^)]*\)/g, " ");
  // A degree named with its subject ("an MBA in marketing") is a degree of its level in that subject.
  const namedInSubject = new RegExp(String.raw`\b(${[...POSTGRADUATE_NAMES, ...FIRST_NAMES].join("|")})\s+in\s+([^.;]+)`).exec(unbracketed);
  const named = [...POSTGRADUATE_NAMES, ...FIRST_NAMES]
    .filter((n) => n !== namedInSubject?.[1])
    .map((n) => namePattern(n))
    .filter((p) => p.test(unbracketed));
  if (!ASKS_DEGREE.test(firm) && named.length === 0 && !namedInSubject) return null;
  const subject = /\b(?:degree|diploma|graduate|graduation)\b(?:\s+\([^)]*\))?\s+in\s+([^.;]+)/i.exec(firm) ?? namedInSubject?.slice(1);
  const postgraduateName = namedInSubject ? POSTGRADUATE_NAMES.includes(namedInSubject[1]!) : false;
  const level = postgraduateName || /\bpost[- ]?graduat\w*|\bmaster'?s?\b/i.test(firm) ? "postgraduate" : "first";
  const diploma = /\bdiploma\b/i.test(firm);
  if (subject) {
    const subjects = subject[1]!
      .replace(/\s+(is|are)\b.*$/i, "")
      .replace(SOFT_PART, " ")
      .split(/\s*,\s*|\s+or\s+|\s+and\s+/)
      .map((phrase) => stemsOf(phrase.replace(SUBJECT_FILLER, " ")))
      .filter((stems) => stems.length > 0);
    return { named, generic: { level, subjects, diploma }, conjoined: conjoinedAsk(firm) };
  }
  // "LL.B. degree": the degree word belongs to the named degree; "Graduate in any discipline", "A degree": any degree.
  const generic = named.length === 0 || /\b(?:post[- ]?)?graduat\w*|\bbachelor|\bmaster/i.test(unbracketed);
  return { named, generic: generic ? { level, subjects: [], diploma } : null, conjoined: conjoinedAsk(firm) };
}

/**
 * The line of study that shows the degree an item asks (see the module doc): met, or "other" (a degree of the level
 * in another subject); null when no claim clause that is a line of study shows a degree of the asked kind.
 *
 * @example
 * degreeShown([{ text: "Education Details BE Dr.BAMU,Aurangabad", polarity: "claim" }], degreeAsked("A graduate degree.")!)?.status; // "met"
 * degreeShown([{ text: "M.Sc Psychology, Calicut University", polarity: "claim" }], degreeAsked("MBA or postgraduate degree in human resources.")!)?.status; // "other"
 */
export function degreeShown<C extends StudyClause>(clauses: readonly C[], ask: DegreeAsk): { clause: C; status: "met" | "other" } | null {
  const lines = clauses.filter((c) => c.polarity === "claim" && isDegreeLine(c.text));
  const g = ask.generic;
  const meets = (c: C) => {
    if (ask.named.some((p) => p.test(c.text))) return true;
    if (!g) return false;
    const level = holdsLevel(c.text, g.level) || (g.diploma && /\bdiploma\b/i.test(c.text));
    if (!level) return false;
    if (g.subjects.length === 0) return true;
    const stems = new Set(stemsOf(c.text));
    return g.subjects.some((phrase) => phrase.every((s) => stems.has(s)));
  };
  const met = lines.find(meets);
  if (met) return { clause: met, status: ask.conjoined ? "other" : "met" };
  const other = g && g.subjects.length > 0 ? lines.find((c) => holdsLevel(c.text, g.level)) : undefined;
  return other ? { clause: other, status: "other" } : null;
}

/**
 * The line of study that shows the degree a requirement asks for (`degreeAsked`, then `degreeShown`); null when the
 * item is no requirement of the candidate (a duty, an offer, the job title's own item), asks for no degree, or no
 * line shows one of its kind.
 *
 * @example
 * degreeOfItem([{ text: "B.Com commerce, Bombay University", polarity: "claim" }], { text: "A graduate degree.", section: "requirements" })?.status; // "met"
 */
export function degreeOfItem<C extends StudyClause>(
  clauses: readonly C[],
  item: Pick<Requirement, "text" | "section" | "role">,
): { clause: C; status: "met" | "other" } | null {
  // Only what the ad asks of a candidate; the title's own item is the work, not a degree.
  if (item.section !== "requirements" || item.role) return null;
  const ask = degreeAsked(item.text);
  return ask ? degreeShown(clauses, ask) : null;
}

/**
 * The words that name a degree in a line of study, with the four words after them ("Bachelor of Engineering Navi
 * Mumbai"): what a quotation of a long line must keep, so that a degree the item accepts is quoted with its name.
 *
 * @example
 * degreeMention("Skills Exceptional communication ... BACHELOR OF BUSINESS ADMINISTRATION ICFAI"); // "BACHELOR OF BUSINESS ADMINISTRATION ICFAI"
 */
export function degreeMention(text: string): string | null {
  const found = [POSTGRADUATE_WORDS, FIRST_WORDS, ...POSTGRADUATE_PATTERNS, ...FIRST_PATTERNS]
    .map((p) => p.exec(text))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => a.index - b.index)[0];
  if (!found) return null;
  return text
    .slice(found.index)
    .split(/\s+/)
    .slice(0, found[0].split(/\s+/).length + 4)
    .join(" ");
}

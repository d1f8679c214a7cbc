/**
 * What kind of clause a resume line is, read from its words alone: a claim
 * of experience, a limitation of it ("I have never led a team", "studying
 * for the AWS exam"), or an aspiration (what the candidate would do or
 * wants, evidence of neither); how far a limitation's cue reaches; and
 * whether a line is a bare list of skills rather than a record of work.
 */
import { tokenize, VADER_LEXICON_TEXT, parseLexicon } from "../../text/index";
import { isSkillsTableRow } from "./date-ranges";
import { LEADING_VERBS } from "./job-words";

/** A claim of experience, a limitation of it, or an aspiration (what the candidate would do or wants), which is evidence of neither. */
export type ClausePolarity = "claim" | "limitation" | "aspiration";

const NEGATIONS = new Set([
  "not",
  "never",
  "no",
  "cannot",
  "can't",
  "haven't",
  "hasn't",
  "hadn't",
  "don't",
  "doesn't",
  "didn't",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "won't",
  "lack",
  "lacks",
  "lacking",
  "limited",
  "little",
  "minimal",
  "unfamiliar",
]);
/** Multi-word limitation cues (on lowercased, space-joined tokens). */
const LIMITATION_PHRASES =
  /\b(in progress|pending|working towards|studying for|new to|yet to|only (at|in|on|with|one|a|an|some|basic|small)|basic (knowledge|understanding|exposure)|some exposure|without (any |formal |direct )?(experience|exposure|knowledge|training|background))\b/;
/** Bad things whose negation is a claim ("never missed", "no lost-time incidents"). */
const NEGATIVE_OBJECTS =
  /^(incidents?|accidents?|injur(y|ies)|downtime|defects?|complaints?|errors?|delays?|breach(es)?|outages?|missed|failures?|lost|lost-time|harm|falls?|infections?|deaths?|turnover|penalt(y|ies)|fines?|findings?)$/;
/** Intentions and motives: "I would bring", "I want to", "interested in", "willing to relocate". */
const ASPIRATION =
  /\b(would|want to|wants to|wish|hope|interested in|keen to|eager to|looking to|applying|motivated by|willing to|open to|plan to|aim to|believe)\b/;
/** Job-title abbreviations read out before stemming. */
const TITLE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  CTO: "CTO chief technology officer",
  CIO: "CIO chief information officer",
  CFO: "CFO chief financial officer",
  CEO: "CEO chief executive officer",
  COO: "COO chief operating officer",
  CNO: "CNO chief nursing officer",
  CMO: "CMO chief marketing officer",
  VP: "VP vice president",
};
/** Computing degree abbreviations read out before stemming, so that "MCS" speaks to "a degree in computer science" (a blind read); business ones stay as written ("business administration" beside "engineering" would read as business development). */
const DEGREE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  MCS: "MCS master of computer science",
  BCS: "BCS bachelor of computer science",
  CSE: "CSE computer science and engineering",
  MCA: "MCA master of computer applications",
  BCA: "BCA bachelor of computer applications",
};
/**
 * A clause with its title and degree abbreviations read out, for stemming (the abbreviation stays).
 *
 * @example
 * readOutAbbreviations("CTO, MCS from Pune University"); // "CTO chief technology officer, MCS master of computer science from Pune University"
 */
export function readOutAbbreviations(text: string): string {
  return text.replace(/\b(C[A-Z]O|VP)\b/g, (a) => TITLE_ABBREVIATIONS[a] ?? a).replace(/\b([MB]C[SA]|CSE)\b/g, (a) => DEGREE_ABBREVIATIONS[a] ?? a);
}
export const WEAKNESS_HEADING =
  /^(?:weakness(?:es)?|gaps?|limitations?|areas? (?:of|for|to) (?:improvement|development|grow\w*)|development areas?)(?:\s+(?:and|&)\s+\w+(?:\s+\w+)?)?\s*:\s*/i;
/**
 * Whether a clause opens another section of a resume, with or without a colon ("EXPERIENCE", "Education",
 * "Skills & Tools:"): what ends a weaknesses section.
 *
 * @example
 * startsSection("EXPERIENCE Led the maintenance team."); // true
 * startsSection("I have no hands-on experience with SAP."); // false
 */
export function startsSection(text: string): boolean {
  return CAPS_HEADING.test(text) || SECTION_WORD.test(text);
}
const CAPS_HEADING = /^[A-Z][A-Z&/-]{3,}(?: [A-Z&/-]{2,})*(?:\s|:|$)/;
const SECTION_WORD =
  /^(?:professional\s+|work\s+|selected\s+|key\s+|technical\s+)?(?:summary|profile|objective|experience|employment|work history|career history|education|qualifications|skills|projects|certifications?|achievements|awards|languages|training|references|personal details|interests|publications)\b/i;

let negativeWords: ReadonlyMap<string, number> | null = null;
/** VADER's lexicon words with valence <= -1 (loaded once): objects whose negation is a claim. */
function isNegativeWord(word: string): boolean {
  if (!negativeWords) negativeWords = new Map([...parseLexicon(VADER_LEXICON_TEXT)].filter(([, v]) => v <= -1));
  return NEGATIVE_OBJECTS.test(word) || negativeWords.has(word);
}

/**
 * A text with a company's legal suffix written short: "Tata Consultancy Services Limited" is a name, not a limitation
 * ("limited experience"). "Limited" after a capitalised word (a "Private" or "Pvt" between) is the suffix.
 *
 * @example
 * companySuffixShort("SAP Developer, Tata Consultancy Services Limited"); // "SAP Developer, Tata Consultancy Services Ltd"
 * companySuffixShort("Limited exposure to Kubernetes"); // unchanged
 */
export function companySuffixShort(text: string): string {
  return text.replace(/(?<=\b[A-Z][\w&.-]*\s+(?:(?:Private|PRIVATE|Pvt\.?|PVT\.?)\s+)?)(?:Limited|LIMITED)\b/g, "Ltd");
}

/**
 * A clause's polarity (see module doc).
 *
 * @example
 * clausePolarity("I have not yet managed capital expenditure above 500,000 dollars"); // "limitation"
 * clausePolarity("Never missed a regulatory deadline in six years");                    // "claim"
 * clausePolarity("Designed an offline-first protocol that works without network coverage"); // "claim"
 * clausePolarity("I would bring stability and strong relationships with brand owners");     // "aspiration"
 */
export function clausePolarity(text: string, underWeaknessHeading = false): ClausePolarity {
  if (WEAKNESS_HEADING.test(text)) return "limitation";
  const tokens = tokenize(companySuffixShort(text));
  const joined = tokens.join(" ");
  const negated = hasNegation(tokens);
  // Under a weaknesses heading every clause is a limitation but a wish with no negation in it: "would also be glad to
  // be considered for an analyst role" is an offer, not a gap.
  if (underWeaknessHeading) return ASPIRATION.test(joined) && !negated && !LIMITATION_PHRASES.test(joined) ? "aspiration" : "limitation";
  if (LIMITATION_PHRASES.test(joined)) return "limitation";
  if (ASPIRATION.test(joined)) return negated && !/\b(would|want|wish|hope|interested|keen|eager|willing|open)\b/.test(joined) ? "limitation" : "aspiration";
  return negated ? "limitation" : "claim";
}

/** How far (in words) a limitation's cue reaches: "studying for the AWS exam ... and contribute small fixes to a USSD library" limits the exam, not USSD. */
export const LIMITATION_REACH = 14;

/**
 * The words of a limitation clause that its limitation is about: from each
 * cue (a negation, "studying for", "basic knowledge", ...) the next
 * LIMITATION_REACH words, up to a "but", "however" or ";"; the whole clause
 * when it has no cue (a clause under a weaknesses heading: "My salary
 * expectations are far above typical scale-up levels").
 *
 * @example
 * limitationScope("I am studying for the AWS exam in the evenings and contribute small fixes to an open-source USSD library"); // "studying for the AWS exam in the evenings and contribute small fixes"
 */
export function limitationScope(text: string): string {
  const tokens = tokenize(companySuffixShort(text));
  const starts: number[] = [];
  tokens.forEach((t, i) => {
    if (NEGATIONS.has(t) && !(t === "not" && tokens[i + 1] === "only")) starts.push(i);
    else if (LIMITATION_PHRASES.test(tokens.slice(i, i + 3).join(" ")) && !LIMITATION_PHRASES.test(tokens.slice(i + 1, i + 3).join(" "))) starts.push(i);
  });
  if (starts.length === 0) return text;
  const kept = new Set<number>();
  for (const start of starts) {
    for (let i = start; i < Math.min(tokens.length, start + 1 + LIMITATION_REACH); i++) {
      if (i > start && /^(but|however|;)$/.test(tokens[i]!)) break;
      kept.add(i);
    }
  }
  return tokens.filter((_, i) => kept.has(i)).join(" ");
}

/** A negation of the candidate's experience: a negation word not followed (within 3 words) by a bad thing, and not "not only". */
function hasNegation(tokens: readonly string[]): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (!NEGATIONS.has(tokens[i]!)) continue;
    if (tokens[i] === "not" && tokens[i + 1] === "only") continue;
    // A negated bad thing within the next three words is a claim ("no lost-time incidents").
    if (tokens.slice(i + 1, i + 4).some(isNegativeWord)) continue;
    return true;
  }
  return false;
}

/**
 * A bare list of skills or tools ("Kotlin, Python, PostgreSQL, USSD gateways, M-Pesa Daraja API"): four or more
 * items split by commas, tildes, bullets, bars, semicolons or "and", of three words or fewer on average, that neither
 * opens with a verb of work done nor dates a post. It names what the candidate
 * knows; it shows no record of doing it, so a strength quotes it only when nothing else meets the item, and says
 * that it is a list.
 *
 * @example
 * isSkillsList("Kotlin, Python, PostgreSQL, USSD gateways, M-Pesa Daraja API, GSM telemetry"); // true
 * isSkillsList("Integrated M-Pesa collections and payouts and a credit-scoring model with a partner bank"); // false
 * isSkillsList("Co-founder and CTO, VoltGrid Systems (fictional), Lagos (2017-2023)"); // false: a post held, dated
 * isSkillsList("Skill Details Communication- Exprience - 6 monthsCompany Details company - description -"); // true: a skills-table row
 */
export function isSkillsList(text: string): boolean {
  // A skills-table row of a resume site's template tags skills with months: a list too ("Communication- Exprience - 6 months").
  if (isSkillsTableRow(text)) return true;
  // A role line ("Co-founder and CTO, VoltGrid Systems, Lagos (2017-2023)") names a post held, with its dates: no list.
  if (/\((?:[^)]*\b(?:19|20)\d{2}\b)|\b(?:19|20)\d{2}\s*(?:-|\u2013|to)\s*(?:(?:19|20)\d{2}|present|date)\b|\b(?:present|till date)\b/i.test(text))
    return false;
  // A record of work opens with what was done ("Led teams in Nairobi, Kampala, Kigali and Dar es Salaam").
  const first = text.trim().split(/\s+/)[0]?.toLowerCase() ?? "";
  if (/^[a-z]+ed$/.test(first) || LEADING_VERBS.has(first)) return false;
  const items = text
    .replace(/\([^)]*\)/g, " ")
    .split(/\s*(?:[,~|\u2022;]|\band\b)\s*/)
    .map((x) => x.trim())
    .filter(Boolean);
  if (items.length < 4) return false;
  const words = items.reduce((n, x) => n + x.split(/\s+/).length, 0);
  return words / items.length <= 3;
}

/** Degree abbreviations that are no English word, in any case ("BSc", "B.TECH", "Mba", "PhD", "PGDM", "M.C.A."); a master of laws with its dot ("LL.M"), since "LLM" is a language model. */
const DEGREE_ABBREVIATION =
  /(?:^|[^\p{L}])(?:B\.?\s?Sc|B\.?\s?Eng|B\.?\s?Tech|B\.?\s?Com|BBA|LLB|LL\.\s?M|M\.?\s?Sc|M\.?\s?Eng|M\.?\s?Tech|MBA|M\.?C\.?A|B\.?C\.?A|Ph\.?\s?D|HND|PGD\w*|B\.E\.|M\.E\.)(?![\p{L}])/iu;
/** Degree abbreviations that are also words or places ("BA" an analyst, "MA" Massachusetts, "MS Excel"): only before a subject. */
const DEGREE_WORDLIKE =
  /(?:^|[^\p{L},]\s?)(?:(?:B\.?A\.?|M\.?A\.?|BE|ME)(?=\s*(?:\(Hons?\)|in\s|of\s|\(?[A-Z][a-z]{3,}))|(?:B\.?S\.?|M\.?S\.?)(?=\s*(?:\(|in\s|of\s)))/u;
/** Words of study ("a degree in", "bachelor's", "master of", "diploma", "post graduation"), not of work ("Master Electrician", "360 degree feedback", "Graduate Engineer", "Scrum Master"). */
const STUDY_WORDS =
  /(?<![\d-]\s?)\bdegree\b(?!\s+feedback)|\bbachelor'?s?\b|(?<!scrum\s)\bmaster'?s?\s+(?:degree|in)\b|\bmaster\s+of\s+(?!ceremonies)|\bdiploma\b|\bpost[- ]?graduat\w*/i;

/**
 * Whether a resume clause is a line of study (a degree held or studied), not of work: what never shows years of a
 * kind of work or the post's own work, and what alone holds a degree must.
 *
 * @example
 * isStudyLine("B.E. in Electronics Engineering, Mumbai University."); // true
 * isStudyLine("B.TECH (CSE) from JNTU, 2014"); // true
 * isStudyLine("Master Electrician, Kenya Power (2019-2023)."); // false
 * isStudyLine("Software Engineer, Acme Corp, Boston, MA (2018-2022)"); // false
 */
export function isStudyLine(text: string): boolean {
  return DEGREE_ABBREVIATION.test(text) || DEGREE_WORDLIKE.test(text) || STUDY_WORDS.test(text);
}

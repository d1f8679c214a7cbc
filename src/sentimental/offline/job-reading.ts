/**
 * How the offline advisors read a job description: the ad is cut into its
 * requirement items (bullets and sentences), each tagged with the section it
 * sits in (requirements, responsibilities, the role, about the company, what
 * is offered), its stems weighted by how specific they are within the ad, the
 * noun phrases it names (used to talk about it), and a minimum number of
 * years when it asks for one ("8+ years", "at least 3 years").
 *
 * Nothing here knows a profession: any ad in English with or without section headings is read the same way.
 */
import { contentTokens, splitSentences } from "../../text/index";
import { AD_FILLER_LIST, CHUNK_BREAK, LEADING_VERBS, MANNER_WORDS, RANK_WORD_LIST, TRAILING_VERBS } from "./job-words";
import { alternativesIn, listedPartTexts } from "./listed-parts";
import type { JobInfo } from "../types";

/** Where an item sits in the ad; it sets how much the item counts (`SECTION_WEIGHT`). */
export type JobSection = "requirements" | "responsibilities" | "role" | "about" | "offer" | "other";

/** How much an item of each section counts in a candidate's assessment (what is offered says nothing about the candidate). */
export const SECTION_WEIGHT: Readonly<Record<JobSection, number>> = {
  requirements: 1,
  responsibilities: 0.8,
  role: 0.5,
  other: 0.6,
  about: 0.25,
  offer: 0,
};

/** A noun phrase of an item: what a resume clause must name to speak to that part of the requirement. */
export interface Topic {
  phrase: string;
  stems: string[];
  /** Mean specificity (idf over the ad's items) of its stems, with a bonus for 2-3 word phrases. */
  weight: number;
}

export interface Requirement {
  /** Position in the ad (0-based, over kept items). */
  id: number;
  section: JobSection;
  /** The item as written (one bullet or sentence), whitespace collapsed. */
  text: string;
  /** Distinct stems of the item's content words. */
  stems: string[];
  /** Noun phrases the item names, most specific first ("vendor negotiation", "unit economics"), with their stems and specificity. */
  topics: Topic[];
  /** How to refer to the item in a sentence: its one or two most specific noun phrases. */
  label: string;
  /** Minimum years of experience the item asks for, if any. */
  years: number | null;
  /** SECTION_WEIGHT of its section. */
  weight: number;
  /** The job title's own item ("the work of a Head of Technology"): a clause that states no role and no years is at most partial support. */
  role?: boolean;
  /**
   * The stems of each part an item lists after its label ("Commercial and financial literacy: budgets, unit
   * economics, vendor negotiation" lists [budget], [unit, econom], [vendor, negoti]); absent when it lists none.
   */
  parts?: string[][];
  /** The ad marks the item as a plus, not a need ("Kiswahili is an advantage", "... is a strong plus", "preferred", under a "Desirable" heading): never a must. */
  advantage: boolean;
}

/** What marks an item as an advantage (see Requirement.advantage); "salary plus equity" is no such mark. */
const ADVANTAGE =
  /\b(?:an?\s+(?:(?:strong|big|great|real|definite|distinct|significant|major|added|clear)\s+)?(?:plus|advantage|bonus|asset)|advantageous|preferred|preferable|desirable|ideally|nice[- ]to[- ]have)\b/i;

/**
 * An item as the ad's items: its "; "-parts that are advantages ("...; Kiswahili is an advantage.") split off as
 * items of their own, the rest kept together.
 *
 * @example
 * advantageParts("Be based in Nairobi; Kiswahili is an advantage."); // [{ text: "Be based in Nairobi", advantage: false }, { text: "Kiswahili is an advantage.", advantage: true }]
 */
export function advantageParts(text: string): Array<{ text: string; advantage: boolean }> {
  const out: Array<{ text: string; advantage: boolean }> = [];
  for (const part of text.split(/;\s+/)) {
    const advantage = ADVANTAGE.test(part);
    const last = out.at(-1);
    if (last && !last.advantage && !advantage) last.text += `; ${part}`;
    else out.push({ text: part, advantage });
  }
  return out;
}

/**
 * A crude stem: lowercased, one common English suffix removed (-ings, -ing,
 * -ations, -ation, -ments, -ment, -ers, -er, -ies, -es, -ed, -ly, -s), then
 * one derivational one (-ation, -ment, -er) and a final -e, then the first 6
 * letters, so that "nurse", "nurses" and
 * "nursing" meet, and "financial" and "finance" too.
 *
 * @example
 * ["nursing", "nurses", "nurse"].map(stemOf);            // ["nurs", "nurs", "nurs"]
 * ["engineering", "engineers"].map(stemOf);              // ["engin", "engin"]
 * ["financial", "finance"].map(stemOf);                  // ["financ", "financ"]
 */
export function stemOf(token: string): string {
  let t = token.toLowerCase();
  // One inflectional or derivational suffix, then one more derivational one ("engineers" -> "engineer" -> "engine").
  t = stripSuffix(t, SUFFIXES);
  t = stripSuffix(t, DERIVATIONAL);
  if (t.length > 4 && t.endsWith("e")) t = t.slice(0, -1);
  return t.slice(0, 6);
}

function stripSuffix(t: string, suffixes: ReadonlyArray<readonly [string, string]>): string {
  for (const [suffix, replacement] of suffixes) {
    if (t.endsWith(suffix) && !(suffix === "s" && t.endsWith("ss")) && t.length - suffix.length + replacement.length >= 3) {
      return t.slice(0, t.length - suffix.length) + replacement;
    }
  }
  return t;
}

const SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ["ings", ""],
  ["ing", ""],
  ["ations", ""],
  ["ation", ""],
  ["ments", ""],
  ["ment", ""],
  ["ers", ""],
  ["er", ""],
  ["ies", "y"],
  ["es", ""],
  ["ed", ""],
  ["ly", ""],
  ["s", ""],
];

const DERIVATIONAL: ReadonlyArray<readonly [string, string]> = [
  ["ation", ""],
  ["ment", ""],
  ["er", ""],
];

/**
 * Stems of a text's content words (stopwords, numbers and 1-letter tokens dropped), in order; a
 * hyphenated word also gives the stems of its parts.
 *
 * @example
 * stemsOf("Managed nursing staff"); // ["manag", "nurs", "staff"]
 * stemsOf("predictive-maintenance"); // ["predic", "mainte"]
 */
export function stemsOf(text: string): string[] {
  // A hyphenated compound also names its parts ("predictive-maintenance" speaks to "predictive maintenance").
  return contentTokens(text).flatMap((t) => {
    if (!t.includes("-")) return [stemOf(t)];
    const parts = t.split("-").filter((p) => p.length > 1 && !/^\d/.test(p));
    return [stemOf(t), ...parts.map(stemOf).filter((p) => p !== stemOf(t))];
  });
}

/** Stems of the rank words of job titles ("chief", "manager", "VP", "director"). */
export const RANK_WORDS: ReadonlySet<string> = new Set([...RANK_WORD_LIST].map(stemOf));
const AD_FILLER: ReadonlySet<string> = new Set([...AD_FILLER_LIST].map(stemOf));

/**
 * A stem that carries content in an ad (not filler).
 *
 * @example
 * [stemOf("budgets"), stemOf("requirements")].map(isContentStem); // [true, false]
 */
export function isContentStem(stem: string): boolean {
  return stem.length >= 2 && !AD_FILLER.has(stem);
}

const HEADINGS: ReadonlyArray<readonly [RegExp, JobSection]> = [
  [/\b(require|qualif|must have|you have|you bring|skills|profile|looking for|who you are|essential|desirable|criteria)/i, "requirements"],
  [/\b(responsib|duties|you will|what you('ll| will) do|key tasks|accountab)/i, "responsibilities"],
  [/\b(offer|benefit|perks|salary|compensation|package|why join)/i, "offer"],
  [/\b(about|who we are|company|organi[sz]ation|our story|overview)/i, "about"],
  [/\b(role|position|job|opportunity)\b/i, "role"],
];

const BULLET = /^\s*(?:[-*\u2022\u25aa\u25cf\u2013\u2014]|\d+[.)])\s+/u;

/** A heading line: short, no sentence punctuation at its end, not a bullet. */
function headingSection(line: string): JobSection | null {
  const words = line.split(/\s+/).filter(Boolean);
  if (BULLET.test(line) || words.length === 0 || words.length > 6 || /[.,;!?]$/.test(line)) return null;
  for (const [pattern, section] of HEADINGS) if (pattern.test(line)) return section;
  return "other";
}

/**
 * Minimum years an item asks for: "8+ years", "at least 3 years", "minimum
 * of 5 years", "3-5 years" (the lower end); null without one.
 *
 * @example
 * yearsAsked("8+ years in technology roles, including at least 3 years leading teams"); // 8
 * yearsAsked("Kiswahili is an advantage"); // null
 */
export function yearsAsked(text: string): number | null {
  const m = /(\d{1,2})\s*(?:\+|-\s*\d{1,2}|to\s+\d{1,2})?\s*(?:years?|yrs?)\b/i.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 40 ? n : null;
}

/** What a years item asks the years of (`yearsObject`). */
export interface YearsObject {
  /** The words after "N years (of experience) in/of/as", as the ad says them: "electrical installation, testing or maintenance". */
  phrase: string;
  preposition: string;
  /** Content stems of the whole phrase (every alternative's). */
  stems: string[];
  /** Kinds of work any one of which counts, as the stems a clause must name ("electrical testing" of "electrical installation, testing or ..."). */
  alternatives: string[][];
  /** One alternative names two or more content stems: a role, not a whole field (as "technology roles" or "Python or Java" are). */
  specific: boolean;
  /** Stems of the qualifier the list's parts share ("electrical" of "electrical installation, testing or maintenance"); empty when none. */
  shared: string[];
  /** Stems of the kind of experience the ad names before the work ("site" of "2+ years of site experience on ..."). */
  kind: string[];
}

/** A comma segment that continues a list of kinds of work ("testing or maintenance", "recruitment or payroll"), not a clause of its own ("with people management"). */
const LIST_SEGMENT = /^(?!(?:with|including|in|on|at|for|as|plus|ideally|preferably)\b)[\p{L}\p{N}&/-]+(?:\s+[\p{L}\p{N}&/-]+){0,2}$/u;
const LIST_LAST =
  /^(?!(?:with|including|in|on|at|for|as|plus|ideally|preferably)\b)(?:[\p{L}\p{N}&/-]+\s+){0,2}(?:or|and)\s+[\p{L}\p{N}&/-]+(?:\s+[\p{L}\p{N}&/-]+){0,2}$/u;

/** The words of a phrase that name a kind of work (filler and rank words name none, in any number). */
function workWords(phrase: string): string[] {
  return phrase.split(/\s+/).filter((w) => {
    const bare = w.toLowerCase().replace(/s$/, "");
    return (
      w.length > 0 && !AD_FILLER_LIST.has(bare) && !RANK_WORD_LIST.has(bare) && !AD_FILLER_LIST.has(w.toLowerCase()) && !RANK_WORD_LIST.has(w.toLowerCase())
    );
  });
}

/**
 * Field adjectives that qualify every kind of work in a list after them ("electrical installation, testing or
 * maintenance" is electrical testing): a resume that never names the field does none of the list's work. A short,
 * explicit list, because the ending of a word does not tell: "public relations, marketing or communications" and
 * "technical support, sales or training" start with compound nouns, and marketing is marketing.
 */
const FIELD_QUALIFIERS: ReadonlySet<string> = new Set(
  `electrical electronic mechanical civil structural chemical industrial automotive aeronautical aerospace biomedical
  environmental hydraulic pneumatic clinical surgical dental veterinary pharmaceutical geotechnical metallurgical
  agricultural mechatronic nuclear marine petroleum`.split(/\s+/),
);

/** Nouns of a discipline ("civil engineering", "marine biology"): an adjective before one qualifies it alone. */
const DISCIPLINE_HEADS: ReadonlySet<string> = new Set(
  "engineering science sciences biology chemistry physics nursing medicine research studies technology".split(" "),
);

/**
 * The alternatives of an object phrase, with a word they share carried to each, and the stems of a field qualifier
 * among them: a list of single words after a longer first one shares its leading words ("electrical installation,
 * testing or maintenance" is electrical testing; "customer service, sales or marketing" reads as customer sales,
 * which a sales manager's years leave unverified, never met), single words before a longer last one share its last
 * word ("building or infrastructure construction"). Only a leading word of FIELD_QUALIFIERS is `shared`: a resume
 * that never names it lacks the list's years. "And" joins alternatives only inside a comma list ("design,
 * installation and testing"); alone it joins one kind of work ("ETL development and data warehousing").
 */
function objectAlternatives(phrase: string): { alternatives: string[][]; shared: string[] } {
  const listed = phrase.includes(",");
  const parts = phrase
    .split(listed ? /\s*,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+/i : /\s+or\s+/i)
    .map((p) => p.replace(/^(?:(?:in|as|of|on|with)\s+)?(?:an?\s+|the\s+)?/i, "").trim())
    .filter(Boolean)
    .map((p) => ({ single: p.split(/\s+/).length === 1, words: workWords(p) }))
    .filter((p) => p.words.length > 0);
  // Only a part the ad wrote as one word takes the shared word ("or in a similar analytical role" is a kind of its own).
  // Only a field qualifier is what the list is about ("electrical"); a shared last word is a head noun the parts may
  // do without in a resume ("DevOps" of "DevOps or cloud infrastructure" is DevOps work without the word).
  let qualifier: string[] = [];
  if (parts.length > 1) {
    const first = parts[0]!;
    const last = parts.at(-1)!;
    const leading = first.words.slice(0, -1);
    // A field adjective before a discipline ("civil engineering, surveying or drafting") belongs to that noun: the
    // other kinds are kinds of their own (a surveyor's years are surveying).
    const discipline = DISCIPLINE_HEADS.has(first.words.at(-1)!.toLowerCase());
    if (first.words.length > 1 && parts.slice(1).every((p) => p.single) && !discipline) {
      if (leading.every((w) => FIELD_QUALIFIERS.has(w.toLowerCase()))) qualifier = leading;
      for (const p of parts.slice(1)) p.words.unshift(...leading);
    } else if (last.words.length > 1 && parts.slice(0, -1).every((p) => p.single)) for (const p of parts.slice(0, -1)) p.words.push(last.words.at(-1)!);
  }
  const content = (words: readonly string[]) => [...new Set(stemsOf(words.join(" ")).filter(isContentStem))];
  return { alternatives: parts.map((p) => content(p.words)).filter((stems) => stems.length > 0), shared: content(qualifier) };
}

/**
 * What a years item asks the years of: the words after "N years (of
 * experience) in/of/as" up to the next comma or "including" (a list of kinds
 * of work runs on over its commas: "electrical installation, testing or
 * maintenance"), as the ad says them (with its preposition), as content
 * stems and as alternatives, any one of which counts (`objectAlternatives`);
 * null when the item names nothing but experience ("5+ years of
 * experience"). `specific` when an alternative names two or more content
 * stems ("teaching secondary mathematics"): a role, not the field of the
 * whole career ("technology roles"), so that the reader counts only years of
 * that role (physics teaching is not mathematics teaching).
 *
 * @example
 * yearsObject("At least 5 years of experience teaching secondary mathematics.")?.phrase; // "teaching secondary mathematics"
 * yearsObject("2+ years of experience in electrical installation, testing or maintenance.")?.alternatives;
 *   // [["electr", "instal"], ["electr", "test"], ["electr", "mainte"]] (stems)
 * yearsObject("8+ years in technology roles")?.specific; // false
 * yearsObject("8+ years of experience"); // null
 */
export function yearsObject(text: string): YearsObject | null {
  const m =
    /\d{1,2}\s*(?:\+|-\s*\d{1,2}|to\s+\d{1,2})?\s*(?:years?|yrs?)\b(?:\s+of\s+(?:relevant\s+|professional\s+|([\p{L}-]+)\s+)?experience)?(?:\s+(of|in|as|with|on))?\s+([^;.()]+)/iu.exec(
      text,
    );
  if (!m) return null;
  const [, kind, preposition, object] = m;
  const segments = object!.split(/\s*,\s*/);
  let phrase = segments[0]!;
  // The list runs on over short names of work and ends at its first "or"/"and" segment ("..., and some travel" is not in it).
  for (let end = 1; end < segments.length; end++) {
    if (LIST_LAST.test(segments[end]!)) {
      phrase = segments.slice(0, end + 1).join(", ");
      break;
    }
    if (!LIST_SEGMENT.test(segments[end]!)) break;
  }
  phrase = phrase.split(/\s+(?:including|and at least|with at least|plus)\b/i)[0]!.trim();
  const work = phrase.replace(MANNER_WORDS, ""); // hands-on blockchain development is blockchain development
  const stems = [...new Set(stemsOf(workWords(work).join(" ")).filter(isContentStem))];
  if (stems.length === 0) return null;
  const { alternatives, shared } = objectAlternatives(work);
  // "2+ years of site experience on building ...": the label keeps the kind of experience; the alternatives need not.
  return {
    phrase: kind ? `${kind} experience ${(preposition ?? "in").toLowerCase()} ${phrase}` : phrase,
    preposition: kind ? "of" : (preposition ?? "of").toLowerCase(),
    stems,
    alternatives: alternatives.length > 0 ? alternatives : [stems],
    // A list of kinds of work with a role of two words or more in it is of those kinds ("HR operations, recruitment or payroll").
    specific: alternatives.length > 1 ? alternatives.some((a) => a.length >= 2) : stems.length >= 2,
    shared,
    kind: kind && !MANNER_WORDS.test(`${kind} `) ? stemsOf(kind).filter(isContentStem) : [],
  };
}

/** The ad's items: bullets, and the sentences of other lines, with the section each sits under. */
function jobItems(text: string): Array<{ section: JobSection; text: string; advantage: boolean }> {
  const items: Array<{ section: JobSection; text: string; advantage: boolean }> = [];
  let section: JobSection = "other";
  // Items under a "Desirable" / "Nice to have" / "Preferred" heading are advantages.
  let soft = false;
  const push = (item: string) => {
    for (const part of advantageParts(item)) items.push({ section, text: part.text, advantage: soft || part.advantage });
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const heading = headingSection(line);
    if (heading) {
      section = heading;
      soft = ADVANTAGE.test(line);
      continue;
    }
    if (BULLET.test(line)) push(line.replace(BULLET, "").trim());
    else for (const s of splitSentences(line)) push(s);
  }
  return items;
}

/**
 * Reads a job description into its requirement items (items with fewer than
 * two content stems, or only the job title's, are dropped, except an
 * advantage naming one thing, "Kiswahili is an advantage"; an item's
 * advantage parts are items of their own, `advantageParts`; offers are kept
 * with weight 0 so that the ad's structure stays visible), plus one item for
 * experience in the role itself (the title's domain words).
 *
 * @example
 * const items = readJob({ title: "Nurse", organization: "X", text: "Requirements\n- 5+ years of ICU nursing\n- BLS and ACLS certification" });
 * items.map((r) => [r.section, r.years, r.label]);
 * // [["requirements", 5, "ICU nursing"], ["requirements", null, "ACLS certification and BLS"]]
 * items[0].topics.map((t) => t.phrase); // ["ICU nursing"]
 */
export function readJob(job: JobInfo): Requirement[] {
  // Items that only restate the job title ("We are hiring our first Head of Technology") say nothing to check.
  const titleStems = new Set(stemsOf(job.title));
  const items = jobItems(job.text)
    .map((item) => ({ ...item, text: item.text.replace(/\s+/g, " ") }))
    .filter((item) => {
      const stems = new Set(stemsOf(item.text).filter(isContentStem));
      // An advantage names one thing and its mark ("Kiswahili is an advantage"): one content stem is enough.
      return (stems.size >= 2 || (item.advantage && stems.size === 1)) && [...stems].some((s) => !titleStems.has(s));
    });
  const names = capitalisedInside(job.text);
  // What the hire works with ("the Plant Manager", "the CFO") is not a skill to look for in a resume.
  const phrases = items.map((item) => nounPhrases(item.text, names).filter((p) => !isPersonMention(p)));
  const itemStems = phrases.map((list) => [...new Set(list.flatMap((p) => stemsOf(p)).filter(isContentStem))]);
  const docFreq = new Map<string, number>();
  for (const stems of itemStems) for (const s of stems) docFreq.set(s, (docFreq.get(s) ?? 0) + 1);
  const specificity = (stem: string) => Math.log((1 + items.length) / (1 + (docFreq.get(stem) ?? 0))) + 1;
  const kept = items.map((item, id) => {
    // Mean specificity of a phrase's stems, with a bonus for two- and three-word phrases (they name a thing precisely).
    const topics: Topic[] = phrases[id]!.map((phrase) => {
      const stems = [...new Set(stemsOf(phrase).filter(isContentStem))];
      const mean = stems.reduce((a, s) => a + specificity(s), 0) / Math.max(1, stems.length);
      return { phrase, stems, weight: stems.length === 0 ? 0 : mean * (1 + 0.3 * Math.min(stems.length - 1, 2)) };
    })
      .filter((t) => t.weight > 0)
      .sort((a, b) => b.weight - a.weight || (a.phrase < b.phrase ? -1 : 1));
    return {
      id,
      section: item.section,
      text: item.text,
      stems: itemStems[id]!,
      topics,
      label: topicLabel(topics, item.text),
      ...listedPartsOf(item.text),
      years: yearsAsked(item.text),
      weight: SECTION_WEIGHT[item.section],
      advantage: item.advantage,
    };
  });
  const role = roleRequirement(job.title, specificity, kept.length);
  return role ? [...kept, role] : kept;
}

/**
 * The parts an item lists after its label (listed-parts.ts), as their content stems: "Commercial and financial
 * literacy: budgets, unit economics, vendor negotiation" lists [budget], [unit, econom], [vendor, negoti]. Two parts or
 * none: a phrase's qualifiers ("GCSE" in "improving GCSE or A level results") are no list.
 *
 * @example
 * listedParts("Commercial and financial literacy: budgets, unit economics, vendor negotiation."); // [["budget"], ["unit", "econom"], ["vendor", "negoti"]]
 * listedParts("A record of improving GCSE or A level results"); // []
 */
export function listedParts(text: string): string[][] {
  const parts = listedPartTexts(text)
    .map((part) => [...new Set(stemsOf(part).filter(isContentStem))])
    .filter((stems) => stems.length > 0);
  return parts.length >= 2 ? parts : [];
}

function listedPartsOf(text: string): { parts?: string[][] } {
  const parts = listedParts(text);
  return parts.length > 0 ? { parts } : {};
}

/**
 * The first thing any panel asks, whether or not the ad spells it out:
 * has the candidate done this kind of job? An item for the job title's
 * domain words (rank words removed: "HR Executive" -> "HR"), with the
 * weight of a requirement.
 */
function roleRequirement(title: string, specificity: (stem: string) => number, id: number): Requirement | null {
  const words = title
    .replace(/[()]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !RANK_WORDS.has(stemOf(w)) && !CHUNK_BREAK.has(w.toLowerCase()));
  const stems = [...new Set(words.flatMap((w) => stemsOf(w)).filter(isContentStem))];
  if (stems.length === 0) return null;
  const phrase = words.join(" ");
  const weight = stems.reduce((a, s) => a + specificity(s), 0) / stems.length;
  return {
    id,
    section: "requirements",
    text: `Experience in ${indefinite(title)} ${title} role or a close equivalent`,
    stems,
    topics: [{ phrase, stems, weight }],
    label: `the work of ${indefinite(title)} ${title}`,
    years: null,
    weight: SECTION_WEIGHT.requirements,
    role: true,
    advantage: false,
  };
}

/**
 * A noun phrase that names a person by role ("Plant Manager", "Chief
 * Nursing Officer", "CFO"): it holds a rank word or is a C-suite acronym.
 *
 * @example
 * isPersonMention("Plant Manager"); // true
 * isPersonMention("plant uptime");  // false
 */
export function isPersonMention(phrase: string): boolean {
  return phrase.split(/\s+/).some((w) => /^C[A-Z]{1,2}O$/.test(w) || (RANK_WORDS.has(stemOf(w)) && !COLLECTIVE_RANKS.has(stemOf(w))));
}

/** Rank words that also name groups or levels, not a person ("engineering teams", "shift lead", "general surgery"). */
const COLLECTIVE_RANKS: ReadonlySet<string> = new Set(
  ["lead", "team", "group", "staff", "partner", "member", "board", "general", "global", "regional", "executive", "senior", "junior"].map(stemOf),
);

/** Capitalised words that are not the first word of a line or sentence: the ad's names ("Nairobi", "M-Pesa"). */
function capitalisedInside(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/(?<![.!?:\n*\u2022-]\s*|^)(?<=\s)([A-Z][\w-]*)/g)) names.add(m[1]!);
  return names;
}

/**
 * "a" or "an" before a word: "an" before a vowel sound, including acronyms read letter by letter.
 *
 * @example
 * ["HR Executive", "ICU Nurse Lead", "Head of Technology", "engineer"].map(indefinite); // ["an", "an", "a", "an"]
 */
export function indefinite(word: string): string {
  const first = word.trim().split(/\s+/)[0] ?? "";
  if (/^[A-Z]{2,}\b/.test(first)) return /^[AEFHILMNORSX]/.test(first) ? "an" : "a";
  return /^[aeiou]/i.test(first) && !/^(uni|use|usu|eu|one)/i.test(first) ? "an" : "a";
}

/**
 * Specificity weight of each stem of an ad, ln((1 + n) / (1 + df)) + 1 over its n items, for evidence scores.
 *
 * @example
 * stemWeights(readJob(job)).get("budget"); // higher when few items mention budgets
 */
export function stemWeights(requirements: readonly Requirement[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const r of requirements) for (const s of r.stems) df.set(s, (df.get(s) ?? 0) + 1);
  const n = requirements.length;
  return new Map([...df].map(([s, d]) => [s, Math.log((1 + n) / (1 + d)) + 1]));
}

/** Up to two topics joined with "and", or with "or" when the ad offers them as alternatives; the item's opening words when it names none. */
function topicLabel(topics: readonly Topic[], text: string): string {
  const picked = topics.slice(0, 2).map((t) => withArticle(t.phrase));
  if (picked.length === 0)
    return text
      .split(/\s+/)
      .slice(0, 6)
      .join(" ")
      .replace(/[,;:.]+$/, "");
  return picked.join(topics.length > 1 && alternativesIn(text, topics[0]!.phrase, topics[1]!.phrase) ? " or " : " and ");
}

// Grammar helpers for the noun phrases of an ad: these are English function
// words and verbs, not a vocabulary of any profession.

/** Words that end a noun phrase chunk (function words; "and"/"or" split coordinated phrases). */

/**
 * Noun-phrase chunks of a sentence: runs of words between punctuation and
 * function words, with leading verbs and adjectives of ads and trailing
 * adverbs stripped; one-word chunks are kept when they look like nouns
 * (acronyms, capitalised names, nominal suffixes).
 *
 * @example
 * nounPhrases("Commercial and financial literacy: budgets, unit economics, vendor negotiation");
 * // ["financial literacy", "budgets", "unit economics", "vendor negotiation"]
 */
export function nounPhrases(text: string, names: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  // A capitalised first word is a name only if the ad capitalises it elsewhere too.
  // ("Harbourview General Hospital": a capitalised word followed by another is part of a name.)
  const opening = /^([A-Z][a-z]+)\b(?! [A-Z])/.exec(text)?.[1];
  const normalised = opening && !names.has(opening) ? opening.toLowerCase() + text.slice(opening.length) : text;
  for (const piece of normalised.split(/[,;:()[\]/.!?"\u201c\u201d]+|\s[-\u2013\u2014]\s/)) {
    let chunk: string[] = [];
    const flush = () => {
      const phrase = trimChunk(chunk);
      if (phrase) out.push(phrase);
      chunk = [];
    };
    const pieceWords = piece.split(/\s+/).filter(Boolean);
    pieceWords.forEach((word, i) => {
      const bare = word.replace(/^['\u2018]+|['\u2019]+$/g, "");
      // "A level" (the English exam) is a name, not the article "a" before "level".
      if (bare === "A" && /^levels?$/i.test(pieceWords[i + 1] ?? "") && pieceWords[i + 2]?.toLowerCase() !== "of") chunk.push(bare);
      else if (CHUNK_BREAK.has(bare.toLowerCase()) || /^\d/.test(bare) || /^[+%&]+$/.test(bare)) flush();
      else chunk.push(bare);
    });
    flush();
  }
  return [...new Set(out)];
}

function trimChunk(words: readonly string[]): string | null {
  let w = words.slice();
  while (w.length > 0 && (LEADING_VERBS.has(w[0]!.toLowerCase()) || AD_FILLER.has(stemOf(w[0]!)))) w = w.slice(1);
  while (w.length > 0 && (/(ly|[^e]ed)$/i.test(w.at(-1)!) || TRAILING_VERBS.has(w.at(-1)!.toLowerCase()) || AD_FILLER.has(stemOf(w.at(-1)!)))) {
    w = w.slice(0, -1);
  }
  if (w.length === 0 || w.length > 4) return w.length > 4 ? w.slice(-3).join(" ") : null;
  if (w.length === 1 && !looksNominal(w[0]!)) return null;
  return w.join(" ");
}

/** A single word that reads as a noun: an acronym or name, or a nominal ending. */
function looksNominal(word: string): boolean {
  if (/^[A-Z0-9][A-Za-z0-9-]*[A-Z0-9]$/.test(word) && /[A-Z].*[A-Z0-9]|^[A-Z]{2,}/.test(word)) return true;
  if (/^[A-Z][a-z]/.test(word)) return true;
  return /(tion|sion|ment|ity|ics|ance|ence|ogy|ship|ness|ism|ure|age|ing|ist|ists|ors|ers|ets|ts|ls|ds|ns|ms|ps)$/i.test(word) && word.length > 4;
}

/** "the" before a singular common-noun phrase; none before plurals, mass nouns in -ing/-tion/..., names and acronyms. */
function withArticle(phrase: string): string {
  const first = phrase.split(" ")[0]!;
  const last = phrase.split(" ").at(-1)!;
  if (/^[A-Z]/.test(first) || /[A-Z]{2}/.test(phrase)) return phrase;
  if (/(s|ing|tion|sion|ment|ity|ics|ance|ence|ogy|ship|ness|ism|ware|data|care|cy|ure|ise|ize)$/i.test(last)) return phrase;
  return `the ${phrase}`;
}

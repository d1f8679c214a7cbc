/**
 * The years and dates of a resume: the years it states (`statedYears`), its
 * work date ranges in their written forms (`dateRanges`), the year "present"
 * stands for (`referenceYear`), the career's span (`rangeYears`) and the role
 * each clause stands under (`clauseRanges`). One reader, so that the career's
 * years (resume-reading.ts) and the years of leading a team
 * (hard-requirements.ts) never read a range two ways. Nothing here reads the clock.
 */
import { splitSentences } from "../../text/index";

/** A heading that opens a section of a resume ("Skills:", "Weaknesses and gaps:"). */
export const ANY_HEADING = /^[A-Z][A-Za-z ]{2,30}:\s/;

/**
 * A skills-table entry of a resume site's template: "SDLC- Exprience - 75 months", its
 * placeholder "Jira- Exprience - Less than 1 year months" (the site's default, which says
 * nothing). An entry is years with that one skill, not the career's.
 */
const SKILL_ENTRY = /[-\u2013]\s*Ex\w{0,3}rience\s*[-\u2013:]\s*(?:(\d+)\s*\+?\s*months?|less than (?:a|1|one) year\s*months?)/gi;
/** The placeholder of a skills table ("Less than 1 year months"): unknown, not half a year. */
const PLACEHOLDER = /less than (?:a|1|one) years?\s*months?\b/gi;

const SPELLED: Readonly<Record<string, number>> = Object.fromEntries(
  "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty"
    .split(" ")
    .map((w, i) => [w, i + 1]),
);

/** A count spelled out before years or months as digits ("six month experience" -> "6 month experience"); "two-year retention" stays an adjective. */
function spelledCounts(text: string): string {
  return text.replace(/\b([a-z]+)(?=\s+(?:years?|yrs?|months?)\b)/gi, (w) => String(SPELLED[w.toLowerCase()] ?? w));
}

/**
 * Most years of experience a text states: "N years" / "N-year" / "N+ yrs",
 * "N years M months" (N + M/12), "N months" (/ 12), "less than a year" as 0.5,
 * counts spelled out ("six months"); ages ("N years old"), spans in the past
 * ("N years ago") and how long an achievement took ("in 3 years") are not experience;
 * values above 45 are ignored; a skills table's placeholder ("Less than 1 year
 * months") states nothing. With `months` false, only statements in years count
 * ("1 year 3 months" is one).
 *
 * @example
 * statedYears("Engineering leader with 11 years in software; 24 months of Python"); // 11
 * statedYears("Experience:- 1 Year 3 Months");                                       // 1.25
 * statedYears("Jira- Exprience - Less than 1 year months");                          // null
 * statedYears("I have six month experience in Data Science.");                       // 0.5
 * statedYears("raised flake yield from 74% to 81% in three years");                  // null
 */
export function statedYears(text: string, months = true): number | null {
  let best: number | null = null;
  const take = (v: number) => {
    if (v > 0 && v <= 45 && (best === null || v > best)) best = v;
  };
  // A resume site's template glues the next heading on ("60 monthsCompany Details").
  const said = spelledCounts(text.replace(/\b(months?|years?)(?=[A-Z][a-z])/g, "$1 ").replace(PLACEHOLDER, " "));
  // "less than 1 year" is not a year; "in 3 years" is how long an achievement took, not experience.
  for (const m of said.matchAll(/(?<!less than\s+|\b(?:in|within)\s+)\b(\d+(?:\.\d+)?)\s*\+?\s*-?\s*(years?|yrs?)\b(?!\s+(old|ago))/gi)) take(Number(m[1]));
  for (const m of said.matchAll(/(?<!less than\s+|\b(?:in|within)\s+)\b(\d{1,2})\s*(?:years?|yrs?)\s*(?:and\s+|,\s*)?(\d{1,2})\s*months?\b(?!\s+ago)/gi))
    if (Number(m[2]) < 12) take(Number(m[1]) + Number(m[2]) / 12);
  if (!months) return best;
  for (const m of said.matchAll(/(?<!\b(?:in|within)\s+)\b(\d+)\s*\+?\s*months?\b/gi)) take(Number(m[1]) / 12);
  if (/less than (a|1|one) year/i.test(said)) take(0.5);
  return best;
}

/**
 * A text without its skills-table entries (`SKILL_ENTRY`): what it states of the career.
 *
 * @example
 * careerText("Java- Exprience - 36 months. Developer for 2 years."); // "Java. Developer for 2 years."
 */
export function careerText(text: string): string {
  return text.replace(SKILL_ENTRY, "");
}

/**
 * A clause of a skills table and nothing more: skills-table entries (`SKILL_ENTRY`), with at most three words of the
 * site's template besides ("Skill Details", "Company Details company - description -"). It tags a skill with months;
 * it describes no work done with it.
 *
 * @example
 * isSkillsTableRow("Skill Details Communication- Exprience - 6 monthsCompany Details company - description -"); // true
 * isSkillsTableRow("Skill Details EXCEL- Exprience - 23 months HTML- Exprience - 6 months"); // true
 * isSkillsTableRow("EXCEL- Exprience - 23 months. Prepared the monthly MIS for the plant."); // false
 */
export function isSkillsTableRow(text: string): boolean {
  if (!new RegExp(SKILL_ENTRY.source, "i").test(text)) return false;
  // Each entry with its skill's name (up to three words before it).
  const entries = new RegExp(String.raw`(?:[\w.#+/&]+\s?){1,3}?` + SKILL_ENTRY.source, "gi");
  const rest = text.replace(entries, " ").replace(/\b(?:skill|details|company|description)\b|[-\u2013:.,]/gi, " ");
  return rest.split(/\s+/).filter(Boolean).length <= 3;
}

/**
 * The most years one skills-table entry states ("SDLC- Exprience - 75 months" is 6.25);
 * null without an entry with a number (placeholders state none).
 *
 * @example
 * skillTableYears("SDLC- Exprience - 75 months VISIO- Exprience - 60 months Jira- Exprience - Less than 1 year months"); // 6.25
 */
export function skillTableYears(text: string): number | null {
  const months = [...text.matchAll(SKILL_ENTRY)].filter((m) => m[1] !== undefined).map((m) => Number(m[1]));
  return months.length > 0 ? Math.max(...months) / 12 : null;
}

/** Months by their names' first three letters (a range's "Jan 2019", "March 2022"). */
const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const YEAR = "(?:19[5-9]\\d|20[0-4]\\d)";
const DASH = "(?:-|\\u2013|\\u2014)";
/**
 * A work date range: a start (month name, "MM/" or none, then a year), a
 * separator (a dash, "to", "till", "until"), and an end (the same forms, or
 * "present" / "now" / "current" / "(till) date" / "today", or two digits after
 * a dash, "2019-22").
 */
const DATE_RANGE = new RegExp(
  `\\b(?:(${MONTH})\\.?,?\\s+|(\\d{1,2})/)?(${YEAR})\\s*(?:${DASH}\\s*(\\d{2})\\b(?![/.-]?\\d|\\s*%)|(?:${DASH}|to|till|until)\\s*(?:(${MONTH})\\.?,?\\s+|(\\d{1,2})/|[A-Za-z]{3,9}\\.?,?\\s+|till\\s+)?(${YEAR}|present|now|current|date|today)\\b)`,
  "gi",
);
/** An open range written as its start: "since May 2015", "Since 2012" (a year, not "since 2012's merger"). */
const SINCE = new RegExp(`\\bsince\\s+(?:(${MONTH})\\.?,?\\s+)?(${YEAR})\\b(?!['\u2019]|\\s*-)`, "gi");
/** Sentences about education: their ranges are not work. */
const EDUCATION = /\b(BSc|BA|BEng|BTech|BCom|MSc|MA|MBA|PhD|degree|universit\w*|college|school|diploma|bootcamp|certificate|PGCE|education)\b/i;

/** A date range a text names, in years (a month is a twelfth: "Mar 2022" is 2022 + 2/12; a bare year is that year). */
export interface DateRange {
  start: number;
  /** The end; for an open range ("present"), the reference year (`referenceYear`). */
  end: number;
  /** Ends "present", "now", "current", "date" or "today": the years are a lower bound. */
  open: boolean;
  /** The range as written (a two-digit year after an apostrophe, "Aug '17", in full). */
  text: string;
}

/** A month's twelfth of a year: by name ("Mar") or number ("03"); 0 without one or for a number outside 1-12. */
function monthPart(name: string | undefined, number: string | undefined): number {
  if (name) return MONTH_NAMES.indexOf(name.slice(0, 3).toLowerCase()) / 12;
  const n = Number(number ?? 0);
  return n >= 1 && n <= 12 ? (n - 1) / 12 : 0;
}

/**
 * Years written after a month and an apostrophe ("Aug '17", "Jan '2012") in full ("Aug 2017"):
 * '50-'99 in the 1900s, the rest in the 2000s.
 */
function fullYears(text: string): string {
  return text.replace(new RegExp(`\\b(${MONTH})\\.?,?\\s*['\u2019](\\d{4}|\\d{2})\\b`, "gi"), (_, month: string, y: string) =>
    y.length === 4 ? `${month} ${y}` : `${month} ${Number(y) >= 50 ? 19 : 20}${y}`,
  );
}

/**
 * The year "present" stands for in a resume: the latest year it names (in a
 * date, a range's end "2019-22" included), or the year its collection is known
 * to have reached (`collected`, declared by the data set, never the clock) when
 * that is later; null when it names none and none is given. A lower bound of
 * the date the resume was written: an open range read to it ("2017-present")
 * gives at least its years, never more (`rangeSpan` marks it open).
 *
 * @example
 * referenceYear("Lead Data Scientist (2017-present). Innovation award 2021."); // 2021
 * referenceYear("Analyst (2017-present).", 2019);                              // 2019
 */
export function referenceYear(text: string, collected: number | null = null): number | null {
  const full = fullYears(text);
  const years = [...full.matchAll(new RegExp(`\\b(${YEAR})\\b`, "g"))].map((m) => Number(m[1]));
  for (const r of dateRanges(full, 0)) if (!r.open) years.push(Math.floor(r.end));
  if (collected !== null) years.push(collected);
  return years.length > 0 ? Math.max(...years) : null;
}

/**
 * The work date ranges a text names, in its order ("(2015-2019)",
 * "2019-present", "June 2014 to May 2015", "Jan 2019 - Mar 2022",
 * "03/2019 - present", "2019-22", "May 2018 to till date", "Aug '17 till date", "since May 2015"); an open end is
 * `present` (the reference year, `referenceYear`, unless given). A range
 * that ends before it starts is none. The one reader of ranges: the career's
 * span (`rangeYears`) and the leadership years of roles (hard-requirements.ts)
 * both read them here.
 *
 * @example
 * dateRanges("Analyst, Acme (Jan 2019 - Mar 2022). Lead (03/2022 - present).", 2023).map((r) => [r.start, r.end, r.open]);
 * // [[2019, 2022.1666..., false], [2022.1666..., 2023, true]]
 */
export function dateRanges(text: string, present: number | null = referenceYear(text)): DateRange[] {
  const out: Array<DateRange & { at: number }> = [];
  const full = fullYears(text);
  // "since May 2015", "Since 2012": open from then.
  for (const m of full.matchAll(SINCE)) {
    const start = Number(m[2]) + monthPart(m[1], undefined);
    out.push({ start, end: Math.max(start, present ?? start), open: true, text: m[0], at: m.index ?? 0 });
  }
  for (const m of full.matchAll(DATE_RANGE)) {
    const startYear = Number(m[3]);
    const start = startYear + monthPart(m[1], m[2]);
    let end: number;
    let open = false;
    if (m[4] !== undefined) {
      // "2019-22": the end in the start's century (the next one across 2000), within 15 years.
      let y = Math.floor(startYear / 100) * 100 + Number(m[4]);
      if (y < startYear) y += 100;
      if (y - startYear > 15) continue;
      end = y;
    } else if (/^\d/.test(m[7]!)) end = Number(m[7]) + monthPart(m[5], m[6]);
    else {
      open = true;
      end = Math.max(start, present ?? start);
    }
    if (end < start) continue;
    out.push({ start, end, open, text: m[0], at: m.index ?? 0 });
  }
  return out.sort((a, b) => a.at - b.at).map(({ at: _at, ...r }) => r);
}

/**
 * Years of work the resume's date ranges span (`dateRanges`): from the
 * earliest start to the latest end, "present" read as the reference year
 * (`referenceYear`). Ranges in an education sentence (a degree, a
 * university, a school) are not work. Null without a range.
 *
 * @example
 * rangeYears(["Head of Engineering (2019-present). Engineer (2013-2015). Certificate (2021)."]); // 8
 */
export function rangeYears(passages: readonly string[], collected: number | null = null): number | null {
  return rangeSpan(passages, collected)?.years ?? null;
}

/**
 * The span of `rangeYears` with `open`: its latest end is an open range's
 * ("Feb 2018 till date"), so the years are a lower bound (the resume was
 * written on or after the reference year, and the role went on to then).
 *
 * @example
 * rangeSpan(["Analyst (Nov 2017 to Feb 2018). Business Analyst (Feb 2018 till date). Award 2018."]); // { years: 0.25, open: true }
 */
export function rangeSpan(passages: readonly string[], collected: number | null = null): { years: number; open: boolean } | null {
  const text = passages.join(" ");
  const present = referenceYear(text, collected);
  let first = Infinity;
  let last = -Infinity;
  let open = false;
  for (const sentence of splitSentences(text)) {
    if (EDUCATION.test(sentence)) continue;
    for (const r of dateRanges(sentence, present)) {
      first = Math.min(first, r.start);
      if (r.end > last) open = r.open;
      else if (r.end === last) open ||= r.open;
      last = Math.max(last, r.end);
    }
  }
  return Number.isFinite(first) && last >= first ? { years: roundMonths(last - first), open } : null;
}

/** The career's years of a resume (see resume-reading.ts `ResumeReading`). */
export interface CareerYears {
  years: number | null;
  careerYears: number | null;
  careerFloor: number | null;
  referenceYear: number | null;
}

/**
 * The career's years of a resume's passages: the most a statement gives
 * (skills-table entries left out, `careerText`; `years` with statements in
 * months, `careerYears` in years only) or the date ranges span (`rangeSpan`),
 * the larger; `careerFloor`, the career's years when they are only a lower
 * bound: the span, when its latest range is open or one skills-table entry
 * states more years than it, or a statement "over N years", when no exact
 * statement reaches them; any career's years a skills-table entry outdoes
 * (a project's "Duration: 2 yrs 2 months" beside 96 months of a skill).
 * `collected`: the year the data set's collection is known to have reached
 * (`referenceYear`), null when it declares none.
 *
 * @example
 * careerOf(["SDLC- Exprience - 75 months", "Analyst (Nov 2017 to Feb 2018). Business Analyst (Feb 2018 till date)."]);
 * // { years: 0.25, careerYears: 0.25, careerFloor: 0.25, referenceYear: 2018 }
 */
export function careerOf(passages: readonly string[], collected: number | null = null): CareerYears {
  const text = passages.join(" ");
  const said = careerText(text);
  const span = rangeSpan(passages, collected);
  const larger = (a: number | null) => (a === null ? (span?.years ?? null) : span === null ? a : Math.max(a, span.years));
  const careerYears = larger(statedYears(said, false));
  // What the career is at least: an open or outdone span, or a statement "over N years"; a floor when no exact statement reaches it.
  const skill = skillTableYears(text);
  const spanFloor = span !== null && (span.open || (skill !== null && skill > span.years));
  const over = statedYears([...said.matchAll(OVER)].map((m) => m[0]).join("; "), false);
  const exact = statedYears(said.replace(OVER, " "), false);
  // A statement one skills-table entry outdoes ("Duration: 2 yrs 2 months" of one project beside "Shell Scripting-
  // Exprience - 96 months") is a project's length, not the career's: at least, never all of it.
  const outdone = careerYears !== null && skill !== null && skill > careerYears;
  const bound =
    outdone || (careerYears !== null && (exact === null || exact < careerYears) && (careerYears === over || (spanFloor && careerYears === span.years)));
  return { years: larger(statedYears(said)), careerYears, careerFloor: bound ? careerYears : null, referenceYear: referenceYear(text, collected) };
}

/**
 * Are the most years a text states (`statedYears`) only a lower bound, "over 1.5 years", with no exact statement
 * reaching them?
 *
 * @example
 * statesAtLeast("With over 1.5 years of experience worked as Asst. Electrical Engineer"); // true
 * statesAtLeast("Over 2 years in sales, 4 years in total");                              // false
 */
export function statesAtLeast(text: string): boolean {
  const over = statedYears([...text.matchAll(OVER)].map((m) => m[0]).join("; "));
  const exact = statedYears(text.replace(OVER, " "));
  return over !== null && (exact === null || exact < over);
}

/** A statement of years as a lower bound: "over 1.5 years", "more than 10 years", "in excess of 5 years". */
const OVER = /\b(?:over|more than|in excess of)\s+\d+(?:\.\d+)?\s*\+?\s*(?:years?|yrs?)\b(?!\s+(?:old|ago))/gi;

/** Years to the month (floating sums of twelfths made exact enough to compare and print). */
export function roundMonths(years: number): number {
  return Math.round(years * 12) / 12;
}

/**
 * The date ranges each clause of a reading stands under, in clause order: its
 * own work ranges, else those of the dated role it follows in the resume
 * (across passages: a role's bullets are passages of their own; "Lead Data
 * Scientist, Lumentek (2017-present). Lead a team of 5 data scientists."
 * gives the second clause 2017-present), `inherited` then. A
 * clause that opens a section ("Education:", "Skills:") or names a year in
 * brackets without a range ("Intern, Kenya Power (2021)") ends the role; a
 * clause about education has none.
 *
 * @example
 * clauseRanges(readResume(["Lead, Acme (2017-2021). Lead a team of 5 engineers. Skills: SQL."])).map((r) => r.ranges.length); // [1, 1, 0]
 */
export function clauseRanges(reading: {
  clauses: ReadonlyArray<{ text: string }>;
  referenceYear: number | null;
}): Array<{ ranges: DateRange[]; inherited: boolean }> {
  const out: Array<{ ranges: DateRange[]; inherited: boolean }> = [];
  let role: DateRange[] = [];
  for (const c of reading.clauses) {
    const own = EDUCATION.test(c.text) ? [] : dateRanges(c.text, reading.referenceYear);
    if (own.length > 0) {
      role = own;
      out.push({ ranges: own, inherited: false });
      continue;
    }
    if (ANY_HEADING.test(c.text) || EDUCATION.test(c.text) || new RegExp(`\\(([^()]*\\D)?${YEAR}\\)`).test(c.text)) role = [];
    out.push({ ranges: role, inherited: role.length > 0 });
  }
  return out;
}

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
 * Most years of experience a text states: "N years" / "N-year" / "N+ yrs"
 * and "N months" (/ 12), "less than a year" as 0.5; ages ("N years old") and
 * spans in the past ("N years ago") are not experience; values above 45 are ignored. With
 * `months` false, only statements in years count.
 *
 * @example
 * statedYears("Engineering leader with 11 years in software; 24 months of Python"); // 11
 * statedYears("Junior developer with 2 years of experience");                        // 2
 */
export function statedYears(text: string, months = true): number | null {
  let best: number | null = null;
  const take = (v: number) => {
    if (v > 0 && v <= 45 && (best === null || v > best)) best = v;
  };
  // "less than 1 year" is not a year.
  for (const m of text.matchAll(/(?<!less than\s+)(\d+(?:\.\d+)?)\s*\+?\s*-?\s*(years?|yrs?)\b(?!\s+(old|ago))/gi)) take(Number(m[1]));
  if (!months) return best;
  for (const m of text.matchAll(/(\d+)\s*\+?\s*months?\b/gi)) take(Number(m[1]) / 12);
  if (/less than (a|1|one) year/i.test(text)) take(0.5);
  return best;
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
/** Sentences about education: their ranges are not work. */
const EDUCATION = /\b(BSc|BA|BEng|BTech|BCom|MSc|MA|MBA|PhD|degree|universit\w*|college|school|diploma|bootcamp|certificate|PGCE|education)\b/i;

/** A date range a text names, in years (a month is a twelfth: "Mar 2022" is 2022 + 2/12; a bare year is that year). */
export interface DateRange {
  start: number;
  /** The end; for an open range ("present"), the reference year (`referenceYear`). */
  end: number;
  /** Ends "present", "now", "current", "date" or "today": the years are a lower bound. */
  open: boolean;
  /** The range as written. */
  text: string;
}

/** A month's twelfth of a year: by name ("Mar") or number ("03"); 0 without one or for a number outside 1-12. */
function monthPart(name: string | undefined, number: string | undefined): number {
  if (name) return MONTH_NAMES.indexOf(name.slice(0, 3).toLowerCase()) / 12;
  const n = Number(number ?? 0);
  return n >= 1 && n <= 12 ? (n - 1) / 12 : 0;
}

/**
 * The year "present" stands for in a resume: the latest year it names (in a
 * date, a range's end "2019-22" included), null when it names none. Read from
 * the text, never from the clock, so a reading is the same on every day.
 *
 * @example
 * referenceYear("Lead Data Scientist (2017-present). Innovation award 2021."); // 2021
 */
export function referenceYear(text: string): number | null {
  const years = [...text.matchAll(new RegExp(`\\b(${YEAR})\\b`, "g"))].map((m) => Number(m[1]));
  for (const r of dateRanges(text, 0)) if (!r.open) years.push(Math.floor(r.end));
  return years.length > 0 ? Math.max(...years) : null;
}

/**
 * The work date ranges a text names, in its order ("(2015-2019)",
 * "2019-present", "June 2014 to May 2015", "Jan 2019 - Mar 2022",
 * "03/2019 - present", "2019-22", "May 2018 to till date"); an open end is
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
  const out: DateRange[] = [];
  for (const m of text.matchAll(DATE_RANGE)) {
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
    out.push({ start, end, open, text: m[0] });
  }
  return out;
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
export function rangeYears(passages: readonly string[]): number | null {
  const text = passages.join(" ");
  const present = referenceYear(text);
  let first = Infinity;
  let last = -Infinity;
  for (const sentence of splitSentences(text)) {
    if (EDUCATION.test(sentence)) continue;
    for (const r of dateRanges(sentence, present)) {
      first = Math.min(first, r.start);
      last = Math.max(last, r.end);
    }
  }
  return Number.isFinite(first) && last >= first ? roundMonths(last - first) : null;
}

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

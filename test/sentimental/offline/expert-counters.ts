/**
 * Counters of what a hiring manager reading an offline Sentimental run objects
 * to. They read only the run's words (turns, Mental Models, decisions) and the
 * data (the ad and the resumes), with their own crude stemmer, so that they
 * measure the same thing before and after the offline panel changes:
 *
 * - riskArguments / falseRisks: a concern that calls the support on a point
 *   thin or weak, although the resume holds a clause that names the point
 *   (>= 60 % of one of its noun phrases' stems) and states a number, or the
 *   quoted clause shares no stem with the point;
 * - quotes / quotesCut: quotations whose source clause goes on after the
 *   quote stops ("..."), and of those cutBeforeEvidence: the rest holds a
 *   digit or the quote stops on a function word ("and an");
 * - silentClaims / falseSilent: "silent on X", "nothing ... on X", "never says
 *   how many years" while a claim clause names X (C-suite acronyms read out),
 *   or the resume states years or date ranges;
 * - mixedPictures / mixedUnrelated: a mixed picture one of whose two quotes
 *   shares no stem with the point;
 * - mmCopies: Mental Model lines holding 6 consecutive words of the ad.
 */
import type { Scenario } from "../../../src/sentimental/pipeline";
import type { MentalModel, Turn } from "../../../src/sentimental/types";

const FUNCTION_WORDS = new Set(
  "a an the and or of for to in on at by with from into our your their its as that which who is are was were be than per over".split(" "),
);
const STOP = new Set([
  ...FUNCTION_WORDS,
  ..."this these those it we you i my me he she they them his her not no also more most very such can will would should could have has had do does did been being about within across including".split(
    " ",
  ),
]);
/** Rank words of job titles: "the work of a Head of Technology" is named by any clause about technology work. */
const RANKS = new Set("head chief officer manag direct lead senio junio vice presi execu".split(" "));
/** C-suite and common title acronyms, read out so "CTO" names technology. */
const ACRONYMS: Record<string, string> = {
  cto: "chief technology officer",
  cio: "chief information officer",
  cfo: "chief financial officer",
  ceo: "chief executive officer",
  coo: "chief operating officer",
  cno: "chief nursing officer",
  vp: "vice president",
  hr: "human resources",
};

/** Lowercased word tokens (letters, digits, inner hyphens and apostrophes). */
export function words(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+(?:['\u2019-][a-z0-9]+)*/g) ?? []).flatMap((w) => (ACRONYMS[w] ? ACRONYMS[w]!.split(" ") : [w]));
}

/** A crude stem of the counters' own: 5 letters after dropping a plural or -ing/-ed/-ion ending. */
export function stem(w: string): string {
  return w.replace(/(ings?|ed|ions?|ers?|es|s)$/, "").slice(0, 5);
}

/** Content stems of a text. */
export function contentStems(text: string): Set<string> {
  return new Set(
    words(text)
      .filter((w) => !STOP.has(w) && !/^\d/.test(w) && w.length > 1)
      .map(stem),
  );
}

/** The quotations '...' of an argument and the argument with them blanked. */
export function quotesOf(argument: string): { quoted: string[]; outside: string } {
  const re = /'([^']*(?:'[a-z][^']*)*)'/g;
  return { quoted: [...argument.matchAll(re)].map((m) => m[1]!), outside: argument.replace(re, "''") };
}

/** The labels the ad's items may be called by: noun phrases of the argument outside its quotes, after "on"/"about"/"with". */
function pointOf(outside: string): string | null {
  const lead = /^(?:On|The resume speaks to part of) ([^,:']+?)(?:,|:| the picture| the resume| there| this)/.exec(outside);
  if (lead) return lead[1]!.trim();
  const m =
    /(?:evidence on|support on|record on|picture on|silent on|nothing in the resume on|resume on|on|about|with) ((?:the )?[A-Za-z0-9][^:,']*?)(?:[:,']| the picture| the resume| is | which| a weakness| does| and that|\.|$)/.exec(
      outside,
    );
  return m ? m[1]!.trim() : null;
}

/** Sentences and "; " parts of the resume text: the clauses a quote can come from. */
function resumeClauses(passages: readonly string[]): string[] {
  return passages
    .join(" ")
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z(])|;\s+/)
    .map((c) => c.trim())
    .filter(Boolean);
}

function norm(text: string): string {
  return words(text).join(" ");
}

/** The resume clause a quote was taken from (the quote's words, in order, inside it), if any. */
function sourceOf(quote: string, clauses: readonly string[]): string | null {
  const q = norm(quote.replace(/ \.\.\.$/, "").replace(/^\.\.\. /, ""));
  if (!q) return null;
  return clauses.find((c) => norm(c).includes(q)) ?? null;
}

/** Shares at least one content stem. */
function related(a: string, b: string): boolean {
  const sa = contentStems(a);
  for (const s of contentStems(b)) if (sa.has(s)) return true;
  return false;
}

/** A resume clause that names the point (>= 60 % of its content stems) without a negation. */
function namingClauses(point: string, clauses: readonly string[]): string[] {
  const stems = [...contentStems(point.replace(/^the work of an? /, ""))].filter((s) => !RANKS.has(s));
  if (stems.length === 0) return [];
  return clauses.filter((c) => {
    if (/\b(not|never|no|lack\w*|limited|yet)\b|n't\b/i.test(c)) return false;
    const cs = contentStems(c);
    return stems.filter((s) => cs.has(s)).length / stems.length >= 0.6;
  });
}

const RISK =
  /(only thin support|evidence on .* is (weak|thin)|support on .* is (weak|thin)|partial evidence|thin evidence|closest the resume comes on|speaks to part of)/i;
const SILENT = /(is silent on|I found nothing in the resume on|says nothing (about|on)|no clause .* speaks to)/i;
const YEARS_SILENT = /never says how many years/i;
const MIXED = /picture is mixed|mixed picture/i;
const REJECT =
  /(should be rejected|I would reject|cannot support this candidate|would not recommend advancing|I recommend rejecting|I reject|would not move this candidate forward|would turn this application down|do not recommend|must reject|rule[sd]? (this candidate )?out)/i;

export interface CounterReport {
  arguments: number;
  riskArguments: number;
  falseRisks: number;
  quotes: number;
  quotesCut: number;
  cutBeforeEvidence: number;
  silentClaims: number;
  falseSilent: number;
  mixedPictures: number;
  mixedUnrelated: number;
  examples: Record<string, string[]>;
}

/**
 * A report with every count at zero and no examples: the start of a count, or of a sum of reports.
 *
 * @example
 * emptyCounterReport().falseSilent; // 0
 */
export function emptyCounterReport(): CounterReport {
  return {
    arguments: 0,
    riskArguments: 0,
    falseRisks: 0,
    quotes: 0,
    quotesCut: 0,
    cutBeforeEvidence: 0,
    silentClaims: 0,
    falseSilent: 0,
    mixedPictures: 0,
    mixedUnrelated: 0,
    examples: {},
  };
}

/**
 * Counts the objections over a run's turns (see the module doc).
 *
 * @example
 * countArguments(scenario, turns).quotesCut; // quotes that stop before their clause does
 */
export function countArguments(scenario: Scenario, turns: readonly Turn[]): CounterReport {
  const clausesBy = new Map(scenario.candidates.map((c) => [c.id, resumeClauses(c.passages)]));
  const fullBy = new Map(scenario.candidates.map((c) => [c.id, c.passages.join(" ")]));
  const r = emptyCounterReport();
  const example = (key: string, text: string) => {
    const list = (r.examples[key] ??= []);
    if (list.length < 4) list.push(text);
  };
  for (const t of turns) {
    const clauses = clausesBy.get(t.candidate) ?? [];
    for (const a of t.arguments) {
      r.arguments++;
      const { quoted, outside } = quotesOf(a);
      for (const q of quoted) {
        r.quotes++;
        const source = sourceOf(q, clauses);
        if (!source) continue;
        const qn = norm(q.replace(/ \.\.\.$/, ""));
        const sn = norm(source);
        const rest = sn.slice(sn.indexOf(qn) + qn.length).trim();
        if (rest.length > 0 && /\.\.\.$/.test(q)) {
          r.quotesCut++;
          const last = qn.split(" ").at(-1) ?? "";
          if (/\d/.test(rest) || FUNCTION_WORDS.has(last)) {
            r.cutBeforeEvidence++;
            example("cutBeforeEvidence", a);
          }
        }
      }
      const point = pointOf(outside);
      if (RISK.test(outside) && point) {
        r.riskArguments++;
        const strong = namingClauses(point, clauses).some((c) => /\d/.test(c));
        const unrelated = quoted.length > 0 && quoted.every((q) => !related(q, point));
        if (strong || unrelated) {
          r.falseRisks++;
          example("falseRisk", `${t.candidateName}: ${a}`);
        }
      }
      if (YEARS_SILENT.test(outside)) {
        r.silentClaims++;
        const full = fullBy.get(t.candidate) ?? "";
        if (/\b\d+\+?\s*(years?|yrs?)\b/i.test(full) || /\b(19|20)\d\d\s*[-\u2013]\s*((19|20)\d\d|present|now|current)/i.test(full)) {
          r.falseSilent++;
          example("falseSilent", `${t.candidateName}: ${a}`);
        }
      } else if (SILENT.test(outside) && point) {
        r.silentClaims++;
        if (namingClauses(point, clauses).length > 0) {
          r.falseSilent++;
          example("falseSilent", `${t.candidateName}: ${a}`);
        }
      }
      if (MIXED.test(outside) && point) {
        r.mixedPictures++;
        if (quoted.length >= 2 && quoted.some((q) => !related(q, point))) {
          r.mixedUnrelated++;
          example("mixedUnrelated", `${t.candidateName}: ${a}`);
        }
      }
    }
  }
  return r;
}

/**
 * Whether a statement rejects the candidate: its recommendation says so.
 *
 * @example
 * rejects("... I would reject this application."); // true
 */
export function rejects(statement: string): boolean {
  return REJECT.test(statement);
}

/**
 * Mental Model lines (description, priorities, criteria) holding `n` consecutive words of the ad.
 *
 * @example
 * mmCopies(mms, adText).length; // 0 when no line copies the ad
 */
export function mmCopies(mms: readonly MentalModel[], adText: string, n = 6): string[] {
  const ad = ` ${words(adText).join(" ")} `;
  const out: string[] = [];
  for (const mm of mms) {
    for (const line of [mm.description, ...mm.priorities, ...mm.evaluationCriteria]) {
      const w = words(line);
      for (let i = 0; i + n <= w.length; i++) {
        if (ad.includes(` ${w.slice(i, i + n).join(" ")} `)) {
          out.push(line);
          break;
        }
      }
    }
  }
  return out;
}

/**
 * Area under the ROC curve: the share of (positive, negative) pairs ordered right, ties 1/2.
 *
 * @example
 * auc([3, 2, 1], [true, false, false]); // 1
 */
export function auc(scores: readonly number[], positive: readonly boolean[]): number {
  let pairs = 0;
  let right = 0;
  scores.forEach((p, i) => {
    if (!positive[i]) return;
    scores.forEach((n, j) => {
      if (positive[j]) return;
      pairs++;
      right += p > n ? 1 : p === n ? 0.5 : 0;
    });
  });
  return right / pairs;
}

/**
 * Is a memory about the company the agent trades? FinMem's offline agents
 * give tone only to items about their company: a news summary that says it is
 * "not directly related to Netflix" or that "the direct information pertains
 * to Cisco", or never names Netflix, NFLX or an alias, is stored and shown
 * like any other item but carries no tone.
 *
 * The company is read from what the agent is given, never from a list kept
 * here: the ticker of the task input and the name its profile introduces
 * ("You are an experienced trader of Netflix (NFLX) who ..."). Whatever the
 * run puts in the input (a masked name and pseudonym ticker included) is
 * what the reader looks for, so masking the text and the input together
 * leaves every decision unchanged.
 *
 * Aliases of a name: the name itself, the name without its legal form
 * ("Tesla, Inc." -> "Tesla"), its first word when that word is distinctive
 * (at least 4 letters and not a generic word: "Quintal Capital" -> "Quintal"),
 * and for "X & Y" names the initials ("Johnson & Johnson" -> "J&J"). Names
 * match case-insensitively on word boundaries; the ticker matches as written
 * (upper case: short tickers such as ON or ALL are ordinary words).
 */
import { splitSentences } from "../../text/index";

/** The company an agent trades, as its input names it. */
export interface CompanyNames {
  ticker: string;
  /** The name and its aliases (empty when the profile names none). */
  names: string[];
}

/** Why an item carries no tone, or that it does. */
export type Relevance = { about: true; mention: string } | { about: false; why: "not-about"; clause: string } | { about: false; why: "unnamed" };

const PROFILE_NAME = /trader of (.+?) \(([^()\s]+)\)/;
const LEGAL_FORM = /[,.]?\s+(?:inc|incorporated|corp|corporation|co|company|ltd|limited|plc|holdings?|group|technologies|n\.?v|s\.?a|ag|se|lp|llc)\.?$/i;
const GENERIC_FIRST_WORDS = new Set([
  "the",
  "first",
  "general",
  "american",
  "united",
  "international",
  "national",
  "global",
  "bank",
  "new",
  "southern",
  "eli",
  "walt",
  "simon",
  "home",
  "synthetic",
]);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The name and aliases of a company name (module comment), longest first.
 *
 * @example
 * nameAliases("Johnson & Johnson"); // ["Johnson & Johnson", "Johnson", "J&J"]
 * nameAliases("Tesla, Inc.");       // ["Tesla, Inc.", "Tesla"]
 */
export function nameAliases(name: string): string[] {
  const out: string[] = [];
  const add = (s: string) => {
    const t = s.trim();
    if (t.length >= 2 && !out.includes(t)) out.push(t);
  };
  add(name);
  let core = name.trim();
  for (let guard = 0; guard < 3; guard++) {
    const next = core.replace(LEGAL_FORM, "").trim();
    if (next === core) break;
    core = next;
  }
  add(core);
  const words = core.split(/\s+/);
  const first = words[0]?.replace(/[^A-Za-z-]/g, "") ?? "";
  if (words.length > 1 && first.length >= 4 && !GENERIC_FIRST_WORDS.has(first.toLowerCase())) add(first);
  const amp = /^(\w)\w*\s*&\s*(\w)\w*$/.exec(core);
  if (amp) add(`${amp[1]}&${amp[2]}`);
  return out;
}

/**
 * The company of a task input: its ticker and the name its profile
 * introduces ("trader of <name> (<ticker>)"), with the name's aliases.
 *
 * @example
 * companyFromInput("NFLX", "You are an experienced trader of Netflix (NFLX) who ...");
 * // { ticker: "NFLX", names: ["Netflix"] }
 */
export function companyFromInput(ticker: string, profile: string): CompanyNames {
  const m = PROFILE_NAME.exec(profile);
  const name = m && m[2] === ticker ? m[1]! : null;
  return { ticker, names: name ? nameAliases(name) : [] };
}

const patternCache = new Map<string, { names: RegExp | null; ticker: RegExp }>();

/** The patterns that find the company: its names case-insensitively, its ticker as written. */
function mentionPatterns(company: CompanyNames): { names: RegExp | null; ticker: RegExp } {
  const key = `${company.ticker}|${company.names.join("|")}`;
  let p = patternCache.get(key);
  if (!p) {
    const bounded = (s: string) => `(?<![A-Za-z0-9])(?:${s})(?![A-Za-z0-9])`;
    const names = company.names.map((n) => bounded(escape(n).replace(/\s+/g, "\\s+")));
    p = { names: names.length ? new RegExp(names.join("|"), "i") : null, ticker: new RegExp(bounded(escape(company.ticker))) };
    if (patternCache.size > 1000) patternCache.clear();
    patternCache.set(key, p);
  }
  return p;
}

/**
 * The first place a text names the company (a name or alias in any case, the
 * ticker as written), or null.
 *
 * @example
 * firstMention("Streaming giant netflix added users.", { ticker: "NFLX", names: ["Netflix"] }); // "netflix"
 * firstMention("Shares of nflx fell.", { ticker: "NFLX", names: [] }); // null
 */
export function firstMention(text: string, company: CompanyNames): string | null {
  const p = mentionPatterns(company);
  const hits = [p.names?.exec(text) ?? null, p.ticker.exec(text)].filter((m): m is RegExpExecArray => m !== null);
  hits.sort((a, b) => a.index - b.index);
  return hits[0]?.[0] ?? null;
}

/** Phrases by which a text says it is not about something; the company (or "the company") must follow in the same sentence. */
const NOT_ABOUT =
  /\b(?:(?:is|are|was|were|be|being)\s+)?(?:not|n't)\s+(?:directly\s+|specifically\s+|explicitly\s+)?(?:related|relevant|pertinent|linked|tied|connected|about|specific)\s+(?:to|for|with)?|\bunrelated\s+to|\b(?:does|do|did)\s+not\s+(?:directly\s+|specifically\s+|explicitly\s+)?(?:mention|pertain|concern|relate|involve|discuss|address|impact|affect|reference)|\bno\s+(?:direct\s+|specific\s+|explicit\s+)?(?:information|news|mention|insights?|details?|data)\s+(?:\w+\s+){0,3}?(?:about|on|regarding|concerning|related\s+to|relevant\s+to|specific\s+to|for)/gi;
const GENERIC_SUBJECT = /^\s*(?:(?:to|with|about|for|on)\s+)?(?:the\s+company|the\s+stock|its\s+(?:business|stock|shares|operations))/i;

/**
 * Phrases by which a text says what it is about ("the direct information
 * pertains to Cisco", "this news is about Roku", "the article concerns
 * Disney"); the capitalised name that follows is the subject it names.
 * Case-sensitive on purpose: the subject must be written as a name.
 */
const ABOUT_SUBJECT =
  /\b(?:information|news|article|report|event|announcement|update|story|content|data)\s+(?:here\s+|provided\s+|above\s+|itself\s+)?(?:pertains|relates|refers|is\s+about|is\s+related|is\s+specific|is\s+primarily\s+about|concerns)\s+(?:primarily\s+|mainly\s+|mostly\s+|specifically\s+|directly\s+|only\s+)?(?:to\s+|about\s+)?([A-Z](?:[a-z][\w&'-]*|[A-Z]{1,4}\b)(?:\s+[A-Z][\w&'-]*)*)/g;

/**
 * The sentence in which a text says it is about another company: an
 * about-phrase (ABOUT_SUBJECT) whose named subject is not the company (no
 * name, alias or ticker of it). Null when it says no such thing.
 *
 * @example
 * aboutOtherClause("Overall, while the direct information pertains to Cisco, investors should watch Netflix.", { ticker: "NFLX", names: ["Netflix"] });
 * // "Overall, while the direct information pertains to Cisco, investors should watch Netflix."
 */
export function aboutOtherClause(text: string, company: CompanyNames): string | null {
  for (const sentence of splitSentences(text)) {
    ABOUT_SUBJECT.lastIndex = 0;
    for (let m = ABOUT_SUBJECT.exec(sentence); m !== null; m = ABOUT_SUBJECT.exec(sentence)) if (firstMention(m[1]!, company) === null) return sentence.trim();
  }
  return null;
}

/**
 * The sentence in which a text says it is not about the company: a
 * not-about phrase ("not directly related to", "does not mention", "no
 * specific information about") followed, within 60 characters of the same
 * sentence, by the company's name, alias or ticker, or by "the company" /
 * "the stock"; or a sentence saying the text is about another company
 * (`aboutOtherClause`: "the direct information pertains to Cisco"). Null
 * when it says no such thing.
 *
 * @example
 * notAboutClause("This news is not directly related to Netflix (NFLX). Markets rose.", { ticker: "NFLX", names: ["Netflix"] });
 * // "This news is not directly related to Netflix (NFLX)."
 */
export function notAboutClause(text: string, company: CompanyNames): string | null {
  const other = aboutOtherClause(text, company);
  if (other !== null) return other;
  for (const sentence of splitSentences(text)) {
    NOT_ABOUT.lastIndex = 0;
    for (let m = NOT_ABOUT.exec(sentence); m !== null; m = NOT_ABOUT.exec(sentence)) {
      const after = sentence.slice(m.index + m[0].length, m.index + m[0].length + 60);
      if (GENERIC_SUBJECT.test(after) || firstMention(after, company) !== null) return sentence.trim();
    }
  }
  return null;
}

/**
 * Whether a shown item is about the company (module comment). `ownReport`:
 * the company's own filing (a 10-Q or 10-K filed under its ticker) is about
 * it even when its summary says "the company" instead of the name.
 *
 * @example
 * relevanceOf("Apple beat estimates.", { ticker: "NFLX", names: ["Netflix"] }); // { about: false, why: "unnamed" }
 */
export function relevanceOf(text: string, company: CompanyNames, ownReport = false): Relevance {
  const clause = notAboutClause(text, company);
  if (clause !== null) return { about: false, why: "not-about", clause };
  const mention = firstMention(text, company);
  if (mention !== null) return { about: true, mention };
  if (ownReport) return { about: true, mention: "(the company's own report)" };
  return { about: false, why: "unnamed" };
}

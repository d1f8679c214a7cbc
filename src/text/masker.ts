/**
 * Masking what names a firm and its time in a text a model reads: the
 * control for what a model remembers (Glasserman and Lin 2023 measured this
 * look-ahead in GPT sentiment by anonymising firm names). A model trained on
 * later text can recall the outcome behind "Microsoft (MSFT), 2021-01-26";
 * it cannot behind "Company ZZQEK (ZZQEK), session t-3".
 *
 * - Tickers become stable pseudonyms ("ZZ" + three letters from a hash of the
 *   ticker: the same in every run and universe; a clash inside one universe
 *   takes the next hash), matched as written on non-alphanumeric boundaries
 *   ("$MSFT", "NASDAQ:MSFT", "MSFT's").
 * - Company names and their aliases become "Company <pseudonym>", matched
 *   case-insensitively on the same boundaries, longest first.
 * - Calendar dates become what the caller's `relativeDate` says for the
 *   prompt's session (e.g. "session t-3"): ISO dates, "January 26, 2021",
 *   "Jan. 26 2021", "26 January 2021", "1/26/2021", "January 26" (the year
 *   nearest the session); "January 2021" becomes a relative month, a year
 *   standing alone (1990 .. 2049, "FY2021" too) a relative year. Without a
 *   session every date is "[date]".
 *
 * What is not masked: products, people and figures that a well-read model may
 * still tie to a firm (a revenue of "$43.1 billion"). The mask lowers what a
 * model can recall; it cannot prove that nothing is left.
 */

/** A firm to mask: its ticker and every name and alias it goes by. */
export interface MaskedEntity {
  ticker: string;
  names: readonly string[];
}

export interface MaskerOptions {
  entities: readonly MaskedEntity[];
  /** A calendar date (YYYY-MM-DD) as the prompt serving `session` should show it, e.g. "session t-3". */
  relativeDate: (date: string, session: string) => string;
}

const LEGAL_FORM =
  /[,.]?\s+(?:inc|incorporated|corp|corporation|co|company|ltd|limited|plc|holdings?|group|technologies|international|n\.?v|s\.?a|ag|se|lp|llc)\.?$/i;
const GENERIC_FIRST = new Set(["the", "first", "general", "american", "united", "international", "national", "global", "bank", "new", "southern", "home"]);

/**
 * The names a company goes by, longest first: the name, the name without its
 * legal forms ("Tesla, Inc." -> "Tesla"), that with "Corporation", "Corp.",
 * "Inc." and "Incorporated" after it, its first word when distinctive (4+
 * letters, not generic: "Honeywell Technologies" -> "Honeywell"), and for
 * "X & Y" names "X&Y", "X & Y" and the initials ("J&J").
 *
 * @example
 * companyAliases("Johnson & Johnson"); // ["Johnson & Johnson Corporation", ..., "Johnson & Johnson", "Johnson&Johnson", "Johnson", "J&J"]
 * companyAliases("Tesla, Inc.").includes("Tesla"); // true
 */
export function companyAliases(name: string): string[] {
  const out = new Set<string>();
  const add = (s: string) => {
    const t = s.trim();
    if (t.length >= 2) out.add(t);
  };
  add(name);
  let core = name.trim();
  for (let i = 0; i < 3; i++) {
    const next = core.replace(LEGAL_FORM, "").trim();
    if (next === core) break;
    core = next;
  }
  add(core);
  for (const form of ["Corporation", "Corp.", "Corp", "Inc.", "Inc", "Incorporated", "Co."]) {
    add(`${core} ${form}`);
    add(`${core}, ${form}`);
  }
  const words = core.split(/\s+/);
  const first = (words[0] ?? "").replace(/[^A-Za-z-]/g, "");
  if (words.length > 1 && first.length >= 4 && !GENERIC_FIRST.has(first.toLowerCase())) add(first);
  const amp = /^(\w+)\s*&\s*(\w+)$/.exec(core);
  if (amp) {
    add(`${amp[1]}&${amp[2]}`);
    add(`${amp[1]} & ${amp[2]}`);
    add(`${amp[1]![0]}&${amp[2]![0]}`);
    add(`${amp[1]![0]} & ${amp[2]![0]}`);
  }
  return [...out].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** FNV-1a of a string (32 bits). */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * The pseudonym of a ticker: "ZZ" + three letters from a hash of the ticker
 * (and `salt`, raised by the masker on a clash inside one universe).
 *
 * @example
 * pseudonymFor("MSFT"); // always the same five letters, e.g. "ZZQEK"
 */
export function pseudonymFor(ticker: string, salt = 0): string {
  let h = fnv1a(salt === 0 ? ticker : `${ticker}#${salt}`);
  let tail = "";
  for (let i = 0; i < 3; i++) {
    tail += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26);
  }
  return `ZZ${tail}`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** On non-alphanumeric boundaries (so "$MSFT" and "MSFT's" match, "MSFTX" does not). */
const bounded = (body: string) => `(?<![A-Za-z0-9])(?:${body})(?![A-Za-z0-9])`;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const MONTH = "(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?";
const YEAR = "((?:19|20)\\d{2})";
const DAY = "(\\d{1,2})(?:st|nd|rd|th)?";
const DATE_PATTERNS: ReadonlyArray<{ re: RegExp; parts: (m: RegExpExecArray) => { y: number | null; mo: number; d: number | null } }> = [
  { re: new RegExp(`\\b${YEAR}-(\\d{2})-(\\d{2})\\b`, "g"), parts: (m) => ({ y: +m[1]!, mo: +m[2]!, d: +m[3]! }) },
  { re: new RegExp(`\\b${MONTH}\\s+${DAY},?\\s+${YEAR}\\b`, "g"), parts: (m) => ({ y: +m[3]!, mo: monthOf(m[1]!), d: +m[2]! }) },
  { re: new RegExp(`\\b${DAY}\\s+${MONTH},?\\s+${YEAR}\\b`, "g"), parts: (m) => ({ y: +m[3]!, mo: monthOf(m[2]!), d: +m[1]! }) },
  { re: /\b(\d{1,2})\/(\d{1,2})\/((?:19|20)\d{2}|\d{2})\b/g, parts: (m) => ({ y: fullYear(m[3]!), mo: +m[1]!, d: +m[2]! }) },
  { re: new RegExp(`\\b${MONTH}\\s+${YEAR}\\b`, "g"), parts: (m) => ({ y: +m[2]!, mo: monthOf(m[1]!), d: null }) },
  { re: new RegExp(`\\b${MONTH}\\s+${DAY}\\b`, "g"), parts: (m) => ({ y: null, mo: monthOf(m[1]!), d: +m[2]! }) },
];
const LONE_YEAR = /(?<![A-Za-z0-9$.,\uE000])(FY\s?|fiscal\s)?((?:199|20[0-4])\d)(?![0-9%]|,\d|\.\d)/gi;

function monthOf(word: string): number {
  return MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;
}
function fullYear(text: string): number {
  const n = +text;
  return text.length === 2 ? (n < 70 ? 2000 + n : 1900 + n) : n;
}
const pad = (n: number) => String(n).padStart(2, "0");
/** Brackets a parked label's number: a private-use character no text holds. */
const MARK = "\uE000";
const PARKED = new RegExp(`${MARK}(\\d+)${MARK}`, "g");

/**
 * Masks tickers, names and dates in texts (module comment).
 *
 * @example
 * const masker = new Masker({ entities: [{ ticker: "MSFT", names: companyAliases("Microsoft") }], relativeDate: (d, t) => (d < t ? "earlier" : "then") });
 * masker.mask("Microsoft (MSFT) reported on 2021-01-26.", "2021-01-26"); // "Company ZZ... (ZZ...) reported on then."
 */
export class Masker {
  private readonly pseudonyms = new Map<string, string>();
  private readonly namePattern: RegExp | null;
  private readonly nameOf = new Map<string, string>();
  private readonly tickerPattern: RegExp | null;

  constructor(private readonly options: MaskerOptions) {
    const taken = new Set<string>();
    const entities = [...options.entities].sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
    for (const e of entities) {
      if (this.pseudonyms.has(e.ticker)) continue;
      let salt = 0;
      let p = pseudonymFor(e.ticker);
      while (taken.has(p)) p = pseudonymFor(e.ticker, ++salt);
      taken.add(p);
      this.pseudonyms.set(e.ticker, p);
    }
    const names: string[] = [];
    for (const e of entities)
      for (const n of e.names) {
        const key = n.toLowerCase();
        if (n.trim().length < 2 || this.nameOf.has(key)) continue;
        this.nameOf.set(key, `Company ${this.pseudonyms.get(e.ticker)!}`);
        names.push(n);
      }
    names.sort((a, b) => b.length - a.length);
    this.namePattern = names.length ? new RegExp(bounded(names.map((n) => escape(n).replace(/\s+/g, "\\s+")).join("|")), "gi") : null;
    const tickers = [...this.pseudonyms.keys()].sort((a, b) => b.length - a.length);
    this.tickerPattern = tickers.length ? new RegExp(bounded(tickers.map(escape).join("|")), "g") : null;
  }

  /**
   * The pseudonym of a ticker (the ticker itself when it is not masked).
   *
   * @example
   * masker.pseudonym("MSFT"); // "ZZ..."
   */
  pseudonym(ticker: string): string {
    return this.pseudonyms.get(ticker) ?? ticker;
  }

  /**
   * A list of names and aliases masked as texts are (so a reader given the
   * masked list finds the masked name in masked text).
   *
   * @example
   * masker.maskNames(["Microsoft", "MSFT"]); // ["Company ZZ...", "ZZ..."]
   */
  maskNames(names: readonly string[]): string[] {
    return [...new Set(names.map((n) => this.maskEntities(n)))];
  }

  /**
   * A text with every masked ticker, name and alias replaced, and its
   * calendar dates relative to `session` ("[date]" when null).
   *
   * @example
   * masker.mask("Shares of MSFT rose on January 26, 2021.", "2021-01-27"); // "Shares of ZZ... rose on session t-1."
   */
  mask(text: string, session: string | null): string {
    return this.maskEntities(this.maskDates(text, session));
  }

  private maskEntities(text: string): string {
    let out = text;
    // A name match written exactly as a ticker ("ALTA" for the alias "Alta") is the ticker: it gets the pseudonym.
    if (this.namePattern)
      out = out.replace(this.namePattern, (m) => this.pseudonyms.get(m) ?? this.nameOf.get(m.toLowerCase().replace(/\s+/g, " ")) ?? this.nameByFold(m));
    if (this.tickerPattern) out = out.replace(this.tickerPattern, (m) => this.pseudonyms.get(m) ?? m);
    return out;
  }

  /** A name matched with other spacing or case than listed. */
  private nameByFold(match: string): string {
    const folded = match.toLowerCase().replace(/\s+/g, " ");
    for (const [key, masked] of this.nameOf) if (key.replace(/\s+/g, " ") === folded) return masked;
    return "Company [masked]";
  }

  private maskDates(text: string, session: string | null): string {
    // Labels are parked as placeholders until every pattern has run, so a label's digits ("session t-2012") are never read as a year.
    const labels: string[] = [];
    const park = (label: string) => `${MARK}${labels.push(label) - 1}${MARK}`;
    let out = text;
    for (const { re, parts } of DATE_PATTERNS) {
      out = out.replace(re, (...args: unknown[]) => {
        const m = args.slice(0, -2) as unknown as RegExpExecArray;
        const { y, mo, d } = parts(m);
        if (mo < 1 || mo > 12 || (d !== null && (d < 1 || d > 31))) return m[0]!;
        if (session === null) return park("[date]");
        if (d === null) return park(relativeMonth(y!, mo, session));
        const year = y ?? nearestYear(mo, d, session);
        return park(this.options.relativeDate(`${year}-${pad(mo)}-${pad(d)}`, session));
      });
    }
    out = out.replace(LONE_YEAR, (_m, prefix: string | undefined, year: string) => {
      const label = session === null ? "[year]" : relativeYear(+year, +session.slice(0, 4));
      return prefix ? `${prefix.trim().toLowerCase().startsWith("fy") ? "fiscal" : prefix.trim()} ${label}` : label;
    });
    return out.replace(PARKED, (_m, i: string) => labels[+i]!).replace(/\b(year|fiscal) year (year y)/gi, "$1 $2");
  }
}

/** "month m-3" for a month three calendar months before the session's. */
function relativeMonth(year: number, month: number, session: string): string {
  const k = (+session.slice(0, 4) - year) * 12 + (+session.slice(5, 7) - month);
  return k === 0 ? "month m" : k > 0 ? `month m-${k}` : `month m+${-k}`;
}

/** "year y-1" for the year before the session's. */
function relativeYear(year: number, sessionYear: number): string {
  const k = sessionYear - year;
  return k === 0 ? "year y" : k > 0 ? `year y-${k}` : `year y+${-k}`;
}

/** The year that puts month/day nearest the session (a date written without its year). */
function nearestYear(month: number, day: number, session: string): number {
  const y = +session.slice(0, 4);
  const t = Date.parse(session);
  let best = y;
  let dist = Infinity;
  for (const c of [y - 1, y, y + 1]) {
    const dd = Math.abs(Date.UTC(c, month - 1, day) - t);
    if (dd < dist) [best, dist] = [c, dd];
  }
  return best;
}

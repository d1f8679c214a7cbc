/**
 * Tone of memory events against their base rate, for FinMem's offline agents.
 *
 * A stream of mildly positive press releases is not a buy signal: 96.6 % of
 * the MSFT news in ../shared/datasets is tagged positive. So the offline
 * policies read an event by how far its tone is from the recent tone of its
 * kind for that ticker, as a z-score:
 *
 *   tone(e) = VADER pos(e) - neg(e)   (the shares of positive and negative
 *             words; unlike the compound score it does not saturate on long
 *             summaries; the "(Sentiment: x)" label is left out)
 *   z(e)    = (tone(e) - mean_c) / max(sd_c, 0.01)
 *
 * with mean_c, sd_c over the events of e's class c stored so far: news and
 * reflections over the last `window` sessions; a filing over every filing of
 * the same form known (a 10-Q against the filer's earlier 10-Qs, a 10-K
 * against its earlier 10-Ks, as the text-change literature on 10-K/10-Q
 * compares them), or, for the first report of its form, against the recent
 * news (is the company's own report more or less upbeat than its press?).
 * The base includes the event itself once it is stored; with fewer than
 * MIN_BASE_EVENTS events (news and reflections 3, a form 2: one earlier
 * report makes a comparison) the z-score is 0 (no base rate yet).
 */
import { polarityScores } from "../../text/index";
import { splitSentimentTag } from "./extractive";

export type ToneClass = "news" | "filing" | "reflection";
export const TONE_CLASSES: readonly ToneClass[] = ["news", "filing", "reflection"];

/** Mean, population sd and size of a base of tones. */
export interface ToneBase {
  mean: number;
  sd: number;
  n: number;
}

/** The base of each class on a day (null: no event of that class yet); filings per form. */
export interface ToneBaseline {
  news: ToneBase | null;
  reflection: ToneBase | null;
  /** Per filing form (upper case, e.g. "10-Q"). */
  filing: Record<string, ToneBase>;
}

/** Fewest events a base needs before z-scores are read against it, per class. */
export const MIN_BASE_EVENTS: Readonly<Record<ToneClass, number>> = { news: 3, filing: 2, reflection: 3 };
/** Floor of the base's sd (a base of identical tones would divide by 0). */
export const SD_FLOOR = 0.01;

/**
 * The tone class of a memory event kind: filings (10-K, 10-Q and other SEC
 * forms), reflections, and news (everything else).
 *
 * @example
 * toneClass("10-Q"); // "filing"
 * toneClass("extended-reflection"); // "reflection"
 */
export function toneClass(kind: string): ToneClass {
  const k = kind.toLowerCase();
  if (k.includes("reflection")) return "reflection";
  if (/^(10-|8-k|20-f|6-k|s-1)/.test(k)) return "filing";
  return "news";
}

const toneCache = new Map<string, number>();

/**
 * tone(e) = VADER pos - neg of the text without its "(Sentiment: x)" label, in [-1, 1]. Memoised.
 *
 * @example
 * eventTone("Shares surged on strong results. (Sentiment: positive)") > 0; // true
 */
export function eventTone(text: string): number {
  let v = toneCache.get(text);
  if (v === undefined) {
    const s = polarityScores(splitSentimentTag(text).body);
    v = s.pos - s.neg;
    if (toneCache.size > 100_000) toneCache.clear();
    toneCache.set(text, v);
  }
  return v;
}

const vaderCache = new Map<string, number>();

/**
 * VADER compound of an event's text without its trailing "(Sentiment: x)"
 * label: the label word itself is in VADER's lexicon ("positive" alone scores
 * +0.56), so scoring it would count the summariser's label instead of the text.
 * Memoised; a pure function of the text.
 *
 * @example
 * eventSentiment("Shares surged on strong results. (Sentiment: positive)") > 0; // true
 * eventSentiment("Revenue was flat. (Sentiment: positive)"); // 0
 */
export function eventSentiment(text: string): number {
  let v = vaderCache.get(text);
  if (v === undefined) {
    v = polarityScores(splitSentimentTag(text).body).compound;
    if (vaderCache.size > 100_000) vaderCache.clear();
    vaderCache.set(text, v);
  }
  return v;
}

/**
 * z(e) against the base of its class; 0 without a base of at least MIN_BASE_EVENTS of that class.
 *
 * @example
 * toneSurprise("Revenue fell sharply.", "news", { news: { mean: 0.17, sd: 0.06, n: 200 }, filing: null, reflection: null }); // < 0
 */
export function toneSurprise(text: string, kind: string, baseline: ToneBaseline): number {
  const cls = toneClass(kind);
  let base = cls === "filing" ? (baseline.filing[kind.toUpperCase()] ?? null) : baseline[cls];
  if (cls === "filing" && !(base && base.n >= MIN_BASE_EVENTS.filing)) base = baseline.news && baseline.news.n >= MIN_BASE_EVENTS.news ? baseline.news : null;
  else if (!base || base.n < MIN_BASE_EVENTS[cls]) return 0;
  if (!base) return 0;
  return (eventTone(text) - base.mean) / Math.max(base.sd, SD_FLOOR);
}

function baseOf(tones: readonly number[]): ToneBase | null {
  if (tones.length === 0) return null;
  const mean = tones.reduce((a, b) => a + b, 0) / tones.length;
  const sd = Math.sqrt(tones.reduce((a, t) => a + (t - mean) ** 2, 0) / tones.length);
  return { mean, sd, n: tones.length };
}

/**
 * The tones of the events a run has stored, by session, and their base rate on a day.
 *
 * @example
 * const tracker = new ToneTracker(20);
 * tracker.add(0, "news", "Shares rose on strong demand.");
 * tracker.baseline(0).news?.n; // 1
 */
export class ToneTracker {
  private readonly rows: Array<{ session: number; cls: ToneClass; form: string; tone: number }> = [];

  constructor(readonly window: number) {
    if (!(Number.isInteger(window) && window >= 1)) throw new RangeError(`ToneTracker: window must be an integer >= 1, got ${window}`);
  }

  /** Record an event stored on session index `session` (0 = the run's first day). */
  add(session: number, kind: string, text: string): void {
    this.rows.push({ session, cls: toneClass(kind), form: kind.toUpperCase(), tone: eventTone(text) });
  }

  /** The base of each class on session index `session`: events stored on it or before (news and reflections: within the window; filings per form). */
  baseline(session: number): ToneBaseline {
    const from = session - this.window + 1;
    const known = this.rows.filter((r) => r.session <= session);
    const windowed = (cls: ToneClass) => baseOf(known.filter((r) => r.cls === cls && r.session >= from).map((r) => r.tone));
    const filing: Record<string, ToneBase> = {};
    for (const form of [...new Set(known.filter((r) => r.cls === "filing").map((r) => r.form))].sort()) {
      const base = baseOf(known.filter((r) => r.cls === "filing" && r.form === form).map((r) => r.tone));
      if (base) filing[form] = base;
    }
    return { news: windowed("news"), reflection: windowed("reflection"), filing };
  }
}

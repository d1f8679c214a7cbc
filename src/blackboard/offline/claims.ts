/**
 * What an offline Blackboard agent may say: every sentence it writes is
 * rendered from a recorded claim — its kind, the item it is about, the
 * records it cites, the number it states (score) and what that number is
 * held against (threshold) — so a test can re-check each claim against the
 * board. An item of the board is named in a sentence by a noun phrase built
 * from its id (never by its claim, which is a clause: "MACD histogram -0.585
 * is negative" cannot fill the slot of "Why should X outweigh Y?").
 *
 * Stated weights are rounded to two decimals before any comparison, so a
 * sentence never says "0.42 outweighs 0.42".
 */
import type { Evidence } from "../messages";

/** The kinds of sentence the offline debaters, risk managers and judge write. */
export type ClaimKind =
  | "case" // a side lists its fresh evidence (score = their total stated weight)
  | "no_case" // a side has no fresh evidence
  | "compare" // "A (weight a) outweighs B (weight b)": score = a - b, threshold 0
  | "tie" // "A (weight a) weighs as much as B (weight b)": score = a - b = 0
  | "together" // two items of one side against one of the other: score = a + s - b, threshold 0
  | "support" // a further item of the side (score = its weight)
  | "ask" // a question: score = weight of the item asked about, threshold = weight of the item set against it
  | "concede" // cited weight of the other side over this side's cited + uncited weight: score = ratio, threshold = the concede ratio
  | "risk_stance" // a risk manager's action and size (score = size, threshold = the proposal's size)
  | "risk_answer" // a risk manager defends its position with an item (score = item value, threshold = its limit)
  | "risk_ask" // a risk question about an item (score = item value, threshold = its limit)
  | "risk_concede" // a risk manager concedes (score = other-side weight / own weight, threshold 2)
  | "recommend"; // one risk recommendation quoting one item (score = its value, threshold = its limit)

/** One recorded claim and the sentence rendered from it. */
export interface Claim {
  kind: ClaimKind;
  /** The board item the sentence is about (an evidence id), or null for a side-level sentence. */
  item: string | null;
  /** The board records the sentence cites: evidence ids. */
  cited: string[];
  /** The number the sentence states (see ClaimKind). */
  score: number;
  /** What the number is held against (see ClaimKind). */
  threshold: number;
  /** The sentence. */
  text: string;
}

/**
 * A weight as a sentence states it: rounded to two decimals (the value every
 * comparison is made on).
 *
 * @example
 * stated(0.4249); // 0.42
 */
export function stated(x: number): number {
  // toFixed rounds the exact binary value, so stated(x).toFixed(2) === x.toFixed(2) always.
  return Number(x.toFixed(2));
}

/**
 * The noun phrase that names an evidence item in a sentence: "the MACD
 * histogram", "the 10-Q filed 2024-11-01", "the news item of 2024-12-30",
 * "the Market (SPY) 20-day return"; a determiner and a noun, never a verb
 * (the claim itself is quoted elsewhere, as a clause).
 *
 * @example
 * nounPhrase({ id: "market.macd", claim: "MACD histogram -0.585 ... is negative", direction: -1, strength: 1, source: "macdh" }); // "the MACD histogram"
 */
export function nounPhrase(e: Evidence): string {
  const [analyst = "", key = ""] = e.id.split(".");
  const fixed = NOUNS[e.id];
  if (fixed) return fixed;
  if (analyst === "fundamentals" && key.startsWith("filing")) {
    const m = /^(\S+) filed (\d{4}-\d{2}-\d{2})/.exec(e.claim);
    return m ? `the ${m[1]} filed ${m[2]}` : "the filing";
  }
  if ((analyst === "news" || analyst === "social") && key.startsWith("item")) {
    const m = /^(\d{4}-\d{2}-\d{2})/.exec(e.claim);
    const noun = analyst === "news" ? "news item" : "social post";
    return m ? `the ${noun} of ${m[1]}` : `the ${noun}`;
  }
  if (analyst === "macro") {
    const raw = /^(.*?) (?:20-day return|is )/.exec(e.claim)?.[1] ?? "macro series";
    const label = raw.startsWith("Market ") ? `market ${raw.slice(7)}` : raw;
    return key.endsWith("_trend") ? `the ${label} 20-day return` : `the ${label} position against its 50-day SMA`;
  }
  return `the ${e.source} reading`;
}

const NOUNS: Record<string, string> = {
  "market.rsi": "the RSI(14) reading",
  "market.macd": "the MACD histogram",
  "market.sma50": "the close against the 50-day SMA",
  "market.momentum": "the 20-day return",
  "market.bollinger": "the Bollinger-band position",
  "market.volatility": "the 20-day volatility",
  "news.tone": "the mean news tone",
  "social.tone": "the mean social tone",
  "risk.vol20": "the 20-day volatility",
  "risk.vol_trend": "the volatility trend",
  "risk.drawdown": "the drawdown from the 252-day high",
  "risk.beta": "the 60-day beta",
  "risk.tilt": "the Chain-of-Alpha directional tilt",
  "risk.conviction": "the proposal's conviction",
};

/**
 * An item named with its id and stated weight: "the MACD histogram
 * [market.macd] (weight 0.50)" — the form every question and comparison uses.
 *
 * @example
 * weighed(macd, 0.5); // "the MACD histogram [market.macd] (weight 0.50)"
 */
export function weighed(e: Evidence, weight: number): string {
  return `${nounPhrase(e)} [${e.id}] (weight ${stated(weight).toFixed(2)})`;
}

/**
 * The sentences of a list of claims, joined by spaces (null for no claims).
 *
 * @example
 * rendered([{ kind: "no_case", item: null, cited: [], score: 0, threshold: 0, text: "No new evidence." }]); // "No new evidence."
 */
export function rendered(claims: readonly Claim[]): string | null {
  return claims.length ? claims.map((c) => c.text).join(" ") : null;
}

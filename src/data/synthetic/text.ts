/**
 * The text side of the seeded synthetic market (market.ts makes the price
 * paths): news whose tone follows the same-day and next-day standardized
 * moves, quarterly 10-Q / annual 10-K summaries, and r/wallstreetbets-style
 * posts. Every draw comes from a stream derived from the seed and the ticker,
 * so the text is a deterministic function of the seed and the paths.
 *
 * News tone latent: L = 0.9 z_t + 0.2 z_{t+1} + N(0, 1) with z = r / sigma_t,
 * mapped to five tones and worded with VADER-polar vocabulary, so a sentiment
 * reader gets a weak but real signal about the next day.
 */
import { deriveRng, type Rng } from "../../stats/index";
import type { Filing, NewsItem, SocialPost } from "../types";

/** Sectors of the fictional universe (GICS names). */
export type Sector =
  | "Information Technology"
  | "Communication Services"
  | "Consumer Discretionary"
  | "Consumer Staples"
  | "Health Care"
  | "Financials"
  | "Industrials"
  | "Energy"
  | "Utilities"
  | "Materials";

/** A fictional company of the synthetic universe. */
export interface CompanySpec {
  ticker: string;
  name: string;
  sector: Sector;
}

/** What the text generators read of a simulated stock: one value per trading date, day indices into the dates. */
export interface StockPath {
  logRet: Float64Array;
  /** The day's return volatility (z = logRet / sigma). */
  sigma: Float64Array;
  /** Indices of earnings days. */
  earnings: Set<number>;
  /** Indices of ex-dividend days. */
  exDiv: Set<number>;
}

/** A company with its simulated path. */
export interface SyntheticStock {
  spec: CompanySpec;
  path: StockPath;
}

/** Weight of the next day's standardized return in the news-tone latent: the planted, weak predictive signal. */
export const NEXT_DAY_WEIGHT = 0.2;

/** How the news and filings name a sector's business and product. */
const SECTOR_WORDS: Record<Sector, { noun: string; product: string }> = {
  "Information Technology": { noun: "chipmaker and software", product: "cloud platform" },
  "Communication Services": { noun: "media", product: "streaming service" },
  "Consumer Discretionary": { noun: "retail", product: "new store format" },
  "Consumer Staples": { noun: "consumer staples", product: "product line" },
  "Health Care": { noun: "healthcare", product: "drug candidate" },
  Financials: { noun: "banking", product: "lending book" },
  Industrials: { noun: "industrial", product: "order backlog" },
  Energy: { noun: "energy", product: "production outlook" },
  Utilities: { noun: "utility", product: "rate case" },
  Materials: { noun: "materials", product: "capacity expansion" },
};

/**
 * Throws unless every path has one return and one volatility per date and its
 * event days index the dates: what lets the generators read them by day index.
 */
function checkPaths(label: string, dates: readonly string[], paths: readonly StockPath[]): void {
  const n = dates.length;
  for (const p of paths) {
    if (p.logRet.length !== n || p.sigma.length !== n)
      throw new RangeError(`${label}: a path has ${p.logRet.length} returns and ${p.sigma.length} vols for ${n} dates`);
    for (const t of [...p.earnings, ...p.exDiv])
      if (!(Number.isInteger(t) && t >= 0 && t < n)) throw new RangeError(`${label}: event day ${t} is not one of the ${n} dates`);
  }
}

/** Poisson draw by inversion (small means only). */
function poisson(rng: Rng, lambda: number): number {
  let k = 0;
  let p = Math.exp(-lambda);
  let cdf = p;
  const u = rng.next();
  while (u > cdf && k < 20) {
    k++;
    p *= lambda / k;
    cdf += p;
  }
  return k;
}

type Tone = -2 | -1 | 0 | 1 | 2;

const HEADLINES: Record<Tone, string[]> = {
  2: [
    "{name} shares soar as investors cheer strong demand",
    "{name} rallies on excellent results and upbeat outlook",
    "Analysts upgrade {name}, citing great momentum and strong growth",
    "{name} wins major contract; stock jumps in a strong session",
    "Bullish calls pile up as {name} delivers impressive gains",
  ],
  1: [
    "{name} edges higher on positive analyst comments",
    "{name} gains as {product} shows solid progress",
    "Investors welcome {name} update; shares improve",
    "{name} stock climbs with support from {noun} peers",
    "{name} sees encouraging signs in its {product}",
  ],
  0: [
    "{name} shares little changed as traders await guidance",
    "{name} to present at an industry conference next week",
    "{name} files routine update on its {product}",
    "What to watch for {name} in the {noun} sector this week",
    "{name} holds annual investor day; no change to targets",
  ],
  [-1]: [
    "{name} slips as analysts raise concerns over margins",
    "{name} shares fall on weak {noun} sector sentiment",
    "Worries about {product} weigh on {name}",
    "{name} stock declines after cautious comments from management",
    "{name} faces pressure as investors question growth",
  ],
  [-2]: [
    "{name} shares plunge on disappointing news and fears of losses",
    "{name} hit by downgrade; stock tumbles amid serious problems",
    "Crisis deepens at {name} as weak demand hurts outlook",
    "{name} sinks after lawsuit and bad guidance rattle investors",
    "Investors dump {name} on worst day in months, citing terrible results",
  ],
};

const SUMMARIES: Record<Tone, string[]> = {
  2: [
    "{name} ({ticker}) closed {move} as buyers returned in force. Analysts called the quarter-to-date trend excellent and raised price targets, pointing to strong demand for its {product}.",
    "Shares of {name} rose {move}. Management said it is confident about the year and expects continued growth; several brokers were optimistic.",
  ],
  1: [
    "{name} ({ticker}) ended the day {move}. Commentary from analysts was mostly positive, with modest improvement expected in the {product}.",
    "The stock of {name} finished {move}, helped by a favorable read-through from {noun} peers.",
  ],
  0: [
    "{name} ({ticker}) traded {move} in a quiet session. The company reiterated its guidance and said it will provide an update on its {product} later this quarter.",
    "No major news for {name}, which finished {move}. Volumes were in line with the recent average.",
  ],
  [-1]: [
    "{name} ({ticker}) closed {move}. Some analysts flagged concerns about costs and a weaker outlook for the {product}.",
    "Shares of {name} finished {move} as investors worried about slowing demand in the {noun} sector.",
  ],
  [-2]: [
    "{name} ({ticker}) fell sharply, ending {move}. Analysts warned of serious problems with the {product} and cut estimates, citing disappointing execution.",
    "A bad day for {name}: the stock closed {move} amid fears of losses and a possible guidance cut. Sentiment turned negative across the {noun} sector.",
  ],
};

/** Market-wide headline on the index, one per tone. */
const MARKET_HEADLINES: Record<Tone, string> = {
  2: "Stocks rally broadly as optimism returns; strong gains across sectors",
  1: "Stocks edge higher with positive breadth",
  0: "Stocks mixed as investors await economic data",
  [-1]: "Stocks slip on rate worries",
  [-2]: "Stocks tumble as fears of recession spread; worst losses in weeks",
};

function moveText(logRet: number): string {
  const pct = (Math.exp(logRet) - 1) * 100;
  if (Math.abs(pct) < 0.05) return "flat";
  return `${pct > 0 ? "up" : "down"} ${Math.abs(pct).toFixed(1)}%`;
}

function toneOf(latent: number): Tone {
  if (latent > 1.1) return 2;
  if (latent > 0.35) return 1;
  if (latent >= -0.35) return 0;
  if (latent >= -1.1) return -1;
  return -2;
}

function fill(template: string, c: CompanySpec, move: string): string {
  const p = SECTOR_WORDS[c.sector];
  return template
    .replace(/\{name\}/g, c.name)
    .replace(/\{ticker\}/g, c.ticker)
    .replace(/\{noun\}/g, p.noun)
    .replace(/\{product\}/g, p.product)
    .replace(/\{move\}/g, move);
}

function quarterLabel(date: string): { fiscalQuarter: number; year: number } {
  // Results published in quarter q describe the previous calendar quarter.
  const y = Number(date.slice(0, 4));
  const q = Math.floor((Number(date.slice(5, 7)) - 1) / 3); // 0..3
  return q === 0 ? { fiscalQuarter: 4, year: y - 1 } : { fiscalQuarter: q, year: y };
}

/**
 * News per stock and day (a Poisson count that rises with |z|, tones from the
 * latent of the module doc, plus an earnings headline on earnings days) and
 * market-wide items on the index, sorted by date then ticker.
 *
 * @example
 * generateNews(7, dates, stocks, index, 0.2); // 7154 items in generateSyntheticMarket({ seed: 7 })
 */
export function generateNews(seed: number, dates: readonly string[], stocks: readonly SyntheticStock[], index: StockPath, rate: number): NewsItem[] {
  checkPaths("generateNews", dates, [...stocks.map((s) => s.path), index]);
  const out: NewsItem[] = [];
  const source = "synthetic (consilium generator)";
  for (const { spec: c, path } of stocks) {
    const rng = deriveRng(seed, "synthetic", c.ticker, "news");
    for (let t = 0; t < dates.length; t++) {
      const date = dates[t]!;
      const z = path.logRet[t]! / path.sigma[t]!;
      const zNext = t + 1 < dates.length ? path.logRet[t + 1]! / path.sigma[t + 1]! : 0;
      const move = moveText(path.logRet[t]!);
      if (path.earnings.has(t)) {
        const { fiscalQuarter, year } = quarterLabel(date);
        const beat = z + 0.5 * zNext + rng.normal(0, 0.6) > 0;
        out.push({
          date,
          ticker: c.ticker,
          source,
          headline: beat
            ? `${c.name} Q${fiscalQuarter} ${year} earnings beat estimates; strong revenue growth`
            : `${c.name} Q${fiscalQuarter} ${year} earnings miss estimates; weak revenue disappoints`,
          summary: beat
            ? `${c.name} (${c.ticker}) reported fiscal Q${fiscalQuarter} ${year} results above expectations, with better margins and a confident outlook. The stock closed ${move}.`
            : `${c.name} (${c.ticker}) reported fiscal Q${fiscalQuarter} ${year} results below expectations; management cited higher costs and cautious demand. The stock closed ${move}.`,
        });
      }
      const count = poisson(rng, rate * (1 + 0.8 * Math.min(2.5, Math.abs(z))));
      const usedToday = new Set<string>();
      for (let k = 0; k < count; k++) {
        const tone = toneOf(0.9 * z + NEXT_DAY_WEIGHT * zNext + rng.normal());
        const u = rng.next();
        // Same-day items never repeat a headline (no duplicate rows).
        let headline = fill(rng.pick(HEADLINES[tone]), c, move);
        for (let tries = 0; usedToday.has(headline) && tries < 8; tries++) headline = fill(rng.pick(HEADLINES[tone]), c, move);
        if (usedToday.has(headline)) continue;
        usedToday.add(headline);
        out.push({
          date,
          ticker: c.ticker,
          source,
          headline,
          summary: u < 0.85 ? fill(rng.pick(SUMMARIES[tone]), c, move) : null,
        });
      }
    }
  }
  // Market-wide items on the index.
  const mrng = deriveRng(seed, "synthetic", "SPY", "news");
  for (let t = 0; t < dates.length; t++) {
    const z = index.logRet[t]! / index.sigma[t]!;
    if (!mrng.chance(0.35 + 0.2 * Math.min(2, Math.abs(z)))) continue;
    const zNext = t + 1 < dates.length ? index.logRet[t + 1]! / index.sigma[t + 1]! : 0;
    const tone = toneOf(0.9 * z + NEXT_DAY_WEIGHT * zNext + mrng.normal());
    const move = moveText(index.logRet[t]!);
    const date = dates[t]!;
    out.push({ date, ticker: "SPY", source, headline: MARKET_HEADLINES[tone], summary: `The synthetic market index closed ${move}.` });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
}

// ---------------------------------------------------------------- filings

/**
 * One synthetic 10-Q (10-K for the fourth quarter) summary per earnings day,
 * filed 1-3 trading days later, its numbers drawn from the trailing returns.
 *
 * @example
 * generateFilings(7, dates, stocks); // 330 filings, 90 of them 10-K, in generateSyntheticMarket({ seed: 7 })
 */
export function generateFilings(seed: number, dates: readonly string[], stocks: readonly SyntheticStock[]): Filing[] {
  checkPaths(
    "generateFilings",
    dates,
    stocks.map((s) => s.path),
  );
  const out: Filing[] = [];
  for (const { spec: c, path } of stocks) {
    const rng = deriveRng(seed, "synthetic", c.ticker, "filings");
    let revenue = Math.exp(rng.uniform(Math.log(800), Math.log(20000))); // $M per quarter
    let margin = rng.uniform(0.06, 0.28);
    for (const t of [...path.earnings].sort((a, b) => a - b)) {
      const fileAt = Math.min(dates.length - 1, t + rng.int(1, 4));
      const { fiscalQuarter, year } = quarterLabel(dates[t]!);
      const lookback = fiscalQuarter === 4 ? 252 : 63;
      let cum = 0,
        sq = 0,
        k = 0;
      for (let s = Math.max(0, t - lookback); s < t; s++) {
        cum += path.logRet[s]!;
        sq += path.logRet[s]! ** 2;
        k++;
      }
      const trailing = Math.exp(cum) - 1;
      const vol = k > 1 ? Math.sqrt((sq / k) * 252) : 0;
      const growth = 0.6 * trailing + rng.normal(0.015, 0.04);
      revenue *= 1 + (growth / (fiscalQuarter === 4 ? 4 : 1)) * 0.5;
      margin = Math.min(0.4, Math.max(0.01, margin + rng.normal(0.25 * trailing * 0.1, 0.01)));
      const form = fiscalQuarter === 4 ? "10-K" : "10-Q";
      const period = fiscalQuarter === 4 ? `fiscal year ${year}` : `quarter ended ${["", "March 31", "June 30", "September 30"][fiscalQuarter]}, ${year}`;
      const revText = fiscalQuarter === 4 ? `Annual revenue was $${(revenue * 4).toFixed(0)} million` : `Revenue was $${revenue.toFixed(0)} million`;
      const tone = growth > 0.02 ? "strong" : growth > -0.02 ? "stable" : "weak";
      const risks =
        vol > 0.45
          ? "heightened market volatility, customer concentration and financing costs"
          : vol > 0.28
            ? "competitive pricing pressure and input-cost inflation"
            : "regulatory changes and general economic conditions";
      const text = [
        `${c.name} (${c.ticker}) Form ${form} for the ${period} (synthetic summary).`,
        `${revText}, ${growth >= 0 ? "up" : "down"} ${(Math.abs(growth) * 100).toFixed(1)}% year over year, with an operating margin of ${(margin * 100).toFixed(1)}%.`,
        `Management describes demand for its ${SECTOR_WORDS[c.sector].product} as ${tone}${growth < -0.02 ? " and announced cost-reduction measures" : growth > 0.05 ? " and raised its capital spending plans" : ""}.`,
        `Over the ${fiscalQuarter === 4 ? "year" : "quarter"} the stock returned ${(trailing * 100).toFixed(1)}% with annualized volatility of ${(vol * 100).toFixed(0)}%.`,
        `Key risk factors: ${risks}.`,
        fiscalQuarter === 4
          ? `The board ${growth > 0 ? "approved a share repurchase program" : "kept capital allocation unchanged"}; liquidity of $${(revenue * rng.uniform(0.3, 1.2)).toFixed(0)} million is reported as sufficient for the next twelve months.`
          : `Cash and equivalents were $${(revenue * rng.uniform(0.2, 0.9)).toFixed(0)} million at quarter end.`,
      ].join(" ");
      out.push({ date: dates[fileAt]!, ticker: c.ticker, form, source: "synthetic (consilium generator)", text });
    }
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.ticker < b.ticker ? -1 : 1));
}

// ---------------------------------------------------------------- social

const BULL_TITLES = [
  "${T} to the moon 🚀🚀",
  "Loaded up on ${T} calls before close",
  "${T} gains porn, thanks for the great DD",
  "Why ${T} is the best play this month",
  "${T} breakout, strong volume, LFG",
  "YOLO'd my savings into ${T} and it's working",
];
const BEAR_TITLES = [
  "${T} puts printing 📉",
  "${T} bagholders check in",
  "Loss porn: ${T} destroyed my account",
  "${T} is a terrible company, change my mind",
  "Is ${T} going to zero? This looks bad",
  "Got wrecked on ${T} earnings",
];
const NEUTRAL_TITLES = ["${T} daily discussion", "Thoughts on ${T}?", "What's everyone doing with ${T}?", "${T} options chain looks weird today"];
const BODIES: Record<"bull" | "bear" | "neutral", string[]> = {
  bull: ["Not financial advice but this is going up. Diamond hands.", "Chart looks great, holding till next week.", "Up big today, tendies incoming.", ""],
  bear: ["Should have sold last week. Pain.", "Down bad. Not touching this again.", "This is a disaster, puts only.", ""],
  neutral: ["Curious what you all think.", "Holding a small position, no strong view.", ""],
};

/**
 * r/wallstreetbets-style posts: about `rate` a day (plus a chance of one
 * more), each on a stock drawn in proportion to 0.3 + |z| that day, bullish
 * or bearish with that stock's move.
 *
 * @example
 * generateSocial(7, dates, stocks, 2); // 1545 posts in generateSyntheticMarket({ seed: 7 })
 */
export function generateSocial(seed: number, dates: readonly string[], stocks: readonly SyntheticStock[], rate: number): SocialPost[] {
  checkPaths(
    "generateSocial",
    dates,
    stocks.map((s) => s.path),
  );
  const rng = deriveRng(seed, "synthetic", "social");
  const out: SocialPost[] = [];
  let serial = 0;
  for (let t = 0; t < dates.length; t++) {
    const date = dates[t]!;
    const weights = stocks.map(({ path }) => 0.3 + Math.abs(path.logRet[t]! / path.sigma[t]!));
    const count = Math.floor(rate) + (rng.chance(rate - Math.floor(rate)) ? 1 : 0) + (rng.chance(0.3) ? 1 : 0);
    const usedToday = new Set<string>();
    for (let k = 0; k < count; k++) {
      // weightedIndex returns an index of `weights`, which has one entry per stock.
      const { spec: c, path } = stocks[rng.weightedIndex(weights)]!;
      const mood = path.logRet[t]! / path.sigma[t]! + rng.normal(0, 0.8);
      const kind = mood > 0.4 ? "bull" : mood < -0.4 ? "bear" : "neutral";
      const titles = kind === "bull" ? BULL_TITLES : kind === "bear" ? BEAR_TITLES : NEUTRAL_TITLES;
      const hour = 13 + rng.int(0, 9);
      const minute = rng.int(0, 60);
      const title = rng.pick(titles).replace(/\$\{T\}/g, `$${c.ticker}`);
      const body = rng.pick(BODIES[kind]);
      // Same-day posts never repeat title and body (no duplicate rows).
      if (usedToday.has(title + "\n" + body)) continue;
      usedToday.add(title + "\n" + body);
      serial++;
      out.push({
        date,
        id: `syn${String(serial).padStart(5, "0")}`,
        created_utc: `${date} ${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00`,
        subreddit: "wallstreetbets",
        title,
        body,
        score: Math.round(Math.exp(rng.normal(3, 1.6))),
        num_comments: Math.round(Math.exp(rng.normal(2.5, 1.1))),
        source: "synthetic (consilium generator)",
      });
    }
  }
  return out;
}

/**
 * Seeded synthetic market: fictional tickers with daily OHLCV, a news stream
 * whose tone is correlated with the same-day and next-day moves, quarterly
 * 10-Q / annual 10-K summaries, and r/wallstreetbets-style posts. Everything
 * is a deterministic function of the seed (same seed => identical bytes).
 *
 * Return model (daily log returns, per trading day t):
 *   regime s_t in {calm, stress}: a 2-state Markov chain (P(calm->stress) = 0.015,
 *     P(stress->calm) = 0.06);
 *   market  r_m = mu_s + sigma_s u_t + jump,  u_t = sqrt(g_t) z_t,
 *     g_t = (1 - a - b) + a u_{t-1}^2 + b g_{t-1}   (unit-mean GARCH(1,1), a = 0.08, b = 0.88),
 *     so the regime sets the vol level at once (sigma_s = 0.75 %/day calm, 1.7 %/day
 *     stress) and g adds volatility clustering; jumps with p = 0.4 %;
 *   sector  f_k = 0.5 % x regime multiplier x z;
 *   stock   r_i = alpha_i + beta_i r_m + gamma_i f_k + e_i + earnings / event jumps,
 *     e_i = sigma_i x (1.4 in stress) x its own unit-mean GARCH(1,1) shock, sigma_i 0.8-2.2 %/day;
 *   index   "SPY" (synthetic, labelled so in the manifest) = r_m + 0.05 % noise.
 * Dividend payers drop by the dividend on ex-dates; AdjClose is back-adjusted
 * for dividends the way Yahoo does it. High/Low extend the open-close range by
 * a half-normal draw scaled with the day's volatility; volume rises with
 * |return| / vol and in the stress regime.
 *
 * News tone latent: L = 0.9 z_t + 0.2 z_{t+1} + N(0, 1) with z = r / sigma_t,
 * mapped to five tones and worded with VADER-polar vocabulary, so a sentiment
 * reader gets a weak but real signal about the next day.
 */
import { deriveRng, type Rng } from "../stats/index";
import { tradingDays } from "./calendar";
import type { Filing, NewsItem, PriceSeries, SocialPost, TickerInfo } from "./types";

export const SYNTHETIC_GENERATOR_VERSION = "1.0.0";

export interface SyntheticOptions {
  seed: number;
  /** First calendar date (default 2023-01-02; the first NYSE day on or after it is used). */
  start?: string;
  /** Last calendar date (default 2025-08-29). */
  end?: string;
  /** Number of fictional stocks (default 30, at most 30). */
  stocks?: number;
  /** Expected news items per stock and day on a quiet day (default 0.2). */
  newsRate?: number;
  /** Expected social posts per trading day (default 2). */
  socialRate?: number;
}

export interface SyntheticMarket {
  seed: number;
  version: string;
  dates: string[];
  prices: PriceSeries[];
  info: TickerInfo[];
  news: NewsItem[];
  filings: Filing[];
  social: SocialPost[];
  /** Per ticker: the regime path is shared, so it is stored once (0 calm, 1 stress). */
  regimes: Uint8Array;
}

interface CompanySpec {
  ticker: string;
  name: string;
  sector: string;
}

/** Fictional companies, three per sector. */
export const SYNTHETIC_COMPANIES: readonly CompanySpec[] = [
  { ticker: "ALTA", name: "Alta Microsystems", sector: "Information Technology" },
  { ticker: "BRIX", name: "Brixton Software", sector: "Information Technology" },
  { ticker: "CORV", name: "Corvane Semiconductor", sector: "Information Technology" },
  { ticker: "DYNL", name: "Dynalink Media", sector: "Communication Services" },
  { ticker: "ECHW", name: "Echowave Networks", sector: "Communication Services" },
  { ticker: "FLXM", name: "Fluxmedia Group", sector: "Communication Services" },
  { ticker: "GLDH", name: "Goldharbor Retail", sector: "Consumer Discretionary" },
  { ticker: "HVNM", name: "Havenmoor Motors", sector: "Consumer Discretionary" },
  { ticker: "IRVL", name: "Irvale Apparel", sector: "Consumer Discretionary" },
  { ticker: "JNPF", name: "Juniper Fields Foods", sector: "Consumer Staples" },
  { ticker: "KLPW", name: "Kelpwater Beverages", sector: "Consumer Staples" },
  { ticker: "LUMH", name: "Lumara Household", sector: "Consumer Staples" },
  { ticker: "MDXS", name: "Medaxis Therapeutics", sector: "Health Care" },
  { ticker: "NVRH", name: "Novara Health", sector: "Health Care" },
  { ticker: "OSRD", name: "Osirion Diagnostics", sector: "Health Care" },
  { ticker: "PRSB", name: "Prism Bancorp", sector: "Financials" },
  { ticker: "QNTC", name: "Quintal Capital", sector: "Financials" },
  { ticker: "RDGI", name: "Ridgeway Insurance", sector: "Financials" },
  { ticker: "TRVX", name: "Travex Aerospace", sector: "Industrials" },
  { ticker: "UNDL", name: "Undertow Logistics", sector: "Industrials" },
  { ticker: "VRKM", name: "Varkham Machinery", sector: "Industrials" },
  { ticker: "WLDR", name: "Wildrose Energy", sector: "Energy" },
  { ticker: "XNTR", name: "Xentra Oil & Gas", sector: "Energy" },
  { ticker: "YLWR", name: "Yellowridge Renewables", sector: "Energy" },
  { ticker: "ZEPH", name: "Zephyr Power", sector: "Utilities" },
  { ticker: "AQLW", name: "Aquila Water", sector: "Utilities" },
  { ticker: "BRNU", name: "Brentwood Utilities", sector: "Utilities" },
  { ticker: "CRSL", name: "Crestline Chemicals", sector: "Materials" },
  { ticker: "DNMR", name: "Dunemoor Mining", sector: "Materials" },
  { ticker: "EMBS", name: "Emberly Steel", sector: "Materials" },
];

/** Sector parameters: market beta range, idiosyncratic vol range (daily), dividend yield. */
const SECTOR_PARAMS: Record<string, { beta: [number, number]; idio: [number, number]; yield: number; noun: string; product: string }> = {
  "Information Technology": { beta: [1.1, 1.45], idio: [0.014, 0.022], yield: 0, noun: "chipmaker and software", product: "cloud platform" },
  "Communication Services": { beta: [0.9, 1.25], idio: [0.012, 0.019], yield: 0, noun: "media", product: "streaming service" },
  "Consumer Discretionary": { beta: [1.0, 1.35], idio: [0.013, 0.02], yield: 0.008, noun: "retail", product: "new store format" },
  "Consumer Staples": { beta: [0.55, 0.8], idio: [0.008, 0.011], yield: 0.028, noun: "consumer staples", product: "product line" },
  "Health Care": { beta: [0.7, 1.0], idio: [0.011, 0.02], yield: 0.012, noun: "healthcare", product: "drug candidate" },
  Financials: { beta: [1.0, 1.3], idio: [0.009, 0.014], yield: 0.03, noun: "banking", product: "lending book" },
  Industrials: { beta: [0.95, 1.2], idio: [0.01, 0.015], yield: 0.017, noun: "industrial", product: "order backlog" },
  Energy: { beta: [0.8, 1.15], idio: [0.013, 0.02], yield: 0.035, noun: "energy", product: "production outlook" },
  Utilities: { beta: [0.45, 0.7], idio: [0.008, 0.011], yield: 0.036, noun: "utility", product: "rate case" },
  Materials: { beta: [0.95, 1.25], idio: [0.012, 0.018], yield: 0.02, noun: "materials", product: "capacity expansion" },
};

/** Weight of the next day's standardized return in the news-tone latent: the planted, weak predictive signal. */
export const NEXT_DAY_WEIGHT = 0.2;

const GARCH_A = 0.08;
const GARCH_B = 0.88;

function round(v: number, decimals: number): number {
  return Number(v.toFixed(decimals));
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

/** Half-normal draw |N(0, sd)|. */
function halfNormal(rng: Rng, sd: number): number {
  return Math.abs(rng.normal(0, sd));
}

interface StockPath {
  logRet: Float64Array;
  sigma: Float64Array;
  earnings: Set<number>;
  exDiv: Set<number>;
}

/**
 * Generate the synthetic market in memory.
 *
 * @example
 * const m = generateSyntheticMarket({ seed: 7 });
 * m.prices.find((p) => p.ticker === "SPY")!.dates[0]; // "2023-01-03"
 */
export function generateSyntheticMarket(options: SyntheticOptions): SyntheticMarket {
  const seed = options.seed;
  const dates = tradingDays(options.start ?? "2023-01-02", options.end ?? "2025-08-29");
  const n = dates.length;
  if (n < 2) throw new RangeError("synthetic market needs at least two trading days");
  const companies = SYNTHETIC_COMPANIES.slice(0, Math.max(1, Math.min(options.stocks ?? 30, SYNTHETIC_COMPANIES.length)));

  // Market: regimes and GARCH(1,1) returns.
  const mrng = deriveRng(seed, "synthetic", "market");
  const regimes = new Uint8Array(n);
  const market = new Float64Array(n);
  const marketSigma = new Float64Array(n);
  const longRun = [0.0075, 0.017];
  const drift = [0.0005, -0.0009];
  let state = 0;
  // Unit-mean GARCH(1,1) multiplier g: the regime sets the vol level at once,
  // g adds volatility clustering on top (a regime-switching GARCH).
  let g = 1;
  let prevU = 0;
  for (let t = 0; t < n; t++) {
    if (t > 0) {
      const u = mrng.next();
      state = state === 0 ? (u < 0.015 ? 1 : 0) : u < 0.06 ? 0 : 1;
      g = 1 - GARCH_A - GARCH_B + GARCH_A * prevU * prevU + GARCH_B * g;
    }
    regimes[t] = state;
    const unit = Math.sqrt(g) * mrng.normal();
    const sd = longRun[state]! * Math.sqrt(g);
    const jump = mrng.chance(0.004) ? mrng.normal(-0.02, 0.018) : 0;
    market[t] = drift[state]! + longRun[state]! * unit + jump;
    marketSigma[t] = sd;
    prevU = unit;
  }

  // Sector factors.
  const sectors = [...new Set(companies.map((c) => c.sector))];
  const sectorFactor = new Map<string, Float64Array>();
  for (const s of sectors) {
    const r = deriveRng(seed, "synthetic", "sector", s);
    const f = new Float64Array(n);
    for (let t = 0; t < n; t++) f[t] = 0.005 * (regimes[t] ? 1.6 : 1) * r.normal();
    sectorFactor.set(s, f);
  }

  const prices: PriceSeries[] = [];
  const info: TickerInfo[] = [];
  const paths = new Map<string, StockPath>();

  // Index proxy.
  {
    const r = deriveRng(seed, "synthetic", "SPY", "noise");
    const logRet = new Float64Array(n);
    for (let t = 0; t < n; t++) logRet[t] = market[t]! + r.normal(0, 0.0005);
    const exDiv = quarterlyIndices(dates, 3, 17);
    const path: StockPath = { logRet, sigma: marketSigma, earnings: new Set(), exDiv };
    paths.set("SPY", path);
    prices.push(buildBars("SPY", dates, path, 384.5, 0.013, 7.2e7, regimes, deriveRng(seed, "synthetic", "SPY", "bars")));
    info.push({ ticker: "SPY", type: "index", sector: null, name: "Synthetic market index (SPY proxy)", sharesOutstanding: 9.2e8, synthetic: true });
  }

  for (const c of companies) {
    const p = SECTOR_PARAMS[c.sector]!;
    const r = deriveRng(seed, "synthetic", c.ticker, "params");
    const beta = r.uniform(p.beta[0], p.beta[1]);
    const gamma = r.uniform(0.6, 1.2);
    const idioLong = r.uniform(p.idio[0], p.idio[1]);
    const alpha = r.normal(0.0001, 0.00025);
    const startPrice = round(Math.exp(r.uniform(Math.log(15), Math.log(350))), 2);
    const baseVolume = Math.exp(r.uniform(Math.log(8e5), Math.log(3e7)));
    const shares = Math.round(Math.exp(r.uniform(Math.log(1.5e8), Math.log(4e9))) / 1e5) * 1e5;
    const earningsOffset = r.int(12, 28);
    const exOffset = r.int(5, 26);
    const sector = sectorFactor.get(c.sector)!;
    const rr = deriveRng(seed, "synthetic", c.ticker, "returns");
    const earnings = quarterlyIndices(dates, 0, earningsOffset);
    const exDiv = p.yield > 0 ? quarterlyIndices(dates, 1, exOffset) : new Set<number>();
    const logRet = new Float64Array(n);
    const sigma = new Float64Array(n);
    let gi = 1;
    let prevU = 0;
    for (let t = 0; t < n; t++) {
      const stress = regimes[t] ? 1.4 : 1;
      if (t > 0) gi = 1 - GARCH_A - GARCH_B + GARCH_A * prevU * prevU + GARCH_B * gi;
      const unit = Math.sqrt(gi) * rr.normal();
      prevU = unit;
      const idioSd = idioLong * stress * Math.sqrt(gi);
      let jump = 0;
      if (earnings.has(t)) jump += rr.normal(0, 2.5 * idioLong);
      else if (rr.chance(0.002)) jump += rr.normal(0, 0.05);
      logRet[t] = alpha + beta * market[t]! + gamma * sector[t]! + idioLong * stress * unit + jump;
      sigma[t] = Math.sqrt(beta * beta * marketSigma[t]! ** 2 + (gamma * 0.005 * stress) ** 2 + idioSd * idioSd);
    }
    const path: StockPath = { logRet, sigma, earnings, exDiv };
    paths.set(c.ticker, path);
    prices.push(buildBars(c.ticker, dates, path, startPrice, p.yield, baseVolume, regimes, deriveRng(seed, "synthetic", c.ticker, "bars")));
    info.push({ ticker: c.ticker, type: "stock", sector: c.sector, name: c.name, sharesOutstanding: shares, synthetic: true });
  }

  const news = generateNews(seed, dates, companies, paths, options.newsRate ?? 0.2);
  const filings = generateFilings(seed, dates, companies, paths);
  const social = generateSocial(seed, dates, companies, paths, options.socialRate ?? 2);
  return { seed, version: SYNTHETIC_GENERATOR_VERSION, dates, prices, info, news, filings, social, regimes };
}

/**
 * Indices of one trading day per quarter: the first trading day on or after
 * day `offsetDays` of the quarter's month `monthInQuarter` (0-2).
 */
function quarterlyIndices(dates: readonly string[], monthInQuarter: number, offsetDays: number): Set<number> {
  const out = new Set<number>();
  const seenQuarter = new Set<string>();
  for (let t = 0; t < dates.length; t++) {
    const d = dates[t]!;
    const y = Number(d.slice(0, 4)),
      m = Number(d.slice(5, 7)) - 1;
    const q = Math.floor(m / 3);
    const key = `${y}Q${q}`;
    if (seenQuarter.has(key)) continue;
    const targetMonth = q * 3 + monthInQuarter;
    const dayOfQuarter = (m - targetMonth) * 31 + Number(d.slice(8, 10));
    if (m >= targetMonth && dayOfQuarter >= offsetDays) {
      seenQuarter.add(key);
      out.add(t);
    }
  }
  return out;
}

function buildBars(
  ticker: string,
  dates: string[],
  path: StockPath,
  startPrice: number,
  annualYield: number,
  baseVolume: number,
  regimes: Uint8Array,
  rng: Rng,
): PriceSeries {
  const n = dates.length;
  const open = new Float64Array(n),
    high = new Float64Array(n),
    low = new Float64Array(n);
  const close = new Float64Array(n),
    adjClose = new Float64Array(n),
    volume = new Float64Array(n);
  const dividend = new Float64Array(n);
  let prevClose = startPrice;
  for (let t = 0; t < n; t++) {
    const r = path.logRet[t]!;
    const sd = path.sigma[t]!;
    const div = path.exDiv.has(t) && t > 0 ? round((prevClose * annualYield) / 4, 4) : 0;
    dividend[t] = div;
    const base = prevClose - div;
    const gap = t === 0 ? rng.normal(0, 0.3 * sd) : 0.35 * r + rng.normal(0, 0.3 * sd);
    const o = round(base * Math.exp(gap), 4);
    const c = round(base * Math.exp(r), 4);
    const intraday = 0.55 * sd;
    const hi = round(Math.max(o, c) * Math.exp(halfNormal(rng, intraday)), 4);
    const lo = round(Math.min(o, c) * Math.exp(-halfNormal(rng, intraday)), 4);
    open[t] = o;
    close[t] = c;
    high[t] = Math.max(hi, o, c);
    low[t] = Math.min(lo, o, c);
    const surprise = Math.abs(r) / Math.max(sd, 1e-6);
    volume[t] = Math.round(baseVolume * Math.exp(0.3 * rng.normal() + 0.35 * surprise + (regimes[t] ? 0.25 : 0) + (path.earnings.has(t) ? 0.6 : 0)));
    prevClose = c;
  }
  // Yahoo-style dividend back-adjustment: every bar before an ex-date is
  // multiplied by (1 - D / previous close).
  let factor = 1;
  for (let t = n - 1; t >= 0; t--) {
    adjClose[t] = round(close[t]! * factor, 6);
    if (dividend[t]! > 0 && t > 0) factor *= 1 - dividend[t]! / close[t - 1]!;
  }
  return { ticker, dates: dates.slice(), open, high, low, close, adjClose, volume };
}

// ---------------------------------------------------------------- news

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
  const p = SECTOR_PARAMS[c.sector]!;
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

function generateNews(seed: number, dates: string[], companies: readonly CompanySpec[], paths: Map<string, StockPath>, rate: number): NewsItem[] {
  const out: NewsItem[] = [];
  const source = "synthetic (consilium generator)";
  for (const c of companies) {
    const path = paths.get(c.ticker)!;
    const rng = deriveRng(seed, "synthetic", c.ticker, "news");
    for (let t = 0; t < dates.length; t++) {
      const z = path.logRet[t]! / path.sigma[t]!;
      const zNext = t + 1 < dates.length ? path.logRet[t + 1]! / path.sigma[t + 1]! : 0;
      const move = moveText(path.logRet[t]!);
      if (path.earnings.has(t)) {
        const { fiscalQuarter, year } = quarterLabel(dates[t]!);
        const beat = z + 0.5 * zNext + rng.normal(0, 0.6) > 0;
        out.push({
          date: dates[t]!,
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
          date: dates[t]!,
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
  const spy = paths.get("SPY")!;
  for (let t = 0; t < dates.length; t++) {
    const z = spy.logRet[t]! / spy.sigma[t]!;
    if (!mrng.chance(0.35 + 0.2 * Math.min(2, Math.abs(z)))) continue;
    const zNext = t + 1 < dates.length ? spy.logRet[t + 1]! / spy.sigma[t + 1]! : 0;
    const tone = toneOf(0.9 * z + NEXT_DAY_WEIGHT * zNext + mrng.normal());
    const move = moveText(spy.logRet[t]!);
    out.push({ date: dates[t]!, ticker: "SPY", source, headline: MARKET_HEADLINES[tone], summary: `The synthetic market index closed ${move}.` });
  }
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
}

// ---------------------------------------------------------------- filings

function generateFilings(seed: number, dates: string[], companies: readonly CompanySpec[], paths: Map<string, StockPath>): Filing[] {
  const out: Filing[] = [];
  for (const c of companies) {
    const path = paths.get(c.ticker)!;
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
        `Management describes demand for its ${SECTOR_PARAMS[c.sector]!.product} as ${tone}${growth < -0.02 ? " and announced cost-reduction measures" : growth > 0.05 ? " and raised its capital spending plans" : ""}.`,
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

function generateSocial(seed: number, dates: string[], companies: readonly CompanySpec[], paths: Map<string, StockPath>, rate: number): SocialPost[] {
  const rng = deriveRng(seed, "synthetic", "social");
  const out: SocialPost[] = [];
  let serial = 0;
  for (let t = 0; t < dates.length; t++) {
    const weights = companies.map((c) => {
      const p = paths.get(c.ticker)!;
      return 0.3 + Math.abs(p.logRet[t]! / p.sigma[t]!);
    });
    const count = Math.floor(rate) + (rng.chance(rate - Math.floor(rate)) ? 1 : 0) + (rng.chance(0.3) ? 1 : 0);
    const usedToday = new Set<string>();
    for (let k = 0; k < count; k++) {
      const c = companies[rng.weightedIndex(weights)]!;
      const p = paths.get(c.ticker)!;
      const mood = p.logRet[t]! / p.sigma[t]! + rng.normal(0, 0.8);
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
        date: dates[t]!,
        id: `syn${String(serial).padStart(5, "0")}`,
        created_utc: `${dates[t]} ${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00`,
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

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
 * The news, filings and posts are written from these paths in text.ts.
 */
import { deriveRng, type Rng } from "../../stats/index";
import { tradingDays } from "../calendar";
import { generateFilings, generateNews, generateSocial, type CompanySpec, type Sector, type StockPath, type SyntheticStock } from "./text";
import type { Filing, NewsItem, PriceSeries, SocialPost, TickerInfo } from "../types";

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
const SECTOR_PARAMS: Record<Sector, { beta: [number, number]; idio: [number, number]; yield: number }> = {
  "Information Technology": { beta: [1.1, 1.45], idio: [0.014, 0.022], yield: 0 },
  "Communication Services": { beta: [0.9, 1.25], idio: [0.012, 0.019], yield: 0 },
  "Consumer Discretionary": { beta: [1.0, 1.35], idio: [0.013, 0.02], yield: 0.008 },
  "Consumer Staples": { beta: [0.55, 0.8], idio: [0.008, 0.011], yield: 0.028 },
  "Health Care": { beta: [0.7, 1.0], idio: [0.011, 0.02], yield: 0.012 },
  Financials: { beta: [1.0, 1.3], idio: [0.009, 0.014], yield: 0.03 },
  Industrials: { beta: [0.95, 1.2], idio: [0.01, 0.015], yield: 0.017 },
  Energy: { beta: [0.8, 1.15], idio: [0.013, 0.02], yield: 0.035 },
  Utilities: { beta: [0.45, 0.7], idio: [0.008, 0.011], yield: 0.036 },
  Materials: { beta: [0.95, 1.25], idio: [0.012, 0.018], yield: 0.02 },
};

const GARCH_A = 0.08;
const GARCH_B = 0.88;

function round(v: number, decimals: number): number {
  return Number(v.toFixed(decimals));
}

/** Half-normal draw |N(0, sd)|. */
function halfNormal(rng: Rng, sd: number): number {
  return Math.abs(rng.normal(0, sd));
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
  // Per regime (0 calm, 1 stress): daily vol level and drift.
  const longRun = [0.0075, 0.017] as const;
  const drift = [0.0005, -0.0009] as const;
  let state: 0 | 1 = 0;
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
    const sd = longRun[state] * Math.sqrt(g);
    const jump = mrng.chance(0.004) ? mrng.normal(-0.02, 0.018) : 0;
    market[t] = drift[state] + longRun[state] * unit + jump;
    marketSigma[t] = sd;
    prevU = unit;
  }

  // Sector factors, shared by the companies of a sector (each from its own stream, so
  // the order in which they are first needed does not matter).
  const sectorFactors = new Map<Sector, Float64Array>();
  const sectorFactor = (s: Sector): Float64Array => {
    let f = sectorFactors.get(s);
    if (f === undefined) {
      const r = deriveRng(seed, "synthetic", "sector", s);
      f = new Float64Array(n);
      for (let t = 0; t < n; t++) f[t] = 0.005 * (regimes[t] ? 1.6 : 1) * r.normal();
      sectorFactors.set(s, f);
    }
    return f;
  };

  const prices: PriceSeries[] = [];
  const info: TickerInfo[] = [];
  const stocks: SyntheticStock[] = [];

  // Index proxy.
  let index: StockPath;
  {
    const r = deriveRng(seed, "synthetic", "SPY", "noise");
    const logRet = new Float64Array(n);
    for (let t = 0; t < n; t++) logRet[t] = market[t]! + r.normal(0, 0.0005);
    const exDiv = quarterlyIndices(dates, 3, 17);
    index = { logRet, sigma: marketSigma, earnings: new Set(), exDiv };
    prices.push(buildBars("SPY", dates, index, 384.5, 0.013, 7.2e7, regimes, deriveRng(seed, "synthetic", "SPY", "bars")));
    info.push({ ticker: "SPY", type: "index", sector: null, name: "Synthetic market index (SPY proxy)", sharesOutstanding: 9.2e8, synthetic: true });
  }

  for (const c of companies) {
    const p = SECTOR_PARAMS[c.sector];
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
    const sector = sectorFactor(c.sector);
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
    stocks.push({ spec: c, path });
    prices.push(buildBars(c.ticker, dates, path, startPrice, p.yield, baseVolume, regimes, deriveRng(seed, "synthetic", c.ticker, "bars")));
    info.push({ ticker: c.ticker, type: "stock", sector: c.sector, name: c.name, sharesOutstanding: shares, synthetic: true });
  }

  const news = generateNews(seed, dates, stocks, index, options.newsRate ?? 0.2);
  const filings = generateFilings(seed, dates, stocks);
  const social = generateSocial(seed, dates, stocks, options.socialRate ?? 2);
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

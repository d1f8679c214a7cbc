/**
 * The offline analysts of the Blackboard paper: embedded, data-grounded
 * stand-ins for the model (results labelled offline) that write each
 * AnalysisReport from the same point-in-time inputs a model is given:
 *
 * - market: stockstats RSI(14) / MACD(12,26,9) / Bollinger(20,2), the 50-day
 *   SMA and 20-day momentum, each turned into a signed piece of evidence;
 * - news: VADER compound of each headline/summary of the last 7 days;
 * - social: VADER compound of r/wallstreetbets posts of the last 7 days,
 *   weighted by 1 + ln(1 + score);
 * - fundamentals: mean sentence-level VADER tone of the latest filings;
 * - macro: trend of SPY and of the ticker's sector SPDR ETF.
 *
 * Every piece of evidence gets an id `<analyst>.<name>` that the debaters cite.
 */
import { polarityScores, splitSentences } from "../../text/index";
import type { FundamentalsAnalystInput, MacroAnalystInput, MarketAnalystInput, TextAnalystInput } from "../agent-inputs";
import type { IndicatorSnapshot } from "../features";
import type { AnalysisReport, AnalystKind, Evidence } from "../messages";
import { clamp, round6 } from "../numbers";

/** Stance thresholds on the net signal. */
export const STANCE_THRESHOLD = 0.15;

const dirOf = (x: number, dead = 0): -1 | 0 | 1 => (x > dead ? 1 : x < -dead ? -1 : 0);
const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : "n/a");
const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)}%` : "n/a");

/**
 * Assemble an AnalysisReport from signed evidence: signal = sum(direction x
 * strength) / number of directional items (clipped to [-1, 1]); stance
 * bullish / bearish beyond +-0.15; confidence = coverage x agreement, where
 * agreement = |sum(d s)| / sum(s) over directional items.
 *
 * @example
 * reportFromEvidence("market", [{ id: "market.rsi", claim: "...", direction: 1, strength: 0.5, source: "rsi_14" }], {}, { from: "2025-01-01", to: "2025-01-02" }, "x", 1).stance; // "bullish"
 */
export function reportFromEvidence(
  analyst: AnalystKind,
  evidence: Evidence[],
  metrics: Record<string, number>,
  window: { from: string; to: string },
  summary: string,
  coverage: number,
): AnalysisReport {
  const directional = evidence.filter((e) => e.direction !== 0);
  let net = 0,
    total = 0;
  for (const e of directional) {
    net += e.direction * e.strength;
    total += e.strength;
  }
  const signal = directional.length ? clamp(net / directional.length, -1, 1) : 0;
  const agreement = total > 0 ? Math.abs(net) / total : 0;
  const stance = signal > STANCE_THRESHOLD ? "bullish" : signal < -STANCE_THRESHOLD ? "bearish" : "neutral";
  return {
    analyst,
    signal: round6(signal),
    stance,
    confidence: round6(clamp(coverage, 0, 1) * (0.35 + 0.65 * agreement)),
    summary: `${summary} Net signal ${signal >= 0 ? "+" : ""}${signal.toFixed(2)} (${stance}).`,
    evidence: evidence.map((e) => ({ ...e, strength: round6(e.strength) })),
    metrics: finiteMetrics(metrics),
    window,
  };
}

/**
 * The metrics a report carries: the finite ones, rounded to 6 decimals.
 *
 * @example
 * finiteMetrics({ rsi_14: 55.1234567, beta: NaN }); // { rsi_14: 55.123457 }
 */
export function finiteMetrics(metrics: Record<string, number>): Record<string, number> {
  const finite: Record<string, number> = {};
  for (const [k, v] of Object.entries(metrics)) if (Number.isFinite(v)) finite[k] = round6(v);
  return finite;
}

function evidence(id: string, claim: string, direction: -1 | 0 | 1, strength: number, source: string, value?: number): Evidence {
  const e: Evidence = { id, claim, direction, strength: clamp(strength, 0, 1), source };
  if (value !== undefined && Number.isFinite(value)) e.value = value;
  return e;
}

// ---------------------------------------------------------------- market

/** The indicator values the market analyst reads. */
type IndicatorValues = IndicatorSnapshot["values"];

/** RSI above 70 / below 30: overbought (bearish) / oversold (bullish); in between, mild momentum around 50. */
function rsiEvidence(v: IndicatorValues): Evidence | null {
  if (!Number.isFinite(v.rsi_14)) return null;
  const r = v.rsi_14;
  if (r > 70) return evidence("market.rsi", `RSI(14) ${fmt(r)} is overbought (> 70)`, -1, 0.3 + (r - 70) / 20, "rsi_14", r);
  if (r < 30) return evidence("market.rsi", `RSI(14) ${fmt(r)} is oversold (< 30)`, 1, 0.3 + (30 - r) / 20, "rsi_14", r);
  return evidence(
    "market.rsi",
    `RSI(14) ${fmt(r)} ${r >= 50 ? "above" : "below"} 50 shows ${r >= 50 ? "positive" : "negative"} momentum`,
    dirOf(r - 50, 2),
    Math.min(0.5, Math.abs(r - 50) / 40),
    "rsi_14",
    r,
  );
}

/** Sign of the MACD histogram, strength relative to the close (0.5% of the price = full strength). */
function macdEvidence(v: IndicatorValues): Evidence | null {
  if (!Number.isFinite(v.macdh) || !(v.close > 0)) return null;
  const rel = v.macdh / v.close;
  return evidence(
    "market.macd",
    `MACD histogram ${fmt(v.macdh, 3)} (MACD ${fmt(v.macd, 3)} vs signal ${fmt(v.macds, 3)}) is ${v.macdh >= 0 ? "positive" : "negative"}`,
    dirOf(v.macdh),
    Math.abs(rel) / 0.005,
    "macdh",
    v.macdh,
  );
}

/** Close vs the 50-day SMA (a 10% gap = full strength). */
function smaEvidence(v: IndicatorValues): Evidence | null {
  if (!Number.isFinite(v.sma_50)) return null;
  const gap = v.close / v.sma_50 - 1;
  return evidence(
    "market.sma50",
    `Close ${fmt(v.close)} is ${pct(Math.abs(gap))} ${gap >= 0 ? "above" : "below"} the 50-day SMA ${fmt(v.sma_50)}`,
    dirOf(gap),
    Math.abs(gap) / 0.1,
    "sma_50",
    v.sma_50,
  );
}

/** 20-day return (10% = full strength). */
function momentumEvidence(v: IndicatorValues): Evidence | null {
  if (!Number.isFinite(v.ret_20d)) return null;
  return evidence("market.momentum", `20-day return ${pct(v.ret_20d)}`, dirOf(v.ret_20d), Math.abs(v.ret_20d) / 0.1, "ret_20d", v.ret_20d);
}

/** Bollinger %b outside [0, 1] reads as stretched (above) or oversold (below); inside, neutral. */
function bollingerEvidence(v: IndicatorValues): Evidence | null {
  if (!Number.isFinite(v.pct_b)) return null;
  if (v.pct_b > 1)
    return evidence(
      "market.bollinger",
      `Close above the upper Bollinger band ${fmt(v.boll_ub)} (%b ${fmt(v.pct_b)}): stretched`,
      -1,
      0.3 + (v.pct_b - 1) * 2,
      "pct_b",
      v.pct_b,
    );
  if (v.pct_b < 0)
    return evidence(
      "market.bollinger",
      `Close below the lower Bollinger band ${fmt(v.boll_lb)} (%b ${fmt(v.pct_b)}): oversold`,
      1,
      0.3 - v.pct_b * 2,
      "pct_b",
      v.pct_b,
    );
  return evidence("market.bollinger", `Close inside the Bollinger bands (%b ${fmt(v.pct_b)})`, 0, 0.2, "pct_b", v.pct_b);
}

/** Annualised 20-day volatility, as context (no direction). */
function volatilityEvidence(v: IndicatorValues): Evidence | null {
  if (!Number.isFinite(v.vol_20d)) return null;
  return evidence("market.volatility", `Annualised 20-day volatility ${pct(v.vol_20d)}`, 0, Math.min(1, v.vol_20d), "vol_20d", v.vol_20d);
}

/** The market analyst's evidence, in report order (an indicator that is NaN gives none). */
const MARKET_EVIDENCE = [rsiEvidence, macdEvidence, smaEvidence, momentumEvidence, bollingerEvidence, volatilityEvidence];

/**
 * Offline market analyst (see module doc): RSI above 70 / below 30 reads as
 * overbought (bearish) / oversold (bullish), else mild momentum; MACD
 * histogram sign; close vs 50-day SMA; 20-day return; Bollinger %b outside
 * [0, 1] as stretched; 20-day volatility as context.
 *
 * @example
 * marketAnalystPolicy({ ticker: "AAPL", date: "2025-01-02", windowFrom: "2024-...", indicators: snap }).analyst; // "market"
 */
export function marketAnalystPolicy(input: MarketAnalystInput): AnalysisReport {
  const window = { from: input.windowFrom, to: input.date };
  const s = input.indicators;
  if (!s) return reportFromEvidence("market", [], {}, window, `No price history for ${input.ticker} up to ${input.date}.`, 0);
  const ev = MARKET_EVIDENCE.map((read) => read(s.values)).filter((e): e is Evidence => e !== null);
  return reportFromEvidence("market", ev, marketMetrics(input), window, `Technical read of ${input.ticker} on ${s.date}.`, Math.min(1, s.bars / 60));
}

/**
 * What the market analyst measured: every indicator of its snapshot (none without one).
 *
 * @example
 * marketMetrics({ ..., indicators: snap }).rsi_14 === snap.values.rsi_14; // true
 */
export function marketMetrics(input: MarketAnalystInput): Record<string, number> {
  return input.indicators ? ({ ...input.indicators.values } as Record<string, number>) : {};
}

// ---------------------------------------------------------------- text sentiment

/**
 * VADER compound score of a text in [-1, 1] (Hutto & Gilbert 2014, vaderSentiment 3.3.2).
 *
 * @example
 * compound("Great quarter, record profit!") > 0; // true
 */
export function compound(text: string): number {
  return polarityScores(text).compound;
}

/** Each text item's VADER compound and weight (social posts: 1 + ln(1 + score), news: 1). */
function scoreItems(analyst: "news" | "social", input: TextAnalystInput) {
  return input.items.map((it, i) => ({
    it,
    i,
    c: compound(it.text),
    w: analyst === "social" ? 1 + Math.log1p(Math.max(0, it.score ?? 0)) : 1,
  }));
}

/** The weighted mean compound and the counts of positive (>= 0.05) and negative (<= -0.05) items. */
function toneOf(scored: ReturnType<typeof scoreItems>): { meanC: number; pos: number; neg: number } {
  let sw = 0,
    swc = 0,
    pos = 0,
    neg = 0;
  for (const s of scored) {
    sw += s.w;
    swc += s.w * s.c;
    if (s.c >= 0.05) pos++;
    else if (s.c <= -0.05) neg++;
  }
  return { meanC: swc / sw, pos, neg };
}

/**
 * What the news or social analyst measured: the item count and, with items,
 * the (engagement-weighted) mean VADER compound and the positive / negative counts.
 *
 * @example
 * textMetrics("news", { ..., items: [] }); // { items: 0 }
 */
export function textMetrics(analyst: "news" | "social", input: TextAnalystInput): Record<string, number> {
  if (input.items.length === 0) return { items: 0 };
  const scored = scoreItems(analyst, input);
  const { meanC, pos, neg } = toneOf(scored);
  return { items: scored.length, compound_mean: meanC, positive: pos, negative: neg };
}

function textPolicy(analyst: "news" | "social", input: TextAnalystInput, noun: string): AnalysisReport {
  const window = { from: input.windowFrom, to: input.date };
  if (input.items.length === 0) {
    return reportFromEvidence(
      analyst,
      [],
      textMetrics(analyst, input),
      window,
      `No ${noun} about ${input.ticker} between ${input.windowFrom} and ${input.date}.`,
      0,
    );
  }
  const scored = scoreItems(analyst, input);
  const { meanC, pos, neg } = toneOf(scored);
  const top = scored
    .slice()
    .sort((a, b) => Math.abs(b.c) - Math.abs(a.c) || a.i - b.i)
    .slice(0, 3);
  const ev: Evidence[] = [
    evidence(
      `${analyst}.tone`,
      `Mean VADER compound of ${scored.length} ${noun} items is ${fmt(meanC, 3)} (${pos} positive, ${neg} negative)`,
      dirOf(meanC, 0.05),
      Math.abs(meanC) * 2,
      "vader_compound_mean",
      meanC,
    ),
    ...top.map((s) =>
      evidence(
        `${analyst}.item${s.i}`,
        `${s.it.date}: "${s.it.text.slice(0, 160)}" (compound ${fmt(s.c, 3)})`,
        dirOf(s.c, 0.05),
        Math.abs(s.c),
        "vader_compound",
        s.c,
      ),
    ),
  ];
  const coverage = Math.min(1, scored.length / 5);
  return reportFromEvidence(analyst, ev, textMetrics(analyst, input), window, `${scored.length} ${noun} items about ${input.ticker}.`, coverage);
}

/** Offline news analyst: VADER on the last 7 days of news. @example newsAnalystPolicy({ ..., items: [] }).stance; // "neutral" */
export function newsAnalystPolicy(input: TextAnalystInput): AnalysisReport {
  return textPolicy("news", input, "news");
}

/** Offline social analyst: engagement-weighted VADER on the last 7 days of posts. @example socialAnalystPolicy({ ..., items: [] }).confidence; // 0 */
export function socialAnalystPolicy(input: TextAnalystInput): AnalysisReport {
  return textPolicy("social", input, "social-media");
}

/** Each filing's tone: the mean VADER compound of its sentences (the whole text when it has none). */
function filingTones(input: FundamentalsAnalystInput): Array<{ tone: number; sentences: number }> {
  return input.filings.map((f) => {
    const sentences = splitSentences(f.text);
    const tones = (sentences.length ? sentences : [f.text]).map(compound);
    return { tone: tones.reduce((a, b) => a + b, 0) / tones.length, sentences: tones.length };
  });
}

/** The filings' tones weighted 2 for the latest and 1 for the others. */
function weightedTone(tones: ReadonlyArray<{ tone: number }>): number {
  let sw = 0,
    swt = 0;
  tones.forEach(({ tone }, i) => {
    const w = i === tones.length - 1 ? 2 : 1;
    sw += w;
    swt += w * tone;
  });
  return swt / sw;
}

/**
 * What the fundamentals analyst measured: the filing count and, with
 * filings, their weighted tone (the latest counts twice).
 *
 * @example
 * fundamentalsMetrics({ ..., filings: [] }); // { filings: 0 }
 */
export function fundamentalsMetrics(input: FundamentalsAnalystInput): Record<string, number> {
  if (input.filings.length === 0) return { filings: 0 };
  return { filings: input.filings.length, tone: weightedTone(filingTones(input)) };
}

/**
 * Offline fundamentals analyst: tone of each filing = mean VADER compound of
 * its sentences; the latest filing counts twice as much as the one before.
 *
 * @example
 * fundamentalsAnalystPolicy({ ..., filings: [] }).signal; // 0
 */
export function fundamentalsAnalystPolicy(input: FundamentalsAnalystInput): AnalysisReport {
  const window = { from: input.windowFrom, to: input.date };
  if (input.filings.length === 0) {
    return reportFromEvidence(
      "fundamentals",
      [],
      fundamentalsMetrics(input),
      window,
      `No filings for ${input.ticker} between ${input.windowFrom} and ${input.date}.`,
      0,
    );
  }
  const tones = filingTones(input);
  const ev = input.filings.map((f, i) => {
    const { tone, sentences } = tones[i]!;
    return evidence(
      `fundamentals.filing${i}`,
      `${f.form} filed ${f.date}: mean sentence tone ${fmt(tone, 3)} over ${sentences} sentences`,
      dirOf(tone, 0.02),
      Math.abs(tone) * 3,
      "filing_tone",
      tone,
    );
  });
  return reportFromEvidence(
    "fundamentals",
    ev,
    { filings: input.filings.length, tone: weightedTone(tones) },
    window,
    `${input.filings.length} filing(s) of ${input.ticker}.`,
    Math.min(1, 0.5 * input.filings.length),
  );
}

/**
 * Offline macro analyst: SPY and sector-ETF 20-day trend and position vs
 * their 50-day SMA.
 *
 * @example
 * macroAnalystPolicy({ ..., macro: { benchmark: null, sector: null } }).confidence; // 0
 */
export function macroAnalystPolicy(input: MacroAnalystInput): AnalysisReport {
  const window = { from: input.windowFrom, to: input.date };
  const ev: Evidence[] = [];
  const add = (key: string, label: string, s: IndicatorSnapshot) => {
    const v = s.values;
    if (Number.isFinite(v.ret_20d))
      ev.push(
        evidence(`macro.${key}_trend`, `${label} 20-day return ${pct(v.ret_20d)}`, dirOf(v.ret_20d, 0.002), Math.abs(v.ret_20d) / 0.05, "ret_20d", v.ret_20d),
      );
    if (Number.isFinite(v.sma_50)) {
      const gap = v.close / v.sma_50 - 1;
      ev.push(
        evidence(
          `macro.${key}_sma50`,
          `${label} is ${pct(Math.abs(gap))} ${gap >= 0 ? "above" : "below"} its 50-day SMA`,
          dirOf(gap),
          Math.abs(gap) / 0.05,
          "sma_50",
          v.sma_50,
        ),
      );
    }
  };
  if (input.macro.benchmark) add("market", `Market (${input.macro.benchmark.ticker})`, input.macro.benchmark.indicators);
  if (input.macro.sector) add("sector", `${input.macro.sector.name} sector (${input.macro.sector.etf})`, input.macro.sector.indicators);
  const coverage = (input.macro.benchmark ? 0.6 : 0) + (input.macro.sector ? 0.4 : 0);
  return reportFromEvidence("macro", ev, macroMetrics(input), window, `Macro backdrop for ${input.ticker}.`, coverage);
}

/**
 * What the macro analyst measured: the 20-day return and volatility of the
 * benchmark (`market_*`) and of the sector ETF (`sector_*`) when there are indicators for them.
 *
 * @example
 * macroMetrics({ ..., macro: { benchmark: null, sector: null, listedSector: null } }); // {}
 */
export function macroMetrics(input: MacroAnalystInput): Record<string, number> {
  const metrics: Record<string, number> = {};
  const add = (key: string, s: IndicatorSnapshot) => {
    metrics[`${key}_ret_20d`] = s.values.ret_20d;
    metrics[`${key}_vol_20d`] = s.values.vol_20d;
  };
  if (input.macro.benchmark) add("market", input.macro.benchmark.indicators);
  if (input.macro.sector) add("sector", input.macro.sector.indicators);
  return metrics;
}

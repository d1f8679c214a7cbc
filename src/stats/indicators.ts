/**
 * Technical indicators computed the way stockstats (jealous/stockstats, the
 * library TradingAgents and the Blackboard paper use) computes them, as full
 * series aligned with the input closes. Checked against the current
 * stockstats.py source:
 *
 * - RSI(n): change_t = close_t - close_{t-1} with the first change set to 0
 *   (`diff().fillna(0)`); up = max(change, 0), down = max(-change, 0);
 *   both smoothed with Wilder's SMMA = `ewm(alpha=1/n, adjust=True,
 *   min_periods=0)`; RSI = 100 - 100 / (1 + up/down), which equals
 *   100 * up / (up + down). When down = 0 and up > 0 this is 100; when both are
 *   0 (the first bar, or a flat stretch from the start) it is 0/0 = NaN, as in
 *   stockstats.
 * - MACD(12, 26, 9): macd = EMA12 - EMA26, macds = EMA9(macd),
 *   macdh = macd - macds, every EMA being `ewm(span, adjust=True,
 *   min_periods=1)`. Older stockstats releases (<= 0.3.x) reported
 *   macdh = 2 * (macd - macds); pass `histogramScale: 2` to get that.
 * - Bollinger(20, 2): middle = rolling mean, band = 2 * rolling sample std
 *   (ddof = 1), with stockstats' `rolling(window, min_periods=1)` — so the
 *   bands exist from the second bar on (partial windows) and are NaN on the
 *   first (a one-value sample std is undefined). `minPeriods: 20` gives the
 *   strict pandas default instead.
 *
 * Speed: on a series of finite closes (the usual case) RSI and MACD run as
 * one fused loop each — every EWM chain advanced in the same pass with
 * exactly `ewm`'s per-step arithmetic (adjust = true, no NaN, so all chains
 * share one weight sequence), which lets the CPU overlap the chains'
 * divisions; the results are bit-identical to the composed definitions
 * (test/stats/indicators-fused.test.ts). Series with NaN or +-Infinity take
 * the composed path. Bollinger reads mean and std from one rolling pass.
 */
import { ewm, ewmAlpha } from "./ewm";
import { rollingMeanStd } from "./rolling";

export { ewm, ewmAlpha } from "./ewm";
export type { EwmOptions } from "./ewm";

/**
 * First differences with the first element 0, as stockstats' `_delta(close, -1)`.
 *
 * @example
 * diffWithZeroFirst([10, 11, 9]); // [0, 1, -2]
 */
export function diffWithZeroFirst(values: ArrayLike<number>): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 1; i < values.length; i++) out[i] = values[i]! - values[i - 1]!;
  return out;
}

/**
 * Wilder's smoothed moving average as stockstats' `smma`: ewm(alpha = 1/n, adjust = True).
 *
 * @example
 * smma([1, 2, 3], 2); // ewm alpha 0.5: [1, 1.6667, 2.4286]
 */
export function smma(values: ArrayLike<number>, window: number): Float64Array {
  if (!(window >= 1)) throw new RangeError(`smma: window must be >= 1 (got ${window})`);
  return ewm(values, { alpha: 1 / window, adjust: true, minPeriods: 0 });
}

/**
 * Exponential moving average as stockstats' `ema`: ewm(span, adjust = True, min_periods = 1).
 *
 * @example
 * ema([1, 2, 3], 3); // alpha 0.5: [1, 1.6667, 2.4286]
 */
export function ema(values: ArrayLike<number>, span: number): Float64Array {
  return ewm(values, { span, adjust: true, minPeriods: 1 });
}

/**
 * Relative Strength Index, stockstats convention (see module doc). Values in
 * [0, 100]; NaN where no move has happened yet.
 *
 * @example
 * rsi([1, 2, 3, 4], 14);    // [NaN, 100, 100, 100] (only up moves)
 * rsi([1, 2, 1], 2);      // [NaN, 100, 33.333...] (up 0.5/1.75, down 1/1.75)
 */
export function rsi(close: ArrayLike<number>, window = 14): Float64Array {
  if (!(window >= 1)) throw new RangeError(`smma: window must be >= 1 (got ${window})`);
  return allFinite(close) ? rsiFused(close, window) : rsiComposed(close, window);
}

function allFinite(values: ArrayLike<number>): boolean {
  for (let i = 0; i < values.length; i++) if (!Number.isFinite(values[i])) return false;
  return true;
}

/** RSI in one loop: change, up / down and both SMMAs per step (finite closes only). */
function rsiFused(close: ArrayLike<number>, window: number): Float64Array {
  const n = close.length;
  const out = new Float64Array(n);
  if (n === 0) return out;
  const decay = 1 - ewmAlpha({ alpha: 1 / window });
  let upAvg = 0;
  let downAvg = 0;
  let weight = 1;
  out[0] = NaN; // no move yet: 0 / 0
  let previous = close[0]!;
  for (let i = 1; i < n; i++) {
    const x = close[i]!;
    const c = x - previous;
    previous = x;
    const u = c > 0 ? c : 0;
    const d = c < 0 ? -c : 0;
    weight *= decay;
    const total = weight + 1;
    if (upAvg !== u) upAvg = (weight * upAvg + u) / total;
    if (downAvg !== d) downAvg = (weight * downAvg + d) / total;
    weight = total;
    out[i] = upAvg === 0 && downAvg === 0 ? NaN : 100 - 100 / (1 + upAvg / downAvg);
  }
  return out;
}

/** RSI from its definition (any input, NaN and infinities included). */
function rsiComposed(close: ArrayLike<number>, window: number): Float64Array {
  const change = diffWithZeroFirst(close);
  const n = change.length;
  const up = new Float64Array(n);
  const down = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = change[i]!;
    up[i] = c > 0 ? c : 0;
    down[i] = c < 0 ? -c : 0;
  }
  const upAvg = smma(up, window);
  const downAvg = smma(down, window);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const u = upAvg[i]!;
    const d = downAvg[i]!;
    // stockstats' exact arithmetic: rs = u / d (Infinity when d = 0 < u, NaN when both are 0).
    if (u === 0 && d === 0) {
      out[i] = NaN;
    } else {
      const rs = u / d;
      out[i] = 100 - 100 / (1 + rs);
    }
  }
  return out;
}

/** MACD line, signal and histogram. */
export interface MacdSeries {
  macd: Float64Array;
  /** Signal line: EMA of the MACD line. */
  macds: Float64Array;
  /** Histogram: histogramScale * (macd - macds); scale 1 in current stockstats. */
  macdh: Float64Array;
}

/** MACD options. */
export interface MacdOptions {
  /** Multiplier of macd - macds in the histogram (1 = current stockstats, 2 = stockstats <= 0.3). */
  histogramScale?: number;
}

/**
 * Moving Average Convergence Divergence with stockstats' EMAs (see module doc).
 *
 * @example
 * const { macd, macds, macdh } = macd([10, 11, 12, 11], 12, 26, 9);
 * // macd[0] = 0 (both EMAs start at the first close)
 */
export function macd(close: ArrayLike<number>, fast = 12, slow = 26, signal = 9, options: MacdOptions = {}): MacdSeries {
  const scale = options.histogramScale ?? 1;
  return allFinite(close) ? macdFused(close, fast, slow, signal, scale) : macdComposed(close, fast, slow, signal, scale);
}

/** MACD in one loop: both EMAs, the line, its signal EMA and the histogram per step (finite closes only). */
function macdFused(close: ArrayLike<number>, fast: number, slow: number, signal: number, scale: number): MacdSeries {
  const decayFast = 1 - ewmAlpha({ span: fast });
  const decaySlow = 1 - ewmAlpha({ span: slow });
  const decaySignal = 1 - ewmAlpha({ span: signal });
  const n = close.length;
  const line = new Float64Array(n);
  const signalLine = new Float64Array(n);
  const histogram = new Float64Array(n);
  if (n === 0) return { macd: line, macds: signalLine, macdh: histogram };
  let fastAvg = close[0]!;
  let slowAvg = fastAvg;
  let sig = fastAvg - slowAvg;
  line[0] = sig;
  signalLine[0] = sig;
  histogram[0] = scale * (sig - sig);
  let wFast = 1;
  let wSlow = 1;
  let wSignal = 1;
  for (let i = 1; i < n; i++) {
    const x = close[i]!;
    wFast *= decayFast;
    wSlow *= decaySlow;
    wSignal *= decaySignal;
    if (fastAvg !== x) fastAvg = (wFast * fastAvg + x) / (wFast + 1);
    if (slowAvg !== x) slowAvg = (wSlow * slowAvg + x) / (wSlow + 1);
    wFast += 1;
    wSlow += 1;
    const l = fastAvg - slowAvg;
    if (sig !== l) sig = (wSignal * sig + l) / (wSignal + 1);
    wSignal += 1;
    line[i] = l;
    signalLine[i] = sig;
    histogram[i] = scale * (l - sig);
  }
  return { macd: line, macds: signalLine, macdh: histogram };
}

/** MACD from its definition (any input). */
function macdComposed(close: ArrayLike<number>, fast: number, slow: number, signal: number, scale: number): MacdSeries {
  const fastEma = ema(close, fast);
  const slowEma = ema(close, slow);
  const n = close.length;
  const line = new Float64Array(n);
  for (let i = 0; i < n; i++) line[i] = fastEma[i]! - slowEma[i]!;
  const signalLine = ema(line, signal);
  const histogram = new Float64Array(n);
  for (let i = 0; i < n; i++) histogram[i] = scale * (line[i]! - signalLine[i]!);
  return { macd: line, macds: signalLine, macdh: histogram };
}

/** Bollinger bands. */
export interface BollingerBands {
  upper: Float64Array;
  middle: Float64Array;
  lower: Float64Array;
}

/** Bollinger options. */
export interface BollingerOptions {
  /** Minimum observations per window (default 1, stockstats; 20 = strict pandas default). */
  minPeriods?: number;
}

/**
 * Bollinger bands: rolling mean +/- k * rolling sample std (ddof = 1), stockstats convention.
 *
 * @example
 * bollinger([1, 2, 3], 20, 2).upper; // [NaN, 1.5 + 2*0.7071, 2 + 2*1]
 */
export function bollinger(close: ArrayLike<number>, window = 20, k = 2, options: BollingerOptions = {}): BollingerBands {
  const minPeriods = options.minPeriods ?? 1;
  const { mean: middle, std: sd } = rollingMeanStd(close, window, { minPeriods, ddof: 1 });
  const n = close.length;
  const upper = new Float64Array(n);
  const lower = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    upper[i] = middle[i]! + k * sd[i]!;
    lower[i] = middle[i]! - k * sd[i]!;
  }
  return { upper, middle, lower };
}

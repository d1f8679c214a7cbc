/**
 * Descriptive statistics over `ArrayLike<number>` (plain arrays or
 * Float64Array). Conventions follow numpy / scipy so that numbers can be
 * compared with the Python tools the papers' authors used:
 * - `variance` / `std` take `ddof` (numpy's default 0; pandas' default 1);
 * - `skewness` is the biased moment ratio m3 / m2^1.5 (scipy.stats.skew default);
 * - `kurtosis` is Pearson's, NOT excess: m4 / m2^2 (= 3 for a normal), which is
 *   the gamma_4 used by Bailey & Lopez de Prado in the PSR / DSR formulas;
 * - `quantile` interpolates linearly between order statistics, exactly like
 *   `numpy.percentile(x, 100 p)` / `numpy.quantile` with the default method.
 *
 * Summation is compensated (Neumaier) so long return series keep full precision.
 * `test/stats/descriptive.test.ts` cross-checks these against simple-statistics.
 */

/**
 * Compensated (Neumaier) sum.
 *
 * @example
 * sum([0.1, 0.2, 0.3]); // 0.6
 */
export function sum(values: ArrayLike<number>): number {
  let total = 0;
  let compensation = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const t = total + v;
    if (Math.abs(total) >= Math.abs(v)) compensation += total - t + v;
    else compensation += v - t + total;
    total = t;
  }
  return total + compensation;
}

/**
 * Arithmetic mean, NaN for an empty input.
 *
 * @example
 * mean([1, 2, 3, 4]); // 2.5
 */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  return sum(values) / values.length;
}

/**
 * Variance sum((x - mean)^2) / (n - ddof), two-pass. NaN when n - ddof <= 0.
 *
 * @example
 * variance([1, 2, 3, 4], 1); // 1.6666666666666667 (pandas .var())
 * variance([1, 2, 3, 4]);    // 1.25 (numpy .var())
 */
export function variance(values: ArrayLike<number>, ddof = 0): number {
  const n = values.length;
  if (n - ddof <= 0) return NaN;
  const m = mean(values);
  let acc = 0;
  let correction = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i] - m;
    acc += d * d;
    correction += d;
  }
  // Second term of the corrected two-pass algorithm (Chan, Golub & LeVeque).
  return Math.max(0, acc - (correction * correction) / n) / (n - ddof);
}

/**
 * Standard deviation sqrt(variance(values, ddof)).
 *
 * @example
 * std([2, 4, 4, 4, 5, 5, 7, 9]);    // 2 (population)
 * std([2, 4, 4, 4, 5, 5, 7, 9], 1); // 2.138089935299395 (sample)
 */
export function std(values: ArrayLike<number>, ddof = 0): number {
  return Math.sqrt(variance(values, ddof));
}

/**
 * Central moment of order k: mean((x - mean)^k) (divisor n).
 *
 * @example
 * centralMoment([1, 2, 3, 4], 2); // 1.25
 */
export function centralMoment(values: ArrayLike<number>, order: number): number {
  const n = values.length;
  if (n === 0) return NaN;
  const m = mean(values);
  let acc = 0;
  for (let i = 0; i < n; i++) acc += (values[i] - m) ** order;
  return acc / n;
}

/**
 * Skewness as the biased moment ratio m3 / m2^(3/2) (scipy.stats.skew with
 * bias=True). NaN for constant input.
 *
 * @example
 * skewness([1, 2, 3, 10]); // 1.0182337649086284
 */
export function skewness(values: ArrayLike<number>): number {
  const m2 = centralMoment(values, 2);
  if (!(m2 > 0)) return NaN;
  return centralMoment(values, 3) / m2 ** 1.5;
}

/**
 * Pearson (non-excess) kurtosis m4 / m2^2; a normal sample gives about 3.
 * This is the gamma_4 of Bailey & Lopez de Prado (2014). Excess kurtosis
 * (scipy's default, fisher=True) is this minus 3.
 *
 * @example
 * kurtosis([1, 2, 3, 4]); // 1.64
 */
export function kurtosis(values: ArrayLike<number>): number {
  const m2 = centralMoment(values, 2);
  if (!(m2 > 0)) return NaN;
  return centralMoment(values, 4) / (m2 * m2);
}

/**
 * Minimum, ignoring nothing (NaN propagates), -> NaN when empty.
 *
 * @example
 * min([3, 1, 2]); // 1
 */
export function min(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  let best = values[0];
  for (let i = 1; i < values.length; i++) {
    const v = values[i];
    if (v < best || Number.isNaN(v)) best = v;
    if (Number.isNaN(best)) return NaN;
  }
  return best;
}

/**
 * Maximum, NaN propagates, NaN when empty.
 *
 * @example
 * max([3, 1, 2]); // 3
 */
export function max(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  let best = values[0];
  for (let i = 1; i < values.length; i++) {
    const v = values[i];
    if (v > best || Number.isNaN(v)) best = v;
    if (Number.isNaN(best)) return NaN;
  }
  return best;
}

/**
 * Quantile with numpy's default "linear" method: sort, h = (n - 1) p,
 * result = x[floor h] + (h - floor h) (x[floor h + 1] - x[floor h]).
 *
 * @example
 * quantile([1, 2, 3, 4], 0.05); // 1.15 (= numpy.percentile([1,2,3,4], 5))
 */
export function quantile(values: ArrayLike<number>, p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantile: p must be in [0, 1] (got ${p})`);
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return quantileSorted(sorted, p);
}

/**
 * `quantile` for input that is already sorted ascending (no copy).
 *
 * @example
 * quantileSorted([1, 2, 3, 4], 0.5); // 2.5
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const frac = h - lo;
  return sorted[lo] + frac * (sorted[hi] - sorted[lo]);
}

/**
 * Sample covariance of two equally long series, sum((x-mx)(y-my)) / (n - ddof).
 *
 * @example
 * covariance([1, 2, 3], [1, 2, 4], 1); // 1.5
 */
export function covariance(x: ArrayLike<number>, y: ArrayLike<number>, ddof = 1): number {
  if (x.length !== y.length) throw new RangeError(`covariance: length mismatch ${x.length} vs ${y.length}`);
  const n = x.length;
  if (n - ddof <= 0) return NaN;
  const mx = mean(x);
  const my = mean(y);
  let acc = 0;
  for (let i = 0; i < n; i++) acc += (x[i] - mx) * (y[i] - my);
  return acc / (n - ddof);
}

/**
 * Pearson correlation coefficient; NaN when either series is constant.
 *
 * @example
 * correlation([1, 2, 3], [2, 4, 6]); // 1
 */
export function correlation(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const sx = std(x, 1);
  const sy = std(y, 1);
  if (!(sx > 0) || !(sy > 0)) return NaN;
  return covariance(x, y, 1) / (sx * sy);
}

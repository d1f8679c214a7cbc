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
 * `variance` / `covariance` have `...WithMean(s)` twins that take a mean already
 * computed (same arithmetic, so the same numbers) for callers that need several
 * statistics of one series, and `centralMoments` gives m2, m3, m4 in one pass.
 * `test/stats/descriptive.test.ts` cross-checks these against simple-statistics.
 */

/**
 * Compensated (Neumaier) sum. Each step's rounding error is taken with
 * Knuth's branch-free TwoSum, which yields the same exact error as Neumaier's
 * two-branch formula (the error of a floating-point addition is a unique,
 * representable number), so the result is the same double; only when the
 * result is not finite (an infinity, NaN or overflow on the way) is the sum
 * recomputed with Neumaier's branches, so those cases stay exactly as before.
 *
 * @example
 * sum([0.1, 0.2, 0.3]); // 0.6
 */
export function sum(values: ArrayLike<number>): number {
  let total = 0;
  let compensation = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const t = total + v;
    const vPart = t - total;
    compensation += total - (t - vPart) + (v - vPart);
    total = t;
  }
  const result = total + compensation;
  return result - result === 0 ? result : neumaierSum(values);
}

/** Neumaier's compensated sum with its two branches (the reference `sum` falls back to). */
function neumaierSum(values: ArrayLike<number>): number {
  let total = 0;
  let compensation = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
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
  return varianceWithMean(values, mean(values), ddof);
}

/**
 * `variance` given the series' mean `m` (as returned by `mean(values)`):
 * the same corrected two-pass sum, so the same result without recomputing the mean.
 *
 * @example
 * varianceWithMean([1, 2, 3, 4], 2.5, 1); // 1.6666666666666667
 */
export function varianceWithMean(values: ArrayLike<number>, m: number, ddof = 0): number {
  const n = values.length;
  if (n - ddof <= 0) return NaN;
  let acc = 0;
  let correction = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - m;
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
 * Central moment of order k: mean((x - mean)^k) (divisor n). Orders 1 to 4
 * use plain multiplications (one pass, no `Math.pow`).
 *
 * @example
 * centralMoment([1, 2, 3, 4], 2); // 1.25
 */
export function centralMoment(values: ArrayLike<number>, order: number): number {
  const n = values.length;
  if (n === 0) return NaN;
  const m = mean(values);
  if (order >= 1 && order <= 4 && Number.isInteger(order)) {
    const moments = centralMomentsAbout(values, m);
    return order === 1 ? moments.m1 : order === 2 ? moments.m2 : order === 3 ? moments.m3 : moments.m4;
  }
  let acc = 0;
  for (let i = 0; i < n; i++) acc += (values[i]! - m) ** order;
  return acc / n;
}

/** Central moments of one series (divisor n), from one pass over the data. */
export interface CentralMoments {
  n: number;
  mean: number;
  m2: number;
  m3: number;
  m4: number;
}

/**
 * Mean and the 2nd, 3rd and 4th central moments (divisor n) in one pass after
 * the (compensated) mean: m_k = mean((x - mean)^k), with d^2, d^3 = d^2 d and
 * d^4 = d^2 d^2 by multiplication. NaN moments for an empty input.
 *
 * @example
 * centralMoments([1, 2, 3, 4]); // { n: 4, mean: 2.5, m2: 1.25, m3: 0, m4: 2.5625 }
 */
export function centralMoments(values: ArrayLike<number>): CentralMoments {
  const n = values.length;
  if (n === 0) return { n, mean: NaN, m2: NaN, m3: NaN, m4: NaN };
  const m = mean(values);
  const { m2, m3, m4 } = centralMomentsAbout(values, m);
  return { n, mean: m, m2, m3, m4 };
}

function centralMomentsAbout(values: ArrayLike<number>, m: number): { m1: number; m2: number; m3: number; m4: number } {
  const n = values.length;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let s4 = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i]! - m;
    const d2 = d * d;
    s1 += d;
    s2 += d2;
    s3 += d2 * d;
    s4 += d2 * d2;
  }
  return { m1: s1 / n, m2: s2 / n, m3: s3 / n, m4: s4 / n };
}

/**
 * Skewness as the biased moment ratio m3 / m2^(3/2) (scipy.stats.skew with
 * bias=True). NaN for constant input.
 *
 * @example
 * skewness([1, 2, 3, 10]); // 1.0182337649086284
 */
export function skewness(values: ArrayLike<number>): number {
  return skewnessOf(centralMoments(values));
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
  return kurtosisOf(centralMoments(values));
}

/**
 * Skewness m3 / m2^(3/2) from precomputed moments (NaN when m2 is not > 0).
 *
 * @example
 * skewnessOf(centralMoments([1, 2, 3, 10])); // 1.0182337649086284
 */
export function skewnessOf(moments: CentralMoments): number {
  if (!(moments.m2 > 0)) return NaN;
  return moments.m3 / moments.m2 ** 1.5;
}

/**
 * Pearson kurtosis m4 / m2^2 from precomputed moments (NaN when m2 is not > 0).
 *
 * @example
 * kurtosisOf(centralMoments([1, 2, 3, 4])); // 1.64
 */
export function kurtosisOf(moments: CentralMoments): number {
  if (!(moments.m2 > 0)) return NaN;
  return moments.m4 / (moments.m2 * moments.m2);
}

/**
 * Minimum, ignoring nothing (NaN propagates), -> NaN when empty.
 *
 * @example
 * min([3, 1, 2]); // 1
 */
export function min(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  let best = values[0]!;
  for (let i = 1; i < values.length; i++) {
    const v = values[i]!;
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
  let best = values[0]!;
  for (let i = 1; i < values.length; i++) {
    const v = values[i]!;
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
  const n = values.length;
  if (n === 0) return NaN;
  const copy = values instanceof Float64Array ? values.slice() : Float64Array.from(values);
  // Selection (as numpy's partition) instead of a full sort: the two order statistics
  // around h are exact, so the result is the same. NaN (sorted last) and -0 (sorted
  // before +0) keep the sort so that every edge case stays identical.
  let plain = true;
  for (let i = 0; i < n; i++) {
    const v = copy[i];
    if (v !== v || (v === 0 && 1 / v < 0)) {
      plain = false;
      break;
    }
  }
  if (!plain) return quantileSorted(copy.sort(), p);
  const h = (n - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  const low = selectInPlace(copy, lo);
  let high = low;
  if (hi > lo) {
    // After selection every element right of `lo` is >= the lo-th statistic; the smallest is the next one.
    high = copy[lo + 1]!;
    for (let i = lo + 2; i < n; i++) if (copy[i]! < high) high = copy[i]!;
  }
  return low + (h - lo) * (high - low);
}

/**
 * Rearranges `a` so that a[k] is its k-th smallest value, everything left of k
 * is <= a[k] and everything right of it >= a[k] (Hoare's FIND with a
 * median-of-three pivot; expected O(n)). No NaN allowed. Returns a[k].
 */
function selectInPlace(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < a[lo]!) swap(a, lo, mid);
    if (a[hi]! < a[lo]!) swap(a, lo, hi);
    if (a[hi]! < a[mid]!) swap(a, mid, hi);
    const pivot = a[mid]!;
    // Hoare's scans cannot leave [lo, hi]: the median-of-three puts a value <= pivot at
    // lo and >= pivot at hi, so each scan stops there at the latest (the `!` below are safe).
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        swap(a, i, j);
        i++;
        j--;
      }
    }
    // Now a[lo..j] <= pivot <= a[i..hi], and a[j+1..i-1] (if any) equal the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k]!;
  }
  return a[k]!;
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
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
  return sorted[lo]! + frac * (sorted[hi]! - sorted[lo]!);
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
  return covarianceWithMeans(x, y, mean(x), mean(y), ddof);
}

/**
 * `covariance` given both means (as returned by `mean`): the same sum, so the same result.
 *
 * @example
 * covarianceWithMeans([1, 2, 3], [1, 2, 4], 2, 7 / 3, 1); // 1.5
 */
export function covarianceWithMeans(x: ArrayLike<number>, y: ArrayLike<number>, mx: number, my: number, ddof = 1): number {
  if (x.length !== y.length) throw new RangeError(`covariance: length mismatch ${x.length} vs ${y.length}`);
  const n = x.length;
  if (n - ddof <= 0) return NaN;
  let acc = 0;
  for (let i = 0; i < n; i++) acc += (x[i]! - mx) * (y[i]! - my);
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

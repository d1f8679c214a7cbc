/**
 * Trailing rolling-window statistics over a series, compatible with pandas
 * `Series.rolling(window, min_periods).agg()`:
 * - the window at index i covers values[i - window + 1 .. i] (right-aligned,
 *   only past and present values — never the future);
 * - NaN inputs are skipped, and the output is NaN while the window holds fewer
 *   than `minPeriods` non-NaN values (default `minPeriods = window`, pandas'
 *   default, so the first `window - 1` outputs are NaN);
 * - `rollingStd` uses the sample std (ddof = 1) like pandas.
 *
 * Each window is recomputed directly (O(n * window)) rather than with running
 * sums, so results carry no accumulated floating-point drift.
 */

/** Options shared by the rolling functions. */
export interface RollingOptions {
  /** Minimum number of non-NaN observations for a value (default: the window). */
  minPeriods?: number;
}

function checkWindow(name: string, window: number, minPeriods: number): void {
  if (!Number.isInteger(window) || window < 1) throw new RangeError(`${name}: window must be an integer >= 1 (got ${window})`);
  if (!Number.isInteger(minPeriods) || minPeriods < 0 || minPeriods > window) {
    throw new RangeError(`${name}: minPeriods must be an integer in [0, window] (got ${minPeriods})`);
  }
}

/**
 * Applies `fn` to the non-NaN values of every trailing window. `fn` receives
 * a fresh Float64Array of the window's valid values (oldest first).
 *
 * @example
 * rollingApply([1, 2, 3, 4], 2, (w) => w[w.length - 1] - w[0]); // [NaN, 1, 1, 1]
 */
export function rollingApply(
  values: ArrayLike<number>,
  window: number,
  fn: (windowValues: Float64Array) => number,
  options: RollingOptions = {},
): Float64Array {
  const minPeriods = options.minPeriods ?? window;
  checkWindow("rollingApply", window, minPeriods);
  const n = values.length;
  const out = new Float64Array(n);
  const buffer = new Float64Array(window);
  for (let i = 0; i < n; i++) {
    let count = 0;
    for (let j = Math.max(0, i - window + 1); j <= i; j++) {
      const v = values[j];
      if (!Number.isNaN(v)) buffer[count++] = v;
    }
    out[i] = count >= Math.max(minPeriods, 1) ? fn(buffer.slice(0, count)) : NaN;
  }
  return out;
}

/**
 * Rolling sum of the trailing `window` values (pandas `rolling(w).sum()`).
 *
 * @example
 * rollingSum([1, 2, 3, 4], 2); // [NaN, 3, 5, 7]
 */
export function rollingSum(values: ArrayLike<number>, window: number, options: RollingOptions = {}): Float64Array {
  return rollingMoments(values, window, options, "sum");
}

/**
 * Rolling mean of the trailing `window` values (pandas `rolling(w).mean()`).
 *
 * @example
 * rollingMean([1, 2, 3, 4], 2); // [NaN, 1.5, 2.5, 3.5]
 */
export function rollingMean(values: ArrayLike<number>, window: number, options: RollingOptions = {}): Float64Array {
  return rollingMoments(values, window, options, "mean");
}

/**
 * Rolling standard deviation with `ddof` (default 1, pandas'
 * `rolling(w).std()`); NaN when a window has <= ddof valid values.
 *
 * @example
 * rollingStd([1, 2, 4, 8], 3); // [NaN, NaN, 1.5275252316519468, 3.0550504633038935]
 */
export function rollingStd(
  values: ArrayLike<number>,
  window: number,
  options: RollingOptions & { ddof?: number } = {},
): Float64Array {
  const ddof = options.ddof ?? 1;
  const variances = rollingMoments(values, window, options, "var", ddof);
  for (let i = 0; i < variances.length; i++) variances[i] = Math.sqrt(variances[i]);
  return variances;
}

/**
 * Rolling variance with `ddof` (default 1, pandas' `rolling(w).var()`).
 *
 * @example
 * rollingVariance([1, 2, 4, 8], 3); // [NaN, NaN, 2.3333333333333335, 9.333333333333334]
 */
export function rollingVariance(
  values: ArrayLike<number>,
  window: number,
  options: RollingOptions & { ddof?: number } = {},
): Float64Array {
  return rollingMoments(values, window, options, "var", options.ddof ?? 1);
}

function rollingMoments(
  values: ArrayLike<number>,
  window: number,
  options: RollingOptions,
  kind: "sum" | "mean" | "var",
  ddof = 1,
): Float64Array {
  const minPeriods = options.minPeriods ?? window;
  checkWindow(`rolling ${kind}`, window, minPeriods);
  const n = values.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const start = Math.max(0, i - window + 1);
    let count = 0;
    let total = 0;
    for (let j = start; j <= i; j++) {
      const v = values[j];
      if (!Number.isNaN(v)) {
        total += v;
        count++;
      }
    }
    if (count < Math.max(minPeriods, 1)) {
      // pandas returns 0 for an all-NaN rolling sum with min_periods=0; keep NaN for clarity.
      out[i] = NaN;
      continue;
    }
    if (kind === "sum") {
      out[i] = total;
      continue;
    }
    const m = total / count;
    if (kind === "mean") {
      out[i] = m;
      continue;
    }
    if (count - ddof <= 0) {
      out[i] = NaN;
      continue;
    }
    // Corrected two-pass (Chan, Golub & LeVeque): the second term cancels the rounding of m,
    // so a constant window gives exactly 0 instead of a tiny positive variance.
    let acc = 0;
    let correction = 0;
    for (let j = start; j <= i; j++) {
      const v = values[j];
      if (!Number.isNaN(v)) {
        const d = v - m;
        acc += d * d;
        correction += d;
      }
    }
    out[i] = Math.max(0, acc - (correction * correction) / count) / (count - ddof);
  }
  return out;
}

/**
 * Exponentially weighted moving average, compatible with pandas
 * `Series.ewm(span | alpha | com, adjust, min_periods, ignore_na).mean()`.
 *
 * With adjust = true (pandas' default) the value at t is the weighted mean
 *   y_t = sum_{i=0..t} (1 - alpha)^i x_{t-i} / sum_{i=0..t} (1 - alpha)^i,
 * i.e. the early values are not biased towards the first observation; with
 * adjust = false it is the recursion y_0 = x_0, y_t = (1 - alpha) y_{t-1} + alpha x_t.
 * span s gives alpha = 2 / (s + 1); com c gives alpha = 1 / (1 + c).
 * NaN inputs follow pandas with ignore_na = false: they still age the weights
 * of earlier observations (absolute positions), and the previous mean is carried.
 */

/** How the decay is specified (exactly one of span, alpha, com). */
export interface EwmOptions {
  span?: number;
  alpha?: number;
  com?: number;
  /** pandas `adjust` (default true). */
  adjust?: boolean;
  /** pandas `min_periods`: outputs are NaN until this many non-NaN values were seen (default 0, treated as 1). */
  minPeriods?: number;
  /** pandas `ignore_na` (default false). */
  ignoreNa?: boolean;
}

/**
 * The smoothing factor alpha implied by the options.
 *
 * @example
 * ewmAlpha({ span: 9 }); // 0.2
 */
export function ewmAlpha(options: EwmOptions): number {
  const given = [options.span, options.alpha, options.com].filter((v) => v !== undefined).length;
  if (given !== 1) throw new RangeError("ewm: pass exactly one of span, alpha, com");
  let alpha: number;
  if (options.span !== undefined) {
    if (!(options.span >= 1)) throw new RangeError(`ewm: span must be >= 1 (got ${options.span})`);
    alpha = 2 / (options.span + 1);
  } else if (options.com !== undefined) {
    if (!(options.com >= 0)) throw new RangeError(`ewm: com must be >= 0 (got ${options.com})`);
    alpha = 1 / (1 + options.com);
  } else {
    alpha = options.alpha as number;
    if (!(alpha > 0 && alpha <= 1)) throw new RangeError(`ewm: alpha must be in (0, 1] (got ${alpha})`);
  }
  return alpha;
}

/**
 * pandas-compatible exponentially weighted mean (see module doc).
 *
 * @example
 * ewm([1, 2, 3], { alpha: 0.5 });
 * // [1, (0.5*1 + 2)/1.5 = 1.6667, (0.25*1 + 0.5*2 + 3)/1.75 = 2.4286]
 */
export function ewm(values: ArrayLike<number>, options: EwmOptions): Float64Array {
  const alpha = ewmAlpha(options);
  const adjust = options.adjust ?? true;
  const ignoreNa = options.ignoreNa ?? false;
  const minPeriods = Math.max(options.minPeriods ?? 0, 1);
  const n = values.length;
  const out = new Float64Array(n);
  if (n === 0) return out;
  const oldWeightFactor = 1 - alpha;
  const newWeight = adjust ? 1 : alpha;
  let average = values[0]!;
  let observations = Number.isNaN(average) ? 0 : 1;
  let oldWeight = 1;
  out[0] = observations >= minPeriods ? average : NaN;
  for (let i = 1; i < n; i++) {
    const current = values[i]!;
    const isObservation = !Number.isNaN(current);
    if (isObservation) observations++;
    if (!Number.isNaN(average)) {
      if (isObservation || !ignoreNa) {
        oldWeight *= oldWeightFactor;
        if (isObservation) {
          if (average !== current) average = (oldWeight * average + newWeight * current) / (oldWeight + newWeight);
          if (adjust) oldWeight += newWeight;
          else oldWeight = 1;
        }
      }
    } else if (isObservation) {
      average = current;
    }
    out[i] = observations >= minPeriods ? average : NaN;
  }
  return out;
}

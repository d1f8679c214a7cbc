/**
 * Covariance estimation for the Black-Litterman prior (Blackboard paper,
 * section 3.3 / appendix): the sample covariance (ddof 1) of simple daily
 * returns over a trailing 252-day window that EXCLUDES the decision date,
 * annualized by x 252. Optional Ledoit-Wolf shrinkage.
 */
import { centeredCrossProducts, covarianceOfColumns, WasmCrossProducts } from "../stats/index";

/** Options for `sampleCovariance`. */
export interface SampleCovarianceOptions {
  /** Divisor n - ddof (default 1, pandas `DataFrame.cov()`). */
  ddof?: number;
  /** Multiply by this many periods per year (default 252; 1 = no annualization). */
  annualize?: number;
}

/**
 * Simple returns r_t = p_t / p_{t-1} - 1 (length n - 1).
 *
 * @example
 * simpleReturns([100, 110, 99]); // [0.1, -0.1]
 */
export function simpleReturns(prices: ArrayLike<number>): Float64Array {
  const n = prices.length;
  const out = new Float64Array(Math.max(n - 1, 0));
  for (let t = 1; t < n; t++) {
    const prev = prices[t - 1]!;
    if (!(prev > 0) || !Number.isFinite(prices[t])) {
      throw new RangeError(`simpleReturns: price at index ${prev > 0 ? t : t - 1} is not a positive finite number`);
    }
    out[t - 1] = prices[t]! / prev - 1;
  }
  return out;
}

/**
 * Index range of the trailing window used on `decisionDate`: the last
 * `lookback + 1` prices dated STRICTLY BEFORE the decision date, which give
 * `lookback` returns. Dates are ISO strings sorted ascending. Returns
 * `{ start, end }` with `end` exclusive (slice(start, end) of the prices), or
 * null when fewer than lookback + 1 prices precede the date (the asset is then
 * excluded at that rebalance, as the paper does).
 *
 * @example
 * trailingWindow(["2025-01-02", "2025-01-03", "2025-01-06", "2025-01-07"], "2025-01-07", 2);
 * // { start: 0, end: 3 } -> prices of 01-02, 01-03, 01-06; the 01-07 close is never used
 */
export function trailingWindow(dates: ReadonlyArray<string>, decisionDate: string, lookback: number): { start: number; end: number } | null {
  if (!Number.isInteger(lookback) || lookback < 1) throw new RangeError(`trailingWindow: lookback must be an integer >= 1 (got ${lookback})`);
  // Binary search for the first date >= decisionDate.
  let lo = 0;
  let hi = dates.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dates[mid]! < decisionDate) lo = mid + 1;
    else hi = mid;
  }
  const end = lo;
  const start = end - (lookback + 1);
  if (start < 0) return null;
  return { start, end };
}

/**
 * Sample covariance of a returns matrix given as rows = periods, columns =
 * assets (like a pandas DataFrame of returns), annualized. Returns N x N rows.
 *
 * @example
 * sampleCovariance([[0.01, 0.02], [-0.01, 0.0], [0.02, 0.01]], { annualize: 1 });
 * // [[0.000233.., 0.0001], [0.0001, 0.0001]]
 */
export function sampleCovariance(returns: ReadonlyArray<ArrayLike<number>>, options: SampleCovarianceOptions = {}): number[][] {
  return sampleCovarianceOfColumns(rowsToColumns(returns), options);
}

/**
 * Same as `sampleCovariance` but for asset columns (`columns[i]` = asset i's
 * returns), the fast path for a backtest that keeps one Float64Array per ticker.
 *
 * @example
 * sampleCovarianceOfColumns([Float64Array.of(0.01, -0.01, 0.02), Float64Array.of(0.02, 0, 0.01)]);
 */
export function sampleCovarianceOfColumns(columns: ReadonlyArray<ArrayLike<number>>, options: SampleCovarianceOptions = {}): number[][] {
  const ddof = options.ddof ?? 1;
  const annualize = options.annualize ?? 252;
  checkFinite(columns);
  const cov = covarianceOfColumns(columns, ddof);
  if (annualize !== 1) for (const row of cov) for (let j = 0; j < row.length; j++) row[j] *= annualize;
  return cov;
}

/** Options of `TrailingCovariance`. */
export interface TrailingCovarianceOptions {
  /** Returns per window (the paper's 252). */
  lookback: number;
  /** Divisor lookback - ddof (default 1). */
  ddof?: number;
  /** Periods per year multiplier (default 252; 1 = none). */
  annualize?: number;
  /**
   * Recompute the window exactly (two-pass) once the window has moved this
   * many days since the last exact computation (default 63, about a quarter;
   * the one-day updates drift by a few 1e-15 relative in that span, tested to 1e-12).
   * Bounds the rounding drift of the one-day updates.
   */
  reanchorEvery?: number;
  /**
   * Use the WebAssembly SIMD kernel when the engine has it (default true);
   * false keeps the scalar loops. Both give bit-identical matrices.
   */
  simd?: boolean;
}

/**
 * Sample covariance of a trailing window of simple returns that moves forward
 * through a backtest, updated by the days that enter and leave the window
 * instead of recomputed: O(N^2) per day instead of O(N^2 T).
 *
 * `at(close, assets, dayIndex)` returns the same matrix as
 * `sampleCovarianceOfColumns(columns, { ddof, annualize })` for the returns
 * r_t = close_t / close_{t-1} - 1 of days dayIndex - lookback .. dayIndex - 1
 * (the decision day excluded, as the Blackboard paper's window), as a flat
 * row-major N x N Float64Array:
 *   - on an "anchor" call it IS that computation (two-pass, bit-identical);
 *     the window means c_i become the shift of the running sums;
 *   - on later calls with the same assets and a window moved forward by d days
 *     (2 d < lookback), the shifted sums S_i = sum (r_i - c_i) and cross
 *     products C_ij = sum (r_i - c_i)(r_j - c_j) are updated by the d entering
 *     and d leaving days, and cov_ij = (C_ij - S_i S_j / T) / (T - ddof) x annualize.
 *     Shifting by the anchor means keeps the sums small, so there is no
 *     catastrophic cancellation; agreement with the direct formula is about
 *     1e-15 relative (tested to 1e-12);
 *   - it re-anchors when the assets change, the day does not move forward, the
 *     window moved too far, or `reanchorEvery` days have passed since the last anchor.
 * A non-finite return throws the same error as `sampleCovarianceOfColumns`.
 *
 * @example
 * const cov = new TrailingCovariance({ lookback: 252 });
 * for (let t = first; t <= last; t++) {
 *   const sigma = cov.at(market.close, eligible, t); // N x N, row-major
 * }
 */
export class TrailingCovariance {
  readonly lookback: number;
  readonly ddof: number;
  readonly annualize: number;
  readonly reanchorEvery: number;
  /** How many calls were exact (two-pass) recomputations and how many were updates. */
  readonly counts = { anchors: 0, updates: 0 };
  private assets: number[] = [];
  private day = -1;
  private moved = 0;
  private shift = new Float64Array(0);
  private sums = new Float64Array(0);
  private cross = new Float64Array(0);
  private entering = new Float64Array(0);
  private leaving = new Float64Array(0);
  /** True right after an anchor: the sums are the two-pass ones, output them as such. */
  private exact = false;
  private closeRef: ReadonlyArray<ArrayLike<number>> | null = null;
  /**
   * The WebAssembly SIMD kernel that holds the window, the cross products and
   * the running sums when the engine has it (bit-identical to the scalar
   * loops below, which run otherwise); created on the first anchor.
   */
  private kernel: WasmCrossProducts | null | undefined;

  constructor(options: TrailingCovarianceOptions) {
    const { lookback } = options;
    this.ddof = options.ddof ?? 1;
    this.annualize = options.annualize ?? 252;
    this.reanchorEvery = options.reanchorEvery ?? 63;
    if (!Number.isInteger(lookback) || lookback < 1) throw new RangeError(`TrailingCovariance: lookback must be an integer >= 1 (got ${lookback})`);
    if (lookback - this.ddof <= 0) throw new RangeError(`TrailingCovariance: need more than ${this.ddof} observations (lookback ${lookback})`);
    if (!Number.isInteger(this.reanchorEvery) || this.reanchorEvery < 1)
      throw new RangeError(`TrailingCovariance: reanchorEvery must be an integer >= 1 (got ${this.reanchorEvery})`);
    this.lookback = lookback;
    if (options.simd === false) this.kernel = null;
  }

  /**
   * Annualized covariance of the returns of `close[assets[i]]` over days
   * dayIndex - lookback .. dayIndex - 1 (prices dayIndex - lookback - 1 .. dayIndex - 1),
   * written into `out` when given (n x n; a caller that does not keep the
   * matrix past its next call saves an allocation per day), else a new array.
   *
   * @example
   * new TrailingCovariance({ lookback: 2, annualize: 1 }).at([Float64Array.of(100, 101, 99, 100)], [0], 3);
   * // Float64Array [variance of (0.01, -0.0198...)]
   */
  at(close: ReadonlyArray<ArrayLike<number>>, assets: ReadonlyArray<number>, dayIndex: number, out?: Float64Array): Float64Array {
    const lookback = this.lookback;
    if (!Number.isInteger(dayIndex) || dayIndex - lookback - 1 < 0)
      throw new RangeError(`TrailingCovariance: day ${dayIndex} has fewer than ${lookback + 1} prices before it`);
    for (const asset of assets) {
      const col = close[asset];
      if (col === undefined) throw new RangeError(`TrailingCovariance: asset index ${asset} has no close series (${close.length} series)`);
      if (col.length < dayIndex) throw new RangeError(`TrailingCovariance: asset index ${asset} has ${col.length} closes, day ${dayIndex} needs ${dayIndex}`);
    }
    // From here every close[assets[i]] exists and holds the prices the window reads
    // (days dayIndex - lookback - 1 .. dayIndex - 1), so anchor/advance read them with `!`.
    const delta = dayIndex - this.day;
    const sameAssets = assets.length === this.assets.length && assets.every((a, i) => a === this.assets[i]);
    if (!sameAssets || close !== this.closeRef || this.day < 0 || delta < 1 || 2 * delta >= lookback || this.moved + delta >= this.reanchorEvery)
      this.anchor(close, assets, dayIndex);
    else this.advance(close, dayIndex);
    const n = assets.length;
    if (out !== undefined && out.length !== n * n) throw new RangeError(`TrailingCovariance: out has ${out.length} entries for ${n} x ${n}`);
    return this.matrix(out ?? new Float64Array(n * n));
  }

  private anchor(close: ReadonlyArray<ArrayLike<number>>, assets: ReadonlyArray<number>, dayIndex: number): void {
    if (this.kernel === undefined) this.kernel = WasmCrossProducts.create();
    if (this.kernel) this.anchorWithKernel(this.kernel, close, assets, dayIndex);
    else this.anchorScalar(close, assets, dayIndex);
    this.assets = assets.slice();
    this.day = dayIndex;
    this.moved = 0;
    this.exact = true;
    this.closeRef = close;
    this.counts.anchors++;
  }

  /** `anchorScalar`'s arithmetic with the window period-major in the kernel's memory. */
  private anchorWithKernel(kernel: WasmCrossProducts, close: ReadonlyArray<ArrayLike<number>>, assets: ReadonlyArray<number>, dayIndex: number): void {
    const n = assets.length;
    const t = this.lookback;
    kernel.reserve(n, t);
    const centered = kernel.centered;
    this.shift = new Float64Array(n);
    this.sums = kernel.sums;
    for (let i = 0; i < n; i++) {
      const col = close[assets[i]!]!;
      let s = 0;
      for (let k = 0; k < t; k++) {
        const day = dayIndex - t + k;
        const r = col[day]! / col[day - 1]! - 1;
        if (!Number.isFinite(r)) throw new RangeError(`covariance: return of asset ${i} at period ${k} is not finite (${r})`);
        centered[k * n + i] = r;
        s += r;
      }
      const m = s / t;
      let centeredSum = 0;
      for (let k = 0; k < t; k++) {
        const c = centered[k * n + i]! - m;
        centered[k * n + i] = c;
        centeredSum += c;
      }
      this.shift[i] = m;
      this.sums[i] = centeredSum;
    }
    kernel.crossProducts();
    this.entering = kernel.entering;
    this.leaving = kernel.leaving;
  }

  private anchorScalar(close: ReadonlyArray<ArrayLike<number>>, assets: ReadonlyArray<number>, dayIndex: number): void {
    const n = assets.length;
    const t = this.lookback;
    const centered = new Float64Array(n * t);
    this.shift = new Float64Array(n);
    this.sums = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const col = close[assets[i]!]!;
      const o = i * t;
      // Same returns, in the same order, as trailingReturnColumns + covarianceOfColumns.
      let s = 0;
      for (let k = 0; k < t; k++) {
        const day = dayIndex - t + k;
        const r = col[day]! / col[day - 1]! - 1;
        if (!Number.isFinite(r)) throw new RangeError(`covariance: return of asset ${i} at period ${k} is not finite (${r})`);
        centered[o + k] = r;
        s += r;
      }
      const m = s / t;
      let centeredSum = 0;
      for (let k = 0; k < t; k++) {
        const c = centered[o + k]! - m;
        centered[o + k] = c;
        centeredSum += c;
      }
      this.shift[i] = m;
      this.sums[i] = centeredSum;
    }
    this.cross = centeredCrossProducts(centered, n, t);
    this.entering = new Float64Array(n);
    this.leaving = new Float64Array(n);
  }

  private advance(close: ReadonlyArray<ArrayLike<number>>, dayIndex: number): void {
    const n = this.assets.length;
    const t = this.lookback;
    const a = this.entering;
    const d = this.leaving;
    const cross = this.cross;
    for (let day = this.day; day < dayIndex; day++) {
      // Day `day` enters the window, day `day - lookback` leaves it.
      const out = day - t;
      for (let i = 0; i < n; i++) {
        const col = close[this.assets[i]!]!;
        const rIn = col[day]! / col[day - 1]! - 1;
        if (!Number.isFinite(rIn)) throw new RangeError(`covariance: return of asset ${i} at period ${t - 1 - (dayIndex - 1 - day)} is not finite (${rIn})`);
        a[i] = rIn - this.shift[i]!;
        d[i] = col[out]! / col[out - 1]! - 1 - this.shift[i]!;
        this.sums[i] += a[i]! - d[i]!;
      }
      if (this.kernel) {
        this.kernel.advance();
        continue;
      }
      for (let i = 0; i < n; i++) {
        const ai = a[i]!;
        const di = d[i]!;
        const row = i * n;
        for (let j = i; j < n; j++) cross[row + j] += ai * a[j]! - di * d[j]!;
      }
    }
    this.moved += dayIndex - this.day;
    this.day = dayIndex;
    this.exact = false;
    this.counts.updates++;
  }

  private matrix(out: Float64Array): Float64Array {
    const n = this.assets.length;
    const t = this.lookback;
    const divisor = t - this.ddof;
    const scale = this.annualize;
    const cross = this.cross;
    if (this.kernel) return this.exact ? this.kernel.scaledInto(out, divisor, scale) : this.kernel.covarianceInto(out, divisor, scale);
    if (this.exact) {
      // The two-pass result itself: (C_ij / (T - ddof)) x annualize, as sampleCovarianceOfColumns.
      for (let k = 0; k < n * n; k++) out[k] = (cross[k]! / divisor) * scale;
      return out;
    }
    const sums = this.sums;
    for (let i = 0; i < n; i++) {
      const si = sums[i]! / t;
      const row = i * n;
      for (let j = i; j < n; j++) {
        const v = ((cross[row + j]! - si * sums[j]!) / divisor) * scale;
        out[row + j] = v;
        out[j * n + i] = v;
      }
    }
    return out;
  }
}

/** Shrinkage target for `ledoitWolf`. */
export type ShrinkageTarget = "constant-correlation" | "identity";

/** Result of a Ledoit-Wolf estimate. */
export interface ShrunkCovariance {
  covariance: number[][];
  /** Shrinkage intensity in [0, 1] on the target. */
  shrinkage: number;
  target: ShrinkageTarget;
}

/**
 * Ledoit-Wolf shrinkage of the sample covariance towards a structured target,
 * annualized like `sampleCovariance`. As in both Ledoit-Wolf papers the sample
 * covariance here uses the divisor T (ddof 0) and the returns are demeaned.
 *
 * - "constant-correlation" (default): Ledoit & Wolf (2004), "Honey, I shrunk
 *   the sample covariance matrix": F_ij = rbar sqrt(s_ii s_jj), F_ii = s_ii,
 *   intensity = clip(kappa / T, 0, 1), kappa = (pi - rho) / gamma.
 * - "identity": Ledoit & Wolf (2004), "A well-conditioned estimator for
 *   large-dimensional covariance matrices": F = mu I with mu = trace(S)/N
 *   (the same estimator as scikit-learn's `ledoit_wolf`).
 *
 * @example
 * ledoitWolf(returnsRows, { target: "constant-correlation" }).shrinkage; // e.g. 0.3
 */
export function ledoitWolf(returns: ReadonlyArray<ArrayLike<number>>, options: { target?: ShrinkageTarget; annualize?: number } = {}): ShrunkCovariance {
  const target = options.target ?? "constant-correlation";
  const annualize = options.annualize ?? 252;
  const columns = rowsToColumns(returns);
  checkFinite(columns);
  const n = columns.length;
  const t = n > 0 ? columns[0]!.length : 0;
  if (n === 0 || t < 2) throw new RangeError(`ledoitWolf: need at least 2 periods and 1 asset (got ${t} x ${n})`);
  const x = columns.map((col) => {
    let s = 0;
    for (let k = 0; k < t; k++) s += col[k]!;
    const m = s / t;
    return Float64Array.from(col, (v) => v - m);
  });
  // s, f and theta are n x n and x holds n series of t values (all built here), so the
  // row and element reads below, bounded by n and t, are in range.
  const s = covarianceOfColumns(x, 0);
  const diag = s.map((row, i) => row[i]!);
  let shrinkage: number;
  let f: number[][];
  if (target === "identity") {
    let trace = 0;
    for (let i = 0; i < n; i++) trace += diag[i]!;
    const mu = trace / n;
    f = s.map((row, i) => row.map((_, j) => (i === j ? mu : 0)));
    // delta = ||S - mu I||_F^2 / N ; beta = (1 / (N T^2)) sum_t ||x_t x_t^T - S||_F^2, capped by delta.
    let delta = 0;
    for (let i = 0; i < n; i++) {
      const si = s[i]!;
      const fi = f[i]!;
      for (let j = 0; j < n; j++) delta += (si[j]! - fi[j]!) ** 2;
    }
    delta /= n;
    let beta = 0;
    for (let i = 0; i < n; i++) {
      const xi = x[i]!;
      const si = s[i]!;
      for (let j = 0; j < n; j++) {
        const xj = x[j]!;
        let acc = 0;
        for (let k = 0; k < t; k++) acc += (xi[k]! * xj[k]!) ** 2;
        beta += acc / t - si[j]! ** 2;
      }
    }
    beta /= n * t;
    beta = Math.min(beta, delta);
    shrinkage = delta > 0 ? beta / delta : 0;
  } else {
    const sd = diag.map(Math.sqrt);
    let rSum = 0;
    for (let i = 0; i < n; i++) {
      const si = s[i]!;
      const sdi = sd[i]!;
      for (let j = 0; j < n; j++) if (i !== j) rSum += si[j]! / (sdi * sd[j]!);
    }
    const rbar = n > 1 ? rSum / (n * (n - 1)) : 0;
    f = s.map((row, i) => row.map((v, j) => (i === j ? v : rbar * sd[i]! * sd[j]!)));
    // pi_ij = (1/T) sum_t (x_i x_j - s_ij)^2; theta_ij = (1/T) sum_t x_i^3 x_j - s_ii s_ij.
    let piSum = 0;
    let rhoDiag = 0;
    let rhoOff = 0;
    const theta: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      const seriesI = x[i]!;
      const si = s[i]!;
      const sii = diag[i]!;
      const thetaI = theta[i]!;
      for (let j = 0; j < n; j++) {
        const seriesJ = x[j]!;
        let acc = 0;
        let acc3 = 0;
        for (let k = 0; k < t; k++) {
          const xi = seriesI[k]!;
          const xj = seriesJ[k]!;
          acc += (xi * xj) ** 2;
          acc3 += xi * xi * xi * xj;
        }
        const pij = acc / t - si[j]! ** 2;
        piSum += pij;
        if (i === j) rhoDiag += pij;
        thetaI[j] = acc3 / t - sii * si[j]!;
      }
    }
    for (let i = 0; i < n; i++) {
      const sii = diag[i]!;
      const thetaI = theta[i]!;
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const sjj = diag[j]!;
        rhoOff += (Math.sqrt(sjj / sii) * thetaI[j]! + Math.sqrt(sii / sjj) * theta[j]![i]!) / 2;
      }
    }
    const rho = rhoDiag + rbar * rhoOff;
    let gamma = 0;
    for (let i = 0; i < n; i++) {
      const fi = f[i]!;
      const si = s[i]!;
      for (let j = 0; j < n; j++) gamma += (fi[j]! - si[j]!) ** 2;
    }
    const kappa = gamma > 0 ? (piSum - rho) / gamma : 0;
    shrinkage = Math.max(0, Math.min(1, kappa / t));
  }
  const covariance = s.map((row, i) => {
    const fi = f[i]!;
    return row.map((v, j) => annualize * (shrinkage * fi[j]! + (1 - shrinkage) * v));
  });
  return { covariance, shrinkage, target };
}

function rowsToColumns(rows: ReadonlyArray<ArrayLike<number>>): Float64Array[] {
  if (rows.length === 0) return [];
  const n = rows[0]!.length;
  const t = rows.length;
  const columns = Array.from({ length: n }, () => new Float64Array(t));
  for (let k = 0; k < t; k++) {
    const row = rows[k]!;
    if (row.length !== n) throw new RangeError(`returns row ${k} has ${row.length} assets, row 0 has ${n}`);
    for (let i = 0; i < n; i++) columns[i]![k] = row[i]!;
  }
  return columns;
}

function checkFinite(columns: ReadonlyArray<ArrayLike<number>>): void {
  for (let i = 0; i < columns.length; i++) {
    const col = columns[i]!;
    for (let k = 0; k < col.length; k++) {
      const v = col[k];
      if (!Number.isFinite(v)) throw new RangeError(`covariance: return of asset ${i} at period ${k} is not finite (${v})`);
    }
  }
}

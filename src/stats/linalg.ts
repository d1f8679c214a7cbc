/**
 * Linear-algebra helpers: Cholesky solves for symmetric positive-definite
 * (SPD) systems — used by Black-Litterman, mean-variance weights and OLS
 * instead of explicit inverses — and a fast covariance of a returns window.
 *
 * The public API speaks ml-matrix (`Matrix` in and out). The factorisation
 * itself runs on row-major Float64Arrays (`choleskyLower`, `choleskySolveLower`,
 * `choleskyInverse`, `covarianceOfColumnsDense`)
 * because ml-matrix's element-wise get/set made a 60-asset posterior cost
 * ~11 ms, the bottleneck of a daily-rebalanced backtest; the dense routines
 * do the same arithmetic (A = L L^T, forward then backward substitution) in
 * well under 1 ms. ml-matrix's `CholeskyDecomposition` is used in the tests
 * as an independent cross-check.
 */
import { Matrix } from "ml-matrix";

/** A dense matrix given either as rows of numbers or as an ml-matrix `Matrix`. */
export type MatrixLike = Matrix | ReadonlyArray<ArrayLike<number>>;

/**
 * Converts rows (or a Matrix) to an ml-matrix `Matrix` (copying rows).
 *
 * @example
 * toMatrix([[1, 2], [3, 4]]).get(1, 0); // 3
 */
export function toMatrix(value: MatrixLike): Matrix {
  if (value instanceof Matrix) return value;
  return new Matrix(value.map((row) => Array.from(row)));
}

/**
 * A column vector (n x 1 Matrix) from numbers.
 *
 * @example
 * columnVector([1, 2]).rows; // 2
 */
export function columnVector(values: ArrayLike<number>): Matrix {
  return Matrix.columnVector(Array.from(values));
}

/**
 * (A + A^T) / 2: removes the rounding asymmetry of products such as
 * P (tau Sigma) P^T, because ml-matrix's Cholesky demands exact symmetry.
 *
 * @example
 * symmetrize([[1, 2], [2.0000000001, 1]]).get(0, 1); // 2.00000000005
 */
export function symmetrize(a: MatrixLike): Matrix {
  const m = toMatrix(a);
  const n = m.rows;
  if (m.columns !== n) throw new RangeError(`symmetrize: matrix must be square (got ${m.rows}x${m.columns})`);
  const out = new Matrix(n, n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) out.set(i, j, 0.5 * (m.get(i, j) + m.get(j, i)));
  }
  return out;
}

/**
 * True when the (symmetrized) matrix is symmetric positive definite, i.e. a
 * Cholesky factorisation A = L L^T exists with a positive diagonal.
 *
 * @example
 * isSpd([[2, 1], [1, 2]]); // true
 * isSpd([[1, 2], [2, 1]]); // false
 */
export function isSpd(a: MatrixLike): boolean {
  const m = toMatrix(a);
  if (m.rows !== m.columns || m.rows === 0) return false;
  for (let i = 0; i < m.rows; i++) if (!Number.isFinite(m.get(i, i))) return false;
  return choleskyLower(symmetricDense(m), m.rows) !== null;
}

/**
 * Solves A X = B for SPD A by Cholesky (A symmetrized first). B may be a
 * vector (returns an n x 1 Matrix) or a matrix. Throws a clear error when A
 * is not SPD.
 *
 * @example
 * solveSpd([[4, 2], [2, 3]], [2, 1]).to1DArray(); // [0.5, 0]
 */
export function solveSpd(a: MatrixLike, b: MatrixLike | ArrayLike<number>, label = "solveSpd"): Matrix {
  const m = toMatrix(a);
  const n = m.rows;
  if (m.columns !== n) throw new RangeError(`${label}: matrix must be square (got ${m.rows}x${m.columns})`);
  const rhs = isVectorLike(b) ? columnVector(b) : toMatrix(b);
  if (rhs.rows !== n) throw new RangeError(`${label}: right-hand side has ${rhs.rows} rows, matrix has ${n}`);
  const lower = choleskyLower(symmetricDense(m), n);
  if (lower === null) {
    throw new Error(`${label}: matrix is not symmetric positive definite (singular covariance or zero-variance asset?)`);
  }
  const cols = rhs.columns;
  const dense = new Float64Array(n * cols);
  for (let i = 0; i < n; i++) for (let j = 0; j < cols; j++) dense[i * cols + j] = rhs.get(i, j);
  choleskySolveLower(lower, n, dense, cols);
  const out = new Matrix(n, cols);
  for (let i = 0; i < n; i++) for (let j = 0; j < cols; j++) out.set(i, j, dense[i * cols + j]!);
  return out;
}

/**
 * Alias kept for readability at call sites that think in terms of a Cholesky solve.
 *
 * @example
 * choleskySolve([[4, 0], [0, 2]], [4, 2]).to1DArray(); // [1, 1]
 */
export function choleskySolve(a: MatrixLike, b: MatrixLike | ArrayLike<number>): Matrix {
  return solveSpd(a, b, "choleskySolve");
}

/**
 * Cholesky factor of a row-major n x n SPD matrix: the lower-triangular L
 * (row-major, zeros above the diagonal) with A = L L^T, or null when A is not
 * positive definite (a non-positive pivot). Only the lower triangle of `a` is read.
 *
 * @example
 * choleskyLower(Float64Array.of(4, 2, 2, 3), 2); // [2, 0, 1, 1.4142135623730951]
 */
export function choleskyLower(a: Float64Array, n: number): Float64Array | null {
  checkDense("choleskyLower", "a", a, n * n);
  const l = new Float64Array(n * n);
  // Two columns (j, j + 1) at a time, four rows below them at a time: eight independent
  // accumulation chains share the loads of the two pivot rows. Each entry is still a[i][j]
  // minus its products in k order, so the factor is bit-identical to the textbook loop.
  let j = 0;
  for (; j + 1 < n; j += 2) {
    const pivots = columnPair(a, l, n, j);
    if (pivots === null) return null;
    const [ljj, lj1j, lj1] = pivots;
    const rowJ = j * n;
    const rowJ1 = rowJ + n;
    let i = j + 2;
    for (; i + 3 < n; i += 4) {
      const r0 = i * n;
      const r1 = r0 + n;
      const r2 = r1 + n;
      const r3 = r2 + n;
      let s00 = a[r0 + j]!;
      let s01 = a[r0 + j + 1]!;
      let s10 = a[r1 + j]!;
      let s11 = a[r1 + j + 1]!;
      let s20 = a[r2 + j]!;
      let s21 = a[r2 + j + 1]!;
      let s30 = a[r3 + j]!;
      let s31 = a[r3 + j + 1]!;
      for (let k = 0; k < j; k++) {
        const p0 = l[rowJ + k]!;
        const p1 = l[rowJ1 + k]!;
        const x0 = l[r0 + k]!;
        const x1 = l[r1 + k]!;
        const x2 = l[r2 + k]!;
        const x3 = l[r3 + k]!;
        s00 -= x0 * p0;
        s01 -= x0 * p1;
        s10 -= x1 * p0;
        s11 -= x1 * p1;
        s20 -= x2 * p0;
        s21 -= x2 * p1;
        s30 -= x3 * p0;
        s31 -= x3 * p1;
      }
      const l0 = s00 / ljj;
      const l1 = s10 / ljj;
      const l2 = s20 / ljj;
      const l3 = s30 / ljj;
      l[r0 + j] = l0;
      l[r1 + j] = l1;
      l[r2 + j] = l2;
      l[r3 + j] = l3;
      // Column j + 1's last product (k = j) uses the entries just computed.
      l[r0 + j + 1] = (s01 - l0 * lj1j) / lj1;
      l[r1 + j + 1] = (s11 - l1 * lj1j) / lj1;
      l[r2 + j + 1] = (s21 - l2 * lj1j) / lj1;
      l[r3 + j + 1] = (s31 - l3 * lj1j) / lj1;
    }
    for (; i < n; i++) {
      const r0 = i * n;
      let s00 = a[r0 + j]!;
      let s01 = a[r0 + j + 1]!;
      for (let k = 0; k < j; k++) {
        const x0 = l[r0 + k]!;
        s00 -= x0 * l[rowJ + k]!;
        s01 -= x0 * l[rowJ1 + k]!;
      }
      const l0 = s00 / ljj;
      l[r0 + j] = l0;
      l[r0 + j + 1] = (s01 - l0 * lj1j) / lj1;
    }
  }
  if (j < n) {
    const rowJ = j * n;
    let d = a[rowJ + j]!;
    for (let k = 0; k < j; k++) d -= l[rowJ + k]! * l[rowJ + k]!;
    if (!(d > 0) || !Number.isFinite(d)) return null;
    l[rowJ + j] = Math.sqrt(d);
  }
  return l;
}

/**
 * The two pivots of columns j and j + 1 and the entry between them
 * (L_jj, L_{j+1,j}, L_{j+1,j+1}), written into `l`; null on a non-positive pivot.
 */
function columnPair(a: Float64Array, l: Float64Array, n: number, j: number): [number, number, number] | null {
  const rowJ = j * n;
  const rowJ1 = rowJ + n;
  let d = a[rowJ + j]!;
  for (let k = 0; k < j; k++) d -= l[rowJ + k]! * l[rowJ + k]!;
  if (!(d > 0) || !Number.isFinite(d)) return null;
  const ljj = Math.sqrt(d);
  l[rowJ + j] = ljj;
  let s = a[rowJ1 + j]!;
  for (let k = 0; k < j; k++) s -= l[rowJ1 + k]! * l[rowJ + k]!;
  const lj1j = s / ljj;
  l[rowJ1 + j] = lj1j;
  let d1 = a[rowJ1 + j + 1]!;
  for (let k = 0; k <= j; k++) d1 -= l[rowJ1 + k]! * l[rowJ1 + k]!;
  if (!(d1 > 0) || !Number.isFinite(d1)) return null;
  const lj1 = Math.sqrt(d1);
  l[rowJ1 + j + 1] = lj1;
  return [ljj, lj1j, lj1];
}

/**
 * Solves (L L^T) X = B in place, for the factor L of `choleskyLower` and a
 * row-major right-hand side B with `columns` columns (forward substitution
 * with L, then backward substitution with L^T). Returns B.
 *
 * @example
 * const l = choleskyLower(Float64Array.of(4, 2, 2, 3), 2)!;
 * choleskySolveLower(l, 2, Float64Array.of(2, 1), 1); // [0.5, 0]
 */
export function choleskySolveLower(l: Float64Array, n: number, b: Float64Array, columns: number): Float64Array {
  checkDense("choleskySolveLower", "L", l, n * n);
  checkDense("choleskySolveLower", "B", b, n * columns);
  if (columns === 1) {
    for (let i = 0; i < n; i++) {
      const rowI = i * n;
      let s = b[i]!;
      for (let k = 0; k < i; k++) s -= l[rowI + k]! * b[k]!;
      b[i] = s / l[rowI + i]!;
    }
    for (let i = n - 1; i >= 0; i--) {
      let s = b[i]!;
      for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * b[k]!;
      b[i] = s / l[i * n + i]!;
    }
    return b;
  }
  // Several right-hand sides: row by row, so that the inner loop runs over a contiguous
  // row of B. Each entry sees the same subtractions in the same order (k ascending, then
  // k descending) as a column-at-a-time solve, so the results are bit-identical.
  for (let i = 0; i < n; i++) {
    const bi = i * columns;
    const rowI = i * n;
    for (let k = 0; k < i; k++) {
      const f = l[rowI + k]!;
      const bk = k * columns;
      for (let c = 0; c < columns; c++) b[bi + c] -= f * b[bk + c]!;
    }
    const d = l[rowI + i]!;
    for (let c = 0; c < columns; c++) b[bi + c] /= d;
  }
  for (let i = n - 1; i >= 0; i--) {
    const bi = i * columns;
    for (let k = i + 1; k < n; k++) {
      const f = l[k * n + i]!;
      const bk = k * columns;
      for (let c = 0; c < columns; c++) b[bi + c] -= f * b[bk + c]!;
    }
    const d = l[i * n + i]!;
    for (let c = 0; c < columns; c++) b[bi + c] /= d;
  }
  return b;
}

/**
 * Inverse of an SPD matrix A = L L^T from its Cholesky factor (as LAPACK's
 * `potri`): W = L^-1 by forward substitution, then A^-1 = W^T W. About n^3/3
 * multiply-adds instead of the n^3 of solving A X = I; the result is exactly
 * symmetric (row-major n x n).
 *
 * @example
 * const l = choleskyLower(Float64Array.of(4, 2, 2, 3), 2)!;
 * choleskyInverse(l, 2); // [0.375, -0.25, -0.25, 0.5] (to rounding)
 */
export function choleskyInverse(l: Float64Array, n: number): Float64Array {
  checkDense("choleskyInverse", "L", l, n * n);
  // U = (L^-1)^T, upper triangular, row-major, so that both steps below are dot products
  // of contiguous row segments:
  //   U_ii = 1 / L_ii,  U_ji = -(sum_{k=j}^{i-1} L_ik U_jk) / L_ii   (j < i)
  //   (A^-1)_ij = sum_{k >= max(i, j)} U_ik U_jk
  const u = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const li = i * n;
    const d = l[li + i]!;
    u[li + i] = 1 / d;
    for (let j = 0; j < i; j++) u[j * n + i] = -dotRange(l, li, u, j * n, j, i) / d;
  }
  const inv = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const ui = i * n;
    for (let j = i; j < n; j++) {
      const v = dotRange(u, ui, u, j * n, j, n);
      inv[ui + j] = v;
      inv[j * n + i] = v;
    }
  }
  return inv;
}

/** sum_{k = from}^{to - 1} x[xo + k] y[yo + k], with four partial sums (latency, not bandwidth, bound). */
function dotRange(x: Float64Array, xo: number, y: Float64Array, yo: number, from: number, to: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let k = from;
  for (; k + 3 < to; k += 4) {
    s0 += x[xo + k]! * y[yo + k]!;
    s1 += x[xo + k + 1]! * y[yo + k + 1]!;
    s2 += x[xo + k + 2]! * y[yo + k + 2]!;
    s3 += x[xo + k + 3]! * y[yo + k + 3]!;
  }
  for (; k < to; k++) s0 += x[xo + k]! * y[yo + k]!;
  return s0 + s1 + (s2 + s3);
}

/**
 * Guards the dense routines: with the buffer at least `size` long, every index
 * their loops form (bounded by n, columns or t) is in range, which is what
 * earns the `!` on their element reads.
 */
function checkDense(label: string, name: string, buffer: Float64Array, size: number): void {
  if (buffer.length < size) throw new RangeError(`${label}: ${name} has ${buffer.length} entries, needs ${size}`);
}

function symmetricDense(m: Matrix): Float64Array {
  const n = m.rows;
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      const v = 0.5 * (m.get(i, j) + m.get(j, i));
      out[i * n + j] = v;
      out[j * n + i] = v;
    }
  }
  return out;
}

function isVectorLike(b: MatrixLike | ArrayLike<number>): b is ArrayLike<number> {
  if (b instanceof Matrix) return false;
  return b.length === 0 || typeof (b as ArrayLike<unknown>)[0] === "number";
}

/**
 * Sample covariance matrix (divisor n - ddof, default 1) of asset columns:
 * `columns[i]` is asset i's return series, all of equal length. Returns an
 * N x N `number[][]`. Equivalent to `numpy.cov(columns, ddof=1)` /
 * pandas `DataFrame.cov()` on the transposed data.
 *
 * @example
 * covarianceOfColumns([Float64Array.of(1, 2, 3), Float64Array.of(2, 4, 7)]);
 * // [[1, 2.5], [2.5, 6.333333333333333]]
 */
export function covarianceOfColumns(columns: ReadonlyArray<ArrayLike<number>>, ddof = 1): number[][] {
  const n = columns.length;
  if (n === 0) return [];
  const flat = covarianceOfColumnsDense(columns, ddof, 1);
  const out: number[][] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = Array.from(flat.subarray(i * n, (i + 1) * n));
  return out;
}

/**
 * `covarianceOfColumns` as a flat row-major n x n Float64Array, multiplied by
 * `scale` (e.g. 252 to annualize): cov_ij = (sum_t (x_it - m_i)(x_jt - m_j) / (T - ddof)) * scale,
 * two-pass (means first). Same arithmetic, in the same order, as `covarianceOfColumns`
 * followed by a multiplication, so the two agree bit for bit.
 *
 * @example
 * covarianceOfColumnsDense([Float64Array.of(1, 2, 3), Float64Array.of(2, 4, 7)]);
 * // Float64Array [1, 2.5, 2.5, 6.333333333333333]
 */
export function covarianceOfColumnsDense(columns: ReadonlyArray<ArrayLike<number>>, ddof = 1, scale = 1): Float64Array {
  const n = columns.length;
  if (n === 0) return new Float64Array(0);
  const t = columns[0]!.length;
  for (let i = 1; i < n; i++) {
    const length = columns[i]!.length;
    if (length !== t) throw new RangeError(`covarianceOfColumns: column ${i} has ${length} values, column 0 has ${t}`);
  }
  if (t - ddof <= 0) throw new RangeError(`covarianceOfColumns: need more than ${ddof} observations (got ${t})`);
  // Centered columns side by side in one buffer (column i at offset i * t).
  const centered = new Float64Array(n * t);
  for (let i = 0; i < n; i++) {
    const col = columns[i]!;
    let s = 0;
    for (let k = 0; k < t; k++) s += col[k]!;
    const m = s / t;
    const o = i * t;
    for (let k = 0; k < t; k++) centered[o + k] = col[k]! - m;
  }
  const out = centeredCrossProducts(centered, n, t);
  const divisor = t - ddof;
  for (let k = 0; k < out.length; k++) out[k] = (out[k]! / divisor) * scale;
  return out;
}

/**
 * Cross products sum_k C_ik C_jk of n series of length t stored side by side
 * in `centered` (series i at offset i * t), as a full symmetric row-major
 * n x n Float64Array. Each dot product is summed in index order k = 0..t-1
 * (two j at a time, which halves the loads of series i without changing any
 * pair's summation order).
 *
 * @example
 * centeredCrossProducts(Float64Array.of(-1, 1, -2, 2), 2, 2); // [2, 4, 4, 8]
 */
export function centeredCrossProducts(centered: Float64Array, n: number, t: number): Float64Array {
  checkDense("centeredCrossProducts", "centered", centered, n * t);
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const oi = i * t;
    let j = i;
    for (; j + 1 < n; j += 2) {
      const oj = j * t;
      const oj2 = oj + t;
      let acc = 0;
      let acc2 = 0;
      for (let k = 0; k < t; k++) {
        const c = centered[oi + k]!;
        acc += c * centered[oj + k]!;
        acc2 += c * centered[oj2 + k]!;
      }
      out[i * n + j] = acc;
      out[j * n + i] = acc;
      out[i * n + j + 1] = acc2;
      out[(j + 1) * n + i] = acc2;
    }
    if (j < n) {
      const oj = j * t;
      let acc = 0;
      for (let k = 0; k < t; k++) acc += centered[oi + k]! * centered[oj + k]!;
      out[i * n + j] = acc;
      out[j * n + i] = acc;
    }
  }
  return out;
}

/**
 * The restructured dense kernels of src/stats/linalg.ts against the
 * textbook loops: the 4-row Cholesky and the row-oriented multi-right-hand
 * side solve must be bit-identical to the one-entry-at-a-time versions (same
 * summation order per entry), the inverse from the factor must match ml-matrix's
 * inverse, and the flat covariance must equal `covarianceOfColumns` exactly.
 */
import { describe, expect, it } from "vitest";
import { randomSpd } from "../helpers/wasm-fixtures";
import { Matrix, inverse } from "ml-matrix";
import {
  centeredCrossProducts,
  choleskyInverse,
  choleskyLower,
  choleskySolveLower,
  covarianceOfColumns,
  covarianceOfColumnsDense,
} from "../../src/stats/linalg";
import { Rng } from "../../src/stats/rng";

/** Cholesky-Crout, one entry at a time (the loop choleskyLower had before it was interleaved). */
function textbookCholesky(a: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    let d = a[j * n + j]!;
    for (let k = 0; k < j; k++) d -= l[j * n + k]! * l[j * n + k]!;
    const ljj = Math.sqrt(d);
    l[j * n + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      l[i * n + j] = s / ljj;
    }
  }
  return l;
}

/** Forward then backward substitution, one column at a time. */
function textbookSolve(l: Float64Array, n: number, b: Float64Array, cols: number): Float64Array {
  const x = b.slice();
  for (let c = 0; c < cols; c++) {
    for (let i = 0; i < n; i++) {
      let s = x[i * cols + c]!;
      for (let k = 0; k < i; k++) s -= l[i * n + k]! * x[k * cols + c]!;
      x[i * cols + c] = s / l[i * n + i]!;
    }
    for (let i = n - 1; i >= 0; i--) {
      let s = x[i * cols + c]!;
      for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k * cols + c]!;
      x[i * cols + c] = s / l[i * n + i]!;
    }
  }
  return x;
}

describe("dense Cholesky kernels", () => {
  for (const n of [1, 2, 5, 8, 13, 60]) {
    it(`n = ${n}: the interleaved factor and the row-oriented solve are bit-identical to the textbook loops`, () => {
      const a = randomSpd(n, n);
      const l = choleskyLower(a, n)!;
      expect(Array.from(l)).toEqual(Array.from(textbookCholesky(a, n)));
      const rng = new Rng(`rhs-${n}`);
      for (const cols of [1, 3, n]) {
        const b = Float64Array.from({ length: n * cols }, () => rng.normal(0, 1));
        expect(Array.from(choleskySolveLower(l, n, b.slice(), cols))).toEqual(Array.from(textbookSolve(l, n, b, cols)));
      }
    });

    it(`n = ${n}: choleskyInverse equals ml-matrix's inverse to 1e-12 and is exactly symmetric`, () => {
      const a = randomSpd(100 + n, n);
      const inv = choleskyInverse(choleskyLower(a, n)!, n);
      const ref = inverse(new Matrix(Array.from({ length: n }, (_, i) => Array.from(a.subarray(i * n, (i + 1) * n))))).to1DArray();
      let scale = 0;
      for (const v of ref) scale = Math.max(scale, Math.abs(v));
      for (let k = 0; k < n * n; k++) expect(Math.abs(inv[k]! - ref[k]!) / scale).toBeLessThan(1e-12);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(inv[i * n + j]).toBe(inv[j * n + i]);
    });
  }

  it("hand-computed 2 x 2 inverse", () => {
    const l = choleskyLower(Float64Array.of(4, 2, 2, 3), 2)!;
    const inv = Array.from(choleskyInverse(l, 2));
    [0.375, -0.25, -0.25, 0.5].forEach((v, k) => expect(inv[k]).toBeCloseTo(v, 15));
  });

  it("a non-positive-definite matrix still gives null", () => {
    expect(choleskyLower(Float64Array.of(1, 2, 2, 1), 2)).toBeNull();
    expect(choleskyLower(Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, -1), 3)).toBeNull();
  });

  it("refuses buffers shorter than n x n (or n x columns for the right-hand side)", () => {
    expect(() => choleskyLower(Float64Array.of(4, 2, 2), 2)).toThrow("choleskyLower: a has 3 entries, needs 4");
    const l = choleskyLower(Float64Array.of(4, 2, 2, 3), 2)!;
    expect(() => choleskySolveLower(l, 2, Float64Array.of(1), 1)).toThrow("choleskySolveLower: B has 1 entries, needs 2");
    expect(() => choleskyInverse(l.subarray(0, 3), 2)).toThrow("choleskyInverse: L has 3 entries, needs 4");
    expect(() => centeredCrossProducts(Float64Array.of(1, -1, 2), 2, 2)).toThrow("centeredCrossProducts: centered has 3 entries, needs 4");
  });
});

describe("flat covariance", () => {
  it("covarianceOfColumnsDense is covarianceOfColumns, bit for bit, for odd and even asset counts", () => {
    const rng = new Rng(9);
    for (const n of [1, 4, 7]) {
      const cols = Array.from({ length: n }, () => Float64Array.from({ length: 37 }, () => rng.normal(0.001, 0.02)));
      const rows = covarianceOfColumns(cols);
      expect(Array.from(covarianceOfColumnsDense(cols))).toEqual(rows.flat());
      expect(Array.from(covarianceOfColumnsDense(cols, 0, 252))).toEqual(
        covarianceOfColumns(cols, 0)
          .flat()
          .map((v) => v * 252),
      );
    }
  });

  it("centeredCrossProducts: hand-computed values", () => {
    expect(Array.from(centeredCrossProducts(Float64Array.of(-1, 1, -2, 2), 2, 2))).toEqual([2, 4, 4, 8]);
    expect(Array.from(covarianceOfColumnsDense([Float64Array.of(1, 2, 3), Float64Array.of(2, 4, 7)]))).toEqual([1, 2.5, 2.5, 19 / 3]);
  });
});

import { describe, expect, it } from "vitest";
import { CholeskyDecomposition, Matrix } from "ml-matrix";
import { choleskyLower, choleskySolve, choleskySolveLower, covarianceOfColumns, isSpd, solveSpd, symmetrize } from "../../src/stats/linalg";
import { at, at2 } from "../helpers/checked";

describe("linear algebra helpers", () => {
  it("solves SPD systems by Cholesky", () => {
    // [[4,2],[2,3]] x = [2,1]: x = [0.5, 0] (4*0.5 = 2, 2*0.5 = 1).
    expect(
      solveSpd(
        [
          [4, 2],
          [2, 3],
        ],
        [2, 1],
      ).to1DArray(),
    ).toEqual([0.5, 0]);
    const a = [
      [4, 1, 0.5],
      [1, 3, 0.2],
      [0.5, 0.2, 2],
    ];
    const b = [1, -2, 0.5];
    const x = choleskySolve(a, b).to1DArray();
    const back = new Matrix(a).mmul(Matrix.columnVector(x)).to1DArray();
    back.forEach((v, i) => expect(v).toBeCloseTo(at(b, i), 14));
    // Matrix right-hand side: A X = I gives the inverse.
    const inv = solveSpd(a, Matrix.eye(3));
    const id = new Matrix(a).mmul(inv);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(id.get(i, j)).toBeCloseTo(i === j ? 1 : 0, 14);
  });

  it("dense Cholesky agrees with ml-matrix's CholeskyDecomposition", () => {
    const a = [
      [4, 1, 0.5, 0.2],
      [1, 3, 0.2, 0.1],
      [0.5, 0.2, 2, 0.3],
      [0.2, 0.1, 0.3, 1.5],
    ];
    const lower = choleskyLower(Float64Array.from(a.flat()), 4);
    expect(lower).not.toBeNull();
    const reference = new CholeskyDecomposition(new Matrix(a)).lowerTriangularMatrix;
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) expect(lower![i * 4 + j]).toBeCloseTo(reference.get(i, j), 15);
    const b = Float64Array.of(1, 2, 3, 4, 5, 6, 7, 8); // 4 x 2, row-major
    const x = choleskySolveLower(lower!, 4, b.slice(), 2);
    const expected = new CholeskyDecomposition(new Matrix(a)).solve(
      new Matrix([
        [1, 2],
        [3, 4],
        [5, 6],
        [7, 8],
      ]),
    );
    for (let i = 0; i < 4; i++) for (let j = 0; j < 2; j++) expect(x[i * 2 + j]).toBeCloseTo(expected.get(i, j), 14);
    // [[4,2],[2,3]] = L L^T with L = [[2,0],[1,sqrt 2]]
    expect(Array.from(choleskyLower(Float64Array.of(4, 2, 2, 3), 2)!)).toEqual([2, 0, 1, Math.SQRT2]);
  });

  it("detects non-SPD matrices", () => {
    expect(
      isSpd([
        [2, 1],
        [1, 2],
      ]),
    ).toBe(true);
    expect(
      isSpd([
        [1, 2],
        [2, 1],
      ]),
    ).toBe(false);
    expect(
      isSpd([
        [1, 1],
        [1, 1],
      ]),
    ).toBe(false);
    expect(() =>
      solveSpd(
        [
          [1, 2],
          [2, 1],
        ],
        [1, 1],
      ),
    ).toThrow(/not symmetric positive definite/);
  });

  it("symmetrize removes rounding asymmetry", () => {
    const s = symmetrize([
      [1, 2],
      [2.2, 1],
    ]);
    expect(s.get(0, 1)).toBeCloseTo(2.1, 15);
    expect(s.get(1, 0)).toBeCloseTo(2.1, 15);
  });

  it("covariance of columns equals numpy.cov(ddof=1)", () => {
    // [1,2,3] var 1; [2,4,7] var (9+1+16... -> devs -2.333,-0.333,2.667) = 19/3; cov = (2.333+0+2.667)/2 = 2.5
    const c = covarianceOfColumns([Float64Array.of(1, 2, 3), Float64Array.of(2, 4, 7)]);
    expect(c).toHaveLength(2);
    expect(at2(c, 0, 0)).toBeCloseTo(1, 15);
    expect(at2(c, 0, 1)).toBeCloseTo(2.5, 15);
    expect(at2(c, 1, 0)).toBeCloseTo(2.5, 15);
    expect(at2(c, 1, 1)).toBeCloseTo(19 / 3, 14);
    expect(at2(covarianceOfColumns([[1, 2, 3]], 0), 0, 0)).toBeCloseTo(2 / 3, 15);
    expect(() =>
      covarianceOfColumns([
        [1, 2],
        [1, 2, 3],
      ]),
    ).toThrow(/column 1/);
  });
});

/**
 * The WebAssembly SIMD kernels of the dense linear algebra (src/stats/cholesky.wat,
 * src/stats/cross-products.wat) against the scalar loops they replace on the
 * hot path: the factor, the solutions, the matrix-vector products, the cross
 * products and their one-day update must be bit-identical (each entry's
 * arithmetic in the same order), for orders that do and do not fill the
 * kernels' SIMD blocks; and the committed modules were built from the committed sources.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { randomSpd, wabtInstalled } from "../helpers/wasm-fixtures";
import { assemble, renderModule, sourceHash, WASM_KERNELS } from "../../scripts/build-wasm";
import { CHOLESKY_WASM } from "../../src/stats/cholesky-wasm";
import { WasmCholesky } from "../../src/stats/cholesky-kernel";
import { CROSS_PRODUCTS_WASM } from "../../src/stats/cross-products-wasm";
import { WasmCrossProducts } from "../../src/stats/cross-products-kernel";
import { centeredCrossProducts, choleskyLower, choleskySolveLower } from "../../src/stats/linalg";
import { Rng } from "../../src/stats/rng";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ORDERS = [1, 2, 3, 7, 8, 9, 16, 17, 33, 60, 61];

const bits = (x: ArrayLike<number>): string[] => Array.from(x, (v) => (Object.is(v, -0) ? "-0" : String(v)));

describe("committed kernels match their sources", () => {
  for (const [exportName, committed] of [
    ["CHOLESKY_WASM", CHOLESKY_WASM],
    ["CROSS_PRODUCTS_WASM", CROSS_PRODUCTS_WASM],
  ] as const) {
    const kernel = WASM_KERNELS.find((k) => k.exportName === exportName)!;
    const source = readFileSync(path.join(ROOT, kernel.source), "utf8");
    it(`${kernel.source}: recorded hash`, () => {
      expect(committed.source).toBe(kernel.source);
      expect(committed.sourceSha256).toBe(sourceHash(source));
    });
    it.runIf(wabtInstalled())(`${kernel.source}: wabt rebuilds the same bytes`, async () => {
      const bytes = await assemble(source, path.basename(kernel.source));
      expect(readFileSync(path.join(ROOT, kernel.module), "utf8")).toBe(renderModule(kernel, source, bytes));
    });
  }
});

describe("WasmCholesky", () => {
  const chol = WasmCholesky.create();

  it("is available on this engine (WebAssembly SIMD)", () => {
    expect(chol).not.toBeNull();
  });

  for (const n of ORDERS) {
    it(`n = ${n}: factor and solve are bit-identical to choleskyLower / choleskySolveLower`, () => {
      const k = chol!;
      const a = randomSpd(7 * n, n);
      const l = choleskyLower(a, n)!;
      expect(k.factor(a, n)).toBe(true);
      expect(bits(k.lowerInto(new Float64Array(n * n)))).toEqual(bits(l));
      const rng = new Rng(`b-${n}`);
      const b = Float64Array.from({ length: n }, () => rng.normal(0, 1));
      expect(bits(k.solve(b.slice()))).toEqual(bits(choleskySolveLower(l, n, b.slice(), 1)));
      // In place on a view: the same numbers.
      k.y.set(b);
      expect(bits(k.solve(k.y))).toEqual(bits(choleskySolveLower(l, n, b.slice(), 1)));
    });
  }

  it("hand-computed 2 x 2 factor and solve", () => {
    const k = chol!;
    expect(k.factor(Float64Array.of(4, 2, 2, 3), 2)).toBe(true);
    expect(Array.from(k.lowerInto(new Float64Array(4)))).toEqual([2, 0, 1, Math.SQRT2]);
    expect(Array.from(k.solve(Float64Array.of(2, 1)))).toEqual([0.5, 0]);
  });

  it("rejects what choleskyLower rejects: an indefinite matrix, a zero or NaN pivot, NaN off the diagonal", () => {
    const k = chol!;
    for (const a of [
      Float64Array.of(1, 2, 2, 1),
      Float64Array.of(1, 0, 0, 0, 1, 0, 0, 0, -1),
      Float64Array.of(0, 0, 0, 1),
      Float64Array.of(NaN, 0, 0, 1),
      Float64Array.of(1, 0, NaN, 1),
    ]) {
      const n = Math.round(Math.sqrt(a.length));
      expect(choleskyLower(a, n)).toBeNull();
      expect(k.factor(a, n)).toBe(false);
    }
    expect(k.factor(Float64Array.of(Infinity, 0, 0, 1), 2)).toBe(false);
    expect(() => k.solve(Float64Array.of(1, 1))).toThrow("no positive-definite matrix factorised");
  });

  it("matvec, matvecAdd, symmetricScaled and firstNonFinite equal the scalar loops bit for bit", () => {
    const k = chol!;
    for (const n of [1, 3, 4, 5, 9, 60]) {
      const rng = new Rng(`mv-${n}`);
      k.reserve(n);
      const m = Float64Array.from({ length: n * n }, () => rng.normal(0, 1));
      const x = Float64Array.from({ length: n }, () => rng.normal(0, 1));
      const base = Float64Array.from({ length: n }, () => rng.normal(0, 1));
      k.m.set(m);
      k.x.set(x);
      const expected = new Float64Array(n);
      const added = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        let acc = 0;
        let from = base[i]!;
        for (let j = 0; j < n; j++) {
          acc += m[i * n + j]! * x[j]!;
          from += m[i * n + j]! * x[j]!;
        }
        expected[i] = acc * 2.5;
        added[i] = from;
      }
      expect(bits(k.matvec(k.m, k.x, k.z, 2.5))).toEqual(bits(expected));
      k.y.set(base);
      expect(bits(k.matvecAdd(k.m, k.x, k.y))).toEqual(bits(added));
      const s = new Float64Array(n * n);
      for (let i = 0; i < n; i++)
        for (let j = 0; j <= i; j++) {
          const v = 0.025 * (0.5 * (m[i * n + j]! + m[j * n + i]!));
          s[i * n + j] = v;
          s[j * n + i] = v;
        }
      expect(bits(k.symmetricScaled(k.m, k.s, 0.025))).toEqual(bits(s));
      expect(k.firstNonFinite(k.m)).toBe(-1);
      k.m[n * n - 1] = -Infinity;
      expect(k.firstNonFinite(k.m)).toBe(n * n - 1);
      k.m[0] = NaN;
      expect(k.firstNonFinite(k.m)).toBe(0);
    }
    expect(() => k.matvec(new Float64Array(1), k.x, k.z)).toThrow("views of this kernel");
  });
});

describe("WasmCrossProducts", () => {
  for (const n of [1, 2, 7, 8, 9, 17, 60]) {
    it(`n = ${n}: cross products and the one-day update are bit-identical to the scalar loops`, () => {
      const k = WasmCrossProducts.create()!;
      const t = 37;
      const rng = new Rng(`cross-${n}`);
      const seriesMajor = Float64Array.from({ length: n * t }, () => rng.normal(0, 0.02));
      k.reserve(n, t);
      for (let i = 0; i < n; i++) for (let p = 0; p < t; p++) k.centered[p * n + i] = seriesMajor[i * t + p]!;
      k.crossProducts();
      const cross = centeredCrossProducts(seriesMajor, n, t);
      expect(bits(k.scaledInto(new Float64Array(n * n), t - 1, 252))).toEqual(bits(Array.from(cross, (v) => (v / (t - 1)) * 252)));
      // One-day updates of the upper triangle, then the covariance read from it.
      const sums = Float64Array.from({ length: n }, () => rng.normal(0, 0.01));
      for (let day = 0; day < 3; day++) {
        const a = Float64Array.from({ length: n }, () => rng.normal(0, 0.02));
        const d = Float64Array.from({ length: n }, () => rng.normal(0, 0.02));
        k.entering.set(a);
        k.leaving.set(d);
        k.advance();
        for (let i = 0; i < n; i++) for (let j = i; j < n; j++) cross[i * n + j] += a[i]! * a[j]! - d[i]! * d[j]!;
      }
      k.sums.set(sums);
      const expected = new Float64Array(n * n);
      for (let i = 0; i < n; i++) {
        const si = sums[i]! / t;
        for (let j = i; j < n; j++) expected[i * n + j] = expected[j * n + i] = ((cross[i * n + j]! - si * sums[j]!) / (t - 1)) * 252;
      }
      expect(bits(k.covarianceInto(new Float64Array(n * n), t - 1, 252))).toEqual(bits(expected));
    });
  }

  it("hand-computed: two series over three periods", () => {
    const k = WasmCrossProducts.create()!;
    k.reserve(2, 3);
    k.centered.set([-1, -2, 0, 0, 1, 2]);
    k.crossProducts();
    expect(Array.from(k.scaledInto(new Float64Array(4), 2, 1))).toEqual([1, 2, 2, 4]);
  });
});

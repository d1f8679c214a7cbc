/**
 * Shared fixtures of the WebAssembly kernel tests: a seeded symmetric positive-definite matrix (the input of the
 * Cholesky and cross-product kernels) and whether the optional wabt assembler can rebuild the committed bytes here.
 */
import { createRequire } from "node:module";
import { Rng } from "../../src/stats/rng";

/**
 * A seeded n x n sample covariance X X' / t of t = n + 20 standard normal draws per row: symmetric and positive
 * definite (t > n), row-major.
 *
 * @example
 * randomSpd(7, 3).length; // 9
 */
export function randomSpd(seed: number, n: number): Float64Array {
  const rng = new Rng(seed);
  const t = n + 20;
  const x = Array.from({ length: n * t }, () => rng.normal(0, 1));
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let s = 0;
      for (let k = 0; k < t; k++) s += x[i * t + k]! * x[j * t + k]!;
      a[i * n + j] = s / t;
    }
  }
  return a;
}

/**
 * Whether the wabt assembler can be loaded (a dev dependency; CONSILIUM_WABT forces the rebuild tests on).
 *
 * @example
 * if (wabtInstalled()) { ... } // rebuild the .wat sources and compare bytes
 */
export function wabtInstalled(): boolean {
  if (process.env.CONSILIUM_WABT) return true;
  try {
    createRequire(import.meta.url).resolve("wabt");
    return true;
  } catch {
    return false;
  }
}

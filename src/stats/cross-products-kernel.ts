/**
 * The WebAssembly SIMD kernel of a trailing sample covariance
 * (cross-products.wat): the cross products of a window of centered returns,
 * their one-day update and the covariance read from them, on buffers kept in
 * the kernel's own memory between calls. `TrailingCovariance`
 * (src/portfolio/covariance.ts) holds one per instance.
 *
 * Why: V8 runs the scalar loops at about 2 ns per multiply-add; the 252-day
 * cross products of 60 series (453,000 of them) took about 2 ms per exact
 * re-computation, the f64x2 kernel a fraction of that. Each entry gets the
 * scalar loops' arithmetic in the same order (no fused multiply-add in
 * WebAssembly), so the results are bit-identical to `centeredCrossProducts`
 * and to the scalar update (test/stats/cross-products-kernel.test.ts).
 * `WasmCrossProducts.create()` returns null without WebAssembly SIMD.
 */
import { wasmInstances, type WasmMemory } from "./wasm-instance";
import { CROSS_PRODUCTS_WASM } from "./cross-products-wasm";

const PAGE = 65536;
/** Doubles of padding after the centered window (a SIMD block reads up to 7 past its last row). */
const PAD = 8;

interface Exports {
  memory: WasmMemory;
  cross: (c: number, out: number, tmp: number, n: number, t: number) => void;
  advance: (cross: number, a: number, d: number, n: number) => void;
  covariance: (cross: number, sums: number, out: number, n: number, t: number, divisor: number, scale: number) => void;
  scaled: (cross: number, out: number, count: number, divisor: number, scale: number) => void;
}

const instantiate = wasmInstances<Exports>(CROSS_PRODUCTS_WASM.base64);

/**
 * Cross products C = X^T X of n centered series over t periods, kept in
 * WebAssembly memory and updated in place. Fill `centered` (t x n,
 * period-major: centered[k * n + i] is series i at period k), call
 * `crossProducts()`; later fill `entering` / `leaving` (the centered values
 * of the day that enters / leaves, per series) and call `advance()`.
 *
 * @example
 * const k = WasmCrossProducts.create()!;
 * k.reserve(2, 3);
 * k.centered.set([-1, -2, 0, 0, 1, 2]); // periods 0..2 of two series
 * k.crossProducts();
 * k.scaledInto(new Float64Array(4), 2, 1); // [1, 2, 2, 4]: C / (t - 1)
 */
export class WasmCrossProducts {
  private n = 0;
  private t = 0;
  private cAt = 0;
  private crossAt = 0;
  private aAt = 0;
  private dAt = 0;
  private sumsAt = 0;
  private outAt = 0;
  private tmpAt = 0;
  private f64: Float64Array;
  /** The centered window, t x n period-major (a view into the kernel's memory, valid until the next `reserve`). */
  centered = new Float64Array(0);
  /** Centered values of the entering day, per series (view). */
  entering = new Float64Array(0);
  /** Centered values of the leaving day, per series (view). */
  leaving = new Float64Array(0);
  /** Running sums of the centered series (view; `covarianceInto` reads them). */
  sums = new Float64Array(0);

  private constructor(private readonly kernel: Exports) {
    this.f64 = new Float64Array(kernel.memory.buffer);
  }

  /** A kernel with its own memory, or null without WebAssembly SIMD. */
  static create(): WasmCrossProducts | null {
    const kernel = instantiate();
    return kernel === null ? null : new WasmCrossProducts(kernel);
  }

  /** Lay out the buffers for n series over t periods (contents undefined afterwards). */
  reserve(n: number, t: number): void {
    if (!(Number.isInteger(n) && n >= 1 && Number.isInteger(t) && t >= 1))
      throw new RangeError(`WasmCrossProducts.reserve: n and t must be positive integers (got ${n}, ${t})`);
    this.n = n;
    this.t = t;
    const doubles = (count: number): number => count * 8;
    this.cAt = 0;
    this.crossAt = this.cAt + doubles(t * n + PAD);
    this.aAt = this.crossAt + doubles(n * n);
    this.dAt = this.aAt + doubles(n + PAD);
    this.sumsAt = this.dAt + doubles(n + PAD);
    this.outAt = this.sumsAt + doubles(n + PAD);
    this.tmpAt = this.outAt + doubles(n * n);
    const bytes = this.tmpAt + doubles(PAD);
    const pages = Math.ceil(bytes / PAGE) - this.kernel.memory.buffer.byteLength / PAGE;
    if (pages > 0) this.kernel.memory.grow(pages);
    this.f64 = new Float64Array(this.kernel.memory.buffer);
    this.centered = this.f64.subarray(this.cAt / 8, this.cAt / 8 + t * n);
    this.entering = this.f64.subarray(this.aAt / 8, this.aAt / 8 + n);
    this.leaving = this.f64.subarray(this.dAt / 8, this.dAt / 8 + n);
    this.sums = this.f64.subarray(this.sumsAt / 8, this.sumsAt / 8 + n);
  }

  /** C_ij = sum_k centered[k][i] centered[k][j] (k in order), full and symmetric. */
  crossProducts(): void {
    this.kernel.cross(this.cAt, this.crossAt, this.tmpAt, this.n, this.t);
  }

  /** C_ij += entering_i entering_j - leaving_i leaving_j on the upper triangle (j >= i). */
  advance(): void {
    this.kernel.advance(this.crossAt, this.aAt, this.dAt, this.n);
  }

  /** out = (C / divisor) x scale, every entry (the two-pass covariance right after `crossProducts`). */
  scaledInto(out: Float64Array, divisor: number, scale: number): Float64Array {
    const count = this.n * this.n;
    this.kernel.scaled(this.crossAt, this.outAt, count, divisor, scale);
    out.set(this.f64.subarray(this.outAt / 8, this.outAt / 8 + count));
    return out;
  }

  /** out_ij = out_ji = ((C_ij - (sums_i / t) sums_j) / divisor) x scale from the upper triangle (the updated covariance). */
  covarianceInto(out: Float64Array, divisor: number, scale: number): Float64Array {
    const count = this.n * this.n;
    this.kernel.covariance(this.crossAt, this.sumsAt, this.outAt, this.n, this.t, divisor, scale);
    out.set(this.f64.subarray(this.outAt / 8, this.outAt / 8 + count));
    return out;
  }
}

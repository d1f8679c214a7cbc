/**
 * The WebAssembly SIMD Cholesky kernel (cholesky.wat) behind a small class:
 * one instance owns its own WebAssembly memory, sized for the largest matrix
 * it has factorised, so a backtest that factorises a 60 x 60 matrix twice per
 * rebalance allocates nothing per rebalance.
 *
 * Why WebAssembly: V8 runs the scalar JavaScript loops of linalg.ts at about
 * 2 ns per multiply-subtract (bounds checks, index arithmetic), the f64x2
 * kernel at a quarter of that. The kernel does each entry's arithmetic in the
 * textbook order (WebAssembly has no fused multiply-add), so its factor and
 * solutions are bit-identical to `choleskyLower` / `choleskySolveLower`'s
 * loops (test/stats/cholesky-kernel.test.ts). Engines without WebAssembly
 * SIMD get `null` from `WasmCholesky.create()` and the callers keep the
 * JavaScript loops.
 */
import { wasmInstances, type WasmMemory } from "./wasm-instance";
import { CHOLESKY_WASM } from "./cholesky-wasm";

const PAGE = 65536;
/** Doubles of padding after the factor and the scratch vectors (a SIMD block reads up to 7 past the end). */
const PAD = 8;

interface Exports {
  memory: WasmMemory;
  chol: (a: number, lt: number, v: number, n: number) => number;
  solve: (lt: number, b: number, n: number) => void;
  lower: (lt: number, out: number, n: number) => void;
  matvec: (m: number, x: number, out: number, n: number, scale: number) => void;
  matvecAdd: (m: number, x: number, base: number, n: number) => void;
  symScaled: (m: number, s: number, n: number, tau: number) => void;
  firstNonFinite: (m: number, count: number) => number;
}

const instantiate = wasmInstances<Exports>(CHOLESKY_WASM.base64);

/**
 * A Cholesky factorisation A = L L^T of an n x n SPD matrix held in
 * WebAssembly memory, reusable for any n: `factor` then any number of
 * `solve` calls against that factor. For callers that chain several steps
 * without copies, `reserve(n)` lays out three n x n matrices (`a`, the one
 * `factorInPlace` factorises, `m`, `s`) and four vectors (`x`, `y`, `z`, `w`)
 * as views into the kernel's memory, and the dense helpers below act on them.
 *
 * @example
 * const chol = WasmCholesky.create()!;
 * chol.factor(Float64Array.of(4, 2, 2, 3), 2); // true
 * chol.solve(Float64Array.of(2, 1));           // [0.5, 0] (in place)
 */
export class WasmCholesky {
  private n = 0;
  private capacity = -1;
  private factored = false;
  // Byte offsets of the factor (n x n + PAD), its scratch vector and the output of lowerInto.
  private ltAt = 0;
  private vAt = 0;
  private outAt = 0;
  private f64: Float64Array;
  /** n x n views (valid until `reserve` grows the memory): `a` is what `factorInPlace` factorises. */
  a = new Float64Array(0);
  m = new Float64Array(0);
  s = new Float64Array(0);
  /** Length-n views; `solve` works in place on them without copies. */
  x = new Float64Array(0);
  y = new Float64Array(0);
  z = new Float64Array(0);
  w = new Float64Array(0);

  private constructor(private readonly kernel: Exports) {
    this.f64 = new Float64Array(kernel.memory.buffer);
  }

  /** A kernel with its own memory, or null without WebAssembly SIMD. */
  static create(): WasmCholesky | null {
    const kernel = instantiate();
    return kernel === null ? null : new WasmCholesky(kernel);
  }

  /** The order of the views (the last `reserve`). */
  get order(): number {
    return this.n;
  }

  /** Lay out the views for order n (their contents are undefined afterwards when n changed). */
  reserve(n: number): void {
    if (!(Number.isInteger(n) && n >= 1)) throw new RangeError(`WasmCholesky: n must be a positive integer (got ${n})`);
    this.factored = false;
    if (n === this.n) return;
    this.n = n;
    const nn = n * n;
    const vec = n + PAD;
    // a, m, s, lt (padded), out, then v, x, y, z, w (padded).
    const aAt = 0;
    const mAt = aAt + nn * 8;
    const sAt = mAt + nn * 8;
    this.ltAt = sAt + nn * 8;
    this.outAt = this.ltAt + (nn + PAD) * 8;
    this.vAt = this.outAt + nn * 8;
    const xAt = this.vAt + vec * 8;
    const yAt = xAt + vec * 8;
    const zAt = yAt + vec * 8;
    const wAt = zAt + vec * 8;
    const bytes = wAt + vec * 8;
    if (n > this.capacity) {
      const pages = Math.ceil(bytes / PAGE) - this.kernel.memory.buffer.byteLength / PAGE;
      if (pages > 0) this.kernel.memory.grow(pages);
      this.f64 = new Float64Array(this.kernel.memory.buffer);
      this.capacity = n;
    }
    const view = (at: number, length: number): Float64Array => this.f64.subarray(at / 8, at / 8 + length);
    this.a = view(aAt, nn);
    this.m = view(mAt, nn);
    this.s = view(sAt, nn);
    this.x = view(xAt, n);
    this.y = view(yAt, n);
    this.z = view(zAt, n);
    this.w = view(wAt, n);
  }

  /**
   * Factorise the row-major n x n matrix `a` (only its lower triangle is
   * read; copied into the view `a`); false when A is not positive definite
   * (a pivot that is not a finite number > 0), like `choleskyLower` returning null.
   */
  factor(a: Float64Array, n: number): boolean {
    if (a.length < n * n) throw new RangeError(`WasmCholesky.factor: a has ${a.length} entries, needs ${n * n}`);
    this.reserve(n);
    this.a.set(a.length === n * n ? a : a.subarray(0, n * n));
    return this.factorInPlace();
  }

  /** Factorise the view `a` (see `factor`); `a` itself is left as it was. */
  factorInPlace(): boolean {
    this.factored = this.kernel.chol(this.a.byteOffset, this.ltAt, this.vAt, this.n) === 1;
    return this.factored;
  }

  /**
   * Solve (L L^T) x = b in place for the last factor; b of length n, one of
   * the views `x`, `y`, `z`, `w` (no copy) or any other array (copied
   * through `w`). Returns b.
   */
  solve(b: Float64Array): Float64Array {
    const n = this.checkFactored("solve");
    if (b.length < n) throw new RangeError(`WasmCholesky.solve: b has ${b.length} entries, needs ${n}`);
    if (this.owns(b)) {
      this.kernel.solve(this.ltAt, b.byteOffset, n);
      return b;
    }
    this.w.set(b.length === n ? b : b.subarray(0, n));
    this.kernel.solve(this.ltAt, this.w.byteOffset, n);
    b.set(this.w);
    return b;
  }

  /** The factor L, row-major with zeros above the diagonal, written into `out` (length >= n x n). */
  lowerInto(out: Float64Array): Float64Array {
    const n = this.checkFactored("lowerInto");
    if (out.length < n * n) throw new RangeError(`WasmCholesky.lowerInto: out has ${out.length} entries, needs ${n * n}`);
    this.kernel.lower(this.ltAt, this.outAt, n);
    out.set(this.f64.subarray(this.outAt / 8, this.outAt / 8 + n * n));
    return out;
  }

  /** out_i = (sum_j m_ij x_j) x scale, each sum from 0 in j order (views of this kernel). */
  matvec(m: Float64Array, x: Float64Array, out: Float64Array, scale = 1): Float64Array {
    this.checkViews("matvec", m, x, out);
    this.kernel.matvec(m.byteOffset, x.byteOffset, out.byteOffset, this.n, scale);
    return out;
  }

  /** base_i <- base_i + sum_j m_ij x_j, summed from base_i in j order (views of this kernel). */
  matvecAdd(m: Float64Array, x: Float64Array, base: Float64Array): Float64Array {
    this.checkViews("matvecAdd", m, x, base);
    this.kernel.matvecAdd(m.byteOffset, x.byteOffset, base.byteOffset, this.n);
    return base;
  }

  /** s_ij = s_ji = tau x ((m_ij + m_ji) / 2), computed once per pair (views of this kernel). */
  symmetricScaled(m: Float64Array, s: Float64Array, tau: number): Float64Array {
    this.checkViews("symmetricScaled", m, s);
    this.kernel.symScaled(m.byteOffset, s.byteOffset, this.n, tau);
    return s;
  }

  /** Index of the first NaN or infinite entry of an n x n view, or -1. */
  firstNonFinite(m: Float64Array): number {
    this.checkViews("firstNonFinite", m);
    return this.kernel.firstNonFinite(m.byteOffset, this.n * this.n);
  }

  private owns(view: Float64Array): boolean {
    return view.buffer === this.f64.buffer;
  }

  private checkViews(label: string, ...views: Float64Array[]): void {
    for (const v of views) if (!this.owns(v)) throw new RangeError(`WasmCholesky.${label}: arguments must be views of this kernel (reserve first)`);
  }

  private checkFactored(label: string): number {
    if (!this.factored) throw new Error(`WasmCholesky.${label}: no positive-definite matrix factorised`);
    return this.n;
  }
}

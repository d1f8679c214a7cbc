/**
 * An int8 copy of the memory's embedding matrix with a rigorous error bound
 * per row, scanned by a WebAssembly SIMD kernel (dot-i8.wat), and each
 * row's norm: the cheap bounds of an exact top-K (see prefilter.ts).
 *
 * Row i is stored as e_i = s_i * ê_i + d_i with s_i = max_j |e_ij| / 127,
 * ê_ij = round(e_ij / s_i) in [-127, 127] and the residual d_i; the query as
 * q = t * q̂ + g with q̂ int16 and the residual g. Then exactly
 *
 *   <e_i, q> = s_i t <ê_i, q̂> + s_i <ê_i, g> + <d_i, q>
 *
 * and, by Cauchy-Schwarz, |<e_i, q> - s_i t <ê_i, q̂>| <= s_i |ê_i| |g| + |d_i| |q|
 * (Euclidean norms, |d_i| and s_i |ê_i| kept per row). The integer product
 * <ê_i, q̂> is exact in int32 (q̂ is scaled so that no partial sum can reach
 * 2^31), so the approximation and its bound hold to floating-point rounding,
 * for which the bound carries a relative 1e-9 and an absolute 1e-12 margin —
 * orders of magnitude above the rounding of a float64 dot product of unit
 * vectors (~1e-15). One int8 byte per value is a quarter of the float32
 * matrix's memory traffic, which is what the scan is bound by.
 *
 * Each row also keeps its Euclidean norm |e_i|, for a bound that needs no
 * read of the row at all (Cauchy-Schwarz): |<e_i, q>| <= |e_i| |q|, carried
 * with the same margins (`relevancyReach`). The float64 dot product the exact
 * path computes differs from the real <e_i, q> by at most dim * 2^-53 *
 * |e_i| |q| (~6e-14 relative at 512 dimensions), inside the 1e-9 margin.
 */
import { DOT_I8 } from "./dot-i8-wasm";

/** Rows are padded to a multiple of this many bytes (the kernel reads 32 per step). */
const ROW_ALIGN = 32;
const PAGE = 65536;
/** Largest int16 query magnitude (before the overflow cap for long rows). */
const QUERY_LEVELS = 16383;
/** The int8 matrix stops growing past this many bytes (wasm32 addresses); larger memories use the exact path. */
const MAX_BYTES = 2 ** 31;
/** Rounding margins of the bound (see module doc). */
export const BOUND_RELATIVE_MARGIN = 1e-9;
export const BOUND_ABSOLUTE_MARGIN = 1e-12;

/** The slice of the WebAssembly API used here (declared locally: not every TypeScript lib set declares it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

interface Kernel {
  memory: WasmMemory;
  dots: (mat: number, q: number, out: number, rows: number, stride: number) => void;
  dots_rows: (mat: number, q: number, out: number, idx: number, count: number, stride: number) => void;
}

let compiled: object | null | undefined;

function wasmApi(): WasmApi | undefined {
  return (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
}

/** The compiled kernel module, or null when this engine lacks WebAssembly SIMD. */
function kernelModule(): object | null {
  if (compiled === undefined) {
    try {
      const api = wasmApi();
      compiled = api ? new api.Module(Buffer.from(DOT_I8.base64, "base64")) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

/**
 * The int8 matrix, its per-row scales and bound terms, in WebAssembly memory.
 *
 * @example
 * const index = QuantizedIndex.create(512)!;
 * index.sync(embeddings, n); // quantise rows not seen yet
 * index.approximate(query);  // index.approx[i] +- index.bound[i] contains <e_i, query>
 */
export class QuantizedIndex {
  readonly stride: number;
  /** Rows quantised so far. */
  private count = 0;
  private capacity = 0;
  private readonly queryBytes: number;
  private scale = new Float64Array(0);
  private scaledNorm = new Float64Array(0);
  private residualNorm = new Float64Array(0);
  /** |e_i| of every indexed row (float64 from the float32 values). */
  norm = new Float64Array(0);
  /** Approximate <e_i, q> for the last query: row i's after `approximate`, the c-th listed row's after `approximateListed`. */
  approx = new Float64Array(0);
  /** Bound on |<e_i, q> - approx| for the same rows. */
  bound = new Float64Array(0);
  /** |q| of the last prepared query. */
  queryNorm = NaN;
  /** Quantisation step t and residual norm |g| of the last prepared query. */
  private queryStep = 0;
  private queryResidualNorm = 0;
  private listView: Int32Array | null = null;
  /** False once a row could not be indexed (non-finite value, or the matrix would pass MAX_BYTES). */
  usable = true;

  private constructor(
    readonly dim: number,
    private readonly kernel: Kernel,
  ) {
    this.stride = Math.ceil(dim / ROW_ALIGN) * ROW_ALIGN;
    this.queryBytes = this.stride * 2;
  }

  /** An empty index for `dim`-dimensional rows, or null without WebAssembly SIMD. */
  static create(dim: number): QuantizedIndex | null {
    const mod = kernelModule();
    if (!mod || !(dim > 0)) return null;
    const instance = new (wasmApi() as WasmApi).Instance(mod);
    const exports = instance.exports as unknown as Kernel;
    return new QuantizedIndex(dim, { memory: exports.memory, dots: exports.dots, dots_rows: exports.dots_rows });
  }

  /** Rows indexed so far. */
  get size(): number {
    return this.count;
  }

  private get matrixOffset(): number {
    return this.queryBytes;
  }

  private get outOffset(): number {
    return this.matrixOffset + this.capacity * this.stride;
  }

  private get listOffset(): number {
    return this.outOffset + this.capacity * 4;
  }

  private reserve(rows: number): boolean {
    if (rows <= this.capacity) return true;
    let cap = Math.max(this.capacity, 1024);
    while (cap < rows) cap *= 2;
    const bytes = this.queryBytes + cap * (this.stride + 8);
    if (bytes > MAX_BYTES) return false;
    const pages = Math.ceil(bytes / PAGE) - this.kernel.memory.buffer.byteLength / PAGE;
    if (pages > 0) this.kernel.memory.grow(pages);
    const keep = <T extends Float64Array>(old: T): T => {
      const fresh = new Float64Array(cap) as T;
      fresh.set(old.subarray(0, this.count));
      return fresh;
    };
    this.scale = keep(this.scale);
    this.scaledNorm = keep(this.scaledNorm);
    this.residualNorm = keep(this.residualNorm);
    this.norm = keep(this.norm);
    this.listView = null;
    this.approx = new Float64Array(cap);
    this.bound = new Float64Array(cap);
    this.capacity = cap;
    return true;
  }

  /**
   * Quantise rows [size, n) of a row-major float32 matrix (`dim` per row);
   * rows already indexed are never revisited (the memory only appends).
   */
  sync(matrix: Float32Array, n: number): void {
    if (!this.usable || n <= this.count) return;
    if (!this.reserve(n)) {
      this.usable = false;
      return;
    }
    const bytes = new Int8Array(this.kernel.memory.buffer);
    const dim = this.dim;
    for (let i = this.count; i < n; i++) {
      const o = i * dim;
      let maxAbs = 0;
      for (let j = 0; j < dim; j++) {
        const a = Math.abs(matrix[o + j]!);
        if (!(a <= maxAbs)) maxAbs = a; // NaN lands here too and is caught below
      }
      if (!Number.isFinite(maxAbs)) {
        this.usable = false;
        return;
      }
      const s = maxAbs / 127;
      const base = this.matrixOffset + i * this.stride;
      let norm2 = 0;
      let residual2 = 0;
      let row2 = 0;
      for (let j = 0; j < dim; j++) {
        const x = matrix[o + j]!;
        const level = s > 0 ? Math.max(-127, Math.min(127, Math.round(x / s))) : 0;
        bytes[base + j] = level;
        const d = x - s * level;
        norm2 += level * level;
        residual2 += d * d;
        row2 += x * x;
      }
      this.norm[i] = Math.sqrt(row2);
      this.scale[i] = s;
      this.scaledNorm[i] = s * Math.sqrt(norm2);
      this.residualNorm[i] = Math.sqrt(residual2);
    }
    this.count = n;
  }

  /**
   * Quantise a query (Float32, `dim` values) for `approximate` /
   * `approximateListed` and `relevancyReach`; false (nothing prepared) for a
   * query with a non-finite value.
   *
   * @example
   * index.prepare(query); // then index.relevancyReach(i) bounds |<e_i, query>|
   */
  prepare(query: Float32Array): boolean {
    const dim = this.dim;
    let maxAbs = 0;
    let q2 = 0;
    for (let j = 0; j < dim; j++) {
      const x = query[j]!;
      const a = Math.abs(x);
      if (!(a <= maxAbs)) maxAbs = a;
      q2 += x * x;
    }
    if (!Number.isFinite(maxAbs)) return false;
    // stride * 127 * levels must stay below 2^31 so no int32 partial sum overflows.
    const levels = Math.min(QUERY_LEVELS, Math.floor((2 ** 31 - 1) / (127 * this.stride)));
    const t = maxAbs / levels;
    const q16 = new Int16Array(this.kernel.memory.buffer, 0, this.stride);
    q16.fill(0);
    let g2 = 0;
    for (let j = 0; j < dim; j++) {
      const x = query[j]!;
      const level = t > 0 ? Math.round(x / t) : 0;
      q16[j] = level;
      const g = x - t * level;
      g2 += g * g;
    }
    this.queryStep = t;
    this.queryNorm = Math.sqrt(q2);
    this.queryResidualNorm = Math.sqrt(g2);
    return true;
  }

  /**
   * Bound on |<e_i, q>| for the prepared query without reading row i:
   * |e_i| |q| (Cauchy-Schwarz) with the rounding margins, so it also bounds
   * the float64 dot product the exact path computes.
   *
   * @example
   * index.prepare(q); index.relevancyReach(0); // >= Math.abs(exact relevancy of row 0)
   */
  relevancyReach(i: number): number {
    return this.norm[i]! * this.queryNorm * (1 + BOUND_RELATIVE_MARGIN) + BOUND_ABSOLUTE_MARGIN;
  }

  /**
   * Fill `approx` and `bound` for every indexed row against `query`
   * (Float32, `dim` values): <e_i, query> lies in approx_i +- bound_i.
   * Returns false (and fills nothing) for a query with a non-finite value.
   *
   * @example
   * index.approximate(q); // index.approx[i] +- index.bound[i] holds <e_i, q>
   */
  approximate(query: Float32Array): boolean {
    if (!this.prepare(query)) return false;
    const n = this.count;
    this.kernel.dots(this.matrixOffset, 0, this.outOffset, n, this.stride);
    const out = new Int32Array(this.kernel.memory.buffer, this.outOffset, n);
    for (let i = 0; i < n; i++) this.fill(i, i, out[i]!);
    return true;
  }

  /**
   * Row numbers for `approximateListed`, written in place (a view of the
   * kernel's memory, `size` slots; valid until the next `sync`).
   *
   * @example
   * const list = index.rowList(); list[0] = 7; list[1] = 42; index.approximateListed(2);
   */
  rowList(): Int32Array {
    const buffer = this.kernel.memory.buffer;
    if (!this.listView || this.listView.buffer !== buffer) this.listView = new Int32Array(buffer, this.listOffset, this.capacity);
    return this.listView;
  }

  /**
   * For the prepared query, fill approx[c] and bound[c] for the c-th row of
   * `rowList()`, c < count (each row number < size): <e_r, q> lies in
   * approx[c] +- bound[c] for r = rowList()[c]. Reads only the listed rows.
   *
   * @example
   * index.prepare(q); index.rowList()[0] = 5; index.approximateListed(1); // index.approx[0] ~ <e_5, q>
   */
  approximateListed(count: number): void {
    if (!(count >= 0 && count <= this.count)) throw new RangeError(`QuantizedIndex: ${count} listed rows of ${this.count}`);
    this.kernel.dots_rows(this.matrixOffset, 0, this.outOffset, this.listOffset, count, this.stride);
    const buffer = this.kernel.memory.buffer;
    const out = new Int32Array(buffer, this.outOffset, count);
    const rows = new Int32Array(buffer, this.listOffset, count);
    for (let c = 0; c < count; c++) this.fill(c, rows[c]!, out[c]!);
  }

  /** approx[slot] and bound[slot] of row i from its integer product with the prepared query. */
  private fill(slot: number, i: number, product: number): void {
    this.approx[slot] = this.scale[i]! * this.queryStep * product;
    this.bound[slot] =
      (this.scaledNorm[i]! * this.queryResidualNorm + this.residualNorm[i]! * this.queryNorm) * (1 + BOUND_RELATIVE_MARGIN) + BOUND_ABSOLUTE_MARGIN;
  }
}

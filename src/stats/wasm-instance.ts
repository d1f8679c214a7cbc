/**
 * Compile a WebAssembly module once and hand out fresh instances of it, or
 * null on an engine without WebAssembly (or without the SIMD its bytes use):
 * the one loader behind the SIMD kernels of this folder, so each kernel keeps
 * only its exports and its memory layout.
 */

/** The slice of the WebAssembly API used here (declared locally: not every TypeScript lib set declares it). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}

/**
 * A factory of instances of the module in `base64`: compiled on first call,
 * each call a new instance with its own memory; null when compiling fails.
 *
 * @example
 * const instantiate = wasmInstances<{ memory: WasmMemory }>(CHOLESKY_WASM.base64);
 * const kernel = instantiate(); // exports, or null without WebAssembly SIMD
 */
export function wasmInstances<Exports>(base64: string): () => Exports | null {
  let compiled: object | null | undefined;
  return () => {
    const api = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;
    if (compiled === undefined) {
      try {
        compiled = api ? new api.Module(Buffer.from(base64, "base64")) : null;
      } catch {
        compiled = null;
      }
    }
    return compiled === null || !api ? null : (new api.Instance(compiled).exports as Exports);
  };
}

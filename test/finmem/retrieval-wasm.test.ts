/**
 * The committed WebAssembly kernel matches its text source: the SHA-256 of
 * src/finmem/retrieval/dot-i8.wat recorded in the generated module always,
 * and the bytes themselves whenever wabt (the assembler, a dev dependency) is
 * installed: `npm run build:wasm` regenerates the module.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { wabtInstalled } from "../helpers/wasm-fixtures";
import { DOT_I8 } from "../../src/finmem/retrieval/dot-i8-wasm";
import { assemble, renderModule, sourceHash, WASM_KERNELS } from "../../scripts/build-wasm";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("WebAssembly kernels", () => {
  const kernel = WASM_KERNELS[0]!;
  const source = readFileSync(path.join(ROOT, kernel.source), "utf8");

  it("the committed module was built from the committed source", () => {
    expect(DOT_I8.source).toBe(kernel.source);
    expect(DOT_I8.sourceSha256).toBe(sourceHash(source));
  });

  it("compiles and computes an int8 x int16 dot product", () => {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(DOT_I8.base64, "base64")));
    const { memory, dots } = instance.exports as { memory: WebAssembly.Memory; dots: (m: number, q: number, o: number, r: number, s: number) => void };
    const q = new Int16Array(memory.buffer, 0, 32);
    const mat = new Int8Array(memory.buffer, 64, 64);
    for (let j = 0; j < 32; j++) {
      q[j] = j % 2 === 0 ? 16383 : -3;
      mat[j] = j === 31 ? -127 : 1;
      mat[32 + j] = 127;
    }
    dots(64, 0, 128, 2, 32);
    const out = new Int32Array(memory.buffer, 128, 2);
    let first = 0;
    let second = 0;
    for (let j = 0; j < 32; j++) {
      first += mat[j]! * q[j]!;
      second += 127 * q[j]!;
    }
    expect([...out]).toEqual([first, second]);
  });

  it("rows go in pairs with an odd last row: every row's product is exact", () => {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(DOT_I8.base64, "base64")));
    const { memory, dots } = instance.exports as { memory: WebAssembly.Memory; dots: (m: number, q: number, o: number, r: number, s: number) => void };
    const stride = 64;
    const rows = 5;
    const q = new Int16Array(memory.buffer, 0, stride);
    const mat = new Int8Array(memory.buffer, 256, rows * stride);
    for (let j = 0; j < stride; j++) q[j] = ((j * 37) % 2001) - 1000;
    for (let k = 0; k < rows * stride; k++) mat[k] = ((k * 53) % 255) - 127;
    dots(256, 0, 1024, rows, stride);
    const out = new Int32Array(memory.buffer, 1024, rows);
    const expected = Array.from({ length: rows }, (_, r) => {
      let s = 0;
      for (let j = 0; j < stride; j++) s += mat[r * stride + j]! * q[j]!;
      return s;
    });
    expect([...out]).toEqual(expected);
  });

  it.runIf(wabtInstalled())("wabt rebuilds the same bytes from the source", async () => {
    const bytes = await assemble(source, path.basename(kernel.source));
    expect(Buffer.from(bytes).toString("base64")).toBe(DOT_I8.base64);
    expect(readFileSync(path.join(ROOT, kernel.module), "utf8")).toBe(renderModule(kernel, source, bytes));
  });
});

/**
 * Deterministic synthetic inputs shared by the benchmarks (seeded `Rng`, no
 * data folder needed) and the binary exchange with the Python references:
 * little-endian Float64 / Float32 / Uint8 files that numpy reads with
 * `np.fromfile(path, dtype=...)`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AlignedMarket } from "../src/backtest/engine";
import { Rng } from "../src/stats/rng";

/** Business-day ISO dates from `start` (UTC), `count` of them. */
export function businessDays(start: string, count: number): string[] {
  const dates: string[] = [];
  const d = new Date(`${start}T00:00:00Z`);
  while (dates.length < count) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) dates.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return dates;
}

/**
 * Seeded one-factor market r_it = beta_i m_t + e_it, prices from 100:
 * used by the Black-Litterman backtest benchmark (suite 1).
 *
 * @example
 * syntheticMarket(7, 60, 419).close[0].length; // 419
 */
export function syntheticMarket(seed: number, tickers: number, days: number): AlignedMarket {
  const rng = new Rng(seed);
  const dates = businessDays("2024-01-02", days);
  const market = Array.from({ length: days }, () => rng.normal(0.0004, 0.01));
  const names = Array.from({ length: tickers }, (_, i) => `T${String(i).padStart(2, "0")}`);
  const close = names.map(() => {
    const beta = rng.uniform(0.5, 1.5);
    const idio = rng.uniform(0.008, 0.025);
    const col = new Float64Array(days);
    col[0] = 100;
    for (let t = 1; t < days; t++) col[t] = col[t - 1]! * (1 + beta * market[t]! + rng.normal(0, idio));
    return col;
  });
  return { dates, tickers: names, close };
}

/** Daily return series (fat-ish tails: a normal mixture), one Float64Array per series. */
export function syntheticReturns(seed: number, series: number, days: number): Float64Array[] {
  const rng = new Rng(seed);
  const market = Array.from({ length: days }, () => (rng.chance(0.05) ? rng.normal(0, 0.03) : rng.normal(0.0004, 0.009)));
  return Array.from({ length: series }, () => {
    const beta = rng.uniform(0.3, 1.4);
    const idio = rng.uniform(0.005, 0.02);
    const drift = rng.uniform(-0.0002, 0.0008);
    return Float64Array.from({ length: days }, (_, t) => drift + beta * market[t]! + rng.normal(0, idio));
  });
}

/** Random-walk closes for indicator benchmarks (60 x 5,000 by default). */
export function syntheticCloses(seed: number, series: number, bars: number): Float64Array[] {
  const rng = new Rng(seed);
  return Array.from({ length: series }, () => {
    const col = new Float64Array(bars);
    let p = rng.uniform(20, 300);
    const vol = rng.uniform(0.005, 0.03);
    for (let t = 0; t < bars; t++) {
      // Occasional flat bars exercise the RSI / std edge cases.
      if (t > 0 && !rng.chance(0.02)) p *= Math.exp(rng.normal(0.0002, vol));
      col[t] = Math.round(p * 100) / 100;
    }
    return col;
  });
}

/** Concatenate rows into one row-major Float64Array (rows x cols). */
export function stackRows(rows: ReadonlyArray<ArrayLike<number>>): Float64Array {
  const cols = rows.length ? rows[0]!.length : 0;
  const out = new Float64Array(rows.length * cols);
  rows.forEach((row, i) => out.set(row as ArrayLike<number>, i * cols));
  return out;
}

/** Write a typed array as raw little-endian bytes (the machine is little-endian). */
export function writeBinary(file: string, data: Float64Array | Float32Array | Uint8Array | Int32Array): void {
  writeFileSync(file, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
}

/** Read a raw little-endian Float64 file. */
export function readFloat64(file: string): Float64Array {
  const buf = readFileSync(file);
  const copy = new Uint8Array(buf.byteLength);
  copy.set(buf);
  return new Float64Array(copy.buffer);
}

/** A scratch directory removed by `dispose()`. */
export function scratchDir(label: string): { dir: string; file: (name: string) => string; dispose: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `consilium-bench-${label}-`));
  return { dir, file: (name) => path.join(dir, name), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Largest |a_i - b_i| / max(1, |b_i|) (absolute near zero, relative for large values); NaN handling as `maxAbsDiff`. */
export function maxScaledDiff(a: ArrayLike<number>, b: ArrayLike<number>): { maxAbs: number; nanMismatch: number } {
  const scaled = Float64Array.from(b, (v) => Math.max(1, Math.abs(v)));
  const ra = Float64Array.from(a, (v, i) => v / scaled[i]!);
  const rb = Float64Array.from(b, (v, i) => v / scaled[i]!);
  return maxAbsDiff(ra, rb);
}

/** Largest |a_i - b_i| over positions where both are numbers; NaN-pattern mismatches are counted separately. */
export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): { maxAbs: number; nanMismatch: number } {
  if (a.length !== b.length) throw new RangeError(`maxAbsDiff: lengths ${a.length} vs ${b.length}`);
  let maxAbs = 0;
  let nanMismatch = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    const xn = Number.isNaN(x);
    const yn = Number.isNaN(y);
    if (xn || yn) {
      if (xn !== yn) nanMismatch++;
      continue;
    }
    if (x === y) continue; // also equal infinities
    const d = Math.abs(x - y);
    if (!(d <= maxAbs)) maxAbs = d;
  }
  return { maxAbs, nanMismatch };
}

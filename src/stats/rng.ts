/**
 * Seeded pseudo-random numbers. Every random choice in Consilium flows from an
 * explicit seed through this module; the unseeded global generator is never used in `src/`.
 *
 * Generator: xoshiro128** (Blackman & Vigna, 2018) seeded through SplitMix32,
 * so that nearby seeds give unrelated streams.
 *
 * @example
 * const rng = new Rng(42);
 * rng.next();            // uniform in [0, 1)
 * rng.fork("task").int(0, 10); // an independent, reproducible sub-stream
 */
export class Rng {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;
  private spareNormal: number | null = null;

  constructor(seed: number | string) {
    let x = typeof seed === "number" ? seed >>> 0 : hashString32(seed);
    const splitmix = (): number => {
      x = (x + 0x9e3779b9) >>> 0;
      let z = x;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.s0 = splitmix();
    this.s1 = splitmix();
    this.s2 = splitmix();
    this.s3 = splitmix();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  /** Next raw 32-bit unsigned integer. */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.s1 << 9) >>> 0;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    this.s0 >>>= 0;
    this.s1 >>>= 0;
    this.s2 >>>= 0;
    this.s3 >>>= 0;
    return result;
  }

  /**
   * The next `out.length` values of `nextUint32`, in order, written into
   * `out`: the same stream (the generator ends in the same state), with the
   * state in local int32 variables for the whole batch instead of object
   * fields per draw — a Gibbs sweep that takes one draw per token runs its
   * generator several times faster this way.
   *
   * @example
   * const a = new Rng(1), b = new Rng(1);
   * a.fillUint32(new Uint32Array(3)); // [b.nextUint32(), b.nextUint32(), b.nextUint32()]
   */
  fillUint32(out: Uint32Array): Uint32Array {
    let s0 = this.s0 | 0;
    let s1 = this.s1 | 0;
    let s2 = this.s2 | 0;
    let s3 = this.s3 | 0;
    for (let i = 0; i < out.length; i++) {
      const x = Math.imul(s1, 5);
      out[i] = Math.imul((x << 7) | (x >>> 25), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = (s3 << 11) | (s3 >>> 21);
    }
    this.s0 = s0 >>> 0;
    this.s1 = s1 >>> 0;
    this.s2 = s2 >>> 0;
    this.s3 = s3 >>> 0;
    return out;
  }

  /** Uniform double in [0, 1) with 53 bits of randomness. */
  next(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /** Uniform double in [min, max). */
  uniform(min = 0, max = 1): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max) (max exclusive). */
  int(min: number, max: number): number {
    if (!(max > min)) throw new RangeError(`Rng.int: empty range [${min}, ${max})`);
    return min + Math.floor(this.next() * (max - min));
  }

  /** Bernoulli draw: true with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Standard normal N(0, 1) by the Marsaglia polar method. */
  normal(mean = 0, sd = 1): number {
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return mean + sd * z;
    }
    let u: number, v: number, s: number;
    do {
      u = 2 * this.next() - 1;
      v = 2 * this.next() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const m = Math.sqrt((-2 * Math.log(s)) / s);
    this.spareNormal = v * m;
    return mean + sd * u * m;
  }

  /** One element chosen uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError("Rng.pick: empty array");
    return items[this.int(0, items.length)]!;
  }

  /** Index drawn with probability proportional to weights (all >= 0, sum > 0). */
  weightedIndex(weights: ArrayLike<number>): number {
    let total = 0;
    for (let i = 0; i < weights.length; i++) total += weights[i]!;
    if (!(total > 0)) throw new RangeError("Rng.weightedIndex: weights must sum to > 0");
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i]!;
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** Fisher-Yates shuffle of a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(0, i + 1);
      const tmp = out[i]!;
      out[i] = out[j]!;
      out[j] = tmp;
    }
    return out;
  }

  /**
   * An independent stream derived from this generator's seed material and a
   * label; it does not advance this generator, so the order in which forks
   * are taken does not matter.
   */
  fork(label: string): Rng {
    return new Rng(`${this.s0}:${this.s1}:${this.s2}:${this.s3}|${label}`);
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

/** FNV-1a 32-bit hash of a string (UTF-16 code units). */
export function hashString32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A generator for a named purpose under a run seed: `deriveRng(7, "sentimental", "cand-3")`. */
export function deriveRng(seed: number, ...labels: Array<string | number>): Rng {
  return new Rng(`${seed}|${labels.join("|")}`);
}

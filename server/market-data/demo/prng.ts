/**
 * Small, fast, deterministic randomness for the demo generator. Same seed, same numbers, on every
 * platform (only 32-bit integer arithmetic feeds the uniforms).
 */

// Module-level aliases: global lookups are slow inside Jest's vm context, and these run per draw.
const imul = Math.imul;
const sqrt = Math.sqrt;
const ln = Math.log;

/** 32-bit hash of a string (FNV-1a followed by the murmur3 finaliser for good avalanche). */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: a uniform generator on [0, 1) from a 32-bit seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded random source with the few distributions the generator needs (mulberry32 inside). */
export class Rng {
  // Typed-array slots keep the uint32 state and the spare normal unboxed (no allocation per draw).
  private readonly state = new Uint32Array(1);
  private readonly spare = new Float64Array(1);
  private hasSpare = false;

  constructor(seed: number) {
    this.state[0] = seed >>> 0;
  }

  /** Uniform on [0, 1) (the same sequence as mulberry32(seed)). */
  next(): number {
    const a = (this.state[0] + 0x6d2b79f5) >>> 0;
    this.state[0] = a;
    let t = imul(a ^ (a >>> 15), a | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform on [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer uniform on [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor((max - min + 1) * this.next());
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Log-uniform on [min, max): multiplicative factors spread evenly around their geometric mean. */
  logUniform(min: number, max: number): number {
    return Math.exp(this.uniform(ln(min), ln(max)));
  }

  /** Standard normal (Marsaglia's polar method; the second value is kept for the next call). */
  normal(): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare[0];
    }
    let u = 0;
    let v = 0;
    let s = 0;
    do {
      u = 2 * this.next() - 1;
      v = 2 * this.next() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const f = sqrt((-2 * ln(s)) / s);
    this.spare[0] = v * f;
    this.hasSpare = true;
    return u * f;
  }
}

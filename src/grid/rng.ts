/**
 * Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna), seeded through splitmix32.
 * Every random choice in Tessera goes through this, so a seed reproduces a game on any machine.
 * The state is four 32-bit words and can be saved and restored (for example inside a game state).
 */
export type RngState = readonly [number, number, number, number];

export interface Rng {
  /** A uniformly distributed 32-bit unsigned integer. */
  nextUint32(): number;
  /** A float in [0, 1). */
  nextFloat(): number;
  /** An integer in [0, n). n must be a positive integer below 2^32. */
  nextInt(n: number): number;
  /** A uniformly chosen element; throws on an empty array (a bug, not a user error). */
  pick<T>(items: readonly T[]): T;
  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<T>(items: T[]): T[];
  /** The current state, to resume later with `rngFromState`. */
  state(): RngState;
}

/** A seed is a 32-bit integer or any string (hashed), such as a date for a daily board. */
export type Seed = number | string;

export function createRng(seed: Seed): Rng {
  let s = typeof seed === 'number' ? seed >>> 0 : hashString(seed);
  const next = (): number => {
    // splitmix32
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  return rngFromState([next(), next(), next(), next()]);
}

export function rngFromState(initial: RngState): Rng {
  let [a, b, c, d] = initial;
  if ((a | b | c | d) === 0) a = 1; // the all-zero state is a fixed point
  const nextUint32 = (): number => {
    const result = Math.imul(rotl(Math.imul(b, 5), 7), 9) >>> 0;
    const t = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= t;
    d = rotl(d, 11);
    return result;
  };
  const nextInt = (n: number): number => {
    if (!Number.isInteger(n) || n <= 0 || n > 0x100000000) {
      throw new RangeError(`nextInt needs a positive integer bound, got ${n}`);
    }
    // Rejection sampling removes modulo bias.
    const limit = 0x100000000 - (0x100000000 % n);
    for (;;) {
      const v = nextUint32();
      if (v < limit) return v % n;
    }
  };
  return {
    nextUint32,
    nextFloat: () => nextUint32() / 0x100000000,
    nextInt,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError('pick from an empty array');
      return items[nextInt(items.length)] as T;
    },
    shuffle<T>(items: T[]): T[] {
      for (let i = items.length - 1; i > 0; i--) {
        const j = nextInt(i + 1);
        const tmp = items[i] as T;
        items[i] = items[j] as T;
        items[j] = tmp;
      }
      return items;
    },
    state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0],
  };
}

/** FNV-1a over UTF-16 code units, then mixed; stable across platforms. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return h >>> 0;
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

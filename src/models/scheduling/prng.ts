/**
 * A small seeded pseudo-random generator (sfc32) for sample data: the same seed gives the same
 * sequence on every platform, and it never touches `Math.random`.
 */

/** A deterministic source of random numbers. */
export interface Rng {
  /** A uniform 32-bit unsigned integer. */
  uint32(): number;
  /** A uniform float in [0, 1). */
  float(): number;
  /** A uniform integer in [min, max] (both included). */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A uniform element of a non-empty array. */
  pick<T>(items: readonly [T, ...T[]]): T;
}

const TWO_POW_32 = 4294967296;

/**
 * An sfc32 generator seeded from one integer (mixed with splitmix32 so nearby seeds give
 * unrelated sequences).
 *
 * @example
 * ```ts
 * const rng = createRng(42);
 * rng.int(1, 6); // the same die roll on every run
 * ```
 */
export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();

  const uint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  // Let the state mix before the first output.
  for (let i = 0; i < 12; i++) uint32();

  const float = (): number => uint32() / TWO_POW_32;
  return {
    uint32,
    float,
    int: (min, max) => min + Math.floor(float() * (max - min + 1)),
    chance: (p) => float() < p,
    pick: <T>(items: readonly [T, ...T[]]): T => items[Math.floor(float() * items.length)] as T,
  };
}

import { createHash } from 'node:crypto';

/**
 * A reproducible random stream (xoshiro128**), seeded from SHA-256 of `seed/stream`: each fixture and league draws
 * from its own stream, so what one match does never depends on how many draws another made.
 */
export type SeededRandom = {
  /** Uniform in [0, 1). */
  next(): number;
  between(min: number, max: number): number;
  chance(probability: number): boolean;
  /** A wait until the next arrival of a Poisson process with `ratePerMs` arrivals per ms. */
  exponential(ratePerMs: number): number;
};

const rotateLeft = (value: number, bits: number): number => (value << bits) | (value >>> (32 - bits));

export const createSeededRandom = (seed: string | number, stream: string): SeededRandom => {
  const digest = createHash('sha256')
    .update(`${String(seed)}/${stream}`)
    .digest();
  let [a, b, c, d] = [0, 4, 8, 12].map((offset) => digest.readUInt32LE(offset)) as [
    number,
    number,
    number,
    number,
  ];
  const next = (): number => {
    const result = Math.imul(rotateLeft(Math.imul(b, 5), 7), 9) >>> 0;
    const shifted = b << 9;
    c ^= a;
    d ^= b;
    b ^= c;
    a ^= d;
    c ^= shifted;
    d = rotateLeft(d, 11);
    return result / 2 ** 32;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    chance: (probability) => next() < probability,
    exponential: (ratePerMs) => -Math.log(1 - next()) / ratePerMs,
  };
};

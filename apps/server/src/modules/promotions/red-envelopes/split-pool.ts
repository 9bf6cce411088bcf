import { randomBytes } from 'node:crypto';

/** A uniform bigint in [0, bound), from the operating system's CSPRNG. */
export type RandomBelow = (bound: bigint) => bigint;

/** Rejection sampling over whole bytes: every value below the bound is exactly as likely. */
export const cryptoRandomBelow: RandomBelow = (bound) => {
  if (bound <= 0n) throw new RangeError('The bound of a random value is positive');
  const bytes = Math.max(1, Math.ceil(bound.toString(16).length / 2));
  const range = 1n << BigInt(bytes * 8);
  const limit = range - (range % bound);
  for (;;) {
    const value = BigInt(`0x${randomBytes(bytes).toString('hex')}`);
    if (value < limit) return value % bound;
  }
};

/**
 * Splits `pool` into `packets` random packets of at least `minPacket` that sum to exactly the pool: every
 * packet gets the minimum, and what is left over is cut at `packets - 1` uniform random points, so each way
 * of sharing it is about equally likely and no packet is favoured by its position.
 */
export const splitPool = (
  pool: bigint,
  packets: number,
  minPacket: bigint,
  random: RandomBelow = cryptoRandomBelow,
): bigint[] => {
  if (!Number.isInteger(packets) || packets < 1)
    throw new RangeError('A red envelope has at least one packet');
  if (minPacket < 1n) throw new RangeError('A packet is at least one minor unit');
  const extra = pool - minPacket * BigInt(packets);
  if (extra < 0n) throw new RangeError('The pool is smaller than the packets at their minimum');
  const cuts = Array.from({ length: packets - 1 }, () => random(extra + 1n)).sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const bounds = [0n, ...cuts, extra];
  return Array.from({ length: packets }, (_, i) => minPacket + (bounds[i + 1] ?? 0n) - (bounds[i] ?? 0n));
};

import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Provable fairness for every house result. Before play the server publishes sha256(serverSeed); a result
 * is drawn from HMAC-SHA256 keyed by the server seed over `clientSeed:nonce:block`, read as a stream of
 * 32-bit words; once the seed is retired it is revealed, and anyone can recompute every result from the
 * revealed seed, the client seed and the nonce. Seeds come from the operating system's CSPRNG.
 */
export type FairSeeds = { serverSeed: string; clientSeed: string; nonce: number };

export const createServerSeed = (): string => randomBytes(32).toString('hex');

/** A client seed for players who do not choose their own; they may change it at any time. */
export const createClientSeed = (): string => randomBytes(12).toString('hex');

/** The commitment published before the seed is used. */
export const hashServerSeed = (serverSeed: string): string =>
  createHash('sha256').update(serverSeed).digest('hex');

const wordsPerBlock = 8;

/** An endless stream of unsigned 32-bit words for one (server seed, client seed, nonce). */
function* fairWords({ serverSeed, clientSeed, nonce }: FairSeeds): Generator<number, never> {
  for (let block = 0; ; block += 1) {
    const digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${block}`).digest();
    for (let word = 0; word < wordsPerBlock; word += 1) yield digest.readUInt32BE(word * 4);
  }
}

const wordRange = 2 ** 32;

/**
 * One uniform integer in [0, bound) per bound, in order. Rejection sampling (words at or above the largest
 * multiple of the bound are skipped) keeps every outcome exactly equally likely, which `word % bound`
 * alone would not.
 */
export const drawFairIntegers = (seeds: FairSeeds, bounds: readonly number[]): number[] => {
  const words = fairWords(seeds);
  return bounds.map((bound) => {
    if (!Number.isInteger(bound) || bound < 1 || bound > wordRange) {
      throw new RangeError(`bound ${String(bound)} is not an integer between 1 and 2^32`);
    }
    const limit = wordRange - (wordRange % bound);
    for (;;) {
      const word = words.next().value;
      if (word < limit) return word % bound;
    }
  });
};

/** Draws uniform integers one at a time from the same stream as `drawFairIntegers`. */
export type FairIntegerStream = (bound: number) => number;

/**
 * The stream of `drawFairIntegers` read one bound at a time, for results whose length is only known while
 * they are drawn (a slot's free spins). `stream(b1), stream(b2), …` equals `drawFairIntegers(seeds, [b1, b2, …])`.
 */
export const createFairIntegerStream = (seeds: FairSeeds): FairIntegerStream => {
  const words = fairWords(seeds);
  return (bound) => {
    if (!Number.isInteger(bound) || bound < 1 || bound > wordRange) {
      throw new RangeError(`bound ${String(bound)} is not an integer between 1 and 2^32`);
    }
    const limit = wordRange - (wordRange % bound);
    for (;;) {
      const word = words.next().value;
      if (word < limit) return word % bound;
    }
  };
};

import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createServerSeed, drawFairIntegers, hashServerSeed } from './fairness';

const seeds = { serverSeed: 'server-seed', clientSeed: 'client-seed', nonce: 7 };

describe('fair integers', () => {
  it('are the HMAC-SHA256 words of clientSeed:nonce:block reduced by their bound', () => {
    const digest = createHmac('sha256', 'server-seed').update('client-seed:7:0').digest();
    const [first, second] = drawFairIntegers(seeds, [1000, 2 ** 32]);
    expect(second).toBe(digest.readUInt32BE(4));
    expect(first).toBe(digest.readUInt32BE(0) % 1000);
  });

  it('are reproducible from the seeds and change with the nonce or the client seed', () => {
    const bounds = Array.from({ length: 20 }, () => 37);
    expect(drawFairIntegers(seeds, bounds)).toEqual(drawFairIntegers(seeds, bounds));
    expect(drawFairIntegers({ ...seeds, nonce: 8 }, bounds)).not.toEqual(drawFairIntegers(seeds, bounds));
    expect(drawFairIntegers({ ...seeds, clientSeed: 'other' }, bounds)).not.toEqual(
      drawFairIntegers(seeds, bounds),
    );
  });

  it('skip a word that would bias the result and read past the first block', () => {
    // A bound just over half the word range rejects about half the words, so 40 draws need many blocks.
    const bound = 2 ** 31 + 1;
    const values = drawFairIntegers(
      seeds,
      Array.from({ length: 40 }, () => bound),
    );
    expect(values.every((value) => value >= 0 && value < bound)).toBe(true);
  });

  it('refuse a bound that is not a positive integer', () => {
    expect(() => drawFairIntegers(seeds, [0])).toThrow(RangeError);
    expect(() => drawFairIntegers(seeds, [2.5])).toThrow(RangeError);
  });
});

describe('server seeds', () => {
  it('are 32 random bytes whose published commitment is their SHA-256', () => {
    const seed = createServerSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(createServerSeed()).not.toBe(seed);
    expect(hashServerSeed(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
  });
});

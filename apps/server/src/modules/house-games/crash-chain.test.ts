import { createHash } from 'node:crypto';
import {
  crashHashSpace,
  crashPointFromBits,
  elapsedToReach,
  formatMultiplier,
  maxCrashHundredths,
  multiplierAt,
  parseMultiplier,
  payoutOf,
} from '@wps/contracts/crash';
import { describe, expect, it } from 'vitest';
import {
  buildHashChain,
  crashDigestOf,
  crashPointOf,
  hashIndexOfRound,
  linksTo,
  sha256Hex,
} from './crash-chain';

/** Expected values below were computed independently (Python's hashlib and hmac, integer arithmetic). */
describe('crash point formula', () => {
  const E = crashHashSpace;

  it('gives the worked examples', () => {
    expect(crashPointFromBits(0n, 100)).toBe(100n); // 0.99 → at least 1.00
    expect(crashPointFromBits(E / 2n, 100)).toBe(198n); // 0.99 · 2
    expect(crashPointFromBits(E / 2n, 0)).toBe(200n); // no edge: exactly 2.00
    expect(crashPointFromBits(E - 1n, 100)).toBe(maxCrashHundredths); // capped at 1,000,000.00
  });

  it('crashes at 2.00 or more for exactly 49.5% of the 2^52 values (1% edge at target 2.00)', () => {
    const threshold = 2_274_317_811_822_101n; // ceil(0.505 · 2^52)
    expect(crashPointFromBits(threshold, 100)).toBe(200n);
    expect(crashPointFromBits(threshold - 1n, 100)).toBe(199n);
    // P(crash ≥ 2) = (2^52 − threshold) / 2^52 ≈ 0.495 = 0.99 / 2
    expect(Number(E - threshold) / Number(E)).toBeCloseTo(0.495, 12);
  });

  it('turns a round hash into its crash point through the salted HMAC', () => {
    const hash = createHash('sha256').update('wps crash worked example').digest('hex');
    expect(hash).toBe('fbf0dd35be00beb05878b9d8938d7b95d4aa7621ef1a63570ab88c28d07896ea');
    expect(crashDigestOf(hash, 'wps-crash-v1')).toBe(
      'b06c1d6c1219a10d37dc0879e85bd7c95568deecfc3407cf7a390b49d86a37db',
    );
    expect(crashPointOf(hash, 'wps-crash-v1', 100)).toBe(318n);
  });

  it('refuses bits outside 52 bits and impossible edges', () => {
    expect(() => crashPointFromBits(E, 100)).toThrow(RangeError);
    expect(() => crashPointFromBits(-1n, 100)).toThrow(RangeError);
    expect(() => crashPointFromBits(0n, 10_000)).toThrow(RangeError);
  });
});

describe('multiplier schedule', () => {
  it('grows as e^(0.00006 t) and is reached at the first whole millisecond', () => {
    expect(multiplierAt(0)).toBe(100);
    expect(elapsedToReach(100n)).toBe(0);
    expect(elapsedToReach(101n)).toBe(166);
    expect(elapsedToReach(200n)).toBe(11_553);
    expect(multiplierAt(11_552)).toBe(199);
    expect(elapsedToReach(1_000n)).toBe(38_377);
    for (const target of [101, 150, 333, 12_345, 1_000_000]) {
      const at = elapsedToReach(target);
      expect(multiplierAt(at)).toBeGreaterThanOrEqual(target);
      expect(multiplierAt(at - 1)).toBeLessThan(target);
    }
  });

  it('formats, parses and pays in hundredths, rounding payouts down', () => {
    expect(formatMultiplier(235n)).toBe('2.35');
    expect(formatMultiplier(100)).toBe('1.00');
    expect(parseMultiplier('2')).toBe(200n);
    expect(parseMultiplier('2.5')).toBe(250n);
    expect(parseMultiplier('2.345')).toBeNull();
    expect(parseMultiplier('-1')).toBeNull();
    expect(payoutOf(333n, 150n)).toBe(499n);
  });
});

describe('hash chain', () => {
  const seed = createHash('sha256').update('seed').digest('hex');

  it('is SHA-256 over the bytes of the hash before, with the last hash as commitment', async () => {
    const chain = await buildHashChain(seed, 5);
    expect(chain.commitment).toBe('e598db40125b32a858a68153b0e6291f26b13abf4169dbaa753d382ea3aa1eb3');
    expect(chain.hashAt(0)).toBe(seed);
    expect(chain.hashAt(5)).toBe(chain.commitment);
    // Rounds 1…5 consume the chain backwards; their crash points, computed independently.
    const points = [1, 2, 3, 4, 5].map((round) =>
      crashPointOf(chain.hashAt(hashIndexOfRound(5, round)), 'wps-crash-v1', 100),
    );
    expect(points).toEqual([326n, 1445n, 256n, 1055n, 176n]);
    expect(chain.hashAt(hashIndexOfRound(5, 1)).slice(0, 16)).toBe('1ead088e64aee649');
  });

  it('lets anyone link every revealed round hash to the one before it, across checkpoints', async () => {
    const chain = await buildHashChain(seed, 1_200);
    let previous = chain.commitment;
    for (let round = 1; round <= 1_200; round += 1) {
      const hash = chain.hashAt(hashIndexOfRound(1_200, round));
      expect(linksTo(hash, previous)).toBe(true);
      previous = hash;
    }
    expect(previous).toBe(seed);
    expect(linksTo(chain.hashAt(10), chain.hashAt(12))).toBe(false);
    expect(linksTo('not hex', sha256Hex(seed))).toBe(false);
    expect(() => chain.hashAt(1_201)).toThrow(RangeError);
  });
});

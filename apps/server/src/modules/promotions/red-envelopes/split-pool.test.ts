import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cryptoRandomBelow, splitPool } from './split-pool';

describe('splitPool', () => {
  it('sums to the pool exactly and gives every packet at least the minimum', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        (packets, minPacket, extra) => {
          const pool = minPacket * BigInt(packets) + extra;
          const split = splitPool(pool, packets, minPacket);
          expect(split).toHaveLength(packets);
          expect(split.reduce((sum, packet) => sum + packet, 0n)).toBe(pool);
          for (const packet of split) expect(packet >= minPacket).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a pool smaller than the packets at their minimum', () => {
    expect(() => splitPool(9n, 10, 1n)).toThrow(RangeError);
  });

  it('draws packets that differ (the leftover is shared at random, not evenly)', () => {
    const split = splitPool(1_000_000n, 10, 1n);
    expect(new Set(split.map(String)).size).toBeGreaterThan(1);
  });

  it('draws random values below the bound, reaching both ends', () => {
    const seen = new Set<bigint>();
    for (let i = 0; i < 500; i += 1) {
      const value = cryptoRandomBelow(3n);
      expect(value >= 0n && value < 3n).toBe(true);
      seen.add(value);
    }
    expect(seen.size).toBe(3);
  });
});

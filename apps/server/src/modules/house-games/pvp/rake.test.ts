import { describe, expect, it } from 'vitest';
import { createFairIntegerStream } from '../fairness';
import { rakePots } from './rake';
import type { Pot } from './side-pots';

const pots = (...amounts: bigint[]): Pot[] => amounts.map((amount, index) => ({ amount, eligible: [index] }));
const fivePercent = { basisPoints: 500, cap: 300n };

describe('the rake', () => {
  it('takes the percentage of a pot, floored to the minor unit', () => {
    expect(rakePots(pots(1_000n), fivePercent, true)).toEqual({
      pots: [{ amount: 950n, eligible: [0] }],
      rakes: [50n],
      total: 50n,
    });
    expect(rakePots(pots(999n), fivePercent, true).rakes).toEqual([49n]);
    expect(rakePots(pots(19n), fivePercent, true).rakes).toEqual([0n]);
    expect(rakePots(pots(2_500n), { basisPoints: 250, cap: 1_000n }, true).rakes).toEqual([62n]);
  });

  it('rakes each pot on its own, main pot and side pots', () => {
    // 5 % of 1 000, 600 and 39: 50, 30, 1 (1.95 floored); under the cap.
    const raked = rakePots(pots(1_000n, 600n, 39n), fivePercent, true);
    expect(raked.rakes).toEqual([50n, 30n, 1n]);
    expect(raked.pots.map((pot) => pot.amount)).toEqual([950n, 570n, 38n]);
    expect(raked.pots.map((pot) => pot.eligible)).toEqual([[0], [1], [2]]);
  });

  it('caps the whole hand, not each pot, and shares the cap in proportion to the pots', () => {
    // 5 % would be 500 + 300 + 100 = 900; the cap of 300 is shared 10 : 6 : 2 → 166.67, 100, 33.33, floored
    // to 166, 100, 33, and the missing unit comes from the main pot.
    const raked = rakePots(pots(10_000n, 6_000n, 2_000n), fivePercent, true);
    expect(raked.rakes).toEqual([167n, 100n, 33n]);
    expect(raked.total).toBe(300n);
    // Exactly at the cap: nothing to share.
    expect(rakePots(pots(6_000n), fivePercent, true).rakes).toEqual([300n]);
    expect(rakePots(pots(6_020n), fivePercent, true).rakes).toEqual([300n]);
  });

  it('hands the units the shares miss to the pots in order, main pot first', () => {
    // Cap 10 over three equal pots of 1 000 at 5 %: 3.33 each → 3, 3, 3 and one unit from the main pot.
    expect(rakePots(pots(1_000n, 1_000n, 1_000n), { basisPoints: 500, cap: 10n }, true).rakes).toEqual([
      4n,
      3n,
      3n,
    ]);
    // Cap 11: two units missing, one from each of the first two pots.
    expect(rakePots(pots(1_000n, 1_000n, 1_000n), { basisPoints: 500, cap: 11n }, true).rakes).toEqual([
      4n,
      4n,
      3n,
    ]);
  });

  it('takes nothing when the hand ends before the flop (no flop, no drop)', () => {
    expect(rakePots(pots(1_000n, 400n), fivePercent, false)).toEqual({
      pots: pots(1_000n, 400n),
      rakes: [0n, 0n],
      total: 0n,
    });
  });

  it('takes nothing with a zero rate or a zero cap', () => {
    expect(rakePots(pots(1_000n), { basisPoints: 0, cap: 300n }, true).total).toBe(0n);
    expect(rakePots(pots(1_000n), { basisPoints: 500, cap: 0n }, true).total).toBe(0n);
  });

  it('refuses a rate outside 0 … 10 000 basis points, a negative cap or a negative pot', () => {
    for (const basisPoints of [-1, 10_001, 2.5]) {
      expect(() => rakePots(pots(1n), { basisPoints, cap: 1n }, true)).toThrow(RangeError);
    }
    expect(() => rakePots(pots(1n), { basisPoints: 500, cap: -1n }, true)).toThrow(RangeError);
    expect(() => rakePots(pots(-1n), fivePercent, true)).toThrow(RangeError);
  });

  it('never takes more than the cap, the percentage or a pot (random hands)', () => {
    const next = createFairIntegerStream({ serverSeed: 'rake', clientSeed: 'property', nonce: 0 });
    for (let hand = 0; hand < 3_000; hand += 1) {
      const amounts = Array.from({ length: 1 + next(5) }, () => BigInt(1 + next(50_000)));
      const rules = { basisPoints: next(1_001), cap: BigInt(next(2_000)) };
      const raked = rakePots(pots(...amounts), rules, true);
      const uncapped = amounts.map((amount) => (amount * BigInt(rules.basisPoints)) / 10_000n);
      const uncappedTotal = uncapped.reduce((sum, rake) => sum + rake, 0n);
      expect(raked.total).toBe(uncappedTotal < rules.cap ? uncappedTotal : rules.cap);
      raked.rakes.forEach((rake, index) => {
        expect(rake).toBeGreaterThanOrEqual(0n);
        expect(rake).toBeLessThanOrEqual(amounts[index] ?? 0n);
        expect((raked.pots[index]?.amount ?? 0n) + rake).toBe(amounts[index]);
      });
    }
  });
});

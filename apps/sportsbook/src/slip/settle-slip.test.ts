import { describe, expect, it } from 'vitest';
import { potentialReturn, settleSlip, type LegState } from './settle-slip';
import type { Slip, SlipKind } from './slip-kinds';

// Amounts are in minor units: 1000n is 10.00.
const slipOf = (kind: SlipKind, odds: number[], stakePerLine: bigint): Slip => ({
  kind,
  legs: odds.map((price, index) => ({ fixtureId: `fixture-${index}`, odds: price })),
  stakePerLine,
});
const single = (odds: number, stake = 1000n) => slipOf({ type: 'single' }, [odds], stake);
const accumulator = (odds: number[], stake = 1000n) => slipOf({ type: 'accumulator' }, odds, stake);

describe('settleSlip: singles', () => {
  it.each<[LegState, number, bigint, bigint, string]>([
    ['win', 1950, 1000n, 1950n, 'won'], // 1000 × 1.95
    ['lose', 1950, 1000n, 0n, 'lost'],
    ['push', 1950, 1000n, 1000n, 'void'], // stake back
    ['void', 1950, 1000n, 1000n, 'void'],
    ['half_win', 1900, 1000n, 1450n, 'won'], // 1000 × (1 + 1.9) / 2
    ['half_lose', 1900, 1001n, 500n, 'partly_lost'], // 1001 / 2 = 500.5 → 500
  ])('%s at %i on %i returns %i (%s)', (state, odds, stake, expectedReturn, expectedStatus) => {
    expect(settleSlip(single(odds, stake), [state])).toEqual({
      status: expectedStatus,
      totalReturn: expectedReturn,
      lineReturns: [expectedReturn],
      isCapped: false,
    });
  });
});

describe('settleSlip: accumulators', () => {
  it('recalculates without a void leg', () => {
    // 1000 × 1.95 × 2.10 (× 1 for the void 1.50) = 1000 × 4.095 = 4095
    expect(settleSlip(accumulator([1950, 2100, 1500]), ['win', 'win', 'void'])).toMatchObject({
      status: 'won',
      totalReturn: 4095n,
    });
  });

  it('pays a half-won leg at the average of its odds and evens', () => {
    // 1000 × (1 + 1.9) / 2 × 2.0 = 1000 × 1.45 × 2 = 2900
    expect(settleSlip(accumulator([1900, 2000]), ['half_win', 'win'])).toMatchObject({ totalReturn: 2900n });
  });

  it('halves the stake on a half-lost leg', () => {
    // 1000 × 0.5 × 2.0 = 1000: the stake back, but not a void
    expect(settleSlip(accumulator([1900, 2000]), ['half_lose', 'win'])).toMatchObject({
      status: 'partly_lost',
      totalReturn: 1000n,
    });
  });

  it('floors the exact return to the minor unit', () => {
    // 1000 × 1.333 × 1.333 = 1000 × 1.776889 = 1776.889 → 1776
    expect(settleSlip(accumulator([1333, 1333]), ['win', 'win'])).toMatchObject({ totalReturn: 1776n });
  });

  it('returns the stake when every leg is void or pushed', () => {
    expect(settleSlip(accumulator([1950, 2100]), ['void', 'push'])).toEqual({
      status: 'void',
      totalReturn: 1000n,
      lineReturns: [1000n],
      isCapped: false,
    });
  });

  it('waits for open legs, but loses at once on a lost leg', () => {
    expect(settleSlip(accumulator([1950, 2100]), ['win', 'pending'])).toEqual({ status: 'pending' });
    expect(settleSlip(accumulator([1950, 2100]), ['half_lose', 'pending'])).toEqual({ status: 'pending' });
    expect(settleSlip(accumulator([1950, 2100]), ['lose', 'pending'])).toEqual({
      status: 'lost',
      totalReturn: 0n,
      lineReturns: [0n],
      isCapped: false,
    });
  });

  it('refuses a count of outcomes that does not match the legs', () => {
    expect(() => settleSlip(accumulator([1950, 2100]), ['win'])).toThrow(/2 legs but 1 outcomes/);
  });
});

describe('settleSlip: systems', () => {
  it('settles a Trixie with one leg lost', () => {
    // Legs A 2.0 win, B 3.0 win, C 1.5 lose; 100 a line, 4 lines = 400 staked.
    // AB = 100 × 2 × 3 = 600; AC, BC and ABC hold C: 0. Total 600.
    const trixie = slipOf({ type: 'named_system', name: 'trixie' }, [2000, 3000, 1500], 100n);
    expect(settleSlip(trixie, ['win', 'win', 'lose'])).toEqual({
      status: 'won',
      totalReturn: 600n,
      lineReturns: [600n, 0n, 0n, 0n],
      isCapped: false,
    });
  });

  it('settles a Yankee with one void leg', () => {
    // Legs A 2.0, B 1.5, C 3.0 win, D void (× 1); 100 a line, 11 lines = 1100 staked.
    const yankee = slipOf({ type: 'named_system', name: 'yankee' }, [2000, 1500, 3000, 4000], 100n);
    expect(settleSlip(yankee, ['win', 'win', 'win', 'void'])).toEqual({
      status: 'won',
      totalReturn: 5150n, // the sum of the lines below
      lineReturns: [
        300n, // AB = 100 × 2 × 1.5
        600n, // AC = 100 × 2 × 3
        200n, // AD = 100 × 2 × 1
        450n, // BC = 100 × 1.5 × 3
        150n, // BD = 100 × 1.5
        300n, // CD = 100 × 3
        900n, // ABC = 100 × 2 × 1.5 × 3
        300n, // ABD = 100 × 2 × 1.5
        600n, // ACD = 100 × 2 × 3
        450n, // BCD = 100 × 1.5 × 3
        900n, // ABCD = 100 × 2 × 1.5 × 3
      ],
      isCapped: false,
    });
  });

  it('settles a 2/3 with one leg lost', () => {
    // Legs A 1.8 win, B 2.5 lose, C 2.2 win; 500 a line, 3 lines = 1500 staked.
    // AB = 0; AC = 500 × 1.8 × 2.2 = 500 × 3.96 = 1980; BC = 0.
    const twoFromThree = slipOf({ type: 'system', legs: 3, sizes: [2] }, [1800, 2500, 2200], 500n);
    expect(settleSlip(twoFromThree, ['win', 'lose', 'win'])).toEqual({
      status: 'won',
      totalReturn: 1980n,
      lineReturns: [0n, 1980n, 0n],
      isCapped: false,
    });
  });

  it('returns less than the stake when only a cheap line comes in', () => {
    // 2/3 with A 1.2 win, B 1.3 win, C lose; 500 a line = 1500 staked: AB = 500 × 1.2 × 1.3 = 780 only.
    const twoFromThree = slipOf({ type: 'system', legs: 3, sizes: [2] }, [1200, 1300, 2200], 500n);
    expect(settleSlip(twoFromThree, ['win', 'win', 'lose'])).toMatchObject({
      status: 'partly_lost',
      totalReturn: 780n,
    });
  });

  it('settles a system once every line is decided, while a leg is still open', () => {
    const trixie = slipOf({ type: 'named_system', name: 'trixie' }, [2000, 3000, 1500], 100n);
    // A and B lost: AB, AC, BC and ABC each hold one of them.
    expect(settleSlip(trixie, ['lose', 'lose', 'pending'])).toMatchObject({
      status: 'lost',
      totalReturn: 0n,
    });
    // A lost, C won: BC is still open.
    expect(settleSlip(trixie, ['lose', 'pending', 'win'])).toEqual({ status: 'pending' });
  });
});

describe('the payout cap', () => {
  it('limits the return of a settled slip', () => {
    // 1000 × 5.0 = 5000, capped at 4000
    expect(settleSlip(single(5000), ['win'], 4000n)).toEqual({
      status: 'won',
      totalReturn: 4000n,
      lineReturns: [5000n],
      isCapped: true,
    });
    expect(settleSlip(single(5000), ['win'], 5000n)).toMatchObject({ totalReturn: 5000n, isCapped: false });
  });

  it('caps the whole slip, not each line', () => {
    // Trixie A 2.0, B 3.0, C 1.5 all win, 100 a line: AB 600 + AC 300 + BC 450 + ABC 900 = 2250, capped at 2000
    const trixie = slipOf({ type: 'named_system', name: 'trixie' }, [2000, 3000, 1500], 100n);
    expect(settleSlip(trixie, ['win', 'win', 'win'], 2000n)).toMatchObject({
      totalReturn: 2000n,
      isCapped: true,
    });
  });
});

describe('potentialReturn', () => {
  it('pays every line as if every leg won, floored and capped', () => {
    // 1000 × 1.95 × 2.10 = 4095
    expect(potentialReturn(accumulator([1950, 2100]))).toBe(4095n);
    expect(potentialReturn(accumulator([1950, 2100]), 3000n)).toBe(3000n);
    // Trixie above: 600 + 300 + 450 + 900 = 2250
    expect(potentialReturn(slipOf({ type: 'named_system', name: 'trixie' }, [2000, 3000, 1500], 100n))).toBe(
      2250n,
    );
    // 333 × 1.333 = 443.889 → 443
    expect(potentialReturn(single(1333, 333n))).toBe(443n);
  });
});

import { describe, expect, it } from 'vitest';
import { applyRatio, combineOdds, formatCombinedOdds, legFactor, lineReturn } from './odds-math';

describe('combineOdds and formatCombinedOdds', () => {
  it('multiplies exactly in milli^n units', () => {
    expect(combineOdds([1950, 2100])).toBe(4_095_000n); // 1950 × 2100
    expect(combineOdds([1500])).toBe(1500n);
  });

  it.each<[number[], string]>([
    [[1950, 2100], '4.095'], // 4.095000
    [[1950], '1.95'], // 1.950
    [[2000], '2.00'], // at least two decimals
    [[2000, 2000], '4.00'], // 4.000000
    [[1500, 1500], '2.25'], // 2.250000
    [[1333, 1333], '1.776889'], // 1333 × 1333 = 1776889 → 1.776889
    [[1001, 1001, 1001], '1.003003001'], // 1.001³
    [[10_000, 10_000, 10_000, 10_000], '10000.00'], // 10⁴
  ])('%j is %s', (odds, expected) => {
    expect(formatCombinedOdds(odds)).toBe(expected);
  });

  it('refuses odds that are not whole thousandths above 1.000, and no legs', () => {
    expect(() => combineOdds([1000])).toThrow(/above 1.000/);
    expect(() => combineOdds([1950.5])).toThrow(/whole thousandths/);
    expect(() => combineOdds([])).toThrow(/at least one leg/);
  });
});

describe('legFactor', () => {
  it.each([
    ['win', { numerator: 1900n, denominator: 1000n }], // odds
    ['lose', { numerator: 0n, denominator: 1n }],
    ['push', { numerator: 1n, denominator: 1n }],
    ['void', { numerator: 1n, denominator: 1n }],
    ['half_win', { numerator: 2900n, denominator: 2000n }], // (1 + 1.9) / 2 = 1.45
    ['half_lose', { numerator: 1n, denominator: 2n }],
  ] as const)('%s at 1.900 is %o', (outcome, expected) => {
    expect(legFactor({ outcome, odds: 1900 })).toEqual(expected);
  });
});

describe('lineReturn', () => {
  it('floors the exact product to the minor unit', () => {
    // 1000 × 1.333 × 1.333 = 1000 × 1.776889 = 1776.889 → 1776
    expect(
      lineReturn(1000n, [
        { outcome: 'win', odds: 1333 },
        { outcome: 'win', odds: 1333 },
      ]),
    ).toBe(1776n);
    // 1001 × (1 + 1.9) / 2 = 1451.45 → 1451
    expect(lineReturn(1001n, [{ outcome: 'half_win', odds: 1900 }])).toBe(1451n);
  });

  it('refuses a negative amount', () => {
    expect(() => applyRatio(-1n, { numerator: 1n, denominator: 1n })).toThrow(RangeError);
  });
});

import { describe, expect, it } from 'vitest';
import { earningSourceOf, scaleRate, settleUnits, unitsPerPoint } from './earning-rules';

describe('points earning rules', () => {
  it('reads rates to 8 decimals and anything else as earning nothing', () => {
    expect(scaleRate('1')).toBe(100_000_000n);
    expect(scaleRate('0.25')).toBe(25_000_000n);
    expect(scaleRate('1.123456789')).toBe(112_345_678n);
    expect(scaleRate('-1')).toBe(0n);
    expect(scaleRate('abc')).toBe(0n);
    expect(scaleRate(undefined)).toBe(0n);
  });

  it('posts whole points and carries the fraction, so splitting play changes nothing', () => {
    const unit = unitsPerPoint(2);
    // 0.33 USD at 1 point per USD, three times, then 0.01: one point in all, nothing left over.
    let remainder = 0n;
    let points = 0n;
    for (const cents of [33n, 33n, 33n, 1n]) {
      const settled = settleUnits(remainder, cents * scaleRate('1'), unit, 0n);
      points += settled.points;
      remainder = settled.remainder;
    }
    expect({ points, remainder }).toEqual({ points: 1n, remainder: 0n });
    expect(settleUnits(0n, 1_000n * scaleRate('0.75'), unit, 0n)).toEqual({
      points: 7n,
      remainder: unit / 2n,
    });
  });

  it('takes back refunds rounded up, never more than is held, forgiving the rest', () => {
    const unit = unitsPerPoint(2);
    expect(settleUnits(unit / 2n, -2n * unit, unit, 10n)).toEqual({ points: -2n, remainder: unit / 2n });
    expect(settleUnits(0n, -8n * unit, unit, 2n)).toEqual({ points: -2n, remainder: 0n });
    expect(settleUnits(0n, -8n * unit, unit, 0n)).toEqual({ points: 0n, remainder: 0n });
  });

  it('groups product lines into the spec game types', () => {
    expect(['RNG', 'FISH', 'LIVE', 'SPORTS', 'PVP', 'LOTT', 'ELOTT', null].map(earningSourceOf)).toEqual([
      'slots',
      'slots',
      'live',
      'sports',
      'pvp',
      'lottery',
      'lottery',
      'slots',
    ]);
  });
});

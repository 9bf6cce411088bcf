import { describe, expect, it } from 'vitest';
import { applyMargin, priceWithMargin, toMilliOdds } from './margin';

const overround = (odds: number[]): number => odds.reduce((sum, price) => sum + 1000 / price, 0);

describe('margin', () => {
  it('raises the probabilities to the stated overround, long shots more than favourites (power method)', () => {
    const fair = [0.5, 0.3, 0.2];
    const priced = applyMargin(fair, 500);
    expect(priced.reduce((sum, probability) => sum + probability, 0)).toBeCloseTo(1.05, 9);
    const loading = priced.map((probability, index) => probability / (fair[index] ?? 1));
    expect(loading[2]).toBeGreaterThan(loading[1] ?? 0);
    expect(loading[1]).toBeGreaterThan(loading[0] ?? 0);
    const [first, second] = applyMargin([0.5, 0.5], 0);
    expect(first).toBeCloseTo(0.5, 9);
    expect(second).toBeCloseTo(0.5, 9);
  });

  it('quotes odds at the stated overround, never above it by more than the ladder floors add', () => {
    for (const fair of [
      [0.5, 0.5],
      [0.45, 0.28, 0.27],
      [0.7, 0.3],
      [0.1, 0.2, 0.3, 0.4],
    ]) {
      const odds = priceWithMargin(fair, 500);
      expect(overround(odds)).toBeGreaterThanOrEqual(1.05);
      expect(overround(odds)).toBeLessThan(1.065);
    }
    expect(priceWithMargin([0.5, 0.5], 500)).toEqual([1900, 1900]);
  });

  it('floors odds to a tidy step between 1.01 and 1000', () => {
    expect(toMilliOdds(1 / 1.9237)).toBe(1920);
    expect(toMilliOdds(1 / 2.579)).toBe(2560);
    expect(toMilliOdds(1 / 3.333)).toBe(3300);
    expect(toMilliOdds(1 / 22.7)).toBe(22000);
    expect(toMilliOdds(0.999)).toBe(1010);
    expect(toMilliOdds(1e-7)).toBe(1_000_000);
  });
});

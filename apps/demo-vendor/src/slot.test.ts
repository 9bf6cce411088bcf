import { describe, expect, it } from 'vitest';
import { outcomeOf, payTable, paylines, reelStrips, spin, symbols } from './slot';

describe('the demo slot', () => {
  it('has the same symbol counts on every reel: 7 cherries, 5 lemons, 4 bells, 2 stars, a seven, a lotus', () => {
    for (const strip of reelStrips) {
      const counts = Object.fromEntries(
        symbols.map((symbol) => [symbol, strip.filter((s) => s === symbol).length]),
      );
      expect(counts).toEqual({ cherry: 7, lemon: 5, bell: 4, star: 2, seven: 1, lotus: 1 });
    }
  });

  it('returns about 95 % to the player, counted over every combination of stops', () => {
    const [first, second, third] = reelStrips.map((strip) => strip.length);
    let paid = 0n;
    let hits = 0;
    for (let a = 0; a < (first ?? 0); a += 1) {
      for (let b = 0; b < (second ?? 0); b += 1) {
        for (let c = 0; c < (third ?? 0); c += 1) {
          const outcome = outcomeOf([a, b, c]);
          paid += outcome.multiplier;
          if (outcome.multiplier > 0n) hits += 1;
        }
      }
    }
    const combinations = (first ?? 0) * (second ?? 0) * (third ?? 0);
    // 5 lines × Σ (count/20)³ × pay = 7615/8000 of the total bet.
    expect(paid * 8_000n).toBe(7_615n * BigInt(combinations));
    expect(Number(paid) / combinations).toBeCloseTo(0.951875, 6);
    expect(hits / combinations).toBeGreaterThan(0.2);
  });

  it('shows three rows around each stop and pays three of a kind on the five lines', () => {
    // Reel 1 stop 1, reel 2 stop 3, reel 3 stop 3: the middle row is cherry, cherry, cherry.
    const outcome = outcomeOf([3, 3, 3]);
    expect(outcome.grid.map((column) => column[1])).toEqual(['cherry', 'cherry', 'cherry']);
    expect(outcome.lines).toContainEqual({ line: 0, symbol: 'cherry', multiplier: payTable.cherry });
    expect(outcome.multiplier).toBe(outcome.lines.reduce((sum, line) => sum + line.multiplier, 0n));
    expect(paylines).toHaveLength(5);
  });

  it('wraps around the end of a strip', () => {
    const outcome = outcomeOf([0, 0, 0]);
    expect(outcome.grid[0]).toEqual([reelStrips[0]?.[19], reelStrips[0]?.[0], reelStrips[0]?.[1]]);
  });

  it('draws one stop per reel from the random source, each below the strip length', () => {
    const asked: number[] = [];
    const outcome = spin((max) => {
      asked.push(max);
      return max - 1;
    });
    expect(asked).toEqual([20, 20, 20]);
    expect(outcome.stops).toEqual([19, 19, 19]);
    for (let i = 0; i < 200; i += 1) {
      for (const stop of spin().stops) expect(stop >= 0 && stop < 20).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { rouletteLayout, wheelOrder } from './roulette-layout';

describe('the roulette layout', () => {
  it('has every spot of the European layout once, named as the server names them', () => {
    const keys = rouletteLayout.map((spot) => spot.key);
    expect(new Set(keys).size).toBe(157);
    const count = (kind: string) => rouletteLayout.filter((spot) => spot.kind === kind).length;
    expect([count('straight'), count('split'), count('street'), count('corner'), count('sixLine')]).toEqual([
      37, 60, 14, 23, 11,
    ]);
    expect(keys).toEqual(
      expect.arrayContaining([
        'split:0-1',
        'street:0-2-3',
        'corner:0-1-2-3',
        'corner:32-33-35-36',
        'column:3',
      ]),
    );
    for (const spot of rouletteLayout.filter((candidate) => candidate.key.includes(':'))) {
      const numbers = spot.key.split(':')[1]?.split('-').map(Number) ?? [];
      if (spot.kind !== 'column' && spot.kind !== 'dozen') expect(numbers).toEqual(spot.numbers);
    }
  });

  it('covers adjacent numbers only: a split or corner joins numbers that touch on the cloth', () => {
    for (const spot of rouletteLayout.filter((candidate) => candidate.kind === 'corner')) {
      const [a = 0, b = 0, c = 0, d = 0] = spot.numbers;
      if (a !== 0) expect([b - a, c - a, d - a]).toEqual([1, 3, 4]);
    }
    expect([...wheelOrder].sort((x, y) => x - y)).toEqual(Array.from({ length: 37 }, (_, n) => n));
  });
});

import { describe, expect, it } from 'vitest';
import { createFairIntegerStream, drawFairIntegers } from '../fairness';
import {
  colourOf,
  hotAndCold,
  pocketCount,
  redNumbers,
  type RouletteBet,
  type RouletteBetKind,
  type RouletteSelection,
  rouletteReturn,
  rouletteSpot,
  rouletteSpots,
  settleRoulette,
  spinRoulette,
} from './roulette.rules';

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, i) => first + i);
const numbersOf = (selection: RouletteSelection) => rouletteSpot(selection).numbers;
const spotsOfKind = (kind: RouletteBetKind) =>
  [...rouletteSpots.values()].filter((spot) => spot.kind === kind);

/** Where a number sits on the layout: row 0–11 from the top, column 0–2 from the left. */
const cellOf = (n: number) => ({ row: Math.floor((n - 1) / 3), column: (n - 1) % 3 });
const subsetsOf = (size: number, pool: readonly number[]): number[][] =>
  size === 0
    ? [[]]
    : pool.flatMap((first, i) => subsetsOf(size - 1, pool.slice(i + 1)).map((rest) => [first, ...rest]));
const isValid = (selection: RouletteSelection) => {
  try {
    rouletteSpot(selection);
    return true;
  } catch {
    return false;
  }
};

describe('the layout', () => {
  it('has 157 spots: 37 straights, 60 splits, 14 streets, 23 corners, 11 six lines and the outside bets', () => {
    const perKind = (kind: RouletteBetKind) => spotsOfKind(kind).length;
    expect(rouletteSpots.size).toBe(157);
    expect(
      ['straight', 'split', 'street', 'corner', 'sixLine'].map((kind) => perKind(kind as RouletteBetKind)),
    ).toEqual([37, 60, 14, 23, 11]);
    expect(perKind('column') + perKind('dozen')).toBe(6);
    for (const spot of rouletteSpots.values()) expect(rouletteSpot(keyToSelection(spot.key))).toBe(spot);
  });

  it('colours 18 numbers red, 18 black and zero green', () => {
    expect([...redNumbers].sort((a, b) => a - b)).toEqual([
      1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
    ]);
    expect(colourOf(0)).toBe('green');
    expect([1, 2, 10, 11, 19, 20, 28, 29, 36].map(colourOf)).toEqual([
      'red',
      'black',
      'black',
      'black',
      'red',
      'black',
      'black',
      'black',
      'red',
    ]);
    expect(range(1, 36).filter((n) => colourOf(n) === 'black')).toHaveLength(18);
    expect(() => colourOf(37)).toThrow(RangeError);
    expect(() => colourOf(-1)).toThrow(RangeError);
  });

  it('spins one fair integer 0–36 from the round’s stream', () => {
    const seeds = { serverSeed: 'wheel', clientSeed: 'player', nonce: 3 };
    expect(spinRoulette(createFairIntegerStream(seeds))).toBe(drawFairIntegers(seeds, [37])[0]);
    const pockets = range(0, 199).map((nonce) => spinRoulette(createFairIntegerStream({ ...seeds, nonce })));
    expect(pockets.every((pocket) => Number.isInteger(pocket) && pocket >= 0 && pocket < pocketCount)).toBe(
      true,
    );
    expect(new Set(pockets).size).toBeGreaterThan(30);
  });
});

/** Back from a key to what a player would send. */
const keyToSelection = (key: string): RouletteSelection => {
  const [kind = '', rest = ''] = key.split(':');
  if (kind === 'column' || kind === 'dozen') return { kind, index: Number(rest) };
  if (
    kind === 'straight' ||
    kind === 'split' ||
    kind === 'street' ||
    kind === 'corner' ||
    kind === 'sixLine'
  ) {
    return { kind, numbers: rest.split('-').map(Number) };
  }
  return { kind: kind as 'red' };
};

describe('inside bets', () => {
  it('cover the numbers named, in any order', () => {
    expect(numbersOf({ kind: 'straight', numbers: [17] })).toEqual([17]);
    expect(numbersOf({ kind: 'straight', numbers: [0] })).toEqual([0]);
    expect(rouletteSpot({ kind: 'split', numbers: [2, 1] }).key).toBe('split:1-2');
    expect(numbersOf({ kind: 'split', numbers: [4, 1] })).toEqual([1, 4]);
    expect(numbersOf({ kind: 'split', numbers: [0, 2] })).toEqual([0, 2]);
    expect(numbersOf({ kind: 'street', numbers: [36, 34, 35] })).toEqual([34, 35, 36]);
    expect(numbersOf({ kind: 'street', numbers: [0, 2, 3] })).toEqual([0, 2, 3]);
    expect(numbersOf({ kind: 'corner', numbers: [5, 9, 6, 8] })).toEqual([5, 6, 8, 9]);
    expect(numbersOf({ kind: 'corner', numbers: [3, 2, 1, 0] })).toEqual([0, 1, 2, 3]);
    expect(numbersOf({ kind: 'sixLine', numbers: [31, 32, 33, 34, 35, 36] })).toEqual(range(31, 36));
  });

  it('are valid splits exactly for the neighbours of the layout', () => {
    const neighbours = (a: number, b: number) => {
      if (a === 0) return b <= 3;
      const [p, q] = [cellOf(a), cellOf(b)];
      return Math.abs(p.row - q.row) + Math.abs(p.column - q.column) === 1;
    };
    const pairs = subsetsOf(2, range(0, 36));
    expect(pairs).toHaveLength(666);
    for (const [a = -1, b = -1] of pairs) {
      expect(isValid({ kind: 'split', numbers: [a, b] }), `${a}-${b}`).toBe(neighbours(a, b));
    }
  });

  it('are valid streets exactly for a row or a trio with zero', () => {
    for (const triple of subsetsOf(3, range(0, 36))) {
      const [a = -1, b = -1, c = -1] = triple;
      const row = a % 3 === 1 && b === a + 1 && c === a + 2;
      const trio = a === 0 && b === 2 && (c === 1 || c === 3);
      const trioLow = a === 0 && b === 1 && c === 2;
      expect(isValid({ kind: 'street', numbers: triple }), triple.join('-')).toBe(row || trio || trioLow);
    }
  });

  it('are valid corners exactly for a square of the layout or the first four', () => {
    const expected = subsetsOf(4, range(0, 36)).filter(([a = -1, b, c, d]) => {
      const square = a % 3 !== 0 && b === a + 1 && c === a + 3 && d === a + 4;
      return square || (a === 0 && b === 1 && c === 2 && d === 3);
    });
    expect(spotsOfKind('corner').map((spot) => spot.numbers)).toEqual(expect.arrayContaining(expected));
    expect(spotsOfKind('corner')).toHaveLength(expected.length);
  });

  it('are valid six lines exactly for two neighbouring rows', () => {
    const expected = range(0, 10).map((row) => `sixLine:${range(3 * row + 1, 3 * row + 6).join('-')}`);
    expect(spotsOfKind('sixLine').map((spot) => spot.key)).toEqual(expected);
  });

  it('refuse what the layout does not have', () => {
    const invalid: RouletteSelection[] = [
      { kind: 'straight', numbers: [37] },
      { kind: 'straight', numbers: [-1] },
      { kind: 'straight', numbers: [1.5] },
      { kind: 'straight', numbers: [] },
      { kind: 'straight', numbers: [1, 2] },
      { kind: 'split', numbers: [1, 5] },
      { kind: 'split', numbers: [3, 4] },
      { kind: 'split', numbers: [0, 4] },
      { kind: 'split', numbers: [1, 1] },
      { kind: 'split', numbers: [1] },
      { kind: 'street', numbers: [2, 3, 4] },
      { kind: 'street', numbers: [0, 1, 3] },
      { kind: 'corner', numbers: [3, 4, 6, 7] },
      { kind: 'corner', numbers: [0, 1, 2] },
      { kind: 'sixLine', numbers: [2, 3, 4, 5, 6, 7] },
      { kind: 'sixLine', numbers: [34, 35, 36, 37, 38, 39] },
      { kind: 'column', index: 0 },
      { kind: 'column', index: 4 },
      { kind: 'dozen', index: 1.5 },
      { kind: 'dozen', index: 4 },
    ];
    for (const selection of invalid)
      expect(() => rouletteSpot(selection), JSON.stringify(selection)).toThrow(RangeError);
    // A kind the layout does not know, as a request could carry it.
    expect(() => rouletteSpot(JSON.parse('{"kind":"basket"}') as RouletteSelection)).toThrow(RangeError);
  });
});

describe('outside bets', () => {
  it('cover the columns, dozens and even-money halves', () => {
    expect(numbersOf({ kind: 'column', index: 1 })).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(numbersOf({ kind: 'column', index: 2 })).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29, 32, 35]);
    expect(numbersOf({ kind: 'column', index: 3 })).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36]);
    expect(numbersOf({ kind: 'dozen', index: 1 })).toEqual(range(1, 12));
    expect(numbersOf({ kind: 'dozen', index: 2 })).toEqual(range(13, 24));
    expect(numbersOf({ kind: 'dozen', index: 3 })).toEqual(range(25, 36));
    expect(numbersOf({ kind: 'red' })).toEqual([...redNumbers].sort((a, b) => a - b));
    expect(numbersOf({ kind: 'black' })).toEqual([
      2, 4, 6, 8, 10, 11, 13, 15, 17, 20, 22, 24, 26, 28, 29, 31, 33, 35,
    ]);
    expect(numbersOf({ kind: 'odd' })).toEqual(range(1, 36).filter((n) => n % 2 === 1));
    expect(numbersOf({ kind: 'even' })).toEqual(range(1, 36).filter((n) => n % 2 === 0));
    expect(numbersOf({ kind: 'low' })).toEqual(range(1, 18));
    expect(numbersOf({ kind: 'high' })).toEqual(range(19, 36));
  });
});

describe('payouts', () => {
  const bet = (selection: RouletteSelection, stake: bigint): RouletteBet => ({ ...selection, stake });

  it('pay each kind its odds on a covered number and nothing otherwise', () => {
    const cases: [RouletteSelection, bigint][] = [
      [{ kind: 'straight', numbers: [17] }, 360n],
      [{ kind: 'split', numbers: [17, 20] }, 180n],
      [{ kind: 'street', numbers: [16, 17, 18] }, 120n],
      [{ kind: 'corner', numbers: [13, 14, 16, 17] }, 90n],
      [{ kind: 'sixLine', numbers: [16, 17, 18, 19, 20, 21] }, 60n],
      [{ kind: 'column', index: 2 }, 30n],
      [{ kind: 'dozen', index: 2 }, 30n],
      [{ kind: 'black' }, 20n],
      [{ kind: 'odd' }, 20n],
      [{ kind: 'low' }, 20n],
    ];
    for (const [selection, returned] of cases) {
      expect(rouletteReturn(bet(selection, 10n), 17), JSON.stringify(selection)).toBe(returned);
      // 30: red, even, high, third column, third dozen.
      expect(rouletteReturn(bet(selection, 10n), 30), JSON.stringify(selection)).toBe(0n);
    }
  });

  it('return 36 times the stake over the 37 pockets for every spot (the 1/37 edge)', () => {
    for (const spot of rouletteSpots.values()) {
      const total = range(0, 36).reduce(
        (sum, pocket) => sum + rouletteReturn(bet(keyToSelection(spot.key), 100n), pocket),
        0n,
      );
      expect(total, spot.key).toBe(3600n);
    }
  });

  it('lose the even-money bets on zero, or return half of them (floored) under la partage', () => {
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) {
      expect(rouletteReturn(bet({ kind }, 15n), 0)).toBe(0n);
      expect(rouletteReturn(bet({ kind }, 15n), 0, { laPartage: true })).toBe(7n);
    }
    expect(rouletteReturn(bet({ kind: 'dozen', index: 1 }, 15n), 0, { laPartage: true })).toBe(0n);
    expect(rouletteReturn(bet({ kind: 'straight', numbers: [0] }, 15n), 0, { laPartage: true })).toBe(540n);
    expect(rouletteReturn(bet({ kind: 'red' }, 15n), 2, { laPartage: true })).toBe(0n);
  });

  it('refuse a stake that is not positive, a pocket off the wheel and an invalid bet', () => {
    expect(() => rouletteReturn(bet({ kind: 'red' }, 0n), 1)).toThrow(RangeError);
    expect(() => rouletteReturn(bet({ kind: 'red' }, 10n), 37)).toThrow(RangeError);
    expect(() => rouletteReturn(bet({ kind: 'split', numbers: [1, 5] }, 10n), 1)).toThrow(RangeError);
  });

  it('settle a round’s bets in order, keeping what the caller attached', () => {
    const settled = settleRoulette(
      [
        { id: 1, kind: 'straight', numbers: [0], stake: 10n },
        { id: 2, kind: 'corner', numbers: [0, 1, 2, 3], stake: 10n },
        { id: 3, kind: 'even', stake: 10n },
      ],
      0,
    );
    expect(settled.map(({ id, returned }) => [id, returned])).toEqual([
      [1, 360n],
      [2, 90n],
      [3, 0n],
    ]);
  });
});

describe('hot and cold numbers', () => {
  it('rank the pockets of the recent spins, equal hits in pocket order', () => {
    const { hot, cold } = hotAndCold([7, 7, 7, 32, 32, 0, 15, 32, 0, 5], 3);
    expect(hot).toEqual([
      { pocket: 7, hits: 3 },
      { pocket: 32, hits: 3 },
      { pocket: 0, hits: 2 },
    ]);
    expect(cold).toEqual([
      { pocket: 1, hits: 0 },
      { pocket: 2, hits: 0 },
      { pocket: 3, hits: 0 },
    ]);
  });

  it('list only pockets that came up as hot, and refuse what is not a pocket', () => {
    expect(hotAndCold([4]).hot).toEqual([{ pocket: 4, hits: 1 }]);
    expect(hotAndCold([]).hot).toEqual([]);
    expect(hotAndCold([]).cold).toHaveLength(5);
    expect(() => hotAndCold([37])).toThrow(RangeError);
    expect(() => hotAndCold([2.5])).toThrow(RangeError);
  });
});

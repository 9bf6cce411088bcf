import { describe, expect, it } from 'vitest';
import { assertValidSlip, expandLines, lineCount, totalStake, type Slip, type SlipKind } from './slip-kinds';

describe('expandLines', () => {
  it('gives a single one line and an accumulator one line of every leg', () => {
    expect(expandLines({ type: 'single' }, 1)).toEqual([[0]]);
    expect(expandLines({ type: 'accumulator' }, 3)).toEqual([[0, 1, 2]]);
  });

  it('gives a Trixie its 3 doubles then its treble', () => {
    expect(expandLines({ type: 'named_system', name: 'trixie' }, 3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
  });

  it('gives a Patent its singles first', () => {
    expect(expandLines({ type: 'named_system', name: 'patent' }, 3)).toEqual([
      [0],
      [1],
      [2],
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 1, 2],
    ]);
  });

  it('gives 2/3 every double and 3/4 every treble', () => {
    expect(expandLines({ type: 'system', legs: 3, sizes: [2] }, 3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(expandLines({ type: 'system', legs: 4, sizes: [3] }, 4)).toEqual([
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ]);
  });

  it('orders a system by size whatever order its sizes are given in', () => {
    expect(expandLines({ type: 'system', legs: 3, sizes: [3, 2] }, 3)).toEqual(
      expandLines({ type: 'named_system', name: 'trixie' }, 3),
    );
  });

  it.each<[SlipKind, number, number]>([
    [{ type: 'named_system', name: 'trixie' }, 3, 4],
    [{ type: 'named_system', name: 'patent' }, 3, 7],
    [{ type: 'named_system', name: 'yankee' }, 4, 11], // 6 doubles + 4 trebles + 1 fourfold
    [{ type: 'named_system', name: 'lucky15' }, 4, 15], // + 4 singles
    [{ type: 'named_system', name: 'canadian' }, 5, 26], // 10 + 10 + 5 + 1
    [{ type: 'named_system', name: 'heinz' }, 6, 57], // 15 + 20 + 15 + 6 + 1
    [{ type: 'system', legs: 12, sizes: [6] }, 12, 924], // C(12, 6)
  ])('%o on %i legs has %i lines', (kind, legs, lines) => {
    expect(lineCount(kind, legs)).toBe(lines);
  });

  it.each<[SlipKind, number, RegExp]>([
    [{ type: 'single' }, 2, /single takes 1 legs, not 2/],
    [{ type: 'accumulator' }, 1, /accumulator takes 2 to 12 legs, not 1/],
    [{ type: 'accumulator' }, 13, /not 13/],
    [{ type: 'named_system', name: 'trixie' }, 4, /trixie takes 3 legs, not 4/],
    [{ type: 'system', legs: 3, sizes: [2] }, 4, /2\/3 takes 3 legs, not 4/],
    [{ type: 'system', legs: 3, sizes: [4] }, 3, /distinct sizes from 1 to its legs/],
    [{ type: 'system', legs: 3, sizes: [0] }, 3, /distinct sizes/],
    [{ type: 'system', legs: 3, sizes: [2, 2] }, 3, /distinct sizes/],
    [{ type: 'system', legs: 3, sizes: [] }, 3, /distinct sizes/],
    [{ type: 'system', legs: 13, sizes: [2] }, 13, /2 to 12 legs/],
    [{ type: 'system', legs: 3, sizes: [3] }, 3, /at least two lines/], // that is an accumulator
  ])('rejects %o on %i legs', (kind, legs, message) => {
    expect(() => expandLines(kind, legs)).toThrow(message);
  });
});

describe('totalStake and assertValidSlip', () => {
  const legs = (...fixtureIds: string[]) => fixtureIds.map((fixtureId) => ({ fixtureId, odds: 1500 }));

  it('charges the stake per line', () => {
    // Yankee: 11 lines × 250 = 2750
    expect(
      totalStake({
        kind: { type: 'named_system', name: 'yankee' },
        legs: legs('a', 'b', 'c', 'd'),
        stakePerLine: 250n,
      }),
    ).toBe(2750n);
  });

  it('accepts a valid slip and refuses shared fixtures, bad stakes and bad odds', () => {
    const accumulator: Slip = { kind: { type: 'accumulator' }, legs: legs('a', 'b'), stakePerLine: 100n };
    expect(() => {
      assertValidSlip(accumulator);
    }).not.toThrow();
    expect(() => {
      assertValidSlip({ ...accumulator, legs: legs('a', 'a') });
    }).toThrow(/different fixture/);
    expect(() => {
      assertValidSlip({ ...accumulator, stakePerLine: 0n });
    }).toThrow(/positive/);
    expect(() => {
      assertValidSlip({
        ...accumulator,
        legs: [
          { fixtureId: 'a', odds: 1000 },
          { fixtureId: 'b', odds: 1500 },
        ],
      });
    }).toThrow(/above 1.000/);
  });
});

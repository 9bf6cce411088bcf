import { describe, expect, it } from 'vitest';
import type { FixtureResult, MarketSpec, Outcome } from '../domain';
import { InvalidSelectionError, settleOutright, settleSelection } from './settle-selection';

type FinalResult = Extract<FixtureResult, { status: 'final' }>;
const final = (home: number, away: number): FinalResult => ({ status: 'final', score: { home, away } });

// Lines are in quarters: −0.25 is −1, −0.75 is −3, +0.25 is 1, −1 is −4, −1.25 is −5, +1.5 is 6; 2.25 is 9 …
type Row = [
  market: MarketSpec,
  selection: string,
  home: number,
  away: number,
  expected: Outcome,
  why: string,
];

const matchResult: MarketSpec = { kind: 'match_result' };
const moneyline: MarketSpec = { kind: 'moneyline' };
const handicap = (quarters: number): MarketSpec => ({ kind: 'asian_handicap', line: quarters });
const total = (quarters: number): MarketSpec => ({ kind: 'total', line: quarters });
const btts: MarketSpec = { kind: 'btts' };
const correctScore: MarketSpec = { kind: 'correct_score' };

const rows: Row[] = [
  [matchResult, 'home', 2, 1, 'win', '2-1 is a home win'],
  [matchResult, 'draw', 2, 1, 'lose', ''],
  [matchResult, 'away', 2, 1, 'lose', ''],
  [matchResult, 'draw', 1, 1, 'win', '1-1 is a draw'],
  [matchResult, 'home', 1, 1, 'lose', ''],
  [matchResult, 'away', 0, 3, 'win', '0-3 is an away win'],

  [moneyline, 'home', 101, 99, 'win', ''],
  [moneyline, 'away', 101, 99, 'lose', ''],
  [moneyline, 'home', 2, 2, 'push', 'a drawn score pushes a two-way market'],
  [moneyline, 'away', 2, 2, 'push', ''],

  [handicap(0), 'home', 1, 1, 'push', '0 + 0 = 0: whole line, tie'],
  [handicap(0), 'away', 1, 1, 'push', ''],
  [handicap(0), 'home', 2, 1, 'win', '+1 + 0 > 0'],
  [handicap(0), 'away', 2, 1, 'lose', ''],

  [handicap(-1), 'home', 1, 1, 'half_lose', 'half on 0: 0 push; half on −0.5: −0.5 lose'],
  [handicap(-1), 'away', 1, 1, 'half_win', 'away +0.25: half on 0 push; half on +0.5 win'],
  [handicap(-1), 'home', 2, 1, 'win', '+1 − 0 and +1 − 0.5 both > 0'],
  [handicap(-1), 'away', 2, 1, 'lose', ''],
  [handicap(-1), 'home', 0, 1, 'lose', '−1 and −1.5 both < 0'],

  [handicap(-3), 'home', 2, 1, 'half_win', 'half on −0.5: +0.5 win; half on −1: 0 push'],
  [handicap(-3), 'away', 2, 1, 'half_lose', 'away +0.75: half on +0.5: −0.5 lose; half on +1: push'],
  [handicap(-3), 'home', 3, 1, 'win', '+2 − 0.5 and +2 − 1 both > 0'],
  [handicap(-3), 'home', 1, 1, 'lose', '−0.5 and −1 both < 0'],
  [handicap(-3), 'away', 1, 1, 'win', ''],

  [handicap(1), 'home', 1, 1, 'half_win', 'half on 0: push; half on +0.5: win'],
  [handicap(1), 'away', 1, 1, 'half_lose', 'away −0.25'],
  [handicap(1), 'home', 0, 1, 'lose', '−1 + 0 and −1 + 0.5 both < 0'],
  [handicap(1), 'away', 0, 1, 'win', ''],

  [handicap(-4), 'home', 2, 1, 'push', 'whole line −1 on a one-goal win'],
  [handicap(-4), 'away', 2, 1, 'push', ''],
  [handicap(-4), 'home', 3, 1, 'win', '+2 − 1 > 0'],

  [handicap(-5), 'home', 2, 1, 'half_lose', 'half on −1: push; half on −1.5: −0.5 lose'],
  [handicap(-5), 'away', 2, 1, 'half_win', 'away +1.25'],
  [handicap(-5), 'home', 3, 1, 'win', '+2 − 1 and +2 − 1.5 both > 0'],
  [handicap(-5), 'home', 1, 1, 'lose', ''],

  [handicap(6), 'home', 0, 1, 'win', '−1 + 1.5 = +0.5'],
  [handicap(6), 'away', 0, 1, 'lose', 'away −1.5: +1 − 1.5 = −0.5'],
  [handicap(6), 'home', 0, 2, 'lose', '−2 + 1.5 = −0.5: a half line never pushes'],
  [handicap(6), 'away', 0, 2, 'win', ''],
  [handicap(6), 'home', 1, 1, 'win', '0 + 1.5'],

  [total(9), 'over', 1, 1, 'half_lose', '2 goals; half over 2: push; half over 2.5: lose'],
  [total(9), 'under', 1, 1, 'half_win', 'half under 2: push; half under 2.5: win'],
  [total(9), 'over', 2, 1, 'win', '3 > 2 and 3 > 2.5'],
  [total(9), 'under', 2, 1, 'lose', ''],
  [total(9), 'over', 1, 0, 'lose', '1 < 2'],
  [total(9), 'under', 1, 0, 'win', ''],

  [total(10), 'over', 2, 1, 'win', '3 > 2.5'],
  [total(10), 'under', 2, 1, 'lose', ''],
  [total(10), 'over', 1, 1, 'lose', '2 < 2.5'],
  [total(10), 'under', 1, 1, 'win', ''],

  [total(11), 'over', 2, 1, 'half_win', '3 goals; half over 2.5: win; half over 3: push'],
  [total(11), 'under', 2, 1, 'half_lose', 'half under 2.5: lose; half under 3: push'],
  [total(11), 'over', 1, 1, 'lose', '2 < 2.5 and 2 < 3'],
  [total(11), 'under', 1, 1, 'win', ''],
  [total(11), 'over', 2, 2, 'win', '4 > 3'],

  [total(12), 'over', 2, 1, 'push', 'whole line 3 on 3 goals'],
  [total(12), 'under', 2, 1, 'push', ''],
  [total(12), 'over', 2, 2, 'win', ''],
  [total(12), 'under', 1, 1, 'win', ''],

  [btts, 'yes', 1, 1, 'win', ''],
  [btts, 'no', 1, 1, 'lose', ''],
  [btts, 'yes', 1, 0, 'lose', 'away did not score'],
  [btts, 'no', 1, 0, 'win', ''],
  [btts, 'yes', 0, 0, 'lose', ''],
  [btts, 'no', 0, 0, 'win', ''],

  [correctScore, '2-1', 2, 1, 'win', ''],
  [correctScore, '1-2', 2, 1, 'lose', 'home and away are not interchangeable'],
  [correctScore, 'other', 2, 1, 'lose', '2-1 is on the grid'],
  [correctScore, '0-0', 0, 0, 'win', ''],
  [correctScore, '5-5', 5, 5, 'win', 'the grid runs to 5 a side'],
  [correctScore, 'other', 5, 5, 'lose', ''],
  [correctScore, 'other', 6, 1, 'win', '6 is beyond the grid'],
  [correctScore, '5-1', 6, 1, 'lose', ''],
  [correctScore, 'other', 0, 6, 'win', ''],
];

describe('settleSelection', () => {
  it.each(rows)('%o %s on %i-%i is %s (%s)', (market, selection, home, away, expected) => {
    expect(settleSelection(market, selection, final(home, away))).toBe(expected);
  });

  describe('e-sports maps and rounds', () => {
    // A CS2 best of 3 won 2-0: the third map was never played.
    const twoNil: FixtureResult = {
      status: 'final',
      score: { home: 2, away: 0 },
      periods: [
        { home: 13, away: 7 },
        { home: 16, away: 14 },
      ],
      rounds: [['home', 'away', 'home'], ['away']],
    };
    const map = (number: number): MarketSpec => ({ kind: 'map_winner', map: number });
    const round = (mapNumber: number, roundNumber: number): MarketSpec => ({
      kind: 'round_winner',
      map: mapNumber,
      round: roundNumber,
    });

    it.each<[MarketSpec, string, Outcome]>([
      [map(1), 'home', 'win'], // 13-7
      [map(1), 'away', 'lose'],
      [map(2), 'home', 'win'], // 16-14
      [map(3), 'home', 'void'], // not played
      [map(3), 'away', 'void'],
      [round(1, 2), 'away', 'win'],
      [round(1, 2), 'home', 'lose'],
      [round(1, 4), 'home', 'void'], // only 3 rounds recorded on map 1
      [round(2, 1), 'away', 'win'],
      [round(3, 1), 'away', 'void'], // map 3 not played
    ])('%o %s is %s', (market, selection, expected) => {
      expect(settleSelection(market, selection, twoNil)).toBe(expected);
    });

    it('settles the away side of a map the away team won', () => {
      const awayMap: FixtureResult = { ...final(0, 1), periods: [{ home: 7, away: 13 }] };
      expect(settleSelection(map(1), 'away', awayMap)).toBe('win');
      expect(settleSelection(map(1), 'home', awayMap)).toBe('lose');
    });

    it('pushes a tied map and voids maps and rounds when the result has no detail', () => {
      expect(settleSelection(map(1), 'home', { ...final(1, 1), periods: [{ home: 15, away: 15 }] })).toBe(
        'push',
      );
      expect(settleSelection(map(1), 'home', final(2, 0))).toBe('void');
      expect(settleSelection(round(1, 1), 'home', final(2, 0))).toBe('void');
    });
  });

  it('voids every selection of every kind when the fixture is void', () => {
    const postponed: FixtureResult = { status: 'void', reason: 'postponed' };
    const selections: Array<[MarketSpec, string]> = [
      [matchResult, 'home'],
      [moneyline, 'away'],
      [handicap(-1), 'home'],
      [total(10), 'over'],
      [btts, 'yes'],
      [correctScore, 'other'],
      [{ kind: 'map_winner', map: 1 }, 'home'],
      [{ kind: 'round_winner', map: 1, round: 1 }, 'away'],
    ];
    for (const [market, selection] of selections) {
      expect(settleSelection(market, selection, postponed)).toBe('void');
    }
  });

  it.each<[MarketSpec, string, RegExp]>([
    [matchResult, 'over', /"over" is not a selection of a match_result market/],
    [moneyline, 'draw', /"draw" is not a selection of a moneyline/],
    [btts, 'maybe', /not a selection of a btts/],
    [total(10), 'home', /not a selection of a total/],
    [{ kind: 'asian_handicap' }, 'home', /asian_handicap market needs its line/],
    [{ kind: 'total' }, 'over', /total market needs its line/],
    [{ kind: 'total', line: 10.4 }, 'over', /whole number of quarters/],
    [total(-2), 'over', /cannot be negative/],
    [{ kind: 'map_winner' }, 'home', /needs its map/],
    [{ kind: 'map_winner', map: 0 }, 'home', /needs its map/],
    [{ kind: 'round_winner', map: 1 }, 'home', /needs its round/],
    [correctScore, '2:1', /not a selection of a correct_score/],
    [correctScore, '02-1', /not a selection of a correct_score/],
    [correctScore, '6-0', /not a selection of a correct_score/], // beyond the grid: that is "other"
    [{ kind: 'outright' }, 'team-a', /outright settles on its OutrightResult/],
    [{ kind: 'outright' }, '', /competitor id/],
  ])('rejects %o with %s', (market, selection, message) => {
    expect(() => settleSelection(market, selection, final(1, 0))).toThrow(InvalidSelectionError);
    expect(() => settleSelection(market, selection, final(1, 0))).toThrow(message);
  });

  it('rejects an invalid selection even on a void fixture', () => {
    expect(() => settleSelection(matchResult, 'over', { status: 'void', reason: 'abandoned' })).toThrow(
      InvalidSelectionError,
    );
  });
});

describe('settleOutright', () => {
  it('wins the winner, loses the rest, voids all on a void outright', () => {
    expect(settleOutright('team-a', { status: 'final', winner: 'team-a' })).toBe('win');
    expect(settleOutright('team-b', { status: 'final', winner: 'team-a' })).toBe('lose');
    expect(settleOutright('team-b', { status: 'void' })).toBe('void');
  });

  it('is what settleSelection gives an outright leg on its result (the book settles every leg through it)', () => {
    const outright = { kind: 'outright' } as const;
    expect(settleSelection(outright, 'team-a', { status: 'final', winner: 'team-a' })).toBe('win');
    expect(settleSelection(outright, 'team-b', { status: 'final', winner: 'team-a' })).toBe('lose');
    expect(settleSelection(outright, 'team-b', { status: 'void' })).toBe('void');
    // A void the book decides itself (an outright the feed no longer knows) voids it too.
    expect(settleSelection(outright, 'team-b', { status: 'void', reason: 'abandoned' })).toBe('void');
    expect(() => settleSelection(matchResult, 'home', { status: 'final', winner: 'team-a' })).toThrow(
      /settles on its fixture’s result/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { MarketSpec, Score, Sport } from '../domain';
import type { Fixture, LiveState } from '../feed/feed-source';
import { emptyStanding } from '../feed/standings';
import { finalMargins, modelMatch, outrightProbabilities, type MatchModel } from './models';

const minute = 60_000;

const fixtureOf = (sport: Sport, ratings: Score = { home: 1, away: 1 }, bestOf?: 1 | 3 | 5): Fixture => ({
  id: 'f1',
  sport,
  league: { id: 'l', name: 'League' },
  home: { id: 'h', name: 'Home', rating: ratings.home },
  away: { id: 'a', name: 'Away', rating: ratings.away },
  kickOffAt: 0,
  ...(bestOf ? { bestOf } : {}),
  status: 'live',
});

const stateOf = (state: Partial<LiveState> = {}): LiveState => ({
  period: 0,
  isBreak: false,
  clockMs: 0,
  score: { home: 0, away: 0 },
  periods: [],
  redCards: { home: 0, away: 0 },
  ...state,
});

const chanceOf = (model: MatchModel, spec: MarketSpec, key: string): number => {
  const selection = model(spec)?.find((candidate) => candidate.key === key);
  if (!selection) throw new Error(`No ${key} in ${JSON.stringify(spec)}`);
  return selection.probability;
};

/** Fair decimal odds of a selection. */
const fairOdds = (model: MatchModel, spec: MarketSpec, key: string): number => 1 / chanceOf(model, spec, key);

const lines = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

const specsOf = (sport: Sport): MarketSpec[] => {
  const handicaps = lines(-8, 8).map((line): MarketSpec => ({ kind: 'asian_handicap', line }));
  switch (sport) {
    case 'football':
      return [
        { kind: 'match_result' },
        { kind: 'btts' },
        { kind: 'correct_score' },
        ...handicaps,
        ...lines(1, 20).map((line): MarketSpec => ({ kind: 'total', line })),
      ];
    case 'basketball':
      return [
        { kind: 'moneyline' },
        ...handicaps,
        { kind: 'total', line: 4 * 210 + 2 },
        { kind: 'total', line: 841 },
      ];
    case 'tennis':
      return [
        { kind: 'moneyline' },
        ...handicaps,
        ...lines(5, 11).map((line): MarketSpec => ({ kind: 'total', line })),
      ];
    default:
      return [
        { kind: 'moneyline' },
        { kind: 'map_winner', map: 1 },
        { kind: 'map_winner', map: 2 },
        { kind: 'asian_handicap', line: -6 },
        { kind: 'asian_handicap', line: 10 },
        { kind: 'total', line: 14 },
        { kind: 'total', line: 17 },
      ];
  }
};

describe('pricing models', () => {
  it.each(['football', 'basketball', 'tennis', 'cs2', 'dota2', 'lol', 'valorant'] as const)(
    'gives %s markets probabilities that sum to 1',
    (sport) => {
      const model = modelMatch(fixtureOf(sport, { home: 1.2, away: 0.9 }, 5), stateOf());
      for (const spec of specsOf(sport)) {
        const market = model(spec);
        expect(market, JSON.stringify(spec)).toBeDefined();
        const total = (market ?? []).reduce((sum, { probability }) => sum + probability, 0);
        expect(total, JSON.stringify(spec)).toBeCloseTo(1, 9);
      }
    },
  );

  it('prices a match of equals symmetrically', () => {
    const football = modelMatch(fixtureOf('football'), stateOf());
    expect(chanceOf(football, { kind: 'match_result' }, 'home')).toBeCloseTo(
      chanceOf(football, { kind: 'match_result' }, 'away'),
      12,
    );
    for (const line of [-3, -2, -1, 0, 1, 2]) {
      expect(chanceOf(football, { kind: 'asian_handicap', line }, 'home')).toBeCloseTo(
        chanceOf(football, { kind: 'asian_handicap', line: -line }, 'away'),
        12,
      );
    }
    expect(chanceOf(football, { kind: 'correct_score' }, '2-1')).toBeCloseTo(
      chanceOf(football, { kind: 'correct_score' }, '1-2'),
      12,
    );
    for (const sport of ['basketball', 'tennis', 'cs2', 'dota2'] as const) {
      expect(
        chanceOf(modelMatch(fixtureOf(sport, undefined, 3), stateOf()), { kind: 'moneyline' }, 'home'),
      ).toBeCloseTo(0.5, 9);
    }
  });

  it('prices a quarter line between its neighbouring lines', () => {
    const football = modelMatch(fixtureOf('football', { home: 1.3, away: 0.8 }), stateOf());
    for (const line of [-5, -3, -1, 1, 3]) {
      const odds = (at: number): number => fairOdds(football, { kind: 'asian_handicap', line: at }, 'home');
      expect(odds(line)).toBeLessThan(odds(line - 1));
      expect(odds(line)).toBeGreaterThan(odds(line + 1));
    }
    for (const line of [7, 9, 11]) {
      const odds = (at: number): number => fairOdds(football, { kind: 'total', line: at }, 'over');
      expect(odds(line)).toBeGreaterThan(odds(line - 1));
      expect(odds(line)).toBeLessThan(odds(line + 1));
    }
  });

  it('moves football prices the right way after a goal and a red card', () => {
    const fixture = fixtureOf('football');
    const before = modelMatch(
      fixture,
      stateOf({ period: 1, clockMs: 30 * minute, periods: [{ home: 0, away: 0 }] }),
    );
    const goal = modelMatch(
      fixture,
      stateOf({
        period: 1,
        clockMs: 30 * minute,
        score: { home: 1, away: 0 },
        periods: [{ home: 1, away: 0 }],
      }),
    );
    const redCard = modelMatch(
      fixture,
      stateOf({
        period: 1,
        clockMs: 30 * minute,
        periods: [{ home: 0, away: 0 }],
        redCards: { home: 1, away: 0 },
      }),
    );
    const homeWin = { kind: 'match_result' } as const;
    expect(chanceOf(goal, homeWin, 'home')).toBeGreaterThan(chanceOf(before, homeWin, 'home'));
    expect(chanceOf(goal, { kind: 'total', line: 10 }, 'over')).toBeGreaterThan(
      chanceOf(before, { kind: 'total', line: 10 }, 'over'),
    );
    expect(chanceOf(goal, { kind: 'asian_handicap', line: -3 }, 'home')).toBeGreaterThan(
      chanceOf(before, { kind: 'asian_handicap', line: -3 }, 'home'),
    );
    expect(chanceOf(redCard, homeWin, 'home')).toBeLessThan(chanceOf(before, homeWin, 'home'));
    // Time passing at nil-nil makes the draw likelier.
    const later = modelMatch(
      fixture,
      stateOf({ period: 2, clockMs: 80 * minute, periods: [{ home: 0, away: 0 }] }),
    );
    expect(chanceOf(later, homeWin, 'draw')).toBeGreaterThan(chanceOf(before, homeWin, 'draw'));
    expect(goal({ kind: 'correct_score' })?.some(({ key }) => key === '0-0')).toBe(false);
  });

  it('moves other sports the right way when home scores', () => {
    const moneyline = { kind: 'moneyline' } as const;
    const basketball = fixtureOf('basketball');
    const quarter = { period: 2, clockMs: 20 * minute };
    expect(
      chanceOf(
        modelMatch(basketball, stateOf({ ...quarter, score: { home: 45, away: 40 } })),
        moneyline,
        'home',
      ),
    ).toBeGreaterThan(
      chanceOf(
        modelMatch(basketball, stateOf({ ...quarter, score: { home: 42, away: 40 } })),
        moneyline,
        'home',
      ),
    );

    const tennis = fixtureOf('tennis');
    const gamesUp = stateOf({ period: 1, periods: [{ home: 3, away: 2 }] });
    const level = stateOf({ period: 1, periods: [{ home: 2, away: 2 }] });
    expect(chanceOf(modelMatch(tennis, gamesUp), moneyline, 'home')).toBeGreaterThan(
      chanceOf(modelMatch(tennis, level), moneyline, 'home'),
    );

    const cs2 = fixtureOf('cs2', undefined, 3);
    const roundsUp = stateOf({ period: 1, periods: [{ home: 8, away: 5 }], round: 14 });
    const roundsLevel = stateOf({ period: 1, periods: [{ home: 5, away: 5 }], round: 11 });
    const mapOne = { kind: 'map_winner', map: 1 } as const;
    expect(chanceOf(modelMatch(cs2, roundsUp), mapOne, 'home')).toBeGreaterThan(
      chanceOf(modelMatch(cs2, roundsLevel), mapOne, 'home'),
    );
    expect(
      chanceOf(modelMatch(cs2, roundsUp), { kind: 'round_winner', map: 1, round: 14 }, 'home'),
    ).toBeCloseTo(0.5, 12);
    expect(modelMatch(cs2, roundsUp)({ kind: 'round_winner', map: 1, round: 13 })).toBeUndefined();

    const dota = fixtureOf('dota2', undefined, 3);
    const mapUp = stateOf({
      period: 1,
      isBreak: true,
      score: { home: 1, away: 0 },
      periods: [{ home: 1, away: 0 }],
    });
    const afterMap = modelMatch(dota, mapUp);
    expect(chanceOf(afterMap, moneyline, 'home')).toBeCloseTo(0.75, 12);
    expect(afterMap({ kind: 'map_winner', map: 1 })).toBeUndefined();
    expect(chanceOf(afterMap, { kind: 'total', line: 10 }, 'over')).toBeCloseTo(0.5, 12);
  });

  it('gives the better-rated side the better chance', () => {
    const strongHome = { home: 1.3, away: 0.8 };
    for (const sport of ['basketball', 'tennis', 'cs2', 'lol'] as const) {
      expect(
        chanceOf(modelMatch(fixtureOf(sport, strongHome, 3), stateOf()), { kind: 'moneyline' }, 'home'),
      ).toBeGreaterThan(0.6);
    }
    const football = modelMatch(fixtureOf('football', strongHome), stateOf());
    expect(chanceOf(football, { kind: 'match_result' }, 'home')).toBeGreaterThan(0.5);
  });

  it('gives each sport the chances of a final margin that its winner market agrees with', () => {
    for (const sport of ['football', 'basketball', 'tennis', 'cs2', 'lol'] as const) {
      const fixture = fixtureOf(sport, { home: 1.3, away: 0.9 }, 3);
      const margins = finalMargins(fixture, stateOf());
      const total = [...margins.values()].reduce((sum, chance) => sum + chance, 0);
      expect(total, sport).toBeCloseTo(1, 9);
      const homeWins = [...margins].reduce((sum, [margin, chance]) => (margin > 0 ? sum + chance : sum), 0);
      const winner = sport === 'football' ? 'match_result' : 'moneyline';
      expect(homeWins, sport).toBeCloseTo(
        chanceOf(modelMatch(fixture, stateOf()), { kind: winner }, 'home'),
        9,
      );
      if (sport !== 'football') expect(margins.get(0) ?? 0, sport).toBe(0);
    }
  });
});

describe('outright probabilities', () => {
  const evenMatch = (sport: Sport) => finalMargins(fixtureOf(sport), stateOf());
  const table = (lines: Array<[string, number, number]>) =>
    lines.map(([competitorId, points, difference]) => ({
      ...emptyStanding(competitorId),
      points,
      scored: Math.max(0, difference),
      conceded: Math.max(0, -difference),
    }));
  const sumOf = (chances: Array<{ probability: number }>): number =>
    chances.reduce((sum, { probability }) => sum + probability, 0);

  it('plays the season out: the stronger side is likelier, the chances sum to 1, the same seed gives the same', () => {
    const ratings = { a: 1.3, b: 1, c: 0.8 };
    const pairs: Array<[keyof typeof ratings, keyof typeof ratings]> = [
      ['a', 'b'],
      ['b', 'c'],
      ['c', 'a'],
      ['b', 'a'],
      ['c', 'b'],
      ['a', 'c'],
    ];
    const season = {
      sport: 'football' as const,
      standings: table([
        ['a', 0, 0],
        ['b', 0, 0],
        ['c', 0, 0],
      ]),
      fixturesLeft: pairs.map(([home, away]) => ({
        home,
        away,
        margins: finalMargins(fixtureOf('football', { home: ratings[home], away: ratings[away] }), stateOf()),
      })),
    };
    const chances = outrightProbabilities(season, { seed: 's' });
    expect(chances.map(({ key }) => key)).toEqual(['a', 'b', 'c']);
    expect(sumOf(chances)).toBeCloseTo(1, 12);
    const [a, b, c] = chances.map(({ probability }) => probability);
    expect(a).toBeGreaterThan(b ?? 1);
    expect(b).toBeGreaterThan(c ?? 1);
    expect(outrightProbabilities(season, { seed: 's' })).toEqual(chances);
    expect(outrightProbabilities(season, { seed: 'other' })).not.toEqual(chances);
  });

  it('makes a leader with few fixtures left a strong favourite, and the table decides when none are left', () => {
    const standings = table([
      ['leader', 15, 6],
      ['chaser', 11, 3],
      ['third', 4, -9],
    ]);
    const lastTwo = [
      { home: 'leader', away: 'third', margins: evenMatch('football') },
      { home: 'chaser', away: 'leader', margins: evenMatch('football') },
    ];
    const late = outrightProbabilities(
      { sport: 'football', standings, fixturesLeft: lastTwo },
      { seed: 'late' },
    );
    expect(late[0]?.probability).toBeGreaterThan(0.9);
    expect(late[2]?.probability).toBe(0); // 6 points at most: never catches the leader
    expect(sumOf(late)).toBeCloseTo(1, 12);
    const ended = outrightProbabilities({ sport: 'football', standings, fixturesLeft: [] }, { seed: 'x' });
    expect(ended.map(({ probability }) => probability)).toEqual([1, 0, 0]);
  });

  it('breaks a tie on points by score difference, then by competitor id, as the feed does', () => {
    const tied = outrightProbabilities(
      {
        sport: 'basketball',
        standings: table([
          ['b', 5, 12],
          ['a', 5, 12],
          ['c', 5, 30],
        ]),
        fixturesLeft: [],
      },
      { seed: 'x' },
    );
    expect(tied.find(({ probability }) => probability === 1)?.key).toBe('c');
    const even = outrightProbabilities(
      {
        sport: 'tennis',
        standings: table([
          ['b', 5, 2],
          ['a', 5, 2],
        ]),
        fixturesLeft: [],
      },
      { seed: 'x' },
    );
    expect(even.find(({ probability }) => probability === 1)?.key).toBe('a');
  });
});

import { describe, expect, it } from 'vitest';
import type { MarketKind, Sport } from '../domain';
import type { FeedEvent, FeedListener, FeedSource, Fixture, LiveState } from '../feed/feed-source';
import { createMarketBook, marketId, type OfferedMarket } from './market-book';
import { modelMatch } from './models';

/** A feed the test drives by hand: one fixture, its state, the clock, events. */
const createHandFeed = (fixture: Fixture, state: LiveState) => {
  const listeners = new Set<FeedListener>();
  const feed = {
    time: 0,
    current: fixture,
    state,
    now: () => feed.time,
    fixtures: () => [feed.current],
    fixture: (fixtureId: string) => (fixtureId === feed.current.id ? feed.current : undefined),
    liveState: (fixtureId: string) => (fixtureId === feed.current.id ? feed.state : undefined),
    result: () => undefined,
    // Outrights are priced by pricing/outright-book.ts (its own tests).
    outrights: () => [],
    outright: () => undefined,
    subscribe: (listener: FeedListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event: FeedEvent) => {
      for (const listener of listeners) listener(event);
    },
  };
  return feed satisfies FeedSource;
};

const fixtureOf = (sport: Sport, bestOf?: 1 | 3 | 5): Fixture => ({
  id: 'f7',
  sport,
  league: { id: 'league', name: 'League' },
  home: { id: 'h', name: 'Home', rating: 1.25 },
  away: { id: 'a', name: 'Away', rating: 0.9 },
  kickOffAt: 0,
  ...(bestOf ? { bestOf } : {}),
  status: 'scheduled',
});

const preMatch: LiveState = {
  period: 0,
  isBreak: false,
  clockMs: 0,
  score: { home: 0, away: 0 },
  periods: [],
  redCards: { home: 0, away: 0 },
};

const kinds = (markets: OfferedMarket[]): MarketKind[] => [...new Set(markets.map(({ spec }) => spec.kind))];
const overround = (market: OfferedMarket): number =>
  market.selections.reduce((sum, { odds }) => sum + 1000 / odds, 0);

describe('market book', () => {
  it('offers football markets with a balanced main line and an alternative either side, at the margin', () => {
    const feed = createHandFeed(fixtureOf('football'), preMatch);
    const markets = createMarketBook(feed, { marginBasisPoints: 500 }).marketsOf('f7');
    expect(kinds(markets)).toEqual(['match_result', 'asian_handicap', 'total', 'btts', 'correct_score']);
    const handicaps = markets
      .filter(({ spec }) => spec.kind === 'asian_handicap')
      .map(({ spec }) => spec.line ?? 0);
    const [main, ...alternatives] = handicaps;
    expect(alternatives).toEqual([(main ?? 0) - 2, (main ?? 0) + 2]);
    const model = modelMatch(feed.current, preMatch);
    const distance = (line: number): number =>
      Math.abs((model({ kind: 'asian_handicap', line })?.[0]?.probability ?? 0) - 0.5);
    for (const line of [-24, -10, -4, -2, -1, 0, 1, 4])
      expect(distance(main ?? 0)).toBeLessThanOrEqual(distance(line));
    for (const market of markets) {
      expect(market.id).toBe(marketId('f7', market.spec));
      expect(market.status).toBe('open');
      expect(overround(market)).toBeGreaterThanOrEqual(1.045);
      expect(overround(market)).toBeLessThan(1.08);
    }
    expect(markets.map(({ id }) => id)).toContain(`f7:asian_handicap:${String(main)}`);
  });

  it('offers e-sports series, map, handicap, total and next-round markets', () => {
    const state: LiveState = {
      ...preMatch,
      period: 1,
      periods: [{ home: 4, away: 2 }],
      round: 7,
      rounds: [[]],
    };
    const feed = createHandFeed({ ...fixtureOf('cs2', 3), status: 'live' }, state);
    const ids = createMarketBook(feed)
      .marketsOf('f7')
      .map(({ id }) => id);
    expect(ids).toEqual([
      'f7:moneyline',
      'f7:map_winner:m1',
      'f7:map_winner:m2',
      'f7:asian_handicap:-6',
      'f7:asian_handicap:6',
      'f7:total:10',
      'f7:round_winner:m1:r7',
    ]);
  });

  it('offers basketball and tennis lines', () => {
    const basketball = createMarketBook(createHandFeed(fixtureOf('basketball'), preMatch)).marketsOf('f7');
    expect(kinds(basketball)).toEqual(['moneyline', 'asian_handicap', 'total']);
    expect(basketball.filter(({ spec }) => spec.kind === 'total')).toHaveLength(3);
    expect(basketball.every(({ spec }) => spec.line === undefined || Math.abs(spec.line % 4) === 2)).toBe(
      true,
    );
    const tennis = createMarketBook(createHandFeed(fixtureOf('tennis'), preMatch)).marketsOf('f7');
    expect(tennis.map(({ id }) => id)).toEqual([
      'f7:moneyline',
      'f7:asian_handicap:-6',
      'f7:asian_handicap:6',
      'f7:total:10',
    ]);
  });

  it('suspends a fixture for a while after a goal, then reopens it with new prices', () => {
    const feed = createHandFeed(
      { ...fixtureOf('football'), status: 'live' },
      {
        ...preMatch,
        period: 1,
        clockMs: 600_000,
        periods: [{ home: 0, away: 0 }],
      },
    );
    const book = createMarketBook(feed, { suspensionMs: { goal: 4_000 } });
    const before = book.marketsOf('f7');
    feed.time = 10_000;
    feed.state = { ...feed.state, score: { home: 1, away: 0 }, periods: [{ home: 1, away: 0 }] };
    feed.emit({ type: 'goal', fixtureId: 'f7', at: 10_000, team: 'home', state: feed.state });
    expect(book.marketsOf('f7').every(({ status }) => status === 'suspended')).toBe(true);
    feed.time = 13_999;
    expect(book.marketsOf('f7')[0]?.status).toBe('suspended');
    feed.time = 14_000;
    const after = book.marketsOf('f7');
    expect(after.every(({ status }) => status === 'open')).toBe(true);
    const homeOdds = (markets: OfferedMarket[]): number | undefined =>
      markets.find(({ spec }) => spec.kind === 'match_result')?.selections.find(({ key }) => key === 'home')
        ?.odds;
    expect(homeOdds(after)).toBeLessThan(homeOdds(before) ?? 0);
    feed.emit({ type: 'kick_off', fixtureId: 'f7', at: 14_000, state: feed.state });
    expect(book.marketsOf('f7')[0]?.status).toBe('open');
  });

  it('closes the last quoted markets when the fixture ends', () => {
    const feed = createHandFeed({ ...fixtureOf('football'), status: 'live' }, preMatch);
    const book = createMarketBook(feed);
    const quoted = book.marketsOf('f7');
    feed.current = { ...feed.current, status: 'finished' };
    const closed = book.marketsOf('f7');
    expect(closed.map(({ id }) => id)).toEqual(quoted.map(({ id }) => id));
    expect(closed.every(({ status }) => status === 'closed')).toBe(true);
    expect(book.marketsOf('unknown')).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Competitor, FeedSource, Fixture, LiveState, Outright } from '../feed/feed-source';
import { MatchSimulator } from '../feed/simulator';
import { emptyStanding } from '../feed/standings';
import { createMarketBook } from './market-book';
import type { OutrightMarket } from './outright-book';

const competitors: Competitor[] = [
  { id: 'leader', name: 'Leader', rating: 1 },
  { id: 'chaser', name: 'Chaser', rating: 1 },
  { id: 'third', name: 'Third', rating: 1 },
  { id: 'fourth', name: 'Fourth', rating: 1 },
];

const preMatch: LiveState = {
  period: 0,
  isBreak: false,
  clockMs: 0,
  score: { home: 0, away: 0 },
  periods: [],
  redCards: { home: 0, away: 0 },
};

const lineOf = (competitorId: string, points: number, difference = 0) => ({
  ...emptyStanding(competitorId),
  played: 5,
  points,
  scored: Math.max(0, difference),
  conceded: Math.max(0, -difference),
});

/** A season of four even sides; `overrides` set its table and fixtures left. */
const outrightOf = (overrides: Partial<Outright> = {}): Outright => ({
  id: 'o1-league-s1',
  league: { id: 'league', name: 'League' },
  sport: 'football',
  season: 1,
  status: 'open',
  competitors,
  standings: competitors.map(({ id }) => lineOf(id, 0)),
  fixtureCount: 12,
  fixturesLeft: [],
  startsAt: 0,
  ...overrides,
});

/** A feed holding one outright and the fixtures the test gives, in the states it gives. */
const handFeed = (outright: Outright, fixtures: Array<{ fixture: Fixture; state: LiveState }> = []) => {
  const feed = {
    current: outright,
    games: fixtures,
    now: () => 0,
    fixtures: () => feed.games.map(({ fixture }) => fixture),
    fixture: (id: string) => feed.games.find(({ fixture }) => fixture.id === id)?.fixture,
    liveState: (id: string) => feed.games.find(({ fixture }) => fixture.id === id)?.state,
    result: () => undefined,
    outrights: () => [feed.current],
    outright: (id: string) => (id === feed.current.id ? feed.current : undefined),
    subscribe: () => () => undefined,
  };
  return feed satisfies FeedSource;
};

const priceOf = (market: OutrightMarket | undefined, key: string): number => {
  const selection = market?.selections.find((candidate) => candidate.key === key);
  if (!selection) throw new Error(`${key} is not offered`);
  return selection.odds;
};

const overround = (market: OutrightMarket): number =>
  market.selections.reduce((sum, { odds }) => sum + 1000 / odds, 0);

/** A double round robin's pairings of the four sides, the first `count` of them. */
const pairings = (count: number) =>
  competitors
    .flatMap((home) =>
      competitors.filter((away) => away !== home).map((away) => ({ home: home.id, away: away.id })),
    )
    .slice(0, count);

describe('outright prices', () => {
  it('prices each season of the simulator with the margin, keyed by competitor, the same for the same feed', () => {
    const feed = new MatchSimulator({
      seed: 'outright',
      startAt: Date.UTC(2026, 0, 1, 12),
      fixturesPerSeason: 6,
    });
    const markets = createMarketBook(feed, { outrightMarginBasisPoints: 2_000 }).outrightMarkets();
    const open = feed.outrights().filter(({ status }) => status === 'open');
    expect(markets.map(({ outrightId }) => outrightId)).toEqual(
      expect.arrayContaining(open.map(({ id }) => id)),
    );
    for (const market of markets) {
      const outright = feed.outright(market.outrightId);
      expect(market.id).toBe(`${market.outrightId}:outright`);
      expect(market.id.split(':')[0]).toBe(outright?.id);
      expect(market.status).toBe('open');
      expect(overround(market)).toBeGreaterThanOrEqual(1.2);
      const ids = new Set(outright?.competitors.map(({ id }) => id));
      expect(market.selections.every(({ key }) => ids.has(key))).toBe(true);
    }
    expect(createMarketBook(feed, { outrightMarginBasisPoints: 2_000 }).outrightMarkets()).toEqual(markets);
  });

  it('makes a leader late in the season short, and a side that cannot catch up is not offered', () => {
    const early = createMarketBook(handFeed(outrightOf({ fixturesLeft: pairings(12) }))).outrightMarket(
      'o1-league-s1',
    );
    const late = createMarketBook(
      handFeed(
        outrightOf({
          standings: [
            lineOf('leader', 15, 8),
            lineOf('chaser', 11, 2),
            lineOf('third', 6),
            lineOf('fourth', 2),
          ],
          fixturesLeft: [
            { home: 'leader', away: 'chaser' },
            { home: 'chaser', away: 'third' },
            { home: 'fourth', away: 'leader' },
          ],
        }),
      ),
    ).outrightMarket('o1-league-s1');
    // Even sides with the whole season left: each about 4.00 fair, more with the margin.
    expect(priceOf(early, 'leader')).toBeGreaterThan(2_500);
    expect(priceOf(late, 'leader')).toBeLessThan(1_250);
    expect(priceOf(late, 'chaser')).toBeGreaterThan(priceOf(late, 'leader'));
    expect(late?.selections.map(({ key }) => key)).toEqual(['leader', 'chaser']);
    for (const market of [early, late]) if (market) expect(overround(market)).toBeGreaterThanOrEqual(1.2);
  });

  it('follows the score of a season fixture in play, and keeps its prices while nothing changes', () => {
    const fixture: Fixture = {
      id: 'f9',
      sport: 'football',
      league: { id: 'league', name: 'League' },
      home: competitors[1] ?? { id: '', name: '', rating: 1 },
      away: competitors[0] ?? { id: '', name: '', rating: 1 },
      kickOffAt: 0,
      status: 'live',
    };
    const outright = outrightOf({
      standings: [lineOf('leader', 12, 4), lineOf('chaser', 10, 4), lineOf('third', 3), lineOf('fourth', 1)],
      fixturesLeft: [{ home: 'chaser', away: 'leader', fixtureId: 'f9' }],
    });
    const inPlay = { fixture, state: { ...preMatch, period: 2, clockMs: 80 * 60_000 } };
    const feed = handFeed(outright, [inPlay]);
    const book = createMarketBook(feed);
    const level = book.outrightMarket(outright.id);
    expect(book.outrightMarket(outright.id)).toEqual(level);
    // Level at 80′ the leader is nearly there; the chaser two up turns it round.
    expect(priceOf(level, 'leader')).toBeLessThan(priceOf(level, 'chaser'));
    inPlay.state = { ...inPlay.state, score: { home: 2, away: 0 } };
    const behind = book.outrightMarket(outright.id);
    expect(priceOf(behind, 'chaser')).toBeLessThan(priceOf(behind, 'leader'));
  });

  it('closes with its last prices once the feed closes it', () => {
    const feed = handFeed(outrightOf({ fixturesLeft: pairings(4) }));
    const book = createMarketBook(feed);
    const open = book.outrightMarket('o1-league-s1');
    feed.current = { ...feed.current, status: 'closed' };
    expect(book.outrightMarket('o1-league-s1')).toEqual({ ...open, status: 'closed' });
    expect(book.outrightMarket('unknown')).toBeUndefined();
  });
});

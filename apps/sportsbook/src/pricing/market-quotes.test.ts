import { describe, expect, it } from 'vitest';
import type { FeedEvent, FeedListener, FeedSource, Fixture, LiveState } from '../feed/feed-source';
import { createMarketBook } from './market-book';

/**
 * A fixture's prices are worked out once per state and shared by every reader until the fixture, its state or
 * its suspension changes (placing a slip, the lists and the odds stream all read them): a feed whose objects
 * the test changes in place, to show the quote is compared by value and never stale.
 */

const fixture: Fixture = {
  id: 'f9',
  sport: 'football',
  league: { id: 'league', name: 'League' },
  home: { id: 'h', name: 'Home', rating: 1.2 },
  away: { id: 'a', name: 'Away', rating: 0.95 },
  kickOffAt: 0,
  status: 'live',
};

const state: LiveState = {
  period: 1,
  isBreak: false,
  clockMs: 600_000,
  score: { home: 0, away: 0 },
  periods: [{ home: 0, away: 0 }],
  redCards: { home: 0, away: 0 },
};

const createFeed = () => {
  const listeners = new Set<FeedListener>();
  const feed = {
    time: 0,
    current: structuredClone(fixture),
    state: structuredClone(state),
    now: () => feed.time,
    fixtures: () => [feed.current],
    fixture: (fixtureId: string) => (fixtureId === feed.current.id ? feed.current : undefined),
    liveState: (fixtureId: string) => (fixtureId === feed.current.id ? feed.state : undefined),
    result: () => undefined,
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

const homeOdds = (book: ReturnType<typeof createMarketBook>): number | undefined =>
  book
    .marketsOf('f9')
    .find(({ spec }) => spec.kind === 'match_result')
    ?.selections.find(({ key }) => key === 'home')?.odds;

describe('market quotes', () => {
  it('answers the same quote while nothing that prices it changed', () => {
    const feed = createFeed();
    const book = createMarketBook(feed);
    const first = book.marketsOf('f9');
    feed.time = 1_000;
    expect(book.marketsOf('f9')).toBe(first);
  });

  it('prices again when the state changes, even in the same object', () => {
    const feed = createFeed();
    const book = createMarketBook(feed);
    const first = book.marketsOf('f9');
    const before = homeOdds(book) ?? 0;
    feed.state.score.home = 1;
    const after = book.marketsOf('f9');
    expect(after).not.toBe(first);
    expect(homeOdds(book)).toBeLessThan(before);
    feed.state.clockMs += 60_000;
    expect(book.marketsOf('f9')).not.toBe(after);
  });

  it('prices again when the fixture or its suspension changes', () => {
    const feed = createFeed();
    const book = createMarketBook(feed, { suspensionMs: { red_card: 4_000 } });
    const first = book.marketsOf('f9');
    feed.current.home.rating = 2;
    const rated = book.marketsOf('f9');
    expect(rated).not.toBe(first);
    feed.emit({ type: 'red_card', fixtureId: 'f9', at: 0, team: 'away', state: feed.state });
    expect(book.marketsOf('f9').every(({ status }) => status === 'suspended')).toBe(true);
    feed.time = 4_000;
    expect(book.marketsOf('f9').every(({ status }) => status === 'open')).toBe(true);
  });

  it('shares a quote no reader can change', () => {
    const book = createMarketBook(createFeed());
    const [market] = book.marketsOf('f9');
    const [selection] = market?.selections ?? [];
    expect(selection).toBeDefined();
    expect(() => {
      if (selection) selection.odds = 100_000;
    }).toThrow(TypeError);
    expect(() => book.marketsOf('f9').pop()).toThrow(TypeError);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import { vi } from 'vitest';
import type { FixtureView, MarketView, MenuView, OutrightView, SessionView, SlipView } from '../api';
import { App } from '../app';

/** What a test's fake server answers a call with: a JSON body, or a function of the request. */
export type Answer = unknown;
export type Handler = (request: { url: URL; body: unknown }) => Answer;
export type ApiCall = { method: string; url: URL; body: unknown; authorization: string | null };

/** A stand-in for the browser's EventSource: tests push the server's events through `emit`. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  isClosed = false;
  private readonly listeners = new Map<string, Array<(event: MessageEvent) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.isClosed = true;
  }

  static latest(): FakeEventSource {
    const open = FakeEventSource.instances.filter((source) => !source.isClosed).at(-1);
    if (!open) throw new Error('No event stream is open.');
    return open;
  }

  static emit(type: string, data: unknown): void {
    const source = FakeEventSource.latest();
    act(() => {
      for (const listener of source.listeners.get(type) ?? []) {
        listener(new MessageEvent(type, { data: JSON.stringify(data) }));
      }
    });
  }
}

export const sessionView = (overrides: Partial<SessionView> = {}): SessionView => ({
  currency: 'PKR',
  balance: '1000.00',
  language: 'en',
  focus: 'sports',
  isDemo: false,
  limits: { minStakePerLine: '1.00', maxStakePerSlip: '50000.00', maxPayout: '1000000.00' },
  ...overrides,
});

export const menuView: MenuView = {
  sports: [
    {
      sport: 'football',
      live: 2,
      upcoming: 5,
      leagues: [{ id: 'epl', name: 'Premier League', fixtures: 7 }],
      outrights: [
        { id: 'o-epl-s3', league: { id: 'epl', name: 'Premier League' }, season: 3, status: 'open' },
      ],
    },
    {
      sport: 'cs2',
      live: 1,
      upcoming: 3,
      leagues: [{ id: 'major', name: 'CS2 Major', fixtures: 4 }],
      outrights: [],
    },
  ],
};

export const market = (
  id: string,
  kind: MarketView['kind'],
  prices: Record<string, number>,
  spec: Partial<Pick<MarketView, 'line' | 'map' | 'round' | 'status'>> = {},
): MarketView => ({
  id,
  kind,
  status: 'open',
  ...spec,
  selections: Object.entries(prices).map(([key, odds]) => ({ key, odds })),
});

const line = (
  competitorId: string,
  name: string,
  won: number,
  drawn: number,
  lost: number,
  difference: number,
) => ({
  competitorId,
  name,
  played: won + drawn + lost,
  won,
  drawn,
  lost,
  scored: 10 + Math.max(0, difference),
  conceded: 10 + Math.max(0, -difference),
  points: 3 * won + drawn,
});

/** The Premier League's season 3 outright, half played: Arsenal top, prices with the favourite listed last. */
export const premierOutright: OutrightView = {
  id: 'o-epl-s3',
  sport: 'football',
  league: { id: 'epl', name: 'Premier League' },
  season: 3,
  status: 'open',
  fixtureCount: 12,
  fixturesLeft: 6,
  competitors: [
    { id: 'arsenal', name: 'Arsenal' },
    { id: 'chelsea', name: 'Chelsea' },
    { id: 'everton', name: 'Everton' },
    { id: 'liverpool', name: 'Liverpool' },
  ],
  market: market('o-epl-s3:outright', 'outright', { chelsea: 3500, liverpool: 9000, arsenal: 1500 }),
  standings: [
    line('arsenal', 'Arsenal', 3, 0, 0, 5),
    line('chelsea', 'Chelsea', 1, 1, 1, 0),
    line('liverpool', 'Liverpool', 1, 0, 2, -1),
    line('everton', 'Everton', 0, 1, 2, -4),
  ],
  winner: null,
};

export const fixtureView = (
  id: string,
  home: string,
  away: string,
  markets: MarketView[],
  overrides: Partial<FixtureView> = {},
): FixtureView => ({
  id,
  sport: 'football',
  league: { id: 'epl', name: 'Premier League' },
  home,
  away,
  kickOffAt: '2026-11-27T20:00:00.000Z',
  status: 'live',
  live: {
    period: 1,
    isBreak: false,
    clockSeconds: 1200,
    score: { home: 1, away: 0 },
    periods: [{ home: 1, away: 0 }],
    redCards: { home: 0, away: 0 },
  },
  markets,
  ...overrides,
});

export const arsenalChelsea = fixtureView('f1', 'Arsenal', 'Chelsea', [
  market('f1:mr', 'match_result', { home: 1955, draw: 3400, away: 4100 }),
  market('f1:ah:-1', 'asian_handicap', { home: 1900, away: 1950 }, { line: -1 }),
  market('f1:tot:10', 'total', { over: 1850, under: 2000 }, { line: 10 }),
]);

export const liverpoolEverton = fixtureView('f2', 'Liverpool', 'Everton', [
  market('f2:mr', 'match_result', { home: 2105, draw: 3300, away: 3600 }),
]);

export const openSlip = (overrides: Partial<SlipView> = {}): SlipView => ({
  id: 's1',
  kind: 'single',
  status: 'open',
  lines: 1,
  stakePerLine: '5.00',
  totalStake: '5.00',
  potentialReturn: '9.77',
  totalReturn: null,
  cashOut: '7.35',
  cashedOut: '0.00',
  placedAt: '2026-11-27T20:10:00.000Z',
  settledAt: null,
  legs: [
    {
      fixtureId: 'f1',
      fixture: 'Arsenal v Chelsea',
      sport: 'football',
      marketId: 'f1:mr',
      kind: 'match_result',
      selection: 'home',
      odds: 1955,
      outcome: null,
    },
  ],
  ...overrides,
});

const defaultHandlers = (): Record<string, Handler> => ({
  'GET /api/session': () => sessionView(),
  'GET /api/menu': () => menuView,
  'GET /api/fixtures': () => ({ fixtures: [arsenalChelsea, liverpoolEverton] }),
  'GET /api/bets': () => ({ slips: [] }),
  'GET /api/outrights': () => ({ outrights: [premierOutright] }),
});

/**
 * Launches the page as the server would (the session in a meta tag) against a fake API: `handlers` answer
 * "METHOD /path" (query strings aside); `calls` records every request.
 */
export const launchSportsbook = (
  handlers: Record<string, Handler> = {},
): RenderResult & { calls: ApiCall[] } => {
  const meta = document.createElement('meta');
  meta.name = 'sportsbook-session';
  meta.content = 'test-session';
  document.head.append(meta);
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  const calls: ApiCall[] = [];
  const allHandlers = { ...defaultHandlers(), ...handlers };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://sportsbook.test');
      const method = init.method ?? 'GET';
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body, authorization: new Headers(init.headers).get('Authorization') });
      const handler = allHandlers[`${method} ${url.pathname}`];
      if (!handler) return Response.json({ error: 'not_found', message: 'Not found' }, { status: 404 });
      return Response.json(await handler({ url, body }));
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { ...render(<App queryClient={queryClient} />), calls };
};

import { z } from 'zod';
import {
  fixtureListSchema,
  fixtureViewSchema,
  marketsEventSchema,
  menuSchema,
  outrightListSchema,
  placeSlipAnswerSchema,
  sessionViewSchema,
  slipListSchema,
  slipViewSchema,
  type FixtureView,
  type MarketView,
  type MenuView,
  type OutrightView,
  type PlaceSlipAnswer,
  type PlaceSlipBody,
  type SessionView,
  type SlipView,
} from '../../src/http/api-types';
import type { Sport } from '../../src/domain';

export type {
  FixtureView,
  MarketView,
  MenuView,
  OutrightView,
  PlaceSlipAnswer,
  PlaceSlipBody,
  SessionView,
  SlipView,
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
}

let session: string | undefined;

/** The session the server put into index.html for this launch; read once, every call carries it. */
export const readSession = (): string => {
  session ??= document.querySelector('meta[name="sportsbook-session"]')?.getAttribute('content') ?? '';
  return session;
};

/** Why the launch gave no session ('bad_launch', 'token_used' …), when the server put that in instead. */
export const readLaunchError = (): string | null =>
  document.querySelector('meta[name="sportsbook-error"]')?.getAttribute('content') ?? null;

/** Tests launch the page several times in one document. */
export const forgetSession = (): void => {
  session = undefined;
};

const request = async <Schema extends z.ZodType>(
  path: string,
  schema: Schema,
  init: { method?: 'GET' | 'POST'; body?: unknown } = {},
): Promise<z.infer<Schema>> => {
  const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${readSession()}` });
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof answer === 'object' &&
      answer !== null &&
      'message' in answer &&
      typeof answer.message === 'string'
        ? answer.message
        : `${response.status} ${response.statusText}`;
    throw new ApiError(message);
  }
  return schema.parse(answer);
};

export type FixtureFilter = { sport: Sport; league: string | null; status: 'live' | 'upcoming' };

const withQuery = (path: string, query: Record<string, string | null>): string => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== null) params.set(name, value);
  return `${path}?${params.toString()}`;
};

export const fetchSession = (): Promise<SessionView> => request('/api/session', sessionViewSchema);
export const fetchMenu = (): Promise<MenuView> => request('/api/menu', menuSchema);
export const fetchFixtures = async (filter: FixtureFilter): Promise<FixtureView[]> =>
  (await request(withQuery('/api/fixtures', filter), fixtureListSchema)).fixtures;
export const fetchFixture = (id: string): Promise<FixtureView> =>
  request(`/api/fixtures/${encodeURIComponent(id)}`, fixtureViewSchema);
/** A league's outrights (its seasons' winner markets and tables). */
export const fetchOutrights = async (filter: { sport: Sport; league: string }): Promise<OutrightView[]> =>
  (await request(withQuery('/api/outrights', filter), outrightListSchema)).outrights;
export const placeSlip = (body: PlaceSlipBody): Promise<PlaceSlipAnswer> =>
  request('/api/slips', placeSlipAnswerSchema, { method: 'POST', body });
export const fetchBets = async (isOpen: boolean): Promise<SlipView[]> =>
  (await request(withQuery('/api/bets', { open: String(isOpen) }), slipListSchema)).slips;

// api-types.ts gives this answer in words only: { slip, balance }.
const cashOutAnswerSchema = z.object({ slip: slipViewSchema, balance: z.string() });
/** Cashes out `fraction` basis points of the bet (10,000: all of it) at the full value the player was shown. */
export const cashOut = (
  slipId: string,
  value: string,
  fraction = 10_000,
): Promise<z.infer<typeof cashOutAnswerSchema>> =>
  request(`/api/bets/${encodeURIComponent(slipId)}/cash-out`, cashOutAnswerSchema, {
    method: 'POST',
    body: fraction === 10_000 ? { value } : { value, fraction },
  });

export type StreamHandlers = {
  onFixture: (fixture: FixtureView) => void;
  onMarkets: (fixtureId: string, markets: MarketView[]) => void;
  onBets: () => void;
  /** The stream came back after a break: what it missed must be read again. */
  onReconnect: () => void;
};

/** The live stream; `fixtureId` is the fixture whose page is open (all its markets come as `markets`). */
export const openStream = (fixtureId: string | null, handlers: StreamHandlers): (() => void) => {
  const source = new EventSource(withQuery('/api/stream', { session: readSession(), fixture: fixtureId }));
  const readData = (event: Event): unknown =>
    event instanceof MessageEvent && typeof event.data === 'string' ? JSON.parse(event.data) : null;
  source.addEventListener('fixture', (event) => {
    const parsed = fixtureViewSchema.safeParse(readData(event));
    if (parsed.success) handlers.onFixture(parsed.data);
  });
  source.addEventListener('markets', (event) => {
    const parsed = marketsEventSchema.safeParse(readData(event));
    if (parsed.success) handlers.onMarkets(parsed.data.fixtureId, parsed.data.markets);
  });
  source.addEventListener('bets', () => {
    handlers.onBets();
  });
  let hasOpened = false;
  source.addEventListener('open', () => {
    if (hasOpened) handlers.onReconnect();
    hasOpened = true;
  });
  return () => {
    source.close();
  };
};

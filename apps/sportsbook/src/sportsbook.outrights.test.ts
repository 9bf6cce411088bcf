import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import {
  parseProtocolJson,
  stringifyProtocolJson,
  vendorWalletPublicKeyPath,
  vendorWalletSignatureHeader,
} from '@wps/contracts/vendor-wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutrightResult } from './domain';
import { MatchSimulator } from './feed/simulator';
import type { MenuView, OutrightView, PlaceSlipAnswer, SlipView } from './http/api-types';
import { buildSportsbook } from './sportsbook';
import type { StoreLocation } from './store/store';
import { scratchStoreLocation } from './testing/test-store';

/**
 * The sportsbook's outrights through its page API, against a stand-in platform (a `fetch` that signs RS_OK answers
 * with a key of its own): listed in the menu and by /api/outrights with their tables, bet as singles only, settled
 * when the feed ends the season, and kept open across a restart while the feed still knows them.
 */

let location: StoreLocation;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  ({ location, drop: cleanUp } = await scratchStoreLocation('wps_sb_outright_api'));
}, 30_000);

afterAll(() => cleanUp());

const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const vendorKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platformPublicKey = platformKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** The platform's wallet as the book sees it: every call answered RS_OK, signed; what was called, by method. */
const platformCalls: Array<{ method: string; fields: Record<string, unknown> }> = [];
const platformFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.pathname === vendorWalletPublicKeyPath) return new Response(platformPublicKey);
  const fields = parseProtocolJson(typeof init?.body === 'string' ? init.body : '{}') as Record<
    string,
    unknown
  >;
  platformCalls.push({ method: url.pathname.split('/').slice(-2).join('/'), fields });
  const answer = stringifyProtocolJson({
    user: fields.user,
    status: 'RS_OK',
    request_uuid: fields.request_uuid,
    currency: 'USD',
    balance: 100_000_000n,
  });
  const signature = sign('sha256', Buffer.from(answer), platformKeys.privateKey).toString('base64');
  return new Response(answer, { status: 200, headers: { [vendorWalletSignatureHeader]: signature } });
};

const startAt = Date.parse('2026-11-27T12:00:00Z');
const simulatorOf = (idPrefix: string) =>
  new MatchSimulator({
    seed: 'outright-api',
    startAt,
    fixturesPerSeason: 2,
    correctionProbability: 0,
    idPrefix,
  });

const open = async (feed: MatchSimulator) => {
  const built = await buildSportsbook({
    platformUrl: 'http://platform.test',
    privateKeyPem: vendorKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    store: location,
    feed,
    fetch: platformFetch,
    limits: { inPlayDelayMs: [0, 0] },
    senderIntervalMs: 50,
    streamIntervalMs: 60_000,
  });
  await built.app.ready();
  const page = await built.app.inject({
    url: `/play?token=${randomBytes(12).toString('hex')}&user=player1&game=sports&vendor=BTI&currency=USD`,
  });
  const session = /name="sportsbook-session" content="([^"]+)"/.exec(page.body)?.[1];
  if (!session) throw new Error(`No session: ${page.statusCode} ${page.body}`);
  const api = async <Answer>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer> => {
    const response = await built.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${session}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (response.statusCode !== 200)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json<Answer>();
  };
  return { built, api };
};

type Book = Awaited<ReturnType<typeof open>>;

const placeOn = (book: Book, outright: OutrightView, selection: string) => {
  const odds = outright.market?.selections.find(({ key }) => key === selection)?.odds;
  if (odds === undefined || !outright.market) throw new Error(`${selection} is not offered`);
  return book.api<PlaceSlipAnswer>('POST', '/api/slips', {
    kind: 'single',
    legs: [{ marketId: outright.market.id, selection, odds }],
    stakePerLine: '5',
    acceptOdds: 'any',
  });
};

const slipOf = async (book: Book, slipId: string): Promise<SlipView | undefined> => {
  const lists = await Promise.all(
    [true, false].map((isOpen) => book.api<{ slips: SlipView[] }>('GET', `/api/bets?open=${String(isOpen)}`)),
  );
  return lists.flatMap(({ slips }) => slips).find(({ id }) => id === slipId);
};

describe('outrights on the page API', () => {
  it('lists, takes as singles only, and settles a season’s outright; a restart keeps the ones the feed knows', async () => {
    const feed = simulatorOf('api-');
    const book = await open(feed);
    const menu = await book.api<MenuView>('GET', '/api/menu');
    const football = menu.sports.find(({ sport }) => sport === 'football');
    expect(football?.outrights.some(({ status }) => status === 'open')).toBe(true);
    const { outrights } = await book.api<{ outrights: OutrightView[] }>(
      'GET',
      '/api/outrights?sport=football&league=aldmoor-premier',
    );
    expect(outrights.length).toBeGreaterThan(0);
    expect(outrights.every(({ league }) => league.id === 'aldmoor-premier')).toBe(true);
    const first = outrights.find(
      ({ status, fixturesLeft, market }) =>
        status === 'open' && fixturesLeft === 2 && market?.status === 'open',
    );
    if (!first?.market) throw new Error('No season ahead');
    expect(first.standings).toHaveLength(8);
    expect(first.standings[0]).toMatchObject({ played: 0, points: 0 });
    expect(first.standings.map(({ name }) => name).sort()).toEqual(
      first.competitors.map(({ name }) => name).sort(),
    );
    expect(first.market.id).toBe(`${first.id}:outright`);

    // Singles on each side offered; an accumulator with a match is refused.
    const slips = new Map<string, string>();
    for (const { key } of first.market.selections) {
      const placed = await placeOn(book, first, key);
      if (!placed.isAccepted) throw new Error(placed.message);
      const name = first.competitors.find(({ id }) => id === key)?.name;
      expect(placed.slip.legs[0]).toMatchObject({
        kind: 'outright',
        selection: key,
        selectionName: name,
        fixture: `Aldmoor Premier League · Season ${String(first.season)}`,
      });
      slips.set(key, placed.slip.id);
    }
    const match = (
      await book.api<{
        fixtures: Array<{ markets: Array<{ id: string; selections: Array<{ key: string; odds: number }> }> }>;
      }>('GET', '/api/fixtures?status=upcoming')
    ).fixtures.find(({ markets }) => markets.length > 0)?.markets[0];
    const [favourite] = first.market.selections;
    if (!match?.selections[0] || !favourite) throw new Error('No match to combine with');
    expect(
      await book.api<PlaceSlipAnswer>('POST', '/api/slips', {
        kind: 'accumulator',
        legs: [
          { marketId: first.market.id, selection: favourite.key, odds: favourite.odds },
          { marketId: match.id, selection: match.selections[0].key, odds: match.selections[0].odds },
        ],
        stakePerLine: '5',
        acceptOdds: 'any',
      }),
    ).toMatchObject({ isAccepted: false, refusal: 'invalid_slip' });

    // The season plays out; its end settles the slips through the book's own subscription.
    let ending: OutrightResult | undefined;
    feed.subscribe((event) => {
      if (event.type === 'outright_settled' && event.fixtureId === first.id) ending = event.result;
    });
    for (let step = 0; step < 200 && !ending; step += 1) feed.tick(15_000);
    if (!ending) throw new Error('The season did not end');
    // Heard again, the same result settles nothing twice; awaiting it waits for the settlement under way.
    await book.built.settle(first.id, ending, ending.status === 'final' ? 'settled' : 'void');
    const winner = ending.status === 'final' ? ending.winner : undefined;
    for (const [key, slipId] of slips) {
      const slip = await slipOf(book, slipId);
      expect(slip?.status, key).toBe(winner === undefined ? 'void' : key === winner ? 'won' : 'lost');
    }
    const settled = (
      await book.api<{ outrights: OutrightView[] }>('GET', '/api/outrights?sport=football')
    ).outrights.find(({ id }) => id === first.id);
    expect(settled).toMatchObject({ status: 'settled', fixturesLeft: 0, winner: winner ?? null });
    expect(settled?.standings[0]?.competitorId).toBe(winner ?? settled?.standings[0]?.competitorId);

    // A bet on a season still open, then restarts: kept while the feed knows the outright, void once it does not.
    const second = (
      await book.api<{ outrights: OutrightView[] }>('GET', '/api/outrights?sport=football')
    ).outrights.find(({ market }) => market?.status === 'open');
    const onSecond = second && (await placeOn(book, second, second.market?.selections[0]?.key ?? ''));
    if (!onSecond?.isAccepted) throw new Error('Not placed');
    await book.built.app.close();
    const same = await open(feed);
    expect((await slipOf(same, onSecond.slip.id))?.status).toBe('open');
    await same.built.app.close();
    platformCalls.length = 0;
    const other = await open(simulatorOf('other-'));
    expect((await slipOf(other, onSecond.slip.id))?.status).toBe('void');
    await other.built.sender.close();
    expect(
      platformCalls.some(
        ({ method, fields }) => method === 'transaction/rollback' && fields.user === 'player1',
      ),
    ).toBe(true);
    await other.built.app.close();
  }, 60_000);
});

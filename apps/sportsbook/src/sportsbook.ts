import { createPrivateKey } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  frameAncestorsWith,
  frameOriginOf,
  gamePageHeaders,
  launchQuerySchema,
} from '@wps/vendor-wallet-client/launch-origin';
import { createWalletClient, type FetchFunction } from '@wps/vendor-wallet-client/wallet-client';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BookError, type BookLimits, createBookService, defaultLimits } from './book/book.service';
import { formatCents, protocolToCents } from './book/money';
import { createResettlement } from './book/resettlement';
import * as resettlementRepository from './book/resettlement.repository';
import * as repository from './book/slips.repository';
import { isEsport, sports } from './domain';
import type { FeedSource } from './feed/feed-source';
import { MatchSimulator, type SimulatorOptions } from './feed/simulator';
import { cashOutBodySchema, type MenuView, placeSlipBodySchema, type SessionView } from './http/api-types';
import { createPageSessions, type BookPageSession } from './http/sessions';
import { createOddsStream } from './http/odds-stream';
import { competitorNamesOf, fixtureView, mainMarkets, outrightView, slipView } from './http/views';
import { createMarketBook } from './pricing/market-book';
import { openStore, type StoreLocation } from './store/store';
import { createWalletCallSender } from './wallet/wallet-calls';
import { parseCents } from './book/money';

/**
 * The sportsbook: its own process and store, launched by the platform at `/play` like any sports vendor, moving
 * money only through the platform's seamless wallet (bet at placement, win at settlement, rollback on void). The
 * feed is the simulator unless another FeedSource is given.
 */

export type SportsbookOptions = {
  platformUrl: string;
  privateKeyPem: string;
  store: StoreLocation;
  host?: string;
  port?: number;
  fallbackToFreePort?: boolean;
  frameAncestors?: readonly string[];
  fetch?: FetchFunction;
  /** The feed; by default a simulator following real time with `simulator` options. */
  feed?: FeedSource;
  simulator?: SimulatorOptions;
  limits?: Partial<BookLimits>;
  /** Slips settled per statement (5,000). */
  settlementChunk?: number;
  /** How often wallet calls without a final answer are tried again, and odds pushed to the pages. */
  senderIntervalMs?: number;
  streamIntervalMs?: number;
  /** Vendor codes whose launches open on e-sports (the platform's e-sports tiles). */
  esportsVendors?: readonly string[];
  logger?: { level: string; stream?: { write: (line: string) => void } };
};

const webFolder = fileURLToPath(new URL('../dist/web/', import.meta.url));

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The built page with the session in a meta tag; a bare page when the page was not built (API tests). */
const renderPage = (session: BookPageSession | undefined, message?: string): string => {
  const indexFile = path.join(webFolder, 'index.html');
  const html = existsSync(indexFile)
    ? readFileSync(indexFile, 'utf8')
    : '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sportsbook</title></head><body></body></html>';
  const meta = session
    ? `<meta name="sportsbook-session" content="${escapeAttribute(session.id)}">`
    : `<meta name="sportsbook-error" content="${escapeAttribute(message ?? 'error')}">`;
  return html.replace('</head>', `${meta}</head>`);
};

const assetTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

export const buildSportsbook = async (options: SportsbookOptions) => {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: 16_384 });
  const store = await openStore(options.store);
  const client = createWalletClient({
    platformUrl: options.platformUrl,
    privateKey: createPrivateKey(options.privateKeyPem),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    log: app.log,
  });
  const simulator = options.feed ? undefined : new MatchSimulator(options.simulator);
  const feed: FeedSource = options.feed ?? simulator ?? new MatchSimulator();
  const markets = createMarketBook(feed);
  const stream = createOddsStream({ feed, markets, intervalMs: options.streamIntervalMs ?? 1_000 });
  // A win or refund that reached the wallet: the player's pages read the balance and bets again.
  const sender = createWalletCallSender({
    store,
    client,
    log: app.log,
    onFinal: (call) => {
      if (call.method !== 'transaction/bet') stream.notifyBets(call.player);
    },
  });
  const limits = { ...defaultLimits, ...options.limits };
  const book = createBookService({
    store,
    feed,
    markets,
    sender,
    limits,
    ...(options.settlementChunk ? { settlementChunk: options.settlementChunk } : {}),
  });
  const sessions = createPageSessions();
  const esportsVendors = new Set(options.esportsVendors ?? []);

  const resettlement = createResettlement({ store, sender, maxPayout: limits.maxPayout });
  /**
   * A fixture's result carried to its slips: settled slips resettled when it corrects an earlier one, then the
   * open slips it decides settled, then the fixture marked done (what a stop interrupts runs again at start).
   */
  const applyResult = async (fixtureId: string, result: Parameters<typeof book.settleFixture>[1]) => {
    await resettlement.resettleFixture(fixtureId, result);
    await book.settleFixture(fixtureId, result);
    await resettlementRepository.markResettled(store, fixtureId);
  };

  // Settlement follows the feed's results, one fixture at a time (a result heard twice settles nothing twice).
  let settling: Promise<unknown> = Promise.resolve();
  const settle = (fixtureId: string, result: Parameters<typeof book.settleFixture>[1], status: string) => {
    settling = settling
      .then(async () => {
        if (!(await repository.saveResult(store, fixtureId, status, result))) return;
        await applyResult(fixtureId, result);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error, fixtureId }, 'settlement failed; it runs again on the next start');
      });
    return settling;
  };
  const unsubscribe = feed.subscribe((event) => {
    if (event.type === 'finished' || event.type === 'postponed' || event.type === 'abandoned') {
      void settle(event.fixtureId, event.result, event.type);
    }
    if (event.type === 'result_corrected') {
      const status = event.result.status === 'final' ? 'finished' : event.result.reason;
      void settle(event.fixtureId, event.result, status);
    }
    // A season's end settles the legs on its outright (their fixture is the outright id) the same way.
    if (event.type === 'outright_settled') {
      void settle(event.fixtureId, event.result, event.result.status === 'final' ? 'settled' : 'void');
    }
  });

  /** What a stop interrupted: half-placed slips, settlements, and fixtures the feed has forgotten (void). */
  const recover = async () => {
    await book.recover();
    for (const fixture of await repository.fixturesToSettle(store)) {
      await book.settleFixture(fixture.id, fixture.result as Parameters<typeof book.settleFixture>[1]);
    }
    for (const fixture of await resettlementRepository.fixturesToResettle(store)) {
      await applyResult(fixture.id, fixture.result as Parameters<typeof book.settleFixture>[1]);
    }
    for (const { id } of await repository.fixturesWithoutResult(store)) {
      if (!feed.fixture(id) && !feed.outright(id))
        await settle(id, { status: 'void', reason: 'abandoned' }, 'abandoned');
    }
  };

  const sendPage = (reply: FastifyReply, status: number, html: string, launchOrigin?: string) =>
    reply
      .code(status)
      .headers(
        gamePageHeaders(frameAncestorsWith(options.frameAncestors ?? [], launchOrigin), { allowFonts: true }),
      )
      .type('text/html; charset=utf-8')
      .send(html);

  app.get('/play', async (request, reply) => {
    const launchOrigin = frameOriginOf((request.query as Record<string, unknown>).origin);
    const parsed = launchQuerySchema.safeParse(request.query);
    if (!parsed.success) return sendPage(reply, 400, renderPage(undefined, 'bad_launch'), launchOrigin);
    const launch = parsed.data;
    const focus = esportsVendors.has(launch.vendor) ? 'esports' : 'sports';
    const base = {
      vendorCode: launch.vendor,
      gameCode: launch.game,
      language: launch.lang.slice(0, 2).toLowerCase(),
      focus,
    } as const;
    if (launch.mode === 'demo') {
      const session = sessions.create({
        ...base,
        user: '',
        token: '',
        currency: launch.currency,
        isDemo: true,
      });
      return sendPage(reply, 200, renderPage(session), launchOrigin);
    }
    if (!launch.token || !launch.user)
      return sendPage(reply, 400, renderPage(undefined, 'missing_token'), launchOrigin);
    if (!sessions.useToken(launch.token))
      return sendPage(reply, 409, renderPage(undefined, 'token_used'), launchOrigin);
    const call = await client.prepare(launch.vendor, 'user/info', {
      user: launch.user,
      token: launch.token,
      game_code: launch.game,
    });
    const result = await client.sendWithRetries(call, [300, 1_000]);
    if (result.kind !== 'answer' || result.answer.status !== 'RS_OK') {
      return sendPage(reply, 502, renderPage(undefined, 'wallet_unavailable'), launchOrigin);
    }
    const session = sessions.create({
      ...base,
      user: launch.user,
      token: launch.token,
      currency: result.answer.currency,
      isDemo: false,
    });
    return sendPage(reply, 200, renderPage(session), launchOrigin);
  });

  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const { name } = request.params;
    const type = assetTypes[path.extname(name)];
    if (!/^[A-Za-z0-9._-]+$/.test(name) || !type) return reply.code(404).send({ error: 'not_found' });
    const body = await readFile(path.join(webFolder, 'assets', name)).catch(() => undefined);
    if (!body) return reply.code(404).send({ error: 'not_found' });
    return reply
      .type(type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });

  const sessionOf = (request: FastifyRequest): BookPageSession => {
    const header = request.headers.authorization;
    const fromQuery = (request.query as Record<string, unknown> | undefined)?.session;
    const id = header?.startsWith('Bearer ')
      ? header.slice(7)
      : typeof fromQuery === 'string'
        ? fromQuery
        : undefined;
    const session = sessions.find(id);
    if (!session) throw new HttpError(401, 'session_expired', 'Open the game again from the site.');
    return session;
  };

  const balanceOf = async (session: BookPageSession): Promise<string> => {
    if (session.isDemo) return '0.00';
    const call = await client.prepare(session.vendorCode, 'user/balance', {
      user: session.user,
      token: session.token,
      game_code: session.gameCode,
    });
    const result = await client.send(call);
    if (result.kind !== 'answer' || result.answer.status !== 'RS_OK') {
      throw new HttpError(502, 'wallet_unavailable', 'The balance is not available now.');
    }
    return formatCents(protocolToCents(result.answer.balance));
  };

  app.get('/api/session', async (request): Promise<SessionView> => {
    const session = sessionOf(request);
    return {
      currency: session.currency,
      balance: await balanceOf(session),
      language: session.language,
      focus: session.focus,
      isDemo: session.isDemo,
      limits: {
        minStakePerLine: formatCents(limits.minStakePerLine),
        maxStakePerSlip: formatCents(limits.maxStakePerSlip),
        maxPayout: formatCents(limits.maxPayout),
      },
    };
  });

  const isOpenFixture = (status: string) => status === 'scheduled' || status === 'live';

  app.get('/api/menu', async (request): Promise<MenuView> => {
    sessionOf(request);
    const fixtures = feed.fixtures().filter((fixture) => isOpenFixture(fixture.status));
    const outrights = feed.outrights();
    return {
      sports: sports.map((sport) => {
        const own = fixtures.filter((fixture) => fixture.sport === sport);
        const leagues = new Map<string, { id: string; name: string; fixtures: number }>();
        for (const fixture of own) {
          const league = leagues.get(fixture.league.id) ?? { ...fixture.league, fixtures: 0 };
          league.fixtures += 1;
          leagues.set(fixture.league.id, league);
        }
        return {
          sport,
          live: own.filter((fixture) => fixture.status === 'live').length,
          upcoming: own.filter((fixture) => fixture.status === 'scheduled').length,
          leagues: [...leagues.values()],
          outrights: outrights
            .filter((outright) => outright.sport === sport)
            .map(({ id, league, season, status }) => ({ id, league, season, status })),
        };
      }),
    };
  });

  const outrightQuerySchema = z.object({
    sport: z.enum(sports).optional(),
    league: z.string().max(100).optional(),
    esports: z.enum(['true', 'false']).optional(),
  });

  app.get('/api/outrights', async (request) => {
    sessionOf(request);
    const query = outrightQuerySchema.parse(request.query);
    const outrights = feed
      .outrights()
      .filter((outright) => query.sport === undefined || outright.sport === query.sport)
      .filter(
        (outright) => query.esports === undefined || isEsport(outright.sport) === (query.esports === 'true'),
      )
      .filter((outright) => query.league === undefined || outright.league.id === query.league);
    return {
      outrights: outrights.map((outright) => outrightView(outright, markets.outrightMarket(outright.id))),
    };
  });

  const listQuerySchema = z.object({
    sport: z.enum(sports).optional(),
    league: z.string().max(100).optional(),
    status: z.enum(['live', 'upcoming']).optional(),
    esports: z.enum(['true', 'false']).optional(),
  });

  app.get('/api/fixtures', async (request) => {
    sessionOf(request);
    const query = listQuerySchema.parse(request.query);
    const fixtures = feed
      .fixtures()
      .filter((fixture) => isOpenFixture(fixture.status))
      .filter((fixture) => query.sport === undefined || fixture.sport === query.sport)
      .filter(
        (fixture) => query.esports === undefined || isEsport(fixture.sport) === (query.esports === 'true'),
      )
      .filter((fixture) => query.league === undefined || fixture.league.id === query.league)
      .filter(
        (fixture) => query.status === undefined || (query.status === 'live') === (fixture.status === 'live'),
      )
      .slice(0, 200);
    return {
      fixtures: fixtures.map((fixture) =>
        fixtureView(feed, fixture, mainMarkets(markets.marketsOf(fixture.id))),
      ),
    };
  });

  app.get<{ Params: { id: string } }>('/api/fixtures/:id', async (request) => {
    sessionOf(request);
    const fixture = feed.fixture(request.params.id);
    if (!fixture) throw new HttpError(404, 'not_found', 'No such match.');
    return fixtureView(feed, fixture, markets.marketsOf(fixture.id));
  });

  app.post('/api/slips', async (request) => {
    const session = sessionOf(request);
    if (session.isDemo) throw new HttpError(403, 'demo', 'Log in to place bets.');
    const body = placeSlipBodySchema.parse(request.body);
    const placed = await book.place(session, body);
    if (!placed.isAccepted) return placed;
    return {
      isAccepted: true,
      slip: slipView(placed.slip, book.cashOutValueOf(placed.slip), competitorNamesOf(feed)),
      balance: await balanceOf(session).catch(() => ''),
    };
  });

  app.get('/api/bets', async (request) => {
    const session = sessionOf(request);
    const isOpen =
      z.object({ open: z.enum(['true', 'false']).default('true') }).parse(request.query).open === 'true';
    const slips = await book.listSlips(session.user, isOpen);
    const names = competitorNamesOf(feed);
    return { slips: slips.map((slip) => slipView(slip, book.cashOutValueOf(slip), names)) };
  });

  app.post<{ Params: { id: string } }>('/api/bets/:id/cash-out', async (request) => {
    const session = sessionOf(request);
    const { value, fraction } = cashOutBodySchema.parse(request.body);
    const shown = parseCents(value);
    if (shown === null || !/^\d{1,18}$/.test(request.params.id)) {
      throw new HttpError(400, 'bad_request', 'This cash-out cannot be made.');
    }
    const slip = await book.cashOut(session.user, BigInt(request.params.id), shown, fraction);
    return {
      slip: slipView(slip, book.cashOutValueOf(slip), competitorNamesOf(feed)),
      balance: await balanceOf(session).catch(() => ''),
    };
  });

  app.get('/api/stream', async (request, reply) => {
    const session = sessionOf(request);
    const fixture = z.object({ fixture: z.string().max(100).optional() }).parse(request.query).fixture;
    reply.hijack();
    stream.connect(reply.raw, session.user, fixture);
  });

  app.get('/health', async () => ({ status: 'ok' }));

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof HttpError)
      return reply.code(error.status).send({ error: error.code, message: error.message });
    if (error instanceof BookError)
      return reply.code(409).send({ error: error.refusal, message: error.message });
    if (error instanceof z.ZodError)
      return reply.code(400).send({ error: 'bad_request', message: 'Malformed request.' });
    app.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'internal', message: 'Something went wrong.' });
  });

  let senderTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await recover();
    simulator?.start();
    stream.start();
    senderTimer = setInterval(sender.kick, options.senderIntervalMs ?? 500);
  });
  app.addHook('onClose', async () => {
    clearInterval(senderTimer);
    unsubscribe();
    simulator?.stop();
    stream.stop();
    markets.close();
    await settling;
    await sender.close();
    await store.close();
  });

  return {
    app,
    book,
    feed,
    markets,
    store,
    sender,
    /** Settles a fixture on a result as the feed's does (tests, and a trader's manual result). */
    settle,
  };
};

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type RunningSportsbook = Awaited<ReturnType<typeof buildSportsbook>> & {
  url: string;
  launchUrl: string;
  close: () => Promise<void>;
};

const isAddressInUse = (error: unknown): boolean =>
  error instanceof Error && (error as Error & { code?: unknown }).code === 'EADDRINUSE';

/** Starts the sportsbook on `port` (0: a free one; taken: a free one when `fallbackToFreePort`). */
export const startSportsbook = async (options: SportsbookOptions): Promise<RunningSportsbook> => {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  const built = await buildSportsbook(options);
  try {
    await built.app.listen({ host, port });
  } catch (error) {
    if (!isAddressInUse(error) || !options.fallbackToFreePort || port === 0) {
      await built.app.close();
      throw error;
    }
    await built.app.listen({ host, port: 0 });
  }
  const address = built.app.server.address();
  const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${typeof address === 'object' && address ? address.port : port}`;
  return { ...built, url, launchUrl: `${url}/play`, close: () => built.app.close() };
};

import { readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { formatProtocolAmount } from './amounts';
import { createGameService, isStake, type SpinResult } from './game-service';
import { type OpenFailure, renderIndexPage, renderOpenFailurePage, renderPlayPage } from './play-page';
import { QuietRequestLogController } from './request-logging';
import { createRetryQueue, type RetryQueue } from './retry-queue';
import { createSessionStore } from './sessions';
import type { RandomSource } from './slot';
import {
  frameAncestorsWith,
  frameOriginOf,
  gamePageHeaders,
  launchQuerySchema,
} from '@wps/vendor-wallet-client/launch-origin';
import { createWalletClient, type FetchFunction } from '@wps/vendor-wallet-client/wallet-client';

/**
 * The demo game vendor: what an external game vendor looks like from the platform's side. It has its own
 * launch URL (`/play`), serves a small slot to the player's browser, and moves real money only through the
 * platform's seamless wallet API, with signed calls and the retries real vendors make. One vendor process
 * stands in for every demo vendor code of the catalogue; the `vendor` of the launch URL says which one the
 * wallet calls are made as.
 */

export type DemoVendorOptions = {
  /** The platform's base URL (its wallet API is under /wps/vendor-wallet). */
  platformUrl: string;
  /** PKCS #8 (or PKCS #1) PEM of the RSA key that signs our wallet calls. */
  privateKeyPem: string;
  host?: string;
  /** 0: a free port. */
  port?: number;
  /** When `port` is taken, listen on a free one instead. */
  fallbackToFreePort?: boolean;
  /** Origins allowed to frame the game (the player's site); none: only the vendor itself. */
  frameAncestors?: readonly string[];
  fetch?: FetchFunction;
  /** One wallet attempt gives up after this long. */
  attemptTimeoutMs?: number;
  /** Waits between the attempts a player's request makes itself. */
  retryDelaysMs?: readonly number[];
  /** Waits of the retry queue (wins and rollbacks) by retry number. */
  queueDelayMs?: (attempt: number) => number;
  random?: RandomSource;
  /** Fastify's (pino's) log level and where the lines go (standard output when absent); no logs when absent. */
  logger?: { level: string; stream?: { write: (line: string) => void } };
  /** Each request's lines at debug instead of info (development: QuietRequestLogController). */
  quietRequestLog?: boolean;
};

export type RunningDemoVendor = {
  /** Where browsers reach the vendor. */
  url: string;
  /** The URL the platform launches games at (the platform adds token, game, vendor, currency, lang, mode). */
  launchUrl: string;
  /** Wallet calls still waiting in the retry queue. */
  pendingRetries: () => number;
  /** Resolves once the retry queue is empty. */
  whenRetriesSettled: () => Promise<void>;
  close: () => Promise<void>;
};

const publicFolder = new URL('../public/', import.meta.url);
const assets = {
  'slot.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('slot.js', publicFolder)) },
  'slot.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('slot.css', publicFolder)) },
} as const;

const spinSchema = z.object({ session: z.string().min(1).max(64), stake: z.number().int() });
const balanceSchema = z.object({ session: z.string().min(1).max(64) });

/** The launch token travels in the query; it is never written to the logs. */
const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.replace(/([?&]token=)[^&#]*/gi, '$1[Redacted]'),
  remoteAddress: request.ip,
});

/** What the page's script reads after a spin; amounts as text with two decimals. */
const spinAnswer = (result: SpinResult, currency: string) => {
  const money = (amount: bigint) => formatProtocolAmount(amount);
  switch (result.kind) {
    case 'spun':
      return {
        status: 'ok',
        grid: result.outcome.grid,
        lines: result.outcome.lines.map((line) => ({
          line: line.line,
          symbol: line.symbol,
          win: money(result.stake * line.multiplier),
        })),
        stake: money(result.stake),
        win: money(result.win),
        balance: money(result.balance),
        winPending: result.isWinPending,
        currency,
      };
    case 'not-enough-money':
      return { status: 'not_enough_money', balance: money(result.balance), currency };
    case 'refused':
      return { status: 'refused', reason: result.status, balance: money(result.balance), currency };
    case 'wallet-unavailable':
      return { status: 'wallet_unavailable', balance: money(result.balance), currency };
    case 'busy':
      return { status: 'busy' };
  }
};

export const buildDemoVendor = (options: DemoVendorOptions): { app: FastifyInstance; queue: RetryQueue } => {
  const app = Fastify({
    logger: options.logger ? { ...options.logger, serializers: { req: serializeRequest } } : false,
    ...(options.quietRequestLog ? { logController: new QuietRequestLogController() } : {}),
    bodyLimit: 4_096,
  });
  const frameAncestors = options.frameAncestors ?? [];
  const wallet = createWalletClient({
    platformUrl: options.platformUrl,
    privateKey: createPrivateKey(options.privateKeyPem),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.attemptTimeoutMs === undefined ? {} : { attemptTimeoutMs: options.attemptTimeoutMs }),
    log: app.log,
  });
  const queue = createRetryQueue({
    send: wallet.send,
    ...(options.queueDelayMs ? { delayMs: options.queueDelayMs } : {}),
    log: app.log,
  });
  const sessions = createSessionStore();
  const games = createGameService({
    wallet,
    queue,
    sessions,
    ...(options.random ? { random: options.random } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    queue.close();
  });

  /** A page the configured origins may frame, and the one that launched it (the platform names its site page). */
  const sendPage = (reply: FastifyReply, status: number, html: string, launchOrigin?: string) => {
    return reply
      .code(status)
      .headers(gamePageHeaders(frameAncestorsWith(frameAncestors, launchOrigin)))
      .type('text/html; charset=utf-8')
      .send(html);
  };

  app.get('/play', async (request, reply) => {
    const parsed = launchQuerySchema.safeParse(request.query);
    const query = request.query as Record<string, unknown>;
    const language = typeof query.lang === 'string' ? query.lang.slice(0, 16) : 'en';
    // Framing by the launching site is harmless to allow: a real-money page needs the player's one-time token,
    // which only the platform hands to that player's own page; the demo's money is pretend.
    const launchOrigin = frameOriginOf(query.origin);
    const failurePage = (status: number, pageLanguage: string, reason: OpenFailure, code = '') =>
      sendPage(reply, status, renderOpenFailurePage(pageLanguage, reason, code), launchOrigin);
    if (!parsed.success) return failurePage(400, language, 'badLaunch');
    const launch = parsed.data;
    const opened = await games.open({
      mode: launch.mode,
      vendorCode: launch.vendor,
      gameCode: launch.game,
      currency: launch.currency,
      language: launch.lang,
      ...(launch.user === undefined ? {} : { user: launch.user }),
      ...(launch.token === undefined ? {} : { token: launch.token }),
    });
    if (opened.kind === 'opened') return sendPage(reply, 200, renderPlayPage(opened.session), launchOrigin);
    switch (opened.reason) {
      case 'TOKEN_USED':
        return failurePage(409, launch.lang, 'tokenUsed');
      case 'MISSING_TOKEN':
      case 'MISSING_USER':
        return failurePage(400, launch.lang, 'missingToken');
      case 'WALLET_REFUSED':
        return failurePage(403, launch.lang, 'walletRefusedOpen', opened.status);
      case 'WALLET_UNAVAILABLE':
        return failurePage(502, launch.lang, 'walletUnavailableOpen');
    }
  });

  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const asset =
      request.params.name === 'slot.js' || request.params.name === 'slot.css'
        ? assets[request.params.name]
        : undefined;
    if (!asset) return reply.code(404).send({ status: 'not_found' });
    return reply
      .type(asset.type)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=300')
      .header('cross-origin-resource-policy', 'same-origin')
      .send(asset.body);
  });

  app.post('/api/spin', async (request, reply) => {
    const parsed = spinSchema.safeParse(request.body);
    if (!parsed.success || !isStake(parsed.data.stake))
      return reply.code(400).send({ status: 'bad_request' });
    const session = sessions.find(parsed.data.session);
    if (!session) return reply.code(404).send({ status: 'session_not_found' });
    const result = await games.play(session, parsed.data.stake);
    return reply
      .code(result.kind === 'busy' ? 409 : 200)
      .header('cache-control', 'no-store')
      .send(spinAnswer(result, session.currency));
  });

  app.post('/api/balance', async (request, reply) => {
    const parsed = balanceSchema.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ status: 'bad_request' });
    const session = sessions.find(parsed.data.session);
    if (!session) return reply.code(404).send({ status: 'session_not_found' });
    const balance = await games.refreshBalance(session);
    return reply
      .header('cache-control', 'no-store')
      .send({ status: 'ok', balance: formatProtocolAmount(balance), currency: session.currency });
  });

  app.get('/', async (_request, reply) => sendPage(reply, 200, renderIndexPage()));

  app.get('/health', async () => ({ status: 'ok', pendingRetries: queue.size() }));

  return { app, queue };
};

const isAddressInUse = (error: unknown): boolean =>
  error instanceof Error && (error as Error & { code?: unknown }).code === 'EADDRINUSE';

/** Where a server bound to `host` is reached from this machine. */
const localUrl = (host: string, port: number): string => {
  const isWildcardOrLoopback = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(host);
  if (isWildcardOrLoopback) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
};

/**
 * Starts the vendor on `port` (0: a free one; taken: a free one when `fallbackToFreePort`). Used by the
 * vendor's own process (main.ts) and by the tests, in theirs.
 */
export const startDemoVendor = async (options: DemoVendorOptions): Promise<RunningDemoVendor> => {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  let built = buildDemoVendor(options);
  try {
    await built.app.listen({ host, port });
  } catch (error) {
    await built.app.close();
    if (!isAddressInUse(error) || !options.fallbackToFreePort || port === 0) throw error;
    built = buildDemoVendor(options);
    await built.app.listen({ host, port: 0 });
  }
  const { app, queue } = built;
  const address = app.server.address();
  const url = localUrl(host, typeof address === 'object' && address ? address.port : port);
  return {
    url,
    launchUrl: `${url}/play`,
    pendingRetries: () => queue.size(),
    whenRetriesSettled: () => queue.whenIdle(),
    close: () => app.close(),
  };
};

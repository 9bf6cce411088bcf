import { createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningDemoVendor, startDemoVendor } from '@wps/demo-vendor/demo-vendor';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp, loginAsMember } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { startDemoVendorBesidePlatform } from './demo-vendor-runner';
import { ensureVendorKey, siteOrigins } from './vendor-process';
import { registerDemoVendors } from './games.seed';
import { gameRounds, games, gameTransactions, gameVendors } from './games.tables';
import { createLossyFetch } from './vendor-wallet.test-helpers';

/**
 * The demo vendor against the real platform: the platform listens on a free port, the vendor runs in this
 * process (and, once, as the child process main.ts starts), the demo vendors are connected to it, and games
 * are launched through /wps/game/launchGame and played through the vendor's own API, so every spin crosses
 * the signed wallet protocol over HTTP. `lossy` lets a test lose the platform's answers on the way back.
 */

let testApp: TestApp;
let app: FastifyInstance;
let platformUrl: string;
let vendor: RunningDemoVendor;
let dataDir: string;
let kit: ReturnType<typeof walletTestKit>;
let publicKeyPem: string;

/** Stops for the next spins (three per spin); the middle of each strip when none is queued. */
const nextStops: number[] = [];
/** Three cherries on the middle row: pays 1× the bet. Stops 0, 1, 2 pay nothing. */
const cherryLine = [3, 3, 3];
const noWin = [0, 1, 2];

const { lossy, lossyFetch } = createLossyFetch();

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  platformUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  kit = walletTestKit(testApp);

  dataDir = mkdtempSync(path.join(tmpdir(), 'wps-demo-vendor-'));
  const keyFile = path.join(dataDir, 'demo-vendor', 'vendor-key.pem');
  ({ publicKeyPem } = await ensureVendorKey(keyFile));
  vendor = await startDemoVendor({
    platformUrl,
    privateKeyPem: readFileSync(keyFile, 'utf8'),
    fetch: lossyFetch,
    random: (max) => nextStops.shift() ?? Math.floor(max / 2),
    retryDelaysMs: [10, 10],
    queueDelayMs: () => 20,
  });
  await registerDemoVendors(testApp.database.db, { launchUrl: vendor.launchUrl, publicKeyPem });
});

afterAll(async () => {
  await vendor.close();
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

afterEach(async () => {
  await vendor.whenRetriesSettled();
  lossy.clear();
  nextStops.length = 0;
});

let memberCount = 0;
/** A member of the demo brand with 100.00 USD and a live site session. */
const playerWithMoney = async (): Promise<{ member: MemberRow; authorization: string }> => {
  memberCount += 1;
  const created = await kit.addMember(`dvplayer${memberCount}`);
  await kit.fund(created, 10_000n);
  return loginAsMember(testApp, created.username);
};

const firstGameOf = async (vendorCode: string) => {
  const [row] = await testApp.database.db
    .select({ id: games.id, gameCode: games.gameCode })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
    .where(and(eq(gameVendors.code, vendorCode), eq(games.gameType, 'RNG')))
    .orderBy(asc(games.id))
    .limit(1);
  if (!row) throw new Error(`no ${vendorCode} slot in the demo catalogue`);
  return row;
};

/** The launch as the site makes it, then the URL the site's iframe opens. */
const launch = async (
  authorization: string,
  member: MemberRow,
  {
    demo = false,
    launchBase = vendor.launchUrl,
    siteOrigin,
  }: { demo?: boolean; launchBase?: string; siteOrigin?: string } = {},
): Promise<string> => {
  const game = await firstGameOf('PG');
  const response = await app.inject({
    method: 'POST',
    url: demo ? '/wps/game/launchDemo' : '/wps/game/launchGame',
    headers: { authorization, ...(siteOrigin === undefined ? {} : { origin: siteOrigin }) },
    payload: { nodeId: Number(game.id), language: 'EN', demo },
  });
  expect(response.statusCode).toBe(200);
  const { url } = response.json<{ value: { url: string } }>().value;
  expect(url.startsWith(`${launchBase}?`)).toBe(true);
  const launchUrl = new URL(url);
  expect(launchUrl.searchParams.get('game')).toBe(game.gameCode);
  // Hub88 hands the vendor the operator's user id at launch, beside the one-time token.
  expect(launchUrl.searchParams.get('user')).toBe(demo ? null : member.id.toString());
  return launchUrl.toString();
};

const openGame = async (url: string): Promise<string> => {
  const response = await fetch(url);
  const html = await response.text();
  expect(response.status, html).toBe(200);
  const match = /<script type="application\/json" id="slot-config">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no slot config in the page');
  return (JSON.parse(match[1]) as { session: string }).session;
};

type SpinAnswer = { status: string; balance?: string; win?: string; winPending?: boolean; reason?: string };
const spin = async (session: string, stake: number, stops: number[]): Promise<SpinAnswer> => {
  nextStops.push(...stops);
  const response = await fetch(`${vendor.url}/api/spin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session, stake }),
  });
  return (await response.json()) as SpinAnswer;
};

const roundsOf = (member: MemberRow) =>
  testApp.database.db
    .select()
    .from(gameRounds)
    .where(eq(gameRounds.memberId, member.id))
    .orderBy(asc(gameRounds.id));

const transactionsOf = (member: MemberRow) =>
  testApp.database.db
    .select({
      kind: gameTransactions.kind,
      amount: gameTransactions.amount,
      roundId: gameTransactions.roundId,
    })
    .from(gameTransactions)
    .where(eq(gameTransactions.memberId, member.id))
    .orderBy(asc(gameTransactions.id));

describe('the demo vendor on the platform', () => {
  it('opens a launched game once, and moves the money of every spin through the wallet into game rounds', async () => {
    const { member, authorization } = await playerWithMoney();
    const url = await launch(authorization, member);
    const session = await openGame(url);

    expect(await spin(session, 5, cherryLine)).toMatchObject({
      status: 'ok',
      win: '5.00',
      balance: '100.00',
    });
    expect(await spin(session, 2, noWin)).toMatchObject({ status: 'ok', win: '0.00', balance: '98.00' });
    expect(await kit.balance(member)).toBe(9_800n);

    const rounds = await roundsOf(member);
    expect(rounds.map((round) => [round.status, round.betAmount, round.winAmount, round.validBet])).toEqual([
      ['settled', 500n, 500n, 500n],
      ['settled', 200n, 0n, 200n],
    ]);
    expect(rounds.every((round) => round.productLine === 'RNG')).toBe(true);
    expect((await transactionsOf(member)).map((row) => row.kind)).toEqual(['bet', 'win', 'bet', 'win']);

    // One-time: the same launch URL does not open a second game.
    const again = await fetch(url);
    expect(again.status).toBe(409);
  });

  it('refuses a bet beyond the balance without moving anything', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openGame(await launch(authorization, member));
    for (let i = 0; i < 2; i += 1) await spin(session, 50, noWin);
    expect(await kit.balance(member)).toBe(0n);
    expect(await spin(session, 1, noWin)).toEqual({
      status: 'not_enough_money',
      balance: '0.00',
      currency: 'USD',
    });
    await vendor.whenRetriesSettled();
    expect((await transactionsOf(member)).map((row) => row.kind)).toEqual(['bet', 'win', 'bet', 'win']);
  });

  it('retries a bet whose answer was lost with the same uuid, and the money moves once', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openGame(await launch(authorization, member));
    lossy.set('transaction/bet', 2);
    expect(await spin(session, 10, cherryLine)).toMatchObject({
      status: 'ok',
      win: '10.00',
      balance: '100.00',
    });
    lossy.set('transaction/bet', 1);
    expect(await spin(session, 10, noWin)).toMatchObject({ status: 'ok', balance: '90.00' });
    expect(await kit.balance(member)).toBe(9_000n);
    expect((await transactionsOf(member)).map((row) => row.kind)).toEqual(['bet', 'win', 'bet', 'win']);
    expect((await roundsOf(member)).map((round) => round.betAmount)).toEqual([1_000n, 1_000n]);
  });

  it('keeps retrying a win whose answers were lost until it is taken, and pays it once', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openGame(await launch(authorization, member));
    // Three attempts inside the player's request and two more from the retry queue lose their answers.
    lossy.set('transaction/win', 5);
    expect(await spin(session, 20, cherryLine)).toMatchObject({
      status: 'ok',
      win: '20.00',
      winPending: true,
    });
    await vendor.whenRetriesSettled();
    expect(vendor.pendingRetries()).toBe(0);
    expect(await kit.balance(member)).toBe(10_000n);
    const [round] = await roundsOf(member);
    expect(round).toMatchObject({ status: 'settled', betAmount: 2_000n, winAmount: 2_000n });
    expect((await transactionsOf(member)).map((row) => row.kind)).toEqual(['bet', 'win']);
  });

  it('rolls back a bet that never got an answer, so the stake comes back', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openGame(await launch(authorization, member));
    // Every bet attempt reaches the platform; no answer comes back; the first rollback answer is lost too.
    lossy.set('transaction/bet', 3);
    lossy.set('transaction/rollback', 1);
    expect(await spin(session, 5, cherryLine)).toMatchObject({ status: 'wallet_unavailable' });
    await vendor.whenRetriesSettled();
    expect(await kit.balance(member)).toBe(10_000n);
    const [round] = await roundsOf(member);
    expect(round).toMatchObject({ betAmount: 500n, refundedAmount: 500n, winAmount: 0n, validBet: 0n });
    expect((await transactionsOf(member)).map((row) => row.kind)).toEqual(['bet', 'rollback']);
  });

  it('plays demo money without touching the wallet', async () => {
    const { member, authorization } = await playerWithMoney();
    const url = await launch(authorization, member, { demo: true });
    expect(new URL(url).searchParams.get('mode')).toBe('demo');
    const session = await openGame(url);
    expect(await spin(session, 10, noWin)).toMatchObject({ status: 'ok', balance: '990.00' });
    expect(await kit.balance(member)).toBe(10_000n);
    expect(await roundsOf(member)).toEqual([]);
  });
});

describe('the demo vendor as its own process', () => {
  it('is started beside the platform with its key in DATA_DIR, connects the demo vendors, and stops with it', async () => {
    // The same DATA_DIR as the in-process vendor, so the platform sees one key (it caches vendors' keys briefly).
    const childDataDir = dataDir;
    const running = await startDemoVendorBesidePlatform(
      {
        DATA_DIR: childDataDir,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        PUBLIC_URL: undefined,
        DEMO_VENDOR_ENABLED: true,
        DEMO_VENDOR_PORT: 0,
      },
      testApp.database.db,
      { platformUrl, log: app.log },
    );
    try {
      if (!running) throw new Error('the demo vendor did not start');
      const keyFile = path.join(childDataDir, 'demo-vendor', 'vendor-key.pem');
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const [pg] = await testApp.database.db
        .select({ launchUrl: gameVendors.launchUrl, walletPublicKey: gameVendors.walletPublicKey })
        .from(gameVendors)
        .where(eq(gameVendors.code, 'PG'));
      expect(pg?.launchUrl).toBe(running.launchUrl);
      expect(pg?.walletPublicKey?.trim()).toBe(
        createPublicKey(createPrivateKey(readFileSync(keyFile, 'utf8')))
          .export({ type: 'spki', format: 'pem' })
          .toString()
          .trim(),
      );

      // A real-money game opens through the child: its signed user/info verifies with the key the platform made.
      const { member, authorization } = await playerWithMoney();
      // The player reached the site at an address the platform was not configured with (a LAN address here):
      // the launch names it, and the vendor lets it frame the game (issue 30, point 7).
      const url = new URL(
        await launch(authorization, member, {
          launchBase: running.launchUrl,
          siteOrigin: 'http://192.0.2.7:8080',
        }),
      );
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const frameAncestors = /frame-ancestors ([^;]*)/
        .exec(page.headers.get('content-security-policy') ?? '')?.[1]
        ?.split(' ');
      expect(frameAncestors).toContain(platformUrl);
      expect(frameAncestors).toContain('http://192.0.2.7:8080');
      expect(await page.text()).toContain('100.00 USD');
    } finally {
      await running?.close();
      // Put the in-process vendor back for the other tests of this file.
      await registerDemoVendors(testApp.database.db, { launchUrl: vendor.launchUrl, publicKeyPem });
    }
    // Stopped with the platform: nothing answers at its address any more.
    expect((await fetch(`${running.url}/health`).catch(() => undefined))?.ok).not.toBe(true);
  });

  it('lets the site frame the vendor, whose address is known only after the platform listens', async () => {
    const origins: string[] = [];
    const webDist = mkdtempSync(path.join(tmpdir(), 'wps-site-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>site</title>');
    const platform = await createTestApp(
      { WEB_DIST: webDist },
      { database: testApp.database, gameFrameOrigins: () => origins },
    );
    try {
      // The policy of the site's pages (the API's allows this origin only).
      const frameSources = async () =>
        /frame-src ([^;]*)/
          .exec(
            String(
              (await platform.app.inject({ url: '/', headers: { accept: 'text/html' } })).headers[
                'content-security-policy'
              ],
            ),
          )?.[1]
          ?.trim()
          .split(' ');
      expect(await frameSources()).not.toContain('http://127.0.0.1:65001');
      origins.push('http://127.0.0.1:65001');
      expect(await frameSources()).toContain('http://127.0.0.1:65001');
      expect(await frameSources()).not.toContain('https:');
    } finally {
      await platform.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('allows the site to be framed from every address it is reached at', () => {
    expect(siteOrigins('http://localhost:8080', undefined)).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
    expect(siteOrigins('http://10.0.0.5:8080', 'https://casino.example/')).toEqual([
      'https://casino.example',
      'http://10.0.0.5:8080',
    ]);
  });
});

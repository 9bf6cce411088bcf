import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlaceSlipAnswer, SlipView } from '@wps/sportsbook/http/api-types';
import { MatchSimulator } from '@wps/sportsbook/feed/simulator';
import { type RunningSportsbook, startSportsbook } from '@wps/sportsbook/sportsbook';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { createScratchDatabase } from '../../testing/test-database';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { ensureVendorKey } from './vendor-process';
import { registerSportsbookVendors } from './games.seed';
import { startSportsbookBesidePlatform } from './sportsbook-runner';
import { gameRounds, games, gameVendors } from './games.tables';
import { createLossyFetch } from './vendor-wallet.test-helpers';

/**
 * The sportsbook (apps/sportsbook) against the real platform, as an external sports vendor: launched through
 * /wps/game/launchGame, placing and settling every slip through the signed wallet protocol over HTTP. The feed is
 * a simulator the test steps by hand; results the test needs exactly are handed to the book's settlement as the
 * feed would hand them.
 */

let testApp: TestApp;
let platformUrl: string;
let book: RunningSportsbook;
let feed: MatchSimulator;
let dataDir: string;
let kit: ReturnType<typeof walletTestKit>;
let privateKeyPem: string;
let publicKeyPem: string;

const { lossy, lossyFetch } = createLossyFetch();

/** The book's own store: a scratch PostgreSQL database beside the platform's when there is one, else PGlite. */
let storeLocation: { url: string } | { dataDir: string };
let dropStore: (() => Promise<void>) | undefined;

const startBook = (store: { url: string } | { dataDir: string }) =>
  startSportsbook({
    platformUrl,
    privateKeyPem,
    store,
    feed,
    fetch: lossyFetch,
    limits: { inPlayDelayMs: [0, 0], maxLiabilityPerMarket: 100_000n },
    senderIntervalMs: 50,
    esportsVendors: ['IMES'],
  });

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  platformUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  kit = walletTestKit(testApp);
  dataDir = mkdtempSync(path.join(tmpdir(), 'wps-sportsbook-'));
  const keyFile = path.join(dataDir, 'vendor-key.pem');
  ({ publicKeyPem } = await ensureVendorKey(keyFile));
  privateKeyPem = readFileSync(keyFile, 'utf8');
  feed = new MatchSimulator({ seed: 'sportsbook-test', startAt: Date.parse('2026-11-27T12:00:00Z') });
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'wps_sportsbook');
    storeLocation = { url: scratch.url };
    dropStore = scratch.drop;
  } else storeLocation = { dataDir: path.join(dataDir, 'store') };
  book = await startBook(storeLocation);
  await registerSportsbookVendors(testApp.database.db, { launchUrl: book.launchUrl, publicKeyPem });
});

afterAll(async () => {
  await book.close();
  await dropStore?.();
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let memberCount = 0;
const playerWithMoney = async (): Promise<{ member: MemberRow; authorization: string }> => {
  memberCount += 1;
  const created = await kit.addMember(`sbplayer${memberCount}`);
  await kit.fund(created, 10_000n);
  return loginAsMember(testApp, created.username);
};

/** Launches the vendor's first sports game as the site does, opens it, and answers the page's session. */
const openBook = async (authorization: string, vendorCode = 'BTI'): Promise<string> => {
  const [game] = await testApp.database.db
    .select({ id: games.id })
    .from(games)
    .innerJoin(gameVendors, eq(gameVendors.id, games.vendorId))
    .where(and(eq(gameVendors.code, vendorCode), eq(games.gameType, 'SPORTS')))
    .orderBy(asc(games.id))
    .limit(1);
  if (!game) throw new Error(`no ${vendorCode} game`);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: { authorization },
    payload: { nodeId: Number(game.id), language: 'EN', demo: false },
  });
  const { url } = response.json<{ value: { url: string } }>().value;
  expect(url.startsWith(`${book.launchUrl}?`)).toBe(true);
  const page = await fetch(url);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data:; font-src 'self'");
  const session = /<meta name="sportsbook-session" content="([^"]+)">/.exec(html)?.[1];
  if (!session) throw new Error('no session in the page');
  return session;
};

const api = async <T>(session: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${book.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${session}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await response.json()) as T;
};

/** A single on one selection, at the price given and no other. */
const placeSingle = (
  session: string,
  marketId: string,
  selection: string,
  odds: number,
  stakePerLine: string,
) =>
  api<PlaceSlipAnswer>(session, 'POST', '/api/slips', {
    kind: 'single',
    legs: [{ marketId, selection, odds }],
    stakePerLine,
    acceptOdds: 'none',
  });

type FixtureList = {
  fixtures: Array<{
    id: string;
    status: string;
    markets: Array<{
      id: string;
      kind: string;
      status: string;
      selections: Array<{ key: string; odds: number }>;
    }>;
  }>;
};

/** Open winner markets of scheduled football fixtures, one per fixture. */
const upcomingWinnerMarkets = async (session: string) => {
  const { fixtures } = await api<FixtureList>(session, 'GET', '/api/fixtures?sport=football&status=upcoming');
  return fixtures.flatMap((fixture) => {
    const market = fixture.markets.find(
      (candidate) => candidate.kind === 'match_result' && candidate.status === 'open',
    );
    return market ? [{ fixtureId: fixture.id, market }] : [];
  });
};

const waitFor = async (check: () => Promise<boolean>, what: string): Promise<void> => {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
};

const roundsOf = (member: MemberRow) =>
  testApp.database.db
    .select()
    .from(gameRounds)
    .where(eq(gameRounds.memberId, member.id))
    .orderBy(asc(gameRounds.id));

const placedSlip = (answer: PlaceSlipAnswer): SlipView => {
  if (!answer.isAccepted) throw new Error(`refused: ${answer.refusal} ${answer.message}`);
  return answer.slip;
};

describe('the sportsbook on the platform', () => {
  it('takes a single through the wallet at placement and pays it at settlement, in a SPORTS round', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openBook(authorization);
    const [first] = await upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const home = first.market.selections.find((selection) => selection.key === 'home');
    if (!home) throw new Error('no home price');
    const slip = placedSlip(await placeSingle(session, first.market.id, 'home', home.odds, '10'));
    expect(slip).toMatchObject({ status: 'open', totalStake: '10.00' });
    expect(await kit.balance(member)).toBe(9_000n);
    expect(
      (await roundsOf(member)).map((round) => [round.status, round.productLine, round.betAmount]),
    ).toEqual([['open', 'SPORTS', 1_000n]]);

    // Home wins 2-1: the single returns 10 × its odds, floored to the cent.
    await book.settle(first.fixtureId, { status: 'final', score: { home: 2, away: 1 } }, 'finished');
    const expected = (1_000n * BigInt(home.odds)) / 1_000n;
    await waitFor(async () => (await kit.balance(member)) === 9_000n + expected, 'the win');
    const [round] = await roundsOf(member);
    // The sports valid bet: the lesser of the stake and the net result.
    const net = expected - 1_000n;
    expect(round).toMatchObject({
      status: 'settled',
      winAmount: expected,
      validBet: net < 1_000n ? net : 1_000n,
    });
    // The slip's selections and odds are the round's detail in the betting record.
    expect(String(round?.details?.bet)).toContain(' @ ');
    const settled = await api<{ slips: SlipView[] }>(session, 'GET', '/api/bets?open=false');
    expect(settled.slips.map((bet) => [bet.id, bet.status, bet.legs[0]?.outcome])).toEqual([
      [slip.id, 'won', 'win'],
    ]);

    // The same result heard again settles nothing twice.
    await book.settle(first.fixtureId, { status: 'final', score: { home: 2, away: 1 } }, 'finished');
    await book.sender.sendDue();
    expect(await kit.balance(member)).toBe(9_000n + expected);
  });

  it('recalculates an accumulator without its void leg, and refunds a void single by rollback', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openBook(authorization);
    const [first, second, third] = await upcomingWinnerMarkets(session);
    if (!first || !second || !third) throw new Error('three upcoming football matches needed');
    const priceOf = (entry: typeof first, key: string) =>
      entry.market.selections.find((selection) => selection.key === key)?.odds ?? 0;
    const accumulator = placedSlip(
      await api<PlaceSlipAnswer>(session, 'POST', '/api/slips', {
        kind: 'accumulator',
        legs: [
          { marketId: first.market.id, selection: 'away', odds: priceOf(first, 'away') },
          { marketId: second.market.id, selection: 'draw', odds: priceOf(second, 'draw') },
        ],
        stakePerLine: '5',
        acceptOdds: 'none',
      }),
    );
    placedSlip(await placeSingle(session, third.market.id, 'home', priceOf(third, 'home'), '3'));
    expect(await kit.balance(member)).toBe(10_000n - 500n - 300n);

    // The second match is postponed: the accumulator is the first leg alone; the third match too: its single
    // is rolled back.
    await book.settle(second.fixtureId, { status: 'void', reason: 'postponed' }, 'postponed');
    await book.settle(third.fixtureId, { status: 'void', reason: 'postponed' }, 'postponed');
    await waitFor(async () => (await kit.balance(member)) === 10_000n - 500n, 'the rollback');
    await book.settle(first.fixtureId, { status: 'final', score: { home: 0, away: 1 } }, 'finished');
    const expected = (500n * BigInt(priceOf(first, 'away'))) / 1_000n;
    await waitFor(async () => (await kit.balance(member)) === 10_000n - 500n + expected, 'the accumulator');
    const settled = await api<{ slips: SlipView[] }>(session, 'GET', '/api/bets?open=false');
    expect(settled.slips.find((bet) => bet.id === accumulator.id)?.legs.map((leg) => leg.outcome)).toEqual([
      'win',
      'void',
    ]);
    const rounds = await roundsOf(member);
    expect(
      rounds.map((round) => [round.betAmount, round.winAmount, round.refundedAmount, round.validBet]),
    ).toEqual([
      [500n, expected, 0n, 500n],
      [300n, 0n, 300n, 0n],
    ]);
  });

  it('resettles a corrected result once: the win taken back, the corrected one paid, a later void refunded', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openBook(authorization);
    const first = (await upcomingWinnerMarkets(session))[5];
    if (!first) throw new Error('no upcoming football');
    const home = first.market.selections.find((selection) => selection.key === 'home')?.odds ?? 0;
    const slip = placedSlip(await placeSingle(session, first.market.id, 'home', home, '10'));
    const win = (1_000n * BigInt(home)) / 1_000n;
    const statusOf = async () =>
      (await api<{ slips: SlipView[] }>(session, 'GET', '/api/bets?open=false')).slips.find(
        (bet) => bet.id === slip.id,
      )?.status;
    const homeWin = { status: 'final', score: { home: 2, away: 1 } } as const;
    await book.settle(first.fixtureId, homeWin, 'finished');
    await waitFor(async () => (await kit.balance(member)) === 9_000n + win, 'the win');

    // Corrected: the away side won. The win is taken back; the same correction heard twice changes nothing.
    const awayWin = { status: 'final', score: { home: 1, away: 2 } } as const;
    await book.settle(first.fixtureId, awayWin, 'finished');
    await book.settle(first.fixtureId, awayWin, 'finished');
    await waitFor(async () => (await kit.balance(member)) === 9_000n, 'the win taken back');
    expect(await statusOf()).toBe('lost');
    let [round] = await roundsOf(member);
    expect([round?.winAmount, round?.validBet]).toEqual([0n, 1_000n]);

    // Corrected back to the home win: paid again, once.
    await book.settle(first.fixtureId, homeWin, 'finished');
    await waitFor(async () => (await kit.balance(member)) === 9_000n + win, 'the corrected win');
    expect(await statusOf()).toBe('won');

    // Then the match is declared abandoned: the win comes back, then the stake.
    await book.settle(first.fixtureId, { status: 'void', reason: 'abandoned' }, 'abandoned');
    await waitFor(async () => (await kit.balance(member)) === 10_000n, 'the stake refunded');
    await book.sender.sendDue();
    expect(await kit.balance(member)).toBe(10_000n);
    expect(await statusOf()).toBe('void');
    [round] = await roundsOf(member);
    expect([round?.betAmount, round?.winAmount, round?.refundedAmount, round?.validBet]).toEqual([
      1_000n,
      0n,
      1_000n,
      0n,
    ]);
  });

  it('refuses a price that moved when the player accepts no change, and a stake above the maximum', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openBook(authorization);
    const [first] = await upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const home = first.market.selections.find((selection) => selection.key === 'home')?.odds ?? 0;
    const moved = await placeSingle(session, first.market.id, 'home', home + 10, '1');
    expect(moved).toMatchObject({ isAccepted: false, refusal: 'odds_changed', current: [{ odds: home }] });
    const tooMuch = await placeSingle(session, first.market.id, 'home', home, '5000.01');
    expect(tooMuch).toMatchObject({ isAccepted: false, refusal: 'stake_too_high' });
    expect(await kit.balance(member)).toBe(10_000n);
    expect(await roundsOf(member)).toEqual([]);
  });

  it('holds the liability limit of a market under a burst of slips', async () => {
    memberCount += 1;
    const created = await kit.addMember(`sbplayer${memberCount}`);
    await kit.fund(created, 200_000n);
    const { authorization } = await loginAsMember(testApp, created.username);
    const session = await openBook(authorization);
    const [, , , fourth] = await upcomingWinnerMarkets(session);
    if (!fourth) throw new Error('four upcoming football matches needed');
    const away = fourth.market.selections.find((selection) => selection.key === 'away')?.odds ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => placeSingle(session, fourth.market.id, 'away', away, '100')),
    );
    // The book stands to pay at most 1,000.00 on the market: as many 100.00 slips as their returns fit.
    const potential = (10_000n * BigInt(away)) / 1_000n;
    const fits = Number(100_000n / potential);
    const accepted = answers.filter((answer) => answer.isAccepted);
    expect(accepted).toHaveLength(fits);
    const refusals = answers.flatMap((answer) => (answer.isAccepted ? [] : [answer.refusal]));
    expect(refusals).toEqual(Array.from({ length: 12 - fits }, () => 'liability'));
    expect(await kit.balance(created)).toBe(200_000n - BigInt(fits) * 10_000n);
  });

  it('rolls back a bet whose answers were lost, and takes nothing', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openBook(authorization);
    const [first] = await upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const home = first.market.selections.find((selection) => selection.key === 'home')?.odds ?? 0;
    lossy.set('transaction/bet', 3);
    const answer = await placeSingle(session, first.market.id, 'home', home, '4');
    expect(answer).toMatchObject({ isAccepted: false, refusal: 'wallet_unavailable' });
    await waitFor(async () => (await kit.balance(member)) === 10_000n, 'the rollback');
    expect((await roundsOf(member)).map((round) => [round.betAmount, round.refundedAmount])).toEqual([
      [400n, 400n],
    ]);
  });

  it('cashes out an open single for its value through the wallet, once', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openBook(authorization);
    const [first] = await upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const draw = first.market.selections.find((selection) => selection.key === 'draw')?.odds ?? 0;
    const slip = placedSlip(await placeSingle(session, first.market.id, 'draw', draw, '20'));
    const open = await api<{ slips: SlipView[] }>(session, 'GET', '/api/bets?open=true');
    const value = open.slips.find((bet) => bet.id === slip.id)?.cashOut;
    if (!value) throw new Error('no cash-out value');
    // Unchanged price: 20 × placed / current × 95 % = 19.00.
    expect(value).toBe('19.00');
    const cashed = await api<{ slip: SlipView }>(session, 'POST', `/api/bets/${slip.id}/cash-out`, { value });
    expect(cashed.slip).toMatchObject({ status: 'cashed_out', totalReturn: '19.00' });
    const again = await fetch(`${book.url}/api/bets/${slip.id}/cash-out`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
      body: JSON.stringify({ value }),
    });
    expect(again.status).toBe(409);
    await waitFor(async () => (await kit.balance(member)) === 10_000n - 2_000n + 1_900n, 'the cash-out');
    // The match's result changes nothing any more.
    await book.settle(first.fixtureId, { status: 'final', score: { home: 1, away: 1 } }, 'finished');
    await book.sender.sendDue();
    expect(await kit.balance(member)).toBe(9_900n);
  });

  it('cashes out half a single, the rest staying on to settle, with the exposure it no longer carries freed', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openBook(authorization);
    // A match no other test settles (a result heard again settles nothing).
    const first = (await upcomingWinnerMarkets(session))[4];
    if (!first) throw new Error('no upcoming football');
    const draw = first.market.selections.find((selection) => selection.key === 'draw')?.odds ?? 0;
    const slip = placedSlip(await placeSingle(session, first.market.id, 'draw', draw, '20'));
    const cashOut = (body: unknown) =>
      fetch(`${book.url}/api/bets/${slip.id}/cash-out`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Leaving less than the minimum stake on is refused.
    expect((await cashOut({ value: '19.00', fraction: 9_990 })).status).toBe(409);
    const half = await cashOut({ value: '19.00', fraction: 5_000 });
    expect(half.status).toBe(200);
    expect(((await half.json()) as { slip: SlipView }).slip).toMatchObject({
      status: 'open',
      totalStake: '10.00',
      cashedOut: '9.50',
    });
    await waitFor(
      async () => (await kit.balance(member)) === 10_000n - 2_000n + 950n,
      'the partial cash-out',
    );
    const [exposure] = await book.store.query<{ amount: string | bigint }>(
      `select amount from sb_exposure where market_id = $1 and player = $2`,
      [first.market.id, member.id.toString()],
    );
    expect(BigInt(exposure?.amount ?? -1)).toBe(1_000n);

    // 1-1: the ten left on pay at the placed odds.
    await book.settle(first.fixtureId, { status: 'final', score: { home: 1, away: 1 } }, 'finished');
    const rest = (1_000n * BigInt(draw)) / 1_000n;
    await waitFor(async () => (await kit.balance(member)) === 8_950n + rest, 'the rest settled');
    const [round] = await roundsOf(member);
    const net = 950n + rest - 2_000n;
    expect([round?.betAmount, round?.winAmount, round?.validBet]).toEqual([
      2_000n,
      950n + rest,
      net < 2_000n ? (net < 0n ? -net : net) : 2_000n,
    ]);
  });

  it('settles after a restart what a stop interrupted, once', async () => {
    const { member, authorization } = await playerWithMoney();
    const session = await openBook(authorization);
    const [first] = await upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const away = first.market.selections.find((selection) => selection.key === 'away')?.odds ?? 0;
    placedSlip(await placeSingle(session, first.market.id, 'away', away, '10'));
    // Every win answer lost: the win waits in the store when the book stops.
    lossy.set('transaction/win', 1_000);
    await book.settle(first.fixtureId, { status: 'final', score: { home: 0, away: 2 } }, 'finished');
    await book.close();
    lossy.clear();
    if (process.env.DATABASE_URL) {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'wps_sportsbook');
      storeLocation = { url: scratch.url };
      dropStore = scratch.drop;
    } else storeLocation = { dataDir: path.join(dataDir, 'store') };
    book = await startBook(storeLocation);
    const expected = (1_000n * BigInt(away)) / 1_000n;
    await waitFor(async () => (await kit.balance(member)) === 9_000n + expected, 'the win after the restart');
    await book.sender.sendDue();
    expect(await kit.balance(member)).toBe(9_000n + expected);
  });
});

describe('the sportsbook as its own process', () => {
  it('is started beside the platform with its key and store in DATA_DIR, connects the sports vendors, and stops with it', async () => {
    const childDataDir = path.join(dataDir, 'child');
    const running = await startSportsbookBesidePlatform(
      {
        DATA_DIR: childDataDir,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        PUBLIC_URL: undefined,
        SPORTSBOOK_ENABLED: true,
        SPORTSBOOK_PORT: 0,
        SPORTSBOOK_DATABASE_URL: undefined,
        SPORTSBOOK_SPEED: 30,
      },
      testApp.database.db,
      { platformUrl, log: testApp.app.log },
    );
    if (!running) throw new Error('the sportsbook did not start');
    try {
      const vendors = await testApp.database.db
        .select({ code: gameVendors.code, launchUrl: gameVendors.launchUrl })
        .from(gameVendors)
        .where(inArray(gameVendors.code, ['BTI', 'IMES', 'PG']));
      expect(
        Object.fromEntries(vendors.map((vendor) => [vendor.code, vendor.launchUrl === running.launchUrl])),
      ).toEqual({
        BTI: true,
        IMES: true,
        PG: false,
      });
      expect((await fetch(`${running.url}/health`)).status).toBe(200);
      expect(statSync(path.join(childDataDir, 'sportsbook', 'vendor-key.pem')).mode & 0o777).toBe(0o600);
    } finally {
      await running.close();
      // Back to the in-process book the other tests use.
      await registerSportsbookVendors(testApp.database.db, { launchUrl: book.launchUrl, publicKeyPem });
    }
    await expect(fetch(`${running.url}/health`)).rejects.toThrow();
  });
});

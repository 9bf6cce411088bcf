import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlaceSlipAnswer, SlipView } from '@wps/sportsbook/http/api-types';
import { MatchSimulator } from '@wps/sportsbook/feed/simulator';
import { type RunningSportsbook, startSportsbook } from '@wps/sportsbook/sportsbook';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createScratchDatabase, findInvariantViolations } from '../../testing/test-database';
import type { MemberRow } from '../members/members.service';
import type { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { ensureVendorKey } from './vendor-process';
import { registerSportsbookVendors } from './games.seed';
import { startSportsbookBesidePlatform } from './sportsbook-runner';
import { gameRounds, gameVendors } from './games.tables';
import { type FixtureList, placedSlip, sportsbookTestKit, waitFor } from './sportsbook.test-helpers';
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
let play: ReturnType<typeof sportsbookTestKit>;
let privateKeyPem: string;
let publicKeyPem: string;

const { lossy, lossyFetch } = createLossyFetch();

/** The book's own store: a scratch PostgreSQL database beside the platform's when there is one, else PGlite. */
let storeLocation: { url: string } | { dataDir: string };
let dropStore: (() => Promise<void>) | undefined;

const startBook = (store: { url: string } | { dataDir: string }, maxLiabilityPerMarket = 100_000n) =>
  startSportsbook({
    platformUrl,
    privateKeyPem,
    store,
    feed,
    fetch: lossyFetch,
    limits: { inPlayDelayMs: [0, 0], maxLiabilityPerMarket },
    senderIntervalMs: 50,
    esportsVendors: ['IMES'],
  });

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const address = testApp.app.server.address();
  platformUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  play = sportsbookTestKit(testApp, () => book);
  ({ kit } = play);
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

const roundsOf = (member: MemberRow) =>
  testApp.database.db
    .select()
    .from(gameRounds)
    .where(eq(gameRounds.memberId, member.id))
    .orderBy(asc(gameRounds.id));

describe('the sportsbook on the platform', () => {
  it('takes a single through the wallet at placement and pays it at settlement, in a SPORTS round', async () => {
    const { member, authorization } = await play.playerWithMoney();
    const session = await play.openBook(authorization);
    const [first] = await play.upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const home = first.market.selections.find((selection) => selection.key === 'home');
    if (!home) throw new Error('no home price');
    const slip = placedSlip(await play.placeSingle(session, first.market.id, 'home', home.odds, '10'));
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
    const settled = await play.api<{ slips: SlipView[] }>(session, 'GET', '/api/bets?open=false');
    expect(settled.slips.map((bet) => [bet.id, bet.status, bet.legs[0]?.outcome])).toEqual([
      [slip.id, 'won', 'win'],
    ]);

    // The same result heard again settles nothing twice.
    await book.settle(first.fixtureId, { status: 'final', score: { home: 2, away: 1 } }, 'finished');
    await book.sender.sendDue();
    expect(await kit.balance(member)).toBe(9_000n + expected);
  });

  it('recalculates an accumulator without its void leg, and refunds a void single by rollback', async () => {
    const { member, authorization } = await play.playerWithMoney();
    const session = await play.openBook(authorization);
    const [first, second, third] = await play.upcomingWinnerMarkets(session);
    if (!first || !second || !third) throw new Error('three upcoming football matches needed');
    const priceOf = (entry: typeof first, key: string) =>
      entry.market.selections.find((selection) => selection.key === key)?.odds ?? 0;
    const accumulator = placedSlip(
      await play.api<PlaceSlipAnswer>(session, 'POST', '/api/slips', {
        kind: 'accumulator',
        legs: [
          { marketId: first.market.id, selection: 'away', odds: priceOf(first, 'away') },
          { marketId: second.market.id, selection: 'draw', odds: priceOf(second, 'draw') },
        ],
        stakePerLine: '5',
        acceptOdds: 'none',
      }),
    );
    placedSlip(await play.placeSingle(session, third.market.id, 'home', priceOf(third, 'home'), '3'));
    expect(await kit.balance(member)).toBe(10_000n - 500n - 300n);

    // The second match is postponed: the accumulator is the first leg alone; the third match too: its single
    // is rolled back.
    await book.settle(second.fixtureId, { status: 'void', reason: 'postponed' }, 'postponed');
    await book.settle(third.fixtureId, { status: 'void', reason: 'postponed' }, 'postponed');
    await waitFor(async () => (await kit.balance(member)) === 10_000n - 500n, 'the rollback');
    await book.settle(first.fixtureId, { status: 'final', score: { home: 0, away: 1 } }, 'finished');
    const expected = (500n * BigInt(priceOf(first, 'away'))) / 1_000n;
    await waitFor(async () => (await kit.balance(member)) === 10_000n - 500n + expected, 'the accumulator');
    const settled = await play.api<{ slips: SlipView[] }>(session, 'GET', '/api/bets?open=false');
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
    const { member, authorization } = await play.playerWithMoney();
    const session = await play.openBook(authorization);
    const first = (await play.upcomingWinnerMarkets(session))[5];
    if (!first) throw new Error('no upcoming football');
    const home = first.market.selections.find((selection) => selection.key === 'home')?.odds ?? 0;
    const slip = placedSlip(await play.placeSingle(session, first.market.id, 'home', home, '10'));
    const win = (1_000n * BigInt(home)) / 1_000n;
    const statusOf = async () =>
      (await play.api<{ slips: SlipView[] }>(session, 'GET', '/api/bets?open=false')).slips.find(
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
    const { member, authorization } = await play.playerWithMoney();
    const session = await play.openBook(authorization);
    const [first] = await play.upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const home = first.market.selections.find((selection) => selection.key === 'home')?.odds ?? 0;
    const moved = await play.placeSingle(session, first.market.id, 'home', home + 10, '1');
    expect(moved).toMatchObject({ isAccepted: false, refusal: 'odds_changed', current: [{ odds: home }] });
    const tooMuch = await play.placeSingle(session, first.market.id, 'home', home, '5000.01');
    expect(tooMuch).toMatchObject({ isAccepted: false, refusal: 'stake_too_high' });
    expect(await kit.balance(member)).toBe(10_000n);
    expect(await roundsOf(member)).toEqual([]);
  });

  it('holds the liability limit of a market under a burst of slips', async () => {
    const { member: created, authorization } = await play.playerWithMoney();
    await kit.fund(created, 190_000n);
    const session = await play.openBook(authorization);
    const [, , , fourth] = await play.upcomingWinnerMarkets(session);
    if (!fourth) throw new Error('four upcoming football matches needed');
    const away = fourth.market.selections.find((selection) => selection.key === 'away')?.odds ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => play.placeSingle(session, fourth.market.id, 'away', away, '100')),
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
    const { member, authorization } = await play.playerWithMoney();
    const session = await play.openBook(authorization);
    const [first] = await play.upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const home = first.market.selections.find((selection) => selection.key === 'home')?.odds ?? 0;
    lossy.set('transaction/bet', 3);
    const answer = await play.placeSingle(session, first.market.id, 'home', home, '4');
    expect(answer).toMatchObject({ isAccepted: false, refusal: 'wallet_unavailable' });
    await waitFor(async () => (await kit.balance(member)) === 10_000n, 'the rollback');
    expect((await roundsOf(member)).map((round) => [round.betAmount, round.refundedAmount])).toEqual([
      [400n, 400n],
    ]);
  });

  it('cashes out an open single for its value through the wallet, once', async () => {
    const { member, authorization } = await play.playerWithMoney();
    const session = await play.openBook(authorization);
    const [first] = await play.upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const draw = first.market.selections.find((selection) => selection.key === 'draw')?.odds ?? 0;
    const slip = placedSlip(await play.placeSingle(session, first.market.id, 'draw', draw, '20'));
    const open = await play.api<{ slips: SlipView[] }>(session, 'GET', '/api/bets?open=true');
    const value = open.slips.find((bet) => bet.id === slip.id)?.cashOut;
    if (!value) throw new Error('no cash-out value');
    // Unchanged price: 20 × placed / current × 95 % = 19.00.
    expect(value).toBe('19.00');
    const cashed = await play.api<{ slip: SlipView }>(session, 'POST', `/api/bets/${slip.id}/cash-out`, {
      value,
    });
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
    const { member, authorization } = await play.playerWithMoney();
    const session = await play.openBook(authorization);
    // A match no other test settles (a result heard again settles nothing).
    const first = (await play.upcomingWinnerMarkets(session))[4];
    if (!first) throw new Error('no upcoming football');
    const draw = first.market.selections.find((selection) => selection.key === 'draw')?.odds ?? 0;
    const slip = placedSlip(await play.placeSingle(session, first.market.id, 'draw', draw, '20'));
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

  it('gives back the stake left on a half cashed-out single when its match is void, as a win (the part cashed out stands)', async () => {
    const { member, authorization } = await play.playerWithMoney();
    const session = await play.openBook(authorization);
    const match = (await play.upcomingWinnerMarkets(session))[3];
    if (!match) throw new Error('no upcoming football');
    const home = match.market.selections.find((selection) => selection.key === 'home')?.odds ?? 0;
    const slip = placedSlip(await play.placeSingle(session, match.market.id, 'home', home, '20'));
    const { slips } = await play.api<{ slips: SlipView[] }>(session, 'GET', '/api/bets?open=true');
    const value = slips.find((bet) => bet.id === slip.id)?.cashOut;
    if (!value) throw new Error('no cash-out value');
    await play.api(session, 'POST', `/api/bets/${slip.id}/cash-out`, { value, fraction: 5_000 });
    const paid = (BigInt(Math.round(Number(value) * 100)) * 5_000n) / 10_000n;
    await book.settle(match.fixtureId, { status: 'void', reason: 'postponed' }, 'postponed');
    await waitFor(
      async () => (await kit.balance(member)) === 10_000n - 2_000n + paid + 1_000n,
      'the stake left on given back',
    );
    const [round] = await roundsOf(member);
    expect([round?.winAmount, round?.refundedAmount, round?.status]).toEqual([paid + 1_000n, 0n, 'settled']);
  });

  it('settles after a restart what a stop interrupted, once', async () => {
    const { member, authorization } = await play.playerWithMoney();
    const session = await play.openBook(authorization);
    const [first] = await play.upcomingWinnerMarkets(session);
    if (!first) throw new Error('no upcoming football');
    const away = first.market.selections.find((selection) => selection.key === 'away')?.odds ?? 0;
    placedSlip(await play.placeSingle(session, first.market.id, 'away', away, '10'));
    // Every win answer lost: the win waits in the store when the book stops.
    lossy.set('transaction/win', 1_000);
    await book.settle(first.fixtureId, { status: 'final', score: { home: 0, away: 2 } }, 'finished');
    await book.close();
    lossy.clear();
    // The same store: what the stop left there is sent on the restart.
    book = await startBook(storeLocation);
    const expected = (1_000n * BigInt(away)) / 1_000n;
    await waitFor(async () => (await kit.balance(member)) === 9_000n + expected, 'the win after the restart');
    await book.sender.sendDue();
    expect(await kit.balance(member)).toBe(9_000n + expected);
  });
});

describe.runIf(process.env.DATABASE_URL)('the sportsbook reconciled with the wallet (PostgreSQL)', () => {
  /** A small seeded generator, so a failing day can be replayed. */
  const seeded = (seed: number) => {
    let state = seed;
    return (bound: number): number => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      // The high bits: an LCG's low bits repeat with a short period.
      return Math.floor((state / 2 ** 31) * bound);
    };
  };

  /** Sends what the book still owes the wallet until nothing is pending. */
  const drain = async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      await book.sender.sendDue();
      const [row] = await book.store.query<{ pending: string | bigint }>(
        `select count(*) as pending from sb_wallet_calls where status = 'pending'`,
      );
      if (BigInt(row?.pending ?? 0) === 0n) return;
      if (Date.now() > deadline) throw new Error('wallet calls still pending');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('after a day of slips, cash-outs, corrections, voids and a stop mid-resettlement, each round in the wallet is the book’s', async () => {
    const random = seeded(20_261_128);
    // A day's book: no market limit in the way (a restart listens elsewhere: the vendors launch it there).
    await book.close();
    book = await startBook(storeLocation, 10n ** 12n);
    await registerSportsbookVendors(testApp.database.db, { launchUrl: book.launchUrl, publicKeyPem });
    const players = await Promise.all(
      Array.from({ length: 30 }, async () => {
        const { member, authorization } = await play.playerWithMoney();
        await kit.fund(member, 20_000n);
        return { member, session: await play.openBook(authorization) };
      }),
    );

    const anyPlayer = players[0];
    if (!anyPlayer) throw new Error('no players');
    // Matches of the other sports (no other test settles them), on their winner markets.
    const { fixtures } = await play.api<FixtureList>(
      anyPlayer.session,
      'GET',
      '/api/fixtures?status=upcoming',
    );
    const matches = fixtures
      .filter((fixture) => fixture.sport !== 'football')
      .flatMap((fixture) => {
        const market = fixture.markets.find(
          (candidate) =>
            ['match_result', 'moneyline'].includes(candidate.kind) && candidate.status === 'open',
        );
        return market ? [{ fixtureId: fixture.id, market }] : [];
      })
      .slice(0, 8);
    expect(matches.length).toBe(8);
    const legOf = (match: (typeof matches)[number]) => {
      const selection = match.market.selections[random(match.market.selections.length)];
      if (!selection) throw new Error('no selection');
      return { marketId: match.market.id, selection: selection.key, odds: selection.odds };
    };

    // The day's slips: singles and doubles, 1 to 5 USD a line.
    const slips: Array<{ id: string; session: string }> = [];
    await Promise.all(
      players.map(async (player) => {
        for (let count = 0; count < 40; count += 1) {
          const first = random(matches.length);
          const second = (first + 1 + random(matches.length - 1)) % matches.length;
          const legs = [matches[first], ...(random(10) < 3 ? [matches[second]] : [])].flatMap((match) =>
            match ? [legOf(match)] : [],
          );
          const answer = await play.api<PlaceSlipAnswer>(player.session, 'POST', '/api/slips', {
            kind: legs.length === 1 ? 'single' : 'accumulator',
            legs,
            stakePerLine: String(1 + random(5)),
            acceptOdds: 'any',
          });
          if (answer.isAccepted) slips.push({ id: answer.slip.id, session: player.session });
        }
      }),
    );
    expect(slips.length).toBeGreaterThan(1_000);

    // Cash-outs: a tenth in full, a tenth half.
    for (const [index, slip] of slips.entries()) {
      if (index % 10 > 1) continue;
      const { slips: open } = await play.api<{ slips: SlipView[] }>(
        slip.session,
        'GET',
        '/api/bets?open=true',
      );
      const value = open.find((bet) => bet.id === slip.id)?.cashOut;
      if (!value) continue;
      await play.api(slip.session, 'POST', `/api/bets/${slip.id}/cash-out`, {
        value,
        ...(index % 10 === 1 ? { fraction: 5_000 } : {}),
      });
    }

    // Results: one match postponed; the others final, three of them corrected later (one to abandoned).
    const scoreOf = () => ({ home: random(4), away: random(4) });
    const [postponed, ...played] = matches;
    if (!postponed) throw new Error('no match');
    await book.settle(postponed.fixtureId, { status: 'void', reason: 'postponed' }, 'postponed');
    for (const match of played) {
      await book.settle(match.fixtureId, { status: 'final', score: scoreOf() }, 'finished');
    }
    const [firstCorrected, secondCorrected, abandoned] = played;
    if (!firstCorrected || !secondCorrected || !abandoned) throw new Error('no match');
    await book.settle(firstCorrected.fixtureId, { status: 'final', score: { home: 9, away: 0 } }, 'finished');
    await book.settle(abandoned.fixtureId, { status: 'void', reason: 'abandoned' }, 'abandoned');

    // A stop in the middle of a resettlement: the store takes a few slips' writes, then none.
    let writes = 0;
    const transaction = book.store.transaction.bind(book.store);
    book.store.transaction = async (work) => {
      writes += 1;
      if (writes > 5) throw new Error('the process stopped');
      return transaction(work);
    };
    await book.settle(
      secondCorrected.fixtureId,
      { status: 'final', score: { home: 0, away: 9 } },
      'finished',
    );
    expect(writes).toBeGreaterThan(5);
    book.store.transaction = transaction;
    await book.close();
    book = await startBook(storeLocation, 10n ** 12n);
    await drain();

    // The book's ledger of bets against the wallet's, round by round.
    const bookRounds = await book.store.query<{
      round_ref: string;
      status: string;
      staked: string | bigint;
      paid: string | bigint;
      refunded: string | bigint;
    }>(
      `select s.round_ref, s.status,
         (select b.amount / 1000 from sb_wallet_calls b where b.slip_id = s.id and b.method = 'transaction/bet') as staked,
         -- A void slip's stake comes back by rollback, or as a win after a partial cash-out (which stands).
         case when s.status = 'void' and s.cashed_out = 0 then 0 else s.cashed_out + s.total_return end as paid,
         case when s.status = 'void' and s.cashed_out = 0 then (select b.amount / 1000 from sb_wallet_calls b
           where b.slip_id = s.id and b.method = 'transaction/bet') else 0 end as refunded
       from sb_slips s join sb_legs l on l.slip_id = s.id and l.leg = 0
       where s.status <> 'refused' and l.fixture_id = any($1::text[])`,
      [matches.map((match) => match.fixtureId)],
    );
    expect(bookRounds.every((round) => !['open', 'placing'].includes(round.status))).toBe(true);
    const walletRounds = await testApp.database.db
      .select()
      .from(gameRounds)
      .where(
        inArray(
          gameRounds.roundRef,
          bookRounds.map((round) => round.round_ref),
        ),
      );
    const wallet = new Map(
      walletRounds.map((round) => [
        round.roundRef,
        [round.betAmount, round.winAmount, round.refundedAmount, round.status],
      ]),
    );
    const mismatches = bookRounds.filter((round) => {
      const expected = [BigInt(round.staked), BigInt(round.paid), BigInt(round.refunded), 'settled'];
      return (
        JSON.stringify(wallet.get(round.round_ref), (_, v: unknown) =>
          typeof v === 'bigint' ? v.toString() : v,
        ) !== JSON.stringify(expected, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
      );
    });
    expect(mismatches).toEqual([]);
    expect(walletRounds.length).toBe(bookRounds.length);

    // Each player's money is the funding less what the rounds took plus what they paid.
    for (const { member } of players) {
      const rounds = walletRounds.filter((round) => round.memberId === member.id);
      const net = rounds.reduce(
        (sum, round) => sum - round.betAmount + round.winAmount + round.refundedAmount,
        0n,
      );
      expect(await kit.balance(member)).toBe(30_000n + net);
    }
    expect(await findInvariantViolations(testApp.database)).toEqual([]);
    await book.close();
    book = await startBook(storeLocation);
    await registerSportsbookVendors(testApp.database.db, { launchUrl: book.launchUrl, publicKeyPem });
  }, 120_000);
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

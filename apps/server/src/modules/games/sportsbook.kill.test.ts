import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PlaceSlipAnswer } from '@wps/sportsbook/http/api-types';
import { inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createScratchDatabase, findInvariantViolations } from '../../testing/test-database';
import type { MemberRow } from '../members/members.service';
import { registerSportsbookVendors } from './games.seed';
import { gameRounds, gameTransactions } from './games.tables';
import { sportsbookTestKit, waitFor } from './sportsbook.test-helpers';
import { ensureVendorKey, type RunningVendorProcess, startVendorProcess } from './vendor-process';

/**
 * The sportsbook as its own process, killed (SIGKILL, no goodbye) while it settles a match with 640 slips:
 * once between two of its settlement statements, once while its wins are on their way to the wallet. Each restart
 * carries on from its store; in the end every slip is settled once and every round in the wallet is the book's.
 * PostgreSQL only: the book's store is a database both processes reach.
 */

const slipsPerPlayer = 40;
const playerCount = 16;

describe.runIf(Boolean(process.env.DATABASE_URL))('the sportsbook killed mid-settlement', () => {
  let testApp: TestApp;
  let platformUrl: string;
  let dataDir: string;
  let keyFile: string;
  let publicKeyPem: string;
  let store: { url: string; drop: () => Promise<void> };
  let storePool: pg.Pool;
  let book: RunningVendorProcess;

  const startBook = () =>
    startVendorProcess({
      name: 'sportsbook',
      main: '@wps/sportsbook/testing/controlled-book',
      environment: {
        SPORTSBOOK_PLATFORM_URL: platformUrl,
        SPORTSBOOK_KEY_FILE: keyFile,
        SPORTSBOOK_DATABASE_URL: store.url,
        SPORTSBOOK_SETTLEMENT_CHUNK: '100',
      },
      connect: ({ launchUrl }) => registerSportsbookVendors(testApp.database.db, { launchUrl, publicKeyPem }),
      log: testApp.app.log,
    });

  const kill = async (): Promise<void> => {
    const exited = new Promise((resolve) => book.child.once('exit', resolve));
    book.child.kill('SIGKILL');
    await exited;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    platformUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'wps-sportsbook-kill-'));
    keyFile = path.join(dataDir, 'vendor-key.pem');
    ({ publicKeyPem } = await ensureVendorKey(keyFile));
    store = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'wps_sbkill');
    storePool = new pg.Pool({ connectionString: store.url, max: 1 });
    book = await startBook();
  }, 120_000);

  afterAll(async () => {
    await book.close();
    await storePool.end();
    await store.drop();
    await testApp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const countsOn = async (fixtureId: string) => {
    const { rows } = await storePool.query<{ open: string; settled: string; unsent: string; sent: string }>(
      `select
         (select count(*) from sb_slips s join sb_legs l on l.slip_id = s.id
          where l.fixture_id = $1 and s.status = 'open') as open,
         (select count(*) from sb_slips s join sb_legs l on l.slip_id = s.id
          where l.fixture_id = $1 and s.status in ('won', 'lost')) as settled,
         (select count(*) from sb_wallet_calls where method = 'transaction/win' and status <> 'done') as unsent,
         (select count(*) from sb_wallet_calls where method = 'transaction/win' and status = 'done') as sent`,
      [fixtureId],
    );
    const row = rows[0];
    return {
      open: Number(row?.open),
      settled: Number(row?.settled),
      unsent: Number(row?.unsent),
      sent: Number(row?.sent),
    };
  };

  it('settles each slip once and pays each win once, however often it is killed on the way', async () => {
    const play = sportsbookTestKit(testApp, () => book);
    const players: Array<{ member: MemberRow; session: string }> = [];
    for (let count = 0; count < playerCount; count += 1) {
      const { member, authorization } = await play.playerWithMoney('sbkill');
      await play.kit.fund(member, 30_000n);
      players.push({ member, session: await play.openBook(authorization) });
    }
    const firstSession = players[0]?.session ?? '';
    const [match] = await play.upcomingWinnerMarkets(firstSession);
    if (!match) throw new Error('an upcoming football match is needed');

    // 640 singles on the match: every outcome, 1 to 5 USD each.
    const accepted: string[] = [];
    await Promise.all(
      players.map(async ({ session }, playerIndex) => {
        for (let count = 0; count < slipsPerPlayer; count += 1) {
          const selection = match.market.selections[(playerIndex + count) % match.market.selections.length];
          if (!selection) throw new Error('no selection');
          const answer = await play.api<PlaceSlipAnswer>(session, 'POST', '/api/slips', {
            kind: 'single',
            legs: [{ marketId: match.market.id, selection: selection.key, odds: selection.odds }],
            stakePerLine: String(1 + ((playerIndex * 7 + count) % 5)),
            acceptOdds: 'any',
          });
          if (answer.isAccepted) accepted.push(answer.slip.id);
        }
      }),
    );
    expect(accepted.length).toBe(playerCount * slipsPerPlayer);

    // The match ends 2-1; killed once its first statements have settled some slips.
    book.child.send({ settle: match.fixtureId, result: { status: 'final', score: { home: 2, away: 1 } } });
    await waitFor(
      async () => (await countsOn(match.fixtureId)).settled > 0,
      'the first slips settled',
      30_000,
    );
    await kill();
    const atFirstKill = await countsOn(match.fixtureId);
    // Something was left to do: slips still open, or wins not yet sent.
    expect(atFirstKill.open + atFirstKill.unsent).toBeGreaterThan(0);

    // Restarted: it settles the rest at start, then sends; killed again while the wins are on their way.
    book = await startBook();
    await waitFor(async () => (await countsOn(match.fixtureId)).sent > 0, 'the first wins sent', 30_000);
    await kill();
    const atSecondKill = await countsOn(match.fixtureId);
    expect(atSecondKill.open).toBe(0);

    book = await startBook();
    await waitFor(
      async () => (await countsOn(match.fixtureId)).unsent === 0,
      'every win sent after the restarts',
      60_000,
    );

    // The book's slips against the wallet's rounds.
    const { rows: slips } = await storePool.query<{
      round_ref: string;
      status: string;
      total_stake: string;
      total_return: string;
    }>(
      `select s.round_ref, s.status, s.total_stake, s.total_return from sb_slips s
       join sb_legs l on l.slip_id = s.id where l.fixture_id = $1`,
      [match.fixtureId],
    );
    expect(slips.length).toBe(accepted.length);
    expect(slips.every((slip) => ['won', 'lost'].includes(slip.status))).toBe(true);
    const rounds = await testApp.database.db
      .select()
      .from(gameRounds)
      .where(
        inArray(
          gameRounds.roundRef,
          slips.map((slip) => slip.round_ref),
        ),
      );
    const roundByRef = new Map(rounds.map((round) => [round.roundRef, round]));
    const mismatches = slips.filter((slip) => {
      const round = roundByRef.get(slip.round_ref);
      return (
        round?.status !== 'settled' ||
        round.betAmount !== BigInt(slip.total_stake) ||
        round.winAmount !== BigInt(slip.total_return)
      );
    });
    expect(mismatches).toEqual([]);
    // One bet and one closing win per round: nothing paid twice.
    const transactions = await testApp.database.db
      .select({ kind: gameTransactions.kind, count: sql<number>`count(*)::int` })
      .from(gameTransactions)
      .where(
        inArray(
          gameTransactions.roundId,
          rounds.map((round) => round.id),
        ),
      )
      .groupBy(gameTransactions.kind);
    expect(Object.fromEntries(transactions.map((row) => [row.kind, row.count]))).toEqual({
      bet: slips.length,
      win: slips.length,
    });
    for (const { member } of players) {
      const own = rounds.filter((round) => round.memberId === member.id);
      const net = own.reduce((sum, round) => sum - round.betAmount + round.winAmount, 0n);
      expect(await play.kit.balance(member)).toBe(40_000n + net);
    }
    expect(await findInvariantViolations(testApp.database)).toEqual([]);
  }, 180_000);
});

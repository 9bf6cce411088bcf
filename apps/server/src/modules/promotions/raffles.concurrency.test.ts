import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from '../../db/database';
import { seedDemoData } from '../../db/seed';
import { createJobScheduler, type JobScheduler } from '../../jobs/scheduler';
import { openTestDatabase } from '../../testing/test-database';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { raffleDraws } from './promotion-games.tables';
import { drawRafflesJobName } from './promotion-games.service';
import { insertRaffle } from './promotion-games.test-helpers';
import { memberRewards } from './promotions.tables';

const quietLog = { error: () => undefined };
const hourMs = 3_600_000;

/**
 * Two platform instances (two buildApp on two connection pools to one PostgreSQL database) run the raffle job at
 * the same moment: the raffle is drawn once, each prize becomes one reward, and claims sent to both pay once.
 */
describe.runIf(process.env.DATABASE_URL)('raffle draw across instances on PostgreSQL', () => {
  const startedAt = Date.now();
  let clockMs = startedAt;
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let schedulers: JobScheduler[] = [];
  let testApps: TestApp[] = [];
  const players: MemberRow[] = [];

  beforeAll(async () => {
    first = await openTestDatabase();
    await seedDemoData(first.db);
    const [row] = await selectRows<{ name: string }>(first.db, sql`select current_database() as name`);
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${row?.name ?? ''}`;
    second = await openDatabase({ url: url.toString() });
    schedulers = [createJobScheduler(quietLog), createJobScheduler(quietLog)];
    testApps = await Promise.all(
      [first, second].map((database, i) =>
        createTestApp(
          {},
          { database, clock: () => clockMs, ...(schedulers[i] ? { scheduler: schedulers[i] } : {}) },
        ),
      ),
    );
    const [firstApp] = testApps;
    if (!firstApp) throw new Error('no app');
    const kit = walletTestKit(firstApp);
    for (let i = 0; i < 8; i += 1) players.push(await kit.addMember(`raffler${i}`));
  });
  afterAll(async () => {
    for (const testApp of testApps) await testApp.close();
    await second.close();
    await first.close();
  });

  it('draws once and pays each prize once while both instances run the job and take claims', async () => {
    const [firstApp, secondApp] = testApps;
    const [firstPlayer] = players;
    if (!firstApp || !secondApp || !firstPlayer) throw new Error('no apps');
    const id = await insertRaffle(first.db, firstPlayer.brandId, {
      validBetPerTicket: '10',
      prizes: ['30', '20', '10', '5'],
      endsAt: new Date(startedAt + hourMs),
      drawAt: new Date(startedAt + 2 * hourMs),
    });
    for (const [i, player] of players.entries()) {
      await first.db.transaction((tx) =>
        firstApp.app.turnover.turnover.recordValidBet(tx, {
          brandId: player.brandId,
          memberId: player.id,
          currency: 'USD',
          amount: BigInt(1_000 * (i + 1)),
          reference: `round:${i}`,
          productLine: 'RNG',
        }),
      );
    }
    clockMs = startedAt + 3 * hourMs;
    await Promise.all(
      [firstApp, secondApp, firstApp, secondApp].map((testApp) =>
        testApp.app.platform.scheduler.runNow(drawRafflesJobName),
      ),
    );
    const [draw] = await first.db.select().from(raffleDraws).where(eq(raffleDraws.promotionId, id));
    expect(draw?.status).toBe('drawn');
    expect(draw?.totalTickets).toBe(36n);
    const rewards = await first.db.select().from(memberRewards).where(eq(memberRewards.promotionId, id));
    expect(rewards.map((reward) => reward.reference).sort()).toEqual(
      [0, 1, 2, 3].map((prize) => `raffle:${id}:prize:${prize}`),
    );

    const winners = [...new Set(rewards.map((reward) => reward.memberId))];
    for (const memberId of winners) {
      const member = players.find((player) => player.id === memberId);
      if (!member) throw new Error('winner is not a player');
      const { authorization } = await loginAsMember(testApps[0] ?? firstApp, member.username);
      const answers = await Promise.all(
        [firstApp, secondApp, firstApp, secondApp].map((testApp) =>
          testApp.app.inject({
            method: 'POST',
            url: '/wps/relay/MCS2_claimRafflePromotion',
            headers: { authorization },
            payload: { promotionId: Number(id) },
          }),
        ),
      );
      const codes = answers.map((answer) => answer.json<{ code?: string }>().code ?? 'OK');
      expect(codes.filter((code) => code === 'OK')).toHaveLength(1);
      expect(codes.filter((code) => code === 'NOTHING_TO_CLAIM')).toHaveLength(3);
    }
    const keys = rewards.map((reward) => `reward:${reward.id}`);
    const postings = await first.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'bonus.reward'));
    expect(postings.filter((posting) => keys.includes(posting.idempotencyKey))).toHaveLength(4);
  });
});

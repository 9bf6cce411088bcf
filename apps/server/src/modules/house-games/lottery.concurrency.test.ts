import { randomUUID } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, selectRows } from '../../db/database';
import { seedDemoData } from '../../db/seed';
import { createJobScheduler, type JobScheduler } from '../../jobs/scheduler';
import { openTestDatabase } from '../../testing/test-database';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.service';
import { brands } from '../site/site.tables';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { walletTestKit } from '../wallet/wallet-api.test-helpers';
import { lotteryBets, lotteryDraws } from './lottery.tables';
import { lotteryServiceFor, passCutoff } from './lottery.test-helpers';

const quietLog = { error: () => undefined };

/**
 * Two platform instances (two buildApp on two connection pools to one PostgreSQL database) run the lottery
 * job at the same time: every draw is drawn once, settled once, and every winning bet paid exactly once.
 */
describe.runIf(process.env.DATABASE_URL)('lottery settlement across instances on PostgreSQL', () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let schedulers: JobScheduler[] = [];
  let testApps: TestApp[] = [];
  let kit: ReturnType<typeof walletTestKit>;
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
        createTestApp({}, { database, ...(schedulers[i] ? { scheduler: schedulers[i] } : {}) }),
      ),
    );
    const [firstApp] = testApps;
    if (!firstApp) throw new Error('no app');
    kit = walletTestKit(firstApp);
    for (let i = 0; i < 12; i += 1) {
      const player = await kit.addMember(`lotto${i}`);
      await kit.fund(player, 10_000_000n);
      players.push(player);
    }
  });
  afterAll(async () => {
    for (const testApp of testApps) await testApp.close();
    await second.close();
    await first.close();
  });

  it('settles each draw exactly once while both instances run the job', async () => {
    const service = lotteryServiceFor(first.db);
    await service.scheduleDraws();
    const [brand] = await first.db.select().from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!brand) throw new Error('no brand');
    const open = await first.db
      .select()
      .from(lotteryDraws)
      .where(
        inArray(lotteryDraws.gameCode, [
          'LOTT-O0001',
          'TCG_LOTTO_VN-O0001',
          'TCG_LOTTO_VN-O0003',
          'TCG_SEA-O0001',
        ]),
      );
    // Draws still taking bets for a while: an open draw whose cut-off has passed (the job has not closed it
    // yet) refuses them, which at some hours of the day is the next VN draw.
    const draws = open
      .filter((draw) => draw.status === 'open' && draw.closesAt.getTime() > Date.now() + 60_000)
      .slice(0, 6);
    expect(draws.length).toBeGreaterThanOrEqual(4);

    for (const draw of draws) {
      const lines = (i: number) => {
        if (draw.gameCode === 'LOTT-O0001')
          return [{ betType: 'sum', numbers: [i % 2 ? 'BIG' : 'ODD'], unitStake: '1' }];
        if (draw.gameCode === 'TCG_SEA-O0001')
          return [{ betType: 'ibox_big', numbers: [String(1000 + i * 37)], unitStake: '1' }];
        return [
          {
            betType: 'bao_lo',
            numbers: [String(i % 100).padStart(2, '0')],
            stations: draw.stations.slice(0, 1).map((station) => station.code),
            unitStake: '0.10',
          },
        ];
      };
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => {
          const player = players[i % players.length];
          if (!player) throw new Error('no player');
          return service.placeBets(
            player,
            { id: brand.id, currency: 'USD' },
            {
              gameCode: draw.gameCode,
              drawId: draw.publicId,
              requestId: randomUUID(),
              bets: lines(i),
            },
          );
        }),
      );
      await passCutoff(first.db, draw.publicId, true);
    }

    const runs = schedulers.flatMap((scheduler) => [
      scheduler.runNow('lottery'),
      scheduler.runNow('lottery'),
    ]);
    const smallChunks = [lotteryServiceFor(second.db, {}, 7), lotteryServiceFor(first.db, {}, 5)];
    await Promise.all([...runs, ...smallChunks.map((other) => other.runJob())]);
    await Promise.all(schedulers.map((scheduler) => scheduler.runNow('lottery')));

    const ids = draws.map((draw) => draw.id);
    const after = await first.db.select().from(lotteryDraws).where(inArray(lotteryDraws.id, ids));
    expect(after.map((draw) => draw.status)).toEqual(ids.map(() => 'settled'));
    const bets = await first.db.select().from(lotteryBets).where(inArray(lotteryBets.drawId, ids));
    expect(bets).toHaveLength(draws.length * 40);
    expect(bets.filter((bet) => bet.status === 'pending')).toHaveLength(0);
    const winners = bets.filter((bet) => bet.payout > 0n);
    expect(winners.length).toBeGreaterThan(0);
    const wins = await first.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, 'lottery:%:win'));
    expect(wins.map((win) => win.key).sort()).toEqual(
      winners.map((bet) => `lottery:${bet.drawId}:${bet.id}:win`).sort(),
    );
    const staked = bets.reduce((sum, bet) => sum + bet.stake, 0n);
    const paid = winners.reduce((sum, bet) => sum + bet.payout, 0n);
    let total = 0n;
    for (const player of players) total += await kit.balance(player);
    expect(total).toBe(BigInt(players.length) * 10_000_000n - staked + paid);
  });
});

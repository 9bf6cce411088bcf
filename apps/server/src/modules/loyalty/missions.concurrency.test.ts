import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobScheduler, type JobScheduler } from '../../jobs/scheduler';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listAuditEvents } from '../audit/audit.service';
import { memberRewards } from '../promotions/promotions.tables';
import { leaderboardPayouts, leaderboards, missionPointScores } from './loyalty.tables';
import { missionTestKit } from './missions.test-helpers';
import { payLeaderboardsJobName } from './missions.service';

/** Jobs registered without their timers: a test runs them with `runNow`. */
const manualScheduler = (): JobScheduler => {
  const scheduler = createJobScheduler({ error: () => undefined });
  return {
    ...scheduler,
    every: (name, _intervalMs, run) => {
      scheduler.every(name, 0, run);
    },
  };
};

// PGlite runs one statement at a time, so nothing can race on it: these need a real server (DATABASE_URL).
describe.runIf(process.env.DATABASE_URL)('missions races on PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  let firstJobs: JobScheduler;
  let secondJobs: JobScheduler;
  let kit: ReturnType<typeof missionTestKit>;

  beforeAll(async () => {
    firstJobs = manualScheduler();
    secondJobs = manualScheduler();
    first = await createTestApp({}, { scheduler: firstJobs });
    // A second instance of the platform on the same database, as two servers would run.
    second = await createTestApp({}, { database: first.database, scheduler: secondJobs });
    kit = missionTestKit(first);
  }, 180_000);
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('pays one reward for 20 concurrent claims of a completed mission', async () => {
    const member = await kit.addMember();
    await kit.deposit(member, 10_000n);
    const mission = await kit.addMission(member, { kind: 'deposit', target: 1n, rewardAmount: 900n });
    await kit.deposit(member, 100n);
    await kit.fold();
    const [progress] = await kit.progressOf(mission.id, member.id);
    expect(progress?.completedAt).not.toBeNull();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        kit.call(member, 'POST', '/relay/MCSFE_claimMission', {
          missionId: mission.id.toString(),
          periodKey: progress?.periodKey,
        }),
      ),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.body.code === 'MISSION_NOT_CLAIMABLE')).toHaveLength(19);
    const rewards = await kit.missionRewardsOf(member.id);
    expect(rewards.map((reward) => reward.amount)).toEqual([900n]);
  });

  it('pays an ended period once when two instances run the payout job at the same time', async () => {
    const { db } = first.database;
    const members = [await kit.addMember('lbx'), await kit.addMember('lby'), await kit.addMember('lbz')];
    const brandId = members[0]?.brandId ?? 0n;
    const [board] = await db
      .insert(leaderboards)
      .values({
        brandId,
        title: { en: 'Race board' },
        metric: 'mission_points',
        period: 'daily',
        prizes: ['500', '300'],
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      })
      .returning();
    if (!board) throw new Error('no board');
    const yesterday = `daily:${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(
      new Date(Date.now() - 86_400_000),
    )}`;
    await db.insert(missionPointScores).values(
      members.map((member, index) => ({
        brandId,
        periodKey: yesterday,
        memberId: member.id,
        points: BigInt(10 + index),
      })),
    );
    await Promise.all([
      firstJobs.runNow(payLeaderboardsJobName),
      secondJobs.runNow(payLeaderboardsJobName),
      kit.service().payLeaderboards(),
    ]);
    const payouts = await db
      .select()
      .from(leaderboardPayouts)
      .where(eq(leaderboardPayouts.leaderboardId, board.id));
    expect(payouts.map((row) => [row.place, row.memberId, row.amount]).sort()).toEqual([
      [1, members[2]?.id, 500n],
      [2, members[1]?.id, 300n],
    ]);
    for (const member of members) {
      const rewards = await db.select().from(memberRewards).where(eq(memberRewards.memberId, member.id));
      const prizes = rewards.filter((reward) => reward.reference.startsWith(`leaderboard:${board.id}:`));
      expect(prizes).toHaveLength(member === members[0] ? 0 : 1);
    }
    // Audited once, by the run that wrote the places.
    expect(await listAuditEvents(db, 'leaderboard', board.id.toString())).toMatchObject([
      {
        actorType: 'system',
        actorId: payLeaderboardsJobName,
        action: 'loyalty.leaderboard.pay',
        after: {
          periodKey: yesterday,
          places: [
            { place: 1, memberId: members[2]?.id.toString(), amount: '500' },
            { place: 2, memberId: members[1]?.id.toString(), amount: '300' },
          ],
        },
      },
    ]);
  });
});

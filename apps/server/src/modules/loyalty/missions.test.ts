import { randomUUID } from 'node:crypto';
import type {
  ClaimMissionResult,
  MissionLeaderboards,
  MissionSummary,
} from '@wps/contracts/loyalty-missions';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  leaderboardPayouts,
  leaderboards,
  loyaltyLoginDays,
  missionPointScores,
  missions,
} from './loyalty.tables';
import { seedMissionsDemo } from './missions.seed';
import { type MissionTestMember, missionTestKit } from './missions.test-helpers';
import { pointBalance } from './points/point-ledger';

let testApp: TestApp;
let kit: ReturnType<typeof missionTestKit>;

beforeAll(async () => {
  testApp = await createTestApp();
  kit = missionTestKit(testApp);
});
afterAll(() => testApp.close());

const progressOf = async (missionId: bigint, member: MissionTestMember) => {
  const [row] = await kit.progressOf(missionId, member.id);
  return row;
};

describe('mission progress from the fold', () => {
  it('counts deposits of at least the threshold, each once even when the callback repeats', async () => {
    const member = await kit.addMember();
    const mission = await kit.addMission(member, { kind: 'deposit', target: 2n, threshold: 1_000n });
    const key = randomUUID();
    await kit.post(member, 'deposit', 1_500n, { idempotencyKey: key });
    await kit.post(member, 'deposit', 1_500n, { idempotencyKey: key });
    await kit.deposit(member, 999n);
    await kit.fold();
    await kit.fold();
    expect(await progressOf(mission.id, member)).toMatchObject({ progress: 1n, completedAt: null });
    await kit.deposit(member, 1_000n);
    await kit.fold();
    const row = await progressOf(mission.id, member);
    expect(row?.progress).toBe(2n);
    expect(row?.completedAt).not.toBeNull();
  });

  it('sums valid bet on its product line less refunds; a rollback before the claim takes completion back', async () => {
    const member = await kit.addMember();
    await kit.deposit(member, 100_000n);
    const mission = await kit.addMission(member, { kind: 'valid_bet', target: 5_000n, productLine: 'RNG' });
    await kit.post(member, 'slot.bet', 3_000n, { productLine: 'RNG' });
    await kit.post(member, 'vendor.bet', 9_000n, { productLine: 'LIVE' });
    const repeated = randomUUID();
    await kit.post(member, 'slot.bet', 2_000n, { productLine: 'RNG', idempotencyKey: repeated });
    await kit.post(member, 'slot.bet', 2_000n, { productLine: 'RNG', idempotencyKey: repeated });
    await kit.fold();
    let row = await progressOf(mission.id, member);
    expect(row?.progress).toBe(5_000n);
    expect(row?.completedAt).not.toBeNull();
    await kit.post(member, 'vendor.refund', 2_000n, { productLine: 'RNG' });
    await kit.fold();
    row = await progressOf(mission.id, member);
    expect(row).toMatchObject({ progress: 3_000n, completedAt: null });
  });

  it('counts rounds (a refund takes one back) and big wins against the round stake', async () => {
    const member = await kit.addMember();
    await kit.deposit(member, 100_000n);
    const rounds = await kit.addMission(member, { kind: 'rounds', target: 3n });
    const bigWin = await kit.addMission(member, { kind: 'big_win', target: 1n, threshold: 1_000n });
    const round = await kit.openRound(member, 200n);
    await kit.post(member, 'slot.bet', 200n, { productLine: 'RNG', roundId: round.id });
    await kit.post(member, 'slot.bet', 100n, { productLine: 'RNG' });
    await kit.post(member, 'slot.bet', 100n, { productLine: 'RNG' });
    await kit.post(member, 'slot.refund', 100n, { productLine: 'RNG' });
    await kit.post(member, 'slot.win', 1_999n, { productLine: 'RNG', roundId: round.id });
    await kit.fold();
    expect((await progressOf(rounds.id, member))?.progress).toBe(2n);
    expect(await progressOf(bigWin.id, member)).toBeUndefined();
    await kit.post(member, 'slot.win', 2_000n, { productLine: 'RNG', roundId: round.id });
    await kit.fold();
    const win = await progressOf(bigWin.id, member);
    expect(win?.progress).toBe(1n);
    expect(win?.completedAt).not.toBeNull();
  });

  it('marks the first use of a product line once, and a first deposit', async () => {
    const member = await kit.addMember();
    const lottery = await kit.addMission(member, {
      kind: 'first_use',
      target: 1n,
      cadence: 'once',
      feature: 'LOTT',
    });
    const firstDeposit = await kit.addMission(member, {
      kind: 'first_use',
      target: 1n,
      cadence: 'once',
      feature: 'deposit',
    });
    await kit.deposit(member, 10_000n);
    await kit.post(member, 'slot.bet', 100n, { productLine: 'RNG' });
    await kit.fold();
    expect(await progressOf(lottery.id, member)).toBeUndefined();
    expect((await progressOf(firstDeposit.id, member))?.periodKey).toBe('once');
    await kit.post(member, 'lottery.bet', 100n, { productLine: 'LOTT' });
    await kit.fold();
    const row = await progressOf(lottery.id, member);
    expect(row).toMatchObject({ periodKey: 'once', progress: 1n });
    expect(row?.completedAt).not.toBeNull();
  });

  it('follows a login streak of consecutive brand-clock days', async () => {
    const member = await kit.addMember();
    const streak = await kit.addMission(member, { kind: 'login_streak', target: 3n, cadence: 'once' });
    const { db } = testApp.database;
    const fold = kit.service();
    const login = async (day: string) => {
      await db.insert(loyaltyLoginDays).values({ memberId: member.id, day });
      await db.transaction((tx) =>
        fold.follow(tx, {
          activities: [],
          logins: [{ brandId: member.brandId, memberId: member.id, day, timeZone: 'UTC' }],
          members: new Map(),
          days: new Map(),
          isAskedFor: true,
        }),
      );
    };
    await login('2026-03-01');
    await login('2026-03-02');
    expect((await progressOf(streak.id, member))?.progress).toBe(2n);
    await login('2026-03-04');
    expect(await progressOf(streak.id, member)).toMatchObject({ progress: 1n, completedAt: null });
    await login('2026-03-05');
    await login('2026-03-06');
    const row = await progressOf(streak.id, member);
    expect(row?.progress).toBe(3n);
    expect(row?.completedAt).not.toBeNull();
  });
});

describe('claiming a mission', () => {
  it('places a cash reward in the reward centre once; points are credited; later refunds pay nothing again', async () => {
    const member = await kit.addMember();
    await kit.deposit(member, 100_000n);
    const cash = await kit.addMission(member, {
      kind: 'rounds',
      target: 1n,
      rewardKind: 'bonus',
      rewardAmount: 700n,
      rewardTurnoverMultiplier: 3,
      missionPoints: 15,
    });
    const points = await kit.addMission(member, {
      kind: 'rounds',
      target: 1n,
      rewardKind: 'points',
      rewardAmount: 40n,
    });
    await kit.post(member, 'slot.bet', 100n, { productLine: 'RNG' });
    await kit.fold();

    const summary = await kit.call<MissionSummary>(
      member,
      'GET',
      '/relay/MCSFE_getMissionSummaryDetails?lang=ur',
    );
    const mine = summary.body.value.missions.find((mission) => mission.missionId === cash.id.toString());
    expect(mine).toMatchObject({
      status: 'completed',
      progress: '1',
      target: '1',
      percent: 100,
      title: 'مشن',
    });
    expect(summary.body.value.unread).toBeGreaterThanOrEqual(2);
    const periodKey = mine?.periodKey ?? '';

    const claim = await kit.call<ClaimMissionResult>(member, 'POST', '/relay/MCSFE_claimMission', {
      missionId: cash.id.toString(),
      periodKey,
    });
    expect(claim.body.value).toMatchObject({ placedIn: 'reward_centre', mission: { status: 'claimed' } });
    const again = await kit.call(member, 'POST', '/relay/MCSFE_claimMission', {
      missionId: cash.id.toString(),
      periodKey,
    });
    expect(again).toMatchObject({ status: 409, body: { success: false, code: 'MISSION_NOT_CLAIMABLE' } });
    const rewards = await kit.missionRewardsOf(member.id);
    expect(rewards.map((reward) => [reward.reference, reward.amount, reward.turnoverRequired])).toEqual([
      [`mission:${cash.id}:${periodKey}`, 700n, 2_100n],
    ]);

    const balance = () =>
      pointBalance(testApp.app.wallet.ledger, testApp.database.db, member.brandId, member.id);
    const pointsBefore = await balance();
    const pointsClaim = await kit.call<ClaimMissionResult>(member, 'POST', '/relay/MCSFE_claimMission', {
      missionId: points.id.toString(),
      periodKey,
    });
    expect(pointsClaim.body.value.placedIn).toBe('points');
    expect((await balance()) - pointsBefore).toBe(40n);

    // After the claim a rollback moves progress but keeps the completion; nothing is paid again.
    await kit.post(member, 'slot.refund', 100n, { productLine: 'RNG' });
    await kit.fold();
    const row = await progressOf(cash.id, member);
    expect(row?.progress).toBe(0n);
    expect(row?.completedAt).not.toBeNull();
    expect(await kit.missionRewardsOf(member.id)).toHaveLength(1);

    const scores = await testApp.database.db
      .select()
      .from(missionPointScores)
      .where(eq(missionPointScores.memberId, member.id));
    expect(scores.map((score) => score.periodKey.split(':')[0]).sort()).toEqual([
      'daily',
      'monthly',
      'weekly',
    ]);
    expect(scores.every((score) => score.points === 15n)).toBe(true);
  });

  it('refuses a mission not completed, and the mark-seen call clears the badge', async () => {
    const member = await kit.addMember();
    const mission = await kit.addMission(member, { kind: 'rounds', target: 5n });
    const refused = await kit.call(member, 'POST', '/relay/MCSFE_claimMission', {
      missionId: mission.id.toString(),
      periodKey: '2026-01-01',
    });
    expect(refused).toMatchObject({ status: 409, body: { success: false, code: 'MISSION_NOT_CLAIMABLE' } });
    const invalid = await kit.call(member, 'POST', '/relay/MCSFE_claimMission', {
      missionId: 'x',
      periodKey: '',
    });
    expect(invalid).toMatchObject({ status: 400, body: { success: false, code: 'VALIDATION_FAILED' } });
    await kit.deposit(member, 10_000n);
    const done = await kit.addMission(member, { kind: 'deposit', target: 1n });
    await kit.deposit(member, 100n);
    await kit.fold();
    const before = await kit.call<MissionSummary>(member, 'GET', '/relay/MCSFE_getMissionSummaryDetails');
    expect(before.body.value.missions.find((row) => row.missionId === done.id.toString())?.status).toBe(
      'completed',
    );
    expect(before.body.value.unread).toBeGreaterThan(0);
    await kit.call(member, 'POST', '/relay/MCSFE_markMissionsSeen');
    const after = await kit.call<MissionSummary>(member, 'GET', '/relay/MCSFE_getMissionSummaryDetails');
    expect(after.body.value.unread).toBe(0);
  });

  it('answers 401 without a member session', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getMissionSummaryDetails',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('leaderboards', () => {
  it('ranks the running period, shows the own place, and pays the ended period once', async () => {
    const { db } = testApp.database;
    const first = await kit.addMember('lba');
    const second = await kit.addMember('lbb');
    const [board] = await db
      .insert(leaderboards)
      .values({
        brandId: first.brandId,
        title: { en: 'Test board' },
        metric: 'mission_points',
        period: 'daily',
        prizes: ['3000', '1000'],
        prizeTurnoverMultiplier: 2,
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      })
      .returning();
    if (!board) throw new Error('no board');
    const day = (offset: number) =>
      db.execute(sql`select 1`).then(() => {
        const at = new Date(Date.now() + offset * 86_400_000);
        return `daily:${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(at)}`;
      });
    const today = await day(0);
    const yesterday = await day(-1);
    const scores = [
      { memberId: first.id, periodKey: yesterday, points: 50n, updatedAt: new Date(Date.now() - 86_400_000) },
      { memberId: second.id, periodKey: yesterday, points: 50n, updatedAt: new Date() },
      { memberId: second.id, periodKey: today, points: 20n },
    ];
    await db.insert(missionPointScores).values(scores.map((score) => ({ ...score, brandId: first.brandId })));

    const view = await kit.call<MissionLeaderboards>(
      second,
      'GET',
      `/relay/MCSFE_getMissionLeaderboard?leaderboardId=${board.id}`,
    );
    const shown = view.body.value.leaderboards[0];
    expect(shown).toMatchObject({
      periodKey: today,
      prizes: ['30.00', '10.00'],
      me: { place: 1, score: '20' },
    });
    expect(shown?.standings[0]?.username).toMatch(/^lb\*\*\*.$/);

    const paid = await kit.service().payLeaderboards();
    expect(paid).toBeGreaterThanOrEqual(2);
    await kit.service().payLeaderboards();
    const payouts = await db
      .select()
      .from(leaderboardPayouts)
      .where(eq(leaderboardPayouts.leaderboardId, board.id));
    // Tie on 50 points: the one who reached it first (first) takes place 1.
    expect(payouts.map((row) => [row.periodKey, row.place, row.memberId, row.amount])).toEqual([
      [yesterday, 1, first.id, 3_000n],
      [yesterday, 2, second.id, 1_000n],
    ]);
    const rewards = await kit.missionRewardsOf(first.id);
    expect(rewards.map((reward) => [reward.reference, reward.amount, reward.turnoverRequired])).toEqual([
      [`leaderboard:${board.id}:${yesterday}:1`, 3_000n, 6_000n],
    ]);
    const after = await kit.call<MissionLeaderboards>(
      first,
      'GET',
      `/relay/MCSFE_getMissionLeaderboard?leaderboardId=${board.id}`,
    );
    expect(after.body.value.leaderboards[0]?.lastWinners.map((winner) => winner.prize)).toEqual([
      '30.00',
      '10.00',
    ]);
  });
});

describe('valid-bet leaderboards', () => {
  it('rank the period by valid bet from the daily figures, refunds taken off, ties to the lower member id', async () => {
    const { db } = testApp.database;
    const low = await kit.addMember('vba');
    const high = await kit.addMember('vbb');
    const tied = await kit.addMember('vbc');
    for (const member of [low, high, tied]) await kit.deposit(member, 100_000n);
    await kit.post(low, 'slot.bet', 2_000n, { productLine: 'RNG' });
    await kit.post(high, 'slot.bet', 9_000n, { productLine: 'RNG' });
    await kit.post(high, 'slot.refund', 1_000n, { productLine: 'RNG' });
    await kit.post(tied, 'vendor.bet', 2_000n, { productLine: 'LIVE' });
    await kit.fold();
    const [board] = await db
      .insert(leaderboards)
      .values({
        brandId: low.brandId,
        title: { en: 'Rollers' },
        metric: 'valid_bet',
        period: 'daily',
        prizes: ['100'],
      })
      .returning();
    if (!board) throw new Error('no board');
    const view = await kit.call<MissionLeaderboards>(
      tied,
      'GET',
      `/relay/MCSFE_getMissionLeaderboard?leaderboardId=${board.id}`,
    );
    const standings = view.body.value.leaderboards[0]?.standings ?? [];
    const mine = standings.filter((entry) => /^vb/.test(entry.username));
    expect(mine.map((entry) => entry.score)).toEqual(['80.00', '20.00', '20.00']);
    expect(mine.map((entry) => entry.username.slice(0, 2) + entry.username.slice(-1))).toEqual([
      `vb${high.username.slice(-1)}`,
      `vb${low.username.slice(-1)}`,
      `vb${tied.username.slice(-1)}`,
    ]);
    expect(view.body.value.leaderboards[0]?.me.score).toBe('20.00');
  });
});

describe('demo missions', () => {
  it('seeds six live missions and two leaderboards once, however often the seed runs', async () => {
    const { db } = testApp.database;
    const member = await kit.addMember();
    const count = async () => ({
      missions: (await db.select().from(missions).where(eq(missions.brandId, member.brandId))).length,
      boards: (await db.select().from(leaderboards).where(eq(leaderboards.brandId, member.brandId))).length,
    });
    const before = await count();
    await seedMissionsDemo(db, { id: member.brandId });
    expect(await count()).toEqual(before);
    const seeded = await db.select().from(missions).where(eq(missions.brandId, member.brandId));
    expect(seeded.filter((row) => row.title.en === 'First lottery ticket')[0]).toMatchObject({
      kind: 'first_use',
      feature: 'LOTT',
      status: 'live',
    });
  });
});

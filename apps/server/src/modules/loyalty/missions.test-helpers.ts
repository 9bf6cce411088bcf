import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { loginAsMember, type TestApp } from '../../testing/test-app';
import { gameRounds, games } from '../games/games.tables';
import { members } from '../members/members.tables';
import { memberRewards } from '../promotions/promotions.tables';
import { createPushService } from '../push/push.service';
import { missionProgress, missions } from './loyalty.tables';
import { createMissionService } from './missions.service';

export type MissionTestMember = { id: bigint; brandId: bigint; username: string; authorization: string };
type Envelope<T> = { success: boolean; code?: string; value: T };

/**
 * Members, missions and money for mission tests: deposits, bets, refunds and wins straight through the ledger
 * (as the fold reads them); a repeated vendor callback is the same idempotency key posted again.
 */
export const missionTestKit = (testApp: TestApp) => {
  const { db } = testApp.database;
  const { ledger } = testApp.app.wallet;

  const addMember = async (prefix = 'msn'): Promise<MissionTestMember> => {
    const [brand] = await db.select({ brandId: members.brandId }).from(members).limit(1);
    if (!brand) throw new Error('no seeded member');
    const username = `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const [member] = await db
      .insert(members)
      .values({ brandId: brand.brandId, username, nickname: username })
      .returning();
    if (!member) throw new Error('member not created');
    const { authorization } = await loginAsMember(testApp, username);
    return { id: member.id, brandId: member.brandId, username, authorization };
  };

  const addMission = async (
    member: Pick<MissionTestMember, 'brandId'>,
    values: Partial<typeof missions.$inferInsert> & Pick<typeof missions.$inferInsert, 'kind' | 'target'>,
  ) => {
    const [row] = await db
      .insert(missions)
      .values({
        brandId: member.brandId,
        title: { en: `Mission ${values.kind}`, ur: 'مشن' },
        description: { en: 'Test mission' },
        cadence: 'daily',
        rewardKind: 'cash',
        rewardAmount: 500n,
        status: 'live',
        startsAt: new Date(Date.now() - 60_000),
        ...values,
      })
      .returning();
    if (!row) throw new Error('mission not created');
    return row;
  };

  /** A game round of the member (for payouts measured against the round's stake). */
  const openRound = async (member: MissionTestMember, betAmount: bigint, productLine = 'RNG') => {
    const [game] = await db.select({ id: games.id, vendorId: games.vendorId }).from(games).limit(1);
    if (!game) throw new Error('no seeded game');
    const [round] = await db
      .insert(gameRounds)
      .values({
        brandId: member.brandId,
        memberId: member.id,
        vendorId: game.vendorId,
        gameId: game.id,
        roundRef: randomUUID(),
        productLine,
        currency: 'USD',
        betAmount,
      })
      .returning({ id: gameRounds.id, gameId: gameRounds.gameId });
    if (!round) throw new Error('round not created');
    return round;
  };

  const post = async (
    member: MissionTestMember,
    kind: string,
    amount: bigint,
    options: { productLine?: string; roundId?: bigint; idempotencyKey?: string } = {},
  ) => {
    const cash = (await ledger.ensureMemberAccount(member.brandId, member.id, 'USD')).id;
    const counterpart = kind === 'deposit' ? 'payment_clearing' : 'house';
    const other = (await ledger.ensureSystemAccount(member.brandId, counterpart, 'USD')).id;
    const toMember = kind === 'deposit' || kind.endsWith('win') || kind.endsWith('refund');
    await ledger.post({
      brandId: member.brandId,
      idempotencyKey: options.idempotencyKey ?? randomUUID(),
      kind,
      ...(options.productLine ? { productLine: options.productLine } : {}),
      ...(options.roundId === undefined ? {} : { reference: `round:${options.roundId}` }),
      legs: [
        { accountId: cash, amount: toMember ? amount : -amount },
        { accountId: other, amount: toMember ? -amount : amount },
      ],
    });
  };

  const progressOf = async (missionId: bigint, memberId: bigint) =>
    db
      .select()
      .from(missionProgress)
      .where(and(eq(missionProgress.missionId, missionId), eq(missionProgress.memberId, memberId)));

  const call = async <T>(
    member: MissionTestMember,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) => {
    const response = await testApp.app.inject({
      method,
      url: `/wps${url}`,
      headers: { authorization: member.authorization },
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };

  const missionRewardsOf = (memberId: bigint) =>
    db
      .select()
      .from(memberRewards)
      .where(and(eq(memberRewards.memberId, memberId), eq(memberRewards.source, 'mission')));

  return {
    addMember,
    addMission,
    openRound,
    post,
    deposit: (member: MissionTestMember, amount: bigint) => post(member, 'deposit', amount),
    progressOf,
    call,
    missionRewardsOf,
    fold: () => testApp.app.loyalty.fold.fold(),
    /** A missions service of its own on the test's database (a second instance, or to run a job by hand). */
    service: (now: () => Date = () => new Date()) =>
      createMissionService({
        db,
        ledger,
        wallet: testApp.app.wallet.wallet,
        rewards: testApp.app.promotions.rewards,
        push: createPushService(),
        now,
      }),
  };
};

import { randomUUID } from 'node:crypto';
import type { Reward } from '@wps/contracts/promotions';
import type { RewardList } from '@wps/contracts/promotions-rewards';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import { turnoverRequirements } from '../turnover/turnover.tables';
import { createLedgerService } from '../wallet/ledger.service';
import { ledgerTransactions } from '../wallet/wallet.tables';
import { memberRewards } from './promotions.tables';
import { expireRewardsJobName, type NewRewardRequest } from './rewards.service';

type Envelope<T> = { success: boolean; code?: string; value: T };
type Member = { id: bigint; brandId: bigint; authorization: string };

const hasPostgres = Boolean(process.env.DATABASE_URL);

describe('reward centre', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const createMember = async (): Promise<Member> => {
    const { db } = testApp.database;
    const [brand] = await db.select({ brandId: members.brandId }).from(members).limit(1);
    if (!brand) throw new Error('no seeded member');
    const username = `r${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const [member] = await db
      .insert(members)
      .values({ brandId: brand.brandId, username, nickname: username })
      .returning();
    if (!member) throw new Error('member not created');
    const { authorization } = await loginAsMember(testApp, username);
    return { id: member.id, brandId: member.brandId, authorization };
  };

  const giveReward = async (member: Member, overrides: Partial<NewRewardRequest> = {}) => {
    const row = await testApp.database.db.transaction((tx) =>
      testApp.app.promotions.rewards.create(tx, {
        brandId: member.brandId,
        memberId: member.id,
        currency: 'USD',
        source: 'cashback',
        promotionId: null,
        reference: `test:${randomUUID()}`,
        title: 'Weekly cashback',
        amount: 2_500n,
        turnoverRequired: 2_500n,
        ...overrides,
      }),
    );
    if (!row) throw new Error('reward not created');
    return row;
  };

  const call = async <T>(member: Member, method: 'GET' | 'POST', url: string) => {
    const response = await testApp.app.inject({
      method,
      url: `/wps${url}`,
      headers: { authorization: member.authorization },
    });
    return response.json<Envelope<T>>();
  };

  const cash = async (member: Member): Promise<bigint> => {
    const ledger = createLedgerService({ db: testApp.database.db });
    const account = await ledger.ensureMemberAccount(member.brandId, member.id, 'USD');
    return ledger.getBalance(account.id);
  };

  const turnoverOf = async (member: Member): Promise<bigint> => {
    const [row] = await testApp.database.db
      .select({ remaining: turnoverRequirements.remaining })
      .from(turnoverRequirements)
      .where(and(eq(turnoverRequirements.memberId, member.id), eq(turnoverRequirements.currency, 'USD')));
    return row?.remaining ?? 0n;
  };

  it('creates a reward once per member, source and reference', async () => {
    const member = await createMember();
    const first = await giveReward(member, { reference: 'raffle:1' });
    const again = await testApp.database.db.transaction((tx) =>
      testApp.app.promotions.rewards.create(tx, {
        brandId: member.brandId,
        memberId: member.id,
        currency: 'USD',
        source: 'cashback',
        promotionId: null,
        reference: 'raffle:1',
        title: 'Again',
        amount: 9_900n,
        turnoverRequired: 0n,
      }),
    );
    expect(again).toBeUndefined();
    expect(first.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('lists claimable rewards first, counts them unread until seen, pays a claim once with its turnover', async () => {
    const member = await createMember();
    const reward = await giveReward(member);
    expect((await call<{ count: number }>(member, 'GET', '/rewards/unread')).value.count).toBe(1);

    const list = await call<RewardList>(member, 'GET', '/rewards');
    expect(list.value).toMatchObject({
      claimable: [{ id: reward.id.toString(), source: 'cashback', amount: '25.00', status: 'claimable' }],
      claimableTotal: '25.00',
      history: [],
    });
    await call(member, 'POST', '/rewards/seen');
    expect((await call<{ count: number }>(member, 'GET', '/rewards/unread')).value.count).toBe(0);

    const claimed = await call<Reward>(member, 'POST', `/rewards/${reward.id}/claim`);
    expect(claimed.value).toMatchObject({ status: 'claimed', amount: '25.00' });
    expect(await cash(member)).toBe(2_500n);
    expect(await turnoverOf(member)).toBe(2_500n);

    const again = await call(member, 'POST', `/rewards/${reward.id}/claim`);
    expect(again).toMatchObject({ success: false, code: 'REWARD_NOT_CLAIMABLE' });
    expect(await cash(member)).toBe(2_500n);
    const after = await call<RewardList>(member, 'GET', '/rewards');
    expect(after.value.claimable).toEqual([]);
    expect(after.value.history).toMatchObject([{ id: reward.id.toString(), status: 'claimed' }]);
    const [row] = await testApp.database.db
      .select()
      .from(memberRewards)
      .where(eq(memberRewards.id, reward.id));
    const [posting] = await testApp.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, row?.ledgerTransactionId ?? 0n));
    expect(posting).toMatchObject({ idempotencyKey: `reward:${reward.id}` });
  });

  it("refuses another member's reward", async () => {
    const owner = await createMember();
    const other = await createMember();
    const reward = await giveReward(owner);
    expect(await call(other, 'POST', `/rewards/${reward.id}/claim`)).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('expires unclaimed rewards past their time without moving money, and refuses their claim', async () => {
    const member = await createMember();
    const past = await giveReward(member, { expiresAt: new Date(Date.now() - 1_000) });
    const later = await giveReward(member);
    expect((await call<{ count: number }>(member, 'GET', '/rewards/unread')).value.count).toBe(1);
    expect(await call(member, 'POST', `/rewards/${past.id}/claim`)).toMatchObject({
      code: 'REWARD_NOT_CLAIMABLE',
    });

    await testApp.app.platform.scheduler.runNow(expireRewardsJobName);
    const rows = await testApp.database.db
      .select()
      .from(memberRewards)
      .where(eq(memberRewards.memberId, member.id));
    expect(rows.find((row) => row.id === past.id)?.status).toBe('expired');
    expect(rows.find((row) => row.id === later.id)?.status).toBe('claimable');
    expect(await cash(member)).toBe(0n);
  });

  it('claims every claimable reward at once, then has nothing to claim', async () => {
    const member = await createMember();
    await giveReward(member, { amount: 1_000n, turnoverRequired: 0n });
    await giveReward(member, { amount: 1_500n, turnoverRequired: 1_500n, source: 'referral' });
    await giveReward(member, { amount: 700n, expiresAt: new Date(Date.now() - 1_000) });

    const all = await call<{ claimed: Reward[]; total: string }>(member, 'POST', '/rewards/claim-all');
    expect(all.value.total).toBe('25.00');
    expect(all.value.claimed).toHaveLength(2);
    expect(await cash(member)).toBe(2_500n);
    expect(await turnoverOf(member)).toBe(1_500n);
    expect(await call(member, 'POST', '/rewards/claim-all')).toMatchObject({ code: 'NOTHING_TO_CLAIM' });
  });

  it('needs a member', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/rewards' });
    expect(response.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });

  // PGlite runs one statement at a time, so nothing can race on it: this needs a real server.
  it.runIf(hasPostgres)(
    'pays one of 20 concurrent claims of a reward, and claim-all beside them pays nothing more',
    async () => {
      const member = await createMember();
      const reward = await giveReward(member, { amount: 5_000n });
      const results = await Promise.all([
        ...Array.from({ length: 20 }, () => call(member, 'POST', `/rewards/${reward.id}/claim`)),
        call(member, 'POST', '/rewards/claim-all'),
      ]);
      expect(results.filter((result) => result.success)).toHaveLength(1);
      expect(await cash(member)).toBe(5_000n);
      expect(await turnoverOf(member)).toBe(2_500n);
    },
  );
});

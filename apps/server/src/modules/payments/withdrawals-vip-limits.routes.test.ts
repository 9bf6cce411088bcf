import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { vipLevels, vipMemberLevels } from '../loyalty/loyalty.tables';
import {
  createWithdrawalFixture,
  envelopeOf,
  type TestMember,
  type WithdrawalFixture,
} from './withdrawals.test-helpers';

/** A VIP level's own daily withdrawal limits replace the brand's for its members (demo ladder: Gold 10 / 20,000). */
describe('withdrawal limits of a VIP level', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
  });
  afterAll(() => testApp.close());
  beforeEach(() => fx.setSettings({ withdrawalDailyMaxCount: 1, withdrawalDailyMaxAmount: 100_000n }));

  const placeAt = (member: TestMember, rank: number) =>
    fx.db.insert(vipMemberLevels).values({
      memberId: member.id,
      brandId: member.brandId,
      rank,
      highestRank: rank,
      periodStart: '2026-01-01',
    });

  const attempt = (member: TestMember, payoutAccountId: string) =>
    fx.requestWithdrawal(member, { payoutAccountId, amount: '10.00' });

  it("allows a Gold member more withdrawals a day than the brand's limit, and shows the level's limits", async () => {
    await fx.db
      .update(vipLevels)
      .set({ dailyWithdrawalCount: 2, dailyWithdrawalAmount: 3_000n })
      .where(and(eq(vipLevels.rank, 2)));
    const plain = await fx.createMember({ balance: 100_000n });
    const gold = await fx.createMember({ balance: 100_000n });
    await placeAt(gold, 2);
    const plainAccount = await fx.addPayoutAccount(plain);
    const goldAccount = await fx.addPayoutAccount(gold);

    expect(envelopeOf(await attempt(plain, plainAccount)).success).toBe(true);
    expect(envelopeOf(await attempt(plain, plainAccount))).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      value: { limit: 'count', dailyMaxCount: 1 },
    });

    expect(envelopeOf(await attempt(gold, goldAccount)).success).toBe(true);
    expect(envelopeOf(await attempt(gold, goldAccount)).success).toBe(true);
    expect(envelopeOf(await attempt(gold, goldAccount))).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      value: { limit: 'count', dailyMaxCount: 2 },
    });
    const overview = envelopeOf<{ dailyMaxCount: number; dailyMaxAmount: string }>(
      await fx.call(gold.authorization, 'GET', '/member/withdrawal/overview'),
    ).value;
    expect(overview).toMatchObject({ dailyMaxCount: 2, dailyMaxAmount: '30.00' });
  });
});

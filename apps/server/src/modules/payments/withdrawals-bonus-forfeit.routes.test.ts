import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { memberBonuses } from '../promotions/promotions.tables';
import {
  codeOf,
  createWithdrawalFixture,
  envelopeOf,
  type TestMember,
  type WithdrawalFixture,
} from './withdrawals.test-helpers';

describe('withdrawing with an active bonus', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
  });
  afterAll(() => testApp.close());
  beforeEach(() => fx.setSettings());

  const owner = (member: TestMember) => ({ brandId: member.brandId, memberId: member.id, currency: 'USD' });

  /** A member with 500.00 cash, a payout account and an active 30.00 bonus (wagering 10 ×). */
  const memberWithBonus = async () => {
    const member = await fx.createMember({ balance: 50_000n });
    const payoutAccountId = await fx.addPayoutAccount(member);
    await fx.db.transaction((tx) =>
      testApp.app.promotions.bonuses.grant(tx, {
        ...owner(member),
        amount: 3_000n,
        promotionId: null,
        reference: `test:${randomUUID()}`,
        title: 'Operator gift',
        terms: { multiplier: 10, base: 'bonus', contributions: { RNG: 100 }, maxStake: 0n, expiresInDays: 7 },
      }),
    );
    return { member, payoutAccountId };
  };

  const bonusBalance = async (member: TestMember) => {
    const account = await fx.ledger.ensureMemberAccount(member.brandId, member.id, 'USD', 'member_bonus');
    return fx.ledger.getBalance(account.id);
  };
  const houseBalance = async (member: TestMember) => {
    const account = await fx.ledger.ensureSystemAccount(member.brandId, 'promotion', 'USD');
    return fx.ledger.getBalance(account.id);
  };

  it('the overview names the active bonus and its balance, so the page warns before submitting', async () => {
    const { member } = await memberWithBonus();
    const response = await fx.call(member.authorization, 'GET', '/member/withdrawal/overview');
    expect(envelopeOf(response).value).toMatchObject({
      balance: '500.00',
      activeBonus: { title: 'Operator gift', balance: '30.00' },
    });
    const plain = await fx.createMember({ balance: 1_000n });
    const without = await fx.call(plain.authorization, 'GET', '/member/withdrawal/overview');
    expect(envelopeOf(without).value).toMatchObject({ activeBonus: null });
  });

  it('refuses the withdrawal until the member confirms the forfeit, holding nothing', async () => {
    const { member, payoutAccountId } = await memberWithBonus();
    const refused = await fx.requestWithdrawal(member, { payoutAccountId, amount: '100.00' });
    expect(codeOf(refused)).toBe('BONUS_FORFEIT_REQUIRED');
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await fx.balances(member)).toEqual({ cash: 50_000n, held: 0n });
    expect(await bonusBalance(member)).toBe(3_000n);
    expect(await fx.withdrawalRows(member.id)).toEqual([]);
    const [bonus] = await fx.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, member.id));
    expect(bonus?.status).toBe('active');
  });

  it('confirmed: the bonus returns to the house, the cash is untouched and the amount is held', async () => {
    const { member, payoutAccountId } = await memberWithBonus();
    const houseBefore = await houseBalance(member);
    const response = await fx.requestWithdrawal(member, {
      payoutAccountId,
      amount: '100.00',
      forfeitBonus: true,
    });
    expect(envelopeOf(response)).toMatchObject({
      success: true,
      value: { status: 'pending', amount: '100.00' },
    });
    expect(await fx.balances(member)).toEqual({ cash: 40_000n, held: 10_000n });
    expect(await bonusBalance(member)).toBe(0n);
    expect((await houseBalance(member)) - houseBefore).toBe(3_000n);
    const [bonus] = await fx.db.select().from(memberBonuses).where(eq(memberBonuses.memberId, member.id));
    expect(bonus).toMatchObject({ status: 'forfeited', settledAmount: 3_000n });
    const overview = await fx.call(member.authorization, 'GET', '/member/withdrawal/overview');
    expect(envelopeOf(overview).value).toMatchObject({ activeBonus: null });
  });

  it('a refused withdrawal (over the balance) keeps the bonus even when the forfeit was confirmed', async () => {
    const { member, payoutAccountId } = await memberWithBonus();
    const response = await fx.requestWithdrawal(member, {
      payoutAccountId,
      amount: '600.00',
      forfeitBonus: true,
    });
    expect(codeOf(response)).toBe('INSUFFICIENT_FUNDS');
    expect(await bonusBalance(member)).toBe(3_000n);
  });

  it('without a bonus, forfeitBonus changes nothing', async () => {
    const member = await fx.createMember({ balance: 20_000n });
    const payoutAccountId = await fx.addPayoutAccount(member);
    const response = await fx.requestWithdrawal(member, { payoutAccountId, forfeitBonus: true });
    expect(envelopeOf(response)).toMatchObject({ success: true });
    expect(await fx.balances(member)).toEqual({ cash: 10_000n, held: 10_000n });
  });
});

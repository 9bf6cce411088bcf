import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsOperator, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import {
  createWithdrawalFixture,
  envelopeOf,
  paymentPassword,
  type TestMember,
  type WithdrawalFixture,
} from '../payments/withdrawals.test-helpers';
import { createTurnoverService } from '../turnover/turnover.service';

/**
 * The wagering requirement follows the money (issue 19, point 10): a transfer to an upline or a downline takes
 * its share of the sender's outstanding requirement to the receiver, whose withdrawal is then held to it.
 */
describe('turnover requirements carried by transfers', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;
  let staff: { authorization: string };

  const remaining = (member: TestMember) =>
    createTurnoverService({ db: testApp.database.db }).remaining(member.id, 'USD');

  /** A bank-transfer deposit approved by staff: credited with a requirement of its whole amount (100 %). */
  const deposit = async (member: TestMember, amount: string) => {
    const asked = await fx.call(member.authorization, 'POST', '/member/deposits', {
      channelCode: 'BANK_TRANSFER',
      amount,
      playerReference: 'REF-1',
      requestId: randomUUID(),
    });
    const { id } = envelopeOf<{ id: string }>(asked).value;
    const approved = await fx.call(staff.authorization, 'POST', `/backoffice/deposits/${id}/approve`, {});
    expect(envelopeOf(approved)).toMatchObject({ success: true, value: { status: 'credited' } });
  };

  const transfer = async (sender: TestMember, to: 'upline' | { downline: TestMember }, amount: string) => {
    const response = await fx.call(
      sender.authorization,
      'POST',
      `/member/transfers/${to === 'upline' ? 'upline' : 'downline'}`,
      {
        ...(to === 'upline' ? {} : { username: to.downline.username }),
        amount,
        paymentPassword,
        requestId: randomUUID(),
      },
    );
    expect(envelopeOf(response)).toMatchObject({ success: true });
    return response;
  };

  const withdraw = async (member: TestMember, amount: string) =>
    fx.requestWithdrawal(member, { payoutAccountId: await fx.addPayoutAccount(member), amount });

  const placeUnder = async (member: TestMember, upline: TestMember) => {
    await testApp.database.db.update(members).set({ uplineId: upline.id }).where(eq(members.id, member.id));
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
    await fx.setSettings({ withdrawalDailyMaxCount: 100 });
    staff = await loginAsOperator(testApp.app);
  });
  afterAll(() => testApp.close());

  it('holds an upline’s withdrawal to the requirement of the money a member sent up', async () => {
    const agent = await fx.createMember({ type: 1 });
    const player = await fx.createMember();
    await placeUnder(player, agent);
    await deposit(player, '1000.00');
    expect(await remaining(player)).toBe(100_000n);

    // 400 of 1,000 takes 40 % of the outstanding 1,000 along; the sender keeps the rest of it.
    await transfer(player, 'upline', '400.00');
    expect(await remaining(player)).toBe(60_000n);
    expect(await remaining(agent)).toBe(40_000n);

    const refused = await withdraw(agent, '400.00');
    expect(envelopeOf(refused)).toMatchObject({
      success: false,
      code: 'TURNOVER_NOT_MET',
      value: { remaining: '400.00' },
    });
    expect(await fx.balances(agent)).toEqual({ cash: 40_000n, held: 0n });

    await transfer(player, 'upline', '600.00');
    expect(await remaining(player)).toBe(0n);
    expect(await remaining(agent)).toBe(100_000n);
  });

  it('holds a downline’s withdrawal to the requirement of the money an agent sent down', async () => {
    const agent = await fx.createMember({ type: 1 });
    const player = await fx.createMember();
    await placeUnder(player, agent);
    await deposit(agent, '300.00');
    await fx.fund(agent, 30_000n);

    // Half the agent's 600 carries half the outstanding 300; the requirement in the line stays whole.
    await transfer(agent, { downline: player }, '300.00');
    expect(await remaining(agent)).toBe(15_000n);
    expect(await remaining(player)).toBe(15_000n);
    expect(envelopeOf(await withdraw(player, '300.00'))).toMatchObject({ code: 'TURNOVER_NOT_MET' });

    // Money without a requirement carries none.
    const clean = await fx.createMember({ type: 1, balance: 50_000n });
    const other = await fx.createMember();
    await placeUnder(other, clean);
    await transfer(clean, { downline: other }, '100.00');
    expect(await remaining(other)).toBe(0n);
    expect(envelopeOf(await withdraw(other, '100.00'))).toMatchObject({ success: true });
  });
});

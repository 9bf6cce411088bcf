import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, loginAsOperator, type TestApp } from '../../testing/test-app';
import {
  createWithdrawalFixture,
  envelopeOf,
  type TestMember,
  type WithdrawalFixture,
} from './withdrawals.test-helpers';

type StaffWithdrawal = {
  id: string;
  status: string;
  approvalsRequired: number;
  firstApproval: { staff: string; note: string | null; at: string } | null;
};

const hasPostgres = Boolean(process.env.DATABASE_URL);

/** Four eyes on withdrawals (issue 19, point 4): above the brand's amount, two different staff approve. */
describe('withdrawals above the second-approval amount', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;
  let first: { authorization: string };
  let second: { authorization: string };
  let third: { authorization: string };

  const decide = (staff: { authorization: string }, id: string, decision: 'approve' | 'reject', body = {}) =>
    fx.call(staff.authorization, 'POST', `/backoffice/withdrawals/${id}/${decision}`, body);
  const queue = async (status: string) =>
    envelopeOf<{ list: StaffWithdrawal[] }>(
      await fx.call(first.authorization, 'GET', `/backoffice/withdrawals?status=${status}`),
    ).value.list;
  const withdraw = async (member: TestMember, payoutAccountId: string, amount: string) => {
    const response = await fx.requestWithdrawal(member, { payoutAccountId, amount });
    expect(envelopeOf(response)).toMatchObject({ success: true });
    return envelopeOf<{ id: string }>(response).value.id;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
    await fx.setSettings({ withdrawalDailyMaxCount: 100 });
    first = await loginAsOperator(testApp.app);
    second = await createStaff(testApp.app, { username: 'cashier', role: 'finance' });
    third = await createStaff(testApp.app, { username: 'auditor', role: 'admin' });
  });
  afterAll(() => testApp.close());

  it('pays out above 10,000 only after a second, different staff member approves', async () => {
    const member = await fx.createMember({ balance: 2_000_000n });
    const payoutAccountId = await fx.addPayoutAccount(member);
    const id = await withdraw(member, payoutAccountId, '15000.00');
    expect((await queue('pending')).find((row) => row.id === id)).toMatchObject({
      approvalsRequired: 2,
      firstApproval: null,
    });
    const clearingBefore = await fx.clearingBalance();

    const once = await decide(first, id, 'approve', { note: 'Documents fine' });
    expect(envelopeOf(once)).toMatchObject({
      success: true,
      value: {
        id,
        status: 'pending',
        approvalsRequired: 2,
        firstApproval: { staff: 'operator', note: 'Documents fine' },
      },
    });
    expect(await fx.balances(member)).toEqual({ cash: 500_000n, held: 1_500_000n });
    expect(await fx.clearingBalance()).toBe(clearingBefore);
    expect((await fx.messagesOf(member.id)).map((row) => row.kind)).not.toContain('withdrawal_approved');
    expect((await queue('awaiting_second_approval')).map((row) => row.id)).toEqual([id]);

    const again = await decide(first, id, 'approve');
    expect(envelopeOf(again)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(envelopeOf(again).message).toMatch(/another staff member must give the second approval/);
    expect(again.statusCode).toBe(403);

    expect(envelopeOf(await decide(second, id, 'approve'))).toMatchObject({
      success: true,
      value: { status: 'approved', firstApproval: { staff: 'operator' } },
    });
    expect(await fx.balances(member)).toEqual({ cash: 500_000n, held: 0n });
    expect(await fx.clearingBalance()).toBe(clearingBefore + 1_500_000n);
    expect(envelopeOf(await decide(third, id, 'approve'))).toMatchObject({ code: 'ALREADY_PROCESSED' });
    expect(await queue('awaiting_second_approval')).toEqual([]);

    const audit = await fx.auditOf('withdrawal', id);
    expect(audit.map((row) => row.action)).toEqual([
      'payments.withdrawal.request',
      'payments.withdrawal.first_approval',
      'payments.withdrawal.approve',
    ]);
    expect(audit[1]?.actorId).not.toBe(audit[2]?.actorId);
    expect(audit[2]).toMatchObject({
      before: { firstApprovedBy: 'operator' },
      after: { reviewedBy: 'cashier' },
    });
  });

  it('keeps one approval up to the amount, and lets anyone reject one awaiting its second', async () => {
    const member = await fx.createMember({ balance: 3_000_000n });
    const payoutAccountId = await fx.addPayoutAccount(member);
    const small = await withdraw(member, payoutAccountId, '10000.00');
    expect(envelopeOf(await decide(first, small, 'approve'))).toMatchObject({
      value: { status: 'approved', approvalsRequired: 1, firstApproval: null },
    });

    const large = await withdraw(member, payoutAccountId, '10000.01');
    await decide(first, large, 'approve');
    expect(envelopeOf(await decide(first, large, 'reject', { reason: 'Second thoughts' }))).toMatchObject({
      value: { status: 'rejected' },
    });
    expect(await fx.balances(member)).toEqual({ cash: 2_000_000n, held: 0n });
  });

  // PGlite runs one statement at a time, so nothing can race on it: this needs a real server (DATABASE_URL).
  it.runIf(hasPostgres)('pays once when second approvals arrive at the same moment', async () => {
    const member = await fx.createMember({ balance: 10_000_000n });
    const payoutAccountId = await fx.addPayoutAccount(member);
    for (let round = 0; round < 4; round += 1) {
      const id = await withdraw(member, payoutAccountId, '12000.00');
      await decide(first, id, 'approve');
      const clearingBefore = await fx.clearingBalance();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => decide(index % 2 === 0 ? second : third, id, 'approve')),
      );
      expect(answers.filter((answer) => envelopeOf(answer).success)).toHaveLength(1);
      expect(new Set(answers.map((answer) => envelopeOf(answer).code))).toEqual(
        new Set([undefined, 'ALREADY_PROCESSED']),
      );
      expect(await fx.clearingBalance()).toBe(clearingBefore + 1_200_000n);
    }
    expect(await fx.balances(member)).toEqual({ cash: 5_200_000n, held: 0n });
  });
});

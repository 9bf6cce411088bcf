import type { Withdrawal } from '@wps/contracts/payments';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createKycFixture } from '../kyc/kyc.test-helpers';
import {
  codeOf,
  createWithdrawalFixture,
  envelopeOf,
  type TestMember,
  type WithdrawalFixture,
} from './withdrawals.test-helpers';
import type { StaffWithdrawal } from './withdrawals.service';

/**
 * Issue 26, item 4: a withdrawal above the brand's single threshold, or whose member's paid and pending
 * withdrawals pass its cumulative threshold, waits for the tier the brand requires. It keeps its hold (the money
 * stays held, moved only by the ledger), is shown to the member and in the console, cannot be approved, and joins
 * the review queue when staff approve the document that gives the tier.
 */
describe('withdrawals waiting for identity verification', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;
  let kyc: ReturnType<typeof createKycFixture>;
  let staff: { authorization: string };

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
    kyc = createKycFixture(testApp);
    staff = await fx.staffHeaders();
    await fx.setSettings();
  });
  beforeEach(async () => {
    await kyc.setRule(staff, { requiredTier: 'basic', singleThreshold: '500.00', cumulativeThreshold: null });
  });
  afterAll(() => testApp.close());

  const withdraw = async (member: TestMember, payoutAccountId: string, amount: string) => {
    const response = await fx.requestWithdrawal(member, { payoutAccountId, amount });
    expect(envelopeOf(response)).toMatchObject({ success: true });
    return envelopeOf<Withdrawal>(response).value;
  };

  const queue = async (status: 'pending' | 'awaiting_verification' | 'all') => {
    const response = await fx.call(
      staff.authorization,
      'GET',
      `/backoffice/withdrawals?status=${status}&pageSize=100`,
    );
    return envelopeOf<{ list: StaffWithdrawal[] }>(response).value.list;
  };
  const idsIn = async (status: 'pending' | 'awaiting_verification') =>
    (await queue(status)).map((withdrawal) => withdrawal.id);

  const ownWithdrawal = async (member: TestMember, id: string) =>
    envelopeOf<Withdrawal>(await fx.call(member.authorization, 'GET', `/member/withdrawals/${id}`)).value;

  it('holds one above the single threshold (money held, out of the queue, not approvable) and releases it', async () => {
    const member = await fx.createMember({ balance: 200_000n });
    const account = await fx.addPayoutAccount(member);

    const small = await withdraw(member, account, '500.00');
    expect(small).toMatchObject({ status: 'pending', awaitingKycTier: null });

    const large = await withdraw(member, account, '600.00');
    expect(large).toMatchObject({ status: 'pending', awaitingKycTier: 'basic' });
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 110_000n });
    expect(await idsIn('pending')).toContain(small.id);
    expect(await idsIn('pending')).not.toContain(large.id);
    expect(await idsIn('awaiting_verification')).toEqual([large.id]);
    expect((await queue('all')).find((withdrawal) => withdrawal.id === large.id)).toMatchObject({
      awaitingKycTier: 'basic',
    });
    const pendingReviews = await testApp.app.payments.pendingReviews(member.brandId);
    expect(pendingReviews.withdrawals).toBe(1);

    const refused = await fx.review(large.id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('WITHDRAWAL_AWAITING_VERIFICATION');
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 110_000n });
    const [requested] = await fx.auditOf('withdrawal', large.id);
    expect(requested).toMatchObject({
      action: 'payments.withdrawal.request',
      after: { awaitingKycTier: 'basic' },
    });

    // The member hands in an identity document; staff approve it, which releases the withdrawal.
    const identity = await kyc.submit(member.authorization, 'identity');
    expect((await ownWithdrawal(member, large.id)).awaitingKycTier).toBe('basic');
    expect((await kyc.decide(staff, identity, 'approve')).body).toMatchObject({ success: true });

    expect(await ownWithdrawal(member, large.id)).toMatchObject({ status: 'pending', awaitingKycTier: null });
    expect(await idsIn('pending')).toContain(large.id);
    expect(await idsIn('awaiting_verification')).toEqual([]);
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 110_000n });
    const release = (await fx.auditOf('withdrawal', large.id)).find(
      (event) => event.action === 'payments.withdrawal.kyc_release',
    );
    expect(release).toMatchObject({
      actorType: 'staff',
      before: { awaitingKycTier: 'basic' },
      after: { awaitingKycTier: null, memberTier: 'basic' },
    });

    // Released, it is paid out by the normal approval, through the ledger.
    const clearingBefore = await fx.clearingBalance();
    expect(envelopeOf(await fx.review(large.id, 'approve'))).toMatchObject({
      success: true,
      value: { status: 'approved', awaitingKycTier: null },
    });
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 50_000n });
    expect((await fx.clearingBalance()) - clearingBefore).toBe(60_000n);

    // A member who already holds the tier is not held.
    const verifiedAlready = await withdraw(member, account, '700.00');
    expect(verifiedAlready.awaitingKycTier).toBeNull();
  });

  it('holds one whose paid and pending withdrawals pass the cumulative threshold', async () => {
    await kyc.setRule(staff, {
      requiredTier: 'basic',
      singleThreshold: null,
      cumulativeThreshold: '1000.00',
    });
    const member = await fx.createMember({ balance: 200_000n });
    const account = await fx.addPayoutAccount(member);
    const first = await withdraw(member, account, '400.00');
    expect(envelopeOf(await fx.review(first.id, 'approve'))).toMatchObject({ value: { status: 'approved' } });
    const second = await withdraw(member, account, '400.00');
    const rejected = await withdraw(member, account, '150.00');
    expect(envelopeOf(await fx.review(rejected.id, 'reject'))).toMatchObject({
      value: { status: 'rejected' },
    });
    expect([first, second, rejected].map((withdrawal) => withdrawal.awaitingKycTier)).toEqual([
      null,
      null,
      null,
    ]);

    // The rejected one no longer counts: 400 paid + 400 pending + 200 = 1000 is not above; another 10 is.
    expect((await withdraw(member, account, '200.00')).awaitingKycTier).toBeNull();
    expect((await withdraw(member, account, '10.00')).awaitingKycTier).toBe('basic');
  });

  it('waits for verified when the brand requires it, and a held withdrawal may still be rejected', async () => {
    await kyc.setRule(staff, {
      requiredTier: 'verified',
      singleThreshold: '500.00',
      cumulativeThreshold: null,
    });
    const member = await fx.createMember({ balance: 200_000n });
    const account = await fx.addPayoutAccount(member);
    const held = await withdraw(member, account, '800.00');
    const returned = await withdraw(member, account, '900.00');
    expect([held.awaitingKycTier, returned.awaitingKycTier]).toEqual(['verified', 'verified']);

    expect(envelopeOf(await fx.review(returned.id, 'reject'))).toMatchObject({
      value: { status: 'rejected', awaitingKycTier: null },
    });
    expect(await fx.balances(member)).toEqual({ cash: 120_000n, held: 80_000n });

    await kyc.decide(staff, await kyc.submit(member.authorization, 'identity'), 'approve');
    expect((await ownWithdrawal(member, held.id)).awaitingKycTier).toBe('verified');
    expect(await idsIn('awaiting_verification')).toContain(held.id);

    await kyc.decide(staff, await kyc.submit(member.authorization, 'address'), 'approve');
    expect((await ownWithdrawal(member, held.id)).awaitingKycTier).toBeNull();
    expect(await idsIn('pending')).toContain(held.id);
    expect(await idsIn('awaiting_verification')).not.toContain(held.id);
  });
});

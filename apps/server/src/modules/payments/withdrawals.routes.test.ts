import { randomUUID } from 'node:crypto';
import type { Withdrawal } from '@wps/contracts/payments';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, loginAsMember, type TestApp } from '../../testing/test-app';
import { brands } from '../site/site.tables';
import { createTurnoverService } from '../turnover/turnover.service';
import { ledgerHolds, ledgerTransactions } from '../wallet/wallet.tables';
import { withdrawals } from './payments.tables';
import {
  codeOf,
  createWithdrawalFixture,
  envelopeOf,
  paymentPassword,
  type TestMember,
  type WithdrawalFixture,
} from './withdrawals.test-helpers';

type StaffWithdrawal = Withdrawal & { member: { account: string }; turnoverRemaining: string };

describe('withdrawals', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
  });
  afterAll(() => testApp.close());
  beforeEach(() => fx.setSettings());

  /** A member with 1,000.00 and a payout account. */
  const readyMember = async (balance = 100_000n) => {
    const member = await fx.createMember({ balance });
    const payoutAccountId = await fx.addPayoutAccount(member);
    return { member, payoutAccountId };
  };

  const withdraw = async (member: TestMember, payoutAccountId: string, amount = '100.00') => {
    const response = await fx.requestWithdrawal(member, { payoutAccountId, amount });
    expect(envelopeOf(response)).toMatchObject({ success: true });
    return envelopeOf<Withdrawal>(response).value;
  };

  const getOwn = async (member: TestMember, id: string) =>
    envelopeOf<Withdrawal>(await fx.call(member.authorization, 'GET', `/member/withdrawals/${id}`)).value;

  const confirm = (member: TestMember, id: string, body: object) =>
    fx.call(member.authorization, 'POST', `/member/withdrawals/${id}/confirmation`, body);

  const uploadProof = async (member: TestMember, purpose = 'withdrawal_proof'): Promise<string> => {
    const form = new FormData();
    form.append('purpose', purpose);
    const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'proof.png');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/member/uploads',
      headers: { authorization: member.authorization },
      payload: form,
    });
    return envelopeOf<{ id: string }>(response).value.id;
  };

  it('holds the amount, pays it out on approval and lets the player confirm a partial receipt', async () => {
    const { member, payoutAccountId } = await readyMember();
    const clearingBefore = await fx.clearingBalance();

    const withdrawal = await withdraw(member, payoutAccountId, '100.00');
    expect(withdrawal).toMatchObject({
      amount: '100.00',
      currency: 'USD',
      status: 'pending',
      payoutAccount: { method: 'bank', providerName: 'Lotus Bank', holderName: 'Ana Reyes' },
      confirmation: { state: 'not_applicable' },
    });
    expect(withdrawal.payoutAccount.accountNumber).toMatch(/^\*{4}\w{4}$/);
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 10_000n });

    const overview = envelopeOf<Record<string, unknown>>(
      await fx.call(member.authorization, 'GET', '/member/withdrawal/overview'),
    ).value;
    expect(overview).toMatchObject({
      balance: '900.00',
      minAmount: '10.00',
      maxAmount: '50000.00',
      dailyMaxAmount: '100000.00',
      dailyMaxCount: 5,
      usedTodayCount: 1,
      usedTodayAmount: '100.00',
      turnoverRemaining: '0.00',
      hasPaymentPassword: true,
      realName: 'Ana Reyes',
      confirmationMinutes: 60,
    });

    const staff = await fx.staffHeaders();
    const queue = envelopeOf<{ list: StaffWithdrawal[] }>(
      await fx.call(staff.authorization, 'GET', '/backoffice/withdrawals'),
    ).value.list;
    expect(queue.find((item) => item.id === withdrawal.id)).toMatchObject({
      member: { account: member.username },
      turnoverRemaining: '0.00',
    });

    const approved = await fx.review(withdrawal.id, 'approve', { note: 'Paid by bank transfer' });
    expect(envelopeOf(approved)).toMatchObject({
      success: true,
      value: { status: 'approved', reviewNote: 'Paid by bank transfer', confirmation: { state: 'awaiting' } },
    });
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 0n });
    expect(await fx.clearingBalance()).toBe(clearingBefore + 10_000n);
    const [row] = await fx.withdrawalRows(member.id);
    const [hold] = await fx.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.id, row?.holdId ?? 0n));
    expect(hold?.status).toBe('posted');
    const [paid] = await fx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, hold?.settleTransactionId ?? 0n));
    expect(paid?.kind).toBe('withdrawal.paid');
    expect(row?.reviewedByStaffId).not.toBeNull();
    expect(await fx.messagesOf(member.id)).toMatchObject([
      { kind: 'withdrawal_approved', params: { amount: '100.00', currency: 'USD' } },
    ]);
    const approval = (await fx.auditOf('withdrawal', withdrawal.id)).find(
      (event) => event.action === 'payments.withdrawal.approve',
    );
    expect(approval).toMatchObject({
      actorType: 'staff',
      before: { status: 'pending' },
      after: { status: 'approved', reviewNote: 'Paid by bank transfer' },
    });

    expect(codeOf(await fx.review(withdrawal.id, 'approve'))).toBe('ALREADY_PROCESSED');
    expect(codeOf(await fx.review(withdrawal.id, 'reject'))).toBe('ALREADY_PROCESSED');
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 0n });

    const awaiting = await getOwn(member, withdrawal.id);
    expect(awaiting.confirmation.state).toBe('awaiting');
    expect(Date.parse(awaiting.confirmation.deadline ?? '')).toBeGreaterThan(Date.now() + 55 * 60_000);

    const partial = await confirm(member, withdrawal.id, { outcome: 'received', receivedAmount: '60.00' });
    expect(envelopeOf<Withdrawal>(partial).value.confirmation).toMatchObject({
      state: 'received',
      receivedAmount: '60.00',
      remainingAmount: '40.00',
    });
    const paidInFull = await confirm(member, withdrawal.id, { outcome: 'fully_paid' });
    expect(envelopeOf<Withdrawal>(paidInFull).value.confirmation).toMatchObject({
      state: 'fully_paid',
      receivedAmount: '100.00',
      remainingAmount: '0.00',
    });
    expect(codeOf(await confirm(member, withdrawal.id, { outcome: 'received' }))).toBe('CONFIRMATION_CLOSED');
    expect(
      (await fx.auditOf('withdrawal', withdrawal.id)).filter(
        (event) => event.action === 'payments.withdrawal.confirm',
      ),
    ).toHaveLength(2);
  });

  it('returns the money to the main wallet when staff reject, with the reason in a message', async () => {
    const { member, payoutAccountId } = await readyMember();
    const withdrawal = await withdraw(member, payoutAccountId, '250.50');
    expect(await fx.balances(member)).toEqual({ cash: 74_950n, held: 25_050n });

    const rejected = await fx.review(withdrawal.id, 'reject', { reason: 'Name differs at the bank' });
    expect(envelopeOf(rejected)).toMatchObject({
      success: true,
      value: {
        status: 'rejected',
        reviewNote: 'Name differs at the bank',
        confirmation: { state: 'not_applicable' },
      },
    });
    expect(await fx.balances(member)).toEqual({ cash: 100_000n, held: 0n });
    expect(await fx.messagesOf(member.id)).toMatchObject([
      {
        kind: 'withdrawal_rejected',
        params: { amount: '250.50', currency: 'USD', reason: 'Name differs at the bank' },
      },
    ]);
    const [row] = await fx.withdrawalRows(member.id);
    const [hold] = await fx.db
      .select()
      .from(ledgerHolds)
      .where(eq(ledgerHolds.id, row?.holdId ?? 0n));
    expect(hold?.status).toBe('voided');
    const [returned] = await fx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, hold?.settleTransactionId ?? 0n));
    expect(returned?.kind).toBe('withdrawal.returned');
    expect(codeOf(await fx.review(withdrawal.id, 'approve'))).toBe('ALREADY_PROCESSED');
    expect(codeOf(await confirm(member, withdrawal.id, { outcome: 'received' }))).toBe('CONFIRMATION_CLOSED');

    // A rejected withdrawal no longer counts against the day.
    const overview = envelopeOf<{ usedTodayCount: number }>(
      await fx.call(member.authorization, 'GET', '/member/withdrawal/overview'),
    ).value;
    expect(overview.usedTodayCount).toBe(0);
  });

  it('refuses while turnover remains, and allows once valid bets meet it', async () => {
    const { member, payoutAccountId } = await readyMember();
    const turnover = createTurnoverService({ db: fx.db });
    const change = { brandId: member.brandId, memberId: member.id, currency: 'USD', amount: 5_000n };
    await fx.db.transaction((tx) =>
      turnover.addRequirement(tx, { ...change, source: 'deposit', reference: 'deposit:test' }),
    );

    const refused = await fx.requestWithdrawal(member, { payoutAccountId });
    expect(envelopeOf(refused)).toMatchObject({
      success: false,
      code: 'TURNOVER_NOT_MET',
      value: { remaining: '50.00' },
    });
    expect(await fx.balances(member)).toEqual({ cash: 100_000n, held: 0n });
    expect(await fx.withdrawalRows(member.id)).toEqual([]);

    await fx.db.transaction((tx) =>
      turnover.recordValidBet(tx, { ...change, reference: 'round:test', productLine: 'RNG' }),
    );
    await withdraw(member, payoutAccountId);
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 10_000n });
  });

  it('lets a member in a time-out withdraw what remains though turnover is owed', async () => {
    const { member, payoutAccountId } = await readyMember();
    const turnover = createTurnoverService({ db: fx.db });
    await fx.db.transaction((tx) =>
      turnover.addRequirement(tx, {
        brandId: member.brandId,
        memberId: member.id,
        currency: 'USD',
        amount: 5_000n,
        source: 'deposit',
        reference: 'deposit:excluded',
      }),
    );
    await testApp.app.protection.protection.startTimeOut(member, { days: 1 });
    // The time-out signed them out everywhere; they sign in again to take their money out.
    const signedIn = { ...member, ...(await loginAsMember(testApp, member.username)) };
    const overview = envelopeOf<{ turnoverRemaining: string }>(
      await fx.call(signedIn.authorization, 'GET', '/member/withdrawal/overview'),
    ).value;
    expect(overview.turnoverRemaining).toBe('0.00');
    await withdraw(signedIn, payoutAccountId);
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 10_000n });
  });

  it('applies the minimum, the maximum and the daily count and amount', async () => {
    await fx.setSettings({
      withdrawalMax: 50_000n,
      withdrawalDailyMaxCount: 3,
      withdrawalDailyMaxAmount: 80_000n,
    });
    const { member, payoutAccountId } = await readyMember();
    const attempt = (amount: string) => fx.requestWithdrawal(member, { payoutAccountId, amount });

    expect(envelopeOf(await attempt('9.99'))).toMatchObject({
      code: 'AMOUNT_BELOW_MINIMUM',
      value: { minAmount: '10.00' },
    });
    expect(envelopeOf(await attempt('500.01'))).toMatchObject({
      code: 'AMOUNT_ABOVE_MAXIMUM',
      value: { maxAmount: '500.00' },
    });
    await withdraw(member, payoutAccountId, '10.00');
    await withdraw(member, payoutAccountId, '500.00');
    expect(envelopeOf(await attempt('290.01'))).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      value: { limit: 'amount' },
    });
    await withdraw(member, payoutAccountId, '290.00');
    expect(envelopeOf(await attempt('10.00'))).toMatchObject({
      code: 'DAILY_LIMIT_REACHED',
      value: { limit: 'count' },
    });
    expect(await fx.balances(member)).toEqual({ cash: 20_000n, held: 80_000n });
  });

  it("counts the day from midnight in the brand's time zone (Asia/Manila)", async () => {
    await fx.setSettings({ withdrawalDailyMaxCount: 1 });
    const { member, payoutAccountId } = await readyMember();
    const [brand] = await fx.db
      .select({ timeZone: brands.timeZone })
      .from(brands)
      .where(eq(brands.id, member.brandId));
    expect(brand?.timeZone).toBe('Asia/Manila');
    // Manila is UTC+8 all year: its midnight, worked out here without the database.
    const manilaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
    const midnight = Date.parse(`${manilaDate}T00:00:00+08:00`);
    const moveTo = (id: string, at: number) =>
      fx.db
        .update(withdrawals)
        .set({ createdAt: new Date(at) })
        .where(eq(withdrawals.id, BigInt(id)));

    const yesterday = await withdraw(member, payoutAccountId);
    await moveTo(yesterday.id, midnight - 60_000);
    const today = await withdraw(member, payoutAccountId);
    await moveTo(today.id, midnight + 60_000);
    const overview = envelopeOf<{ usedTodayCount: number; usedTodayAmount: string }>(
      await fx.call(member.authorization, 'GET', '/member/withdrawal/overview'),
    ).value;
    expect(overview).toMatchObject({ usedTodayCount: 1, usedTodayAmount: '100.00' });
    expect(codeOf(await fx.requestWithdrawal(member, { payoutAccountId }))).toBe('DAILY_LIMIT_REACHED');
  });

  it('refuses bad amounts in the envelope and holds nothing', async () => {
    const { member, payoutAccountId } = await readyMember();
    for (const amount of ['0', '0.00', '-5.00', '1.001', '1e3', 'abc', '', '99999999999999999999999999.00']) {
      const response = await fx.requestWithdrawal(member, { payoutAccountId, amount });
      expect(response.statusCode, amount).toBe(400);
      expect(envelopeOf(response), amount).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    const extraField = await fx.requestWithdrawal(member, { payoutAccountId, currency: 'USD' });
    expect(codeOf(extraField)).toBe('VALIDATION_FAILED');
    const badId = await fx.requestWithdrawal(member, { payoutAccountId, requestId: 'not-a-uuid' });
    expect(codeOf(badId)).toBe('VALIDATION_FAILED');
    expect(await fx.withdrawalRows(member.id)).toEqual([]);
    expect(await fx.balances(member)).toEqual({ cash: 100_000n, held: 0n });
  });

  it('refuses more than the balance', async () => {
    const { member, payoutAccountId } = await readyMember(5_000n);
    const response = await fx.requestWithdrawal(member, { payoutAccountId, amount: '50.01' });
    expect(envelopeOf(response)).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await fx.withdrawalRows(member.id)).toEqual([]);
    expect(await fx.balances(member)).toEqual({ cash: 5_000n, held: 0n });
  });

  it('answers the same withdrawal for a repeated request id, and a conflict when its details differ', async () => {
    const { member, payoutAccountId } = await readyMember();
    const requestId = randomUUID();
    const first = envelopeOf<Withdrawal>(
      await fx.requestWithdrawal(member, { payoutAccountId, requestId }),
    ).value;
    const again = envelopeOf<Withdrawal>(
      await fx.requestWithdrawal(member, { payoutAccountId, requestId }),
    ).value;
    expect(again.id).toBe(first.id);
    const changed = await fx.requestWithdrawal(member, { payoutAccountId, requestId, amount: '100.01' });
    expect(codeOf(changed)).toBe('IDEMPOTENCY_CONFLICT');
    expect(await fx.withdrawalRows(member.id)).toHaveLength(1);
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 10_000n });
  });

  it('checks the payment password first and locks after five wrong ones', async () => {
    const { member, payoutAccountId } = await readyMember();
    expect(codeOf(await fx.requestWithdrawal(member, { payoutAccountId, paymentPassword: '000000' }))).toBe(
      'PAYMENT_PASSWORD_WRONG',
    );
    for (let attempt = 2; attempt <= 5; attempt += 1) {
      await fx.requestWithdrawal(member, { payoutAccountId, paymentPassword: '000000' });
    }
    expect(codeOf(await fx.requestWithdrawal(member, { payoutAccountId, paymentPassword }))).toBe(
      'ACCOUNT_LOCKED',
    );
    expect(await fx.withdrawalRows(member.id)).toEqual([]);

    const without = await fx.createMember({ balance: 100_000n, withPaymentPassword: false });
    expect(codeOf(await fx.requestWithdrawal(without, { payoutAccountId }))).toBe(
      'PAYMENT_PASSWORD_REQUIRED',
    );
    expect(await fx.balances(member)).toEqual({ cash: 100_000n, held: 0n });
  });

  it("answers NOT_FOUND for another member's payout account or withdrawal, and refuses trials", async () => {
    const owner = await readyMember();
    const other = await readyMember();
    const borrowed = await fx.requestWithdrawal(other.member, { payoutAccountId: owner.payoutAccountId });
    expect(codeOf(borrowed)).toBe('NOT_FOUND');
    expect(codeOf(await fx.requestWithdrawal(other.member, { payoutAccountId: '999999999' }))).toBe(
      'NOT_FOUND',
    );
    expect(await fx.balances(other.member)).toEqual({ cash: 100_000n, held: 0n });

    const withdrawal = await withdraw(owner.member, owner.payoutAccountId);
    const peek = await fx.call(other.member.authorization, 'GET', `/member/withdrawals/${withdrawal.id}`);
    expect(peek.statusCode).toBe(404);
    expect(codeOf(await confirm(other.member, withdrawal.id, { outcome: 'received' }))).toBe('NOT_FOUND');
    const list = envelopeOf<{ list: Withdrawal[] }>(
      await fx.call(other.member.authorization, 'GET', '/member/withdrawals'),
    ).value.list;
    expect(list).toEqual([]);

    // A removed account takes no new withdrawals.
    await fx.call(owner.member.authorization, 'DELETE', `/member/payout-accounts/${owner.payoutAccountId}`);
    const removed = await fx.requestWithdrawal(owner.member, { payoutAccountId: owner.payoutAccountId });
    expect(codeOf(removed)).toBe('NOT_FOUND');

    const trial = await fx.createMember({ balance: 100_000n, type: 4 });
    expect(codeOf(await fx.requestWithdrawal(trial, { payoutAccountId: '1' }))).toBe('TRIAL_NOT_ALLOWED');
  });

  it('lists the member’s own withdrawals, newest first, paged', async () => {
    const { member, payoutAccountId } = await readyMember();
    const first = await withdraw(member, payoutAccountId, '10.00');
    const second = await withdraw(member, payoutAccountId, '20.00');
    const page = envelopeOf<{ list: Withdrawal[]; totalPages: number }>(
      await fx.call(member.authorization, 'GET', '/member/withdrawals?pageNo=1&pageSize=1'),
    ).value;
    expect(page).toMatchObject({ totalPages: 2, list: [{ id: second.id }] });
    const next = envelopeOf<{ list: Withdrawal[] }>(
      await fx.call(member.authorization, 'GET', '/member/withdrawals?pageNo=2&pageSize=1'),
    ).value;
    expect(next.list.map((item) => item.id)).toEqual([first.id]);
  });

  describe('confirmation', () => {
    const approvedWithdrawal = async () => {
      const { member, payoutAccountId } = await readyMember();
      const withdrawal = await withdraw(member, payoutAccountId);
      expect(codeOf(await confirm(member, withdrawal.id, { outcome: 'received' }))).toBe(
        'CONFIRMATION_CLOSED',
      );
      await fx.review(withdrawal.id, 'approve');
      return { member, id: withdrawal.id };
    };

    it('takes a dispute with the member’s own proof, shows it to staff, and settles it later', async () => {
      const { member, id } = await approvedWithdrawal();
      const stranger = await fx.createMember();
      expect(codeOf(await confirm(member, id, { outcome: 'not_received' }))).toBe('VALIDATION_FAILED');
      const theirs = await uploadProof(stranger);
      expect(codeOf(await confirm(member, id, { outcome: 'not_received', proofUploadId: theirs }))).toBe(
        'NOT_FOUND',
      );
      const slip = await uploadProof(member, 'deposit_proof');
      expect(codeOf(await confirm(member, id, { outcome: 'not_received', proofUploadId: slip }))).toBe(
        'VALIDATION_FAILED',
      );
      expect(
        codeOf(
          await confirm(member, id, { outcome: 'fully_paid', proofUploadId: await uploadProof(member) }),
        ),
      ).toBe('VALIDATION_FAILED');

      const proof = await uploadProof(member);
      const disputed = await confirm(member, id, { outcome: 'not_received', proofUploadId: proof });
      expect(envelopeOf<Withdrawal>(disputed).value.confirmation).toMatchObject({
        state: 'not_received',
        receivedAmount: '0.00',
        remainingAmount: '100.00',
        proofUploadId: proof,
      });
      expect(codeOf(await confirm(member, id, { outcome: 'not_received', proofUploadId: proof }))).toBe(
        'CONFIRMATION_CLOSED',
      );

      const staff = await fx.staffHeaders();
      const queue = envelopeOf<{ list: StaffWithdrawal[] }>(
        await fx.call(staff.authorization, 'GET', '/backoffice/withdrawals?status=pending'),
      ).value.list;
      expect(queue.find((item) => item.id === id)?.confirmation.state).toBe('not_received');

      expect(codeOf(await confirm(member, id, { outcome: 'received', receivedAmount: '100.01' }))).toBe(
        'VALIDATION_FAILED',
      );
      const received = await confirm(member, id, { outcome: 'received' });
      expect(envelopeOf<Withdrawal>(received).value.confirmation).toMatchObject({
        state: 'received',
        receivedAmount: '100.00',
        remainingAmount: '0.00',
      });
      expect(codeOf(await confirm(member, id, { outcome: 'fully_paid' }))).toBe('CONFIRMATION_CLOSED');
      const after = envelopeOf<{ list: StaffWithdrawal[] }>(
        await fx.call(staff.authorization, 'GET', '/backoffice/withdrawals'),
      ).value.list;
      expect(after.some((item) => item.id === id)).toBe(false);
    });

    it('moves a partial receipt to a dispute, and refuses a second partial receipt', async () => {
      const { member, id } = await approvedWithdrawal();
      await confirm(member, id, { outcome: 'received', receivedAmount: '30.00' });
      expect(codeOf(await confirm(member, id, { outcome: 'received', receivedAmount: '40.00' }))).toBe(
        'CONFIRMATION_CLOSED',
      );
      const disputed = await confirm(member, id, {
        outcome: 'not_received',
        proofUploadId: await uploadProof(member),
      });
      expect(envelopeOf<Withdrawal>(disputed).value.confirmation).toMatchObject({
        state: 'not_received',
        receivedAmount: '30.00',
        remainingAmount: '70.00',
      });
    });

    it('counts as received once the confirmation minutes pass unanswered', async () => {
      await fx.setSettings({ confirmationMinutes: 1 });
      const { member, id } = await approvedWithdrawal();
      expect((await getOwn(member, id)).confirmation.state).toBe('awaiting');
      await fx.db
        .update(withdrawals)
        .set({ reviewedAt: new Date(Date.now() - 2 * 60_000) })
        .where(eq(withdrawals.id, BigInt(id)));
      expect((await getOwn(member, id)).confirmation).toMatchObject({
        state: 'auto_received',
        receivedAmount: '100.00',
        remainingAmount: '0.00',
        deadline: null,
      });
      expect(
        codeOf(
          await confirm(member, id, { outcome: 'not_received', proofUploadId: await uploadProof(member) }),
        ),
      ).toBe('CONFIRMATION_CLOSED');
    });
  });
});

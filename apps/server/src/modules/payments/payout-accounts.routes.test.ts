import type { PayoutAccount } from '@wps/contracts/payments';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { members } from '../members/members.tables';
import { payoutAccounts } from './payments.tables';
import {
  codeOf,
  createWithdrawalFixture,
  envelopeOf,
  loginPassword,
  paymentPassword,
  type TestMember,
  type WithdrawalFixture,
} from './withdrawals.test-helpers';

type AccountList = { list: PayoutAccount[]; realName: string | null };

describe('payout accounts and the payment password', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
  });
  afterAll(() => testApp.close());

  const add = (member: TestMember, body: Record<string, unknown>) =>
    fx.call(member.authorization, 'POST', '/member/payout-accounts', {
      method: 'ewallet',
      providerName: 'GCash',
      accountNumber: '09171234567',
      holderName: 'Ana Reyes',
      paymentPassword,
      ...body,
    });
  const listOf = async (member: TestMember) =>
    envelopeOf<AccountList>(await fx.call(member.authorization, 'GET', '/member/payout-accounts')).value;
  const storedAccounts = (member: TestMember) =>
    fx.db.select().from(payoutAccounts).where(eq(payoutAccounts.memberId, member.id));

  it('adds an account whose holder is the member, whatever the spacing and case, and masks its number', async () => {
    const member = await fx.createMember();
    const response = await add(member, { holderName: '  ana   REYES ' });
    expect(envelopeOf(response)).toMatchObject({
      success: true,
      value: { method: 'ewallet', providerName: 'GCash', accountNumber: '****4567', holderName: 'ana REYES' },
    });
    expect(response.body).not.toContain('09171234567');
    const list = await listOf(member);
    expect(list).toMatchObject({ realName: 'Ana Reyes', list: [{ accountNumber: '****4567' }] });

    expect(codeOf(await add(member, { holderName: 'Someone Else', accountNumber: '1111' }))).toBe(
      'PAYOUT_NAME_MISMATCH',
    );
    expect(codeOf(await add(member, {}))).toBe('PAYOUT_ACCOUNT_EXISTS');
    expect(await storedAccounts(member)).toHaveLength(1);
  });

  it('sets the real name from the first holder name of a member who has none', async () => {
    const member = await fx.createMember({ payeeName: null });
    expect((await listOf(member)).realName).toBeNull();
    await add(member, { holderName: ' Jose   Rizal ' });
    const [row] = await fx.db.select().from(members).where(eq(members.id, member.id));
    expect(row?.payeeName).toBe('Jose Rizal');
    expect((await listOf(member)).realName).toBe('Jose Rizal');
    expect(codeOf(await add(member, { holderName: 'Ana Reyes', accountNumber: '22223333' }))).toBe(
      'PAYOUT_NAME_MISMATCH',
    );
    expect(await fx.auditOf('member', member.id.toString())).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'member.real_name.set' })]),
    );
  });

  it('checks the payment password, caps the accounts at five and refuses trials', async () => {
    const member = await fx.createMember();
    expect(codeOf(await add(member, { paymentPassword: '111111' }))).toBe('PAYMENT_PASSWORD_WRONG');
    expect(await storedAccounts(member)).toEqual([]);
    for (let index = 0; index < 5; index += 1) await add(member, { accountNumber: `5555000${index}` });
    const sixth = await add(member, { accountNumber: '55550009' });
    expect(envelopeOf(sixth)).toMatchObject({ code: 'VALIDATION_FAILED', value: { limit: 5 } });
    expect((await listOf(member)).list).toHaveLength(5);

    const trial = await fx.createMember({ type: 4 });
    expect(codeOf(await add(trial, {}))).toBe('TRIAL_NOT_ALLOWED');
  });

  it('removes only the member’s own active accounts, keeping the row', async () => {
    const owner = await fx.createMember();
    const other = await fx.createMember();
    const id = await fx.addPayoutAccount(owner);
    expect(codeOf(await fx.call(other.authorization, 'DELETE', `/member/payout-accounts/${id}`))).toBe(
      'NOT_FOUND',
    );
    const removed = await fx.call(owner.authorization, 'DELETE', `/member/payout-accounts/${id}`);
    expect(envelopeOf(removed)).toMatchObject({ success: true });
    expect(codeOf(await fx.call(owner.authorization, 'DELETE', `/member/payout-accounts/${id}`))).toBe(
      'NOT_FOUND',
    );
    expect((await listOf(owner)).list).toEqual([]);
    const [row] = await storedAccounts(owner);
    expect(row?.removedAt).toBeInstanceOf(Date);
    // The same account can be added again once removed.
    expect(await fx.addPayoutAccount(owner, { accountNumber: row?.accountNumber })).not.toBe(id);
  });

  describe('payment password', () => {
    const setPassword = (member: TestMember, body: Record<string, unknown>) =>
      fx.call(member.authorization, 'PUT', '/member/payment-password', body);
    const hasPaymentPassword = async (member: TestMember) =>
      envelopeOf<{ hasPaymentPassword: boolean }>(
        await fx.call(member.authorization, 'GET', '/member/withdrawal/overview'),
      ).value.hasPaymentPassword;

    it('sets one with the login password, then changes it only with the old one', async () => {
      const member = await fx.createMember({ withPaymentPassword: false });
      expect(await hasPaymentPassword(member)).toBe(false);
      expect(
        codeOf(await setPassword(member, { loginPassword: 'wrong', newPaymentPassword: '135790' })),
      ).toBe('OLD_PASSWORD_WRONG');
      const notDigits = await setPassword(member, { loginPassword, newPaymentPassword: '12345a' });
      expect(envelopeOf(notDigits)).toMatchObject({
        code: 'VALIDATION_FAILED',
        value: { issues: [{ field: 'newPaymentPassword' }] },
      });
      expect(
        envelopeOf(await setPassword(member, { loginPassword, newPaymentPassword: '135790' })),
      ).toMatchObject({ success: true });
      expect(await hasPaymentPassword(member)).toBe(true);

      const missingOld = await setPassword(member, { loginPassword, newPaymentPassword: '975310' });
      expect(envelopeOf(missingOld)).toMatchObject({
        code: 'VALIDATION_FAILED',
        value: { issues: [{ field: 'oldPaymentPassword' }] },
      });
      const wrongOld = { loginPassword, oldPaymentPassword: '000000', newPaymentPassword: '975310' };
      expect(codeOf(await setPassword(member, wrongOld))).toBe('PAYMENT_PASSWORD_WRONG');
      const change = { loginPassword, oldPaymentPassword: '135790', newPaymentPassword: '975310' };
      expect(envelopeOf(await setPassword(member, change))).toMatchObject({ success: true });

      expect(codeOf(await add(member, { paymentPassword: '135790' }))).toBe('PAYMENT_PASSWORD_WRONG');
      expect(envelopeOf(await add(member, { paymentPassword: '975310' }))).toMatchObject({ success: true });

      const audit = await fx.auditOf('member', member.id.toString());
      const actions = audit.map((event) => event.action);
      expect(actions).toEqual(
        expect.arrayContaining(['member.payment_password.set', 'member.payment_password.change']),
      );
      const [stored] = await fx.db.select().from(members).where(eq(members.id, member.id));
      const written = JSON.stringify(audit.map((event) => [event.before, event.after]));
      for (const secret of ['135790', '975310', stored?.paymentPasswordHash ?? 'hash']) {
        expect(written).not.toContain(secret);
      }
    });

    it('locks the login after five wrong login passwords', async () => {
      const member = await fx.createMember({ withPaymentPassword: false });
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await setPassword(member, { loginPassword: 'wrong', newPaymentPassword: '135790' });
      }
      expect(codeOf(await setPassword(member, { loginPassword, newPaymentPassword: '135790' }))).toBe(
        'ACCOUNT_LOCKED',
      );
      expect(await hasPaymentPassword(member)).toBe(false);
    });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, type TestApp } from '../../testing/test-app';
import { brandPaymentSettings } from './payments.tables';
import {
  codeOf,
  createWithdrawalFixture,
  envelopeOf,
  type WithdrawalFixture,
} from './withdrawals.test-helpers';

describe('operator: payment settings and roles', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;
  let support: { authorization: string };

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
    const { authorization } = await createStaff(testApp.app, {
      username: 'helpdesk',
      displayName: 'Help desk',
      role: 'support',
    });
    support = { authorization };
  });
  afterAll(() => testApp.close());

  const settings = {
    withdrawalMin: '20.00',
    withdrawalMax: '2000.00',
    withdrawalDailyMaxAmount: '5000.00',
    withdrawalDailyMaxCount: 3,
    confirmationMinutes: 30,
  };

  it('answers the defaults, saves a change with its audit, and players see it', async () => {
    const operator = await fx.staffHeaders();
    const read = await fx.call(operator.authorization, 'GET', '/backoffice/payment-settings');
    expect(envelopeOf(read).value).toEqual({
      currency: 'USD',
      withdrawalMin: '10.00',
      withdrawalMax: '50000.00',
      withdrawalDailyMaxAmount: '100000.00',
      withdrawalDailyMaxCount: 5,
      confirmationMinutes: 60,
    });

    const saved = await fx.call(operator.authorization, 'PUT', '/backoffice/payment-settings', settings);
    expect(envelopeOf(saved)).toMatchObject({ success: true, value: { ...settings, currency: 'USD' } });
    const [row] = await fx.db
      .select()
      .from(brandPaymentSettings)
      .where(eq(brandPaymentSettings.brandId, await fx.brandId()));
    expect(row).toMatchObject({ withdrawalMin: 2_000n, withdrawalMax: 200_000n, confirmationMinutes: 30 });
    const [event] = await fx.auditOf('brand_payment_settings', (await fx.brandId()).toString());
    expect(event).toMatchObject({
      action: 'payments.settings.update',
      actorType: 'staff',
      before: { withdrawalMin: '10.00', confirmationMinutes: 60 },
      after: { withdrawalMin: '20.00', confirmationMinutes: 30 },
    });

    const member = await fx.createMember();
    const overview = await fx.call(member.authorization, 'GET', '/member/withdrawal/overview');
    expect(envelopeOf(overview).value).toMatchObject({
      minAmount: '20.00',
      dailyMaxCount: 3,
      confirmationMinutes: 30,
    });
  });

  it('refuses bad settings and changes nothing', async () => {
    const operator = await fx.staffHeaders();
    const put = (body: object) =>
      fx.call(operator.authorization, 'PUT', '/backoffice/payment-settings', body);
    expect(codeOf(await put({ ...settings, withdrawalMin: '3000.00' }))).toBe('VALIDATION_FAILED');
    expect(codeOf(await put({ ...settings, withdrawalMax: '1.001' }))).toBe('VALIDATION_FAILED');
    expect(codeOf(await put({ ...settings, withdrawalMin: '0' }))).toBe('VALIDATION_FAILED');
    expect(codeOf(await put({ ...settings, withdrawalDailyMaxCount: 0 }))).toBe('VALIDATION_FAILED');
    const read = await fx.call(operator.authorization, 'GET', '/backoffice/payment-settings');
    expect(envelopeOf(read).value).toMatchObject({ withdrawalMin: '20.00', withdrawalMax: '2000.00' });
  });

  it('lets support staff read the queue but not decide or change the rules', async () => {
    const member = await fx.createMember({ balance: 100_000n });
    const payoutAccountId = await fx.addPayoutAccount(member);
    const request = await fx.requestWithdrawal(member, { payoutAccountId });
    const { id } = envelopeOf<{ id: string }>(request).value;

    const queue = await fx.call(support.authorization, 'GET', '/backoffice/withdrawals?status=all');
    expect(envelopeOf(queue)).toMatchObject({ success: true });
    const approve = await fx.call(support.authorization, 'POST', `/backoffice/withdrawals/${id}/approve`, {});
    expect(codeOf(approve)).toBe('FORBIDDEN');
    expect(
      codeOf(await fx.call(support.authorization, 'PUT', '/backoffice/payment-settings', settings)),
    ).toBe('FORBIDDEN');
    expect(codeOf(await testApp.app.inject({ method: 'GET', url: '/wps/backoffice/withdrawals' }))).toBe(
      'UNAUTHORIZED',
    );
    // A member's token is no staff session.
    expect(codeOf(await fx.call(member.authorization, 'GET', '/backoffice/withdrawals'))).toBe(
      'UNAUTHORIZED',
    );
    expect(codeOf(await fx.review('999999', 'approve'))).toBe('NOT_FOUND');
    expect(codeOf(await fx.review(id, 'reject', { reason: '' }))).toBe('VALIDATION_FAILED');
    expect(await fx.balances(member)).toEqual({ cash: 90_000n, held: 10_000n });
  });
});

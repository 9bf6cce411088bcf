import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { codeOf, createWithdrawalFixture, paymentPassword } from './withdrawals.test-helpers';

/**
 * Issue 19, point 8: the payment password's five tries are taken before it is checked, so 40 wrong ones sent
 * at once get five checks (the old read-check-count let 25 through), and the right one after them is refused.
 */
describe('payment password under a burst', () => {
  let testApp: TestApp;
  let fixture: ReturnType<typeof createWithdrawalFixture>;
  beforeAll(async () => {
    testApp = await createTestApp();
    fixture = createWithdrawalFixture(testApp);
  });
  afterAll(() => testApp.close());

  const addAccount = (authorization: string, password: string, index: number) =>
    testApp.app.inject({
      method: 'POST',
      url: '/wps/member/payout-accounts',
      headers: { authorization },
      payload: {
        method: 'bank',
        providerName: 'Lotus Bank',
        accountNumber: `0012345${index.toString().padStart(4, '0')}`,
        holderName: 'Ana Reyes',
        paymentPassword: password,
      },
    });

  it('checks exactly five of 40 wrong payment passwords sent at once', async () => {
    const member = await fixture.createMember();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        addAccount(member.authorization, (100_000 + index).toString(), index),
      ),
    );
    const codes = answers.map(codeOf);
    expect(codes.filter((code) => code === 'PAYMENT_PASSWORD_WRONG')).toHaveLength(5);
    expect(codes.filter((code) => code === 'ACCOUNT_LOCKED')).toHaveLength(35);
    expect(codeOf(await addAccount(member.authorization, paymentPassword, 99))).toBe('ACCOUNT_LOCKED');
  });

  it('counts a wrong login password given to set the payment password toward the login lock', async () => {
    const member = await fixture.createMember({ withPaymentPassword: false });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        testApp.app.inject({
          method: 'PUT',
          url: '/wps/member/payment-password',
          headers: { authorization: member.authorization },
          payload: { loginPassword: `Not-the-password-${index}`, newPaymentPassword: '135790' },
        }),
      ),
    );
    const codes = answers.map(codeOf);
    expect(codes.filter((code) => code === 'OLD_PASSWORD_WRONG')).toHaveLength(5);
    expect(codes.filter((code) => code === 'ACCOUNT_LOCKED')).toHaveLength(7);
  });
});

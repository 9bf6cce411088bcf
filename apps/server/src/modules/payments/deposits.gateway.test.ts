import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  createDepositFixture,
  createGatewayTestApp,
  type DepositAnswer,
  type DepositFixture,
  envelopeOf,
  type GatewayTestApp,
  noticeFor,
  postNotice,
  signedNotice,
  type TestMember,
} from './deposits.test-helpers';
import { signGatewayBody } from './gateway-client';

let testApp: GatewayTestApp;
let fixture: DepositFixture;
let secret: string;

beforeAll(async () => {
  testApp = await createGatewayTestApp();
  fixture = createDepositFixture(testApp);
  secret = await fixture.channelSecret('SANDBOX_PAY');
});
afterAll(() => testApp.close());

const gatewayDeposit = async (member: TestMember, amount: string, channelCode = 'SANDBOX_PAY') => {
  const response = await fixture.deposit(member, { channelCode, amount });
  expect(response.statusCode).toBe(200);
  return envelopeOf<DepositAnswer>(response).value;
};

/** The player's browser on the sandbox's page: a button press, without following the redirect. */
const press = (paymentUrl: string, button: 'confirm' | 'decline' | 'notify-again') =>
  fetch(`${paymentUrl}/${button}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });

const statusOf = async (id: string) => (await fixture.depositRow(id)).status;

describe('the sandbox gateway loop, for real', () => {
  it('opens an order, the player pays, the notice credits once however often it repeats', async () => {
    const member = await fixture.createMember();
    const deposit = await gatewayDeposit(member, '75.50');
    expect(deposit).toMatchObject({ status: 'pending', method: 'gateway' });
    expect(deposit.paymentUrl).toMatch(new RegExp(`^${testApp.sandbox.url}/pay/sbx_`));

    const page = await (await fetch(deposit.paymentUrl ?? '')).text();
    expect(page).toContain('75.50 USD');
    expect(page).toContain('DEMO');

    const paid = await press(deposit.paymentUrl ?? '', 'confirm');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(
      new RegExp(`/member\\?page=depositv2&deposit=${deposit.id}$`),
    );
    expect(await statusOf(deposit.id)).toBe('credited');
    expect(await fixture.balance(member)).toBe(7_550n);
    expect(await fixture.turnoverRemaining(member)).toBe(7_550n);

    // "Send the notice again": five times one after the other, then five at once.
    for (let repeat = 0; repeat < 5; repeat += 1) {
      expect((await press(deposit.paymentUrl ?? '', 'notify-again')).status).toBe(303);
    }
    await Promise.all(Array.from({ length: 5 }, () => press(deposit.paymentUrl ?? '', 'notify-again')));
    expect(await fetch(deposit.paymentUrl ?? '').then((response) => response.text())).toContain(
      'The merchant took the notice (11 attempts)',
    );
    expect(await fixture.balance(member)).toBe(7_550n);
    expect(await fixture.postingsOf(deposit.id)).toBe(1);
    const messages = await fixture.messagesOf(member);
    expect(messages.map((message) => message.kind)).toEqual(['deposit_credited']);
    // The gateway's word approved it: audited once, as the platform's action.
    expect(await fixture.auditOf(deposit.id)).toMatchObject([
      {
        actorType: 'system',
        actorId: 'payment-gateway',
        action: 'payments.deposit.gateway_credit',
        before: { status: 'pending' },
        after: { status: 'credited', amount: '7550' },
      },
    ]);

    const own = await testApp.app.inject({
      url: `/wps/member/deposits/${deposit.id}`,
      headers: { authorization: member.authorization },
    });
    expect(envelopeOf<DepositAnswer>(own).value).toMatchObject({ status: 'credited', paymentUrl: null });
  });

  it('marks the deposit failed when the player declines, with a message, and repeats change nothing', async () => {
    const member = await fixture.createMember();
    const deposit = await gatewayDeposit(member, '12.00');
    expect((await press(deposit.paymentUrl ?? '', 'decline')).status).toBe(303);
    expect(await statusOf(deposit.id)).toBe('failed');
    await press(deposit.paymentUrl ?? '', 'notify-again');
    await press(deposit.paymentUrl ?? '', 'confirm');
    expect(await statusOf(deposit.id)).toBe('failed');
    expect(await fixture.balance(member)).toBe(0n);
    const messages = await fixture.messagesOf(member);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: 'deposit_failed', params: { amount: '12.00' } });
    expect(await fixture.auditOf(deposit.id)).toMatchObject([
      { actorType: 'system', action: 'payments.deposit.gateway_failed', after: { status: 'failed' } },
    ]);
  });
});

describe('gateway notices that must change nothing', () => {
  let member: TestMember;
  let deposit: DepositAnswer;

  beforeAll(async () => {
    member = await fixture.createMember();
    deposit = await gatewayDeposit(member, '40.00');
  });

  const expectUnchanged = async () => {
    expect(await statusOf(deposit.id)).toBe('pending');
    expect(await fixture.balance(member)).toBe(0n);
    expect(await fixture.postingsOf(deposit.id)).toBe(0);
  };

  it('refuses a forged or missing signature with SIGNATURE_INVALID', async () => {
    const body = JSON.stringify(await noticeFor(fixture, deposit.id));
    const forged = await postNotice(
      testApp.app,
      'SANDBOX_PAY',
      body,
      signGatewayBody('guessed-secret', body),
    );
    expect(forged.statusCode).toBe(401);
    expect(codeOf(forged)).toBe('SIGNATURE_INVALID');
    expect(codeOf(await postNotice(testApp.app, 'SANDBOX_PAY', body, undefined))).toBe('SIGNATURE_INVALID');
    expect(codeOf(await postNotice(testApp.app, 'SANDBOX_PAY', body, 'zz'))).toBe('SIGNATURE_INVALID');
    // A correct signature of other bytes (the same JSON re-spaced) is not a signature of these.
    const respaced = JSON.stringify(JSON.parse(body), null, 1);
    expect(
      codeOf(await postNotice(testApp.app, 'SANDBOX_PAY', respaced, signGatewayBody(secret, body))),
    ).toBe('SIGNATURE_INVALID');
    await expectUnchanged();
  });

  it('refuses a correctly signed notice whose amount, currency, merchant or gateway order differ', async () => {
    for (const [overrides, field] of [
      [{ amount: '4000.00' }, 'amount'],
      [{ amount: '40.01' }, 'amount'],
      [{ amount: '40.001' }, 'amount'],
      [{ currency: 'PHP' }, 'currency'],
      [{ merchantId: 'SOMEONE' }, 'merchantId'],
      [{ gatewayOrderId: 'sbx_other' }, 'gatewayOrderId'],
    ] as const) {
      const response = await signedNotice(
        testApp.app,
        'SANDBOX_PAY',
        secret,
        await noticeFor(fixture, deposit.id, overrides),
      );
      expect(response.statusCode).toBe(409);
      expect(envelopeOf(response)).toMatchObject({
        code: 'CALLBACK_MISMATCH',
        value: { issues: [{ field }] },
      });
    }
    await expectUnchanged();
  });

  it('refuses unknown orders, other channels, bad bodies and unknown channels', async () => {
    const unknown = await signedNotice(
      testApp.app,
      'SANDBOX_PAY',
      secret,
      await noticeFor(fixture, deposit.id, { orderId: '999999999' }),
    );
    expect(codeOf(unknown)).toBe('NOT_FOUND');

    const malformed = await postNotice(
      testApp.app,
      'SANDBOX_PAY',
      '{"oops',
      signGatewayBody(secret, '{"oops'),
    );
    expect(codeOf(malformed)).toBe('MALFORMED_JSON');
    const extra = await signedNotice(testApp.app, 'SANDBOX_PAY', secret, {
      ...(await noticeFor(fixture, deposit.id)),
      bonus: '1000.00',
    });
    expect(codeOf(extra)).toBe('VALIDATION_FAILED');
    const badStatus = await signedNotice(
      testApp.app,
      'SANDBOX_PAY',
      secret,
      await noticeFor(fixture, deposit.id, { status: 'refunded' }),
    );
    expect(codeOf(badStatus)).toBe('VALIDATION_FAILED');
    const body = JSON.stringify(await noticeFor(fixture, deposit.id));
    expect(codeOf(await postNotice(testApp.app, 'NO_SUCH_PAY', body, signGatewayBody(secret, body)))).toBe(
      'NOT_FOUND',
    );
    await expectUnchanged();
  });

  it("refuses an order of another channel, even signed with that channel's own secret", async () => {
    const otherSecret = 'second-sandbox-secret-0123456789';
    const saved = await fixture.putChannel({
      code: 'SANDBOX_TWO',
      method: 'gateway',
      name: 'Sandbox two',
      currency: 'USD',
      minAmount: '1.00',
      maxAmount: '100.00',
      isEnabled: true,
      gateway: { provider: 'sandbox', merchantId: 'DEMO2', baseUrl: null, secret: otherSecret },
    });
    expect(saved.statusCode).toBe(200);
    const other = await gatewayDeposit(member, '5.00', 'SANDBOX_TWO');
    // Our order, announced on the other channel with the other channel's credentials.
    const crossed = await signedNotice(
      testApp.app,
      'SANDBOX_TWO',
      otherSecret,
      await noticeFor(fixture, deposit.id, { merchantId: 'DEMO2' }),
    );
    expect(envelopeOf(crossed)).toMatchObject({
      code: 'CALLBACK_MISMATCH',
      value: { issues: [{ field: 'orderId' }] },
    });
    // The other channel's order, announced on ours.
    const reversed = await signedNotice(
      testApp.app,
      'SANDBOX_PAY',
      secret,
      await noticeFor(fixture, other.id),
    );
    expect(codeOf(reversed)).toBe('CALLBACK_MISMATCH');
    expect(await statusOf(other.id)).toBe('pending');
    await expectUnchanged();
  });

  it('answers the envelope { status } and credits once for a good notice; then refuses a contradiction', async () => {
    const notice = await noticeFor(fixture, deposit.id);
    const first = await signedNotice(testApp.app, 'SANDBOX_PAY', secret, notice);
    expect(envelopeOf(first)).toEqual({ success: true, value: { status: 'credited' }, message: '' });
    const repeat = await signedNotice(testApp.app, 'SANDBOX_PAY', secret, notice);
    expect(envelopeOf(repeat).value).toEqual({ status: 'credited' });
    const failedAfterwards = await signedNotice(testApp.app, 'SANDBOX_PAY', secret, {
      ...notice,
      status: 'failed',
    });
    expect(codeOf(failedAfterwards)).toBe('CALLBACK_MISMATCH');
    expect(await statusOf(deposit.id)).toBe('credited');
    expect(await fixture.balance(member)).toBe(4_000n);
    expect(await fixture.postingsOf(deposit.id)).toBe(1);
  });
});

describe('staff and gateway deposits', () => {
  it('force-credits a stuck gateway deposit only with a note, audited; the late notice changes nothing', async () => {
    const member = await fixture.createMember();
    const deposit = await gatewayDeposit(member, '9.99');
    expect(codeOf(await fixture.approve(deposit.id))).toBe('VALIDATION_FAILED');
    expect(codeOf(await fixture.reject(deposit.id, 'never paid'))).toBe('VALIDATION_FAILED');
    const forced = await fixture.approve(deposit.id, 'Paid per the gateway statement of 1 May');
    expect(envelopeOf<DepositAnswer>(forced).value).toMatchObject({ status: 'credited' });
    const [audit] = await fixture.auditOf(deposit.id);
    expect(audit).toMatchObject({ action: 'payments.deposit.force_credit', after: { status: 'credited' } });

    const late = await press(deposit.paymentUrl ?? '', 'confirm');
    expect(late.status).toBe(303);
    expect(await fixture.balance(member)).toBe(999n);
    expect(await fixture.postingsOf(deposit.id)).toBe(1);
  });
});

describe('an unreachable gateway', () => {
  it('answers GATEWAY_UNAVAILABLE and the deposit is failed', async () => {
    const saved = await fixture.putChannel({
      code: 'DOWN_PAY',
      method: 'gateway',
      name: 'Down',
      currency: 'USD',
      minAmount: '1.00',
      maxAmount: '100.00',
      isEnabled: true,
      // Nothing listens on port 9 (discard) here.
      gateway: {
        provider: 'sandbox',
        merchantId: 'DEMO',
        baseUrl: 'http://127.0.0.1:9',
        secret: 'x'.repeat(32),
      },
    });
    expect(saved.statusCode).toBe(200);
    const member = await fixture.createMember();
    const response = await fixture.deposit(member, { channelCode: 'DOWN_PAY', amount: '3.00' });
    expect(codeOf(response)).toBe('GATEWAY_UNAVAILABLE');
    const list = await testApp.app.inject({
      url: '/wps/member/deposits',
      headers: { authorization: member.authorization },
    });
    expect(envelopeOf<{ list: DepositAnswer[] }>(list).value.list[0]).toMatchObject({ status: 'failed' });
  });
});

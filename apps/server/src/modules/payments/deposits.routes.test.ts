import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import {
  codeOf,
  createDepositFixture,
  type DepositAnswer,
  type DepositFixture,
  envelopeOf,
  type TestMember,
} from './deposits.test-helpers';

const png = PNG.sync.write(new PNG({ width: 2, height: 2 }));

let testApp: TestApp;
let fixture: DepositFixture;

beforeAll(async () => {
  testApp = await createTestApp();
  fixture = createDepositFixture(testApp);
});
afterAll(() => testApp.close());

const bank = (amount: string, extra: Record<string, unknown> = {}) => ({
  channelCode: 'BANK_TRANSFER',
  amount,
  playerReference: 'REF-123',
  ...extra,
});

const uploadProof = async (member: TestMember, purpose?: string): Promise<string> => {
  const form = new FormData();
  if (purpose !== undefined) form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'slip.png');
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/wps/member/uploads',
    headers: { authorization: member.authorization },
    payload: form,
  });
  return envelopeOf<{ id: string }>(response).value.id;
};

const depositOf = (response: Awaited<ReturnType<DepositFixture['deposit']>>) =>
  envelopeOf<DepositAnswer>(response).value;

describe('deposit channels', () => {
  it('lists the enabled channels of the brand in the operator order, with manual instructions', async () => {
    const member = await fixture.createMember();
    const response = await testApp.app.inject({
      url: '/wps/member/deposit/channels',
      headers: { authorization: member.authorization },
    });
    const { list } = envelopeOf<{ list: Array<Record<string, unknown>> }>(response).value;
    expect(list.map((channel) => channel.code)).toEqual(['SANDBOX_PAY', 'BANK_TRANSFER', 'EWALLET']);
    expect(list[1]).toMatchObject({
      method: 'bank_transfer',
      currency: 'USD',
      minAmount: '10.00',
      maxAmount: '50000.00',
      instructions: { bankName: 'Lotus Demo Bank' },
    });
    expect(list[0]).toMatchObject({ method: 'gateway', instructions: null, minAmount: '1.00' });
    expect(JSON.stringify(list)).not.toContain('secret');
  });
});

describe('a manual deposit', () => {
  it('is credited once when staff approve it: balance, turnover, message and audit', async () => {
    const member = await fixture.createMember();
    const proofUploadId = await uploadProof(member);
    const created = await fixture.deposit(member, bank('150.25', { proofUploadId }));
    expect(created.statusCode).toBe(200);
    const deposit = depositOf(created);
    expect(deposit).toMatchObject({ status: 'pending', amount: '150.25', currency: 'USD', paymentUrl: null });

    const pending = await testApp.app.inject({
      url: '/wps/backoffice/deposits?status=pending',
      headers: await fixture.staffHeaders(),
    });
    const review = envelopeOf<{ list: Array<DepositAnswer & { member: Record<string, unknown> }> }>(pending)
      .value.list;
    expect(review.find((item) => item.id === deposit.id)).toMatchObject({
      member: { account: member.username, realName: 'Maria Santos' },
      proofUploadId,
      playerReference: 'REF-123',
    });

    const approved = await fixture.approve(deposit.id, 'Seen on the bank statement');
    expect(approved.statusCode).toBe(200);
    expect(envelopeOf<DepositAnswer>(approved).value).toMatchObject({ status: 'credited' });
    expect(await fixture.balance(member)).toBe(15_025n);
    expect(await fixture.turnoverRemaining(member)).toBe(15_025n);
    const messages = await fixture.messagesOf(member);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      kind: 'deposit_credited',
      params: { amount: '150.25', currency: 'USD', reference: deposit.id },
    });
    const audit = await fixture.auditOf(deposit.id);
    expect(audit[0]).toMatchObject({
      action: 'payments.deposit.approve',
      actorType: 'staff',
      before: { status: 'pending' },
      after: { status: 'credited', note: 'Seen on the bank statement' },
    });

    const own = await testApp.app.inject({
      url: `/wps/member/deposits/${deposit.id}`,
      headers: { authorization: member.authorization },
    });
    expect(depositOf(own)).toMatchObject({ status: 'credited', settledAt: expect.any(String) as string });
  });

  it('answers ALREADY_PROCESSED to a second approval, and the money moved once', async () => {
    const member = await fixture.createMember();
    const deposit = depositOf(await fixture.deposit(member, bank('20')));
    expect((await fixture.approve(deposit.id)).statusCode).toBe(200);
    const again = await fixture.approve(deposit.id);
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('ALREADY_PROCESSED');
    const racing = await Promise.all([fixture.approve(deposit.id), fixture.reject(deposit.id, 'late')]);
    expect(racing.map(codeOf)).toEqual(['ALREADY_PROCESSED', 'ALREADY_PROCESSED']);
    expect(await fixture.balance(member)).toBe(2_000n);
    expect(await fixture.postingsOf(deposit.id)).toBe(1);
  });

  it('is rejected with a reason: no money, a deposit_failed message, an audit row', async () => {
    const member = await fixture.createMember();
    const deposit = depositOf(await fixture.deposit(member, bank('30.00')));
    const rejected = await fixture.reject(deposit.id, 'No such transfer arrived');
    expect(envelopeOf<DepositAnswer>(rejected).value).toMatchObject({
      status: 'rejected',
      reviewNote: 'No such transfer arrived',
    });
    expect(codeOf(await fixture.approve(deposit.id))).toBe('ALREADY_PROCESSED');
    expect(codeOf(await fixture.reject(deposit.id, 'again'))).toBe('ALREADY_PROCESSED');
    expect(await fixture.balance(member)).toBe(0n);
    expect(await fixture.turnoverRemaining(member)).toBe(0n);
    const [message] = await fixture.messagesOf(member);
    expect(message).toMatchObject({
      kind: 'deposit_failed',
      params: { amount: '30.00', currency: 'USD', reason: 'No such transfer arrived' },
    });
    const [audit] = await fixture.auditOf(deposit.id);
    expect(audit).toMatchObject({ action: 'payments.deposit.reject', after: { status: 'rejected' } });
  });

  it('answers the first deposit to a repeated submit, and a conflict to a changed one', async () => {
    const member = await fixture.createMember();
    const requestId = randomUUID();
    const first = depositOf(await fixture.deposit(member, bank('40.00', { requestId })));
    const repeat = depositOf(await fixture.deposit(member, bank('40', { requestId })));
    expect(repeat.id).toBe(first.id);
    const changed = await fixture.deposit(member, bank('41.00', { requestId }));
    expect(codeOf(changed)).toBe('IDEMPOTENCY_CONFLICT');
    const otherReference = await fixture.deposit(member, bank('40.00', { requestId, playerReference: 'X' }));
    expect(codeOf(otherReference)).toBe('IDEMPOTENCY_CONFLICT');

    const concurrentId = randomUUID();
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () => fixture.deposit(member, bank('12.00', { requestId: concurrentId }))),
    );
    expect(new Set(concurrent.map((response) => depositOf(response).id)).size).toBe(1);
    const list = await testApp.app.inject({
      url: '/wps/member/deposits?pageSize=100',
      headers: { authorization: member.authorization },
    });
    expect(envelopeOf<{ list: DepositAnswer[] }>(list).value.list).toHaveLength(2);
  });
});

describe('bad deposit requests change nothing', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await fixture.createMember();
  });

  const expectRefused = async (body: Record<string, unknown>, code: string, status = 400) => {
    const response = await fixture.deposit(member, body);
    expect(response.statusCode).toBe(status);
    expect(envelopeOf(response)).toMatchObject({ success: false, code });
    return response;
  };

  it('refuses amounts outside the channel limits, saying what they are', async () => {
    const below = await expectRefused(bank('9.99'), 'AMOUNT_BELOW_MINIMUM');
    expect(envelopeOf(below).value).toMatchObject({ minAmount: '10.00', maxAmount: '50000.00' });
    const above = await expectRefused(bank('50000.01'), 'AMOUNT_ABOVE_MAXIMUM');
    expect(envelopeOf(above).value).toMatchObject({ minAmount: '10.00', maxAmount: '50000.00' });
  });

  it('refuses zero, negative, extra decimals, huge and non-numeric amounts', async () => {
    for (const amount of ['0', '0.00', '-10.00', '10.001', '99999999999999999999', 'ten', '1e3', '', ' ']) {
      await expectRefused(bank(amount), 'VALIDATION_FAILED');
    }
  });

  it('refuses unknown, disabled and malformed channels, and a manual deposit without a reference', async () => {
    await expectRefused(bank('20.00', { channelCode: 'NO_SUCH' }), 'CHANNEL_UNAVAILABLE');
    await expectRefused(bank('20.00', { channelCode: 'bank transfer' }), 'VALIDATION_FAILED');
    await expectRefused({ channelCode: 'EWALLET', amount: '20.00' }, 'VALIDATION_FAILED');
    await expectRefused(bank('20.00', { requestId: 'not-a-uuid' }), 'VALIDATION_FAILED');
    await expectRefused(bank('20.00', { surprise: true }), 'VALIDATION_FAILED');
  });

  it("refuses someone else's proof upload as if it did not exist", async () => {
    const other = await fixture.createMember();
    const theirs = await uploadProof(other);
    await expectRefused(bank('20.00', { proofUploadId: theirs }), 'NOT_FOUND', 404);
    await expectRefused(bank('20.00', { proofUploadId: randomUUID() }), 'NOT_FOUND', 404);
  });

  it('refuses an upload made for something else as the proof', async () => {
    const feedbackImage = await uploadProof(member, 'feedback');
    await expectRefused(bank('20.00', { proofUploadId: feedbackImage }), 'VALIDATION_FAILED');
  });

  it('refuses trial accounts and anonymous callers', async () => {
    const trial = await fixture.createMember(4);
    const response = await fixture.deposit(trial, bank('20.00'));
    expect(codeOf(response)).toBe('TRIAL_NOT_ALLOWED');
    const anonymous = await fixture.deposit({ authorization: '' }, bank('20.00'));
    expect(codeOf(anonymous)).toBe('UNAUTHORIZED');
  });

  it('created nothing and moved nothing', async () => {
    const list = await testApp.app.inject({
      url: '/wps/member/deposits',
      headers: { authorization: member.authorization },
    });
    expect(envelopeOf<{ list: unknown[] }>(list).value.list).toEqual([]);
    expect(await fixture.balance(member)).toBe(0n);
  });
});

describe("someone else's deposit", () => {
  it('is NOT_FOUND for a member, and not in their list', async () => {
    const owner = await fixture.createMember();
    const other = await fixture.createMember();
    const deposit = depositOf(await fixture.deposit(owner, bank('25.00')));
    const response = await testApp.app.inject({
      url: `/wps/member/deposits/${deposit.id}`,
      headers: { authorization: other.authorization },
    });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe('NOT_FOUND');
    const list = await testApp.app.inject({
      url: '/wps/member/deposits',
      headers: { authorization: other.authorization },
    });
    expect(envelopeOf<{ list: unknown[] }>(list).value.list).toEqual([]);
  });
});

describe('a gateway deposit while the gateway is unreachable', () => {
  it('answers GATEWAY_UNAVAILABLE and leaves the deposit failed, with a message', async () => {
    // This app runs no sandbox gateway, so the seeded sandbox channel cannot open an order.
    const member = await fixture.createMember();
    const response = await fixture.deposit(member, { channelCode: 'SANDBOX_PAY', amount: '5.00' });
    expect(response.statusCode).toBe(503);
    expect(codeOf(response)).toBe('GATEWAY_UNAVAILABLE');
    const list = await testApp.app.inject({
      url: '/wps/member/deposits',
      headers: { authorization: member.authorization },
    });
    expect(envelopeOf<{ list: DepositAnswer[] }>(list).value.list[0]).toMatchObject({
      status: 'failed',
      channelCode: 'SANDBOX_PAY',
      paymentUrl: null,
    });
    const [message] = await fixture.messagesOf(member);
    expect(message).toMatchObject({ kind: 'deposit_failed' });
    expect(await fixture.balance(member)).toBe(0n);
  });
});

describe('operator channel configuration', () => {
  const manualChannel = {
    code: 'LOCAL_BANK',
    method: 'bank_transfer',
    name: 'Local bank',
    currency: 'USD',
    minAmount: '15.00',
    maxAmount: '500.00',
    isEnabled: true,
    sortOrder: 5,
    instructions: { bankName: 'Bank', accountName: 'Lotus', accountNumber: '123', note: null },
  };

  it('creates and changes channels, which players then see', async () => {
    const created = await fixture.putChannel(manualChannel);
    expect(created.statusCode).toBe(200);
    expect(envelopeOf(created).value).toMatchObject({
      code: 'LOCAL_BANK',
      minAmount: '15.00',
      gateway: null,
    });
    const member = await fixture.createMember();
    const channels = async () =>
      envelopeOf<{ list: Array<{ code: string }> }>(
        await testApp.app.inject({
          url: '/wps/member/deposit/channels',
          headers: { authorization: member.authorization },
        }),
      ).value.list.map((channel) => channel.code);
    expect(await channels()).toContain('LOCAL_BANK');
    await fixture.putChannel({ ...manualChannel, isEnabled: false });
    expect(await channels()).not.toContain('LOCAL_BANK');
    expect(codeOf(await fixture.deposit(member, bank('20.00', { channelCode: 'LOCAL_BANK' })))).toBe(
      'CHANNEL_UNAVAILABLE',
    );
  });

  it('keeps the gateway secret write-only: never answered, kept when absent, not in the audit', async () => {
    const secret = 'a-very-secret-merchant-key-123';
    const gatewayChannel = {
      code: 'OTHER_PAY',
      method: 'gateway',
      name: 'Other pay',
      currency: 'USD',
      minAmount: '1.00',
      maxAmount: '100.00',
      isEnabled: true,
      gateway: { provider: 'sandbox', merchantId: 'OTHER', baseUrl: null },
    };
    const withoutSecret = await fixture.putChannel(gatewayChannel);
    expect(codeOf(withoutSecret)).toBe('VALIDATION_FAILED');
    const created = await fixture.putChannel({
      ...gatewayChannel,
      gateway: { ...gatewayChannel.gateway, secret },
    });
    expect(envelopeOf(created).value).toMatchObject({ gateway: { merchantId: 'OTHER', hasSecret: true } });
    expect(created.body).not.toContain(secret);
    const renamed = await fixture.putChannel({ ...gatewayChannel, name: 'Other pay 2' });
    expect(renamed.statusCode).toBe(200);
    expect(await fixture.channelSecret('OTHER_PAY')).toBe(secret);

    const list = await testApp.app.inject({
      url: '/wps/backoffice/payment-channels',
      headers: await fixture.staffHeaders(),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.body).toContain('"hasSecret":true');
    const audit = await fixture.db.select().from(auditEvents);
    const channelAudit = audit
      .filter((row) => row.action === 'payments.channel.upsert')
      .map((row) => JSON.stringify([row.before, row.after]));
    expect(channelAudit.length).toBeGreaterThanOrEqual(2);
    expect(channelAudit.join()).not.toContain(secret);
    expect(channelAudit.join()).toContain('"secretChanged":true');
  });

  it('refuses inconsistent channels', async () => {
    expect(codeOf(await fixture.putChannel({ ...manualChannel, currency: 'PHP' }))).toBe('CURRENCY_MISMATCH');
    expect(codeOf(await fixture.putChannel({ ...manualChannel, minAmount: '600.00' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(await fixture.putChannel({ ...manualChannel, minAmount: '1.001' }))).toBe(
      'VALIDATION_FAILED',
    );
    expect(codeOf(await fixture.putChannel({ ...manualChannel, instructions: null }))).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('is for admin and finance staff only', async () => {
    const support = await fixture.staffWithRole('support');
    const response = await testApp.app.inject({ url: '/wps/backoffice/payment-channels', headers: support });
    expect(codeOf(response)).toBe('FORBIDDEN');
    const review = await testApp.app.inject({ url: '/wps/backoffice/deposits', headers: support });
    expect(codeOf(review)).toBe('FORBIDDEN');
    const finance = await fixture.staffWithRole('finance');
    const allowed = await testApp.app.inject({
      url: '/wps/backoffice/deposits?status=all',
      headers: finance,
    });
    expect(allowed.statusCode).toBe(200);
    const anonymous = await testApp.app.inject({ url: '/wps/backoffice/deposits' });
    expect(codeOf(anonymous)).toBe('UNAUTHORIZED');
  });
});

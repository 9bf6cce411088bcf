import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAsOperator, type TestApp } from '../../testing/test-app';
import type { MemberRow } from '../members/members.repository';
import { ledgerTransactions } from './wallet.tables';
import { type Caller, walletTestKit } from './wallet-api.test-helpers';

type Json = Record<string, unknown>;
type Envelope = { success: boolean; code?: string; message: string; value: Json };

const hasPostgres = Boolean(process.env.DATABASE_URL);

/** Four eyes on manual adjustments (issue 19, point 4): above the brand's amount, a maker and a checker. */
describe('adjustments above the second-approval amount', () => {
  let testApp: TestApp;
  let kit: ReturnType<typeof walletTestKit>;
  let admin: Caller;
  let maker: Caller;
  let checker: Caller;
  let otherChecker: Caller;
  let support: Caller;

  const call = async (caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Json) => {
    const response = await testApp.app.inject({
      method,
      url: `/wps/backoffice${url}`,
      headers: { authorization: caller.authorization },
      ...(payload ? { payload } : {}),
    });
    return response.json<Envelope>();
  };
  const adjust = (caller: Caller, member: MemberRow, amount: string, requestId: string = randomUUID()) =>
    call(caller, 'POST', '/adjustments', {
      username: member.username,
      amount,
      reason: 'Jackpot paid by hand',
      requestId,
    });
  const decide = (caller: Caller, id: string, decision: 'approve' | 'reject', payload: Json = {}) =>
    call(caller, 'POST', `/adjustments/proposals/${id}/${decision}`, payload);
  const proposalOf = (body: Envelope): string => {
    expect(body).toMatchObject({ success: true, value: { status: 'pending_approval' } });
    return (body.value.proposal as { id: string }).id;
  };
  const auditOf = async (member: MemberRow) =>
    ((await call(admin, 'GET', `/audit?entityType=member&entityId=${member.id}`)).value as { list: Json[] })
      .list;

  beforeAll(async () => {
    testApp = await createTestApp();
    kit = walletTestKit(testApp);
    admin = await loginAsOperator(testApp.app);
    maker = await kit.loginAsStaff('maker', 'finance');
    checker = await kit.loginAsStaff('checker', 'finance');
    otherChecker = await kit.loginAsStaff('checker2', 'admin');
    support = await kit.loginAsStaff('helpdesk', 'support');
  });
  afterAll(() => testApp.close());

  it('posts nothing above 10,000 until another staff member approves; the maker may not', async () => {
    expect(await call(maker, 'GET', '/wallet-settings')).toMatchObject({
      value: { currency: 'USD', secondApprovalAbove: '10000.00' },
    });
    const member = await kit.addMember('bigwinner');
    const transactionsBefore = await kit.transactionCount();

    const requestId = randomUUID();
    const proposed = await adjust(maker, member, '10000.01', requestId);
    expect(proposed).toMatchObject({
      value: {
        status: 'pending_approval',
        secondApprovalAbove: '10000.00',
        proposal: {
          username: 'bigwinner',
          amount: '10000.01',
          currency: 'USD',
          status: 'pending',
          proposedBy: 'maker',
          decidedBy: null,
          transactionId: null,
        },
      },
    });
    const id = proposalOf(proposed);
    // A retry of the same request answers the same proposal; nothing has moved.
    expect(await adjust(maker, member, '10000.01', requestId)).toEqual(proposed);
    expect(await adjust(maker, member, '10000.02', requestId)).toMatchObject({
      code: 'IDEMPOTENCY_CONFLICT',
    });
    expect(await kit.balance(member)).toBe(0n);
    expect(await kit.transactionCount()).toBe(transactionsBefore);

    const list = await call(checker, 'GET', '/adjustments/proposals');
    expect(list).toMatchObject({ value: { list: [{ id, status: 'pending', proposedBy: 'maker' }] } });

    const self = await decide(maker, id, 'approve');
    expect(self).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(self.message).toMatch(/another staff member must approve/);
    expect(await decide(support, id, 'approve')).toMatchObject({ code: 'FORBIDDEN' });
    expect(await kit.balance(member)).toBe(0n);

    const approved = await decide(checker, id, 'approve', { note: 'Checked the round' });
    expect(approved).toMatchObject({
      success: true,
      value: {
        id,
        status: 'approved',
        proposedBy: 'maker',
        decidedBy: 'checker',
        decisionNote: 'Checked the round',
      },
    });
    expect(await kit.balance(member)).toBe(1_000_001n);
    expect(await decide(otherChecker, id, 'approve')).toMatchObject({ code: 'ALREADY_PROCESSED' });
    expect(await kit.balance(member)).toBe(1_000_001n);
    // Posted under the maker's request id: the same key a direct adjustment of that request would have used.
    const [posting] = await testApp.database.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, BigInt((approved.value as { transactionId: string }).transactionId)));
    expect(posting?.key).toMatch(new RegExp(`^adjustment:\\d+:${requestId}$`));

    const [posted, proposal] = await auditOf(member);
    expect(proposal).toMatchObject({
      action: 'wallet.adjustment.propose',
      after: { proposalId: id, amount: '10000.01', secondApprovalAbove: '10000.00' },
    });
    expect(posted).toMatchObject({
      action: 'wallet.adjustment',
      after: {
        amount: '10000.01',
        balance: '10000.01',
        proposalId: id,
        proposedBy: 'maker',
        approvedBy: 'checker',
      },
    });
    expect(posted?.actorId).not.toBe(proposal?.actorId);
  });

  it('lets the maker withdraw a proposal and keeps one approval up to the amount, debits alike', async () => {
    const member = await kit.addMember('bigloser');
    await kit.fund(member, 2_000_000n);
    const id = proposalOf(await adjust(maker, member, '-10000.01'));
    expect(await decide(maker, id, 'reject', { reason: 'Wrong member' })).toMatchObject({
      value: { status: 'rejected', decidedBy: 'maker', decisionNote: 'Wrong member', transactionId: null },
    });
    expect(await decide(checker, id, 'approve')).toMatchObject({ code: 'ALREADY_PROCESSED' });
    expect(await kit.balance(member)).toBe(2_000_000n);
    expect((await auditOf(member))[0]).toMatchObject({
      action: 'wallet.adjustment.reject',
      after: { proposalId: id, status: 'rejected', reason: 'Wrong member' },
    });

    expect(await adjust(maker, member, '-10000.00')).toMatchObject({
      value: { status: 'posted', balanceBefore: '20000.00', balanceAfter: '10000.00' },
    });
    expect(await call(maker, 'GET', '/adjustments/proposals?status=all')).toMatchObject({
      value: {
        list: expect.arrayContaining([expect.objectContaining({ id, status: 'rejected' })]) as unknown,
      },
    });
    expect(await call(support, 'GET', '/adjustments/proposals')).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses an approval the balance no longer covers, leaving the proposal pending', async () => {
    const member = await kit.addMember('spender');
    await kit.fund(member, 1_500_000n);
    const id = proposalOf(await adjust(maker, member, '-15000.00'));
    await kit.play(member, 'bet', 100n, 'RNG');
    expect(await decide(checker, id, 'approve')).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await call(checker, 'GET', '/adjustments/proposals')).toMatchObject({
      value: {
        list: expect.arrayContaining([expect.objectContaining({ id, status: 'pending' })]) as unknown,
      },
    });
  });

  it('takes the amount the brand’s admin sets; finance staff cannot lift it', async () => {
    const settings = { mode: 'single', transferVendors: [] };
    expect(
      await call(maker, 'PUT', '/wallet-settings', { ...settings, secondApprovalAbove: '1000000' }),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await call(admin, 'PUT', '/wallet-settings', { ...settings, secondApprovalAbove: '0' }),
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(
      await call(admin, 'PUT', '/wallet-settings', { ...settings, secondApprovalAbove: '500' }),
    ).toMatchObject({
      value: { secondApprovalAbove: '500.00' },
    });
    // Saving the wallet mode alone keeps the amount.
    expect(await call(admin, 'PUT', '/wallet-settings', settings)).toMatchObject({
      value: { secondApprovalAbove: '500.00' },
    });
    const member = await kit.addMember('smallwinner');
    expect(await adjust(maker, member, '500.00')).toMatchObject({ value: { status: 'posted' } });
    expect(await adjust(maker, member, '500.01')).toMatchObject({ value: { status: 'pending_approval' } });
    const trail = (await call(admin, 'GET', '/audit?entityType=brand')).value as { list: Json[] };
    expect(trail.list[0]).toMatchObject({
      action: 'wallet.settings',
      before: { secondApprovalAbove: '500.00' },
      after: { secondApprovalAbove: '500.00' },
    });
    expect(trail.list[1]).toMatchObject({
      before: { secondApprovalAbove: '10000.00' },
      after: { secondApprovalAbove: '500.00' },
    });
    await call(admin, 'PUT', '/wallet-settings', { ...settings, secondApprovalAbove: '10000' });
  });

  // PGlite runs one statement at a time, so nothing can race on it: this needs a real server (DATABASE_URL).
  it.runIf(hasPostgres)('posts a proposal once when checkers approve it at the same moment', async () => {
    for (let round = 0; round < 5; round += 1) {
      const member = await kit.addMember(`raced${round}`);
      const id = proposalOf(await adjust(maker, member, '12000.00'));
      const transactionsBefore = await kit.transactionCount();
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, index) =>
          decide(index % 2 === 0 ? checker : otherChecker, id, 'approve'),
        ),
      );
      expect(answers.filter((answer) => answer.success)).toHaveLength(1);
      expect(answers.filter((answer) => !answer.success).map((answer) => answer.code)).toEqual(
        Array.from({ length: 11 }, () => 'ALREADY_PROCESSED'),
      );
      expect(await kit.balance(member)).toBe(1_200_000n);
      expect(await kit.transactionCount()).toBe(transactionsBefore + 1);
    }
  });
});

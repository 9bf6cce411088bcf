import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, createTestApp, type TestApp } from '../../testing/test-app';
import { auditEvents } from '../audit/audit.tables';
import { createWithdrawalFixture, envelopeOf, type WithdrawalFixture } from './withdrawals.test-helpers';

type QueueItem = { id: string; payoutAccount: { accountNumber: string }; payoutAccountRevealed: boolean };

/** Issue 30 point 5: staff who pay withdrawals out read the payout account in full; support staff do not. */
describe('operator: the payout account by role', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;
  const headers: Record<'admin' | 'finance' | 'support', { authorization: string }> = {
    admin: { authorization: '' },
    finance: { authorization: '' },
    support: { authorization: '' },
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
    for (const role of ['admin', 'finance', 'support'] as const) {
      const { authorization } = await createStaff(testApp.app, { role, username: `reveal-${role}` });
      headers[role] = { authorization };
    }
  });
  afterAll(() => testApp.close());

  const accountNumber = '0012345678901';

  const pendingWithdrawal = async (): Promise<string> => {
    const member = await fx.createMember({ balance: 100_000n });
    const payoutAccountId = await fx.addPayoutAccount(member, { accountNumber });
    return envelopeOf<{ id: string }>(await fx.requestWithdrawal(member, { payoutAccountId })).value.id;
  };

  const queueItem = async (role: keyof typeof headers, id: string): Promise<QueueItem | undefined> => {
    const queue = await fx.call(headers[role].authorization, 'GET', '/backoffice/withdrawals?status=all');
    return envelopeOf<{ list: QueueItem[] }>(queue).value.list.find((item) => item.id === id);
  };

  const readsRecorded = () =>
    fx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payments.withdrawal.payout_accounts_read'))
      .orderBy(desc(auditEvents.id));

  it('shows finance and admins the whole account number, support the last four, and records who read it', async () => {
    const id = await pendingWithdrawal();

    expect(await queueItem('finance', id)).toMatchObject({
      payoutAccount: { accountNumber },
      payoutAccountRevealed: true,
    });
    const [financeRead] = await readsRecorded();
    expect(financeRead).toMatchObject({ actorType: 'staff', entityType: 'staff' });
    expect((financeRead?.after as { withdrawalIds: string[] }).withdrawalIds).toContain(id);
    // The console refreshes the queue: reading the same withdrawals again records nothing more.
    const readsOnce = (await readsRecorded()).length;
    await queueItem('finance', id);
    expect(await readsRecorded()).toHaveLength(readsOnce);

    expect(await queueItem('admin', id)).toMatchObject({
      payoutAccount: { accountNumber },
      payoutAccountRevealed: true,
    });

    const readsBefore = (await readsRecorded()).length;
    expect(await queueItem('support', id)).toMatchObject({
      payoutAccount: { accountNumber: '****8901' },
      payoutAccountRevealed: false,
    });
    // Support staff saw nothing in full, so nothing was recorded for them.
    expect(await readsRecorded()).toHaveLength(readsBefore);
  });

  it('answers the finance approver with the whole account number', async () => {
    const id = await pendingWithdrawal();
    const approved = await fx.call(
      headers.finance.authorization,
      'POST',
      `/backoffice/withdrawals/${id}/approve`,
      {},
    );
    expect(envelopeOf(approved).value).toMatchObject({
      status: 'approved',
      payoutAccount: { accountNumber },
      payoutAccountRevealed: true,
    });
    // Support staff still read it masked once it is approved.
    expect(await queueItem('support', id)).toMatchObject({ payoutAccount: { accountNumber: '****8901' } });
  });
});

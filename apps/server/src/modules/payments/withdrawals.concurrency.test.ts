import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ledgerHolds, ledgerTransactions } from '../wallet/wallet.tables';
import { withdrawals } from './payments.tables';
import {
  codeOf,
  createWithdrawalFixture,
  envelopeOf,
  type WithdrawalFixture,
} from './withdrawals.test-helpers';

const hasPostgres = Boolean(process.env.DATABASE_URL);

// PGlite runs one statement at a time, so nothing can race on it: these need a real server (DATABASE_URL).
describe.runIf(hasPostgres)('withdrawal races on PostgreSQL (skipped unless DATABASE_URL is set)', () => {
  let testApp: TestApp;
  let fx: WithdrawalFixture;

  beforeAll(async () => {
    testApp = await createTestApp();
    fx = createWithdrawalFixture(testApp);
    await fx.setSettings({ withdrawalDailyMaxCount: 1000 });
  });
  afterAll(() => testApp.close());

  it('ends an approve and a reject fired together in exactly one of them, many times', async () => {
    const rounds = 25;
    const member = await fx.createMember({ balance: BigInt(rounds) * 10_000n });
    const payoutAccountId = await fx.addPayoutAccount(member);
    const ids: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const response = await fx.requestWithdrawal(member, { payoutAccountId });
      ids.push(envelopeOf<{ id: string }>(response).value.id);
    }
    const clearingBefore = await fx.clearingBalance();
    await fx.staffHeaders();

    let approvals = 0;
    for (const id of ids) {
      // Alternate who is sent first, so neither side always wins the race to the lock.
      const [first, second] =
        approvals % 2 === 0 ? (['approve', 'reject'] as const) : (['reject', 'approve'] as const);
      const results = await Promise.all([fx.review(id, first), fx.review(id, second)]);
      const winners = results.filter((response) => envelopeOf(response).success);
      const losers = results.map(codeOf).filter((code) => code !== undefined);
      expect(winners).toHaveLength(1);
      expect(losers).toEqual(['ALREADY_PROCESSED']);
      if (envelopeOf<{ status: string }>(winners[0] ?? results[0]).value.status === 'approved')
        approvals += 1;
    }

    const rows = await fx.db.select().from(withdrawals).where(eq(withdrawals.memberId, member.id));
    const holds = await fx.db
      .select()
      .from(ledgerHolds)
      .where(
        inArray(
          ledgerHolds.id,
          rows.map((row) => row.holdId),
        ),
      );
    const settlements = await fx.db
      .select()
      .from(ledgerTransactions)
      .where(
        inArray(
          ledgerTransactions.id,
          holds.flatMap((hold) => hold.settleTransactionId ?? []),
        ),
      );
    for (const row of rows) {
      const hold = holds.find((candidate) => candidate.id === row.holdId);
      expect(hold?.status).toBe(row.status === 'approved' ? 'posted' : 'voided');
    }
    expect(settlements).toHaveLength(rounds);
    expect(rows.filter((row) => row.status === 'approved')).toHaveLength(approvals);
    const rejections = rounds - approvals;
    // Each approval paid 100.00 out once; each rejection returned 100.00 once.
    expect(await fx.balances(member)).toEqual({ cash: BigInt(rejections) * 10_000n, held: 0n });
    expect(await fx.clearingBalance()).toBe(clearingBefore + BigInt(approvals) * 10_000n);
    const messages = await fx.messagesOf(member.id);
    expect(messages).toHaveLength(rounds);
  });

  it('never overdraws one member whose requests arrive together on a low balance', async () => {
    const member = await fx.createMember({ balance: 25_000n });
    const payoutAccountId = await fx.addPayoutAccount(member);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => fx.requestWithdrawal(member, { payoutAccountId, amount: '100.00' })),
    );
    const codes = results.map((response) => codeOf(response) ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(2);
    // Past the payment password's five checks at once, a request is refused before it reaches the money.
    expect(codes.filter((code) => code === 'INSUFFICIENT_FUNDS').length).toBeGreaterThanOrEqual(3);
    expect(codes.filter((code) => !['OK', 'INSUFFICIENT_FUNDS', 'ACCOUNT_LOCKED'].includes(code))).toEqual(
      [],
    );
    expect(await fx.balances(member)).toEqual({ cash: 5_000n, held: 20_000n });
    expect(await fx.withdrawalRows(member.id)).toHaveLength(2);
  });

  it('keeps to the daily count when one member’s requests arrive together', async () => {
    await fx.setSettings({ withdrawalDailyMaxCount: 3 });
    const member = await fx.createMember({ balance: 1_000_000n });
    const payoutAccountId = await fx.addPayoutAccount(member);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => fx.requestWithdrawal(member, { payoutAccountId, amount: '50.00' })),
    );
    const codes = results.map((response) => codeOf(response) ?? 'OK');
    expect(codes.filter((code) => code === 'OK')).toHaveLength(3);
    expect(codes.filter((code) => code === 'DAILY_LIMIT_REACHED').length).toBeGreaterThanOrEqual(2);
    expect(codes.filter((code) => !['OK', 'DAILY_LIMIT_REACHED', 'ACCOUNT_LOCKED'].includes(code))).toEqual(
      [],
    );
    expect(await fx.balances(member)).toEqual({ cash: 985_000n, held: 15_000n });

    // The same request id sent many times at once makes one withdrawal and one hold.
    const other = await fx.createMember({ balance: 100_000n });
    const otherAccount = await fx.addPayoutAccount(other);
    const requestId = randomUUID();
    // Five at once: the payment password's limit of checks at one time.
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () =>
        fx.requestWithdrawal(other, { payoutAccountId: otherAccount, requestId }),
      ),
    );
    const ids = new Set(repeats.map((response) => envelopeOf<{ id: string }>(response).value.id));
    expect(ids.size).toBe(1);
    expect(await fx.balances(other)).toEqual({ cash: 90_000n, held: 10_000n });
  });
});

import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/database';
import { selectPrepared } from '../../db/prepared';
import type { LedgerStep } from './ledger.service';
import { LedgerError, type LedgerErrorReason } from './wallet.errors';
import { ledgerBalances, ledgerEntries, ledgerHolds, ledgerTransactions } from './wallet.tables';
import {
  findInvariantViolations,
  type LedgerFixture,
  newKey,
  openLedgerFixture,
} from './wallet.test-helpers';

/** The reason of the LedgerError a call fails with. */
const reasonOf = async (work: Promise<unknown>): Promise<LedgerErrorReason> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof LedgerError) return error.reason;
    throw error;
  }
  throw new Error('expected a LedgerError');
};

/** The database's message when it refuses a statement. */
const refusalOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return cause instanceof Error ? cause.message : String(cause);
  }
  throw new Error('expected the database to refuse');
};

// Set by a test to make the service fail right after that statement, inside its transaction.
let faultAt: LedgerStep | undefined;
const injectFault = async (step: LedgerStep, _executor: Executor): Promise<void> => {
  if (step === faultAt) throw new Error(`fault injected after ${step}`);
};

describe('ledger service', () => {
  let fixture: LedgerFixture;
  beforeAll(async () => {
    fixture = await openLedgerFixture({ afterStatement: injectFault });
  });
  afterAll(async () => {
    expect(await findInvariantViolations(fixture.database)).toEqual([]);
    await fixture.close();
  });

  const rowCounts = async () => {
    const db = fixture.database.db;
    const [transactions] = await db.select({ total: count() }).from(ledgerTransactions);
    const [entries] = await db.select({ total: count() }).from(ledgerEntries);
    const [holds] = await db.select({ total: count() }).from(ledgerHolds);
    return { transactions: transactions?.total, entries: entries?.total, holds: holds?.total };
  };

  const deposit = (accountId: bigint, amount: bigint, idempotencyKey = newKey()) =>
    fixture.ledger.post({
      brandId: fixture.brandId,
      idempotencyKey,
      kind: 'deposit',
      legs: [
        { accountId: fixture.paymentClearing, amount: -amount },
        { accountId, amount },
      ],
    });

  const bet = (accountId: bigint, amount: bigint, idempotencyKey = newKey()) =>
    fixture.ledger.post({
      brandId: fixture.brandId,
      idempotencyKey,
      kind: 'bet',
      legs: [
        { accountId, amount: -amount },
        { accountId: fixture.house, amount },
      ],
    });

  describe('postings', () => {
    it('writes balanced entries and moves both balances', async () => {
      const member = await fixture.createMemberCash();
      const result = await deposit(member, 10_000n);
      expect(result.isReplay).toBe(false);
      expect(result.entries).toEqual(
        expect.arrayContaining([
          { accountId: member, amount: 10_000n, balanceAfter: 10_000n },
          // Sharded: the account's balance is the sum of its shards, not any one entry's.
          { accountId: fixture.paymentClearing, amount: -10_000n, balanceAfter: null },
        ]),
      );
      expect(await fixture.ledger.getBalance(member)).toBe(10_000n);
      const entries = await fixture.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.transactionId, result.transactionId));
      expect(entries.reduce((sum, entry) => sum + entry.amount, 0n)).toBe(0n);
      expect(entries.map((entry) => entry.currency)).toEqual(['USD', 'USD']);
    });

    it('refuses legs that do not sum to zero, and writes nothing', async () => {
      const member = await fixture.createMemberCash();
      const before = await rowCounts();
      expect(
        await reasonOf(
          fixture.ledger.post({
            brandId: fixture.brandId,
            idempotencyKey: newKey(),
            kind: 'deposit',
            legs: [
              { accountId: fixture.paymentClearing, amount: -100n },
              { accountId: member, amount: 101n },
            ],
          }),
        ),
      ).toBe('unbalanced');
      expect(await rowCounts()).toEqual(before);
    });

    it('balances per currency, not across currencies', async () => {
      const usd = await fixture.createMemberCash('USD');
      const php = await fixture.createMemberCash('PHP');
      const phpClearing = (
        await fixture.ledger.ensureSystemAccount(fixture.brandId, 'payment_clearing', 'PHP')
      ).id;
      expect(
        await reasonOf(
          fixture.ledger.post({
            brandId: fixture.brandId,
            idempotencyKey: newKey(),
            kind: 'deposit',
            legs: [
              { accountId: fixture.paymentClearing, amount: -100n },
              { accountId: php, amount: 100n },
            ],
          }),
        ),
      ).toBe('unbalanced');
      const result = await fixture.ledger.post({
        brandId: fixture.brandId,
        idempotencyKey: newKey(),
        kind: 'deposit',
        legs: [
          { accountId: fixture.paymentClearing, amount: -100n },
          { accountId: usd, amount: 100n },
          { accountId: phpClearing, amount: -5_000n },
          { accountId: php, amount: 5_000n },
        ],
      });
      expect(result.entries).toHaveLength(4);
      expect(await fixture.ledger.getBalance(php)).toBe(5_000n);
    });

    it('refuses malformed postings', async () => {
      const member = await fixture.createMemberCash();
      const post = (
        legs: Array<{ accountId: bigint; amount: bigint }>,
        kind = 'bet',
        brandId = fixture.brandId,
      ) => reasonOf(fixture.ledger.post({ brandId, idempotencyKey: newKey(), kind, legs }));
      expect(
        await post([
          { accountId: member, amount: 0n },
          { accountId: fixture.house, amount: 0n },
        ]),
      ).toBe('invalid_request');
      expect(await post([{ accountId: member, amount: -1n }])).toBe('invalid_request');
      expect(
        await reasonOf(
          fixture.ledger.post({
            brandId: fixture.brandId,
            idempotencyKey: 'ledger:hold:1:settle',
            kind: 'bet',
            legs: [
              { accountId: fixture.house, amount: -1n },
              { accountId: member, amount: 1n },
            ],
          }),
        ),
      ).toBe('invalid_request');
      expect(await reasonOf(fixture.ledger.getBalance(999_999n))).toBe('account_not_found');
      expect(
        await post([
          { accountId: member, amount: -1n },
          { accountId: member, amount: 1n },
        ]),
      ).toBe('invalid_request');
      expect(
        await post([
          { accountId: 999_999n, amount: -1n },
          { accountId: fixture.house, amount: 1n },
        ]),
      ).toBe('account_not_found');
      expect(
        await post(
          [
            { accountId: fixture.house, amount: -1n },
            { accountId: member, amount: 1n },
          ],
          'bet',
          fixture.brandId + 1n,
        ),
      ).toBe('account_not_found');
      expect(
        await post(
          [
            { accountId: fixture.house, amount: -1n },
            { accountId: member, amount: 1n },
          ],
          'Bet!',
        ),
      ).toBe('invalid_request');
      expect(
        await post([
          { accountId: fixture.house, amount: -(2n ** 63n) },
          { accountId: member, amount: 2n ** 63n },
        ]),
      ).toBe('amount_out_of_range');
    });

    it('refuses a credit that would overflow a balance, and writes nothing', async () => {
      const member = await fixture.createMemberCash();
      // An account of its own, so the other tests' amounts cannot overflow it first.
      const clearing = (
        await fixture.ledger.ensureSystemAccount(fixture.brandId, 'payment_clearing', 'USD', 'overflow')
      ).id;
      const move = (from: bigint, to: bigint, amount: bigint) =>
        fixture.ledger.post({
          brandId: fixture.brandId,
          idempotencyKey: newKey(),
          kind: 'adjustment',
          legs: [
            { accountId: from, amount: -amount },
            { accountId: to, amount },
          ],
        });
      await move(clearing, member, 2n ** 63n - 1n);
      const before = await rowCounts();
      expect(await reasonOf(move(clearing, member, 1n))).toBe('amount_out_of_range');
      expect(await rowCounts()).toEqual(before);
      await move(member, clearing, 2n ** 63n - 1n);
    });
  });

  describe('idempotency', () => {
    it('answers the original transaction for the same key and request, and writes nothing new', async () => {
      const member = await fixture.createMemberCash();
      const key = newKey();
      const first = await deposit(member, 500n, key);
      const before = await rowCounts();
      const again = await deposit(member, 500n, key);
      expect(again).toEqual({ ...first, isReplay: true });
      expect(await rowCounts()).toEqual(before);
      expect(await fixture.ledger.getBalance(member)).toBe(500n);
    });

    it('recognises the same request with its legs in another order', async () => {
      const member = await fixture.createMemberCash();
      const key = newKey();
      const first = await deposit(member, 700n, key);
      const reordered = await fixture.ledger.post({
        brandId: fixture.brandId,
        idempotencyKey: key,
        kind: 'deposit',
        legs: [
          { accountId: member, amount: 700n },
          { accountId: fixture.paymentClearing, amount: -700n },
        ],
      });
      expect(reordered.transactionId).toBe(first.transactionId);
      expect(reordered.isReplay).toBe(true);
    });

    it('refuses the same key with a different request, and writes nothing', async () => {
      const member = await fixture.createMemberCash();
      const key = newKey();
      await deposit(member, 500n, key);
      const before = await rowCounts();
      expect(await reasonOf(deposit(member, 501n, key))).toBe('idempotency_conflict');
      await expect(deposit(member, 501n, key)).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
      expect(await reasonOf(bet(member, 500n, key))).toBe('idempotency_conflict');
      expect(await rowCounts()).toEqual(before);
      expect(await fixture.ledger.getBalance(member)).toBe(500n);
    });
  });

  describe('overdraft', () => {
    it('refuses a debit beyond the balance and writes nothing; the key stays usable', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 1_000n);
      const before = await rowCounts();
      const key = newKey();
      const failure = bet(member, 1_001n, key);
      await expect(failure).rejects.toBeInstanceOf(LedgerError);
      await expect(failure).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS', statusCode: 409 });
      expect(await reasonOf(bet(member, 1_001n, key))).toBe('insufficient_funds');
      expect(await rowCounts()).toEqual(before);
      expect(await fixture.ledger.getBalance(member)).toBe(1_000n);
      await deposit(member, 1n);
      expect((await bet(member, 1_001n, key)).isReplay).toBe(false);
      expect(await fixture.ledger.getBalance(member)).toBe(0n);
    });

    it('lets house and clearing accounts go negative', async () => {
      const member = await fixture.createMemberCash();
      await fixture.ledger.post({
        brandId: fixture.brandId,
        idempotencyKey: newKey(),
        kind: 'win',
        legs: [
          { accountId: fixture.providerClearing, amount: -123_456n },
          { accountId: member, amount: 123_456n },
        ],
      });
      expect(await fixture.ledger.getBalance(fixture.providerClearing)).toBeLessThan(0n);
    });

    it('undoes the legs already applied when a later leg fails (all or nothing within the statement)', async () => {
      const rich = await fixture.createMemberCash();
      const poor = await fixture.createMemberCash();
      await deposit(rich, 5_000n);
      await deposit(poor, 10n);
      const before = await rowCounts();
      expect(
        await reasonOf(
          fixture.ledger.post({
            brandId: fixture.brandId,
            idempotencyKey: newKey(),
            kind: 'transfer',
            legs: [
              { accountId: rich, amount: -1_000n },
              { accountId: fixture.house, amount: 1_020n },
              { accountId: poor, amount: -20n },
            ],
          }),
        ),
      ).toBe('insufficient_funds');
      expect(await rowCounts()).toEqual(before);
      expect(await fixture.ledger.getBalance(rich)).toBe(5_000n);
      expect(await fixture.ledger.getBalance(poor)).toBe(10n);
    });
  });

  describe('what the database itself refuses', () => {
    it('refuses to update, delete or truncate entries and transactions', async () => {
      const member = await fixture.createMemberCash();
      const { transactionId } = await deposit(member, 100n);
      const db = fixture.database.db;
      expect(await refusalOf(db.update(ledgerEntries).set({ amount: 1n }))).toMatch(/cannot be changed/);
      expect(
        await refusalOf(db.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId))),
      ).toMatch(/cannot be changed/);
      expect(await refusalOf(db.execute(sql`truncate ledger_entries`))).toMatch(/cannot be changed/);
      expect(await refusalOf(db.update(ledgerTransactions).set({ memo: 'edited' }))).toMatch(
        /cannot be changed/,
      );
      expect(await refusalOf(db.delete(ledgerTransactions))).toMatch(/cannot be changed/);
      expect(await refusalOf(db.delete(ledgerBalances))).toMatch(/cannot be changed/);
      expect(await refusalOf(db.execute(sql`update ledger_accounts set may_go_negative = true`))).toMatch(
        /cannot be changed/,
      );
      expect(await fixture.ledger.getBalance(member)).toBe(100n);
    });

    it('refuses at commit a transaction whose entries do not balance, whoever writes it', async () => {
      const member = await fixture.createMemberCash();
      const before = await rowCounts();
      const writeUnbalanced = fixture.database.db.transaction(async (tx) => {
        const [transaction] = await tx
          .insert(ledgerTransactions)
          .values({ brandId: fixture.brandId, idempotencyKey: newKey(), requestHash: 'x', kind: 'bug' })
          .returning();
        if (!transaction) throw new Error('not inserted');
        await tx.execute(sql`update ledger_balances set balance = balance + 5 where account_id = ${member}`);
        await tx.insert(ledgerEntries).values({
          transactionId: transaction.id,
          accountId: member,
          shard: 0,
          currency: 'USD',
          amount: 5n,
          balanceAfter: 5n,
        });
      });
      expect(await refusalOf(writeUnbalanced)).toMatch(/does not balance|at least two/);
      const writeEmpty = fixture.database.db.insert(ledgerTransactions).values({
        brandId: fixture.brandId,
        idempotencyKey: newKey(),
        requestHash: 'x',
        kind: 'bug',
      });
      expect(await refusalOf(writeEmpty)).toMatch(/at least two/);
      expect(await rowCounts()).toEqual(before);
      expect(await fixture.ledger.getBalance(member)).toBe(0n);
    });

    it('refuses a negative balance on a member account even when written directly', async () => {
      const member = await fixture.createMemberCash();
      expect(
        await refusalOf(
          fixture.database.db.execute(
            sql`update ledger_balances set balance = -1 where account_id = ${member}`,
          ),
        ),
      ).toMatch(/ledger_balances_no_overdraft/);
    });
  });

  describe('holds', () => {
    const reserve = (accountId: bigint, amount: bigint, idempotencyKey = newKey()) =>
      fixture.ledger.reserve({
        brandId: fixture.brandId,
        idempotencyKey,
        accountId,
        amount,
        kind: 'withdrawal',
      });

    const holdBalance = async (member: bigint) => {
      const account = await fixture.ledger.getAccount(member);
      if (!account?.memberId) throw new Error('not a member account');
      const hold = await fixture.ledger.ensureMemberAccount(
        fixture.brandId,
        account.memberId,
        'USD',
        'member_hold',
      );
      return fixture.ledger.getBalance(hold.id);
    };

    it('reserves into the hold account, then posts to the destination once', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 1_000n);
      const key = newKey();
      const hold = await reserve(member, 600n, key);
      expect(await fixture.ledger.getBalance(member)).toBe(400n);
      expect(await holdBalance(member)).toBe(600n);
      expect(await reserve(member, 600n, key)).toEqual({ ...hold, isReplay: true });
      expect(await reasonOf(reserve(member, 601n, key))).toBe('idempotency_conflict');

      const clearingBefore = await fixture.ledger.getBalance(fixture.paymentClearing);
      const posted = await fixture.ledger.postHold({
        brandId: fixture.brandId,
        holdId: hold.holdId,
        destinationAccountId: fixture.paymentClearing,
      });
      expect(posted.isReplay).toBe(false);
      expect(await holdBalance(member)).toBe(0n);
      expect(await fixture.ledger.getBalance(fixture.paymentClearing)).toBe(clearingBefore + 600n);
      const again = await fixture.ledger.postHold({
        brandId: fixture.brandId,
        holdId: hold.holdId,
        destinationAccountId: fixture.paymentClearing,
      });
      expect(again).toEqual({ ...posted, isReplay: true });
      expect(await reasonOf(fixture.ledger.voidHold({ brandId: fixture.brandId, holdId: hold.holdId }))).toBe(
        'hold_already_settled',
      );
      expect(
        await reasonOf(
          fixture.ledger.postHold({
            brandId: fixture.brandId,
            holdId: hold.holdId,
            destinationAccountId: fixture.house,
          }),
        ),
      ).toBe('hold_already_settled');
      expect(await fixture.ledger.getBalance(fixture.paymentClearing)).toBe(clearingBefore + 600n);
      expect((await fixture.ledger.getHold(hold.holdId))?.status).toBe('posted');
    });

    it('voids a hold back to the member once', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 1_000n);
      const hold = await reserve(member, 250n);
      const voided = await fixture.ledger.voidHold({ brandId: fixture.brandId, holdId: hold.holdId });
      expect(await fixture.ledger.getBalance(member)).toBe(1_000n);
      expect(await fixture.ledger.voidHold({ brandId: fixture.brandId, holdId: hold.holdId })).toEqual({
        ...voided,
        isReplay: true,
      });
      expect(
        await reasonOf(
          fixture.ledger.postHold({
            brandId: fixture.brandId,
            holdId: hold.holdId,
            destinationAccountId: fixture.paymentClearing,
          }),
        ),
      ).toBe('hold_already_settled');
      expect(await fixture.ledger.getBalance(member)).toBe(1_000n);
    });

    it('refuses a hold beyond the balance, one from a system account, and unknown holds', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 100n);
      const before = await rowCounts();
      expect(await reasonOf(reserve(member, 101n))).toBe('insufficient_funds');
      expect(await reasonOf(reserve(member, -5n))).toBe('invalid_request');
      expect(await reasonOf(reserve(fixture.house, 5n))).toBe('invalid_request');
      expect(await reasonOf(fixture.ledger.voidHold({ brandId: fixture.brandId, holdId: 999_999n }))).toBe(
        'hold_not_found',
      );
      expect(await rowCounts()).toEqual(before);
    });

    it.each<LedgerStep>(['reserve.posted', 'reserve.held'])(
      'leaves nothing behind when a reserve fails after %s',
      async (step) => {
        const member = await fixture.createMemberCash();
        await deposit(member, 1_000n);
        const before = await rowCounts();
        const key = newKey();
        faultAt = step;
        try {
          await expect(reserve(member, 300n, key)).rejects.toThrow(/fault injected/);
        } finally {
          faultAt = undefined;
        }
        expect(await rowCounts()).toEqual(before);
        expect(await fixture.ledger.getBalance(member)).toBe(1_000n);
        expect(await holdBalance(member)).toBe(0n);
        expect((await reserve(member, 300n, key)).isReplay).toBe(false);
      },
    );

    it.each<LedgerStep>(['settle.locked', 'settle.posted', 'settle.marked'])(
      'leaves the hold pending and the money held when a post fails after %s',
      async (step) => {
        const member = await fixture.createMemberCash();
        await deposit(member, 1_000n);
        const hold = await reserve(member, 300n);
        const before = await rowCounts();
        faultAt = step;
        try {
          await expect(
            fixture.ledger.postHold({
              brandId: fixture.brandId,
              holdId: hold.holdId,
              destinationAccountId: fixture.paymentClearing,
            }),
          ).rejects.toThrow(/fault injected/);
        } finally {
          faultAt = undefined;
        }
        expect(await rowCounts()).toEqual(before);
        expect((await fixture.ledger.getHold(hold.holdId))?.status).toBe('pending');
        expect(await holdBalance(member)).toBe(300n);
        await fixture.ledger.voidHold({ brandId: fixture.brandId, holdId: hold.holdId });
        expect(await fixture.ledger.getBalance(member)).toBe(1_000n);
      },
    );
  });

  describe('inside the caller’s transaction', () => {
    it('moves money only if the caller commits', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 1_000n);
      const before = await rowCounts();
      await expect(
        fixture.database.db.transaction(async (tx) => {
          await fixture.ledger.post(
            {
              brandId: fixture.brandId,
              idempotencyKey: newKey(),
              kind: 'bet',
              legs: [
                { accountId: member, amount: -400n },
                { accountId: fixture.house, amount: 400n },
              ],
            },
            { executor: tx },
          );
          await fixture.ledger.reserve(
            { brandId: fixture.brandId, idempotencyKey: newKey(), accountId: member, amount: 100n },
            { executor: tx },
          );
          expect(await fixture.ledger.getBalance(member, { executor: tx })).toBe(500n);
          throw new Error('caller changed its mind');
        }),
      ).rejects.toThrow('caller changed its mind');
      expect(await rowCounts()).toEqual(before);
      expect(await fixture.ledger.getBalance(member)).toBe(1_000n);
    });
  });

  describe('inside the caller’s statement', () => {
    const stake = (member: bigint, amount: bigint, idempotencyKey: string, callerPart = sql``) =>
      fixture.ledger.postWithin(
        {
          brandId: fixture.brandId,
          idempotencyKey,
          kind: 'bet',
          legs: [
            { accountId: member, amount: -amount },
            { accountId: fixture.house, amount },
          ],
        },
        sql`'caller:' || (select 7)`,
        async (ctes) => {
          const rows = await selectPrepared<{ balance_after: bigint }>(
            fixture.database.db,
            // A caller's part varies here, so each text gets its own name.
            `ledger_test_stake_${callerPart.queryChunks.length}`,
            sql`with ${ctes} select balance_after from ledger_posted_entries
                where account_id = ${member}::bigint ${callerPart}`,
          );
          return rows.map((row) => row.balance_after);
        },
      );

    it('writes the posting with the caller’s reference and answers what the caller selects', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 1_000n);
      const key = newKey();
      expect(await stake(member, 300n, key)).toEqual([700n]);
      const [row] = await fixture.database.db
        .select({ reference: ledgerTransactions.reference })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, key));
      expect(row?.reference).toBe('caller:7');
      expect(await fixture.ledger.getBalance(member)).toBe(700n);
    });

    it('fails the whole statement on a used key or too little money, writing nothing', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 1_000n);
      const key = newKey();
      await stake(member, 300n, key);
      const before = await rowCounts();
      expect(await reasonOf(stake(member, 300n, key))).toBe('idempotency_conflict');
      expect(await reasonOf(stake(member, 800n, newKey()))).toBe('insufficient_funds');
      expect(await rowCounts()).toEqual(before);
      expect(await fixture.ledger.getBalance(member)).toBe(700n);
    });

    it('moves no money when the caller’s part of the statement fails', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 1_000n);
      const before = await rowCounts();
      await expect(stake(member, 300n, newKey(), sql`and balance_after / 0 = 1`)).rejects.toThrow();
      expect(await rowCounts()).toEqual(before);
      expect(await fixture.ledger.getBalance(member)).toBe(1_000n);
    });
  });

  describe('a batch inside the caller’s statement', () => {
    const stakes = (bets: ReadonlyArray<{ member: bigint; amount: bigint; key: string }>) =>
      fixture.ledger.postBatchWithin(
        bets.map(({ member, amount, key }) => ({
          brandId: fixture.brandId,
          idempotencyKey: key,
          kind: 'bet',
          legs: [
            { accountId: member, amount: -amount },
            { accountId: fixture.house, amount },
          ],
          shardKey: 'one-shard',
        })),
        sql`(select 1 as ordinal, 'caller:second' as reference)`,
        async (ctes) => {
          const rows = await selectPrepared<{ ordinal: number; balance_after: bigint }>(
            fixture.database.db,
            'ledger_test_batch_stakes',
            sql`with ${ctes}
                select transactions.ordinal, entry.balance_after
                from ledger_batch_transactions transactions
                join ledger_batch_entries entry on entry.transaction_id = transactions.id and entry.amount < 0
                order by transactions.ordinal`,
          );
          return rows.map((row) => row.balance_after);
        },
      );

    it('writes each posting under its key with the running balance, and the caller’s references', async () => {
      const first = await fixture.createMemberCash();
      const second = await fixture.createMemberCash();
      await deposit(first, 1_000n);
      await deposit(second, 500n);
      const bets = [
        { member: first, amount: 100n, key: newKey() },
        { member: second, amount: 50n, key: newKey() },
        { member: first, amount: 200n, key: newKey() },
      ];
      const keys = bets.map((bet) => bet.key);
      const balances = await stakes(bets);
      expect(balances).toEqual([900n, 450n, 700n]);
      expect(await fixture.ledger.getBalance(first)).toBe(700n);
      expect(await fixture.ledger.getBalance(second)).toBe(450n);
      const rows = await fixture.database.db
        .select({ key: ledgerTransactions.idempotencyKey, reference: ledgerTransactions.reference })
        .from(ledgerTransactions)
        .where(inArray(ledgerTransactions.idempotencyKey, keys));
      expect(rows.map((row) => [keys.indexOf(row.key), row.reference]).sort()).toEqual([
        [0, null],
        [1, 'caller:second'],
        [2, null],
      ]);
    });

    it('fails the whole batch when one posting would overdraw or reuses a key, writing nothing', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 1_000n);
      const used = newKey();
      await stakes([{ member, amount: 100n, key: used }]);
      const before = await rowCounts();
      expect(
        await reasonOf(
          stakes([
            { member, amount: 600n, key: newKey() },
            { member, amount: 600n, key: newKey() },
          ]),
        ),
      ).toBe('insufficient_funds');
      expect(
        await reasonOf(
          stakes([
            { member, amount: 10n, key: newKey() },
            { member, amount: 10n, key: used },
          ]),
        ),
      ).toBe('idempotency_conflict');
      expect(await rowCounts()).toEqual(before);
      expect(await fixture.ledger.getBalance(member)).toBe(900n);
    });
  });

  describe('accounts and records', () => {
    it('forgets an account created in a caller’s transaction that rolled back', async () => {
      const member = await fixture.createMemberCash();
      const owner = await fixture.ledger.getAccount(member);
      if (!owner?.memberId) throw new Error('not a member account');
      const memberId = owner.memberId;
      let rolledBackId: bigint | undefined;
      await expect(
        fixture.database.db.transaction(async (tx) => {
          rolledBackId = (
            await fixture.ledger.ensureMemberAccount(fixture.brandId, memberId, 'PHP', 'member_cash', {
              executor: tx,
            })
          ).id;
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      const account = await fixture.ledger.ensureMemberAccount(fixture.brandId, memberId, 'PHP');
      expect(account.id).not.toBe(rolledBackId);
      expect(await fixture.ledger.getBalance(account.id)).toBe(0n);
    });

    it('creates each account once, with its shards', async () => {
      const first = await fixture.ledger.ensureSystemAccount(fixture.brandId, 'house', 'USD');
      expect(first.id).toBe(fixture.house);
      expect(first.shardCount).toBeGreaterThan(1);
      const scoped = await fixture.ledger.ensureSystemAccount(
        fixture.brandId,
        'provider_clearing',
        'USD',
        'PG',
      );
      expect(scoped.id).not.toBe(fixture.providerClearing);
      const shards = await fixture.database.db
        .select({ total: count() })
        .from(ledgerBalances)
        .where(eq(ledgerBalances.accountId, scoped.id));
      expect(shards[0]?.total).toBe(scoped.shardCount);
      expect(await reasonOf(fixture.ledger.ensureSystemAccount(fixture.brandId, 'house', 'XYZ'))).toBe(
        'currency_not_found',
      );
    });

    it('spreads the house over its shards and sums them for its balance', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 10_000n);
      const houseBefore = await fixture.ledger.getBalance(fixture.house);
      for (let round = 0; round < 20; round += 1) await bet(member, 10n);
      expect(await fixture.ledger.getBalance(fixture.house)).toBe(houseBefore + 200n);
      const touched = await fixture.database.db
        .selectDistinct({ shard: ledgerEntries.shard })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.accountId, fixture.house));
      expect(touched.length).toBeGreaterThan(1);
    });

    it('lists an account’s entries newest first, page by page', async () => {
      const member = await fixture.createMemberCash();
      await deposit(member, 1_000n);
      for (let round = 1; round <= 4; round += 1) await bet(member, BigInt(round));
      const first = await fixture.ledger.listEntries(member, { limit: 3 });
      expect(first.entries.map((entry) => [entry.kind, entry.amount, entry.balanceAfter])).toEqual([
        ['bet', -4n, 990n],
        ['bet', -3n, 994n],
        ['bet', -2n, 997n],
      ]);
      expect(first.nextBeforeEntryId).not.toBeNull();
      const second = await fixture.ledger.listEntries(member, {
        limit: 3,
        beforeEntryId: first.nextBeforeEntryId ?? undefined,
      });
      expect(second.entries.map((entry) => entry.amount)).toEqual([-1n, 1_000n]);
      expect(second.nextBeforeEntryId).toBeNull();
      expect(await reasonOf(fixture.ledger.listEntries(member, { limit: 0 }))).toBe('invalid_request');
    });
  });
});

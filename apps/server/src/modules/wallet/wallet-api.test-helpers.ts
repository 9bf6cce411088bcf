import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/password-hashing';
import { createStaff, type TestApp } from '../../testing/test-app';
import { insertMember, type MemberRow } from '../members/members.repository';
import { memberMessages } from '../messages/messages.tables';
import { brands } from '../site/site.tables';
import { createLedgerService, type LedgerService } from './ledger.service';
import { ledgerTransactions } from './wallet.tables';

/** Test helpers for the wallet endpoints: members of every kind, money from nowhere, and what changed. */

export const testPaymentPassword = '654321';

export type Caller = { authorization: string };

export const walletTestKit = (testApp: TestApp) => {
  const { db } = testApp.database;
  const ledger: LedgerService = createLedgerService({ db });

  /** A member of the demo brand; `paymentPassword: null` leaves it unset. */
  const addMember = async (
    username: string,
    options: { type?: number; upline?: MemberRow; paymentPassword?: string | null } = {},
  ): Promise<MemberRow> => {
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.merchantCode, 'DEMO'));
    if (!brand) throw new Error('no demo brand');
    const password = options.paymentPassword === undefined ? testPaymentPassword : options.paymentPassword;
    const member = await insertMember(db, {
      brandId: brand.id,
      username,
      nickname: `Nick ${username}`,
      type: options.type ?? 0,
      uplineId: options.upline?.id ?? null,
      paymentPasswordHash: password === null ? null : await hashPassword(password),
      payeeName: `Real ${username}`,
    });
    if (!member) throw new Error(`member ${username} exists`);
    return member;
  };

  const cashAccountId = async (member: MemberRow) =>
    (await ledger.ensureMemberAccount(member.brandId, member.id, 'USD')).id;

  return {
    ledger,
    addMember,

    /** The member's main wallet in minor units. */
    balance: async (member: MemberRow) => ledger.getBalance(await cashAccountId(member)),

    /** Money for a test member, from the promotion account (the other side must be something). */
    fund: async (member: MemberRow, amount: bigint, memo?: string) => {
      const promotion = await ledger.ensureSystemAccount(member.brandId, 'promotion', 'USD');
      const result = await ledger.post({
        brandId: member.brandId,
        idempotencyKey: `test:fund:${randomUUID()}`,
        kind: 'bonus',
        ...(memo === undefined ? {} : { memo }),
        legs: [
          { accountId: promotion.id, amount: -amount },
          { accountId: await cashAccountId(member), amount },
        ],
      });
      return result.transactionId;
    },

    /** A bet (debit) or win (credit) of a product line, as game rounds will post them. */
    play: async (member: MemberRow, kind: 'bet' | 'win', amount: bigint, productLine: string) => {
      const house = await ledger.ensureSystemAccount(member.brandId, 'house', 'USD');
      const sign = kind === 'bet' ? -1n : 1n;
      const result = await ledger.post({
        brandId: member.brandId,
        idempotencyKey: `test:${kind}:${randomUUID()}`,
        kind,
        productLine,
        legs: [
          { accountId: house.id, amount: -sign * amount },
          { accountId: await cashAccountId(member), amount: sign * amount },
        ],
      });
      return result.transactionId;
    },

    /**
     * Moves a ledger transaction to another moment, for day-boundary tests. Entries are insert-only by
     * trigger; replica mode skips triggers for this one transaction of test set-up.
     */
    backdate: async (transactionId: bigint, at: string) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`update ledger_transactions set created_at = ${at}::timestamptz where id = ${transactionId}`,
        );
        await tx.execute(
          sql`update ledger_entries set created_at = ${at}::timestamptz where transaction_id = ${transactionId}`,
        );
      });
    },

    /** How many ledger transactions exist: a refused request must not add one. */
    transactionCount: async () =>
      (await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions)).length,

    /** A staff member of the given role, logged in; answers the Authorization header. */
    loginAsStaff: async (username: string, role: 'admin' | 'finance' | 'support'): Promise<Caller> => {
      const { authorization } = await createStaff(testApp.app, { username, role });
      return { authorization };
    },

    messagesOf: (member: MemberRow) =>
      db.select().from(memberMessages).where(eq(memberMessages.memberId, member.id)),
  };
};

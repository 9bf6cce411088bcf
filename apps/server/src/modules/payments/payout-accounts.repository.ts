import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { payoutAccounts } from './payments.tables';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type NewPayoutAccount = Omit<typeof payoutAccounts.$inferInsert, 'id' | 'removedAt' | 'createdAt'>;

/**
 * Locks the member's row for the rest of the caller's transaction, so one member's money and identity
 * changes (a withdrawal against the daily limits, the first payout account setting the real name) queue
 * instead of racing. Plain SQL: the members table belongs to another domain.
 */
export const lockMember = async (executor: Executor, memberId: bigint): Promise<void> => {
  await executor.execute(sql`select id from members where id = ${memberId} for update`);
};

const active = (memberId: bigint) =>
  and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt));

export const listActive = (executor: Executor, memberId: bigint) =>
  executor.select().from(payoutAccounts).where(active(memberId)).orderBy(asc(payoutAccounts.id));

export const countActive = async (executor: Executor, memberId: bigint): Promise<number> => {
  const [row] = await executor.select({ total: count() }).from(payoutAccounts).where(active(memberId));
  return row?.total ?? 0;
};

export const findActive = async (executor: Executor, memberId: bigint, id: bigint) => {
  const [row] = await executor
    .select()
    .from(payoutAccounts)
    .where(and(active(memberId), eq(payoutAccounts.id, id)));
  return row;
};

/** Undefined when the member already has this account (the partial unique index decides). */
export const insertPayoutAccount = async (executor: Executor, account: NewPayoutAccount) => {
  const [row] = await executor.insert(payoutAccounts).values(account).onConflictDoNothing().returning();
  return row;
};

/** Soft removal: withdrawals paid to the account keep pointing at it. */
export const markRemoved = async (executor: Executor, memberId: bigint, id: bigint) => {
  const [row] = await executor
    .update(payoutAccounts)
    .set({ removedAt: new Date() })
    .where(and(active(memberId), eq(payoutAccounts.id, id)))
    .returning();
  return row;
};

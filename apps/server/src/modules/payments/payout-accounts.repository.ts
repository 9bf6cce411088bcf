import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { payoutAccounts } from './payments.tables';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type NewPayoutAccount = Omit<typeof payoutAccounts.$inferInsert, 'id' | 'removedAt' | 'createdAt'>;

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

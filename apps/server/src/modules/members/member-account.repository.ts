import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { members } from './members.tables';

/** Binding an email address queues per brand and address here (emails have no unique index to decide). */
const emailBindingLockNamespace = 7_245_041;

/**
 * Holds the brand's address until the caller's transaction ends, so two members binding the same address at
 * once are told apart: the second one finds the first one's address.
 */
export const lockEmailBinding = async (executor: Executor, brandId: bigint, email: string): Promise<void> => {
  const key = `${brandId.toString()}:${email.trim().toLowerCase()}`;
  await executor.execute(sql`select pg_advisory_xact_lock(${emailBindingLockNamespace}, hashtext(${key}))`);
};

/** Whether another member of the brand has this email address, in any case. */
export const isEmailBoundToOtherMember = async (
  executor: Executor,
  query: { brandId: bigint; memberId: bigint; email: string },
): Promise<boolean> => {
  const [row] = await executor
    .select({ id: members.id })
    .from(members)
    .where(
      and(
        eq(members.brandId, query.brandId),
        ne(members.id, query.memberId),
        sql`lower(${members.email}) = lower(${query.email.trim()})`,
      ),
    )
    .limit(1);
  return row !== undefined;
};

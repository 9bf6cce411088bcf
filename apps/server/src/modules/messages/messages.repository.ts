import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { memberMessages } from './messages.tables';

export type NewMemberMessage = typeof memberMessages.$inferInsert;
export type MemberMessageRow = typeof memberMessages.$inferSelect;

export const insertMessage = async (executor: Executor, message: NewMemberMessage): Promise<bigint> => {
  const [row] = await executor.insert(memberMessages).values(message).returning({ id: memberMessages.id });
  if (!row) throw new Error('member_messages insert returned no row');
  return row.id;
};

const visible = (memberId: bigint) =>
  and(eq(memberMessages.memberId, memberId), isNull(memberMessages.deletedAt));

export const listMessages = (executor: Executor, memberId: bigint, limit: number, offset: number) =>
  executor
    .select()
    .from(memberMessages)
    .where(visible(memberId))
    .orderBy(desc(memberMessages.id))
    .limit(limit)
    .offset(offset);

export const countMessages = async (executor: Executor, memberId: bigint, unreadOnly: boolean) => {
  const [row] = await executor
    .select({ total: count() })
    .from(memberMessages)
    .where(unreadOnly ? and(visible(memberId), isNull(memberMessages.readAt)) : visible(memberId));
  return row?.total ?? 0;
};

/** Marks the member's unread messages read: those with the given ids, or all of them. Answers how many. */
export const markMessagesRead = async (executor: Executor, memberId: bigint, ids: bigint[] | 'all') => {
  const rows = await executor
    .update(memberMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        visible(memberId),
        isNull(memberMessages.readAt),
        ids === 'all' ? undefined : inArray(memberMessages.id, ids),
      ),
    )
    .returning({ id: memberMessages.id });
  return rows.length;
};

/** Hides the member's messages with the given ids (kept for the record, never shown again). */
export const deleteMessages = async (executor: Executor, memberId: bigint, ids: bigint[]) => {
  const rows = await executor
    .update(memberMessages)
    .set({ deletedAt: new Date() })
    .where(and(visible(memberId), inArray(memberMessages.id, ids)))
    .returning({ id: memberMessages.id });
  return rows.length;
};

export const findLatestUnread = async (executor: Executor, memberId: bigint) => {
  const [row] = await executor
    .select()
    .from(memberMessages)
    .where(and(visible(memberId), isNull(memberMessages.readAt)))
    .orderBy(desc(memberMessages.id))
    .limit(1);
  return row;
};

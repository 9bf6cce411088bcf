import { and, asc, count, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { chatCannedReplies, chatConversations, chatMessages } from './live-chat.tables';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type CannedReplyRow = typeof chatCannedReplies.$inferSelect;

const isCurrent = sql`${chatConversations.status} <> 'closed'`;

/**
 * Opens the member's conversation unless one not closed exists: the partial unique index decides, so requests
 * at once wait on the first insert and then do nothing. Answers the conversation not closed, locked when asked
 * (a message is added under it).
 */
export const openConversation = async (
  executor: Executor,
  owner: { brandId: bigint; memberId: bigint },
  { lock }: { lock: boolean },
): Promise<{ conversation: ConversationRow; isNew: boolean }> => {
  const [created] = await executor
    .insert(chatConversations)
    .values({ brandId: owner.brandId, memberId: owner.memberId })
    .onConflictDoNothing({ target: chatConversations.memberId, where: isCurrent })
    .returning();
  if (created) return { conversation: created, isNew: true };
  const query = executor
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.memberId, owner.memberId), isCurrent));
  const [current] = lock ? await query.for('update') : await query;
  // Closed between the insert and the read (staff closed it): the caller tries again.
  if (!current) return openConversation(executor, owner, { lock });
  return { conversation: current, isNew: false };
};

/** The member's latest conversation: the one not closed when there is one (it is always the newest). */
export const findLatestConversationOfMember = async (executor: Executor, memberId: bigint) => {
  const [row] = await executor
    .select()
    .from(chatConversations)
    .where(eq(chatConversations.memberId, memberId))
    .orderBy(desc(chatConversations.id))
    .limit(1);
  return row;
};

export const findConversationInBrand = async (
  executor: Executor,
  brandId: bigint,
  id: bigint,
  { lock }: { lock: boolean } = { lock: false },
) => {
  const query = executor
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.brandId, brandId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const updateConversation = async (
  executor: Executor,
  id: bigint,
  patch: Partial<
    Pick<
      ConversationRow,
      'status' | 'assignedStaffId' | 'lastMessageAt' | 'closedAt' | 'memberReadId' | 'staffReadId'
    >
  >,
): Promise<ConversationRow> => {
  const [row] = await executor
    .update(chatConversations)
    .set(patch)
    .where(eq(chatConversations.id, id))
    .returning();
  if (!row) throw new Error(`chat conversation ${id.toString()} vanished`);
  return row;
};

/** Marks the conversation's ticket sent, once: answers whether this call was the one that marked it. */
export const markTicketSent = async (executor: Executor, id: bigint, now: Date): Promise<boolean> => {
  const rows = await executor
    .update(chatConversations)
    .set({ ticketSentAt: now })
    .where(and(eq(chatConversations.id, id), sql`${chatConversations.ticketSentAt} is null`))
    .returning({ id: chatConversations.id });
  return rows.length > 0;
};

/** Marks a ticket answered; true only for the first answer of a conversation that became a ticket. */
export const markTicketAnswered = async (executor: Executor, id: bigint, now: Date): Promise<boolean> => {
  const rows = await executor
    .update(chatConversations)
    .set({ ticketAnsweredAt: now })
    .where(
      and(
        eq(chatConversations.id, id),
        sql`${chatConversations.ticketSentAt} is not null`,
        sql`${chatConversations.ticketAnsweredAt} is null`,
      ),
    )
    .returning({ id: chatConversations.id });
  return rows.length > 0;
};

export const insertMessage = async (
  executor: Executor,
  message: {
    conversationId: bigint;
    sender: 'member' | 'staff' | 'system';
    staffId: bigint | null;
    body: string | null;
    uploadId: string | null;
    createdAt: Date;
  },
): Promise<ChatMessageRow> => {
  const [row] = await executor.insert(chatMessages).values(message).returning();
  if (!row) throw new Error('chat message insert returned no row');
  return row;
};

/** A page of messages, newest `limit` before `before` (all when absent); one more tells whether older exist. */
export const listMessages = async (
  executor: Executor,
  conversationId: bigint,
  page: { before: bigint | undefined; limit: number },
): Promise<{ messages: ChatMessageRow[]; hasOlder: boolean }> => {
  const rows = await executor
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversationId),
        page.before === undefined ? undefined : lt(chatMessages.id, page.before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(page.limit + 1);
  return { messages: rows.slice(0, page.limit).reverse(), hasOlder: rows.length > page.limit };
};

/**
 * Moves one side's read mark to `messageId` when it is a message of the conversation and later than the mark;
 * answers the mark after the call.
 */
export const moveReadMark = async (
  executor: Executor,
  conversationId: bigint,
  side: 'member' | 'staff',
  messageId: bigint,
): Promise<bigint> => {
  const column = side === 'member' ? chatConversations.memberReadId : chatConversations.staffReadId;
  const [row] = await executor
    .update(chatConversations)
    .set(side === 'member' ? { memberReadId: messageId } : { staffReadId: messageId })
    .where(
      and(
        eq(chatConversations.id, conversationId),
        lt(column, messageId),
        sql`exists (select 1 from ${chatMessages} where ${chatMessages.id} = ${messageId}
          and ${chatMessages.conversationId} = ${conversationId})`,
      ),
    )
    .returning({ mark: column });
  if (row) return row.mark;
  const [current] = await executor
    .select({ mark: column })
    .from(chatConversations)
    .where(eq(chatConversations.id, conversationId));
  return current?.mark ?? 0n;
};

export type QueueFilter = {
  brandId: bigint;
  status: 'waiting' | 'open' | 'closed' | undefined;
  assignedStaffId: bigint | 'unassigned' | undefined;
};

const queueConditions = (filter: QueueFilter) =>
  and(
    eq(chatConversations.brandId, filter.brandId),
    filter.status === undefined
      ? ne(chatConversations.status, 'closed')
      : eq(chatConversations.status, filter.status),
    filter.assignedStaffId === undefined
      ? undefined
      : filter.assignedStaffId === 'unassigned'
        ? sql`${chatConversations.assignedStaffId} is null`
        : eq(chatConversations.assignedStaffId, filter.assignedStaffId),
  );

/**
 * The staff's queue: waiting conversations first, oldest first; each with its last message and the member
 * messages after the staff's read mark.
 */
export const listQueue = async (
  executor: Executor,
  filter: QueueFilter,
  page: { limit: number; offset: number },
) => {
  const unread = sql<number>`(select count(*)::int from ${chatMessages}
    where ${chatMessages.conversationId} = ${chatConversations.id}
      and ${chatMessages.sender} = 'member' and ${chatMessages.id} > ${chatConversations.staffReadId})`.mapWith(
    Number,
  );
  const lastMessageId = sql<bigint | null>`(select max(${chatMessages.id}) from ${chatMessages}
    where ${chatMessages.conversationId} = ${chatConversations.id})`.mapWith((value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
      ? BigInt(value)
      : null,
  );
  const rows = await executor
    .select({ conversation: chatConversations, unreadCount: unread, lastMessageId })
    .from(chatConversations)
    .where(queueConditions(filter))
    .orderBy(
      sql`${chatConversations.status} <> 'waiting'`,
      asc(chatConversations.createdAt),
      asc(chatConversations.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.flatMap((row) => (row.lastMessageId === null ? [] : [row.lastMessageId]));
  const lastMessages =
    ids.length === 0 ? [] : await executor.select().from(chatMessages).where(inArray(chatMessages.id, ids));
  const byId = new Map(lastMessages.map((message) => [message.id, message]));
  return rows.map((row) => ({
    conversation: row.conversation,
    unreadCount: row.unreadCount,
    lastMessage: row.lastMessageId === null ? null : (byId.get(row.lastMessageId) ?? null),
  }));
};

export const countQueue = async (executor: Executor, filter: QueueFilter): Promise<number> => {
  const [row] = await executor
    .select({ total: count() })
    .from(chatConversations)
    .where(queueConditions(filter));
  return row?.total ?? 0;
};

/** Which of these uploads are a chat message's image (the upload purge keeps them). */
export const listReferencedUploads = async (executor: Executor, ids: readonly string[]): Promise<string[]> =>
  ids.length === 0
    ? []
    : (
        await executor
          .selectDistinct({ uploadId: chatMessages.uploadId })
          .from(chatMessages)
          .where(inArray(chatMessages.uploadId, [...ids]))
      ).flatMap((row) => (row.uploadId === null ? [] : [row.uploadId]));

/** Whether the upload is a message's image in a conversation of the brand (and of the member, when named). */
export const isConversationImage = async (
  executor: Executor,
  uploadId: string,
  scope: { brandId: bigint; memberId?: bigint },
): Promise<boolean> => {
  const [row] = await executor
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(
      and(
        eq(chatMessages.uploadId, uploadId),
        eq(chatConversations.brandId, scope.brandId),
        scope.memberId === undefined ? undefined : eq(chatConversations.memberId, scope.memberId),
      ),
    )
    .limit(1);
  return row !== undefined;
};

export const listCannedReplies = (executor: Executor, brandId: bigint) =>
  executor
    .select()
    .from(chatCannedReplies)
    .where(eq(chatCannedReplies.brandId, brandId))
    .orderBy(asc(chatCannedReplies.title), asc(chatCannedReplies.id));

export const insertCannedReply = async (
  executor: Executor,
  reply: { brandId: bigint; title: string; body: string },
): Promise<CannedReplyRow> => {
  const [row] = await executor.insert(chatCannedReplies).values(reply).returning();
  if (!row) throw new Error('canned reply insert returned no row');
  return row;
};

export const deleteCannedReply = async (executor: Executor, brandId: bigint, id: bigint) => {
  const [row] = await executor
    .delete(chatCannedReplies)
    .where(and(eq(chatCannedReplies.id, id), eq(chatCannedReplies.brandId, brandId)))
    .returning();
  return row;
};

import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff } from '../backoffice/backoffice.tables';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { uploads } from '../uploads/uploads.tables';

/**
 * A member's conversation with the brand's support: 'waiting' until a staff member takes it, 'open' while
 * assigned, 'closed' at the end. At most one not closed per member (partial unique index), so opening it is an
 * insert that does nothing when one exists, whatever the number of requests at once.
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    status: text('status').notNull().default('waiting'),
    assignedStaffId: bigint('assigned_staff_id', { mode: 'bigint' }).references(() => staff.id),
    /** The last message id each side has read (0: none); only ever moved forward. */
    memberReadId: bigint('member_read_id', { mode: 'bigint' }).notNull().default(0n),
    staffReadId: bigint('staff_read_id', { mode: 'bigint' }).notNull().default(0n),
    /** When the member's inbox was told support will answer (no staff online); once per conversation. */
    ticketSentAt: timestamp('ticket_sent_at', { withTimezone: true }),
    /** When support's first written answer after that went to the member's inbox too; once per conversation. */
    ticketAnsweredAt: timestamp('ticket_answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    check('chat_conversations_status', sql`${table.status} in ('waiting', 'open', 'closed')`),
    uniqueIndex('chat_conversations_one_current')
      .on(table.memberId)
      .where(sql`${table.status} <> 'closed'`),
    index('chat_conversations_member_idx').on(table.memberId, table.id),
    index('chat_conversations_queue_idx').on(table.brandId, table.status, table.createdAt),
  ],
);

/** A conversation's messages; the identity is their order. A body, an image, or both. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: bigint('conversation_id', { mode: 'bigint' })
      .notNull()
      .references(() => chatConversations.id),
    sender: text('sender').notNull(),
    staffId: bigint('staff_id', { mode: 'bigint' }).references(() => staff.id),
    body: text('body'),
    uploadId: uuid('upload_id').references(() => uploads.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('chat_messages_sender', sql`${table.sender} in ('member', 'staff', 'system')`),
    check('chat_messages_content', sql`num_nonnulls(${table.body}, ${table.uploadId}) > 0`),
    check('chat_messages_staff', sql`(${table.sender} = 'staff') = (${table.staffId} is not null)`),
    index('chat_messages_conversation_idx').on(table.conversationId, table.id),
    index('chat_messages_upload_idx')
      .on(table.uploadId)
      .where(sql`${table.uploadId} is not null`),
  ],
);

/** A brand's ready-made answers staff insert into a reply. */
export const chatCannedReplies = pgTable(
  'chat_canned_replies',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_canned_replies_brand_idx').on(table.brandId, table.id)],
);

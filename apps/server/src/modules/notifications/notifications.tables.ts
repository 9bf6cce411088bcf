import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from '../site/site.tables';

/**
 * Every SMS and email the platform sends. With the development provider (the default) this table is the
 * delivery: operators, developers and tests read messages here.
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbound_messages_recipient_idx').on(
      table.brandId,
      table.channel,
      table.recipient,
      table.createdAt,
    ),
  ],
);

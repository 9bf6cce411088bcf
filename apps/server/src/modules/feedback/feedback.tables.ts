import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { uploads } from '../uploads/uploads.tables';

/** What a member told the operator (spec: feedback and complaints), read by staff in the back office. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('feedback_brand_idx').on(table.brandId, table.id)],
);

/** The images attached to a feedback, in the order the member attached them (uploads of purpose feedback). */
export const feedbackImages = pgTable(
  'feedback_images',
  {
    feedbackId: bigint('feedback_id', { mode: 'bigint' })
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.feedbackId, table.uploadId] })],
);

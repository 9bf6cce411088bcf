import { bigint, integer, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/** An uploaded proof image; the bytes live in DATA_DIR/uploads/<id>, outside anything the web server serves. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_member_idx').on(table.memberId, table.createdAt)],
);

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from '../backoffice/backoffice.tables';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/**
 * An uploaded image (a member's proof or feedback image, a staff member's promotion picture); the bytes live
 * in DATA_DIR/uploads/<id>, outside anything the web server serves. Exactly one owner: a member or staff.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => members.id),
    staffId: bigint('staff_id', { mode: 'bigint' }).references(() => staff.id),
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the orphan purge found something referring to the upload (a deposit, a dispute, a feedback): it is
     * kept from then on and not looked at again. Null: not checked yet, or still within its grace period.
     */
    keptAt: timestamp('kept_at', { withTimezone: true }),
  },
  (table) => [
    index('uploads_member_idx').on(table.memberId, table.createdAt),
    index('uploads_staff_idx').on(table.staffId, table.createdAt),
    check('uploads_one_owner', sql`num_nonnulls(${table.memberId}, ${table.staffId}) = 1`),
    index('uploads_unchecked_idx')
      .on(table.createdAt)
      .where(sql`${table.keptAt} is null`),
  ],
);

import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/**
 * The links of password resets by email: only the SHA-256 of each link's 256-bit token is stored. A token is
 * spent once (used_at), lapses at expires_at, and asking for a reset changes nothing else: the password stays
 * until the member follows the link and sets a new one.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('password_reset_tokens_member_idx').on(table.memberId),
    index('password_reset_tokens_expires_idx').on(table.expiresAt),
  ],
);

import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/**
 * A member's own invite code (referral): given on first use, unique per brand, never changed. A friend who
 * registers with it (members.referral_code) is the member's invitee. Kept apart from the agents' affiliate
 * codes, which place a member under an agent; an invite code only earns the referral promotion's reward.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => members.id),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('referral_codes_brand_code_key').on(table.brandId, table.code)],
);

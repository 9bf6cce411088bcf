import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';

/**
 * How much a member must still bet (valid bets) before withdrawing, per currency. Deposits and bonuses raise
 * it, valid bets lower it, never below zero.
 */
export const turnoverRequirements = pgTable(
  'turnover_requirements',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    remaining: bigint('remaining', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.currency] }),
    check('turnover_requirements_remaining_check', sql`${table.remaining} >= 0`),
  ],
);

/** Every change of a requirement, once per reference: the history behind `remaining`. */
export const turnoverEvents = pgTable(
  'turnover_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    /**
     * 'deposit', 'bonus', 'adjustment' and 'transfer_in' (a share of the sender's requirement that came with
     * a transfer) and 'bet_reversal' (a counted bet refunded later) raise the requirement; 'bet' and
     * 'transfer_out' lower it.
     */
    source: text('source').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    remainingAfter: bigint('remaining_after', { mode: 'bigint' }).notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('turnover_events_reference_key').on(table.memberId, table.source, table.reference),
    index('turnover_events_member_idx').on(table.memberId, table.id),
  ],
);

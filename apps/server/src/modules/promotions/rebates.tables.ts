import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { promotions } from './promotions.tables';

/**
 * A member's rebate of one day (cut in the brand's time zone) on one product line: the day's valid bet from
 * settled rounds and the rebate at the promotion's rate (minor units, rounded down). Written set-based by the
 * accrual statement and rewritten while the day is still open (manual rebate counts today so far).
 */
export const rebateAccruals = pgTable(
  'rebate_accruals',
  {
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    productLine: text('product_line').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.promotionId, table.memberId, table.day, table.productLine] })],
);

/**
 * A member's rebate of one day: the lines' sum within the daily cap (`amount`) and how much of it has been
 * paid (`paid_amount`). Paying moves `paid_amount` up to `amount` in the same transaction as the ledger
 * posting, with a conditional update, so a second run or a second instance finds nothing left to pay.
 */
export const rebateDays = pgTable(
  'rebate_days',
  {
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paidAmount: bigint('paid_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.promotionId, table.memberId, table.day] }),
    // What is left to pay, found without reading the paid days (the auto job and the member's claim).
    index('rebate_days_unpaid_idx')
      .on(table.promotionId, table.day, table.memberId)
      .where(sql`${table.amount} > ${table.paidAmount}`),
    index('rebate_days_member_idx').on(table.memberId, table.day),
    check(
      'rebate_days_amount_check',
      sql`${table.paidAmount} >= 0 and ${table.paidAmount} <= ${table.amount}`,
    ),
  ],
);

/** A member's manual rebate claim: what it paid and for which days, under ledger key `rebate-claim:<id>`. */
export const rebateClaims = pgTable(
  'rebate_claims',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** Days paid and their amounts (`{ "2026-11-26": "1250" }`), for the member's history. */
    days: jsonb('days').$type<Record<string, string>>().notNull(),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rebate_claims_member_idx').on(table.memberId, table.id),
    check('rebate_claims_amount_check', sql`${table.amount} > 0`),
  ],
);

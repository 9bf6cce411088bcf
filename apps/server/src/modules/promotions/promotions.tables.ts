import type { PromotionConfig, PromotionEligibility } from '@wps/contracts/promotions';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { uploads } from '../uploads/uploads.tables';

/** A promotion's words in one language; `terms` is HTML sanitised before it is stored. */
export type PromotionContent = { title: string; summary: string; terms: string };

/**
 * A promotion the operator runs on one brand. `config` holds what its kind gives (`promotionConfigSchema`;
 * amounts as decimal strings in the brand's currency, jsonb has no int8). Which kind it is never changes.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    kind: text('kind').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull().default('draft'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    content: jsonb('content').$type<{ en: PromotionContent; ur?: PromotionContent }>().notNull(),
    imageUploadId: uuid('image_upload_id').references(() => uploads.id),
    claimLimit: integer('claim_limit').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    turnoverPercent: integer('turnover_percent').notNull().default(100),
    eligibility: jsonb('eligibility').$type<PromotionEligibility>().notNull(),
    config: jsonb('config').$type<PromotionConfig>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('promotions_brand_idx').on(table.brandId, table.status, table.sortOrder),
    check('promotions_kind_check', sql`${table.config}->>'kind' = ${table.kind}`),
  ],
);

/**
 * One row per claim of a promotion by a member, numbered from 1. A claim takes the next number; the primary
 * key refuses a second claim of the same number, so concurrent claims cannot exceed the promotion's limit.
 * `reference` says what the claim paid (a bonus, a reward, a packet).
 */
export const promotionClaims = pgTable(
  'promotion_claims',
  {
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    sequence: integer('sequence').notNull(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.promotionId, table.memberId, table.sequence] })],
);

/**
 * A wagering bonus: money in the member's bonus balance (ledger kind `member_bonus`) that becomes cash once
 * `wagering_done` reaches `wagering_required`. At most one is active per member and currency (the partial
 * unique index); `reference` makes a grant idempotent (`deposit:42`, `signup`, `grant:<staff request>`).
 * Amounts in minor units.
 */
export const memberBonuses = pgTable(
  'member_bonuses',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' }).references(() => promotions.id),
    reference: text('reference').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('active'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    wageringRequired: bigint('wagering_required', { mode: 'bigint' }).notNull(),
    wageringDone: bigint('wagering_done', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Percent per product line (`wageringProductLines`); a line not named counts 0. */
    contributions: jsonb('contributions').$type<Record<string, number>>().notNull(),
    /** 0: no limit. */
    maxStake: bigint('max_stake', { mode: 'bigint' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Cash it became (completed) or what returned to the house (expired, forfeited). */
    settledAmount: bigint('settled_amount', { mode: 'bigint' }),
    grantTransactionId: bigint('grant_transaction_id', { mode: 'bigint' }).notNull(),
    settleTransactionId: bigint('settle_transaction_id', { mode: 'bigint' }),
  },
  (table) => [
    uniqueIndex('member_bonuses_reference_key').on(table.memberId, table.reference),
    uniqueIndex('member_bonuses_active_key')
      .on(table.memberId, table.currency)
      .where(sql`${table.status} = 'active'`),
    index('member_bonuses_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'active'`),
    index('member_bonuses_member_idx').on(table.memberId, table.id),
    check(
      'member_bonuses_wagering_check',
      sql`${table.wageringDone} >= 0 and ${table.wageringRequired} >= 0`,
    ),
  ],
);

/**
 * A reward waiting in the member's reward centre (rebate, cashback, red envelope, raffle prize, referral,
 * mission, VIP), paid to cash when claimed with `turnover_required` added to the member's turnover. `reference`
 * is unique per member and source, so whatever earns a reward earns it once (`rebate:2026-11-26`).
 */
export const memberRewards = pgTable(
  'member_rewards',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    currency: text('currency').notNull(),
    source: text('source').notNull(),
    promotionId: bigint('promotion_id', { mode: 'bigint' }).references(() => promotions.id),
    reference: text('reference').notNull(),
    title: text('title').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    turnoverRequired: bigint('turnover_required', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    status: text('status').notNull().default('claimable'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the member last saw it in the reward centre; null counts in the unread badge. */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'bigint' }),
  },
  (table) => [
    uniqueIndex('member_rewards_reference_key').on(table.memberId, table.source, table.reference),
    index('member_rewards_member_idx').on(table.memberId, table.status, table.id),
    index('member_rewards_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'claimable'`),
    check('member_rewards_amount_check', sql`${table.amount} > 0`),
  ],
);

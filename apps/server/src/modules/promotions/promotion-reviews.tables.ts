import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from '../members/members.tables';
import { brands } from '../site/site.tables';
import { promotions } from './promotions.tables';

/** Why a sign-up claim was held: what the claimant shares with a member who already claimed one. */
export type ClaimReviewReason = { kind: 'address' | 'device' | 'payout_account'; memberId: string };

/**
 * A sign-up bonus claim held for staff instead of paid, because the claimant shares an address or a payout
 * account with another member of the brand who already claimed one. The claim itself (promotion_claims) is
 * taken, so the member cannot claim again; approval pays the bonus once (the grant's reference is the claim's),
 * rejection pays nothing. One review per claim.
 */
export const promotionClaimReviews = pgTable(
  'promotion_claim_reviews',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    brandId: bigint('brand_id', { mode: 'bigint' })
      .notNull()
      .references(() => brands.id),
    promotionId: bigint('promotion_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotions.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => members.id),
    /** The claim's sequence in promotion_claims. */
    sequence: integer('sequence').notNull(),
    reasons: jsonb('reasons').$type<ClaimReviewReason[]>().notNull(),
    status: text('status').notNull().default('pending'),
    staffId: bigint('staff_id', { mode: 'bigint' }),
    note: text('note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promotion_claim_reviews_claim_key').on(table.promotionId, table.memberId, table.sequence),
    index('promotion_claim_reviews_pending_idx')
      .on(table.brandId, table.id)
      .where(sql`${table.status} = 'pending'`),
    check(
      'promotion_claim_reviews_status_check',
      sql`${table.status} in ('pending', 'approved', 'rejected')`,
    ),
  ],
);

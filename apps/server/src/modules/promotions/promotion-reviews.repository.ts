import { and, desc, eq, sql } from 'drizzle-orm';
import { type Executor, selectRows } from '../../db/database';
import { type ClaimReviewReason, promotionClaimReviews } from './promotion-reviews.tables';

export type ClaimReviewRow = typeof promotionClaimReviews.$inferSelect;

/**
 * Members of the brand who claimed a sign-up bonus and share with `memberId` a registration or last-login
 * address, or a payout account (method and number, removed accounts included). Reads the members' and the
 * payments' published views; starts from the brand's sign-up claimants, a small set, and reaches their rows
 * by key.
 */
export const findSignupLookalikes = async (
  executor: Executor,
  brandId: bigint,
  memberId: bigint,
): Promise<ClaimReviewReason[]> => {
  const rows = await selectRows<{ kind: 'address' | 'payout_account'; member_id: string }>(
    executor,
    sql`
    with claimants as (
      select distinct c.member_id
      from promotion_claims c
      join promotions p on p.id = c.promotion_id
      where p.brand_id = ${brandId}::bigint and p.kind = 'signup' and c.member_id <> ${memberId}::bigint
    ),
    me as (
      select register_ip, last_login_ip from members_addresses where id = ${memberId}::bigint
    )
    select 'address' as kind, m.id::text as member_id
    from claimants s
    join members_addresses m on m.id = s.member_id
    cross join me
    where m.brand_id = ${brandId}::bigint
      and (m.register_ip in (me.register_ip, me.last_login_ip) or m.last_login_ip in (me.register_ip, me.last_login_ip))
    union
    select 'payout_account' as kind, a.member_id::text as member_id
    from claimants s
    join payments_payout_account_numbers a on a.member_id = s.member_id
    where a.brand_id = ${brandId}::bigint
      and (a.method, a.account_number) in (
        select method, account_number from payments_payout_account_numbers where member_id = ${memberId}::bigint
      )
    order by 1, 2`,
  );
  return rows.map((row) => ({ kind: row.kind, memberId: row.member_id }));
};

export const insertClaimReview = async (
  executor: Executor,
  review: {
    brandId: bigint;
    promotionId: bigint;
    memberId: bigint;
    sequence: number;
    reasons: ClaimReviewReason[];
  },
): Promise<ClaimReviewRow> => {
  const [row] = await executor.insert(promotionClaimReviews).values(review).returning();
  if (!row) throw new Error('promotion_claim_reviews insert returned no row');
  return row;
};

/** The reviews of a brand in one status, newest first. */
export const listClaimReviews = (executor: Executor, brandId: bigint, status: string, limit = 200) =>
  executor
    .select()
    .from(promotionClaimReviews)
    .where(and(eq(promotionClaimReviews.brandId, brandId), eq(promotionClaimReviews.status, status)))
    .orderBy(desc(promotionClaimReviews.id))
    .limit(limit);

/** One review of the brand. */
export const findClaimReview = async (
  executor: Executor,
  brandId: bigint,
  id: bigint,
): Promise<ClaimReviewRow | undefined> => {
  const [row] = await executor
    .select()
    .from(promotionClaimReviews)
    .where(and(eq(promotionClaimReviews.brandId, brandId), eq(promotionClaimReviews.id, id)));
  return row;
};

/** One review of the brand, locked so two decisions on it queue and the second sees the first. */
export const lockClaimReview = async (
  executor: Executor,
  brandId: bigint,
  id: bigint,
): Promise<ClaimReviewRow | undefined> => {
  const [row] = await executor
    .select()
    .from(promotionClaimReviews)
    .where(and(eq(promotionClaimReviews.brandId, brandId), eq(promotionClaimReviews.id, id)))
    .for('update');
  return row;
};

export const decideClaimReview = async (
  executor: Executor,
  id: bigint,
  decision: { status: 'approved' | 'rejected'; staffId: bigint; note: string | null; decidedAt: Date },
): Promise<ClaimReviewRow> => {
  const [row] = await executor
    .update(promotionClaimReviews)
    .set(decision)
    .where(eq(promotionClaimReviews.id, id))
    .returning();
  if (!row) throw new Error(`claim review ${id} vanished`);
  return row;
};

/** Whether the member has a claim of the promotion waiting for staff. */
export const hasPendingReview = async (
  executor: Executor,
  promotionId: bigint,
  memberId: bigint,
): Promise<boolean> => {
  const [row] = await executor
    .select({ id: promotionClaimReviews.id })
    .from(promotionClaimReviews)
    .where(
      and(
        eq(promotionClaimReviews.promotionId, promotionId),
        eq(promotionClaimReviews.memberId, memberId),
        eq(promotionClaimReviews.status, 'pending'),
      ),
    )
    .limit(1);
  return row !== undefined;
};

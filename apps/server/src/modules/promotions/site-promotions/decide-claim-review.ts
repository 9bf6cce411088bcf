import type { ClaimReview } from '@wps/contracts/promotions-site';
import { AppError } from '../../../http/app-error';
import { type AuditActor, recordAuditEvent } from '../../audit/audit.service';
import { findPromotion } from '../promotions.repository';
import { decideClaimReview, findClaimReview, lockClaimReview } from '../promotion-reviews.repository';
import { paySignupBonus, prepareSignupGrant } from './claim-promotion';
import { toClaimReviews } from './list-claim-reviews';
import type { SitePromotionDependencies } from './site-promotion-types';

export type ClaimReviewOutcome = 'approve' | 'reject';

/**
 * Staff decide a held sign-up claim, once: approval pays the bonus under the claim's own reference (so it is
 * paid at most once whatever happens), rejection pays nothing. The review row is locked, so two decisions queue
 * and the second finds it decided (ALREADY_PROCESSED). Audited in the same transaction.
 */
export const decideBrandClaimReview = async (
  deps: SitePromotionDependencies,
  staff: AuditActor & { type: 'staff' },
  brand: { id: bigint; currency: string },
  id: bigint,
  outcome: ClaimReviewOutcome,
  note: string | undefined,
): Promise<ClaimReview> => {
  const found = await findClaimReview(deps.db, brand.id, id);
  if (!found) throw new AppError('NOT_FOUND', { message: `No claim review ${id}.` });
  const promotion = await findPromotion(deps.db, found.promotionId);
  if (!promotion) throw new Error(`promotion ${found.promotionId} of review ${id} vanished`);
  // Read before the transaction: converting amounts reads the currencies.
  const grant = outcome === 'approve' ? await prepareSignupGrant(deps, promotion, brand.currency) : null;
  const decided = await deps.db.transaction(async (tx) => {
    const review = await lockClaimReview(tx, brand.id, id);
    if (!review) throw new AppError('NOT_FOUND', { message: `No claim review ${id}.` });
    if (review.status !== 'pending') throw new AppError('ALREADY_PROCESSED');
    if (grant !== null) {
      // Player protection: no bonus while the member is in a time-out or self-exclusion (staff may reject).
      if (await deps.isPlayBlocked(review.memberId, tx)) throw new AppError('PLAYER_EXCLUDED');
      const member = { brandId: brand.id, memberId: review.memberId, currency: brand.currency };
      await paySignupBonus(deps, tx, grant, member, review.sequence);
    }
    const row = await decideClaimReview(tx, id, {
      status: outcome === 'approve' ? 'approved' : 'rejected',
      staffId: BigInt(staff.id),
      note: note ?? null,
      decidedAt: deps.now(),
    });
    await recordAuditEvent(tx, {
      actor: staff,
      action: outcome === 'approve' ? 'promotion.claim_approved' : 'promotion.claim_rejected',
      entityType: 'promotion_claim_review',
      entityId: id.toString(),
      before: { status: review.status },
      after: { status: row.status, note: row.note },
    });
    const [view] = await toClaimReviews(deps, tx, [row]);
    if (!view) throw new Error(`claim review ${id} has no view`);
    return view;
  });
  if (outcome === 'approve') deps.wallet.notifyBalance(BigInt(decided.member.id));
  return decided;
};

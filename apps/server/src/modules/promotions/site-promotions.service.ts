import type { ClaimReviewStatus } from '@wps/contracts/promotions-site';
import { AppError } from '../../http/app-error';
import type { AuditActor } from '../audit/audit.service';
import type { MemberRow } from '../members/members.service';
import type { UploadService } from '../uploads/uploads.service';
import { findPromotion } from './promotions.repository';
import { claimPromotion } from './site-promotions/claim-promotion';
import { type ClaimReviewOutcome, decideBrandClaimReview } from './site-promotions/decide-claim-review';
import { listBrandClaimReviews } from './site-promotions/list-claim-reviews';
import { listSitePromotions, type PromotionViewer } from './site-promotions/list-site-promotions';
import type { SitePromotionDependencies } from './site-promotions/site-promotion-types';

export type { PromotionViewer } from './site-promotions/list-site-promotions';

type Brand = { id: bigint; currency: string };

/**
 * The player's promotions page (the list with each promotion's availability, its image, the sign-up claim) and
 * the operator's reviews of sign-up claims held for looking like a second account.
 */
export const createSitePromotionService = (deps: SitePromotionDependencies & { uploads: UploadService }) => ({
  list: (brandId: bigint, viewer: PromotionViewer) => listSitePromotions(deps, brandId, viewer),
  claim: (brand: Brand, member: MemberRow, promotionId: bigint, ip: string) =>
    claimPromotion(deps, brand, member, promotionId, ip),
  /** The image of a promotion the site may show (not a draft), for anyone. */
  image: async (brandId: bigint, promotionId: bigint) => {
    const promotion = await findPromotion(deps.db, promotionId);
    if (
      !promotion ||
      promotion.brandId !== brandId ||
      promotion.status === 'draft' ||
      !promotion.imageUploadId
    ) {
      throw new AppError('NOT_FOUND');
    }
    return deps.uploads.read(promotion.imageUploadId);
  },
  listReviews: (brandId: bigint, status: ClaimReviewStatus) => listBrandClaimReviews(deps, brandId, status),
  decideReview: (
    staff: AuditActor & { type: 'staff' },
    brand: Brand,
    id: bigint,
    outcome: ClaimReviewOutcome,
    note: string | undefined,
  ) => decideBrandClaimReview(deps, staff, brand, id, outcome, note),
});

export type SitePromotionService = ReturnType<typeof createSitePromotionService>;

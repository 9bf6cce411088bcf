import type { PromotionKind, SitePromotion } from '@wps/contracts/promotions';
import { claimInReviewReason } from '@wps/contracts/promotions-site';
import { apiPrefix } from '../../../platform';
import type { MemberRow } from '../../members/members.service';
import { ineligibilityOf, phaseOf } from '../eligibility/check-eligibility';
import type { PromotionRow } from '../promotions.repository';
import * as promotions from '../promotions.repository';
import { hasPendingReview } from '../promotion-reviews.repository';
import { listShownPromotions } from '../site-promotions.repository';
import { contentIn, type SitePromotionDependencies } from './site-promotion-types';

/** Who looks at the page: a member (their availability) or a guest, in the site's language. */
export type PromotionViewer = {
  member: MemberRow | null;
  /** The language the site asked for; else the member's own; else English. */
  language: string | undefined;
  /** The brand lets members claim their rebate on the manual rebate page (MANPLAYREB3). */
  isManualRebate: boolean;
};

type Availability = SitePromotion['availability'];

/** What a member presses on a promotion of each kind (a guest always logs in first). */
const actionOf = (kind: PromotionKind, isManualRebate: boolean): Availability['action'] => {
  switch (kind) {
    case 'signup':
      return 'claim';
    case 'deposit_match':
      return 'deposit';
    // Their own screens (red envelope, raffle) and member pages (reward centre, referral).
    case 'red_envelope':
    case 'raffle':
    case 'cashback':
    case 'referral':
      return 'open';
    case 'rebate':
      return isManualRebate ? 'open' : 'none';
    case 'granted':
      return 'none';
  }
};

const availabilityOf = async (
  deps: SitePromotionDependencies,
  promotion: PromotionRow,
  viewer: PromotionViewer,
  now: Date,
): Promise<Availability> => {
  const { member } = viewer;
  if (member === null) return { action: 'login', reason: null, claimed: 0 };
  let reason: string | null = await ineligibilityOf(deps.db, promotion, member, now, deps);
  const claimed = await promotions.countClaims(deps.db, promotion.id, member.id);
  if (reason === 'PROMOTION_ALREADY_CLAIMED' && (await hasPendingReview(deps.db, promotion.id, member.id))) {
    reason = claimInReviewReason;
  }
  return { action: actionOf(promotion.kind as PromotionKind, viewer.isManualRebate), reason, claimed };
};

/** Where the site loads a promotion's image; the upload id in the query changes with the image (cacheable). */
export const promotionImageUrl = (promotion: PromotionRow): string | null =>
  promotion.imageUploadId === null
    ? null
    : `${apiPrefix}/promotions/${promotion.id}/image?v=${promotion.imageUploadId}`;

/**
 * The brand's live and coming-soon promotions in the viewer's language (Urdu falls back to English), each with
 * its phase and what the viewer can do with it: a guest logs in; a member claims, deposits, opens its screen
 * or page, or reads why they cannot take part (an error code the site translates). A member in a time-out or
 * self-exclusion is shown none: marketing stops for them.
 */
export const listSitePromotions = async (
  deps: SitePromotionDependencies,
  brandId: bigint,
  viewer: PromotionViewer,
): Promise<{ list: SitePromotion[] }> => {
  if (viewer.member !== null && (await deps.isPlayBlocked(viewer.member.id, deps.db))) return { list: [] };
  const now = deps.now();
  const language = viewer.language ?? viewer.member?.language ?? 'en';
  const rows = await listShownPromotions(deps.db, brandId, now);
  const list: SitePromotion[] = [];
  for (const promotion of rows) {
    const content = contentIn(promotion, language);
    list.push({
      id: promotion.id.toString(),
      kind: promotion.kind as SitePromotion['kind'],
      category: promotion.category as SitePromotion['category'],
      phase: phaseOf(promotion, now),
      startsAt: promotion.startsAt.toISOString(),
      endsAt: promotion.endsAt?.toISOString() ?? null,
      title: content.title,
      summary: content.summary,
      terms: content.terms,
      imageUrl: promotionImageUrl(promotion),
      availability: await availabilityOf(deps, promotion, viewer, now),
    });
  }
  return { list };
};

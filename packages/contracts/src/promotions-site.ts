import { z } from 'zod';
import { successEnvelope } from './envelope';
import { bonusSchema } from './promotions';

/** The player's `/promotions` page and the generic claim (under /wps), and the operator's claim reviews. */

const idSchema = z.string().regex(/^\d{1,18}$/);

export const sitePromotionParamsSchema = z.strictObject({ id: idSchema });

/** The site's language (any case); a language the promotion is not written in falls back to English. */
export const sitePromotionListQuerySchema = z.strictObject({
  language: z.string().trim().min(2).max(10).optional(),
});

/**
 * The site's reason for a sign-up claim held for staff (not an error code: the claim was taken, it is not
 * paid yet). The site shows "Your claim is being reviewed".
 */
export const claimInReviewReason = 'PROMOTION_CLAIM_IN_REVIEW';

/** What a claim did: paid the bonus, or held the claim for staff to review (then `bonus` is null). */
export const promotionClaimSchema = z.object({
  status: z.enum(['paid', 'held']),
  bonus: bonusSchema.nullable(),
});
export type PromotionClaim = z.infer<typeof promotionClaimSchema>;
export const promotionClaimResponseSchema = successEnvelope(promotionClaimSchema);

export const claimReviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type ClaimReviewStatus = (typeof claimReviewStatuses)[number];

/** What the claimant shares with a member who already claimed a sign-up bonus. */
export const claimReviewReasonSchema = z.object({
  kind: z.enum(['address', 'device', 'payout_account']),
  memberId: z.string(),
  username: z.string(),
});

export const claimReviewSchema = z.object({
  id: z.string(),
  promotionId: z.string(),
  promotionTitle: z.string(),
  member: z.object({ id: z.string(), username: z.string() }),
  reasons: z.array(claimReviewReasonSchema),
  status: z.enum(claimReviewStatuses),
  staffId: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ClaimReview = z.infer<typeof claimReviewSchema>;

export const claimReviewListQuerySchema = z.strictObject({
  status: z.enum(claimReviewStatuses).default('pending'),
});
export const claimReviewParamsSchema = z.strictObject({ id: idSchema });
export const claimReviewDecisionSchema = z.strictObject({ note: z.string().trim().max(500).optional() });
export type ClaimReviewDecision = z.infer<typeof claimReviewDecisionSchema>;

export const claimReviewListResponseSchema = successEnvelope(z.object({ list: z.array(claimReviewSchema) }));
export const claimReviewResponseSchema = successEnvelope(claimReviewSchema);

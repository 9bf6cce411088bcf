import { z } from 'zod';
import { successEnvelope } from './envelope';
import { bonusSchema, promotionKinds, promotionStatuses } from './promotions';
import { amountSchema, requestIdSchema } from './wallet';

/** The operator's calls on promotions and on a member's bonuses (under /wps/backoffice/promotions). */

const idSchema = z.string().regex(/^\d{1,18}$/);

export const promotionParamsSchema = z.strictObject({ id: idSchema });

export const promotionListQuerySchema = z.strictObject({
  kind: z.enum(promotionKinds).optional(),
  status: z.enum(promotionStatuses).optional(),
});

/**
 * A status change: publish (a draft goes live; with a future start it is scheduled and shows as coming soon),
 * pause (live → paused), resume (paused → live), end (for good: an ended promotion never changes again).
 */
export const promotionStatusActions = ['publish', 'pause', 'resume', 'end'] as const;
export type PromotionStatusAction = (typeof promotionStatusActions)[number];
export const promotionStatusRequestSchema = z.strictObject({ action: z.enum(promotionStatusActions) });

export const memberBonusParamsSchema = z.strictObject({ username: z.string().min(1).max(64) });

/** Staff grant a member a bonus under a promotion of kind `granted` (its wagering rules apply). */
export const grantBonusRequestSchema = z.strictObject({
  promotionId: idSchema,
  amount: amountSchema,
  reason: z.string().trim().min(1).max(500),
  /** One per submission: a retry answers the first grant. */
  requestId: requestIdSchema,
});
export type GrantBonusRequest = z.infer<typeof grantBonusRequestSchema>;

/** Staff end the member's active bonus; what is left of it returns to the house. */
export const forfeitBonusRequestSchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type ForfeitBonusRequest = z.infer<typeof forfeitBonusRequestSchema>;

export const memberBonusResponseSchema = successEnvelope(bonusSchema);
export const memberBonusesResponseSchema = successEnvelope(
  z.object({
    member: z.object({ id: z.string(), username: z.string() }),
    active: bonusSchema.nullable(),
    history: z.array(bonusSchema),
  }),
);
export type MemberBonuses = z.infer<typeof memberBonusesResponseSchema>['value'];

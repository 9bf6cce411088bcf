import { z } from 'zod';
import { successEnvelope } from './envelope';
import { rewardSchema } from './promotions';

/** The reward centre's history page (claimable rewards always come whole, first). */
export const rewardListQuerySchema = z.strictObject({
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type RewardListQuery = z.infer<typeof rewardListQuerySchema>;

export const rewardListSchema = z.object({
  /** What the member can claim now, soonest expiry first. */
  claimable: z.array(rewardSchema),
  /** Their sum, in the brand's currency. */
  claimableTotal: z.string(),
  /** Claimed and expired rewards, newest first, one page. */
  history: z.array(rewardSchema),
  totalPages: z.number().int(),
});
export type RewardList = z.infer<typeof rewardListSchema>;
export const rewardListResponseSchema = successEnvelope(rewardListSchema);

export const rewardIdParamsSchema = z.strictObject({ id: z.string().regex(/^\d{1,18}$/) });

export const rewardClaimResponseSchema = successEnvelope(rewardSchema);

/** Claim-all: the rewards it paid and their sum. */
export const rewardClaimAllResponseSchema = successEnvelope(
  z.object({ claimed: z.array(rewardSchema), total: z.string() }),
);

/** Claimable rewards the member has not seen in the reward centre yet (the badge). */
export const rewardUnreadResponseSchema = successEnvelope(z.object({ count: z.number().int() }));

/** A friend the member invited; the name is masked (the member sees progress, not who plays what). */
export const referralInviteeSchema = z.object({
  username: z.string(),
  registeredAt: z.string(),
  deposited: z.string(),
  validBet: z.string(),
  qualified: z.boolean(),
});
export type ReferralInvitee = z.infer<typeof referralInviteeSchema>;

/** The brand's referral rules (from its live referral promotion), amounts in the brand's currency. */
export const referralRulesSchema = z.object({
  promotionId: z.string(),
  title: z.string(),
  terms: z.string(),
  inviteeDeposit: z.string(),
  inviteeValidBet: z.string(),
  reward: z.string(),
});
export type ReferralRules = z.infer<typeof referralRulesSchema>;

export const referralSchema = z.object({
  code: z.string(),
  /** The brand's sign-up page with the code filled in. */
  link: z.string(),
  /** Null when the brand runs no referral promotion now. */
  rules: referralRulesSchema.nullable(),
  invitees: z.array(referralInviteeSchema),
  /** Referral rewards earned (claimable or claimed) and their sum. */
  rewardCount: z.number().int(),
  rewardsEarned: z.string(),
});
export type Referral = z.infer<typeof referralSchema>;
export const referralResponseSchema = successEnvelope(referralSchema);

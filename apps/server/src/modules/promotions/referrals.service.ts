import { getReferral } from './referrals/get-referral';
import { qualifyReferrals } from './referrals/qualify-invitees';
import type { ReferralDependencies } from './referrals/referral-types';

export { qualifyReferralsJobName } from './referrals/qualify-invitees';

/**
 * Referral (invite friends): each member's invite code and link, their invitees' progress, and one claimable
 * reward in the reward centre per invitee who meets the brand's live referral promotion's thresholds.
 */
export const createReferralService = (deps: ReferralDependencies) => ({
  get: (
    member: { id: bigint; brandId: bigint; language: string | null },
    context: { currency: string; siteOrigin: string },
  ) => getReferral(deps, member, context),
  qualify: () => qualifyReferrals(deps),
});

export type ReferralService = ReturnType<typeof createReferralService>;

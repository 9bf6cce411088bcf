import type { ErrorCode } from '@wps/contracts/errors';
import { isAgentType, isTrialType } from '@wps/contracts/auth';
import type { Executor } from '../../../db/database';
import type { PlayBlockSource } from '../../members/members.service';
import { lookupCountry } from '../../site/site.service';
import * as repository from '../promotions.repository';
import type { PromotionRow } from '../promotions.repository';

/** Who asks: the member fields eligibility reads. */
export type Claimant = {
  id: bigint;
  type: number;
  status: string;
  registerIp: string | null;
  /** The member's VIP level when the caller knows it; otherwise it is read (`VipRankSource`). */
  vipLevel?: number;
};

/**
 * A member's VIP rank. VIP levels are the loyalty module's, registered after promotions, so the module hands over
 * how to read them at start (`provideVipRank`); until then every member is rank 0.
 */
export type VipRankSource = (executor: Executor, memberId: bigint) => Promise<number>;

export type { PlayBlockSource } from '../../members/members.service';

/**
 * What eligibility reads beyond the member row: their VIP rank, and whether player protection refuses their play
 * now (a time-out or a self-exclusion stops every offer; the protection module's answer).
 */
export type EligibilitySources = { vipRank: VipRankSource; isPlayBlocked: PlayBlockSource };

/** Where a promotion stands at `now`: before its start, running, or over (ended, paused or draft). */
export const phaseOf = (promotion: PromotionRow, now: Date): 'coming_soon' | 'open' | 'closed' => {
  if (promotion.status !== 'live') return 'closed';
  if (promotion.startsAt > now) return 'coming_soon';
  if (promotion.endsAt !== null && promotion.endsAt <= now) return 'closed';
  return 'open';
};

/**
 * Why `member` may not take part in `promotion` now, as an error code, or null when they may. Checks the
 * promotion's phase, the member (real, active, not in a time-out or self-exclusion: PLAYER_EXCLUDED), its
 * exclusions (agents, VIP levels, the country the member registered from) and the member's claims against its
 * limit.
 */
export const ineligibilityOf = async (
  executor: Executor,
  promotion: PromotionRow,
  member: Claimant,
  now: Date,
  { vipRank, isPlayBlocked }: EligibilitySources,
): Promise<ErrorCode | null> => {
  if (phaseOf(promotion, now) !== 'open') return 'PROMOTION_NOT_AVAILABLE';
  if (isTrialType(member.type)) return 'TRIAL_NOT_ALLOWED';
  if (member.status !== 'active') return 'PROMOTION_NOT_ELIGIBLE';
  if (await isPlayBlocked(member.id, executor)) return 'PLAYER_EXCLUDED';
  const { eligibility } = promotion;
  if (eligibility.excludeAgents && isAgentType(member.type)) return 'PROMOTION_NOT_ELIGIBLE';
  if (eligibility.vipLevels.length > 0) {
    const rank = member.vipLevel ?? (await vipRank(executor, member.id));
    if (!eligibility.vipLevels.includes(rank)) return 'PROMOTION_NOT_ELIGIBLE';
  }
  if (eligibility.excludedCountries.length > 0 && member.registerIp !== null) {
    const country = lookupCountry(member.registerIp);
    if (country !== null && eligibility.excludedCountries.includes(country)) return 'PROMOTION_NOT_ELIGIBLE';
  }
  if (promotion.claimLimit > 0) {
    const claims = await repository.countClaims(executor, promotion.id, member.id);
    if (claims >= promotion.claimLimit) return 'PROMOTION_ALREADY_CLAIMED';
  }
  return null;
};

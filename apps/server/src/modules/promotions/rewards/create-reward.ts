import type { Executor } from '../../../db/database';
import * as repository from '../rewards.repository';
import type { RewardRow } from '../rewards.repository';
import type { NewRewardRequest, RewardDependencies } from './reward-types';

/** Rewards wait this long to be claimed unless their creator says otherwise (design: 7 days). */
export const defaultRewardLifetimeMs = 7 * 86_400_000;

/**
 * Puts a claimable reward in the member's reward centre, in the caller's transaction, once per member, source
 * and reference (the unique index decides, so concurrent creators make one). Answers the new reward, or
 * undefined when that reference was created before. No money moves until the member claims it.
 */
export const createReward = async (
  deps: Pick<RewardDependencies, 'now'>,
  tx: Executor,
  request: NewRewardRequest,
): Promise<RewardRow | undefined> => {
  if (request.amount <= 0n) throw new RangeError('A reward is a positive amount');
  if (request.turnoverRequired < 0n) throw new RangeError('A turnover requirement is not negative');
  const now = deps.now();
  return repository.insertReward(tx, {
    brandId: request.brandId,
    memberId: request.memberId,
    currency: request.currency,
    source: request.source,
    promotionId: request.promotionId,
    reference: request.reference,
    title: request.title,
    amount: request.amount,
    turnoverRequired: request.turnoverRequired,
    status: 'claimable',
    createdAt: now,
    expiresAt:
      request.expiresAt === undefined ? new Date(now.getTime() + defaultRewardLifetimeMs) : request.expiresAt,
  });
};

import * as repository from '../rewards.repository';
import type { RewardDependencies } from './reward-types';

export const expireRewardsJobName = 'promotions.expire-rewards';
const batchSize = 500;

/**
 * Marks claimable rewards past their expiry expired, in batches. Nothing moves (the money never left the
 * house); a claim holding a row is skipped and refuses it itself, so two runs at once change each row once.
 */
export const expireRewards = async (deps: Pick<RewardDependencies, 'db' | 'now'>): Promise<number> => {
  let expired = 0;
  for (;;) {
    const changed = await repository.expireRewards(deps.db, deps.now(), batchSize);
    expired += changed;
    if (changed < batchSize) return expired;
  }
};
